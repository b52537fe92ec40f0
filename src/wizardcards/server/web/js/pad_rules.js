// The score pad's reader of the core's rule tables (GET /pad/rules: wizardcards.core.pad_rules.pad_catalog). It holds
// no rule of its own: every hand size, point, forbidden bid, team and letter is looked up in the catalog, and what is
// not a lookup is one word of the catalog's small vocabulary ("when", "winners", "contract", "dealer", ...), each
// read here in one place. A word this file does not know is an error, never a guess. No DOM: the browser tests run
// these functions against the core (tests/browser/test_pad_rules.py).

function unknown(what, word) {
  throw new Error(`the rule tables say ${what} "${word}", which this pad cannot read: reload it`);
}

/** The tables of the deck these rules play with, for their player count: the 60 cards', or with special cards
 * those of the deck they make (its schedules, custom hand sizes, hands dealt whole). */
function wizardPlayers(cat, rules) {
  const table = cat.wizard.players[String(rules.players)];
  if (!table) throw new Error(`Wizard has no tables for ${rules.players} players`);
  const special = rules.special_cards || [];
  if (!special.length) return table;
  const deck = table.decks[String(cat.wizard.base_deck + special.length)];
  if (!deck) throw new Error(`Wizard has no tables for ${special.length} special cards`);
  return deck;
}

/** The hand size of every round of a Wizard game with these rules (RuleSet.to_dict form). */
export function handSizes(cat, rules) {
  const schedule = rules.schedule || 'standard';
  if (schedule === 'custom') return (rules.custom_hand_sizes || []).slice();
  return wizardPlayers(cat, rules).schedules[schedule].slice();
}

/** [least, most] cards a hand of a custom schedule may hold for this many players (and special cards). */
export function customRange(cat, players, specialCards = []) {
  return wizardPlayers(cat, { players, special_cards: specialCards }).custom_hand_sizes;
}

// --- the special cards (RULES.md "Special cards"; the catalog's wizard.special_cards) -------------------------

/** The special cards' option names, in the core's order, and the presets (name: cards). */
export function specialNames(cat) { return cat.wizard.special_cards.names.slice(); }
export function specialPresets(cat) { return cat.wizard.special_cards.presets; }

/** The cards in the core's order (RuleSet keeps them so: equal rule sets compare equal). */
export function orderedSpecials(cat, cards) {
  const names = specialNames(cat);
  return (cards || []).slice().sort((a, b) => names.indexOf(a) - names.indexOf(b));
}

/** How many tricks of a round these rules let go to nobody (the Bomb's), 0 without the Bomb. */
export function mostBombed(cat, rules) {
  const bomb = cat.wizard.special_cards.scoring.bomb;
  return (rules.special_cards || []).includes('bomb') ? bomb.tricks_to_nobody : 0;
}

/** The Cloud's table when these rules have the Cloud, else null. */
function cloud(cat, rules) {
  if (!(rules.special_cards || []).includes('cloud')) return null;
  const table = cat.wizard.special_cards.scoring.cloud;
  if (table.changer !== 'won_a_trick') unknown('changer', table.changer);
  return table;
}

export function hasCloud(cat, rules) { return cloud(cat, rules) !== null; }

/** The changes (+1, -1) the Cloud allows a bid in a hand of this size ([] without the Cloud). */
export function cloudChanges(cat, rules, handSize, bid) {
  const table = cloud(cat, rules);
  return table ? table.changes[String(handSize)][bid].slice() : [];
}

/** The Cloud's change of a round's bids checked: null, or a message key and its values. ``tricks`` null: before
 * the tricks are known (the changer must have won the Cloud's trick: a trick at least). */
export function bidChangesProblem(cat, rules, handSize, bids, changes, tricks = null) {
  if (!changes || changes.every((change) => change === 0)) return null;
  const table = cloud(cat, rules);
  if (!table) return { key: 'err_no_cloud' };
  const changed = changes.map((change, seat) => (change ? seat : -1)).filter((seat) => seat >= 0);
  if (changed.length > table.changes_per_round) return { key: 'err_cloud_one', count: changed.length };
  for (const seat of changed) {
    const allowed = table.changes[String(handSize)][bids[seat]];
    if (!allowed.includes(changes[seat])) {
      return { key: allowed.length === 1 && allowed[0] > 0 ? 'err_cloud_rise' : 'err_cloud_fall', seat, bid: bids[seat] };
    }
    if (tricks && tricks[seat] === 0) return { key: 'err_cloud_trick', seat };
  }
  return null;
}

