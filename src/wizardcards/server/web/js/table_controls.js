// What is asked of you, above your hand: the bid buttons (Wizard) or the auction's calls and Pass (Wily), the trump
// choice, Wily's passing (choose three, *Pass 3 cards*), the special cards' decisions (the Werewolf's trump, the
// Juggler's or Cloud's suit and the Shapeshifter's part once such a card is clicked, the Cloud's +1 / -1, the
// Juggler's pass: choose one, *Pass card*), the *Hint* button in the turn line and the hint's box. The
// buttons offered are the view's legal actions; a click goes to the controller (ctrl.act, ctrl.confirmPass,
// ctrl.askHint).

import { BID_BASE, cardName, cardShort, NO_TRUMP, PASS, SUITS, suitIcon, TRUMP_BASE } from './cards.js';
import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { CLOUD_DOWN, CLOUD_UP, playChoices, specialKey } from './specials.js';
import { hintEntries, hintText, juggleTarget, legalNow, myTurn, passTarget, stillToJuggle } from './table_model.js';

export const CARD_KEYS = 'cdhs'; // C D H S choose a trump suit (N: no trump) in every language: the keys are the suits' order

function bidButtons(ctrl, v, legal, hintMark) {
  const phase = v.phase;
  const buttons = [];
  if (phase === 'auction') {
    buttons.push(h('button', { type: 'button', class: 'bid pass', disabled: !legal.has(PASS), 'aria-keyshortcuts': 'P',
      dataset: { action: String(PASS) }, onclick: () => ctrl.act(PASS) }, hintMark(PASS), t('table.pass')));
  }
  for (let bid = phase === 'auction' ? 1 : 0; bid <= v.hand_size; bid += 1) {
    const action = BID_BASE + bid;
    if (phase === 'auction' && !legal.has(action) && bid <= v.high_bid) continue;
    buttons.push(h('button', { type: 'button', class: 'bid', disabled: !legal.has(action), dataset: { action: String(action) },
      'aria-label': legal.has(action) || !myTurn(ctrl.state, v) ? t('table.bid_n', { bid }) : t('table.bid_n_refused', { bid }),
      onclick: () => ctrl.act(action) }, hintMark(action), String(bid)));
  }
  return h('div', { class: 'control-group', role: 'group', 'aria-label': phase === 'bid' ? t('table.your_bid') : t('table.your_call') },
    h('span', { class: 'control-label' }, phase === 'bid' ? t('table.your_bid_colon') : t('table.your_call_colon')),
    h('div', { class: 'bid-buttons' }, buttons));
}

function trumpButtons(ctrl, v, legal, hintMark, label = t('table.choose_trump_colon')) {
  const buttons = SUITS.map((suit, k) => h('button', { type: 'button', class: 'suit-choice', disabled: !legal.has(TRUMP_BASE + k),
    dataset: { action: String(TRUMP_BASE + k) }, 'aria-keyshortcuts': CARD_KEYS[k].toUpperCase(), onclick: () => ctrl.act(TRUMP_BASE + k) },
  hintMark(TRUMP_BASE + k), suitIcon(k, 22), ` ${suit.name}`));
  if (v.legal_actions.includes(NO_TRUMP)) {
    buttons.push(h('button', { type: 'button', class: 'suit-choice', disabled: !legal.has(NO_TRUMP), 'aria-keyshortcuts': 'N',
      dataset: { action: String(NO_TRUMP) }, onclick: () => ctrl.act(NO_TRUMP) }, hintMark(NO_TRUMP), t('table.no_trump')));
  }
  return h('div', { class: 'control-group', role: 'group', 'aria-label': t('table.choose_trump') },
    h('span', { class: 'control-label' }, label), h('div', { class: 'suit-buttons' }, buttons));
}

/** The clicked Juggler or Cloud names its suit, the Shapeshifter is played as a Wizard or a Jester; or not played. */
function specialChoice(ctrl, v, legal, hintMark) {
  const card = ctrl.state.choice.card;
  const key = specialKey(card);
  const buttons = playChoices(card, [...legal]).map((choice) => {
    const content = choice.suit !== undefined ? [suitIcon(choice.suit, 22), ` ${SUITS[choice.suit].name}`]
      : [t(`card.${choice.shape}`)];
    return h('button', { type: 'button', class: choice.suit !== undefined ? 'suit-choice' : 'shape-choice',
      dataset: { action: String(choice.action) }, 'aria-keyshortcuts': choice.suit !== undefined ? CARD_KEYS[choice.suit].toUpperCase() : null,
      onclick: () => ctrl.choose(choice.action) }, hintMark(choice.action), ...content);
  });
  buttons.push(h('button', { type: 'button', class: 'small cancel-choice', onclick: () => ctrl.choose(null) }, t('table.special.cancel')));
  return h('div', { class: 'control-group special-choice', role: 'group', 'aria-label': t(`table.special.${key}_choice`) },
    h('span', { class: 'control-label' }, t(`table.special.${key}_choice_colon`)), h('div', { class: 'suit-buttons' }, buttons));
}

