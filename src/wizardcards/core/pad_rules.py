"""The rules a score pad needs, as JSON-ready tables: what a page keeping the score of a game played with real cards
reads instead of holding a copy of the rules (the browser's score pad, web/js/pad_rules.js, interprets them).

``pad_catalog()`` returns one object (format ``PAD_RULES_FORMAT``) for every rule set a pad can keep, so a page can
cache it once and set up any game offline. Every number and list in it is computed here from the core's own
functions (``RuleSet``, ``wizard.round_score``, ``wizard.dealer_forbidden_bid``, ``wily.teams_of``,
``wily.legal_calls``, ``wily.letters_awarded``, ``deal.scorekeeper_of``), never written out by hand. What a reader
must do beyond looking things up is named by a word of a small, closed vocabulary, documented with the key:

``wizard``
    ``players``: per player count ("3".."6"): ``schedules`` (standard, double-down, quick, tournament: the hand
    size of each round), ``custom_hand_sizes`` ([least, most]: the hand sizes a custom schedule may use),
    ``all_dealt`` (hand sizes that deal the whole deck: no card is left to turn up, the hand is played without
    trump), all for the 60 cards; ``decks``: the same three per deck size ("60".."67": ``base_deck``, 60, and
    one more for each special card chosen).
    ``last_hand_no_trump``: per schedule, whether its last hand is played without trump (Double Down).
    ``dealer_step``: the dealer of round r (0-based) is ``(first_dealer + r * dealer_step) % players``.
    ``bid_range``/``tricks_range``: per hand size ("1".."20"), the least and most a player may bid or take;
    ``tricks_sum``: the tricks of a round add up to exactly the hand size (``"hand_size"``).
    ``scores``: ``scores[bid][tricks]`` is the round's points, for 0..20 each.
    ``bid_rules``: per bid rule (none, hook, canadian) ``null`` (no check) or ``{"when", "forbidden"}``:
    ``forbidden[hand size][sum of the other players' bids]`` is the bid the dealer may not make (``null``: any; a
    sum past the end of the list: any); ``when`` is ``"always"`` or ``"dealer_leads_alone"`` (the dealer's total
    before the round is higher than every other player's).
    ``open_bids_needed_by``: the bid rules that cannot be played with hidden bids.
    ``winners``: ``"highest_total"`` (every player with the highest total after the last round).
    ``special_cards`` (RULES.md "Special cards"): ``names`` (the option names, in the core's order),
    ``together`` (cards a rule set names all or none of), ``presets`` (name: its cards), and ``scoring``: what the
    cards that change the score sheet ask of a pad, per card name (a card not named there changes only the deck).
    ``bomb``: ``tricks_to_nobody`` (at most so many tricks of a round are won by nobody: with them the tricks add
    up to ``"hand_size_less_nobodys"``, the hand size less the tricks won by nobody). ``cloud``: ``changes_per_round``
    (at most so many players change their bid in a round), ``changes[hand size][bid]`` (the changes that bid may
    take: +1, -1), ``changer``: ``"won_a_trick"`` (the player who changed their bid won the Cloud's trick, so took a
    trick at least); points are ``scores[bid + change][tricks]``.
``wily``
    ``setups``: per mode, per player count: ``hand_size``, ``teams`` (each seat's team), ``receivers`` (whom each
    seat passes to, per passing option; ``null``: nobody passes; ``"not_allowed"``), ``combined_bids`` allowed,
    ``bid_range`` (a high bid: [least, most]), ``tricks_range`` (the bidder team's tricks),
    ``made[contract][team tricks]`` (whether the bidder's team made it), ``award[bidder team]``
    (``{"made": teams, "missed": teams}``: who gains a letter), ``teammate_calls[high bid]`` (the highest calls a
    teammate of the high bidder may have made, for Partners' Bids Combined).
    ``contract``: per ``combined_bids`` ("false", "true"): ``"high_bid"``, or ``"team_calls_sum"`` (the sum of the
    team's highest calls, the high bid among them).
    ``dealer_step``: the dealer moves on so many seats after every hand, a thrown-in one too; ``word``: the letters
    in order; ``letters_to_win``; ``thrown_in``: a hand every player passed changes no letters and the next dealer
    deals (``"next_dealer"``); ``winners``: ``"teams_complete"`` (every team holding all the letters after the same
    hand).
``defaults``
    Each rule option's default (``RuleSet.to_dict`` leaves an option at its default out; so does the page).
``draw``
    The first dealer and the scorekeeper by drawing cards (RULES.md, "Dealer"): ``strength`` of each kind of card
    (``jester``, the ranks by the labels of each rank style, ``wizard``); ``dealer``: ``"highest_draws_again"``
    (the highest deals; players tied for it draw again); ``scorekeeper``: ``"lowest_of_first_draw"`` (ties: the
    first of them clockwise from the dealer's left).
"""