/** Whether these Wizard options can be played together; a message key and its values when not. */
export function wizardOptionsProblem(cat, rules) {
  if (rules.hidden_bids && cat.wizard.open_bids_needed_by.includes(rules.bid_rule || 'none')) {
    return { key: 'err_hidden_with_rule', rule: rules.bid_rule };
  }
  const special = rules.special_cards || [];
  if (special.some((card) => !specialNames(cat).includes(card)) || new Set(special).size !== special.length) {
    return { key: 'err_not_a_pad' };
  }
  for (const group of cat.wizard.special_cards.together) {
    const held = group.filter((card) => special.includes(card));
    if (held.length && held.length !== group.length) return { key: 'err_special_together' };
  }
  if ((rules.schedule || 'standard') === 'custom') {
    const sizes = rules.custom_hand_sizes || [];
    const [least, most] = customRange(cat, rules.players, special);
    if (!sizes.length) return { key: 'err_custom_empty' };
    const wrong = sizes.find((size) => !Number.isInteger(size) || size < least || size > most);
    if (wrong !== undefined) return { key: 'err_custom_range', size: wrong, least, most };
  }
  return null;
}

/** A rule set as RuleSet.to_dict writes it: game and players, then only the options off their defaults, in the
 * core's order; with what the catalog implies (Double Down's last hand without trump). */
export function canonicalRules(cat, rules) {
  const full = { ...rules };
  if (full.game !== 'wily' && cat.wizard.last_hand_no_trump[full.schedule || 'standard']) full.last_hand_no_trump = true;
  if (full.special_cards) full.special_cards = orderedSpecials(cat, full.special_cards);
  const out = { game: full.game || 'wizard', players: full.players };
  for (const [name, fallback] of Object.entries(cat.defaults)) {
    if (!(name in full)) continue;
    if (JSON.stringify(full[name]) !== JSON.stringify(fallback)) out[name] = full[name];
  }
  return out;
}

/** Round ``index`` (0-based): its number, hand size, dealer, whether it is the last, and why it has no trump
 * ("all_dealt", "last_hand") or null when a card is turned up for trump. */
export function roundInfo(cat, rules, firstDealer, index) {
  const sizes = handSizes(cat, rules);
  const handSize = sizes[index];
  const last = index === sizes.length - 1;
  let noTrump = null;
  if (wizardPlayers(cat, rules).all_dealt.includes(handSize)) noTrump = 'all_dealt';
  else if (last && cat.wizard.last_hand_no_trump[rules.schedule || 'standard']) noTrump = 'last_hand';
  const dealer = (firstDealer + index * cat.wizard.dealer_step) % rules.players;
  return { index, number: index + 1, handSize, dealer, last, noTrump, rounds: sizes.length };
}

/** [least, most] of a bid, and of one player's tricks, in a hand of this size. */
export function bidRange(cat, handSize) { return cat.wizard.bid_range[String(handSize)]; }
export function tricksRange(cat, handSize) { return cat.wizard.tricks_range[String(handSize)]; }

/** What the tricks of a round must add up to: the hand size, less the tricks won by nobody (the Bomb's). */
export function tricksTotal(cat, handSize, bombed = 0) {
  if (cat.wizard.tricks_sum !== 'hand_size') return unknown('tricks_sum', cat.wizard.tricks_sum);
  if (!bombed) return handSize;
  const word = cat.wizard.special_cards.scoring.bomb.tricks_sum;
  if (word !== 'hand_size_less_nobodys') return unknown('tricks_sum', word);
  return handSize - bombed;
}

/** A round's points for one player. */
export function roundPoints(cat, bid, tricks) {
  return cat.wizard.scores[bid][tricks];
}

/** Whether ``seat`` leads the score alone (the "dealer_leads_alone" word): higher than every other total. */
function leadsAlone(totals, seat) {
  return totals.every((total, other) => other === seat || totals[seat] > total);
}

/** The bid the dealer may not make under ``bidRule`` given the other players' bids and the totals before the
 * round, or null when every bid is allowed. */
export function forbiddenBid(cat, bidRule, handSize, otherBids, totalsBefore, dealer) {
  const rule = cat.wizard.bid_rules[bidRule || 'none'];
  if (rule === undefined) return unknown('bid rule', bidRule);
  if (rule === null) return null;
  if (rule.when === 'dealer_leads_alone') {
    if (!leadsAlone(totalsBefore, dealer)) return null;
  } else if (rule.when !== 'always') {
    return unknown('when', rule.when);
  }
  const sum = otherBids.reduce((a, b) => a + b, 0);
  const row = rule.forbidden[String(handSize)];
  return sum < row.length ? row[sum] : null;
}

/** The seats that win with these final totals. */
export function wizardWinners(cat, totals) {
  if (cat.wizard.winners !== 'highest_total') return unknown('winners', cat.wizard.winners);
  const best = Math.max(...totals);
  return totals.map((total, seat) => (total === best ? seat : -1)).filter((seat) => seat >= 0);
}

// --- Wily Wizards -------------------------------------------------------------------------------------------

/** The setup of a Wily Wizards game (mode and players), or null when the catalog has none (not playable). */
export function wilySetup(cat, rules) {
  const mode = cat.wily.setups[rules.mode || 'partners'];
  return (mode && mode[String(rules.players)]) || null;
}

