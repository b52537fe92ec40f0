"""The fixed ratings of the server's bots: our arena plays a pool of bots against each other and openskill rates them.

    python benchmarks/bot_ratings.py [--bots random,rulebased,search:level=1,...] [--wizard-games 240]
                                     [--wily-games 45] [--seed 1] [--workers 2] [--out FILE]

The server rates people with openskill's Plackett-Luce model (``server/ratings.py``); a bot seat at a rated table
plays with a fixed rating read from ``server/bot_ratings.json``, which this script writes. Per game (Wizard for 4
players, standard rules; Wily Wizards for 4, the ``wily`` preset, two teams of two):

* every line-up of four distinct bots of the pool takes its turn (game ``k`` plays line-up ``k % L``, its own game
  ``k // L``, so the seats rotate as in ``wizard arena``); in Wily Wizards each four also plays in its three
  pairings into teams;
* each game is one openskill match, rated in ``k`` order from openskill's default rating (mu 25, sigma 25/3), as
  the arena rates (``arena/ratings.py``): Wizard ranks the four by final score (ties share a rank), Wily Wizards
  ranks the two teams by the game's result, each team's members updated together.

So every bot starts where a new account starts, and the scale they end on is the scale people are rated on. The
JSON holds the command that made it, the seed, the games played and the CPU seconds they took.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from wizardcards.arena.command import split_bots
from wizardcards.arena.match import GameResult, TournamentConfig, play_game
from wizardcards.arena.ratings import competition_ranks
from wizardcards.core import find_rules

POOL = "random,rulebased,search:level=1,search:level=2,search:level=3"
OUT = Path(__file__).resolve().parent.parent / "src/wizardcards/server/bot_ratings.json"


def lineups(pool: tuple[str, ...], game: str) -> list[tuple[str, ...]]:
    """Every four of the pool; in Wily Wizards each four in its three pairings (entries 0 and 2 are partners)."""
    fours = list(itertools.combinations(pool, 4))
    if game == "wizard":
        return fours
    return [(a, b, c, d) for a, b, c, d in fours] + [(a, c, b, d) for a, b, c, d in fours] + [
        (a, b, d, c) for a, b, c, d in fours
    ]


def _play(task: tuple[TournamentConfig, int, int]) -> tuple[int, GameResult]:
    config, index, order = task
    return order, play_game(config, index)


Played = list[tuple[tuple[str, ...], GameResult]]


def play(pool: tuple[str, ...], game: str, games: int, seed: int, workers: int) -> Played:
    rules = find_rules("standard" if game == "wizard" else "wily", players=4)
    configs = [TournamentConfig(rules, lineup, games, seed + n) for n, lineup in enumerate(lineups(pool, game))]
    tasks = [(configs[k % len(configs)], k // len(configs), k) for k in range(games)]
    with ProcessPoolExecutor(max_workers=workers) as executor:
        played = dict(executor.map(_play, tasks, chunksize=1))
    return [(tasks[k][0].bots, played[k]) for k in range(games)]


def rate(pool: tuple[str, ...], played: Played) -> dict[str, dict[str, float]]:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {spec: model.rating(name=spec) for spec in pool}
    for bots, result in played:
        if result.team_of:
            teams: dict[int, list[str]] = {}
            for entry, team in enumerate(result.team_of):
                teams.setdefault(team, []).append(bots[entry])
            order = sorted(teams)
            groups = [teams[t] for t in order]
            ranks = [result.team_rank[t] for t in order]
        else:
            groups = [[spec] for spec in bots]
            ranks = competition_ranks(result.scores)
        new = model.rate([[ratings[s] for s in group] for group in groups], ranks=[float(r) for r in ranks])
        for group, rated in zip(groups, new, strict=True):
            for spec, rating in zip(group, rated, strict=True):
                ratings[spec] = rating
    return {spec: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3)} for spec, r in ratings.items()}


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default=POOL, help="the pool of bot specs, comma-separated")
    parser.add_argument("--wizard-games", type=int, default=240)
    parser.add_argument("--wily-games", type=int, default=45)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    pool = split_bots(args.bots)
    if len(pool) < 4 or len(set(pool)) != len(pool):
        parser.error("the pool needs at least four distinct bots")
    import openskill

    report: dict[str, object] = {
        "command": "python benchmarks/bot_ratings.py " + shlex.join(sys.argv[1:]),
        "model": "openskill.models.PlackettLuce (defaults)",
        "openskill": getattr(openskill, "__version__", "?"),
        "seed": args.seed,
        "games": {},
    }
    games: dict[str, object] = {}
    for game, count in (("wizard", args.wizard_games), ("wily", args.wily_games)):
        if count <= 0:
            continue
        began, cpu = time.perf_counter(), cpu_seconds()
        played = play(pool, game, count, args.seed, args.workers)
        bots = rate(pool, played)
        games[game] = {
            "rules": "standard" if game == "wizard" else "wily",
            "players": 4,
            "played": count,
            "cpu_seconds": round(cpu_seconds() - cpu, 1),
            "wall_seconds": round(time.perf_counter() - began, 1),
            "bots": bots,
        }
        print(f"{game}: {count} games, {games[game]['cpu_seconds']} CPU s", flush=True)
        for spec, rating in sorted(bots.items(), key=lambda item: -item[1]["mu"]):
            print(f"  {spec:18} mu {rating['mu']:7.3f}  sigma {rating['sigma']:6.3f}", flush=True)
    report["games"] = games
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    print(f"written: {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
