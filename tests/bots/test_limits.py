"""A referee's limits on a bot (issue 18): a wall-clock limit per decision (``search:ms=...``) and a subset of the
legal moves (``bots.restrict``).

No test here measures time: the limit's paths are driven by a clock that the tests move themselves (the search
module's ``time`` replaced), so what is checked is which path a decision takes, not how fast a machine is."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wizardcards.bots import UnknownBotError, make_bot, restrict
from wizardcards.bots import search as search_module
from wizardcards.bots import wily_search as wily_module
from wizardcards.bots.endgame import Endgame
from wizardcards.bots.rollout import playout
from wizardcards.bots.rulebased import RuleBasedBot
from wizardcards.bots.search import OutOfTime, SearchBot
from wizardcards.bots.wily_endgame import WilyEndgame
from wizardcards.core import Phase, RuleSet, View, new_game
from wizardcards.core.rules import Schedule

PHASES = {
    "standard": {Phase.BID, Phase.CHOOSE_TRUMP, Phase.PLAY},
    "wily": {Phase.AUCTION, Phase.NAME_TRUMP, Phase.PASS_CARDS, Phase.PLAY},
}


def views_of_every_phase(rules: str, per_phase: int, seed: int) -> list[View]:
    """``per_phase`` views of the seat on turn, with more than one legal action, of every phase of the game, from
    random games (Wizard: the trump choice after a Wizard is turned up included)."""
    rng = random.Random(seed)
    found: dict[Phase, list[View]] = {phase: [] for phase in PHASES[rules]}
    while any(len(views) < per_phase for views in found.values()):
        state = new_game(rules, rng.randrange(2**32))
        while not state.is_terminal():
            view = state.view(state.current_player())
            if len(view.legal_actions) > 1 and len(found[view.phase]) < per_phase and rng.random() < 0.3:
                found[view.phase].append(view)
            state.apply(rng.choice(state.legal_actions()))
    return [view for views in found.values() for view in views]


class SteppingClock:
    """Stands in for the search module's ``time``: every reading is ``step`` seconds after the one before."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.readings = 0

    def perf_counter(self) -> float:
        self.now += self.step
        self.readings += 1
        return self.now


class LateClock(SteppingClock):
    """A clock that jumps far past any limit after its first ``punctual`` readings."""

    def __init__(self, punctual: int) -> None:
        super().__init__(1e-6)
        self.punctual = punctual

    def perf_counter(self) -> float:
        return super().perf_counter() + (1e9 if self.readings > self.punctual else 0.0)


# --- the spec -----------------------------------------------------------------------------------------------------


def test_the_time_limit_is_a_spec_parameter_that_combines_with_the_level() -> None:
    bots = [make_bot(spec) for spec in ("search:level=5,ms=200", "search:ms=200", "search")]
    assert all(isinstance(bot, SearchBot) for bot in bots)
    assert [(bot.level, bot.ms) for bot in bots if isinstance(bot, SearchBot)] == [(5, 200), (3, 200), (3, None)]


@pytest.mark.parametrize("spec", ["search:ms=0", "search:ms=-5", "search:ms=1.5", "search:ms=fast", "search:ms=true"])
def test_the_time_limit_is_a_positive_whole_number_of_milliseconds(spec: str) -> None:
    with pytest.raises((ValueError, UnknownBotError), match="ms .*must be a positive whole number"):
        make_bot(spec)


# --- the time limit -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["standard", "wily"])
def test_a_tiny_limit_still_answers_legally_in_every_phase(rules: str) -> None:
    bot = make_bot("search:ms=5")
    for view in views_of_every_phase(rules, 2, seed=4):
        assert bot.act(view, random.Random(0)) in view.legal_actions


class Simulations:
    """Counts the heuristic playouts and the exact solves the search bot runs, while ``monkeypatch`` holds."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.playouts = self.solves = 0
        solve = Endgame.solve
        makes = WilyEndgame.makes

        def counted_playout(*args: Any, **kwargs: Any) -> list[int]:
            self.playouts += 1
            return playout(*args, **kwargs)

        def counted_solve(solver: Endgame, *args: Any, **kwargs: Any) -> list[int]:
            self.solves += 1
            return solve(solver, *args, **kwargs)

        def counted_makes(solver: WilyEndgame, *args: Any, **kwargs: Any) -> bool:
            self.solves += 1
            return makes(solver, *args, **kwargs)

        for module in (search_module, wily_module):  # Wizard's decisions, Wily Wizards' (wily_search.py)
            monkeypatch.setattr(module, "playout", counted_playout)
        monkeypatch.setattr(Endgame, "solve", counted_solve)
        monkeypatch.setattr(WilyEndgame, "makes", counted_makes)

    @property
    def total(self) -> int:
        return self.playouts + self.solves


@pytest.mark.parametrize("rules", ["standard", "wily"])
def test_the_clock_stops_the_deals_before_the_budget_in_every_phase(
    rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every reading of the clock costs a millisecond: a 10 ms decision stops after a few deals, short of the 12
    deals level 3 plays at least, in every phase; choosing trump in Wizard (40 ms), every suit's loop stops: each got
    its share of the time."""
    for view in views_of_every_phase(rules, 2, seed=6):
        budget = Simulations(monkeypatch)
        SearchBot().act(view, random.Random(0))
        monkeypatch.undo()
        runs = Simulations(monkeypatch)
        clock = SteppingClock(0.001)
        monkeypatch.setattr(search_module, "time", clock)
        monkeypatch.setattr(wily_module, "time", clock)
        bot = SearchBot(ms=40 if view.phase is Phase.CHOOSE_TRUMP else 10)
        bot.pace = 1e-9  # the first deal always fits: this test is about the later ones
        assert bot.act(view, random.Random(0)) in view.legal_actions
        monkeypatch.undo()
        assert bot.fallbacks == 0, view.phase
        if view.phase is Phase.CHOOSE_TRUMP:  # no bid known: one loop per suit, each stopped in its own time
            assert bot.stops == len(view.legal_actions)
        else:
            assert bot.stops >= 1, view.phase
        assert 0 < runs.total < budget.total, view.phase


