// The move log's panel (its entries are table_log.js's): beside the table on a desktop, behind the *Moves* button on a
// phone; the replay shows the same list under its table. Each line is written in the player's language when drawn;
// a line appears once its view is on screen, so the log never tells a card before the table has shown it.

import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { logText } from './table_log.js';

// a line's class, by the last part of its catalog key (the styles set timeouts and connections apart)
const KIND = {
  timeout: 'timeout', stand_in: 'timeout', offline: 'connection', back: 'connection', round: 'heading', hand: 'heading',
  wins_trick: 'winner', made: 'result', missed: 'result', contract_made: 'result', contract_missed: 'result', letter: 'result',
  thrown_in: 'result', wins_game: 'result', win_together: 'result',
};

export function moveList(id) {
  return h('ol', { class: 'move-log', id, 'aria-label': t('table.log.title') });
}

function item(entry, words) {
  const kind = KIND[entry.key.split('.').at(-1)] || 'move';
  return h('li', { class: kind, dataset: { seq: String(entry.seq) } }, logText(entry, words));
}

/** Draw ``entries`` (those up to seq ``upTo``) into ``list``: the new lines appended when the log only grew, else all
 * again; the newest kept in sight. ``words`` as logText takes them. */
export function drawMoves(list, entries, upTo, words, rebuilt = 0) {
  const visible = entries.filter((entry) => entry.seq <= upTo);
  const drawn = list.drawn;
  const grown = drawn && drawn.rebuilt === rebuilt && visible.length >= drawn.count
    && drawn.count > 0 && visible[drawn.count - 1] === drawn.last;
  if (grown && visible.length === drawn.count) return;
  if (grown) list.append(...visible.slice(drawn.count).map((entry) => item(entry, words)));
  else fill(list, visible.length ? visible.map((entry) => item(entry, words)) : h('li', { class: 'muted empty' }, t('table.log.empty')));
  list.drawn = { count: visible.length, last: visible.at(-1), rebuilt };
  list.scrollTop = list.scrollHeight;
}

/** The table's log panel, from the model's state (ctrl.state.log) up to the view on screen. */
export function renderMoves(ctrl) {
  const { el, state } = ctrl;
  if (!state.shown) return;
  const v = state.shown.view;
  drawMoves(el.moveLog, state.log, state.shown.seq, {
    seat: state.seat, nameOf: (seat) => ctrl.nameOf(seat), about: (seat, key, params) => ctrl.about(seat, key, params),
    style: v.rules.rank_style, teams: v.teams, names: state.names,
  }, state.logRebuilt);
}
