"""The arena: matches and tournaments between bots, their statistics and ratings, on local processes or Ray.

    >>> from wizardcards.arena import TournamentConfig, run_tournament
    >>> from wizardcards.core import find_rules
    >>> config = TournamentConfig(find_rules("standard"), ("rulebased", "random", "random", "random"), 40, seed=1)
    >>> report = run_tournament(config, workers=2)
    >>> [row["mean_score"] for row in report["stats"]["bots"]]

Modules: ``match`` (seat rotation, duplicate deals, one game from the seed), ``stats`` (pure statistics),
``ratings`` (openskill), ``runner`` (process pool and Ray backends), ``report`` (JSON, table, plot).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .match import GameResult, TournamentConfig, hands_of, play_game
from .report import REPORT_FORMAT
from .runner import Progress, default_workers, run_games
from .stats import tournament_stats


def build_report(
    config: TournamentConfig,
    results: Sequence[GameResult],
    rounds: int | None = None,
    command: Sequence[str] = (),
    **context: Any,
) -> dict[str, Any]:
    """The report document of a finished tournament (see ``report.py``)."""
    from .. import __version__
    from .ratings import rate

    labels = config.labels()
    return {
        "format": REPORT_FORMAT,
        "version": __version__,
        "command": list(command),
        "seed": config.seed,
        "rules": config.rules.to_dict(),
        "bots": list(config.bots),
        "labels": labels,
        "games": config.games,
        "duplicate": config.duplicate,
        "rounds": rounds,
        **context,
        "stats": tournament_stats(results, labels, config.duplicate, config.bots),
        "ratings": rate(results, labels),
        "scores": [[r.scores[e] for r in results] for e in range(len(labels))],
    }


def run_tournament(
    config: TournamentConfig,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
    rounds: int | None = None,
    command: Sequence[str] = (),
) -> dict[str, Any]:
    """Play every game of ``config`` and return the report."""
    workers = default_workers() if workers is None else workers
    started = time.perf_counter()
    results = run_games(config, workers, backend, address, progress)
    seconds = time.perf_counter() - started
    report = build_report(config, results, rounds, command, backend=backend, workers=workers)
    report["timing"] = {"seconds": seconds, "games_per_second": config.games / seconds if seconds else None}
    return report


__all__ = [
    "GameResult",
    "TournamentConfig",
    "build_report",
    "hands_of",
    "play_game",
    "run_games",
    "run_tournament",
]
