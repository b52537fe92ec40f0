// Your hand: sorted (Wizards, trump, the other suits alternating dark and light, Jesters last), the playable cards
// raised and the others faded with the reason in their label, the cards chosen for Wily's passing (or the one for a
// Juggler's pass), the special card waiting for its choice (the Juggler's suit ...), the hint's ★; a
// long hand overlapped, and on two rows where one would leave too thin a strip to tap. A click goes to the controller
// (ctrl.clickCard); the arrows' roving focus is table_keys.js's.

import { cardAction, cardName, cardPlayActions, cardSvg, sortHand } from './cards.js';
import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { hintedActions, legalNow, myTurn, stillToJuggle } from './table_model.js';

export function renderHand(ctrl, v) {
  const { el, state } = ctrl;
  const hand = el.hand;
  if (state.seat < 0) { hand.hidden = true; return; }
  hand.hidden = false;
  const style = v.rules.rank_style;
  const passing = state.status === 'playing' && !state.passQueue.length
    && ((v.phase === 'pass_cards' && v.given.length < 3) || stillToJuggle(v, state.seat));
  const legal = legalNow(state, v);
  const turn = myTurn(state, v);
  const cards = sortHand(v.hand, v.trump_suit);
  const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('#hand .card')
    ? Number(document.activeElement.dataset.card) : null;
  const hinted = hintedActions(state, v); // in Wily's passing the three cards the hint's box names
  const playPhase = v.phase === 'play';
  const buttons = cards.map((card) => {
    // a card whose play names a choice (the Juggler, Cloud, Shapeshifter) is playable when one of its plays is
    const plays = cardPlayActions(card).filter((a) => legal.has(a));
    const action = plays.length ? plays[0] : cardAction(card);
    let playable = playPhase && plays.length > 0;
    let selected = playPhase && state.choice !== null && state.choice.card === card;
    if (passing) {
      playable = true;
      selected = state.passSelection.has(card);
    }
    const name = cardName(card, style);
    // the Juggler's, Cloud's or Shapeshifter's star whichever of its plays the hint names (the Juggler naming ♥)
    const isHinted = playable && (passing ? hinted.has(action) : plays.some((a) => hinted.has(a)));
    const notes = [];
    if (passing && selected) notes.push(t('table.hand.chosen'));
    if (!passing && playPhase && turn && !playable) notes.push(t('table.hand.not_now'));
    if (!passing && isHinted) notes.push(t('table.hint.suggested'));
    return h('button', {
      type: 'button', class: `card${playable ? ' playable' : ''}${selected ? ' selected' : ''}${isHinted ? ' hinted' : ''}`,
      dataset: { card: String(card), action: String(action) }, 'aria-label': [name, ...notes].join(', '), tabindex: '-1',
      'aria-disabled': playable ? 'false' : 'true', 'aria-pressed': passing ? String(selected) : null,
      onclick: () => ctrl.clickCard(card),
    }, cardSvg(card, style), isHinted ? h('span', { class: 'hint-star', 'aria-hidden': 'true' }, '\u2605') : null);
  });
  const dim = v.phase === 'play' && turn;
  hand.classList.toggle('choosing', dim || passing);
  hand.setAttribute('aria-label', dim ? t('table.hand.label_playing', { count: cards.length }) : t('table.hand.label', { count: cards.length }));
  fill(hand, buttons);
  layoutHand(hand, buttons);
  // roving focus: one card is reachable with Tab, the arrows move along the hand
  const playable = buttons.filter((b) => b.classList.contains('playable'));
  const target = buttons.find((b) => Number(b.dataset.card) === (focused ?? ctrl.focusCard)) || playable[0] || buttons[0];
  if (target) target.tabIndex = 0;
  if (focused !== null && target) target.focus({ preventScroll: true });
  if (!target) hand.append(h('p', { class: 'empty-hand' }, v.phase === 'game_over' ? '' : t('table.hand.empty')));
}

/** Overlap the cards so the hand fits the width; more than fits at a readable overlap goes on a second row. */
function layoutHand(hand, buttons) {
  const style = getComputedStyle(hand);
  const width = (hand.clientWidth || 360) - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 2;
  const count = buttons.length;
  if (!count) return;
  const cardWidth = buttons[0].getBoundingClientRect().width || 64;
  const minStep = Math.max(34, cardWidth * 0.5); // the visible strip of a card: its corner, and room for a finger
  const perRow = Math.max(1, Math.floor((width - cardWidth) / minStep) + 1);
  const rows = Math.ceil(count / perRow);
  const inRow = Math.ceil(count / rows);
  const step = Math.min(cardWidth + 6, (width - cardWidth) / Math.max(1, inRow - 1));
  hand.style.setProperty('--overlap', `${Math.min(6, step - cardWidth)}px`);
  hand.style.setProperty('--rows', String(rows));
  buttons.forEach((button, k) => {
    button.style.marginLeft = k % inRow === 0 ? '0px' : `${step - cardWidth}px`;
    button.classList.toggle('row-start', k % inRow === 0 && k > 0);
  });
}
