"""The limits' counts in this process's memory, swept without a thread of their own (``SweptMemoryStorage``).

The ``limits`` library's ``MemoryStorage`` drops expired counts from a ``threading.Timer``: a hit that finds the last
timer done starts a new thread (``Thread.start`` waits until that thread has run, so the event loop waits for the
operating system to schedule it), and 10 ms later that thread walks every key under the GIL. A flood of new
connections hits the limits hundreds of times a second, so the loop that every table's messages wait for started a
thread for nearly each of them, and shared the GIL with a sweep over every address seen in the last minute. Here the
sweep is done by the hits themselves, a bounded slice of the keys at a time, at most every ``SWEEP_SECONDS``: no
thread, and no pause longer than ``SWEEP_KEYS`` keys' worth. It also forgets a key whose events have all expired
(the library keeps its empty list, one per address ever seen).
"""

from __future__ import annotations

import bisect
import time

from limits.storage import MemoryStorage

SWEEP_SECONDS = 0.05  # a hit sweeps at most this often
SWEEP_KEYS = 256  # keys looked at by one sweep: a full pass over N keys takes N / 256 sweeps


class SweptMemoryStorage(MemoryStorage):
    """``MemoryStorage`` whose expired entries are dropped by the hits, a slice of the keys at a time."""

    def __init__(self) -> None:
        super().__init__()  # its one timer sweeps the empty storage once and ends
        self._to_sweep: list[str] = []
        self._next_sweep = 0.0

    # MemoryStorage calls ``self.__schedule_expiry()`` at every hit: that name, mangled, is overridden here
    def _MemoryStorage__schedule_expiry(self) -> None:
        now = time.monotonic()
        if now < self._next_sweep:
            return
        self._next_sweep = now + SWEEP_SECONDS
        if not self._to_sweep:
            self._to_sweep = list({*self.events, *self.expirations})
        batch, self._to_sweep = self._to_sweep[-SWEEP_KEYS:], self._to_sweep[:-SWEEP_KEYS]
        self.sweep(batch)

    def sweep(self, keys: list[str]) -> None:
        """Drop the expired events and counters of ``keys``, and the keys left with nothing."""
        wall = time.time()
        for key in keys:
            with self.locks[key]:
                if events := self.events.get(key):  # newest first: the live ones are a prefix
                    live = bisect.bisect_left(events, -wall, key=lambda event: -event.expiry)
                    if live < len(events):
                        del events[live:]
                if key in self.events and not self.events[key]:
                    del self.events[key]
                if self.expirations.get(key, wall + 1) <= wall:
                    self.storage.pop(key, None)
                    del self.expirations[key]
            if key not in self.events and key not in self.expirations:
                self.locks.pop(key, None)


__all__ = ["SWEEP_KEYS", "SWEEP_SECONDS", "SweptMemoryStorage"]
