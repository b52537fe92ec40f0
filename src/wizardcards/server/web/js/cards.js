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
//
// The special cards of the anniversary editions (ids 60..76: specials.js) have faces of their own, drawn here too:
// the Dragon, Fairy, Bomb, Werewolf, Juggler, Cloud and Shapeshifter; a Juggler or Cloud in a trick wears the suit
// its player named, a Shapeshifter the Wizard's star or the Jester's cap it was played as.

import { s } from './dom.js';
import { hasText, t } from './i18n.js';
import {
  baseCard, BOMB, CLOUD, DRAGON, FAIRY, isSpecialCard, JUGGLER, namedSuit, shapeOf, SHAPESHIFTER, specialGiveAction,
  specialKey, specialPlayActions, WEREWOLF,
} from './specials.js';

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
export const isJester = (card) => card >= FIRST_JESTER && card < DRAGON;
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

/** "Wizard" / "Zauberer", "Jester" / "Narr", "Dragon" / "Drache" ... (one of them; plural: t('card.wizards',
 * {count})). A played Juggler or Cloud says the suit it names, a played Shapeshifter what it was played as. */
export function specialName(card) {
  if (isSpecialCard(card)) {
    const name = t(`card.${specialKey(card)}`);
    const suit = namedSuit(card);
    if (suit >= 0) return t('card.naming', { card: name, suit: SUITS[suit].name });
    const shape = shapeOf(card);
    return shape ? t('card.as', { card: name, as: t(`card.${shape}`) }) : name;
  }
  return isWizard(card) ? t('card.wizard') : t('card.jester');
}

/** "Ace of Hearts" / "Herz-Ass", "10 of Clubs", "Wizard", "Jester", "Juggler (Hearts)": what a screen reader says. */
export function cardName(card, style) {
  if (card >= FIRST_WIZARD) return specialName(card);
  return t('card.name', { rank: rankWord(RANK_NAMES[styleOf(style)][rankOf(card)]), suit: SUITS[suitOf(card)].name });
}

/** "A♥" / "Wizard" / "Jester" / "Juggler ♥": compact text for logs and lists. */
export function cardShort(card, style) {
  if (isSpecialCard(card) && namedSuit(card) >= 0) return `${t(`card.${specialKey(card)}`)} ${SUITS[namedSuit(card)].symbol}`;
  if (card >= FIRST_WIZARD) return specialName(card);
  return rankLabel(card, style) + SUITS[suitOf(card)].symbol;
}

/** The action that plays (or, in Wily Wizards and a Juggler's pass, gives) this card; for the Juggler, Cloud and
 * Shapeshifter, whose play names a choice, the action that gives it (cardPlayActions lists their plays). */
export function cardAction(card) {
  if (card < FIRST_WIZARD) return card;
  if (card >= DRAGON) return specialGiveAction(card);
  return isWizard(card) ? PLAY_WIZARD : PLAY_JESTER;
}

/** Every action that plays this card from the hand: one, or one per choice of the Juggler, Cloud, Shapeshifter. */
export function cardPlayActions(card) {
  return card >= DRAGON ? specialPlayActions(card) : [cardAction(card)];
}

/** A hand in display order: Wizards first, then the trump suit, then the other suits alternating dark and light
 * (Clubs, Hearts, Spades, Diamonds), each from high to low, Jesters last. */
// where the special cards go in a sorted hand: the high ones with the Wizards, the low ones with the Jesters, the
// Juggler and the Cloud (which become suited cards) after the suits
const SPECIAL_SORT = { [DRAGON]: -200, [SHAPESHIFTER]: -150, [JUGGLER]: 500, [CLOUD]: 501, [BOMB]: 900, [WEREWOLF]: 901,
  [FAIRY]: 2000 };

