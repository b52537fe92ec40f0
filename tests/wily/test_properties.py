"""Invariants over random games in every mode (hypothesis): cards are conserved through dealing, passing and play;
views hold nothing the seat may not know; replaying a record gives the same state; the score sheet adds up.

10,000 random games in all: partners (4 and 6 players, with and without combined bids and no trump) 3,000, two
teams 2,000, no partners passing left (3-7 players) 2,500, no partners without passing 1,500, and 1,000 games over
every mode with the view checked at every decision, hidden cards reshuffled and illegal actions tried.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wizardcards.core import GameRecord, RuleSet, replay
from wizardcards.core.state import Phase

from .helpers import start
from .invariants import check_sheet, choose, play_checked


def variants(mode: str, players: list[int], passing: str = "left") -> list[RuleSet]:
    out = []
    for n in players:
        for combined in ((False, True) if mode != "no_partners" else (False,)):
            for no_trump in (False, True):
                out.append(RuleSet(game="wily", players=n, mode=mode, combined_bids=combined,  # type: ignore[arg-type]
                                   allow_no_trump=no_trump, passing=passing))  # type: ignore[arg-type]
    return out


PARTNERS = variants("partners", [4, 6])
TWO_TEAMS = variants("two_teams", [6])
NO_PARTNERS_LEFT = variants("no_partners", [3, 4, 5, 6, 7])
NO_PARTNERS_NONE = variants("no_partners", [3, 4, 5, 6, 7], passing="none")
EVERY_MODE = PARTNERS + TWO_TEAMS + NO_PARTNERS_LEFT + NO_PARTNERS_NONE

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
PASS_BIAS = st.sampled_from([0.0, 0.5, 0.8])


def many(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def random_game(rules: RuleSet, seed: int, pass_bias: float) -> None:
    state = start(rules, seed)
    play_checked(state, random.Random(seed), pass_bias, every=10**9, deep=0.0)
    assert state.is_terminal() and state.winners()
    assert replay(state.record()) == state


@many(3000)
@given(rules=st.sampled_from(PARTNERS), seed=SEEDS, pass_bias=PASS_BIAS)
def test_random_games_partners(rules: RuleSet, seed: int, pass_bias: float) -> None:
    random_game(rules, seed, pass_bias)


@many(2000)
@given(rules=st.sampled_from(TWO_TEAMS), seed=SEEDS, pass_bias=PASS_BIAS)
def test_random_games_two_teams(rules: RuleSet, seed: int, pass_bias: float) -> None:
    random_game(rules, seed, pass_bias)


@many(2500)
@given(rules=st.sampled_from(NO_PARTNERS_LEFT), seed=SEEDS, pass_bias=PASS_BIAS)
def test_random_games_no_partners_passing_left(rules: RuleSet, seed: int, pass_bias: float) -> None:
    random_game(rules, seed, pass_bias)


@many(1500)
@given(rules=st.sampled_from(NO_PARTNERS_NONE), seed=SEEDS, pass_bias=PASS_BIAS)
def test_random_games_no_partners_no_passing(rules: RuleSet, seed: int, pass_bias: float) -> None:
    random_game(rules, seed, pass_bias)


@many(1000)
@given(rules=st.sampled_from(EVERY_MODE), seed=SEEDS, pass_bias=PASS_BIAS, split=st.integers(0, 400))
def test_views_hidden_cards_clones_and_records(rules: RuleSet, seed: int, pass_bias: float, split: int) -> None:
    state = start(rules, seed)
    rng = random.Random(seed)
    while len(state.history) < split and not state.is_terminal():
        state.apply(choose(state, rng, pass_bias))
    twin = state.clone()
    assert twin == state
    play_checked(state, random.Random(seed + 1), pass_bias, every=1, deep=0.03)
    assert twin != state  # the clone shares no mutable part with the original
    for action in state.history[len(twin.history):]:
        twin.apply(action)
    assert twin == state
    record = GameRecord.from_json(state.record(["a", "b", "c", "d", "e", "f", "g"][: rules.players]).to_json())
    assert record.rules == rules and record.actions == state.history
    assert replay(record) == state


def test_random_play_reaches_every_kind_of_hand() -> None:
    """The property runs are not vacuous: random play throws hands in, makes and fails contracts, passes cards."""
    seen = {"thrown in": 0, "made": 0, "failed": 0, "no trump": 0, "shared win": 0}
    for seed in range(300):
        rules = EVERY_MODE[seed % len(EVERY_MODE)]
        state = start(rules, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(choose(state, rng, 0.7))
        check_sheet(state)
        for row in state.sheet:
            if row.high_bidder < 0:
                seen["thrown in"] += 1
            elif row.letter_to == (state.teams[row.high_bidder],):
                seen["made"] += 1
            else:
                seen["failed"] += 1
            if row.high_bidder >= 0 and row.trump_suit < 0:
                seen["no trump"] += 1
        seen["shared win"] += len(state.winning_teams()) > 1
        assert state.phase is Phase.GAME_OVER
    assert all(count > 0 for count in seen.values()), seen
