// The score pad page (/pad): keeping the score of a game played with real cards, on a phone held in one hand.
// Screens: the games kept on this device, a new game (players, game and options), the first dealer's draw, the
// game (the round's entry, the sheet, corrections, the chart, the end), and a shared pad watched (/pad#watch=ID).
// The rules come from the core's tables (GET /pad/rules, read by pad_rules.js); the sheet's arithmetic is
// pad_model.js; files pad_files.js; storage pad_store.js; words pad_i18n.js. Works offline once loaded
// (/pad-sw.js keeps the page's files).

import { copyText, fill, h, s, announce } from './dom.js';
import * as F from './pad_files.js';
import { LANGUAGES, language, preferredLanguage, t, useLanguage } from './pad_i18n.js';
import * as M from './pad_model.js';
import * as R from './pad_rules.js';
import * as S from './pad_store.js';

const SUITS = ['clubs', 'diamonds', 'hearts', 'spades'];
const SUIT_MARK = { clubs: '♣', diamonds: '♦', hearts: '♥', spades: '♠', none: '–' };
const ui = {
  cat: null, view: 'home', game: null, draft: null, problem: null, notice: null, setup: null, draw: null,
  watch: null, share: 'idle',
};
const main = () => document.getElementById('main');

// --- start ----------------------------------------------------------------------------------------------------

async function start() {
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('/pad-sw.js', { scope: '/pad' }).catch(() => { /* no offline copy */ });
  }
  await useLanguage(preferredLanguage());
  const response = await fetch('/pad/rules');
  if (!response.ok) throw new Error(`GET /pad/rules: ${response.status}`);
  ui.cat = await response.json();
  window.addEventListener('hashchange', route);
  window.addEventListener('online', () => { render(); pushShare(); });
  window.addEventListener('offline', render);
  route();
}

function route() {
  const watch = /^#watch=([\w-]{1,32})$/.exec(location.hash);
  if (watch) {
    ui.view = 'watch';
    ui.watch = { id: watch[1], data: null, error: null, timer: null };
    pollWatch();
  } else if (ui.view === 'watch') {
    clearTimeout(ui.watch.timer);
    ui.view = 'home';
  }
  render();
}

function render() {
  const el = main();
  el.className = `pad pad-view-${ui.view}`;
  document.title = `${t('title')} · wizardcards`;
  const screens = { home: homeScreen, setup: setupScreen, draw: drawScreen, game: gameScreen, watch: watchScreen };
  fill(el, screens[ui.view]());
  el.dataset.view = ui.view;
}

function topBar(title, ...actions) {
  return h('header', { class: 'pad-top' },
    h('h1', { text: title }),
    h('div', { class: 'pad-top-actions' }, ...actions));
}

function languageSwitch() {
  return h('label', { class: 'pad-lang' }, h('span', { class: 'visually-hidden', text: t('language') }),
    h('select', {
      id: 'pad-lang',
      onchange: async (event) => { await useLanguage(event.target.value, true); render(); },
    }, Object.entries(LANGUAGES).map(([code, name]) => h('option', { value: code, selected: code === language() }, name))));
}

function message(problem) {
  if (!problem) return null;
  const values = { ...(problem.values || problem) };
  if (values.rule) values.rule = t(`bid_rule_${values.rule}`);
  return h('p', { class: 'pad-problem', role: 'alert', text: t(problem.key, values) });
}

function cardsEach(cards) { return t(cards === 1 ? 'cards_1' : 'cards_n', { cards }); }

function refusalOf(error) {
  if (error instanceof M.Refusal) return { key: error.key, values: error.values };
  return { key: 'err_unexpected', values: { text: String(error && error.message) } };
}

function gameName(rules) { return rules.game === 'wily' ? t('game_wily') : t('game_wizard'); }

// --- the games kept --------------------------------------------------------------------------------------------

function homeScreen() {
  const games = S.listGames();
  return [
    topBar(t('title'), languageSwitch()),
    h('p', { class: 'pad-lead', text: t('home_lead') }),
    h('button', { class: 'primary big pad-wide', id: 'new-game', onclick: () => { ui.setup = null; show('setup'); } },
      t('new_game')),
    message(ui.problem),
    h('section', { class: 'pad-card', 'aria-labelledby': 'saved-title' },
      h('h2', { id: 'saved-title', text: t('saved_games') }),
      games.length ? h('ul', { class: 'pad-games' }, games.map(gameItem)) : h('p', { class: 'muted', text: t('no_games') })),
    h('section', { class: 'pad-card' },
      h('h2', { text: t('import_title') }),
      h('p', { class: 'muted', text: t('import_help') }),
      h('label', { class: 'button pad-wide' }, t('import_button'),
        h('input', { type: 'file', id: 'import-file', class: 'visually-hidden', accept: '.csv,.json,text/csv,application/json', onchange: importFile }))),
    h('p', { class: 'muted pad-foot', text: navigator.onLine ? t('offline_ready') : t('offline_now') }),
  ];
}

function gameItem(game) {
  const sheet = game.sheet;
  const winners = M.winners(ui.cat, sheet);
  let status;
  if (winners.length) status = t('winner_line', { names: winners.map((seat) => sheet.names[seat]).join(', ') });
  else if (M.isWily(sheet)) status = t('hand_n', { number: sheet.hands.length + 1 });
  else status = t('round_n_of', { number: (M.nextRound(sheet) ?? 0) + 1, rounds: sheet.rounds.length });
  return h('li', { class: 'pad-game', dataset: { id: game.id } },
    h('div', { class: 'pad-game-text' },
      h('strong', { text: sheet.title || sheet.names.join(', ') }),
      h('span', { class: 'muted', text: `${gameName(sheet.rules)} · ${status}` }),
      h('span', { class: 'muted small', text: new Date(game.updated).toLocaleString(language()) })),
    h('div', { class: 'pad-game-actions' },
      h('button', { class: 'primary', onclick: () => openGame(game.id) }, t('resume')),
      h('button', {
        'aria-label': t('delete_named', { name: sheet.title || sheet.names.join(', ') }),
        onclick: () => { if (window.confirm(t('delete_confirm'))) { S.deleteGame(game.id); render(); } },
      }, t('delete'))));
}

function openGame(id) {
  ui.game = S.loadGame(id);
  try {
    ui.game.sheet = M.checkedSheet(ui.cat, ui.game.sheet);
  } catch (error) {
    ui.problem = refusalOf(error);
    ui.game = null;
    render();
    return;
  }
  ui.draft = null; ui.problem = null; ui.notice = null;
  show('game');
}

