"""Bot accounts in-process (docs/bot-api.md): a signed-in person makes one and gets its token once, lists and
revokes tokens; tokens are hashed at rest; bots' names; a bot account's seat shows as a bot in the table, the
lobby's list and its profile; migration 0013 on SQLite and PostgreSQL from a database made at 0012."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect, select

from wizardcards.client import view_from_json
from wizardcards.core import new_game, rules_for
from wizardcards.server import bot_accounts as B
from wizardcards.server import create_app
from wizardcards.server.accounts import BadName
from wizardcards.server.db import MIGRATIONS, BotTokenRow, make_engine
from wizardcards.server.serialize import trick_json, view_to_json

from .helpers import LOOSE_LIMITS
from .passkeys import SAME_ORIGIN, Browser, sign_up
from .postgres import postgres_cluster


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'bots.sqlite3'}", bot_pace=0, limits=LOOSE_LIMITS)) as client:
        yield client


def test_a_person_makes_a_bot_account_and_sees_its_token_once(server: TestClient) -> None:
    ann = Browser(server)
    assert ann.post("/account/bots", json={"name": "Annbot"}, headers=SAME_ORIGIN).status_code == 401  # a guest
    sign_up(ann, "Ann")
    made = ann.post("/account/bots", json={"name": "Ann's bot", "label": "laptop"}, headers=SAME_ORIGIN)
    assert made.status_code == 201, made.text
    body = made.json()
    assert body["bot"] == {"name": "Ann's bot", "kind": "bot"}  # a bot's name may say it is a bot
    token = body["token"]
    assert token.startswith("wzb_") and len(token) >= 40
    listed = ann.get("/account/bots").json()["bots"]
    assert [b["name"] for b in listed] == ["Ann's bot"]
    assert listed[0]["tokens"][0]["id"] == body["token_id"] and token not in str(listed)  # shown once only
    # hashed at rest: the database holds the SHA-256, never the token
    engine = server.app.state.manager.storage.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        stored = db.execute(select(BotTokenRow.digest)).scalars().all()
    assert stored == [hashlib.sha256(token.encode()).hexdigest()]
    assert server.get("/api/bot/account", headers={"Authorization": f"Bearer {token}"}).json() == {
        "name": "Ann's bot", "kind": "bot"}
    # the name is taken for people and bots alike; a bot may not take one of the server's own bots' names
    assert ann.post("/account/bots", json={"name": "ANN'S BOT"}, headers=SAME_ORIGIN).status_code == 409
    assert ann.post("/account/bots", json={"name": "Ann"}, headers=SAME_ORIGIN).status_code == 409
    for ours in ("Search 2", "rulebased", "Merlin", "deleted player"):
        assert ann.post("/account/bots", json={"name": ours}, headers=SAME_ORIGIN).status_code == 422, ours
    # another token, then the first revoked: it opens nothing, the second still does
    second = ann.post("/account/bots/ann's bot/tokens", json={}, headers=SAME_ORIGIN).json()
    revoked = ann.delete(f"/account/bots/Ann's bot/tokens/{body['token_id']}", headers=SAME_ORIGIN)
    assert revoked.status_code == 200
    assert server.get("/api/bot/account", headers={"Authorization": f"Bearer {token}"}).status_code == 401
    assert server.get("/api/bot/account", headers={"Authorization": f"Bearer {second['token']}"}).status_code == 200
    assert ann.get("/account/bots").json()["bots"][0]["tokens"][0]["revoked_at"] is not None


def test_only_the_owner_manages_a_bot_and_only_from_our_own_pages(server: TestClient) -> None:
    ann, ben = Browser(server), Browser(server)
    sign_up(ann, "Ann")
    sign_up(ben, "Ben")
    made = ann.post("/account/bots", json={"name": "Helper"}, headers=SAME_ORIGIN).json()
    assert ben.get("/account/bots").json()["bots"] == []
    assert ben.post("/account/bots/Helper/tokens", json={}, headers=SAME_ORIGIN).status_code == 404
    assert ben.delete(f"/account/bots/Helper/tokens/{made['token_id']}", headers=SAME_ORIGIN).status_code == 404
    # another site's page, with Ann's cookie: refused before anything happens
    assert ann.post("/account/bots", json={"name": "Evil"}, headers={"Origin": "https://evil.example"}
                    ).status_code == 403
    assert server.get("/api/bot/account", headers={"Authorization": f"Bearer {made['token']}"}).status_code == 200


def test_bot_names() -> None:
    assert B.bot_name("  Ｒｏｂｏ ") == ("Robo", "robo")
    assert B.bot_name("Ann's bot")[0] == "Ann's bot"
    for bad in ("", "x" * 33, "Random Robot", "search", "Stand-in", "Gandalf II", "tab\there"):
        with pytest.raises(BadName):
            B.bot_name(bad)


def test_a_bot_accounts_seat_is_a_bot_in_the_lobby_and_its_profile(server: TestClient) -> None:
    engine = server.app.state.manager.storage.engine  # type: ignore[attr-defined]
    token = B.create_bot(engine, "Robo", None)["token"]
    table = server.post("/tables", json={"players": 3, "preset": "quick", "visibility": "public", "seats": [
        {"name": "Host", "claimed": True}, {"name": "Bot seat"}, {"name": "r", "bot": "random"}]}).json()
    host = {"Authorization": f"Bearer {table['seats'][0]['token']}"}
    assert server.post(f"/tables/{table['id']}/seats/1/invite-account", json={"name": "robo"},
                       headers=host).status_code == 201
    bot = {"Authorization": f"Bearer {token}"}
    with server.stream("GET", "/api/stream/event", headers=bot) as stream:
        lines = stream.iter_lines()
        assert '"hello"' in next(lines)
        event = next(line for line in lines if line.strip())
    invited = json.loads(event)
    assert invited["type"] == "invitation" and invited["seat"] == 1
    seat = server.post(f"/api/bot/invitations/{invited['id']}/accept", headers=bot).json()
    listed = server.get("/tables").json()["tables"]
    mine = next(t for t in listed if t["id"] == table["id"])
    assert mine["players"][1]["kind"] == "bot" and mine["players"][1]["name"] == "Robo"
    assert mine["players"][1]["bot"] is None  # not the server's: its program plays it
    with server.websocket_connect("/ws", headers=bot) as ws:  # its seat, opened by its program
        ws.send_json({"type": "hello", "id": "b", "token": seat["token"]})
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["seat"] == 1
        seating = next(f for f in iter(ws.receive_json, None) if f["type"] == "table")
        assert seating["players"][1]["kind"] == "bot"
    profile = server.get("/players/Robo/profile").json()
    assert profile["kind"] == "bot"
    assert server.get(f"/tables/{table['id']}").json()["players"][1]["kind"] == "bot"


def test_a_view_comes_back_from_its_json_exactly() -> None:
    """``client.views.view_from_json`` is the inverse of ``serialize.view_to_json`` at every step of random games of
    both games, and of Wizard with every special card (the Werewolf, the Cloud's bid changes, the Juggler's pass): the
    bot at the other end of the API sees the very View the server's own bots see."""
    for game, preset, players in (("wizard", "quick", 4), ("wily", None, 4), ("wizard", "anniversary-2021", 3)):
        state = new_game(rules_for(game, preset, players), seed=5)
        rng = random.Random(5)
        while True:
            for seat in range(players):
                view = state.view(seat)
                sent = json.loads(json.dumps(view_to_json(view)))
                assert view_from_json(sent, trick_json(view.last_trick)) == view
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


