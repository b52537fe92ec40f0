// The table: one seat's (or a spectator's) live game. This is its controller: it opens the socket, hands each frame
// to the model (table_model.js: the table's state, plain functions, no DOM), has the pace module show the views one
// by one (table_pace.js: flights, the finished trick, the hand's summary), draws every region from the state
// (table_page.js and the table_*.js views), and sends the decisions taken here. docs/browser.md, "The client's
// modules", says which module owns what. Every word is the player's language (i18n.js, the "table" catalog).

import { api, findInvite, findSeat, HttpError, rememberSeat, savedName, saveName } from './api.js';
import { cardAction, cardName, cardPlayActions } from './cards.js';
import { announce, h } from './dom.js';
import { t } from './i18n.js';
import { openRulesHelp } from './rules_help.js';
import { TableSocket } from './socket.js';
import { renderControls, renderHint } from './table_controls.js';
import { showInvite } from './invite_page.js';
import { askName, openDialog, renderWaiting, showHelp, showNotice } from './table_dialogs.js';
import { renderHand } from './table_hand.js';
import { onKey } from './table_keys.js';
import {
  applyChat, applyError, applyHint, applyRematch, applyTable, applyWelcome, myTurn, newTableState, receiveView, showView,
  stillToJuggle,
} from './table_model.js';
import { choiceOf } from './specials.js';
import { renderMoves } from './table_moves.js';
import { rematchLink, renderGameOver } from './table_over.js';
import { keepSummary, newMotion, notePlayedFrom, openHandSummary, pump, startFlights } from './table_pace.js';
import { buildPage, renderInfo, showConnection } from './table_page.js';
import { layout, renderSeats, renderTeams } from './table_ring.js';
import { narrowScreen, renderChat, renderScores, togglePanel } from './table_side.js';
import { lastTrickContent, renderTrick, renderTrump } from './table_trick.js';
import { renderStatus, renderTitle, tick, turnWhat } from './table_turn.js';

export function startTable(root, token, options = {}) {
  const screen = new TableScreen(root, token, options);
  screen.start();
  return screen;
}

class TableScreen {
  constructor(root, token, { watch = false, invite = null } = {}) {
    this.root = root;
    // an invite code (/play#invite=...) is exchanged for this seat's token once the name is known
    this.state = newTableState({ token, watch, invite });
    this.motion = newMotion();
    this.el = null;
    this.focusCard = null; // the card the arrows or a click last reached
  }

  start() {
    const { state } = this;
    if (state.invite) {
      // an invite link opened again in the browser that took it: the seat is this browser's already
      const taken = findInvite(state.invite);
      if (taken) {
        this.takeToken(taken.token);
        this.connect(null);
      } else {
        this.showInvite();
      }
      return;
    }
    if (!state.token) { showNotice(this.root, 'no_table'); return; }
    if (findSeat(state.token) || state.watch) this.connect(null);
    else this.askName();
  }

  askName() {
    askName(this.root, { invited: !!this.state.invite, submit: async (name) => {
      saveName(name);
      if (!this.state.invite) { this.connect(name); return; } // a seat's own link: the name goes with the hello
      try {
        await this.claimInvite(name);
      } catch (failure) {
        if (failure instanceof HttpError && failure.status === 404) { showNotice(this.root, 'used_invite'); return; }
        throw failure;
      }
      this.connect(null);
    } });
  }