async function importFile(event) {
  const file = event.target.files[0];
  if (!file) return;
  try {
    const sheet = F.importText(ui.cat, await file.text());
    ui.game = S.newGame(sheet);
    ui.problem = null; ui.draft = null;
    ui.notice = { key: 'imported', values: { file: file.name } };
    show('game');
  } catch (error) {
    ui.problem = refusalOf(error);
    render();
  }
}

function show(view) {
  ui.view = view;
  if (location.hash) history.replaceState(null, '', location.pathname);
  render();
  window.scrollTo(0, 0);
}

// --- a new game --------------------------------------------------------------------------------------------------

function defaultSetup() {
  return {
    game: 'wizard', names: ['', '', ''], schedule: 'standard', custom: '', bid_rule: 'none', hidden_bids: false,
    special: 'none', chosen_cards: [],
    rank_style: ui.cat.rank_styles[0], mode: 'partners', allow_no_trump: false, combined_bids: false, passing: 'left',
    dealer_by: 'draw', first_dealer: 0, scorekeeper: 0, title: '',
  };
}

function setupRules(st) {
  if (st.game === 'wily') {
    const rules = { game: 'wily', players: st.names.length, rank_style: st.rank_style, mode: st.mode,
      allow_no_trump: st.allow_no_trump, passing: st.passing };
    const found = R.wilySetup(ui.cat, rules);
    if (found && found.combined_bids) rules.combined_bids = st.combined_bids;
    if (found && found.receivers.none === 'not_allowed') rules.passing = 'left';
    return rules;
  }
  const rules = { game: 'wizard', players: st.names.length, rank_style: st.rank_style, schedule: st.schedule,
    bid_rule: st.bid_rule, hidden_bids: st.hidden_bids };
  if (st.schedule === 'custom') rules.custom_hand_sizes = st.custom.split(/[\s,]+/).filter(Boolean).map(Number);
  rules.special_cards = setupSpecials(st);
  return rules;
}

/** The special cards of the setup: none, a preset's, or those chosen (a card of a pair brings its partner). */
function setupSpecials(st) {
  if (st.special === 'none') return [];
  if (st.special !== 'choose') return R.specialPresets(ui.cat)[st.special].slice();
  return R.orderedSpecials(ui.cat, st.chosen_cards);
}

/** The cards to tick when choosing: each card, a pair (the Dragon and the Fairy) as one. */
function specialGroups() {
  const together = ui.cat.wizard.special_cards.together;
  const groups = [];
  for (const card of R.specialNames(ui.cat)) {
    const pair = together.find((group) => group.includes(card));
    if (!pair) groups.push([card]);
    else if (pair[0] === card) groups.push(pair.slice());
  }
  return groups;
}

function cardsText(cards) { return cards.map((card) => t(`card_${card}`)).join(', '); }

function specialChoice(st, redo) {
  const presets = Object.keys(R.specialPresets(ui.cat));
  return [
    choice('special', st.special, ['none', ...presets, 'choose'].map((v) => [v, t(`special_${v}`)]),
      (v) => { st.special = v; redo(); }, 'special_cards'),
    st.special === 'choose' ? h('div', { class: 'pad-special-cards', id: 'special-cards' }, specialGroups().map((group) => {
      const label = group.length > 1 ? t('cards_together', { cards: group.map((c) => t(`card_${c}`)).join(' & ') }) : t(`card_${group[0]}`);
      return h('label', { class: 'pad-check' },
        h('input', { type: 'checkbox', name: `card-${group[0]}`, checked: group.every((c) => st.chosen_cards.includes(c)),
          onchange: (event) => {
            st.chosen_cards = st.chosen_cards.filter((c) => !group.includes(c));
            if (event.target.checked) st.chosen_cards.push(...group);
          } }),
        h('span', { text: label }));
    })) : null,
    st.special !== 'none' ? h('p', { class: 'muted small', text: t('special_help') }) : null,
  ];
}

function choice(name, value, options, onchange, labelKey) {
  return h('label', { class: 'pad-field' }, h('span', { text: t(labelKey) }),
    h('select', { name, onchange: (event) => onchange(event.target.value) },
      options.map(([optionValue, text]) => h('option', { value: optionValue, selected: optionValue === value }, text))));
}

function check(name, value, onchange, labelKey, disabled = false) {
  return h('label', { class: 'pad-check' },
    h('input', { type: 'checkbox', name, checked: value, disabled, onchange: (event) => onchange(event.target.checked) }),
    h('span', { text: t(labelKey) }));
}

