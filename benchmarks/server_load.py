"""Load on the multiplayer server (issues 7 and 14): 50 tables of 4 human seats driven by WebSocket clients on the
loopback, first alone and then beside hostile clients, on the same server in the same run.

    python benchmarks/server_load.py [--tables 50] [--seconds 8] [--rate 1200] [--db URL] [--port P]
                                     [--hostile never-read,hello-flood,spam,bots,replay-flood,fill,fd-flood]
                                     [--flood 2] [--bot-tables 3] [--limit NAME=VALUE ...] [--bot-workers N]
                                     [--descriptors N]
    python benchmarks/server_load.py --hostile bot-starve [--seconds 30] [--bot-tables 20] [--starve-addresses 10]
                                     [--hand-size 5] [--starve-seated]

Starts ``wizard serve`` as a subprocess on a fresh SQLite file (or ``--db``), creates the tables, opens 4 connections
per table (200 in all), and has the seat on turn at every table send a random legal action when its view says so:
paced so that the tables together offer ``--rate`` actions per second (default 1,200, above the 1,000 the target
names: the latency target is a latency at that load), or with ``--rate 0`` as soon as the view arrives (a closed loop
that saturates the two CPUs the server shares with the clients: the highest rate, and a latency that is mostly
queueing behind the other 49 tables).

The run has two phases of ``--seconds`` each, with the same tables and connections throughout: **without** hostile
clients, then **with** them. An action counts in the phase in which it was sent. The hostile clients, each from a
loopback address of its own (Linux routes all of 127/8 to the loopback), run in this process beside the ordinary ones:

- ``never-read``: a spectator of table 0 (spectator links are public) that says hello and never reads its socket (a
  raw socket with a 4 KiB receive buffer) but asks for the view again 90 times a second; when the server closes it,
  it connects again;
- ``hello-flood``: ``--flood`` connections sending hellos with unknown tokens, each as soon as the last was answered,
  connecting again whenever the server closes one or refuses it;
- ``spam``: a seat of its own table (three ``rulebased`` bots with it) that chats 50 lines a second and asks for a
  hint at each of its decisions, acting once the hint is answered (or refused);
- ``bots``: ``--bot-tables`` tables of three ``search:level=5`` bots and nobody else, created one after the other;
- ``replay-flood`` (issue 24): four loops of ``GET /tables/{id}/replay`` of the longest game the server allows (60
  rounds of 20 cards at 3 players: 3,780 decisions), each from a loopback address of its own, each asking again as
  soon as answered (as a browser would, with gzip), from a process of their own; the game is played by three
  random bots at ``bot_pace`` 0 before the first phase, and its replay asked for once then.
- ``fill`` (issue 24): 49 addresses of one /24 (127.0.20.1 to .49) create waiting tables nobody joins (the creator's
  seat and two invited ones), each as soon as the last is answered, round robin, an address left out once refused;
  meanwhile three of them play a short game against two bots and ask for its rematch, first as its spectator, then
  as its seat; and a fresh client of another network (127.0.30.1) asks ``POST /tables`` in each quarter of the
  phase. With the default ``max_unfinished_tables`` (2,000) filling takes minutes, so pass a lower one
  (``--limit max_unfinished_tables=200``: the ordinary tables count too).

- ``fd-flood`` (issue 24): spectators of a waiting table of its own, from many addresses (``127.3.x.y``, four to a
  /24 and 20 sockets each: under the per-client and per-network caps), opened 80 at a time and held until the phase
  ends, again and again (half a second after a round of which none was welcomed); meanwhile a fresh client
  (``127.4.0.x``) asks ``POST /tables`` every 0.25 s, waits up to 2 s for each answer (an unanswered one counts) and
  begins none in the phase's last 2 s; the flood holds its sockets until that last answer.
  So that the flood can reach the server's descriptor limit, the server then runs with ``--descriptors`` open files
  (soft and hard; default 1,024 with this mode, the usual soft limit: at 27c8081, 995 spectator sockets from 40
  addresses took them all and a fresh POST got no answer).

``bot-starve`` (issue 24) runs alone, without the 50 tables: a victim's table (a person who plays at once and three
``search:level=5`` bots, ``bot_pace`` 0, so that what is timed is the bots' decisions and not their pace) plays
``--seconds`` alone, then ``--seconds`` more beside ``--bot-tables`` (20) tables of three ``search:level=5`` bots
alone, created from ``--starve-addresses`` (10) addresses of one /24 (two each: ``bot_tables_per_client`` refuses a
third from one address). Every round has ``--hand-size`` cards, so both phases see alike decisions. It prints the
victim's bot decision times (p50/p95/max) and its person's turns a minute in each phase, and the ratio p95 under
attack / p95 alone (target <= 1.5). ``--starve-seated``: the attacker sits at each of its tables and plays at once,
so its questions come before nobody's as the victim's do, and only the round robin over clients (networks) is left
between them.

The ordinary tables connect from addresses of their own too (127.1.0.1 for table 0, 127.1.1.1 for table 1, ...: a
/24 each), so the server's per-client and per-network limits apply to them as they would to 50 groups of players on
the internet, with the server's default limits. ``--limit`` and ``--bot-workers`` are passed to ``wizard serve``
only when given, so the benchmark also runs against the server from before issue 14 (which has neither).

Reported per phase: accepted actions per second, the 50th and 99th percentile time from sending an action to
receiving the view it produced, errors, and **tables stalled**: ordinary tables whose seat on turn waited more than
2 s for the view its action produced (or was still waiting at the end); and what each hostile client got. Also the
server's memory per live table and CPU. Targets on the reference machine, in both phases: at least 1,000 actions per
second, 99th percentile under 50 ms, no error, no table stalled.

As the project's benchmarks do, it also prints a ratio against a reference measured in the same run: the core engine
alone applying random legal actions of the same games in this process (what the server's rate is made of, less the
protocol, the database commit and the network).

The ordinary seats' tokens: the creator's seat (0) is ``"claimed"`` and gets its token in the answer; the others are
invite-only, and each invite is exchanged for a token with ``POST /invites`` (a server that answers with the tokens
themselves, as before issue 14, is read as it is). Actions carry ``"seq"`` where the server's protocol has it.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import functools
import gc
import itertools
import json
import multiprocessing
import os
import random
import resource
import secrets
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Collection, Coroutine
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from wizardcards.core import find_rules, new_game

T = TypeVar("T")

STALL_SECONDS = 2.0
HOSTILE = ("never-read", "hello-flood", "spam", "bots", "replay-flood", "fill", "fd-flood")
REPLAY_ADDRESSES = ("127.0.0.13", "127.0.0.14", "127.0.0.15", "127.0.0.16")  # the replay flood's four loops
LONGEST_GAME = {"game": "wizard", "players": 3, "bot_pace": 0,
                "options": {"schedule": "custom", "custom_hand_sizes": [20] * 60},
                "seats": [{"name": f"Random {s}", "bot": "random"} for s in range(3)]}
FRESH_TIMEOUT = 2.0  # seconds the fresh client of fd-flood waits for its POST /tables before it counts as unanswered
FD_FLOOD_DESCRIPTORS = 1024  # the server's limit of open files under fd-flood, unless --descriptors says
# one loopback address per hostile client, and the ordinary tables' from 127.1.0.1 on
NEVER_READ_ADDRESS, FLOOD_ADDRESS, SPAM_ADDRESS, BOTS_ADDRESS = "127.0.0.9", "127.0.0.10", "127.0.0.11", "127.0.0.12"
FILL_ADDRESSES = [f"127.0.20.{n}" for n in range(1, 50)]  # one /24: 49 addresses, as in issue 24
FRESH_ADDRESS = "127.0.30.1"  # a client of another network, who only wants to start a game


def table_address(number: int) -> str:
    """Table ``number``'s players' address: a /24 of its own (127.1.N.1), as 50 groups of players on the internet
    would have, so that the per-network limits apply to them one table at a time."""
    return f"127.1.{number % 256}.{number // 256 + 1}"


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
    """User + system CPU time of a process so far (independent of what else the machine runs); 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The server's descendant processes (its bot workers), found through /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        kids = [p for p, pp in parents.items() if pp == parent]
        found += kids
        frontier += kids
    return found


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