  /** The invite page: what the code is for (POST /invites/preview), then the name, then the seat. A used code says
   * so; when the preview cannot be had for another reason, the plain name form is asked instead. */
  async showInvite() {
    let preview;
    try {
      preview = await api.previewInvite(this.state.invite);
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 404) { showNotice(this.root, 'used_invite'); return; }
      this.askName();
      return;
    }
    let meta = null;
    try { meta = await api.meta(); } catch (_) { /* the rules are said as options alone */ }
    showInvite(this.root, { preview, meta, savedName: savedName(), submit: async (name) => {
      if (name) saveName(name);
      try {
        await this.claimInvite(name || preview.name);
      } catch (failure) {
        if (failure instanceof HttpError && failure.status === 404) { showNotice(this.root, 'used_invite'); return; }
        throw failure;
      }
      this.connect(null);
    } });
  }

  /** POST /invites: the invite code becomes this seat's token, kept by this browser; the address becomes the seat's
   * own (/play#token=...), so that a reload or a bookmark finds the seat and the used code is not shown again. */
  async claimInvite(name) {
    const answer = await api.claimInvite(this.state.invite, name);
    rememberSeat({ token: answer.token, table: answer.table, seat: answer.seat, name, invite: this.state.invite });
    this.takeToken(answer.token, answer.link);
  }

  takeToken(token, link = null) {
    this.state.token = token;
    this.state.invite = null;
    history.replaceState(null, '', link && link.startsWith('/play#token=') ? link : `/play#token=${encodeURIComponent(token)}`);
  }

  connect(name) {
    this.build();
    this.socket = new TableSocket(this.state.token, {
      name,
      onMessage: (message) => this.onMessage(message),
      onStatus: (status, attempt) => showConnection(this, status, attempt),
    });
    this.socket.connect();
    this.ticker = setInterval(() => tick(this), 250);
  }

  build() {
    this.screenEl = buildPage(this, this.root);
    const { el } = this;
    document.addEventListener('keydown', (event) => onKey(this, event));
    // the menu closes on a click or tap anywhere outside it (Escape closes it too: onKey)
    document.addEventListener('pointerdown', (event) => {
      if (el.menu.open && !el.menu.contains(event.target)) el.menu.open = false;
    });
    window.addEventListener('resize', () => {
      if (!this.state.shown) return;
      renderHand(this, this.state.shown.view);
      layout(this);
      el.moveLog.scrollTop = el.moveLog.scrollHeight; // a log drawn while hidden (a phone's closed panel) shows its end
    });
    if (window.ResizeObserver) new ResizeObserver(() => layout(this)).observe(el.ring);
  }

  // --- frames -------------------------------------------------------------------------------------------------

  onMessage(message) {
    switch (message.type) {
      case 'welcome': return this.onWelcome(message);
      case 'view':
        receiveView(this.state, message, Date.now());
        return pump(this);
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
    const { state, el } = this;
    applyWelcome(state, message);
    renderChat(this);
    if (state.seat >= 0) {
      rememberSeat({ token: state.token, table: state.tableId, seat: state.seat, name: state.names[state.seat] });
    }
    this.screenEl.classList.toggle('spectator', state.seat < 0);
    el.chatForm.hidden = state.seat < 0;
    if (state.seat < 0 && !el.chatPanel.querySelector('.spectator-note')) {
      el.chatPanel.append(h('p', { class: 'spectator-note' }, t('table.spectator_chat')));
    }
  }

  onError(message) {
    const { state, el } = this;
    if (message.code === 'bad_token') { applyError(state, message); showNotice(this.root, 'bad_token'); return; }
    if (state.chatSent && message.reply_to === state.chatSent.id) {
      // a refused chat line (too many at once: "limited") is given back to be sent again
      if (!el.chatInput.value) el.chatInput.value = state.chatSent.text;
      state.chatSent = null;
    }
    applyError(state, message);
    let text = message.message;
    if (message.code === 'stale') {
      // the move answered a decision the table has passed (another tab or device of this seat, a late click): the
      // page asks for the table as it is now
      this.socket.send({ type: 'sync' });
      text = t('table.error.stale');
    } else if (message.code === 'unavailable') {
      text = t('table.error.unavailable', { reason: message.message }); // nothing changed: the move can be made again
    }
    el.error.textContent = text;
    clearTimeout(this.errorTimer);
    this.errorTimer = setTimeout(() => { el.error.textContent = ''; }, 6000);
    if (state.shown) this.renderInteractive(state.shown.view);
  }

  onTable(message) {
    applyTable(this.state, message);
    const { shown } = this.state;
    if (shown) {
      renderSeats(this, shown.view);
      renderWaiting(this, shown);
      renderMoves(this);
      layout(this);
    }
  }

  onChat(message) {
    const { state } = this;
    const unread = message.seat !== state.seat && narrowScreen() && state.panel !== 'chat';
    applyChat(state, message, { unread });
    renderChat(this);
    if (message.seat !== state.seat) announce(t('table.announce.says', { name: message.name, text: message.text }));
  }

  onHint(message) {
    if (!applyHint(this.state, message)) return;
    this.renderInteractive(this.state.shown.view);
    if ((message.values || []).length) announce(this.el.hintBox.textContent);
  }

  onRematch(message) {
    const { state } = this;
    applyRematch(state, message);
    if (state.seat >= 0) rememberSeat({ token: message.token, table: message.table, seat: state.seat, name: state.names[state.seat] });
    if (state.askedRematch) {
      location.href = rematchLink(state); // a new fragment on this page: main.js loads it anew
      return;
    }
    if (state.shown) renderGameOver(this, state.shown, true);
    announce('A rematch is ready.');
  }

  // --- drawing ------------------------------------------------------------------------------------------------

  nameOf(seat) {
    const { state } = this;
    if (seat === state.seat) return t('table.you');
    return state.names[seat] || t('table.seat_n', { number: seat + 1 });
  }

  /** "Ann is bidding…" / "You are bidding…": a sentence about a seat, with the verb agreeing (two keys). */
  about(seat, key, params = {}) {
    return seat === this.state.seat ? t(`${key}.you`, params) : t(`${key}.other`, { name: this.nameOf(seat), ...params });
  }

  /** Draw the view frame ``message`` (``trickOverride``: a completed trick to show in the middle). */
  render(message, trickOverride) {
    const { state } = this;
    const previous = state.shown;
    const resend = showView(state, message);
    // the same id and the decision it answered: the server answers an accepted one with its ack again
    if (resend && !this.socket.send({ type: 'action', id: resend.id, action: resend.action, seq: resend.seq })) state.pending = null;
    const v = message.view;
    this.screenEl.dataset.seq = String(message.seq);
    this.screenEl.dataset.phase = v.phase;
    this.screenEl.dataset.status = message.status;
    renderInfo(this, v);
    renderTeams(this, v);
    renderSeats(this, v);
    renderTrump(this, v);
    renderWaiting(this, message);
    this.renderInteractive(v);
    renderScores(this, v);
    renderMoves(this);
    renderGameOver(this, message);
    renderTrick(this, v, trickOverride);
    layout(this);
    startFlights(this); // after the layout: from where their players sit to where the cards lie
    this.el.lastButton.disabled = !message.last_trick;
    if (previous && previous.view.current_player !== v.current_player && v.current_player === state.seat
      && message.status === 'playing') {
      announce(t('table.announce.your_turn', { what: turnWhat(v) }));
    }
    tick(this);
    this.driveQueuedDecisions(v);
  }

  /** What changes with a decision of this page: the "my turn" mark, the title, the turn line, controls, hand, hint. */
  renderInteractive(v) {
    // "yes" while this page may decide (tests and styles read it): on turn, nothing in flight, nothing animating
    this.screenEl.dataset.myTurn = myTurn(this.state, v) && !this.state.pending ? 'yes' : 'no';
    renderTitle(this, v);
    renderStatus(this, v);
    renderControls(this, v);
    renderHand(this, v);
    renderHint(this, v);
  }

  togglePanel(which) { togglePanel(this, which); }

  showHelp() { showHelp(this); }

  showLastTrick() {
    const content = lastTrickContent(this);
    if (content) openDialog(this, t('table.last_trick'), ...content);
  }

  showRules() {
    this.el.menu.open = false;
    const v = this.state.shown && this.state.shown.view;
    openRulesHelp(v ? v.game : 'wizard', v ? v.rules : null);
  }

  closeSummary() {
    this.state.summaryClosed = true;
    this.el.summary.hidden = true;
    renderStatus(this, this.state.shown.view);
  }

  reopenSummary() {
    this.state.summaryClosed = false;
    renderGameOver(this, this.state.shown, true);
    renderStatus(this, this.state.shown.view);
  }

  /** A hand's summary again, from its line of the score sheet: until closed (on a phone the panel gives way). */
  reopenHandSummary(index) {
    const v = this.state.shown && this.state.shown.view;
    if (!v || !(v.sheet || [])[index]) return;
    if (this.state.panel) togglePanel(this, null);
    openHandSummary(this, v, index, null, { again: true });
  }

  /** The setting changed in a summary: the ⋯ menu's box says the same. */
  syncKeepSummary() { this.el.keepSummary.checked = keepSummary(); }

  // --- decisions ----------------------------------------------------------------------------------------------

  act(action) {
    const { state, el } = this;
    const v = state.shown && state.shown.view;
    if (!v || !myTurn(state, v) || state.pending || !v.legal_actions.includes(action)) return false;
    // seq: the decision this answers (the view on screen); the server refuses it as stale if the table moved on
    const id = this.socket.send({ type: 'action', action, seq: state.shown.seq });
    if (!id) {
      el.error.textContent = t('table.error.not_sent');
      return false;
    }
    state.pending = { id, action, seq: state.shown.seq, phase: v.phase };
    state.bidDigits = '';
    el.error.textContent = '';
    this.renderInteractive(v);
    return true;
  }

  clickCard(card) {
    const { state, el } = this;
    const v = state.shown && state.shown.view;
    if (!v) return;
    this.focusCard = card;
    if (v.phase === 'pass_cards' && v.given.length < 3 && !state.passQueue.length && state.status === 'playing') {
      if (state.passSelection.has(card)) state.passSelection.delete(card);
      else if (state.passSelection.size < 3 - v.given.length) state.passSelection.add(card);
      this.renderInteractive(v);
      return;
    }
    if (stillToJuggle(v, state.seat) && !state.passQueue.length && state.status === 'playing') {
      // the Juggler's pass: one card, chosen here and given with the button (a click on another takes its place)
      const again = state.passSelection.has(card);
      state.passSelection.clear();
      if (!again) state.passSelection.add(card);
      this.renderInteractive(v);
      return;
    }
    if (v.phase !== 'play') return;
    const plays = cardPlayActions(card);
    const legalPlays = plays.filter((a) => v.legal_actions.includes(a));
    const action = legalPlays.length ? legalPlays[0] : plays[0];
    const button = el.hand.querySelector(`.card[data-card="${card}"]`);
    // where the card was: its flight to the trick starts there once the server has taken it
    if (button) notePlayedFrom(this, card, button);
    if (!myTurn(state, v)) {
      el.error.textContent = t('table.error.not_your_turn');
      return;
    }
    if (!v.legal_actions.includes(action)) {
      el.error.textContent = t('table.error.follow_suit', { card: cardName(card, v.rules.rank_style) });
      return;
    }
    if (choiceOf(card) && legalPlays.length > 1) {
      // the Juggler and the Cloud name a suit, the Shapeshifter its part: asked above the hand (table_controls.js)
      state.choice = state.choice && state.choice.card === card ? null : { card };
      this.renderInteractive(v);
      const first = el.controls.querySelector('.special-choice button:not([disabled])');
      if (first) first.focus({ preventScroll: true });
      return;
    }
    this.act(action);
  }

  /** The special card's choice was made (or cancelled: ``action`` null). */
  choose(action) {
    const { state } = this;
    const v = state.shown && state.shown.view;
    state.choice = null;
    if (v && action !== null && this.act(action)) return;
    if (v) this.renderInteractive(v);
  }

  /** The card chosen for the Juggler's pass goes. */
  confirmJuggle() {
    const { state } = this;
    const v = state.shown.view;
    const [card] = [...state.passSelection];
    if (card === undefined || !stillToJuggle(v, state.seat)) return;
    if (this.act(cardAction(card))) state.passSelection.clear();
  }

  confirmPass() {
    const { state } = this;
    const v = state.shown.view;
    if (state.passSelection.size !== 3 - v.given.length) return;
    // actions, not card ids: giving "a Wizard" may give another of this hand's Wizards than the one chosen
    state.passQueue = [...state.passSelection].map(cardAction);
    state.passSelection.clear();
    this.renderInteractive(v);
    this.driveQueuedDecisions(v);
  }

  driveQueuedDecisions(v) {
    // the three cards chosen for passing go one decision at a time, each once the seat is on turn
    const { state } = this;
    if (v.phase !== 'pass_cards' || v.given.length >= 3) { state.passQueue = []; return; }
    if (state.passQueue.length && myTurn(state, v) && !state.pending) {
      if (this.act(state.passQueue[0])) state.passQueue.shift();
      else if (!v.legal_actions.includes(state.passQueue[0])) state.passQueue = []; // cannot happen; choose again
    }
  }

  askHint() {
    const { state } = this;
    const v = state.shown && state.shown.view;
    if (!v || !myTurn(state, v) || !state.hints || state.hint) return;
    const id = this.socket.send({ type: 'hint' });
    if (id) {
      state.hint = { waiting: true, id, seq: state.shown.seq };
      renderControls(this, v);
    }
  }

  askRematch() {
    const { state } = this;
    if (state.askedRematch) return;
    if (this.socket.send({ type: 'rematch' })) {
      state.askedRematch = true;
      if (state.shown) renderGameOver(this, state.shown, true);
    }
  }

  sendChat() {
    const input = this.el.chatInput;
    const text = input.value.trim();
    if (!text) return;
    const id = this.socket.send({ type: 'chat', text: text.slice(0, 300) });
    if (id) {
      this.state.chatSent = { id, text };
      input.value = '';
    }
  }
}
