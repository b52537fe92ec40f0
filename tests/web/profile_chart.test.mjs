// The profile's rating chart (profile_chart.js): its axis ticks and the bots' labels moved apart where their lines
// lie close (the rule-based bot and search level 1 are within a point of each other).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { labelled, ticks } from '../../src/wizardcards/server/web/js/profile_chart.js';

test('ticks are round numbers spanning the range', () => {
  assert.deepEqual(ticks(3, 37), [10, 20, 30]);
  assert.deepEqual(ticks(-2, 21), [0, 5, 10, 15, 20]);
  assert.deepEqual(ticks(24, 26), [24, 24.5, 25, 25.5, 26]);
  for (const [lo, hi] of [[-7, 51], [0.2, 0.9], [20, 20]]) {
    const found = ticks(lo, hi);
    assert.ok(found.length >= 1 && found.length <= 11, `${lo}..${hi}: ${found}`);
    assert.ok(found.every((v) => v >= lo - 1e-9 && v <= Math.max(hi, lo + 1) + 1e-9));
  }
});

test('bot labels close together are moved apart, in the order of their lines', () => {
  const y = (mu) => 200 - mu * 5;  // higher ratings higher up (smaller y)
  const bots = [{ label: 'a', mu: 22.1 }, { label: 'b', mu: 21.9 }, { label: 'c', mu: 35 }];
  const placed = labelled(bots, y);
  assert.deepEqual(placed.map(([b]) => b.label), ['c', 'a', 'b']);
  for (let i = 1; i < placed.length; i += 1) assert.ok(placed[i][1] - placed[i - 1][1] >= 13);
  assert.equal(placed[0][1], y(35));  // a label with room stays at its line
});
