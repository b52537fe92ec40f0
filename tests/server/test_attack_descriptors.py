"""Attack: spectators from many addresses take every file descriptor of the server (issue 24, item 4). The per-client
cap (32 WebSockets) and the per-network one (96) bound one address and one /24, not the total: at 27c8081, 995
spectator sockets from 40 addresses took the usual 1,024 descriptors, and a fresh client's POST got no answer at
all (the server could not even accept its connection).

Here the server runs with a small descriptor limit (soft 64, hard 256, as ``prlimit --nofile=64:256`` would set) and
the strangers come from many loopback addresses (Linux routes all of 127/8 to the loopback), a few per /24. The
contract: the server raises its soft limit to the hard one, keeps its WebSockets under a cap below it
(``max_connections`` 0: the limit less a margin), refuses a WebSocket past it with 1013 and a spectator past the
spectators' share of it with 1013, answers HTTP past its concurrency bound with 503 and ``Retry-After``, closes
spectators that say nothing for ``idle_spectator_seconds``; and a fresh client's ``POST /tables`` is answered and
its game plays while the strangers hold all they may."""

from __future__ import annotations

import itertools
import json
import socket
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

from .strangers import Player, Server, create, next_id, post, running, seat_token, seated, table_body

DESCRIPTORS = (64, 256)  # the server's (soft, hard) limit of open files in these tests
WAITING = [{"name": "Host", "claimed": True}, {"name": "P2"}, {"name": "P3"}]  # a table that waits (two invited)


def addresses(first: int) -> Iterator[str]:
    """Loopback addresses, four to a /24 network: 127.FIRST.0.1 .. 127.FIRST.0.4, 127.FIRST.1.1, ..."""
    for n in itertools.count():
        yield f"127.{first}.{n // 4}.{n % 4 + 1}"