/** The Cloud's trick was won here: the bid goes up or down by one (those the rules allow: 0 can only go up). */
function cloudButtons(ctrl, v, legal, hintMark) {
  const bid = v.bids[ctrl.state.seat];
  const buttons = [[CLOUD_UP, '+1', 'table.special.cloud_up'], [CLOUD_DOWN, '\u22121', 'table.special.cloud_down']]
    .filter(([action]) => v.legal_actions.includes(action))
    .map(([action, text, key]) => h('button', { type: 'button', class: 'bid cloud-change', disabled: !legal.has(action),
      dataset: { action: String(action) }, 'aria-label': t(key, { bid: bid + (action === CLOUD_UP ? 1 : -1) }),
      onclick: () => ctrl.act(action) }, hintMark(action), text));
  return h('div', { class: 'control-group', role: 'group', 'aria-label': t('table.special.cloud_group') },
    h('span', { class: 'control-label' }, t('table.special.cloud_colon', { bid: bid ?? '?' })), h('div', { class: 'bid-buttons' }, buttons));
}

/** The Juggler's pass: choose one card for the player on the left, *Pass card*; then wait for the others. */
function juggleBlocks(ctrl, v) {
  const { state } = ctrl;
  const target = juggleTarget(v, state.seat);
  if (stillToJuggle(v, state.seat)) {
    const chosen = [...state.passSelection];
    const ask = t('table.special.juggle_choose', { name: ctrl.nameOf(target) });
    const which = chosen.length ? ` ${t('table.special.juggle_chosen', { card: cardName(chosen[0], v.rules.rank_style) })}` : '';
    return [h('div', { class: 'control-group', role: 'group', 'aria-label': t('table.special.juggle_group') },
      h('span', { class: 'control-label' }, ask + which),
      h('button', { type: 'button', id: 'btn-juggle', class: 'primary', disabled: chosen.length !== 1 || !myTurn(state, v) || !!state.pending,
        onclick: () => ctrl.confirmJuggle() }, t('table.special.juggle_button')))];
  }
  return [h('p', { class: 'control-label' }, t('table.special.juggle_waiting',
    { card: v.given.map((c) => cardShort(c, v.rules.rank_style)).join(' '), name: ctrl.nameOf(target) }))];
}

function passingBlocks(ctrl, v) {
  const { state } = ctrl;
  const blocks = [];
  const stillToGive = 3 - v.given.length;
  const target = passTarget(v, state.seat);
  if (stillToGive > 0 && !state.passQueue.length) {
    const chosen = state.passSelection.size;
    const ask = target >= 0 ? t('table.passing.choose_to', { count: stillToGive, name: ctrl.nameOf(target) })
      : t('table.passing.choose', { count: stillToGive });
    blocks.push(h('div', { class: 'control-group', role: 'group', 'aria-label': t('table.passing.group') },
      h('span', { class: 'control-label' }, `${ask} ${t('table.passing.chosen', { count: chosen })}`),
      h('button', { type: 'button', id: 'btn-pass-cards', class: 'primary', disabled: chosen !== stillToGive,
        onclick: () => ctrl.confirmPass() }, t('table.passing.button', { count: stillToGive }))));
  } else if (stillToGive > 0) {
    blocks.push(h('p', { class: 'control-label' }, t('table.passing.sending')));
  } else if (v.received.length === 0) {
    blocks.push(h('p', { class: 'control-label' }, t('table.passing.passed_waiting',
      { cards: v.given.map((c) => cardShort(c, v.rules.rank_style)).join(' ') })));
  }
  return blocks;
}

