// The lobby: create a table (game, players, preset or single rule options, each seat human or bot), hand out the
// invite links, and list this browser's games, the tables waiting for players, the games being played and the
// finished ones (GET /tables, refreshed every few seconds).

import { accountHead } from './account_head.js';
import { resumeButton } from './account_seats.js';
import { api, HttpError, mySeats, rememberSeat, replayLink, savedName, saveName } from './api.js';
import { localRankLabel } from './cards.js';
import { copyText, fill, h, storageGet, storageSet } from './dom.js';
import { hasText, t } from './i18n.js';
import { languageSwitch } from './language_switch.js';
import { choiceWords, describeRules, GAME_NAMES, optionLabel, presetAbout, presetName } from './rules.js';
import { openRulesHelp } from './rules_help.js';
import { botsFor, chosenSpecials, specialBoxes, specialCardsOf } from './specials.js';

const REFRESH_MS = 4000;
// the lists, each a page of GET /tables (newest first) with its own Newer / Older buttons
// the waiting list holds only tables with a free open seat (open: what Join can really take)
const LISTS = [{ status: 'waiting', limit: 20, open: true }, { status: 'playing', limit: 12 }, { status: 'finished', limit: 15 }];
const MINE_SHOWN = 8; // "Your games": this browser's newest tables

// The choices of the rule options are worded by the catalog (option.<name>.<value>, rules.js choiceWords; an unknown
// value is shown as it is); a rank style is shown as its own labels, lowest to highest, as GET /meta gives them.
const rankStyleWords = (labels) => Object.fromEntries(Object.entries(labels || {}).map(([style, ranks]) => [style, ranks.map(localRankLabel).join(' ')]));

const TIMERS = [0, 30, 60, 120];
// the bots' pace (seconds between a move and a bot's next; '' is the server's own, 0.7 s by default)
const PACES = [['', 'lobby.pace_normal'], ['1.2', 'lobby.pace_slow'], ['0.3', 'lobby.pace_fast'], ['0', 'lobby.pace_instant']];

/** A bot's name in the player's language (bot.<spec>, e.g. "Search, level 3"); /meta's label when the catalog has none. */
function botLabel(bot) {
  return hasText(`bot.${bot.spec}`) ? t(`bot.${bot.spec}`) : bot.label;
}

/** The name of an unnamed bot seat: the server's list (GET /meta's bot_names, the terminal's too), by seat; the seat's
 * badge says it is a bot. */
function botName(meta, seat) {
  return meta.bot_names[seat % meta.bot_names.length];
}

export async function startLobby(root) {
  const lobby = new Lobby(root);
  await lobby.start();
  return lobby;
}

class Lobby {
  constructor(root) {
    this.root = root;
    this.meta = null;
    this.tables = [];
    this.pages = {};
    this.offsets = { waiting: 0, playing: 0, finished: 0 };
    this.mineCache = new Map(); // finished tables of this browser's seats that are on no page shown
  }

  async start() {
    try {
      this.meta = await api.meta();
    } catch (error) {
      fill(this.root, h('main', { id: 'main', class: 'notice' },
        h('h1', {}, t('lobby.no_server')),
        h('p', {}, t('lobby.no_server_why', { error: error.message })),
        h('button', { type: 'button', class: 'primary', onclick: () => this.start() }, t('lobby.try_again'))));
      return;
    }
    this.build();
    await this.refresh();
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
  }

  build() {
    document.title = t('lobby.page_title');
    const el = this.el = {};
    el.name = h('input', { id: 'your-name', type: 'text', maxlength: 64, autocomplete: 'nickname', value: savedName(),
      placeholder: t('lobby.your_name'), oninput: () => {
        if (!(el.account && el.account.account)) saveName(el.name.value.trim());
        const first = document.getElementById('seat-name-0');
        if (first) first.placeholder = el.name.value.trim() || t('lobby.you');
      } });
    el.form = this.buildForm();
    el.created = h('section', { class: 'card-panel created area-created', id: 'created', hidden: true, 'aria-live': 'polite' });
    el.invitations = h('section', { class: 'card-panel area-invitations', id: 'invitations', 'aria-labelledby': 'invitations-title', hidden: true });
    el.mine = h('section', { class: 'card-panel area-mine', id: 'my-games', 'aria-labelledby': 'mine-title', hidden: true });
    el.open = h('section', { class: 'card-panel area-open', id: 'open-tables', 'aria-labelledby': 'open-title' });
    el.playing = h('section', { class: 'card-panel area-playing', id: 'playing-tables', 'aria-labelledby': 'playing-title' });
    el.finished = h('section', { class: 'card-panel area-finished', id: 'finished-tables', 'aria-labelledby': 'finished-title' });
    el.error = h('p', { class: 'error-line area-error', role: 'alert', id: 'lobby-error' });
    // signed in, the forms use the account's name (the server binds the seat to the account); a guest's own name,
    // remembered by this browser, comes back on signing out
    el.account = accountHead({ onAccount: (account) => {
      el.name.value = account ? account.name : savedName();
      const first = document.getElementById('seat-name-0');
      if (first) first.placeholder = el.name.value.trim() || t('lobby.you');
      this.shownKey = null; // the lists again: the account's seats get Resume
      if (this.pages) this.refresh();
    } });
    fill(this.root,
      h('header', { class: 'lobby-head' },
        h('h1', {}, h('span', { class: 'brand-star', 'aria-hidden': 'true' }, '\u2605'), ' wizardcards'),
        h('div', { class: 'head-tools' }, el.account.element,
          h('div', { class: 'name-box' }, h('label', { for: 'your-name' }, t('lobby.your_name')), el.name),
          h('a', { href: '/leaderboard', class: 'button small', id: 'to-leaderboard' }, t('profile.leaderboard')),
          languageSwitch())),
      // one grid: on a phone the tables to join come before the form, on a wide screen the form is the left column
      h('main', { id: 'main', class: 'lobby' }, el.error, el.created, el.invitations, el.mine, el.open, el.form, el.playing, el.finished));
  }

