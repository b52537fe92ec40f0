"""Rematch, score sheets and statistics over HTTP (TestClient), and the migrations' upgrade path."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, inspect, select

from wizardcards.core import ActionError, GameRecord, InvalidActionError, find_rules, replay
from wizardcards.server import create_app
from wizardcards.server.db import ActionRow, make_engine, upgrade
from wizardcards.server.manager import TableManager
from wizardcards.server.table import LiveTable, TableError

from .helpers import LOOSE_LIMITS, Client, next_id, play_to_end, poster, wait_until_finished, with_tokens

ONE_ROUND = {"schedule": "custom", "custom_hand_sizes": [2]}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'server.sqlite3'}", bot_pace=0, limits=LOOSE_LIMITS)
    with TestClient(app) as test_client:
        yield test_client


def test_a_finished_table_offers_one_rematch_with_the_same_players(client: TestClient) -> None:
    body = {"game": "wizard", "players": 3, "options": ONE_ROUND, "visibility": "public",  # read by anyone below
            "seats": [{"name": "Ann"}, {"name": "Bo", "bot": "rulebased"}, {"name": "Cy"}]}
    table = with_tokens(poster(client), client.post("/tables", json=body).json())
    with ExitStack() as stack:
        humans = {0, 2}
        ann, cy, watcher = (Client(stack.enter_context(client.websocket_connect("/ws")), humans) for _ in range(3))
        for connection, token in ((ann, table["seats"][0]["token"]), (cy, table["seats"][1]["token"]),
                                  (watcher, table["spectator_token"])):
            connection.hello(token)
        for connection in (ann, cy, watcher):
            connection.drain(0)
        ann.send({"type": "rematch", "id": next_id()})
        assert ann.receive_kind("error")["code"] == "game_not_over"
        play_to_end([ann, cy, watcher], random.Random(4))
        ann.send({"type": "rematch", "id": next_id()})
        offers = {c.seat: c.receive_kind("rematch") for c in (ann, cy, watcher)}
        assert all(o["type"] == "rematch" for o in offers.values())
        new_id = offers[0]["table"]
        assert new_id != table["id"] and {o["table"] for o in offers.values()} == {new_id}
        assert len({o["token"] for o in offers.values()}) == 3  # each connection its own token
        cy.send({"type": "rematch", "id": next_id()})  # asked again: the same table, no second rematch
        again = cy.receive_kind("rematch")
        assert again["table"] == new_id and again["token"] not in {o["token"] for o in offers.values()}
        ann.act(0)  # the old table is over
        assert ann.frames[-1]["code"] == "game_over"
        fresh = Client(stack.enter_context(client.websocket_connect("/ws")), humans)
        welcome = fresh.hello(offers[2]["token"])
        assert (welcome["table"], welcome["seat"], welcome["names"]) == (new_id, 2, ["Ann", "Bo", "Cy"])
        assert welcome["bots"] == [None, "rulebased", None]
        assert fresh.view is not None and fresh.view["seat"] == 2 and fresh.seq == 0
        for token, seat in ((again["token"], 2), (offers[0]["token"], 0), (offers[-1]["token"], -1)):
            other = Client(stack.enter_context(client.websocket_connect("/ws")), humans)
            assert other.hello(token)["seat"] == seat  # each offer opens its own holder's seat, no other
    info = client.get(f"/tables/{new_id}").json()
    # both holders said hello with their rematch tokens: the rematch plays, on the same rules
    assert info["status"] == "playing" and info["rules"] == client.get(f"/tables/{table['id']}").json()["rules"]


def test_score_sheets_and_player_statistics_of_the_seats_people_played(client: TestClient) -> None:
    names = ["Ann", "Bo", "Cy"]
    records = []
    for game in range(3):
        table = client.post("/tables", json={"game": "wizard", "players": 3, "options": ONE_ROUND, "seats": [
            {"name": "Ann", "claimed": True}, {"name": "Bo", "bot": "random"}, {"name": "Cy", "bot": "random"}]}).json()
        with client.websocket_connect("/ws") as socket:
            ann = Client(socket, {0})
            ann.hello(table["seats"][0]["token"])
            play_to_end([ann], random.Random(game))
        records.append(GameRecord.from_dict(client.get(f"/tables/{table['id']}/record").json()))
        sheet = client.get(f"/tables/{table['id']}/sheet").json()
        state = replay(records[-1])
        assert sheet["names"] == names and sheet["scores"] == state.returns()
        assert len(sheet["sheet"]) == 1 and sheet["sheet"][0][6] == state.returns()  # the round's points
    stats = client.get("/players/Ann/stats").json()
    winners = [replay(r).winners() for r in records]  # type: ignore[attr-defined]
    assert stats["games"] == 3 and stats["by_game"] == {"wizard": 3}
    assert stats["wins"] == pytest.approx(sum(1 / len(w) for w in winners if 0 in w))
    assert stats["mean_wizard_score"] == pytest.approx(sum(replay(r).returns()[0] for r in records) / 3)
    assert client.get("/players/Nobody/stats").json()["games"] == 0
    # a bot seat's name counts for nothing: anybody may seat bots called Ann, and Ann's figures stay hers
    forged = client.post("/tables", json={"game": "wizard", "players": 3, "options": ONE_ROUND,
                                          "seats": [{"name": "Ann", "bot": "random"} for _ in range(3)]}).json()
    wait_until_finished(client.get, forged["id"])
    assert client.get("/players/Ann/stats").json() == stats
    assert client.get("/players/Bo/stats").json()["games"] == 0


@pytest.mark.parametrize("action", [999, 0], ids=["no-such-action", "a-card-while-bidding"])
def test_a_refused_action_is_an_illegal_error_in_the_cores_words_and_nothing_is_stored(
    tmp_path: Path, action: int
) -> None:
    """Both kinds of the core's ``ActionError``: an id that names no action (``InvalidActionError``, which the
    protocol's schema keeps from the seats but a bot could still produce) and one the rules forbid now."""
    engine = make_engine(f"sqlite:///{tmp_path / 'server.sqlite3'}")
    upgrade(engine)
    manager = TableManager(engine)

    async def create_and_act() -> LiveTable:
        table, _, _ = await manager.create(find_rules("standard", 3), [("A", None), ("B", None), ("C", None)])
        table.status = "playing"
        with pytest.raises(ActionError) as core:  # the core's own words for it, on this table's deal
            table.state.clone().apply(action)
        assert isinstance(core.value, InvalidActionError) == (action == 999)
        with pytest.raises(TableError) as refused:
            await table.accept(manager.writer, table.state.current_player(), action, "m1", None)
        assert (refused.value.code, str(refused.value)) == ("illegal", str(core.value))
        return table

    table = asyncio.run(create_and_act())
    assert table.seq == 0 and table.acks == {}
    with engine.connect() as db:
        assert db.execute(select(func.count()).select_from(ActionRow)).scalar() == 0
    engine.dispose()


