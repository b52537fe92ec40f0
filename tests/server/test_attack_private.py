"""Attack on private tables (issue 26, item 5): a table seated by invitation is private, and nobody who holds no
credential of it learns that it exists: its id, name and seats never appear in any list (``GET /tables`` in every
form), and ``GET /tables/{id}`` with its sheet, replay, record, join and free routes answer a stranger exactly as
they answer an id no table has.

Before this change (main at f4a9142) every table was listed, invite-only ones included, with its spectator link, and
``GET /tables/{id}`` showed any table to anyone who had its id."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert

from wizardcards.server import create_app
from wizardcards.server.accounts import name_key
from wizardcards.server.db import AccountRow, make_engine
from wizardcards.server.sessions import SESSION_COOKIE, Sessions

from .helpers import LOOSE_LIMITS, Client, play_to_end

SECRET_NAME = "Quetzalcoatl-private"  # a name no other table has: found in an answer, it gives the table away
ONE_ROUND = {"schedule": "custom", "custom_hand_sizes": [1]}
STATUSES = (None, "waiting", "playing", "finished", "expired")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'server.sqlite3'}", bot_pace=0, limits=LOOSE_LIMITS)
    with TestClient(app) as test_client:
        yield test_client


def private_table(client: TestClient, **extra: Any) -> dict[str, Any]:
    """A table as the lobby makes one for friends: the host's seat, one invited person, a bot; no visibility asked
    (an invite table is private by default)."""
    body = {"game": "wizard", "players": 3, "options": ONE_ROUND, "seats": [
        {"name": SECRET_NAME, "claimed": True}, {"name": f"{SECRET_NAME} guest"}, {"name": "Bot", "bot": "rulebased"}],
        **extra}
    answer = client.post("/tables", json=body)
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    assert table.get("visibility", "private") == "private"  # (main had no visibility: its attacks fail on the leak)
    return table


def public_table(client: TestClient) -> dict[str, Any]:
    body = {"game": "wizard", "players": 3, "options": ONE_ROUND, "seats": [
        {"name": "Open host", "claimed": True}, {"name": "Anyone", "open": True}, {"name": "Bot", "bot": "rulebased"}]}
    table: dict[str, Any] = client.post("/tables", json=body).json()
    assert table.get("visibility", "public") == "public"
    return table


def every_list(client: TestClient, headers: dict[str, str] | None = None) -> list[str]:
    """The text of every form of ``GET /tables`` a client can ask: each status, open seats only, pages."""
    texts = []
    for status in STATUSES:
        for open_only in (False, True):
            for limit, offset in ((200, 0), (1, 0), (1, 1), (50, 2)):
                query: dict[str, Any] = {"limit": limit, "offset": offset}
                if status is not None:
                    query["status"] = status
                if open_only:
                    query["open"] = "true"
                answer = client.get("/tables", params=query, headers=headers or {})
                assert answer.status_code == 200, answer.text
                texts.append(answer.text)
    return texts


def assert_unlisted(client: TestClient, table: dict[str, Any], headers: dict[str, str] | None = None) -> None:
    for text in every_list(client, headers):
        assert table["id"] not in text
        assert SECRET_NAME not in text
        assert table["spectator_token"] not in text


def seat_at(client: TestClient, stack: ExitStack, token: str, humans: set[int]) -> Client:
    seat = Client(stack.enter_context(client.websocket_connect("/ws")), humans)
    seat.hello(token)
    return seat


def test_a_private_table_is_in_no_list_waiting_playing_or_finished(client: TestClient) -> None:
    shown = public_table(client)
    table = private_table(client)
    assert_unlisted(client, table)
    assert any(shown["id"] in text for text in every_list(client))  # the lists work: the public one is there
    host = table["seats"][0]["token"]
    guest = client.post("/invites", json={"invite": table["seats"][1]["invite"]}).json()["token"]
    with ExitStack() as stack:
        seats = [seat_at(client, stack, token, {0, 1}) for token in (host, guest)]
        for seat in seats:
            seat.drain(0)
        assert client.get(f"/tables/{table['id']}", headers={"Authorization": f"Bearer {host}"}).json()[
            "status"] == "playing"
        assert_unlisted(client, table)
        play_to_end(seats, random.Random(26))
    summary = client.get(f"/tables/{table['id']}", headers={"Authorization": f"Bearer {guest}"}).json()
    assert summary["status"] == "finished" and summary["visibility"] == "private"
    assert_unlisted(client, table)
    # its replay and record: for its seats and its spectator link, kept by no shared cache
    for token in (guest, table["spectator_token"]):
        replay = client.get(f"/tables/{table['id']}/replay", headers={"Authorization": f"Bearer {token}"})
        assert replay.status_code == 200 and replay.headers["cache-control"].startswith("private")
        assert "Authorization" in replay.headers["vary"]
        assert client.get(f"/tables/{table['id']}/record", headers={"Authorization": f"Bearer {token}"}).json()[
            "names"][0] == SECRET_NAME
    assert client.get(f"/tables/{table['id']}/replay").status_code == 404
    # its rematch keeps the table's visibility
    with ExitStack() as stack:
        seat = seat_at(client, stack, host, {0, 1})
        seat.send({"type": "rematch", "id": "r1"})
        offer = seat.receive_kind("rematch")
    again = client.get(f"/tables/{offer['table']}", headers={"Authorization": f"Bearer {offer['token']}"}).json()
    assert again["visibility"] == "private"
    assert client.get(f"/tables/{offer['table']}").status_code == 404
    assert all(offer["table"] not in text for text in every_list(client))


def test_a_holder_of_another_tables_credentials_sees_no_private_table(client: TestClient) -> None:
    """A spectator (or a seat) of another table is a stranger here: its token opens nothing of this one."""
    other = public_table(client)
    table = private_table(client)
    for token in (other["spectator_token"], other["seats"][0]["token"]):
        headers = {"Authorization": f"Bearer {token}"}
        assert_unlisted(client, table, headers)
        for route in ("", "/sheet", "/replay", "/record"):
            answer = client.get(f"/tables/{table['id']}{route}", headers=headers)
            assert (answer.status_code, answer.json()) == (404, {"detail": f"no table {table['id']!r}"})


def test_guessing_a_private_tables_id_gets_the_answer_of_no_table(client: TestClient) -> None:
    """Every route that names a table answers a private one's id, to a stranger, exactly as an id no table has."""
    table = private_table(client)
    nobody = secrets.token_hex(8)  # the same form as a table's id
    random_token = {"Authorization": f"Bearer {secrets.token_urlsafe(24)}"}

    def answers(table_id: str) -> list[tuple[int, Any]]:
        out = []
        for route in ("", "/sheet", "/replay", "/record"):
            for headers in ({}, random_token):
                answer = client.get(f"/tables/{table_id}{route}", headers=headers)
                out.append((answer.status_code, answer.json()))
        joined = client.post(f"/tables/{table_id}/join", json={"name": "Nosy"})
        freed = client.post(f"/tables/{table_id}/seats/1/free", headers=random_token)
        out += [(joined.status_code, joined.json()), (freed.status_code, freed.json())]
        return [(status, str(body).replace(table_id, "ID")) for status, body in out]

    assert answers(table["id"]) == answers(nobody)
    assert {status for status, _ in answers(table["id"])} == {404}
    # while the credentials of the table open it
    for token in (table["seats"][0]["token"], table["spectator_token"]):
        assert client.get(f"/tables/{table['id']}", headers={"Authorization": f"Bearer {token}"}).status_code == 200


