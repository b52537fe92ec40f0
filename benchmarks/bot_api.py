"""An outside bot at the server (issue 27, item 2): a bot account played by the client library with an engine
completes ``--games`` games while human tables play beside it; their round trip is measured alone, then with the bot.

    python benchmarks/bot_api.py [--games 1000] [--tables 20] [--rate 200] [--seconds 10] [--concurrent 8]
                                 [--engine "python3 examples/engine_random.py"] [--limit NAME=VALUE ...]

Starts ``wizard serve`` on a fresh SQLite file with a bot account made in its database (as ``wizard bot-account``
does), and ``python -m wizardcards.client --engine CMD --games N`` as a process of its own. The human tables are
``benchmarks/server_load.py``'s (``--tables`` tables of four seats, each seat a WebSocket from an address of its
own, paced to ``--rate`` actions a second in all, long games that do not end meanwhile), measured by its own code
(``play_table``: the time from an action sent to the view it produced). Phase one: ``--seconds`` without the bot.
Phase two: from the first bot game until the bot has finished ``--games`` games: a feeder (a host at its own
address) keeps ``--concurrent`` tables waiting for or playing with the bot: each a host's seat (it says hello and
leaves once the game starts, so a stand-in plays it), the bot's seat (invited by name) and two random bots, at
``bot_pace`` 0.

It prints each phase's p50/p99 round trip, the ratio p99 with the bot / p99 alone, the bot's games, its games per
second, and its protocol errors (the client's count of messages the server refused: the target is 0).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from server_load import (  # noqa: E402  (the sibling benchmark's measuring code)
    Phase,
    Run,
    create_table,
    free_port,
    percentile,
    play_table,
    run_clients,
    server_has_seq,
    stop_server,
)

from wizardcards.server import bot_accounts as B  # noqa: E402
from wizardcards.server.db import make_engine, upgrade  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LONG = {"schedule": "custom", "custom_hand_sizes": [12] * 40}  # the human tables play on through both phases
SHORT = {"schedule": "custom", "custom_hand_sizes": [2, 3]}  # the bot's games: a few dozen decisions each
BOT = "Benchbot"
STALL = 60.0  # seconds without a finished game: the bot's phase is stuck
FEEDER = "127.2.0.1"
LOOSE = ["tables_per_minute=1000000", "unfinished_tables_per_client=1000000", "unfinished_tables_per_network=1000000",
         "joins_per_minute=1000000", "joins_per_minute_per_network=1000000", "hellos_per_minute=1000000",
         "connections_per_minute=1000000", "connections_per_client=100000", "connections_per_network=100000",
         "bot_requests_per_minute=1000000", "max_unfinished_tables=100000"]


async def feed(base: str, port: int, games: int, concurrent: int, done: list[str], stop: asyncio.Event,
               created: list[float]) -> None:
    """Keep ``concurrent`` tables for the bot until ``games`` were made: each created, the bot invited, the host's
    host's hello said and its socket closed once the game started (a stand-in plays the host's seat: grace 0)."""
    hosts: set[asyncio.Task[None]] = set()

    body = {"game": "wizard", "players": 4, "options": SHORT, "visibility": "public", "bot_pace": 0,
            "grace_seconds": 0, "hints": False,
            "seats": [{"name": "Host", "claimed": True}, {"name": "Bot"}, {"name": "r1", "bot": "random"},
                      {"name": "r2", "bot": "random"}]}
    transport = httpx.AsyncHTTPTransport(local_address=FEEDER)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as http:
        while len(created) < games and not stop.is_set():
            if len(created) - len(done) >= concurrent:
                await asyncio.sleep(0.01)
                continue
            answer = await http.post("/tables", json=body)
            answer.raise_for_status()
            table = answer.json()
            token = table["seats"][0]["token"]
            invited = await http.post(f"/tables/{table['id']}/seats/1/invite-account", json={"name": BOT},
                                      headers={"Authorization": f"Bearer {token}"})
            invited.raise_for_status()
            hosts.add(asyncio.create_task(host(port, token)))
            created.append(time.perf_counter())
    await asyncio.gather(*hosts, return_exceptions=True)


async def host(port: int, token: str) -> None:
    """The host's hello, held until the game starts (the bot said hello too); then it leaves, and after the grace
    period (0) a stand-in plays its seat."""
    from server_load import ws_connect

    ws = await ws_connect(port, FEEDER)
    try:
        await ws.send(json.dumps({"type": "hello", "id": "h", "token": token}))
        async with asyncio.timeout(120):
            async for raw in ws:
                frame = json.loads(raw)
                if frame["type"] == "view" and frame["status"] != "waiting":
                    return
    finally:
        await ws.close()


async def bot_phase(base: str, port: int, args: argparse.Namespace, token: str, run: Run) -> dict[str, Any]:
    client = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "wizardcards.client", "--server", base, "--engine", args.engine,
        "--games", str(args.games), "--concurrent", str(args.concurrent + 4), *(["-v"] if args.client_log else []),
        env={**os.environ, "WIZARDCARDS_BOT_TOKEN": token, "PYTHONPATH": str(ROOT / "src")},
        stdout=asyncio.subprocess.PIPE,
        stderr=open(args.client_log, "wb") if args.client_log else asyncio.subprocess.PIPE)  # noqa: SIM115
    assert client.stdout is not None
    done: list[str] = []
    created: list[float] = []
    stop = asyncio.Event()
    feeder = asyncio.create_task(feed(base, port, args.games, args.concurrent, done, stop, created))
    feeder.add_done_callback(lambda task: task.cancelled() or task.exception() is None or print(
        f"the feeder failed: {task.exception()!r}", file=sys.stderr, flush=True))
    summary = ""
    started = time.perf_counter()
    while True:
        try:
            line = (await asyncio.wait_for(client.stdout.readline(), STALL)).decode()
        except TimeoutError:  # no game finished for a minute: stuck (the figures below say how far it got)
            print(f"the bot finished no game for {STALL:g} s: stopped", file=sys.stderr, flush=True)
            client.kill()
            break
        if not line:
            break
        if line.startswith("game "):
            done.append(line)
            if len(done) % 100 == 0:
                print(f"the bot: {len(done)} games", file=sys.stderr, flush=True)
        elif " games, " in line:
            summary = line.strip()
    stop.set()
    for problem in await asyncio.gather(feeder, return_exceptions=True):
        if isinstance(problem, BaseException):
            print(f"the feeder failed: {problem!r}", file=sys.stderr)
    await client.wait()
    errors = (await client.stderr.read()).decode() if client.stderr is not None else ""
    return {"games": len(done), "seconds": time.perf_counter() - started, "summary": summary,
            "returncode": client.returncode, "stderr": errors[-2000:]}


async def drive(base: str, port: int, args: argparse.Namespace, token: str, tables: list[dict[str, Any]],
                tokens: list[list[str]], run: Run) -> dict[str, Any]:
    clock = time.perf_counter
    interval = len(tables) / args.rate if args.rate else 0.0
    plays = [asyncio.create_task(play_table(n, port, tokens[n], run, random.Random(n), interval))
             for n in range(len(tables))]
    deadline = clock() + 30.0
    while run.ready < len(tables) and clock() < deadline:
        await asyncio.sleep(0.05)
    alone, with_bot = run.phases
    alone.start = clock()
    alone.end = with_bot.start = alone.start + args.seconds
    with_bot.end = run.stop_at = with_bot.start + args.max_seconds
    run.started.set()
    print(f"{run.ready} of {len(tables)} human tables connected: {args.seconds:g} s alone, then the bot",
          file=sys.stderr, flush=True)
    await asyncio.sleep(args.seconds)
    bot = await bot_phase(base, port, args, token, run)
    with_bot.end = run.stop_at = clock()
    await asyncio.wait(plays, timeout=5.0)
    for task in plays:
        task.cancel()
    await asyncio.gather(*plays, return_exceptions=True)
    return bot


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rate", type=float, default=200.0, help="the human tables' actions a second, in all")
    parser.add_argument("--seconds", type=float, default=10.0, help="the phase without the bot")
    parser.add_argument("--max-seconds", type=float, default=3600.0, help="the longest the bot's phase may last")
    parser.add_argument("--concurrent", type=int, default=8, help="the bot's games at once")
    parser.add_argument("--engine", default=f"{sys.executable} {ROOT / 'examples' / 'engine_random.py'}")
    parser.add_argument("--limit", action="append", default=[])
    parser.add_argument("--client-log", default=None, help="write the client's log (-v) to this file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{directory}/bots.sqlite3"
        engine = make_engine(url)
        upgrade(engine)
        token = B.create_bot(engine, BOT, None)["token"]
        engine.dispose()
        port = free_port()
        command = [sys.executable, "-m", "wizardcards.cli", "serve", "--port", str(port), "--db", url,
                   "--bot-pace", "0"]
        for limit in LOOSE + args.limit:
            command += ["--limit", limit]
        with open(Path(directory) / "server.log", "wb") as log:
            server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                      env={**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT / "src")})
            base = f"http://127.0.0.1:{port}"
            try:
                with_seq = server_has_seq(base, server, directory)
                tables, tokens = [], []
                for n in range(args.tables):
                    body = {"game": "wizard", "players": 4, "options": LONG, "visibility": "public",
                            "seats": [{"name": f"P{s}", "claimed": True} for s in range(4)]}
                    table, seat_tokens = create_table(base, f"127.1.{n}.1", body)
                    tables.append(table)
                    tokens.append(seat_tokens)
                run = Run([Phase("alone"), Phase("with the bot")], with_seq=with_seq)
                bot = run_clients(drive(base, port, args, token, tables, tokens, run))
            finally:
                stop_server(server)
    alone, with_bot = run.phases
    for phase in run.phases:
        print(f"{phase.name:>13}: {phase.accepted:6d} actions in {phase.end - phase.start:6.1f} s, round trip p50 "
              f"{percentile(phase.latencies, 0.5):6.1f} ms, p99 {percentile(phase.latencies, 0.99):6.1f} ms, "
              f"errors {phase.errors}, stalled tables {len(phase.stalled)}")
    print(f"the bot: {bot['games']} games in {bot['seconds']:.1f} s ({bot['games'] / max(bot['seconds'], 1e-9):.1f} "
          f"a second); client: {bot['summary'] or bot['stderr']}")
    ratio = percentile(with_bot.latencies, 0.99) / percentile(alone.latencies, 0.99)
    print(f"human p99 with the bot / alone: {ratio:.2f} (target: p99 < 50 ms with the bot)")
    return 0 if bot["returncode"] == 0 and bot["games"] == args.games else 1


if __name__ == "__main__":
    sys.exit(main())
