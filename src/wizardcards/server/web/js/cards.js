// Cards as the server sends them: ids 0..59 (core/cards.py). id = 13 * suit + rank for the 52 suited cards (suits 0
// Clubs, 1 Diamonds, 2 Hearts, 3 Spades; rank 0 is the lowest), 52..55 the Wizards, 56..59 the Jesters. Playing any
// Wizard is action 52 and any Jester action 53 (core/actions.py); this module turns ids into names, sort order and
// SVG pictures. It holds no rule of play: which card may be played comes from the view's legal actions. The rank
// labels are the core's own (its card text: "T" and "X" for ten), from GET /meta (`setRankLabels`, main.js).
//
// Card and suit names are the player's language (app.<lang>.json, card.* and suit.*): English Clubs, Diamonds,
// Hearts, Spades, Wizard, Jester; German Kreuz, Karo, Herz, Pik, Zauberer, Narr. SUITS[s].name and .letter read the
// catalog when asked, so every screen that says SUITS[s].name speaks the player's language; cardName, cardShort,
// suitName and specialName are the words to use for a card. In German the court cards are labelled as German decks
// print them (B Bube, D Dame, K König, A Ass: the catalog's rank.label.* map the core's J Q K A; docs/browser.md).

import { s } from './dom.js';
import { hasText, t } from './i18n.js';

export const FIRST_WIZARD = 52;
export const FIRST_JESTER = 56;
export const PLAY_WIZARD = 52;
export const PLAY_JESTER = 53;
export const TRUMP_BASE = 54;
export const NO_TRUMP = 58;
export const PASS = 59;
export const BID_BASE = 60;

// Four colours, and every suit also has its own shape and letter: nothing depends on telling colours apart.
// name and letter are the player's language (suit.<key>, suit.<key>.letter in the catalog).
function suit(key, symbol, colour) {
  return {
    key, symbol, colour,
    get name() { return t(`suit.${key}`); },
    get letter() { return t(`suit.${key}.letter`); },
  };
}
export const SUITS = [
  suit('clubs', '\u2663', '#17692b'),
  suit('diamonds', '\u2666', '#1d55b3'),
  suit('hearts', '\u2665', '#c0201a'),
  suit('spades', '\u2660', '#151515'),
];

/** "Hearts" / "Herz": a suit's name in the player's language (suit 0..3, as the core numbers them). */
export function suitName(suitIndex) {
  return SUITS[suitIndex].name;
}

// per rank style, the labels from the lowest rank to the highest (GET /meta's rank_labels)
let rankLabels = {};

/** Take the rank labels of every style, as GET /meta gives them; until then a rank has no label. */
export function setRankLabels(labels) {
  rankLabels = labels || {};
}

// what a screen reader says for a rank: words for people (the labels abbreviate them); the court cards of the 2..A
// style are words of the catalog (card.rank.jack ...), the rest numbers
const RANK_NAMES = {
  '2..A': ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'card.rank.jack', 'card.rank.queen', 'card.rank.king', 'card.rank.ace'],
  '1..13': ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13'],
};
const rankWord = (word) => (word.startsWith('card.') ? t(word) : word);

export const isWizard = (card) => card >= FIRST_WIZARD && card < FIRST_JESTER;
export const isJester = (card) => card >= FIRST_JESTER;
export const suitOf = (card) => (card < FIRST_WIZARD ? Math.floor(card / 13) : -1);
export const rankOf = (card) => (card < FIRST_WIZARD ? card % 13 : -1);

function styleOf(style) {
  return RANK_NAMES[style] ? style : '2..A';
}

/** A core rank label ("J") as the player's language prints it ("B" in German; rank.label.* in the catalog). */
export function localRankLabel(core) {
  return hasText(`rank.label.${core}`) ? t(`rank.label.${core}`) : core;
}

/** The label printed on a card: the core's (GET /meta), in the language's own letters (localRankLabel). */
export function rankLabel(card, style) {
  const labels = rankLabels[styleOf(style)];
  if (!labels) return '?';
  return localRankLabel(labels[rankOf(card)]);
}

/** "Wizard" / "Zauberer", "Jester" / "Narr" (one of them; plural: t('card.wizards', {count})). */
export function specialName(card) {
  return isWizard(card) ? t('card.wizard') : t('card.jester');
}

/** "Ace of Hearts" / "Herz-Ass", "10 of Clubs", "Wizard", "Jester": what a screen reader says. */
export function cardName(card, style) {
  if (isWizard(card) || isJester(card)) return specialName(card);
  return t('card.name', { rank: rankWord(RANK_NAMES[styleOf(style)][rankOf(card)]), suit: SUITS[suitOf(card)].name });
}

/** "A♥" / "Wizard" / "Jester": compact text for logs and lists. */
export function cardShort(card, style) {
  if (isWizard(card) || isJester(card)) return specialName(card);
  return rankLabel(card, style) + SUITS[suitOf(card)].symbol;
}

/** The action that plays (or, in Wily Wizards, gives) this card. */
export function cardAction(card) {
  if (card < FIRST_WIZARD) return card;
  return isWizard(card) ? PLAY_WIZARD : PLAY_JESTER;
}

/** A hand in display order: Wizards first, then the trump suit, then the other suits alternating dark and light
 * (Clubs, Hearts, Spades, Diamonds), each from high to low, Jesters last. */
