"""Attacks on the bot API over real sockets (docs/bot-api.md, "What a token opens"): a bot token used on another
bot's seat or invitation, on a person's routes, on the WebSocket as a hello, in a query string; a revoked token and
the stream it holds open; a flood of event streams; a bot that never reads its stream; one request at a time."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from .bots_live import bearer, event_stream, host_table, invite, make_bot, revoke_all
from .strangers import Server, post, running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(f"sqlite:///{tmp_path_factory.mktemp('bot-attacks') / 'bots.sqlite3'}") as live:
        yield live


def accepted(server: Server, token: str, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table whose seat 1 the bot ``name`` accepted: the table, and the accept's answer (its seat token)."""
    table = host_table(server)
    with event_stream(server, token) as events:
        next(events)
        assert invite(server, table, name).status_code == 201
        invitation = next(e for e in events if e["type"] == "invitation")
    answer = httpx.post(f"{server.http}/api/bot/invitations/{invitation['id']}/accept", headers=bearer(token),
                        timeout=10)
    assert answer.status_code == 200, answer.text
    return table, answer.json()


def hello(server: Server, token: str, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """The first answer to a hello with ``token`` over a real WebSocket (its handshake with ``headers``)."""
    with connect(f"ws://127.0.0.1:{server.port}/ws", additional_headers=headers or {}, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "id": "h", "token": token}))
        return dict(json.loads(ws.recv(timeout=10)))


def test_a_bot_token_opens_nothing_of_another_bot(server: Server) -> None:
    alpha, beta = make_bot(server.db_url, "Alpha"), make_bot(server.db_url, "Beta")
    table, seat = accepted(server, alpha, "Alpha")
    # Beta asks for Alpha's seat, or says hello with Alpha's seat token on its own handshake
    mine = httpx.post(f"{server.http}/api/bot/tables/{table['id']}/seat", headers=bearer(beta), timeout=10)
    assert mine.status_code == 404
    refused = hello(server, seat["token"], bearer(beta))
    assert (refused["type"], refused["code"]) == ("error", "bad_token")
    # a stolen seat token without Alpha's API token (a guest): a bot account's seat is its program's alone
    stolen = hello(server, seat["token"])
    assert (stolen["type"], stolen["code"]) == ("error", "bad_token")
    assert "bot account" in stolen["message"]
    # Alpha itself, with its token on the handshake, is welcome
    welcome = hello(server, seat["token"], bearer(alpha))
    assert welcome["type"] == "welcome" and welcome["seat"] == 1
    # Beta cannot accept or decline an invitation of Alpha's
    other = host_table(server)
    with event_stream(server, alpha) as events:
        next(events)
        assert invite(server, other, "Alpha").status_code == 201
        invitation = next(e for e in events if e["type"] == "invitation" and e["table"]["id"] == other["id"])
    for verb in ("accept", "decline"):
        taken = httpx.post(f"{server.http}/api/bot/invitations/{invitation['id']}/{verb}", headers=bearer(beta),
                           json={} if verb == "decline" else None, timeout=10)
        assert taken.status_code == 404, (verb, taken.text)
    still = httpx.post(f"{server.http}/api/bot/invitations/{invitation['id']}/accept", headers=bearer(alpha),
                       timeout=10)
    assert still.status_code == 200  # the invitation stayed Alpha's


def test_a_bot_token_opens_no_person_route_no_table_no_guest_seat_and_no_watching(server: Server) -> None:
    token = make_bot(server.db_url, "Gamma")
    assert httpx.get(f"{server.http}/account", headers=bearer(token), timeout=10).status_code == 401
    assert httpx.get(f"{server.http}/account/bots", headers=bearer(token), timeout=10).status_code in (401, 403)
    made = post(server, "/tables", {"players": 3, "seats": [{"name": "G", "claimed": True},
                                                            {"name": "b", "bot": "random"},
                                                            {"name": "c", "bot": "random"}]},
                headers=bearer(token))
    assert made.status_code == 403  # bots create no tables
    assert httpx.get(f"{server.http}/invitations", headers=bearer(token), timeout=10).json()["invitations"] == []
    table = host_table(server)
    # the host's own seat token, and the spectator token, on a bot's handshake: refused
    for credential in (table["seats"][0]["token"], table["spectator_token"]):
        refused = hello(server, credential, bearer(token))
        assert (refused["type"], refused["code"]) == ("error", "bad_token"), refused
    # the API token itself as a hello's token opens nothing
    itself = hello(server, token)
    assert (itself["type"], itself["code"]) == ("error", "bad_token")
    # a bot may not invite: the invite route wants a host's seat token
    assert invite(server, {**table, "seats": [{"token": token}]}, "Gamma").status_code in (401, 403, 404)
    # no chat and no hints from a bot's seat
    with event_stream(server, token) as events:
        next(events)
        assert invite(server, table, "Gamma").status_code == 201
        invitation = next(e for e in events if e["type"] == "invitation")
    seat = httpx.post(f"{server.http}/api/bot/invitations/{invitation['id']}/accept", headers=bearer(token),
                      timeout=10).json()
    with connect(f"ws://127.0.0.1:{server.port}/ws", additional_headers=bearer(token), open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "id": "h", "token": seat["token"]}))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
        ws.send(json.dumps({"type": "chat", "id": "c", "text": "buy my stuff"}))
        ws.send(json.dumps({"type": "hint", "id": "q"}))
        refusals = {}
        while len(refusals) < 2:
            frame = json.loads(ws.recv(timeout=10))
            if frame["type"] == "error":
                refusals[frame["reply_to"]] = frame["code"]
            assert frame["type"] != "chat", frame
        assert refusals == {"c": "forbidden", "q": "forbidden"}


