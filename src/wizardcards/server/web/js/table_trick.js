// The middle of the table and its corners: the trick (a place per player, in front of that player, numbered in the
// order of play; the cards that fly in, the winner's ★), during the bidding the sum of the bids or the auction's calls, the trump box (bottom left) and the
// *Last trick* dialog. Draws from the model's state (ctrl.state) and the view on screen.

import { cardName, cardSvg, isJester, isWizard, SUITS, suitIcon } from './cards.js';
import { BOMB, DRAGON, FAIRY } from './specials.js';
import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { passTarget } from './table_model.js';
import { setArriving } from './table_pace.js';

export function renderTrump(ctrl, v) {
  const { state } = ctrl;
  const style = v.rules.rank_style;
  const parts = [];
  if (v.game === 'wizard') {
    if (v.trump_card >= 0) {
      parts.push(h('div', { class: 'mini-card', role: 'img', 'aria-label': t('table.trump.turned_up', { card: cardName(v.trump_card, style) }) },
        cardSvg(v.trump_card, style)));
    } else {
      parts.push(h('div', { class: 'mini-card empty', 'aria-hidden': 'true' }, '—'));
    }
  }
  let text;
  // a Wizard (or a special card but the Fairy and the Bomb) turned up: the dealer chooses the trump; the Werewolf:
  // its holder took the card turned up and names it (the box says who for the whole hand)
  const werewolf = v.game === 'wizard' && v.werewolf >= 0;
  const dealerChooses = v.game === 'wizard' && !werewolf && (isWizard(v.trump_card)
    || (v.trump_card >= DRAGON && v.trump_card !== FAIRY && v.trump_card !== BOMB));
  const chooser = werewolf ? h('span', { class: 'trump-chooser' }, ` ${ctrl.about(v.werewolf, 'table.trump.werewolf_by',
    { card: cardName(v.turned_up, style) })}`)
    : dealerChooses ? h('span', { class: 'trump-chooser' }, ` ${ctrl.about(v.dealer, 'table.trump.chosen_by')}`) : null;
  if (v.phase === 'werewolf') {
    text = h('span', { class: 'trump-text' }, ctrl.about(v.werewolf, 'table.trump.werewolf_naming',
      { card: cardName(v.turned_up, style) }));
  } else if (v.trump_suit >= 0) {
    const suit = SUITS[v.trump_suit];
    text = h('span', { class: 'trump-text' }, `${t('table.trump.trump')} `, suitIcon(v.trump_suit, 18), h('b', {}, suit.name), chooser);
  } else if (dealerChooses && v.phase === 'choose_trump') {
    text = h('span', { class: 'trump-text' }, isWizard(v.trump_card) ? ctrl.about(v.dealer, 'table.trump.wizard_turned')
      : ctrl.about(v.dealer, 'table.trump.special_chooses', { card: cardName(v.trump_card, style) }));
  } else if (v.game === 'wily' && (v.phase === 'auction' || v.phase === 'name_trump')) {
    text = h('span', { class: 'trump-text' }, t('table.trump.not_named'));
  } else {
    let why = '';
    if (v.game === 'wizard') {
      if (isJester(v.trump_card)) why = t('table.trump.jester_turned');
      else if (v.trump_card === FAIRY || v.trump_card === BOMB) why = t('table.trump.special_turned', { card: cardName(v.trump_card, style) });
      else if (v.trump_card < 0) why = t('table.trump.none_turned');
    }
    text = h('span', { class: 'trump-text' }, h('b', {}, t('table.no_trump')), why ? ` ${why}` : '', werewolf || dealerChooses ? chooser : '');
  }
  parts.push(text);
  if (v.game === 'wily' && v.high_bidder >= 0 && v.phase !== 'auction') {
    const ours = v.teams[v.high_bidder] === v.teams[state.seat];
    parts.push(h('span', { class: 'contract' }, ours ? t('table.trump.contract_ours', { count: v.contract })
      : t('table.trump.contract_theirs', { name: state.names[v.high_bidder], count: v.contract })));
  }
  fill(ctrl.el.trump, parts);
}

