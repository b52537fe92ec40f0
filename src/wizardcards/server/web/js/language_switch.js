// The language switch: a small labelled select of the client's languages, each named in its own language
// ("English", "Deutsch"), that saves the choice on this device and shows the page in it (i18n.js setLanguage).
//
// Use: `import { languageSwitch } from './language_switch.js'; container.append(languageSwitch());` — the lobby puts
// one in its header; the table's menu can place one the same way (each call makes a new element with its own ids, so
// two on one page do not clash). languageSwitch({ compact: true }) hides the visible label (the select keeps its
// accessible name) for a narrow menu.

import { h } from './dom.js';
import { language, LANGUAGES, setLanguage, t } from './i18n.js';

let made = 0;

export function languageSwitch({ compact = false } = {}) {
  made += 1;
  const id = `language-${made}`;
  const current = language();
  const select = h('select', { id, class: 'language-select', dataset: { role: 'language' },
    onchange: () => setLanguage(select.value) },
  Object.entries(LANGUAGES).map(([code, name]) => h('option', { value: code, lang: code, selected: code === current }, name)));
  // the label names the control in both languages' words when the page is in one of them: someone who cannot read
  // the page's language still finds the switch ("Sprache" beside "Language")
  const word = t('language.label');
  const label = h('label', { for: id, class: compact ? 'visually-hidden' : 'language-label' },
    current === 'en' ? word : `${word} / Language`);
  return h('span', { class: 'language-switch' }, label, select);
}
