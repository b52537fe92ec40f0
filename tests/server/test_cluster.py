"""Several workers on one PostgreSQL database behind HAProxy (docs/haproxy.cfg): whole games through the proxy, the
lobby the same from every worker, a connection that reaches the wrong worker passed on to the table's, and a worker
killed with SIGKILL in the middle of tricks while people and bots play: the others take its tables over, the people
reconnect and play on, and every acknowledged action is in the record exactly once."""

from __future__ import annotations

import random
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from wizardcards.core import GameRecord, replay

from .cluster import LEASE_SECONDS, Player, cluster
from .helpers import Client, poster, with_tokens
from .live import SERVE_ENV, WebSocketClient, free_port, serve_command
from .postgres import postgres_cluster


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def new_database(url: str, name: str) -> str:
    """A database of its own in the throwaway cluster, for one test."""
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as db:
        db.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return url.replace("/postgres?", f"/{name}?")


def create(base: str, **body: Any) -> dict[str, Any]:
    # listed and read as a stranger does, from every worker (private tables: test_attack_private.py)
    response = httpx.post(base + "/tables", json={"visibility": "public", **body}, timeout=20)
    assert response.status_code == 201, response.text
    return with_tokens(poster(base), response.json())


def people_and_bots(name: str) -> dict[str, Any]:
    return {"game": "wizard", "players": 4, "preset": "quick",
            "seats": [{"name": f"{name} A"}, {"name": "Bot 1", "bot": "rulebased"}, {"name": f"{name} C"},
                      {"name": "Bot 2", "bot": "random"}]}


def record_of(base: str, table_id: str) -> GameRecord:
    return GameRecord.from_dict(httpx.get(f"{base}/tables/{table_id}/record", timeout=20).json())


def stored_client_ids(db_url: str, table_id: str) -> Counter[str]:
    engine = create_engine(db_url)
    with engine.connect() as db:
        ids = db.scalars(text("SELECT client_id FROM actions WHERE table_id = :t AND client_id IS NOT NULL"),
                         {"t": table_id}).all()
    engine.dispose()
    return Counter(ids)


