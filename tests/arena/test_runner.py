"""Same seed, same result: in this process, on 2 worker processes and on a local Ray instance."""

from __future__ import annotations

import pytest

from wizardcards.arena import build_report, run_tournament
from wizardcards.arena.match import TournamentConfig, hands_of
from wizardcards.arena.runner import chunks, run_games
from wizardcards.core import find_rules

CONFIG = TournamentConfig(
    hands_of(find_rules("standard"), 3), ("rulebased", "random", "random", "random"), 48, seed=2024, duplicate=True
)


def without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k not in ("timing", "workers", "backend")}


def test_chunks_cover_every_game_once_in_order() -> None:
    for games, workers in [(1, 1), (48, 2), (1000, 2), (1000, 16), (7, 3)]:
        parts = chunks(games, workers)
        assert [g for part in parts for g in part] == list(range(games))
        assert max(len(p) for p in parts) <= 50


def test_one_and_two_workers_give_the_same_results() -> None:
    seen: list[int] = []
    one = run_games(CONFIG, workers=1, progress=seen.append)
    two = run_games(CONFIG, workers=2)
    assert one == two
    assert [r.index for r in one] == list(range(48))
    assert sum(seen) == 48  # the progress callback saw every game
    report_one = run_tournament(CONFIG, workers=1, rounds=3)
    report_two = run_tournament(CONFIG, workers=2, rounds=3)
    assert without_timing(report_one) == without_timing(report_two)
    assert report_one["workers"] == 1 and report_two["workers"] == 2


def test_the_report_holds_seed_version_and_every_figure() -> None:
    report = build_report(CONFIG, run_games(CONFIG, workers=1), rounds=3, command=["wizard", "arena"])
    assert report["seed"] == 2024 and report["version"] and report["command"] == ["wizard", "arena"]
    assert report["rules"]["custom_hand_sizes"] == [3, 3, 3, 3]
    assert [row["bot"] for row in report["stats"]["bots"]] == ["rulebased", "random", "random#2", "random#3"]
    for row in report["stats"]["bots"]:
        for key in ("mean_score", "ci95", "win_rate", "bid_accuracy", "mean_bid_error", "score_per_round"):
            assert row[key] is not None
    assert len(report["scores"][0]) == 48 and len(report["ratings"]) == 4


def test_bad_runner_options_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        run_games(CONFIG, workers=0)
    with pytest.raises(ValueError, match="no backend"):
        run_games(CONFIG, workers=1, backend="dask")


def test_ray_backend_gives_the_local_result() -> None:
    import ray  # in the test extra
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        seen: list[int] = []
        remote = run_games(CONFIG, workers=2, backend="ray", progress=seen.append)
        assert ray.is_initialized()  # an instance the caller started is left running
    finally:
        ray.shutdown()
    assert remote == run_games(CONFIG, workers=1)
    assert sum(seen) == 48


def test_ray_backend_starts_and_stops_its_own_instance() -> None:
    import ray
    small = TournamentConfig(CONFIG.rules, CONFIG.bots, 8, seed=9)
    assert run_games(small, workers=2, backend="ray") == run_games(small, workers=1)
    assert not ray.is_initialized()