# --- migration 0013 --------------------------------------------------------------------------------------------

def at_0012(url: str) -> None:
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0012")
    assert "bot_tokens" not in inspect(engine).get_table_names()
    with engine.begin() as connection:  # a person of then
        connection.exec_driver_sql("INSERT INTO accounts (id, name, name_key, kind, created_at) VALUES "
                                   "('a1', 'Ann', 'ann', 'person', '2026-01-01 00:00:00')")
    engine.dispose()


def upgrade_and_check(url: str) -> None:
    with TestClient(create_app(url, bot_pace=0, limits=LOOSE_LIMITS)) as server:
        engine = server.app.state.manager.storage.engine  # type: ignore[attr-defined]
        made = B.create_bot(engine, "Migrated", "a1")
        assert server.get("/api/bot/account", headers={"Authorization": f"Bearer {made['token']}"}).status_code == 200
        assert [b["name"] for b in B.bots_of(engine, "a1")] == ["Migrated"]
        assert server.get("/players/Ann/profile").json()["kind"] == "person"
    engine = make_engine(url)
    assert "bot_tokens" in inspect(engine).get_table_names()
    assert "owner_id" in {c["name"] for c in inspect(engine).get_columns("accounts")}
    assert {"declined_at", "reason"} <= {c["name"] for c in inspect(engine).get_columns("account_invitations")}
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:  # and back down
        config.attributes["connection"] = connection
        command.downgrade(config, "0012")
    assert "bot_tokens" not in inspect(engine).get_table_names()
    assert "owner_id" not in {c["name"] for c in inspect(engine).get_columns("accounts")}
    engine.dispose()


def test_migration_0013_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    at_0012(url)
    upgrade_and_check(url)


def test_migration_0013_on_postgres() -> None:
    with postgres_cluster() as url:
        at_0012(url)
        upgrade_and_check(url)
