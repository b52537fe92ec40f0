// The end of a hand: a summary of its result over the table, after the hand's last trick has gone to its winner and
// before the next hand is dealt on screen. Wizard: each player's bid, tricks, points for the hand and total, made or
// missed. Wily Wizards: the contract (who bid how many, the trump), whether it was made, and which team gained a
// letter. It stays until dismissed (its button, Escape, Enter, a click beside it) or for a few seconds (a bar shows
// the time left), or until dismissed only where the player asked for that (its checkbox, the ⋯ menu's); the table
// behind it waits meanwhile and shows what the server sent once it closes. A line of the score sheet opens a hand's
// summary again.
//
// Everything it says comes from the score sheet's new row (the server's; core/view.py), none of it is worked out here
// but the Bomb's tricks (the hand's size less the tricks won); a bid the Cloud changed is marked as on the score sheet.

import { SUITS, suitIcon } from './cards.js';
import { announce, h } from './dom.js';
import { t } from './i18n.js';
import { teamMembers, teamName, WORD } from './rules.js';
import { lettersText, teamList } from './scores.js';

const signed = (points) => (points > 0 ? `+${points}` : String(points));

/** A bid the Cloud changed, as the score sheet marks it: "0→1" (as made → as scored) and ☁, the change in words
 * for a screen reader and in the mark's title; an unchanged bid as it is. */
function bidCell(bid, change) {
  if (!change) return h('td', { class: 'bid' }, String(bid));
  const words = t('scores.cloud_changed', { change: change > 0 ? '+1' : '\u22121', bid: bid - change });
  return h('td', { class: 'bid changed' }, `${bid - change}\u2192${bid}`,
    h('span', { class: 'cloud-mark', title: words, 'aria-hidden': 'true' }, '\u2601'),
    h('span', { class: 'visually-hidden' }, ` (${words})`));
}

function wizardRows(row, view, nameOf, changes) {
  const [size, , , , bids, tricks, points, totals] = row;
  const lines = bids.map((bid, seat) => {
    const made = bid === tricks[seat];
    return h('tr', { class: made ? 'made' : 'missed', dataset: { seat: String(seat) } },
      h('th', { scope: 'row', class: 'who' }, nameOf(seat)),
      bidCell(bid, changes[seat] || 0),
      h('td', { class: 'took' }, String(tricks[seat])),
      h('td', { class: 'result' }, h('span', { class: 'made-mark', 'aria-hidden': 'true' }, made ? '\u2713 ' : '\u2717 '),
        h('span', { class: 'result-word' }, made ? t('table.summary.made') : t('table.summary.missed'))),
      h('td', { class: 'points' }, signed(points[seat])),
      h('td', { class: 'total' }, String(totals[seat])));
  });
  const bombed = size - tricks.reduce((sum, took) => sum + took, 0);
  return h('div', { class: 'round-table-wrap' }, h('table', { class: 'round-table' },
    h('caption', { class: 'visually-hidden' }, t('table.summary.wizard_caption')),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('table.summary.player')), h('th', { scope: 'col' }, t('table.summary.bid')),
      h('th', { scope: 'col' }, t('table.summary.tricks')), h('th', { scope: 'col' }, t('table.summary.result')),
      h('th', { scope: 'col' }, t('table.summary.points')), h('th', { scope: 'col' }, t('table.summary.total')))),
    h('tbody', {}, lines)),
    // the tricks the Bomb took from everybody (the sheet's tricks then add up to less than the hand)
    bombed > 0 ? h('p', { class: 'bomb-line' }, h('span', { class: 'bomb-mark', 'aria-hidden': 'true' }, '\u2738 '),
      t('table.summary.bombed', { count: bombed })) : null);
}

