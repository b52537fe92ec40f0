"""The incremental observations (``TableObserver``) equal fresh encodings of each seat's ``View`` at every step, and a
seat's vector reads no other seat's private rows."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizardcards.core import Phase, RuleSet, find_rules, new_game
from wizardcards.core.actions import PASS
from wizardcards.rl.incremental import TableObserver, _gather_indices, _Table
from wizardcards.rl.observation import ObservationEncoder

# (preset, player counts): every Wizard bid rule and hidden bids, both Jester-lead rules, every Wily mode and option.
PRESETS = [
    ("standard", (3, 4, 5, 6)),
    ("hook", (3, 4)),
    ("canadian", (4,)),
    ("hidden-bids", (4, 5)),
    ("quick", (3, 6)),
    ("double-down", (5,)),
    ("extended-suits", (4,)),
    ("wily", (4, 6)),
    ("wily-two-teams", (6,)),
    ("wily-no-partners", (3, 5, 7)),
    ("wily-no-passing", (5,)),
    ("wily-combined", (4,)),
    ("wily-no-trump", (4,)),
]
TABLES = [(preset, players) for preset, counts in PRESETS for players in counts]


def check_game(
    preset: str, players: int, seed: int, max_steps: int, every_seat: bool, choose: Any = None
) -> int:
    """Play a random game (or one whose actions ``choose(state, rng)`` picks); after every action compare the
    observer's vectors with fresh encodings of the views. Returns the number of steps played."""
    rules = find_rules(preset, players=players)
    rng = random.Random(seed)
    state = new_game(rules, seed)
    encoder = ObservationEncoder(rules)
    table = TableObserver(rules)
    table.reset(state)
    steps = 0
    while True:
        current = state.current_player()
        seats = range(players) if every_seat or current < 0 else {current, rng.randrange(players)}
        for seat in seats:
            got = table.observe(seat)
            want = encoder.encode(state.view(seat))
            if not np.array_equal(got, want):
                wrong = sorted({s.name for s in encoder.layout.slices.values()
                                for i in np.flatnonzero(got != want) if s.offset <= i < s.stop})
                pytest.fail(f"{preset}/{players} seed {seed} step {steps} seat {seat}: slices {wrong} differ")
        if state.is_terminal() or steps == max_steps:
            return steps
        action = choose(state, rng) if choose else rng.choice(state.legal_actions())
        state.apply(action)
        table.after_apply(current, action)
        steps += 1


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_whole_games_every_seat_every_step(preset: str, players: int) -> None:
    """Whole games (Wily capped: they can be long), every seat compared after every action."""
    steps = check_game(preset, players, seed=players, max_steps=1500, every_seat=True)
    assert steps > 0


@settings(max_examples=60, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32))
def test_random_games_match_fresh_encodings(table: tuple[str, int], seed: int) -> None:
    """Many more games: the seat on turn and one other seat, after every action."""
    preset, players = table
    check_game(preset, players, seed, max_steps=700, every_seat=False)


@pytest.mark.parametrize(("preset", "players"), [("wily", 4), ("wily-no-partners", 5), ("wily-no-passing", 3)])
def test_thrown_in_hands(preset: str, players: int) -> None:
    """Everybody passes in the first three hands (each is thrown in and dealt again), then random play."""

    def choose(state: Any, rng: random.Random) -> int:
        legal = state.legal_actions()
        return PASS if state.round_index < 3 and PASS in legal else rng.choice(legal)

    check_game(preset, players, seed=5, max_steps=400, every_seat=True, choose=choose)
    state = new_game(find_rules(preset, players=players), 5)
    while state.round_index < 3:
        state.apply(PASS)
    assert [row.high_bidder for row in state.sheet] == [-1, -1, -1]


def test_observe_returns_a_new_array_each_time() -> None:
    rules = find_rules("standard", players=4)
    table = TableObserver(rules)
    table.reset(new_game(rules, 1))
    first = table.observe(0)
    first[:] = 7.0
    assert not np.array_equal(table.observe(0), first)


@pytest.mark.parametrize(("preset", "players"), [("hidden-bids", 4), ("wily", 4), ("wily-no-partners", 5)])
def test_a_seat_reads_no_other_seats_private_rows(preset: str, players: int) -> None:
    """The gather of seat s touches the private rows (hand, suits lacked by its own account, own bid, cards given and
    received) of seat s only; every other table entry it reads is public."""
    rules = find_rules(preset, players=players)
    layout = ObservationEncoder(rules).layout
    table = _Table(rules.game.value == "wizard", players, layout.max_hand)
    private = [name for name in ("hands", "lacks", "bids_own", "given", "received") if name in table.at]
    for seat in range(players):
        read = set(_gather_indices(layout, table, seat).tolist())
        for name in private:
            for other in range(players):
                row = set(range(table.row(name, other), table.row(name, other) + table.at[name][1]))
                assert bool(read & row) == (other == seat), (name, seat, other)


def test_hand_of_is_the_views_hand_and_checks_the_seat() -> None:
    state = new_game(find_rules("wily"), 3)
    for seat in range(4):
        assert state.hand_of(seat) == state.view(seat).hand
    with pytest.raises(ValueError, match="no seat 4"):
        state.hand_of(4)


# --- wizard_v1: the special cards --------------------------------------------------------------------------------

