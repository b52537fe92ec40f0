// The score pad's words in English and German (web/i18n/en.json, de.json: plain catalogs of message keys). The
// browser's language picks the catalog unless the person chose one (remembered on the device). A message is a text
// with {name} places filled from its values; a key missing in a catalog falls back to English, then to the key.

import { storageGet, storageSet } from './dom.js';

export const LANGUAGES = { en: 'English', de: 'Deutsch' };
const CHOICE = 'wizardcards.pad.lang';
const catalogs = {};
let current = 'en';

export function preferredLanguage() {
  const chosen = storageGet(CHOICE, null);
  if (chosen && LANGUAGES[chosen]) return chosen;
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
  if (remember) storageSet(CHOICE, lang);
  document.documentElement.lang = lang;
}

export function language() { return current; }

export function t(key, values = {}) {
  const text = (catalogs[current] && catalogs[current][key]) ?? (catalogs.en && catalogs.en[key]) ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
