// Score sheets, the running-totals chart and the final ranking, for the table and the replay.
//
// Sheet rows come from the view as arrays (core/view.py):
//   Wizard  [hand_size, dealer, trump_card, trump_suit, bids[], tricks[], points[], totals[]]
//   Wily    [dealer, auction[[seat, call]], high_bidder, bid, trump_suit, team_tricks[], letter_to[], letters[]]

import { cardShort, SUITS, suitIcon } from './cards.js';
import { h, s } from './dom.js';
import { t } from './i18n.js';
import { teamMembers, teamName, WORD } from './rules.js';

// Each line of the chart differs in colour, dash pattern and marker shape, and is named at its end.
export const SERIES = [
  { colour: '#1d55b3', dash: '', marker: 'circle' },
  { colour: '#c0201a', dash: '6 3', marker: 'square' },
  { colour: '#17692b', dash: '2 3', marker: 'triangle' },
  { colour: '#7a3db8', dash: '8 3 2 3', marker: 'diamond' },
  { colour: '#b35f00', dash: '12 4', marker: 'plus' },
  { colour: '#3a3a3a', dash: '1 2', marker: 'cross' },
  { colour: '#008080', dash: '4 2 4 6', marker: 'circle' },
];

function marker(kind, x, y, colour) {
  const r = 3.2;
  switch (kind) {
    case 'square': return s('rect', { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill: colour });
    case 'triangle': return s('path', { d: `M${x} ${y - r - 0.8}L${x + r + 0.6} ${y + r}H${x - r - 0.6}Z`, fill: colour });
    case 'diamond': return s('path', { d: `M${x} ${y - r - 1}L${x + r + 1} ${y}L${x} ${y + r + 1}L${x - r - 1} ${y}Z`, fill: colour });
    case 'plus': return s('path', { d: `M${x - r} ${y}H${x + r}M${x} ${y - r}V${y + r}`, stroke: colour, 'stroke-width': 2 });
    case 'cross': return s('path', { d: `M${x - r} ${y - r}L${x + r} ${y + r}M${x + r} ${y - r}L${x - r} ${y + r}`, stroke: colour, 'stroke-width': 2 });
    default: return s('circle', { cx: x, cy: y, r, fill: colour });
  }
}

function niceStep(range) {
  const rough = range / 5;
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1)));
  for (const k of [1, 2, 5, 10]) if (k * power >= rough) return k * power;
  return 10 * power;
}

/**
 * A line chart: series[i] = {name, values: [y at x=0, 1, 2...]}; xMax the last x of the axis (the game's length, so
 * the lines grow into the chart as the game goes). Returns an <svg> with a text label for screen readers.
 */