from __future__ import annotations

from typing import Any

from .cards import BOMB, CLOUD, FIRST_JESTER, FIRST_WIZARD, RANKS, SPECIAL_CARD_NAMES, RankStyle, rank_faces
from .deal import _draw_strength
from .rules import (
    SPECIAL_PRESETS,
    WILY_PLAYERS,
    WIZARD_PLAYERS,
    BidRule,
    Game,
    ImpossibleRulesError,
    Passing,
    RuleSet,
    Schedule,
    WilyMode,
)
from .special_wizard import cloud_changes
from .wily import LETTERS_TO_WIN, PASS_CALL, WORD, contract_of, legal_calls, letters_awarded, receivers_of, teams_of
from .wizard import dealer_forbidden_bid, round_score

PAD_RULES_FORMAT = "wizardcards-pad-rules/1"


def no_trump_reason(rules: RuleSet, index: int) -> str | None:
    """Why round ``index`` (0-based) of a Wizard game is played without a turned-up trump card: ``"all_dealt"``
    (no card is left), ``"last_hand"`` (Double Down's last hand), or None when a card is turned up."""
    size = rules.hand_sizes[index]
    if size * rules.players == rules.deck_size:
        return "all_dealt"
    if index == rules.rounds - 1 and rules.last_hand_no_trump:
        return "last_hand"
    return None


def _special_decks() -> dict[int, tuple[str, ...]]:
    """For each deck size a rule set can have, special cards that make it (the hand sizes depend on the size only)."""
    decks: dict[int, tuple[str, ...]] = {}
    for count in range(len(SPECIAL_CARD_NAMES) + 1):
        for start in range(len(SPECIAL_CARD_NAMES)):
            cards = (SPECIAL_CARD_NAMES * 2)[start:start + count]
            try:
                decks.setdefault(RuleSet(special_cards=cards).deck_size, cards)
            except ImpossibleRulesError:
                continue
    return dict(sorted(decks.items()))


def _deck_table(n: int, cards: tuple[str, ...]) -> dict[str, Any]:
    deck = RuleSet(players=n, special_cards=cards).deck_size
    most = deck // n
    return {
        "schedules": {s.value: list(RuleSet(players=n, schedule=s, special_cards=cards).hand_sizes)
                      for s in Schedule if s is not Schedule.CUSTOM},
        "custom_hand_sizes": _custom_range(n, most, cards),
        "all_dealt": [h for h in range(1, most + 1) if h * n == deck],
    }