def test_a_private_table_cannot_offer_an_open_seat(client: TestClient) -> None:
    """An open seat is an offer to whoever reads the lobby: a private table, listed nowhere, is refused one rather
    than left with a seat nobody can find; a table made public on purpose is listed."""
    body = {"game": "wizard", "players": 3, "visibility": "private", "seats": [
        {"name": "Host", "claimed": True}, {"name": "Anyone", "open": True}, {"name": "Bot", "bot": "rulebased"}]}
    refused = client.post("/tables", json=body)
    assert refused.status_code == 422 and "open seat" in refused.text
    assert client.get("/tables").json()["total"] == 0
    public = client.post("/tables", json={**body, "visibility": "public", "seats": [
        {"name": "Host", "claimed": True}, {"name": "Friend"}, {"name": "Bot", "bot": "rulebased"}]}).json()
    assert public["visibility"] == "public"
    assert [t["id"] for t in client.get("/tables").json()["tables"]] == [public["id"]]


def test_an_invite_preview_shows_only_its_own_table(client: TestClient) -> None:
    table = private_table(client)
    invite = table["seats"][1]["invite"]
    preview = client.post("/invites/preview", json={"invite": invite}).json()
    assert preview["table"]["id"] == table["id"] and preview["seat"] == 1
    assert preview["name"] == f"{SECRET_NAME} guest" and preview["host"] == SECRET_NAME
    for code in (secrets.token_urlsafe(24), table["seats"][0]["token"], table["spectator_token"]):
        answer = client.post("/invites/preview", json={"invite": code})  # a seat token is no invite
        assert (answer.status_code, answer.json()) == (404, {"detail": "no such invite (or it was used already)"})
    client.post("/invites", json={"invite": invite})
    assert client.post("/invites/preview", json={"invite": invite}).status_code == 404  # used: shows nothing more