def test_several_workers_need_postgresql(tmp_path: Any) -> None:
    done = subprocess.run(serve_command(free_port(), f"sqlite:///{tmp_path / 'x.sqlite3'}", ["--workers", "2"]),
                          env=SERVE_ENV, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--workers needs PostgreSQL" in done.stderr


def test_whole_games_through_the_proxy_and_the_lobby_from_every_worker(postgres_url: str) -> None:
    url = new_database(postgres_url, "games")
    with cluster(url, workers=2) as running:
        tables: list[dict[str, Any]] = []
        players: list[Player] = []
        # tables until the proxy has sent some to each worker (their ids are random, so where each goes is too)
        while len(tables) < 4 or len({running.owner_port(t["id"]) for t in tables}) < 2:
            assert len(tables) < 16, "the proxy sent sixteen tables to the same worker"
            tables.append(create(running.http, **people_and_bots(f"T{len(tables)}")))
            players.append(Player(running.front, tables[-1], random.Random(len(tables))))
            players[-1].connect()  # the worker the proxy routes this table's path to takes it
        threads = [threading.Thread(target=player.play) for player in players]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(240)
        owners = {running.owner_port(t["id"]) for t in tables}
        for table, player in zip(tables, players):
            record = record_of(running.http, table["id"])
            assert replay(record).is_terminal()
            assert sorted(player.acked.values()) == sorted(
                n for n, (seat, _) in enumerate(zip(record_seats(record), record.actions)) if seat in (0, 2))
        assert owners == {w.port for w in running.workers}, owners  # and they stayed there
        for worker in running.workers:  # the lobby, from each worker directly: every table, finished, with scores
            page = httpx.get(f"{worker.http}/tables", params={"status": "finished"}, timeout=20).json()
            assert page["total"] == len(tables)
            assert {t["id"]: t["scores"] for t in page["tables"]} == {
                t["id"]: replay(record_of(running.http, t["id"])).returns() for t in tables}


def record_seats(record: GameRecord) -> list[int]:
    """The seat that took each action of the record."""
    state, seats = replay(GameRecord(rules=record.rules, seed=record.seed, actions=[])), []
    for action in record.actions:
        seats.append(state.current_player())
        state.apply(action)
    return seats


def test_a_connection_to_the_wrong_worker_is_passed_on_to_the_tables(postgres_url: str) -> None:
    url = new_database(postgres_url, "relay")
    # two hosts (a loopback address each), as `wizard serve --workers 1 --host H --advertise H` on two machines
    with cluster(url, workers=2, hosts=["127.0.0.2", "127.0.0.3"]) as running:
        table = create(running.http, **people_and_bots("R"))
        first = Player(running.front, table, random.Random(5))
        first.connect()  # through the proxy: the worker it routes to takes the table
        assert not first.play(steps=3)
        owner = running.owner_port(table["id"])
        other = next(w for w in running.workers if w.port != owner)
        # straight to the other worker, on /ws (no table in the path) and on the table's own path: both relayed
        for path in ("/ws", f"/tables/{table['id']}/ws"):
            watcher = Client(WebSocketClient(other.port, path=path, host=other.host), {0, 2})
            welcome = watcher.hello(table["spectator_token"])
            assert welcome["table"] == table["id"] and watcher.seq == first.clients[0].seq
            watcher.socket.close()
        assert httpx.get(f"{other.http}/tables/{table['id']}", timeout=20).json()["players"][0]["connected"] is True
        assert httpx.post(f"{other.http}/locate", json={"token": table["seats"][0]["token"]},
                          timeout=20).json() == {"table": table["id"]}
        # an invite code (not yet used), or a made-up token, names no table
        unclaimed = httpx.post(running.http + "/tables", json=people_and_bots("U"), timeout=20).json()
        for token in (unclaimed["seats"][0]["invite"], "y" * 32):
            assert httpx.post(f"{other.http}/locate", json={"token": token}, timeout=20).status_code == 404
        # a request already passed on once is not passed on again (no loop between workers): try again later
        passed_on = httpx.get(f"{other.http}/tables/{table['id']}", headers={"X-Wizardcards-Relayed": "1"}, timeout=20)
        assert passed_on.status_code == 503 and passed_on.headers["retry-after"] == "1"
        assert first.play()
        assert running.owner_port(table["id"]) == owner  # it never moved


def test_a_stranger_cannot_pass_the_unfinished_tables_limit_by_spreading_them_over_the_workers(
    postgres_url: str,
) -> None:
    # tables waiting for people are held by no worker: the limit is counted in the database, not in one's memory
    url = new_database(postgres_url, "limits")
    with cluster(url, workers=2, limits={"unfinished_tables_per_client": 2}) as running:
        body = {"game": "wizard", "players": 3, "visibility": "public",  # counted in the lobby's total below
                "seats": [{"name": "A", "claimed": True}, {"name": "B"}, {"name": "C"}]}
        for worker in running.workers:
            assert httpx.post(f"{worker.http}/tables", json=body, timeout=20).status_code == 201
        for target in [running.http] + [w.http for w in running.workers]:
            refused = httpx.post(target + "/tables", json=body, timeout=20)
            assert refused.status_code == 429 and "unfinished tables per client" in refused.text, refused.text
        assert httpx.get(running.http + "/tables", timeout=20).json()["total"] == 2


def test_a_worker_killed_mid_trick_loses_nothing_and_applies_nothing_twice(postgres_url: str) -> None:
    url = new_database(postgres_url, "failover")
    with cluster(url, workers=3) as running:
        tables = [create(running.http, **people_and_bots(f"F{n}")) for n in range(6)]
        players = [Player(running.front, table, random.Random(10 + n)) for n, table in enumerate(tables)]
        for player in players:
            player.connect()
            assert not player.play(steps=5)  # every table in play, some of its tricks done
        victim_port = running.owner_port(tables[0]["id"])
        victims = [t for t in tables if running.owner_port(t["id"]) == victim_port]
        victim = next(w for w in running.workers if w.port == victim_port)
        threads = [threading.Thread(target=player.play) for player in players]
        for thread in threads:
            thread.start()
        time.sleep(0.5)  # the tables are mid-trick: people and bots playing
        killed_at = time.monotonic()
        victim.kill()
        for thread in threads:
            thread.join(240)
        assert not any(thread.is_alive() for thread in threads)
        took = time.monotonic() - killed_at
        for table, player in zip(tables, players):
            record = record_of(running.http, table["id"])
            assert replay(record).is_terminal(), table["id"]
            stored = stored_client_ids(url, table["id"])
            # every acknowledged action exactly once in the record, and nothing else from the people
            assert set(stored) == set(player.acked) and max(stored.values()) == 1
            assert running.owner_port(table["id"]) != victim_port or table not in victims
        moved = [p for p, t in zip(players, tables) if t in victims]
        assert moved and all(p.reconnections >= 1 for p in moved)
        # taken over within the lease's time and the proxy's checks, not minutes
        assert max(p.outage for p in moved) < LEASE_SECONDS + 10, [p.outage for p in moved]
        assert took < 240


def test_wizard_serve_workers_starts_them_and_starts_a_dead_one_again(postgres_url: str) -> None:
    url = new_database(postgres_url, "supervised")
    port = free_port()
    while any(in_use(p) for p in (port + 1,)):
        port = free_port()
    parent = subprocess.Popen(serve_command(port, url, ["--workers", "2", "--bot-workers", "1"]), env=SERVE_ENV,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert "2 workers on ports" in (parent.stdout.readline() if parent.stdout else "")
        for p in (port, port + 1):
            wait_answering(p)
        children = subprocess.run(["ps", "-ww", "-o", "pid=,args=", "--ppid", str(parent.pid)], capture_output=True,
                                  text=True).stdout.splitlines()
        second = next(int(line.split()[0]) for line in children if f"--port {port + 1}" in line)
        subprocess.run(["kill", "-9", str(second)], check=True)
        time.sleep(0.5)
        wait_answering(port + 1)  # started again
    finally:
        parent.terminate()
        parent.wait(timeout=30)
    assert not in_use(port) and not in_use(port + 1)


def wait_answering(port: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/meta", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"nothing answers on port {port}")


def in_use(port: int) -> bool:
    import socket

    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0



def test_a_reader_that_never_reads_through_a_relay_holds_up_no_one(postgres_url: str) -> None:
    """Attack: a spectator that reaches the table through another worker (the relay) and never reads, while it asks
    for views as fast as it may. The relay passes the back-pressure on: the owner cuts that connection off as it
    would a direct one, the relaying worker lets go of it, and the table's player and both workers go on."""
    from .strangers import Player as TimedPlayer
    from .strangers import RawSocket, held_up

    url = new_database(postgres_url, "slowrelay")
    wide = {"schedule": "custom", "custom_hand_sizes": [10] * 60}  # big views, so buffers fill in seconds
    seats = [{"name": "Ann", "claimed": True}] + [{"name": f"B{n}", "bot": "rulebased"} for n in range(1, 6)]
    with cluster(url, workers=2) as running:
        owner, other = running.workers
        table = httpx.post(f"{owner.http}/tables", json={"game": "wizard", "players": 6, "seats": seats,
                                                         "options": wide}, timeout=20).json()
        ann = TimedPlayer(owner, table["seats"][0]["token"], timeout=5)  # type: ignore[arg-type]
        assert running.owner_port(table["id"]) == owner.port  # Ann's hello took it there
        reader = RawSocket(other)  # type: ignore[arg-type]
        reader.queue({"type": "hello", "id": "h", "token": table["spectator_token"]})
        reader.push()
        ann.start()
        started, metas = time.monotonic(), list[float]()
        try:
            while time.monotonic() - started < 30 and not reader.reset and not ann.errors:
                for _ in range(20):  # 80 a second: under the per-connection message rate
                    reader.queue({"type": "sync", "id": f"y{reader.sent_frames}"})
                reader.push()
                asked = time.monotonic()
                assert httpx.get(f"{other.http}/meta", timeout=10).status_code == 200
                metas.append(time.monotonic() - asked)
                time.sleep(0.25)
        finally:
            ann.stop()
        assert not ann.errors and len(ann.latencies) >= 20, ann.report()
        assert held_up(ann.latencies) is None, f"{held_up(ann.latencies)}: {ann.report()}"
        assert held_up(metas) is None, f"GET /meta: {held_up(metas)}"  # the relaying worker answers others meanwhile
        # cut off while it still reads nothing (a relay that buffered for it without bound would keep it for good)
        assert reader.reset, f"the reader that never reads was still connected after {time.monotonic() - started:.0f} s"
        reader.close()
