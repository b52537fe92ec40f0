"""Migration 0012 (ratings) from a database made at revision 0009, on SQLite and on a real PostgreSQL: the old
tables are kept and are not rated, the rating tables are made, and a rated game played afterwards is rated."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from wizardcards.server import create_app
from wizardcards.server.db import MIGRATIONS, make_engine

from .helpers import LOOSE_LIMITS, Client, play_to_end
from .passkeys import SAME_ORIGIN, Browser, sign_up
from .postgres import postgres_cluster


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def at_0009(url: str) -> None:
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0009")
    assert "ratings" not in inspect(engine).get_table_names()
    with engine.begin() as connection:  # a finished table the server of then stored
        connection.exec_driver_sql(
            "INSERT INTO game_tables (id, rules, seed, status, spectator_token, created_at, hints, bot_pace,"
            " joined_by_others) VALUES ('t1', '{\"game\": \"wizard\", \"players\": 3}', 7, 'finished', 'spec',"
            " '2026-01-01 00:00:00', true, 0, true)")
        for seat in range(3):
            connection.exec_driver_sql(
                f"INSERT INTO seats (table_id, seat, name, joined, claimed, open, host)"
                f" VALUES ('t1', {seat}, 'p{seat}', true, true, false, {'true' if seat == 0 else 'false'})")
    engine.dispose()


def upgrade_and_rate(url: str) -> None:
    with TestClient(create_app(url, bot_pace=0, limits=LOOSE_LIMITS)) as server:
        assert server.get("/tables/t1").json()["rated"] is False  # tables from before are not rated
        ann, ben = Browser(server), Browser(server)
        sign_up(ann, "Ann")
        sign_up(ben, "Ben")
        table = ann.post("/tables", json={"players": 3, "preset": "quick", "rated": True, "seats": [
            {"name": "A", "claimed": True}, {"name": "B"}, {"name": "c", "bot": "rulebased"}]},
            headers=SAME_ORIGIN).json()
        invite = next(s["invite"] for s in table["seats"] if s["invite"])
        joined = ben.post("/invites", json={"invite": invite}, headers=SAME_ORIGIN).json()
        with ExitStack() as stack:
            clients = []
            for browser, token in ((ann, table["seats"][0]["token"]), (ben, joined["token"])):
                socket = stack.enter_context(browser.websocket_connect("/ws", headers=SAME_ORIGIN))
                client = Client(socket, {0, 1})
                client.hello(token)
                clients.append(client)
            play_to_end(clients, random.Random(2))
        assert ann.get("/players/Ben/profile").json()["ratings"]["wizard"]["games"] == 1
    engine = make_engine(url)
    names = set(inspect(engine).get_table_names())
    assert {"ratings", "rating_history", "rated_games"} <= names
    assert "rated" in {c["name"] for c in inspect(engine).get_columns("game_tables")}
    engine.dispose()


def test_migration_from_0009_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    at_0009(url)
    upgrade_and_rate(url)


def test_migration_from_0009_on_postgres(postgres_url: str) -> None:
    at_0009(postgres_url)
    upgrade_and_rate(postgres_url)
