"""Around the game, on a real server process over real WebSockets: who sits where (the ``table`` message on connect,
rename and disconnect), chat (to the table's connections only, history on reconnect, not stored), hints (equal to the
search bot's analysis of the asking seat's own view) and the turn timer's ``turn_left``."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from wizardcards.bots.search import SearchBot
from wizardcards.core import GameRecord, replay_states

from .helpers import TERMINAL, Client, next_id, poster, with_tokens
from .live import ServerProcess, WebSocketClient, start_server

SHORT = {"schedule": "custom", "custom_hand_sizes": [3, 4]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = start_server(f"sqlite:///{tmp_path_factory.mktemp('live') / 'live.sqlite3'}")
    try:
        yield process
    finally:
        process.stop()


def create(server: ServerProcess, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    # read as a stranger reads it (private tables: test_attack_private.py)
    body = {"game": "wizard", "players": len(seats), "options": SHORT, "seats": seats, "visibility": "public", **extra}
    response = httpx.post(server.http + "/tables", json=body, timeout=20)
    assert response.status_code == 201, response.text
    return with_tokens(poster(server.http), response.json())


def summary(server: ServerProcess, table: dict[str, Any]) -> dict[str, Any]:
    return httpx.get(f"{server.http}/tables/{table['id']}", timeout=20).json()  # type: ignore[no-any-return]


def connect(server: ServerProcess, token: str, humans: set[int], name: str | None = None) -> Client:
    client = Client(WebSocketClient(server.port), humans)
    message_id = next_id()
    hello: dict[str, Any] = {"type": "hello", "id": message_id, "token": token}
    if name is not None:
        hello["name"] = name
    client.send(hello)
    welcome = client.receive()
    assert welcome["type"] == "welcome" and welcome["reply_to"] == message_id, welcome
    client.seat = welcome["seat"]
    assert client.receive()["type"] == "view"
    assert client.receive()["type"] == "table"  # right after the welcome and view: who sits where
    return client


def seating(frame: dict[str, Any]) -> list[tuple[str, bool, bool]]:
    return [(p["name"], p["claimed"], p["connected"]) for p in frame["players"]]


# --- who sits where ----------------------------------------------------------------------------------------------


def test_everyone_at_the_table_hears_who_connects_renames_and_leaves(server: ServerProcess) -> None:
    table = create(server, [{"name": "Player 1"}, {"name": "Bot", "bot": "rulebased"}, {"name": "Player 3"}])
    tokens = [s["token"] for s in table["seats"]]
    ann = connect(server, tokens[0], {0, 2}, name="  Ann ")
    welcome = ann.frames[0]
    assert welcome["names"] == ["Ann", "Bot", "Player 3"]  # renamed before the welcome
    assert (welcome["hints"], welcome["turn_seconds"], welcome["status"]) == (True, None, "waiting")
    assert ann.frames[2] == {"type": "table", "seq": 0, "status": "waiting", "players": [
        {"seat": 0, "name": "Ann", "bot": None, "open": False, "claimed": True, "joined": True, "connected": True,
         "kind": "guest"},
        {"seat": 1, "name": "Bot", "bot": "rulebased", "open": False, "claimed": True, "joined": True,
         "connected": True, "kind": "bot"},
        # claimed: its invite was exchanged for a token (create); not connected yet, so it has not said hello either
        {"seat": 2, "name": "Player 3", "bot": None, "open": False, "claimed": True, "joined": False,
         "connected": False, "kind": "guest"},
    ]}
    spy = connect(server, table["spectator_token"], {0, 2}, name="Spy")  # a spectator's name is ignored
    # the spectator hears who sits where; the seats hear nothing of it (a watcher changes nothing they see)
    assert seating(spy.frames[-1]) == seating(ann.frames[2])
    assert [p["name"] for p in spy.frames[-1]["players"]] == ["Ann", "Bot", "Player 3"]
    cy = connect(server, tokens[1], {0, 2}, name="Cy")  # the last human seat: the game starts
    for client in (ann, spy):
        assert seating(client.receive_kind("table")) == [("Ann", True, True), ("Bot", True, True), ("Cy", True, True)]
    cy.socket.close()
    for client in (ann, spy):
        frame = client.receive_kind("table")
        assert seating(frame) == [("Ann", True, True), ("Bot", True, True), ("Cy", True, False)]
        # the table's seq when Cy left: the bot may have moved since (it thinks in the background)
        assert frame["status"] == "playing" and frame["seq"] <= summary(server, table)["decisions"]
    again = connect(server, tokens[1], {0, 2}, name="Someone else")  # the game has started: no more renaming
    assert again.frames[0]["names"] == ["Ann", "Bot", "Cy"]
    assert seating(ann.receive_kind("table"))[2] == ("Cy", True, True)
    info = summary(server, table)
    assert info["names"] == ["Ann", "Bot", "Cy"] and info["open_seats"] == 0
    assert [p["connected"] for p in info["players"]] == [True, True, True]
    for client in (ann, spy, again):
        client.socket.close()


def test_a_joined_seat_is_taken_by_its_hello_and_others_hear_of_the_claim(server: ServerProcess) -> None:
    table = create(server, [{"name": "Host", "claimed": True}, {"name": "P2", "open": True},
                            {"name": "Bot", "bot": "random"}])
    host = connect(server, table["seats"][0]["token"], {0, 1})
    joined = httpx.post(f"{server.http}/tables/{table['id']}/join", json={"name": "Guest"}, timeout=20).json()
    assert joined["seat"] == 1
    assert seating(host.receive_kind("table"))[1] == ("Guest", True, False)  # claimed, not yet connected
    guest = connect(server, joined["token"], {0, 1})
    assert guest.frames[0]["names"][1] == "Guest" and guest.frames[0]["seat"] == 1
    assert seating(host.receive_kind("table"))[1] == ("Guest", True, True)
    assert summary(server, table)["status"] == "playing"
    host.socket.close()
    guest.socket.close()


# --- chat --------------------------------------------------------------------------------------------------------


def test_chat_reaches_the_tables_connections_only_and_its_history_survives_a_reconnect(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'chat.sqlite3'}"
    server = start_server(url)
    try:
        # seat 2 deals, so Ann bids first: the bot makes no decision between her line and the summary read below
        one = create(server, [{"name": "Ann"}, {"name": "Bo"}, {"name": "Bot", "bot": "random"}],
                     options={**SHORT, "first_dealer": 2})
        two = create(server, [{"name": "Zed"}, {"name": "B1", "bot": "random"}, {"name": "B2", "bot": "random"}])
        ann = connect(server, one["seats"][0]["token"], {0, 1})
        bo = connect(server, one["seats"][1]["token"], {0, 1})
        spy = connect(server, one["spectator_token"], {0, 1})
        zed = connect(server, two["seats"][0]["token"], {0})
        said_at = time.time()
        ann.send({"type": "chat", "id": next_id(), "text": "  good luck  "})
        lines = [c.receive_kind("chat") for c in (ann, bo, spy)]
        assert lines[0] == lines[1] == lines[2]
        line = lines[0]
        assert (line["seat"], line["name"], line["text"]) == (0, "Ann", "good luck")
        assert line["seq"] == summary(server, one)["decisions"] and abs(line["time"] - said_at) < 5
        zed.send({"type": "sync", "id": next_id()})
        assert zed.receive()["type"] == "view"  # another table's chat never reached it
        assert not [f for f in zed.frames if f["type"] == "chat"]

        bad = [("spy", spy, {"text": "hi"}, "spectator"), ("empty", ann, {"text": ""}, "invalid"),
               ("blank", ann, {"text": " \n "}, "invalid"), ("long", bo, {"text": "x" * 301}, "invalid"),
               ("number", bo, {"text": 5}, "invalid"), ("missing", bo, {}, "invalid")]
        for what, client, body, code in bad:
            message_id = next_id()
            client.send({"type": "chat", "id": message_id, **body})
            error = client.receive_kind("error")
            assert (error["code"], error["reply_to"]) == (code, message_id), what
        stranger = Client(WebSocketClient(server.port), set())
        stranger.send({"type": "chat", "id": "c", "text": "hello?"})
        assert stranger.receive()["code"] == "not_joined"
        bo.send({"type": "chat", "id": next_id(), "text": "y" * 300})  # the longest line there may be
        assert [c.receive_kind("chat")["text"] for c in (ann, bo, spy)] == ["y" * 300] * 3

        bo.socket.close()
        back = connect(server, one["seats"][1]["token"], {0, 1})
        history = [back.receive() for _ in range(2)]
        assert history == [line, {**line, "seat": 1, "name": "Bo", "text": "y" * 300, "time": history[1]["time"]}]
        # closed before the flood below: a websockets client that leaves over 16 frames unread stops reading, and
        # then waits 10 s for the closing handshake
        for client in (back, spy, zed, stranger):
            client.socket.close()
        for n in range(55):
            ann.send({"type": "chat", "id": next_id(), "text": f"line {n}"})
            ann.receive_kind("chat")
        late = connect(server, one["seats"][1]["token"], {0, 1})
        kept = [late.receive() for _ in range(50)]
        assert [f["text"] for f in kept] == [f"line {n}" for n in range(5, 55)]  # the last 50 lines
        late.send({"type": "sync", "id": next_id()})
        assert late.receive()["type"] == "view"  # and no more
        for client in (ann, late):
            client.socket.close()
    finally:
        server.stop()
    server = start_server(url)  # chat lives in memory only: after a restart the table has none
    try:
        fresh = connect(server, one["seats"][1]["token"], {0, 1})
        fresh.send({"type": "sync", "id": next_id()})
        assert fresh.receive()["type"] == "view"
        assert not [f for f in fresh.frames if f["type"] == "chat"]
        fresh.socket.close()
    finally:
        server.stop()


# --- hints -------------------------------------------------------------------------------------------------------


def test_hints_are_the_search_bots_analysis_of_the_seats_own_view(server: ServerProcess) -> None:
    """Each hint equals ``SearchBot(level=2).analyse(view, random.Random(seq))`` on the asking seat's view at the
    hint's seq, checked against the record once the game is over; the player follows the hints to the end."""
    table = create(server, [{"name": "Ann"}, {"name": "B1", "bot": "random"}, {"name": "B2", "bot": "random"}],
                   options={"schedule": "custom", "custom_hand_sizes": [3, 5]})
    ann = connect(server, table["seats"][0]["token"], {0})
    hints: list[dict[str, Any]] = []
    at = 0
    while True:
        ann.drain(at)
        if ann.view["current_player"] == TERMINAL:  # type: ignore[index]
            break
        message_id = next_id()
        ann.send({"type": "hint", "id": message_id})
        hint = ann.receive_kind("hint")
        assert hint["reply_to"] == message_id and hint["seq"] == ann.seq
        view = ann.view
        assert view is not None
        assert [v["action"] for v in hint["values"]] == sorted(view["legal_actions"], key=lambda a: (
            -next(v["value"] for v in hint["values"] if v["action"] == a), a))
        texts = dict(zip(view["legal_actions"], view["legal_texts"]))
        assert all(v["text"] == texts[v["action"]] for v in hint["values"])
        assert hint["best"] == hint["values"][0]["action"]
        hints.append(hint)
        answer = ann.act(hint["best"])
        assert answer["type"] == "ack", answer
        at = answer["seq"]
    assert len(hints) >= 8  # bids and cards of two rounds
    ann.send({"type": "hint", "id": "late"})
    assert ann.receive_kind("error")["code"] == "game_over"
    ann.socket.close()
    assert_hints_analyse_the_record(server, table, hints)


