// The table page's skeleton and its header: every region's element (ctrl.el, filled by the region's view module),
// the top bar (the game and round, on a phone the *Scores* and *Chat* buttons, the ⋯ menu: speed, keeping the hand's
// summary, language, rules, keys, lobby) and the connection banner.
//
// Regions and their modules: the ring of seats (table_ring.js), the trick and trump (table_trick.js), the turn line
// (table_turn.js), the controls and hint (table_controls.js), the hand (table_hand.js), the side panels (scores,
// chat: table_side.js; the move log: table_moves.js), the end of the game (table_over.js), dialogs and the waiting
// room (table_dialogs.js).

import { fill, h, storageSet } from './dom.js';
import { t } from './i18n.js';
import { languageSwitch } from './language_switch.js';
import { GAME_NAMES, handSizes } from './rules.js';
import { moveList } from './table_moves.js';
import { keepSummary, setKeepSummary, speed, SPEED_KEY } from './table_pace.js';

function topBar(ctrl, el) {
  el.info = h('div', { class: 'game-info', id: 'game-info' }, t('table.connecting'));
  el.scoresButton = h('button', { type: 'button', id: 'btn-scores', class: 'narrow-only',
    onclick: () => ctrl.togglePanel('scores'), 'aria-keyshortcuts': 'V', 'aria-expanded': 'false' }, t('table.scores'));
  el.unread = h('span', { class: 'badge', hidden: true });
  el.chatButton = h('button', { type: 'button', id: 'btn-chat', class: 'narrow-only',
    onclick: () => ctrl.togglePanel('chat'), 'aria-keyshortcuts': 'M', 'aria-expanded': 'false' }, t('table.chat'), el.unread);
  el.speed = h('select', { id: 'speed', onchange: () => storageSet(SPEED_KEY, el.speed.value) },
    h('option', { value: 'normal' }, t('table.speed.normal')), h('option', { value: 'fast' }, t('table.speed.fast')),
    h('option', { value: 'off' }, t('table.speed.off')));
  el.speed.value = speed().name;
  el.keepSummary = h('input', { type: 'checkbox', id: 'keep-summary', checked: keepSummary(),
    onchange: () => setKeepSummary(el.keepSummary.checked) });
  el.logButton = h('button', { type: 'button', id: 'btn-log', class: 'narrow-only',
    onclick: () => ctrl.togglePanel('log'), 'aria-expanded': 'false' }, t('table.log.button'));
  el.menu = h('details', { class: 'menu', id: 'table-menu' },
    h('summary', { 'aria-label': t('table.menu') }, '\u22ef'),
    h('div', { class: 'menu-body' },
      h('label', { for: 'speed' }, t('table.speed.label')), el.speed,
      h('label', { class: 'menu-check', for: 'keep-summary' }, el.keepSummary, ` ${t('table.summary.keep')}`),
      languageSwitch(),
      h('button', { type: 'button', id: 'btn-rules', onclick: () => ctrl.showRules() }, t('table.rules')),
      h('button', { type: 'button', onclick: () => ctrl.showHelp() }, t('table.keys_button')),
      h('a', { href: '/', class: 'button' }, t('table.back_to_lobby'))));
  return h('header', { class: 'topbar' },
    h('a', { href: '/', class: 'brand', 'aria-label': t('table.brand') }, '\u2605'),
    el.info,
    h('nav', { class: 'top-actions', 'aria-label': t('table.nav') }, el.scoresButton, el.logButton, el.chatButton, el.menu));
}

function panel(ctrl, id, titleId, title, ...content) {
  return h('section', { class: `panel ${id}`, id, 'aria-labelledby': titleId },
    h('div', { class: 'panel-head' }, h('h2', { id: titleId }, title),
      h('button', { type: 'button', class: 'narrow-only close', onclick: () => ctrl.togglePanel(null) }, t('table.close'))),
    ...content);
}