  // --- the create form ----------------------------------------------------------------------------------------

  buildForm() {
    const meta = this.meta;
    const el = this.el;
    el.game = 'wizard';
    el.gameRadios = Object.keys(meta.games).map((game) => {
      const input = h('input', { type: 'radio', name: 'game', value: game, id: `game-${game}`, checked: game === 'wizard',
        onchange: () => { el.game = game; this.onGame(); } });
      return h('label', { class: 'segment', for: `game-${game}` }, input, h('span', {}, GAME_NAMES[game] || game));
    });
    el.players = h('select', { id: 'players', onchange: () => this.onPlayers() });
    el.preset = h('select', { id: 'preset', onchange: () => this.onPreset() });
    el.presetNote = h('p', { class: 'muted', id: 'preset-note' });
    el.options = h('div', { class: 'options', id: 'options' });
    el.optionsBox = h('details', { class: 'options-box' }, h('summary', {}, t('lobby.rule_options')), el.options);
    el.seats = h('ol', { class: 'seat-list', id: 'seat-list' });
    el.timer = h('select', { id: 'turn-timer' }, TIMERS.map((seconds) => h('option', { value: seconds },
      seconds === 0 ? t('lobby.timer_none') : t('lobby.timer_seconds', { count: seconds }))));
    // the rules page of the chosen game, showing the options the form holds now (rules_help.js)
    el.rulesHelp = h('button', { type: 'button', class: 'small rules-help-button', id: 'btn-rules-help',
      'aria-haspopup': 'dialog', onclick: () => openRulesHelp(el.game, this.chosenRules()) }, t('lobby.rules_help'));
    el.pace = h('select', { id: 'bot-pace' }, PACES.map(([value, key]) => h('option', { value }, t(key))));
    el.hints = h('input', { type: 'checkbox', id: 'hints', checked: true });
    el.visibilityBox = this.buildVisibility();
    // rated: the end of the game rates the signed-in players (standard presets only: the server says why not)
    el.rated = h('input', { type: 'checkbox', id: 'rated' });
    el.formError = h('p', { class: 'error-line', role: 'alert', id: 'form-error' });
    el.createButton = h('button', { type: 'submit', class: 'primary big', id: 'btn-create' }, t('lobby.create'));
    const form = h('form', { class: 'card-panel create-form area-form', id: 'create-form', 'aria-labelledby': 'create-title',
      onsubmit: (event) => { event.preventDefault(); this.create(); } },
    h('h2', { id: 'create-title' }, t('lobby.new_table')),
    h('fieldset', { class: 'segments' }, h('legend', {}, t('lobby.game')), el.gameRadios),
    h('div', { class: 'field-row' },
      h('div', { class: 'field' }, h('label', { for: 'players' }, t('lobby.players')), el.players),
      h('div', { class: 'field grow' }, h('div', { class: 'label-line' }, h('label', { for: 'preset' }, t('lobby.rules')), el.rulesHelp), el.preset)),
    el.presetNote, el.optionsBox,
    h('fieldset', { class: 'seats-box' }, h('legend', {}, t('lobby.seats')),
      h('p', { class: 'muted' }, t('lobby.seats_help')), el.seats),
    h('div', { class: 'field-row' },
      h('div', { class: 'field grow' }, h('label', { for: 'turn-timer' }, t('lobby.turn_timer')), el.timer),
      h('div', { class: 'field grow' }, h('label', { for: 'bot-pace' }, t('lobby.bot_pace')), el.pace)),
    h('label', { class: 'check', for: 'hints' }, el.hints, ` ${t('lobby.hints_allowed')}`),
    el.visibilityBox, h('label', { class: 'check', for: 'rated' }, el.rated, ` ${t('lobby.rated')}`),
    el.formError, el.createButton);
    queueMicrotask(() => this.onGame());
    return form;
  }

