"""The Wizard benchmark (``wizard bench AGENT``): one agent against the reference opponents on fixed duplicate deals.

What is fixed, so that any two runs (any machine, any ``--workers``, local or Ray) play the same games:

* **the deal set**: for each table size N in ``SIZES`` (3, 4, 5 and 6 players, standard Wizard rules), deal ``d`` is
  the arena's deal ``d`` of a tournament with seed ``SEEDS[N]``: ``new_game(rules, derive_seed(SEEDS[N], "deal",
  d))`` for ``d`` in ``0 .. DEAL_SET - 1``. ``--deals K`` plays the first K of them (a prefix), so a quick run is
  the start of the full one;
* **the line-up**: the agent is entry 0 and the opponent fills the N - 1 other seats (``(agent, opp, ..., opp)``);
* **every seat rotation**: each deal is played N times (the arena's ``--duplicate``), the agent in seat 0, 1, ...,
  N - 1 once each (``match.seat_entries``), so the luck of the cards and of the seat cancels;
* **the bots' randomness**: the arena's, ``derive_seed(SEEDS[N], "bot", game, entry)``; the same against every
  opponent.

Each (table size, opponent) pair is one arena tournament (``match.TournamentConfig``) played by the arena's runner
(``runner.run_games``: a process pool, or Ray with ``backend="ray"``), and its figures are the arena's
(``stats.group_stats``): the agent's points per game with a 95% interval over deals, its win rate and bid accuracy,
the opponents' points (pooled over their seats) and the margin (agent minus the opponents' mean, per deal). Only
``seconds_per_decision`` depends on the machine. An engine that forfeits (``engine:CMD`` breaking the protocol)
is counted as the arena counts it: the rule-based stand-in plays the decision, and the row reports the forfeited
decisions and games (docs/benchmark.md, "Forfeits").
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from ..core import State
from .match import GameResult, TournamentConfig, derive_seed
from .runner import run_games
from .stats import group_stats, mean_ci

RESULT_FORMAT = "wizardcards-bench"
SCHEMA_VERSION = 1
"""The JSON result's ``schema_version``: raised whenever a field changes meaning or goes away."""

SIZES = (3, 4, 5, 6)
SEEDS = {3: 2_703, 4: 2_704, 5: 2_705, 6: 2_706}
"""The seed of each table size's deal set (issue 27, size N): published in docs/benchmark.md, never changed."""
DEAL_SET = 2_000
"""Deals per table size in the full set; ``--deals`` plays a prefix of it."""
OPPONENTS = ("random", "rulebased", "search:level=1", "search:level=2", "search:level=3")
RULES = "standard"

Progress = Callable[[int], None]


@dataclass(frozen=True)
class BenchPlan:
    """What a benchmark run plays: the agent, the table sizes, the opponents and the deals (a prefix of the set)."""

    agent: str
    sizes: tuple[int, ...] = SIZES
    opponents: tuple[str, ...] = OPPONENTS
    deals: int = DEAL_SET

    def __post_init__(self) -> None:
        if not 1 <= self.deals <= DEAL_SET:
            raise ValueError(f"--deals plays a prefix of the {DEAL_SET} fixed deals: 1 to {DEAL_SET}, not {self.deals}")
        unknown = [n for n in self.sizes if n not in SEEDS]
        if unknown or not self.sizes:
            raise ValueError(f"--sizes: table sizes of the benchmark are {', '.join(map(str, SIZES))}, "
                             f"not {', '.join(map(str, unknown)) or 'none'}")
        if not self.opponents:
            raise ValueError("--opponents: name at least one opponent")

    def tables(self) -> list[TournamentConfig]:
        """One arena tournament per (table size, opponent), sizes first."""
        return [table_config(self.agent, opponent, players, self.deals)
                for players in self.sizes for opponent in self.opponents]

    @property
    def games(self) -> int:
        return self.deals * sum(self.sizes) * len(self.opponents)


def deal_seed(players: int, deal: int) -> int:
    """The game seed of deal ``deal`` of the ``players``-seat set: every shuffle of the game and the first dealer."""
    if not 0 <= deal < DEAL_SET:
        raise ValueError(f"the deal set has deals 0 to {DEAL_SET - 1}, not {deal}")
    return derive_seed(SEEDS[players], "deal", deal)


def deal(players: int, number: int) -> State:
    """The starting state of deal ``number`` of the ``players``-seat set, as every rotation of it begins."""
    from ..core import find_rules, new_game

    return new_game(find_rules(RULES, players=players), deal_seed(players, number))


def table_config(agent: str, opponent: str, players: int, deals: int) -> TournamentConfig:
    """The arena tournament of ``agent`` against ``opponent`` at ``players`` seats on the first ``deals`` deals."""
    from ..core import find_rules

    rules = find_rules(RULES, players=players)
    bots = (agent, *(opponent,) * (players - 1))
    return TournamentConfig(rules, bots, deals * players, SEEDS[players], duplicate=True)


