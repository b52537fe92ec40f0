"""``wizard bench server:CMD``: the Wizard benchmark played through the server, the agent a bot account (issue 27,
item 3; docs/benchmark.md, "Through the server").

The agent is a program that plays a bot account over the bot API (docs/bot-api.md): ``python -m wizardcards.client
--bot SPEC`` or ``--engine CMD``, or any program of the author's, in any language. The bench is the **operator of a
server of its own**: it runs the server of ``wizard serve`` (``server.app.create_app`` under uvicorn) in this process,
on a free port of the loopback (127.0.0.1), on a fresh SQLite database in a temporary folder that goes away with the
run; it makes a bot account there (``server.bot_accounts.create_bot``, as ``wizard bot-account`` does) and starts
CMD with the server's address and the account's token in the environment (``WIZARDCARDS_SERVER``,
``WIZARDCARDS_BOT_TOKEN``; the client library reads both). Then for each game of the benchmark (``bench.py``: the
same deal sets, seat rotations and opponents as a local run) it creates a table with the deal's seed, the reference
opponents as the server's own bots in the other seats and the agent's seat invite-only, and invites the bot account
into it: the program hears of it on its event stream, accepts, opens the seat's WebSocket and plays the game through
the protocol, as it would at any server.

**Why a server of its own.** A fixed deal set is a list of known seeds, and a known seed reveals every hand: a table
must never take its seed from a request. No route of the server names a seed (``TableManager.create`` draws one; its
``seed`` keyword is for Python callers in the server's own process, i.e. this module), and the server has no
operator credential that a remote bench could present. So the bench plays at the server it starts, where it is the
operator by construction; the author's program reaches it on the loopback only.

**The same figures as a local run.** Game ``g`` of a (size, opponent) tournament is the arena's game ``g``
(``match.py``): the deal's seed ``derive_seed(seed, "deal", g // N)``, the agent in seat ``g % N``, and each seat's
bot drawing from ``random.Random(derive_seed(seed, "bot", g, entry))`` for the whole game (``LiveTable.seat_rngs``:
the server's worker draws from the seat's stream and hands it back), where a table of the server otherwise draws a
fresh seed per decision. The server's bots decide from the ``View`` alone, as the arena's do, and the bot client
builds the very ``View`` from the protocol (``client.view_from_json``), so an agent that is deterministic given its
view (``rulebased``, any engine that ignores its seed) scores exactly what it scores locally; an agent that draws
from its own rng (``random``, the search bots) draws from the client's rng, not the arena's, and agrees within the
intervals only (tested, both ways).

**Timing and forfeits.** The time of a decision is measured at the server: from the moment the table sent the view
that asked for it (the previous decision accepted, or the game's start) to the moment the bot's action arrived
(``LiveTable.on_accept``): the round trip through the network and the client included. The agent's seat has the
server's turn timer (``--move-seconds``, default ``MOVE_SECONDS``): a decision not answered in time is played by the
server's stand-in (``rulebased``, from the seat's stream, as the arena's stand-in plays an engine's forfeit), and
counts as a forfeit; so does every decision the stand-in plays after the program's connection has been gone for as
long. Unlike the arena (which asks a failed engine nothing more that game), the server asks the bot again at its
next decision. A program that exits, declines an invitation for another reason than ``later`` (busy: it is invited
again), or does not take its seat within ``JOIN_SECONDS`` of an invitation, stops the run.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import random
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .match import GameResult, TournamentConfig, deal_index, derive_seed, seat_entries, summarise

SERVER_PREFIX = "server:"
AGENT_NAME = "Benchmarked"
"""The bot account's name at the bench's server (a bot's name may not start with one of the server's bots')."""
MOVE_SECONDS = 15.0
"""The agent's turn timer: a program's first decision of a game may include starting an engine (``engine.py``
waits ``START_SECONDS`` = 10 for that), and a busy machine's scheduler."""
JOIN_SECONDS = 60.0
"""How long an invitation waits for the program to take its seat (accept, connect, say hello)."""
LIMITS = {
    "hellos_per_minute": 1_000_000, "connections_per_minute": 1_000_000, "connections_per_client": 10_000,
    "connections_per_network": 10_000, "bot_requests_per_minute": 1_000_000, "max_connections": 10_000,
    "table_loads_per_minute": 1_000_000,
}
"""The bench's server serves one program on the loopback: the per-client limits of a public server would only slow
a long run down (one hello, one accept and one WebSocket a game)."""

Progress = Callable[[int], None]


class BenchServerError(RuntimeError):
    """The run cannot go on: the program exited, or did not take its seat in time."""


def is_server_agent(agent: str) -> bool:
    return agent.startswith(SERVER_PREFIX)


def client_command(agent: str) -> list[str]:
    """The program of ``server:CMD`` as an argument list (``ValueError`` for none)."""
    command = shlex.split(agent[len(SERVER_PREFIX):])
    if not command:
        raise ValueError("server:CMD names the program that plays the bot account, e.g. "
                         "server:python -m wizardcards.client --bot rulebased")
    return command


def play_through_server(
    configs: Sequence[TournamentConfig], command: Sequence[str], tables_at_once: int = 2,
    move_seconds: float = MOVE_SECONDS, progress: Progress | None = None,
) -> list[tuple[TournamentConfig, list[GameResult], float]]:
    """Every game of every tournament of ``configs`` (entry 0 the agent) at the bench's own server, ``tables_at_once``
    at a time, with ``command`` playing the bot account: per tournament, its results and the seconds it took."""
    return asyncio.run(_play(list(configs), list(command), max(1, tables_at_once), move_seconds,
                             progress or (lambda done: None)))


def _tail(path: Path, lines: int = 20) -> str:
    try:
        text = path.read_text(errors="replace").strip().splitlines()
    except OSError:
        return ""
    return ("; its output ends: " + " | ".join(text[-lines:])) if text else ""


async def _play(configs: list[TournamentConfig], command: list[str], at_once: int, move_seconds: float,
                progress: Progress) -> list[tuple[TournamentConfig, list[GameResult], float]]:
    import uvicorn

    from ..server import invitations as I
    from ..server import protocol as P
    from ..server.app import create_app
    from ..server.bot_accounts import create_bot
    from ..server.limits import Limits

    folder = tempfile.mkdtemp(prefix="wizard-bench-")
    try:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        app = create_app(url, limits=dataclasses.replace(Limits(), **LIMITS), bot_workers=at_once, bot_pace=0.0)
        listening = socket.socket()
        listening.bind(("127.0.0.1", 0))
        base = f"http://127.0.0.1:{listening.getsockname()[1]}"
        server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws_max_size=16 * P.MAX_MESSAGE_BYTES,
                                               ws_per_message_deflate=False, timeout_graceful_shutdown=5))
        serving = asyncio.create_task(server.serve(sockets=[listening]))
        client: asyncio.subprocess.Process | None = None
        log_path = Path(folder) / "client.log"
        try:
            while not server.started:
                if serving.done():
                    serving.result()
                    raise BenchServerError("the bench's server did not start")
                await asyncio.sleep(0.02)
            manager = app.state.manager
            engine = manager.storage.engine
            token = (await asyncio.to_thread(create_bot, engine, AGENT_NAME, None, "bench"))["token"]
            found = await asyncio.to_thread(I.find_account, engine, AGENT_NAME)
            assert found is not None
            account_id = found[0]
            warming = asyncio.create_task(manager.workers.warm_up())  # while the program starts
            env = {**os.environ, "WIZARDCARDS_SERVER": base, "WIZARDCARDS_BOT_TOKEN": token}
            with open(log_path, "wb") as log:
                try:
                    client = await asyncio.create_subprocess_exec(*command, stdin=subprocess.DEVNULL, stdout=log,
                                                                  stderr=subprocess.STDOUT, env=env)
                except OSError as error:
                    raise BenchServerError(f"cannot start {shlex.join(command)}: {error}") from None
            running = client
            await warming

            def check() -> None:  # between the moves of every game: the program and the server still there
                if running.returncode is not None:
                    raise BenchServerError(f"the bot's program exited ({running.returncode}){_tail(log_path)}")
                if serving.done():
                    raise BenchServerError("the bench's server stopped")

            async def one_game(config: TournamentConfig, index: int) -> GameResult:
                return await _one_game(manager, account_id, config, index, move_seconds, check, log_path)

            out = []
            for config in configs:
                started = time.perf_counter()
                jobs = iter(range(config.games))
                results: list[GameResult] = []

                async def worker(config: TournamentConfig = config, jobs: Any = jobs,
                                 results: list[GameResult] = results) -> None:
                    for index in jobs:
                        results.append(await one_game(config, index))
                        progress(1)

                await asyncio.gather(*(worker() for _ in range(min(at_once, config.games))))
                results.sort(key=lambda r: r.index)
                out.append((config, results, time.perf_counter() - started))
            return out
        finally:
            if client is not None and client.returncode is None:
                client.terminate()
                try:
                    await asyncio.wait_for(client.wait(), 10)
                except TimeoutError:
                    client.kill()
                    await client.wait()
            server.should_exit = True
            try:
                await asyncio.wait_for(serving, 60)
            except Exception:  # a server that does not stop in time is left to the process's end
                pass
            if server.started:
                app.state.manager.storage.engine.dispose()
    finally:  # the database's files, and the program's output
        shutil.rmtree(folder, ignore_errors=True)