  /** Public (listed, anyone may watch) or private (not listed: the spectator link and the people invited). The choice
   * follows the seats until the player picks one: private when a seat is by invitation and none is open (the
   * server's default, docs/server.md); a table with an open seat is public, as the lobby is where it is found. */
  buildVisibility() {
    const el = this.el;
    el.visibilityChosen = null; // null: the default for the seats
    el.visibilityRadios = ['public', 'private'].map((value) => h('input', { type: 'radio', name: 'visibility', value,
      id: `visibility-${value}`, onchange: () => { el.visibilityChosen = value; this.onSeats(); } }));
    el.visibilityNote = h('p', { class: 'muted', id: 'visibility-note' });
    return h('fieldset', { class: 'segments visibility-box', id: 'visibility' }, h('legend', {}, t('lobby.visibility')),
      el.visibilityRadios.map((input) => h('label', { class: 'segment', for: input.id }, input,
        h('span', {}, t(`lobby.visibility_${input.value}`)))),
      el.visibilityNote);
  }

  /** The seats changed (or the choice of visibility): the default and the note follow. */
  onSeats() {
    const el = this.el;
    if (!el.visibilityRadios) return;
    const kinds = [...el.seats.children].map((row, seat) => ({ seat, kind: row.querySelector('select').value }));
    const open = kinds.some((k) => k.kind === 'open');
    const invited = kinds.some((k) => k.kind === 'human' && k.seat > 0);
    const fallback = invited && !open ? 'private' : 'public';
    if (open && el.visibilityChosen === 'private') el.visibilityChosen = null;
    const chosen = el.visibilityChosen || fallback;
    for (const input of el.visibilityRadios) {
      input.checked = input.value === chosen;
      input.disabled = input.value === 'private' && open;
    }
    const about = t(`lobby.visibility_${chosen}_about`);
    const why = open ? t('lobby.visibility_open_seat') : chosen === fallback
      ? t('lobby.visibility_default', { choice: t(`lobby.visibility_${fallback}`) }) : '';
    el.visibilityNote.textContent = why ? `${about} ${why}` : about;
  }

  visibility() {
    const checked = (this.el.visibilityRadios || []).find((input) => input.checked);
    return checked ? checked.value : null;
  }

  onGame() {
    const game = this.el.game;
    const counts = this.meta.games[game].players;
    const preferred = game === 'wizard' ? 4 : 4;
    fill(this.el.players, counts.map((n) => h('option', { value: n, selected: n === preferred }, t('lobby.n_players', { count: n }))));
    const presets = this.meta.presets.filter((p) => p.game === game);
    const fallbackPreset = this.meta.games[game].default_preset;
    fill(this.el.preset, presets.map((p) => h('option', { value: p.name, selected: p.name === fallbackPreset }, presetName(p))));
    this.el.rulesHelp.setAttribute('aria-label', t('lobby.rules_help_of', { game: GAME_NAMES[game] || game }));
    this.onPreset();
  }

  preset() {
    return this.meta.presets.find((p) => p.name === this.el.preset.value) || null;
  }

  onPreset() {
    const preset = this.preset();
    if (preset && preset.rules && preset.rules.players && this.meta.games[this.el.game].players.includes(preset.rules.players)) {
      // a preset stored for its usual player count (wily-two-teams is for 6) sets it
      this.el.players.value = String(preset.rules.players);
    }
    this.el.presetNote.textContent = preset ? presetAbout(preset) : '';
    this.buildOptions();
    this.onPlayers();
  }

  buildOptions() {
    const preset = this.preset();
    const rules = (preset && preset.rules) || {};
    const options = this.meta.options.filter((o) => !o.games || o.games.includes(this.el.game));
    this.el.optionInputs = [];
    fill(this.el.options, options.map((option) => {
      const id = `opt-${option.name}`;
      const base = option.name in rules ? rules[option.name] : option.default;
      const label = optionLabel(option);
      let input;
      if (option.kind === 'bool') {
        input = h('input', { type: 'checkbox', id, checked: !!base });
        this.el.optionInputs.push({ option, base, read: () => input.checked });
        return h('label', { class: 'check', for: id }, input, ` ${label}`);
      }
      if (option.kind === 'choice') {
        const words = option.name === 'rank_style' ? rankStyleWords(this.meta.rank_labels) : {};
        input = h('select', { id }, option.choices.map((c) => h('option', { value: c, selected: c === base }, words[c] || choiceWords(option.name, c))));
        this.el.optionInputs.push({ option, base, read: () => input.value });
      } else if (option.kind === 'names') {
        // the special cards: a box per card (the Dragon and the Fairy in one: they come only together); the seats
        // then offer only the bots that play them (GET /meta's bots, special_cards)
        const ticked = new Set(Array.isArray(base) ? base : []);
        const boxes = specialBoxes(option).map((box) => ({ box, input: h('input', { type: 'checkbox',
          id: `${id}-${box.key}`, checked: box.names.every((n) => ticked.has(n)), dataset: { cards: box.names.join(' ') },
          onchange: () => this.onSpecialCards() }) }));
        this.el.optionInputs.push({ option, base, read: () => chosenSpecials(option, boxes.filter((b) => b.input.checked).map((b) => b.box)) });
        this.el.specialInputs = boxes;
        return h('fieldset', { class: 'field special-cards', id, dataset: { option: option.name } }, h('legend', {}, label),
          h('div', { class: 'special-boxes' }, boxes.map(({ box, input }) => h('label', { class: 'check', for: input.id }, input,
            ` ${box.names.map((n) => t(`card.${n}`)).join(' & ')}`))),
          h('p', { class: 'muted', id: 'special-note' }));
      } else if (option.kind === 'int_list') {
        input = h('input', { type: 'text', id, inputmode: 'numeric', placeholder: t('lobby.sizes_example'),
          value: Array.isArray(base) ? base.join(' ') : '' });
        this.el.optionInputs.push({ option, base, read: () => input.value.split(/[\s,]+/).filter(Boolean).map(Number) });
      } else if (option.name === 'first_dealer') {
        // a seat, shown as people count seats (1, 2 ...), or drawn by cards; the seats follow the player count
        input = h('select', { id });
        this.el.firstDealer = { input, base };
        this.el.optionInputs.push({ option, base, read: () => (input.value === '' ? null : Number(input.value)) });
      } else {
        input = h('input', { type: 'number', id, min: option.min ?? 0, max: option.max ?? 99,
          value: base === null || base === undefined ? '' : base });
        this.el.optionInputs.push({ option, base, read: () => (input.value === '' ? null : Number(input.value)) });
      }
      return h('div', { class: 'field', dataset: { option: option.name } }, h('label', { for: id }, label), input);
    }));
    this.el.optionsBox.hidden = options.length === 0;
    if (!options.some((o) => o.kind === 'names')) this.el.specialInputs = null;
    // the list of hand sizes only means something with the custom schedule
    const schedule = this.el.options.querySelector('#opt-schedule');
    const custom = this.el.options.querySelector('[data-option="custom_hand_sizes"]');
    if (schedule && custom) {
      const sync = () => { custom.hidden = schedule.value !== 'custom'; };
      schedule.addEventListener('change', sync);
      sync();
    }
  }

