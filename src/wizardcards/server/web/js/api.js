// The server's HTTP endpoints (docs/server.md), and what this browser remembers of its own seats.

import { storageGet, storageSet } from './dom.js';

export class HttpError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

async function request(method, path, body) {
  const options = { method, headers: { Accept: 'application/json' } };
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
    throw new HttpError(response.status, detail || `${response.status} ${response.statusText}`);
  }
  return data;
}

let meta = null; // GET /meta's answer, asked once per page (it changes only with the server's version)

export const api = {
  meta: () => {
    meta = meta || request('GET', '/meta').catch((error) => { meta = null; throw error; });
    return meta;
  },
  tables: (status) => request('GET', status ? `/tables?status=${status}` : '/tables'),
  table: (id) => request('GET', `/tables/${encodeURIComponent(id)}`),
  create: (body) => request('POST', '/tables', body),
  join: (id, name) => request('POST', `/tables/${encodeURIComponent(id)}/join`, { name }),
  sheet: (id) => request('GET', `/tables/${encodeURIComponent(id)}/sheet`),
  replay: (id) => request('GET', `/tables/${encodeURIComponent(id)}/replay`),
};

// --- this browser's seats: the tokens it holds, so the lobby can offer "Resume" and a reload needs no name prompt ---

const SEATS_KEY = 'wizardcards.seats';
const NAME_KEY = 'wizardcards.name';

export function mySeats() {
  const seats = storageGet(SEATS_KEY, []);
  return Array.isArray(seats) ? seats : [];
}

export function rememberSeat(entry) {
  const seats = mySeats().filter((s) => s.token !== entry.token);
  seats.unshift({ ...entry, time: Date.now() });
  storageSet(SEATS_KEY, seats.slice(0, 40));
}

export function findSeat(token) {
  return mySeats().find((s) => s.token === token) || null;
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
