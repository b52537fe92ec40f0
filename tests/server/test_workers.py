"""The bot worker processes: the heavy pool thinks only on CPU time nobody else wants (``SCHED_IDLE``), the light
pool at a lower priority than the server (niceness +10), and each answers a bot's decision from the seat's View."""

from __future__ import annotations

import asyncio
import os
import random
import time
from typing import Any

import pytest

from wizardcards.bots import make_bot
from wizardcards.core import find_rules, new_game
from wizardcards.server.workers import NICE, BotWorkers


def test_heavy_bots_think_on_idle_time_and_light_ones_below_the_server() -> None:
    workers = BotWorkers(2)

    async def ask() -> tuple[int, int, int]:
        heavy = await workers._run(True, os.sched_getscheduler, 0)
        light = await workers._run(False, os.sched_getscheduler, 0)
        niceness = await workers._run(False, os.nice, 0)
        return heavy, light, niceness

    heavy, light, niceness = asyncio.run(ask())
    assert heavy == os.SCHED_IDLE and light == os.SCHED_OTHER
    assert niceness >= os.nice(0) + NICE or niceness == 19
    assert workers.heavy_workers == 1


def test_a_worker_decides_as_the_bot_would_in_this_process() -> None:
    state = new_game(find_rules("standard", 4), 5)
    view = state.view(state.current_player())
    workers = BotWorkers(1)
    decided = asyncio.run(workers.decide("rulebased", view, 42))
    assert decided == make_bot("rulebased").act(view, random.Random(42)) and decided in view.legal_actions
    assert asyncio.run(workers.decide("search:level=4", view, 7)) in view.legal_actions  # the heavy pool


def test_a_heavy_worker_rests_after_each_decision_and_the_answer_does_not_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """HEAVY_SHARE = 0.5: a heavy process is idle at least as long as it thought (a strong bot table can take at
    most half of a CPU), while the decision itself is answered as soon as it is made."""
    workers = BotWorkers(2)  # one heavy process
    think = 0.3

    async def fake_run(heavy: bool, function: Any, *args: Any) -> Any:
        await asyncio.sleep(think)  # a decision that takes 0.3 s of the worker's time
        return 0

    monkeypatch.setattr(workers, "_run", fake_run)

    async def two_decisions() -> list[float]:
        started = time.monotonic()
        answered: list[float] = []

        async def one() -> None:
            await workers.decide("search:level=5", view, 1)
            answered.append(time.monotonic() - started)

        await asyncio.gather(one(), one())
        return answered

    state = new_game(find_rules("standard", 4), 5)
    view = state.view(state.current_player())
    first, second = asyncio.run(two_decisions())
    assert think * 0.9 < first < think * 1.5  # answered once thought, not after the rest
    assert second >= 3 * think * 0.95  # the second began only after the first's thinking and as long a rest