def _interval(values: Sequence[float]) -> dict[str, float | None]:
    mean, half = mean_ci(values)
    return {"mean": mean, "ci95": half, "low": None if half is None else mean - half,
            "high": None if half is None else mean + half}


def _arena_interval(stats: dict[str, Any]) -> dict[str, float | None]:
    """The arena's mean score and interval (``stats.group_stats``) in the bench's shape."""
    return {"mean": stats["mean_score"], "ci95": stats["ci95"], "low": stats["low"], "high": stats["high"]}


def _per_deal(results: Sequence[GameResult], per_game: Sequence[float]) -> list[float]:
    """The mean over each deal's rotations: the independent units of a duplicate run."""
    by_deal: dict[int, list[float]] = {}
    for result, value in zip(results, per_game, strict=True):
        by_deal.setdefault(result.deal, []).append(value)
    return [fmean(values) for _, values in sorted(by_deal.items())]


def table_result(config: TournamentConfig, results: Sequence[GameResult], seconds: float) -> dict[str, Any]:
    """The figures of one (table size, opponent) tournament; the agent is entry 0."""
    results = sorted(results, key=lambda r: r.index)
    n = config.seats
    agent = group_stats(results, [0], duplicate=True)
    others = group_stats(results, list(range(1, n)), duplicate=True)
    margin = _per_deal(results, [r.scores[0] - fmean(r.scores[1:]) for r in results])
    moves = sum(r.moves[0] for r in results)
    think = sum(r.think_seconds[0] for r in results)
    row: dict[str, Any] = {
        "players": n,
        "opponent": config.bots[1],
        "seed": config.seed,
        "deals": config.games // n,
        "games": config.games,
        "points": _arena_interval(agent),
        "opponent_points": _arena_interval(others),
        "margin": _interval(margin),
        "win_rate": agent["win_rate"],
        "win_rate_ci95": agent["win_rate_ci95"],
        "bid_accuracy": agent["bid_accuracy"],
        "mean_bid_error": agent["mean_bid_error"],
        "rounds": agent["rounds"],
        "opponent_bid_accuracy": others["bid_accuracy"],
        "decisions": moves,
        "seconds_per_decision": think / moves if moves else None,
        "longest_decision": max(r.think_max[0] for r in results),
        "forfeits": agent["forfeits"],
        "forfeit_games": agent["forfeit_games"],
        "seconds": seconds,
    }
    if "engine_error" in agent:
        row["engine_error"] = agent["engine_error"]
    return row


def overall(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per opponent, over the table sizes played: the mean of the sizes' points per game and margins (each size
    weighs the same), with the interval of that mean (the sizes' deals are independent, so the half-widths add in
    quadrature), the bid accuracy over all the agent's rounds and the time per decision over all its decisions."""
    out = []
    for opponent in dict.fromkeys(row["opponent"] for row in rows):
        mine = [row for row in rows if row["opponent"] == opponent]
        entry: dict[str, Any] = {"opponent": opponent, "sizes": [row["players"] for row in mine],
                                 "deals": min(row["deals"] for row in mine)}
        for key in ("points", "margin"):
            means = [row[key]["mean"] for row in mine]
            halves = [row[key]["ci95"] for row in mine]
            mean = fmean(means)
            half = None if None in halves else math.sqrt(sum(h * h for h in halves)) / len(halves)
            entry[key] = {"mean": mean, "ci95": half, "low": None if half is None else mean - half,
                          "high": None if half is None else mean + half}
        rounds = sum(row["rounds"] for row in mine)
        entry["bid_accuracy"] = sum(row["bid_accuracy"] * row["rounds"] for row in mine) / rounds
        decisions = sum(row["decisions"] for row in mine)
        seconds = sum((row["seconds_per_decision"] or 0.0) * row["decisions"] for row in mine)
        entry["decisions"] = decisions
        entry["seconds_per_decision"] = seconds / decisions if decisions else None
        entry["forfeits"] = sum(row["forfeits"] for row in mine)
        out.append(entry)
    return out


def run_bench(
    plan: BenchPlan,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
    command: Sequence[str] = (),
    move_seconds: float | None = None,
) -> dict[str, Any]:
    """Play the plan on the arena's runner and return the versioned result document (``validate`` checks one). An
    agent ``server:CMD`` plays through the bench's own server instead (``bench_server.py``: ``workers`` tables at
    once, the agent's turn timer ``move_seconds``), and the document's ``backend`` is ``"server"``."""
    from .bench_server import MOVE_SECONDS, client_command, is_server_agent, play_through_server
    from .runner import default_workers

    workers = default_workers() if workers is None else workers
    started = time.perf_counter()
    extra: dict[str, Any] = {}
    if is_server_agent(plan.agent):
        move_seconds = MOVE_SECONDS if move_seconds is None else move_seconds
        played = play_through_server(plan.tables(), client_command(plan.agent), workers, move_seconds, progress)
        rows = [table_result(config, results, seconds) for config, results, seconds in played]
        backend, extra = "server", {"move_seconds": move_seconds}
        return _document(plan, rows, backend, workers, command, time.perf_counter() - started, extra)
    stop_ray = False
    if backend == "ray":  # one Ray instance for all the tables (the runner uses one that is running, and leaves it)
        import ray

        if not ray.is_initialized():
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
            stop_ray = True
    try:
        rows = []
        for config in plan.tables():
            table_started = time.perf_counter()
            results = run_games(config, workers, backend, address, progress)
            rows.append(table_result(config, results, time.perf_counter() - table_started))
    finally:
        if stop_ray:
            ray.shutdown()
    return _document(plan, rows, backend, workers, command, time.perf_counter() - started, extra)