function setupScreen() {
  const st = ui.setup || (ui.setup = defaultSetup());
  const redo = () => render();
  const most = st.game === 'wily' ? 7 : Math.max(...Object.keys(ui.cat.wizard.players).map(Number));
  const least = st.game === 'wily' ? Math.min(...Object.values(ui.cat.wily.setups).flatMap((m) => Object.keys(m).map(Number)))
    : Math.min(...Object.keys(ui.cat.wizard.players).map(Number));
  const players = h('fieldset', { class: 'pad-card' },
    h('legend', { text: t('players') }),
    h('p', { class: 'muted', text: t('players_help') }),
    h('ol', { class: 'pad-names' }, st.names.map((name, seat) => h('li', {},
      h('input', {
        type: 'text', name: `name-${seat}`, value: name, maxlength: 64, autocomplete: 'off', enterkeyhint: 'next',
        'aria-label': t('player_n', { number: seat + 1 }), placeholder: t('player_n', { number: seat + 1 }),
        oninput: (event) => { st.names[seat] = event.target.value; },
      })))),
    h('div', { class: 'pad-row' },
      h('button', { type: 'button', id: 'add-player', disabled: st.names.length >= most,
        onclick: () => { st.names.push(''); redo(); } }, t('add_player')),
      h('button', { type: 'button', id: 'remove-player', disabled: st.names.length <= least,
        onclick: () => { st.names.pop(); redo(); } }, t('remove_player'))));
  const options = [];
  if (st.game === 'wizard') {
    options.push(
      choice('schedule', st.schedule, ['standard', 'double-down', 'quick', 'custom'].map((v) => [v, t(`schedule_${v}`)]),
        (v) => { st.schedule = v; redo(); }, 'schedule'),
      st.schedule === 'custom' ? h('label', { class: 'pad-field' }, h('span', { text: t('custom_sizes') }),
        h('input', { type: 'text', name: 'custom', value: st.custom, inputmode: 'numeric', placeholder: '2 3 4 5',
          oninput: (event) => { st.custom = event.target.value; } })) : null,
      choice('bid_rule', st.bid_rule, ['none', 'hook', 'canadian'].map((v) => [v, t(`bid_rule_${v}`)]),
        (v) => { st.bid_rule = v; if (ui.cat.wizard.open_bids_needed_by.includes(v)) st.hidden_bids = false; redo(); }, 'bid_rule'),
      check('hidden_bids', st.hidden_bids, (v) => { st.hidden_bids = v; redo(); }, 'hidden_bids',
        ui.cat.wizard.open_bids_needed_by.includes(st.bid_rule)),
      specialChoice(st, redo),
    );
  } else {
    const modes = Object.keys(ui.cat.wily.setups);
    const found = R.wilySetup(ui.cat, setupRules(st));
    options.push(
      choice('mode', st.mode, modes.map((m) => [m, t(`mode_${m}`, { players: R.wilyPlayerCounts(ui.cat, m).join(', ') })]),
        (v) => { st.mode = v; redo(); }, 'mode'),
      found && found.receivers.none !== 'not_allowed'
        ? choice('passing', st.passing, ['left', 'none'].map((v) => [v, t(`passing_${v}`)]), (v) => { st.passing = v; }, 'passing')
        : null,
      check('allow_no_trump', st.allow_no_trump, (v) => { st.allow_no_trump = v; }, 'allow_no_trump'),
      found && found.combined_bids ? check('combined_bids', st.combined_bids, (v) => { st.combined_bids = v; }, 'combined_bids') : null,
      found ? null : h('p', { class: 'pad-problem', text: t('err_wily_players', { players: st.names.length }) }),
    );
  }
  options.push(choice('rank_style', st.rank_style, ui.cat.rank_styles.map((v) => [v, v]), (v) => { st.rank_style = v; }, 'rank_style'));
  const seats = st.names.map((name, seat) => [String(seat), name.trim() || t('player_n', { number: seat + 1 })]);
  const dealer = h('fieldset', { class: 'pad-card' },
    h('legend', { text: t('first_dealer') }),
    h('label', { class: 'pad-check' }, h('input', { type: 'radio', name: 'dealer_by', value: 'draw', checked: st.dealer_by === 'draw',
      onchange: () => { st.dealer_by = 'draw'; redo(); } }), h('span', { text: t('dealer_by_draw') })),
    h('label', { class: 'pad-check' }, h('input', { type: 'radio', name: 'dealer_by', value: 'chosen', checked: st.dealer_by === 'chosen',
      onchange: () => { st.dealer_by = 'chosen'; redo(); } }), h('span', { text: t('dealer_chosen') })),
    st.dealer_by === 'chosen' ? [
      choice('first_dealer', String(st.first_dealer), seats, (v) => { st.first_dealer = Number(v); }, 'first_dealer'),
      choice('scorekeeper', String(st.scorekeeper), seats, (v) => { st.scorekeeper = Number(v); }, 'scorekeeper'),
    ] : null);
  return [
    topBar(t('new_game'), h('button', { onclick: () => show('home') }, t('back'))),
    h('form', { class: 'pad-setup', onsubmit: (event) => { event.preventDefault(); beginGame(); } },
      h('fieldset', { class: 'pad-card pad-segments' }, h('legend', { text: t('game') }),
        ['wizard', 'wily'].map((game) => h('label', { class: 'pad-segment' },
          h('input', { type: 'radio', name: 'game', value: game, checked: st.game === game,
            onchange: () => { st.game = game; if (game === 'wily' && st.names.length < 4) st.names.push(''); redo(); } }),
          h('span', { text: gameName({ game }) })))),
      players,
      h('fieldset', { class: 'pad-card' }, h('legend', { text: t('options') }), options),
      dealer,
      h('label', { class: 'pad-field pad-card' }, h('span', { text: t('game_title') }),
        h('input', { type: 'text', name: 'title', value: st.title, maxlength: 64, placeholder: t('game_title_hint'),
          oninput: (event) => { st.title = event.target.value; } })),
      message(ui.problem),
      h('button', { type: 'submit', class: 'primary big pad-wide', id: 'start-game' },
        st.dealer_by === 'draw' ? t('to_the_draw') : t('start'))),
  ];
}

function trySheet(firstDealer, scorekeeper) {
  const st = ui.setup;
  return M.newSheet(ui.cat, { names: st.names, rules: setupRules(st), firstDealer, scorekeeper, title: st.title.trim() || null });
}

function beginGame() {
  const st = ui.setup;
  try {
    if (st.names.some((name) => /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(name))) {
      throw new M.Refusal('err_name_control');
    }
    const sheet = trySheet(st.dealer_by === 'chosen' ? st.first_dealer : 0, st.dealer_by === 'chosen' ? st.scorekeeper : 0);
    ui.problem = null;
    if (st.dealer_by === 'draw') {
      ui.draw = { rounds: [st.names.map(() => null)], outcome: null };
      show('draw');
      return;
    }
    ui.game = S.newGame(sheet);
    ui.draft = null; ui.notice = null;
    show('game');
  } catch (error) {
    ui.problem = refusalOf(error);
    render();
  }
}

// --- the first dealer's draw -------------------------------------------------------------------------------------

function drawScreen() {
  const st = ui.setup;
  const draw = ui.draw;
  const kinds = R.drawKinds(ui.cat, st.rank_style);
  const kindLabel = (kind) => (kind.kind === 'rank' ? kind.label : t(kind.kind));
  const current = draw.rounds[draw.rounds.length - 1];
  const rows = st.names.map((name, seat) => {
    if (current[seat] === undefined) return null;
    return h('li', { class: 'pad-draw-row', dataset: { seat } },
      h('span', { class: 'pad-name', text: name.trim() }),
      draw.outcome ? h('span', { text: kindLabel(kinds.find((k) => k.strength === current[seat])) })
        : h('select', { name: `draw-${seat}`, 'aria-label': t('drawn_by', { name: name.trim() }),
          onchange: (event) => { current[seat] = event.target.value === '' ? null : Number(event.target.value); } },
        h('option', { value: '', text: '—' }),
        kinds.map((kind) => h('option', { value: kind.strength, selected: current[seat] === kind.strength }, kindLabel(kind)))));
  });
  const outcome = draw.outcome;
  return [
    topBar(t('the_draw'), h('button', { onclick: () => show('setup') }, t('back'))),
    h('section', { class: 'pad-card' },
      h('p', { text: draw.rounds.length > 1 ? t('draw_again_help') : t('draw_help') }),
      h('ul', { class: 'pad-draw' }, rows),
      message(ui.problem),
      outcome ? h('p', { class: 'pad-outcome', id: 'draw-outcome', text: t('draw_outcome',
        { dealer: st.names[outcome.dealer].trim(), keeper: st.names[outcome.scorekeeper].trim() }) }) : null,
      outcome
        ? h('button', { class: 'primary big pad-wide', id: 'start-game', onclick: () => startDrawn(outcome) }, t('start'))
        : h('button', { class: 'primary big pad-wide', id: 'draw-done', onclick: drawDone }, t('draw_done'))),
  ];
}

