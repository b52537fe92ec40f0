// The WebSocket to the server (docs/server.md, "The protocol"): hello with the token, automatic reconnect with
// back-off, a keep-alive that notices a silently dead connection, and one status callback that drives the banner.
//
// The socket's address carries the table's id (/tables/{id}/ws), so that a proxy in front of several server workers
// sends it to the worker holding the table (docs/server.md, "Several workers"): the id is asked once (POST /locate)
// and then known from the welcome; when it cannot be asked, /ws reaches the table from any worker.
//
// Status values: 'connecting' (first attempt), 'open', 'lost' (was open or failed; retrying), 'back' (open again after
// a loss), 'fatal' (the token is refused: retrying cannot help).

import { api } from './api.js';
import { randomId } from './dom.js';

// the close code of a connection whose account session ended (signed out here, everywhere, or deleted: docs/accounts.md)
const SIGNED_OUT = 4001;

const QUIET_LIMIT_MS = 30000; // no frame for this long: ask for a sync
const SYNC_ANSWER_MS = 10000; // and if that is not answered either, the connection is dead

export class TableSocket {
  constructor(token, { name = null, onMessage, onStatus }) {
    this.token = token;
    this.name = name; // sent with the first hello only (renames the seat while the table waits)
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.tableId = null;
    this.ws = null;
    this.everOpen = false;
    this.lost = false;
    this.stopped = false;
    this.attempt = 0;
    this.retryTimer = null;
    this.lastFrame = Date.now();
    this.watchdog = setInterval(() => this.checkAlive(), 5000);
    window.addEventListener('online', () => this.reconnectNow());
    window.addEventListener('offline', () => { if (this.ws) this.ws.close(); });
    document.addEventListener('visibilitychange', () => {
      // a phone that slept may hold a dead socket: check at once when the page is seen again
      if (document.visibilityState === 'visible') this.checkAlive(true);
    });
  }

  url() {
    const path = this.tableId ? `/tables/${encodeURIComponent(this.tableId)}/ws` : '/ws';
    return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
  }

  async connect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.onStatus(this.everOpen ? 'lost' : 'connecting', this.attempt);
    if (!this.tableId && !this.located) {
      this.located = true; // asked once: a token it does not know is refused by the hello below, as before
      try { this.tableId = (await api.locate(this.token)).table; } catch (_) { /* /ws then */ }
      if (this.stopped) return;
    }
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (_) {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.lastFrame = Date.now();
      const hello = { type: 'hello', id: randomId('h'), token: this.token };
      if (this.name) hello.name = this.name;
      this.name = null;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => {
      this.lastFrame = Date.now();
      this.syncAsked = 0;
      let message;
      try { message = JSON.parse(event.data); } catch (_) { return; }
      if (message.type === 'welcome') {
        this.tableId = message.table;
        this.attempt = 0;
        // back after the server closed a signed-out session's connection: the seat's token opened it again
        this.onStatus(this.lost ? (this.signedOut ? 'signed_out' : 'back') : 'open', 0);
        this.everOpen = true;
        this.lost = false;
        this.signedOut = false;
      }
      if (message.type === 'error' && message.code === 'bad_token') {
        this.stop();
        this.onStatus('fatal', 0);
      }
      this.onMessage(message);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      this.lost = true;
      if (event && event.code === SIGNED_OUT) this.signedOut = true;
      this.scheduleRetry();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  scheduleRetry() {
    this.attempt += 1;
    this.onStatus(this.everOpen ? 'lost' : 'connecting', this.attempt);
    const delay = Math.min(8000, 400 * 2 ** Math.min(this.attempt - 1, 5)) * (0.75 + Math.random() / 2);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  reconnectNow() {
    if (this.stopped || (this.ws && this.ws.readyState <= 1)) return;
    this.attempt = 0;
    this.connect();
  }

  checkAlive(now = false) {
    if (this.stopped || !this.ws || this.ws.readyState !== 1) return;
    const quiet = Date.now() - this.lastFrame;
    if (this.syncAsked && Date.now() - this.syncAsked > SYNC_ANSWER_MS) {
      this.syncAsked = 0;
      this.ws.close(); // dead: onclose reconnects
    } else if (!this.syncAsked && (now || quiet > QUIET_LIMIT_MS)) {
      this.syncAsked = Date.now();
      this.send({ type: 'sync' });
    }
  }

  get isOpen() {
    return !!this.ws && this.ws.readyState === 1;
  }

  /** Send a message (an id is added unless given); returns its id, or null when the connection is down. */
  send(message) {
    const full = { id: randomId(message.type[0]), ...message };
    if (!this.isOpen) return null;
    this.ws.send(JSON.stringify(full));
    return full.id;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.watchdog);
    if (this.ws) this.ws.close();
  }
}
