"""Migration 0011 (private tables, invitations of accounts) moves a database made at 0009 over, on SQLite and on
PostgreSQL: an unfinished table seated by invitation alone becomes private, one with an open seat, a rematch and
every finished game stay public, and the server then hides the private one from strangers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, inspect, select

from wizardcards.server import create_app
from wizardcards.server.db import MIGRATIONS, make_engine

from .helpers import LOOSE_LIMITS
from .postgres import postgres_cluster

RULES = json.dumps({"game": "wizard", "players": 3})


def at_revision(url: str, revision: str) -> None:
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()


def old_tables(url: str) -> None:
    """Tables as a server at 0009 stored them: (id, status, seats as (bot, open, host), rematch of)."""
    tables: list[tuple[str, str, list[tuple[str | None, bool, bool]], str | None]] = [
        ("invited", "waiting", [(None, False, True), (None, False, False), ("rulebased", False, False)], None),
        ("playing", "playing", [(None, False, False), (None, False, False), (None, False, False)], None),
        ("opened", "waiting", [(None, False, True), (None, True, False), (None, False, False)], None),
        ("over", "finished", [(None, False, True), (None, False, False), ("rulebased", False, False)], "again"),
        ("again", "waiting", [(None, False, True), (None, False, False), ("rulebased", False, False)], None),
        ("bots", "playing", [("rulebased", False, False)] * 3, None),
    ]
    engine = make_engine(url)
    try:
        schema = MetaData()
        schema.reflect(engine, only=["game_tables", "seats"])
        game_tables, seats = schema.tables["game_tables"], schema.tables["seats"]
        with engine.begin() as db:
            for table_id, status, seating, rematch in tables:
                row: dict[str, Any] = {"id": table_id, "rules": RULES, "seed": 1, "status": status,
                                       "spectator_token": f"watch-{table_id}", "created_at": datetime.now(UTC),
                                       "rematch_id": rematch, "hints": True, "bot_pace": 0.0,
                                       "joined_by_others": True}
                db.execute(game_tables.insert().values(**row))
                for seat, (bot, open_, host) in enumerate(seating):
                    db.execute(seats.insert().values(table_id=table_id, seat=seat, name=f"{table_id} {seat}", bot=bot,
                                                     joined=True, claimed=True, open=open_, host=host))
    finally:
        engine.dispose()


def check_upgraded(url: str) -> None:
    with TestClient(create_app(url, bot_pace=0, limits=LOOSE_LIMITS)) as client:
        engine = make_engine(url)
        try:
            assert "account_invitations" in inspect(engine).get_table_names()
            schema = MetaData()
            schema.reflect(engine, only=["game_tables"])
            with engine.connect() as db:
                rows = db.execute(select(schema.tables["game_tables"].c.id,
                                         schema.tables["game_tables"].c.visibility)).all()
        finally:
            engine.dispose()
        assert dict(rows) == {"invited": "private", "playing": "private", "opened": "public", "over": "public",
                              "again": "public", "bots": "public"}
        assert client.get("/tables/invited").status_code == 404  # hidden from strangers from now on
        assert client.get("/tables/invited", headers={"Authorization": "Bearer watch-invited"}).status_code == 200
        listed = {t["id"] for t in client.get("/tables", params={"limit": 200}).json()["tables"]}
        assert "invited" not in listed and "playing" not in listed and {"opened", "again"} <= listed


def test_0011_moves_a_sqlite_database_of_0009_over(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    at_revision(url, "0009")
    old_tables(url)
    check_upgraded(url)


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def test_0011_moves_a_postgres_database_of_0009_over(postgres_url: str) -> None:
    at_revision(postgres_url, "0009")
    old_tables(postgres_url)
    check_upgraded(postgres_url)