@dataclass
class Phase:
    """What the ordinary tables did in one phase (an action belongs to the phase in which it was sent)."""

    name: str
    start: float = 0.0
    end: float = 0.0
    latencies: list[float] = field(default_factory=list)
    accepted: int = 0
    errors: int = 0
    stalled: set[int] = field(default_factory=set)
    longest_wait: float = 0.0
    table0_wait: float = 0.0  # the longest wait at table 0, the one the never-reading spectator watches
    table0_accepted: int = 0
    server_cpu: float = 0.0
    workers_cpu: float = 0.0
    client_cpu: float = 0.0
    machine_busy: float = 0.0  # the share of all CPUs busy (--workers: the ceiling is the machine's)


@dataclass
class Run:
    phases: list[Phase]
    started: asyncio.Event = field(default_factory=asyncio.Event)
    ready: int = 0
    finished: int = 0
    first_finish: float = float("inf")
    hostile: dict[str, dict[str, Any]] = field(default_factory=dict)
    with_seq: bool = False  # the server's action message has "seq"
    stop_at: float = float("inf")  # the end of the last phase, set when the first starts
    replay_table: str = ""  # the long finished game the replay flood asks for
    fill_clients: dict[str, httpx.AsyncClient] = field(default_factory=dict)  # the hostile fill's, made beforehand

    def phase_at(self, when: float) -> Phase | None:
        for phase in self.phases:
            if phase.start <= when < phase.end:
                return phase
        return None


def action_message(run: Run, client_id: str, action: int, seq: int) -> str:
    message: dict[str, Any] = {"type": "action", "id": client_id, "action": action}
    if run.with_seq:
        message["seq"] = seq
    return json.dumps(message)


async def ws_connect(port: int, address: str, path: str = "/ws", **kwargs: Any) -> ClientConnection:
    options = {"open_timeout": 10, **kwargs}
    return await connect(f"ws://127.0.0.1:{port}{path}", max_size=2**20, compression=None, close_timeout=1,
                         local_addr=(address, 0), **options)


async def play_table(number: int, port: int, tokens: list[str], run: Run, rng: random.Random,
                     interval: float, path: str = "/ws") -> None:
    """Four connections at one table; the seat on turn acts when its view arrives, from the start of the first phase
    until the end of the last.

    With ``interval`` > 0 the table acts at most once per ``interval`` seconds (the load is paced: --rate); with 0 it
    acts as soon as it may (a closed loop that saturates the machine, so latency is then mostly queueing).

    Each connection's own reader handles its frames as they come (no queue or timer per frame): the clients share the
    machine's CPUs with the server, so the less work per frame here, the more the figures measure the server."""
    address = table_address(number)
    sockets = [await ws_connect(port, address, path) for _ in tokens]
    sent: dict[int, tuple[float, int]] = {}  # seq the action will produce -> (when sent, by which seat)
    waiting: dict[int, tuple[int, list[int]]] = {}  # before the start: seat -> (seq, legal actions) of its turn
    clock = time.perf_counter
    next_send = [0.0]
    greeted: set[int] = set()

    async def act(seat: int, ws: ClientConnection, seq: int, legal: list[int]) -> None:
        if interval:
            delay = next_send[0] - clock()
            if delay > 0:
                await asyncio.sleep(delay)
            next_send[0] = max(next_send[0] + interval, clock())
        if clock() >= run.stop_at:
            return
        sent[seq + 1] = (clock(), seat)
        await ws.send(action_message(run, f"a{seq}", rng.choice(legal), seq))

    async def reader(seat: int, ws: ClientConnection) -> None:
        async for raw in ws:
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "error":
                phase = run.phase_at(clock())
                if phase is not None:
                    phase.errors += 1
                print(f"table {number} seat {seat} error:", frame["code"], frame["message"], file=sys.stderr)
            if kind != "view":
                continue
            now = clock()
            if seat not in greeted:
                greeted.add(seat)
                if len(greeted) == len(sockets):
                    run.ready += 1
            view, seq = frame["view"], frame["seq"]
            if seq in sent and sent[seq][1] == seat:
                when = sent.pop(seq)[0]
                phase = run.phase_at(when)
                if phase is not None:
                    wait = now - when
                    phase.latencies.append(wait)
                    phase.accepted += 1
                    phase.longest_wait = max(phase.longest_wait, wait)
                    if number == 0:
                        phase.table0_wait = max(phase.table0_wait, wait)
                        phase.table0_accepted += 1
                    if wait > STALL_SECONDS:
                        phase.stalled.add(number)
            if view["current_player"] == -4:
                if seat == 0:  # a finished table takes no more load: the figures hold while none has
                    run.finished += 1
                    run.first_finish = min(run.first_finish, now)
                return
            if now >= run.stop_at:  # no more actions; the views of those sent still count (a stall shows)
                if not sent:
                    return
                continue
            if frame["status"] == "playing" and view["legal_actions"] and seq + 1 not in sent:
                if not run.started.is_set():
                    waiting[seat] = (seq, view["legal_actions"])
                    continue
                await act(seat, ws, seq, view["legal_actions"])

    readers = [asyncio.create_task(reader(seat, ws)) for seat, ws in enumerate(sockets)]
    for seat, (ws, token) in enumerate(zip(sockets, tokens)):
        await ws.send(json.dumps({"type": "hello", "id": f"h{seat}", "token": token}))
    try:
        await run.started.wait()
        next_send[0] = clock() + rng.random() * interval  # tables start spread over one interval
        for seat, (seq, legal) in waiting.items():  # the seat on turn when the run started
            if seq + 1 not in sent:
                await act(seat, sockets[seat], seq, legal)
        await asyncio.wait(readers, timeout=max(0.0, run.stop_at - clock()), return_when=asyncio.FIRST_COMPLETED)
        # the actions sent before the end may still be answered: a table stalled at the end shows as such
        while sent and clock() < run.stop_at + STALL_SECONDS + 0.5 and not any(r.done() for r in readers):
            await asyncio.sleep(0.05)
    finally:
        now = clock()
        for when, _seat in sent.values():  # still waiting for the view its action produced
            phase = run.phase_at(when)
            if phase is not None and now - when > STALL_SECONDS:
                phase.stalled.add(number)
                phase.longest_wait = max(phase.longest_wait, now - when)
                if number == 0:
                    phase.table0_wait = max(phase.table0_wait, now - when)
        for task in readers:
            task.cancel()
        await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)


# --- the hostile clients --------------------------------------------------------------------------------------------


def raw_ws_hello(port: int, address: str, token: str) -> socket.socket:
    """A WebSocket opened by hand on a socket with a tiny receive buffer: the handshake, then a hello, and nothing
    read after the handshake's answer (the kernel's buffers fill, then the server's own)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connect: the window the server sees
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(secrets.token_bytes(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""  # the handshake's answer is read (a client sends nothing before it); nothing after it
    sock.settimeout(5)
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(1)
        if not chunk:
            break
        answer += chunk
    sock.sendall(ws_frame({"type": "hello", "id": "h", "token": token}))
    sock.setblocking(False)
    return sock


def ws_frame(message: dict[str, Any]) -> bytes:
    """A client's WebSocket text frame (masked, as clients' frames are)."""
    payload, mask = json.dumps(message).encode(), secrets.token_bytes(4)
    if len(payload) < 126:
        head = bytes([0x81, 0x80 | len(payload)])
    else:
        head = bytes([0x81, 0x80 | 126]) + struct.pack("!H", len(payload))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def hex_address(address: tuple[str, int]) -> str:
    return f"{socket.inet_aton(address[0])[::-1].hex().upper()}:{address[1]:04X}"


def server_end(sock: socket.socket, table: str) -> tuple[bool, int]:
    """Whether the server still holds this never-reading connection open, and how many bytes it sent that were not
    read yet (in this socket's receive buffer, and still in the server's send buffer), seen without reading the
    socket: from TCP_INFO and the server's end of the connection in ``table`` (the text of /proc/net/tcp)."""
    import fcntl
    import termios

    try:
        ours = struct.unpack("i", fcntl.ioctl(sock, termios.FIONREAD, b"\0\0\0\0"))[0]
        here, there = hex_address(sock.getsockname()), hex_address(sock.getpeername())
        established = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)[0] == 1  # TCP_ESTABLISHED
        established = established and sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0
    except OSError:
        return False, 0
    at = table.find(f" {there} {here} ")  # thousands of lines on a busy machine: found, not parsed
    if at < 0:
        return False, int(ours)
    fields = table[at:].split(None, 4)
    # the server's end: 01 established; 04 FIN_WAIT1 once it closed (its FIN waits behind the unread data)
    return established and fields[2] == "01", int(ours) + int(fields[3].split(":")[0], 16)


