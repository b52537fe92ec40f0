"""core/pad_rules.py: the score pad's tables say what the core's own functions and state machines do.

Each table is read here the way the browser's pad reads it (web/js/pad_rules.js; tests/browser/test_pad_rules.py runs
that very code against the core), and compared with the engine: the hand sizes with ``RuleSet``, the trump of each
hand with real games, the points with ``round_score``, the dealer's check with ``dealer_forbidden_bid``, the letters
with ``letters_awarded``, the draw with ``DealSource.draw_first_dealer`` and ``scorekeeper_of``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from wizardcards.core import RuleSet, find_rules, new_game
from wizardcards.core.cards import FIRST_JESTER, FIRST_WIZARD, RANKS
from wizardcards.core.deal import DealSource, scorekeeper_of
from wizardcards.core.pad_rules import PAD_RULES_FORMAT, no_trump_reason, pad_catalog
from wizardcards.core.rules import BidRule, Game, ImpossibleRulesError, Passing, Schedule, WilyMode
from wizardcards.core.wily import letters_awarded, receivers_of, teams_of
from wizardcards.core.wizard import dealer_forbidden_bid, round_score

CATALOG = pad_catalog()
WIZ = CATALOG["wizard"]


def test_the_catalog_is_json_and_versioned() -> None:
    assert json.loads(json.dumps(CATALOG)) == CATALOG
    assert CATALOG["format"] == PAD_RULES_FORMAT


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_schedules_are_the_rule_sets_hand_sizes(players: int) -> None:
    table = WIZ["players"][str(players)]
    for schedule in ("standard", "double-down", "quick"):
        assert table["schedules"][schedule] == list(RuleSet(players=players, schedule=Schedule(schedule)).hand_sizes)
    least, most = table["custom_hand_sizes"]
    RuleSet(players=players, schedule=Schedule.CUSTOM, custom_hand_sizes=(least, most))
    for wrong in (least - 1, most + 1):
        with pytest.raises(ImpossibleRulesError):
            RuleSet(players=players, schedule=Schedule.CUSTOM, custom_hand_sizes=(wrong,))


def reason_from_tables(rules: RuleSet, index: int) -> str | None:
    """The trump rule as the page reads it from the catalog."""
    size = rules.hand_sizes[index]
    if size in WIZ["players"][str(rules.players)]["all_dealt"]:
        return "all_dealt"
    if index == rules.rounds - 1 and WIZ["last_hand_no_trump"][rules.schedule.value]:
        return "last_hand"
    return None


TRUMP_RULES = [
    *(RuleSet(players=n) for n in (3, 4, 5, 6)),
    *(RuleSet(players=n, schedule=Schedule.DOUBLE_DOWN) for n in (3, 5)),
    RuleSet(players=4, schedule=Schedule.QUICK),
    RuleSet(players=3, schedule=Schedule.CUSTOM, custom_hand_sizes=(20, 2, 20)),
]


@pytest.mark.parametrize("rules", TRUMP_RULES, ids=lambda r: r.describe())
def test_the_trump_of_each_hand_is_the_engines(rules: RuleSet) -> None:
    """A random game of the engine: a card is turned up exactly in the hands the tables say."""
    rng = random.Random(rules.players)
    state = new_game(rules, seed=rng.randrange(2**32))
    seen: dict[int, bool] = {}
    first = state.dealer
    while not state.is_terminal():
        if state.round_index not in seen:
            seen[state.round_index] = state.trump_card >= 0
            assert state.dealer == (first + state.round_index * WIZ["dealer_step"]) % rules.players
        state.apply(rng.choice(state.legal_actions()))
    assert len(seen) == rules.rounds
    for index, turned in seen.items():
        assert (no_trump_reason(rules, index) is None) == turned, index
        assert reason_from_tables(rules, index) == no_trump_reason(rules, index), index
    assert any(not turned for turned in seen.values())  # every rule set here has a hand without trump


def test_scores_are_round_score() -> None:
    scores = WIZ["scores"]
    assert len(scores) == 23  # 0..22: a hand of 22 cards (3 players, all seven special cards)
    for bid, row in enumerate(scores):
        assert row == [round_score(bid, tricks) for tricks in range(23)]


@pytest.mark.parametrize("rule", list(BidRule))
def test_the_dealers_check_is_dealer_forbidden_bid(rule: BidRule) -> None:
    table = WIZ["bid_rules"][rule.value]
    for size in range(1, 23):
        for total in range(0, 5 * size + 1):
            for leads in (False, True):
                expected = dealer_forbidden_bid(size, [total], rule, leads)
                if table is None or (table["when"] == "dealer_leads_alone" and not leads):
                    got = None
                else:
                    row = table["forbidden"][str(size)]
                    got = row[total] if total < len(row) else None
                assert got == expected, (size, total, leads)
    assert (rule.value in WIZ["open_bids_needed_by"]) == (rule is not BidRule.NONE)


def test_wily_setups_are_the_engines() -> None:
    setups = CATALOG["wily"]["setups"]
    count = 0
    for mode in WilyMode:
        for n in range(3, 8):
            try:
                rules = RuleSet(game=Game.WILY, players=n, mode=mode)
            except ImpossibleRulesError:
                assert str(n) not in setups[mode.value]
                continue
            setup = setups[mode.value][str(n)]
            count += 1
            assert setup["hand_size"] == rules.hand_sizes[0] == 60 // n
            assert setup["teams"] == list(teams_of(mode, n))
            for passing in Passing:
                receivers = receivers_of(mode, passing, n)
                allowed = None if receivers is None else list(receivers)
                assert setup["receivers"][passing.value] in ("not_allowed", allowed)
            teams = max(setup["teams"]) + 1
            for contract, row in enumerate(setup["made"]):
                for tricks, made in enumerate(row):
                    for bidder in range(teams):
                        award = setup["award"][bidder]["made" if made else "missed"]
                        assert award == letters_awarded(teams, bidder, contract, tricks)
    assert count == 8


@pytest.mark.parametrize("preset", ["wily", "wily-no-passing"])
def test_the_wily_dealer_moves_on_every_hand_thrown_in_or_not(preset: str) -> None:
    rng = random.Random(5)
    rules = find_rules(preset)
    state = new_game(rules, seed=11)
    first, dealers = state.dealer, [state.dealer]
    while not state.is_terminal():
        hands = len(state.sheet)
        state.apply(rng.choice(state.legal_actions()))
        if len(state.sheet) > hands and not state.is_terminal():
            dealers.append(state.dealer)
    step = CATALOG["wily"]["dealer_step"]
    assert dealers == [(first + k * step) % rules.players for k in range(len(dealers))]
    assert len(dealers) > 3


def test_a_new_game_of_each_preset_has_tables() -> None:
    for name, preset in ((n, find_rules(n)) for n in ("wily", "wily-two-teams", "wily-no-passing", "hook", "quick")):
        if preset.game is Game.WILY:
            assert str(preset.players) in CATALOG["wily"]["setups"][preset.mode.value], name
        else:
            assert preset.bid_rule.value in WIZ["bid_rules"], name


def draw_from_tables(cards: list[int], style: str) -> list[int]:
    """The strength of each drawn card as the page reads it: by kind, and a rank by its label."""
    strength: dict[str, Any] = CATALOG["draw"]["strength"]
    labels = dict(strength["ranks"][style])
    out: list[int] = []
    for card in cards:
        if card >= FIRST_JESTER:
            out.append(strength["jester"])
        elif card >= FIRST_WIZARD:
            out.append(strength["wizard"])
        else:
            out.append(labels[strength["ranks"][style][card % RANKS][0]])
    return out


def test_draw_strengths_order_the_cards_as_the_engine_draws() -> None:
    """Over many seeds: the highest strength of the last draw is the first dealer; the scorekeeper is the lowest of
    the first draw, first clockwise from the dealer's left."""
    for seed in range(300):
        players = 3 + seed % 4
        dealer, draws = DealSource(seed).draw_first_dealer(players)
        last = [s for s in range(players) if draws[-1][s] >= 0]
        strengths = draw_from_tables([draws[-1][s] for s in last], "2..A")
        assert last[strengths.index(max(strengths))] == dealer
        first = draw_from_tables(list(draws[0]), "1..13")
        order = [(dealer + 1 + k) % players for k in range(players)]
        assert min(order, key=lambda s: first[s]) == scorekeeper_of(dealer, draws)