export function sortHand(cards, trumpSuit) {
  const suitOrder = [0, 2, 3, 1];
  const key = (card) => {
    if (isWizard(card)) return -100 + card;
    if (isJester(card)) return 1000 + card;
    const suit = suitOf(card);
    const position = suit === trumpSuit ? -1 : suitOrder.indexOf(suit);
    return position * 20 + (12 - rankOf(card));
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}

// Suit shapes drawn in a 100 x 100 box (no font needed: every browser draws them the same).
const SUIT_PATHS = [
  // Clubs: three leaves and a stem
  'M50 6a19 19 0 0 1 15.6 29.8A19 19 0 1 1 56 68c1 10 5 18 12 26H32c7-8 11-16 12-26a19 19 0 1 1-9.6-32.2A19 19 0 0 1 50 6z',
  // Diamonds
  'M50 3 88 50 50 97 12 50z',
  // Hearts
  'M50 92C22 68 5 52 5 31 5 15 17 5 30 5c9 0 16 5 20 13 4-8 11-13 20-13 13 0 25 10 25 26 0 21-17 37-45 61z',
  // Spades
  'M50 4c14 20 44 34 44 57 0 13-10 21-21 21-8 0-13-4-17-9 1 10 5 17 12 22H32c7-5 11-12 12-22-4 5-9 9-17 9-11 0-21-8-21-21C6 38 36 24 50 4z',
];

export function suitIcon(suit, size = 16, extra = {}) {
  return s('svg', { viewBox: '0 0 100 100', width: size, height: size, class: 'suit-icon', 'aria-hidden': 'true', ...extra },
    s('path', { d: SUIT_PATHS[suit], fill: SUITS[suit].colour }));
}

function pip(suit, x, y, size, rotate = false) {
  const k = size / 100;
  const t = rotate ? `rotate(180 ${x + size / 2} ${y + size / 2}) ` : '';
  return s('path', { d: SUIT_PATHS[suit], transform: `${t}translate(${x} ${y}) scale(${k})`, fill: SUITS[suit].colour });
}

const STAR = 'M50 4 61 38H97L68 59 79 94 50 73 21 94 32 59 3 38H39z';
// a jester's cap: three drooping points with bells
const CAP = 'M14 86C20 60 8 40 4 24c14 4 26 16 32 34C38 36 44 18 50 6c6 12 12 30 14 52 6-18 18-30 32-34-4 16-16 36-10 62z';

function corners(content) {
  // the top-left corner and the same turned round at the bottom right
  return [s('g', {}, content()), s('g', { transform: 'rotate(180 30 42)' }, content())];
}

// the word across a Wizard's or Jester's face; a word longer than "WIZARD" (ZAUBERER) is squeezed to the same width
function faceWord(word, fill) {
  const attrs = { x: 30, y: 66, class: 'word-text', fill, 'text-anchor': 'middle' };
  if (word.length > 6) Object.assign(attrs, { textLength: 46, lengthAdjust: 'spacingAndGlyphs' });
  return s('text', attrs, word);
}

/** The picture of one card as an <svg> (60 x 84 units). The label is given by the caller (button or list item). */
export function cardSvg(card, style) {
  const root = s('svg', { viewBox: '0 0 60 84', class: 'card-svg', 'aria-hidden': 'true', focusable: 'false' });
  if (isWizard(card)) {
    root.append(
      s('rect', { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: 'card-face wizard-face' }),
      s('rect', { x: 4, y: 4, width: 52, height: 76, rx: 3, fill: 'none', stroke: '#e9c45a', 'stroke-width': 0.8 }),
      // "W" in the top corner only: turned round it would read as an "M"; the bottom corner has a small star
      s('text', { x: 8.5, y: 14, class: 'corner-text', fill: '#f3d774', 'text-anchor': 'middle' }, t('card.wizard.corner')),
      s('path', { d: STAR, transform: 'translate(46 70) scale(0.1)', fill: '#f3d774' }),
      s('path', { d: STAR, transform: 'translate(13 16) scale(0.34)', fill: '#f3d774' }),
      faceWord(t('card.wizard.face'), '#fff'),
    );
    return root;
  }
  if (isJester(card)) {
    root.append(
      s('rect', { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: 'card-face jester-face' }),
      s('rect', { x: 4, y: 4, width: 52, height: 76, rx: 3, fill: 'none', stroke: '#7a6a2c', 'stroke-width': 0.8,
        'stroke-dasharray': '2 2' }),
      ...corners(() => [s('path', { d: CAP, transform: 'translate(3 5) scale(0.12)', fill: '#6c5a14' })]),
      s('path', { d: CAP, transform: 'translate(14 16) scale(0.32)', fill: '#8a6f12' }),
      s('circle', { cx: 15.5, cy: 23, r: 2.4, fill: '#6c5a14' }),
      s('circle', { cx: 30, cy: 17.5, r: 2.4, fill: '#6c5a14' }),
      s('circle', { cx: 44.5, cy: 23, r: 2.4, fill: '#6c5a14' }),
      faceWord(t('card.jester.face'), '#3d3208'),
    );
    return root;
  }
  const suit = suitOf(card);
  const label = rankLabel(card, style);
  const colour = SUITS[suit].colour;
  root.append(
    s('rect', { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: 'card-face' }),
    ...corners(() => [
      s('text', { x: 8.5, y: 14, class: label.length > 1 ? 'corner-text narrow' : 'corner-text', fill: colour,
        'text-anchor': 'middle' }, label),
      pip(suit, 3.5, 17, 10),
    ]),
    s('text', { x: 30, y: 45, class: label.length > 1 ? 'centre-text narrow' : 'centre-text', fill: colour,
      'text-anchor': 'middle' }, label),
    pip(suit, 19, 50, 22),
  );
  return root;
}