/** The trick on the table (``override``: a completed trick, shown with its winner), or the bidding's summary. */
export function renderTrick(ctrl, v, override) {
  const { el, state, motion } = ctrl;
  const style = v.rules.rank_style;
  const n = v.players;
  const note = [];
  let leader = v.trick_leader;
  let cards = v.trick;
  let winner = -1;
  if (!override && (v.phase === 'game_over' || v.phase === 'cloud' || v.phase === 'juggle') && state.shown.last_trick) {
    // the game's last trick stays on the table; so does the trick of the Cloud or the Juggler while its decisions
    // (the bid's change, the pass) are taken
    override = state.shown.last_trick;
  }
  if (override) ({ leader, cards, winner } = override);
  const showTrick = override || v.phase === 'play' || v.phase === 'game_over' && cards.length;
  el.trick.classList.toggle('complete', !!override);
  el.trick.classList.remove('flown');
  el.trick.classList.toggle('bidding-view', !showTrick);
  el.trick.classList.toggle('by-seat', !!showTrick); // each card in front of its player (table_ring.js lays them)
  const drawn = motion.trickDrawn;
  motion.trickDrawn = showTrick ? { leader, cards: [...cards] } : null;
  motion.flights = [];
  if (!showTrick) {
    fill(el.trick, biddingSummary(ctrl, v));
    fill(el.centreNote, '');
    return;
  }
  // the cards added to the trick on screen since the last view: each flies in from its player's place
  const sameTrick = drawn && drawn.leader === leader && drawn.cards.every((card, k) => cards[k] === card);
  const firstNew = sameTrick ? drawn.cards.length : 0;
  const slots = [];
  const arriving = [];
  for (let k = 0; k < n; k += 1) {
    const seat = (leader + k) % n;
    const card = cards[k];
    const name = ctrl.nameOf(seat);
    if (card !== undefined) {
      const wins = seat === winner;
      const cardEl = h('div', { class: 'trick-card', role: 'img', 'aria-label':
        t(k === 0 ? 'table.trick.card_led' : 'table.trick.card', { name, card: cardName(card, style) })
        + (wins ? `, ${t('table.trick.wins')}` : '') },
      cardSvg(card, style), wins ? h('span', { class: 'win-star', 'aria-hidden': 'true' }, '\u2605') : null,
      // the order of play, as the cards lie by seat: 1 led; a later card lies over an earlier one
      h('span', { class: 'trick-order', 'aria-hidden': 'true' }, String(k + 1)));
      slots.push(h('figure', { class: `slot played${wins ? ' winner' : ''}`, style: { zIndex: String(k + 1) },
        dataset: { card: String(card), seat: String(seat), order: String(k + 1) } },
        cardEl,
        h('figcaption', {}, h('span', { class: 'who' }, name), k === 0 ? h('span', { class: 'led' }, t('table.trick.led')) : null)));
      if (k >= firstNew) arriving.push({ el: cardEl, seat, card });
    } else if (!override) {
      const next = seat === v.current_player;
      slots.push(h('figure', { class: `slot empty${next ? ' next' : ''}`, dataset: { seat: String(seat) } },
        h('div', { class: 'trick-card placeholder', 'aria-hidden': 'true' }, next ? '\u2026' : ''),
        h('figcaption', {}, h('span', { class: 'who' }, name))));
    }
  }
  fill(el.trick, slots);
  if (override && winner >= 0) {
    const text = v.phase === 'game_over' ? ctrl.about(winner, 'table.trick.won_last') : ctrl.about(winner, 'table.trick.won');
    note.push(h('span', { class: 'trick-winner' }, `\u2605 ${text}`));
  } else if (override && cards.length === n) {
    note.push(h('span', { class: 'trick-winner bombed' }, t('table.trick.bombed'))); // the Bomb: won by nobody
  }
  fill(el.centreNote, note);
  setArriving(ctrl, arriving);
}

function biddingSummary(ctrl, v) {
  if (v.game === 'wizard') {
    const known = v.bids.filter((b) => b !== null && b !== undefined);
    const sum = known.reduce((a, b) => a + b, 0);
    let line;
    if (v.phase === 'choose_trump') line = t('table.bids.after_trump');
    else {
      line = t('table.bids.so_far', { sum, count: v.hand_size });
      if (known.length === v.players && sum > v.hand_size) line += ` ${t('table.bids.over', { count: sum - v.hand_size })}`;
      else if (known.length === v.players && sum < v.hand_size) line += ` ${t('table.bids.under', { count: v.hand_size - sum })}`;
    }
    return h('div', { class: 'bidding' }, h('p', { class: 'bid-sum' }, line));
  }
  if (v.phase === 'auction' || v.phase === 'name_trump' || v.phase === 'pass_cards') {
    const calls = v.auction.map(([seat, call]) => h('li', {}, call === 0 ? ctrl.about(seat, 'table.auction.passes')
      : ctrl.about(seat, 'table.auction.bids', { bid: call })));
    let title;
    if (v.phase === 'auction') {
      title = v.high_bidder >= 0 ? t('table.auction.high', { bid: v.high_bid, name: ctrl.nameOf(v.high_bidder) }) : t('table.auction.no_bid');
    } else if (v.phase === 'name_trump') {
      title = ctrl.about(v.high_bidder, 'table.auction.won', { bid: v.high_bid });
    } else {
      title = passingNote(ctrl, v);
    }
    return h('div', { class: 'bidding' }, h('p', { class: 'bid-sum' }, title),
      calls.length ? h('ol', { class: 'auction-calls', 'aria-label': t('table.auction.calls') }, calls) : null);
  }
  return h('div', { class: 'bidding' });
}

function passingNote(ctrl, v) {
  const target = passTarget(v, ctrl.state.seat);
  if (ctrl.state.seat < 0 || target < 0) return t('table.passing.everyone');
  return t('table.passing.yours_to', { name: ctrl.nameOf(target) });
}

/** The *Last trick* dialog's content: the last completed trick, its winner marked; null when there is none. */
export function lastTrickContent(ctrl) {
  const shown = ctrl.state.shown;
  const done = shown && shown.last_trick;
  if (!done) return null;
  const v = shown.view;
  const style = v.rules.rank_style;
  const cards = done.cards.map((card, k) => {
    const seat = (done.leader + k) % v.players;
    return h('figure', { class: `slot played${seat === done.winner ? ' winner' : ''}` },
      h('div', { class: 'trick-card', role: 'img', 'aria-label':
        t(k === 0 ? 'table.trick.card_led' : 'table.trick.card', { name: ctrl.nameOf(seat), card: cardName(card, style) }) },
      cardSvg(card, style), seat === done.winner ? h('span', { class: 'win-star', 'aria-hidden': 'true' }, '\u2605') : null),
      h('figcaption', {}, h('span', { class: 'who' }, ctrl.nameOf(seat)), k === 0 ? h('span', { class: 'led' }, t('table.trick.led')) : null));
  });
  return [h('div', { class: 'trick' }, cards),
    h('p', {}, done.winner >= 0 ? ctrl.about(done.winner, 'table.trick.won_it') : t('table.trick.bombed'))];
}