function drawDone() {
  const draw = ui.draw;
  const current = draw.rounds[draw.rounds.length - 1];
  if (current.some((value) => value === null)) {
    ui.problem = { key: 'err_draw_missing' };
    render();
    return;
  }
  ui.problem = null;
  const rounds = draw.rounds.map((round) => ui.setup.names.map((_, seat) => (round[seat] === undefined ? null : round[seat])));
  const result = R.drawOutcome(ui.cat, rounds);
  if (result.redraw) {
    const next = [];
    result.redraw.forEach((seat) => { next[seat] = null; });
    draw.rounds.push(next);
    announce(t('draw_again_help'));
  } else {
    draw.outcome = result;
  }
  render();
}

function startDrawn(outcome) {
  try {
    ui.game = S.newGame(trySheet(outcome.dealer, outcome.scorekeeper));
    ui.draft = null; ui.notice = null; ui.problem = null;
    show('game');
  } catch (error) {
    ui.problem = refusalOf(error);
    render();
  }
}

// --- the game ------------------------------------------------------------------------------------------------

function save() {
  S.saveGame(ui.game);
  pushShare();
}

function gameScreen() {
  const sheet = ui.game.sheet;
  const over = M.finished(ui.cat, sheet);
  return [
    topBar(sheet.title || gameName(sheet.rules),
      h('button', { id: 'to-games', onclick: () => { ui.game = null; show('home'); } }, t('games'))),
    h('p', { class: 'pad-keeper muted', text: t('keeper_line', { name: sheet.names[sheet.scorekeeper], rules: describe(sheet.rules) }) }),
    ui.notice ? h('p', { class: 'pad-notice', role: 'status', text: t(ui.notice.key, ui.notice.values || {}) }) : null,
    over && !ui.draft ? endCard(sheet) : null,
    M.isWily(sheet) ? wilyPlay(sheet, over) : wizardPlay(sheet, over),
    chartCard(sheet),
    shareCard(),
    exportCard(sheet),
  ];
}

function describe(rules) {
  const parts = [gameName(rules)];
  if (rules.game === 'wily') {
    parts.push(t(`mode_${rules.mode || 'partners'}`, { players: rules.players }));
    if (rules.combined_bids) parts.push(t('combined_bids'));
    if (rules.allow_no_trump) parts.push(t('allow_no_trump'));
    if (rules.passing === 'none') parts.push(t('passing_none'));
  } else {
    parts.push(rules.schedule === 'custom' ? t('custom_rounds', { sizes: (rules.custom_hand_sizes || []).join(', ') })
      : t(`schedule_${rules.schedule || 'standard'}`));
    if (rules.bid_rule) parts.push(t(`bid_rule_${rules.bid_rule}`));
    if (rules.hidden_bids) parts.push(t('hidden_bids'));
    if ((rules.special_cards || []).length) {
      const preset = Object.entries(R.specialPresets(ui.cat))
        .find(([, cards]) => JSON.stringify(cards) === JSON.stringify(rules.special_cards));
      parts.push(preset ? t(`special_${preset[0]}`) : `${t('special_cards')}: ${cardsText(rules.special_cards)}`);
    }
  }
  if (rules.rank_style) parts.push(rules.rank_style);
  return parts.join(' · ');
}

function endCard(sheet) {
  let text;
  if (M.isWily(sheet)) {
    const teams = M.wilyResult(ui.cat, sheet).winners.map((team) => teamLabel(sheet, team));
    text = teams.length > 1 ? t('teams_share', { teams: teams.join(' & '), word: R.word(ui.cat) })
      : t('team_wins', { team: teams[0], word: R.word(ui.cat) });
  } else {
    const winners = M.winners(ui.cat, sheet).map((seat) => sheet.names[seat]);
    const points = Math.max(...M.totals(ui.cat, sheet));
    text = winners.length > 1 ? t('winners_share', { names: winners.join(' & '), points }) : t('winner_is', { name: winners[0], points });
  }
  return h('section', { class: 'pad-card pad-end', id: 'game-over' },
    h('h2', { text: t('game_over') }),
    h('p', { class: 'pad-winner', text }));
}

// --- Wizard rounds -----------------------------------------------------------------------------------------------

function wizardPlay(sheet, over) {
  const upcoming = M.nextRound(sheet);
  if (!ui.draft && upcoming !== null) ui.draft = newDraft(sheet, upcoming);
  return [
    ui.draft ? roundEntry(sheet) : null,
    totalsBar(sheet),
    sheetTable(sheet),
  ];
}

function newDraft(sheet, index, correcting = false) {
  const entry = sheet.rounds[index];
  const hidden = Boolean(sheet.rules.hidden_bids);
  const step = hidden ? 'both' : entry.bids === null || correcting ? 'bids' : 'tricks';
  const zeros = sheet.names.map(() => 0);
  return { index, step, correcting, bids: (entry.bids || zeros).slice(), tricks: (entry.tricks || zeros).slice(),
    changes: (entry.bid_changes || zeros).slice(), bombed: entry.bombed || 0 };
}

/** The Cloud's and the Bomb's part of a round's end: whose bid the Cloud changed (the changes each bid allows; in
 * the hidden bids' step, where the bids are typed with the tricks, either change), whether the Bomb took a trick. */
function specialEntry(sheet, d, round, order, update) {
  const parts = [];
  if (R.hasCloud(ui.cat, sheet.rules)) {
    const current = d.changes.findIndex((change) => change !== 0);
    const value = current < 0 ? '' : `${current}:${d.changes[current]}`;
    const options = [['', t('cloud_nobody')]];
    for (const seat of order) {
      const changes = d.step === 'both' ? [1, -1] : R.cloudChanges(ui.cat, sheet.rules, round.handSize, d.bids[seat]);
      for (const change of changes) {
        const text = d.step === 'both' ? t('cloud_option_any', { name: sheet.names[seat], change: change > 0 ? '+1' : '−1' })
          : t('cloud_option', { name: sheet.names[seat], from: d.bids[seat], to: d.bids[seat] + change });
        options.push([`${seat}:${change}`, text]);
      }
    }
    parts.push(choice('cloud', value, options, (v) => {
      d.changes = sheet.names.map(() => 0);
      if (v) { const [seat, change] = v.split(':').map(Number); d.changes[seat] = change; }
      update();
    }, 'cloud_change'));
  }
  if (R.mostBombed(ui.cat, sheet.rules)) {
    parts.push(check('bombed', d.bombed > 0, (v) => { d.bombed = v ? 1 : 0; update(); }, 'bomb_took'));
  }
  return parts.length ? h('div', { class: 'pad-special-entry', id: 'special-entry' }, parts) : null;
}