async def never_read(port: int, spectator_token: str, stats: dict[str, float], stop_at: float) -> None:
    """A spectator that never reads: it says hello, then asks for the view again 90 times a second (``sync``, under
    the server's message rate limit), so that unread views pile up several times faster than the table's own. When
    the server closes the connection it opens another one (and keeps the old one: the server's kernel still holds
    what it could not send)."""
    sockets: list[socket.socket] = []
    stats.update(connections=0, closed_by_server=0, syncs=0, max_unread_kib=0.0)
    clock, checked, n = time.perf_counter, -1.0, 0
    try:
        while clock() < stop_at:
            if clock() - checked >= 1.0:
                checked = clock()
                # in a thread: on a busy machine the file has thousands of lines, tens of ms to read, which would
                # stall the ordinary clients on this event loop and count as the server's latency
                table = await asyncio.to_thread(Path("/proc/net/tcp").read_text)
                ends = [server_end(s, table) for s in sockets]
                stats["closed_by_server"] = sum(not held for held, _ in ends)
                stats["max_unread_kib"] = max(stats["max_unread_kib"], sum(unread for _, unread in ends) / 1024)
                if (not ends or not ends[-1][0]) and len(sockets) < 30:
                    try:  # in a thread: a server that does not answer the handshake holds up no other client
                        sockets.append(await asyncio.to_thread(raw_ws_hello, port, NEVER_READ_ADDRESS,
                                                               spectator_token))
                        stats["connections"] += 1
                    except OSError:
                        stats["refused"] = stats.get("refused", 0) + 1
                    if not sockets:
                        await asyncio.sleep(1.0)
                        continue
            try:
                sockets[-1].send(ws_frame({"type": "sync", "id": f"s{n}"}))
                stats["syncs"] += 1
            except OSError:  # the server no longer reads this connection either (or dropped it)
                pass
            n += 1
            await asyncio.sleep(1 / 90)
    finally:
        for s in sockets:
            s.close()


async def hello_flood(port: int, stats: dict[str, float], stop_at: float) -> None:
    """One flooding connection at a time, each hello sent as soon as the last was answered."""
    for key in ("hellos", "bad_token", "closed", "refused"):
        stats.setdefault(key, 0)
    while time.perf_counter() < stop_at:
        try:
            async with await ws_connect(port, FLOOD_ADDRESS) as ws:
                while True:
                    await ws.send(json.dumps({"type": "hello", "id": "h", "token": secrets.token_urlsafe(24)}))
                    stats["hellos"] += 1
                    frame = json.loads(await ws.recv())
                    if frame.get("code") == "bad_token":
                        stats["bad_token"] += 1
        except ConnectionClosed:
            stats["closed"] += 1
        except (InvalidHandshake, OSError, TimeoutError):
            stats["refused"] += 1
            await asyncio.sleep(0.01)  # the server refused the connection: ask again at once (near enough)


async def spam(port: int, token: str, run: Run, stats: dict[str, float], stop_at: float) -> None:
    """A seat at its own table chatting 50 lines a second and asking for a hint at each of its decisions."""
    for key in ("chats", "chat_lines", "hints", "hints_answered", "limited", "throttled", "actions", "closed"):
        stats.setdefault(key, 0)
    rng = random.Random(7)
    while time.perf_counter() < stop_at:
        try:
            async with await ws_connect(port, SPAM_ADDRESS) as ws:
                await ws.send(json.dumps({"type": "hello", "id": "h", "token": token}))

                async def chatter(ws: ClientConnection = ws) -> None:
                    n = 0
                    while True:
                        await ws.send(json.dumps({"type": "chat", "id": f"c{n}", "text": f"spam {n} " * 10}))
                        stats["chats"] += 1
                        n += 1
                        await asyncio.sleep(0.02)

                chat_task = asyncio.create_task(chatter())
                turn: tuple[int, list[int]] | None = None
                try:
                    async for raw in ws:
                        frame = json.loads(raw)
                        kind, seq = frame["type"], frame.get("seq", 0)
                        if kind == "chat":
                            stats["chat_lines"] += 1
                        elif kind == "error":
                            code = frame["code"]
                            if code in ("limited", "throttled"):
                                stats[code] += 1
                            if turn is not None and (frame.get("reply_to") or "").startswith("q"):
                                await ws.send(action_message(run, f"s{turn[0]}", rng.choice(turn[1]), turn[0]))
                                stats["actions"] += 1
                                turn = None
                        elif kind == "hint" and turn is not None and frame["seq"] == turn[0]:
                            stats["hints_answered"] += 1
                            await ws.send(action_message(run, f"s{turn[0]}", frame["best"], turn[0]))
                            stats["actions"] += 1
                            turn = None
                        elif kind == "view" and frame["status"] == "playing" and frame["view"]["legal_actions"]:
                            if turn is None or turn[0] != seq:
                                turn = (seq, frame["view"]["legal_actions"])
                                await ws.send(json.dumps({"type": "hint", "id": f"q{seq}"}))
                                stats["hints"] += 1
                        elif kind == "view" and frame["view"]["current_player"] == -4:
                            return
                finally:
                    chat_task.cancel()
            stats["closed"] += 1
        except ConnectionClosed:
            stats["closed"] += 1
            await asyncio.sleep(0.1)
        except (InvalidHandshake, OSError, TimeoutError):
            await asyncio.sleep(0.1)


async def strong_bots(base: str, count: int, stats: dict[str, float], stop_at: float) -> None:
    """Tables of three level-5 search bots and nobody else, created one after the other."""
    stats.update(created=0, refused=0, longest_answer_s=0.0, unanswered=0)
    body = {"game": "wizard", "players": 3,
            "seats": [{"name": f"Strong {s}", "bot": "search:level=5"} for s in range(3)]}
    transport = httpx.AsyncHTTPTransport(local_address=BOTS_ADDRESS)
    async with httpx.AsyncClient(base_url=base, transport=transport) as client:
        for _ in range(count):
            began = time.perf_counter()
            try:
                answer = await client.post("/tables", json=body, timeout=max(0.1, stop_at - began))
            except asyncio.CancelledError:  # still unanswered at the end of the phase
                stats["unanswered"] += 1
                stats["longest_answer_s"] = max(stats["longest_answer_s"], time.perf_counter() - began)
                raise
            except httpx.HTTPError:
                stats["unanswered"] += 1
                stats["longest_answer_s"] = max(stats["longest_answer_s"], time.perf_counter() - began)
                return
            stats["longest_answer_s"] = max(stats["longest_answer_s"], time.perf_counter() - began)
            stats["created" if answer.status_code == 201 else "refused"] += 1


async def replay_flood(base: str, table_id: str, address: str, stats: dict[str, float], stop_at: float) -> None:
    """One loop of GET /tables/{id}/replay of a long finished game, asking again as soon as answered."""
    for key in ("served", "refused", "not_modified", "other", "unanswered", "mb_received", "longest_answer_s"):
        stats.setdefault(key, 0)
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as client:
        while time.perf_counter() < stop_at:
            began = time.perf_counter()
            kind = "unanswered"  # unless answered before the end of the phase (which cancels this)
            try:  # read as sent, not decompressed: this process's CPU is the ordinary clients' too
                async with client.stream("GET", f"/tables/{table_id}/replay") as answer:
                    async for _ in answer.aiter_raw():
                        pass
                kind = {200: "served", 429: "refused", 304: "not_modified"}.get(answer.status_code, "other")
                stats["mb_received"] += answer.num_bytes_downloaded / 1e6
            except httpx.HTTPError:
                kind = "other"
            finally:
                stats[kind] += 1
                stats["longest_answer_s"] = max(stats["longest_answer_s"], time.perf_counter() - began)


