"""Accounts with passkeys, end to end through the HTTP API with a software authenticator (``passkeys.py``): sign-up,
sign-in on a second browser, a second passkey, sign-out, sign-out everywhere, deleting; seats held by accounts; and
the migration from a database made at revision 0009."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, select, text

from wizardcards.server import create_app
from wizardcards.server.accounts import account_name, imitates_a_bot, name_key
from wizardcards.server.db import AccountSessionRow, PasskeyRow, make_engine
from wizardcards.server.sessions import SESSION_COOKIE

from .helpers import LOOSE_LIMITS, Client
from .passkeys import SAME_ORIGIN, Authenticator, Browser, add_passkey, sign_in, sign_up


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture
def app(url: str) -> Any:
    return create_app(url, bot_pace=0, limits=LOOSE_LIMITS)


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def test_sign_up_opens_a_session_in_an_httponly_lax_cookie(client: TestClient) -> None:
    begun = client.post("/accounts/options", json={"name": "  Ann  "}, headers=SAME_ORIGIN).json()
    options = begun["publicKey"]
    assert options["rp"]["id"] == "testserver" and options["user"]["name"] == "Ann"
    assert options["authenticatorSelection"]["residentKey"] == "required"  # discoverable: sign-in needs no name
    assert options["authenticatorSelection"]["userVerification"] == "required"
    device = Authenticator()
    done = client.post("/accounts", json={"ceremony": begun["ceremony"], "credential": device.create(options)},
                       headers=SAME_ORIGIN)
    assert done.status_code == 201 and done.json() == {"account": {"name": "Ann", "kind": "person"}}
    cookie = done.headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Path=/" in cookie and f"Max-Age={30 * 86400}" in cookie and "Secure" not in cookie  # plain http here
    mine = client.get("/account").json()
    assert mine["name"] == "Ann" and mine["kind"] == "person" and mine["sessions"] == 1
    assert [p["id"] for p in mine["passkeys"]] == [device.passkeys[0].id]
    assert mine["passkeys"][0]["label"] == "passkey" and mine["passkeys"][0]["last_used_at"] is None


def test_the_cookie_is_secure_behind_https(url: str) -> None:
    with TestClient(create_app(url, bot_pace=0, limits=LOOSE_LIMITS), base_url="https://testserver") as client:
        begun = client.post("/accounts/options", json={"name": "Ann"}, headers={"Origin": "https://testserver"}).json()
        device = Authenticator(origin="https://testserver")
        done = client.post("/accounts", json={"ceremony": begun["ceremony"],
                                              "credential": device.create(begun["publicKey"])},
                           headers={"Origin": "https://testserver"})
        assert done.status_code == 201 and "Secure" in done.headers["set-cookie"]


def test_a_second_browser_signs_in_with_the_passkey_and_sees_the_same_account(app: Any) -> None:
    with TestClient(app) as server:
        laptop, other = Browser(server), Browser(server)
        device = sign_up(laptop, "Ann")
        assert other.get("/account").status_code == 401
        begun = other.post("/session/options", json={}, headers=SAME_ORIGIN).json()
        assert "allowCredentials" not in begun["publicKey"] or begun["publicKey"]["allowCredentials"] == []
        answer = other.post("/session", json={"ceremony": begun["ceremony"],
                                              "credential": device.get(begun["publicKey"])}, headers=SAME_ORIGIN)
        assert answer.status_code == 200 and answer.json() == {"account": {"name": "Ann", "kind": "person"}}
        assert other.get("/account").json()["sessions"] == 2
        assert other.get("/account").json()["passkeys"][0]["last_used_at"] is not None


def test_a_second_passkey_signs_in_too_and_the_last_one_cannot_be_removed(app: Any) -> None:
    with TestClient(app) as server:
        laptop, phone_browser = Browser(server), Browser(server)
        sign_up(laptop, "Ann")
        phone = Authenticator()
        added = add_passkey(laptop, phone)
        assert added.status_code == 201, added.text
        passkeys = laptop.get("/account").json()["passkeys"]
        assert [p["label"] for p in passkeys] == ["laptop", "phone"]
        assert sign_in(phone_browser, phone).status_code == 200
        first = passkeys[0]["id"]
        assert laptop.delete(f"/account/passkeys/{first}", headers=SAME_ORIGIN).status_code == 200
        last = passkeys[1]["id"]
        refused = laptop.delete(f"/account/passkeys/{last}", headers=SAME_ORIGIN)
        assert refused.status_code == 409 and "one passkey" in refused.json()["detail"]
        assert [p["id"] for p in laptop.get("/account").json()["passkeys"]] == [last]


def test_the_same_device_cannot_register_twice_for_one_account(client: TestClient) -> None:
    device = sign_up(client, "Ann")
    begun = client.post("/account/passkeys/options", json={}, headers=SAME_ORIGIN).json()
    assert [c["id"] for c in begun["publicKey"]["excludeCredentials"]] == [device.passkeys[0].id]
    with pytest.raises(RuntimeError, match="excluded"):
        device.create(begun["publicKey"])


def test_sign_out_ends_this_session_only(app: Any) -> None:
    with TestClient(app) as server:
        laptop, phone = Browser(server), Browser(server)
        device = sign_up(laptop, "Ann")
        assert sign_in(phone, device).status_code == 200
        out = laptop.post("/session/end", headers=SAME_ORIGIN)
        assert out.status_code == 200 and f'{SESSION_COOKIE}=""' in out.headers["set-cookie"]
        assert laptop.get("/account").status_code == 401
        assert phone.get("/account").json()["sessions"] == 1


def test_names_are_unique_after_nfkc_and_case_folding(client: TestClient) -> None:
    sign_up(client, "Alice")
    for name in ("alice", "ALICE", "Ａｌｉｃｅ", " alice "):
        answer = client.post("/accounts/options", json={"name": name}, headers=SAME_ORIGIN)
        assert answer.status_code == 409, (name, answer.text)
    assert client.post("/accounts/options", json={"name": "Alicia"}, headers=SAME_ORIGIN).status_code == 200


def test_a_name_taken_between_the_two_steps_is_refused_at_the_second(app: Any) -> None:
    with TestClient(app) as server:
        first, second = Browser(server), Browser(server)
        begun = [c.post("/accounts/options", json={"name": n}, headers=SAME_ORIGIN).json()
                 for c, n in ((first, "Bea"), (second, "BEA"))]
        done = [c.post("/accounts", json={"ceremony": b["ceremony"],
                                          "credential": Authenticator().create(b["publicKey"])}, headers=SAME_ORIGIN)
                for c, b in zip((first, second), begun)]
        assert [d.status_code for d in done] == [201, 409]


@pytest.mark.parametrize("name", ["Search", "Ｓｅａｒｃｈ", "search:level=3", "Search 2", "rulebased", "Rule-based",
                                  "RANDOM", "Merlin", "merlin the great", "Searchbot", "my bot", "deleted player",
                                  "Stand-in"])
def test_names_that_read_as_a_bots_are_refused(client: TestClient, name: str) -> None:
    answer = client.post("/accounts/options", json={"name": name}, headers=SAME_ORIGIN)
    assert answer.status_code == 422 and "bot" in answer.json()["detail"], answer.text


@pytest.mark.parametrize("name", ["", "   ", "a" * 33, "Ann\u0000", "Ann\u202e"])
def test_names_that_are_empty_long_or_hold_controls_are_refused(client: TestClient, name: str) -> None:
    assert client.post("/accounts/options", json={"name": name}, headers=SAME_ORIGIN).status_code == 422


def test_the_name_rules_themselves() -> None:
    assert account_name("  Ｂｅｎ ") == ("Ben", "ben")
    assert name_key("STRASSE") == name_key("straße")  # case folding, not lower()
    assert not imitates_a_bot(name_key("Robin")) and not imitates_a_bot(name_key("Abbott"))
    assert imitates_a_bot(name_key("Circe")) and imitates_a_bot(name_key("s e a r c h"))


def test_a_deleted_account_frees_its_name_and_its_seat_shows_deleted_player(url: str, app: Any) -> None:
    with TestClient(app) as client:
        device = sign_up(client, "Ann")
        table = client.post("/tables", json={"players": 3, "seats": [
            {"name": "typed", "claimed": True}, {"name": "B"}, {"name": "C"}]}, headers=SAME_ORIGIN).json()
        assert table["names"][0] == "Ann" and table["players"][0]["kind"] == "player"
        assert [p["kind"] for p in table["players"]] == ["player", "guest", "guest"]
        assert client.delete("/account", headers=SAME_ORIGIN).status_code == 200
        assert client.get("/account").status_code == 401
        # an invite table is private: read with its spectator link (its account is gone)
        summary = client.get(f"/tables/{table['id']}", headers={"Authorization": f"Bearer {table['spectator_token']}"}
                             ).json()
        assert summary["names"][0] == "deleted player" and summary["players"][0]["kind"] == "player"
        assert sign_in(client, device).status_code == 401  # its passkeys are gone
        sign_up(client, "ann")  # and its name is free
    engine = make_engine(url)
    with engine.connect() as db:
        assert db.execute(select(PasskeyRow.account_id)).scalars().all() != []  # the new account's only
        assert len(db.execute(select(AccountSessionRow.digest)).all()) == 1
        assert db.execute(text("SELECT name FROM seats WHERE seat = 0")).scalar() == "deleted player"
    engine.dispose()


def test_creating_joining_and_an_invite_while_signed_in_bind_the_seats(app: Any) -> None:
    with TestClient(app) as server:
        host, joiner, invited, guest = (Browser(server) for _ in range(4))
        sign_up(host, "Hana")
        sign_up(joiner, "Jo")
        sign_up(invited, "Ivo")
        table = host.post("/tables", json={"players": 4, "seats": [
            {"name": "x", "claimed": True}, {"name": "o1", "open": True}, {"name": "inv"}, {"name": "o2", "open": True},
        ]}, headers=SAME_ORIGIN).json()
        invite = next(s["invite"] for s in table["seats"] if s["invite"])
        jo = joiner.post(f"/tables/{table['id']}/join", json={"name": "typed"}, headers=SAME_ORIGIN).json()
        again = joiner.post(f"/tables/{table['id']}/join", json={"name": "twice"}, headers=SAME_ORIGIN)
        assert again.status_code == 409 and "holds seat 1" in again.json()["detail"]  # one seat a table
        ivo = invited.post("/invites", json={"invite": invite, "name": "typed"}, headers=SAME_ORIGIN).json()
        anyone = guest.post(f"/tables/{table['id']}/join", json={"name": "Gus"}).json()
        assert (jo["seat"], ivo["seat"], anyone["seat"]) == (1, 2, 3)
        summary = host.get(f"/tables/{table['id']}").json()
        assert summary["names"] == ["Hana", "Jo", "Ivo", "Gus"]  # an account sits under its own name
        assert [p["kind"] for p in summary["players"]] == ["player", "player", "player", "guest"]
        with guest.websocket_connect("/ws") as socket:  # the guest plays exactly as before
            seat = Client(socket, {0, 1, 2, 3})
            seat.hello(anyone["token"])
            assert [p["kind"] for p in seat.frames[-1]["players"]] == ["player", "player", "player", "guest"]


def test_a_signed_in_player_takes_their_seat_on_another_device_from_the_session(app: Any) -> None:
    with TestClient(app) as server:
        laptop, phone = Browser(server), Browser(server)
        device = sign_up(laptop, "Ann")
        table = laptop.post("/tables", json={"players": 3, "seats": [
            {"name": "Ann", "claimed": True}, {"name": "B", "bot": "rulebased"}, {"name": "C", "bot": "rulebased"}]},
            headers=SAME_ORIGIN).json()
        assert phone.post(f"/tables/{table['id']}/my-seat", headers=SAME_ORIGIN).status_code == 401  # a guest
        assert sign_in(phone, device).status_code == 200
        mine = phone.post(f"/tables/{table['id']}/my-seat", headers=SAME_ORIGIN)
        assert mine.status_code == 200 and mine.json()["seat"] == 0
        with phone.websocket_connect("/ws", headers=SAME_ORIGIN) as socket:
            welcome = Client(socket, {0}).hello(mine.json()["token"])
            assert welcome["seat"] == 0 and welcome["names"][0] == "Ann"
        original = table["seats"][0]["token"]  # the first device's token still opens the seat
        with laptop.websocket_connect("/ws", headers=SAME_ORIGIN) as socket:
            assert Client(socket, {0}).hello(original)["seat"] == 0


def test_migration_from_a_0009_database_keeps_its_tables_as_guests(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    from wizardcards.server.db import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0009")
    assert "accounts" not in inspect(engine).get_table_names()
    engine.dispose()
    with engine.begin() as connection:  # a table the server of then stored, one seat joined
        connection.exec_driver_sql(
            "INSERT INTO game_tables (id, rules, seed, status, spectator_token, created_at, hints, bot_pace,"
            " joined_by_others) VALUES ('t1', '{\"game\": \"wizard\", \"players\": 3}', 7, 'waiting', 'spec',"
            " '2026-01-01 00:00:00', 1, 0, 1)")
        for seat in range(3):
            connection.exec_driver_sql(
                f"INSERT INTO seats (table_id, seat, name, joined, claimed, open, host)"
                f" VALUES ('t1', {seat}, 'p{seat}', {int(seat == 0)}, {int(seat == 0)}, 1, {int(seat == 0)})")
    engine.dispose()
    with TestClient(create_app(url, bot_pace=0, limits=LOOSE_LIMITS)) as client:
        old = client.get("/tables/t1").json()
        assert [p["kind"] for p in old["players"]] == ["guest", "guest", "guest"]
        sign_up(client, "Ann")
        joined = client.post("/tables/t1/join", json={"name": "x"}, headers=SAME_ORIGIN).json()
        assert joined["seat"] == 1 and client.get("/tables/t1").json()["players"][1]["kind"] == "player"
    engine = make_engine(url)
    names = set(inspect(engine).get_table_names())
    assert {"accounts", "passkeys", "account_sessions", "webauthn_challenges"} <= names
    assert "account_id" in {c["name"] for c in inspect(engine).get_columns("seats")}
    engine.dispose()


def test_an_accounts_answers_are_kept_by_no_cache(client: TestClient) -> None:
    begun = client.post("/accounts/options", json={"name": "Ann"}, headers=SAME_ORIGIN).json()
    credential = Authenticator().create(begun["publicKey"])
    done = client.post("/accounts", json={"ceremony": begun["ceremony"], "credential": credential}, headers=SAME_ORIGIN)
    assert done.headers["cache-control"] == "no-store"
    assert client.get("/account").headers["cache-control"] == "no-store"


def test_an_account_is_found_by_its_name_as_anyone_types_it(app: Any) -> None:
    with TestClient(app) as client:
        sign_up(client, "Alice")
        store = app.state.accounts
        found = store.by_name(" ＡＬＩＣＥ ")
        assert found is not None and found.name == "Alice" and found.kind == "person"
        assert store.by_name("Bob") is None
        client.delete("/account", headers=SAME_ORIGIN)
        assert store.by_name("Alice") is None