function stepper(seat, value, range, onchange, label) {
  const input = h('input', {
    type: 'number', inputmode: 'numeric', min: range[0], max: range[1], value, 'aria-label': label,
    dataset: { seat }, oninput: () => onchange(Number(input.value)),
  });
  const bump = (by) => {
    const next = Math.min(range[1], Math.max(range[0], (Number(input.value) || 0) + by));
    input.value = next;
    onchange(next);
  };
  return h('span', { class: 'pad-stepper' },
    h('button', { type: 'button', class: 'pad-minus', 'aria-label': `${label} −1`, onclick: () => bump(-1) }, '−'),
    input,
    h('button', { type: 'button', class: 'pad-plus', 'aria-label': `${label} +1`, onclick: () => bump(1) }, '+'));
}

function roundEntry(sheet) {
  const d = ui.draft;
  const round = M.info(ui.cat, sheet, d.index);
  const order = sheet.names.map((_, k) => (round.dealer + 1 + k) % sheet.names.length);
  const hint = h('p', { class: 'pad-hint', id: 'entry-hint', 'aria-live': 'polite' });
  const update = () => {
    const parts = [];
    if (d.step !== 'tricks') {
      const sum = d.bids.reduce((a, b) => a + b, 0);
      parts.push(t('bids_sum', { sum, cards: round.handSize }));
      const forbidden = M.forbiddenBid(ui.cat, sheet, d.index, d.bids);
      if (forbidden !== null) parts.push(t('dealer_may_not', { name: sheet.names[round.dealer], bid: forbidden }));
    }
    if (d.step !== 'bids') {
      const sum = d.tricks.reduce((a, b) => a + b, 0);
      const total = R.tricksTotal(ui.cat, round.handSize, d.bombed);
      parts.push(t(d.bombed ? 'tricks_sum_bomb' : 'tricks_sum', { sum, total }));
    }
    hint.textContent = parts.join(' · ');
  };
  const rows = order.map((seat) => {
    const cells = [h('span', { class: 'pad-name' }, sheet.names[seat],
      seat === round.dealer ? h('span', { class: 'pad-badge', text: t('dealer') }) : null)];
    if (d.step === 'tricks') cells.push(h('span', { class: 'pad-bid-shown', text: t('bid_short', { bid: d.bids[seat] }) }));
    const boxed = (word, el) => (d.step === 'both' ? h('span', { class: 'pad-step-box' }, h('small', { text: t(word) }), el) : el);
    if (d.step !== 'tricks') {
      cells.push(boxed('bid_word', stepper(seat, d.bids[seat], R.bidRange(ui.cat, round.handSize),
        (v) => { d.bids[seat] = v; update(); }, t('bid_of', { name: sheet.names[seat] }))));
    }
    if (d.step !== 'bids') {
      cells.push(boxed('tricks_word', stepper(seat, d.tricks[seat], R.tricksRange(ui.cat, round.handSize),
        (v) => { d.tricks[seat] = v; update(); }, t('tricks_of', { name: sheet.names[seat] }))));
    }
    return h('li', { class: `pad-entry-row steps-${d.step}`, dataset: { seat } }, cells);
  });
  update();
  const titleKey = { bids: 'enter_bids', tricks: 'enter_tricks', both: 'enter_hidden' }[d.step];
  return h('section', { class: 'pad-card pad-entry', id: 'entry', dataset: { round: round.number, step: d.step } },
    h('div', { class: 'pad-round-head' },
      h('h2', {}, d.correcting ? t('correct_round', { number: round.number }) : t('round_n_of', { number: round.number, rounds: round.rounds })),
      h('p', { class: 'pad-round-facts' },
        h('span', { text: cardsEach(round.handSize) }),
        h('span', { text: t('dealer_is', { name: sheet.names[round.dealer] }) }),
        h('span', { class: round.noTrump ? 'pad-no-trump' : 'pad-trump', id: 'trump-line',
          text: round.noTrump ? t(`no_trump_${round.noTrump}`) : t('trump_turned') }))),
    h('h3', { text: t(titleKey) }),
    d.step === 'both' ? h('p', { class: 'muted', text: t('hidden_help') }) : null,
    d.step !== 'tricks' && sheet.rules.bid_rule && sheet.rules.bid_rule !== 'none'
      ? h('p', { class: 'muted small', text: t(`bid_rule_${sheet.rules.bid_rule}_help`) }) : null,
    h('ol', { class: 'pad-entry-rows' }, rows),
    d.step !== 'bids' ? specialEntry(sheet, d, round, order, update) : null,
    hint,
    message(ui.problem),
    h('div', { class: 'pad-row' },
      h('button', { class: 'primary big', id: 'entry-save', onclick: saveEntry },
        t({ bids: 'save_bids', tricks: 'save_tricks', both: 'save_round' }[d.step])),
      d.correcting || d.step === 'tricks'
        ? h('button', { class: 'big', id: 'entry-back', onclick: () => {
          if (d.step === 'tricks' && !d.correcting) d.step = 'bids'; else ui.draft = null;
          ui.problem = null; render();
        } }, d.correcting ? t('cancel') : t('back_to_bids')) : null));
}