export function renderControls(ctrl, v) {
  const { el, state } = ctrl;
  const legal = legalNow(state, v);
  const blocks = [];
  const phase = v.phase;
  const hinted = state.hint && !state.hint.waiting ? state.hint.best : null;
  const hintMark = (action) => (hinted === action ? h('span', { class: 'hint-star', 'aria-hidden': 'true' }, '\u2605') : null);
  const onTurn = state.seat >= 0 && v.current_player === state.seat && state.status === 'playing';
  if (onTurn && (phase === 'bid' || phase === 'auction')) blocks.push(bidButtons(ctrl, v, legal, hintMark));
  else if (onTurn && (phase === 'choose_trump' || phase === 'name_trump')) blocks.push(trumpButtons(ctrl, v, legal, hintMark));
  else if (onTurn && phase === 'werewolf') {
    blocks.push(trumpButtons(ctrl, v, legal, hintMark, t('table.special.werewolf_colon', { card: cardName(v.turned_up, v.rules.rank_style) })));
  } else if (onTurn && phase === 'cloud') blocks.push(cloudButtons(ctrl, v, legal, hintMark));
  else if (onTurn && phase === 'play' && state.choice) blocks.push(specialChoice(ctrl, v, legal, hintMark));
  if (phase === 'pass_cards' && state.seat >= 0 && state.status === 'playing') blocks.push(...passingBlocks(ctrl, v));
  if (phase === 'juggle' && state.seat >= 0 && state.status === 'playing') blocks.push(...juggleBlocks(ctrl, v));
  if (v.game === 'wizard' && phase === 'play' && v.received.length && v.round_tricks.length && lastWasJuggle(v)) {
    const style = v.rules.rank_style;
    blocks.push(h('p', { class: 'passed-note' }, t('table.special.juggle_done', {
      given: v.given.map((c) => cardShort(c, style)).join(' '), received: v.received.map((c) => cardShort(c, style)).join(' ') })));
  }
  if (v.game === 'wily' && v.received.length && (phase === 'play' && v.round_tricks.length === 0 && v.trick.length < v.players)) {
    const style = v.rules.rank_style;
    blocks.push(h('p', { class: 'passed-note' }, t('table.passing.gave_received', {
      given: v.given.map((c) => cardShort(c, style)).join(' '), received: v.received.map((c) => cardShort(c, style)).join(' ') })));
  }
  // the hint button sits in the turn line, beside "Your turn", to keep the controls short on a phone
  fill(el.hintSlot, state.hints && onTurn && phase !== 'game_over'
    ? h('button', { type: 'button', id: 'btn-hint', class: 'hint-button small', 'aria-keyshortcuts': 'I',
      disabled: !myTurn(state, v) || !!state.hint, onclick: () => ctrl.askHint() },
    state.hint && state.hint.waiting ? t('table.hint.thinking') : t('table.hint.button'))
    : null);
  fill(el.controls, blocks);
  if (hinted !== null && hinted >= TRUMP_BASE) {
    // the suggested button: a ★ and the hint's frame (not the gold of the player on turn or of a trick's winner)
    const button = el.controls.querySelector(`button[data-action="${hinted}"]`);
    if (button) {
      button.classList.add('hinted');
      button.setAttribute('aria-label', `${button.getAttribute('aria-label') || button.textContent}, ${t('table.hint.suggested')}`);
    }
  }
}

/** Whether the last trick of the hand held the Juggler and no card of the next is down yet: the pass just made. */
function lastWasJuggle(v) {
  const last = v.round_tricks.at(-1);
  return !!last && v.trick.length === 0 && last[1].some((card) => card >= 67 && card <= 70);
}

/** The hint's box: the best choice with its value, and the next two; at a special card's choice, the Werewolf's
 * trump and the Cloud's change every choice offered (hintEntries). */
export function renderHint(ctrl, v) {
  const { el, state } = ctrl;
  const box = el.hintBox;
  if (!state.hint || state.hint.waiting || !myTurn(state, v)) { box.hidden = true; return; }
  box.hidden = false;
  const text = (entry) => hintText(entry.action, v, state.seat);
  // values: the mean score of the round (Wizard), or the chance that the team gains the hand's letter (Wily)
  const worth = (entry) => (v.game === 'wily' ? t('table.hint.chance', { percent: Math.round(entry.value * 100) })
    : t('table.hint.points', { points: Math.round(entry.value) })); // a search's mean, not a promise: "about 13 on average"
  const { entries, every, overall } = hintEntries(state, v);
  // every choice of a few (a special card's suits ...): the others' values short, to keep the box small on a phone
  const short = (entry) => (v.game === 'wily' || !every ? worth(entry) : t('table.hint.points_short', { points: Math.round(entry.value) }));
  const [best, ...rest] = entries;
  const then = rest.slice(0, every ? rest.length : 2).map((entry) => `${text(entry)} (${short(entry)})`).join(', ');
  fill(box, h('p', {}, h('b', {}, `${t('table.hint.title')} `),
    best ? t('table.hint.best', { choice: text(best), worth: worth(best) }) : t('table.hint.none'),
    rest.length ? t('table.hint.then', { choices: then }) : '', '.',
    // a card clicked for its choice while another is better: the box says which (the ★ in the hand is on it)
    overall ? ` ${t('table.hint.overall', { choice: text(overall), worth: worth(overall) })}` : ''));
  box.dataset.actions = entries.slice(0, every ? entries.length : 3).map((entry) => entry.action).join(' ');
  box.dataset.overall = overall ? String(overall.action) : '';
}
