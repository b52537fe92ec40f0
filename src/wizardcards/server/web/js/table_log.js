// The move log's model: what happened at the table, as entries worked out from the frames the page receives (part of
// the model, like table_model.js: no DOM, no timers). Every bid, trump choice, auction call and pass, the cards
// passed (yours by name), every card played, each trick's winner (or the Bomb's: nobody), the special cards'
// decisions (the Werewolf's swap and trump, the Cloud's change of a bid, the Juggler's pass: only your own card by
// name), each hand's result and the game's end; a turn
// whose timer ran out (the view's `stand_in`, docs/server.md), a seat the stand-in plays while its player is away,
// players losing their connection and coming back (the table frames), and this page's own reconnect (a second
// welcome).
//
// An entry is {seq, round, move, key, params, seat}: ``key`` a catalog key (with ``seat``: a sentence about that seat,
// whose ``.you``/``.other`` form is chosen when it is written, as ctrl.about does), ``params`` card ids, suits and
// seats as numbers, written in the player's language only by logText. ``seq``: the view it belongs to (the log's
// view shows an entry once that view is on screen, so the log never runs ahead of the table's animation).
// ``move``: a move of the hand ``round``, rebuilt from the view when the page missed views (its first view, a
// reconnect): the current hand's story is in every view (its bids, auction calls and tricks), so a reload still
// shows the hand so far, and the earlier hands' results come from the score sheet.
//
// The same functions make the replay's log (replay.js) from its steps.

import { cardName, isWizard, SUITS } from './cards.js';
import { CLOUD, DRAGON, JUGGLER, SHAPESHIFTER, WEREWOLF } from './specials.js';
import { t } from './i18n.js';
import { teamName, WORD } from './rules.js';

const signed = (points) => (points > 0 ? `+${points}` : String(points));

const about = (seat, key, params = {}) => ({ seat, key, params });
const line = (key, params = {}) => ({ seat: null, key, params });

function heading(v) {
  return v.game === 'wizard' ? line('table.log.round', { round: v.round_index + 1, count: v.hand_size })
    : line('table.info.hand', { number: v.round_index + 1 });
}

/** The lines of a hand's row of the score sheet: each player's result (Wizard), the contract and letters (Wily). */
function resultLines(row, v) {
  if (v.game === 'wizard') {
    const [, , , , bids, tricks, points, totals] = row;
    return bids.map((bid, seat) => line(bid === tricks[seat] ? 'table.log.made' : 'table.log.missed',
      { who: seat, bid, count: tricks[seat], points: points[seat], total: totals[seat] }));
  }
  const [, , high, bid, , teamTricks, letterTo, letters] = row;
  if (high < 0) return [line('table.summary.thrown_in')];
  const team = v.teams[high];
  const lines = [line(letterTo.includes(team) ? 'table.log.contract_made' : 'table.log.contract_missed',
    { team, bid, count: teamTricks[team] ?? 0 })];
  for (const gainer of letterTo) lines.push(line('table.log.letter', { team: gainer, held: letters[gainer] || 0 }));
  return lines;
}

function gameOverLines(v) {
  const winners = v.winners || [];
  if (winners.length === 1) return [about(winners[0], 'table.log.wins_game')];
  return winners.length ? [line('table.log.win_together', { seats: winners })] : [];
}

function trickLines(v, leader, cards, winner) {
  const lines = cards.map((card, k) => about((leader + k) % v.players, 'table.log.plays', { card }));
  if (winner >= 0 && cards.length === v.players) lines.push(about(winner, 'table.log.wins_trick'));
  else if (cards.length === v.players) lines.push(line('table.log.bombed'));
  return lines;
}

/** Wizard: the dealer chooses trump (a Wizard turned up); Wily: the high bidder names it. */
function trumpLine(seat, suit, wizard) {
  if (suit < 0) return about(seat, 'table.log.no_trump');
  return wizard ? about(seat, 'table.log.chooses_trump', { suit }) : about(seat, 'table.log.names_trump', { suit });
}

/** The story of the view's hand so far, from the view alone (after missed views). */
export function handStory(v) {
  const lines = [heading(v)];
  if (v.game === 'wizard') {
    lines.push(...openingLines(v));
    if (v.werewolf >= 0 && v.phase !== 'werewolf') lines.push(trumpLine(v.werewolf, v.trump_suit, true));
    else if (chosenByDealer(v) && v.phase !== 'choose_trump') lines.push(trumpLine(v.dealer, v.trump_suit, true));
    for (let k = 1; k <= v.players; k += 1) {
      const seat = (v.dealer + k) % v.players;
      if (v.bids[seat] !== null && v.bids[seat] !== undefined) lines.push(about(seat, 'table.log.bids', { bid: v.bids[seat] }));
    }
  } else {
    for (const [seat, call] of v.auction) lines.push(call === 0 ? about(seat, 'table.log.passes') : about(seat, 'table.log.calls', { bid: call }));
    if (v.high_bidder >= 0 && v.phase !== 'auction' && v.phase !== 'name_trump') {
      lines.push(trumpLine(v.high_bidder, v.trump_suit, false));
    }
    if (v.received.length) lines.push(line('table.log.received', { cards: v.received, given: v.given }));
  }
  for (const [leader, cards, winner] of v.round_tricks) lines.push(...trickLines(v, leader, cards, winner));
  if (v.phase === 'play') lines.push(...trickLines(v, v.trick_leader, v.trick, -1));
  return lines;
}

