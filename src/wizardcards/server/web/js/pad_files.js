// The score pad's files: a Wizard game exported as the terminal pad exports it (tui/scorepad_model.py: export_json,
// format wizardcards-scorepad/1, or /2 with special cards, and export_csv, column for column, with the columns of
// the special cards when the game has them), so either pad reads the other's files; and
// those files (or a sheet of this pad, format wizardcards-pad/1) read back through every check of the model.
// A Wily Wizards game, which the terminal pad does not keep, is exported as this pad's sheet (JSON) and as a CSV of
// its hands. No DOM.

import * as M from './pad_model.js';
import * as R from './pad_rules.js';

export const TERMINAL_FORMAT = 'wizardcards-scorepad/1';
export const TERMINAL_FORMAT_SPECIAL = 'wizardcards-scorepad/2';
const CSV_FIXED = ['round', 'cards', 'dealer', 'no trump'];
const CSV_PER_PLAYER = ['bid', 'tricks', 'points', 'total'];
const CSV_FIXED_SPECIAL = [...CSV_FIXED, 'special cards', 'bombed'];
const CSV_PER_PLAYER_SPECIAL = ['bid', 'cloud', 'tricks', 'points', 'total'];

/** The terminal pad's export_json, as an object. */
export function terminalJson(cat, sheet) {
  const rounds = sheet.rounds.map((entry, index) => {
    const round = M.info(cat, sheet, index);
    const special = M.isSpecial(sheet) ? { bid_changes: entry.bid_changes, bombed: entry.bombed } : {};
    return {
      bids: entry.bids, tricks: entry.tricks, ...special, number: round.number, dealer: sheet.names[round.dealer],
      hand_size: round.handSize, no_trump: round.noTrump !== null, points: M.points(cat, sheet, index),
      totals: M.complete(entry) ? M.totalsAfter(cat, sheet, index) : null,
    };
  });
  return {
    format: M.isSpecial(sheet) ? TERMINAL_FORMAT_SPECIAL : TERMINAL_FORMAT, names: sheet.names, rules: sheet.rules, first_dealer: sheet.first_dealer, rounds,
    totals: M.totals(cat, sheet), winners: M.winners(cat, sheet).map((seat) => sheet.names[seat]),
  };
}