def _document(plan: BenchPlan, rows: list[dict[str, Any]], backend: str, workers: int, command: Sequence[str],
              seconds: float, extra: dict[str, Any]) -> dict[str, Any]:
    from .. import __version__

    decisions = sum(row["decisions"] for row in rows)
    return {
        "format": RESULT_FORMAT,
        "schema_version": SCHEMA_VERSION,
        "version": __version__,
        "command": list(command),
        "agent": plan.agent,
        "rules": RULES,
        "deal_set": DEAL_SET,
        "deals": plan.deals,
        "seeds": {str(n): SEEDS[n] for n in plan.sizes},
        "sizes": list(plan.sizes),
        "opponents": list(plan.opponents),
        "tables": rows,
        "overall": overall(rows),
        "backend": backend,
        "workers": workers,
        **extra,
        "timing": {
            "seconds": seconds,
            "decisions": decisions,
            "seconds_per_decision": (sum((row["seconds_per_decision"] or 0.0) * row["decisions"] for row in rows)
                                     / decisions if decisions else None),
        },
    }


_INTERVAL = {"mean": float, "ci95": (float, type(None)), "low": (float, type(None)), "high": (float, type(None))}
_ROW = {
    "players": int, "opponent": str, "seed": int, "deals": int, "games": int, "points": _INTERVAL,
    "opponent_points": _INTERVAL, "margin": _INTERVAL, "win_rate": float, "bid_accuracy": float, "rounds": int,
    "decisions": int, "seconds_per_decision": (float, type(None)), "forfeits": int, "forfeit_games": int,
}
_DOCUMENT = {
    "format": str, "schema_version": int, "version": str, "command": list, "agent": str, "rules": str,
    "deal_set": int, "deals": int, "seeds": dict, "sizes": list, "opponents": list, "tables": list, "overall": list,
    "timing": dict,
}


def _check(value: Any, shape: Any, where: str, problems: list[str]) -> None:
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            problems.append(f"{where}: an object was due, not {type(value).__name__}")
            return
        for key, inner in shape.items():
            if key not in value:
                problems.append(f"{where}.{key}: missing")
            else:
                _check(value[key], inner, f"{where}.{key}", problems)
        return
    kinds = shape if isinstance(shape, tuple) else (shape,)
    if float in kinds and isinstance(value, int) and not isinstance(value, bool):
        return  # JSON writes 2.0 as 2.0, but a float that is whole may come back as an int from other writers
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        problems.append(f"{where}: {' or '.join(k.__name__ for k in kinds)} was due, not {type(value).__name__}")


def validate(document: Any) -> list[str]:
    """What is wrong with a benchmark result document (an empty list: nothing). Checks the format and schema
    version first: a document of another version is not read further."""
    if not isinstance(document, dict) or document.get("format") != RESULT_FORMAT:
        return [f"not a benchmark result (format {RESULT_FORMAT!r} was due)"]
    if document.get("schema_version") != SCHEMA_VERSION:
        return [f"schema_version {document.get('schema_version')!r}: this version reads {SCHEMA_VERSION}"]
    problems: list[str] = []
    _check(document, _DOCUMENT, "result", problems)
    for number, row in enumerate(document.get("tables", [])):
        _check(row, _ROW, f"result.tables[{number}]", problems)
    if not problems:
        played = {(row["players"], row["opponent"]) for row in document["tables"]}
        wanted = {(n, o) for n in document["sizes"] for o in document["opponents"]}
        if played != wanted:
            problems.append(f"result.tables: {len(played)} tables for {len(wanted)} (size, opponent) pairs")
        for row in document["tables"]:
            if row["games"] != row["deals"] * row["players"]:
                problems.append(f"result.tables: {row['players']} players against {row['opponent']}: "
                                f"{row['games']} games for {row['deals']} deals (every rotation is due)")
    return problems


__all__ = [
    "DEAL_SET",
    "OPPONENTS",
    "RESULT_FORMAT",
    "SCHEMA_VERSION",
    "SEEDS",
    "SIZES",
    "BenchPlan",
    "deal",
    "deal_seed",
    "overall",
    "run_bench",
    "table_config",
    "table_result",
    "validate",
]