def replay_flood_process(base: str, table_id: str, seconds: float) -> dict[str, float]:
    """The replay flood's loops for ``seconds``, in a process of their own (``elsewhere``)."""
    async def flood() -> dict[str, float]:
        stats: dict[str, float] = {}
        stop_at = time.perf_counter() + seconds
        loops = [asyncio.create_task(replay_flood(base, table_id, address, stats, stop_at))
                 for address in REPLAY_ADDRESSES]
        await asyncio.wait(loops, timeout=seconds)
        for loop in loops:  # a request still unanswered at the end of the phase counts as such
            loop.cancel()
        await asyncio.gather(*loops, return_exceptions=True)
        return stats

    return asyncio.run(flood())


def _lowest_priority() -> None:
    """A hostile process's start (``elsewhere``): nice 19; or, where this script runs under a real-time policy
    (``chrt -f 10 python benchmarks/server_load.py ...``, to measure on a machine that other work keeps busy), the
    lowest real-time priority, below the server's and the ordinary clients' but above everything else."""
    policy = os.sched_getscheduler(0)
    if policy in (os.SCHED_FIFO, os.SCHED_RR):
        os.sched_setscheduler(0, policy, os.sched_param(os.sched_get_priority_min(policy)))
    else:
        os.nice(19)


async def elsewhere(process: Callable[..., dict[str, float]], args: tuple[Any, ...], stats: dict[str, float],
                    start_at: float, stop_at: float) -> None:
    """A hostile client's ``process(*args, seconds)`` run in another process from ``start_at`` until ``stop_at``, its
    figures into ``stats``. An attacker's own CPU is not the server's, but here both share two cores: a flood's own
    work (hundreds of requests of 100 KB, a thousand connection attempts) in this process would take its CPU from
    the ordinary clients, whose latency it measures, and even in a process of its own it takes the server's and
    theirs. So it runs at the lowest priority (nice 19: what is left when the others have run), and its interpreter
    is started and this script imported in it before the phase, not in it."""
    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=_lowest_priority) as pool:
        await loop.run_in_executor(pool, os.getpid)
        await asyncio.sleep(max(0.0, start_at - time.perf_counter()))
        job = loop.run_in_executor(pool, functools.partial(process, *args), stop_at - time.perf_counter())
        try:
            stats.update(await asyncio.shield(job))
        except asyncio.CancelledError:  # the phase is over: the process stops at its end too
            stats.update(await job)
            raise


def finished_long_game(base: str) -> tuple[str, float]:
    """The longest game the server allows, played to its end by three random bots, and its replay asked for once
    (before the first phase, so that the flood meets a replay built and kept, as it would an old game's): the game's
    id and the seconds that first answer took."""
    table, _ = create_table(base, BOTS_ADDRESS, LONGEST_GAME)
    deadline = time.monotonic() + 600
    while httpx.get(f"{base}/tables/{table['id']}", timeout=30).json()["status"] != "finished":
        if time.monotonic() > deadline:
            raise SystemExit("the long game for the replay flood did not finish in 10 minutes")
        time.sleep(0.5)
    began = time.perf_counter()
    with httpx.Client(base_url=base, transport=httpx.HTTPTransport(local_address=BOTS_ADDRESS)) as client:
        client.get(f"/tables/{table['id']}/replay", timeout=600).raise_for_status()
    return str(table["id"]), time.perf_counter() - began


FILL_BODY = {"game": "wizard", "players": 3,
             "seats": [{"name": "Host", "claimed": True}, {"name": "Invited 1"}, {"name": "Invited 2"}]}


def fill_clients(base: str) -> dict[str, httpx.AsyncClient]:
    """The HTTP clients of ``fill``, one per address, made before the clock starts: making 50 takes this process
    a second or more (in the measured phase the ordinary tables would count it as the server's latency). Plain
    HTTP: verify=False spares loading the CA bundle for each."""
    return {a: httpx.AsyncClient(base_url=base, timeout=30,
                                 transport=httpx.AsyncHTTPTransport(local_address=a, verify=False))
            for a in [*FILL_ADDRESSES, FRESH_ADDRESS]}


async def fill(port: int, base: str, run: Run, stats: dict[str, Any], stop_at: float) -> None:
    """Waiting tables nobody joins and rematches, from 49 addresses of one network; a fresh client's POST /tables
    in each quarter of the phase (issue 24)."""
    stats.update(waiting_created=0, waiting_refused=0, rematch_as_spectator="", rematch_as_seat="", fresh="")
    clients = run.fill_clients
    clock = time.perf_counter

    async def waiting_tables() -> None:
        refused: set[str] = set()
        while clock() < stop_at and len(refused) < len(FILL_ADDRESSES):
            for address in FILL_ADDRESSES:
                if address in refused or clock() >= stop_at:
                    continue
                answer = await clients[address].post("/tables", json=FILL_BODY)
                if answer.status_code == 201:
                    stats["waiting_created"] += 1
                else:
                    stats["waiting_refused"] += 1
                    refused.add(address)

    async def rematches(address: str) -> None:
        body = {"game": "wizard", "players": 3, "options": {"schedule": "custom", "custom_hand_sizes": [1]},
                "bot_pace": 0, "seats": [{"name": "Host", "claimed": True}, {"name": "Bot 1", "bot": "rulebased"},
                                         {"name": "Bot 2", "bot": "rulebased"}]}
        answer = await clients[address].post("/tables", json=body)
        if answer.status_code != 201:
            stats["rematch_as_seat"] += f"game {answer.status_code} "
            return
        table = answer.json()
        async with await ws_connect(port, address) as seat:
            await seat.send(json.dumps({"type": "hello", "id": "h", "token": table["seats"][0]["token"]}))
            async for raw in seat:  # the first legal action at each turn, to the end
                frame = json.loads(raw)
                if frame["type"] != "view":
                    continue
                if frame["view"]["current_player"] == -4:
                    break
                if frame["status"] == "playing" and frame["view"]["legal_actions"]:
                    action = frame["view"]["legal_actions"][0]
                    await seat.send(action_message(run, f"a{frame['seq']}", action, frame["seq"]))
            for who, token in (("spectator", table["spectator_token"]), ("seat", None)):
                ws = seat
                if token is not None:
                    ws = await ws_connect(port, address)
                    await ws.send(json.dumps({"type": "hello", "id": "w", "token": token}))
                await ws.send(json.dumps({"type": "rematch", "id": "r"}))
                async for raw in ws:
                    frame = json.loads(raw)
                    if frame["type"] == "rematch" or frame.get("reply_to") == "r":
                        stats[f"rematch_as_{who}"] += ("created " if frame["type"] == "rematch"
                                                       else f"{frame['code']} ")
                        break
                if ws is not seat:
                    await ws.close()
                if who == "spectator" and "created" in stats["rematch_as_spectator"]:
                    break  # one rematch per game: the spectator's was it

    async def fresh() -> None:
        start = run.phases[-1].start
        for quarter in (1, 2, 3, 4):  # in the middle of each quarter, so the last is answered within the phase
            await asyncio.sleep(max(0.0, start + (quarter - 0.5) * (stop_at - start) / 4 - clock()))
            began = clock()
            try:
                answer = await clients[FRESH_ADDRESS].post("/tables", json=FILL_BODY)
                stats["fresh"] += f"{answer.status_code} in {(clock() - began) * 1000:.0f} ms; "
            except httpx.HTTPError as error:
                stats["fresh"] += f"{type(error).__name__}; "

    try:
        await asyncio.gather(waiting_tables(), fresh(), *(rematches(a) for a in FILL_ADDRESSES[:3]))
    finally:
        for client in clients.values():
            await client.aclose()


def fd_flood_process(port: int, base: str, seconds: float) -> dict[str, float]:
    """The descriptor flood for ``seconds``, in a process of their own (``elsewhere``)."""
    async def flood() -> dict[str, float]:
        stats: dict[str, float] = {}
        await fd_flood(port, base, stats, time.perf_counter() + seconds)
        return stats

    return asyncio.run(flood())


