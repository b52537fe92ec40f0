"""The limits' counts in memory (server/limit_memory.py): counted as the ``limits`` library counts them, swept by the
hits themselves, never by a thread the event loop has to start and wait for."""

from __future__ import annotations

import threading
import time

import pytest
from limits import RateLimitItemPerSecond
from limits.strategies import MovingWindowRateLimiter

from wizardcards.server import limit_memory
from wizardcards.server.limit_memory import SweptMemoryStorage
from wizardcards.server.limits import ClientLimits, Limits, RateLimitedError


def test_a_flood_of_hits_starts_no_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The library's MemoryStorage started a threading.Timer at a hit whenever its last one had run out (10 ms):
    under a flood of connections, nearly one thread per hit, each start waited for by the event loop."""
    limits = ClientLimits(Limits())
    started: list[threading.Thread] = []
    real_start = threading.Thread.start
    monkeypatch.setattr(threading.Thread, "start", lambda self: (started.append(self), real_start(self))[1])
    for n in range(60):
        limits.hit("connections", f"127.3.{n // 4}.{n % 4 + 1}")
        time.sleep(0.002)  # over the library's 10 ms timer now and then
    assert started == []


def test_counts_as_the_library_counts() -> None:
    limiter = MovingWindowRateLimiter(SweptMemoryStorage())
    two_a_second = RateLimitItemPerSecond(2, 1)
    assert [limiter.hit(two_a_second, "a") for _ in range(3)] == [True, True, False]
    assert limiter.hit(two_a_second, "b")  # another key counts apart
    time.sleep(1.05)
    assert [limiter.hit(two_a_second, "a") for _ in range(3)] == [True, True, False]


def test_the_hits_sweep_expired_keys_away(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limit_memory, "SWEEP_SECONDS", 0.0)  # every hit sweeps
    monkeypatch.setattr(limit_memory, "SWEEP_KEYS", 8)
    storage = SweptMemoryStorage()
    limiter = MovingWindowRateLimiter(storage)
    one_a_second = RateLimitItemPerSecond(1, 1)
    for n in range(20):
        limiter.hit(one_a_second, f"old-{n}")
    assert len([key for key in storage.events if "old-" in key]) == 20  # live for a second
    time.sleep(1.05)
    for _ in range(10):  # ten hits of a live key sweep 8 keys each: every old key is looked at
        limiter.hit(RateLimitItemPerSecond(100, 1), "live")
    assert [key for key in storage.events if "old-" in key] == []
    assert not any("old-" in key for key in storage.locks)
    assert limiter.hit(one_a_second, "old-0")  # a forgotten key counts afresh


def test_client_limits_still_refuse_past_the_limit() -> None:
    limits = ClientLimits(Limits(connections_per_minute=3))
    for _ in range(3):
        limits.hit("connections", "127.9.0.1")
    with pytest.raises(RateLimitedError, match="at most 3 connections opened a minute"):
        limits.hit("connections", "127.9.0.1")
    limits.hit("connections", "127.9.0.2")  # another address is not held up