function saveEntry() {
  const d = ui.draft;
  const sheet = ui.game.sheet;
  try {
    let conflicts = [];
    if (d.step === 'both') conflicts = M.enterRound(ui.cat, sheet, d.index, d.bids, d.tricks, d.changes, d.bombed);
    else if (d.step === 'bids') conflicts = M.enterRound(ui.cat, sheet, d.index, d.bids);
    else {
      M.enterTricks(ui.cat, sheet, d.index, d.tricks, d.changes, d.bombed);
      conflicts = M.laterConflicts(ui.cat, sheet, d.index); // the totals after this round may have changed
    }
    ui.problem = null;
    const round = d.index + 1;
    if (d.step === 'bids') {
      const entry = sheet.rounds[d.index]; // a correction the Cloud's change no longer fits has cleared it
      ui.draft = { ...d, step: 'tricks', changes: (entry.bid_changes || d.bids.map(() => 0)).slice(), bombed: entry.bombed || 0,
        tricks: (entry.tricks || d.tricks).slice() };
      ui.notice = conflicts.length ? { key: 'later_conflicts', values: { rounds: conflicts.join(', ') } } : null;
    } else {
      const totalsNow = M.totalsAfter(ui.cat, sheet, d.index);
      ui.notice = d.correcting ? { key: 'corrected', values: { number: round } }
        : { key: 'round_saved', values: { number: round, totals: sheet.names.map((n, s) => `${n} ${totalsNow[s]}`).join(', ') } };
      if (conflicts.length) ui.notice = { key: 'later_conflicts', values: { rounds: conflicts.join(', ') } };
      ui.draft = null;
    }
    save();
    announce(t(ui.notice ? ui.notice.key : 'saved', ui.notice ? ui.notice.values : {}));
  } catch (error) {
    ui.problem = refusalOf(error);
  }
  render();
  if (!ui.problem) document.getElementById('entry')?.scrollIntoView({ block: 'start' });
}

function totalsBar(sheet) {
  const totals = M.totals(ui.cat, sheet);
  const started = sheet.rounds.some(M.complete);
  const best = started ? Math.max(...totals) : null; // nobody leads before the first round is scored
  return h('section', { class: 'pad-totals', 'aria-label': t('totals') },
    sheet.names.map((name, seat) => h('div', { class: `pad-total${totals[seat] === best ? ' leads' : ''}`, dataset: { seat } },
      h('span', { class: 'pad-total-name', text: name }),
      h('span', { class: 'pad-total-value', text: totals[seat] }))));
}

function sheetTable(sheet, editable = true) {
  const rows = sheet.rounds.map((entry, index) => {
    const round = M.info(ui.cat, sheet, index);
    if (entry.bids === null) return null;
    const pts = M.points(ui.cat, sheet, index);
    const tot = pts ? M.totalsAfter(ui.cat, sheet, index) : null;
    const head = h('th', { scope: 'row' },
      editable && ui.view === 'game'
        ? h('button', { class: 'pad-round-edit', 'aria-label': t('correct_round', { number: round.number }),
          dataset: { round: round.number }, onclick: () => { ui.draft = newDraft(sheet, index, true); ui.problem = null; render(); document.getElementById('entry')?.scrollIntoView(); } },
          String(round.number), h('small', { text: roundMarks(round, entry) }))
        : h('span', {}, String(round.number), h('small', { text: roundMarks(round, entry) })));
    const scored = M.scoredBids(sheet, index);
    const cells = sheet.names.map((_, seat) => {
      const changed = pts && scored[seat] !== entry.bids[seat];
      const bid = entry.bids ? (changed ? `${entry.bids[seat]}→${scored[seat]}` : entry.bids[seat]) : null;
      const won = entry.tricks ? entry.tricks[seat] : null;
      const made = pts ? scored[seat] === won : null;
      const hiddenNow = sheet.rules.hidden_bids && !pts;
      return h('td', { class: made === null ? '' : made ? 'made' : 'missed', dataset: { seat } },
        h('span', { class: 'pad-cell-total', text: tot ? tot[seat] : '' }),
        h('span', { class: 'pad-cell-detail', text: hiddenNow ? '' : `${bid ?? ''}/${won ?? '–'} ${pts ? (pts[seat] > 0 ? '+' : '') + pts[seat] : ''}` }),
        made === null ? null : h('span', { class: 'visually-hidden', text: made ? t('made') : t('missed') }));
    });
    return h('tr', { dataset: { round: round.number } }, head, cells);
  });
  return h('section', { class: 'pad-card pad-sheet-card' },
    h('h2', { text: t('sheet') }),
    h('div', { class: 'pad-sheet-scroll' },
      h('table', { class: 'pad-sheet', id: 'sheet' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('round_short') }),
          sheet.names.map((name) => h('th', { scope: 'col', text: name })))),
        h('tbody', {}, rows))),
    h('p', { class: 'muted small', text: editable ? t('sheet_help') : t('sheet_help_watch') }),
    M.isSpecial(sheet) ? h('p', { class: 'muted small', id: 'sheet-special-help', text: t('sheet_special_help') }) : null);
}

/** Under a round's number: its cards, ∅ without trump, ✸ when the Bomb took a trick. */
function roundMarks(round, entry) {
  return `${round.handSize}${round.noTrump ? ' ∅' : ''}${entry.tricks && entry.bombed ? ' ✸' : ''}`;
}

// --- Wily Wizards hands ------------------------------------------------------------------------------------------

function teamLabel(sheet, team) {
  const members = M.setup(ui.cat, sheet).teams.map((t2, seat) => (t2 === team ? sheet.names[seat] : null)).filter(Boolean);
  return members.join(' + ');
}

function wilyPlay(sheet, over) {
  const setup = M.setup(ui.cat, sheet);
  if (!ui.draft && !over) {
    ui.draft = { index: sheet.hands.length, high_bidder: 0, bid: setup.bid_range[0], trump: 'hearts', tricks: 0,
      calls: sheet.names.map(() => 0), correcting: false };
  }
  const letters = M.lettersAfter(ui.cat, sheet, sheet.hands.length - 1);
  const wordText = R.word(ui.cat);
  return [
    ui.draft ? wilyEntry(sheet, setup) : null,
    h('section', { class: 'pad-totals pad-letters', 'aria-label': t('letters') },
      letters.map((count, team) => h('div', { class: 'pad-total', dataset: { team } },
        h('span', { class: 'pad-total-name', text: teamLabel(sheet, team) }),
        h('span', { class: 'pad-word', 'aria-label': t('letters_n', { count }) },
          [...wordText].map((letter, k) => h('span', { class: k < count ? 'got' : 'not', text: letter })))))),
    wilyTable(sheet, setup),
  ];
}

