// The table's model: the state of one seat's (or a spectator's) table, kept from the frames the server sends, by plain
// functions. No DOM, no timers, no socket: the controller (table.js) calls these with each frame, and the views
// (table_*.js) draw from the state they leave. Node's test runner checks them over frames recorded from the server
// (tests/web/).
//
// Nothing here decides what is legal: the hand's playable cards, the bids offered and the trump choices are the view's
// legal actions; the server and its core check every decision again. The only rule facts mirrored are display ones
// (who receives a seat's passed cards, to write "pass to Cy").
//
// The state object (newTableState) holds:
//   seat, tableId, names, bots, players, status, hints, botPace, turnSeconds   what the welcome and table frames say
//   queue      view frames received and not yet shown (the pace module shows them one by one)
//   shown      the view frame on screen
//   pending    {id, action, seq, phase, resend}: the decision sent and not yet answered
//   passSelection, passQueue   Wily passing: the cards chosen, the actions waiting to be sent one by one (the
//              Juggler's pass: the one card chosen)
//   choice     the special card clicked whose play asks a choice first (the Juggler's or Cloud's suit, the
//              Shapeshifter's part): {card}, until chosen, cancelled or the view moves on
//   hint, chat, unread, rematch, askedRematch, bidDigits, summaryClosed, panel, animating, turnDeadline
//   log, logView, logRows, logAway, welcomed, logRebuilt   the move log (table_log.js)

import { BID_BASE, cardShort, NO_TRUMP, PASS, SUITS, TRUMP_BASE } from './cards.js';
import { t } from './i18n.js';
import { CLOUD_DOWN, CLOUD_UP, playChoices, SPECIAL_CARD_BASE, SPECIAL_OFFSET } from './specials.js';
import { appendLog, logTable, logWelcome } from './table_log.js';

// the special cards' phases too: the Werewolf's holder names trump, the Cloud's trick winner changes the bid, the
// Juggler's pass (every player gives one card to the left)
const PHASES = ['choose_trump', 'bid', 'auction', 'name_trump', 'pass_cards', 'play', 'werewolf', 'cloud', 'juggle'];

/** The phase as the catalog's keys name it ("other" for the phases without words of their own). */
export const phaseKey = (phase) => (PHASES.includes(phase) ? phase : 'other');

const CHAT_KEPT = 200;
const CATCH_UP_AFTER = 6; // more views than this waiting: jump to the newest

export function newTableState({ token = '', watch = false, invite = null } = {}) {
  return {
    token, watch, invite,
    seat: null, tableId: null, names: [], bots: [], players: null, status: 'waiting', hints: false,
    botPace: null, turnSeconds: null,
    queue: [], shown: null,
    pending: null, passSelection: new Set(), passQueue: [], choice: null,
    chat: [], unread: 0, chatSent: null, hint: null, rematch: null, askedRematch: false,
    bidDigits: '', summaryClosed: false, panel: null, animating: false, turnDeadline: null,
    // the move log (table_log.js): its entries, the last view it read, the sheet rows it wrote, the seats it said a
    // stand-in plays for, whether a welcome came, and how often its entries were rebuilt (not only added to)
    log: [], logView: null, logRows: 0, logAway: new Set(), welcomed: false, logRebuilt: 0,
  };
}

// --- frames ---------------------------------------------------------------------------------------------------

export function applyWelcome(state, frame) {
  state.seat = frame.seat;
  state.tableId = frame.table;
  state.names = frame.names;
  state.bots = frame.bots;
  state.status = frame.status;
  state.hints = !!frame.hints;
  state.visibility = frame.visibility === 'private' ? 'private' : 'public';
  state.botPace = typeof frame.bot_pace === 'number' ? frame.bot_pace : null;
  state.turnSeconds = typeof frame.turn_seconds === 'number' ? frame.turn_seconds : null;
  state.chat = []; // the server sends the recent chat again after the view
  state.queue = [];
  // a move sent just before the connection dropped may or may not have arrived: it is sent again with the same id
  // once the view shows the seat still on turn (the server applies an id once and answers a repeat with its ack)
  if (state.pending) state.pending.resend = true;
  logWelcome(state, frame);
  return state;
}

/** Who sits where (names, claims, connections): a "table" frame. */
export function applyTable(state, frame) {
  logTable(state, frame);
  state.players = frame.players;
  state.names = frame.players.map((p) => p.name);
  if (frame.status) state.status = frame.status;
  return state;
}

/** A view frame arrives: it waits in the queue until the page shows it; the log notes its move at once (the log's
 * view shows each line once its view is on screen). */
export function receiveView(state, frame, receivedAt = 0) {
  frame.receivedAt = receivedAt; // the turn timer counts from it (and the tests of the bots' pace read it)
  state.queue.push(frame);
  appendLog(state, frame, passTarget);
  return state;
}

export function applyChat(state, frame, { unread = false } = {}) {
  state.chat.push(frame);
  if (state.chat.length > CHAT_KEPT) state.chat.shift();
  if (unread) state.unread += 1;
  return state;
}

