"""Attack: a table of three ``search:level=5`` bots (a whole game of the strongest search) created while another
table plays. Today's server plays an all-bot table's whole game inside the request that created it, on the event
loop: the request does not answer for minutes and every other table stops meanwhile. The contract: bots run in
worker processes, an all-bot table plays in the background (POST /tables answers at once), strong bots never hold
every worker, other tables' actions stay prompt."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from .strangers import LONG, Player, held_up, post, running, seat_token, solo, summary, table_body, wait_for

STRONG = [{"name": f"Deep {n}", "bot": "search:level=5"} for n in range(1, 4)]


def test_a_table_of_strong_bots_answers_at_once_and_slows_no_other_table(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'bots.sqlite3'}", bot_workers=2) as server:
        other = solo(server, "Ann", LONG)
        player = Player(server, seat_token(other), timeout=30)
        player.start()
        try:
            time.sleep(0.5)
            started = time.monotonic()
            try:
                response = post(server, "/tables", table_body(STRONG, options={}), timeout=5)
            except httpx.TimeoutException:
                raise AssertionError("POST /tables of an all-bot table did not answer in 5 s") from None
            took = time.monotonic() - started
            assert response.status_code == 201, response.text
            assert took < 3, f"POST /tables of an all-bot table took {took:.2f} s"  # its game, seconds a move
            strong = response.json()
            wait_for(lambda: summary(server, strong["id"])["status"] == "playing", 5, "the bots' table starts")
            during = len(player.latencies)
            second = time.monotonic()
            assert post(server, "/tables", table_body(STRONG, options={}), timeout=5).status_code == 201
            assert time.monotonic() - second < 3, "a second creation waited for the first table's bots"
            time.sleep(4)  # the other table plays on beside the strong bots
        finally:
            player.stop()
        assert not player.errors, player.report()
        assert len(player.latencies) - during >= 20, player.report()
        assert held_up(player.latencies[during:]) is None, f"{held_up(player.latencies[during:])}: {player.report()}"
