// Helpers of the client's model tests: the frames recorded from a live server (record_frames.py) and a page's life
// replayed from them through the model, as table.js and table_pace.js drive it (without the pauses).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const WEB = join(here, '..', '..', 'src', 'wizardcards', 'server', 'web');

/** The frames Ann's page received in the recorded game ('wizard' or 'wily'), in order. */
export function recorded(name) {
  return JSON.parse(readFileSync(join(here, 'frames', `${name}.json`), 'utf8'));
}

/** Feed ``frames`` to the model as the controller does; each view shown at once (the pace module's loop without its
 * animations). Returns the steps nextView gave, in order. */
export async function play(model, state, frames, { onStep = () => {} } = {}) {
  const steps = [];
  let clock = 1000;
  for (const frame of frames) {
    clock += 100;
    const copy = structuredClone(frame);
    if (copy.type === 'welcome') model.applyWelcome(state, copy);
    else if (copy.type === 'table') model.applyTable(state, copy);
    else if (copy.type === 'chat') model.applyChat(state, copy);
    else if (copy.type === 'view') {
      model.receiveView(state, copy, clock);
      for (let step = model.nextView(state); step; step = model.nextView(state)) {
        steps.push(step);
        onStep(step);
        model.showView(state, step.message);
      }
    }
  }
  return steps;
}
