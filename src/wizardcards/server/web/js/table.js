// The table: one seat's (or a spectator's) live game. Renders each view the server sends and sends the decisions
// taken here. Nothing here decides what is legal: the hand's playable cards, the bids offered and the trump choices
// are the view's legal actions; the server and its core check every decision again.
//
// The server paces its bots (a table's bot pace, 0.7 s by default, between an action and a bot's next one), so the
// views come one by one and are shown as they come. The page adds only what a table shows between moves: each card
// flies from its player's place to the trick, a finished trick stays on the table a moment and then goes to its
// winner, and after a hand's last trick the hand's summary stays until dismissed or for a few seconds, before the
// next hand is dealt on screen. Views that arrive meanwhile wait in a queue. How long each of these takes is a
// setting ('normal', 'fast', 'off'); the seats around the table are placed by seats.js, the summary is
// round_summary.js's. Every word is the player's language (i18n.js, the "table" catalog).

import { api, findInvite, findSeat, HttpError, rememberSeat, savedName, saveName } from './api.js';
import {
  BID_BASE, cardAction, cardName, cardShort, cardSvg, isJester, isWizard, NO_TRUMP, PASS, sortHand, SUITS, suitIcon,
  TRUMP_BASE,
} from './cards.js';
import { announce, copyText, fill, h, s, storageGet, storageSet } from './dom.js';
import { t } from './i18n.js';
import { languageSwitch } from './language_switch.js';
import { showRoundSummary } from './round_summary.js';
import { openRulesHelp } from './rules_help.js';
import { GAME_NAMES, handSizes, teamMembers, teamName } from './rules.js';
import { ranking, scorekeeperLine, teamList, wilyChart, wilySheet, wizardChart, wizardSheet } from './scores.js';
import { centreOf, flyIn, layoutRing } from './seats.js';
import { TableSocket } from './socket.js';

// milliseconds: deal, a card's flight from its player to the trick; trick, a finished trick on the table; fly, its
// flight to the winner; summary, the hand's summary; queued, between views that waited behind one of these
const SPEEDS = {
  normal: { deal: 320, trick: 1100, fly: 450, summary: 6000, queued: 250 },
  fast: { deal: 180, trick: 500, fly: 250, summary: 3500, queued: 120 },
  off: { deal: 0, trick: 0, fly: 0, summary: 0, queued: 0 },
};
const SPEED_KEY = 'wizardcards.speed';
const CARD_KEYS = 'cdhs'; // C D H S choose a trump suit (N: no trump) in every language: the keys are the suits' order

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

function speed() {
  const chosen = storageGet(SPEED_KEY, null);
  if (SPEEDS[chosen]) return { name: chosen, ...SPEEDS[chosen] };
  const reduced = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduced ? { name: 'fast', ...SPEEDS.fast, deal: 0, fly: 0 } : { name: 'normal', ...SPEEDS.normal };
}

function clockIcon() {
  // drawn, not a font character: the stopwatch glyph is missing from common fonts
  return s('svg', { viewBox: '0 0 16 16', width: 13, height: 13, 'aria-hidden': 'true', class: 'clock' },
    s('circle', { cx: 8, cy: 9, r: 6, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.8 }),
    s('path', { d: 'M8 5.5V9l2.2 1.6M6 1.5h4', fill: 'none', stroke: 'currentColor', 'stroke-width': 1.8, 'stroke-linecap': 'round' }));
}