  /** The seats a first dealer can be, for the player count chosen (kept when it still exists). */
  fillFirstDealer(players) {
    const box = this.el.firstDealer;
    if (!box) return;
    const before = box.input.options.length ? box.input.value : (box.base === null || box.base === undefined ? '' : String(box.base));
    fill(box.input, h('option', { value: '' }, t('lobby.first_dealer_drawn')),
      Array.from({ length: players }, (_, seat) => h('option', { value: seat }, t('rules.seat', { number: seat + 1 }))));
    box.input.value = before !== '' && Number(before) < players ? before : '';
  }

  /** The rule set the form holds now (the preset's rules with the options changed in the form), for the rules page. */
  chosenRules() {
    const preset = this.preset();
    const request = this.request();
    return { ...((preset && preset.rules) || {}), game: request.game, players: request.players, ...request.options };
  }

  /** The special cards the form holds now (the preset's, with the boxes' changes). */
  specialCards() {
    const entry = (this.el.optionInputs || []).find(({ option }) => option.kind === 'names');
    return entry && this.el.game === 'wizard' ? entry.read() : [];
  }

  /** The special cards changed: the seats offer the bots that play them, the note says an operator's engines do not. */
  onSpecialCards() {
    this.onPlayers();
  }

  onPlayers() {
    const n = Number(this.el.players.value);
    this.fillFirstDealer(n);
    const old = [...this.el.seats.children].map((row) => ({
      name: row.querySelector('input').value, kind: row.querySelector('select').value,
    }));
    const specials = this.specialCards();
    const bots = botsFor(this.meta.bots, specials);
    const offered = new Set(bots.map((bot) => bot.spec));
    const preferred = this.meta.default_bot || this.meta.bots[0].spec;
    const defaultBot = offered.has(preferred) ? preferred : bots[0].spec;
    // a bot chosen before that cannot play the special cards gives way to the first that can
    for (const before of old) if (before.kind !== 'human' && before.kind !== 'open' && !offered.has(before.kind)) before.kind = defaultBot;
    const note = document.getElementById('special-note');
    if (note) note.textContent = specials.length ? t('lobby.special_cards_note') : '';
    const you = this.el.name.value.trim();
    fill(this.el.seats, Array.from({ length: n }, (_, seat) => {
      const before = old[seat];
      const kind = before ? before.kind : seat === 0 ? 'human' : defaultBot;
      const nameInput = h('input', { type: 'text', maxlength: 64, id: `seat-name-${seat}`,
        'aria-label': t('lobby.seat_name', { number: seat + 1 }), placeholder: seat === 0 ? (you || t('lobby.you')) : t('lobby.name_n', { number: seat + 1 }),
        value: before ? before.name : '' });
      const kindSelect = h('select', { id: `seat-kind-${seat}`, 'aria-label': t('lobby.seat_kind', { number: seat + 1 }),
        onchange: () => this.onSeats() },
        h('option', { value: 'human', selected: kind === 'human' }, seat === 0 ? t('lobby.kind_you') : t('lobby.kind_invite')),
        seat === 0 ? null : h('option', { value: 'open', selected: kind === 'open' }, t('lobby.kind_open')),
        bots.map((bot) => h('option', { value: bot.spec, selected: bot.spec === kind }, t('lobby.kind_bot', { bot: botLabel(bot) }))));
      return h('li', { class: 'seat-row' }, h('span', { class: 'seat-no' }, `${seat + 1}`), nameInput, kindSelect);
    }));
    this.onSeats();
  }

