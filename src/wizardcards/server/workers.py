"""The worker processes that think for bots: every bot decision, stand-in decision and hint of the server.

The event loop only sends a seat's ``View`` to a worker and awaits the answer, so no bot, however strong, holds up
the connections. The workers run at a lower CPU priority (``NICE``) than the server, so on a busy machine the
people's requests are served first. A budget keeps one table of strong bots from slowing the others: a table asks
for one decision at a time (``manager.py``), and search bots of the heavy levels (``players.is_heavy``) never hold
more than ``workers - 1`` workers at once, so the other tables' bots and the hints always find one free.

The process pool is shared by every server of a process (tests start many) and made on first use; its processes are
forked from a clean ``forkserver`` process that has imported the bots once.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from ..core import View
from . import players
from .players import HintAnswer

NICE = 10  # added to a worker's niceness
WATCH_SECONDS = 1.0  # how often a worker checks that its server is still there
T = TypeVar("T")
log = logging.getLogger("wizardcards.server")

_executors: dict[int, ProcessPoolExecutor] = {}


def _start_worker(server: int) -> None:
    try:
        os.nice(NICE)
    except OSError:  # not allowed here: the workers run at the server's priority
        pass
    threading.Thread(target=_exit_with, args=(server,), daemon=True).start()


def _exit_with(server: int) -> None:
    """A worker whose server is gone (killed: no shutdown reached the pool) leaves too, instead of waiting forever."""
    while True:
        time.sleep(WATCH_SECONDS)
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # a process of another user took the number: the server is gone as well
            os._exit(0)


def _ready() -> None:
    return None


def _executor(workers: int) -> ProcessPoolExecutor:
    executor = _executors.get(workers)
    if executor is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["wizardcards.server.players"])
        executor = _executors[workers] = ProcessPoolExecutor(
            workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),))
    return executor


def _shutdown() -> None:
    for executor in _executors.values():
        executor.shutdown(wait=False, cancel_futures=True)


atexit.register(_shutdown)


class BotWorkers:
    """A server's use of the pool: its budget of heavy decisions."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._heavy = asyncio.Semaphore(max(1, self.workers - 1))

    async def warm_up(self) -> None:
        """Start every worker process now (each imports the bots once), so the first bots need not wait for them."""
        await asyncio.gather(*(self._run(_ready) for _ in range(self.workers)))

    async def decide(self, spec: str, view: View, seed: int) -> int:
        if players.is_heavy(spec):
            async with self._heavy:
                return int(await self._run(players.decide, spec, view, seed))
        return int(await self._run(players.decide, spec, view, seed))

    async def hint(self, view: View, seq: int) -> HintAnswer:
        answer: HintAnswer = await self._run(players.hint_values, view, seq)
        return answer

    async def _run(self, function: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(_executor(self.workers), function, *args)
        except BrokenProcessPool:  # a worker died (killed, out of memory): a fresh pool, and the question once more
            log.warning("a bot worker process died: starting a new pool")
            _executors.pop(self.workers, None)
            return await loop.run_in_executor(_executor(self.workers), function, *args)
