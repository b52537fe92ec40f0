// The special cards in the client's model (web/js/specials.js, cards.js, rules.js, table_log.js): which actions
// belong to which card and which choice a card asks for, the lobby's boxes and bots, the rounds of a game with the
// cards, and the move log of a game recorded from a live server with all seven of them (frames/special.json:
// the Juggler's pass told without another seat's card, the Bomb's trick won by nobody, the Cloud's changes).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { play, recorded } from './frames.mjs';
import { annsWords, useLanguage } from './words.mjs';

const { t } = await useLanguage('en');
const specials = await import('../../src/wizardcards/server/web/js/specials.js');
const cards = await import('../../src/wizardcards/server/web/js/cards.js');
const { handSizes, describeRules } = await import('../../src/wizardcards/server/web/js/rules.js');
const model = await import('../../src/wizardcards/server/web/js/table_model.js');
const { logText } = await import('../../src/wizardcards/server/web/js/table_log.js');

// GET /meta's option, as the server writes it (server/meta.py)
const OPTION = { name: 'special_cards', kind: 'names', default: [], together: [['dragon', 'fairy']],
  choices: ['dragon', 'fairy', 'bomb', 'werewolf', 'juggler', 'cloud', 'shapeshifter'] };

test('each special card is played by its own actions, the Juggler and Cloud one per suit, the Shapeshifter two', () => {
  assert.deepEqual(cards.cardPlayActions(60), [83]); // the Dragon
  assert.deepEqual(cards.cardPlayActions(63), [86]); // the Werewolf (played only in a round with no card turned up)
  assert.deepEqual(cards.cardPlayActions(64), [90, 91, 92, 93]);
  assert.deepEqual(cards.cardPlayActions(65), [94, 95, 96, 97]);
  assert.deepEqual(cards.cardPlayActions(66), [98, 99]);
  assert.deepEqual(cards.cardPlayActions(12), [12]);
  assert.deepEqual(cards.cardPlayActions(55), [52]); // any Wizard
  // given in a Juggler's pass: the card itself, no choice
  assert.deepEqual([64, 65, 66, 61].map(cards.cardAction), [87, 88, 89, 84]);
  assert.deepEqual([64, 65, 66, 60, 62].map(specials.choiceOf), ['suit', 'suit', 'shape', null, null]);
  // only the legal plays are offered: a table where the Cloud may name Hearts and Spades only (there is none, but the
  // client must not assume so: it offers what the view allows)
  assert.deepEqual(specials.playChoices(65, [96, 97, 12]), [{ action: 96, suit: 2 }, { action: 97, suit: 3 }]);
  assert.deepEqual(specials.playChoices(66, [98, 99]), [{ action: 98, shape: 'wizard' }, { action: 99, shape: 'jester' }]);
});

test('a played form is its card with its choice; the special cards are neither Wizards nor Jesters', () => {
  assert.deepEqual([69, 71, 75, 76, 60, 12].map(specials.baseCard), [64, 65, 66, 66, 60, 12]);
  assert.deepEqual([67, 70, 71, 74, 75, 64].map(specials.namedSuit), [0, 3, 0, 3, -1, -1]);
  for (let card = 60; card <= 76; card += 1) {
    assert.ok(!cards.isJester(card) && !cards.isWizard(card), `card ${card}`);
    assert.equal(cards.suitOf(card), -1);
  }
  assert.equal(cards.cardName(69, '2..A'), 'Juggler (Hearts)');
  assert.equal(cards.cardName(74, '2..A'), 'Cloud (Spades)');
  assert.equal(cards.cardName(75, '2..A'), 'Shapeshifter as Wizard');
  assert.equal(cards.cardName(63, '2..A'), 'Werewolf');
  assert.equal(cards.cardShort(70, '2..A'), 'Juggler \u2660');
});

test('a hand sorts the Dragon and the Shapeshifter before the Wizards, the Fairy after the Jesters', () => {
  const sorted = cards.sortHand([61, 56, 12, 64, 52, 60, 66, 62, 25], 1);
  assert.deepEqual(sorted, [60, 66, 52, 25, 12, 64, 62, 56, 61]);
});

test('the lobby: the Dragon and the Fairy in one box, the names in the core\'s order, only the bots that play them', () => {
  const boxes = specials.specialBoxes(OPTION);
  assert.deepEqual(boxes.map((box) => box.names), [['dragon', 'fairy'], ['bomb'], ['werewolf'], ['juggler'], ['cloud'],
    ['shapeshifter']]);
  assert.deepEqual(specials.chosenSpecials(OPTION, [boxes[4], boxes[0]]), ['dragon', 'fairy', 'cloud']);
  assert.deepEqual(specials.chosenSpecials(OPTION, []), []);
  const bots = [{ spec: 'rulebased', special_cards: true }, { spec: 'random', special_cards: true },
    { spec: 'search:level=1', special_cards: false }];
  assert.deepEqual(specials.botsFor(bots, ['bomb']).map((b) => b.spec), ['rulebased', 'random']);
  assert.equal(specials.botsFor(bots, []).length, 3);
  assert.equal(describeRules({ special_cards: ['bomb', 'cloud'] }, { options: [OPTION] }),
    'Special cards (anniversary editions): Bomb, Cloud');
});

test('the rounds of a game with special cards: the deck of 60 and the cards chosen, divided by the players', () => {
  assert.equal(handSizes({ players: 4, special_cards: OPTION.choices }).length, 16); // 67 / 4
  assert.equal(handSizes({ players: 3, special_cards: OPTION.choices.slice(0, 6) }).length, 22); // 66 / 3
  assert.equal(handSizes({ players: 6, special_cards: ['bomb'] }).length, 10); // 61 / 6
  assert.deepEqual(handSizes({ players: 4, schedule: 'tournament', special_cards: OPTION.choices }),
    [1, 3, 5, 7, 9, 11, 12, 13, 14, 15]);
});

