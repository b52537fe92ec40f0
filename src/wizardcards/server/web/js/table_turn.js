// The turn line above the controls: whose turn it is and to do what ("▶ Your turn: bid."), a bid being typed, the
// turn timer (in the line and on the box of the seat on turn), and after the game the *Results* button; plus the
// tab's title, which says when it is your turn.

import { fill, h, s } from './dom.js';
import { t } from './i18n.js';
import { GAME_NAMES } from './rules.js';
import { myTurn, phaseKey } from './table_model.js';

function clockIcon() {
  // drawn, not a font character: the stopwatch glyph is missing from common fonts
  return s('svg', { viewBox: '0 0 16 16', width: 13, height: 13, 'aria-hidden': 'true', class: 'clock' },
    s('circle', { cx: 8, cy: 9, r: 6, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.8 }),
    s('path', { d: 'M8 5.5V9l2.2 1.6M6 1.5h4', fill: 'none', stroke: 'currentColor', 'stroke-width': 1.8, 'stroke-linecap': 'round' }));
}

function formatSeconds(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export const turnWhat = (v) => t(`table.what.${phaseKey(v.phase)}`);

export function renderTitle(ctrl, v) {
  const game = GAME_NAMES[v.game] || v.game;
  document.title = v.current_player === ctrl.state.seat && ctrl.state.status === 'playing'
    ? `\u25b6 ${t('table.title.your_turn', { game })}` : t('table.title.game', { game });
}

export function renderStatus(ctrl, v) {
  const { el, state } = ctrl;
  let text;
  if (state.status === 'waiting') text = t('table.status.waiting');
  else if (v.phase === 'game_over' || state.status === 'finished') text = t('table.status.over');
  else if (v.current_player < 0) text = t('table.status.hand_over');
  else if (myTurn(state, v) || (v.current_player === state.seat && state.animating)) {
    text = t('table.status.your_turn', { what: turnWhat(v) });
    if (v.phase === 'bid' && state.bidDigits) text += ` ${t('table.status.typing_bid', { bid: state.bidDigits })}`;
  } else if (v.phase === 'pass_cards' && state.seat >= 0 && state.passQueue.length) {
    text = t('table.status.cards_queued', { name: ctrl.nameOf(v.current_player) });
  } else {
    text = ctrl.about(v.current_player, `table.status.doing.${phaseKey(v.phase)}`);
  }
  el.status.textContent = text;
  el.status.classList.toggle('mine', v.current_player === state.seat && state.status === 'playing');
  if (v.phase === 'game_over' && state.summaryClosed) {
    el.status.append(' ', h('button', { type: 'button', class: 'small', id: 'btn-summary', onclick: () => ctrl.reopenSummary() },
      t('table.results')));
  }
}

/** The turn timer, four times a second: the time left, from the view's turn_left counted from its receipt. */
export function tick(ctrl) {
  const { el, state } = ctrl;
  const deadline = state.turnDeadline;
  const showing = deadline && state.status === 'playing';
  el.timer.hidden = !showing;
  for (const chip of el.seats.querySelectorAll('.seat-timer')) chip.textContent = '';
  if (!showing) return;
  const left = (deadline.at - Date.now()) / 1000;
  const text = formatSeconds(left);
  fill(el.timer, clockIcon(), ` ${text}`);
  el.timer.setAttribute('aria-label', t('table.timer_label', { count: Math.max(0, Math.ceil(left)), name: ctrl.nameOf(deadline.seat) }));
  el.timer.classList.toggle('urgent', left < 10);
  el.timer.dataset.hurry = t('table.hurry');
  const chip = el.seats.querySelector(`.seat-timer[data-seat="${deadline.seat}"]`);
  if (chip) fill(chip, clockIcon(), ` ${text}`);
}