/** The answer to this seat's hint request, if it answers the view on screen. Returns whether it was taken. */
export function applyHint(state, frame) {
  if (!state.hint || !state.shown || frame.seq !== state.shown.seq) return false;
  state.hint = { waiting: false, values: frame.values || [], best: frame.best };
  return true;
}

export function applyRematch(state, frame) {
  state.rematch = { table: frame.table, token: frame.token };
  state.summaryClosed = false;
  return state;
}

/** What an error frame refuses: returns the pending decision it refused (or null), and settles the passing queue,
 * the hint and the chat line it answers. */
export function applyError(state, frame) {
  const pending = state.pending;
  const refused = pending && (frame.reply_to === pending.id
    || (!frame.reply_to && (frame.code === 'stale' || frame.code === 'unavailable'))) ? pending : null;
  if (refused) state.pending = null;
  if (state.hint && (frame.reply_to === state.hint.id || frame.code === 'no_hints')) state.hint = null;
  if (frame.code === 'stale' && refused && refused.phase === 'pass_cards') {
    // a card chosen for passing is offered again once it is this seat's turn
    state.passQueue.unshift(refused.action);
  } else if (frame.code === 'unavailable' && refused && refused.phase === 'pass_cards') {
    state.passQueue = []; // nothing changed on the server: the same cards can be chosen again
  }
  return refused;
}

// --- showing views one by one ---------------------------------------------------------------------------------

/** The next view to show and how: {message, previous, catchUp, done, handEnded}, or null when none waits. An older
 * view overtaken by a newer one is dropped. ``catchUp``: far behind (a reconnect, a page that was asleep) or the
 * first view, shown at once without animation; ``done``: the trick completed since the view on screen; ``handEnded``:
 * the view's score sheet has a new row. */
export function nextView(state) {
  while (state.queue.length) {
    const message = state.queue.shift();
    const previous = state.shown;
    if (previous && message.seq < previous.seq) continue;
    const consecutive = previous && message.seq === previous.seq + 1;
    const catchUp = !previous || state.queue.length > CATCH_UP_AFTER || !consecutive;
    const done = consecutive ? completedTrick(previous, message) : null;
    const handEnded = !catchUp && (message.view.sheet || []).length > (previous.view.sheet || []).length;
    return { message, previous, catchUp, done, handEnded };
  }
  return null;
}

/** The trick completed between two consecutive views, or null. A view message carries the view's last trick
 * (`last_trick`), which stays after the hand's last card, when the view's own `round_tricks` start empty again with
 * the next deal, until the next hand's first card is played (then it is null until a trick is complete). */
export function completedTrick(previous, message) {
  const now = message.last_trick;
  return now && JSON.stringify(now) !== JSON.stringify(previous.last_trick) ? now : null;
}

/** What the table looks like once a hand's last card is down: the hand that ended (its trump, dealer, bids), the
 * trick complete, nobody on turn; the view after it already holds the next hand, shown after the summary.
 * ``scored``: with the totals after the hand (the next view's, the summary's), for the seats behind the summary. */
export function endOfHand(previous, message, done, { scored = false } = {}) {
  const v = previous.view;
  const scores = scored ? message.view.scores : v.scores;
  const tricksWon = [...v.tricks_won];
  if (done.winner >= 0) tricksWon[done.winner] = (tricksWon[done.winner] || 0) + 1;
  const played = new Set(done.cards);
  return { ...message, last_trick: done,
    view: { ...v, trick: [], hand: v.hand.filter((card) => !played.has(card)), tricks_won: tricksWon, scores,
      current_player: -1, legal_actions: [], phase: 'play' } };
}

/** The view frame goes on screen: what it settles (the hint and passing choices of an older decision, the pending
 * decision it answers, the turn's deadline). Returns the pending decision to send again (after a reconnect, the seat
 * still on turn), or null. */
export function showView(state, message) {
  const previous = state.shown;
  state.shown = message;
  state.status = message.status;
  const v = message.view;
  if (!previous || previous.seq !== message.seq) {
    state.hint = null;
    state.choice = null;
    if (v.phase !== 'pass_cards' && !(v.phase === 'juggle' && previous && previous.view.phase === 'juggle')) {
      state.passSelection.clear();
      state.passQueue = [];
    }
  }
  const pending = state.pending;
  if (pending && (message.seq > pending.seq || v.current_player !== state.seat)) state.pending = null;
  let resend = null;
  if (state.pending && state.pending.resend && message.status === 'playing') {
    state.pending.resend = false;
    resend = state.pending;
  }
  state.turnDeadline = typeof message.turn_left === 'number' && v.current_player >= 0
    ? { seat: v.current_player, at: message.receivedAt + message.turn_left * 1000 } : null;
  return resend;
}

// --- what the state says --------------------------------------------------------------------------------------

