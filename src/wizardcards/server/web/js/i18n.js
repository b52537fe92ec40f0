// The browser client's words (the lobby, the table, the replay, the score sheet, the rules help) in English and German.
//
// Catalogs are flat JSON files under /static/i18n/: <name>.<lang>.json, e.g. app.de.json, table.en.json, mapping a
// message key ("lobby.new_table") to its text. A text may hold {name} places filled from t()'s params; an entry that
// is an object of plural forms ({"one": "{count} card", "other": "{count} cards"}) is chosen by params.count with
// the language's plural rules. A key missing in the current language falls back to English, then to the key itself,
// so a forgotten string shows up as its key rather than as nothing.
//
//   import { t, language, setLanguage, loadCatalogs } from './i18n.js';
//   await loadCatalogs(['app', 'table']);   // main.js does this before any screen starts, so t() is synchronous
//   t('lobby.joined', { name: 'Anna' });
//   t('table.cards', { count: 3 });
//
// The language is the person's saved choice (this device's localStorage), else the browser's (German when
// navigator.languages puts a German tag first among the languages we have), else English. The score pad (pad_i18n.js)
// keeps catalogs of its own, because it must work offline with the files its service worker caches, and reads and
// writes the same choice.

export const LANGUAGES = { en: 'English', de: 'Deutsch' };
const FALLBACK = 'en';
const CHOICE = 'wizardcards.lang';

const catalogs = { en: {}, de: {} };   // language -> merged entries of every loaded catalog
const loaded = new Set();             // "<name>.<lang>" already fetched
let pluralRules = null;

function savedChoice() {
  try {
    let raw = localStorage.getItem(CHOICE);
    if (raw && raw.startsWith('"')) raw = JSON.parse(raw);   // written by dom.js storageSet
    return raw && LANGUAGES[raw] ? raw : null;
  } catch (_) {
    return null;   // storage refused (private mode, sandboxed frame)
  }
}

function browserLanguage() {
  const tags = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language || FALLBACK];
  for (const tag of tags) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES[base]) return base;
  }
  return FALLBACK;
}

/** 'en' or 'de': the saved choice, else the browser's language, else English. */
export function language() {
  return savedChoice() || browserLanguage();
}

/** Save the person's choice on this device and show the page in it (by loading the page anew: every screen reads its
 * words when it draws, and a reload keeps the address, so a table's token in the fragment stays). */
export function setLanguage(lang) {
  if (!LANGUAGES[lang]) throw new Error(`no language ${lang}`);
  try { localStorage.setItem(CHOICE, lang); } catch (_) { /* not remembered; still shown below */ }
  if (lang === currentShown) return;
  location.reload();
}

let currentShown = null;   // the language the loaded catalogs were chosen for

async function fetchCatalog(name, lang) {
  const id = `${name}.${lang}`;
  if (loaded.has(id)) return;
  const response = await fetch(`/static/i18n/${id}.json`);
  if (!response.ok) throw new Error(`no catalog ${id} (HTTP ${response.status})`);
  Object.assign(catalogs[lang], await response.json());
  loaded.add(id);
}

/** Fetch the named catalogs for the current language and for English (the fallback); sets <html lang>. A catalog
 * that cannot be fetched leaves its keys to the fallback (a missing German file shows English, not an empty page). */
export async function loadCatalogs(names) {
  // the page keeps the language it started in (a choice made meanwhile in another tab shows at its next load)
  const lang = currentShown || language();
  currentShown = lang;
  pluralRules = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  const wanted = [];
  for (const name of names) {
    wanted.push(fetchCatalog(name, FALLBACK));
    if (lang !== FALLBACK) wanted.push(fetchCatalog(name, lang));
  }
  const results = await Promise.allSettled(wanted);
  for (const result of results) {
    if (result.status === 'rejected') console.warn(String(result.reason));   // eslint-disable-line no-console
  }
}

function lookup(key) {
  const lang = currentShown || language();
  if (lang in catalogs && key in catalogs[lang]) return catalogs[lang][key];
  if (key in catalogs[FALLBACK]) return catalogs[FALLBACK][key];
  return undefined;
}

function choosePlural(forms, count) {
  if (typeof count !== 'number') return forms.other ?? Object.values(forms)[0];
  if (!pluralRules) pluralRules = new Intl.PluralRules(currentShown || language());
  // an exact form ("=0": "no cards") wins over the language's category
  return forms[`=${count}`] ?? forms[pluralRules.select(count)] ?? forms.other ?? Object.values(forms)[0];
}

/** The text of ``key`` in the current language, with {name} places filled from ``params``. */
export function t(key, params = {}) {
  let text = lookup(key);
  if (text === undefined) return key;
  if (text !== null && typeof text === 'object') text = choosePlural(text, params.count);
  return String(text).replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** True when ``key`` has a text in the current language or in English (for optional words, e.g. an option's help). */
export function hasText(key) {
  return lookup(key) !== undefined;
}
