"""The worker processes that think for bots: every bot decision, stand-in decision and hint of the server.

The event loop only sends a seat's ``View`` to a worker and awaits the answer, so no bot, however strong, holds up
the connections. Two pools, so that one table of strong bots cannot slow the others:

- the **light** pool (``workers`` processes, niceness +10) answers every bot of the quick kinds, the stand-ins and
  the hints: a few milliseconds each, at a lower priority than the server;
- the **heavy** pool (``workers - 1`` processes, at least one) answers the search bots of the heavy levels
  (``players.is_heavy``: seconds a decision). Its processes run under ``SCHED_IDLE``, on CPU time nobody else wants:
  on a busy machine the people's requests, and the light pool's bots, always come first. And each of its processes
  rests after a decision as long as ``1 / HEAVY_SHARE - 1`` times what it took: a CPU's two hardware threads, or its
  caches, are shared whatever the scheduler does, and on two CPUs a strong bot thinking without pause doubled the
  ordinary tables' p99 (``benchmarks/server_load.py --hostile bots``).

A table asks for one decision at a time (``manager.py``), and each pool takes the questions waiting for it in the
order of ``scheduling.py``: a person's first, then round robin over the clients that asked. The pools are shared by
every server of a process (tests start many) and made on first use; their processes are forked from a clean
``forkserver`` process that has imported the bots once, and each leaves when its server is gone.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..core import GameRecord, View
from . import players, replays
from .players import HintAnswer
from .scheduling import ANYONE, Asker, FairSlots

NICE = 10  # added to a light worker's niceness
HEAVY_SHARE = 0.5  # the most of its time a heavy worker spends thinking
WATCH_SECONDS = 1.0  # how often a worker checks that its server is still there
log = logging.getLogger("wizardcards.server")

_executors: dict[tuple[int, bool], ProcessPoolExecutor] = {}  # (processes, heavy): the pool


def _start_worker(server: int, heavy: bool) -> None:
    try:
        if heavy and hasattr(os, "sched_setscheduler"):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        else:
            os.nice(NICE)
    except OSError:  # not allowed here: the worker runs at the server's priority
        pass
    threading.Thread(target=_exit_with, args=(server,), daemon=True).start()


def _exit_with(server: int) -> None:
    """A worker whose server is gone (killed: no shutdown reached the pool) leaves too, instead of waiting forever."""
    while True:
        time.sleep(WATCH_SECONDS)
        try:
            os.kill(server, 0)
        except (ProcessLookupError, PermissionError):  # PermissionError: another user's process took the number
            players.close_engines()  # os._exit runs no finalizer: the outside engines would outlive the server
            os._exit(0)


def _ready() -> None:
    return None


def _executor(processes: int, heavy: bool) -> ProcessPoolExecutor:
    executor = _executors.get((processes, heavy))
    if executor is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["wizardcards.server.players"])
        executor = _executors[processes, heavy] = ProcessPoolExecutor(
            processes, mp_context=context, initializer=_start_worker, initargs=(os.getpid(), heavy))
    return executor


def _shutdown() -> None:
    for executor in _executors.values():
        executor.shutdown(wait=False, cancel_futures=True)


atexit.register(_shutdown)


class BotWorkers:
    """A server's two pools: ``workers`` light processes (default: the CPU count) and ``workers - 1`` heavy ones."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.heavy_workers = max(1, self.workers - 1)
        self._light_slots = FairSlots(self.workers)  # each: one question at a light worker
        self._heavy_slots = FairSlots(self.heavy_workers)  # each: one heavy decision, then its rest

    async def warm_up(self) -> None:
        """Start the light workers now (each imports the bots once), so the first bots need not wait for them."""
        await asyncio.gather(*(self._run(False, _ready) for _ in range(self.workers)))

    async def decide(self, spec: str, view: View, seed: int, asker: Asker = ANYONE, command: str | None = None) -> int:
        """The bot ``spec``'s decision at ``view``, once the question's turn has come (``asker``: whose it is);
        ``command``: the operator's command of an engine's spec (``engine:NAME``)."""
        return int(await self._ask(spec, asker, players.decide, spec, view, seed, command))

    async def decide_drawing(self, spec: str, view: View, rng: random.Random, asker: Asker = ANYONE,
                             command: str | None = None) -> tuple[int, random.Random]:
        """``decide`` drawing from the seat's stream ``rng`` (``players.decide_drawing``): the action, and the
        stream after it (the worker drew from a copy)."""
        action, after = await self._ask(spec, asker, players.decide_drawing, spec, view, rng, command)
        return int(action), after

    async def _ask(self, spec: str, asker: Asker, function: Any, *args: Any) -> Any:
        if not players.is_heavy(spec):
            async with self._light_slots.held(asker):
                return await self._run(False, function, *args)
        await self._heavy_slots.acquire(asker)
        started = time.monotonic()
        try:
            action = await self._run(True, function, *args)
        except BaseException:
            self._heavy_slots.release()
            raise
        # the answer goes back at once; the slot stays taken for the rest
        rest = (time.monotonic() - started) * (1 / HEAVY_SHARE - 1)
        asyncio.get_running_loop().call_later(rest, self._heavy_slots.release)
        return action

    async def hint(self, view: View, seq: int, asker: Asker = ANYONE) -> HintAnswer:
        async with self._light_slots.held(asker):
            answer: HintAnswer = await self._run(False, players.hint_values, view, seq)
        return answer

    async def replay(self, record: GameRecord, table_id: str) -> bytes:
        """A finished game's replay as served (``replays.replay_body``), built in a light worker: a long game's takes
        about a second of CPU, which in the server's own process would hold up its event loop."""
        body: bytes = await self._run(False, replays.replay_body, record, table_id)
        return body

    async def _run(self, heavy: bool, function: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        processes = self.heavy_workers if heavy else self.workers
        try:
            return await loop.run_in_executor(_executor(processes, heavy), function, *args)
        except BrokenProcessPool:  # a worker died (killed, out of memory): a fresh pool, and the question once more
            log.warning("a bot worker process died: starting a new pool")
            _executors.pop((processes, heavy), None)
            return await loop.run_in_executor(_executor(processes, heavy), function, *args)
