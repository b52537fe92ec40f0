// A rating's course over its rated games, as an inline SVG (no chart library): mu after each game as a line, the
// band mu ± sigma around it (how sure the rating is), and the measured bots as dashed reference lines, so a player
// sees which level they are passing. Pure drawing from plain data: ratingChart(history, bots, words).
//   history: [{mu, sigma}, ...] oldest first (GET /players/{name}/profile: ratings[game].history)
//   bots:    [{label, mu}, ...] the reference lines (the leaderboard's bots, already in words)
//   words:   {title, axisGames, axisRating, start}: the chart's words in the page's language
//   width:   the drawing's width in its own units (its words are 12 of them high)

import { s } from './dom.js';

const WIDTH = 640;  // the drawing's width by default (a phone asks for less: the words keep their size)
const HEIGHT = 260;
const PAD = { left: 46, right: 112, top: 16, bottom: 34 };
export const START = { mu: 25, sigma: 25 / 3 };  // openskill's new rating: where every line begins

/** Round ticks between lo and hi (about five). */
export function ticks(lo, hi) {
  const span = Math.max(hi - lo, 1);
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((m) => m >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v * 1000) / 1000 + 0);  // + 0: no "-0" on the axis
  return out;
}

/** Each bot with the height of its label: at its line, moved apart where two lines lie closer than a label. */
export function labelled(bots, y, gap = 13) {
  const placed = bots.map((b) => [b, y(b.mu)]).sort((a, b) => a[1] - b[1]);
  for (let i = 1; i < placed.length; i += 1) placed[i][1] = Math.max(placed[i][1], placed[i - 1][1] + gap);
  return placed;
}

export function ratingChart(history, bots, words, width = WIDTH) {
  const points = [START, ...history];
  const lows = points.map((p) => p.mu - p.sigma);
  const highs = points.map((p) => p.mu + p.sigma);
  const botValues = bots.map((b) => b.mu);
  const lo = Math.floor(Math.min(...lows, ...botValues) - 1);
  const hi = Math.ceil(Math.max(...highs, ...botValues) + 1);
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (points.length === 1 ? 0 : (i / (points.length - 1)) * innerW);
  const y = (v) => PAD.top + (1 - (v - lo) / (hi - lo)) * innerH;
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.mu).toFixed(1)}`).join(' ');
  const band = [...points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.mu + p.sigma).toFixed(1)}`),
    ...points.map((p, i) => [i, p]).reverse().map(([i, p]) => `L${x(i).toFixed(1)},${y(p.mu - p.sigma).toFixed(1)}`)]
    .join(' ') + ' Z';
  const last = points.at(-1);
  return s('svg', { class: 'rating-chart', viewBox: `0 0 ${width} ${HEIGHT}`, role: 'img', 'aria-label': words.title },
    s('title', {}, words.title),
    ticks(lo, hi).map((v) => s('g', { class: 'tick' },
      s('line', { x1: PAD.left, x2: width - PAD.right, y1: y(v), y2: y(v), class: 'grid' }),
      s('text', { x: PAD.left - 6, y: y(v) + 4, 'text-anchor': 'end' }, String(v)))),
    labelled(bots, y).map(([b, at]) => s('g', { class: 'bot-line' },
      s('line', { x1: PAD.left, x2: width - PAD.right, y1: y(b.mu), y2: y(b.mu) }),
      s('text', { x: width - PAD.right + 6, y: at + 4 }, b.label))),
    s('path', { d: band, class: 'band' }),
    s('path', { d: line, class: 'mu-line' }),
    points.map((p, i) => s('circle', { cx: x(i), cy: y(p.mu), r: i === points.length - 1 ? 4.5 : 3,
      class: i === points.length - 1 ? 'dot last' : 'dot' })),
    s('text', { x: PAD.left, y: HEIGHT - 10, class: 'axis' }, words.start),
    s('text', { x: PAD.left + innerW, y: HEIGHT - 10, class: 'axis', 'text-anchor': 'end' },
      `${words.axisGames}: ${points.length - 1}`),
    s('text', { x: 12, y: PAD.top + innerH / 2, class: 'axis', transform: `rotate(-90 12 ${PAD.top + innerH / 2})`,
      'text-anchor': 'middle' }, words.axisRating),
    s('desc', {}, `${words.axisRating}: ${last.mu.toFixed(1)} ± ${last.sigma.toFixed(1)}`));
}
