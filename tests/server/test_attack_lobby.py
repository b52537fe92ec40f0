"""Attack on the lobby: a client asks for every table at once (today's GET /tables answers all of them, each
rebuilt), and a table whose stored rules no longer load (today the server does not start at all on that database).
The contract: a paginated lobby, newest first; a table that fails to load at startup is set aside, the rest load."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .strangers import get, running, solo


def test_the_lobby_comes_in_pages_newest_first(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'pages.sqlite3'}") as server:
        created = [solo(server, f"P{n}")["id"] for n in range(5)]
        first = get(server, "/tables?limit=2").json()
        assert isinstance(first, dict), first
        assert (first["total"], first["limit"], first["offset"]) == (5, 2, 0)
        pages = [first["tables"], get(server, "/tables?limit=2&offset=2").json()["tables"],
                 get(server, "/tables?limit=2&offset=4").json()["tables"]]
        assert [len(page) for page in pages] == [2, 2, 1]
        assert [t["id"] for page in pages for t in page] == created[::-1]  # newest first, each table once
        assert get(server, "/tables?limit=2&offset=5").json()["tables"] == []
        whole = get(server, "/tables").json()
        assert whole["limit"] == 50 and len(whole["tables"]) == 5
        assert get(server, "/tables?limit=-1").status_code == 422
        assert get(server, "/tables?limit=100000").status_code in (200, 422)
        too_many = get(server, "/tables?limit=100000")
        if too_many.status_code == 200:
            assert too_many.json()["limit"] <= 200


def test_a_table_that_no_longer_loads_is_set_aside_and_the_server_starts(tmp_path: Path) -> None:
    path = tmp_path / "broken.sqlite3"
    with running(f"sqlite:///{path}") as server:
        broken, healthy = solo(server, "Ann"), solo(server, "Bo")
    with sqlite3.connect(path) as db:  # the server is gone (killed); its rules are now something no server wrote
        assert db.execute("UPDATE game_tables SET rules = ? WHERE id = ?",
                          ('{"game": "wizard", "players": "three', broken["id"])).rowcount == 1
    with running(f"sqlite:///{path}") as server:  # today: "the server exited" (a JSONDecodeError on load)
        lobby = get(server, "/tables")
        assert lobby.status_code == 200, lobby.text
        assert get(server, f"/tables/{healthy['id']}").json()["names"] == ["Bo", "B1", "B2"]
        answer = get(server, f"/tables/{broken['id']}")
        assert answer.status_code in (404, 409, 410), answer.text
        tables = lobby.json()["tables"]
        assert healthy["id"] in {t["id"] for t in tables}
        assert broken["id"] not in {t["id"] for t in tables if t.get("status") in ("waiting", "playing")}