def assert_hints_analyse_the_record(server: ServerProcess, table: dict[str, Any], hints: list[dict[str, Any]]) -> None:
    """Each hint's values are the search bot's analysis of seat 0's view at the hint's seq, read from the record."""
    record = GameRecord.from_dict(httpx.get(f"{server.http}/tables/{table['id']}/record", timeout=20).json())
    states = list(replay_states(record))
    for hint in hints:
        expected = SearchBot(level=2).analyse(states[hint["seq"]].view(0), random.Random(hint["seq"]))
        assert {v["action"]: v["value"] for v in hint["values"]} == expected


SPECIAL_PHASES = ("werewolf", "cloud", "juggle")  # the special cards' own decisions (the Juggler's pass ...)


def test_hints_at_a_table_with_the_special_cards_value_exactly_the_legal_actions(server: ServerProcess) -> None:
    """At an anniversary-2021 table (one hand of 16 cards each) every hint answers Ann's decision with one value for
    each legal action and no other, a special card's plays among them (the Juggler naming each suit, the Cloud's
    +1 / -1, the Juggler's pass), and each value is the search bot's analysis of her view (checked against the record
    once the hand is over); tables are dealt until Ann has had a special card to play and a special card's choice."""
    seen: set[str] = set()
    started = time.monotonic()
    for _ in range(8):
        table = create(server, [{"name": "Ann"}, *({"name": f"B{n}", "bot": "random"} for n in (1, 2, 3))],
                       preset="anniversary-2021", options={"schedule": "custom", "custom_hand_sizes": [16]})
        assert table["hints"] is True
        ann = connect(server, table["seats"][0]["token"], {0})
        assert ann.frames[0]["hints"] is True
        hints: list[dict[str, Any]] = []
        at = 0
        while True:
            ann.drain(at)
            view = ann.view
            assert view is not None
            if view["current_player"] == TERMINAL:
                break
            message_id = next_id()
            ann.send({"type": "hint", "id": message_id})
            hint = ann.receive_kind("hint")
            assert hint["reply_to"] == message_id and hint["seq"] == ann.seq
            actions = [v["action"] for v in hint["values"]]
            assert sorted(actions) == sorted(view["legal_actions"]), (view["phase"], actions, view["legal_actions"])
            texts = dict(zip(view["legal_actions"], view["legal_texts"]))
            assert [v["text"] for v in hint["values"]] == [texts[a] for a in actions]
            assert hint["best"] == actions[0]
            values = [v["value"] for v in hint["values"]]
            assert values == sorted(values, reverse=True)
            if view["phase"] == "play" and any(a >= 83 for a in actions):
                seen.add("play")  # a special card to play (83..99: the card, or the Juggler naming a suit ...)
            if view["phase"] in SPECIAL_PHASES or any(90 <= a < 100 for a in actions):
                seen.add("choice")
            hints.append(hint)
            answer = ann.act(hint["best"])
            assert answer["type"] == "ack", answer
            at = answer["seq"]
        ann.socket.close()
        assert_hints_analyse_the_record(server, table, hints)
        if seen == {"play", "choice"}:
            break
    assert seen == {"play", "choice"}, seen
    assert time.monotonic() - started < 600  # loose: a busy 2-core machine (a table takes seconds)