/** A CSV field as Python's csv module writes it (minimal quoting). */
function field(value) {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvText(rows) {
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** The terminal pad's export_csv: a row per round; per player bid, tricks, points, total (blank if not in). */
export function terminalCsv(cat, sheet) {
  const special = M.isSpecial(sheet);
  const header = (special ? CSV_FIXED_SPECIAL : CSV_FIXED).slice();
  for (const name of sheet.names) header.push(...(special ? CSV_PER_PLAYER_SPECIAL : CSV_PER_PLAYER).map((what) => `${name} ${what}`));
  const rows = [header];
  sheet.rounds.forEach((entry, index) => {
    const round = M.info(cat, sheet, index);
    const pts = M.points(cat, sheet, index);
    const tot = pts ? M.totalsAfter(cat, sheet, index) : null;
    const row = [round.number, round.handSize, sheet.names[round.dealer], round.noTrump ? 'yes' : ''];
    if (special) row.push(sheet.rules.special_cards.join(' '), entry.tricks ? entry.bombed : '');
    sheet.names.forEach((_, seat) => {
      row.push(entry.bids ? entry.bids[seat] : '');
      if (special) {
        const change = entry.bid_changes ? entry.bid_changes[seat] : 0;
        row.push(change > 0 ? `+${change}` : change < 0 ? String(change) : '');
      }
      row.push(entry.tricks ? entry.tricks[seat] : '', pts ? pts[seat] : '', tot ? tot[seat] : '');
    });
    rows.push(row);
  });
  return csvText(rows);
}

/** A Wily Wizards game's hands: dealer, high bidder, bid, contract, trump, tricks, then each team's letters. */
export function wilyCsv(cat, sheet) {
  const setup = M.setup(cat, sheet);
  const teams = M.teamCount(cat, sheet);
  const teamNames = Array.from({ length: teams }, (_, team) => sheet.names.filter((_, s) => setup.teams[s] === team).join(' + '));
  const rows = [['hand', 'dealer', 'high bidder', 'bid', 'contract', 'trump', 'tricks', ...teamNames.map((t) => `${t} letters`)]];
  sheet.hands.forEach((hand, index) => {
    const letters = M.lettersAfter(cat, sheet, index);
    const played = hand.high_bidder !== null;
    rows.push([index + 1, sheet.names[M.handDealer(cat, sheet, index)], played ? sheet.names[hand.high_bidder] : '',
      played ? hand.bid : '', played ? R.contract(cat, sheet.rules, setup, hand) : '', played ? hand.trump || '' : '',
      played ? hand.tricks : '', ...letters.map((count) => R.word(cat).slice(0, count))]);
  });
  return csvText(rows);
}

/** The files of a sheet to download: [{name, type, text}]. */
export function exportsOf(cat, sheet, stem) {
  if (M.isWily(sheet)) {
    return [
      { name: `${stem}.json`, type: 'application/json', text: JSON.stringify(sheet, null, 1) + '\n' },
      { name: `${stem}.csv`, type: 'text/csv', text: wilyCsv(cat, sheet) },
    ];
  }
  return [
    { name: `${stem}.json`, type: 'application/json', text: JSON.stringify(terminalJson(cat, sheet), null, 1) + '\n' },
    { name: `${stem}.csv`, type: 'text/csv', text: terminalCsv(cat, sheet) },
  ];
}

// --- reading ---------------------------------------------------------------------------------------------------

/** Rows of a CSV text (quoted fields, doubled quotes, \r\n or \n). */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell); rows.push(row); row = []; cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

function fromCsv(cat, text) {
  const rows = parseCsv(text);
  const special = rows.length > 0 && CSV_FIXED_SPECIAL.every((name, i) => rows[0][i] === name);
  const fixed = special ? CSV_FIXED_SPECIAL : CSV_FIXED;
  const per = special ? CSV_PER_PLAYER_SPECIAL : CSV_PER_PLAYER;
  if (!rows.length || fixed.some((name, i) => rows[0][i] !== name) || (rows[0].length - fixed.length) % per.length) {
    throw new M.Refusal('err_not_a_pad');
  }
  const header = rows[0];
  const names = [];
  for (let c = fixed.length; c < header.length; c += per.length) {
    const name = header[c].replace(/ bid$/, '');
    if (per.some((what, k) => header[c + k] !== `${name} ${what}`)) throw new M.Refusal('err_not_a_pad');
    names.push(name);
  }
  const body = rows.slice(1);
  const sizes = body.map((row) => Number(row[1]));
  if (!body.length || !names.includes(body[0][2])) throw new M.Refusal('err_not_a_pad');
  const cards = special ? body[0][4].split(' ').filter(Boolean) : [];
  if (special && body.some((row) => row[4] !== body[0][4])) throw new M.Refusal('err_not_a_pad');
  const base = { game: 'wizard', players: names.length, ...(cards.length ? { special_cards: cards } : {}) };
  if (cards.length && R.wizardOptionsProblem(cat, { ...base, schedule: 'standard' })) throw new M.Refusal('err_not_a_pad');
  let rules = { ...base, schedule: 'custom', custom_hand_sizes: sizes };
  for (const schedule of Object.keys((cat.wizard.players[String(names.length)] || { schedules: {} }).schedules)) {
    const candidate = { ...base, schedule };
    if (JSON.stringify(R.handSizes(cat, candidate)) === JSON.stringify(sizes)) { rules = candidate; break; }
  }
  const sheet = M.newSheet(cat, { names, rules, firstDealer: names.indexOf(body[0][2]) });
  const numbers = (row, what) => {
    const cells = names.map((_, seat) => row[fixed.length + per.length * seat + per.indexOf(what)]);
    if (cells.every((cell) => cell === '')) return null;
    if (what === 'cloud') {
      if (cells.some((cell) => !/^([+-]1)?$/.test(cell))) throw new M.Refusal('err_not_a_pad');
      return cells.map((cell) => (cell === '' ? 0 : Number(cell)));
    }
    if (cells.some((cell) => !/^-?\d+$/.test(cell))) throw new M.Refusal('err_not_a_pad');
    return cells.map(Number);
  };
  body.forEach((row, index) => {
    if (row.length !== header.length) throw new M.Refusal('err_not_a_pad');
    const bids = numbers(row, 'bid');
    const tricks = numbers(row, 'tricks');
    if (bids) M.enterRound(cat, sheet, index, bids);
    if (tricks) {
      if (special && !/^\d*$/.test(row[5])) throw new M.Refusal('err_not_a_pad');
      M.enterTricks(cat, sheet, index, tricks, special ? numbers(row, 'cloud') : null, special ? Number(row[5] || 0) : 0);
    }
    const expected = [M.points(cat, sheet, index), M.complete(sheet.rounds[index]) ? M.totalsAfter(cat, sheet, index) : null];
    if (JSON.stringify([numbers(row, 'points'), numbers(row, 'total')]) !== JSON.stringify(expected)) {
      throw new M.Refusal('err_file_totals', { number: index + 1 });
    }
  });
  return sheet;
}

/** A sheet from a file's text: the terminal pad's JSON or CSV, or this pad's sheet. Throws a Refusal. */
export function importText(cat, text) {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed.startsWith('{')) return fromCsv(cat, trimmed);
  let data;
  try { data = JSON.parse(trimmed); } catch (_) { throw new M.Refusal('err_not_a_pad'); }
  if (data && [TERMINAL_FORMAT, TERMINAL_FORMAT_SPECIAL].includes(data.format)) {
    const first = Number.isInteger(data.first_dealer) ? data.first_dealer : 0;
    const special = data.format === TERMINAL_FORMAT_SPECIAL;
    return M.checkedSheet(cat, {
      format: special ? M.SHEET_FORMAT_SPECIAL : M.SHEET_FORMAT, names: data.names, rules: data.rules,
      first_dealer: first, scorekeeper: first, hands: [],
      rounds: (data.rounds || []).map((entry) => ({
        bids: entry.bids ?? null, tricks: entry.tricks ?? null,
        ...(special ? { bid_changes: entry.bid_changes ?? null, bombed: entry.bombed ?? 0 } : {}),
      })),
    });
  }
  return M.checkedSheet(cat, data);
}
