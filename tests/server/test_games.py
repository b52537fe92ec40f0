"""Whole games through the protocol (FastAPI's TestClient WebSockets against SQLite): Wizard and Wily Wizards, humans
and bots, a spectator; every frame checked against the core's views; the record and table list over HTTP."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from wizardcards.core import GameRecord, replay
from wizardcards.server import create_app
from wizardcards.server.db import SeatRow, TableRow, make_engine

from .helpers import LOOSE_LIMITS, Client, check_frames, play_to_end, poster, wait_until_finished, with_tokens


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'server.sqlite3'}", bot_pace=0, limits=LOOSE_LIMITS)
    with TestClient(app) as test_client:
        yield test_client


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    # read as a stranger reads it (private tables: test_attack_private.py)
    response = client.post("/tables", json={"visibility": "public", **body})
    assert response.status_code == 201, response.text
    return with_tokens(poster(client), response.json())


def connect_all(client: TestClient, table: dict[str, Any], stack: Any) -> list[Client]:
    humans = {s["seat"] for s in table["seats"]}
    clients = []
    for token in [s["token"] for s in table["seats"]] + [table["spectator_token"]]:
        socket = stack.enter_context(client.websocket_connect("/ws"))
        connection = Client(socket, humans)
        connection.hello(token)
        clients.append(connection)
    return clients


def play_table(client: TestClient, body: dict[str, Any], seed: int) -> tuple[dict[str, Any], list[Client], GameRecord]:
    from contextlib import ExitStack

    table = create(client, **body)
    with ExitStack() as stack:
        clients = connect_all(client, table, stack)
        final = play_to_end(clients, random.Random(seed))
    info = client.get(f"/tables/{table['id']}").json()
    assert info["status"] == "finished" and info["decisions"] == final
    record = GameRecord.from_dict(client.get(f"/tables/{table['id']}/record").json())
    assert len(record.actions) == final
    assert replay(record).is_terminal()
    assert check_frames(record, clients) >= final
    return table, clients, record


def test_a_whole_wizard_game_with_two_humans_two_bots_and_a_spectator(client: TestClient) -> None:
    body = {
        "game": "wizard", "players": 4, "preset": "quick",
        "seats": [{"name": "Ann"}, {"name": "Bot", "bot": "rulebased"}, {"name": "Cy"},
                  {"name": "Deep", "bot": "search:level=1"}],
    }
    table, clients, record = play_table(client, body, seed=1)
    assert record.names == ["Ann", "Bot", "Cy", "Deep"]
    # the final views show the game's result, and the table list knows it as finished
    final = clients[0].view
    assert final is not None and final["phase"] == "game_over" and final["winners"]
    finished = client.get("/tables", params={"status": "finished"}).json()["tables"]
    assert [t["id"] for t in finished] == [table["id"]]
    assert finished[0]["scores"] == replay(record).returns()


def test_a_whole_wily_game_through_the_protocol(client: TestClient) -> None:
    body = {"game": "wily", "players": 4, "seats": [{"name": "A"}, {"name": "B"}, {"name": "C", "bot": "rulebased"},
                                                    {"name": "D", "bot": "rulebased"}]}
    _, clients, record = play_table(client, body, seed=2)
    assert record.rules.game.value == "wily"
    passing = [f for c in clients[:2] for f in c.frames if f["type"] == "view" and f["view"]["phase"] == "pass_cards"]
    assert passing, "the game went through card passing"


def test_hidden_bids_stay_hidden_in_every_frame(client: TestClient) -> None:
    body = {"game": "wizard", "players": 3, "preset": "hidden-bids", "options": {"schedule": "custom",
                                                                                 "custom_hand_sizes": [3, 5]}}
    _, clients, record = play_table(client, body, seed=3)
    for connection in clients:
        for frame in connection.frames:
            if frame["type"] == "view" and frame["view"]["phase"] in ("bid", "play"):
                hidden = [b for s, b in enumerate(frame["view"]["bids"]) if s != connection.seat]
                assert hidden == [None] * len(hidden)


def test_a_table_of_bots_plays_itself_out_and_the_record_is_published(client: TestClient) -> None:
    table = create(client, game="wizard", players=3, preset="quick",
                   seats=[{"name": f"B{i}", "bot": "rulebased"} for i in range(3)])
    assert table["status"] in ("waiting", "playing")  # answered at once: the bots play in the background
    info = wait_until_finished(client.get, table["id"])
    assert info["decisions"] > 0
    record = client.get(f"/tables/{table['id']}/record").json()
    assert record["format"] == "wizardcards-record/1" and 0 <= record["seed"] < 2**63
    assert table["seats"] == []  # no human seat: no invite


def test_a_running_games_record_is_not_published(client: TestClient) -> None:
    table = create(client, game="wizard", players=3)
    assert client.get(f"/tables/{table['id']}/record").status_code == 409
    assert "seed" not in client.get(f"/tables/{table['id']}").json()
    assert client.get("/tables/nope").status_code == 404


def with_bot(spec: str) -> dict[str, Any]:
    return {"game": "wizard", "players": 3, "seats": [{"name": "a"}, {"name": "b"}, {"name": "c", "bot": spec}]}


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"game": "wizard", "players": 9}, "9"),
        ({"game": "wily", "players": 5}, "5"),
        ({"game": "wizard", "preset": "no-such-preset"}, "no-such-preset"),
        ({"game": "wily", "preset": "standard"}, "standard"),  # a preset of the other game
        ({"game": "wizard", "options": {"hidden_bids": True, "bid_rule": "hook"}}, "hook"),
        ({"game": "wizard", "options": {"colour": "red"}}, "colour"),
        # the core's strict RuleSet: a wrong type is refused, never read as something else
        ({"game": "wizard", "players": 4, "options": {"first_dealer": 1.5}}, "first_dealer"),
        ({"game": "wizard", "players": 4, "options": {"hidden_bids": "false"}}, "hidden_bids"),
        ({"game": "wizard", "options": {"custom_hand_sizes": [2]}}, "custom_hand_sizes"),
        # an option of the other game
        ({"game": "wily", "players": 4, "options": {"hidden_bids": True}}, "hidden_bids"),
        ({"game": "wizard", "players": 4, "options": {"mode": "no_partners"}}, "mode"),
        ({"game": "wily", "players": 4, "options": {"passing": "none"}}, "passing"),
        # the game and the player count are the request's own fields
        ({"game": "wizard", "players": 4, "options": {"game": "wily"}}, "game"),
        ({"game": "wizard", "players": 4, "options": {"players": 5}}, "players"),
        ({"game": "wizard", "players": 3, "seats": [{"name": "a"}, {"name": "b"}]}, "3 seats"),
        (with_bot("nobody"), "nobody"),  # a name the bot registry does not know
        (with_bot("random:x=1"), "'x'"),  # a parameter the bot does not take
        (with_bot("search:level=9"), "level"),  # a value the bot refuses
        ({"game": "chess"}, "game"),
    ],
)
def test_impossible_tables_are_refused_naming_the_reason_and_nothing_is_stored(
    tmp_path: Path, client: TestClient, body: dict[str, Any], named: str
) -> None:
    response = client.post("/tables", json=body)
    assert response.status_code == 422, response.text
    assert named in json.dumps(response.json()["detail"])
    assert client.get("/tables").json()["tables"] == []
    with make_engine(f"sqlite:///{tmp_path / 'server.sqlite3'}").connect() as db:
        assert db.execute(select(func.count()).select_from(TableRow)).scalar() == 0
        assert db.execute(select(func.count()).select_from(SeatRow)).scalar() == 0


def test_a_table_cannot_make_the_server_read_a_file_of_its_choosing(tmp_path: Path, client: TestClient) -> None:
    """Attack: ``search:policy=PATH.json`` makes a search bot read the weights file at PATH (for researchers, from
    the command line). Named by a table it would have the server open a path a stranger chose: refused with 422,
    nothing stored; the shipped model (``policy=learned``) is every table's to seat."""
    weights = tmp_path / "weights.json"
    weights.write_text((Path(__file__).resolve().parents[2] / "src/wizardcards/bots/play_model.json").read_text())
    for spec in (f"search:level=1,policy={weights}", "search:policy=/proc/self/environ.json"):
        response = client.post("/tables", json={"visibility": "public", **with_bot(spec)})
        assert response.status_code == 422, response.text
        assert "policy" in json.dumps(response.json()["detail"])
    assert client.get("/tables").json()["tables"] == []
    create(client, **with_bot("search:level=1,policy=learned,infer=cards"))


def test_seeds_are_drawn_fresh_for_every_table(client: TestClient) -> None:
    seeds = set()
    for _ in range(5):
        table = create(client, game="wizard", players=3, options={"schedule": "custom", "custom_hand_sizes": [1]},
                       seats=[{"name": f"B{i}", "bot": "random"} for i in range(3)])
        wait_until_finished(client.get, table["id"])
        seeds.add(client.get(f"/tables/{table['id']}/record").json()["seed"])
    assert len(seeds) == 5
