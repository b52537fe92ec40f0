// Words for rule sets, for people. The rule sets themselves come from the server (GET /meta, the view's "rules").
// Every word is the player's language (i18n.js): game names, option labels and choices, team names.

import { hasText, t } from './i18n.js';

/** GAME_NAMES.wizard, GAME_NAMES.wily: the games' names (read from the catalog when asked). */
export const GAME_NAMES = {
  get wizard() { return t('game.wizard'); },
  get wily() { return t('game.wily'); },
};

/** The hand size of each round of a Wizard game, for "Round 3 of 8" (display only; the deal is the server's). */
// Amigo's tournament schedule per player count (core/rules.py TOURNAMENT_HAND_SIZES)
const TOURNAMENT = { 3: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20], 4: [1, 3, 5, 7, 9, 11, 12, 13, 14, 15],
  5: [2, 4, 5, 6, 7, 8, 9, 10, 11, 12], 6: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] };

export function handSizes(rules) {
  const n = rules.players || 4;
  // the deck: 60 cards and the special cards chosen (RULES.md "Special cards": deck / players rounds)
  const deck = 60 + (Array.isArray(rules.special_cards) ? rules.special_cards.length : 0);
  const most = Math.floor(deck / n);
  const up = Array.from({ length: most }, (_, i) => i + 1);
  switch (rules.schedule || 'standard') {
    case 'tournament': return TOURNAMENT[n] || up;
    case 'double-down': return [...up, ...[...up].reverse()];
    case 'quick': return up.filter((size) => size % 2 === 1);
    case 'custom': return rules.custom_hand_sizes || [];
    default: return up;
  }
}

/** An option's label ("Hidden bids" / "Verdeckte Gebote"); /meta's English label when the catalog has none. */
export function optionLabel(option) {
  const key = `option.${option.name}`;
  return hasText(key) ? t(key) : option.label || option.name.replace(/_/g, ' ');
}

/** The words for one value of a choice option (option.bid_rule.hook: "Hook: ..."); the value itself when none. */
export function choiceWords(name, value) {
  const key = `option.${name}.${value}`;
  return hasText(key) ? t(key) : String(value);
}

/** "Dragon, Fairy, Bomb" / "Drache, Fee, Bombe": the special cards of a rule set (its special_cards). */
export function specialCardWords(names) {
  return (names || []).map((name) => t(`card.${name}`)).join(', ');
}

/** A preset's name and description for people (preset.<name>, preset.<name>.about; /meta's as the fallback). */
export function presetName(preset) {
  return hasText(`preset.${preset.name}`) ? t(`preset.${preset.name}`) : preset.name;
}
export function presetAbout(preset) {
  return hasText(`preset.${preset.name}.about`) ? t(`preset.${preset.name}.about`) : preset.description || '';
}

/** "Hidden bids, Rounds: quick" from the non-default options of a rule set. */
export function describeRules(rules, meta) {
  const options = Object.fromEntries(((meta && meta.options) || []).map((option) => [option.name, option]));
  const parts = [];
  for (const [name, value] of Object.entries(rules || {})) {
    if (name === 'game' || name === 'players' || name === 'custom_hand_sizes') continue;
    if (name === 'schedule' && value === 'custom') {
      const sizes = rules.custom_hand_sizes || [];
      parts.push(t('rules.custom_rounds', { sizes: sizes.join(', '), count: sizes.length === 1 ? sizes[0] : sizes.length }));
      continue;
    }
    const label = optionLabel(options[name] || { name });
    if (value === true) parts.push(label);
    else if (value === false || value === null) parts.push(t('rules.option_off', { label }));
    else if (name === 'first_dealer') parts.push(t('rules.option_value', { label, value: t('rules.seat', { number: value + 1 }) }));
    else if (name === 'special_cards') parts.push(t('rules.option_value', { label, value: specialCardWords(value) }));
    else parts.push(t('rules.option_value', { label, value: Array.isArray(value) ? value.join(' ') : choiceWords(name, value) }));
  }
  return parts.join(', ');
}

/** The preset a table's rule set is nearest to (GET /meta's presets of its game: the fewest options apart, the game's
 * own preset first), and the options it changes from it, with their values: what the invite page says of the rules.
 * Rule sets are written with only their options that differ from the defaults (RuleSet.to_dict), so an option named
 * by one side only differs. */
export function presetOf(rules, meta) {
  const defaults = Object.fromEntries(((meta && meta.options) || []).map((option) => [option.name, option.default]));
  const game = (rules && rules.game) || 'wizard';
  const first = meta && meta.games && meta.games[game] ? meta.games[game].default_preset : null;
  const presets = ((meta && meta.presets) || []).filter((p) => p.game === game)
    .sort((a, b) => (b.name === first) - (a.name === first));
  let best = null;
  for (const preset of presets) {
    const changed = {};
    const base = preset.rules || {};
    for (const name of new Set([...Object.keys(rules || {}), ...Object.keys(base)])) {
      if (name === 'game' || name === 'players') continue;
      const value = name in rules ? rules[name] : defaults[name];
      if (JSON.stringify(value) !== JSON.stringify(name in base ? base[name] : defaults[name])) changed[name] = value;
    }
    if (!best || Object.keys(changed).length < Object.keys(best.changed).length) best = { preset, changed };
  }
  return best || { preset: null, changed: {} };
}

/** Team names for Wily Wizards: "Team A", "Team B" ... (a team of one is its player's name). */
export function teamName(team, teams, names) {
  const members = teams.map((tm, seat) => (tm === team ? seat : -1)).filter((seat) => seat >= 0);
  if (members.length === 1) return names[members[0]] || t('rules.seat', { number: members[0] + 1 });
  return t('rules.team', { letter: 'ABCDEFG'[team] });
}

export function teamMembers(team, teams) {
  return teams.map((tm, seat) => (tm === team ? seat : -1)).filter((seat) => seat >= 0);
}

// the word whose letters a Wily team collects: the game's own word in every language (its six letters are the rule)
export const WORD = 'WIZARD';
