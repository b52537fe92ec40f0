// The lobby: create a table (game, players, preset or single rule options, each seat human or bot), hand out the
// invite links, and list this browser's games, the tables waiting for players, the games being played and the
// finished ones (GET /tables, refreshed every few seconds).

import { api, HttpError, mySeats, rememberSeat, savedName, saveName } from './api.js';
import { copyText, fill, h, storageSet } from './dom.js';
import { describeRules, GAME_NAMES } from './rules.js';

const REFRESH_MS = 4000;
// the lists, each a page of GET /tables (newest first) with its own Newer / Older buttons
const LISTS = [{ status: 'waiting', limit: 20 }, { status: 'playing', limit: 12 }, { status: 'finished', limit: 15 }];
const MINE_SHOWN = 8; // "Your games": this browser's newest tables

// names for bot seats left unnamed (the seat's badge says it is a bot)
const BOT_NAMES = ['Merlin', 'Morgana', 'Circe', 'Prospero', 'Nimue', 'Gandalf', 'Medea'];

// words for the choices of the rule options (the values are the server's; an unknown one is shown as it is); a rank
// style is shown as its own labels, lowest to highest, as GET /meta gives them (rankStyleWords)
const CHOICE_WORDS = {
  schedule: { standard: 'Up to the whole deck', 'double-down': 'Up and back down', quick: '1, 3, 5 \u2026 cards', custom: 'My own list' },
  bid_rule: { none: 'Any bids', hook: 'Hook: dealer may not make bids add up', canadian: 'Canadian hook' },
  jester_lead: { first_non_jester: 'First card that is no Jester leads', first_suited: 'First suited card leads' },
  wizard_lead: { free: 'Everyone plays freely', next_suited: 'First suited card after it leads' },
  wizard_turned: { dealer_chooses: 'The dealer chooses trump', random_suit: 'A suit drawn at random', no_trump: 'No trump' },
  mode: { partners: 'Partners opposite', two_teams: 'Two teams of three', no_partners: 'Every player alone' },
  passing: { left: 'To the left', none: 'No passing' },
};

const rankStyleWords = (labels) => Object.fromEntries(Object.entries(labels || {}).map(([style, ranks]) => [style, ranks.join(' ')]));

