// The server's HTTP endpoints (docs/server.md), and what this browser remembers of its own seats.

import { storageGet, storageSet } from './dom.js';

export class HttpError extends Error {
  constructor(status, detail, retryAfter = null, data = null) {
    super(detail);
    this.status = status;
    this.retryAfter = retryAfter; // seconds, from a 429's Retry-After header
    this.data = data; // the answer's JSON body, if any (an account error's code is there)
  }
}

async function request(method, path, body, headers = {}) {
  const options = { method, headers: { Accept: 'application/json', ...headers } };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (_) { /* no body */ }
  if (!response.ok) {
    let detail = data && data.detail;
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg || JSON.stringify(d)).join('; ');
    const retry = Number(response.headers.get('Retry-After'));
    throw new HttpError(response.status, detail || `${response.status} ${response.statusText}`,
      Number.isFinite(retry) && retry > 0 ? retry : null, data);
  }
  return data;
}

let meta = null; // GET /meta's answer, asked once per page (it changes only with the server's version)

export const api = {
  meta: () => {
    meta = meta || request('GET', '/meta').catch((error) => { meta = null; throw error; });
    return meta;
  },
  /** GET /tables: {tables, total, limit, offset}, newest first; status, limit, offset and open (only waiting tables
   * with a free open seat) are optional. */
  tables: ({ status, limit, offset, open } = {}) => {
    const query = new URLSearchParams();
    if (status) query.set('status', status);
    if (open) query.set('open', 'true');
    if (limit !== undefined) query.set('limit', String(limit));
    if (offset) query.set('offset', String(offset));
    const text = query.toString();
    return request('GET', text ? `/tables?${text}` : '/tables');
  },
  /** One table; a private one only with a credential of it (a seat's token or its spectator token). */
  table: (id, token) => request('GET', `/tables/${encodeURIComponent(id)}`, undefined, bearer(token)),
  create: (body) => request('POST', '/tables', body),
  join: (id, name) => request('POST', `/tables/${encodeURIComponent(id)}/join`, { name }),
  /** The host (with the token of a seat it created the table with) frees a joined seat whose holder has not come. */
  freeSeat: (id, seat, token) => request('POST', `/tables/${encodeURIComponent(id)}/seats/${seat}/free`, undefined,
    { Authorization: `Bearer ${token}` }),
  /** Exchange an invite code (single use) for the seat's token: {table, seat, token, link}. */
  claimInvite: (invite, name) => request('POST', '/invites', name ? { invite, name } : { invite }),
  /** What an invite code is for, the code left unused: {table, seat, name, host} (the invite page). */
  previewInvite: (invite) => request('POST', '/invites/preview', { invite }),
  /** The host (with its seat's token) invites an account by name into an invite-only seat. */
  inviteAccount: (id, seat, name, token) => request('POST', `/tables/${encodeURIComponent(id)}/seats/${seat}/invite-account`,
    { name }, bearer(token)),
  /** The signed-in account's invitations ({invitations: [{id, table, seat, name, host, host_seat}], signed_in}; a
   * guest's list is empty). */
  invitations: () => request('GET', '/invitations'),
  acceptInvitation: (id) => request('POST', `/invitations/${encodeURIComponent(id)}/accept`),
  declineInvitation: (id) => request('POST', `/invitations/${encodeURIComponent(id)}/decline`),
  /** The table a seat's or spectator's token is for: {table} (its WebSocket is /tables/{table}/ws). */
  locate: (token) => request('POST', '/locate', { token }),
  /** A fresh token for the seat the signed-in account holds at the table (its other devices' way in). */
  mySeat: (id) => request('POST', `/tables/${encodeURIComponent(id)}/my-seat`),
  sheet: (id) => request('GET', `/tables/${encodeURIComponent(id)}/sheet`),
  replay: (id, token) => request('GET', `/tables/${encodeURIComponent(id)}/replay`, undefined, bearer(token)),
};

/** The account endpoints (docs/accounts.md). The session is an HttpOnly cookie the page never sees: the browser sends
 * it with every same-origin request, and the server checks the Origin of each that changes something. A passkey
 * ceremony is two calls: the options (with a ceremony id), then the credential the browser made with them. */
export const accounts = {
  /** The signed-in account ({name, kind, passkeys, sessions}), or null for a guest (401). */
  me: () => request('GET', '/account').catch((error) => {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }),
  signUpOptions: (name) => request('POST', '/accounts/options', { name }),
  signUp: (ceremony, credential, label) => request('POST', '/accounts', withLabel({ ceremony, credential }, label)),
  signInOptions: () => request('POST', '/session/options', {}),
  signIn: (ceremony, credential) => request('POST', '/session', { ceremony, credential }),
  passkeyOptions: () => request('POST', '/account/passkeys/options', {}),
  addPasskey: (ceremony, credential, label) => request('POST', '/account/passkeys', withLabel({ ceremony, credential }, label)),
  removePasskey: (id) => request('DELETE', `/account/passkeys/${encodeURIComponent(id)}`),
  signOut: () => request('POST', '/session/end', {}),
  signOutEverywhere: () => request('POST', '/account/sessions/end', {}),
  remove: () => request('DELETE', '/account'),
};

function withLabel(body, label) {
  return label ? { ...body, label } : body;
}

/** The header that shows a credential of a private table (none without a token). */
function bearer(token) {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The spectator token of a table's summary (its spectator link, /play#watch=...). */
export function spectatorToken(table) {
  const link = (table && table.spectator) || '';
  return link.startsWith('/play#watch=') ? decodeURIComponent(link.slice('/play#watch='.length)) : null;
}

/** The address of a finished game's replay: a private table's carries its spectator token in the fragment (which
 * the browser never sends to the server in the address; replay.js shows it in the Authorization header). */
export function replayLink(table, token = null) {
  const path = `/replay/${encodeURIComponent(table.id)}`;
  if (table.visibility !== 'private') return path;
  const watch = token || spectatorToken(table);
  return watch ? `${path}#watch=${encodeURIComponent(watch)}` : path;
}

// --- this browser's seats: the tokens it holds, so the lobby can offer "Resume" and a reload needs no name prompt ---

const SEATS_KEY = 'wizardcards.seats';
const NAME_KEY = 'wizardcards.name';

export function mySeats() {
  const seats = storageGet(SEATS_KEY, []);
  return Array.isArray(seats) ? seats : [];
}

export function rememberSeat(entry) {
  const before = mySeats().find((s) => s.token === entry.token);
  const seats = mySeats().filter((s) => s.token !== entry.token);
  // what an earlier entry knew and this one does not (the invite code it was claimed with) is kept
  seats.unshift({ ...before, ...Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined)), time: Date.now() });
  storageSet(SEATS_KEY, seats.slice(0, 40));
}

export function findSeat(token) {
  return mySeats().find((s) => s.token === token) || null;
}

/** The seat this browser took with an invite code (a code is used once: opening the invite link again finds it here). */
export function findInvite(invite) {
  return mySeats().find((s) => s.invite === invite) || null;
}

export function forgetSeat(token) {
  storageSet(SEATS_KEY, mySeats().filter((s) => s.token !== token));
}

export function savedName() {
  const name = storageGet(NAME_KEY, '');
  return typeof name === 'string' ? name : '';
}

export function saveName(name) {
  storageSet(NAME_KEY, name);
}
