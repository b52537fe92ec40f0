// The end of the game, over the table: the winner, the ranking, the chart, and *Rematch* (or *Join the rematch* once
// offered), *Replay*, *See the table*, *Lobby*. (A hand's summary is round_summary.js's.)

import { announce, fill, h } from './dom.js';
import { t } from './i18n.js';
import { ranking, wilyChart, wizardChart } from './scores.js';

export function rematchLink(state) {
  return `/play#${state.seat < 0 ? 'watch' : 'token'}=${encodeURIComponent(state.rematch.token)}`;
}

/** Draw the summary when the game is over (again only when the view or the rematch changed: ``force``). */
export function renderGameOver(ctrl, message, force = false) {
  const { el: { summary: el }, state } = ctrl;
  const v = message.view;
  if (v.phase !== 'game_over' || state.summaryClosed) { el.hidden = true; return; }
  if (!el.hidden && el.dataset.seq === String(message.seq) && !force) return;
  el.hidden = false;
  el.dataset.seq = String(message.seq);
  const winners = (v.winners || []).map((seat) => ctrl.nameOf(seat));
  const youWon = (v.winners || []).includes(state.seat);
  const title = youWon ? (winners.length > 1 ? t('table.over.you_share') : t('table.over.you_win'))
    : winners.length > 1 ? t('table.over.share', { names: winners.join(` ${t('table.and')} `) })
      : t('table.over.wins', { name: winners[0] || '' });
  const rows = ranking(v, state.names);
  const chart = v.game === 'wizard' ? wizardChart(v.sheet, state.names, v.sheet.length)
    : wilyChart(v.sheet, v.teams, state.names, v.sheet.length);
  const buttons = [];
  if (state.rematch) {
    buttons.push(h('a', { class: 'button primary', id: 'btn-join-rematch', href: rematchLink(state) },
      state.seat < 0 ? t('table.over.watch_rematch') : t('table.over.join_rematch')));
  } else if (state.seat >= 0) {
    buttons.push(h('button', { type: 'button', class: 'primary', id: 'btn-rematch', disabled: state.askedRematch,
      onclick: () => ctrl.askRematch() }, state.askedRematch ? t('table.over.asking') : t('table.over.rematch')));
  }
  // a private table's replay is shown only with a credential of it: this page's own, in the fragment (replay.js)
  const replay = `/replay/${encodeURIComponent(state.tableId)}`;
  buttons.push(h('a', { class: 'button', href: state.visibility === 'private' ? `${replay}#token=${encodeURIComponent(state.token)}` : replay },
    t('table.over.replay')));
  buttons.push(h('button', { type: 'button', onclick: () => ctrl.closeSummary() }, t('table.over.see_table')));
  buttons.push(h('a', { class: 'button', href: '/' }, t('table.lobby')));
  fill(el, h('div', { class: 'summary-card' },
    h('h2', { id: 'summary-title' }, t('table.over.title')),
    h('p', { class: 'winner-line' }, '\u2605 ', title),
    h('ol', { class: 'ranking' }, rows.map((row) => h('li', { class: row.winner ? 'winner' : '' },
      h('span', { class: 'rank-name' }, row.winner ? '\u2605 ' : '', row.label), h('span', { class: 'rank-value' }, row.value)))),
    h('div', { class: 'chart-wrap' }, chart),
    h('div', { class: 'row buttons' }, buttons)));
  announce(`${t('table.over.title')}. ${title}`);
}
