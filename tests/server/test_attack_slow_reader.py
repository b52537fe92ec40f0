"""Attack: a spectator (the spectator link is public) that says hello and then never reads its socket, while it asks
for views as fast as it may. Today's server sends views while the watched table's lock is held, so once that
socket's buffers are full the watched table stops and so does every table creation (it waits on every table's lock).
The contract: each connection has a bounded outgoing queue, a connection too far behind is closed, nobody waits."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from .strangers import Player, RawSocket, Server, held_up, post, running, seat_token, table_body

# six seats, big hands: many large views per decision, so the reader's buffers fill in seconds
WIDE = {"schedule": "custom", "custom_hand_sizes": [10] * 60}
SIX = [{"name": "Ann", "claimed": True}] + [{"name": f"B{n}", "bot": "rulebased"} for n in range(1, 6)]


def timed_creation(server: Server) -> float:
    body = table_body([{"name": "New", "claimed": True}, {"name": "B1", "bot": "random"},
                       {"name": "B2", "bot": "random"}])
    started = time.monotonic()
    try:
        response = post(server, "/tables", body, timeout=10)
    except httpx.TimeoutException:
        return float("inf")
    assert response.status_code == 201, response.text
    return time.monotonic() - started


def test_a_spectator_that_never_reads_holds_up_no_table_and_no_creation(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'slow.sqlite3'}") as server:
        watched = post(server, "/tables", table_body(SIX, WIDE)).json()
        other = post(server, "/tables", table_body([{**SIX[0], "name": "Bo"}, *SIX[1:]], WIDE)).json()
        reader = RawSocket(server)
        reader.queue({"type": "hello", "id": "h", "token": watched["spectator_token"]})
        reader.push()
        players = [Player(server, seat_token(watched), timeout=5), Player(server, seat_token(other), timeout=5)]
        for player in players:
            player.start()
        creations: list[float] = []
        started = time.monotonic()
        try:
            while time.monotonic() - started < 10 and not reader.reset:
                for _ in range(20):  # 80 a second: under the per-connection message rate
                    reader.queue({"type": "sync", "id": f"y{reader.sent_frames}"})
                reader.push()
                creations.append(timed_creation(server))
                time.sleep(max(0.0, 0.25 - (creations[-1] if creations[-1] < 1 else 0)))
                if any(p.errors for p in players):
                    break
        finally:
            for player in players:
                player.stop()
        reports = [p.report() for p in players]
        assert held_up(creations) is None, f"table creations: {held_up(creations)}"
        for player, report in zip(players, reports):
            assert not player.errors, report
            assert len(player.latencies) >= 20, report
            assert held_up(player.latencies) is None, f"{held_up(player.latencies)}: {report}"
        # the reader fell too far behind: closed (reading now finds the end of the stream, after what was sent)
        assert reader.reset or reader.drain(20), "the reader that never reads was never closed"
        reader.close()
        assert post(server, "/tables", table_body(SIX, WIDE), timeout=3).status_code == 201


def test_a_reader_cut_off_is_dropped_without_ever_reading(tmp_path: Path) -> None:
    """Cut off, a client that never reads would never take its close frame either: the server drops the socket
    (and what it still held for it) a couple of seconds after closing it, instead of keeping it for as long as the
    client likes. The reader learns so the only way it can without reading: its next send finds the socket reset."""
    with running(f"sqlite:///{tmp_path / 'drop.sqlite3'}") as server:
        watched = post(server, "/tables", table_body(SIX, WIDE)).json()
        reader = RawSocket(server)
        reader.queue({"type": "hello", "id": "h", "token": watched["spectator_token"]})
        reader.push()
        started = time.monotonic()
        while time.monotonic() - started < 30 and not reader.reset:
            for _ in range(20):  # 80 a second: under the per-connection message rate
                reader.queue({"type": "sync", "id": f"y{reader.sent_frames}"})
            reader.push()
            time.sleep(0.25)
        assert reader.reset, "the server still held a socket it had cut off after 30 s"
        reader.close()