  request() {
    const game = this.el.game;
    const players = Number(this.el.players.value);
    const options = {};
    for (const { option, base, read } of this.el.optionInputs || []) {
      const value = read();
      if (JSON.stringify(value) !== JSON.stringify(base)) options[option.name] = value;
    }
    const seats = [...this.el.seats.children].map((row, seat) => {
      const name = row.querySelector('input').value.trim();
      const kind = row.querySelector('select').value;
      const bot = kind === 'human' || kind === 'open' ? null : kind;
      // seat 1 as a person is the creator's own: taken at once, never handed out by Join
      const creator = seat === 0 && kind === 'human';
      const seatName = name || (creator && this.el.name.value.trim())
        || (bot ? botName(this.meta, seat) : t('lobby.player_n', { number: seat + 1 }));
      if (bot) return { name: seatName.slice(0, 64), bot };
      const person = { name: seatName.slice(0, 64) };
      if (creator) person.claimed = true;
      else if (kind === 'open') person.open = true;
      return person;
    });
    const body = { game, players, preset: this.el.preset.value, options, seats };
    const timer = Number(this.el.timer.value);
    if (timer > 0) body.turn_seconds = timer;
    if (this.el.pace.value !== '') body.bot_pace = Number(this.el.pace.value);
    body.hints = this.el.hints.checked;
    const visibility = this.visibility();
    if (visibility) body.visibility = visibility;
    if (this.el.rated.checked) body.rated = true;
    return body;
  }

  async create() {
    const you = this.el.name.value.trim();
    if (you && !this.el.account.account) saveName(you);
    this.el.formError.textContent = '';
    this.el.createButton.disabled = true;
    let table;
    const body = this.request();
    try {
      table = await api.create(body);
    } catch (error) {
      this.el.formError.textContent = t('lobby.create_failed', { error: error.message }) + retryText(error);
      this.el.createButton.disabled = false;
      return;
    }
    this.el.createButton.disabled = false;
    const humans = table.seats || [];
    // the answer's human seats: the creator's own with its token, each invited one with its invite link, open ones
    // with nothing (Join hands those out); kept so that the waiting room can show the invite links again
    storageSet(`wizardcards.created.${table.id}`, {
      seats: humans.map(({ seat, name, invite, link }) => ({ seat, name, invite: invite || null, link: invite ? link : null })),
      spectator: table.spectator,
    });
    const mine = humans.find((seat) => seat.token) || null; // the creator's own seat, when seat 1 is a person
    if (mine) rememberSeat({ token: mine.token, table: table.id, seat: mine.seat, name: mine.name, game: table.game });
    if (mine && humans.length === 1) {
      location.href = seatLink(mine); // nobody to invite: straight to the table
      return;
    }
    this.showCreated(table, mine);
    this.refresh();
  }

  showCreated(table, mine) {
    const others = (table.seats || []).filter((seat) => seat !== mine);
    const rows = others.map((seat) => (seat.invite
      ? h('li', { dataset: { seat: String(seat.seat) } }, h('b', {}, seat.name), ` (${t('lobby.seat_lower', { number: seat.seat + 1 })})`,
        copyRow(t('lobby.invite_link_for', { name: seat.name }), seat.link), mine ? accountInvite(table, seat, mine) : null)
      : h('li', { dataset: { seat: String(seat.seat) } }, h('b', {}, t('rules.seat', { number: seat.seat + 1 })),
        ` \u2014 ${t('lobby.open_seat_note')}`)));
    const invited = others.some((seat) => seat.invite);
    fill(this.el.created,
      h('h2', {}, t('lobby.table_ready')),
      rows.length ? h('p', {}, invited ? t('lobby.send_links') : t('lobby.starts_when_joined'))
        : h('p', {}, t('lobby.only_bots')),
      rows.length ? h('ul', { class: 'invite-list' }, rows) : null,
      table.visibility === 'private' ? h('p', { class: 'muted', id: 'created-private' }, t('lobby.created_private')) : null,
      table.spectator ? h('p', { class: 'spectator-link' }, h('b', {}, t('lobby.spectators')), copyRow(t('lobby.spectator_link'), table.spectator)) : null,
      h('div', { class: 'row' },
        mine ? h('a', { class: 'button primary big', id: 'btn-take-seat', href: seatLink(mine) }, t('lobby.take_seat', { name: mine.name }))
          : table.spectator ? h('a', { class: 'button primary big', href: table.spectator }, t('lobby.watch')) : null,
        h('button', { type: 'button', onclick: () => { this.el.created.hidden = true; } }, t('lobby.close'))));
    this.el.created.hidden = false;
    this.el.created.scrollIntoView({ block: 'nearest' });
  }

  // --- invitations of this browser's account --------------------------------------------------------------------

