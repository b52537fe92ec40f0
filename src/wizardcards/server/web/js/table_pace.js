// The animation queue: the views the server sends are shown one by one, with what a table shows between moves.
//
// The server paces its bots (a table's bot pace, 0.7 s by default, between an action and a bot's next one), so the
// views come one by one and are shown as they come. The page adds only what a table shows between moves: each card
// flies from its player's place to the trick, a finished trick stays on the table a moment and then goes to its
// winner, and after a hand's last trick the hand's summary stays until dismissed or for a few seconds, before the
// next hand is dealt on screen. Views that arrive meanwhile wait in the model's queue (table_model.js nextView says
// which comes next and how). How long each of these takes is a setting ('normal', 'fast', 'off').
//
// The motion's own state (ctrl.motion): pumping, behind (views waited behind an animation), catchingUp (no flights
// for the view being drawn), flights (the card flights under way), arriving (cards the trick view just drew, to fly
// in once laid out), playedFrom (where this seat's card was clicked).

import { cardName } from './cards.js';
import { announce, storageGet, storageSet } from './dom.js';
import { t } from './i18n.js';
import { endOfHand, nextView } from './table_model.js';
import { showRoundSummary } from './round_summary.js';
import { centreOf, flyIn } from './seats.js';
import { layout, renderSeats } from './table_ring.js';

// milliseconds: deal, a card's flight from its player to the trick; trick, a finished trick on the table; fly, its
// flight to the winner; summary, the hand's summary; queued, between views that waited behind one of these
const SPEEDS = {
  normal: { deal: 320, trick: 1100, fly: 450, summary: 6000, queued: 250 },
  fast: { deal: 180, trick: 500, fly: 250, summary: 3500, queued: 120 },
  off: { deal: 0, trick: 0, fly: 0, summary: 0, queued: 0 },
};
export const SPEED_KEY = 'wizardcards.speed';
// "keep the summary until I close it": a hand's summary then waits for its button (or Escape, Enter, a click beside it)
export const KEEP_SUMMARY_KEY = 'wizardcards.keepSummary';

export const keepSummary = () => storageGet(KEEP_SUMMARY_KEY, false) === true;
export const setKeepSummary = (keep) => storageSet(KEEP_SUMMARY_KEY, !!keep);

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** The chosen speed with its durations; without a choice, 'normal', or 'fast' without flights when the system asks
 * for reduced motion. */
export function speed() {
  const chosen = storageGet(SPEED_KEY, null);
  if (SPEEDS[chosen]) return { name: chosen, ...SPEEDS[chosen] };
  const reduced = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduced ? { name: 'fast', ...SPEEDS.fast, deal: 0, fly: 0 } : { name: 'normal', ...SPEEDS.normal };
}

export function newMotion() {
  return { pumping: false, behind: false, catchingUp: false, flights: [], arriving: [], playedFrom: null, trickDrawn: null };
}

/** Show the queued views one by one (ctrl.render draws a view frame; a trick override shows a completed trick). */
export async function pump(ctrl) {
  const { state, motion } = ctrl;
  if (motion.pumping) return;
  motion.pumping = true;
  try {
    for (let step = nextView(state); step; step = nextView(state)) {
      const { message, previous, catchUp, done, handEnded } = step;
      const pace = speed();
      let waited = false;
      motion.catchingUp = catchUp;
      if (done && !catchUp && pace.trick > 0) {
        state.animating = true;
        // the hand's last trick is shown on the hand it ended: the next hand's deal, trump and dealer wait
        ctrl.render(handEnded ? endOfHand(previous, message, done) : message, done);
        announceTrick(ctrl, done, message.view);
        await Promise.all(motion.flights);
        await sleep(pace.trick);
        await flyTrick(ctrl, done.winner, pace.fly);
        ctrl.el.trick.classList.add('flown'); // gone to the winner: the places stay empty until the next view
        waited = true;
      } else if (done) {
        announceTrick(ctrl, done, message.view);
      }
      if (handEnded && pace.summary > 0) {
        state.animating = true;
        // the seats behind the summary show the totals it shows (the hand that ended, scored)
        if (done) {
          renderSeats(ctrl, endOfHand(previous, message, done, { scored: true }).view);
          layout(ctrl);
        }
        await showHandSummary(ctrl, message);
        waited = true;
      }
      state.animating = false;
      motion.catchingUp = catchUp;
      ctrl.render(message, null);
      await Promise.all(motion.flights);
      // views that came while the page showed a trick or a summary follow each other a little apart, as the
      // server sent them, until the page has caught up
      if (waited) motion.behind = true;
      if (!state.queue.length || catchUp) motion.behind = false;
      if (motion.behind && pace.queued > 0) await sleep(pace.queued);
    }
  } finally {
    motion.pumping = false;
    state.animating = false;
  }
}

