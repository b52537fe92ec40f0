"""The protocol's promises: its JSON Schema, tokens, idempotent message ids, and bad input of every kind.

The bad-input test sends thousands of hypothesis-generated messages (malformed, invalid, oversized, out of turn,
illegal, duplicated, legal) from the seats of a live table and checks each answer, that nothing but a legal action
changes the game, and that the game then plays on to its end with every frame still matching the core's views.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from wizardcards.core import NUM_ACTIONS, GameRecord
from wizardcards.core.actions import NUM_ACTIONS_WITH_SPECIALS
from wizardcards.server import create_app
from wizardcards.server.protocol import CLIENT_ADAPTER, MAX_MESSAGE_BYTES, SERVER_ADAPTER, protocol_schema

from .helpers import LOOSE_LIMITS, Client, check_frames, next_id, play_to_end, poster, with_tokens

THREE_HUMANS = {"game": "wizard", "players": 3, "preset": "quick"}


@pytest.fixture
def app_client(tmp_path: Path) -> Iterator[TestClient]:
    # throttling off: these tests send as fast as they can on purpose (the flood test sets its own limits)
    app = create_app(f"sqlite:///{tmp_path / 'server.sqlite3'}",
                     bot_pace=0, limits=replace(LOOSE_LIMITS, messages_per_second=1e9, message_burst=1e9))
    with TestClient(app) as test_client:
        yield test_client


def seated(client: TestClient, stack: ExitStack, body: dict[str, Any]) -> tuple[dict[str, Any], list[Client]]:
    table = with_tokens(poster(client), client.post("/tables", json=body).json())
    humans = {s["seat"] for s in table["seats"]}
    clients = []
    for seat in table["seats"]:
        connection = Client(stack.enter_context(client.websocket_connect("/ws")), humans)
        connection.hello(seat["token"])
        clients.append(connection)
    for connection in clients:
        connection.drain(0)
    return table, clients


def on_turn(clients: list[Client]) -> Client:
    seat = clients[0].view["current_player"]  # type: ignore[index]
    return next(c for c in clients if c.seat == seat)


def test_the_schema_endpoint_describes_every_message(app_client: TestClient) -> None:
    schema = app_client.get("/protocol.schema.json").json()
    assert schema == json.loads(json.dumps(protocol_schema()))
    assert {"Hello", "Act", "Sync", "Welcome", "ViewMessage", "Ack", "ErrorMessage"} <= set(schema["$defs"])
    assert {"Chat", "HintRequest", "TableState", "ChatLine", "Hint"} <= set(schema["$defs"])
    assert "no_hints" in schema["$defs"]["ErrorMessage"]["properties"]["code"]["enum"]
    assert schema["$defs"]["Chat"]["properties"]["text"]["maxLength"] == 300
    assert set(schema["$defs"]["ViewMessage"]["properties"]) >= {"turn_left", "status", "view"}
    act = schema["$defs"]["Act"]
    # table 2's ids (the special cards'); a table without them refuses 81..101 as no action of its table
    assert act["properties"]["action"]["exclusiveMaximum"] == NUM_ACTIONS_WITH_SPECIALS
    assert set(act["required"]) == {"type", "id", "action", "seq"}


def test_every_frame_of_a_game_is_a_server_message_of_the_schema(app_client: TestClient) -> None:
    with ExitStack() as stack:
        _, clients = seated(app_client, stack, {**THREE_HUMANS, "options": {"schedule": "custom",
                                                                             "custom_hand_sizes": [2]}})
        clients[0].send({"type": "chat", "id": next_id(), "text": "hello"})
        actor = on_turn(clients)
        actor.send({"type": "hint", "id": next_id()})
        actor.receive_kind("hint")
        play_to_end(clients, random.Random(5))
    frames = [f for c in clients for f in c.frames]
    kinds = {SERVER_ADAPTER.validate_python(f).type for f in frames}
    assert kinds == {"welcome", "view", "ack", "table", "chat", "hint"}


def test_a_wrong_token_is_refused_and_the_connection_may_try_again(app_client: TestClient) -> None:
    with ExitStack() as stack:
        table, clients = seated(app_client, stack, THREE_HUMANS)
        socket = stack.enter_context(app_client.websocket_connect("/ws"))
        stranger = Client(socket, set())
        for token in ("", "x" * 500, table["seats"][0]["token"][:-1], table["id"]):
            stranger.send({"type": "hello", "id": "h", "token": token})
            error = stranger.receive()
            assert error["type"] == "error" and error["code"] in ("bad_token", "invalid"), error
        stranger.send({"type": "action", "id": "a", "action": 60, "seq": 0})
        assert stranger.receive()["code"] == "not_joined"
        assert stranger.view is None  # nothing about the table was sent
        assert stranger.hello(table["spectator_token"])["seat"] == -1
        stranger.send({"type": "action", "id": "a", "action": on_turn(clients).view["legal_actions"][0], "seq": 0})
        assert stranger.receive()["code"] == "spectator"


def test_a_seat_cannot_act_for_another_nor_change_seats(app_client: TestClient) -> None:
    with ExitStack() as stack:
        table, clients = seated(app_client, stack, THREE_HUMANS)
        actor = on_turn(clients)
        other = next(c for c in clients if c is not actor)
        legal = actor.view["legal_actions"]  # type: ignore[index]
        error = other.act(legal[0])
        assert error["type"] == "error" and error["code"] == "not_your_turn"
        # a second hello with the on-turn seat's token does not move this connection to that seat
        other.send({"type": "hello", "id": next_id(), "token": table["seats"][actor.seat]["token"]})
        assert other.receive()["code"] == "already_joined"
        assert other.act(legal[0])["code"] == "not_your_turn"
        assert other.view["hand"] != actor.view["hand"]  # type: ignore[index]
        assert actor.act(legal[0])["type"] == "ack"


def test_a_repeated_message_id_is_answered_again_and_applied_once(app_client: TestClient) -> None:
    with ExitStack() as stack:
        _, clients = seated(app_client, stack, THREE_HUMANS)
        actor = on_turn(clients)
        first = actor.act(actor.view["legal_actions"][0], message_id="same")  # type: ignore[index]
        for c in clients:
            c.drain(first["seq"])
        seq = actor.seq
        again = actor.act(actor.view["legal_actions"][-1] if actor.view["legal_actions"] else 0, message_id="same")
        assert again == first
        for c in clients:  # nothing changed: a sync shows the same view at the same seq
            c.send({"type": "sync", "id": next_id()})
            frame = c.receive()
            assert frame["type"] == "view" and frame["seq"] == seq


def test_a_flooding_connection_is_throttled_then_closed_and_the_others_play_on(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'flood.sqlite3'}",
                     bot_pace=0, limits=replace(LOOSE_LIMITS, messages_per_second=5, message_burst=10, strikes=20))
    with TestClient(app) as client, ExitStack() as stack:
        _, clients = seated(client, stack, THREE_HUMANS)
        flooder = next(c for c in clients if c is not on_turn(clients))
        codes = []
        with pytest.raises(WebSocketDisconnect):
            for _ in range(200):
                message_id = next_id()
                flooder.send({"type": "sync", "id": message_id})
                answer = flooder.receive()
                codes.append(answer.get("code"))
                assert answer["reply_to"] == message_id  # a refused message is named, so its sender knows
        assert "throttled" in codes and len(codes) < 200
        rest = [c for c in clients if c is not flooder]
        actor = on_turn(rest)
        assert actor.act(actor.view["legal_actions"][0])["type"] == "ack"  # type: ignore[index]


# --- bad input ---------------------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
printable = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)


@st.composite
def bad_messages(draw: st.DrawFn) -> tuple[str, str | dict[str, Any]]:
    """(kind, message) where the message is not a legal action of the seat that will send it."""
    kind = draw(st.sampled_from(["text", "json", "shape", "oversized", "range", "out_of_turn", "illegal",
                                 "duplicate", "legal", "legal"]))
    if kind == "text":
        return kind, draw(printable.filter(lambda t: not _is_json(t)))
    if kind == "json":
        return kind, json.dumps(draw(json_values.filter(lambda v: not isinstance(v, dict))))
    if kind == "shape":
        message = draw(st.dictionaries(st.sampled_from(["type", "id", "action", "token", "text", "extra"]), json_values,
                                       max_size=4))
        if draw(st.booleans()):
            message["type"] = draw(st.sampled_from(["hello", "action", "sync", "chat", "hint", "view", "ack", "Action",
                                                    ""]))
        assume(not _valid(message))  # a well-formed message is not bad input
        return kind, message
    if kind == "oversized":
        return kind, {"type": "action", "id": "x" * draw(st.integers(MAX_MESSAGE_BYTES, 3 * MAX_MESSAGE_BYTES)),
                      "action": 0, "seq": 0}
    if kind == "range":
        bad = draw(st.integers(max_value=-1) | st.integers(min_value=NUM_ACTIONS_WITH_SPECIALS) | st.floats()
                   | st.booleans()
                   | st.text(max_size=5))
        return kind, {"type": "action", "id": next_id(), "action": bad, "seq": 0}
    return kind, {"draw": draw(st.integers(0, 10**6))}


def _valid(message: dict[str, Any]) -> bool:
    try:
        CLIENT_ADAPTER.validate_python(message)
    except ValueError:
        return False
    return True


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def test_thousands_of_bad_messages_are_each_answered_and_change_nothing(app_client: TestClient) -> None:
    sent = {"count": 0, "kinds": {}}
    stack = ExitStack()
    state: dict[str, Any] = {}
    accepted_ids: list[tuple[Client, str, dict[str, Any]]] = []

    def new_table() -> None:
        stack.close()
        table, clients = seated(app_client, stack, THREE_HUMANS)
        state.update(table=table, clients=clients, accepted=[])
        accepted_ids.clear()

    def server_history() -> list[int]:
        return list(app_client.app.state.manager.tables[state["table"]["id"]].state.history)  # type: ignore[attr-defined]

    def one(kind: str, message: str | dict[str, Any], rng: random.Random) -> None:
        clients: list[Client] = state["clients"]
        actor = on_turn(clients)
        seq = actor.seq
        sender = clients[rng.randrange(len(clients))]
        expect: set[str] = {"error"}
        if kind in ("out_of_turn", "illegal", "legal", "duplicate"):
            legal = actor.view["legal_actions"]  # type: ignore[index]
            if kind == "out_of_turn":
                sender = next(c for c in clients if c is not actor)
                message = {"type": "action", "id": next_id(), "action": rng.choice(legal), "seq": seq}
            elif kind == "illegal":
                sender = actor
                message = {"type": "action", "id": next_id(), "seq": seq,
                           "action": rng.choice([a for a in range(NUM_ACTIONS_WITH_SPECIALS) if a not in legal])}
            elif kind == "duplicate" and accepted_ids:
                sender, old_id, old_ack = rng.choice(accepted_ids)
                message = {"type": "action", "id": old_id, "action": rng.randrange(NUM_ACTIONS), "seq": seq}
                expect = {"ack"}
            else:
                kind, sender = "legal", actor
                message = {"type": "action", "id": next_id(), "action": rng.choice(legal), "seq": seq}
                expect = {"ack"}
        sender.send(message)
        answer = sender.receive()
        sent["count"] += 1
        sent["kinds"][kind] = sent["kinds"].get(kind, 0) + 1  # type: ignore[index]
        assert answer["type"] in expect, (kind, message, answer)
        if answer["type"] == "error":
            assert answer["message"] and answer["seq"] == seq
            code = {"text": {"malformed"}, "json": {"invalid"}, "oversized": {"too_large"}, "range": {"invalid"},
                    "out_of_turn": {"not_your_turn"}, "illegal": {"illegal"}}.get(kind)
            assert code is None or answer["code"] in code, (kind, message, answer)
            assert server_history() == state["accepted"]
        elif kind == "duplicate":
            assert answer == old_ack and server_history() == state["accepted"]
        else:
            state["accepted"].append(message["action"])  # type: ignore[index]
            accepted_ids.append((sender, message["id"], answer))  # type: ignore[index]
            for c in clients:
                c.drain(answer["seq"])
            assert server_history() == state["accepted"]
            if clients[0].view["current_player"] == -4:  # type: ignore[index]
                new_table()

    # generate only: the table is external state that a replay while shrinking could not reproduce
    @settings(max_examples=220, deadline=None, suppress_health_check=list(HealthCheck), database=None,
              phases=[Phase.generate])
    @given(st.lists(bad_messages(), min_size=10, max_size=10), st.integers(0, 2**32))
    def run(messages: list[tuple[str, str | dict[str, Any]]], seed: int) -> None:
        # choices that depend on the table (which seat, which legal action) come from a seeded Random, not from
        # hypothesis draws, so the draws do not depend on external state
        rng = random.Random(seed)
        for kind, message in messages:
            one(kind, message, rng)

    with stack:
        new_table()
        run()
        assert sent["count"] >= 2000
        assert all(sent["kinds"].get(k, 0) >= 50 for k in  # type: ignore[attr-defined]
                   ("text", "json", "shape", "oversized", "range", "out_of_turn", "illegal", "duplicate", "legal"))
        # the game goes on, correctly, to its end
        clients = state["clients"]
        play_to_end(clients, random.Random(9))
        record = GameRecord.from_dict(app_client.get(f"/tables/{state['table']['id']}/record", headers={
            "Authorization": f"Bearer {state['table']['spectator_token']}"}).json())
        assert record.actions[: len(state["accepted"])] == state["accepted"]
        assert check_frames(record, clients) > 0


def test_a_hint_being_worked_out_holds_up_nothing_and_a_second_one_waits(
    app_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wizardcards.server.workers import BotWorkers

    right = BotWorkers.hint

    async def slow(self: BotWorkers, view: Any, seq: int, *asker: Any) -> Any:
        await asyncio.sleep(0.5)
        return await right(self, view, seq, *asker)

    monkeypatch.setattr(BotWorkers, "hint", slow)
    with ExitStack() as stack:
        _, clients = seated(app_client, stack, THREE_HUMANS)
        actor = on_turn(clients)
        actor.send({"type": "hint", "id": "first"})
        actor.send({"type": "hint", "id": "second"})
        actor.send({"type": "sync", "id": "meanwhile"})
        second = actor.receive_kind("error")
        assert (second["reply_to"], second["code"]) == ("second", "throttled")
        assert actor.receive_kind("view")["reply_to"] == "meanwhile"  # answered while the hint is worked out
        first = actor.receive_kind("hint")
        assert first["reply_to"] == "first" and first["best"] in actor.view["legal_actions"]  # type: ignore[index]
        actor.send({"type": "hint", "id": "third"})  # the same decision again: the same answer, at once
        assert {**actor.receive_kind("hint"), "reply_to": "first"} == first
