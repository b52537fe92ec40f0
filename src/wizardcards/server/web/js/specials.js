// The special cards of the anniversary editions (RULES.md, "Special cards"; docs/rules.md decides the rest) as the
// server sends them: their ids and actions (core/cards.py, core/actions.py, table 2), which decision each card asks
// for when it is played, and what the lobby needs to offer them. No rule of play is decided here: which card may be
// played, named or given is the view's legal actions; this module only says which actions belong to which card, so
// that a click on the Juggler can ask for its suit and send the action the core wants.
//
//   ids 60..66   Dragon, Fairy, Bomb, Werewolf, Juggler, Cloud, Shapeshifter (one of each; in hands and tricks)
//   67..70       a Juggler as played, naming Clubs .. Spades; 71..74 a Cloud as played; 75, 76 a Shapeshifter
//                played as a Wizard, as a Jester (these stand only in tricks)
//   actions      a card's id + 23: 83..86 play (or give) the Dragon, Fairy, Bomb, Werewolf; 87..89 give the Juggler,
//                Cloud, Shapeshifter in a Juggler's pass; 90..93 play the Juggler naming a suit, 94..97 the Cloud;
//                98, 99 the Shapeshifter as a Wizard, as a Jester; 100, 101 the Cloud's +1 and -1

export const DRAGON = 60;
export const FAIRY = 61;
export const BOMB = 62;
export const WEREWOLF = 63;
export const JUGGLER = 64;
export const CLOUD = 65;
export const SHAPESHIFTER = 66;
export const JUGGLER_AS = 67; // + suit
export const CLOUD_AS = 71; // + suit
export const SHAPESHIFTER_AS_WIZARD = 75;
export const SHAPESHIFTER_AS_JESTER = 76;
export const SPECIAL_OFFSET = 23; // a special card's (or played form's) action is its id + 23
export const SPECIAL_CARD_BASE = DRAGON + SPECIAL_OFFSET; // 83: the first special card's action
export const CLOUD_UP = 100;
export const CLOUD_DOWN = 101;

/** The option names of the special cards, in id order (core/cards.py SPECIAL_CARD_NAMES): DRAGON + index. */
export const SPECIAL_NAMES = ['dragon', 'fairy', 'bomb', 'werewolf', 'juggler', 'cloud', 'shapeshifter'];

/** Whether ``card`` is one of the seven special cards or a played form of one (60..76). */
export const isSpecialCard = (card) => card >= DRAGON && card <= SHAPESHIFTER_AS_JESTER;

/** The card a played form was (a Juggler naming Hearts is the Juggler); any other card is itself. */
export function baseCard(card) {
  if (card >= JUGGLER_AS && card < CLOUD_AS) return JUGGLER;
  if (card >= CLOUD_AS && card < SHAPESHIFTER_AS_WIZARD) return CLOUD;
  if (card === SHAPESHIFTER_AS_WIZARD || card === SHAPESHIFTER_AS_JESTER) return SHAPESHIFTER;
  return card;
}

/** The suit a played Juggler or Cloud names (0..3), else -1. */
export function namedSuit(card) {
  if (card >= JUGGLER_AS && card < SHAPESHIFTER_AS_WIZARD) return (card - JUGGLER_AS) % 4;
  return -1;
}

/** A played Shapeshifter's part: 'wizard', 'jester', or null for any other card. */
export function shapeOf(card) {
  if (card === SHAPESHIFTER_AS_WIZARD) return 'wizard';
  if (card === SHAPESHIFTER_AS_JESTER) return 'jester';
  return null;
}

/** The option name of a special card ("dragon" ...), of its played form too. */
export const specialKey = (card) => SPECIAL_NAMES[baseCard(card) - DRAGON];

/** What playing ``card`` from the hand asks for: 'suit' (the Juggler, the Cloud), 'shape' (the Shapeshifter), or
 * null (played as it is). */
export function choiceOf(card) {
  if (card === JUGGLER || card === CLOUD) return 'suit';
  if (card === SHAPESHIFTER) return 'shape';
  return null;
}

/** Every action that plays the special card ``card`` from the hand: one, or one per choice (four suits named, the
 * Shapeshifter's two parts). */
export function specialPlayActions(card) {
  if (card === JUGGLER) return [0, 1, 2, 3].map((suit) => JUGGLER_AS + suit + SPECIAL_OFFSET);
  if (card === CLOUD) return [0, 1, 2, 3].map((suit) => CLOUD_AS + suit + SPECIAL_OFFSET);
  if (card === SHAPESHIFTER) return [SHAPESHIFTER_AS_WIZARD + SPECIAL_OFFSET, SHAPESHIFTER_AS_JESTER + SPECIAL_OFFSET];
  return [card + SPECIAL_OFFSET];
}

/** The action that gives the special card ``card`` in a Juggler's pass (the card itself, no choice: 83..89). */
export const specialGiveAction = (card) => card + SPECIAL_OFFSET;

/** The choices of ``card``'s play among the legal actions, as {action, suit} or {action, shape}, in the order shown. */
export function playChoices(card, legalActions) {
  const legal = new Set(legalActions);
  return specialPlayActions(card).filter((action) => legal.has(action)).map((action) => {
    const played = action - SPECIAL_OFFSET;
    return choiceOf(card) === 'suit' ? { action, suit: namedSuit(played) } : { action, shape: shapeOf(played) };
  });
}

// --- the lobby ---------------------------------------------------------------------------------------------------

/** The special cards of a rule set (its ``special_cards``, [] without). */
export const specialCardsOf = (rules) => (rules && Array.isArray(rules.special_cards) ? rules.special_cards : []);

/** The boxes a form shows for the ``names`` option: one per card, the cards of a ``together`` group in one box
 * (the Dragon and the Fairy), in the option's order. Each box is {names, key}: key is its first name. */
export function specialBoxes(option) {
  const groups = option.together || [];
  const boxes = [];
  const taken = new Set();
  for (const name of option.choices) {
    if (taken.has(name)) continue;
    const group = groups.find((g) => g.includes(name)) || [name];
    group.forEach((n) => taken.add(n));
    boxes.push({ names: option.choices.filter((n) => group.includes(n)), key: name });
  }
  return boxes;
}

/** The names the ticked boxes stand for, in the option's order (the order the core keeps them in). */
export function chosenSpecials(option, tickedBoxes) {
  const chosen = new Set(tickedBoxes.flatMap((box) => box.names));
  return option.choices.filter((name) => chosen.has(name));
}

/** The bots of GET /meta that can play a table with ``specialCards`` (all of them without special cards). */
export function botsFor(bots, specialCards) {
  return specialCards.length ? bots.filter((bot) => bot.special_cards) : bots;
}
