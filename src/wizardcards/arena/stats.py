"""Pure statistics of a tournament: per entry, from the list of ``GameResult`` ordered by game index.

Figures per entry (a bot spec in the ``--bots`` list):

* ``mean_score`` with a 95% confidence interval ``ci95`` (half-width). The interval is Student's t over independent
  *units*: a game, or with ``duplicate`` a deal (the mean of the N games that replay it), because the N rotations
  of one deal share their cards and are not independent. t quantiles: a table for 1..30 degrees of freedom, the
  Cornish-Fisher expansion beyond (error < 1e-4). One unit gives no interval (``ci95`` is ``None``).
* ``win_rate``: the mean win share (a win shared by k players, or in Wily Wizards by k teams, counts 1/k), with its
  interval computed the same way.
* Wizard: ``bid_accuracy`` (share of rounds where tricks == bid, the metric of Schumacher & Pleines 2022),
  ``mean_bid_error`` (mean |bid - tricks| per round) and ``score_per_round`` (total score / rounds played).
* Wily Wizards (the score is the entry's team's letters at the end): ``high_bids`` (hands won in the auction),
  ``contracts_made`` (of those, hands the entry's team made), ``contract_rate``, ``team_wins`` (games its team won,
  shared wins split), plus a table by team line-up.

A bot spec listed more than once (``--bots rulebased,rulebased,rulebased,random``) gets a line per entry
(``rulebased``, ``rulebased#2``, ``rulebased#3``) and a pooled line over them (``pooled_stats``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist, fmean, stdev
from typing import Any

from .match import GameResult

_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""The 0.975 quantile of Student's t with 1..30 degrees of freedom."""


def t975(df: int) -> float:
    """The two-sided 95% critical value of Student's t with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    z = NormalDist().inv_cdf(0.975)
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def mean_ci(values: Sequence[float]) -> tuple[float, float | None]:
    """The mean and the half-width of its 95% t interval (None for fewer than two values)."""
    if not values:
        raise ValueError("no values")
    mean = fmean(values)
    if len(values) < 2:
        return mean, None
    return mean, t975(len(values) - 1) * stdev(values) / math.sqrt(len(values))


def _units(results: Sequence[GameResult], per_game: list[float], duplicate: bool) -> list[float]:
    """Per-game values grouped into independent units: the games themselves, or the deals' means."""
    if not duplicate:
        return per_game
    by_deal: dict[int, list[float]] = {}
    for result, value in zip(results, per_game, strict=True):
        by_deal.setdefault(result.deal, []).append(value)
    return [fmean(v) for _, v in sorted(by_deal.items())]


def _interval(mean: float, half: float | None) -> dict[str, float | None]:
    return {
        "ci95": half,
        "low": None if half is None else mean - half,
        "high": None if half is None else mean + half,
    }


def entry_stats(results: Sequence[GameResult], entry: int, duplicate: bool) -> dict[str, Any]:
    """Every figure of one entry (see the module docstring)."""
    return group_stats(results, [entry], duplicate)


def group_stats(results: Sequence[GameResult], entries: Sequence[int], duplicate: bool) -> dict[str, Any]:
    """The figures of one entry, or pooled over several entries of the same bot: per game, the mean of their scores
    and of their win shares (so a pooled line reads like one entry's, with the games of all of them); the rounds of
    all of them for the bid figures; their high bids and contracts added up."""
    scores = [fmean(float(r.scores[e]) for e in entries) for r in results]
    shares = [fmean(r.win_share[e] for e in entries) for r in results]
    mean, half = mean_ci(_units(results, scores, duplicate))
    win, win_half = mean_ci(_units(results, shares, duplicate))
    out: dict[str, Any] = {
        "games": len(results),
        "mean_score": mean,
        **_interval(mean, half),
        "score_stdev": stdev(scores) if len(scores) > 1 else 0.0,
        "win_rate": win,
        "win_rate_ci95": win_half,
        "wins": sum(shares),
    }
    forfeited = [r for r in results if r.forfeits and any(r.forfeits[e] for e in entries)]
    out["forfeits"] = sum(r.forfeits[e] for r in forfeited for e in entries)
    out["forfeit_games"] = len(forfeited)
    if forfeited:
        out["engine_error"] = next(r.engine_errors[e] for r in forfeited for e in entries if r.engine_errors[e])
    if results and results[0].rounds:
        pairs = [pair for r in results for e in entries for pair in r.rounds[e]]
        out["rounds"] = len(pairs)
        out["bid_accuracy"] = sum(1 for bid, tricks in pairs if bid == tricks) / len(pairs)
        out["mean_bid_error"] = sum(abs(bid - tricks) for bid, tricks in pairs) / len(pairs)
        out["score_per_round"] = sum(scores) * len(entries) / len(pairs)
    if results and results[0].team_of:
        high = sum(r.high_bids[e] for r in results for e in entries)
        made = sum(r.contracts[e] for r in results for e in entries)
        out["hands"] = sum(r.hands for r in results)
        out["high_bids"] = high
        out["contracts_made"] = made
        out["contract_rate"] = made / high if high else None
        out["team_wins"] = sum(shares)
    return out


def pooled_stats(results: Sequence[GameResult], bots: Sequence[str], labels: Sequence[str],
                 duplicate: bool) -> list[dict[str, Any]]:
    """A pooled line for every bot spec that holds more than one seat (``rulebased``, ``rulebased#2``, ...): the
    figures of ``group_stats`` over its entries, named by the spec, with the labels of the entries it pools."""
    groups: dict[str, list[int]] = {}
    for entry, spec in enumerate(bots):
        groups.setdefault(spec, []).append(entry)
    return [
        {"bot": spec, "entries": [labels[e] for e in entries], **group_stats(results, entries, duplicate)}
        for spec, entries in groups.items() if len(entries) > 1
    ]


def team_table(results: Sequence[GameResult], labels: Sequence[str]) -> list[dict[str, Any]]:
    """Wily Wizards: games and wins (shared wins split) of each line-up of entries that played as one team."""
    table: dict[tuple[str, ...], dict[str, Any]] = {}
    for r in results:
        members: dict[int, list[str]] = {}
        for entry, team in enumerate(r.team_of):
            members.setdefault(team, []).append(labels[entry])
        for team, names in members.items():
            key = tuple(sorted(names))
            row = table.setdefault(key, {"team": list(key), "games": 0, "wins": 0.0})
            row["games"] += 1
            first = next(e for e, t in enumerate(r.team_of) if t == team)
            row["wins"] += r.win_share[first]
    rows = sorted(table.values(), key=lambda row: row["team"])
    for row in rows:
        row["win_rate"] = row["wins"] / row["games"]
    return rows


def tournament_stats(results: Sequence[GameResult], labels: Sequence[str], duplicate: bool,
                     bots: Sequence[str] = ()) -> dict[str, Any]:
    """Figures per entry, in entry order, a pooled line per bot spec that sits in several seats (``bots``, the
    spec of each entry), and the totals of the tournament."""
    results = sorted(results, key=lambda r: r.index)
    out: dict[str, Any] = {
        "games": len(results),
        "deals": len({r.deal for r in results}),
        "decisions": sum(r.decisions for r in results),
        "bots": [{"bot": label, **entry_stats(results, e, duplicate)} for e, label in enumerate(labels)],
        "pooled": pooled_stats(results, bots, labels, duplicate) if bots else [],
    }
    if results and results[0].team_of:
        out["teams"] = team_table(results, labels)
    return out


__all__ = ["entry_stats", "group_stats", "mean_ci", "pooled_stats", "t975", "team_table", "tournament_stats"]
