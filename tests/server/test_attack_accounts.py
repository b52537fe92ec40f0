"""Attacks on accounts, passkeys and sessions (issue 26). Each is an attack on the server before accounts existed
too: there, no route of accounts answered, so every one of these fails at its first step.

- one account's session never opens another's seat, passkeys or settings; a seat token opens its seat and no more;
- signing out everywhere ends every session, open WebSockets included (a real server, real sockets);
- another site's page (``Origin``) changes nothing, and a passkey ceremony run for another origin is refused;
- sign-in attempts are limited per passkey and per network, sign-ups per network;
- no answer tells whether an account exists; a session id in a URL or a header is never accepted;
- names cannot pass for a bot's or another account's (NFKC, case folding).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from wizardcards.server import create_app

from .helpers import LOOSE_LIMITS, Client
from .passkeys import SAME_ORIGIN, Authenticator, Browser, add_passkey, sign_in, sign_up
from .strangers import running

EVIL = {"Origin": "https://evil.example"}


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(f"sqlite:///{tmp_path / 'server.sqlite3'}", bot_pace=0, limits=LOOSE_LIMITS)


@pytest.fixture
def server(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def solo_table(browser: Browser) -> dict[str, Any]:
    """A table whose seat 0 the browser's account holds (two bots with it: it starts at the hello)."""
    answer = browser.post("/tables", json={"players": 3, "seats": [
        {"name": "me", "claimed": True}, {"name": "B", "bot": "rulebased"}, {"name": "C", "bot": "rulebased"}]},
        headers=SAME_ORIGIN)
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    return table


# --- one account, another's things ---------------------------------------------------------------------------------

def test_one_accounts_session_opens_none_of_anothers_seats(server: TestClient) -> None:
    ann, mallory = Browser(server), Browser(server)
    sign_up(ann, "Ann")
    sign_up(mallory, "Mallory")
    table = solo_table(ann)
    asked = mallory.post(f"/tables/{table['id']}/my-seat", headers=SAME_ORIGIN)
    assert asked.status_code == 404 and "token" not in asked.text
    stolen = table["seats"][0]["token"]  # Ann's seat token, stolen: Mallory, signed in, says hello with it
    with mallory.websocket_connect("/ws", headers=SAME_ORIGIN) as socket:
        socket.send_json({"type": "hello", "id": "h1", "token": stolen})
        refused = socket.receive_json()
        assert refused["type"] == "error" and refused["code"] == "bad_token" and "another account" in refused["message"]
    assert ann.post(f"/tables/{table['id']}/my-seat", headers=SAME_ORIGIN).json()["seat"] == 0


def test_one_accounts_session_touches_none_of_anothers_passkeys_or_settings(server: TestClient) -> None:
    ann, mallory = Browser(server), Browser(server)
    sign_up(ann, "Ann")
    add_passkey(ann, Authenticator())
    sign_up(mallory, "Mallory")
    hers = [p["id"] for p in ann.get("/account").json()["passkeys"]]
    mine = mallory.get("/account").json()
    assert mine["name"] == "Mallory" and not set(hers) & {p["id"] for p in mine["passkeys"]}
    for passkey in hers:
        assert mallory.delete(f"/account/passkeys/{passkey}", headers=SAME_ORIGIN).status_code == 404
    # a ceremony Ann began for a passkey of hers, finished by Mallory's session, adds nothing to either account
    begun = ann.post("/account/passkeys/options", json={}, headers=SAME_ORIGIN).json()
    finished = mallory.post("/account/passkeys", json={"ceremony": begun["ceremony"],
                                                       "credential": Authenticator().create(begun["publicKey"])},
                            headers=SAME_ORIGIN)
    assert finished.status_code == 400
    assert [p["id"] for p in ann.get("/account").json()["passkeys"]] == hers
    assert len(mallory.get("/account").json()["passkeys"]) == 1
    assert mallory.post("/account/sessions/end", headers=SAME_ORIGIN).status_code == 200
    assert ann.get("/account").json()["name"] == "Ann"  # Mallory signing out everywhere is not Ann's sessions