/** The player counts each Wily mode is played by. */
export function wilyPlayerCounts(cat, mode) {
  return Object.keys(cat.wily.setups[mode] || {}).map(Number);
}

export function wilyDealer(cat, firstDealer, players, index) {
  return (firstDealer + index * cat.wily.dealer_step) % players;
}

/** The seats of the high bidder's team other than the bidder. */
export function teammates(setup, bidder) {
  return setup.teams.map((team, seat) => (team === setup.teams[bidder] && seat !== bidder ? seat : -1))
    .filter((seat) => seat >= 0);
}

/** What the high bidder's team must make: the high bid, or (Partners' Bids Combined) the team's highest calls. */
export function contract(cat, rules, setup, hand) {
  const word = cat.wily.contract[String(Boolean(rules.combined_bids))];
  if (word === 'high_bid') return hand.bid;
  if (word === 'team_calls_sum') {
    return hand.bid + teammates(setup, hand.high_bidder).reduce((sum, seat) => sum + (hand.calls ? hand.calls[seat] : 0), 0);
  }
  return unknown('contract', word);
}

/** A hand's entry checked against the setup: null, or a message key and its values. */
export function wilyHandProblem(cat, rules, setup, hand) {
  if (hand.high_bidder === null) return null; // thrown in
  const [least, most] = setup.bid_range;
  if (!Number.isInteger(hand.bid) || hand.bid < least || hand.bid > most) return { key: 'err_wily_bid', least, most };
  if (rules.combined_bids) {
    const allowed = setup.teammate_calls[String(hand.bid)];
    for (const seat of teammates(setup, hand.high_bidder)) {
      if (!hand.calls || !allowed.includes(hand.calls[seat])) {
        return { key: 'err_teammate_call', seat, most: allowed[allowed.length - 1] };
      }
    }
  }
  if (hand.tricks !== null && hand.tricks !== undefined) {
    const [low, high] = setup.tricks_range;
    if (!Number.isInteger(hand.tricks) || hand.tricks < low || hand.tricks > high) {
      return { key: 'err_wily_tricks', least: low, most: high };
    }
  }
  return null;
}

/** The teams that gain a letter by a played hand (none for a thrown-in hand). */
export function lettersAwarded(cat, rules, setup, hand) {
  if (hand.high_bidder === null) {
    if (cat.wily.thrown_in !== 'next_dealer') unknown('thrown_in', cat.wily.thrown_in);
    return [];
  }
  const made = setup.made[contract(cat, rules, setup, hand)][hand.tricks];
  return setup.award[setup.teams[hand.high_bidder]][made ? 'made' : 'missed'];
}

/** The teams that have won with these letter counts (empty while the game goes on). */
export function wilyWinners(cat, letters) {
  if (cat.wily.winners !== 'teams_complete') return unknown('winners', cat.wily.winners);
  return letters.map((count, team) => (count >= cat.wily.letters_to_win ? team : -1)).filter((team) => team >= 0);
}

export function word(cat) { return cat.wily.word; }

// --- the first dealer's draw ---------------------------------------------------------------------------------

/** The kinds of card a player may draw, with their strength: the Jester, the ranks by their labels, the Wizard. */
export function drawKinds(cat, rankStyle) {
  const strength = cat.draw.strength;
  return [
    { kind: 'jester', label: null, strength: strength.jester },
    ...strength.ranks[rankStyle || cat.rank_styles[0]].map(([label, value]) => ({ kind: 'rank', label, strength: value })),
    { kind: 'wizard', label: null, strength: strength.wizard },
  ];
}

/** The outcome of the draws so far: ``draws`` is a list of rounds of drawing, each an array of a strength per seat
 * (null: not drawing). Returns {dealer, scorekeeper} once decided, else {redraw: the seats to draw again}. */
export function drawOutcome(cat, draws) {
  if (cat.draw.dealer !== 'highest_draws_again') unknown('dealer', cat.draw.dealer);
  if (cat.draw.scorekeeper !== 'lowest_of_first_draw') unknown('scorekeeper', cat.draw.scorekeeper);
  const last = draws[draws.length - 1];
  const drawing = last.map((value, seat) => (value === null ? -1 : seat)).filter((seat) => seat >= 0);
  const best = Math.max(...drawing.map((seat) => last[seat]));
  const top = drawing.filter((seat) => last[seat] === best);
  if (top.length > 1) return { redraw: top };
  const dealer = top[0];
  const first = draws[0];
  const players = first.length;
  let scorekeeper = -1;
  for (let k = 1; k <= players; k += 1) {
    const seat = (dealer + k) % players;
    if (scorekeeper < 0 || first[seat] < first[scorekeeper]) scorekeeper = seat;
  }
  return { dealer, scorekeeper };
}