async def fd_flood(port: int, base: str, stats: dict[str, float], stop_at: float) -> None:
    """Spectators from many addresses, 20 at a time, held to the end; a fresh client's POST /tables meanwhile."""
    stats.update(welcomed=0, refused=0, unanswered=0, fresh_posts=0, fresh_created=0, fresh_unanswered=0,
                 fresh_longest_ms=0.0)
    async with httpx.AsyncClient(base_url=base) as client:
        table = await client.post("/tables", json={"game": "wizard", "players": 3, "seats": [
            {"name": "Host", "claimed": True}, {"name": "P2"}, {"name": "P3"}]}, timeout=10)
    hello = json.dumps({"type": "hello", "id": "w", "token": table.json()["spectator_token"]})
    held: list[ClientConnection] = []

    async def watch(address: str) -> bool:
        try:
            ws = await ws_connect(port, address, open_timeout=3, ping_interval=None)
        except InvalidHandshake:
            stats["refused"] += 1
            return False
        except (OSError, TimeoutError, ConnectionClosed):
            stats["unanswered"] += 1
            return False
        try:
            await ws.send(hello)
            welcome = json.loads(await asyncio.wait_for(ws.recv(), 3))["type"] == "welcome"
        except ConnectionClosed as closed:  # refused: 1013 "try again later"
            stats["refused"] += 1
            code = f"closed {closed.rcvd.code if closed.rcvd else None}"
            stats[code] = stats.get(code, 0) + 1
            return False
        except (OSError, TimeoutError):
            welcome = False
            stats["unanswered"] += 1
        if not welcome:
            ws.transport.abort()
            return False
        held.append(ws)
        stats["welcomed"] += 1
        return True

    async def fresh_client() -> None:
        body = {"game": "wizard", "players": 3, "seats": [  # it waits for its person: no bot plays meanwhile
            {"name": "Fresh", "claimed": True}, {"name": "B1", "bot": "random"}, {"name": "B2", "bot": "random"}]}
        for n in itertools.count():
            if time.perf_counter() > stop_at - FRESH_TIMEOUT:  # a later one's answer could not be waited for
                return
            transport = httpx.AsyncHTTPTransport(local_address=f"127.4.{n // 250}.{n % 250 + 1}")
            async with httpx.AsyncClient(base_url=base, transport=transport) as client:
                began = time.perf_counter()
                stats["fresh_posts"] += 1
                try:
                    answer = await client.post("/tables", json=body, timeout=FRESH_TIMEOUT)
                    stats["fresh_created"] += answer.status_code == 201
                    if answer.status_code != 201:
                        stats[f"fresh {answer.status_code}"] = stats.get(f"fresh {answer.status_code}", 0) + 1
                except httpx.HTTPError as error:
                    stats["fresh_unanswered"] += 1
                    stats[f"fresh {type(error).__name__}"] = stats.get(f"fresh {type(error).__name__}", 0) + 1
                stats["fresh_longest_ms"] = max(stats["fresh_longest_ms"], (time.perf_counter() - began) * 1000)
            await asyncio.sleep(max(0.0, began + 0.25 - time.perf_counter()))

    fresh = asyncio.create_task(fresh_client())
    addresses = (f"127.3.{n // 4}.{n % 4 + 1}" for n in itertools.count())
    try:
        while time.perf_counter() < stop_at:
            network = [next(addresses) for _ in range(4)]  # a /24 at a time, 20 sockets from each of its addresses
            if not any(await asyncio.gather(*(watch(address) for address in network * 20))):
                await asyncio.sleep(0.5)  # the server takes no more: hold what it took, and try again soon
        await fresh  # the flood holds what it took until the fresh client's last answer
    finally:
        fresh.cancel()
        await asyncio.gather(fresh, return_exceptions=True)
        for ws in held:
            ws.transport.abort()


async def hostile(port: int, base: str, kinds: set[str], run: Run, table0: dict[str, Any], spam_token: str,
                  flood: int, bot_tables: int) -> None:
    """Every hostile client chosen, for the second phase."""
    phase = run.phases[-1]
    stop_at = phase.end
    # the floods of processes of their own start them now, and begin at the phase's start (elsewhere)
    starting: list[Coroutine[Any, Any, None]] = []
    if "replay-flood" in kinds:
        flooded = run.hostile.setdefault("replay-flood", {})
        starting.append(elsewhere(replay_flood_process, (base, run.replay_table), flooded, phase.start, stop_at))
    if "fd-flood" in kinds:
        flooded = run.hostile.setdefault("fd-flood", {})
        starting.append(elsewhere(fd_flood_process, (port, base), flooded, phase.start, stop_at))
    started = [asyncio.create_task(job) for job in starting]
    await asyncio.sleep(max(0.0, phase.start - time.perf_counter()))
    jobs: list[Coroutine[Any, Any, None]] = []
    if "never-read" in kinds:
        jobs.append(never_read(port, table0["spectator_token"], run.hostile.setdefault("never-read", {}), stop_at))
    if "hello-flood" in kinds:
        stats = run.hostile.setdefault("hello-flood", {})
        jobs += [hello_flood(port, stats, stop_at) for _ in range(flood)]
    if "spam" in kinds:
        jobs.append(spam(port, spam_token, run, run.hostile.setdefault("spam", {}), stop_at))
    if "bots" in kinds:
        jobs.append(strong_bots(base, bot_tables, run.hostile.setdefault("bots", {}), stop_at))
    if "fill" in kinds:
        jobs.append(fill(port, base, run, run.hostile.setdefault("fill", {}), stop_at))
    tasks = started + [asyncio.create_task(job) for job in jobs]
    await asyncio.wait(tasks, timeout=max(0.0, stop_at - time.perf_counter()))
    for task in tasks:
        task.cancel()
    for task in tasks:
        try:
            await task
        except (asyncio.CancelledError, Exception) as error:  # noqa: PERF203
            if not isinstance(error, asyncio.CancelledError):
                print("hostile client failed:", repr(error), file=sys.stderr)


async def drive(port: int, base: str, tables: list[dict[str, Any]], tokens: list[list[str]], run: Run,
                seconds: float, rate: float, kinds: set[str], spam_token: str, flood: int, bot_tables: int,
                on_phase: Callable[[int], None]) -> None:
    """Connect every table, then play two phases (without, then with the hostile clients) of ``seconds`` each."""
    clock = time.perf_counter
    interval = len(tables) / rate if rate else 0.0
    plays = [asyncio.create_task(play_table(n, port, tokens[n], run, random.Random(n), interval))
             for n in range(len(tables))]
    # every table connected and each seat's first view received (within 30 s) before the clock starts
    deadline = clock() + 30.0
    while run.ready < len(tables) and clock() < deadline:
        await asyncio.sleep(0.05)
    if run.ready < len(tables):
        print(f"WARNING: only {run.ready} of {len(tables)} tables were connected after 30 s", file=sys.stderr)
    start = clock()
    for n, phase in enumerate(run.phases):
        phase.start, phase.end = start + n * seconds, start + (n + 1) * seconds
    run.stop_at = run.phases[-1].end
    run.started.set()
    on_phase(0)
    attack = asyncio.create_task(hostile(port, base, kinds, run, tables[0], spam_token, flood, bot_tables))
    await asyncio.sleep(max(0.0, run.phases[1].start - clock()))
    on_phase(1)
    await asyncio.sleep(max(0.0, run.stop_at - clock()))
    on_phase(2)
    await asyncio.wait(plays, timeout=STALL_SECONDS + 2.0)
    for task in plays:
        task.cancel()
    await asyncio.gather(*plays, attack, return_exceptions=True)


def run_clients(main: Coroutine[Any, Any, T]) -> T:
    """Run the clients on uvloop where it is installed (the server extra brings it, and uvicorn runs on it too): the
    clients' event loop costs CPU the server would otherwise have."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


def seat_tokens(client: httpx.Client, table: dict[str, Any]) -> list[str]:
    """Every human seat's token: given in the answer (the claimed seat; every seat before issue 14), or got for the
    seat's invite code from ``POST /invites``."""
    tokens = []
    for seat in table["seats"]:
        if seat.get("token"):
            tokens.append(seat["token"])
        else:
            answer = client.post("/invites", json={"invite": seat["invite"]}, timeout=30)
            answer.raise_for_status()
            tokens.append(answer.json()["token"])
    return tokens


