"""Ratings of the entries with openskill (Weng-Lin Bayesian ratings; multi-player and team results).

Every game is one openskill match, rated in game-index order so that the ratings do not depend on the worker
that played a game. Wizard: each seat is a team of one, ranked by final score (equal scores share a rank). Wily
Wizards: the teams of the game, ranked 1 for the winners, then by letters held. The model is Plackett-Luce
(openskill's default); each entry ends with ``mu``, ``sigma`` and the conservative ``ordinal`` (mu - 3 sigma).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .match import GameResult


def competition_ranks(scores: Sequence[float]) -> list[int]:
    """1 + the number of strictly better scores ("1224" ranking): higher scores rank first, ties share."""
    return [1 + sum(1 for other in scores if other > score) for score in scores]


def rate(results: Sequence[GameResult], labels: Sequence[str]) -> list[dict[str, Any]]:
    """The rating of each entry after every game, in entry order."""
    try:
        from openskill.models import PlackettLuce
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ImportError("ratings need openskill: pip install 'wizardcards[arena]'") from error

    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in labels]
    for result in sorted(results, key=lambda r: r.index):
        if result.team_of:
            teams: dict[int, list[int]] = {}
            for entry, team in enumerate(result.team_of):
                teams.setdefault(team, []).append(entry)
            order = sorted(teams)
            groups = [teams[t] for t in order]
            ranks = [result.team_rank[t] for t in order]
        else:
            groups = [[entry] for entry in range(len(labels))]
            ranks = competition_ranks(result.scores)
        rated = model.rate([[ratings[e] for e in group] for group in groups], ranks=[float(r) for r in ranks])
        for group, new in zip(groups, rated, strict=True):
            for entry, rating in zip(group, new, strict=True):
                ratings[entry] = rating
    return [
        {"bot": label, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
        for label, r in zip(labels, ratings, strict=True)
    ]


__all__ = ["competition_ranks", "rate"]