function formatSeconds(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const PHASES = ['choose_trump', 'bid', 'auction', 'name_trump', 'pass_cards', 'play'];
const phaseKey = (phase) => (PHASES.includes(phase) ? phase : 'other');

export function startTable(root, token, options = {}) {
  const screen = new TableScreen(root, token, options);
  screen.start();
  return screen;
}

class TableScreen {
  constructor(root, token, { watch = false, invite = null } = {}) {
    this.root = root;
    this.token = token;
    this.watch = watch;
    this.invite = invite; // an invite code (/play#invite=...), exchanged for this seat's token once the name is known
    this.seat = null;
    this.tableId = null;
    this.names = [];
    this.bots = [];
    this.players = null; // from "table" messages: [{seat, name, bot, claimed, connected}]
    this.status = 'waiting';
    this.hints = false;
    this.botPace = null; // seconds, from the welcome (the server paces the bots)
    this.shown = null; // the view message on screen
    this.queue = [];
    this.pumping = false;
    this.animating = false;
    this.pending = null; // {id, action, seq}
    this.passSelection = new Set();
    this.passQueue = [];
    this.chat = [];
    this.unread = 0;
    this.hint = null;
    this.rematch = null;
    this.askedRematch = false;
    this.bidDigits = '';
    this.bidTimer = null;
    this.turnDeadline = null; // {seat, at: ms}
    this.focusCard = null;
    this.summaryClosed = false;
    this.panel = null; // 'scores' | 'chat' on a narrow screen
    this.trickDrawn = null; // {leader, cards} of the trick on screen: the cards added since fly in from their players
    this.playedFrom = null; // {card, from}: where this seat's card was clicked, the start of its flight
    this.flights = [];
  }

  start() {
    if (this.invite) {
      // an invite link opened again in the browser that took it: the seat is this browser's already
      const taken = findInvite(this.invite);
      if (taken) {
        this.takeToken(taken.token);
        this.connect(null);
      } else {
        this.askName();
      }
      return;
    }
    if (!this.token) {
      fill(this.root, h('main', { id: 'main', class: 'notice' },
        h('h1', {}, t('table.no_table.title')),
        h('p', {}, t('table.no_table.text')),
        h('a', { href: '/', class: 'button primary' }, t('table.go_lobby'))));
      return;
    }
    const known = findSeat(this.token);
    if (known || this.watch) {
      this.connect(null);
    } else {
      this.askName();
    }
  }

  askName() {
    const input = h('input', { id: 'join-name', type: 'text', maxlength: 64, required: true, autocomplete: 'nickname',
      value: savedName() });
    const error = h('p', { class: 'error-line', id: 'join-error', role: 'alert' });
    const submit = h('button', { type: 'submit', class: 'primary' }, t('table.join.submit'));
    const form = h('form', { class: 'card-panel join-form', onsubmit: async (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) { input.focus(); return; }
      saveName(name);
      if (!this.invite) { this.connect(name); return; } // a seat's own link: the name goes with the hello
      submit.disabled = true;
      error.textContent = '';
      try {
        await this.claimInvite(name);
      } catch (failure) {
        submit.disabled = false;
        if (failure instanceof HttpError && failure.status === 404) {
          this.usedInvite();
          return;
        }
        const retry = failure instanceof HttpError && failure.retryAfter
          ? ` ${t('table.join.retry', { seconds: Math.ceil(failure.retryAfter) })}` : '';
        error.textContent = `${t('table.join.failed', { reason: failure.message })}${retry}`;
        input.focus();
        return;
      }
      this.connect(null);
    } },
    h('h1', {}, t('table.join.title')),
    // an invite link is an invitation; a seat's own link opened in another browser (a second device) is the seat
    // coming back: it asks the name only because this browser does not know it yet
    h('p', {}, this.invite ? t('table.join.invited') : t('table.join.own_seat')),
    h('label', { for: 'join-name' }, t('table.join.name')), input, error,
    h('div', { class: 'row' }, submit, h('a', { href: '/', class: 'button' }, t('table.lobby'))));
    fill(this.root, h('main', { id: 'main', class: 'notice' }, form));
    input.focus();
  }

  /** POST /invites: the invite code becomes this seat's token, kept by this browser; the address becomes the seat's
   * own (/play#token=...), so that a reload or a bookmark finds the seat and the used code is not shown again. */
  async claimInvite(name) {
    const answer = await api.claimInvite(this.invite, name);
    rememberSeat({ token: answer.token, table: answer.table, seat: answer.seat, name, invite: this.invite });
    this.takeToken(answer.token, answer.link);
  }

  takeToken(token, link = null) {
    this.token = token;
    this.invite = null;
    history.replaceState(null, '', link && link.startsWith('/play#token=') ? link : `/play#token=${encodeURIComponent(token)}`);
  }

  usedInvite() {
    fill(this.root, h('main', { id: 'main', class: 'notice' },
      h('h1', {}, t('table.used_invite.title')),
      h('p', {}, t('table.used_invite.text')),
      h('a', { href: '/', class: 'button primary' }, t('table.go_lobby'))));
  }

  connect(name) {
    this.build();
    this.socket = new TableSocket(this.token, {
      name,
      onMessage: (message) => this.onMessage(message),
      onStatus: (status, attempt) => this.onConnection(status, attempt),
    });
    this.socket.connect();
    this.ticker = setInterval(() => this.tick(), 250);
  }

  // --- the page skeleton --------------------------------------------------------------------------------------

  build() {
    const el = this.el = {};
    el.info = h('div', { class: 'game-info', id: 'game-info' }, t('table.connecting'));
    el.lastButton = h('button', { type: 'button', id: 'btn-last-trick', class: 'small', onclick: () => this.showLastTrick(),
      'aria-keyshortcuts': 'L', disabled: true }, t('table.last_trick'));
    el.scoresButton = h('button', { type: 'button', id: 'btn-scores', class: 'narrow-only',
      onclick: () => this.togglePanel('scores'), 'aria-keyshortcuts': 'V', 'aria-expanded': 'false' }, t('table.scores'));
    el.unread = h('span', { class: 'badge', hidden: true });
    el.chatButton = h('button', { type: 'button', id: 'btn-chat', class: 'narrow-only',
      onclick: () => this.togglePanel('chat'), 'aria-keyshortcuts': 'M', 'aria-expanded': 'false' }, t('table.chat'), el.unread);
    el.speed = h('select', { id: 'speed', onchange: () => storageSet(SPEED_KEY, el.speed.value) },
      h('option', { value: 'normal' }, t('table.speed.normal')), h('option', { value: 'fast' }, t('table.speed.fast')),
      h('option', { value: 'off' }, t('table.speed.off')));
    el.speed.value = speed().name;
    el.menu = h('details', { class: 'menu', id: 'table-menu' },
      h('summary', { 'aria-label': t('table.menu') }, '\u22ef'),
      h('div', { class: 'menu-body' },
        h('label', { for: 'speed' }, t('table.speed.label')), el.speed,
        languageSwitch(),
        h('button', { type: 'button', id: 'btn-rules', onclick: () => this.showRules() }, t('table.rules')),
        h('button', { type: 'button', onclick: () => this.showHelp() }, t('table.keys_button')),
        h('a', { href: '/', class: 'button' }, t('table.back_to_lobby'))));
    const top = h('header', { class: 'topbar' },
      h('a', { href: '/', class: 'brand', 'aria-label': t('table.brand') }, '\u2605'),
      el.info,
      h('nav', { class: 'top-actions', 'aria-label': t('table.nav') }, el.scoresButton, el.chatButton, el.menu));

    el.teams = h('div', { class: 'teams', id: 'teams', hidden: true });
    el.seats = h('ol', { class: 'seats', id: 'seats', 'aria-label': t('table.players') });
    el.trump = h('div', { class: 'trump-box', id: 'trump' });
    el.trick = h('div', { class: 'trick', id: 'trick', role: 'group', 'aria-label': t('table.trick_label') });
    el.centreNote = h('div', { class: 'centre-note', id: 'centre-note' });
    el.zone = h('div', { class: 'trick-zone', id: 'trick-zone' }, el.trick, el.centreNote);
    el.ring = h('div', { class: 'ring', id: 'ring' }, el.seats, el.zone, el.trump, el.lastButton);
    el.status = h('p', { class: 'status-line', id: 'status-line' });
    el.timer = h('span', { class: 'timer', id: 'timer', hidden: true });
    el.hintSlot = h('span', { class: 'hint-slot' });
    el.error = h('p', { class: 'error-line', id: 'error-line', role: 'alert' });
    el.controls = h('div', { class: 'controls', id: 'controls' });
    el.hintBox = h('div', { class: 'hint-box', id: 'hint-box', hidden: true, 'aria-live': 'polite' });
    el.hand = h('div', { class: 'hand', id: 'hand', role: 'group', 'aria-label': t('table.hand') });
    el.waiting = h('section', { class: 'waiting-room', id: 'waiting-room', hidden: true, 'aria-live': 'polite' });
    el.summary = h('section', { class: 'summary', id: 'summary', hidden: true, 'aria-labelledby': 'summary-title' });

    el.sheet = h('div', { class: 'sheet-wrap', id: 'sheet' });
    el.chart = h('div', { class: 'chart-wrap', id: 'chart' });
    el.chatLog = h('ol', { class: 'chat-log', id: 'chat-log', role: 'log', 'aria-label': t('table.chat_messages') });
    el.chatInput = h('input', { id: 'chat-input', type: 'text', maxlength: 300, autocomplete: 'off',
      placeholder: t('table.chat_placeholder'), 'aria-label': t('table.chat_message') });
    el.chatForm = h('form', { class: 'chat-form', id: 'chat-form', onsubmit: (event) => { event.preventDefault(); this.sendChat(); } },
      el.chatInput, h('button', { type: 'submit' }, t('table.send')));
    el.scoresPanel = h('section', { class: 'panel scores-panel', id: 'scores-panel', 'aria-labelledby': 'scores-title' },
      h('div', { class: 'panel-head' }, h('h2', { id: 'scores-title' }, t('table.scores')),
        h('button', { type: 'button', class: 'narrow-only close', onclick: () => this.togglePanel(null) }, t('table.close'))),
      el.chart, el.sheet);
    el.chatPanel = h('section', { class: 'panel chat-panel', id: 'chat-panel', 'aria-labelledby': 'chat-title' },
      h('div', { class: 'panel-head' }, h('h2', { id: 'chat-title' }, t('table.chat')),
        h('button', { type: 'button', class: 'narrow-only close', onclick: () => this.togglePanel(null) }, t('table.close'))),
      el.chatLog, el.chatForm);
    el.side = h('aside', { class: 'side', id: 'side' }, el.scoresPanel, el.chatPanel);

    el.dialog = h('dialog', { class: 'dialog', id: 'dialog', 'aria-labelledby': 'dialog-title' });

    // the hand sits at the bottom with what is asked of you right above it; the table (the ring) takes the rest
    el.playArea = h('section', { class: 'play-area', 'aria-label': t('table.table_label') },
      el.teams, el.ring, el.waiting,
      h('div', { class: 'turn-row' }, el.status, el.timer, el.hintSlot),
      el.error, el.controls, el.hintBox, el.hand);
    const main = h('main', { id: 'main', class: 'table-main' }, el.playArea, el.side);
    this.screenEl = h('div', { class: 'table-screen' }, top, main, el.summary, el.dialog);
    fill(this.root, this.screenEl);
    document.addEventListener('keydown', (event) => this.onKey(event));
    // the menu closes on a click or tap anywhere outside it (Escape closes it too: onKey)
    document.addEventListener('pointerdown', (event) => {
      if (el.menu.open && !el.menu.contains(event.target)) el.menu.open = false;
    });
    window.addEventListener('resize', () => {
      if (!this.shown) return;
      this.renderHand(this.shown.view);
      this.layout();
    });
    if (window.ResizeObserver) new ResizeObserver(() => this.layout()).observe(el.ring);
  }

  // --- messages -----------------------------------------------------------------------------------------------

  onConnection(status, attempt) {
    const banner = document.getElementById('banner');
    clearTimeout(this.bannerTimer);
    if (status === 'open' || status === 'connecting' && attempt === 0) {
      banner.hidden = true;
      return;
    }
    banner.hidden = false;
    if (status === 'back') {
      banner.className = 'banner ok';
      banner.textContent = `\u2714 ${t('table.banner.back')}`;
      this.bannerTimer = setTimeout(() => { banner.hidden = true; }, 3000);
    } else if (status === 'fatal') {
      banner.className = 'banner bad';
      banner.textContent = `\u2716 ${t('table.banner.fatal')}`;
    } else {
      banner.className = 'banner bad';
      banner.textContent = `\u26a0 ${attempt > 1 ? t('table.banner.lost_try', { attempt }) : t('table.banner.lost')}`;
    }
    this.screenEl && this.screenEl.classList.toggle('offline', status === 'lost' || status === 'connecting');
  }

  onMessage(message) {
    switch (message.type) {
      case 'welcome': return this.onWelcome(message);
      case 'view':
        // when the page received it (the tests of the bots' pace read these, and the turn timer counts from it)
        message.receivedAt = Date.now();
        this.queue.push(message);
        return this.pump();
      case 'ack': return undefined; // the view that follows shows the decision
      case 'error': return this.onError(message);
      case 'table': return this.onTable(message);
      case 'chat': return this.onChat(message);
      case 'hint': return this.onHint(message);
      case 'rematch': return this.onRematch(message);
      default: return undefined;
    }
  }

  onWelcome(message) {
    this.seat = message.seat;
    this.tableId = message.table;
    this.names = message.names;
    this.bots = message.bots;
    this.status = message.status;
    this.hints = !!message.hints;
    this.botPace = typeof message.bot_pace === 'number' ? message.bot_pace : null;
    this.chat = []; // the server sends the recent chat again after the view
    this.renderChat();
    this.queue = [];
    // a move sent just before the connection dropped may or may not have arrived: it is sent again with the same id
    // once the view shows the seat still on turn (the server applies an id once and answers a repeat with its ack)
    if (this.pending) this.pending.resend = true;
    if (this.seat >= 0) {
      rememberSeat({ token: this.token, table: this.tableId, seat: this.seat, name: this.names[this.seat] });
    }
    this.screenEl.classList.toggle('spectator', this.seat < 0);
    this.el.chatForm.hidden = this.seat < 0;
    if (this.seat < 0 && !this.el.chatPanel.querySelector('.spectator-note')) {
      this.el.chatPanel.append(h('p', { class: 'spectator-note' }, t('table.spectator_chat')));
    }
  }

  onError(message) {
    const refused = this.pending && (message.reply_to === this.pending.id
      || (!message.reply_to && (message.code === 'stale' || message.code === 'unavailable'))) ? this.pending : null;
    if (refused) this.pending = null;
    if (message.code === 'bad_token') {
      fill(this.root, h('main', { id: 'main', class: 'notice' },
        h('h1', {}, t('table.bad_token.title')),
        h('p', {}, t('table.bad_token.text')),
        h('a', { href: '/', class: 'button primary' }, t('table.go_lobby'))));
      return;
    }
    if (this.hint && (message.reply_to === this.hint.id || message.code === 'no_hints')) this.hint = null;
    if (this.chatSent && message.reply_to === this.chatSent.id) {
      // a refused chat line (too many at once: "limited") is given back to be sent again
      if (!this.el.chatInput.value) this.el.chatInput.value = this.chatSent.text;
      this.chatSent = null;
    }
    let text = message.message;
    if (message.code === 'stale') {
      // the move answered a decision the table has passed (another tab or device of this seat, a late click): the
      // page asks for the table as it is now; a card chosen for passing is offered again once it is this seat's turn
      if (refused && refused.phase === 'pass_cards') this.passQueue.unshift(refused.action);
      this.socket.send({ type: 'sync' });
      text = t('table.error.stale');
    } else if (message.code === 'unavailable') {
      // nothing changed on the server: the same move can be made again
      if (refused && refused.phase === 'pass_cards') this.passQueue = [];
      text = t('table.error.unavailable', { reason: message.message });
    }
    this.el.error.textContent = text;
    clearTimeout(this.errorTimer);
    this.errorTimer = setTimeout(() => { this.el.error.textContent = ''; }, 6000);
    if (this.shown) this.renderInteractive(this.shown.view);
  }

  onTable(message) {
    this.players = message.players;
    this.names = message.players.map((p) => p.name);
    if (message.status) this.status = message.status;
    if (this.shown) {
      this.renderSeats(this.shown.view);
      this.renderWaiting(this.shown);
      this.layout();
    }
  }

  // --- showing views one by one -------------------------------------------------------------------------------

  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length) {
        const message = this.queue.shift();
        const previous = this.shown;
        if (previous && message.seq < previous.seq) continue; // an older view overtaken by a newer one
        const pace = speed();
        // far behind (a reconnect, a page that was asleep) or the first view: straight to the newest, no animation
        const catchUp = !previous || this.queue.length > 6 || message.seq !== previous.seq + 1;
        const done = previous && message.seq === previous.seq + 1 ? this.completedTrick(previous, message) : null;
        const handEnded = !catchUp && (message.view.sheet || []).length > (previous.view.sheet || []).length;
        let waited = false;
        this.catchingUp = catchUp;
        if (done && !catchUp && pace.trick > 0) {
          this.animating = true;
          // the hand's last trick is shown on the hand it ended: the next hand's deal, trump and dealer wait
          this.render(handEnded ? this.endOfHand(previous, message, done) : message, done);
          this.announceTrick(done, message.view);
          await Promise.all(this.flights);
          await sleep(pace.trick);
          await this.flyTrick(done.winner, pace.fly);
          this.el.trick.classList.add('flown'); // gone to the winner: the places stay empty until the next view
          waited = true;
        } else if (done) {
          this.announceTrick(done, message.view);
        }
        if (handEnded && pace.summary > 0) {
          this.animating = true;
          await this.showHandSummary(message);
          waited = true;
        }
        this.animating = false;
        this.catchingUp = catchUp;
        this.render(message, null);
        await Promise.all(this.flights);
        // views that came while the page showed a trick or a summary follow each other a little apart, as the
        // server sent them, until the page has caught up
        if (waited) this.behind = true;
        if (!this.queue.length || catchUp) this.behind = false;
        if (this.behind && pace.queued > 0) await sleep(pace.queued);
      }
    } finally {
      this.pumping = false;
      this.animating = false;
    }
  }

  /** The trick completed between two consecutive views, or null. A view message carries the view's last trick
   * (`last_trick`), which stays after the hand's last card, when the view's own `round_tricks` start empty again with
   * the next deal, until the next hand's first card is played (then it is null until a trick is complete). */
  completedTrick(previous, message) {
    const now = message.last_trick;
    return now && JSON.stringify(now) !== JSON.stringify(previous.last_trick) ? now : null;
  }

  /** What the table looks like once a hand's last card is down: the hand that ended (its trump, dealer, bids), the
   * trick complete, nobody on turn; the view after it already holds the next hand, shown after the summary. */
  endOfHand(previous, message, done) {
    const v = previous.view;
    const tricksWon = [...v.tricks_won];
    if (done.winner >= 0) tricksWon[done.winner] = (tricksWon[done.winner] || 0) + 1;
    const played = new Set(done.cards);
    return { ...message, last_trick: done,
      view: { ...v, trick: [], hand: v.hand.filter((card) => !played.has(card)), tricks_won: tricksWon,
        current_player: -1, legal_actions: [], phase: 'play' } };
  }

  async showHandSummary(message) {
    const v = message.view;
    const sheet = v.sheet || [];
    await showRoundSummary(this.screenEl, {
      row: sheet.at(-1), view: v, names: this.names, nameOf: (seat) => this.nameOf(seat), mySeat: this.seat,
      number: sheet.length, holdMs: speed().summary,
    });
  }

  announceTrick(done, view) {
    if (done.winner < 0) return;
    const style = view.rules.rank_style;
    const cards = done.cards.map((c) => cardName(c, style)).join(', ');
    announce(done.winner === this.seat ? t('table.announce.you_won_trick', { cards })
      : t('table.announce.won_trick', { name: this.nameOf(done.winner), cards }));
  }

  async flyTrick(winner, duration) {
    const target = this.el.seats.querySelector(`[data-seat="${winner}"]`);
    const cards = [...this.el.trick.querySelectorAll('.played .card-svg')];
    if (!target || !cards.length || duration <= 0) return;
    const to = target.getBoundingClientRect();
    const animations = cards.map((card) => {
      const from = card.getBoundingClientRect();
      const dx = to.left + to.width / 2 - (from.left + from.width / 2);
      const dy = to.top + to.height / 2 - (from.top + from.height / 2);
      return card.animate([
        { transform: 'translate(0, 0) scale(1)', opacity: 1 },
        { transform: `translate(${dx}px, ${dy}px) scale(0.25)`, opacity: 0.1 },
      ], { duration, easing: 'ease-in', fill: 'forwards' });
    });
    await Promise.all(animations.map((a) => a.finished.catch(() => null)));
  }

  // --- rendering ----------------------------------------------------------------------------------------------

  nameOf(seat) {
    if (seat === this.seat) return t('table.you');
    return this.names[seat] || t('table.seat_n', { number: seat + 1 });
  }

  /** "Ann is bidding…" / "You are bidding…": a sentence about a seat, with the verb agreeing (two keys). */
  about(seat, key, params = {}) {
    return seat === this.seat ? t(`${key}.you`, params) : t(`${key}.other`, { name: this.nameOf(seat), ...params });
  }

  render(message, trickOverride) {
    const previous = this.shown;
    this.shown = message;
    this.status = message.status;
    const v = message.view;
    if (!previous || previous.seq !== message.seq) {
      this.hint = null;
      if (v.phase !== 'pass_cards') { this.passSelection.clear(); this.passQueue = []; }
    }
    if (this.pending && (message.seq > this.pending.seq || v.current_player !== this.seat)) this.pending = null;
    if (this.pending && this.pending.resend && message.status === 'playing') {
      this.pending.resend = false;
      // the same id and the decision it answered: the server answers an accepted one with its ack again
      if (!this.socket.send({ type: 'action', id: this.pending.id, action: this.pending.action, seq: this.pending.seq })) this.pending = null;
    }
    this.turnDeadline = typeof message.turn_left === 'number' && v.current_player >= 0
      ? { seat: v.current_player, at: message.receivedAt + message.turn_left * 1000 } : null;
    this.screenEl.dataset.seq = String(message.seq);
    this.screenEl.dataset.phase = v.phase;
    this.screenEl.dataset.status = message.status;
    this.renderInfo(v);
    this.renderTeams(v);
    this.renderSeats(v);
    this.renderTrump(v);
    this.renderWaiting(message);
    this.renderInteractive(v);
    this.renderScores(v);
    this.renderSummary(message);
    this.renderTrick(v, trickOverride);
    this.layout();
    this.startFlights(); // after the layout: from where their players sit to where the cards lie
    this.el.lastButton.disabled = !message.last_trick;
    if (previous && previous.view.current_player !== v.current_player && v.current_player === this.seat
      && message.status === 'playing') {
      announce(t('table.announce.your_turn', { what: this.turnWhat(v) }));
    }
    this.tick();
    this.driveQueuedDecisions(v);
  }

  /** Place the seats around the table (seats.js), the bottom one first. */
  layout() {
    if (!this.el || !this.shown) return;
    const seats = [...this.el.seats.children];
    const zone = this.el.zone;
    layoutRing({
      ring: this.el.ring, seats, zone, corners: [this.el.trump, this.el.lastButton],
      zoneNeed: (width) => this.zoneNeed(width),
    });
  }

  /** The height the middle of the table needs at a width: in play a full trick (each player's card with their name
   * under it, in rows that fit) with the winner's line, kept from the first card to the last so that the seats do not
   * move during a hand's play; during the bidding, what is shown there (the bid buttons need the room on a phone). */
  zoneNeed(width) {
    const rootStyle = getComputedStyle(this.el.ring);
    const card = parseFloat(rootStyle.getPropertyValue('--card-w')) || 50;
    const gap = 6;
    const slot = card + 18; // a place is a little wider than its card: room for the player's name
    const { players, phase } = this.shown.view;
    const perRow = Math.max(1, Math.floor((width + gap) / (slot + gap)));
    const rows = Math.ceil(players / perRow);
    const playing = phase === 'play' || phase === 'game_over';
    const trickHeight = playing ? rows * (card * 1.4 + 34) + (rows - 1) * gap + 26 : 0;
    this.el.zone.style.height = 'auto';
    // layout heights (offsetHeight), not scrollHeight: a card in flight, moved by its transform, must not count
    const content = this.el.trick.offsetHeight + this.el.centreNote.offsetHeight + 8;
    return Math.max(trickHeight, content);
  }

  renderInteractive(v) {
    // "yes" while this page may decide (tests and styles read it): on turn, nothing in flight, nothing animating
    this.screenEl.dataset.myTurn = this.myTurn(v) && !this.pending ? 'yes' : 'no';
    // the tab's title says when it is your turn, for a player looking at another tab
    const game = GAME_NAMES[v.game] || v.game;
    document.title = v.current_player === this.seat && this.status === 'playing'
      ? `\u25b6 ${t('table.title.your_turn', { game })}` : t('table.title.game', { game });
    this.renderStatus(v);
    this.renderControls(v);
    this.renderHand(v);
    this.renderHint(v);
  }

  myTurn(v) {
    return this.seat >= 0 && v.current_player === this.seat && this.status === 'playing' && !this.animating;
  }

  renderInfo(v) {
    const game = GAME_NAMES[v.game] || v.game;
    const parts = [h('strong', {}, game)];
    let where;
    if (v.game === 'wizard') {
      const total = handSizes(v.rules).length;
      const round = Math.min(v.round_index + 1, total || v.round_index + 1);
      where = total ? t('table.info.round_of', { round, total }) : t('table.info.round', { round });
    } else {
      where = t('table.info.hand', { number: v.round_index + 1 });
    }
    parts.push(h('span', { class: 'nowrap' }, where));
    if (v.phase !== 'game_over') parts.push(h('span', { class: 'nowrap' }, t('table.cards', { count: v.hand_size })));
    if (this.seat < 0) parts.push(h('span', { class: 'tag' }, t('table.watching')));
    fill(this.el.info, parts);
  }

  renderTeams(v) {
    if (v.game !== 'wily') { this.el.teams.hidden = true; return; }
    this.el.teams.hidden = false;
    fill(this.el.teams, teamList(v.teams).map((team) => {
      const members = teamMembers(team, v.teams);
      const mine = members.includes(this.seat);
      const count = v.letters[team] || 0;
      const name = teamName(team, v.teams, this.names);
      return h('div', { class: `team${mine ? ' mine' : ''}`, 'aria-label': t(mine ? 'table.team.label_mine' : 'table.team.label',
        { team: name, members: members.map((m) => this.nameOf(m)).join(` ${t('table.and')} `), count }) },
      h('span', { class: 'team-name' }, name, mine ? ` ${t('table.team.you')}` : ''),
      h('span', { class: 'letters', 'aria-hidden': 'true' },
        [...'WIZARD'].map((letter, k) => h('span', { class: k < count ? 'got' : 'todo' }, letter))));
    }));
  }

  seatOrder(v) {
    // you first (at the bottom), then the others in playing order: clockwise from your left
    const n = v.players;
    const first = this.seat >= 0 ? this.seat : 0;
    return Array.from({ length: n }, (_, k) => (first + k) % n);
  }

  renderSeats(v) {
    const info = (seat) => (this.players && this.players[seat]) || null;
    const inTrick = new Map();
    v.trick.forEach((card, k) => inTrick.set((v.trick_leader + k) % v.players, card));
    this.el.seats.dataset.count = String(v.players);
    this.el.ring.dataset.count = String(v.players);
    fill(this.el.seats, this.seatOrder(v).map((seat, place) => {
      const player = info(seat);
      const bot = this.bots[seat];
      const onTurn = v.current_player === seat && this.status === 'playing';
      const name = this.names[seat] || t('table.seat_n', { number: seat + 1 });
      const badges = [];
      if (seat === v.dealer && v.phase !== 'game_over') badges.push(h('span', { class: 'tag dealer', title: t('table.tag.dealer') }, t('table.tag.dealer')));
      if (bot) badges.push(h('span', { class: 'tag bot', title: t('table.tag.bot_title', { bot }) }, t('table.tag.bot')));
      if (player && !bot && !player.claimed) badges.push(h('span', { class: 'tag' }, t('table.tag.invited')));
      else if (player && !bot && !player.connected) badges.push(h('span', { class: 'tag away' }, t('table.tag.offline')));
      if (v.game === 'wily' && teamMembers(v.teams[seat], v.teams).length > 1) {
        // who plays with whom, on every box (the teams' row above the table names them too)
        badges.push(h('span', { class: 'tag team-tag', dataset: { team: String(v.teams[seat]) } }, teamName(v.teams[seat], v.teams, this.names)));
      }
      if (v.game === 'wily' && seat === v.high_bidder && v.phase !== 'auction') {
        badges.push(h('span', { class: 'tag' }, t('table.tag.high_bidder')));
      }
      const stats = [];
      const said = [];
      const won = v.tricks_won[seat] ?? 0;
      if (v.game === 'wizard') {
        const bid = v.bids[seat];
        const bidText = bid === null || bid === undefined ? (v.phase === 'bid' || v.phase === 'choose_trump' ? '–' : '?') : String(bid);
        stats.push(h('span', { class: 'stat' }, h('span', { class: 'k' }, `${t('table.stat.bid')} `), h('b', {}, bidText)));
        stats.push(h('span', { class: 'stat' }, h('span', { class: 'k' }, `${t('table.stat.won')} `), h('b', {}, String(won))));
        stats.push(h('span', { class: 'stat score' }, h('b', {}, String(v.scores[seat] ?? 0)), h('span', { class: 'k' }, ` ${t('table.stat.points')}`)));
        said.push(bidText === '–' ? t('table.said.no_bid') : t('table.said.bid', { bid: bidText }),
          t('table.said.won', { count: won }), t('table.said.points', { count: v.scores[seat] ?? 0 }));
      } else {
        const calls = v.auction.filter(([who]) => who === seat).map(([, call]) => call);
        const last = calls.length ? (calls.at(-1) === 0 ? t('table.pass') : String(calls.at(-1))) : '–';
        stats.push(h('span', { class: 'stat' }, h('span', { class: 'k' }, `${t('table.stat.call')} `), h('b', {}, last)));
        stats.push(h('span', { class: 'stat' }, h('span', { class: 'k' }, `${t('table.stat.won')} `), h('b', {}, String(won))));
        said.push(last === '–' ? t('table.said.no_call') : t('table.said.call', { call: last }), t('table.said.won', { count: won }));
      }
      const extras = [];
      if (bot) extras.push(t('table.said.bot'));
      if (player && !bot && player.claimed && !player.connected) extras.push(t('table.said.offline'));
      if (seat === v.dealer) extras.push(t('table.said.dealer'));
      const played = inTrick.has(seat) ? [t('table.said.played', { card: cardName(inTrick.get(seat), v.rules.rank_style) })] : [];
      const now = onTurn ? [t(`table.said.now.${phaseKey(v.phase)}`)] : [];
      const label = `${name}${seat === this.seat ? ` ${t('table.you_mark')}` : ''}${extras.length ? `, ${extras.join(', ')}` : ''}`
        + `: ${[...said, ...played, ...now].join(', ')}`;
      return h('li', { class: `seat${onTurn ? ' on-turn' : ''}${seat === this.seat ? ' me' : ''}${place === 0 ? ' bottom' : ''}`,
        dataset: { seat: String(seat), place: String(place) }, 'aria-label': label, 'aria-current': onTurn ? 'true' : null },
      h('div', { class: 'seat-name' },
        h('span', { class: 'turn-mark', 'aria-hidden': 'true' }, onTurn ? '\u25b6' : ''),
        h('span', { class: 'name' }, name),
        seat === this.seat ? h('span', { class: 'you' }, ` ${t('table.you_mark')}`) : null),
      h('div', { class: 'seat-badges' }, badges,
        onTurn ? h('span', { class: 'seat-timer', dataset: { seat: String(seat) } }) : null),
      h('div', { class: 'seat-stats', 'aria-hidden': 'true' }, stats));
    }));
  }

  renderTrump(v) {
    const style = v.rules.rank_style;
    const parts = [];
    if (v.game === 'wizard') {
      if (v.trump_card >= 0) {
        parts.push(h('div', { class: 'mini-card', role: 'img', 'aria-label': t('table.trump.turned_up', { card: cardName(v.trump_card, style) }) },
          cardSvg(v.trump_card, style)));
      } else {
        parts.push(h('div', { class: 'mini-card empty', 'aria-hidden': 'true' }, '—'));
      }
    }
    let text;
    if (v.trump_suit >= 0) {
      const suit = SUITS[v.trump_suit];
      text = h('span', { class: 'trump-text' }, `${t('table.trump.trump')} `, suitIcon(v.trump_suit, 18), h('b', {}, suit.name));
    } else if (v.game === 'wizard' && isWizard(v.trump_card) && v.phase === 'choose_trump') {
      text = h('span', { class: 'trump-text' }, this.about(v.dealer, 'table.trump.wizard_turned'));
    } else if (v.game === 'wily' && (v.phase === 'auction' || v.phase === 'name_trump')) {
      text = h('span', { class: 'trump-text' }, t('table.trump.not_named'));
    } else {
      const why = v.game === 'wizard' ? (isJester(v.trump_card) ? t('table.trump.jester_turned') : v.trump_card < 0 ? t('table.trump.none_turned') : '') : '';
      text = h('span', { class: 'trump-text' }, h('b', {}, t('table.no_trump')), why ? ` ${why}` : '');
    }
    parts.push(text);
    if (v.game === 'wily' && v.high_bidder >= 0 && v.phase !== 'auction') {
      const ours = v.teams[v.high_bidder] === v.teams[this.seat];
      parts.push(h('span', { class: 'contract' }, ours ? t('table.trump.contract_ours', { count: v.contract })
        : t('table.trump.contract_theirs', { name: this.names[v.high_bidder], count: v.contract })));
    }
    fill(this.el.trump, parts);
  }

  renderTrick(v, override) {
    const style = v.rules.rank_style;
    const n = v.players;
    const note = [];
    let leader = v.trick_leader;
    let cards = v.trick;
    let winner = -1;
    if (!override && v.phase === 'game_over' && this.shown.last_trick) {
      override = this.shown.last_trick; // the game's last trick stays on the table
    }
    if (override) ({ leader, cards, winner } = override);
    const showTrick = override || v.phase === 'play' || v.phase === 'game_over' && cards.length;
    this.el.trick.classList.toggle('complete', !!override);
    this.el.trick.classList.remove('flown');
    this.el.trick.classList.toggle('bidding-view', !showTrick);
    const drawn = this.trickDrawn;
    this.trickDrawn = showTrick ? { leader, cards: [...cards] } : null;
    this.flights = [];
    if (!showTrick) {
      fill(this.el.trick, this.biddingSummary(v));
      fill(this.el.centreNote, '');
      return;
    }
    // the cards added to the trick on screen since the last view: each flies in from its player's place
    const sameTrick = drawn && drawn.leader === leader && drawn.cards.every((card, k) => cards[k] === card);
    const firstNew = sameTrick ? drawn.cards.length : 0;
    const pace = speed();
    const slots = [];
    const arriving = [];
    for (let k = 0; k < n; k += 1) {
      const seat = (leader + k) % n;
      const card = cards[k];
      const name = this.nameOf(seat);
      if (card !== undefined) {
        const wins = seat === winner;
        const cardEl = h('div', { class: 'trick-card', role: 'img', 'aria-label':
          t(k === 0 ? 'table.trick.card_led' : 'table.trick.card', { name, card: cardName(card, style) })
          + (wins ? `, ${t('table.trick.wins')}` : '') },
        cardSvg(card, style), wins ? h('span', { class: 'win-star', 'aria-hidden': 'true' }, '\u2605') : null);
        slots.push(h('figure', { class: `slot played${wins ? ' winner' : ''}`, dataset: { card: String(card), seat: String(seat) } },
          cardEl,
          h('figcaption', {}, h('span', { class: 'who' }, name), k === 0 ? h('span', { class: 'led' }, t('table.trick.led')) : null)));
        if (k >= firstNew) arriving.push({ el: cardEl, seat, card });
      } else if (!override) {
        const next = seat === v.current_player;
        slots.push(h('figure', { class: `slot empty${next ? ' next' : ''}`, dataset: { seat: String(seat) } },
          h('div', { class: 'trick-card placeholder', 'aria-hidden': 'true' }, next ? '\u2026' : ''),
          h('figcaption', {}, h('span', { class: 'who' }, name))));
      }
    }
    fill(this.el.trick, slots);
    if (override && winner >= 0) {
      const text = v.phase === 'game_over' ? this.about(winner, 'table.trick.won_last') : this.about(winner, 'table.trick.won');
      note.push(h('span', { class: 'trick-winner' }, `\u2605 ${text}`));
    }
    fill(this.el.centreNote, note);
    this.arriving = pace.deal > 0 && !this.catchingUp ? arriving : [];
  }

  /** The flights of the cards just put on the table, once the table is laid out (each ends where its card lies). */
  startFlights() {
    const duration = speed().deal;
    this.flights = (this.arriving || []).map(({ el, seat, card }) => flyIn(el, this.startOf(seat, card), duration));
    this.arriving = [];
  }

  /** Where a card played by ``seat`` starts its flight: the player's box; your own card from where it was in your
   * hand when you played it. */
  startOf(seat, card) {
    if (seat === this.seat && this.playedFrom && this.playedFrom.card === card && Date.now() - this.playedFrom.at < 5000) {
      return this.playedFrom.from;
    }
    const box = this.el.seats.querySelector(`[data-seat="${seat}"]`);
    return box ? centreOf(box) : null;
  }

  biddingSummary(v) {
    if (v.game === 'wizard') {
      const known = v.bids.filter((b) => b !== null && b !== undefined);
      const sum = known.reduce((a, b) => a + b, 0);
      let line;
      if (v.phase === 'choose_trump') line = t('table.bids.after_trump');
      else {
        line = t('table.bids.so_far', { sum, count: v.hand_size });
        if (known.length === v.players && sum > v.hand_size) line += ` ${t('table.bids.over', { count: sum - v.hand_size })}`;
        else if (known.length === v.players && sum < v.hand_size) line += ` ${t('table.bids.under', { count: v.hand_size - sum })}`;
      }
      return h('div', { class: 'bidding' }, h('p', { class: 'bid-sum' }, line));
    }
    if (v.phase === 'auction' || v.phase === 'name_trump' || v.phase === 'pass_cards') {
      const calls = v.auction.map(([seat, call]) => h('li', {}, call === 0 ? this.about(seat, 'table.auction.passes')
        : this.about(seat, 'table.auction.bids', { bid: call })));
      let title;
      if (v.phase === 'auction') {
        title = v.high_bidder >= 0 ? t('table.auction.high', { bid: v.high_bid, name: this.nameOf(v.high_bidder) }) : t('table.auction.no_bid');
      } else if (v.phase === 'name_trump') {
        title = this.about(v.high_bidder, 'table.auction.won', { bid: v.high_bid });
      } else {
        title = this.passingNote(v);
      }
      return h('div', { class: 'bidding' }, h('p', { class: 'bid-sum' }, title),
        calls.length ? h('ol', { class: 'auction-calls', 'aria-label': t('table.auction.calls') }, calls) : null);
    }
    return h('div', { class: 'bidding' });
  }

  passingNote(v) {
    const target = this.passTarget(v);
    if (this.seat < 0 || target < 0) return t('table.passing.everyone');
    return t('table.passing.yours_to', { name: this.nameOf(target) });
  }

  /** Who receives this seat's three cards (display only: the server does the exchange). */
  passTarget(v) {
    if (this.seat < 0) return -1;
    const n = v.players;
    const mode = v.rules.mode || 'partners';
    if (mode === 'no_partners') return (this.seat + 1) % n;
    for (let k = 1; k < n; k += 1) {
      const seat = (this.seat + (mode === 'partners' ? n / 2 : k)) % n;
      if (v.teams[seat] === v.teams[this.seat]) return seat;
    }
    return -1;
  }

  renderWaiting(message) {
    const waiting = message.status === 'waiting';
    this.el.waiting.hidden = !waiting;
    if (!waiting) return;
    const players = this.players || this.names.map((name, seat) => ({ seat, name, bot: this.bots[seat], claimed: null, connected: null }));
    const created = storageGet(`wizardcards.created.${this.tableId}`, null);
    // the invite links the creator's browser was given (an invite-only seat's /play#invite=... link)
    const invites = new Map(((created && created.seats) || []).filter((entry) => entry.invite && entry.link).map((entry) => [entry.seat, entry.link]));
    fill(this.el.waiting,
      h('h2', {}, t('table.waiting.title')),
      h('p', {}, t('table.waiting.text')),
      h('ul', { class: 'waiting-list' }, players.map((p) => {
        let state = p.bot ? t('table.waiting.bot') : p.claimed === null ? '' : p.claimed
          ? (p.connected ? t('table.waiting.here') : t('table.waiting.offline')) : t('table.waiting.not_joined');
        if (p.seat === this.seat) state = t('table.waiting.you');
        const invite = !p.bot && !p.claimed && p.seat !== this.seat ? invites.get(p.seat) : null;
        return h('li', {}, h('b', {}, p.name), state ? ` \u2014 ${state}` : '',
          invite ? this.copyField(t('table.waiting.invite_for', { name: p.name }), invite) : null);
      })));
  }

  copyField(label, path) {
    const url = new URL(path, location.href).href;
    const field = h('input', { type: 'text', readonly: true, value: url, 'aria-label': label, class: 'link-field' });
    const button = h('button', { type: 'button', class: 'copy', onclick: async () => {
      const ok = await copyText(url, field);
      button.textContent = ok ? `${t('table.copied')} \u2713` : t('table.select_copy');
      setTimeout(() => { button.textContent = t('table.copy'); }, 2000);
    } }, t('table.copy'));
    return h('span', { class: 'copy-row' }, field, button);
  }

  turnWhat(v) {
    return t(`table.what.${phaseKey(v.phase)}`);
  }

  renderStatus(v) {
    let text;
    if (this.status === 'waiting') text = t('table.status.waiting');
    else if (v.phase === 'game_over' || this.status === 'finished') text = t('table.status.over');
    else if (v.current_player < 0) text = t('table.status.hand_over');
    else if (this.myTurn(v) || (v.current_player === this.seat && this.animating)) {
      text = t('table.status.your_turn', { what: this.turnWhat(v) });
      if (v.phase === 'bid' && this.bidDigits) text += ` ${t('table.status.typing_bid', { bid: this.bidDigits })}`;
    } else if (v.phase === 'pass_cards' && this.seat >= 0 && this.passQueue.length) {
      text = t('table.status.cards_queued', { name: this.nameOf(v.current_player) });
    } else {
      text = this.about(v.current_player, `table.status.doing.${phaseKey(v.phase)}`);
    }
    this.el.status.textContent = text;
    this.el.status.classList.toggle('mine', v.current_player === this.seat && this.status === 'playing');
    if (v.phase === 'game_over' && this.summaryClosed) {
      this.el.status.append(' ', h('button', { type: 'button', class: 'small', id: 'btn-summary', onclick: () => {
        this.summaryClosed = false;
        this.rematchChanged = true;
        this.renderSummary(this.shown);
        this.renderStatus(this.shown.view);
      } }, t('table.results')));
    }
  }

  tick() {
    const deadline = this.turnDeadline;
    const showing = deadline && this.status === 'playing';
    this.el.timer.hidden = !showing;
    for (const el of this.el.seats.querySelectorAll('.seat-timer')) el.textContent = '';
    if (!showing) return;
    const left = (deadline.at - Date.now()) / 1000;
    const text = formatSeconds(left);
    fill(this.el.timer, clockIcon(), ` ${text}`);
    this.el.timer.setAttribute('aria-label', t('table.timer_label', { count: Math.max(0, Math.ceil(left)), name: this.nameOf(deadline.seat) }));
    this.el.timer.classList.toggle('urgent', left < 10);
    this.el.timer.dataset.hurry = t('table.hurry');
    const chip = this.el.seats.querySelector(`.seat-timer[data-seat="${deadline.seat}"]`);
    if (chip) fill(chip, clockIcon(), ` ${text}`);
  }

  legal(v) {
    return new Set(this.myTurn(v) && !this.pending ? v.legal_actions : []);
  }

  renderControls(v) {
    const legal = this.legal(v);
    const blocks = [];
    const phase = v.phase;
    const hinted = this.hint && !this.hint.waiting ? this.hint.best : null;
    const hintMark = (action) => (hinted === action ? h('span', { class: 'hint-star', 'aria-hidden': 'true' }, '\u2605') : null);
    if (this.seat >= 0 && v.current_player === this.seat && this.status === 'playing') {
      if (phase === 'bid' || phase === 'auction') {
        const most = v.hand_size;
        const buttons = [];
        if (phase === 'auction') {
          buttons.push(h('button', { type: 'button', class: 'bid pass', disabled: !legal.has(PASS), 'aria-keyshortcuts': 'P',
            dataset: { action: String(PASS) }, onclick: () => this.act(PASS) }, hintMark(PASS), t('table.pass')));
        }
        for (let bid = phase === 'auction' ? 1 : 0; bid <= most; bid += 1) {
          const action = BID_BASE + bid;
          if (phase === 'auction' && !legal.has(action) && bid <= v.high_bid) continue;
          buttons.push(h('button', { type: 'button', class: 'bid', disabled: !legal.has(action), dataset: { action: String(action) },
            'aria-label': legal.has(action) || !this.myTurn(v) ? t('table.bid_n', { bid }) : t('table.bid_n_refused', { bid }),
            onclick: () => this.act(action) }, hintMark(action), String(bid)));
        }
        blocks.push(h('div', { class: 'control-group', role: 'group', 'aria-label': phase === 'bid' ? t('table.your_bid') : t('table.your_call') },
          h('span', { class: 'control-label' }, phase === 'bid' ? t('table.your_bid_colon') : t('table.your_call_colon')),
          h('div', { class: 'bid-buttons' }, buttons)));
      } else if (phase === 'choose_trump' || phase === 'name_trump') {
        const buttons = SUITS.map((suit, k) => h('button', { type: 'button', class: 'suit-choice', disabled: !legal.has(TRUMP_BASE + k),
          dataset: { action: String(TRUMP_BASE + k) }, 'aria-keyshortcuts': CARD_KEYS[k].toUpperCase(), onclick: () => this.act(TRUMP_BASE + k) },
        hintMark(TRUMP_BASE + k), suitIcon(k, 22), ` ${suit.name}`));
        if (v.legal_actions.includes(NO_TRUMP)) {
          buttons.push(h('button', { type: 'button', class: 'suit-choice', disabled: !legal.has(NO_TRUMP), 'aria-keyshortcuts': 'N',
            dataset: { action: String(NO_TRUMP) }, onclick: () => this.act(NO_TRUMP) }, hintMark(NO_TRUMP), t('table.no_trump')));
        }
        blocks.push(h('div', { class: 'control-group', role: 'group', 'aria-label': t('table.choose_trump') },
          h('span', { class: 'control-label' }, t('table.choose_trump_colon')), h('div', { class: 'suit-buttons' }, buttons)));
      }
    }
    if (phase === 'pass_cards' && this.seat >= 0 && this.status === 'playing') {
      const given = v.given.length;
      const stillToGive = 3 - given;
      const target = this.passTarget(v);
      if (stillToGive > 0 && !this.passQueue.length) {
        const chosen = this.passSelection.size;
        const ask = target >= 0 ? t('table.passing.choose_to', { count: stillToGive, name: this.nameOf(target) })
          : t('table.passing.choose', { count: stillToGive });
        blocks.push(h('div', { class: 'control-group', role: 'group', 'aria-label': t('table.passing.group') },
          h('span', { class: 'control-label' }, `${ask} ${t('table.passing.chosen', { count: chosen })}`),
          h('button', { type: 'button', id: 'btn-pass-cards', class: 'primary', disabled: chosen !== stillToGive,
            onclick: () => this.confirmPass() }, t('table.passing.button', { count: stillToGive }))));
      } else if (stillToGive > 0) {
        blocks.push(h('p', { class: 'control-label' }, t('table.passing.sending')));
      } else if (v.received.length === 0) {
        blocks.push(h('p', { class: 'control-label' }, t('table.passing.passed_waiting',
          { cards: v.given.map((c) => cardShort(c, v.rules.rank_style)).join(' ') })));
      }
    }
    if (v.received.length && (phase === 'play' && v.round_tricks.length === 0 && v.trick.length < v.players)) {
      const style = v.rules.rank_style;
      blocks.push(h('p', { class: 'passed-note' }, t('table.passing.gave_received', {
        given: v.given.map((c) => cardShort(c, style)).join(' '), received: v.received.map((c) => cardShort(c, style)).join(' ') })));
    }
    // the hint button sits in the turn line, beside "Your turn", to keep the controls short on a phone
    fill(this.el.hintSlot, this.hints && this.seat >= 0 && v.current_player === this.seat && this.status === 'playing'
      && phase !== 'game_over'
      ? h('button', { type: 'button', id: 'btn-hint', class: 'hint-button small', 'aria-keyshortcuts': 'I',
        disabled: !this.myTurn(v) || !!this.hint, onclick: () => this.askHint() },
      this.hint && this.hint.waiting ? t('table.hint.thinking') : t('table.hint.button'))
      : null);
    fill(this.el.controls, blocks);
    if (hinted !== null && hinted >= TRUMP_BASE) {
      // the suggested button: a ★ and the hint's frame (not the gold of the player on turn or of a trick's winner)
      const button = this.el.controls.querySelector(`button[data-action="${hinted}"]`);
      if (button) {
        button.classList.add('hinted');
        button.setAttribute('aria-label', `${button.getAttribute('aria-label') || button.textContent}, ${t('table.hint.suggested')}`);
      }
    }
  }

  renderHand(v) {
    const hand = this.el.hand;
    if (this.seat < 0) { hand.hidden = true; return; }
    hand.hidden = false;
    const style = v.rules.rank_style;
    const passing = v.phase === 'pass_cards' && this.status === 'playing' && v.given.length < 3 && !this.passQueue.length;
    const legal = this.legal(v);
    const cards = sortHand(v.hand, v.trump_suit);
    const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('#hand .card')
      ? Number(document.activeElement.dataset.card) : null;
    const hinted = this.hint && !this.hint.waiting ? this.hint.best : null;
    const playPhase = v.phase === 'play';
    const buttons = cards.map((card) => {
      const action = cardAction(card);
      let playable = playPhase && legal.has(action);
      let selected = false;
      if (passing) {
        playable = true;
        selected = this.passSelection.has(card);
      }
      const name = cardName(card, style);
      const isHinted = hinted === action && playable;
      const notes = [];
      if (passing && selected) notes.push(t('table.hand.chosen'));
      if (!passing && playPhase && this.myTurn(v) && !playable) notes.push(t('table.hand.not_now'));
      if (!passing && isHinted) notes.push(t('table.hint.suggested'));
      const el = h('button', {
        type: 'button', class: `card${playable ? ' playable' : ''}${selected ? ' selected' : ''}${isHinted ? ' hinted' : ''}`,
        dataset: { card: String(card), action: String(action) }, 'aria-label': [name, ...notes].join(', '), tabindex: '-1',
        'aria-disabled': playable ? 'false' : 'true', 'aria-pressed': passing ? String(selected) : null,
        onclick: () => this.clickCard(card),
      }, cardSvg(card, style), isHinted ? h('span', { class: 'hint-star', 'aria-hidden': 'true' }, '\u2605') : null);
      return el;
    });
    const dim = v.phase === 'play' && this.myTurn(v);
    hand.classList.toggle('choosing', dim || passing);
    hand.setAttribute('aria-label', dim ? t('table.hand.label_playing', { count: cards.length }) : t('table.hand.label', { count: cards.length }));
    fill(hand, buttons);
    this.layoutHand(buttons);
    // roving focus: one card is reachable with Tab, the arrows move along the hand
    const playable = buttons.filter((b) => b.classList.contains('playable'));
    const target = buttons.find((b) => Number(b.dataset.card) === (focused ?? this.focusCard)) || playable[0] || buttons[0];
    if (target) target.tabIndex = 0;
    if (focused !== null && target) target.focus({ preventScroll: true });
    if (!target) hand.append(h('p', { class: 'empty-hand' }, v.phase === 'game_over' ? '' : t('table.hand.empty')));
  }

  layoutHand(buttons) {
    // overlap the cards so the hand fits the width; more than fits at a readable overlap goes on a second row
    const style = getComputedStyle(this.el.hand);
    const width = (this.el.hand.clientWidth || 360) - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 2;
    const count = buttons.length;
    if (!count) return;
    const cardWidth = buttons[0].getBoundingClientRect().width || 64;
    const minStep = Math.max(34, cardWidth * 0.5); // the visible strip of a card: its corner, and room for a finger
    const perRow = Math.max(1, Math.floor((width - cardWidth) / minStep) + 1);
    const rows = Math.ceil(count / perRow);
    const inRow = Math.ceil(count / rows);
    const step = Math.min(cardWidth + 6, (width - cardWidth) / Math.max(1, inRow - 1));
    this.el.hand.style.setProperty('--overlap', `${Math.min(6, step - cardWidth)}px`);
    this.el.hand.style.setProperty('--rows', String(rows));
    buttons.forEach((button, k) => {
      button.style.marginLeft = k % inRow === 0 ? '0px' : `${step - cardWidth}px`;
      button.classList.toggle('row-start', k % inRow === 0 && k > 0);
    });
  }

  renderHint(v) {
    const box = this.el.hintBox;
    if (!this.hint || this.hint.waiting || !this.myTurn(v)) { box.hidden = true; return; }
    box.hidden = false;
    const style = v.rules.rank_style;
    const text = (entry) => {
      const a = entry.action;
      if (a < TRUMP_BASE) return cardShort(a === 52 ? 52 : a === 53 ? 56 : a, style);
      if (a >= BID_BASE) return t('table.hint.bid', { bid: a - BID_BASE });
      if (a === PASS) return t('table.pass');
      if (a === NO_TRUMP) return t('table.no_trump');
      return SUITS[a - TRUMP_BASE].name;
    };
    // values: the mean score of the round (Wizard), or the chance that the team gains the hand's letter (Wily)
    const worth = (entry) => (v.game === 'wily' ? t('table.hint.chance', { percent: Math.round(entry.value * 100) })
      : t('table.hint.points', { points: `${entry.value >= 0 ? '+' : ''}${Math.round(entry.value)}` }));
    const [best, ...rest] = this.hint.values;
    const then = rest.slice(0, 2).map((entry) => `${text(entry)} (${worth(entry)})`).join(', ');
    fill(box, h('p', {}, h('b', {}, `${t('table.hint.title')} `),
      best ? t('table.hint.best', { choice: text(best), worth: worth(best) }) : t('table.hint.none'),
      rest.length ? t('table.hint.then', { choices: then }) : '', '.'));
  }

  // --- scores, chat, dialogs ----------------------------------------------------------------------------------

  renderScores(v) {
    const sheet = v.sheet || [];
    if (v.game === 'wizard') {
      const rounds = handSizes(v.rules).length;
      fill(this.el.chart, sheet.length ? wizardChart(sheet, this.names, rounds) : h('p', { class: 'muted' }, t('table.chart.rounds')));
      fill(this.el.sheet, scorekeeperLine(v, this.names), sheet.length ? wizardSheet(sheet, this.names, { style: v.rules.rank_style }) : null);
    } else {
      fill(this.el.chart, sheet.length ? wilyChart(sheet, v.teams, this.names, sheet.length + (v.phase === 'game_over' ? 0 : 1))
        : h('p', { class: 'muted' }, t('table.chart.hands')));
      fill(this.el.sheet, scorekeeperLine(v, this.names), sheet.length ? wilySheet(sheet, v.teams, this.names) : null);
    }
  }

  renderSummary(message) {
    const v = message.view;
    const over = v.phase === 'game_over';
    const el = this.el.summary;
    if (!over || this.summaryClosed) { el.hidden = true; return; }
    if (!el.hidden && el.dataset.seq === String(message.seq) && !this.rematchChanged) return;
    this.rematchChanged = false;
    el.hidden = false;
    el.dataset.seq = String(message.seq);
    const winners = (v.winners || []).map((seat) => this.nameOf(seat));
    const youWon = (v.winners || []).includes(this.seat);
    const title = youWon ? (winners.length > 1 ? t('table.over.you_share') : t('table.over.you_win'))
      : winners.length > 1 ? t('table.over.share', { names: winners.join(` ${t('table.and')} `) })
        : t('table.over.wins', { name: winners[0] || '' });
    const rows = ranking(v, this.names);
    const chart = v.game === 'wizard' ? wizardChart(v.sheet, this.names, v.sheet.length)
      : wilyChart(v.sheet, v.teams, this.names, v.sheet.length);
    const buttons = [];
    if (this.rematch) {
      buttons.push(h('a', { class: 'button primary', id: 'btn-join-rematch', href: this.rematchLink() },
        this.seat < 0 ? t('table.over.watch_rematch') : t('table.over.join_rematch')));
    } else if (this.seat >= 0) {
      buttons.push(h('button', { type: 'button', class: 'primary', id: 'btn-rematch', disabled: this.askedRematch,
        onclick: () => this.askRematch() }, this.askedRematch ? t('table.over.asking') : t('table.over.rematch')));
    }
    buttons.push(h('a', { class: 'button', href: `/replay/${encodeURIComponent(this.tableId)}` }, t('table.over.replay')));
    buttons.push(h('button', { type: 'button', onclick: () => {
      this.summaryClosed = true;
      el.hidden = true;
      this.renderStatus(v);
    } }, t('table.over.see_table')));
    buttons.push(h('a', { class: 'button', href: '/' }, t('table.lobby')));
    fill(el, h('div', { class: 'summary-card' },
      h('h2', { id: 'summary-title' }, t('table.over.title')),
      h('p', { class: 'winner-line' }, '\u2605 ', title),
      h('ol', { class: 'ranking' }, rows.map((row) => h('li', { class: row.winner ? 'winner' : '' },
        h('span', { class: 'rank-name' }, row.winner ? '\u2605 ' : '', row.label), h('span', { class: 'rank-value' }, row.value)))),
      h('div', { class: 'chart-wrap' }, chart),
      h('div', { class: 'row buttons' }, buttons)));
    announce(`${t('table.over.title')}. ${title}`);
  }

  showLastTrick() {
    if (!this.shown) return;
    const v = this.shown.view;
    const done = this.shown.last_trick;
    if (!done) return;
    const style = v.rules.rank_style;
    const cards = done.cards.map((card, k) => {
      const seat = (done.leader + k) % v.players;
      return h('figure', { class: `slot played${seat === done.winner ? ' winner' : ''}` },
        h('div', { class: 'trick-card', role: 'img', 'aria-label':
          t(k === 0 ? 'table.trick.card_led' : 'table.trick.card', { name: this.nameOf(seat), card: cardName(card, style) }) },
        cardSvg(card, style), seat === done.winner ? h('span', { class: 'win-star', 'aria-hidden': 'true' }, '\u2605') : null),
        h('figcaption', {}, h('span', { class: 'who' }, this.nameOf(seat)), k === 0 ? h('span', { class: 'led' }, t('table.trick.led')) : null));
    });
    this.openDialog(t('table.last_trick'), h('div', { class: 'trick' }, cards), h('p', {}, this.about(done.winner, 'table.trick.won_it')));
  }

  showHelp() {
    const keys = [
      ['\u2190 \u2192', 'arrows'], [t('table.keys.enter_key'), 'enter'], ['0 \u2013 9', 'digits'], ['P', 'pass'],
      ['C D H S, N', 'trump'], ['L', 'last'], ['V', 'sheet'], ['M', 'chat'], ['I', 'hint'], ['Esc', 'escape'], ['?', 'list'],
    ].map(([key, what]) => [key, t(`table.keys.${what}`, { suits: SUITS.map((suit) => suit.name).join(', ') })]);
    this.openDialog(t('table.keys.title'), h('dl', { class: 'keys' }, keys.map(([k, d]) => [h('dt', {}, h('kbd', {}, k)), h('dd', {}, d)])));
  }

  showRules() {
    this.el.menu.open = false;
    const v = this.shown && this.shown.view;
    openRulesHelp(v ? v.game : 'wizard', v ? v.rules : null);
  }

  openDialog(title, ...content) {
    const dialog = this.el.dialog;
    fill(dialog, h('h2', { id: 'dialog-title' }, title), ...content,
      h('form', { method: 'dialog' }, h('button', { type: 'submit', class: 'primary' }, t('table.close'))));
    if (!dialog.open) dialog.showModal();
  }

  togglePanel(which) {
    this.panel = this.panel === which ? null : which;
    this.el.side.dataset.open = this.panel || '';
    this.el.scoresButton.setAttribute('aria-expanded', String(this.panel === 'scores'));
    this.el.chatButton.setAttribute('aria-expanded', String(this.panel === 'chat'));
    if (this.panel === 'chat') {
      this.unread = 0;
      this.renderUnread();
      if (!this.el.chatForm.hidden) this.el.chatInput.focus();
    } else if (this.panel === 'scores') {
      this.el.scoresPanel.querySelector('h2').focus?.();
    }
  }

  onChat(message) {
    this.chat.push(message);
    if (this.chat.length > 200) this.chat.shift();
    const narrow = window.matchMedia('(max-width: 999px)').matches;
    if (message.seat !== this.seat && (narrow && this.panel !== 'chat')) this.unread += 1;
    this.renderChat();
    if (message.seat !== this.seat) announce(t('table.announce.says', { name: message.name, text: message.text }));
  }

  renderChat() {
    if (!this.el) return;
    fill(this.el.chatLog, this.chat.map((m) => {
      const time = new Date((m.time || 0) * 1000);
      return h('li', { class: m.seat === this.seat ? 'mine' : '' },
        h('time', { datetime: time.toISOString() }, time.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })),
        h('b', {}, ` ${m.name}: `), h('span', { class: 'chat-text' }, m.text));
    }));
    this.el.chatLog.scrollTop = this.el.chatLog.scrollHeight;
    this.renderUnread();
  }

  renderUnread() {
    this.el.unread.hidden = !this.unread;
    this.el.unread.textContent = String(this.unread);
    this.el.chatButton.setAttribute('aria-label', this.unread ? t('table.chat_unread', { count: this.unread }) : t('table.chat'));
  }

  sendChat() {
    const text = this.el.chatInput.value.trim();
    if (!text) return;
    const id = this.socket.send({ type: 'chat', text: text.slice(0, 300) });
    if (id) {
      this.chatSent = { id, text };
      this.el.chatInput.value = '';
    }
  }

  // --- decisions ----------------------------------------------------------------------------------------------

  act(action) {
    const v = this.shown && this.shown.view;
    if (!v || !this.myTurn(v) || this.pending || !v.legal_actions.includes(action)) return false;
    // seq: the decision this answers (the view on screen); the server refuses it as stale if the table moved on
    const id = this.socket.send({ type: 'action', action, seq: this.shown.seq });
    if (!id) {
      this.el.error.textContent = t('table.error.not_sent');
      return false;
    }
    this.pending = { id, action, seq: this.shown.seq, phase: v.phase };
    this.bidDigits = '';
    this.el.error.textContent = '';
    this.renderInteractive(v);
    return true;
  }

  clickCard(card) {
    const v = this.shown && this.shown.view;
    if (!v) return;
    this.focusCard = card;
    if (v.phase === 'pass_cards' && v.given.length < 3 && !this.passQueue.length && this.status === 'playing') {
      if (this.passSelection.has(card)) this.passSelection.delete(card);
      else if (this.passSelection.size < 3 - v.given.length) this.passSelection.add(card);
      this.renderInteractive(v);
      return;
    }
    if (v.phase !== 'play') return;
    const action = cardAction(card);
    const button = this.el.hand.querySelector(`.card[data-card="${card}"]`);
    // where the card was: its flight to the trick starts there once the server has taken it
    if (button) this.playedFrom = { card, from: centreOf(button), at: Date.now() };
    if (!this.myTurn(v)) {
      this.el.error.textContent = t('table.error.not_your_turn');
      return;
    }
    if (!v.legal_actions.includes(action)) {
      this.el.error.textContent = t('table.error.follow_suit', { card: cardName(card, v.rules.rank_style) });
      return;
    }
    this.act(action);
  }

  confirmPass() {
    const v = this.shown.view;
    if (this.passSelection.size !== 3 - v.given.length) return;
    // actions, not card ids: giving "a Wizard" may give another of this hand's Wizards than the one chosen
    this.passQueue = [...this.passSelection].map(cardAction);
    this.passSelection.clear();
    this.renderInteractive(v);
    this.driveQueuedDecisions(v);
  }

  driveQueuedDecisions(v) {
    // the three cards chosen for passing go one decision at a time, each once the seat is on turn
    if (v.phase !== 'pass_cards' || v.given.length >= 3) { this.passQueue = []; return; }
    if (this.passQueue.length && this.myTurn(v) && !this.pending) {
      if (this.act(this.passQueue[0])) this.passQueue.shift();
      else if (!v.legal_actions.includes(this.passQueue[0])) this.passQueue = []; // cannot happen; choose again
    }
  }

  askHint() {
    const v = this.shown && this.shown.view;
    if (!v || !this.myTurn(v) || !this.hints || this.hint) return;
    const id = this.socket.send({ type: 'hint' });
    if (id) {
      this.hint = { waiting: true, id, seq: this.shown.seq };
      this.renderControls(v);
    }
  }

  onHint(message) {
    if (!this.hint || !this.shown || message.seq !== this.shown.seq) return;
    this.hint = { waiting: false, values: message.values || [], best: message.best };
    this.renderInteractive(this.shown.view);
    if ((message.values || []).length) announce(this.el.hintBox.textContent);
  }

  askRematch() {
    if (this.askedRematch) return;
    if (this.socket.send({ type: 'rematch' })) {
      this.askedRematch = true;
      this.rematchChanged = true;
      if (this.shown) this.renderSummary(this.shown);
    }
  }

  rematchLink() {
    return `/play#${this.seat < 0 ? 'watch' : 'token'}=${encodeURIComponent(this.rematch.token)}`;
  }

  onRematch(message) {
    this.rematch = { table: message.table, token: message.token };
    if (this.seat >= 0) rememberSeat({ token: message.token, table: message.table, seat: this.seat, name: this.names[this.seat] });
    if (this.askedRematch) {
      location.href = this.rematchLink(); // a new fragment on this page: main.js loads it anew
      return;
    }
    this.rematchChanged = true;
    this.summaryClosed = false;
    if (this.shown) this.renderSummary(this.shown);
    announce('A rematch is ready.');
  }

  // --- the keyboard -------------------------------------------------------------------------------------------

  onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (event.key === 'Escape' && this.el.menu.open) {
      // the menu closes on Escape wherever the focus is inside it (its select too), and the focus goes back to ⋯
      this.el.menu.open = false;
      this.el.menu.querySelector('summary').focus();
      event.preventDefault();
      return;
    }
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) return;
    if (this.el.dialog.open) return;
    const v = this.shown && this.shown.view;
    if (!v) return;
    const key = event.key;
    const inHand = target && target.closest && target.closest('#hand');
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(key) && this.seat >= 0) {
      const cards = [...this.el.hand.querySelectorAll('.card')];
      if (!cards.length) return;
      let index = inHand ? cards.indexOf(target.closest('.card')) : -1;
      if (key === 'ArrowLeft') index = index <= 0 ? (inHand ? 0 : cards.length - 1) : index - 1;
      else if (key === 'ArrowRight') index = index < 0 ? 0 : Math.min(cards.length - 1, index + 1);
      else if (key === 'Home') index = 0;
      else index = cards.length - 1;
      cards.forEach((c) => { c.tabIndex = -1; });
      cards[index].tabIndex = 0;
      cards[index].focus();
      this.focusCard = Number(cards[index].dataset.card);
      event.preventDefault();
      return;
    }
    if (inHand && (key === 'Enter' || key === ' ')) {
      // the button's own click does this too; handled here so that Space does not scroll
      event.preventDefault();
      this.clickCard(Number(target.closest('.card').dataset.card));
      return;
    }
    if (target && target.tagName === 'BUTTON' && (key === 'Enter' || key === ' ')) return;
    const lower = key.toLowerCase();
    const choosingTrump = this.myTurn(v) && (v.phase === 'choose_trump' || v.phase === 'name_trump');
    if (choosingTrump && 'cdhsn'.includes(lower) && lower.length === 1) {
      const action = lower === 'n' ? NO_TRUMP : TRUMP_BASE + CARD_KEYS.indexOf(lower);
      this.act(action);
      event.preventDefault();
      return;
    }
    if (/^[0-9]$/.test(key) && this.myTurn(v) && (v.phase === 'bid' || v.phase === 'auction')) {
      this.typeBid(key, v);
      event.preventDefault();
      return;
    }
    if (key === 'Enter' && this.bidDigits) { this.commitBid(v); event.preventDefault(); return; }
    if (lower === 'p' && this.myTurn(v) && v.phase === 'auction') { this.act(PASS); event.preventDefault(); return; }
    if (lower === 'l') { this.showLastTrick(); event.preventDefault(); return; }
    if (lower === 'v') { this.openPanelOrFocus('scores'); event.preventDefault(); return; }
    if (lower === 'm') { this.openPanelOrFocus('chat'); event.preventDefault(); return; }
    if (lower === 'i') { this.askHint(); event.preventDefault(); return; }
    if (key === '?') { this.showHelp(); event.preventDefault(); }
  }

  openPanelOrFocus(which) {
    const narrow = window.matchMedia('(max-width: 999px)').matches;
    if (narrow) { this.togglePanel(which); return; }
    if (which === 'chat' && !this.el.chatForm.hidden) this.el.chatInput.focus();
    else this.el.scoresPanel.scrollIntoView({ block: 'nearest' });
  }

  typeBid(digit, v) {
    this.bidDigits = (this.bidDigits + digit).slice(-2);
    clearTimeout(this.bidTimer);
    const value = Number(this.bidDigits);
    // wait for a second digit only while one could still make a bid the hand allows
    const couldGrow = value > 0 && value * 10 <= v.hand_size;
    if (couldGrow && this.bidDigits.length < 2) {
      this.renderStatus(v);
      this.bidTimer = setTimeout(() => this.commitBid(v), 900);
    } else {
      this.commitBid(v);
    }
  }

  commitBid(v) {
    clearTimeout(this.bidTimer);
    const value = Number(this.bidDigits);
    this.bidDigits = '';
    const action = BID_BASE + value;
    if (!this.act(action)) {
      this.el.error.textContent = t('table.error.bid_refused', { bid: value });
      this.renderStatus(v);
    }
  }
}
