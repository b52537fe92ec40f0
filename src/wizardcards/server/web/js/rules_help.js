// The rules page: how Wizard and Wily Wizards are played, and every rule option a table can switch, in the player's
// language, as a dialog over the screen that opened it (the server serves the page at three addresses only, so the
// rules are part of the single page). Written from docs/rules.md; the texts are the "rules" catalog
// (i18n/rules.<lang>.json, loaded the first time the page opens).
//
//   openRulesHelp(game, rulesOptions)
//     game          'wizard' or 'wily': the game shown first (the page has a switch to the other one)
//     rulesOptions  the table's rule set as the server writes it (a view's "rules", a preset's "rules" with the
//                   form's changes: only the options that differ from the defaults need be there), or null
//   The page begins with "This table": each option of the game with the value the table plays, the ones that differ
//   from the standard game marked; each option is then explained with all its choices, the table's one marked.
//   The options themselves (names, choices, defaults, which game) come from GET /meta: the core owns them.
//
// The lobby opens it from the "Rules" button beside the rule choice; the table's menu can call
// openRulesHelp(view.rules.game, view.rules). Escape, the close button or a click outside closes it; the focus goes
// back to where it was.

import { api } from './api.js';
import { cardSvg, localRankLabel } from './cards.js';
import { fill, h } from './dom.js';
import { hasText, loadCatalogs, t } from './i18n.js';
import { choiceWords, GAME_NAMES, optionLabel, specialCardWords } from './rules.js';
import { DRAGON, SPECIAL_NAMES, specialBoxes } from './specials.js';

// the sections of each game's rules, in reading order (help.<game>.<section>.title / .text in the catalog)
const SECTIONS = {
  wizard: ['aim', 'cards', 'rounds', 'dealer', 'trump', 'bidding', 'play', 'winner', 'scoring', 'specials'],
  wily: ['aim', 'cards', 'teams', 'auction', 'trump', 'passing', 'play', 'letters'],
};

let meta = null;
let dialog = null;

async function ready() {
  await loadCatalogs(['rules']);
  if (!meta) meta = await api.meta();
  return meta;
}

/** A catalog text as paragraphs; lines starting "- " become a list. */
function prose(text) {
  const blocks = [];
  for (const block of String(text).split(/\n\n+/)) {
    const lines = block.split('\n');
    if (lines.every((line) => line.startsWith('- '))) blocks.push(h('ul', {}, lines.map((line) => h('li', {}, line.slice(2)))));
    else blocks.push(h('p', {}, block));
  }
  return blocks;
}

function valueOf(option, rules) {
  return rules && option.name in rules ? rules[option.name] : option.default;
}

