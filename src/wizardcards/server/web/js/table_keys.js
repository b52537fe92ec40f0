// The table's keyboard (docs/browser.md, "Keyboard"): the arrows along the hand, Enter or Space to play, digits to
// bid (two for 10 and more), P to pass, C D H S N for trump, L the last trick, V and M the panels, I a hint, ? the
// keys, Escape the menu. Each key calls what a click would.

import { BID_BASE, NO_TRUMP, PASS, TRUMP_BASE } from './cards.js';
import { t } from './i18n.js';
import { CLOUD_DOWN, CLOUD_UP, playChoices } from './specials.js';
import { CARD_KEYS } from './table_controls.js';
import { myTurn } from './table_model.js';
import { openPanelOrFocus } from './table_side.js';
import { renderStatus } from './table_turn.js';

function moveInHand(ctrl, key, target, inHand) {
  const cards = [...ctrl.el.hand.querySelectorAll('.card')];
  if (!cards.length) return;
  let index = inHand ? cards.indexOf(target.closest('.card')) : -1;
  if (key === 'ArrowLeft') index = index <= 0 ? (inHand ? 0 : cards.length - 1) : index - 1;
  else if (key === 'ArrowRight') index = index < 0 ? 0 : Math.min(cards.length - 1, index + 1);
  else if (key === 'Home') index = 0;
  else index = cards.length - 1;
  cards.forEach((c) => { c.tabIndex = -1; });
  cards[index].tabIndex = 0;
  cards[index].focus();
  ctrl.focusCard = Number(cards[index].dataset.card);
}

export function onKey(ctrl, event) {
  const { el, state } = ctrl;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (event.key === 'Escape' && el.menu.open) {
    // the menu closes on Escape wherever the focus is inside it (its select too), and the focus goes back to ⋯
    el.menu.open = false;
    el.menu.querySelector('summary').focus();
    event.preventDefault();
    return;
  }
  if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) return;
  if (el.dialog.open) return;
  const v = state.shown && state.shown.view;
  if (!v) return;
  const key = event.key;
  const inHand = target && target.closest && target.closest('#hand');
  if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(key) && state.seat >= 0) {
    moveInHand(ctrl, key, target, inHand);
    event.preventDefault();
    return;
  }
  if (inHand && (key === 'Enter' || key === ' ')) {
    // the button's own click does this too; handled here so that Space does not scroll
    event.preventDefault();
    ctrl.clickCard(Number(target.closest('.card').dataset.card));
    return;
  }
  if (target && target.tagName === 'BUTTON' && (key === 'Enter' || key === ' ')) return;
  const lower = key.toLowerCase();
  const turn = myTurn(state, v);
  const choosingTrump = turn && (v.phase === 'choose_trump' || v.phase === 'name_trump' || v.phase === 'werewolf');
  if (turn && v.phase === 'play' && state.choice && lower.length === 1) {
    // the clicked special card's question: C D H S name the Juggler's or Cloud's suit, W J the Shapeshifter's part
    const choice = playChoices(state.choice.card, v.legal_actions).find((c) => (c.suit !== undefined
      ? CARD_KEYS[c.suit] === lower : (c.shape === 'wizard' ? 'w' : 'j') === lower));
    if (choice) { ctrl.choose(choice.action); event.preventDefault(); return; }
  }
  if (turn && v.phase === 'cloud' && (key === '+' || key === '-')) {
    const action = key === '+' ? CLOUD_UP : CLOUD_DOWN;
    if (v.legal_actions.includes(action)) ctrl.act(action);
    event.preventDefault();
    return;
  }
  if (choosingTrump && 'cdhsn'.includes(lower) && lower.length === 1) {
    ctrl.act(lower === 'n' ? NO_TRUMP : TRUMP_BASE + CARD_KEYS.indexOf(lower));
    event.preventDefault();
    return;
  }
  if (/^[0-9]$/.test(key) && turn && (v.phase === 'bid' || v.phase === 'auction')) {
    typeBid(ctrl, key, v);
    event.preventDefault();
    return;
  }
  const keys = {
    p: () => (turn && v.phase === 'auction' ? ctrl.act(PASS) : undefined),
    l: () => ctrl.showLastTrick(),
    v: () => openPanelOrFocus(ctrl, 'scores'),
    m: () => openPanelOrFocus(ctrl, 'chat'),
    i: () => ctrl.askHint(),
  };
  if (key === 'Enter' && state.bidDigits) { commitBid(ctrl, v); event.preventDefault(); return; }
  if (lower === 'p' && !(turn && v.phase === 'auction')) return;
  if (keys[lower] && lower.length === 1) { keys[lower](); event.preventDefault(); return; }
  if (key === '?') { ctrl.showHelp(); event.preventDefault(); }
}

function typeBid(ctrl, digit, v) {
  const { state } = ctrl;
  state.bidDigits = (state.bidDigits + digit).slice(-2);
  clearTimeout(ctrl.bidTimer);
  const value = Number(state.bidDigits);
  // wait for a second digit only while one could still make a bid the hand allows
  const couldGrow = value > 0 && value * 10 <= v.hand_size;
  if (couldGrow && state.bidDigits.length < 2) {
    renderStatus(ctrl, v);
    ctrl.bidTimer = setTimeout(() => commitBid(ctrl, v), 900);
  } else {
    commitBid(ctrl, v);
  }
}

function commitBid(ctrl, v) {
  clearTimeout(ctrl.bidTimer);
  const value = Number(ctrl.state.bidDigits);
  ctrl.state.bidDigits = '';
  if (!ctrl.act(BID_BASE + value)) {
    ctrl.el.error.textContent = t('table.error.bid_refused', { bid: value });
    renderStatus(ctrl, v);
  }
}