async function showHandSummary(ctrl, message) {
  const v = message.view;
  const sheet = v.sheet || [];
  await openHandSummary(ctrl, v, sheet.length - 1, keepSummary() ? null : speed().summary);
}

/** The summary of the hand ``index`` of the view's sheet (``holdMs`` null: until closed); resolves once closed. Also
 * what a click on a line of the score sheet opens again. */
export function openHandSummary(ctrl, v, index, holdMs = null, { again = false } = {}) {
  return showRoundSummary(ctrl.screenEl, {
    row: v.sheet[index], view: v, names: ctrl.state.names, nameOf: (seat) => ctrl.nameOf(seat), mySeat: ctrl.state.seat,
    number: index + 1, holdMs, again, keep: keepSummary(), onKeep: (keep) => { setKeepSummary(keep); ctrl.syncKeepSummary(); },
    bidChanges: (v.sheet_bid_changes || [])[index] || [],
  });
}

function announceTrick(ctrl, done, view) {
  if (done.winner < 0) { announce(t('table.trick.bombed')); return; } // the Bomb: nobody won it
  const style = view.rules.rank_style;
  const cards = done.cards.map((c) => cardName(c, style)).join(', ');
  announce(done.winner === ctrl.state.seat ? t('table.announce.you_won_trick', { cards })
    : t('table.announce.won_trick', { name: ctrl.nameOf(done.winner), cards }));
}

/** The finished trick's cards fly to the winner's box. */
async function flyTrick(ctrl, winner, duration) {
  const target = ctrl.el.seats.querySelector(`[data-seat="${winner}"]`);
  const cards = [...ctrl.el.trick.querySelectorAll('.played .card-svg')];
  if (!target || !cards.length || duration <= 0) return;
  const to = target.getBoundingClientRect();
  const animations = cards.map((card) => {
    const from = card.getBoundingClientRect();
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    return card.animate([
      { transform: 'translate(0, 0) scale(1)', opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.25)`, opacity: 0.1 },
    ], { duration, easing: 'ease-in', fill: 'forwards' });
  });
  await Promise.all(animations.map((a) => a.finished.catch(() => null)));
}

/** The cards the trick view just drew (each {el, seat, card}) fly in once the table is laid out, unless catching up. */
export function setArriving(ctrl, arriving) {
  ctrl.motion.arriving = speed().deal > 0 && !ctrl.motion.catchingUp ? arriving : [];
}

/** The flights of the cards just put on the table, once the table is laid out (each ends where its card lies). */
export function startFlights(ctrl) {
  const duration = speed().deal;
  ctrl.motion.flights = ctrl.motion.arriving.map(({ el, seat, card }) => flyIn(el, startOf(ctrl, seat, card), duration));
  ctrl.motion.arriving = [];
}

/** Note where this seat's card was clicked in the hand: its flight to the trick starts there. */
export function notePlayedFrom(ctrl, card, button) {
  ctrl.motion.playedFrom = { card, from: centreOf(button), at: Date.now() };
}

/** Where a card played by ``seat`` starts its flight: the player's box; your own card from where it was in your
 * hand when you played it. */
function startOf(ctrl, seat, card) {
  const from = ctrl.motion.playedFrom;
  if (seat === ctrl.state.seat && from && from.card === card && Date.now() - from.at < 5000) return from.from;
  const box = ctrl.el.seats.querySelector(`[data-seat="${seat}"]`);
  return box ? centreOf(box) : null;
}
