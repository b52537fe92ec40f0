// The seats a signed-in account holds, seen from another device: a table in the lobby's lists with a seat of the
// account (its `kind` "player" under the account's name: account names are unique, and a guest's seat is "guest")
// gets *Resume*, which asks the server for a fresh token of that seat (POST /tables/{id}/my-seat, by the session)
// and opens it as this browser's own seat.

import { api, rememberSeat } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';

/** The seat ``account`` holds at ``table`` (a GET /tables entry), or null. */
export function accountSeat(table, account) {
  if (!account || !Array.isArray(table.players)) return null;
  const held = table.players.find((p) => p.kind === 'player' && p.name === account.name);
  return held ? held.seat : null;
}

/** *Resume* for the account's seat at ``table``; ``failed(error)`` says why it could not be opened. */
export function resumeButton(table, account, failed) {
  const seat = accountSeat(table, account);
  if (seat === null || table.status === 'finished' || table.status === 'expired') return null;
  return h('button', { type: 'button', class: 'primary account-resume', dataset: { seat: String(seat) },
    onclick: async (event) => {
      const button = event.currentTarget;
      button.disabled = true;
      try {
        const answer = await api.mySeat(table.id);
        rememberSeat({ token: answer.token, table: table.id, seat: answer.seat, name: account.name, game: table.game });
        location.href = `/play#token=${encodeURIComponent(answer.token)}`;
      } catch (error) {
        button.disabled = false;
        failed(error);
      }
    } }, t('lobby.resume'));
}