  /** The signed-in account's invitations (GET /invitations; a guest has none: 401), each with Accept and Decline. */
  async refreshInvitations() {
    let invitations = [];
    try {
      invitations = (await api.invitations()).invitations;
    } catch (_) { /* a guest, or the server did not answer: no section */ }
    const key = JSON.stringify(invitations);
    if (key === this.invitationsKey) return;
    this.invitationsKey = key;
    this.el.invitations.hidden = invitations.length === 0;
    fill(this.el.invitations, h('h2', { id: 'invitations-title' }, t('lobby.invitations')),
      h('ul', { class: 'table-list' }, invitations.map((invitation) => {
        const { table, seat } = invitation;
        const game = GAME_NAMES[table.game] || table.game;
        const answer = async (event, accept) => {
          event.currentTarget.disabled = true;
          try {
            if (!accept) {
              await api.declineInvitation(invitation.id);
              this.refreshInvitations();
              return;
            }
            const taken = await api.acceptInvitation(invitation.id);
            rememberSeat({ token: taken.token, table: taken.table, seat: taken.seat, name: invitation.name, game: table.game });
            location.href = seatLink(taken);
          } catch (error) {
            this.el.error.textContent = t('lobby.invitation_failed', { error: error.message });
            this.refreshInvitations();
          }
        };
        const rules = describeRules(table.rules, this.meta);
        return h('li', { class: 'table-item invitation', dataset: { table: table.id, invitation: invitation.id } },
          h('div', { class: 'table-text' },
            h('b', {}, invitation.host ? t('lobby.invitation_line', { host: invitation.host, number: seat + 1 })
              : t('lobby.invitation_no_host', { number: seat + 1 })),
            h('div', {}, `${game}, ${t('lobby.n_players', { count: table.names.length })}`, rules ? h('span', { class: 'muted' }, ` \u00b7 ${rules}`) : null),
            h('div', { class: 'players-line' }, this.playersText(table))),
          h('div', { class: 'table-buttons' },
            h('button', { type: 'button', class: 'primary', 'aria-label': t('lobby.accept_label', { game, number: seat + 1 }),
              onclick: (event) => answer(event, true) }, t('lobby.accept')),
            h('button', { type: 'button', 'aria-label': t('lobby.decline_label', { game, number: seat + 1 }),
              onclick: (event) => answer(event, false) }, t('lobby.decline')),
            this.watchButton(table)));
      })));
  }

  // --- the lists ----------------------------------------------------------------------------------------------

  async refresh() {
    this.refreshInvitations();
    // one page of each list (GET /tables answers newest first, a page at a time), and this browser's own tables
    // that are on none of those pages, asked one by one (at most MINE_SHOWN of them)
    let lists;
    let extra;
    try {
      lists = await Promise.all(LISTS.map((list) => api.tables({ status: list.status, limit: list.limit, open: list.open, offset: this.offsets[list.status] })));
      const seen = new Set(lists.flatMap((answer) => answer.tables.map((t) => t.id)));
      const wanted = myTables().filter((id) => !seen.has(id));
      // a private table is on no list: asked with this browser's own seat token (its credential)
      const tokenOf = (id) => (mySeats().find((s) => s.table === id) || {}).token;
      extra = await Promise.all(wanted.map((id) => this.mineCache.get(id) || api.table(id, tokenOf(id)).then((table) => {
        if (table.status === 'finished') this.mineCache.set(id, table); // a finished table does not change
        return table;
      }, () => null)));
      this.el.error.textContent = '';
    } catch (error) {
      this.el.error.textContent = t('lobby.refresh_failed', { error: error.message });
      return;
    }
    // redrawn only when something changed, so that a focused button keeps its focus between refreshes
    const key = JSON.stringify([lists, extra, mySeats()]);
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.pages = Object.fromEntries(LISTS.map((list, k) => [list.status, lists[k]]));
    this.tables = [...lists.flatMap((answer) => answer.tables), ...extra.filter(Boolean)];
    const active = document.activeElement;
    const item = active && active.closest && active.closest('.table-item, .pager');
    const where = item ? [item.closest('section').id, item.dataset.table || '', active.textContent] : null;
    this.renderLists();
    if (where) { // the same button of the same table, drawn anew
      const scope = where[1] ? `.table-item[data-table="${where[1]}"]` : '.pager';
      const again = [...document.querySelectorAll(`#${where[0]} ${scope} a, #${where[0]} ${scope} button`)]
        .find((el) => el.textContent === where[2]);
      if (again) again.focus();
    }
  }

  watchLink(table) {
    if (table.spectator) return table.spectator;
    try {
      const created = JSON.parse(localStorage.getItem(`wizardcards.created.${table.id}`) || 'null');
      return created && created.spectator ? created.spectator : null;
    } catch (_) {
      return null;
    }
  }

  playersText(table) {
    const players = table.players || table.names.map((name, seat) => ({ seat, name, bot: table.bots[seat], claimed: true }));
    // a seat not taken yet is open to anyone (Join), or kept for the person invited to it
    return players.map((p) => (p.bot ? t('lobby.player_bot', { name: p.name }) : p.claimed ? p.name
      : p.open === false ? t('lobby.player_invited', { name: p.name }) : t('lobby.player_open'))).join(', ');
  }