def test_hints_are_refused_where_they_do_not_belong(server: ServerProcess) -> None:
    humans = [{"name": "Ann"}, {"name": "Bo"}, {"name": "Bot", "bot": "random"}]
    table = create(server, humans)
    ann = connect(server, table["seats"][0]["token"], {0, 1})

    def refused(client: Client, code: str) -> None:
        message_id = next_id()
        client.send({"type": "hint", "id": message_id})
        error = client.receive_kind("error")
        assert (error["code"], error["reply_to"]) == (code, message_id), error

    refused(ann, "not_started")  # Bo has not come yet
    bo = connect(server, table["seats"][1]["token"], {0, 1})
    spy = connect(server, table["spectator_token"], {0, 1})
    for client in (ann, bo):
        client.drain(0)
    on_turn, waiting = (ann, bo) if ann.view["legal_actions"] else (bo, ann)  # type: ignore[index]
    refused(waiting, "not_your_turn")
    refused(spy, "spectator")
    on_turn.send({"type": "hint", "id": "mine"})
    assert on_turn.receive_kind("hint")["reply_to"] == "mine"
    stranger = Client(WebSocketClient(server.port), set())
    refused(stranger, "not_joined")

    closed = create(server, [{"name": "Cy"}, {"name": "B1", "bot": "random"}, {"name": "B2", "bot": "random"}],
                    hints=False)
    cy = connect(server, closed["seats"][0]["token"], {0})
    assert cy.frames[0]["hints"] is False
    cy.drain(0)
    assert cy.view["legal_actions"]  # type: ignore[index]
    refused(cy, "no_hints")
    for client in (ann, bo, spy, stranger, cy):
        client.socket.close()


