// The move log in German (log.test.mjs has its English and what it holds): each line in the player's language, the
// verb agreeing with "du", plurals through the catalog, no English and no catalog key left.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { play, recorded } from './frames.mjs';
import { annsWords, useLanguage } from './words.mjs';

const { t } = await useLanguage('de');
const model = await import('../../src/wizardcards/server/web/js/table_model.js');
const { logText } = await import('../../src/wizardcards/server/web/js/table_log.js');

async function linesOf(name) {
  const state = model.newTableState();
  await play(model, state, recorded(name));
  const words = annsWords(t, state);
  return state.log.map((entry) => logText(entry, words));
}

const ENGLISH = /\b(you|your|plays?|bids?|wins?|trick|tricks|passes|round|hand|time|ran|turned|took|team [ab] made|lost|back)\b/i;

for (const game of ['wizard', 'wily']) {
  test(`${game}: the log in German`, async () => {
    const lines = await linesOf(game);
    assert.ok(lines.length > 20);
    for (const text of lines) {
      assert.ok(!text.includes('table.'), `a catalog key: ${text}`);
      assert.ok(!ENGLISH.test(text), `English: ${text}`);
    }
    assert.ok(lines.includes('Die Zeit ist abgelaufen: Für dich wurde gespielt.'));
    assert.ok(lines.some((text) => /^Du spielst .+\.$/.test(text)));
    assert.ok(lines.some((text) => /^★ (Du bekommst|\S+ bekommt) den Stich\.$/.test(text)));
  });
}

test('wizard: bids as Ansagen, results with plural Stiche, Ben away and back', async () => {
  const lines = await linesOf('wizard');
  assert.ok(lines.includes('Runde 1 · 2 Karten'));
  assert.ok(lines.some((text) => /^Ben sagt \d+ an\.$/.test(text)));
  assert.ok(lines.some((text) => /^Du sagst \d+ an\.$/.test(text)));
  assert.ok(lines.some((text) => /^[✓✗] Cy: Ansage \d, 1 Stich, /.test(text)), 'one Stich');
  assert.ok(lines.some((text) => /^[✓✗] \S+: Ansage \d, [02] Stiche, /.test(text)), 'Stiche');
  for (const said of ['Ben hat die Verbindung verloren.', 'Ben ist weg: Ein Bot spielt vorerst für Ben.', 'Ben ist wieder da.',
    'Wieder verbunden. Der Tisch ist auf dem neuesten Stand.']) {
    assert.ok(lines.includes(said), said);
  }
});

test('wily: calls as Gebote, passing to and from you, the letter', async () => {
  const lines = await linesOf('wily');
  assert.ok(lines.some((text) => /^\S+ bietet \d+\.$/.test(text)));
  assert.ok(lines.includes('Cy gibt dir drei Karten.'));
  assert.ok(lines.some((text) => /^Du gibst .+ an Cy weiter\.$/.test(text)));
  assert.ok(lines.some((text) => /^Team [AB] bekommt den Buchstaben [WIZARD]\.$/.test(text)));
});