export function lineChart(series, { xMax, yMin, yMax, yStep, xLabel, yLabel, title, stepped = false }) {
  const W = 360; const H = 200;
  // room on the right for the longest "name value" label at the end of a line
  const longest = Math.max(0, ...series.map((one) => `${one.name} ${one.values.at(-1) ?? ''}`.length));
  const left = 36; const right = Math.min(140, Math.max(48, longest * 6.8 + 10)); const top = 12; const bottom = 28;
  const plotW = W - left - right; const plotH = H - top - bottom;
  const allY = series.flatMap((one) => one.values);
  let lo = yMin ?? Math.min(0, ...allY);
  let hi = yMax ?? Math.max(10, ...allY);
  const step = yStep || niceStep(hi - lo || 10);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  if (hi === lo) hi = lo + step;
  const xs = Math.max(1, xMax);
  const X = (x) => left + (x / xs) * plotW;
  const Y = (y) => top + plotH - ((y - lo) / (hi - lo)) * plotH;
  const label = `${title}: ` + series.map((one) => `${one.name} ${one.values.at(-1) ?? 0}`).join(', ');
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': label },
    s('title', {}, label));
  const grid = s('g', { class: 'chart-grid' });
  for (let y = lo; y <= hi + 1e-9; y += step) {
    grid.append(
      s('line', { x1: left, x2: left + plotW, y1: Y(y), y2: Y(y), class: y === 0 ? 'axis-zero' : 'grid-line' }),
      s('text', { x: left - 4, y: Y(y) + 3.5, 'text-anchor': 'end', class: 'tick' }, String(y)),
    );
  }
  const xEvery = Math.max(1, Math.ceil(xs / 10));
  for (let x = 0; x <= xs; x += xEvery) {
    grid.append(s('text', { x: X(x), y: top + plotH + 13, 'text-anchor': 'middle', class: 'tick' }, String(x)));
  }
  grid.append(
    s('text', { x: left + plotW / 2, y: H - 3, 'text-anchor': 'middle', class: 'axis-label' }, xLabel),
    s('text', { x: 10, y: top + plotH / 2, 'text-anchor': 'middle', class: 'axis-label',
      transform: `rotate(-90 10 ${top + plotH / 2})` }, yLabel),
  );
  svg.append(grid);
  const ends = [];
  series.forEach((one, i) => {
    const style = SERIES[i % SERIES.length];
    const points = one.values.map((y, x) => [X(x), Y(y)]);
    if (!points.length) return;
    let d = `M${points[0][0]} ${points[0][1]}`;
    for (let k = 1; k < points.length; k += 1) {
      if (stepped) d += `H${points[k][0]}V${points[k][1]}`;
      else d += `L${points[k][0]} ${points[k][1]}`;
    }
    const group = s('g', { class: 'series' },
      s('path', { d, fill: 'none', stroke: style.colour, 'stroke-width': 2, 'stroke-dasharray': style.dash,
        'stroke-linejoin': 'round' }));
    // markers at every point while they fit, else at the last one only
    const every = points.length <= 24;
    points.forEach(([x, y], k) => { if (every || k === points.length - 1) group.append(marker(style.marker, x, y, style.colour)); });
    svg.append(group);
    const [lx, ly] = points.at(-1);
    ends.push({ y: ly, x: lx, text: `${one.name} ${one.values.at(-1)}`, colour: style.colour });
  });
  // end labels, pushed apart so that none overlaps another
  ends.sort((a, b) => a.y - b.y);
  for (let k = 1; k < ends.length; k += 1) ends[k].y = Math.max(ends[k].y, ends[k - 1].y + 11);
  const overflow = ends.length ? ends.at(-1).y - (top + plotH + 4) : 0;
  if (overflow > 0) ends.forEach((end) => { end.y -= overflow; });
  for (const end of ends) {
    svg.append(s('text', { x: left + plotW + 5, y: end.y + 3.5, class: 'end-label', fill: end.colour }, end.text));
  }
  return svg;
}

// --- Wizard -----------------------------------------------------------------------------------------------------

export function wizardChart(sheet, names, rounds) {
  const series = names.map((name, seat) => ({ name, values: [0, ...sheet.map((row) => row[7][seat])] }));
  return lineChart(series, { xMax: Math.max(rounds, sheet.length, 1), xLabel: t('scores.axis_round'), yLabel: t('scores.axis_points'),
    title: t('scores.running_totals') });
}

function trumpText(row) {
  const suit = row[3];
  return suit < 0 ? t('scores.no_trump') : `${SUITS[suit].name}`;
}

/** ``bidChanges``: the view's sheet_bid_changes, the Cloud's +1 / -1 per row and seat (the bids shown are the
 * changed ones, the ones scored); a changed bid is marked ☁ with the change in its title. */
export function wizardSheet(sheet, names, { style = '2..A', scores = null, bidChanges = [] } = {}) {
  const table = h('table', { class: 'sheet' },
    h('caption', { class: 'visually-hidden' }, t('scores.wizard_caption')),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('scores.round')),
      names.map((name) => h('th', { scope: 'col' }, name)))));
  const body = h('tbody');
  sheet.forEach((row, index) => {
    const [size, dealer, trumpCard, trumpSuit, bids, tricks, points, totals] = row;
    const trump = trumpSuit < 0 ? h('span', {}, t('scores.no_trump'))
      : h('span', { class: 'trump-mini' }, suitIcon(trumpSuit, 12), SUITS[trumpSuit].letter);
    body.append(h('tr', {},
      h('th', { scope: 'row', class: 'round-cell',
        title: t('scores.round_title', { cards: t('scores.n_cards', { count: size }), trump: trumpText(row),
          turned: trumpCard >= 0 ? t('scores.turned', { card: cardShort(trumpCard, style) }) : '', dealer: names[dealer] }) },
      h('span', { class: 'round-no' }, String(index + 1)),
      h('span', { class: 'round-meta' }, `${t('scores.n_cards', { count: size }).replace(/ /g, '\u00a0')}\u00a0`, trump)),
      names.map((_, seat) => {
        const made = bids[seat] === tricks[seat];
        const points_ = `${points[seat] > 0 ? '+' : ''}${points[seat]}`;
        const change = (bidChanges[index] || [])[seat] || 0;
        const cloud = change ? h('span', { class: 'cloud-mark', title: t('scores.cloud_changed', { change: change > 0 ? '+1' : '\u22121', bid: bids[seat] - change }) },
          '\u2601') : null;
        return h('td', { class: made ? 'made' : 'missed',
          'aria-label': t(made ? 'scores.cell_made' : 'scores.cell_missed', { name: names[seat], bid: bids[seat], took: tricks[seat], points: points_, total: totals[seat] }) },
        h('span', { class: 'bid-took', title: t('scores.cell_title', { bid: bids[seat], took: tricks[seat], points: points_ }) },
          String(bids[seat]), cloud, `/${tricks[seat]}\u00a0`, h('span', { class: 'made-mark' }, made ? '\u2713' : '\u2717')),
        h('span', { class: 'total' }, String(totals[seat])));
      })));
  });
  table.append(body);
  if (scores) {
    table.append(h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, t('scores.total')), scores.map((score) => h('td', { class: 'total' }, String(score))))));
  }
  return table;
}

