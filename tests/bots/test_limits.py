"""A referee's limits on a bot (issue 18): a wall-clock limit per decision (``search:ms=...``) and a subset of the
legal moves (``bots.restrict``)."""

from __future__ import annotations

import random

import pytest

from wizardcards.bots import UnknownBotError, make_bot, restrict
from wizardcards.bots import search as search_module
from wizardcards.core import new_game


def random_views(rules: str, count: int, seed: int) -> list:
    rng = random.Random(seed)
    views = []
    while len(views) < count:
        state = new_game(rules, rng.randrange(2**32))
        for _ in range(rng.randrange(120)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            views.append(state.view(state.current_player()))
    return views


@pytest.mark.parametrize("spec", ["random", "rulebased", "search:level=1"])
@pytest.mark.parametrize("rules", ["standard", "wily"])
def test_a_bot_handed_a_restricted_view_chooses_within_the_subset(spec: str, rules: str) -> None:
    bot = make_bot(spec)
    rng = random.Random(7)
    for view in random_views(rules, 25, seed=len(spec)):
        legal = list(view.legal_actions)
        allowed = rng.sample(legal, rng.randrange(1, len(legal) + 1))
        action = bot.act(restrict(view, allowed), random.Random(1))
        assert action in allowed, (spec, view.phase, allowed, action)


def test_restrict_refuses_an_empty_subset_and_an_illegal_move() -> None:
    view = random_views("standard", 1, seed=3)[0]
    with pytest.raises(ValueError, match="at least one action"):
        restrict(view, [])
    illegal = next(a for a in range(81) if a not in view.legal_actions)
    with pytest.raises(ValueError, match=f"not legal in this view: \\[{illegal}\\]"):
        restrict(view, [illegal])


@pytest.mark.parametrize("spec", ["search:ms=0", "search:ms=-5", "search:ms=1.5", "search:ms=fast"])
def test_the_time_limit_is_a_positive_whole_number_of_milliseconds(spec: str) -> None:
    with pytest.raises((ValueError, UnknownBotError), match="ms"):
        make_bot(spec)


class FrozenThenLateClock:
    """A clock that stands still until the first deal is drawn, then is always past any deadline."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> float:
        self.calls += 1
        return 0.0 if self.calls == 1 else 1e9


@pytest.mark.parametrize("rules", ["standard", "wily"])
def test_out_of_time_a_decision_plays_one_deal_and_answers_legally(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for view in random_views(rules, 12, seed=11):
        clock = FrozenThenLateClock()
        monkeypatch.setattr(search_module.time, "perf_counter", clock)
        limited = make_bot("search:ms=50")
        action = limited.act(view, random.Random(0))
        assert action in view.legal_actions
        if len(view.legal_actions) > 1:
            assert clock.calls >= 2  # the clock was read after the first deal, and the search stopped there


def test_without_a_limit_the_clock_is_never_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reproducible budget stays as it was: a bot without ``ms`` never looks at the time."""

    def no_clock() -> float:
        raise AssertionError("read the clock")

    view = next(v for v in random_views("standard", 10, seed=5) if len(v.legal_actions) > 1)
    monkeypatch.setattr(search_module.time, "perf_counter", no_clock)
    with pytest.raises(AssertionError, match="read the clock"):
        make_bot("search:ms=50").act(view, random.Random(0))
    monkeypatch.undo()
    expected = make_bot("search").act(view, random.Random(0))
    monkeypatch.setattr(search_module.time, "perf_counter", no_clock)
    assert make_bot("search").act(view, random.Random(0)) == expected
