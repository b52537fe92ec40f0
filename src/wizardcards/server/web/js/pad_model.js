// The score pad's model: one game's sheet (format wizardcards-pad/1, what the phone keeps and a shared pad sends;
// wizardcards-pad/2 for a game with special cards), its entries checked and its totals worked out with the core's
// tables (pad_rules.js). No DOM.
//
// A sheet: {format, title, names, rules (RuleSet.to_dict form), first_dealer, scorekeeper, rounds, hands}.
// Wizard: ``rounds`` has an entry per round of the schedule, {bids, tricks} (null until entered), as the terminal
// pad keeps them (tui/scorepad_model.py); with special cards also ``bid_changes`` (the Cloud's change of each bid,
// null: none) and ``bombed`` (the tricks won by nobody); the bids are as made, the points by the bids as changed.
// Any round entered may be corrected, and the totals after it follow.
// Wily Wizards: ``hands`` grows a hand at a time: {high_bidder (null: thrown in), bid, calls, trump, tricks}.
// A refused entry throws a Refusal (a message key of the i18n catalogs and its values) and changes nothing.

import * as R from './pad_rules.js';

export const SHEET_FORMAT = 'wizardcards-pad/1';
export const SHEET_FORMAT_SPECIAL = 'wizardcards-pad/2'; // /1 with the special cards: bid_changes, bombed

export class Refusal extends Error {
  constructor(key, values = {}) {
    super(key);
    this.key = key;
    this.values = values;
  }
}

export function isWily(sheet) { return sheet.rules.game === 'wily'; }
export function isSpecial(sheet) { return (sheet.rules.special_cards || []).length > 0; }
export function players(sheet) { return sheet.names.length; }

/** A new sheet, checked: 3.. names, none empty or twice, options the tables can play. */
export function newSheet(cat, { names, rules, firstDealer = 0, scorekeeper = null, title = null }) {
  const clean = names.map((name) => String(name).trim());
  if (clean.some((name) => !name)) throw new Refusal('err_name_missing');
  if (new Set(clean).size !== clean.length) throw new Refusal('err_name_twice');
  for (const seat of [firstDealer, scorekeeper === null ? firstDealer : scorekeeper]) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= clean.length) throw new Refusal('err_not_a_pad');
  }
  const full = R.canonicalRules(cat, { ...rules, players: clean.length });
  const special = (full.special_cards || []).length > 0;
  const sheet = {
    format: special ? SHEET_FORMAT_SPECIAL : SHEET_FORMAT, title, names: clean, rules: full, first_dealer: firstDealer,
    scorekeeper: scorekeeper === null ? firstDealer : scorekeeper, rounds: [], hands: [],
  };
  if (full.game === 'wily') {
    if (!R.wilySetup(cat, full)) throw new Refusal('err_wily_players', { players: clean.length });
  } else {
    if (!cat.wizard.players[String(clean.length)]) throw new Refusal('err_wizard_players', { players: clean.length });
    const problem = R.wizardOptionsProblem(cat, full);
    if (problem) throw new Refusal(problem.key, problem);
    sheet.rounds = R.handSizes(cat, sheet.rules).map(() => (special
      ? { bids: null, tricks: null, bid_changes: null, bombed: 0 } : { bids: null, tricks: null }));
  }
  return sheet;
}

// --- Wizard ----------------------------------------------------------------------------------------------------

export function info(cat, sheet, index) {
  return R.roundInfo(cat, sheet.rules, sheet.first_dealer, index);
}

export function complete(entry) { return entry.bids !== null && entry.tricks !== null; }

/** The bids of round ``index`` as the Cloud changed them (the ones scored), or null before its bids. */
export function scoredBids(sheet, index) {
  const entry = sheet.rounds[index];
  if (entry.bids === null) return null;
  return entry.bids.map((bid, seat) => bid + (entry.bid_changes ? entry.bid_changes[seat] : 0));
}