# --- the turn timer ----------------------------------------------------------------------------------------------


def test_views_say_how_long_the_seat_on_turn_has_left(server: ServerProcess) -> None:
    timed = create(server, [{"name": "Ann"}, {"name": "B1", "bot": "rulebased"}, {"name": "B2", "bot": "rulebased"}],
                   turn_seconds=30)
    ann = connect(server, timed["seats"][0]["token"], {0})
    assert ann.frames[0]["turn_seconds"] == 30
    at = 0
    for _ in range(3):
        ann.drain(at)
        answer = ann.act(ann.view["legal_actions"][0])  # type: ignore[index]
        assert answer["type"] == "ack", answer
        at = answer["seq"]
    ann.drain(at)
    views = [f for f in ann.frames if f["type"] == "view"]
    for frame in views:
        human_on_turn = frame["status"] == "playing" and frame["view"]["current_player"] == 0
        assert frame["turn_left"] == (30 if human_on_turn else None), frame  # the full time for each decision
    assert sum(1 for f in views if f["turn_left"] == 30) >= 4
    time.sleep(1.0)
    ann.send({"type": "sync", "id": next_id()})
    synced = ann.receive_kind("view")
    assert 25 < synced["turn_left"] <= 29.1  # a second later, counted from when the timer started
    ann.socket.close()

    untimed = create(server, [{"name": "Bo"}, {"name": "B1", "bot": "rulebased"}, {"name": "B2", "bot": "rulebased"}])
    bo = connect(server, untimed["seats"][0]["token"], {0})
    bo.drain(0)
    assert bo.frames[0]["turn_seconds"] is None
    assert {f["turn_left"] for f in bo.frames if f["type"] == "view"} == {None}
    bo.socket.close()
