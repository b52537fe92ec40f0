// The score pad's words in English and German (web/i18n/en.json, de.json: plain catalogs of message keys, its own so
// that it works offline with the files its service worker caches). The person's choice is the one the lobby and the
// tables make too (i18n.js: one choice for the whole site, remembered on the device), else the browser's language. A
// message is a text with {name} places filled from its values; a key missing in a catalog falls back to English, then
// to the key.

export const LANGUAGES = { en: 'English', de: 'Deutsch' };
const CHOICE = 'wizardcards.lang'; // i18n.js's: the plain language code
const EARLIER_CHOICE = 'wizardcards.pad.lang'; // where the pad kept its own choice before (JSON)
const catalogs = {};
let current = 'en';

function savedChoice() {
  try {
    for (const key of [CHOICE, EARLIER_CHOICE]) {
      const raw = localStorage.getItem(key);
      const lang = raw && raw.startsWith('"') ? JSON.parse(raw) : raw;
      if (lang && LANGUAGES[lang]) return lang;
    }
  } catch (_) { /* storage refused: the browser's language */ }
  return null;
}

export function preferredLanguage() {
  const chosen = savedChoice();
  if (chosen) return chosen;
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES[base]) return base;
  }
  return 'en';
}

async function fetchCatalog(lang) {
  if (!catalogs[lang]) {
    const response = await fetch(`/static/i18n/${lang}.json`);
    if (!response.ok) throw new Error(`no catalog ${lang}`);
    catalogs[lang] = await response.json();
  }
  return catalogs[lang];
}

/** Load the catalogs of ``lang`` (and English, the fallback) and make it the language of t(). */
export async function useLanguage(lang, remember = false) {
  await fetchCatalog('en');
  await fetchCatalog(lang);
  current = lang;
  if (remember) {
    try { localStorage.setItem(CHOICE, lang); } catch (_) { /* private mode: not remembered */ }
  }
  document.documentElement.lang = lang;
}

export function language() { return current; }

export function t(key, values = {}) {
  const text = (catalogs[current] && catalogs[current][key]) ?? (catalogs.en && catalogs.en[key]) ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