  renderLists() {
    const byId = new Map(this.tables.map((t) => [t.id, t]));
    const shownTables = new Set();
    const mine = mySeats().filter((s) => {
      if (!byId.has(s.table) || shownTables.has(s.table)) return false; // one line a table: its newest seat
      shownTables.add(s.table);
      return true;
    }).slice(0, MINE_SHOWN);
    this.el.mine.hidden = mine.length === 0;
    fill(this.el.mine, h('h2', { id: 'mine-title' }, t('lobby.your_games')),
      h('ul', { class: 'table-list' }, mine.map((seat) => {
        const table = byId.get(seat.table);
        const finished = table.status === 'finished';
        return h('li', { class: 'table-item', dataset: { table: table.id } },
          h('div', { class: 'table-text' }, h('b', {}, GAME_NAMES[table.game] || table.game),
            ` \u00b7 ${t('lobby.as_name', { name: seat.name || t('lobby.seat_lower', { number: seat.seat + 1 }) })}`,
            h('span', { class: 'muted' }, ` \u00b7 ${statusText(table)}`),
            table.visibility === 'private' ? h('span', { class: 'tag private-tag' }, t('lobby.private_tag')) : null),
          h('div', { class: 'table-buttons' }, finished
            ? h('a', { class: 'button', href: replayLink(table) }, t('lobby.replay'))
            : table.status === 'expired' ? null
              : [h('a', { class: 'button primary', href: seatLink(seat) }, t('lobby.resume')), ...this.freeButtons(table, seat)]));
      })));

    const page = (status) => this.pages[status] || { tables: [], total: 0, limit: 0, offset: 0 };
    const waiting = page('waiting');
    const open = waiting.tables.filter((t) => (t.open_seats ?? 0) > 0);
    fill(this.el.open, h('h2', { id: 'open-title' }, t('lobby.waiting_tables')),
      open.length ? h('ul', { class: 'table-list' }, open.map((table) => this.tableItem(table, this.resume(table) || [
        h('button', { type: 'button', class: 'primary', onclick: (event) => this.join(table, event.currentTarget),
          'aria-label': t('lobby.join_label', { game: GAME_NAMES[table.game], players: this.playersText(table) }) }, t('lobby.join')),
        this.watchButton(table),
      ]))) : h('p', { class: 'muted' }, waiting.offset ? t('lobby.none_on_page') : t('lobby.none_waiting')),
      this.pager('waiting', waiting, t('lobby.pages_waiting')));

    const playing = page('playing');
    fill(this.el.playing, h('h2', { id: 'playing-title' }, t('lobby.playing_now')),
      playing.tables.length ? h('ul', { class: 'table-list' }, playing.tables.map((table) => this.tableItem(table, this.resume(table) || [this.watchButton(table)])))
        : h('p', { class: 'muted' }, t('lobby.none_playing')),
      this.pager('playing', playing, t('lobby.pages_playing')));

    const finished = page('finished');
    fill(this.el.finished, h('h2', { id: 'finished-title' }, t('lobby.finished_games')),
      finished.tables.length ? h('ul', { class: 'table-list' }, finished.tables.map((table) => this.tableItem(table, [
        h('a', { class: 'button', href: replayLink(table),
          'aria-label': t('lobby.replay_label', { game: GAME_NAMES[table.game], names: table.names.join(', ') }) }, t('lobby.replay')),
      ]))) : h('p', { class: 'muted' }, t('lobby.none_finished')),
      this.pager('finished', finished, t('lobby.pages_finished')));
  }

  /** "1–12 of 40" with Newer / Older buttons, for a list longer than one page (none when it all fits). */
  pager(status, answer, what) {
    const { total = 0, offset = 0, tables = [] } = answer;
    const size = LISTS.find((list) => list.status === status).limit;
    if (total <= size && offset === 0) return null;
    const go = (to) => {
      this.offsets[status] = Math.max(0, to);
      this.refresh();
    };
    const first = tables.length ? offset + 1 : offset;
    return h('nav', { class: 'pager', 'aria-label': what },
      h('button', { type: 'button', class: 'small', disabled: offset === 0, onclick: () => go(offset - size) }, `\u2039 ${t('lobby.newer')}`),
      h('span', { class: 'muted pager-text' }, t('lobby.page_range', { first, last: offset + tables.length, total })),
      h('button', { type: 'button', class: 'small', disabled: offset + size >= total, onclick: () => go(offset + size) }, `${t('lobby.older')} \u203a`));
  }

  /** For the host of a waiting table (this browser created it and holds the seat): a button per seat that join
   * handed out and whose holder has not come yet, to free it (a squatter's; its network may not join again). */
  freeButtons(table, seat) {
    if (table.status !== 'waiting' || !storageGet(`wizardcards.created.${table.id}`)) return [];
    return (table.players || []).filter((p) => p.open && p.claimed && !p.joined && !p.bot).map((p) =>
      h('button', { type: 'button', class: 'small free-seat', 'aria-label': t('lobby.free_seat_label', { number: p.seat + 1, name: p.name }),
        onclick: async (event) => {
          event.currentTarget.disabled = true;
          try {
            await api.freeSeat(table.id, p.seat, seat.token);
            this.el.error.textContent = '';
          } catch (error) {
            this.el.error.textContent = t('lobby.free_failed', { error: error.message });
          }
          this.refresh();
        } }, t('lobby.free_seat', { number: p.seat + 1 })));
  }