function wilyEntry(sheet, setup) {
  const d = ui.draft;
  const dealer = M.handDealer(ui.cat, sheet, d.index);
  const mates = R.teammates(setup, d.high_bidder);
  const trumps = [...SUITS, ...(sheet.rules.allow_no_trump ? ['none'] : [])];
  const redo = () => render();
  return h('section', { class: 'pad-card pad-entry', id: 'entry', dataset: { hand: d.index + 1 } },
    h('div', { class: 'pad-round-head' },
      h('h2', { text: d.correcting ? t('correct_hand', { number: d.index + 1 }) : t('hand_n', { number: d.index + 1 }) }),
      h('p', { class: 'pad-round-facts' },
        h('span', { text: cardsEach(setup.hand_size) }),
        h('span', { text: t('dealer_is', { name: sheet.names[dealer] }) }),
        h('span', { text: t('first_to_speak', { name: sheet.names[(dealer + 1) % sheet.names.length] }) }))),
    h('label', { class: 'pad-field' }, h('span', { text: t('high_bidder') }),
      h('select', { name: 'high_bidder', onchange: (event) => { d.high_bidder = Number(event.target.value); redo(); } },
        sheet.names.map((name, seat) => h('option', { value: seat, selected: seat === d.high_bidder }, name)))),
    h('div', { class: 'pad-field' }, h('span', { text: t('high_bid') }),
      stepper('bid', d.bid, setup.bid_range, (v) => { d.bid = v; }, t('high_bid'))),
    sheet.rules.combined_bids ? mates.map((seat) => h('div', { class: 'pad-field', dataset: { mate: seat } },
      h('span', { text: t('teammate_call', { name: sheet.names[seat] }) }),
      stepper(`call-${seat}`, d.calls[seat], [0, setup.bid_range[1]], (v) => { d.calls[seat] = v; }, t('teammate_call', { name: sheet.names[seat] })))) : null,
    h('label', { class: 'pad-field' }, h('span', { text: t('trump_named') }),
      h('select', { name: 'trump', onchange: (event) => { d.trump = event.target.value; } },
        trumps.map((suit) => h('option', { value: suit, selected: suit === d.trump }, `${SUIT_MARK[suit]} ${t(`suit_${suit}`)}`)))),
    h('div', { class: 'pad-field' }, h('span', { text: t('team_tricks', { team: teamLabel(sheet, setup.teams[d.high_bidder]) }) }),
      stepper('tricks', d.tricks, setup.tricks_range, (v) => { d.tricks = v; }, t('team_tricks', { team: teamLabel(sheet, setup.teams[d.high_bidder]) }))),
    message(ui.problem),
    h('div', { class: 'pad-row' },
      h('button', { class: 'primary big', id: 'entry-save', onclick: () => saveHand(false) }, t('save_hand')),
      h('button', { class: 'big', id: 'thrown-in', onclick: () => saveHand(true) }, t('thrown_in')),
      d.correcting ? h('button', { class: 'big', onclick: () => { ui.draft = null; ui.problem = null; render(); } }, t('cancel')) : null));
}

function saveHand(thrownIn) {
  const d = ui.draft;
  const sheet = ui.game.sheet;
  try {
    const hand = thrownIn ? { high_bidder: null } : { high_bidder: d.high_bidder, bid: d.bid, calls: d.calls, trump: d.trump, tricks: d.tricks };
    M.enterHand(ui.cat, sheet, d.index, hand);
    ui.problem = null;
    ui.notice = { key: d.correcting ? 'corrected_hand' : thrownIn ? 'hand_thrown_in' : 'hand_saved', values: { number: d.index + 1 } };
    ui.draft = null;
    save();
    announce(t(ui.notice.key, ui.notice.values));
  } catch (error) {
    ui.problem = refusalOf(error);
  }
  render();
}

function wilyTable(sheet, setup) {
  const rows = sheet.hands.map((hand, index) => {
    const gained = R.lettersAwarded(ui.cat, sheet.rules, setup, hand);
    const played = hand.high_bidder !== null;
    const made = played && gained.includes(setup.teams[hand.high_bidder]);
    const head = ui.view === 'game'
      ? h('button', { class: 'pad-round-edit', 'aria-label': t('correct_hand', { number: index + 1 }), dataset: { hand: index + 1 },
        onclick: () => {
          ui.draft = { index, correcting: true, high_bidder: played ? hand.high_bidder : 0, bid: played ? hand.bid : setup.bid_range[0],
            trump: hand.trump || 'hearts', tricks: played ? hand.tricks : 0, calls: hand.calls ? hand.calls.slice() : sheet.names.map(() => 0) };
          ui.problem = null; render();
        } }, String(index + 1))
      : h('span', { text: String(index + 1) });
    return h('tr', { class: played ? (made ? 'made' : 'missed') : 'thrown', dataset: { hand: index + 1 } },
      h('th', { scope: 'row' }, head),
      h('td', { text: sheet.names[M.handDealer(ui.cat, sheet, index)] }),
      h('td', { text: played ? `${sheet.names[hand.high_bidder]} ${R.contract(ui.cat, sheet.rules, setup, hand)}${SUIT_MARK[hand.trump] || ''}` : t('thrown_in_short') }),
      h('td', { text: played ? `${hand.tricks} ${made ? '✓' : '✗'}` : '' }),
      h('td', { text: gained.map((team) => teamLabel(sheet, team)).join(', ') }));
  });
  return h('section', { class: 'pad-card pad-sheet-card' },
    h('h2', { text: t('hands') }),
    h('div', { class: 'pad-sheet-scroll' },
      h('table', { class: 'pad-sheet pad-hands', id: 'sheet' },
        h('thead', {}, h('tr', {}, ['hand_short', 'dealer_col', 'contract', 'tricks', 'letter_to'].map((key) => h('th', { scope: 'col', text: t(key) })))),
        h('tbody', {}, rows))));
}

// --- the chart ---------------------------------------------------------------------------------------------------

function chartCard(sheet) {
  const series = M.isWily(sheet)
    ? Array.from({ length: M.teamCount(ui.cat, sheet) }, (_, team) => sheet.hands.map((_, i) => M.lettersAfter(ui.cat, sheet, i)[team]))
    : M.runningTotals(ui.cat, sheet);
  const labels = M.isWily(sheet) ? series.map((_, team) => teamLabel(sheet, team)) : sheet.names;
  const length = Math.max(0, ...series.map((line) => line.length));
  if (length < 2) return null;
  const width = 360; const height = 190; const left = 34; const bottom = 20; const top = 8; const right = 8;
  const values = series.flat().concat([0]);
  const low = Math.min(...values); const high = Math.max(...values, low + 1);
  const x = (i) => left + (length === 1 ? 0 : (i * (width - left - right)) / (length - 1));
  const y = (v) => top + ((high - v) * (height - top - bottom)) / (high - low);
  const grid = [low, 0, high].filter((v, i, all) => all.indexOf(v) === i).map((v) => [
    s('line', { x1: left, x2: width - right, y1: y(v), y2: y(v), class: v === 0 ? 'chart-zero' : 'chart-grid' }),
    s('text', { x: left - 4, y: y(v) + 4, class: 'chart-label', 'text-anchor': 'end' }, String(v)),
  ]);
  const lines = series.map((line, k) => [
    s('polyline', { points: line.map((v, i) => `${x(i)},${y(v)}`).join(' '), class: `chart-line line-${k}` }),
    line.map((v, i) => s('circle', { cx: x(i), cy: y(v), r: 2.5, class: `chart-dot line-${k}` })),
  ]);
  return h('section', { class: 'pad-card', id: 'chart' },
    h('h2', { text: M.isWily(sheet) ? t('chart_letters') : t('chart') }),
    s('svg', { viewBox: `0 0 ${width} ${height}`, class: 'pad-chart', role: 'img', 'aria-label': t('chart') },
      grid, lines,
      s('text', { x: left, y: height - 4, class: 'chart-label' }, '1'),
      s('text', { x: width - right, y: height - 4, class: 'chart-label', 'text-anchor': 'end' }, String(length))),
    h('ul', { class: 'pad-legend' }, labels.map((name, k) => h('li', { class: `line-${k}` },
      h('span', { class: `pad-swatch line-${k}` }), `${name}: ${series[k][series[k].length - 1] ?? 0}`))));
}

