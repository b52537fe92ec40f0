"""Load on the multiplayer server (issue 7): 50 tables of 4 human seats driven by WebSocket clients on the loopback.

    python benchmarks/server_load.py [--tables 50] [--seconds 8] [--rate 1200] [--db URL] [--port P]

Starts ``wizard serve`` as a subprocess on a fresh SQLite file (or ``--db``), creates the tables, opens 4 connections
per table (200 in all), and has the seat on turn at every table send a random legal action when its view says so,
for ``--seconds``: paced so that the tables together offer ``--rate`` actions per second (default 1,200, above the
1,000 the target names: the latency target is a latency at that load), or with ``--rate 0`` as soon as the view
arrives (a closed loop that saturates the two CPUs the server shares with the clients: the highest rate, and a latency
that is mostly queueing behind the other 49 tables). Reported: accepted actions per second, the 50th and 99th
percentile time from sending an action to receiving the view it produced, errors, and the server's memory per live
table (resident memory after the tables are created and joined, less before, over the tables). Targets on the
reference machine: at least 1,000 actions per second, 99th percentile under 50 ms, no error.

As the project's benchmarks do, it also prints a ratio against a reference measured in the same run: the core engine
alone applying random legal actions of the same games in this process (what the server's rate is made of, less the
protocol, the database commit and the network).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import httpx
from websockets.asyncio.client import connect

from wizardcards.core import find_rules, new_game

T = TypeVar("T")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (independent of what else the machine runs)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def core_rate(seconds: float) -> float:
    """Random legal actions per second of the core alone, on the same rules."""
    rules, rng, done = find_rules("standard", 4), random.Random(1), 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        state = new_game(rules, rng.randrange(2**63))
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            done += 1
    return done / seconds


async def play_table(port: int, table: dict, stop_at: float, rng: random.Random,  # type: ignore[type-arg]
                     latencies: list[float], counts: dict[str, int], interval: float) -> None:
    """Four connections at one table; the seat on turn acts when its view arrives, until time is up.

    With ``interval`` > 0 the table acts at most once per ``interval`` seconds (the load is paced: --rate); with 0 it
    acts as soon as it may (a closed loop that saturates the machine, so latency is then mostly queueing).

    Each connection's own reader handles its frames as they come (no queue or timer per frame): the clients share the
    machine's CPUs with the server, so the less work per frame here, the more the figures measure the server."""
    sockets = [await connect(f"ws://127.0.0.1:{port}/ws", max_size=2**20, compression=None) for _ in table["seats"]]
    sent: dict[int, tuple[float, int]] = {}  # seq the action will produce -> (when sent, by which seat)
    clock = time.perf_counter
    next_send = [clock() + rng.random() * interval]  # tables start spread over one interval

    async def reader(seat: int, ws) -> None:  # type: ignore[no-untyped-def]
        async for raw in ws:
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "error":
                counts["errors"] += 1
                print("error:", frame["code"], frame["message"], file=sys.stderr)
            if kind != "view":
                continue
            now = clock()
            view, seq = frame["view"], frame["seq"]
            if seq in sent and sent[seq][1] == seat:
                latencies.append(now - sent.pop(seq)[0])
                counts["accepted"] += 1
            if view["current_player"] == -4:
                if seat == 0:  # a finished table takes no more load: the figures hold while none has
                    counts["finished"] += 1
                    counts["first_finish"] = min(counts["first_finish"], now)
                return
            if now >= stop_at:
                return
            if frame["status"] == "playing" and view["legal_actions"] and seq + 1 not in sent:
                if interval:
                    delay = next_send[0] - clock()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    next_send[0] = max(next_send[0] + interval, clock())
                sent[seq + 1] = (clock(), seat)
                action = rng.choice(view["legal_actions"])
                await ws.send(json.dumps({"type": "action", "id": f"a{seq}", "action": action}))

    readers = [asyncio.create_task(reader(seat, ws)) for seat, ws in enumerate(sockets)]
    for seat, (ws, info) in enumerate(zip(sockets, table["seats"])):
        await ws.send(json.dumps({"type": "hello", "id": f"h{seat}", "token": info["token"]}))
    try:
        await asyncio.wait(readers, timeout=max(0.0, stop_at - time.perf_counter()),
                           return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in readers:
            task.cancel()
        for ws in sockets:
            await ws.close()


async def drive(port: int, tables: list[dict], seconds: float,  # type: ignore[type-arg]
                rate: float) -> tuple[dict[str, float], list[float]]:
    """Play every table until ``seconds`` are up (or its game is over); counts, times (from the start) and latencies."""
    latencies: list[float] = []
    start = time.perf_counter()
    counts: dict[str, float] = {"accepted": 0, "errors": 0, "finished": 0, "first_finish": float("inf")}
    stop_at = start + seconds
    await asyncio.gather(
        *(play_table(port, t, stop_at, random.Random(n), latencies, counts, len(tables) / rate if rate else 0.0)
          for n, t in enumerate(tables))
    )
    counts["elapsed"] = time.perf_counter() - start
    counts["first_finish"] -= start
    return counts, latencies


def run_clients(main: Coroutine[Any, Any, T]) -> T:
    """Run the clients on uvloop where it is installed (the server extra brings it, and uvicorn runs on it too): the
    clients' event loop costs CPU the server would otherwise have."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=8.0)  # a 4-seat game is 540 decisions: all stay live
    parser.add_argument("--db", default=None)
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("--rate", type=float, default=1200.0,
                        help="actions per second offered over all tables (default 1200, above the 1,000 the target"
                        " names); 0 offers them as fast as the server answers (saturation: the highest rate, and a"
                        " latency that is mostly queueing)")
    args = parser.parse_args()
    directory = tempfile.mkdtemp(prefix="wizardcards-load-")
    url = args.db or f"sqlite:///{directory}/load.sqlite3"
    port = args.port or free_port()
    log = open(Path(directory) / "server.log", "wb")  # noqa: SIM115  (closed after the server stops)
    server = subprocess.Popen(
        [sys.executable, "-m", "wizardcards.cli", "serve", "--port", str(port), "--db", url],
        stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(base + "/protocol.schema.json", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        before = rss_kib(server.pid)
        tables = [
            httpx.post(base + "/tables", json={"game": "wizard", "players": 4}, timeout=30).json()
            for _ in range(args.tables)
        ]
        after_create = rss_kib(server.pid)
        cpu_before = cpu_seconds(server.pid)
        client_cpu = time.process_time()
        # The clients' own collector pauses would count as server latency: keep them out of the measured window.
        gc.freeze()
        gc.set_threshold(10_000, 50, 100)
        counts, latencies = run_clients(drive(port, tables, args.seconds, args.rate))
        accepted, errors = int(counts["accepted"]), int(counts["errors"])
        client_cpu = time.process_time() - client_cpu
        server_cpu = cpu_seconds(server.pid) - cpu_before
        during = rss_kib(server.pid)
        reference = core_rate(3.0)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        log.close()
    rate = accepted / counts["elapsed"]
    latencies.sort()
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000 if latencies else float("nan")
    offered = f"{args.rate:.0f} actions/s offered" if args.rate else "as fast as answered (saturation)"
    print(f"{args.tables} tables x 4 seats, {counts['elapsed']:.1f} s, {offered}, database {url}")
    if counts["finished"]:
        print(f"WARNING: {counts['finished']:.0f} tables finished their game, the first after "
              f"{counts['first_finish']:.1f} s; fewer live tables after that (use fewer --seconds)")
    print(f"accepted actions: {accepted} ({rate:.0f}/s; target >= 1000/s)")
    print(f"send -> view latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms (target p99 < 50 ms); {len(latencies)} measured")
    print(f"errors: {errors} (target 0); server log: {Path(directory) / 'server.log'}")
    print(f"server memory: {before / 1024:.0f} MiB idle, {after_create / 1024:.0f} MiB with the tables, "
          f"{during / 1024:.0f} MiB after play: {(during - before) / args.tables:.0f} KiB per live table")
    load = os.getloadavg()[0]
    print(f"server CPU: {server_cpu:.1f} s, {server_cpu / max(accepted, 1) * 1000:.2f} ms per accepted action "
          f"(at most {accepted / max(server_cpu, 1e-9):.0f} actions/s per core); load average {load:.1f} "
          f"on {os.cpu_count()} CPUs (the clients run on the same machine)")
    print(f"clients' CPU (this process, {4 * args.tables} connections): {client_cpu:.1f} s, "
          f"{client_cpu / max(accepted, 1) * 1000:.2f} ms per accepted action")
    print(f"reference, the core alone: {reference:.0f} actions/s; the server reaches {rate / reference:.4f} of it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