def test_a_token_in_a_query_string_is_refused_and_revoked_and_its_open_stream_closed(server: Server) -> None:
    token = make_bot(server.db_url, "Leaky")
    with event_stream(server, token) as events:
        assert next(events)["type"] == "hello"
        leaked = httpx.get(f"{server.http}/api/stream/event", params={"token": token}, timeout=10)
        assert leaked.status_code == 400 and "revoked" in leaked.json()["detail"]
        ended = time.monotonic()
        assert list(events) == []  # the open stream ends at once (no more events, no waiting for a keep-alive)
        assert time.monotonic() - ended < 3
    assert httpx.get(f"{server.http}/api/bot/account", headers=bearer(token), timeout=10).status_code == 401
    with pytest.raises(InvalidStatus):  # the WebSocket's handshake with it: refused (HTTP 403)
        connect(f"ws://127.0.0.1:{server.port}/ws", additional_headers=bearer(token), open_timeout=10)
    # anywhere in any URL, under any name, as the WebSocket's query too
    other = make_bot(server.db_url, "Leaky Two")
    assert httpx.get(f"{server.http}/tables", params={"x": f"Bearer {other}"}, timeout=10).status_code == 400
    assert httpx.get(f"{server.http}/api/bot/account", headers=bearer(other), timeout=10).status_code == 401
    third = make_bot(server.db_url, "Leaky Three")
    with pytest.raises(InvalidStatus) as refused:  # refused at the handshake, before the application
        connect(f"ws://127.0.0.1:{server.port}/ws?auth={third}", open_timeout=10)
    assert refused.value.response.status_code == 403
    assert httpx.get(f"{server.http}/api/bot/account", headers=bearer(third), timeout=10).status_code == 401


def test_a_token_revoked_in_the_database_closes_its_stream_and_its_sockets(server: Server) -> None:
    """Revoked by the operator (``wizard bot-account --revoke``, or on another worker): the server finds out within
    ``bot_api.CHECK_SECONDS`` (10) and closes what the token holds open."""
    token = make_bot(server.db_url, "Revoked")
    table, seat = accepted(server, token, "Revoked")
    with connect(f"ws://127.0.0.1:{server.port}/ws", additional_headers=bearer(token), open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "id": "h", "token": seat["token"]}))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
        with event_stream(server, token, timeout=30) as events:
            assert next(events)["type"] == "hello"
            revoke_all(server.db_url, "Revoked")
            started = time.monotonic()
            rest = [e for e in events if e["type"] != "game"]  # it ends: within the check's period
            assert rest == [] and time.monotonic() - started < 20
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4003, closed.value
    assert httpx.get(f"{server.http}/api/bot/account", headers=bearer(token), timeout=10).status_code == 401


def test_a_flood_of_event_streams_is_capped(server: Server) -> None:
    token = make_bot(server.db_url, "Flood")
    with event_stream(server, token) as first, event_stream(server, token) as second:  # bot_streams_per_bot: 2
        next(first), next(second)
        with httpx.stream("GET", f"{server.http}/api/stream/event", headers=bearer(token), timeout=10) as third:
            assert third.status_code == 429
            assert int(third.headers["retry-after"]) >= 1
    with event_stream(server, token) as again:  # the two closed: a stream may open again
        assert next(again)["type"] == "hello"


def test_one_request_at_a_time_per_game(server: Server) -> None:
    token = make_bot(server.db_url, "Hasty")
    table, _ = accepted(server, token, "Hasty")
    answers: list[int] = []

    def ask() -> None:
        answers.append(httpx.post(f"{server.http}/api/bot/tables/{table['id']}/seat", headers=bearer(token),
                                  timeout=10).status_code)

    threads = [threading.Thread(target=ask) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(answers) <= {200, 429} and 200 in answers
    # each 429 says when to come back
    busy = [a for a in answers if a == 429]
    assert len(busy) + answers.count(200) == 12


def test_a_bot_that_never_reads_its_stream_is_cut_off(tmp_path: Any) -> None:
    """A stream's queue is bounded (``send_queue``) as a WebSocket's: once the socket's buffers are full and the
    queue too, the server stops writing and lets the stream go (its slot is free again), without waiting."""
    with running(f"sqlite:///{tmp_path / 'slow.sqlite3'}", {"send_queue": 8, "bot_streams_per_bot": 1}) as server:
        token = make_bot(server.db_url, "Sleepy")
        reader = socket.socket()
        reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        reader.connect(("127.0.0.1", server.port))
        reader.sendall(f"GET /api/stream/event HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                       f"Authorization: Bearer {token}\r\n\r\n".encode())
        time.sleep(0.5)
        with httpx.stream("GET", f"{server.http}/api/stream/event", headers=bearer(token), timeout=10) as busy:
            assert busy.status_code == 429  # the sleeper holds the bot's one stream
        table = host_table(server)
        cut = False
        with httpx.Client(timeout=10) as http:
            for _ in range(60):
                for _ in range(50):  # each invitation into the seat replaces the last, and is an event of ~1 kB
                    answer = http.post(f"{server.http}/tables/{table['id']}/seats/1/invite-account",
                                       json={"name": "Sleepy"}, headers=bearer(table["seats"][0]["token"]))
                    assert answer.status_code == 201, answer.text
                with http.stream("GET", f"{server.http}/api/stream/event", headers=bearer(token)) as probe:
                    if probe.status_code == 200:
                        cut = True
                        break
        reader.close()
        assert cut, "the stream that nobody reads was never cut off"
        assert server.process.poll() is None