# --- accounts: invitations by name, and who may see a private table ----------------------------------------------


def signed_up(db_url: str, name: str) -> dict[str, str]:
    """An account made as sign-up makes one, with a session opened for it: the Cookie header its browser sends (the
    passkey ceremony itself is tested with the accounts)."""
    engine = make_engine(db_url)
    try:
        account_id = secrets.token_hex(16)
        with engine.begin() as db:
            db.execute(insert(AccountRow), [{"id": account_id, "name": name, "name_key": name_key(name),
                                             "kind": "person", "created_at": datetime.now(UTC)}])
        session = Sessions(engine).open(account_id)
    finally:
        engine.dispose()
    # the Origin of the server's own pages: a browser sends it with every POST (another site's is attacked below)
    return {"Cookie": f"{SESSION_COOKIE}={session}", "Origin": "http://testserver"}


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture
def accounts_client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_pace=0, limits=LOOSE_LIMITS)) as test_client:
        yield test_client


def invite(client: TestClient, table: dict[str, Any], name: str, token: str | None = None, seat: int = 1) -> Any:
    headers = {"Authorization": f"Bearer {token or table['seats'][0]['token']}"}
    return client.post(f"/tables/{table['id']}/seats/{seat}/invite-account", json={"name": name}, headers=headers)


def test_a_signed_in_stranger_sees_no_private_table(accounts_client: TestClient, db_url: str) -> None:
    client = accounts_client
    table = private_table(client)
    stranger = signed_up(db_url, "Stranger")
    assert_unlisted(client, table, stranger)
    answer = client.get(f"/tables/{table['id']}", headers=stranger)
    assert (answer.status_code, answer.json()) == (404, {"detail": f"no table {table['id']!r}"})
    assert client.get("/invitations", headers=stranger).json() == {"invitations": [], "signed_in": True}


