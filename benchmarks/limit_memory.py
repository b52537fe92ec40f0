"""The server's rate limits in memory under a flood of new clients: ``SweptMemoryStorage`` (server/limit_memory.py)
against the ``limits`` library's ``MemoryStorage``, side by side in one run.

    python benchmarks/limit_memory.py [--seconds 5] [--rate 400] [--rounds 3]

Each storage backs a ``ClientLimits`` in an asyncio loop that counts ``--rate`` new connections a second, each from
an address of its own (as ``server_load.py --hostile fd-flood`` opens them), while a ticker in the same loop wakes
every millisecond and records how late it woke: the wait that a table's message would have had. The library's
storage starts a thread at a hit whenever its last timer has run out, and the loop waits for that thread to start;
the timer then sweeps every key under the GIL. Printed per storage: threads started, CPU seconds of the process,
and the ticker's lateness p50 / p99 / max; then the ratios (library / ours) of the p99 and of the CPU. The rounds
alternate the two storages, so that what else the machine does falls on both.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import threading
import time
from typing import Any

from limits.storage import MemoryStorage

from wizardcards.server import limits as server_limits
from wizardcards.server.limit_memory import SweptMemoryStorage


async def flood(storage_class: type, seconds: float, rate: float) -> dict[str, Any]:
    server_limits.SweptMemoryStorage = storage_class  # type: ignore[attr-defined,misc]  # the storage ClientLimits makes
    limits = server_limits.ClientLimits(server_limits.Limits())
    started = threading.Thread.start
    threads = 0

    def counting_start(self: threading.Thread) -> None:
        nonlocal threads
        threads += 1
        started(self)

    threading.Thread.start = counting_start  # type: ignore[method-assign]
    late: list[float] = []
    stop_at = time.perf_counter() + seconds

    async def ticker() -> None:
        while time.perf_counter() < stop_at:
            due = time.perf_counter() + 0.001
            await asyncio.sleep(0.001)
            late.append(time.perf_counter() - due)

    async def clients() -> None:
        n = 0
        while time.perf_counter() < stop_at:
            for _ in range(max(1, int(rate / 100))):  # a hundredth of a second's clients at once
                address = f"127.{3 + n // 62500}.{n // 250 % 250}.{n % 250 + 1}"
                for kind in ("connections", "hellos"):
                    try:
                        limits.hit(kind, address)
                    except server_limits.RateLimitedError:
                        pass
                n += 1
            await asyncio.sleep(0.01)

    cpu = time.process_time()
    try:
        await asyncio.gather(ticker(), clients())
    finally:
        threading.Thread.start = started  # type: ignore[method-assign]
        server_limits.SweptMemoryStorage = SweptMemoryStorage  # type: ignore[attr-defined,misc]
    late.sort()
    return {"threads": threads, "cpu": time.process_time() - cpu, "p50": statistics.median(late),
            "p99": late[int(len(late) * 0.99)], "max": late[-1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rate", type=float, default=400.0, help="new clients a second (default 400)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    results: dict[str, list[dict[str, Any]]] = {"library": [], "ours": []}
    for _ in range(args.rounds):
        for name, storage_class in (("library", MemoryStorage), ("ours", SweptMemoryStorage)):
            results[name].append(asyncio.run(flood(storage_class, args.seconds, args.rate)))
    for name, runs in results.items():
        print(f"{name:8} threads started {sum(r['threads'] for r in runs):6}  CPU {sum(r['cpu'] for r in runs):6.2f} s"
              f"  ticker late p50 {statistics.median(r['p50'] for r in runs) * 1000:6.3f} ms"
              f"  p99 {statistics.median(r['p99'] for r in runs) * 1000:6.3f} ms"
              f"  max {max(r['max'] for r in runs) * 1000:7.2f} ms")
    p99 = {name: statistics.median(r["p99"] for r in runs) for name, runs in results.items()}
    cpu = {name: sum(r["cpu"] for r in runs) for name, runs in results.items()}
    print(f"ratio library / ours: p99 lateness {p99['library'] / p99['ours']:.2f}, "
          f"CPU {cpu['library'] / cpu['ours']:.2f}")


if __name__ == "__main__":
    main()
