"""server/pads.py: the score pad's page and files, its rules, and shared pads (POST, PUT with the key, GET)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wizardcards.core.pad_rules import pad_catalog
from wizardcards.server.app import create_app
from wizardcards.server.headers import CONTENT_SECURITY_POLICY
from wizardcards.server.limits import Limits


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "server.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{db}", bot_pace=0, limits=Limits(tables_per_minute=3))) as test_client:
        yield test_client


def sheet(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "format": "wizardcards-pad/1", "names": ["Paul", "Ann", "Bob"], "rules": {"game": "wizard", "players": 3},
        "first_dealer": 2, "scorekeeper": 1, "rounds": [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}],
    }
    return {**base, **changes}


def test_the_page_its_files_and_the_rules(client: TestClient) -> None:
    page = client.get("/pad")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert page.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert 'rel="manifest"' in page.text and "<script>" not in page.text and "style=" not in page.text
    worker = client.get("/pad-sw.js")
    assert worker.status_code == 200 and "javascript" in worker.headers["content-type"]
    manifest = client.get("/pad/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    assert manifest.json()["start_url"] == "/pad"
    for icon in manifest.json()["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon
    assert client.get("/pad/rules").json() == json.loads(json.dumps(pad_catalog()))


def test_share_update_and_watch(client: TestClient, db: Path) -> None:
    made = client.post("/pads", json=sheet())
    assert made.status_code == 201, made.text
    pad_id, key = made.json()["id"], made.json()["key"]
    assert made.json()["watch"] == f"/pad#watch={pad_id}"
    seen = client.get(f"/pads/{pad_id}").json()
    assert seen["version"] == 1 and seen["sheet"]["names"] == ["Paul", "Ann", "Bob"] and "key" not in json.dumps(seen)
    longer = sheet(rounds=[{"bids": [1, 0, 0], "tricks": [1, 0, 0]}, {"bids": [2, 0, 0], "tricks": None}])
    assert client.put(f"/pads/{pad_id}", json=longer).status_code == 403
    assert client.put(f"/pads/{pad_id}", json=longer, headers={"Authorization": "Bearer wrong"}).status_code == 403
    changed = client.put(f"/pads/{pad_id}", json=longer, headers={"Authorization": f"Bearer {key}"})
    assert changed.json() == {"id": pad_id, "version": 2}
    assert client.get(f"/pads/{pad_id}").json()["sheet"]["rounds"][1] == {"bids": [2, 0, 0], "tricks": None}
    assert client.get("/pads/nothing").status_code == 404
    # the database holds the key's SHA-256, never the key
    stored = sqlite3.connect(db).execute("SELECT key_digest, sheet FROM shared_pads").fetchall()
    assert stored[0][0] == hashlib.sha256(key.encode()).hexdigest() and key not in stored[0][1]


@pytest.mark.parametrize("wrong", [
    {"extra": 1},
    {"first_dealer": "1"},
    {"names": ["Paul", "Ann\n", "Bob"]},
    {"names": ["Paul", "Ann", "B\u202eob"]},
    {"names": ["Paul", "Paul", "Bob"]},
    {"names": ["x" * 65, "Ann", "Bob"]},
    {"rules": {"game": "wizard", "players": 3, "bid_rule": "hook", "hidden_bids": True}},
    {"rules": {"game": "wizard", "players": 4}},
    {"rounds": [{"bids": [1, 0]}]},
    {"rounds": [{"bids": [1, 0, 0], "points": [30, 20, 20]}]},
    {"rounds": [{"bids": [-1, 0, 0]}]},
    {"rounds": [{}] * 21},
    {"hands": [{"high_bidder": 0}]},
])
def test_bodies_are_strict(client: TestClient, wrong: dict[str, Any]) -> None:
    assert client.post("/pads", json=sheet(**wrong)).status_code == 422


def test_a_wily_sheet(client: TestClient) -> None:
    body = sheet(names=["A", "B", "C", "D"], rules={"game": "wily", "players": 4, "combined_bids": True}, rounds=[],
                 hands=[{"high_bidder": 1, "bid": 5, "calls": [0, 5, 0, 3], "trump": "hearts", "tricks": 9},
                        {"high_bidder": None}])
    assert client.post("/pads", json=body).status_code == 201
    assert client.post("/pads", json={**body, "hands": [{"trump": "stars"}]}).status_code == 422


def test_sharing_is_limited_per_client(client: TestClient) -> None:
    for _ in range(3):
        assert client.post("/pads", json=sheet()).status_code == 201
    refused = client.post("/pads", json=sheet())
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1


def test_the_migration_makes_the_models_table(client: TestClient, db: Path) -> None:
    from sqlalchemy import create_engine, inspect

    from wizardcards.server.db import SharedPadRow

    engine = create_engine(f"sqlite:///{db}")
    columns = {c["name"]: c["nullable"] for c in inspect(engine).get_columns("shared_pads")}
    engine.dispose()
    assert columns == {c.name: c.nullable for c in SharedPadRow.__table__.columns}
    assert not any(columns.values())  # every column is filled


def test_a_sheet_with_special_cards_is_format_2_and_keeps_the_clouds_and_the_bombs_entries(client: TestClient) -> None:
    rules = {"game": "wizard", "players": 3, "special_cards": ["bomb", "cloud"]}
    special = sheet(format="wizardcards-pad/2", rules=rules,
                    rounds=[{"bids": [0, 1, 1], "tricks": [1, 0, 1], "bid_changes": [1, 0, 0], "bombed": 0},
                            {"bids": [1, 1, 0], "tricks": [1, 1, 0], "bid_changes": None, "bombed": 1}])
    made = client.post("/pads", json=special)
    assert made.status_code == 201, made.text
    assert client.get(f"/pads/{made.json()['id']}").json()["sheet"]["rounds"] == special["rounds"]
    refused = [
        {**special, "format": "wizardcards-pad/1"},  # special cards need /2
        sheet(format="wizardcards-pad/2"),  # /2 without special cards
        sheet(rounds=[{"bids": [1, 0, 0], "tricks": [1, 0, 0], "bid_changes": [1, 0, 0]}]),  # a change in /1
        {**special, "rounds": [{"bids": [0, 1, 1], "tricks": [1, 0, 1], "bid_changes": [2, 0, 0]}]},
        {**special, "rounds": [{"bids": [0, 1, 1], "tricks": [1, 0, 0], "bombed": 2}]},
        {**special, "rounds": [{"bids": [0, 1, 1], "tricks": [1, 0, 1], "bid_changes": ["+1", 0, 0]}]},
        {**special, "rules": {"game": "wizard", "players": 3, "special_cards": ["dragon"]}},
    ]
    for body in refused:
        assert client.post("/pads", json=body).status_code == 422, body