/** What one decision did, from the views before and after it (``message.seq`` is ``previous.seq + 1``). */
export function decisionLines(previous, message, passTo) {
  const before = previous.view;
  const v = message.view;
  const actor = before.current_player;
  const lines = [];
  const standIn = message.stand_in;
  if (standIn && standIn.why === 'timeout') lines.push(about(standIn.seat, 'table.log.timeout'));
  switch (before.phase) {
    case 'bid': {
      const bid = v.bids[actor];
      lines.push(bid === null || bid === undefined ? about(actor, 'table.log.bids_hidden') : about(actor, 'table.log.bids', { bid }));
      break;
    }
    case 'choose_trump': lines.push(trumpLine(actor, v.trump_suit, true)); break;
    case 'auction': {
      const call = v.round_index === before.round_index ? v.auction.filter(([seat]) => seat === actor).at(-1) : null;
      lines.push(call && call[1] > 0 ? about(actor, 'table.log.calls', { bid: call[1] }) : about(actor, 'table.log.passes'));
      break;
    }
    case 'name_trump': lines.push(trumpLine(actor, v.trump_suit, false)); break;
    case 'werewolf': lines.push(trumpLine(actor, v.trump_suit, true)); break;
    case 'cloud': {
      const change = (v.bid_changes || [])[actor];
      const bid = { bid: v.bids[actor] ?? '?' }; // hidden bids: the change is public, the bid is not
      lines.push(change > 0 ? about(actor, 'table.log.cloud_up', bid) : about(actor, 'table.log.cloud_down', bid));
      break;
    }
    case 'juggle':
      // each gift is said (the card only for this seat's own), and once all have given, what this seat received
      lines.push(about(actor, 'table.log.juggles', { to: (actor + 1) % v.players,
        card: actor === v.seat && v.given.length ? v.given[0] : null }));
      if (v.phase !== 'juggle' && v.received.length) lines.push(line('table.log.juggle_received', { card: v.received[0] }));
      break;
    case 'pass_cards':
      // a seat gives its three cards one after the other: said once, when it has given the last
      if (v.phase !== 'pass_cards' || v.current_player !== actor) {
        lines.push(about(actor, 'table.log.gives', { to: passTo(v, actor), cards: actor === v.seat ? v.given : null }));
      }
      if (v.phase === 'play' && v.received.length) lines.push(line('table.log.received', { cards: v.received, given: v.given }));
      break;
    case 'play': {
      const done = message.last_trick && JSON.stringify(message.last_trick) !== JSON.stringify(previous.last_trick)
        ? message.last_trick : null;
      const card = done ? done.cards.at(-1) : v.trick.at(-1);
      if (card !== undefined) lines.push(about(actor, 'table.log.plays', { card }));
      if (done && done.winner >= 0) lines.push(about(done.winner, 'table.log.wins_trick'));
      else if (done) lines.push(line('table.log.bombed'));
      break;
    }
    default: break;
  }
  return lines;
}

function add(state, seq, round, move, entries) {
  for (const entry of entries) state.log.push({ seq, round, move, ...entry });
}

/** Note in the log what the view frame ``message`` tells (the model calls this for every view it receives;
 * ``passTo(view, seat)``: who receives a seat's passed cards). */
export function appendLog(state, message, passTo) {
  const last = state.logView;
  const v = message.view;
  // a view again (after a hello) tells nothing new; the game's start (waiting, then playing at seq 0) does
  if (last && (message.seq < last.seq || (message.seq === last.seq && message.status === last.status))) return;
  state.logView = message;
  if (message.status === 'waiting') return;
  const seq = message.seq;
  const next = last && last.status !== 'waiting' && seq === last.seq + 1; // one decision since the last view
  const standIn = message.stand_in;
  if (standIn && standIn.why === 'away' && !state.logAway.has(standIn.seat)) {
    state.logAway.add(standIn.seat);
    add(state, seq, v.round_index, false, [about(standIn.seat, 'table.log.stand_in')]);
  }
  let rebuildAt = -1; // where the current hand's story goes when it is rebuilt (-1: at the end)
  if (next) add(state, seq, last.view.round_index, true, decisionLines(last, message, passTo));
  else {
    // views missed (the first one, or after a reconnect): the current hand's story is rebuilt from this view, in
    // the place of what the log had of it
    const stale = (entry) => entry.move && entry.round >= v.round_index;
    const first = state.log.findIndex(stale);
    if (first >= 0) rebuildAt = first;
    state.log = state.log.filter((entry) => !stale(entry));
    state.logRebuilt += 1;
  }
  const sheet = v.sheet || [];
  for (let row = state.logRows; row < sheet.length; row += 1) {
    // a hand the log has seen nothing of (a page opened late) gets its heading above its result
    if (!state.log.some((entry) => entry.round === row && entry.move)) {
      add(state, seq, row, false, [heading({ ...v, round_index: row, hand_size: sheet[row][0] })]);
    }
    add(state, seq, row, false, resultLines(sheet[row], v));
  }
  state.logRows = sheet.length;
  if (v.phase === 'game_over') { add(state, seq, v.round_index, false, gameOverLines(v)); return; }
  if (!next) {
    const story = handStory(v).map((entry) => ({ seq, round: v.round_index, move: true, ...entry }));
    state.log.splice(rebuildAt < 0 ? state.log.length : rebuildAt, 0, ...story);
  }
  else if (v.round_index !== last.view.round_index) add(state, seq, v.round_index, true, [heading(v), ...openingLines(v)]);
}