// --- sharing and files ---------------------------------------------------------------------------------------------

function shareCard() {
  const game = ui.game;
  const link = game.share ? `${location.origin}/pad#watch=${game.share.id}` : null;
  const field = link ? h('input', { type: 'text', readonly: true, value: link, id: 'share-link', 'aria-label': t('share_link') }) : null;
  return h('section', { class: 'pad-card', id: 'share' },
    h('h2', { text: t('share') }),
    h('p', { class: 'muted', text: link ? t('share_on') : t('share_help') }),
    link ? [field, h('div', { class: 'pad-row' },
      h('button', { onclick: async () => announce((await copyText(link, field)) ? t('copied') : t('copy_failed')) }, t('copy')))]
      : h('button', { id: 'share-start', class: 'pad-wide', onclick: startShare }, t('share_start')),
    h('p', { class: 'muted small', id: 'share-status', text: t(`share_${ui.share}`) }));
}

async function startShare() {
  ui.share = 'sending';
  render();
  try {
    const response = await fetch('/pads', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ui.game.sheet),
    });
    if (!response.ok) throw new Error(String(response.status));
    const answer = await response.json();
    ui.game.share = { id: answer.id, key: answer.key, sent: ui.game.updated };
    S.saveGame(ui.game);
    ui.share = 'sent';
  } catch (_) {
    ui.share = 'offline';
  }
  render();
}

let pushTimer = null;
function pushShare() {
  if (!ui.game || !ui.game.share) return;
  clearTimeout(pushTimer);
  pushTimer = setTimeout(async () => {
    const game = ui.game;
    if (!game || !game.share) return;
    try {
      const response = await fetch(`/pads/${game.share.id}`, {
        method: 'PUT', body: JSON.stringify(game.sheet),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${game.share.key}` },
      });
      ui.share = response.ok ? 'sent' : 'refused';
    } catch (_) {
      ui.share = 'offline';
    }
    const status = document.getElementById('share-status');
    if (status) status.textContent = t(`share_${ui.share}`);
  }, 250);
}

function exportCard(sheet) {
  const stem = `scorepad-${new Date(ui.game.created).toISOString().slice(0, 10)}`;
  return h('section', { class: 'pad-card', id: 'export' },
    h('h2', { text: t('export') }),
    h('p', { class: 'muted', text: M.isWily(sheet) ? t('export_help_wily') : t('export_help') }),
    h('div', { class: 'pad-row' }, F.exportsOf(ui.cat, sheet, stem).map((file) => h('button', {
      class: 'pad-export', dataset: { kind: file.name.split('.').pop() },
      onclick: () => {
        const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
        const a = h('a', { href: url, download: file.name });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      },
    }, t('download', { kind: file.name.split('.').pop().toUpperCase() })))));
}

// --- watching a shared pad ---------------------------------------------------------------------------------------

async function pollWatch() {
  const watch = ui.watch;
  if (!watch || ui.view !== 'watch') return;
  try {
    const response = await fetch(`/pads/${watch.id}`, { cache: 'no-store' });
    if (response.status === 404) { watch.error = 'watch_missing'; render(); return; }
    if (!response.ok) throw new Error(String(response.status));
    const data = await response.json();
    if (!watch.data || data.version !== watch.data.version) {
      watch.data = data;
      watch.sheet = M.checkedSheet(ui.cat, data.sheet);
      watch.error = null;
      render();
    } else if (watch.error) { watch.error = null; render(); }
  } catch (error) {
    watch.error = error instanceof M.Refusal ? error.key : 'watch_lost';
    render();
  }
  watch.timer = setTimeout(pollWatch, 2000);
}

function watchScreen() {
  const watch = ui.watch;
  const sheet = watch.sheet;
  const head = topBar(sheet ? sheet.title || gameName(sheet.rules) : t('watching'), languageSwitch());
  if (!sheet) return [head, h('p', { class: watch.error ? 'pad-problem' : 'muted', text: t(watch.error || 'loading') })];
  const over = M.finished(ui.cat, sheet);
  const setup = M.isWily(sheet) ? M.setup(ui.cat, sheet) : null;
  const saved = ui.game;
  ui.game = { sheet, created: Date.now() };
  const body = [
    head,
    h('p', { class: 'pad-watch-line', id: 'watch-status', dataset: { version: watch.data.version } },
      t('watch_line', { version: watch.data.version, time: new Date(watch.data.updated_at).toLocaleTimeString(language()) })),
    watch.error ? h('p', { class: 'pad-problem', text: t(watch.error) }) : null,
    h('p', { class: 'pad-keeper muted', text: t('keeper_line', { name: sheet.names[sheet.scorekeeper], rules: describe(sheet.rules) }) }),
    over ? endCard(sheet) : null,
    M.isWily(sheet) ? [h('section', { class: 'pad-totals pad-letters' }, M.lettersAfter(ui.cat, sheet, sheet.hands.length - 1).map((count, team) =>
      h('div', { class: 'pad-total', dataset: { team } }, h('span', { class: 'pad-total-name', text: teamLabel(sheet, team) }),
        h('span', { class: 'pad-word' }, [...R.word(ui.cat)].map((letter, k) => h('span', { class: k < count ? 'got' : 'not', text: letter })))))),
    wilyTable(sheet, setup)] : [totalsBar(sheet), sheetTable(sheet, false)],
    chartCard(sheet),
  ];
  ui.game = saved;
  return body;
}

start().catch((error) => {
  fill(main(), h('p', { class: 'pad-problem', role: 'alert', text: `${t('err_start')} (${error.message})` }));
});
