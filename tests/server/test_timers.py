"""Turn timer and disconnect grace, on a real server process (real time, every receive bounded by a timeout): when a
human's time runs out or they stay away past the grace period, a stand-in bot plays their seat until they are back."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from wizardcards.core import GameRecord, replay_states

from .helpers import TERMINAL, Client, poster, with_tokens
from .live import ServerProcess, WebSocketClient, start_server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = start_server(f"sqlite:///{tmp_path / 'timers.sqlite3'}")
    try:
        yield process
    finally:
        process.stop()


def create(server: ServerProcess, **extra: Any) -> dict[str, Any]:
    body = {"game": "wizard", "players": 3, "options": {"schedule": "custom", "custom_hand_sizes": [5, 6]},
            "seats": [{"name": "Ann"}, {"name": "B1", "bot": "rulebased"}, {"name": "B2", "bot": "rulebased"}],
            "visibility": "public", **extra}  # read as a stranger reads it (private tables: test_attack_private.py)
    response = httpx.post(server.http + "/tables", json=body, timeout=20)
    assert response.status_code == 201, response.text
    return with_tokens(poster(server.http), response.json())


def seat_of_each_decision(record: GameRecord) -> list[int]:
    states = list(replay_states(record))
    return [states[i].current_player() for i in range(len(record.actions))]


def test_a_stand_in_takes_the_decision_when_the_turn_timer_runs_out(server: ServerProcess) -> None:
    table = create(server, turn_seconds=1.0)
    ann = Client(WebSocketClient(server.port), {0})
    ann.hello(table["seats"][0]["token"])
    while not (ann.status == "playing" and ann.view and ann.view["legal_actions"]):  # bots move until Ann is on turn
        ann.receive()
    waited_from, seq = time.monotonic(), ann.seq
    frame = ann.receive()  # Ann does nothing: the timer decides for her
    assert frame["type"] == "view" and frame["seq"] == seq + 1
    assert time.monotonic() - waited_from >= 0.9
    assert frame["stand_in"] == {"seat": 0, "why": "timeout"}  # the view says who was played for, and why
    back_at = seq + 1
    acted_after: set[int] = set()
    while ann.view["current_player"] != TERMINAL:  # type: ignore[index]
        if ann.view["legal_actions"] and ann.seq not in acted_after:  # type: ignore[index]
            acted_after.add(ann.seq)
            answer = ann.act(ann.view["legal_actions"][0])  # type: ignore[index]
            assert answer["type"] == "ack", answer
            assert ann.receive_kind("view")["stand_in"] is None  # her own decision's view: nobody played for her
        else:
            ann.receive()
    record = GameRecord.from_dict(httpx.get(f"{server.http}/tables/{table['id']}/record", timeout=20).json())
    seats = seat_of_each_decision(record)
    assert seats[seq] == 0  # the timed-out decision was Ann's seat's
    mine_after = [n for n in range(back_at, len(seats)) if seats[n] == 0]
    assert len(mine_after) == len(acted_after) > 0  # her later decisions were all hers: she acted in time
    ann.socket.close()


def test_a_seat_gone_past_the_grace_period_is_played_by_a_stand_in(server: ServerProcess) -> None:
    table = create(server, grace_seconds=2.0)
    ann = Client(WebSocketClient(server.port), {0})
    ann.hello(table["seats"][0]["token"])
    while not (ann.status == "playing" and ann.view and ann.view["legal_actions"]):  # bots move until Ann is on turn
        ann.receive()
    seq = ann.seq
    ann.socket.close()
    assert httpx.get(f"{server.http}/tables/{table['id']}", timeout=20).json()["decisions"] == seq  # within grace
    deadline = time.monotonic() + 30
    while httpx.get(f"{server.http}/tables/{table['id']}", timeout=20).json()["status"] != "finished":
        assert time.monotonic() < deadline, "the stand-in did not finish the game"
        time.sleep(0.1)
    back = Client(WebSocketClient(server.port), {0})
    back.hello(table["seats"][0]["token"])  # the full, final view
    assert back.view is not None and back.view["current_player"] == TERMINAL and back.view["winners"]
    back.socket.close()
