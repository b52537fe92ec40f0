"""The same server against a real PostgreSQL (a throwaway cluster started by the test): the migrations create the
schema, whole games of both kinds are played through the protocol, and a restarted server reloads a table."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from wizardcards.server import create_app
from wizardcards.server.db import make_engine

from .helpers import LOOSE_LIMITS, play_to_end, poster, with_tokens
from .postgres import postgres_cluster
from .test_games import connect_all, play_table


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def test_migrations_create_the_schema_on_postgres(postgres_url: str) -> None:
    with TestClient(create_app(postgres_url, bot_pace=0, limits=LOOSE_LIMITS)):
        pass
    engine = make_engine(postgres_url)
    try:
        tables = set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
    assert {"game_tables", "seats", "actions", "alembic_version"} <= tables


def test_a_whole_wizard_game_on_postgres(postgres_url: str) -> None:
    body = {"game": "wizard", "players": 3, "preset": "quick",
            "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Bot", "bot": "rulebased"}]}
    with TestClient(create_app(postgres_url, bot_pace=0, limits=LOOSE_LIMITS)) as client:
        _, _, record = play_table(client, body, seed=11)
    assert record.names == ["Ann", "Ben", "Bot"]


def test_a_whole_wily_game_on_postgres(postgres_url: str) -> None:
    body = {"game": "wily", "players": 4, "seats": [{"name": "A"}, {"name": "B", "bot": "rulebased"}, {"name": "C"},
                                                    {"name": "D", "bot": "rulebased"}]}
    with TestClient(create_app(postgres_url, bot_pace=0, limits=LOOSE_LIMITS)) as client:
        _, _, record = play_table(client, body, seed=12)
    assert record.rules.game.value == "wily"


def test_a_restarted_server_reloads_an_unfinished_table_from_postgres(postgres_url: str) -> None:
    body = {"game": "wizard", "players": 3, "preset": "quick", "visibility": "public"}  # read by anyone below
    with TestClient(create_app(postgres_url, bot_pace=0, limits=LOOSE_LIMITS)) as client, ExitStack() as stack:
        table = with_tokens(poster(client), client.post("/tables", json=body).json())
        clients = connect_all(client, table, stack)
        rng = random.Random(13)

        def stop_early(step: int) -> None:
            if step == 20:
                raise _Stop

        with pytest.raises(_Stop):
            play_to_end(clients, rng, between=stop_early)
        before = {c.seat: (c.seq, c.view) for c in clients}
        assert {seq for seq, _ in before.values()} == {21}  # every seat human: 21 decisions, one per step
    with TestClient(create_app(postgres_url, bot_pace=0, limits=LOOSE_LIMITS)) as client, ExitStack() as stack:
        clients = connect_all(client, table, stack)
        assert {c.seat: (c.seq, c.view) for c in clients} == before
        play_to_end(clients, rng)
        assert client.get(f"/tables/{table['id']}").json()["status"] == "finished"


def test_claimed_seats_names_and_the_hints_option_are_stored_in_postgres(postgres_url: str) -> None:
    with TestClient(create_app(postgres_url, bot_pace=0, limits=LOOSE_LIMITS)) as client:
        table = client.post("/tables", json={"game": "wizard", "players": 3, "hints": False, "seats": [
            {"name": "P1", "open": True}, {"name": "P2", "open": True}, {"name": "P3", "claimed": True}]}).json()
        assert client.post(f"/tables/{table['id']}/join", json={"name": "Ann"}).json()["seat"] == 0
    with TestClient(create_app(postgres_url, bot_pace=0, limits=LOOSE_LIMITS)) as client:
        summary = client.get(f"/tables/{table['id']}").json()
        assert (summary["hints"], summary["names"][0], summary["open_seats"]) == (False, "Ann", 1)
        assert [(p["open"], p["claimed"]) for p in summary["players"]] == [(True, True), (True, False), (False, True)]
        assert client.post(f"/tables/{table['id']}/join", json={"name": "Bo"}).json()["seat"] == 1
        assert client.post(f"/tables/{table['id']}/join", json={"name": "Cy"}).status_code == 409


class _Stop(Exception):
    pass
