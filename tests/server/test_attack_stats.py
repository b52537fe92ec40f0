"""Attack: forging a name's statistics with bots. Anybody can create a table of bots and call every seat "Ann"; today
``/players/Ann/stats`` counts those games as Ann's. The contract: statistics count human seats only (a name is a
label anyone can type, not an account), updated when each game ends."""

from __future__ import annotations

from pathlib import Path

from .strangers import create, get, play_out, running, seat_token, seated, solo, summary, wait_for


def test_bot_seats_named_ann_do_not_count_and_a_game_ann_played_does(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'stats.sqlite3'}") as server:
        forged = create(server, [{"name": "Ann", "bot": "rulebased"} for _ in range(3)])
        wait_for(lambda: summary(server, forged["id"])["status"] == "finished", 30, "the bots' game ends")
        stats = get(server, "/players/Ann/stats").json()
        assert stats["games"] == 0, f"bot seats counted as Ann's games: {stats}"
        assert stats["wins"] == 0 and stats["win_rate"] is None

        played = solo(server, "Ann")
        ann = seated(server, seat_token(played))
        play_out([ann])
        ann.close()
        wait_for(lambda: get(server, "/players/Ann/stats").json()["games"] == 1, 5, "Ann's game counts")
        stats = get(server, "/players/Ann/stats").json()
        assert stats["by_game"] == {"wizard": 1}
        final = summary(server, played["id"])
        won = 0 in final["winners"]
        assert stats["wins"] == (1 / len(final["winners"]) if won else 0)
        assert stats["mean_wizard_score"] == final["scores"][0]
        assert get(server, "/players/B1/stats").json()["games"] == 0  # the bots beside her: not counted either