def test_the_migrations_upgrade_an_old_schema_and_keep_its_tables(tmp_path: Path) -> None:
    """A database made by revision 0001 is upgraded on start and its unfinished table reloads."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = make_engine(url)
    from alembic import command
    from alembic.config import Config

    from wizardcards.server.db import MIGRATIONS

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO game_tables VALUES ('t1', '{\"game\": \"wizard\", \"players\": 3}', 99, 'playing', 'spec',"
            " '2026-01-01 00:00:00')"
        )
        for seat in range(3):
            connection.exec_driver_sql(f"INSERT INTO seats VALUES ('t1', {seat}, 'p{seat}', NULL, 'tok{seat}', 1)")
    assert "rematch_id" not in {c["name"] for c in inspect(engine).get_columns("game_tables")}
    engine.dispose()
    with TestClient(create_app(url, bot_pace=0, limits=LOOSE_LIMITS)) as client:
        # every seat invited, none open: private since 0011, read with its spectator token
        assert client.get("/tables/t1").status_code == 404
        old = client.get("/tables/t1", headers={"Authorization": "Bearer spec"}).json()
        assert old["visibility"] == "private"
        assert old["status"] == "playing" and old["hints"] is True  # the default of the new column
        assert [p["claimed"] for p in old["players"]] == [True, True, True]  # they had joined
        with client.websocket_connect("/ws") as socket:
            seat = Client(socket, {0, 1, 2})
            assert seat.hello("tok1")["seq"] == 0  # the old token, kept as its digest (0004)
    engine = create_engine(url)
    assert "rematch_id" in {c["name"] for c in inspect(engine).get_columns("game_tables")}
    assert "hints" in {c["name"] for c in inspect(engine).get_columns("game_tables")}
    assert "claimed" in {c["name"] for c in inspect(engine).get_columns("seats")}
    upgrade(engine)  # running it again changes nothing
    engine.dispose()