def test_a_stolen_seat_token_opens_that_seat_and_nothing_of_the_account(server: TestClient) -> None:
    ann, thief = Browser(server), Browser(server)
    sign_up(ann, "Ann")
    table = solo_table(ann)
    other = solo_table(ann)  # another seat of Ann's
    token = table["seats"][0]["token"]
    with thief.websocket_connect("/ws") as socket:  # a guest with the token: that seat, as the protocol always did
        assert Client(socket, {0}).hello(token)["seat"] == 0
    assert thief.get("/account", headers={"Authorization": f"Bearer {token}"}).status_code == 401
    thief.cookies.set("wizard_session", token)  # nor is a seat token a session
    assert thief.get("/account").status_code == 401
    assert thief.post(f"/tables/{other['id']}/my-seat", headers=SAME_ORIGIN).status_code == 401


# --- signing out ---------------------------------------------------------------------------------------------------

def test_signing_out_everywhere_ends_every_session_and_closes_every_socket(tmp_path: Path) -> None:
    """On a real server with real sockets: two browsers of one account, each at a table; signing out everywhere from
    one closes both sockets (code 4001) and neither cookie opens anything afterwards; a guest's socket stays."""
    with running(f"sqlite:///{tmp_path / 'live.sqlite3'}") as live:
        origin = {"Origin": live.http}
        with ExitStack() as stack:
            laptop, phone = (stack.enter_context(httpx.Client(base_url=live.http)) for _ in range(2))
            device = live_sign_up(laptop, "Ann", live.http)
            live_sign_in(phone, device, live.http)
            table = laptop.post("/tables", json={"players": 3, "seats": [
                {"name": "me", "claimed": True}, {"name": "B", "bot": "rulebased"},
                {"name": "C", "bot": "rulebased"}]}, headers=origin).json()
            tokens = [table["seats"][0]["token"], phone.post(f"/tables/{table['id']}/my-seat",
                                                             headers=origin).json()["token"]]
            sockets = [stack.enter_context(signed_in_socket(live.port, browser, live.http))
                       for browser in (laptop, phone)]
            guest = stack.enter_context(connect(f"ws://127.0.0.1:{live.port}/ws", open_timeout=10))
            for socket, token in zip(sockets, tokens):
                socket.send(json.dumps({"type": "hello", "id": "h", "token": token}))
                assert '"welcome"' in socket.recv(timeout=10)
            guest.send(json.dumps({"type": "hello", "id": "h", "token": table["spectator_token"]}))
            assert '"welcome"' in guest.recv(timeout=10)
            assert phone.post("/account/sessions/end", headers=origin).json() == {"signed_out": 2}
            for socket in sockets:
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        socket.recv(timeout=10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
            guest.send('{"type": "sync", "id": "s"}')
            assert guest.recv(timeout=10)  # still open
            guest.close()
            for browser in (laptop, phone):
                assert browser.get("/account").status_code == 401


def live_sign_up(browser: httpx.Client, name: str, origin: str) -> Authenticator:
    device = Authenticator(origin=origin)
    begun = browser.post("/accounts/options", json={"name": name}, headers={"Origin": origin}).json()
    done = browser.post("/accounts", json={"ceremony": begun["ceremony"],
                                           "credential": device.create(begun["publicKey"])}, headers={"Origin": origin})
    assert done.status_code == 201, done.text
    return device


def live_sign_in(browser: httpx.Client, device: Authenticator, origin: str) -> None:
    begun = browser.post("/session/options", json={}, headers={"Origin": origin}).json()
    done = browser.post("/session", json={"ceremony": begun["ceremony"], "credential": device.get(begun["publicKey"])},
                        headers={"Origin": origin})
    assert done.status_code == 200, done.text


def signed_in_socket(port: int, browser: httpx.Client, origin: str) -> Any:
    cookie = "; ".join(f"{name}={value}" for name, value in browser.cookies.items())
    return connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10, close_timeout=1,
                   additional_headers={"Cookie": cookie, "Origin": origin})