test('the move log of a game with all seven cards: the Bomb, the Cloud, the Juggler\'s pass, no other seat\'s gift', async () => {
  const frames = recorded('special');
  const state = model.newTableState();
  await play(model, state, frames);
  const words = annsWords(t, state);
  const lines = state.log.map((entry) => logText(entry, words));
  assert.ok(!lines.some((text) => text.includes('table.') || text.includes('undefined')), lines.join(' | '));
  const views = frames.filter((f) => f.type === 'view');
  // every bombed trick, once each: the trick as the views carry it (winner -1)
  const bombed = new Set(views.filter((f) => f.last_trick && f.last_trick.winner === -1).map((f) => JSON.stringify(f.last_trick)));
  assert.ok(bombed.size >= 1);
  assert.equal(lines.filter((text) => text === 'The Bomb: nobody wins the trick.').length, bombed.size);
  // each Cloud's change, said with the bid it became
  const clouds = views.filter((f, k) => k > 0 && views[k - 1].view.phase === 'cloud' && f.seq === views[k - 1].seq + 1);
  assert.ok(clouds.length >= 1);
  assert.equal(lines.filter((text) => /^The Cloud: .* (raises|lower|lowers) .*bid to \d+\.$/.test(text)).length, clouds.length);
  // the Juggler's passes: four gifts each; the others' without their card, Ann's with hers, then what she received
  const gifts = views.filter((f, k) => k > 0 && views[k - 1].view.phase === 'juggle' && f.seq === views[k - 1].seq + 1);
  assert.ok(gifts.length >= 4 && gifts.length % 4 === 0, `${gifts.length} gifts`);
  const passing = lines.filter((text) => / pass(es)? .* to /.test(text) && !text.startsWith('Turned'));
  assert.equal(passing.length, gifts.length);
  for (const text of passing) {
    if (text.startsWith('You ')) assert.match(text, /^You pass (?!a card).+ to Bo\.$/);
    else assert.match(text, /^(Bo|Cy|Di) passes a card to (Cy|Di|you)\.$/, text);
  }
  const received = views.filter((f, k) => k > 0 && views[k - 1].view.phase === 'juggle' && f.view.phase !== 'juggle');
  assert.equal(lines.filter((text) => /^You receive .+\.$/.test(text)).length, received.length);
  for (const frame of received) {
    assert.ok(lines.includes(`You receive ${cards.cardName(frame.view.received[0], '2..A')}.`));
  }
});

test("the hint's box names the special cards' plays and choices, and only the choices offered", () => {
  const v = (phase, legal, extra = {}) => ({ phase, legal_actions: legal, rules: { rank_style: '2..A' }, bids: [1, null, null],
    ...extra });
  const hinted = (values) => ({ ...model.newTableState(), seat: 0, hint: { waiting: false, values, best: values[0].action } });
  const value = (action, points) => ({ action, value: points });
  // a play: the Juggler naming Hearts first, the Dragon, the Shapeshifter as a Jester, a suited card
  const play = v('play', [92, 90, 83, 99, 98, 12]);
  const state = hinted([value(92, 14), value(83, 12), value(99, 9), value(12, 8), value(90, 7), value(98, 3)]);
  const texts = (entries) => entries.map((entry) => model.hintText(entry.action, play, 0));
  const all = model.hintEntries(state, play);
  assert.equal(all.every, false);
  assert.deepEqual(texts(all.entries).slice(0, 3), ['Juggler ♥', 'Dragon', 'Shapeshifter as Jester']);
  // the Juggler clicked: its offered suits only (Clubs and Hearts here), each with its value
  state.choice = { card: 64 };
  const juggler = model.hintEntries(state, play);
  assert.equal(juggler.every, true);
  assert.deepEqual(juggler.entries.map((entry) => entry.action), [92, 90]);
  assert.equal(juggler.overall, null); // the Juggler naming Hearts is the best of all
  state.choice = { card: 66 };
  const shapes = model.hintEntries(state, play);
  assert.deepEqual(texts(shapes.entries), ['Shapeshifter as Jester', 'Shapeshifter as Wizard']);
  assert.equal(shapes.overall.action, 92); // the box says the Juggler is better still
  // the Cloud's change: the bid it makes; only the legal one is named (a bid of 0 can only go up)
  const cloud = v('cloud', [100], { bids: [0, 2, 1] });
  const change = model.hintEntries(hinted([value(101, 5), value(100, 3)]), cloud);
  assert.deepEqual(change.entries.map((entry) => model.hintText(entry.action, cloud, 0)), ["the Cloud's +1 (bid 1)"]);
  assert.equal(model.hintText(101, v('cloud', [100, 101], { bids: [3] }), 0), "the Cloud's −1 (bid 2)");
  // the Werewolf's trump: every suit; the Juggler's pass gives a card as it is (the Cloud: no suit yet); bids past 20
  const werewolf = model.hintEntries(hinted([55, 54, 56, 57].map((a, k) => value(a, 10 - k))), v('werewolf', [54, 55, 56, 57]));
  assert.equal(werewolf.every, true);
  assert.deepEqual(werewolf.entries.map((entry) => model.hintText(entry.action, play, 0)), ['Diamonds', 'Clubs', 'Hearts', 'Spades']);
  assert.deepEqual([88, 89, 52, 53, 81].map((a) => model.hintText(a, play, 0)), ['Cloud', 'Shapeshifter', 'Wizard', 'Jester', 'bid 21']);
});
