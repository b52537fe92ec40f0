// The score pad's games on this device (localStorage): every game under its own key, and a list of them, so several
// games are kept and any can be resumed. A game: {id, sheet (pad_model.js), created, updated, share: {id, key} or
// null}. Written after every entry; nothing leaves the device unless the game is shared.

import { randomId, storageGet, storageSet } from './dom.js';

const INDEX = 'wizardcards.pad.games';
const PREFIX = 'wizardcards.pad.game.';

/** The games kept, newest change first (their ids and what the list shows). */
export function listGames() {
  return storageGet(INDEX, []).map((id) => storageGet(PREFIX + id, null)).filter(Boolean)
    .sort((a, b) => b.updated - a.updated);
}

export function loadGame(id) { return storageGet(PREFIX + id, null); }

export function saveGame(game) {
  game.updated = Date.now();
  storageSet(PREFIX + game.id, game);
  const ids = storageGet(INDEX, []);
  if (!ids.includes(game.id)) storageSet(INDEX, [...ids, game.id]);
  return game;
}

export function newGame(sheet) {
  const now = Date.now();
  return saveGame({ id: randomId('g'), sheet, created: now, updated: now, share: null });
}

export function deleteGame(id) {
  try { localStorage.removeItem(PREFIX + id); } catch (_) { /* private mode */ }
  storageSet(INDEX, storageGet(INDEX, []).filter((other) => other !== id));
}