def test_a_session_that_expired_opens_nothing(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 's.sqlite3'}", bot_pace=0,
                     limits=replace(LOOSE_LIMITS, session_days=1.5 / 86400))  # a second and a half
    with TestClient(app) as server:
        ann = Browser(server)
        sign_up(ann, "Ann")
        assert ann.get("/account").status_code == 200
        time.sleep(2)
        assert ann.get("/account").status_code == 401


# --- other sites ---------------------------------------------------------------------------------------------------

def test_another_sites_page_changes_nothing_with_the_session(server: TestClient) -> None:
    ann = Browser(server)
    device = sign_up(ann, "Ann")
    table = solo_table(ann)
    before = server.get("/tables").json()["total"]
    for method, path, body in [("POST", "/tables", {"players": 3}), ("POST", f"/tables/{table['id']}/my-seat", None),
                               ("POST", f"/tables/{table['id']}/join", {"name": "x"}),
                               ("POST", "/account/sessions/end", None), ("POST", "/session/end", None),
                               ("POST", "/account/passkeys/options", {}), ("DELETE", "/account", None),
                               ("DELETE", f"/account/passkeys/{device.passkeys[0].id}", None)]:
        for headers in (EVIL, {}, {"Origin": "null"}, {"Origin": "http://testserver.evil.example"}):
            answer = ann.request(method, path, json=body, headers=headers)
            assert answer.status_code == 403, (method, path, headers, answer.text)
            assert "set-cookie" not in answer.headers
    assert server.get("/tables").json()["total"] == before
    mine = ann.get("/account").json()
    assert mine["name"] == "Ann" and mine["sessions"] == 1 and len(mine["passkeys"]) == 1


def test_another_sites_page_can_neither_sign_up_nor_sign_in_anyone(server: TestClient) -> None:
    victim = Browser(server)
    device = sign_up(Browser(server), "Ann")
    assert victim.post("/accounts/options", json={"name": "Eve"}, headers=EVIL).status_code == 403
    assert victim.post("/session/options", json={}, headers=EVIL).status_code == 403
    begun = victim.post("/session/options", json={}, headers=SAME_ORIGIN).json()
    forced = victim.post("/session", json={"ceremony": begun["ceremony"], "credential": device.get(begun["publicKey"])},
                         headers=EVIL)
    assert forced.status_code == 403 and victim.get("/account").status_code == 401


def test_a_ceremony_run_on_another_origin_is_refused(server: TestClient) -> None:
    """A phishing page at another origin relays our options to the victim's authenticator: the browser writes the
    phishing origin into the signed client data, and the server refuses it (even with our Origin header)."""
    device = sign_up(Browser(server), "Ann")
    browser = Browser(server)
    begun = browser.post("/session/options", json={}, headers=SAME_ORIGIN).json()
    phished = device.get(begun["publicKey"], origin="https://evil.example")
    answer = browser.post("/session", json={"ceremony": begun["ceremony"], "credential": phished}, headers=SAME_ORIGIN)
    assert answer.status_code == 401 and browser.get("/account").status_code == 401
    begun = browser.post("/accounts/options", json={"name": "Bo"}, headers=SAME_ORIGIN).json()
    created = Authenticator(origin="https://evil.example").create(begun["publicKey"])
    answer = browser.post("/accounts", json={"ceremony": begun["ceremony"], "credential": created}, headers=SAME_ORIGIN)
    assert answer.status_code == 400 and browser.get("/account").status_code == 401


def test_a_socket_from_another_sites_page_is_not_signed_in(server: TestClient) -> None:
    """A page elsewhere opens a socket with the person's cookie: the server treats it as a guest (it cannot take the
    account's seat), and signing out everywhere has nothing of it to close."""
    ann = Browser(server)
    sign_up(ann, "Ann")
    table = solo_table(ann)
    app = server.app
    with ann.websocket_connect("/ws", headers=EVIL) as socket:
        socket.send_json({"type": "hello", "id": "h", "token": table["spectator_token"]})
        assert socket.receive_json()["type"] == "welcome"
        assert app.state.signed_in.by_session == {}  # type: ignore[attr-defined]
    with ann.websocket_connect("/ws", headers=SAME_ORIGIN) as socket:
        socket.send_json({"type": "hello", "id": "h", "token": table["spectator_token"]})
        assert socket.receive_json()["type"] == "welcome"
        assert len(app.state.signed_in.by_session) == 1  # type: ignore[attr-defined]