# --- the special cards ------------------------------------------------------------------------------------------

SPECIAL = WIZ["special_cards"]
SPECIAL_RULE_SETS = [
    RuleSet(players=3, special_cards=("bomb", "cloud")),
    find_rules("anniversary", players=4),
    find_rules("anniversary-2021", players=3),
    RuleSet(players=5, special_cards=("dragon", "fairy", "bomb", "werewolf"), schedule=Schedule.DOUBLE_DOWN),
    RuleSet(players=4, special_cards=("dragon", "fairy", "bomb", "cloud")),  # 64 cards: 16 each deals them all
]


def test_special_card_names_pairs_and_presets_are_the_cores() -> None:
    assert SPECIAL["names"] == ["dragon", "fairy", "bomb", "werewolf", "juggler", "cloud", "shapeshifter"]
    assert SPECIAL["together"] == [["dragon", "fairy"]]
    assert SPECIAL["presets"] == {"anniversary": SPECIAL["names"][:6], "anniversary-2021": SPECIAL["names"]}
    assert SPECIAL["scoring"]["bomb"] == {"tricks_to_nobody": 1, "tricks_sum": "hand_size_less_nobodys"}
    cloud = SPECIAL["scoring"]["cloud"]
    assert cloud["changes_per_round"] == 1 and cloud["changer"] == "won_a_trick"
    assert cloud["changes"]["1"] == [[1], [-1]] and cloud["changes"]["3"] == [[1], [1, -1], [1, -1], [-1]]


