"""Attack: hellos with unknown tokens, as fast as they go, from several connections at once (guessing tokens, or
just keeping the server busy: today each one costs two database queries on the event loop), and connections that
never say hello at all. The contract: a connection is closed after 3 unknown tokens, and one that has not said hello
within ``hello_seconds`` is closed; other players' actions stay prompt meanwhile."""

from __future__ import annotations

import secrets
import threading
import time
from pathlib import Path

from websockets.exceptions import InvalidStatus

from .strangers import LONG, Closed, Peer, Player, RawSocket, Server, held_up, running, seat_token, solo


def guess(peer: Peer) -> dict[str, object]:
    return peer.hello(secrets.token_urlsafe(24))



def test_a_connection_is_closed_after_three_unknown_tokens(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'hellos.sqlite3'}") as server:
        table = solo(server)
        peer = Peer(server)
        answers = [guess(peer) for _ in range(3)]
        assert [(a["type"], a.get("code")) for a in answers] == [("error", "bad_token")] * 3
        try:
            fourth = guess(peer)
        except Closed:
            fourth = {"type": "closed"}
        assert fourth["type"] == "closed", f"a fourth unknown token was answered: {fourth}"
        assert peer.connection.close_code == 1008, peer.connection.close_code
        # a right token after two wrong ones is still welcome
        again = Peer(server)
        assert [guess(again)["type"] for _ in range(2)] == ["error", "error"]
        assert again.hello(seat_token(table))["type"] == "welcome"
        again.close()


def test_a_connection_that_never_says_hello_is_closed(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'silent.sqlite3'}", {"hello_seconds": 1}) as server:
        silent = Peer(server)
        started = time.monotonic()
        assert silent.closed_within(8), "a connection that never said hello is still open after 8 s"
        assert 0.8 < time.monotonic() - started < 8
        assert silent.connection.close_code == 1008


def flood(server: Server, stop: threading.Event, counts: list[int]) -> None:
    """Connections that each send 250 hellos with made-up tokens at once (pipelined, no waiting for answers)."""
    while not stop.is_set():
        try:
            raw = RawSocket(server, receive_buffer=1 << 20)
        except Exception:  # noqa: BLE001 - refused or slow: try again
            continue
        for _ in range(250):
            raw.queue({"type": "hello", "id": "h", "token": secrets.token_urlsafe(24)})
        deadline = time.monotonic() + 1
        while raw.push() and time.monotonic() < deadline and not stop.is_set():
            time.sleep(0.01)
        counts.append(250)
        time.sleep(0.05)
        raw.close()


def test_a_flood_of_unknown_tokens_leaves_other_players_prompt(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'flood.sqlite3'}") as server:
        player = Player(server, seat_token(solo(server, "Ann", LONG)), timeout=5)
        player.start()
        stop, counts = threading.Event(), list[int]()
        flooders = [threading.Thread(target=flood, args=(server, stop, counts), daemon=True) for _ in range(4)]
        time.sleep(0.3)
        before = len(player.latencies)
        for thread in flooders:
            thread.start()
        time.sleep(4)
        stop.set()
        for thread in flooders:
            thread.join(timeout=10)
        player.stop()
        during = player.latencies[before:]
        assert not player.errors, player.report()
        assert sum(counts) >= 2000, f"only {sum(counts)} hellos were sent: no flood"
        assert len(during) >= 20, player.report()
        assert held_up(during) is None, f"{held_up(during)}: {player.report()}"


def test_a_connection_past_the_hello_limit_is_closed_and_so_are_new_connections_past_theirs(tmp_path: Path) -> None:
    """Past the client's hellos a minute, a hello is refused (``limited``) without looking at its token; a connection
    that goes on is closed after three refusals, as after three unknown tokens, so a flood cannot keep one
    connection busy with error frames; and reconnecting is bounded too (``connections_per_minute``)."""
    limits = {"hellos_per_minute": 2, "connections_per_minute": 4}
    with running(f"sqlite:///{tmp_path / 'limited.sqlite3'}", limits) as server:
        first = Peer(server)
        assert [guess(first)["code"] for _ in range(2)] == ["bad_token", "bad_token"]  # the client's two hellos
        flood = Peer(server)
        answers = []
        for _ in range(4):
            try:
                answers.append(guess(flood).get("code"))
            except Closed:
                answers.append("closed")
        assert answers == ["limited", "limited", "limited", "closed"], answers
        assert flood.connection.close_code == 1008
        opened = []
        for _ in range(4):  # this client's third to sixth connection in a minute: two more are let in
            try:
                Peer(server).close()
                opened.append("open")
            except InvalidStatus as refused:
                opened.append(str(refused.response.status_code))
        assert opened == ["open", "open", "403", "403"], opened
        first.close()
