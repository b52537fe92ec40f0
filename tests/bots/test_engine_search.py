"""``wizard engine search:level=1`` driven through the engine protocol makes the same decisions as the search bot in
process, on 300 positions recorded from seeded games of both games (bids, trump, auction, passing, play), and on 150
of games with the special cards (the Werewolf's trump, the Juggler's pass, the Cloud's change, the special cards'
plays, told in table 2's texts, version 2): the seat's view travels as a position of what it knows
(``core.position_of_view``), is rebuilt by the engine (``core.view_of_position``), and the seed of ``go`` reproduces
the bot's sampling."""

from __future__ import annotations

import os
import random
import shlex
import sys

import pytest

from wizardcards.bots.engine import EngineBot
from wizardcards.bots.rulebased import RuleBasedBot
from wizardcards.bots.search import SearchBot
from wizardcards.core import RuleSet, View, find_rules, new_game

from .conftest import ROOT

GAMES = [("standard", 4, 5, 120), ("hidden-bids", 3, 6, 60), ("wily", 4, 7, 60), ("wily-no-partners", 3, 8, 60)]
"""(preset, players, seed, positions): 300 in all."""


def recorded_positions() -> list[tuple[View, int]]:
    """Views of the seat on turn with a choice to make, from seeded games of the rule-based bot, each with a seed."""
    out: list[tuple[View, int]] = []
    for preset, players, seed, wanted in GAMES:
        state, rng, bot, taken = new_game(find_rules(preset, players=players), seed), random.Random(seed), \
            RuleBasedBot(), 0
        while taken < wanted:
            if state.is_terminal():
                seed += 100
                state = new_game(find_rules(preset, players=players), seed)
            view = state.view(state.current_player())
            if len(view.legal_actions) > 1 and rng.random() < 0.4:
                out.append((view, rng.getrandbits(63)))
                taken += 1
            state.apply(bot.act(view, rng))
    return out


SPECIAL_GAMES = [(find_rules("anniversary-2021", players=4), 31, 60), (find_rules("anniversary", players=3), 32, 45),
                 (RuleSet(players=5, special_cards=("bomb", "werewolf", "juggler", "cloud")), 33, 45)]  # type: ignore[arg-type]
"""(rules, seed, positions): 150 in all."""
SPECIAL_PHASES = {"werewolf", "juggle", "cloud", "choose_trump"}


def recorded_special_positions() -> list[tuple[View, int]]:
    """Views of the seat on turn with a choice to make in games with the special cards: most of the special
    decisions (rare: a few in a hundred), a few of the others."""
    out: list[tuple[View, int]] = []
    for rules, seed, wanted in SPECIAL_GAMES:
        state, rng, bot, taken = new_game(rules, seed), random.Random(seed), RuleBasedBot(), 0
        while taken < wanted:
            if state.is_terminal():
                seed += 100
                state = new_game(rules, seed)
            view = state.view(state.current_player())
            odds = 0.7 if view.phase.value in SPECIAL_PHASES else 0.05
            if len(view.legal_actions) > 1 and rng.random() < odds:
                out.append((view, rng.getrandbits(63)))
                taken += 1
            state.apply(bot.act(view, rng))
    return out


class SeededRandom(random.Random):
    """An rng whose ``getrandbits(63)`` (all an engine bot draws) is a given seed."""

    def __init__(self, seed: int) -> None:
        super().__init__(0)
        self.seed_given = seed

    def getrandbits(self, k: int) -> int:
        return self.seed_given


def test_the_search_engine_decides_as_the_bot_in_process_on_300_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = recorded_positions()
    assert len(positions) == 300
    assert {view.phase.value for view, _ in positions} >= {"bid", "play", "auction", "pass_cards"}
    assert_same_decisions(positions, monkeypatch)


def test_the_search_engine_decides_as_the_bot_in_process_on_150_special_card_positions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    positions = recorded_special_positions()
    assert len(positions) == 150
    phases = [view.phase.value for view, _ in positions]
    assert set(phases) >= {"bid", "play", "werewolf", "juggle", "cloud"}, set(phases)
    assert sum(p in SPECIAL_PHASES for p in phases) >= 40, phases
    played = {a for view, _ in positions if view.phase.value == "play" for a in view.legal_actions}
    assert {90, 94, 98} & played and played & set(range(83, 87))  # a Juggler, Cloud or Shapeshifter; a special card
    assert_same_decisions(positions, monkeypatch)


def assert_same_decisions(positions: list[tuple[View, int]], monkeypatch: pytest.MonkeyPatch) -> None:
    bot = SearchBot(level=1)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])))
    command = shlex.join([sys.executable, "-m", "wizardcards", "engine", "search:level=1"])
    disagreements = []
    # a generous move time: level 1 counts card plays, not time, and a busy machine must not make it forfeit
    with EngineBot(command, move_ms=30_000) as engine:
        for view, seed in positions:
            there = engine.act(view, SeededRandom(seed))
            here = bot.act(view, random.Random(seed))
            if there != here:
                disagreements.append((view.phase.value, here, there))
            assert engine.values or len(view.legal_actions) == 1  # the engine's info values were read
    assert disagreements == []
