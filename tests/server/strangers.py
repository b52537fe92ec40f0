"""Strangers for the attack tests (tests/server/test_attack_*.py): a real server process started with per-client limits
(``--limit NAME=VALUE``), protocol peers over real WebSockets that keep every frame they receive, a raw socket that
speaks the WebSocket handshake and then never reads, and a player thread that keeps a table going and times every
acknowledgement.

The attacks are written against the contract of issue 14 (a seat's token only to its holder, ``seq`` in actions,
per-client limits ...). So that each one can also be run against a server from before it and show the attack
succeeding there, a few things adapt to the server found: options of ``wizard serve`` it does not have (``--limit``,
``--trust-proxy``, ``--bot-workers``) and limits it does not know are left out, and an action carries ``seq`` only
where the server's protocol schema has it. Nothing else adapts: every assert is the new contract's.
"""

from __future__ import annotations

import base64
import dataclasses
import functools
import itertools
import json
import os
import resource
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .live import SERVE_ENV, answering, free_port, serve_command

TERMINAL = -4
SHORT = {"schedule": "custom", "custom_hand_sizes": [2, 3]}
LONG = {"schedule": "custom", "custom_hand_sizes": [15] * 60}  # a thousand decisions and more: a table that plays on
# limits loose enough that a test's own traffic from 127.0.0.1 never meets them (where a test does not attack them)
LOOSE = {"tables_per_minute": 100_000, "unfinished_tables_per_client": 100_000, "joins_per_minute": 100_000,
         "connections_per_client": 100_000, "connections_per_minute": 100_000, "hellos_per_minute": 100_000,
         "table_loads_per_minute": 100_000, "unfinished_tables_per_network": 100_000,
         "joins_per_minute_per_network": 100_000, "connections_per_network": 100_000}
_ids = itertools.count()


def next_id() -> str:
    return f"s{next(_ids)}"


@functools.cache
def serve_options() -> frozenset[str]:
    """The options ``wizard serve`` knows (read from its parser, in this process: the same code as the server)."""
    from wizardcards.cli import build_parser

    parser = build_parser()
    for action in parser._actions:  # noqa: SLF001 - argparse keeps subparsers only there
        choices = getattr(action, "choices", None)
        if isinstance(choices, dict) and "serve" in choices:
            return frozenset(o for a in choices["serve"]._actions for o in a.option_strings)  # noqa: SLF001
    return frozenset()


