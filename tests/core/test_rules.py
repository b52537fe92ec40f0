"""RuleSet validation, presets and their schedules of hand sizes (``core.rules``)."""

from __future__ import annotations

import dataclasses

import pytest

from wizardcards.core import ImpossibleRulesError, RuleSet, find_rules
from wizardcards.core.cards import RankStyle
from wizardcards.core.rules import PRESETS, BidRule, JesterLead, Schedule


@pytest.mark.parametrize("players", [1, 2, 7, 8])
def test_wizard_is_for_three_to_six_players(players: int) -> None:
    with pytest.raises(ImpossibleRulesError, match=f"^Wizard is played by 3 to 6 players, not {players}$"):
        RuleSet(players=players)


def test_impossible_rules_are_value_errors() -> None:
    assert issubclass(ImpossibleRulesError, ValueError)


@pytest.mark.parametrize(
    ("players", "sizes", "bad"),
    [(4, (1, 16), 16), (3, (21,), 21), (6, (10, 11), 11), (5, (0, 1), 0), (4, (-1,), -1)],
)
def test_a_custom_hand_the_deck_cannot_deal(players: int, sizes: tuple[int, ...], bad: int) -> None:
    most = 60 // players
    with pytest.raises(
        ImpossibleRulesError, match=f"^a hand of {bad} cards cannot be dealt to {players} players from 60 cards"
    ) as error:
        RuleSet(players=players, schedule=Schedule.CUSTOM, custom_hand_sizes=sizes)
    assert f"(1..{most})" in str(error.value)


def test_custom_schedules() -> None:
    rules = RuleSet(players=6, schedule="custom", custom_hand_sizes=(10, 1, 10))
    assert rules.hand_sizes == (10, 1, 10) and rules.rounds == 3
    with pytest.raises(ImpossibleRulesError, match="custom schedule needs custom_hand_sizes"):
        RuleSet(schedule=Schedule.CUSTOM)
    with pytest.raises(ImpossibleRulesError, match="only read with schedule='custom'"):
        RuleSet(custom_hand_sizes=(1, 2))


@pytest.mark.parametrize("rule", ["hook", "canadian"])
def test_dealer_rules_need_open_bids(rule: str) -> None:
    with pytest.raises(
        ImpossibleRulesError, match=f"^the {rule} rule needs open bids: the dealer must see the others' bids$"
    ):
        RuleSet(bid_rule=rule, hidden_bids=True)  # type: ignore[arg-type]
    with pytest.raises(ImpossibleRulesError, match="needs open bids"):
        dataclasses.replace(find_rules("hidden-bids"), bid_rule=BidRule(rule))


@pytest.mark.parametrize("seat", [-1, 4, 9])
def test_first_dealer_must_be_a_seat(seat: int) -> None:
    with pytest.raises(ImpossibleRulesError, match=f"first_dealer must be a seat 0..3, not {seat}"):
        RuleSet(first_dealer=seat)


def test_options_as_strings_and_bad_values() -> None:
    rules = RuleSet(bid_rule="hook", jester_lead="first_suited", schedule="quick", rank_style="1..13")  # type: ignore[arg-type]
    assert rules.bid_rule is BidRule.HOOK and rules.jester_lead is JesterLead.FIRST_SUITED
    assert rules.schedule is Schedule.QUICK and rules.rank_style is RankStyle.ONE_TO_THIRTEEN
    with pytest.raises(ImpossibleRulesError, match="^bid_rule must be one of none, hook, canadian, not 'hooks'$"):
        RuleSet(bid_rule="hooks")  # type: ignore[arg-type]


def test_rule_sets_are_frozen_values() -> None:
    assert RuleSet() == RuleSet(players=4)
    assert RuleSet(bid_rule="hook") != RuleSet()  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        RuleSet().players = 5  # type: ignore[misc]


STANDARD_ROUNDS = {3: 20, 4: 15, 5: 12, 6: 10}
WIZARD_PRESETS = ["standard", "double-down", "quick", "hook", "canadian", "hidden-bids", "extended-suits"]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_standard_schedule(players: int) -> None:
    rules = find_rules("standard", players=players)
    assert rules.hand_sizes == tuple(range(1, STANDARD_ROUNDS[players] + 1))
    assert rules.rounds == STANDARD_ROUNDS[players]
    assert rules.bid_rule is BidRule.NONE and not rules.hidden_bids and not rules.last_hand_no_trump
    assert rules.jester_lead is JesterLead.FIRST_NON_JESTER and rules.rank_style is RankStyle.TWO_TO_ACE
    assert rules.first_dealer is None


def test_double_down_for_four() -> None:
    rules = find_rules("double-down")
    assert rules.players == 4
    assert rules.hand_sizes == (
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
    )  # fmt: skip
    assert rules.last_hand_no_trump


@pytest.mark.parametrize(("players", "hands"), [(3, 40), (4, 30), (5, 24), (6, 20)])
def test_double_down_hand_counts(players: int, hands: int) -> None:
    """The official text: 3 players play 40 hands, 4 play 30, 5 play 24, 6 play 20."""
    rules = find_rules("double-down", players=players)
    assert rules.rounds == hands
    assert rules.hand_sizes[: hands // 2] == rules.hand_sizes[hands // 2 :][::-1]


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (3, (1, 3, 5, 7, 9, 11, 13, 15, 17, 19)),
        (4, (1, 3, 5, 7, 9, 11, 13, 15)),
        (5, (1, 3, 5, 7, 9, 11)),
        (6, (1, 3, 5, 7, 9)),
    ],
)
def test_quick_schedule(players: int, sizes: tuple[int, ...]) -> None:
    assert find_rules("quick", players=players).hand_sizes == sizes


def test_the_presets() -> None:
    assert set(PRESETS) >= set(WIZARD_PRESETS)
    assert all(PRESETS[name].game.value == "wizard" for name in WIZARD_PRESETS)
    assert find_rules("hook").bid_rule is BidRule.HOOK
    assert find_rules("canadian").bid_rule is BidRule.CANADIAN
    assert find_rules("hidden-bids").hidden_bids and find_rules("hidden-bids").bid_rule is BidRule.NONE
    extended = find_rules("extended-suits")
    assert extended.rank_style is RankStyle.ONE_TO_THIRTEEN and extended.jester_lead is JesterLead.FIRST_SUITED
    for name in ("hook", "canadian", "hidden-bids", "extended-suits"):
        assert find_rules(name).hand_sizes == tuple(range(1, 16)), name


def test_unknown_preset() -> None:
    with pytest.raises(ImpossibleRulesError, match="no preset 'blitz'; presets: standard, double-down"):
        find_rules("blitz")


@pytest.mark.parametrize("name", WIZARD_PRESETS)
@pytest.mark.parametrize("players", [3, 6])
def test_rules_round_trip_through_dicts(name: str, players: int) -> None:
    rules = find_rules(name, players=players)
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert rules.to_dict()["players"] == players


def test_to_dict_lists_only_what_differs() -> None:
    assert RuleSet().to_dict() == {"game": "wizard", "players": 4}
    assert find_rules("hook").to_dict() == {"game": "wizard", "players": 4, "bid_rule": "hook"}
    with pytest.raises(ImpossibleRulesError, match="unknown rule option"):
        RuleSet.from_dict({"players": 4, "trumps": 2})