export function sortHand(cards, trumpSuit) {
  const suitOrder = [0, 2, 3, 1];
  const key = (card) => {
    if (card >= DRAGON) return SPECIAL_SORT[baseCard(card)];
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
  if (isSpecialCard(card)) {
    root.append(...specialFace(card));
    return root;
  }
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

// --- the special cards' faces ----------------------------------------------------------------------------------

// each: the face's class (its colours, app.css), the frame's colour, the corner's colour, and the picture in the middle
const SPECIAL_FACES = {
  dragon: { frame: '#f0b23c', ink: '#ffd36b', picture: () => [
    // a dragon's head in profile: horn, snout and a tongue of flame
    s('path', { d: 'M14 40c4-12 14-20 26-20l6-6 1 8c5 2 8 6 8 10l-9 3 7 3c-2 5-8 7-14 6-4 6-12 8-19 6 4-2 6-5 6-8-5 1-9 0-12-2z', fill: '#ffd36b' }),
    s('circle', { cx: 40, cy: 30, r: 1.8, fill: '#6d0f0f' }),
    s('path', { d: 'M49 37c2 1 4 0 5-2-1 3-1 5 1 7-3 0-4-1-6-3z', fill: '#ff7b2e' }),
  ] },
  fairy: { frame: '#b46cc4', ink: '#7c3d8c', picture: () => [
    // wings on either side of a small body, and a wand's star
    s('ellipse', { cx: 22, cy: 28, rx: 9, ry: 13, transform: 'rotate(-25 22 28)', fill: '#e7c4f0', stroke: '#b46cc4', 'stroke-width': 0.8 }),
    s('ellipse', { cx: 38, cy: 28, rx: 9, ry: 13, transform: 'rotate(25 38 28)', fill: '#e7c4f0', stroke: '#b46cc4', 'stroke-width': 0.8 }),
    s('ellipse', { cx: 30, cy: 36, rx: 2.6, ry: 8, fill: '#7c3d8c' }),
    s('circle', { cx: 30, cy: 25.5, r: 3, fill: '#7c3d8c' }),
    s('path', { d: STAR, transform: 'translate(42 12) scale(0.09)', fill: '#e0a800' }),
  ] },
  bomb: { frame: '#e2582a', ink: '#ffb08a', picture: () => [
    s('circle', { cx: 28, cy: 36, r: 13, fill: '#111' }),
    s('circle', { cx: 23, cy: 31, r: 3.2, fill: '#5a5a5a' }),
    s('rect', { x: 33, y: 20, width: 7, height: 6, rx: 1, transform: 'rotate(40 36 23)', fill: '#444' }),
    s('path', { d: 'M38 20c2-5 6-6 9-4', fill: 'none', stroke: '#c9a26b', 'stroke-width': 1.4 }),
    s('path', { d: STAR, transform: 'translate(43 9) scale(0.1)', fill: '#ffb020' }),
  ] },
  werewolf: { frame: '#9aa3c9', ink: '#dfe4ff', picture: () => [
    // a full moon behind, and a wolf's head before it: pointed ears, a long muzzle, yellow eyes
    s('circle', { cx: 40, cy: 18, r: 9, fill: '#f3ecc2' }),
    s('path', { d: 'M15 45 17 21l8 9h10l8-9 2 24-8 4-5 6h-4l-5-6z', fill: '#8d93b8', stroke: '#dfe4ff', 'stroke-width': 0.6 }),
    s('path', { d: 'M26 42h8l-4 6z', fill: '#2d3047' }),
    s('circle', { cx: 25.5, cy: 35, r: 1.6, fill: '#ffd84a' }),
    s('circle', { cx: 34.5, cy: 35, r: 1.6, fill: '#ffd84a' }),
  ] },
  juggler: { frame: '#3fb8b0', ink: '#d3fffb', picture: () => [
    // three balls in the air, in the suits' colours, over two hands
    s('path', { d: 'M13 46c4-22 30-22 34 0', fill: 'none', stroke: '#9fe3dd', 'stroke-width': 1, 'stroke-dasharray': '2 2' }),
    s('circle', { cx: 17, cy: 34, r: 4.5, fill: SUITS[0].colour, stroke: '#fff', 'stroke-width': 0.8 }),
    s('circle', { cx: 30, cy: 24, r: 4.5, fill: SUITS[2].colour, stroke: '#fff', 'stroke-width': 0.8 }),
    s('circle', { cx: 43, cy: 34, r: 4.5, fill: SUITS[1].colour, stroke: '#fff', 'stroke-width': 0.8 }),
    s('path', { d: 'M11 48h8l2 3h-12zM41 48h8l2 3h-12z', fill: '#d3fffb' }),
  ] },
  cloud: { frame: '#5d93c4', ink: '#2c5f8c', picture: () => [
    s('path', { d: 'M16 42a7 7 0 0 1 1-14 10 10 0 0 1 19-4 8 8 0 0 1 10 8 6 6 0 0 1-1 10z', fill: '#fff', stroke: '#5d93c4', 'stroke-width': 1.2 }),
    s('path', { d: 'M23 45v5M30 45v6M37 45v5', stroke: '#5d93c4', 'stroke-width': 1.4, 'stroke-linecap': 'round' }),
  ] },
  shapeshifter: { frame: '#c9a0ff', ink: '#f2e6ff', picture: () => [
    // half the Wizard's star, half the Jester's cap
    s('path', { d: STAR, transform: 'translate(9 16) scale(0.24)', fill: '#f3d774' }),
    s('path', { d: CAP, transform: 'translate(29 18) scale(0.22)', fill: '#e9d27a' }),
    s('path', { d: 'M30 14v34', stroke: '#f2e6ff', 'stroke-width': 0.8, 'stroke-dasharray': '1.5 1.5' }),
  ] },
};

// what a played form wears in its top right corner: the suit named, or the Wizard's star / the Jester's cap
function choiceBadge(card) {
  const suit = namedSuit(card);
  const shape = shapeOf(card);
  if (suit < 0 && !shape) return [];
  const inner = suit >= 0 ? pip(suit, 43, 3, 13)
    : shape === 'wizard' ? s('path', { d: STAR, transform: 'translate(43.5 3.5) scale(0.12)', fill: '#1f2a7a' })
      : s('path', { d: CAP, transform: 'translate(43.5 4) scale(0.12)', fill: '#6c5a14' });
  return [s('circle', { cx: 49.5, cy: 9.5, r: 8.5, fill: '#fff', stroke: '#333', 'stroke-width': 0.7, class: 'choice-badge' }), inner];
}

function specialFace(card) {
  const key = specialKey(card);
  const face = SPECIAL_FACES[key];
  const word = t(`card.${key}.face`);
  const attrs = { x: 30, y: 66, class: word.length > 8 ? 'word-text long' : 'word-text', fill: face.ink, 'text-anchor': 'middle' };
  if (word.length > 6) Object.assign(attrs, { textLength: 48, lengthAdjust: 'spacingAndGlyphs' });
  return [
    s('rect', { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: `card-face special-face ${key}-face` }),
    s('rect', { x: 4, y: 4, width: 52, height: 76, rx: 3, fill: 'none', stroke: face.frame, 'stroke-width': 0.8 }),
    s('text', { x: 12, y: 13, class: 'corner-text small', fill: face.ink, 'text-anchor': 'middle' }, t(`card.${key}.corner`)),
    ...face.picture(),
    s('text', attrs, word),
    ...choiceBadge(card),
  ];
}