SPECIAL_NAMES = ("dragon", "fairy", "bomb", "werewolf", "juggler", "cloud", "shapeshifter")


def check_rules_game(rules: RuleSet, seed: int, every_seat: bool, version: str | None = None) -> Counter[Phase]:
    """``check_game`` for any rule set (and observation version): a random game, the observer's vectors compared with
    fresh encodings after every action. Returns how often each phase was met."""
    rng = random.Random(seed)
    state = new_game(rules, seed)
    encoder = ObservationEncoder(rules, version)
    table = TableObserver(rules, version)
    table.reset(state)
    phases: Counter[Phase] = Counter()
    steps = 0
    n = rules.players
    while True:
        current = state.current_player()
        seats = range(n) if every_seat or current < 0 else {current, rng.randrange(n)}
        for seat in seats:
            got = table.observe(seat)
            want = encoder.encode(state.view(seat))
            if not np.array_equal(got, want):
                wrong = sorted({s.name for s in encoder.layout.slices.values()
                                for i in np.flatnonzero(got != want) if s.offset <= i < s.stop})
                pytest.fail(f"{rules.describe()} seed {seed} step {steps} seat {seat} ({state.phase.value}): "
                            f"slices {wrong} differ")
        if state.is_terminal():
            return phases
        phases[state.phase] += 1
        action = rng.choice(state.legal_actions())
        state.apply(action)
        table.after_apply(current, action)
        steps += 1


SPECIAL_TABLES = [
    ("anniversary", 3, {}),
    ("anniversary", 4, {}),
    ("anniversary", 5, {"bid_rule": "hook"}),
    ("anniversary", 6, {}),
    ("anniversary-2021", 3, {"hidden_bids": True}),
    ("anniversary-2021", 4, {"bid_rule": "canadian"}),
    ("anniversary-2021", 5, {"jester_lead": "first_suited"}),
]


@pytest.mark.parametrize(("preset", "players", "options"), SPECIAL_TABLES)
def test_special_cards_whole_games_every_seat_every_step(preset: str, players: int, options: dict[str, Any]) -> None:
    """Whole games with the special cards: every seat compared after every action, through every special phase."""
    rules = RuleSet.from_dict({**find_rules(preset, players=players).to_dict(), **options})
    phases = check_rules_game(rules, seed=players, every_seat=True)
    # The game met the special cards' phases: the Cloud's change, the Juggler's pass, the Werewolf's trump.
    assert phases[Phase.CLOUD] > 0 and phases[Phase.JUGGLE] >= players and phases[Phase.WEREWOLF] > 0


@pytest.mark.parametrize(("preset", "players"), [("standard", 3), ("hidden-bids", 4), ("hook", 6)])
def test_the_sixty_read_as_wizard_v1(preset: str, players: int) -> None:
    check_rules_game(find_rules(preset, players=players), seed=2, every_seat=True, version="wizard_v1")


@st.composite
def special_rules(draw: st.DrawFn) -> RuleSet:
    """Any subset of the special cards (the Dragon only with the Fairy), 3 to 6 players, any bid rule, hidden bids or
    not, either Jester and Wizard lead, a short custom schedule or the whole game."""
    chosen = set(draw(st.sets(st.sampled_from(SPECIAL_NAMES), min_size=1)))
    if chosen & {"dragon", "fairy"}:
        chosen |= {"dragon", "fairy"}
    players = draw(st.integers(3, 6))
    options: dict[str, Any] = {
        "players": players,
        "special_cards": [name for name in SPECIAL_NAMES if name in chosen],
        "bid_rule": draw(st.sampled_from(["none", "hook", "canadian"])),
        "jester_lead": draw(st.sampled_from(["first_non_jester", "first_suited"])),
    }
    if options["bid_rule"] == "none" and draw(st.booleans()):  # the hook and Canadian rules need open bids
        options["hidden_bids"] = True
    if draw(st.booleans()):
        options["wizard_lead"] = "next_suited"
    if draw(st.booleans()):
        most = (60 + len(chosen)) // players
        options["schedule"] = "custom"
        options["custom_hand_sizes"] = draw(st.lists(st.integers(1, most), min_size=1, max_size=4))
    return RuleSet.from_dict(options)


@settings(max_examples=60, deadline=None)
@given(rules=special_rules(), seed=st.integers(0, 2**32))
def test_random_special_card_games_match_fresh_encodings(rules: RuleSet, seed: int) -> None:
    """Random special-card rule sets and games: the seat on turn and one other seat, after every action."""
    check_rules_game(rules, seed, every_seat=False)


@pytest.mark.parametrize(("preset", "players"), [("anniversary-2021", 3), ("anniversary", 5)])
def test_a_v1_seat_reads_no_other_seats_private_rows(preset: str, players: int) -> None:
    """wizard_v1's private rows: the hand, the suits lacked by its own account, its own bid, and the card it gave
    and received in the Juggler's pass."""
    rules = find_rules(preset, players=players)
    layout = ObservationEncoder(rules).layout
    table = _Table.of(layout)
    private = ("hands", "lacks", "bids_own", "given", "received")
    for seat in range(players):
        read = set(_gather_indices(layout, table, seat).tolist())
        for name in private:
            for other in range(players):
                row = set(range(table.row(name, other), table.row(name, other) + table.at[name][1]))
                assert bool(read & row) == (other == seat), (name, seat, other)