/** A new hand's first lines: its heading and the card turned up (Wizard), and who swapped the Werewolf for it. */
function openingLines(v) {
  if (v.game !== 'wizard') return [];
  if (v.werewolf >= 0) {
    return [line('table.log.turned_up', { card: v.turned_up }), about(v.werewolf, 'table.log.werewolf', { card: v.turned_up })];
  }
  return v.trump_card >= 0 ? [line('table.log.turned_up', { card: v.trump_card })] : [];
}

/** Whether the dealer chose this hand's trump: a Wizard turned up, or a special card that lets the dealer choose. */
function chosenByDealer(v) {
  return isWizard(v.trump_card) || [DRAGON, WEREWOLF, JUGGLER, CLOUD, SHAPESHIFTER].includes(v.trump_card);
}

/** A welcome: after the first, this page's connection came back. */
export function logWelcome(state, frame) {
  if (state.welcomed) add(state, frame.seq, state.logView ? state.logView.view.round_index : 0, false, [line('table.banner.back')]);
  state.welcomed = true;
}

/** A table frame: a person's connection lost or back while the game is played. */
export function logTable(state, frame) {
  const before = state.players;
  if (!before || frame.status !== 'playing') return;
  const round = state.logView ? state.logView.view.round_index : 0;
  for (const player of frame.players) {
    const was = before[player.seat];
    if (player.bot || !was || player.seat === state.seat || was.connected === player.connected || !player.claimed) continue;
    if (player.connected) state.logAway.delete(player.seat);
    add(state, frame.seq, round, false, [player.connected ? about(player.seat, 'table.log.back') : about(player.seat, 'table.log.offline')]);
  }
}

/** An entry in the player's language. ``words``: {seat (this page's), nameOf(seat), about(seat, key, params), style, teams,
 * names}: what the controller's nameOf and about say. */
export function logText(entry, words) {
  const p = { ...entry.params };
  const style = words.style;
  if ('card' in p && p.card !== null) p.card = cardName(p.card, style);
  if (entry.key === 'table.log.juggles' && entry.params.card === null) {
    // another seat's gift: never its card; to this seat: "to you" / "dir" (not the name's case)
    if (entry.params.to === words.seat) return t('table.log.juggles_to_you', { name: words.nameOf(entry.seat) });
    return words.about(entry.seat, 'table.log.juggles_hidden', { to: words.nameOf(entry.params.to) });
  }
  if ('suit' in p) p.suit = SUITS[p.suit].name;
  if (Array.isArray(p.cards)) p.cards = p.cards.map((card) => cardName(card, style)).join(', ');
  if (Array.isArray(p.given)) p.given = p.given.map((card) => cardName(card, style)).join(', ');
  if ('to' in p) p.to = p.to >= 0 ? words.nameOf(p.to) : '';
  if ('who' in p) p.who = words.nameOf(p.who);
  if ('points' in p) p.points = signed(p.points);
  if ('team' in p) p.team = teamName(p.team, words.teams, words.names);
  if ('held' in p) p.letter = WORD[p.held - 1] || '';
  if (Array.isArray(p.seats)) p.names = p.seats.map((seat) => words.nameOf(seat)).join(` ${t('table.and')} `);
  if (entry.key === 'table.log.gives' && entry.params.cards) return words.about(entry.seat, 'table.log.gives_cards', p);
  if (entry.key === 'table.log.gives' && entry.params.to === words.seat) {
    return t('table.log.gives_to_you', { name: words.nameOf(entry.seat) }); // "to you" / "dir": not the name's case
  }
  return entry.seat === null ? t(entry.key, p) : words.about(entry.seat, entry.key, p);
}

/** The log of a whole replay (GET /tables/{id}/replay: each step's public view, its number as the seq). */
export function replayLog(steps, passTo) {
  const state = { log: [], logView: null, logRows: 0, logAway: new Set(), logRebuilt: 0 };
  for (const step of steps) {
    appendLog(state, { seq: step.number, status: 'playing', view: step.view, last_trick: step.last_trick, stand_in: null }, passTo);
  }
  return state.log;
}
