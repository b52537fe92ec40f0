"""The bot worker processes: the heavy pool thinks only on CPU time nobody else wants (``SCHED_IDLE``), the light
pool at a lower priority than the server (niceness +10), and each answers a bot's decision from the seat's View."""

from __future__ import annotations

import asyncio
import os
import random

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
