// Words for rule sets, for people. The rule sets themselves come from the server (GET /meta, the view's "rules").

export const GAME_NAMES = { wizard: 'Wizard', wily: 'Wily Wizards' };

/** The hand size of each round of a Wizard game, for "Round 3 of 8" (display only; the deal is the server's). */
export function handSizes(rules) {
  const n = rules.players || 4;
  const most = Math.floor(60 / n);
  const up = Array.from({ length: most }, (_, i) => i + 1);
  switch (rules.schedule || 'standard') {
    case 'double-down': return [...up, ...[...up].reverse()];
    case 'quick': return up.filter((size) => size % 2 === 1);
    case 'custom': return rules.custom_hand_sizes || [];
    default: return up;
  }
}

/** "Hidden bids, Rounds: quick" from the non-default options of a rule set, labelled as /meta labels them. */
export function describeRules(rules, meta) {
  const labels = {};
  for (const option of (meta && meta.options) || []) labels[option.name] = option.label;
  const parts = [];
  for (const [name, value] of Object.entries(rules || {})) {
    if (name === 'game' || name === 'players' || name === 'custom_hand_sizes') continue;
    if (name === 'schedule' && value === 'custom') {
      const sizes = rules.custom_hand_sizes || [];
      parts.push(`Rounds of ${sizes.join(', ')} card${sizes.length === 1 && sizes[0] === 1 ? '' : 's'}`);
      continue;
    }
    const label = labels[name] || name.replace(/_/g, ' ');
    if (value === true) parts.push(label);
    else if (value === false || value === null) parts.push(`${label}: no`);
    else parts.push(`${label}: ${Array.isArray(value) ? value.join(' ') : value}`);
  }
  return parts.join(', ');
}

/** Team names for Wily Wizards: "Team A", "Team B" ... (a team of one is its player's name). */
export function teamName(team, teams, names) {
  const members = teams.map((t, seat) => (t === team ? seat : -1)).filter((seat) => seat >= 0);
  if (members.length === 1) return names[members[0]] || `Seat ${members[0] + 1}`;
  return `Team ${'ABCDEFG'[team]}`;
}

export function teamMembers(team, teams) {
  return teams.map((t, seat) => (t === team ? seat : -1)).filter((seat) => seat >= 0);
}

export const WORD = 'WIZARD';
