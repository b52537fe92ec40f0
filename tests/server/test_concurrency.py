"""Two connections of one seat racing on a real server: the same decision sent from both at once is applied once."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from wizardcards.core import GameRecord

from .helpers import Client, play_to_end, poster, with_tokens
from .live import ServerProcess, WebSocketClient, start_server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = start_server(f"sqlite:///{tmp_path / 'race.sqlite3'}")
    try:
        yield process
    finally:
        process.stop()


def test_racing_connections_of_one_seat_apply_a_decision_once(server: ServerProcess) -> None:
    body = {"game": "wizard", "players": 3, "options": {"schedule": "custom", "custom_hand_sizes": [4]}}
    table = with_tokens(poster(server.http), httpx.post(server.http + "/tables", json=body, timeout=20).json())
    humans = {0, 1, 2}
    clients = []
    for seat in table["seats"]:
        client = Client(WebSocketClient(server.port), humans)
        client.hello(seat["token"])
        clients.append(client)
    twins = {c.seat: Client(WebSocketClient(server.port), humans) for c in clients}
    for seat, twin in twins.items():
        twin.hello(table["seats"][seat]["token"])
    for client in clients + list(twins.values()):
        client.drain(0)
    for round_ in range(6):
        actor = next(c for c in clients if c.view and c.view["legal_actions"])
        twin = twins[actor.seat]  # type: ignore[index]
        legal = actor.view["legal_actions"]  # type: ignore[index]
        start = actor.seq
        same_id = round_ % 2 == 0
        first = {"type": "action", "id": f"r{round_}", "action": legal[0], "seq": start}
        second = {"type": "action", "id": f"r{round_}" if same_id else f"r{round_}b", "action": legal[-1],
                  "seq": start}
        actor.send(first)
        twin.send(second)
        replies = []
        for connection, message in ((actor, first), (twin, second)):
            while True:
                frame = connection.receive()
                if frame.get("reply_to") == message["id"] and frame["type"] in ("ack", "error"):
                    replies.append(frame)
                    break
        acks = [r for r in replies if r["type"] == "ack"]
        if same_id:
            assert len(acks) == 2 and acks[0] == acks[1]  # one decision, answered twice
        else:
            # one is taken; the other answers a decision that is gone, even where the first left the same seat on
            # turn (it won the trick) and the other's card would be legal then
            errors = [r for r in replies if r["type"] == "error"]
            assert len(acks) == 1 and [e["code"] for e in errors] == ["stale"]
            assert errors[0]["seq"] == start + 1 and f"decision {start + 1}" in errors[0]["message"]
        numbers = {a["number"] for a in acks}
        seq = max(numbers) + 1
        assert seq == start + len(numbers)
        for client in clients + list(twins.values()):
            client.drain(seq)
        assert {c.seq for c in clients + list(twins.values())} == {seq}  # exactly these decisions were taken
    play_to_end(clients + list(twins.values()), random.Random(3))
    record = GameRecord.from_dict(httpx.get(f"{server.http}/tables/{table['id']}/record", timeout=20, headers={
        "Authorization": f"Bearer {table['spectator_token']}"}).json())
    assert len(record.actions) == clients[0].seq
    for client in clients + list(twins.values()):
        client.socket.close()
