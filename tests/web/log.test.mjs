// The move log (web/js/table_log.js, fed by table_model.js) over frames recorded from a live server, in English:
// every bid, call, trump, pass, card and trick winner once, each hand's result as the sheet has it, the turn whose
// timer ran out, the stand-in for a seat gone away, connections lost and back, this page's reconnect; and the log
// of a page opened in the middle of a game. (log_de.test.mjs: the same in German.)

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { play, recorded } from './frames.mjs';
import { annsWords, useLanguage } from './words.mjs';

const { t } = await useLanguage('en');
const model = await import('../../src/wizardcards/server/web/js/table_model.js');
const { logText } = await import('../../src/wizardcards/server/web/js/table_log.js');

async function logOf(frames) {
  const state = model.newTableState();
  await play(model, state, frames);
  const words = annsWords(t, state);
  return { state, lines: state.log.map((entry) => logText(entry, words)) };
}

const count = (lines, pattern) => lines.filter((text) => pattern.test(text)).length;
const lastView = (frames) => frames.filter((f) => f.type === 'view').at(-1).view;

test('Wizard: every decision once, in the order played, with the hands\' results and the game\'s end', async () => {
  const frames = recorded('wizard');
  const { lines } = await logOf(frames);
  const final = lastView(frames);
  assert.ok(!lines.some((text) => text.includes('table.')), 'no catalog key shown');
  // the hands: headings, and per hand each player's bid and its result as the sheet has it
  assert.deepEqual(lines.filter((text) => text.startsWith('Round ')), ['Round 1 · 2 cards', 'Round 2 · 3 cards']);
  for (const [, , , , bids, tricks, points, totals] of final.sheet) {
    bids.forEach((bid, seat) => {
      const who = seat === 0 ? 'You' : ['Ann', 'Ben', 'Cy'][seat];
      const said = seat === 0 ? `You bid ${bid}.` : `${who} bids ${bid}.`;
      assert.ok(lines.includes(said), `${said} in ${lines.join(' | ')}`);
      const mark = bid === tricks[seat] ? '✓' : '✗';
      const trick = tricks[seat] === 1 ? 'trick' : 'tricks';
      const signed = points[seat] > 0 ? `+${points[seat]}` : String(points[seat]);
      assert.ok(lines.includes(`${mark} ${who}: bid ${bid}, took ${tricks[seat]} ${trick}, ${signed} (${totals[seat]} in all)`));
    });
  }
  // 2 + 3 cards each for three players, each card once (the hand rebuilt after the reconnect is not repeated)
  assert.equal(count(lines, /^(You play|\S+ plays) .+\.$/), 15);
  assert.equal(count(lines, /wins? the trick\.$/), 5);
  assert.equal(count(lines, / wins? the game\.$/), 1);
  assert.ok(lines.indexOf('Round 2 · 3 cards') > lines.findIndex((text) => text.startsWith('✓') || text.startsWith('✗')));
});

test('Wizard: the turn that timed out, Ben away and back, and this page reconnecting', async () => {
  const { lines } = await logOf(recorded('wizard'));
  assert.equal(count(lines, /^Time ran out: played for you\.$/), 1);
  const timeout = lines.indexOf('Time ran out: played for you.');
  assert.match(lines[timeout + 1], /^You play .+\.$/, 'the card the stand-in played follows');
  const offline = lines.indexOf('Ben lost the connection.');
  const away = lines.indexOf('Ben is away: a stand-in bot plays for them.');
  const back = lines.indexOf('Ben is back.');
  assert.ok(offline >= 0 && away > offline && back > away, lines.join(' | '));
  assert.equal(count(lines, /^Connected again\. The table is up to date\.$/), 1);
});

test('Wily: the auction, the trump, the passing (yours by card), 15 tricks a hand, the contract and the letter', async () => {
  const frames = recorded('wily');
  const { lines } = await logOf(frames);
  const final = lastView(frames);
  assert.ok(!lines.some((text) => text.includes('table.')), 'no catalog key shown');
  const hands = final.sheet.length;
  assert.equal(count(lines, /^Hand \d+$/), hands + (final.phase === 'game_over' ? 0 : 1));
  const calls = final.sheet.reduce((sum, row) => sum + row[1].length, 0);
  assert.ok(count(lines, / (bids? \d+|pass(es)?)\.$/) >= calls);
  assert.equal(count(lines, / names? .+ as trump\.$/), hands);
  assert.equal(count(lines, /^\u2605 .+ wins? the trick\.$/), 15 * hands);
  assert.equal(count(lines, /^(You play|\S+ plays) .+\.$/), 60 * hands);
  // Ann's timer ran out on her first card to pass: the stand-in gave it, she gave the other two
  const timeout = lines.indexOf('Time ran out: played for you.');
  assert.ok(timeout >= 0);
  assert.match(lines.find((text) => text.startsWith('You pass ') && text.includes(' to ')), /^You pass .+, .+, .+ to Cy\.$/);
  assert.equal(count(lines, /^You receive .+, .+, .+\.$/), hands);
  assert.equal(count(lines, / passes three cards to /), 3 * hands);
  assert.equal(count(lines, /(made|missed) the contract: \d+ tricks? for \d+\.$/), hands);
  assert.ok(count(lines, /^Team .+ gains the letter [WIZARD]\.$/) >= 1, lines.filter((l) => l.includes('letter')).join(' | '));
});

test('a page opened in the middle of the game: the hands so far from the sheet, this hand from its view', async () => {
  const frames = recorded('wizard');
  const second = frames.findIndex((f, k) => f.type === 'welcome' && k > 0);
  const { state, lines } = await logOf(frames.slice(second));
  const first = frames.slice(second).find((f) => f.type === 'view').view;
  assert.equal(first.round_index, 1);
  assert.equal(lines[0], 'Round 1 · 2 cards');
  assert.equal(count(lines, /^[✓✗] /), 6, 'both hands\' results');
  assert.equal(count(lines, /^(You play|\S+ plays) .+\.$/), 9, 'round 2 whole: what was played before the page opened, and after');
  assert.ok(!lines.includes('Connected again. The table is up to date.'), 'a first welcome is no reconnect');
  assert.ok(state.log.every((entry, k) => k === 0 || entry.seq >= state.log[k - 1].seq || !entry.move));
});