def test_an_invitation_to_one_account_opens_nothing_to_another_or_a_guest(accounts_client: TestClient,
                                                                          db_url: str) -> None:
    client = accounts_client
    table = private_table(client)
    ann, bob = signed_up(db_url, "Ann Account"), signed_up(db_url, "Bob Account")
    made = invite(client, table, "ann account")  # by the name's key: case does not matter
    assert made.status_code == 201, made.text
    invitation = made.json()["invitation"]
    assert made.json()["account"] == "Ann Account"
    # Bob and a guest: the invitation is not theirs to see, accept or decline, and the private table stays hidden
    assert client.get("/invitations", headers=bob).json()["invitations"] == []
    assert client.get("/invitations").json() == {"invitations": [], "signed_in": False}
    for who in (bob, {}):
        for action in ("accept", "decline"):
            answer = client.post(f"/invitations/{invitation}/{action}", headers=who)
            assert answer.status_code == (404 if who else 401), answer.text
        assert client.get(f"/tables/{table['id']}", headers=who).status_code == 404
    # Ann sees it in her lobby, may read the private table, and accepts: the token is hers alone
    mine = client.get("/invitations", headers=ann).json()["invitations"]
    assert [(i["id"], i["table"]["id"], i["seat"], i["host"]) for i in mine] == [
        (invitation, table["id"], 1, SECRET_NAME)]
    assert client.get(f"/tables/{table['id']}", headers=ann).status_code == 200
    taken = client.post(f"/invitations/{invitation}/accept", headers=ann)
    assert taken.status_code == 200, taken.text
    assert taken.json()["seat"] == 1 and taken.json()["table"] == table["id"]
    summary = client.get(f"/tables/{table['id']}", headers={"Authorization": f"Bearer {taken.json()['token']}"})
    assert summary.json()["names"][1] == "Ann Account" and summary.json()["players"][1]["claimed"] is True
    # used: nobody takes it again, nor the seat's invite link
    assert client.post(f"/invitations/{invitation}/accept", headers=ann).status_code == 404
    assert client.post("/invites", json={"invite": table["seats"][1]["invite"]}).status_code == 404
    # Ann, seated, still reads the private table by her session; Bob does not
    assert client.get(f"/tables/{table['id']}", headers=ann).status_code == 200
    assert client.get(f"/tables/{table['id']}", headers=bob).status_code == 404


def test_only_the_host_invites_an_account(accounts_client: TestClient, db_url: str) -> None:
    client = accounts_client
    signed_up(db_url, "Cy Account")
    table = private_table(client)
    guest = client.post("/invites", json={"invite": table["seats"][1]["invite"]}).json()["token"]
    other = public_table(client)
    answers = [invite(client, table, "Cy Account", token) for token in (
        guest,  # a seat of this table, not the host's
        table["spectator_token"], other["seats"][0]["token"], secrets.token_urlsafe(24))]
    assert [a.status_code for a in answers] == [403, 404, 404, 404]
    assert client.post(f"/tables/{table['id']}/seats/1/invite-account", json={"name": "Cy Account"}).status_code == 401
    # the host: into a seat that is free and invite-only (seat 1 is taken now, seat 2 a bot, seat 0 the host's)
    assert [invite(client, table, "Cy Account", seat=s).status_code for s in (0, 1, 2, 6)] == [409, 409, 409, 409]
    # a name no account has is said so to the host alone (names are public: profiles show them)
    fresh = private_table(client)
    unknown = invite(client, fresh, "Nobody Here")
    assert unknown.status_code == 404 and "no account" in unknown.text
    stranger = client.post(f"/tables/{fresh['id']}/seats/1/invite-account", json={"name": "Nobody Here"},
                           headers={"Authorization": f"Bearer {secrets.token_urlsafe(24)}"})
    assert (stranger.status_code, stranger.json()) == (404, {"detail": f"no table {fresh['id']!r}"})


def test_another_sites_page_cannot_accept_for_a_signed_in_account(accounts_client: TestClient, db_url: str) -> None:
    client = accounts_client
    table = private_table(client)
    dee = signed_up(db_url, "Dee Account")
    invitation = invite(client, table, "Dee Account").json()["invitation"]
    answer = client.post(f"/invitations/{invitation}/accept", headers={**dee, "Origin": "https://evil.example"})
    assert answer.status_code == 403
    assert [i["id"] for i in client.get("/invitations", headers=dee).json()["invitations"]] == [invitation]