# --- replays and guessing ------------------------------------------------------------------------------------------

def test_a_replayed_assertion_or_ceremony_signs_nobody_in(server: TestClient) -> None:
    device = sign_up(Browser(server), "Ann")
    browser = Browser(server)
    begun = browser.post("/session/options", json={}, headers=SAME_ORIGIN).json()
    assertion = device.get(begun["publicKey"])
    assert browser.post("/session", json={"ceremony": begun["ceremony"], "credential": assertion},
                        headers=SAME_ORIGIN).status_code == 200
    again = Browser(server)  # the same ceremony and assertion, captured and sent again
    assert again.post("/session", json={"ceremony": begun["ceremony"], "credential": assertion},
                      headers=SAME_ORIGIN).status_code == 400
    fresh = again.post("/session/options", json={}, headers=SAME_ORIGIN).json()  # a new challenge: the old signature
    assert again.post("/session", json={"ceremony": fresh["ceremony"], "credential": assertion},
                      headers=SAME_ORIGIN).status_code == 401
    cloned = again.post("/session/options", json={}, headers=SAME_ORIGIN).json()  # a cloned key: its count went back
    stale = device.get(cloned["publicKey"], count=1)
    assert again.post("/session", json={"ceremony": cloned["ceremony"], "credential": stale},
                      headers=SAME_ORIGIN).status_code == 401
    assert again.get("/account").status_code == 401


def test_sign_in_answers_tell_nobody_whether_an_account_exists(server: TestClient) -> None:
    known = sign_up(Browser(server), "Ann")
    unknown = Authenticator()
    unknown.create({"rp": {"id": "testserver"}, "user": {"id": "AAAA"}, "challenge": "AAAA"})  # never registered
    answers = []
    for device in (known, unknown):
        browser = Browser(server)
        begun = browser.post("/session/options", json={}, headers=SAME_ORIGIN).json()
        assert "allowCredentials" not in begun["publicKey"] or not begun["publicKey"]["allowCredentials"]
        credential = device.get(begun["publicKey"])
        credential["response"]["signature"] = credential["response"]["signature"][::-1]  # a wrong signature
        answer = browser.post("/session", json={"ceremony": begun["ceremony"], "credential": credential},
                              headers=SAME_ORIGIN)
        answers.append((answer.status_code, answer.json()))
    assert answers[0] == answers[1] and answers[0][0] == 401


def test_sign_ins_are_limited_per_passkey_and_per_network(tmp_path: Path) -> None:
    limits = replace(LOOSE_LIMITS, signins_per_minute_per_account=3, signins_per_minute_per_network=8)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'l.sqlite3'}", bot_pace=0, limits=limits)) as server:
        device = sign_up(Browser(server), "Ann")
        browser = Browser(server)
        statuses = []
        for _ in range(4):  # guessing at one passkey (wrong signatures), then the right one: the limit holds
            begun = browser.post("/session/options", json={}, headers=SAME_ORIGIN).json()
            credential = device.get(begun["publicKey"])
            credential["response"]["signature"] = credential["response"]["signature"][::-1]
            statuses.append(browser.post("/session", json={"ceremony": begun["ceremony"], "credential": credential},
                                         headers=SAME_ORIGIN).status_code)
        assert statuses == [401, 401, 401, 429]
        begun = browser.post("/session/options", json={}, headers=SAME_ORIGIN).json()
        limited = browser.post("/session", json={"ceremony": begun["ceremony"],
                                                 "credential": device.get(begun["publicKey"])}, headers=SAME_ORIGIN)
        assert limited.status_code == 429 and "Retry-After" in limited.headers
        options = [browser.post("/session/options", json={}, headers=SAME_ORIGIN).status_code for _ in range(4)]
        assert options == [200, 200, 200, 429]  # 8 a minute from one network, 5 asked above


