// The table's model (web/js/table_model.js) over frames recorded from a live server (record_frames.py): which view
// is shown next and how, the trick each step completes, the end of a hand, the decisions in flight, Wily's passing.
// Run: node --test tests/web/   (tests/web/test_model.py runs it in the suite)

import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as model from '../../src/wizardcards/server/web/js/table_model.js';
import { play, recorded } from './frames.mjs';

const views = (frames) => frames.filter((f) => f.type === 'view');

for (const game of ['wizard', 'wily']) {
  test(`${game}: every view is shown once, in order, and only the first and the one after the reconnect jump`, async () => {
    const frames = recorded(game);
    const state = model.newTableState({ token: 'ann' });
    const steps = await play(model, state, frames);
    const seqs = steps.map((s) => s.message.seq);
    let newest = -1;
    const expected = views(frames).map((f) => f.seq).filter((seq) => seq >= newest && ((newest = seq), true));
    assert.deepEqual(seqs, expected); // a view the page has shown already comes again after a hello (same seq)
    assert.equal(state.shown.seq, views(frames).at(-1).seq);
    const jumps = steps.filter((s) => s.catchUp && (!s.previous || s.message.seq > s.previous.seq + 1));
    const welcomes = frames.filter((f) => f.type === 'welcome').length;
    assert.ok(jumps.length >= 1 && jumps.length <= welcomes, `${jumps.length} jumps for ${welcomes} hellos`);
    assert.equal(steps[0].catchUp, true);
    assert.equal(state.seat, 0);
    assert.equal(state.names[0], 'Ann');
  });

  test(`${game}: each trick completed between two views is found once, with the hand's end and its summary row`, async () => {
    const state = model.newTableState();
    const steps = await play(model, state, recorded(game));
    const done = steps.filter((s) => s.done);
    assert.ok(done.length >= 3);
    for (const step of done) {
      assert.equal(step.done.cards.length, step.message.view.players);
      assert.ok(step.done.winner >= 0 && step.done.winner < step.message.view.players);
    }
    const ended = steps.filter((s) => s.handEnded);
    assert.ok(ended.length >= 1);
    for (const step of ended) {
      assert.ok(step.done, 'a hand ends with its last trick');
      const shown = model.endOfHand(step.previous, step.message, step.done);
      // the hand that ended: Ann's hand empty, nobody on turn, the tricks won add up to the hand's size
      assert.deepEqual(shown.view.hand, []);
      assert.equal(shown.view.current_player, -1);
      assert.equal(shown.view.round_index, step.previous.view.round_index);
      assert.equal(shown.view.tricks_won.reduce((a, b) => a + b, 0), step.previous.view.hand_size);
      assert.equal(step.message.view.sheet.length, step.previous.view.sheet.length + 1);
    }
  });
}

test('views that pile up behind an animation: more than six waiting jump to the newest', () => {
  const state = model.newTableState();
  const all = views(recorded('wily'));
  model.receiveView(state, structuredClone(all[0]), 0);
  model.showView(state, model.nextView(state).message);
  const later = all.filter((f) => f.seq > all[0].seq).slice(0, 9);
  for (const frame of later) model.receiveView(state, structuredClone(frame), 0);
  const first = model.nextView(state);
  assert.equal(first.catchUp, true); // eight more wait behind it
  assert.equal(first.done, null);
});

test('a decision in flight: cleared by the view that answers it; after a reconnect sent again while still on turn', () => {
  const list = recorded('wizard');
  // replay to Ann's first turn, then act, then see the next view
  const fresh = model.newTableState();

  let index = 0;
  for (; index < list.length; index += 1) {
    const frame = structuredClone(list[index]);
    if (frame.type === 'welcome') model.applyWelcome(fresh, frame);
    if (frame.type !== 'view') continue;
    model.receiveView(fresh, frame, 0);
    model.showView(fresh, model.nextView(fresh).message);
    if (model.myTurn(fresh, frame.view)) break;
  }
  const on = fresh.shown;
  assert.ok(model.legalNow(fresh, on.view).size > 0);
  fresh.pending = { id: 'x', action: on.view.legal_actions[0], seq: on.seq, phase: on.view.phase };
  assert.equal(model.legalNow(fresh, on.view).size, 0, 'nothing may be played while a decision is in flight');
  // the connection drops: the welcome marks it to be sent again, and the same view (still on turn) sends it
  model.applyWelcome(fresh, list.find((f) => f.type === 'welcome'));
  assert.equal(model.showView(fresh, on), fresh.pending);
  assert.equal(model.showView(fresh, on), null, 'sent again once');
  const next = list.slice(index + 1).find((f) => f.type === 'view' && f.seq > on.seq);
  model.showView(fresh, structuredClone(next));
  assert.equal(fresh.pending, null);
});