def _wizard(max_hand: int) -> dict[str, Any]:
    players: dict[str, Any] = {}
    decks = _special_decks()
    for n in WIZARD_PLAYERS:
        players[str(n)] = {
            **_deck_table(n, ()),
            "decks": {str(size): _deck_table(n, cards) for size, cards in decks.items()},
        }
    sizes = range(1, max_hand + 1)
    bid_rules: dict[str, Any] = {}
    for rule in BidRule:
        if rule is BidRule.NONE:
            bid_rules[rule.value] = None
            continue
        # "when": the rule applies either way (hook), or only while the dealer leads alone (Canadian)
        applies_always = all(
            dealer_forbidden_bid(h, [0], rule, False) == dealer_forbidden_bid(h, [0], rule, True) for h in sizes
        )
        forbidden = {str(h): [dealer_forbidden_bid(h, [total], rule, True) for total in range(h + 1)] for h in sizes}
        bid_rules[rule.value] = {"when": "always" if applies_always else "dealer_leads_alone", "forbidden": forbidden}
    open_needed = []
    for rule in BidRule:
        try:
            RuleSet(bid_rule=rule, hidden_bids=True)
        except ImpossibleRulesError:
            open_needed.append(rule.value)
    return {
        "players": players,
        "base_deck": RuleSet().deck_size,
        "last_hand_no_trump": {s.value: RuleSet(schedule=s, custom_hand_sizes=(1,) if s is Schedule.CUSTOM else ())
                               .last_hand_no_trump for s in Schedule},
        "dealer_step": 1,
        "bid_range": {str(h): [0, h] for h in sizes},
        "tricks_range": {str(h): [0, h] for h in sizes},
        "tricks_sum": "hand_size",
        "scores": [[round_score(b, t) for t in range(max_hand + 1)] for b in range(max_hand + 1)],
        "bid_rules": bid_rules,
        "open_bids_needed_by": open_needed,
        "winners": "highest_total",
        "special_cards": _special_cards(max_hand),
    }


def _special_cards(max_hand: int) -> dict[str, Any]:
    together = [
        [a, b] for i, a in enumerate(SPECIAL_CARD_NAMES) for b in SPECIAL_CARD_NAMES[i + 1:]
        if not _accepted((a,)) and not _accepted((b,)) and _accepted((a, b))
    ]
    return {
        "names": list(SPECIAL_CARD_NAMES),
        "together": together,
        "presets": {name: list(rules.special_cards) for name, rules in SPECIAL_PRESETS.items()},
        "scoring": {
            # the deck holds one Bomb: at most one trick a round goes to nobody (RULES.md, "Bomb")
            "bomb": {"tricks_to_nobody": RuleSet(special_cards=("bomb",)).deck.count(BOMB),
                     "tricks_sum": "hand_size_less_nobodys"},
            # one Cloud: at most one player a round changes their bid, by cloud_changes (RULES.md, "Cloud")
            "cloud": {
                "changes_per_round": RuleSet(special_cards=("cloud",)).deck.count(CLOUD),
                "changes": {str(h): [list(cloud_changes(bid, h)) for bid in range(h + 1)]
                            for h in range(1, max_hand + 1)},
                "changer": "won_a_trick",
            },
        },
    }


def _accepted(cards: tuple[str, ...]) -> bool:
    try:
        RuleSet(special_cards=cards)
    except ImpossibleRulesError:
        return False
    return True


def _custom_range(players: int, most: int, cards: tuple[str, ...] = ()) -> list[int]:
    """The least and most cards a custom schedule's hand may hold, as ``RuleSet`` accepts them."""
    fits = []
    for size in range(0, most + 2):
        try:
            RuleSet(players=players, schedule=Schedule.CUSTOM, custom_hand_sizes=(size,), special_cards=cards)
            fits.append(size)
        except ImpossibleRulesError:
            pass
    return [min(fits), max(fits)]