@pytest.mark.parametrize("rules", ["standard", "wily"])
def test_when_not_one_deal_fits_the_heuristic_decides(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for view in views_of_every_phase(rules, 1, seed=8):
        bot = SearchBot(ms=50)
        monkeypatch.setattr(search_module, "time", LateClock(punctual=1))  # late from the first question on
        assert bot.act(view, random.Random(0)) == RuleBasedBot().act(view, random.Random(0))
        assert bot.fallbacks == 1
        monkeypatch.setattr(search_module, "time", LateClock(punctual=1))
        with pytest.raises(OutOfTime, match="not one sampled deal fits in 50 ms"):
            bot.analyse(view, random.Random(0))
        monkeypatch.undo()


def test_an_exact_endgame_is_solved_only_when_enough_deals_of_it_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 3-card Wizard bid is solved exactly at level 3; under a limit whose time at the bot's pace does not hold
    ``EXACT_LEAST_DEALS`` solves per bid, the deals are played out instead."""
    three_cards = RuleSet(players=4, schedule=Schedule.CUSTOM, custom_hand_sizes=(3,) * 4, last_hand_no_trump=False)
    state = new_game(three_cards, 2)
    view = state.view(state.current_player())
    assert view.phase is Phase.BID
    slow, quick = SearchBot(ms=200), SearchBot(ms=200)
    slow.pace = 1e-4  # 0.1 ms per card play: a deal of playouts fits in 180 ms, 12 solves per bid do not
    quick.pace = 1e-9
    for bot, solved in ((SearchBot(), True), (slow, False), (quick, True)):
        runs = Simulations(monkeypatch)
        bot.act(view, random.Random(0))
        monkeypatch.undo()
        assert (runs.solves > 0, runs.playouts > 0) == (solved, not solved)


def test_without_a_limit_the_clock_is_never_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reproducible budget stays as it was: a bot without ``ms`` never looks at the time."""

    class NoClock:
        def perf_counter(self) -> float:
            raise AssertionError("read the clock")

    view = next(v for v in views_of_every_phase("standard", 1, seed=5) if v.phase is Phase.PLAY)
    expected = make_bot("search").act(view, random.Random(0))
    monkeypatch.setattr(search_module, "time", NoClock())
    monkeypatch.setattr(wily_module, "time", NoClock())
    with pytest.raises(AssertionError, match="read the clock"):
        make_bot("search:ms=50")
    assert make_bot("search").act(view, random.Random(0)) == expected


# --- a subset of the legal moves ----------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["random", "rulebased", "search:level=1", "search:level=1,ms=20"])
@pytest.mark.parametrize("rules", ["standard", "wily"])
def test_a_bot_handed_a_restricted_view_chooses_within_the_subset(spec: str, rules: str) -> None:
    bot = make_bot(spec)
    rng = random.Random(7)
    for view in views_of_every_phase(rules, 3, seed=len(spec)):
        legal = list(view.legal_actions)
        allowed = rng.sample(legal, rng.randrange(1, len(legal)))  # a proper subset: the bot's choice is narrowed
        restricted = restrict(view, allowed)
        action = bot.act(restricted, random.Random(1))
        assert action in allowed, (spec, view.phase, allowed, action)
        if isinstance(bot, SearchBot) and bot.ms is None and len(allowed) > 1:
            assert sorted(bot.analyse(restricted, random.Random(1))) == sorted(allowed)


def test_restrict_keeps_the_view_order_and_refuses_an_empty_subset_and_an_illegal_move() -> None:
    view = views_of_every_phase("standard", 1, seed=3)[0]
    legal = view.legal_actions
    assert restrict(view, reversed(legal[:2])).legal_actions == legal[:2]
    assert restrict(view, legal) == view
    with pytest.raises(ValueError, match="at least one action"):
        restrict(view, [])
    illegal = next(a for a in range(81) if a not in legal)
    with pytest.raises(ValueError, match=f"not legal in this view: \\[{illegal}\\]"):
        restrict(view, [legal[0], illegal])