function wilyBody(row, view, names, nameOf, mySeat) {
  const [, , high, bid, trump, teamTricks, letterTo, letters] = row;
  const teams = view.teams;
  const parts = [];
  if (high < 0) {
    parts.push(h('p', { class: 'contract-line' }, t('table.summary.thrown_in')));
  } else {
    const team = teams[high];
    const trumpWords = trump < 0 ? t('table.no_trump') : SUITS[trump].name;
    const made = letterTo.includes(team);
    const took = teamTricks[team] ?? 0;
    parts.push(h('p', { class: 'contract-line' },
      trump >= 0 ? suitIcon(trump, 18) : null, ' ',
      t('table.summary.contract', { name: nameOf(high), team: teamName(team, teams, names), bid, trump: trumpWords })));
    parts.push(h('p', { class: `verdict ${made ? 'made' : 'missed'}` },
      h('span', { class: 'made-mark', 'aria-hidden': 'true' }, made ? '\u2713 ' : '\u2717 '),
      made ? t('table.summary.contract_made', { count: took }) : t('table.summary.contract_missed', { count: took })));
  }
  const lines = teamList(teams).map((team) => {
    const members = teamMembers(team, teams);
    const gained = letterTo.includes(team);
    const held = letters[team] || 0;
    const mine = members.includes(mySeat);
    return h('tr', { class: `${gained ? 'gained' : ''}${mine ? ' mine' : ''}`, dataset: { team: String(team) } },
      h('th', { scope: 'row', class: 'who' }, teamName(team, teams, names),
        h('span', { class: 'members' }, ` (${members.map(nameOf).join(', ')})`)),
      h('td', { class: 'took' }, String(teamTricks[team] ?? 0)),
      h('td', { class: 'letter' }, gained ? t('table.summary.letter_gained', { letter: WORD[held - 1] || '' }) : '\u2014'),
      h('td', { class: 'total letters-word' }, lettersText(held)));
  });
  parts.push(h('table', { class: 'round-table' },
    h('caption', { class: 'visually-hidden' }, t('table.summary.wily_caption')),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('table.summary.team')), h('th', { scope: 'col' }, t('table.summary.tricks')),
      h('th', { scope: 'col' }, t('table.summary.letter')), h('th', { scope: 'col' }, t('table.summary.letters')))),
    h('tbody', {}, lines)));
  return parts;
}

/**
 * Show the summary of the hand that ``row`` (the sheet's newest row) records, over ``host``; resolves when it is
 * dismissed or after ``holdMs``. ``view`` is the view after the hand (its rules, teams, round number); ``bidChanges``
 * the row's Cloud changes per seat (the view's sheet_bid_changes: its bids are as changed, the ones scored).
 */
export function showRoundSummary(host, { row, view, names, nameOf, mySeat, number, holdMs, again = false, keep = false, onKeep = null,
  bidChanges = [] }) {
  // one summary at a time: a hand's own summary closes one opened again from the score sheet
  document.getElementById('round-summary')?.dispatchEvent(new Event('close-summary'));
  return new Promise((resolve) => {
    const wizard = view.game === 'wizard';
    const title = wizard ? t('table.summary.title_round', { number }) : t('table.summary.title_hand', { number });
    let closeWord = t('table.summary.next');
    if (again) closeWord = t('table.close');
    else if (view.phase === 'game_over') closeWord = t('table.summary.to_results');
    const close = h('button', { type: 'button', class: 'primary', id: 'btn-round-next' }, closeWord);
    // held for holdMs (a bar shows the time running out), or until closed (holdMs null: the setting, or opened again)
    const bar = holdMs ? h('div', { class: 'round-timer', 'aria-hidden': 'true' }) : null;
    if (bar) bar.style.animationDuration = `${holdMs}ms`;
    const keepBox = h('input', { type: 'checkbox', id: 'round-keep', checked: keep });
    keepBox.addEventListener('change', () => {
      if (onKeep) onKeep(keepBox.checked);
      if (keepBox.checked) { clearTimeout(timer); bar?.remove(); } // this one stays too
    });
    const card = h('div', { class: 'round-card', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'round-title' },
      h('h2', { id: 'round-title' }, title),
      wizard ? wizardRows(row, view, nameOf, bidChanges) : wilyBody(row, view, names, nameOf, mySeat),
      h('div', { class: 'row buttons' },
        onKeep ? h('label', { class: 'round-keep', for: 'round-keep' }, keepBox, ` ${t('table.summary.keep')}`) : null, close), bar);
    const overlay = h('section', { class: 'round-summary', id: 'round-summary', dataset: { game: view.game, again: again ? 'yes' : 'no' } }, card);
    const previous = document.activeElement;
    let done = false;
    let timer = null;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey, true);
      const hadFocus = overlay.contains(document.activeElement);
      overlay.remove();
      // the focus goes back where it was (the hand, a button of the table) if it was on the summary
      if (hadFocus && previous && previous.isConnected) previous.focus({ preventScroll: true });
      resolve();
    };
    const typing = (el) => el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT');
    const onKey = (event) => {
      // Enter in the chat box sends the line, as ever; Escape closes the summary from anywhere
      if (event.key === 'Escape' || (event.key === 'Enter' && !typing(event.target))) {
        event.preventDefault();
        event.stopPropagation();
        finish();
      }
    };
    close.addEventListener('click', finish);
    overlay.addEventListener('click', (event) => { if (event.target === overlay) finish(); });
    overlay.addEventListener('close-summary', finish);
    document.addEventListener('keydown', onKey, true);
    if (holdMs) timer = setTimeout(finish, holdMs);
    host.append(overlay);
    // its button takes the focus (a screen reader reads the summary), unless a chat line is being typed
    if (!typing(document.activeElement)) close.focus({ preventScroll: true });
    announce(title); // the focus is on its button, inside the dialog, which a screen reader reads
  });
}