@functools.cache
def limit_names() -> frozenset[str]:
    """The names ``wizard serve --limit`` knows (the same code as the server)."""
    from wizardcards.server.limits import Limits

    return frozenset(Limits.names())


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    db_url: str
    log: Path
    args: list[str] = field(default_factory=list)

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log_tail(self, size: int = 4000) -> str:
        try:
            return self.log.read_text(errors="replace")[-size:]
        except OSError:
            return ""

    def kill(self) -> None:
        """SIGKILL: no shutdown; whatever was not committed is lost. Its log goes too."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=30)
        self.log.unlink(missing_ok=True)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        self.kill()

    def restart(self) -> Server:
        """Kill this process and start another on the same database (a new port), with the same options."""
        self.kill()
        return _launch(self.db_url, self.args)


def start(db_url: str, limits: dict[str, float] | None = None, *, loose: bool = True, trust_proxy: bool = False,
          bot_workers: int | None = None, descriptors: tuple[int, int] | None = None) -> Server:
    """``wizard serve`` on a free port of the loopback: ``limits`` over ``LOOSE`` (unless ``loose`` is false),
    ``--trust-proxy 127.0.0.1`` (so ``X-Forwarded-For`` names the client), ``--bot-workers``, and ``descriptors``
    its (soft, hard) limit of open files (``RLIMIT_NOFILE``)."""
    known = serve_options()
    args: list[str] = []
    if "--limit" in known:
        for name, value in {**(LOOSE if loose else {}), **(limits or {})}.items():
            if name in limit_names():  # a limit the server found does not have yet is left out
                args += ["--limit", f"{name}={value}"]
    if trust_proxy and "--trust-proxy" in known:
        args += ["--trust-proxy", "127.0.0.1"]
    if bot_workers is not None and "--bot-workers" in known:
        args += ["--bot-workers", str(bot_workers)]
    return _launch(db_url, args, descriptors=descriptors)


def _launch(db_url: str, args: list[str], timeout: float = 60.0, descriptors: tuple[int, int] | None = None) -> Server:
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="wizardcards-server-", suffix=".log")[1])

    def limit_descriptors() -> None:  # in the child, before it runs the server
        if descriptors is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, descriptors)

    with log.open("wb") as out:  # a file, not a pipe: a server writing tracebacks never waits for a reader
        process = subprocess.Popen(serve_command(port, db_url, args), env=SERVE_ENV, stdout=out,
                                   stderr=subprocess.STDOUT, preexec_fn=limit_descriptors)
    server = Server(process, port, db_url, log, args)

    def why_not() -> str:
        tail = server.log_tail()
        log.unlink(missing_ok=True)
        return tail

    if answering(process, server.http, timeout, why_not):
        return server
    tail = server.log_tail()
    server.kill()
    raise RuntimeError(f"the server did not start in time: {tail}")


@contextmanager
def running(db_url: str, limits: dict[str, float] | None = None, **options: Any) -> Iterator[Server]:
    server = start(db_url, limits, **options)
    try:
        yield server
    finally:
        server.kill()


@functools.cache
def _wants_seq(port: int) -> bool:
    schema = httpx.get(f"http://127.0.0.1:{port}/protocol.schema.json", timeout=10).json()
    return "seq" in schema["$defs"].get("Act", {}).get("properties", {})


def wants_seq(server: Server) -> bool:
    """Whether this server's action message has ``seq`` (issue 14 makes it required)."""
    return _wants_seq(server.port)


# --- HTTP ------------------------------------------------------------------------------------------------------


def headers_of(client: str | None) -> dict[str, str]:
    return {"X-Forwarded-For": client} if client else {}


def post(server: Server, path: str, body: Any, client: str | None = None, timeout: float = 20.0,
         source: str | None = None, headers: dict[str, str] | None = None) -> httpx.Response:
    """POST as ``client`` (``X-Forwarded-For``, believed with ``trust_proxy``), or from the loopback address
    ``source`` itself (Linux routes all of 127/8 to the loopback: no proxy needed)."""
    transport = None if source is None else httpx.HTTPTransport(local_address=source)
    with httpx.Client(transport=transport, timeout=timeout) as http:
        return http.post(server.http + path, json=body, headers={**headers_of(client), **(headers or {})})


def get(server: Server, path: str, timeout: float = 20.0) -> httpx.Response:
    return httpx.get(server.http + path, timeout=timeout)