@pytest.mark.parametrize("rules", SPECIAL_RULE_SETS, ids=lambda r: r.describe())
def test_special_decks_hand_sizes_and_trump_are_the_engines(rules: RuleSet) -> None:
    """The deck's tables give the rule set's hand sizes; a real game turns a card up exactly where they say; every
    Cloud change a real game offers is in the tables; the tricks add up to the hand size less the bombed ones."""
    table = WIZ["players"][str(rules.players)]["decks"][str(rules.deck_size)]
    assert table["schedules"][rules.schedule.value] == list(rules.hand_sizes)
    rng = random.Random(rules.deck_size)
    clouds = 0
    for seed in range(3):
        state = new_game(rules, seed=seed)
        turned: dict[int, bool] = {}
        while not state.is_terminal():
            turned.setdefault(state.round_index, state.trump_card >= 0 or state.werewolf >= 0)  # type: ignore[attr-defined]
            if state.phase.value == "cloud":
                bid = state.bids[state.current]  # type: ignore[attr-defined]
                offered = sorted(1 if a == 100 else -1 for a in state.legal_actions())
                assert offered == sorted(SPECIAL["scoring"]["cloud"]["changes"][str(state.hand_size)][bid])
                clouds += 1
            state.apply(rng.choice(state.legal_actions()))
        for index, up in turned.items():
            size = rules.hand_sizes[index]
            assert (size in table["all_dealt"] or no_trump_reason(rules, index) == "last_hand") == (not up), index
        for row in state.sheet:  # type: ignore[attr-defined]
            nobody = row.hand_size - sum(row.tricks)
            assert 0 <= nobody <= (SPECIAL["scoring"]["bomb"]["tricks_to_nobody"] if "bomb" in rules.special_cards
                                   else 0)
    assert clouds > 0 or "cloud" not in rules.special_cards