export function points(cat, sheet, index) {
  const entry = sheet.rounds[index];
  if (!complete(entry)) return null;
  return scoredBids(sheet, index).map((bid, seat) => R.roundPoints(cat, bid, entry.tricks[seat]));
}

/** The totals after round ``index`` (the complete rounds up to it); index -1: before the first. */
export function totalsAfter(cat, sheet, index) {
  const totals = sheet.names.map(() => 0);
  for (let i = 0; i <= index; i += 1) {
    const round = points(cat, sheet, i);
    if (round) round.forEach((value, seat) => { totals[seat] += value; });
  }
  return totals;
}

export function totals(cat, sheet) {
  return isWily(sheet) ? null : totalsAfter(cat, sheet, sheet.rounds.length - 1);
}

/** Per player, the total after each complete round (the chart). */
export function runningTotals(cat, sheet) {
  const done = sheet.rounds.map((entry, i) => (complete(entry) ? i : -1)).filter((i) => i >= 0);
  return sheet.names.map((_, seat) => done.map((i) => totalsAfter(cat, sheet, i)[seat]));
}

/** The first round not complete, or null once every round is scored. */
export function nextRound(sheet) {
  const index = sheet.rounds.findIndex((entry) => !complete(entry));
  return index < 0 ? null : index;
}

export function forbiddenBid(cat, sheet, index, bids) {
  const round = info(cat, sheet, index);
  const others = bids.filter((_, seat) => seat !== round.dealer);
  return R.forbiddenBid(cat, sheet.rules.bid_rule, round.handSize, others, totalsAfter(cat, sheet, index - 1), round.dealer);
}

function checkEnterable(sheet, index) {
  const upcoming = nextRound(sheet);
  if (index < 0 || index >= sheet.rounds.length) throw new Refusal('err_no_round', { number: index + 1 });
  if (upcoming !== null && index > upcoming) throw new Refusal('err_round_first', { number: upcoming + 1 });
}

function checkNumbers(cat, sheet, what, values, range, round) {
  if (values.length !== players(sheet)) throw new Refusal('err_count', { players: players(sheet) });
  values.forEach((value, seat) => {
    if (!Number.isInteger(value) || value < range[0] || value > range[1]) {
      throw new Refusal(what === 'bid' ? 'err_bid_range' : 'err_tricks_range',
        { name: sheet.names[seat], value, least: range[0], most: range[1], cards: round.handSize });
    }
  });
}

function checkBids(cat, sheet, index, bids) {
  const round = info(cat, sheet, index);
  checkNumbers(cat, sheet, 'bid', bids, R.bidRange(cat, round.handSize), round);
  const forbidden = forbiddenBid(cat, sheet, index, bids);
  if (forbidden !== null && bids[round.dealer] === forbidden) {
    throw new Refusal('err_dealer_bid', {
      rule: sheet.rules.bid_rule, name: sheet.names[round.dealer], bid: forbidden, cards: round.handSize,
    });
  }
}

/** What the Cloud and the Bomb did in round ``index`` (its bids in), as far as it is known before the tricks. */
export function checkSpecials(cat, sheet, index, bids, changes, bombed) {
  const round = info(cat, sheet, index);
  const most = R.mostBombed(cat, sheet.rules);
  if (bombed && !most) throw new Refusal('err_no_bomb');
  if (!Number.isInteger(bombed) || bombed < 0 || bombed > most) throw new Refusal('err_bomb_one');
  if (changes && changes.length !== players(sheet)) throw new Refusal('err_count', { players: players(sheet) });
  const problem = R.bidChangesProblem(cat, sheet.rules, round.handSize, bids, changes);
  if (problem) throw new Refusal(problem.key, { ...problem, name: problem.seat === undefined ? '' : sheet.names[problem.seat] });
}