def table_body(seats: list[dict[str, Any]], options: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    # listed and read as a stranger does (private tables: test_attack_private.py)
    return {"game": "wizard", "players": len(seats), "options": SHORT if options is None else options,
            "seats": seats, "visibility": "public", **extra}


def create(server: Server, seats: list[dict[str, Any]], options: dict[str, Any] | None = None,
           client: str | None = None, source: str | None = None, **extra: Any) -> dict[str, Any]:
    response = post(server, "/tables", table_body(seats, options, **extra), client, source=source)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def solo(server: Server, name: str = "Ann", options: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """A table of one human seat (the creator's own, claimed) and two rule-based bots."""
    return create(server, [{"name": name, "claimed": True}, {"name": "B1", "bot": "rulebased"},
                           {"name": "B2", "bot": "rulebased"}], options, **extra)


def seat_token(table: dict[str, Any], seat: int = 0) -> str:
    """The creator's own credential of a claimed seat in a POST /tables answer."""
    entry = next(s for s in table["seats"] if s["seat"] == seat)
    token = entry["token"]
    assert isinstance(token, str) and token, entry
    return token


def summary(server: Server, table_id: str) -> dict[str, Any]:
    response = get(server, f"/tables/{table_id}")
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def wait_for(check: Callable[[], bool], timeout: float, what: str, every: float = 0.05) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"not in {timeout} s: {what}"
        time.sleep(every)


# --- WebSocket peers -----------------------------------------------------------------------------------------


class Closed(Exception):
    """The server closed the connection."""


class Peer:
    """One WebSocket connection that keeps every frame it receives and the newest view's seq, status and view."""

    def __init__(self, server: Server, client: str | None = None, timeout: float = 10.0,
                 source: str | None = None) -> None:
        self.server = server
        self.timeout = timeout
        bind = {} if source is None else {"source_address": (source, 0)}  # from that loopback address itself
        self.connection: ClientConnection = connect(
            f"ws://127.0.0.1:{server.port}/ws", open_timeout=timeout, additional_headers=headers_of(client),
            close_timeout=1, **bind,
        ).__enter__()  # entered by hand, as live.WebSocketClient does (closed in close())
        self.frames: list[dict[str, Any]] = []
        self.last_sent: dict[str, Any] | str | None = None
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        self.seq = 0
        self.status = "waiting"

    def send(self, message: dict[str, Any] | str) -> None:
        self.last_sent = message
        try:
            self.connection.send(message if isinstance(message, str) else json.dumps(message))
        except ConnectionClosed as closed:
            raise Closed(str(closed)) from None

    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        try:
            raw = self.connection.recv(timeout=self.timeout if timeout is None else timeout)
        except ConnectionClosed as closed:
            raise Closed(str(closed)) from None
        frame: dict[str, Any] = json.loads(raw)
        self.frames.append(frame)
        if frame["type"] == "view" and frame["seq"] >= self.seq:
            self.view, self.seq, self.status = frame["view"], frame["seq"], frame["status"]
        return frame

    def until(self, check: Callable[[dict[str, Any]], bool], timeout: float | None = None) -> dict[str, Any]:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the frame waited for did not come")
            frame = self.receive(left)
            if check(frame):
                return frame

    def kind(self, kind: str, timeout: float | None = None) -> dict[str, Any]:
        return self.until(lambda f: f["type"] == kind, timeout)

    def hello(self, token: str, name: str | None = None) -> dict[str, Any]:
        """Say hello; returns the answer (a welcome, or an error). After a welcome, reads up to who sits where."""
        message_id = next_id()
        message: dict[str, Any] = {"type": "hello", "id": message_id, "token": token}
        if name is not None:
            message["name"] = name
        self.send(message)
        answer = self.until(lambda f: f.get("reply_to") == message_id or f["type"] in ("welcome", "error"))
        if answer["type"] == "welcome":
            self.seat = answer["seat"]
            self.kind("table")
        return answer

    def on_turn(self) -> bool:
        return bool(self.status == "playing" and self.view and self.view["legal_actions"])

    def finished(self) -> bool:
        return bool(self.view and self.view["current_player"] == TERMINAL)

    def settle(self, at_least: int = 0, timeout: float | None = None) -> None:
        """Read until this seat is on turn (or the game is over) at seq ``at_least`` or later."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not ((self.on_turn() or self.finished()) and self.seq >= at_least):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"not on turn (seq {self.seq}, status {self.status})")
            self.receive(left)

    def action_message(self, action: int, message_id: str, seq: int | None) -> dict[str, Any]:
        message: dict[str, Any] = {"type": "action", "id": message_id, "action": action}
        if wants_seq(self.server):
            message["seq"] = self.seq if seq is None else seq
        return message

    def act(self, action: int, seq: int | None = None, message_id: str | None = None,
            timeout: float | None = None) -> dict[str, Any]:
        """Send an action (answering decision ``seq``, default the newest view's) and read its ack or error."""
        message_id = message_id or next_id()
        self.send(self.action_message(action, message_id, seq))
        # an error without reply_to (``throttled``: the message was not even read) answers it too
        return self.until(lambda f: f["type"] == "ack" and f["reply_to"] == message_id
                          or f["type"] == "error" and f.get("reply_to") in (message_id, None), timeout)

    def sync(self, timeout: float | None = None) -> dict[str, Any]:
        message_id = next_id()
        self.send({"type": "sync", "id": message_id})
        return self.until(lambda f: f["type"] == "view" and f.get("reply_to") == message_id, timeout)

    def closed_within(self, timeout: float) -> bool:
        """Whether the server closes this connection within ``timeout`` (frames meanwhile are read and kept)."""
        deadline = time.monotonic() + timeout
        try:
            while (left := deadline - time.monotonic()) > 0:
                self.receive(left)
        except Closed:
            return True
        except TimeoutError:
            return False
        return False

    def close(self) -> None:
        try:
            self.connection.close()
        except Exception:  # noqa: BLE001 - already gone
            pass


def seated(server: Server, token: str, name: str | None = None, client: str | None = None,
           source: str | None = None) -> Peer:
    peer = Peer(server, client, source=source)
    answer = peer.hello(token, name)
    assert answer["type"] == "welcome", answer
    return peer


# --- a table that plays on, timed ------------------------------------------------------------------------------

SLOW = 1.0  # seconds: an answer slower than this waited for something
CEILING = 5.0  # seconds: no answer waits this long, however busy the machine


def held_up(waits: list[float], share: float = 0.05) -> str | None:
    """Why a series of answers was held up, or None: one waited past ``CEILING``, or more than ``share`` of them past
    ``SLOW``. A busy CI machine delays an answer past a second now and then (1.71 s was seen on a loaded 2-core
    machine); a server that makes a client wait for another client delays them all, or one for good. Figures belong
    in the benchmarks (benchmarks/server_load.py), not here."""
    if not waits:
        return "no answer at all"
    slow = [w for w in waits if w > SLOW]
    if max(waits) > CEILING:
        return f"one answer waited {max(waits):.2f} s (of {len(waits)})"
    if len(slow) > share * len(waits):
        return f"{len(slow)} of {len(waits)} answers waited over {SLOW:g} s (slowest {max(slow):.2f} s)"
    return None



class Player(threading.Thread):
    """Plays the one human seat of a table (its first legal action each time) until stopped or the game is over,
    timing each action from sending to its ack; at most ``PACE`` actions a second (under the server's message
    rate of a connection, 100 a second, after a burst of 200)."""

    PACE = 80

    def __init__(self, server: Server, token: str, client: str | None = None, timeout: float = 10.0) -> None:
        super().__init__(daemon=True)
        self.peer = seated(server, token, client=client)
        self.wait = timeout
        self.sent = 0.0
        self.latencies: list[float] = []  # from each action sent to its ack
        self.gaps: list[float] = []  # from each ack to the seat's next turn (the bots' moves between)
        self.errors: list[str] = []
        self.halt = threading.Event()

    def run(self) -> None:
        try:
            while not self.halt.is_set():
                self.peer.settle(self.peer.seq, timeout=self.wait)
                if self.peer.finished():
                    return
                assert self.peer.view is not None
                if self.latencies:
                    time.sleep(max(0.0, self.sent + 1 / self.PACE - time.monotonic()))
                sent = self.sent = time.monotonic()
                answer = self.peer.act(int(self.peer.view["legal_actions"][0]), timeout=self.wait)
                self.latencies.append(time.monotonic() - sent)
                if answer["type"] != "ack":
                    self.errors.append(json.dumps(answer))
                    return
                waited = time.monotonic()
                self.peer.settle(answer["seq"], timeout=self.wait)
                self.gaps.append(time.monotonic() - waited)
        except Exception as error:  # noqa: BLE001 - reported by the test
            self.errors.append(f"{type(error).__name__}: {error}")

    def stop(self) -> None:
        self.halt.set()
        self.join(timeout=self.wait * 2 + 5)
        self.peer.close()

    def report(self) -> str:
        slowest, gap = max(self.latencies, default=0.0), max(self.gaps, default=0.0)
        return f"{len(self.latencies)} acks, slowest {slowest:.3f} s, longest wait for the next turn {gap:.3f} s, " \
               f"errors {self.errors}"


def play_out(peers: list[Peer], timeout: float = 60.0) -> None:
    """Play every human seat of one table (each peer its own seat) to the end: the first legal action each time."""
    deadline = time.monotonic() + timeout

    def left() -> float:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"the game did not end in time: {[(p.seat, p.seq, p.status) for p in peers]}"
        return remaining

    floor = 0  # the seq every peer must have seen: the newest view or ack any of them had
    while True:
        newest = floor = max(floor, *(p.seq for p in peers))
        for peer in peers:
            while peer.seq < newest:
                peer.receive(left())
        actor = next((p for p in peers if p.on_turn()), None)
        if actor is None:
            if peers[0].finished():
                return
            for peer in peers:  # the game starts (a view of the same seq, now playing), or bots are moving
                try:
                    peer.receive(min(0.05, left()))
                except TimeoutError:
                    pass
            continue
        assert actor.view is not None
        answer = actor.act(int(actor.view["legal_actions"][0]), timeout=left())
        assert answer["type"] == "ack", answer
        floor = answer["seq"]


# --- a raw WebSocket that never reads ----------------------------------------------------------------------------


class RawSocket:
    """The WebSocket handshake over a plain socket with a tiny receive buffer; after it, frames are sent (masked, as
    a client must) without blocking and nothing is ever read, until ``drain``."""

    def __init__(self, server: Server, receive_buffer: int = 2048, client: str | None = None) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.connect(("127.0.0.1", server.port))
        key = base64.b64encode(os.urandom(16)).decode()
        forwarded = f"X-Forwarded-For: {client}\r\n" if client else ""
        self.sock.sendall(
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{forwarded}\r\n".encode()
        )
        answer = b""
        self.sock.settimeout(10)
        while b"\r\n\r\n" not in answer:
            chunk = self.sock.recv(1)  # one byte at a time: nothing past the handshake's answer is read
            assert chunk, "closed during the handshake"
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 101"), answer
        self.sock.setblocking(False)
        self.pending = b""
        self.sent_frames = 0
        self.reset = False  # a send found the connection reset: the server closed it

    @staticmethod
    def frame(text: str) -> bytes:
        payload = text.encode()
        mask = os.urandom(4)
        size = len(payload)
        if size < 126:
            header = bytes([0x81, 0x80 | size])
        elif size < 65536:
            header = bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
        else:
            header = bytes([0x81, 0x80 | 127]) + size.to_bytes(8, "big")
        return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

    def queue(self, message: dict[str, Any]) -> None:
        self.pending += self.frame(json.dumps(message))
        self.sent_frames += 1

    def push(self) -> int:
        """Send what the socket takes now without waiting; returns the bytes still waiting."""
        try:
            while self.pending:
                sent = self.sock.send(self.pending)
                self.pending = self.pending[sent:]
        except (BlockingIOError, InterruptedError):
            pass
        except OSError:  # reset by the server
            self.pending, self.reset = b"", True
        return len(self.pending)

    def drain(self, timeout: float) -> bool:
        """Read everything now; whether the server has closed the connection (end of stream or reset) by then."""
        self.sock.setblocking(True)
        self.sock.settimeout(0.5)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if not self.sock.recv(1 << 16):
                    return True
            except TimeoutError:
                continue
            except OSError:
                return True
        return False

    def close(self) -> None:
        self.sock.close()


def every_string(value: Any) -> Iterator[str]:
    """Every string in a JSON value (keys too), and each piece of one split at the characters that join a link."""
    if isinstance(value, str):
        yield value
        pieces = [value]
        for separator in "#?&=/:":
            pieces = [part for piece in pieces for part in piece.split(separator)]
        yield from (p for p in pieces if p)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from every_string(key)
            yield from every_string(item)
    elif isinstance(value, list):
        for item in value:
            yield from every_string(item)


def alone_on_turn(server: Server) -> tuple[dict[str, Any], Peer, int, int]:
    """Ann at a table of her own with bots, on turn: the table, her peer, the decision's seq and a legal action."""
    table = solo(server, "Ann")
    ann = seated(server, seat_token(table))
    ann.settle(0)
    assert ann.view is not None
    return table, ann, ann.seq, int(ann.view["legal_actions"][0])