def socket_from(server: Server, address: str, timeout: float = 3.0) -> ClientConnection:
    """A WebSocket to the server from ``address`` (its source address)."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=timeout, source_address=(address, 0))
    try:
        # entered by hand (closed by the test); no pings: a busy server's late pong must not make the client leave
        return connect(f"ws://127.0.0.1:{server.port}/ws", sock=sock, open_timeout=timeout, close_timeout=1,
                       ping_interval=None).__enter__()
    except BaseException:
        sock.close()
        raise


def watch(server: Server, address: str, token: str) -> tuple[ClientConnection | None, str]:
    """A spectator from ``address``: its connection when welcomed, else None and how it was refused."""
    try:
        ws = socket_from(server, address)
    except InvalidHandshake as error:
        return None, f"handshake {getattr(getattr(error, 'response', None), 'status_code', error)}"
    except (OSError, TimeoutError, ConnectionClosed):
        return None, "no answer"
    try:
        ws.send(json.dumps({"type": "hello", "id": next_id(), "token": token}))
        answer = json.loads(ws.recv(timeout=5))
    except ConnectionClosed as closed:
        ws.close()
        return None, f"close {closed.rcvd.code if closed.rcvd else None}"
    except (OSError, TimeoutError):
        ws.close()
        return None, "no answer"
    if answer["type"] != "welcome":
        ws.close()
        return None, f"error {answer.get('code')}"
    return ws, "welcome"


def silent(server: Server, count: int) -> tuple[list[ClientConnection], Counter[str]]:
    """``count`` connections from fresh addresses that never say hello, opened as fast as they go: those still open,
    and how the others were refused."""
    opened: list[ClientConnection] = []
    refused: Counter[str] = Counter()
    for address in itertools.islice((a for a in addresses(2) for _ in range(20)), count):
        try:
            opened.append(socket_from(server, address))
        except InvalidHandshake as error:
            refused[f"handshake {getattr(getattr(error, 'response', None), 'status_code', error)}"] += 1
        except (OSError, TimeoutError, ConnectionClosed):
            refused["no answer"] += 1
    time.sleep(1)
    still: list[ClientConnection] = []
    for ws in opened:
        try:
            ws.recv(timeout=0.01)
        except TimeoutError:
            still.append(ws)
            continue
        except ConnectionClosed as closed:
            refused[f"close {closed.rcvd.code if closed.rcvd else None}"] += 1
        ws.close()
    return still, refused


def flood(opened: Iterator[tuple[ClientConnection | None, str]], held: list[ClientConnection], attempts: int
          ) -> Counter[str]:
    """Open connections until five in a row are refused (or ``attempts`` were made); the refusals by kind."""
    refused: Counter[str] = Counter()
    in_a_row = 0
    for _ in range(attempts):
        ws, outcome = next(opened)
        if ws is not None:
            held.append(ws)
            in_a_row = 0
            continue
        refused[outcome] += 1
        in_a_row += 1
        if in_a_row >= 5:
            break
    return refused


def play_to_the_end(server: Server, token: str) -> None:
    player = Player(server, token, timeout=20)
    player.start()
    player.join(timeout=120)
    try:
        assert not player.errors, player.errors
        assert player.peer.finished(), f"the game did not end: {player.report()}"
    finally:
        player.stop()


def test_spectators_from_many_addresses_leave_room_for_a_fresh_client_and_its_game(tmp_path: Path) -> None:
    limits = {"hello_seconds": 8, "idle_spectator_seconds": 600}
    with running(f"sqlite:///{tmp_path / 'fd.sqlite3'}", limits, loose=False, descriptors=DESCRIPTORS) as server:
        token = create(server, WAITING)["spectator_token"]
        held: list[ClientConnection] = []
        try:
            per_address = (watch(server, address, token) for address in addresses(1) for _ in range(20))
            watchers = flood(per_address, held, attempts=400)
            spectators = len(held)
            # then connections that say nothing, as many as the descriptors left would take
            quiet, quiet_refused = silent(server, DESCRIPTORS[1] - spectators)
            held += quiet

            # a fresh client is answered meanwhile, at once
            started = time.monotonic()
            created = post(server, "/tables", table_body([{"name": "Fresh", "claimed": True},
                                                          {"name": "B1", "bot": "rulebased"},
                                                          {"name": "B2", "bot": "rulebased"}]), timeout=10)
            answered = time.monotonic() - started
            assert created.status_code == 201, created.text
            assert answered < 10
            # the strangers were refused with "try again later", not left unanswered
            assert watchers["close 1013"] >= 1, watchers
            assert quiet_refused["close 1013"] >= 1, quiet_refused
            assert spectators < DESCRIPTORS[1] - 64, spectators  # under the spectators' share of the cap
            assert len(held) < DESCRIPTORS[1] - 16, len(held)  # under the limit, with the HTTP requests' room

            # the quiet ones are closed after hello_seconds: the fresh client's game plays while the watchers stay
            time.sleep(limits["hello_seconds"] + 2)
            play_to_the_end(server, seat_token(created.json()))
            assert server.process.poll() is None
        finally:
            for ws in held:
                ws.close()


def test_the_descriptor_limit_raised_and_http_past_the_bound_answered_503_with_retry_after(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'http.sqlite3'}", descriptors=DESCRIPTORS) as server:
        limits = Path(f"/proc/{server.process.pid}/limits").read_text()
        line = next(line for line in limits.splitlines() if line.startswith("Max open files"))
        assert line.split()[3:5] == [str(DESCRIPTORS[1])] * 2, line  # the soft limit raised to the hard one
        assert f"{DESCRIPTORS[1]} file descriptors" in server.log_tail()
        # requests that never finish sending their body, each one in the server's hands until it comes
        stalled = []
        body = json.dumps(table_body(WAITING)).encode()
        try:
            for _ in range(16):  # capacity.request_cap(256)
                sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
                sock.sendall(b"POST /tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                             b"Content-Length: %d\r\n\r\n" % len(body))
                stalled.append(sock)
            time.sleep(0.5)
            busy = post(server, "/tables", table_body(WAITING), timeout=10)
            assert busy.status_code == 503, busy.text
            assert int(busy.headers["Retry-After"]) >= 1
        finally:
            for sock in stalled:
                sock.close()
        deadline = time.monotonic() + 10
        while (again := post(server, "/tables", table_body(WAITING), timeout=10)).status_code == 503:
            assert time.monotonic() < deadline, "the server stayed busy after the stalled requests left"
            time.sleep(0.2)
        assert again.status_code == 201, again.text


def test_a_spectator_that_says_nothing_is_let_go_and_the_others_stay(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'idle.sqlite3'}", {"idle_spectator_seconds": 1.5}) as server:
        table = create(server, WAITING)
        idle = seated(server, table["spectator_token"])
        talking = seated(server, table["spectator_token"])
        host = seated(server, seat_token(table))  # a seat that says nothing either: a player may think long
        deadline = time.monotonic() + 6
        closed = False
        while time.monotonic() < deadline and not closed:
            talking.sync(timeout=5)
            closed = idle.closed_within(0.5)
        assert closed, "an idle spectator was kept"
        assert idle.connection.close_code == 1000
        assert not talking.closed_within(0.1) and not host.closed_within(0.1)
        talking.sync(timeout=5)
        for peer in (talking, host):
            peer.close()
        assert httpx.get(server.http + "/meta", timeout=10).status_code == 200