function checkTricks(cat, sheet, index, bids, tricks, changes = null, bombed = 0) {
  const round = info(cat, sheet, index);
  checkNumbers(cat, sheet, 'tricks', tricks, R.tricksRange(cat, round.handSize), round);
  checkSpecials(cat, sheet, index, bids, changes, bombed);
  const sum = tricks.reduce((a, b) => a + b, 0);
  const total = R.tricksTotal(cat, round.handSize, bombed);
  if (sum !== total) throw new Refusal(bombed ? 'err_tricks_sum_bomb' : 'err_tricks_sum', { sum, total, cards: round.handSize });
  const problem = R.bidChangesProblem(cat, sheet.rules, round.handSize, bids, changes, tricks);
  if (problem) throw new Refusal(problem.key, { ...problem, name: sheet.names[problem.seat] });
}

/** A round's Cloud change as kept: null when nobody changed. */
function keptChanges(changes) {
  return changes && changes.some((change) => change !== 0) ? changes.slice() : null;
}

function setEnd(sheet, entry, tricks, changes, bombed) {
  entry.tricks = tricks === null ? null : tricks.slice();
  if (isSpecial(sheet)) {
    entry.bid_changes = tricks === null ? null : keptChanges(changes);
    entry.bombed = tricks === null ? 0 : bombed;
  }
}

/** The later rounds (1-based) whose bids the rule now refuses, the totals before them having changed. */
export function laterConflicts(cat, sheet, index) {
  const out = [];
  for (let later = index + 1; later < sheet.rounds.length; later += 1) {
    const bids = sheet.rounds[later].bids;
    if (bids === null) break;
    const forbidden = forbiddenBid(cat, sheet, later, bids);
    if (forbidden !== null && bids[info(cat, sheet, later).dealer] === forbidden) out.push(later + 1);
  }
  return out;
}

/** Enter (or correct) round ``index``'s bids; its tricks are kept unless ``tricks`` is given too (hidden bids are
 * entered with the tricks, after the hand, and the Cloud's ``changes`` and the ``bombed`` tricks with them).
 * A correction whose bids the round's Cloud change no longer fits clears the round's tricks (entered again).
 * Returns the later rounds the bid rule now refuses. */
export function enterRound(cat, sheet, index, bids, tricks = undefined, changes = null, bombed = 0) {
  checkEnterable(sheet, index);
  checkBids(cat, sheet, index, bids);
  if (tricks !== undefined && tricks !== null) checkTricks(cat, sheet, index, bids, tricks, changes, bombed);
  const entry = sheet.rounds[index];
  entry.bids = bids.slice();
  if (tricks !== undefined) setEnd(sheet, entry, tricks, changes, bombed);
  else if (entry.tricks !== null && entry.bid_changes
    && R.bidChangesProblem(cat, sheet.rules, info(cat, sheet, index).handSize, bids, entry.bid_changes)) {
    setEnd(sheet, entry, null);
  }
  return laterConflicts(cat, sheet, index);
}

/** Enter (or correct) round ``index``'s tricks (its bids must be in), with the Cloud's change of the bids (a
 * number per player: +1, -1, 0) and the tricks won by nobody (the Bomb's). */
export function enterTricks(cat, sheet, index, tricks, changes = null, bombed = 0) {
  checkEnterable(sheet, index);
  const entry = sheet.rounds[index];
  if (entry.bids === null) throw new Refusal('err_bids_first', { number: index + 1 });
  checkTricks(cat, sheet, index, entry.bids, tricks, changes, bombed);
  setEnd(sheet, entry, tricks, changes, bombed);
}

// --- Wily Wizards ----------------------------------------------------------------------------------------------

export function setup(cat, sheet) { return R.wilySetup(cat, sheet.rules); }

export function teamCount(cat, sheet) { return Math.max(...setup(cat, sheet).teams) + 1; }