function same(a, b) {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** How a value of an option reads: "yes", "no", a choice's words, "drawn by cards", "Seat 2", "1 3 5". */
function valueWords(option, value) {
  if (option.kind === 'bool') return value ? t('help.yes') : t('help.no');
  if (option.kind === 'choice') {
    if (option.name === 'rank_style') return (meta.rank_labels[value] || [value]).map(localRankLabel).join(' ');
    return choiceWords(option.name, value);
  }
  if (option.kind === 'int_list') return Array.isArray(value) && value.length ? value.join(' ') : t('help.none');
  if (option.kind === 'names') return Array.isArray(value) && value.length ? specialCardWords(value) : t('help.none');
  if (option.name === 'first_dealer') return value === null || value === undefined ? t('lobby.first_dealer_drawn') : t('rules.seat', { number: value + 1 });
  return value === null || value === undefined ? t('help.none') : String(value);
}

// an option that means nothing with the table's other choices is left out of "This table" (the hand sizes of custom
// rounds without the custom schedule, where to pass without partners when there are partners, partners' bids without)
function applies(option, rules) {
  const mode = valueOf({ name: 'mode', default: 'partners' }, rules);
  if (option.name === 'custom_hand_sizes') return valueOf({ name: 'schedule', default: 'standard' }, rules) === 'custom';
  if (option.name === 'passing') return mode === 'no_partners';
  if (option.name === 'combined_bids') return mode !== 'no_partners';
  return true;
}

function optionsOf(game) {
  return meta.options.filter((option) => !option.games || option.games.includes(game));
}

function tableSection(game, rules) {
  const rows = optionsOf(game)
    .filter((option) => applies(option, rules))
    .map((option) => {
      const value = valueOf(option, rules);
      const changed = !same(value, option.default);
      return h('li', { class: changed ? 'changed' : '', dataset: { option: option.name } },
        h('span', { class: 'help-option' }, optionLabel(option)), ': ',
        h('strong', {}, valueWords(option, value)),
        changed ? h('span', { class: 'tag' }, t('help.not_standard')) : null);
    });
  return h('section', { class: 'help-table', id: 'help-this-table', 'aria-labelledby': 'help-this-table-title' },
    h('h3', { id: 'help-this-table-title' }, rules.players
      ? t('help.this_table_players', { count: rules.players }) : t('help.this_table')),
    h('ul', { class: 'help-values' }, rows));
}

function optionSection(game, rules) {
  return h('section', { class: 'help-options', 'aria-labelledby': 'help-options-title' },
    h('h3', { id: 'help-options-title' }, t('help.options')),
    h('p', {}, t('help.options_intro')),
    optionsOf(game).map((option) => {
      const value = rules ? valueOf(option, rules) : undefined;
      const about = `help.option.${option.name}`;
      const choices = option.kind === 'choice' ? option.choices : option.kind === 'bool' ? [true, false] : [];
      return h('div', { class: 'help-option-block', dataset: { option: option.name } },
        h('h4', {}, optionLabel(option)),
        hasText(about) ? prose(t(about)) : null,
        option.kind === 'choice' ? h('ul', { class: 'help-choices' }, choices.map((choice) => {
          const chosen = rules && same(choice, value);
          const detail = `help.option.${option.name}.${choice}`;
          return h('li', { class: chosen ? 'chosen' : '', dataset: { choice: String(choice) } },
            h('strong', {}, valueWords(option, choice)),
            same(choice, option.default) ? ` (${t('help.standard')})` : '',
            hasText(detail) ? ` \u2014 ${t(detail)}` : '',
            chosen ? h('span', { class: 'tag' }, t('help.at_this_table')) : null);
        })) : null,
        option.kind === 'names' ? specialCardList(option, value) : null);
    }));
}

/** The special cards, each with what it does (help.card.<name>), the ones at this table marked. */
function specialCardList(option, value) {
  const chosen = new Set(Array.isArray(value) ? value : []);
  return h('ul', { class: 'help-choices help-cards' }, specialBoxes(option).flatMap((box) => box.names).map((name) =>
    h('li', { class: chosen.has(name) ? 'chosen' : '', dataset: { card: name } },
      h('span', { class: 'mini-face', 'aria-hidden': 'true' }, cardSvg(DRAGON + SPECIAL_NAMES.indexOf(name), '2..A')),
      h('strong', {}, t(`card.${name}`)), ` \u2014 ${t(`help.card.${name}`)}`,
      chosen.has(name) ? h('span', { class: 'tag' }, t('help.at_this_table')) : null)));
}

function render(body, title, game, rules) {
  title.textContent = t('help.title', { game: GAME_NAMES[game] || game });
  fill(body,
    h('p', { class: 'help-intro' }, t(`help.${game}.intro`)),
    rules ? tableSection(game, rules) : null,
    SECTIONS[game].map((section) => h('section', { class: 'help-section', dataset: { section } },
      h('h3', {}, t(`help.${game}.${section}.title`)), prose(t(`help.${game}.${section}.text`)))),
    optionSection(game, rules));
  body.scrollTop = 0;
}

/** Open the rules page of ``game`` showing the options of ``rulesOptions`` (see the top of this file). */
export async function openRulesHelp(game, rulesOptions = null) {
  const opener = document.activeElement;
  try {
    await ready();
  } catch (error) {
    window.alert(t('help.unavailable', { error: error.message }));   // eslint-disable-line no-alert
    return null;
  }
  if (dialog) dialog.remove();
  const title = h('h2', { id: 'rules-help-title' });
  const body = h('div', { class: 'rules-help-body', id: 'rules-help-body', tabindex: '-1' });
  // the other game's rules are one click away; a table's own options belong to its own game only
  const switcher = h('div', { class: 'segments help-games', role: 'group', 'aria-label': t('help.which_game') },
    Object.keys(SECTIONS).map((other) => h('button', { type: 'button', class: 'small', dataset: { game: other },
      'aria-pressed': String(other === game), onclick: () => {
        for (const button of switcher.querySelectorAll('button')) button.setAttribute('aria-pressed', String(button.dataset.game === other));
        render(body, title, other, rulesOptions && (rulesOptions.game || game) === other ? rulesOptions : null);
      } }, GAME_NAMES[other])));
  const close = h('button', { type: 'button', class: 'small help-close', id: 'rules-help-close', onclick: () => dialog.close() }, t('help.close'));
  dialog = h('dialog', { class: 'rules-help', id: 'rules-help', 'aria-labelledby': 'rules-help-title' },
    h('header', { class: 'rules-help-head' }, title, close, switcher), body);
  // a click on the backdrop (outside the dialog's box) closes it
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    dialog = null;
    if (opener && opener.isConnected) opener.focus();
  });
  document.body.append(dialog);
  render(body, title, game, rulesOptions);
  dialog.showModal();
  close.focus();
  return dialog;
}