test('the turn timer counts from the view\'s arrival; a stand-in\'s timeout is in the view after it', () => {
  const frames = views(recorded('wizard'));
  const state = model.newTableState();
  const timed = structuredClone(frames.find((f) => typeof f.turn_left === 'number'));
  model.receiveView(state, timed, 5000);
  model.showView(state, model.nextView(state).message);
  assert.deepEqual(state.turnDeadline, { seat: timed.view.current_player, at: 5000 + timed.turn_left * 1000 });
  const standIn = frames.find((f) => f.stand_in);
  assert.deepEqual(standIn.stand_in, { seat: 0, why: 'timeout' });
  assert.ok(frames.some((f) => f.stand_in && f.stand_in.why === 'away' && f.stand_in.seat === 1));
});

test('Wily: passing goes to the partner across; a stale refusal offers the card again', () => {
  const v = views(recorded('wily')).find((f) => f.view.phase === 'pass_cards').view;
  assert.equal(model.passTarget(v, 0), 2);
  assert.equal(model.passTarget(v, 1), 3);
  assert.equal(model.passTarget(v, -1), -1);
  assert.deepEqual(model.seatOrder(v, 2), [2, 3, 0, 1]);
  const state = model.newTableState();
  state.pending = { id: 'p1', action: 7, seq: 3, phase: 'pass_cards' };
  state.passQueue = [9];
  assert.equal(model.applyError(state, { type: 'error', code: 'stale', reply_to: 'p1' }).action, 7);
  assert.deepEqual(state.passQueue, [7, 9]);
  assert.equal(state.pending, null);
});

test('who sits where: names and connections from the table frames', () => {
  const state = model.newTableState();
  const offline = [];
  for (const frame of recorded('wizard')) {
    if (frame.type === 'welcome') model.applyWelcome(state, structuredClone(frame));
    if (frame.type === 'table') {
      model.applyTable(state, structuredClone(frame));
      offline.push(state.players.filter((p) => !p.connected).map((p) => p.name).join(','));
    }
  }
  assert.deepEqual(state.names, ['Ann', 'Ben', 'Cy']);
  assert.ok(offline.includes('Ben'), 'Ben was seen offline');
  assert.equal(offline.at(-1), '');
});

test('the seats behind a hand\'s summary show its totals: the hand that ended, scored as the sheet\'s new row', async () => {
  const state = model.newTableState();
  const steps = await play(model, state, recorded('wizard'));
  const ended = steps.filter((s) => s.handEnded);
  assert.ok(ended.length >= 1);
  for (const step of ended) {
    const row = step.message.view.sheet.at(-1);
    const scored = model.endOfHand(step.previous, step.message, step.done, { scored: true }).view;
    assert.deepEqual(scored.scores, row[7]); // the summary's totals
    assert.equal(scored.round_index, step.previous.view.round_index); // still the hand that ended
    // unscored (while its last trick lies on the table) the totals before the hand
    assert.deepEqual(model.endOfHand(step.previous, step.message, step.done).view.scores, step.previous.view.scores);
  }
  assert.ok(ended.some((s) => JSON.stringify(s.message.view.scores) !== JSON.stringify(s.previous.view.scores)));
});

test('the hint marks the best action; in Wily\'s passing the three best cards, fewer once some are given', () => {
  const wily = views(recorded('wily')).find((f) => f.view.phase === 'pass_cards' && f.view.given.length === 0);
  assert.ok(wily, 'a passing view was recorded');
  const state = model.newTableState();
  const hand = wily.view.hand;
  const values = hand.slice(0, 5).map((card, k) => ({ action: card, value: 0.9 - k / 10 }));
  assert.deepEqual(model.hintedActions(state, wily.view), new Set()); // no hint asked
  state.hint = { waiting: true };
  assert.deepEqual(model.hintedActions(state, wily.view), new Set());
  state.hint = { waiting: false, values, best: values[0].action };
  assert.deepEqual(model.hintedActions(state, wily.view), new Set(hand.slice(0, 3)));
  const oneGiven = { ...wily.view, given: [hand[4]] };
  assert.deepEqual(model.hintedActions(state, oneGiven), new Set(hand.slice(0, 2)));
  const bidding = views(recorded('wizard')).find((f) => f.view.phase === 'bid');
  state.hint = { waiting: false, values: [{ action: 61, value: 12.6 }, { action: 60, value: 3 }], best: 61 };
  assert.deepEqual(model.hintedActions(state, bidding.view), new Set([61]));
});
