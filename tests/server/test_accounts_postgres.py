"""Accounts on PostgreSQL: the migration from a database made at revision 0009 (its tables kept, their people
guests), a whole sign-up and sign-in there, and a cluster of workers (``wizard serve --workers``): a ceremony begun on
one worker is finished on another (its challenge is in the database), a session made on one opens the others, a seat
taken through a worker that does not hold the table is still bound to the account (the request is relayed with its
session), and signing out everywhere on one worker closes a socket held by another."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from wizardcards.server import create_app
from wizardcards.server.db import MIGRATIONS, make_engine
from wizardcards.server.sessions import SESSION_CHECK_SECONDS

from .cluster import cluster
from .helpers import LOOSE_LIMITS
from .passkeys import SAME_ORIGIN, Authenticator, Browser, sign_in, sign_up
from .postgres import postgres_cluster

SITE = "cards.test"  # the host name the pages are served under, whichever worker answers
AT_SITE = {"Host": SITE, "Origin": f"http://{SITE}"}


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def new_database(url: str, name: str) -> str:
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as db:
        db.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return url.replace("/postgres?", f"/{name}?")


def test_the_migration_from_0009_on_postgres_keeps_the_tables_and_accounts_work(postgres_url: str) -> None:
    from alembic import command
    from alembic.config import Config

    url = new_database(postgres_url, "from0009")
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0009")
    with engine.begin() as connection:  # a waiting table the server of then stored, its first seat joined
        connection.exec_driver_sql(
            "INSERT INTO game_tables (id, rules, seed, status, spectator_token, created_at, hints, bot_pace,"
            " joined_by_others) VALUES ('t1', '{\"game\": \"wizard\", \"players\": 3}', 7, 'waiting', 'spec',"
            " now(), true, 0, true)")
        for seat in range(3):
            first = "true" if seat == 0 else "false"
            connection.exec_driver_sql(
                f"INSERT INTO seats (table_id, seat, name, joined, claimed, open, host)"
                f" VALUES ('t1', {seat}, 'p{seat}', {first}, {first}, true, {first})")
    assert "accounts" not in inspect(engine).get_table_names()
    engine.dispose()
    with TestClient(create_app(url, bot_pace=0, limits=LOOSE_LIMITS)) as server:
        assert [p["kind"] for p in server.get("/tables/t1").json()["players"]] == ["guest"] * 3
        laptop, phone = Browser(server), Browser(server)
        device = sign_up(laptop, "Ann")
        assert sign_in(phone, device).status_code == 200
        joined = phone.post("/tables/t1/join", json={"name": "x"}, headers=SAME_ORIGIN).json()
        summary = server.get("/tables/t1").json()
        assert joined["seat"] == 1 and summary["names"][1] == "Ann" and summary["players"][1]["kind"] == "player"
        assert phone.get("/account").json()["sessions"] == 2
    engine = make_engine(url)
    keys = inspect(engine).get_foreign_keys("seats")
    foreign = {(k["referred_table"], tuple(k["constrained_columns"])) for k in keys}
    assert ("accounts", ("account_id",)) in foreign
    engine.dispose()


def ceremony_options(base: str, path: str, body: dict[str, Any], browser: httpx.Client) -> dict[str, Any]:
    answer = browser.post(base + path, json=body, headers=AT_SITE)
    assert answer.status_code == 200, answer.text
    options: dict[str, Any] = answer.json()
    return options


def test_a_ceremony_begun_on_one_worker_finishes_on_another_and_sessions_span_them(postgres_url: str) -> None:
    url = new_database(postgres_url, "accounts_cluster")
    with cluster(url, workers=2) as running, httpx.Client(timeout=20) as laptop, \
            httpx.Client(timeout=20) as phone:
        one, two = (worker.http for worker in running.workers)
        device = Authenticator(origin=f"http://{SITE}")
        begun = ceremony_options(one, "/accounts/options", {"name": "Ann"}, laptop)
        assert begun["publicKey"]["rp"]["id"] == SITE
        done = laptop.post(two + "/accounts", headers=AT_SITE,
                           json={"ceremony": begun["ceremony"], "credential": device.create(begun["publicKey"])})
        assert done.status_code == 201, done.text
        assert laptop.get(one + "/account", headers=AT_SITE).json()["name"] == "Ann"  # the session opens both
        begun = ceremony_options(two, "/session/options", {}, phone)
        signed = phone.post(one + "/session", headers=AT_SITE,
                            json={"ceremony": begun["ceremony"], "credential": device.get(begun["publicKey"])})
        assert signed.status_code == 200, signed.text

        # Ann's table, taken by worker one (a hello there); the phone (Ann too) and Bo join it through worker two
        table = laptop.post(one + "/tables", headers=AT_SITE, json={"players": 3, "seats": [
            {"name": "me", "claimed": True}, {"name": "o", "open": True}, {"name": "p", "open": True}]}).json()
        cookie = "; ".join(f"{k}={v}" for k, v in laptop.cookies.items())
        host = running.workers[0]
        # (websockets writes its own Host header: the page's origin is the worker's address here)
        with connect(f"ws://127.0.0.1:{host.port}/ws", open_timeout=10, close_timeout=1,
                     additional_headers={"Cookie": cookie, "Origin": f"http://127.0.0.1:{host.port}"}) as socket:
            socket.send(json.dumps({"type": "hello", "id": "h", "token": table["seats"][0]["token"]}))
            assert '"welcome"' in socket.recv(timeout=10)
            assert running.owner_port(table["id"]) == host.port
            again = phone.post(f"{two}/tables/{table['id']}/join", json={"name": "x"}, headers=AT_SITE)
            assert again.status_code == 409 and "holds seat 0" in again.json()["detail"]  # relayed with the session
            mine = phone.post(f"{two}/tables/{table['id']}/my-seat", headers=AT_SITE)
            assert mine.status_code == 200 and mine.json()["seat"] == 0
            bo = httpx.Client(timeout=20)
            bo_device = Authenticator(origin=f"http://{SITE}")
            begun = ceremony_options(two, "/accounts/options", {"name": "Bo"}, bo)
            assert bo.post(two + "/accounts", headers=AT_SITE, json={
                "ceremony": begun["ceremony"], "credential": bo_device.create(begun["publicKey"])}).status_code == 201
            joined = bo.post(f"{two}/tables/{table['id']}/join", json={"name": "typed"}, headers=AT_SITE)
            assert joined.status_code == 200, joined.text
            summary = httpx.get(f"{one}/tables/{table['id']}", timeout=20).json()
            assert summary["names"][1] == "Bo" and summary["players"][1]["kind"] == "player"
            bo.close()
            # signing out everywhere on worker two closes the socket worker one holds (its periodic check)
            assert phone.post(two + "/account/sessions/end", headers=AT_SITE).json() == {"signed_out": 2}
            started = time.monotonic()
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    socket.recv(timeout=3 * SESSION_CHECK_SECONDS)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
            assert time.monotonic() - started < 3 * SESSION_CHECK_SECONDS
        assert laptop.get(one + "/account", headers=AT_SITE).status_code == 401


def signed_up(base: str, name: str) -> httpx.Client:
    """A browser of its own (cookies) that signed up as ``name`` through the worker at ``base``."""
    browser = httpx.Client(timeout=20)
    begun = ceremony_options(base, "/accounts/options", {"name": name}, browser)
    credential = Authenticator(origin=f"http://{SITE}").create(begun["publicKey"])
    done = browser.post(base + "/accounts", headers=AT_SITE, json={"ceremony": begun["ceremony"],
                                                                    "credential": credential})
    assert done.status_code == 201, done.text
    return browser


def test_a_rated_game_in_a_cluster_rates_its_players_and_a_private_table_is_listed_by_no_worker(
    postgres_url: str,
) -> None:
    """Ratings and private tables when each request may reach another worker: the rating is written by the worker
    that held the table, in its last action's transaction, and read by the other one; a private table one worker
    made is in no other worker's lobby and opens to no stranger there."""
    from .cluster import Player

    url = new_database(postgres_url, "ratings_cluster")
    with cluster(url, workers=2) as running:
        one, two = (worker.http for worker in running.workers)
        ann, bo = signed_up(one, "Ann"), signed_up(two, "Bo")
        made = ann.post(one + "/tables", headers=AT_SITE, json={"players": 3, "rated": True, "seats": [
            {"name": "me", "claimed": True}, {"name": "o", "open": True}, {"name": "Merlin", "bot": "rulebased"}]})
        assert made.status_code == 201, made.text
        table = made.json()
        joined = bo.post(f"{two}/tables/{table['id']}/join", json={"name": "typed"}, headers=AT_SITE)
        assert joined.status_code == 200, joined.text
        seats = [{"seat": 0, "token": table["seats"][0]["token"]}, {"seat": 1, "token": joined.json()["token"]}]
        player = Player(running.front, {"id": table["id"], "seats": seats}, random.Random(7))
        player.connect()
        assert player.play() is True
        deadline = time.monotonic() + 30
        while httpx.get(f"{two}/tables/{table['id']}", timeout=20).json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.2)
        for base, name in ((two, "Ann"), (one, "Bo")):  # each read from the worker that did not sign it up
            rating = httpx.get(f"{base}/players/{name}/profile", timeout=20).json()["ratings"]["wizard"]
            assert rating["games"] == 1 and rating["history"][0]["table"] == table["id"], rating
        assert {p["name"] for p in httpx.get(f"{one}/ratings/wizard", timeout=20).json()["players"]} == {"Ann", "Bo"}

        made = ann.post(one + "/tables", headers=AT_SITE, json={"players": 3, "visibility": "private", "seats": [
            {"name": "me", "claimed": True}, {"name": "o"}, {"name": "p"}]})  # invite-only seats
        assert made.status_code == 201, made.text
        hidden = made.json()
        for base in (one, two):
            listed = httpx.get(f"{base}/tables?limit=200", timeout=20).json()["tables"]
            assert hidden["id"] not in {t["id"] for t in listed}
            assert httpx.get(f"{base}/tables/{hidden['id']}", timeout=20).status_code == 404
        assert ann.get(f"{two}/tables/{hidden['id']}", headers=AT_SITE).status_code == 200  # its host reads it
        ann.close()
        bo.close()
