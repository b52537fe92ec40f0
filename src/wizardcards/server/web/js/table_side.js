// The side panels: the score panel (the chart of running totals and the score sheet, scores.js), the move log's
// (table_moves.js) and the chat. From 1000 px wide they sit beside the table; on a narrower screen each opens over it
// from its button in the top bar.

import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { handSizes } from './rules.js';
import { wilyChart, wilySheet, wizardChart, wizardSheet } from './scores.js';

export const narrowScreen = () => window.matchMedia('(max-width: 999px)').matches;

export function renderScores(ctrl, v) {
  const { el, state } = ctrl;
  const sheet = v.sheet || [];
  if (v.game === 'wizard') {
    const rounds = handSizes(v.rules).length;
    fill(el.chart, sheet.length ? wizardChart(sheet, state.names, rounds) : h('p', { class: 'muted' }, t('table.chart.rounds')));
    fill(el.sheet, sheet.length ? wizardSheet(sheet, state.names, { style: v.rules.rank_style, bidChanges: v.sheet_bid_changes || [] }) : null);
  } else {
    fill(el.chart, sheet.length ? wilyChart(sheet, v.teams, state.names, sheet.length + (v.phase === 'game_over' ? 0 : 1))
      : h('p', { class: 'muted' }, t('table.chart.hands')));
    fill(el.sheet, sheet.length ? wilySheet(sheet, v.teams, state.names) : null);
  }
  reopenFromSheet(ctrl, v);
}

/** Each line of the sheet opens that hand's summary again (its number is a button; a click anywhere on the line
 * does the same), for a player who missed it or closed it too soon. */
function reopenFromSheet(ctrl, v) {
  [...ctrl.el.sheet.querySelectorAll('table.sheet tbody tr')].forEach((line, index) => {
    const cell = line.querySelector('th');
    if (!cell) return;
    const word = t(v.game === 'wizard' ? 'table.summary.again_round' : 'table.summary.again_hand', { number: index + 1 });
    cell.replaceChildren(h('button', { type: 'button', class: 'sheet-again', title: word, 'aria-label': word }, ...cell.childNodes));
    line.classList.add('reopens');
    line.addEventListener('click', () => ctrl.reopenHandSummary(index));
  });
}

export function renderChat(ctrl) {
  const { el, state } = ctrl;
  if (!el) return;
  fill(el.chatLog, state.chat.map((m) => {
    const time = new Date((m.time || 0) * 1000);
    return h('li', { class: m.seat === state.seat ? 'mine' : '' },
      h('time', { datetime: time.toISOString() }, time.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })),
      h('b', {}, ` ${m.name}: `), h('span', { class: 'chat-text' }, m.text));
  }));
  el.chatLog.scrollTop = el.chatLog.scrollHeight;
  renderUnread(ctrl);
}

function renderUnread(ctrl) {
  const { el, state } = ctrl;
  el.unread.hidden = !state.unread;
  el.unread.textContent = String(state.unread);
  el.chatButton.setAttribute('aria-label', state.unread ? t('table.chat_unread', { count: state.unread }) : t('table.chat'));
}

/** Open a panel over the table on a narrow screen (or close it: the same button, or ``null``). */
export function togglePanel(ctrl, which) {
  const { el, state } = ctrl;
  state.panel = state.panel === which ? null : which;
  el.side.dataset.open = state.panel || '';
  el.scoresButton.setAttribute('aria-expanded', String(state.panel === 'scores'));
  el.chatButton.setAttribute('aria-expanded', String(state.panel === 'chat'));
  el.logButton.setAttribute('aria-expanded', String(state.panel === 'log'));
  if (state.panel === 'chat') {
    state.unread = 0;
    renderUnread(ctrl);
    if (!el.chatForm.hidden) el.chatInput.focus();
  } else if (state.panel === 'log') {
    el.moveLog.scrollTop = el.moveLog.scrollHeight; // drawn while hidden: its newest lines in sight
  } else if (state.panel === 'scores') {
    el.scoresPanel.querySelector('h2').focus?.();
  }
}

/** V and M: open the panel on a narrow screen; beside the table, go to it. */
export function openPanelOrFocus(ctrl, which) {
  const { el } = ctrl;
  if (narrowScreen()) { togglePanel(ctrl, which); return; }
  if (which === 'chat' && !el.chatForm.hidden) el.chatInput.focus();
  else el.scoresPanel.scrollIntoView({ block: 'nearest' });
}