/** Letters per team after hand ``index`` (-1: before the first). */
export function lettersAfter(cat, sheet, index) {
  const letters = Array.from({ length: teamCount(cat, sheet) }, () => 0);
  for (let i = 0; i <= index && i < sheet.hands.length; i += 1) {
    const hand = sheet.hands[i];
    if (hand.high_bidder !== null && (hand.tricks === null || hand.tricks === undefined)) continue;
    for (const team of R.lettersAwarded(cat, sheet.rules, setup(cat, sheet), hand)) letters[team] += 1;
  }
  return letters;
}

export function handDealer(cat, sheet, index) {
  return R.wilyDealer(cat, sheet.first_dealer, players(sheet), index);
}

/** The teams that won, once a hand completed the word (the hands after it are not counted). */
export function wilyResult(cat, sheet) {
  for (let i = 0; i < sheet.hands.length; i += 1) {
    const winners = R.wilyWinners(cat, lettersAfter(cat, sheet, i));
    if (winners.length) return { winners, lastHand: i };
  }
  return null;
}

/** Enter hand ``index`` (the next one, or a correction of an earlier one). */
export function enterHand(cat, sheet, index, hand) {
  if (index < 0 || index > sheet.hands.length) throw new Refusal('err_no_round', { number: index + 1 });
  const result = wilyResult(cat, sheet);
  if (index === sheet.hands.length && result) throw new Refusal('err_game_over');
  const entry = {
    high_bidder: hand.high_bidder, bid: hand.high_bidder === null ? null : hand.bid,
    calls: hand.high_bidder !== null && sheet.rules.combined_bids ? hand.calls.slice() : null,
    trump: hand.high_bidder === null ? null : hand.trump || null,
    tricks: hand.high_bidder === null ? null : hand.tricks,
  };
  if (entry.calls) entry.calls[entry.high_bidder] = entry.bid;
  const problem = R.wilyHandProblem(cat, sheet.rules, setup(cat, sheet), entry);
  if (problem) throw new Refusal(problem.key, { ...problem, name: problem.seat === undefined ? '' : sheet.names[problem.seat] });
  if (index === sheet.hands.length) sheet.hands.push(entry);
  else sheet.hands[index] = entry;
}

// --- both ------------------------------------------------------------------------------------------------------

export function finished(cat, sheet) {
  return isWily(sheet) ? wilyResult(cat, sheet) !== null : nextRound(sheet) === null;
}

/** The winning seats once the game is over (a team's members in Wily Wizards), else []. */
export function winners(cat, sheet) {
  if (isWily(sheet)) {
    const result = wilyResult(cat, sheet);
    if (!result) return [];
    const teams = setup(cat, sheet).teams;
    return teams.map((team, seat) => (result.winners.includes(team) ? seat : -1)).filter((seat) => seat >= 0);
  }
  return finished(cat, sheet) ? R.wizardWinners(cat, totals(cat, sheet)) : [];
}

/** A sheet read from storage, a file or a shared pad, re-entered through every check (a hand-edited file cannot
 * hold what the pad would refuse). */
export function checkedSheet(cat, data) {
  if (!data || ![SHEET_FORMAT, SHEET_FORMAT_SPECIAL].includes(data.format)) throw new Refusal('err_not_a_pad');
  const sheet = newSheet(cat, {
    names: data.names, rules: data.rules, firstDealer: data.first_dealer, scorekeeper: data.scorekeeper,
    title: data.title || null,
  });
  if (isWily(sheet)) {
    (data.hands || []).forEach((hand, index) => enterHand(cat, sheet, index, hand));
  } else {
    if ((data.rounds || []).length !== sheet.rounds.length) throw new Refusal('err_not_a_pad');
    data.rounds.forEach((entry, index) => {
      if (entry.bids !== null) enterRound(cat, sheet, index, entry.bids);
      if (entry.tricks !== null) enterTricks(cat, sheet, index, entry.tricks, entry.bid_changes ?? null, entry.bombed ?? 0);
    });
  }
  return sheet;
}