// --- Wily Wizards -----------------------------------------------------------------------------------------------

export function lettersText(count) {
  return WORD.slice(0, count) + '\u00b7'.repeat(WORD.length - count);
}

export function teamList(teams) {
  return [...new Set(teams)].sort((a, b) => a - b);
}

export function wilyChart(sheet, teams, names, hands) {
  const series = teamList(teams).map((team) => ({
    name: teamName(team, teams, names),
    values: [0, ...sheet.map((row) => row[7][team])],
  }));
  return lineChart(series, { xMax: Math.max(hands, sheet.length, 1), yMin: 0, yMax: 6, yStep: 1, xLabel: t('scores.axis_hand'),
    yLabel: t('scores.axis_letters'), title: t('scores.letters_per_team'), stepped: true });
}

export function wilySheet(sheet, teams, names) {
  const teamIds = teamList(teams);
  const table = h('table', { class: 'sheet' },
    h('caption', { class: 'visually-hidden' }, t('scores.wily_caption')),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('scores.hand')),
      h('th', { scope: 'col' }, t('scores.contract')),
      teamIds.map((team) => h('th', { scope: 'col' }, teamName(team, teams, names))))));
  const body = h('tbody');
  sheet.forEach((row, index) => {
    const [, , high, bid, trump, teamTricks, letterTo, letters] = row; // dealer and auction: the table shows them
    const contract = high < 0 ? t('scores.thrown_in')
      : `${names[high]} ${bid}, ${trump < 0 ? t('scores.no_trump') : SUITS[trump].name}`;
    body.append(h('tr', {},
      h('th', { scope: 'row' }, String(index + 1)),
      h('td', { class: 'contract-cell' }, contract),
      teamIds.map((team) => h('td', {
        'aria-label': t(letterTo.includes(team) ? 'scores.wily_cell_gained' : 'scores.wily_cell', {
          team: teamName(team, teams, names), tricks: t('scores.n_tricks', { count: teamTricks[team] ?? 0 }), letters: letters[team] }),
      },
      h('span', { class: 'bid-took' }, t('scores.n_tricks', { count: teamTricks[team] ?? 0 })),
      letterTo.includes(team) ? h('span', { class: 'points' }, t('scores.plus_letter')) : null,
      h('span', { class: 'total letters-word' }, lettersText(letters[team]))))));
  });
  table.append(body);
  return table;
}

// --- the end of a game ------------------------------------------------------------------------------------------

/** Ranking lines for the end-of-game summary: [{place, label, value, winner}] */
export function ranking(view, names) {
  const winners = new Set(view.winners || []);
  if (view.game === 'wily') {
    return teamList(view.teams).map((team) => {
      const members = teamMembers(team, view.teams);
      return { label: `${teamName(team, view.teams, names)} (${members.map((m) => names[m]).join(', ')})`,
        value: lettersText(view.letters[team] || 0), score: view.letters[team] || 0,
        winner: members.some((m) => winners.has(m)) };
    }).sort((a, b) => b.score - a.score);
  }
  return names.map((name, seat) => ({ label: name, value: t('scores.n_points', { count: view.scores[seat] }), score: view.scores[seat],
    winner: winners.has(seat) })).sort((a, b) => b.score - a.score);
}