/** Build the page into ``root``; returns the screen's element and fills ``ctrl.el``. */
export function buildPage(ctrl, root) {
  const el = ctrl.el = {};
  const top = topBar(ctrl, el);
  el.lastButton = h('button', { type: 'button', id: 'btn-last-trick', class: 'small', onclick: () => ctrl.showLastTrick(),
    'aria-keyshortcuts': 'L', disabled: true }, t('table.last_trick'));
  el.teams = h('div', { class: 'teams', id: 'teams', hidden: true });
  el.seats = h('ol', { class: 'seats', id: 'seats', 'aria-label': t('table.players') });
  el.trump = h('div', { class: 'trump-box', id: 'trump' });
  el.trick = h('div', { class: 'trick', id: 'trick', role: 'group', 'aria-label': t('table.trick_label') });
  el.centreNote = h('div', { class: 'centre-note', id: 'centre-note' });
  el.zone = h('div', { class: 'trick-zone', id: 'trick-zone' }, el.trick, el.centreNote);
  el.ring = h('div', { class: 'ring', id: 'ring' }, el.seats, el.zone, el.trump, el.lastButton);
  el.status = h('p', { class: 'status-line', id: 'status-line' });
  el.timer = h('span', { class: 'timer', id: 'timer', hidden: true });
  el.hintSlot = h('span', { class: 'hint-slot' });
  el.error = h('p', { class: 'error-line', id: 'error-line', role: 'alert' });
  el.controls = h('div', { class: 'controls', id: 'controls' });
  el.hintBox = h('div', { class: 'hint-box', id: 'hint-box', hidden: true, 'aria-live': 'polite' });
  el.hand = h('div', { class: 'hand', id: 'hand', role: 'group', 'aria-label': t('table.hand') });
  el.waiting = h('section', { class: 'waiting-room', id: 'waiting-room', hidden: true, 'aria-live': 'polite' });
  el.summary = h('section', { class: 'summary', id: 'summary', hidden: true, 'aria-labelledby': 'summary-title' });

  el.sheet = h('div', { class: 'sheet-wrap', id: 'sheet' });
  el.chart = h('div', { class: 'chart-wrap', id: 'chart' });
  el.chatLog = h('ol', { class: 'chat-log', id: 'chat-log', role: 'log', 'aria-label': t('table.chat_messages') });
  el.chatInput = h('input', { id: 'chat-input', type: 'text', maxlength: 300, autocomplete: 'off',
    placeholder: t('table.chat_placeholder'), 'aria-label': t('table.chat_message') });
  el.chatForm = h('form', { class: 'chat-form', id: 'chat-form', onsubmit: (event) => { event.preventDefault(); ctrl.sendChat(); } },
    el.chatInput, h('button', { type: 'submit' }, t('table.send')));
  el.scoresPanel = panel(ctrl, 'scores-panel', 'scores-title', t('table.scores'), el.chart, el.sheet);
  el.chatPanel = panel(ctrl, 'chat-panel', 'chat-title', t('table.chat'), el.chatLog, el.chatForm);
  el.moveLog = moveList('move-log');
  el.logPanel = panel(ctrl, 'log-panel', 'log-title', t('table.log.title'), el.moveLog);
  el.side = h('aside', { class: 'side', id: 'side' }, el.scoresPanel, el.logPanel, el.chatPanel);

  el.dialog = h('dialog', { class: 'dialog', id: 'dialog', 'aria-labelledby': 'dialog-title' });

  // the hand sits at the bottom with what is asked of you right above it; the table (the ring) takes the rest
  el.playArea = h('section', { class: 'play-area', 'aria-label': t('table.table_label') },
    el.teams, el.ring, el.waiting,
    h('div', { class: 'turn-row' }, el.status, el.timer, el.hintSlot),
    el.error, el.controls, el.hintBox, el.hand);
  const main = h('main', { id: 'main', class: 'table-main' }, el.playArea, el.side);
  const screen = h('div', { class: 'table-screen' }, top, main, el.summary, el.dialog);
  fill(root, screen);
  return screen;
}

/** The bar's game, round (Wizard: "Round 3 of 8") or hand (Wily), the hand's size and "watching". */
export function renderInfo(ctrl, v) {
  const game = GAME_NAMES[v.game] || v.game;
  const parts = [h('strong', {}, game)];
  let where;
  if (v.game === 'wizard') {
    const total = handSizes(v.rules).length;
    const round = Math.min(v.round_index + 1, total || v.round_index + 1);
    where = total ? t('table.info.round_of', { round, total }) : t('table.info.round', { round });
  } else {
    where = t('table.info.hand', { number: v.round_index + 1 });
  }
  parts.push(h('span', { class: 'nowrap' }, where));
  if (v.phase !== 'game_over') parts.push(h('span', { class: 'nowrap' }, t('table.cards', { count: v.hand_size })));
  if (ctrl.state.seat < 0) parts.push(h('span', { class: 'tag' }, t('table.watching')));
  fill(ctrl.el.info, parts);
}

/** The connection banner: lost (with the attempt), back for three seconds, or refused for good. */
export function showConnection(ctrl, status, attempt) {
  const banner = document.getElementById('banner');
  clearTimeout(ctrl.bannerTimer);
  if (status === 'open' || status === 'connecting' && attempt === 0) {
    banner.hidden = true;
    return;
  }
  banner.hidden = false;
  if (status === 'back' || status === 'signed_out') {
    banner.className = 'banner ok';
    banner.textContent = `\u2714 ${t(status === 'back' ? 'table.banner.back' : 'table.banner.signed_out')}`;
    ctrl.bannerTimer = setTimeout(() => { banner.hidden = true; }, status === 'back' ? 3000 : 8000);
  } else if (status === 'fatal') {
    banner.className = 'banner bad';
    banner.textContent = `\u2716 ${t('table.banner.fatal')}`;
  } else {
    banner.className = 'banner bad';
    banner.textContent = `\u26a0 ${attempt > 1 ? t('table.banner.lost_try', { attempt }) : t('table.banner.lost')}`;
  }
  ctrl.screenEl && ctrl.screenEl.classList.toggle('offline', status === 'lost' || status === 'connecting');
}
