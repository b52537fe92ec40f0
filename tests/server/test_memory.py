"""What the server keeps in memory: every unfinished table, and only the most recently used finished ones (a lobby
paged through thousands of old games must not fill the memory); a finished table let go is read again when asked."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wizardcards.server import create_app
from wizardcards.server import manager as manager_module
from wizardcards.server.manager import TableManager

from .helpers import LOOSE_LIMITS, wait_until_finished

ONE_ROUND = {"schedule": "custom", "custom_hand_sizes": [1]}


def finished_bot_tables(client: TestClient, count: int) -> list[str]:
    """The ids of ``count`` one-round tables of bots, each played to its end, oldest first."""
    ids = []
    for _ in range(count):
        table = client.post("/tables", json={"game": "wizard", "players": 3, "options": ONE_ROUND,
                                             "seats": [{"name": f"B{i}", "bot": "random"} for i in range(3)]})
        ids.append(table.json()["id"])
        wait_until_finished(client.get, ids[-1])
    return ids


def test_only_the_latest_finished_tables_stay_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(manager_module, "FINISHED_KEPT", 2)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'm.sqlite3'}", bot_pace=0, limits=LOOSE_LIMITS)) as client:
        manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
        ids = finished_bot_tables(client, 5)
        waiting = client.post("/tables", json={"game": "wizard", "players": 3}).json()["id"]
        finished_in_memory = [i for i in ids if i in manager.tables]
        assert len(finished_in_memory) <= 2 and waiting in manager.tables
        assert len(manager.by_spectator) == len(manager.tables)  # nothing of a table let go is left behind
        first = client.get(f"/tables/{ids[0]}").json()  # let go, and read from its stored summary
        assert first["status"] == "finished" and first["decisions"] > 0 and ids[0] not in manager.tables
        page = client.get("/tables", params={"status": "finished"}).json()
        assert page["total"] == 5 and [t["id"] for t in page["tables"]] == ids[::-1]  # newest first
        assert len([i for i in ids if i in manager.tables]) <= 2


def test_paging_through_old_games_is_bounded_per_client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished table not in memory is read back and replayed for whoever asks: a client walking through old games
    has ``table_loads_per_minute`` of those, then 429; what is in memory costs nothing and stays open to it."""
    monkeypatch.setattr(manager_module, "FINISHED_KEPT", 1)
    limits = replace(LOOSE_LIMITS, table_loads_per_minute=3)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'p.sqlite3'}", bot_pace=0, limits=limits)) as client:
        ids = finished_bot_tables(client, 5)
        manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
        answers = [client.get(f"/tables/{table_id}").status_code for table_id in ids[:-1]]  # the older four
        assert answers == [200, 200, 200, 429], answers  # three read back, then refused
        refused = client.get("/tables", params={"status": "finished"})
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
        kept = [i for i in ids if i in manager.tables]
        assert kept and all(client.get(f"/tables/{i}").status_code == 200 for i in kept)  # in memory: no cost