def create_table(base: str, address: str, body: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    with httpx.Client(base_url=base, transport=httpx.HTTPTransport(local_address=address)) as client:
        answer = client.post("/tables", json=body, timeout=30)
        if answer.status_code != 201:
            raise SystemExit(f"POST /tables from {address}: {answer.status_code} {answer.text}")
        table = answer.json()
        return table, seat_tokens(client, table)


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[int(q * (len(values) - 1))] * 1000 if values else float("nan")


# --- several workers behind HAProxy (issue 19) -----------------------------------------------------------------------


async def drive_one_phase(port: int, tables: list[dict[str, Any]], tokens: list[list[str]], run: Run,
                          seconds: float) -> None:
    """Every table as fast as it is answered, each on its own path (/tables/{id}/ws: the proxy routes it to the
    table's worker), for one phase of ``seconds``."""
    clock = time.perf_counter
    plays = [asyncio.create_task(play_table(n, port, tokens[n], run, random.Random(n), 0.0,
                                            f"/tables/{tables[n]['id']}/ws")) for n in range(len(tables))]
    deadline = clock() + 30.0
    while run.ready < len(tables) and clock() < deadline:
        await asyncio.sleep(0.05)
    phase = run.phases[0]
    phase.start = clock()
    phase.end = run.stop_at = phase.start + seconds
    run.started.set()
    await asyncio.sleep(seconds)
    await asyncio.wait(plays, timeout=STALL_SECONDS + 2.0)
    for task in plays:
        task.cancel()
    await asyncio.gather(*plays, return_exceptions=True)


def through_the_proxy(url: str, workers: int, tables: int, seconds: float) -> tuple[Phase, float]:
    """Saturate ``workers`` workers behind HAProxy (the docs' configuration) with ``tables`` tables; then kill the
    worker holding the first table and time, for every table it held, how long until it plays again through the
    proxy (a player reconnecting as the browser does). Returns the phase and the longest such outage."""
    from tests.server.cluster import Player, cluster

    with cluster(url, workers=workers) as running:
        seats = [{"name": "Player 1", "claimed": True}] + [{"name": f"Player {s + 1}"} for s in range(1, 4)]
        created = [create_table(running.http, "127.0.0.1", {"game": "wizard", "players": 4, "seats": seats})
                   for _ in range(tables)]
        run = Run(phases=[Phase(f"{workers} worker{'s' if workers > 1 else ''}")])
        run.with_seq = True
        gc.collect()
        pids = [w.process.pid for w in running.workers]
        before = (sum(cpu_seconds(p) for p in pids), cpu_seconds(running.proxy.pid), time.process_time(), busy())
        run_clients(drive_one_phase(running.front, [t for t, _ in created], [k for _, k in created], run, seconds))
        after = (sum(cpu_seconds(p) for p in pids), cpu_seconds(running.proxy.pid), time.process_time(), busy())
        phase = run.phases[0]
        phase.server_cpu, phase.workers_cpu, phase.client_cpu = (b - a for a, b in zip(before[:3], after[:3]))
        (idle0, total0), (idle1, total1) = before[3], after[3]
        phase.machine_busy = 1 - (idle1 - idle0) / max(1, total1 - total0)
        if workers < 2:
            return run.phases[0], float("nan")
        bodies = [{"game": "wizard", "players": 4, "preset": "quick",
                   "seats": [{"name": "A"}, {"name": "B", "bot": "rulebased"}, {"name": "C"}, {"name": "D"}]}
                  for _ in range(6)]
        players = []
        for n, body in enumerate(bodies):
            table, tokens = create_table(running.http, "127.0.0.1", body)
            for seat, token in zip(table["seats"], tokens):
                seat["token"] = token
            player = Player(running.front, table, random.Random(n))
            player.connect()
            player.play(steps=3)
            players.append(player)
        victim_port = running.owner_port(players[0].table["id"])
        moved = [p for p in players if running.owner_port(p.table["id"]) == victim_port]
        threads = [threading.Thread(target=p.play, kwargs={"steps": 3}) for p in moved]
        next(w for w in running.workers if w.port == victim_port).kill()
        for thread in threads:  # each notices the loss at once (its socket is closed) and reconnects
            thread.start()
        for thread in threads:
            thread.join(120)
        return run.phases[0], max(p.outage for p in moved)


def busy() -> tuple[int, int]:
    """The machine's idle and total CPU ticks so far (/proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return fields[3] + fields[4], sum(fields)


def cluster_main(args: argparse.Namespace) -> int:
    """``--workers N``: 1 and then N workers on a throwaway PostgreSQL cluster, in the same run."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' PostgreSQL and HAProxy helpers
    from tests.server.postgres import postgres_cluster

    results = []
    with postgres_cluster() as url:
        from sqlalchemy import create_engine, text

        for workers in (1, args.workers):
            engine = create_engine(url, isolation_level="AUTOCOMMIT")
            with engine.connect() as db:
                db.execute(text(f"CREATE DATABASE load{workers}"))
            engine.dispose()
            results.append(through_the_proxy(url.replace("/postgres?", f"/load{workers}?"), workers, args.tables,
                                             args.seconds))
    print(f"{args.tables} tables x 4 seats through HAProxy (docs/haproxy.cfg) on PostgreSQL, {args.seconds:.1f} s"
          f" each, as fast as answered (saturation); {os.cpu_count()} CPUs shared with the clients, the proxy and"
          " the database")
    for phase, _ in results:
        rate = phase.accepted / (phase.end - phase.start)
        print(f"-- {phase.name}: {phase.accepted} accepted actions ({rate:.0f}/s), send -> view p50"
              f" {percentile(phase.latencies, 0.5):.1f} ms, p99 {percentile(phase.latencies, 0.99):.1f} ms,"
              f" errors {phase.errors}, tables stalled {len(phase.stalled)}")
        seconds = phase.end - phase.start
        print(f"   CPU per second of the run: workers {phase.server_cpu / seconds:.2f}, HAProxy"
              f" {phase.workers_cpu / seconds:.2f}, clients {phase.client_cpu / seconds:.2f} (PostgreSQL: the rest);"
              f" the machine {phase.machine_busy:.0%} busy; workers"
              f" {phase.server_cpu / max(1, phase.accepted) * 1000:.2f} ms per action")
    (one, _), (many, outage) = results
    ratio = (many.accepted / (many.end - many.start)) / (one.accepted / (one.end - one.start))
    print(f"scaling: {args.workers} workers reach {ratio:.2f}x the actions/s of 1 (target >= 1.6x for 2)")
    # What this machine allows whatever the workers do: all its CPUs at what an action cost all told (workers, proxy,
    # database, clients) in the run with more workers; one worker's rate against that is the best ratio possible here.
    cost = many.machine_busy * (os.cpu_count() or 1) * (many.end - many.start) / max(1, many.accepted)
    ceiling = (os.cpu_count() or 1) / cost
    print(f"this machine's ceiling: {ceiling:.0f} actions/s with everything on its {os.cpu_count()} CPUs"
          f" ({cost * 1000:.2f} ms of CPU per action all told), {ceiling / (one.accepted / (one.end - one.start)):.2f}x"
          " one worker's rate: the most any number of workers could show on it")
    print(f"failover: a killed worker's tables played again through the proxy after {outage:.1f} s at most"
          f" (lease {5.0:g} s, the proxy's checks and the client's reconnection)")
    return 0


# --- bot-starve (issue 24): one network's tables of strong bots against another client's table of strong bots -------

VICTIM_ADDRESS = "127.2.0.1"  # a network (/24) of its own


def starver_address(n: int) -> str:
    return f"127.0.0.{100 + n}"  # the attacker's addresses: one /24, one network


@dataclass
class Victim:
    """What the person at the victim's table saw: each of its bots' decisions, and its own turns."""

    decisions: list[tuple[float, float]] = field(default_factory=list)  # (when a bot's turn came, how long it took)
    turns: list[float] = field(default_factory=list)  # when the person's turn came
    waiting_since: float | None = None  # a bot's turn not over yet

    def in_phase(self, start: float, end: float) -> tuple[list[float], int]:
        """The bot decisions begun in the phase (one still awaited at its end counts as long as it has waited: a
        lower bound), and the person's turns."""
        times = [d for at, d in self.decisions if start <= at < end]
        if self.waiting_since is not None and start <= self.waiting_since < end:
            times.append(end - self.waiting_since)
        return times, sum(start <= at < end for at in self.turns)


async def victim_plays(port: int, token: str, with_seq: bool, victim: Victim, stop_at: float,
                       address: str = VICTIM_ADDRESS) -> None:
    """The person at the victim's table: a random legal action as soon as its turn comes; each bot decision timed
    from the view that puts the bot on turn to the view with its move (the table's pace is 0: no waiting but the
    bot's own)."""
    rng = random.Random(3)
    async with await ws_connect(port, address) as ws:
        await ws.send(json.dumps({"type": "hello", "id": "h", "token": token}))
        bot_turn: tuple[float, int] | None = None  # when a bot's turn came, and at which seq
        acted = -1
        async for raw in ws:
            frame = json.loads(raw)
            if frame["type"] != "view" or frame["status"] != "playing":
                continue
            now, view, seq = time.perf_counter(), frame["view"], frame["seq"]
            if bot_turn is not None and seq > bot_turn[1]:
                victim.decisions.append((bot_turn[0], now - bot_turn[0]))
                bot_turn = victim.waiting_since = None
            if now >= stop_at or view["current_player"] == -4:
                return
            if view["legal_actions"] and seq > acted:
                acted = seq
                victim.turns.append(now)
                action = rng.choice(view["legal_actions"])
                message: dict[str, Any] = {"type": "action", "id": f"v{seq}", "action": action}
                if with_seq:
                    message["seq"] = seq
                await ws.send(json.dumps(message))
            elif not view["legal_actions"] and bot_turn is None:
                bot_turn, victim.waiting_since = (now, seq), now


async def starve(base: str, port: int, args: argparse.Namespace, with_seq: bool) -> dict[str, Any]:
    """The victim's table alone for ``--seconds``, then the attacker's tables created, then ``--seconds`` more."""
    options = {"schedule": "custom", "custom_hand_sizes": [args.hand_size] * 60}  # every round alike: comparable
    strong = {"name": "Strong", "bot": "search:level=5"}
    victim_body = {"game": "wizard", "players": 4, "options": options, "bot_pace": 0,
                   "seats": [{"name": "Victim", "claimed": True}] + [strong] * 3}
    attack_body = {"game": "wizard", "players": 3, "options": options, "bot_pace": 0,
                   "seats": [{"name": "Attacker", "claimed": True} if args.starve_seated else strong, strong, strong]}
    _, tokens = await asyncio.to_thread(create_table, base, VICTIM_ADDRESS, victim_body)
    victim, clock = Victim(), time.perf_counter
    far = clock() + 3600
    playing = asyncio.create_task(victim_plays(port, tokens[0], with_seq, victim, far))
    alone = (clock(), clock() + args.seconds)
    await asyncio.sleep(args.seconds)
    created: list[str] = []
    refusals: dict[str, int] = {}
    seated: list[asyncio.Task[None]] = []  # --starve-seated: the attacker's person at each of its tables
    for n in range(args.bot_tables):
        address = starver_address(n % args.starve_addresses)
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(base_url=base, transport=transport) as client:
            answer = await client.post("/tables", json=attack_body, timeout=30)
            if answer.status_code == 201:
                created.append(answer.json()["id"])
                if args.starve_seated:
                    token = answer.json()["seats"][0]["token"]
                    seated.append(asyncio.create_task(victim_plays(port, token, with_seq, Victim(), far, address)))
            else:
                why = f"{answer.status_code} {answer.json().get('detail', '')}"
                refusals[why] = refusals.get(why, 0) + 1

    async def decisions() -> int:
        async with httpx.AsyncClient(base_url=base) as client:
            return sum([(await client.get(f"/tables/{t}", timeout=30)).json()["decisions"] for t in created])

    before = await decisions()
    attacked = (clock(), clock() + args.seconds)
    await asyncio.sleep(args.seconds)
    attackers = await decisions() - before
    for task in [playing, *seated]:
        task.cancel()
    await asyncio.gather(playing, *seated, return_exceptions=True)
    return {"victim": victim, "alone": alone, "attacked": attacked, "created": len(created), "refusals": refusals,
            "attacker_decisions": attackers}


def bot_starve_main(args: argparse.Namespace) -> int:
    """``--hostile bot-starve``: a victim's bot decisions alone and beside one network's tables of strong bots."""
    directory = tempfile.mkdtemp(prefix="wizardcards-starve-")
    url, port, command, server, log = start_server(args, directory)
    try:
        base = f"http://127.0.0.1:{port}"
        result = run_clients(starve(base, port, args, server_has_seq(base, server, directory)))
    finally:
        stop_server(server)
        log.close()
    victim: Victim = result["victim"]
    print(f"bot-starve: a victim's table (a person who plays at once, three search:level=5 bots, bot_pace 0) from"
          f" {VICTIM_ADDRESS}, {args.hand_size} cards a round, {args.seconds:.0f} s alone, then {args.seconds:.0f} s"
          f" beside {args.bot_tables} tables of " + ("a person who plays at once and two search:level=5 bots"
                                                      if args.starve_seated else "three search:level=5 bots alone")
          + f" from {args.starve_addresses}"
          f" addresses of one /24 ({starver_address(0)}...); database {url}")
    print(f"server: {' '.join(command[2:])}; {os.cpu_count()} CPUs, shared with the clients")
    print(f"attacker: {result['created']} tables created, refused: "
          + (", ".join(f"{n} x {why}" for why, n in result["refusals"].items()) or "none")
          + f"; their decisions during the attack: {result['attacker_decisions']}")
    p95 = {}
    for name in ("alone", "attacked"):
        start, end = result[name]
        times, turns = victim.in_phase(start, end)
        p95[name] = percentile(times, 0.95)
        print(f"-- victim {'alone' if name == 'alone' else 'under attack'}: {len(times)} bot decisions, p50"
              f" {percentile(times, 0.5) / 1000:.2f} s, p95 {p95[name] / 1000:.2f} s, max"
              f" {max(times, default=float('nan')):.2f} s; the person's turns: {turns / (end - start) * 60:.0f}"
              " a minute")
    print(f"ratio: p95 under attack / p95 alone = {p95['attacked'] / p95['alone']:.2f} (target <= 1.5)")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; server log:"
          f" {Path(directory) / 'server.log'}")
    return 0


