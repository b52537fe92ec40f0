"""Attack: shared score pads without end. At 27c8081 a pad never expires and their number is unbounded, so a
stranger sharing pads from many addresses fills the database for good. The contract: a pad its keeper leaves
unchanged for ``pad_days`` expires (watching it does not keep it), and the server keeps at most ``max_shared_pads``:
past it a new pad is refused (429, saying so) until old ones expire."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from .strangers import get, post, running

SHEET = {"format": "wizardcards-pad/1", "names": ["Paul", "Ann", "Bob"], "rules": {"game": "wizard", "players": 3},
         "first_dealer": 0, "scorekeeper": 0, "rounds": [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}]}
LIFE = 10.0  # seconds a pad lives untouched, here (its keeper's changes, every half second, keep it well within)


def test_shared_pads_are_capped_and_untouched_ones_expire(tmp_path: Path) -> None:
    limits = {"max_shared_pads": 3, "pad_days": LIFE / 86400}
    with running(f"sqlite:///{tmp_path / 'pads.sqlite3'}", limits) as server:
        made = [post(server, "/pads", SHEET, source=f"127.0.14.{n}") for n in range(1, 4)]
        assert [r.status_code for r in made] == [201] * 3, [r.text for r in made]
        born = time.monotonic()
        over = post(server, "/pads", SHEET, source="127.0.15.1")
        assert over.status_code == 429, over.text
        assert "3 shared pads" in over.json()["detail"] and int(over.headers["Retry-After"]) >= 1
        kept, watched, _ = (r.json() for r in made)
        while time.monotonic() < born + LIFE + 2:  # the keeper of one changes it; another is only watched
            changed = httpx.put(f"{server.http}/pads/{kept['id']}", json=SHEET, timeout=20,
                                headers={"Authorization": f"Bearer {kept['key']}"})
            assert changed.status_code == 200, changed.text
            get(server, f"/pads/{watched['id']}")
            time.sleep(0.5)
        assert get(server, f"/pads/{watched['id']}").status_code == 404
        assert get(server, f"/pads/{kept['id']}").status_code == 200
        fresh = post(server, "/pads", SHEET, source="127.0.15.1")  # the two expired ones no longer count
        assert fresh.status_code == 201, fresh.text
        assert post(server, "/pads", SHEET, source="127.0.15.2").status_code == 201
        assert post(server, "/pads", SHEET, source="127.0.15.3").status_code == 429