const TIMERS = [[0, 'No turn timer'], [30, '30 seconds a turn'], [60, '1 minute a turn'], [120, '2 minutes a turn']];

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
        h('h1', {}, 'The server did not answer'),
        h('p', {}, `It may be starting or stopped (${error.message}).`),
        h('button', { type: 'button', class: 'primary', onclick: () => this.start() }, 'Try again')));
      return;
    }
    this.build();
    await this.refresh();
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
  }

  build() {
    document.title = 'wizardcards: play Wizard and Wily Wizards';
    const el = this.el = {};
    el.name = h('input', { id: 'your-name', type: 'text', maxlength: 64, autocomplete: 'nickname', value: savedName(),
      placeholder: 'Your name', oninput: () => {
        saveName(el.name.value.trim());
        const first = document.getElementById('seat-name-0');
        if (first) first.placeholder = el.name.value.trim() || 'You';
      } });
    el.form = this.buildForm();
    el.created = h('section', { class: 'card-panel created area-created', id: 'created', hidden: true, 'aria-live': 'polite' });
    el.mine = h('section', { class: 'card-panel area-mine', id: 'my-games', 'aria-labelledby': 'mine-title', hidden: true });
    el.open = h('section', { class: 'card-panel area-open', id: 'open-tables', 'aria-labelledby': 'open-title' });
    el.playing = h('section', { class: 'card-panel area-playing', id: 'playing-tables', 'aria-labelledby': 'playing-title' });
    el.finished = h('section', { class: 'card-panel area-finished', id: 'finished-tables', 'aria-labelledby': 'finished-title' });
    el.error = h('p', { class: 'error-line area-error', role: 'alert', id: 'lobby-error' });
    fill(this.root,
      h('header', { class: 'lobby-head' },
        h('h1', {}, h('span', { class: 'brand-star', 'aria-hidden': 'true' }, '\u2605'), ' wizardcards'),
        h('div', { class: 'name-box' }, h('label', { for: 'your-name' }, 'Your name'), el.name)),
      // one grid: on a phone the tables to join come before the form, on a wide screen the form is the left column
      h('main', { id: 'main', class: 'lobby' }, el.error, el.created, el.mine, el.open, el.form, el.playing, el.finished));
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
    el.optionsBox = h('details', { class: 'options-box' }, h('summary', {}, 'Rule options'), el.options);
    el.seats = h('ol', { class: 'seat-list', id: 'seat-list' });
    el.timer = h('select', { id: 'turn-timer' }, TIMERS.map(([value, label]) => h('option', { value }, label)));
    el.hints = h('input', { type: 'checkbox', id: 'hints', checked: true });
    el.formError = h('p', { class: 'error-line', role: 'alert', id: 'form-error' });
    el.createButton = h('button', { type: 'submit', class: 'primary big', id: 'btn-create' }, 'Create table');
    const form = h('form', { class: 'card-panel create-form area-form', id: 'create-form', 'aria-labelledby': 'create-title',
      onsubmit: (event) => { event.preventDefault(); this.create(); } },
    h('h2', { id: 'create-title' }, 'New table'),
    h('fieldset', { class: 'segments' }, h('legend', {}, 'Game'), el.gameRadios),
    h('div', { class: 'field-row' },
      h('div', { class: 'field' }, h('label', { for: 'players' }, 'Players'), el.players),
      h('div', { class: 'field grow' }, h('label', { for: 'preset' }, 'Rules'), el.preset)),
    el.presetNote, el.optionsBox,
    h('fieldset', { class: 'seats-box' }, h('legend', {}, 'Seats'),
      h('p', { class: 'muted' }, 'Each seat is you, a person you invite (they get a link), an open seat anyone may join from this page, or a bot.'), el.seats),
    h('div', { class: 'field-row' },
      h('div', { class: 'field grow' }, h('label', { for: 'turn-timer' }, 'Turn timer'), el.timer),
      h('label', { class: 'check', for: 'hints' }, el.hints, ' Hints allowed')),
    el.formError, el.createButton);
    queueMicrotask(() => this.onGame());
    return form;
  }

  onGame() {
    const game = this.el.game;
    const counts = this.meta.games[game].players;
    const preferred = game === 'wizard' ? 4 : 4;
    fill(this.el.players, counts.map((n) => h('option', { value: n, selected: n === preferred }, `${n} players`)));
    const presets = this.meta.presets.filter((p) => p.game === game);
    const fallbackPreset = this.meta.games[game].default_preset;
    fill(this.el.preset, presets.map((p) => h('option', { value: p.name, selected: p.name === fallbackPreset }, p.name)));
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
    this.el.presetNote.textContent = preset ? preset.description || '' : '';
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
      let input;
      if (option.kind === 'bool') {
        input = h('input', { type: 'checkbox', id, checked: !!base });
        this.el.optionInputs.push({ option, base, read: () => input.checked });
        return h('label', { class: 'check', for: id }, input, ` ${option.label}`);
      }
      if (option.kind === 'choice') {
        const words = option.name === 'rank_style' ? rankStyleWords(this.meta.rank_labels) : CHOICE_WORDS[option.name] || {};
        input = h('select', { id }, option.choices.map((c) => h('option', { value: c, selected: c === base }, words[c] || c)));
        this.el.optionInputs.push({ option, base, read: () => input.value });
      } else if (option.kind === 'int_list') {
        input = h('input', { type: 'text', id, inputmode: 'numeric', placeholder: 'e.g. 1 2 3',
          value: Array.isArray(base) ? base.join(' ') : '' });
        this.el.optionInputs.push({ option, base, read: () => input.value.split(/[\s,]+/).filter(Boolean).map(Number) });
      } else {
        input = h('input', { type: 'number', id, min: option.min ?? 0, max: option.max ?? 99,
          value: base === null || base === undefined ? '' : base, placeholder: option.nullable ? 'drawn' : '' });
        this.el.optionInputs.push({ option, base, read: () => (input.value === '' ? null : Number(input.value)) });
      }
      return h('div', { class: 'field', dataset: { option: option.name } }, h('label', { for: id }, option.label), input);
    }));
    this.el.optionsBox.hidden = options.length === 0;
    // the list of hand sizes only means something with the custom schedule
    const schedule = this.el.options.querySelector('#opt-schedule');
    const custom = this.el.options.querySelector('[data-option="custom_hand_sizes"]');
    if (schedule && custom) {
      const sync = () => { custom.hidden = schedule.value !== 'custom'; };
      schedule.addEventListener('change', sync);
      sync();
    }
  }

  onPlayers() {
    const n = Number(this.el.players.value);
    const old = [...this.el.seats.children].map((row) => ({
      name: row.querySelector('input').value, kind: row.querySelector('select').value,
    }));
    const bots = this.meta.bots;
    const defaultBot = this.meta.default_bot || bots[0].spec;
    const you = this.el.name.value.trim();
    fill(this.el.seats, Array.from({ length: n }, (_, seat) => {
      const before = old[seat];
      const kind = before ? before.kind : seat === 0 ? 'human' : defaultBot;
      const nameInput = h('input', { type: 'text', maxlength: 64, id: `seat-name-${seat}`,
        'aria-label': `Seat ${seat + 1} name`, placeholder: seat === 0 ? (you || 'You') : `Name ${seat + 1}`,
        value: before ? before.name : '' });
      const kindSelect = h('select', { id: `seat-kind-${seat}`, 'aria-label': `Seat ${seat + 1}: person or bot` },
        h('option', { value: 'human', selected: kind === 'human' }, seat === 0 ? 'Person (you)' : 'Person (invite link)'),
        seat === 0 ? null : h('option', { value: 'open', selected: kind === 'open' }, 'Open seat (join from the lobby)'),
        bots.map((bot) => h('option', { value: bot.spec, selected: bot.spec === kind }, `Bot: ${bot.label}`)));
      return h('li', { class: 'seat-row' }, h('span', { class: 'seat-no' }, `${seat + 1}`), nameInput, kindSelect);
    }));
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
        || (bot ? BOT_NAMES[seat % BOT_NAMES.length] : `Player ${seat + 1}`);
      if (bot) return { name: seatName.slice(0, 64), bot };
      const person = { name: seatName.slice(0, 64) };
      if (creator) person.claimed = true;
      else if (kind === 'open') person.open = true;
      return person;
    });
    const body = { game, players, preset: this.el.preset.value, options, seats };
    const timer = Number(this.el.timer.value);
    if (timer > 0) body.turn_seconds = timer;
    body.hints = this.el.hints.checked;
    return body;
  }

  async create() {
    const you = this.el.name.value.trim();
    if (you) saveName(you);
    this.el.formError.textContent = '';
    this.el.createButton.disabled = true;
    let table;
    const body = this.request();
    try {
      table = await api.create(body);
    } catch (error) {
      this.el.formError.textContent = `The table could not be created: ${error.message}${retryText(error)}`;
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
      ? h('li', { dataset: { seat: String(seat.seat) } }, h('b', {}, seat.name), ` (seat ${seat.seat + 1})`,
        copyRow(`Invite link for ${seat.name}`, seat.link))
      : h('li', { dataset: { seat: String(seat.seat) } }, h('b', {}, `Seat ${seat.seat + 1}`),
        ' \u2014 open: anyone can join it from the lobby')));
    const invited = others.some((seat) => seat.invite);
    fill(this.el.created,
      h('h2', {}, 'Table ready'),
      rows.length ? h('p', {}, invited
        ? 'Send each invited person their own link (it works once: it becomes their seat). The game starts when everybody has joined.'
        : 'The game starts when everybody has joined.')
        : h('p', {}, 'Only bots at this table: it is playing itself. Watch it:'),
      rows.length ? h('ul', { class: 'invite-list' }, rows) : null,
      table.spectator ? h('p', { class: 'spectator-link' }, h('b', {}, 'Spectators'), copyRow('Spectator link', table.spectator)) : null,
      h('div', { class: 'row' },
        mine ? h('a', { class: 'button primary big', id: 'btn-take-seat', href: seatLink(mine) }, `Take your seat (${mine.name})`)
          : table.spectator ? h('a', { class: 'button primary big', href: table.spectator }, 'Watch') : null,
        h('button', { type: 'button', onclick: () => { this.el.created.hidden = true; } }, 'Close')));
    this.el.created.hidden = false;
    this.el.created.scrollIntoView({ block: 'nearest' });
  }

  // --- the lists ----------------------------------------------------------------------------------------------

  async refresh() {
    // one page of each list (GET /tables answers newest first, a page at a time), and this browser's own tables
    // that are on none of those pages, asked one by one (at most MINE_SHOWN of them)
    let lists;
    let extra;
    try {
      lists = await Promise.all(LISTS.map((list) => api.tables({ status: list.status, limit: list.limit, offset: this.offsets[list.status] })));
      const seen = new Set(lists.flatMap((answer) => answer.tables.map((t) => t.id)));
      const wanted = myTables().filter((id) => !seen.has(id));
      extra = await Promise.all(wanted.map((id) => this.mineCache.get(id) || api.table(id).then((table) => {
        if (table.status === 'finished') this.mineCache.set(id, table); // a finished table does not change
        return table;
      }, () => null)));
      this.el.error.textContent = '';
    } catch (error) {
      this.el.error.textContent = `The server did not answer (${error.message}); trying again.`;
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
    return players.map((p) => (p.bot ? `${p.name} (bot)` : p.claimed ? p.name : p.open === false ? `${p.name} (invited)` : 'open seat')).join(', ');
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
    fill(this.el.mine, h('h2', { id: 'mine-title' }, 'Your games'),
      h('ul', { class: 'table-list' }, mine.map((seat) => {
        const table = byId.get(seat.table);
        const finished = table.status === 'finished';
        return h('li', { class: 'table-item', dataset: { table: table.id } },
          h('div', { class: 'table-text' }, h('b', {}, GAME_NAMES[table.game] || table.game), ` \u00b7 as ${seat.name || `seat ${seat.seat + 1}`}`,
            h('span', { class: 'muted' }, ` \u00b7 ${statusText(table)}`)),
          h('div', { class: 'table-buttons' }, finished
            ? h('a', { class: 'button', href: `/replay/${encodeURIComponent(table.id)}` }, 'Replay')
            : h('a', { class: 'button primary', href: seatLink(seat) }, 'Resume')));
      })));

    const page = (status) => this.pages[status] || { tables: [], total: 0, limit: 0, offset: 0 };
    const waiting = page('waiting');
    const open = waiting.tables.filter((t) => (t.open_seats ?? 0) > 0);
    fill(this.el.open, h('h2', { id: 'open-title' }, 'Tables waiting for players'),
      open.length ? h('ul', { class: 'table-list' }, open.map((table) => this.tableItem(table, [
        h('button', { type: 'button', class: 'primary', onclick: (event) => this.join(table, event.currentTarget),
          'aria-label': `Join ${GAME_NAMES[table.game]} table with ${this.playersText(table)}` }, 'Join'),
        this.watchButton(table),
      ]))) : h('p', { class: 'muted' }, waiting.offset ? 'None on this page.' : 'None right now. Create one, and send its invite links.'),
      this.pager('waiting', waiting, 'waiting tables'));

    const playing = page('playing');
    fill(this.el.playing, h('h2', { id: 'playing-title' }, 'Playing now'),
      playing.tables.length ? h('ul', { class: 'table-list' }, playing.tables.map((table) => this.tableItem(table, [this.watchButton(table)])))
        : h('p', { class: 'muted' }, 'No game is being played.'),
      this.pager('playing', playing, 'games being played'));

    const finished = page('finished');
    fill(this.el.finished, h('h2', { id: 'finished-title' }, 'Finished games'),
      finished.tables.length ? h('ul', { class: 'table-list' }, finished.tables.map((table) => this.tableItem(table, [
        h('a', { class: 'button', href: `/replay/${encodeURIComponent(table.id)}`,
          'aria-label': `Replay ${GAME_NAMES[table.game]} game of ${table.names.join(', ')}` }, 'Replay'),
      ]))) : h('p', { class: 'muted' }, 'No finished game yet.'),
      this.pager('finished', finished, 'finished games'));
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
    return h('nav', { class: 'pager', 'aria-label': `Pages of ${what}` },
      h('button', { type: 'button', class: 'small', disabled: offset === 0, onclick: () => go(offset - size) }, '\u2039 Newer'),
      h('span', { class: 'muted pager-text' }, `${first}\u2013${offset + tables.length} of ${total}`),
      h('button', { type: 'button', class: 'small', disabled: offset + size >= total, onclick: () => go(offset + size) }, 'Older \u203a'));
  }

  watchButton(table) {
    const link = this.watchLink(table);
    return link ? h('a', { class: 'button', href: link, 'aria-label': `Watch ${GAME_NAMES[table.game]} table` }, 'Watch') : null;
  }

  tableItem(table, buttons) {
    const rules = describeRules(table.rules, this.meta);
    return h('li', { class: 'table-item', dataset: { table: table.id } },
      h('div', { class: 'table-text' },
        h('b', {}, `${GAME_NAMES[table.game] || table.game}, ${table.names.length} players`),
        rules ? h('span', { class: 'muted' }, ` \u00b7 ${rules}`) : null,
        h('div', { class: 'players-line' }, table.status === 'finished' ? resultText(table) : this.playersText(table))),
      h('div', { class: 'table-buttons' }, buttons));
  }

  async join(table, button) {
    const name = this.el.name.value.trim();
    if (!name) {
      this.el.error.textContent = 'Write your name first (top of the page), then join.';
      this.el.name.focus();
      return;
    }
    saveName(name);
    button.disabled = true;
    try {
      const answer = await api.join(table.id, name);
      rememberSeat({ token: answer.token, table: table.id, seat: answer.seat, name, game: table.game });
      location.href = seatLink(answer);
    } catch (error) {
      button.disabled = false;
      this.el.error.textContent = error instanceof HttpError && error.status === 409
        ? `That table has no free seat any more (${error.message}).` : `Could not join: ${error.message}${retryText(error)}`;
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
    ? ` (try again in ${Math.ceil(error.retryAfter)} s)` : '';
}

function statusText(table) {
  if (table.status === 'waiting') return 'waiting for players';
  if (table.status === 'playing') return `playing, ${table.decisions} moves in`;
  return 'finished';
}

function resultText(table) {
  if (!table.scores) return table.names.join(', ');
  const winners = new Set(table.winners || []);
  const parts = table.names.map((name, seat) => `${winners.has(seat) ? '\u2605 ' : ''}${name} ${table.scores[seat]}`);
  return `${parts.join(', ')}${table.game === 'wily' ? ' letters' : ''}`;
}

function copyRow(label, path) {
  const url = new URL(path, location.href).href;
  const field = h('input', { type: 'text', readonly: true, value: url, 'aria-label': label, class: 'link-field' });
  const button = h('button', { type: 'button', class: 'copy', 'aria-label': `Copy ${label.toLowerCase()}`, onclick: async () => {
    const ok = await copyText(url, field);
    button.textContent = ok ? 'Copied \u2713' : 'Select and copy';
    setTimeout(() => { button.textContent = 'Copy'; }, 2000);
  } }, 'Copy');
  return h('span', { class: 'copy-row' }, field, button);
}