/** Whether this page may decide now: the seat on turn, the game playing, nothing animating. */
export function myTurn(state, v) {
  return state.seat >= 0 && v.current_player === state.seat && state.status === 'playing' && !state.animating;
}

/** The legal actions this page may take now (none while a decision is in flight). */
export function legalNow(state, v) {
  return new Set(myTurn(state, v) && !state.pending ? v.legal_actions : []);
}

/** The actions the hint suggests (a Set): the best one; in Wily's passing as many of the best as cards are still to
 * give (three, best first), which the hint's box names. */
export function hintedActions(state, v) {
  const hint = state.hint;
  if (!hint || hint.waiting) return new Set();
  if (v.phase === 'pass_cards') return new Set(hint.values.slice(0, Math.max(0, 3 - v.given.length)).map((entry) => entry.action));
  return new Set(hint.best === null || hint.best === undefined ? [] : [hint.best]);
}

/** The words the hint's box gives an action of ``v`` (seen by ``seat``): a card ("A♥", "Wizard", "Juggler ♥",
 * "Shapeshifter as Jester": a special card's play or its gift in a Juggler's pass), a bid, a trump suit, the Cloud's
 * change with the bid it makes. */
export function hintText(action, v, seat) {
  const style = v.rules.rank_style;
  if (action < TRUMP_BASE) return cardShort(action === 52 ? 52 : action === 53 ? 56 : action, style);
  if (action === CLOUD_UP || action === CLOUD_DOWN) {
    const bid = v.bids[seat];
    const up = action === CLOUD_UP;
    return t(up ? 'table.hint.cloud_up' : 'table.hint.cloud_down', { bid: typeof bid === 'number' ? bid + (up ? 1 : -1) : '?' });
  }
  if (action >= SPECIAL_CARD_BASE) return cardShort(action - SPECIAL_OFFSET, style);
  if (action >= BID_BASE) return t('table.hint.bid', { bid: action - BID_BASE });
  if (action === PASS) return t('table.pass');
  if (action === NO_TRUMP) return t('table.no_trump');
  return SUITS[action - TRUMP_BASE].name;
}

/** What the hint's box names: ``{entries, every, overall}``, the hint's values best first; at a special card clicked
 * for its choice (the Juggler's or Cloud's suit, the Shapeshifter's part) only that card's plays the view offers, and
 * there (as at the Werewolf's trump and the Cloud's change, a few buttons each) ``every`` is true: each offered
 * choice is named with its value, not only the best three. ``overall``: the hint's best entry where it is not among
 * the clicked card's choices (another card is better), else null. An entry the view does not offer is never named. */
export function hintEntries(state, v) {
  const hint = state.hint;
  if (!hint || hint.waiting) return { entries: [], every: false, overall: null };
  const legal = new Set(v.legal_actions);
  let entries = hint.values.filter((entry) => legal.has(entry.action));
  let every = v.phase === 'werewolf' || v.phase === 'cloud';
  let overall = null;
  if (v.phase === 'play' && state.choice) {
    const offered = new Set(playChoices(state.choice.card, v.legal_actions).map((choice) => choice.action));
    const mine = entries.filter((entry) => offered.has(entry.action));
    if (mine.length) {
      if (entries[0] !== mine[0]) overall = entries[0];
      entries = mine;
      every = true;
    }
  }
  return { entries, every, overall };
}

/** You first (at the bottom), then the others in playing order: clockwise from your left. */
export function seatOrder(v, mySeat) {
  const n = v.players;
  const first = mySeat >= 0 ? mySeat : 0;
  return Array.from({ length: n }, (_, k) => (first + k) % n);
}

/** Who receives this seat's three cards in Wily's passing (display only: the server does the exchange); -1: none. */
export function passTarget(v, mySeat) {
  if (mySeat < 0) return -1;
  const n = v.players;
  const mode = v.rules.mode || 'partners';
  if (mode === 'no_partners') return (mySeat + 1) % n;
  for (let k = 1; k < n; k += 1) {
    const seat = (mySeat + (mode === 'partners' ? n / 2 : k)) % n;
    if (v.teams[seat] === v.teams[mySeat]) return seat;
  }
  return -1;
}

/** Who receives this seat's card in a Juggler's pass: the player on the left (display only); -1 for a spectator. */
export function juggleTarget(v, mySeat) {
  return mySeat < 0 ? -1 : (mySeat + 1) % v.players;
}

/** Whether this seat still has to give its card in the Juggler's pass on screen: it has given none in this pass.
 * A seat's ``given`` holds the card it gave, from its gift until the pass is over (``received`` then). */
export function stillToJuggle(v, mySeat) {
  return v.phase === 'juggle' && mySeat >= 0 && v.given.length === 0;
}

/** The seat whose card is at each place of the trick on the table (a Map seat -> card). */
export function trickBySeat(v) {
  const inTrick = new Map();
  v.trick.forEach((card, k) => inTrick.set((v.trick_leader + k) % v.players, card));
  return inTrick;
}