def descriptors_of(args: argparse.Namespace, kinds: Collection[str]) -> int | None:
    """The server's limit of open files: ``--descriptors``, by default FD_FLOOD_DESCRIPTORS under fd-flood."""
    return args.descriptors or (FD_FLOOD_DESCRIPTORS if "fd-flood" in kinds else None)


def start_server(args: argparse.Namespace, directory: str, kinds: Collection[str] = ()
                 ) -> tuple[str, int, list[str], subprocess.Popen[bytes], Any]:
    """``wizard serve`` on a fresh SQLite file in ``directory`` (or ``--db``) with the options given (under fd-flood
    with ``--descriptors`` open files at most): its database URL, port, command, process and log file (closed by the
    caller once the server stopped)."""
    url = args.db or f"sqlite:///{directory}/load.sqlite3"
    port = args.port or free_port()
    command = [sys.executable, "-m", "wizardcards.cli", "serve", "--port", str(port), "--db", url]
    for limit in args.limit:
        command += ["--limit", limit]
    if args.bot_workers is not None:
        command += ["--bot-workers", str(args.bot_workers)]
    log = open(Path(directory) / "server.log", "wb")  # noqa: SIM115  (closed after the server stops)
    descriptors = descriptors_of(args, kinds)

    def limit_descriptors() -> None:  # in the server's process, before it starts
        if descriptors is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=limit_descriptors)
    return url, port, command, server, log