def test_sign_ups_are_limited_per_network(tmp_path: Path) -> None:
    limits = replace(LOOSE_LIMITS, signups_per_hour_per_network=2)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'u.sqlite3'}", bot_pace=0, limits=limits)) as server:
        statuses = [server.post("/accounts/options", json={"name": f"Name{n}"}, headers=SAME_ORIGIN).status_code
                    for n in range(3)]
        assert statuses == [200, 200, 429]


def test_a_session_id_is_taken_from_its_cookie_and_nowhere_else(server: TestClient) -> None:
    ann = Browser(server)
    sign_up(ann, "Ann")
    session_id = ann.cookies["wizard_session"]
    stranger = Browser(server)
    assert stranger.get(f"/account?wizard_session={session_id}").status_code == 401
    assert stranger.get(f"/account?session={session_id}").status_code == 401
    assert stranger.get("/account", headers={"Authorization": f"Bearer {session_id}"}).status_code == 401
    assert stranger.get("/account", headers={"X-Session": session_id}).status_code == 401
    with stranger.websocket_connect(f"/ws?wizard_session={session_id}", headers=SAME_ORIGIN):
        assert server.app.state.signed_in.by_session == {}  # type: ignore[attr-defined]


# --- names ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Ｓｅａｒｃｈ", "ｓｅａｒｃｈ：ｌｅｖｅｌ＝３", "RuleBased", "r a n d o m", "MERLIN"])
def test_a_name_cannot_pass_for_a_bots(server: TestClient, name: str) -> None:
    answer = server.post("/accounts/options", json={"name": name}, headers=SAME_ORIGIN)
    assert answer.status_code == 422 and "bot" in answer.json()["detail"]


@pytest.mark.parametrize("name", ["ALICE", "alice", "Ａｌｉｃｅ", "ＡＬＩＣＥ", "Alice\u00a0"])
def test_a_name_cannot_pass_for_another_accounts(server: TestClient, name: str) -> None:
    sign_up(Browser(server), "Alice")
    answer = server.post("/accounts/options", json={"name": name}, headers=SAME_ORIGIN)
    assert answer.status_code == 409


def test_a_deleted_accounts_session_and_sockets_end_with_it(server: TestClient) -> None:
    ann, phone = Browser(server), Browser(server)
    device = sign_up(ann, "Ann")
    assert sign_in(phone, device).status_code == 200
    table = solo_table(ann)
    with phone.websocket_connect("/ws", headers=SAME_ORIGIN) as socket:
        Client(socket, {0}).hello(phone.post(f"/tables/{table['id']}/my-seat", headers=SAME_ORIGIN).json()["token"])
        assert ann.delete("/account", headers=SAME_ORIGIN).status_code == 200
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                socket.receive_json()
        assert closed.value.code == 4001
    assert phone.get("/account").status_code == 401


def test_malformed_credentials_are_refused_and_never_break_the_server(server: TestClient) -> None:
    device = sign_up(Browser(server), "Ann")
    browser = Browser(server)
    begun = browser.post("/accounts/options", json={"name": "Bo"}, headers=SAME_ORIGIN).json()
    good = Authenticator().create(begun["publicKey"])
    cut = good["response"]["attestationObject"][:40]
    truncated = {**good, "response": {**good["response"], "attestationObject": cut}}
    garbage: list[Any] = [{}, {"id": 5}, {"id": "x", "rawId": "x", "response": "text"},
                          {"id": "AA", "rawId": "AA", "type": "public-key",
                           "response": {"clientDataJSON": "!!!", "attestationObject": "%%", "authenticatorData": "",
                                        "signature": "", "userHandle": 7}},
                          {"id": "A" * 600, "rawId": "A" * 600}, truncated, {**good, "type": "password"}]
    for credential in garbage:
        for begin, finish, body in (("/accounts/options", "/accounts", {"name": "Bo"}),
                                    ("/session/options", "/session", {})):
            ceremony = browser.post(begin, json=body, headers=SAME_ORIGIN).json()["ceremony"]
            answer = browser.post(finish, json={"ceremony": ceremony, "credential": credential}, headers=SAME_ORIGIN)
            assert 400 <= answer.status_code < 500, (credential, answer.status_code, answer.text)
    assert browser.get("/account").status_code == 401
    assert sign_in(browser, device).status_code == 200  # and the server still signs people in
