// The client's words under Node: i18n.js as the page uses it, with the few browser globals it reads (the language
// choice in localStorage, navigator, <html lang>) and its catalogs read from web/i18n/ instead of fetched.
// Import once per test file (each file is its own process under node --test), with the language of that file.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { WEB } from './frames.mjs';

export async function useLanguage(lang) {
  const stored = { 'wizardcards.lang': lang };
  globalThis.localStorage = { getItem: (key) => stored[key] ?? null, setItem: (key, value) => { stored[key] = value; } };
  Object.defineProperty(globalThis, 'navigator', { value: { languages: [lang], language: lang }, configurable: true });
  globalThis.document = { documentElement: {} };
  globalThis.fetch = async (url) => {
    const file = join(WEB, 'i18n', String(url).split('/').at(-1));
    return { ok: true, status: 200, json: async () => JSON.parse(readFileSync(file, 'utf8')) };
  };
  const i18n = await import('../../src/wizardcards/server/web/js/i18n.js');
  await i18n.loadCatalogs(['app', 'table']);
  return i18n;
}

/** What ctrl.nameOf and ctrl.about are at Ann's page (seat 0), for logText. */
export function annsWords(t, state, style = 'classic') {
  const nameOf = (seat) => (seat === state.seat ? t('table.you') : state.names[seat]);
  const about = (seat, key, params = {}) => (seat === state.seat ? t(`${key}.you`, params)
    : t(`${key}.other`, { name: nameOf(seat), ...params }));
  const v = state.shown ? state.shown.view : { teams: [] };
  return { seat: state.seat, nameOf, about, style, teams: v.teams, names: state.names };
}