def server_has_seq(base: str, server: subprocess.Popen[bytes], directory: str) -> bool:
    """Wait for the server to answer; whether its action message has ``seq`` (from its protocol schema)."""
    schema: dict[str, Any] = {}
    for _ in range(300):
        try:
            answer = httpx.get(base + "/protocol.schema.json", timeout=2)
            if answer.status_code == 200:
                schema = answer.json()
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    if server.poll() is not None:
        log_text = (Path(directory) / "server.log").read_text()
        raise SystemExit(f"wizard serve exited ({server.returncode}): {log_text}")
    return "seq" in schema.get("$defs", {}).get("Act", {}).get("properties", {})


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        print("the server did not stop within 15 s of SIGTERM: killed", file=sys.stderr)
        server.kill()
        server.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=8.0,
                        help="length of each phase (default 8: a 4-seat game is 540 decisions, all stay live)")
    parser.add_argument("--db", default=None)
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("--rate", type=float, default=1200.0,
                        help="actions per second offered over all tables (default 1200, above the 1,000 the target"
                        " names); 0 offers them as fast as the server answers (saturation: the highest rate, and a"
                        " latency that is mostly queueing)")
    parser.add_argument("--hostile", default="never-read,hello-flood,spam,bots",
                        help=f"the hostile clients of the second phase, of {', '.join(HOSTILE)} (default all but"
                        " fill, which wants a lower max_unfinished_tables, and replay-flood; 'none' for none); or"
                        " bot-starve alone (its own victim and phases)")
    parser.add_argument("--flood", type=int, default=2, help="connections of the hello flood at once (default 2)")
    parser.add_argument("--bot-tables", type=int, default=None,
                        help="tables of three search:level=5 bots created in a row (default 3; bot-starve: 20)")
    parser.add_argument("--starve-addresses", type=int, default=10,
                        help="bot-starve: the addresses of one /24 the attacker's tables come from (default 10)")
    parser.add_argument("--starve-seated", action="store_true",
                        help="bot-starve: the attacker sits at each of its tables and plays at once, so that its"
                        " tables' questions come first as the victim's do (only the round robin over clients is left)")
    parser.add_argument("--hand-size", type=int, default=5,
                        help="bot-starve: cards a round, every round (default 5)")
    parser.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                        help="passed to wizard serve as --limit NAME=VALUE (repeatable)")
    parser.add_argument("--bot-workers", type=int, default=None, help="passed to wizard serve")
    parser.add_argument("--descriptors", type=int, default=None, metavar="N",
                        help=f"the server's limit of open files, soft and hard (default: this process's; with"
                        f" fd-flood {FD_FLOOD_DESCRIPTORS})")
    parser.add_argument("--workers", type=int, default=None,
                        help="instead: 1 and then N server workers behind HAProxy on a throwaway PostgreSQL cluster,"
                        " saturated; prints the scaling ratio and the failover time")
    args = parser.parse_args()
    if args.workers is not None:
        return cluster_main(args)
    kinds = set() if args.hostile == "none" else set(args.hostile.split(","))
    if args.bot_tables is None:
        args.bot_tables = 20 if "bot-starve" in kinds else 3
    if kinds - set(HOSTILE) - {"bot-starve"}:
        parser.error(f"unknown hostile clients: {', '.join(sorted(kinds - set(HOSTILE) - {'bot-starve'}))}")
    if "bot-starve" in kinds:
        if kinds != {"bot-starve"}:
            parser.error("bot-starve runs alone (it has its own victim and phases)")
        return bot_starve_main(args)
    directory = tempfile.mkdtemp(prefix="wizardcards-load-")
    url, port, command, server, log = start_server(args, directory, kinds)
    run = Run(phases=[Phase("without hostile clients"), Phase(f"with hostile clients ({', '.join(sorted(kinds))})"
                                                              if kinds else "again without hostile clients")])
    try:
        base = f"http://127.0.0.1:{port}"
        run.with_seq = server_has_seq(base, server, directory)
        before = rss_kib(server.pid)
        seats = [{"name": "Player 1", "claimed": True}] + [{"name": f"Player {s + 1}"} for s in range(1, 4)]
        created = [create_table(base, table_address(n), {"game": "wizard", "players": 4, "seats": seats})
                   for n in range(args.tables)]
        tables, tokens = [t for t, _ in created], [k for _, k in created]
        spam_token = ""
        if "spam" in kinds:
            spam_seats = [{"name": "Spammer", "claimed": True}] + [
                {"name": f"Bot {s}", "bot": "rulebased"} for s in range(1, 4)]
            spam_token = create_table(base, SPAM_ADDRESS, {"game": "wizard", "players": 4, "seats": spam_seats})[1][0]
        if "replay-flood" in kinds:
            began = time.perf_counter()
            run.replay_table, first = finished_long_game(base)
            print(f"the replay flood's game: {run.replay_table}, played in {time.perf_counter() - began - first:.1f} s,"
                  f" its replay first answered in {first:.1f} s")
        after_create = rss_kib(server.pid)
        if "fill" in kinds:
            run.fill_clients = fill_clients(base)
        # The clients' own collector pauses would count as server latency: keep them out of the measured window.
        gc.freeze()
        gc.set_threshold(10_000, 50, 100)
        marks: list[tuple[float, float, float]] = []

        def on_phase(n: int) -> None:
            workers = sum(cpu_seconds(p) for p in children(server.pid))
            marks.append((cpu_seconds(server.pid), workers, time.process_time()))

        run_clients(drive(port, base, tables, tokens, run, args.seconds, args.rate, kinds, spam_token, args.flood,
                          args.bot_tables, on_phase))
        for phase, (a, b) in zip(run.phases, zip(marks, marks[1:])):
            phase.server_cpu, phase.workers_cpu, phase.client_cpu = b[0] - a[0], b[1] - a[1], b[2] - a[2]
        during = rss_kib(server.pid)
        reference = core_rate(3.0)
    finally:
        stop_server(server)
        log.close()
    offered = f"{args.rate:.0f} actions/s offered" if args.rate else "as fast as answered (saturation)"
    print(f"{args.tables} tables x 4 seats, two phases of {args.seconds:.1f} s, {offered}, database {url}")
    print(f"server: {' '.join(command[2:])}; actions with seq: {'yes' if run.with_seq else 'no (before issue 14)'}"
          + (f"; {descriptors} open files at most" if (descriptors := descriptors_of(args, kinds)) else ""))
    if run.finished:
        print(f"WARNING: {run.finished} tables finished their game, the first after "
              f"{run.first_finish - run.phases[0].start:.1f} s; fewer live tables after that (use fewer --seconds)")
    for phase in run.phases:
        rate = phase.accepted / (phase.end - phase.start)
        print(f"-- {phase.name}:")
        print(f"   accepted actions: {phase.accepted} ({rate:.0f}/s; target >= 1000/s)")
        print(f"   send -> view latency: p50 {percentile(phase.latencies, 0.5):.1f} ms, "
              f"p99 {percentile(phase.latencies, 0.99):.1f} ms (target p99 < 50 ms); {len(phase.latencies)} measured,"
              f" longest wait {phase.longest_wait * 1000:.0f} ms")
        stalled = ", ".join(str(n) for n in sorted(phase.stalled)[:10]) + (" ..." if len(phase.stalled) > 10 else "")
        print(f"   tables stalled (a seat on turn waited > {STALL_SECONDS:.0f} s for its view): {len(phase.stalled)}"
              f" (target 0){': ' + stalled if stalled else ''}")
        print(f"   table 0 (the never-reading spectator's): {phase.table0_accepted} accepted actions, longest wait"
              f" {phase.table0_wait * 1000:.0f} ms")
        print(f"   errors: {phase.errors} (target 0)")
        print(f"   CPU: server {phase.server_cpu:.1f} s ({phase.server_cpu / max(phase.accepted, 1) * 1000:.2f} ms per"
              f" accepted action), its bot workers {phase.workers_cpu:.1f} s, clients (this process)"
              f" {phase.client_cpu:.1f} s")
    for kind, stats in run.hostile.items():
        print(f"   hostile {kind}: " + ", ".join(f"{k} {v:.3g}" if isinstance(v, float) else f"{k} {v}".rstrip()
                                                 for k, v in stats.items()))
    print(f"server log: {Path(directory) / 'server.log'}")
    print(f"server memory: {before / 1024:.0f} MiB idle, {after_create / 1024:.0f} MiB with the tables, "
          f"{during / 1024:.0f} MiB after play: {(during - before) / args.tables:.0f} KiB per live table")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (the clients run on the same machine)")
    alone = run.phases[0].accepted / (run.phases[0].end - run.phases[0].start)
    print(f"reference, the core alone: {reference:.0f} actions/s; the server (without hostile clients) reaches"
          f" {alone / reference:.3g} of it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