def _wily_setup(rules: RuleSet) -> dict[str, Any]:
    n, size = rules.players, rules.hand_sizes[0]
    teams = teams_of(rules.mode, n)
    team_count = max(teams) + 1
    calls = [c for c in legal_calls(size, 0) if c != PASS_CALL]
    try:
        RuleSet(game=Game.WILY, players=n, mode=rules.mode, combined_bids=True)
        combined = True
    except ImpossibleRulesError:
        combined = False
    # a teammate's highest call was a pass or a bid below the high bid (each bid of an auction tops the last)
    teammate_calls = {str(bid): [PASS_CALL, *(c for c in calls if c < bid)] for bid in calls}
    # the largest contract: the high bid, or combined, the high bid and each teammate's highest call below it
    most_contract = max(
        contract_of(combined, teams, seat, bid,
                    [bid if s == seat else bid - 1 if teams[s] == teams[seat] else 0 for s in range(n)])
        for seat in range(n) for bid in calls
    )
    made = [[letters_awarded(team_count, 0, c, t) == [0] for t in range(size + 1)] for c in range(most_contract + 1)]
    passing = {p.value: _receivers(rules.mode, p, n) for p in Passing}
    return {
        "hand_size": size,
        "teams": list(teams),
        "receivers": passing,
        "combined_bids": combined,
        "bid_range": [min(calls), max(calls)],
        "tricks_range": [0, size],
        "made": made,
        "award": [
            {"made": letters_awarded(team_count, t, 1, 1), "missed": letters_awarded(team_count, t, 1, 0)}
            for t in range(team_count)
        ],
        "teammate_calls": teammate_calls,
    }


def _receivers(mode: WilyMode, passing: Passing, players: int) -> list[int] | None | str:
    try:
        RuleSet(game=Game.WILY, players=players, mode=mode, passing=passing)
    except ImpossibleRulesError:
        return "not_allowed"
    found = receivers_of(mode, passing, players)
    return None if found is None else list(found)


def _wily() -> dict[str, Any]:
    setups: dict[str, Any] = {}
    for mode in WilyMode:
        per: dict[str, Any] = {}
        for n in WILY_PLAYERS:
            try:
                rules = RuleSet(game=Game.WILY, players=n, mode=mode)
            except ImpossibleRulesError:
                continue
            per[str(n)] = _wily_setup(rules)
        setups[mode.value] = per
    return {
        "setups": setups,
        "contract": {"false": "high_bid", "true": "team_calls_sum"},
        "dealer_step": 1,
        "word": WORD,
        "letters_to_win": LETTERS_TO_WIN,
        "thrown_in": "next_dealer",
        "winners": "teams_complete",
    }


def _draw() -> dict[str, Any]:
    ranks = {
        style.value: [[label, _draw_strength(rank)] for rank, label in enumerate(rank_faces(style))]
        for style in RankStyle
    }
    assert len(next(iter(ranks.values()))) == RANKS
    return {
        "strength": {"jester": _draw_strength(FIRST_JESTER), "wizard": _draw_strength(FIRST_WIZARD), "ranks": ranks},
        "dealer": "highest_draws_again",
        "scorekeeper": "lowest_of_first_draw",
    }


def pad_catalog() -> dict[str, Any]:
    """Every table a score pad needs, for every rule set it can keep (see the module's docstring)."""
    max_hand = max(max(_special_decks()) // n for n in WIZARD_PLAYERS)  # the biggest deck's biggest hand
    return {
        "format": PAD_RULES_FORMAT,
        "wizard": _wizard(max_hand),
        "wily": _wily(),
        "draw": _draw(),
        "rank_styles": [s.value for s in RankStyle],
        "defaults": _defaults(),
    }


def _defaults() -> dict[str, Any]:
    """Each rule option's default, JSON-ready: an option at its default is left out of ``RuleSet.to_dict``."""
    plain = RuleSet()
    out: dict[str, Any] = {}
    for name in RuleSet.__dataclass_fields__:
        if name in ("hand_sizes", "game", "players"):
            continue
        value = getattr(plain, name)
        out[name] = list(value) if isinstance(value, tuple) else value.value if hasattr(value, "value") else value
    return out


__all__ = ["PAD_RULES_FORMAT", "no_trump_reason", "pad_catalog"]