def _declined(engine: Any, invitation_id: str) -> str | None:
    """The reason the bot declined the invitation with, None while it has not."""
    from sqlalchemy import select

    from ..server.db import InvitationRow

    with engine.connect() as db:
        row = db.execute(select(InvitationRow.declined_at, InvitationRow.reason).where(
            InvitationRow.id == invitation_id)).first()
    return None if row is None or row[0] is None else str(row[1] or "generic")


def _forget_actions(engine: Any, table_id: str) -> None:
    """A finished game's decisions out of the bench's database (its result is taken from the table in memory): a
    whole deal set is some 20 million of them per opponent, gigabytes the temporary folder would otherwise hold."""
    from sqlalchemy import delete

    from ..server.db import ActionRow

    with engine.begin() as db:
        db.execute(delete(ActionRow).where(ActionRow.table_id == table_id))


async def _one_game(manager: Any, account_id: str, config: TournamentConfig, index: int, move_seconds: float,
                    check: Callable[[], None], log_path: Path) -> GameResult:
    """Game ``index`` of ``config`` at the bench's server, the bot account in the agent's seat."""
    n = config.seats
    entries = seat_entries(index, n)
    agent_seat = entries.index(0)
    deal = deal_index(index, n, config.duplicate)
    streams = {seat: random.Random(derive_seed(config.seed, "bot", index, entries[seat])) for seat in range(n)}
    seats: list[tuple[str, str | None]] = [
        (AGENT_NAME, None) if seat == agent_seat else (config.bots[entries[seat]], config.bots[entries[seat]])
        for seat in range(n)]
    table, _, _ = await manager.create(
        config.rules, seats, turn_seconds=move_seconds, grace_seconds=move_seconds, hints=False, bot_pace=0.0,
        visibility="private", seed=derive_seed(config.seed, "deal", deal), seat_rngs=streams)
    moves, think, longest, forfeits, errors = [0] * n, [0.0] * n, [0.0] * n, [0] * n, [""] * n
    over = asyncio.Event()

    def accepted(seat: int, took: float, stand_in: str | None) -> None:
        moves[seat] += 1
        think[seat] += took
        longest[seat] = max(longest[seat], took)
        if stand_in is not None:
            forfeits[seat] += 1
            errors[seat] = errors[seat] or (
                f"no answer within --move-seconds {move_seconds:g}" if stand_in == "timeout"
                else f"the bot's connection was gone for {move_seconds:g} s")
        if table.state.is_terminal():
            over.set()

    table.on_accept = accepted
    engine = manager.storage.engine
    invitation = await manager.invite_bot(table, agent_seat, account_id)
    loop = asyncio.get_running_loop()
    deadline = asked = loop.time()
    deadline += JOIN_SECONDS
    while table.status == "waiting":
        check()
        if loop.time() > deadline:
            raise BenchServerError(f"the bot did not take its seat within {JOIN_SECONDS:g} s of the invitation"
                                   f"{_tail(log_path)}")
        if loop.time() - asked >= 0.5 and table.invites:  # not accepted yet: declined?
            asked = loop.time()
            reason = await asyncio.to_thread(_declined, engine, invitation)
            if reason == "later":  # busy with as many games as it plays at once: asked again, with time to finish
                await asyncio.sleep(0.5)
                invitation = await manager.invite_bot(table, agent_seat, account_id)
                deadline = loop.time() + JOIN_SECONDS
            elif reason is not None:
                raise BenchServerError(f"the bot declined its seat ({reason}){_tail(log_path)}")
        await asyncio.sleep(0.02)
    while not over.is_set():  # a program that exits mid-game stops the run (not thousands of stand-in games)
        check()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(over.wait(), 0.5)
    state = table.state
    await asyncio.to_thread(_forget_actions, manager.storage.engine, table.id)
    result = summarise(state, index, deal, entries, len(state.history))
    per_entry = result.seat_of
    return dataclasses.replace(
        result, forfeits=tuple(forfeits[s] for s in per_entry), engine_errors=tuple(errors[s] for s in per_entry),
        moves=tuple(moves[s] for s in per_entry), think_seconds=tuple(think[s] for s in per_entry),
        think_max=tuple(longest[s] for s in per_entry))


__all__ = ["AGENT_NAME", "JOIN_SECONDS", "MOVE_SECONDS", "SERVER_PREFIX", "BenchServerError", "client_command",
           "is_server_agent", "play_through_server"]