  /** *Resume* where the signed-in account holds a seat this browser has no token of (account_seats.js). */
  resume(table) {
    const account = this.el.account.account;
    if (!account || mySeats().some((s) => s.table === table.id)) return null;
    const button = resumeButton(table, account, (error) => { this.el.error.textContent = t('lobby.join_failed', { error: error.message }); });
    return button ? [button, this.watchButton(table)] : null;
  }

  watchButton(table) {
    const link = this.watchLink(table);
    return link ? h('a', { class: 'button', href: link, 'aria-label': t('lobby.watch_label', { game: GAME_NAMES[table.game] }) }, t('lobby.watch')) : null;
  }

  tableItem(table, buttons) {
    const rules = describeRules(table.rules, this.meta);
    return h('li', { class: 'table-item', dataset: { table: table.id } },
      h('div', { class: 'table-text' },
        h('b', {}, `${GAME_NAMES[table.game] || table.game}, ${t('lobby.n_players', { count: table.names.length })}`),
        table.visibility === 'private' ? h('span', { class: 'tag private-tag' }, t('lobby.private_tag')) : null,
        rules ? h('span', { class: 'muted' }, ` \u00b7 ${rules}`) : null,
        h('div', { class: 'players-line' }, table.status === 'finished' ? resultText(table) : this.playersText(table))),
      h('div', { class: 'table-buttons' }, buttons));
  }

  async join(table, button) {
    const name = this.el.name.value.trim();
    if (!name) {
      this.el.error.textContent = t('lobby.name_first');
      this.el.name.focus();
      return;
    }
    if (!this.el.account.account) saveName(name);
    button.disabled = true;
    try {
      const answer = await api.join(table.id, name);
      rememberSeat({ token: answer.token, table: table.id, seat: answer.seat, name, game: table.game });
      location.href = seatLink(answer);
    } catch (error) {
      button.disabled = false;
      this.el.error.textContent = error instanceof HttpError && error.status === 409
        ? t('lobby.no_free_seat', { error: error.message }) : t('lobby.join_failed', { error: error.message }) + retryText(error);
      this.refresh();
    }
  }
}

/** The address of a seat this browser holds: its token in the fragment, never in the query string. */
function seatLink(seat) {
  return `/play#token=${encodeURIComponent(seat.token)}`;
}

/** The tables of this browser's seats, newest first, at most MINE_SHOWN. */
function myTables() {
  return [...new Set(mySeats().map((s) => s.table))].slice(0, MINE_SHOWN);
}

function retryText(error) {
  return error instanceof HttpError && error.status === 429 && error.retryAfter
    ? ` (${t('lobby.retry_in', { seconds: Math.ceil(error.retryAfter) })})` : '';
}

function statusText(table) {
  if (table.status === 'waiting') return t('lobby.status_waiting');
  if (table.status === 'playing') return t('lobby.status_playing', { count: table.decisions });
  if (table.status === 'expired') return t('lobby.status_expired');
  return t('lobby.status_finished');
}

function resultText(table) {
  if (!table.scores) return table.names.join(', ');
  const winners = new Set(table.winners || []);
  const parts = table.names.map((name, seat) => `${winners.has(seat) ? '\u2605 ' : ''}${name} ${table.scores[seat]}`);
  return table.game === 'wily' ? t('lobby.result_letters', { scores: parts.join(', ') }) : parts.join(', ');
}

/** For the host, beside an invited seat's link: invite an account by its name instead (POST
 * /tables/{id}/seats/{seat}/invite-account with the host's seat token); the account sees it in its lobby. */
function accountInvite(table, seat, mine) {
  const id = `invite-account-${seat.seat}`;
  const input = h('input', { type: 'text', id, maxlength: 64, autocomplete: 'off', placeholder: t('lobby.account_name'),
    'aria-label': `${t('lobby.account_name')} (${t('lobby.seat_lower', { number: seat.seat + 1 })})` });
  const said = h('p', { class: 'muted', role: 'status' });
  const button = h('button', { type: 'submit', class: 'small' }, t('lobby.invite'));
  return h('form', { class: 'account-invite', onsubmit: async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) { input.focus(); return; }
    button.disabled = true;
    try {
      const answer = await api.inviteAccount(table.id, seat.seat, name, mine.token);
      said.textContent = t('lobby.invited_account', { name: answer.account });
    } catch (error) {
      said.textContent = t('lobby.invite_failed', { error: error.message });
    }
    button.disabled = false;
  } }, h('label', { for: id, class: 'muted' }, t('lobby.invite_account')), input, button, said);
}

function copyRow(label, path) {
  const url = new URL(path, location.href).href;
  const field = h('input', { type: 'text', readonly: true, value: url, 'aria-label': label, class: 'link-field' });
  const button = h('button', { type: 'button', class: 'copy', 'aria-label': t('lobby.copy_label', { what: label }), onclick: async () => {
    const ok = await copyText(url, field);
    button.textContent = ok ? `${t('lobby.copied')} \u2713` : t('lobby.select_copy');
    setTimeout(() => { button.textContent = t('lobby.copy'); }, 2000);
  } }, t('lobby.copy'));
  return h('span', { class: 'copy-row' }, field, button);
}
