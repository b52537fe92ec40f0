"""One bot against the others on duplicate deals, deal by deal, kept as it goes: the margin per game with its interval.

    python benchmarks/duplicate_margin.py --rules anniversary-2021 --bots search,rulebased,rulebased,rulebased \
        --deals 100 --workers 2 --seed 1 --out margin.jsonl

The games are the arena's (``arena.match.play_game``): deal ``d`` is played in its N seat rotations, games
``N*d .. N*d + N - 1`` of ``wizard arena --rules R --bots B --duplicate --seed S --games N*DEALS``, so the figures are
those of that command. Unlike it, each deal's results are appended to ``--out`` (one JSON line per deal) as soon as
its games are done, and a run started again with the same file plays only the deals still missing: a long run on a
busy machine can be stopped and read at any time (``--report`` prints the figures of the file without playing).

Figures: entry 0's mean score per game, the others' mean, and the **margin per game**: entry 0's score minus the
other entries' mean in the same game, averaged over a deal's rotations (the deal is the independent unit), with a
95% Student t interval over deals; entry 0's decision time (mean and longest, from the arena's timing).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from statistics import fmean

from wizardcards.arena.command import split_bots
from wizardcards.arena.match import TournamentConfig, play_game
from wizardcards.arena.stats import mean_ci
from wizardcards.core import find_rules


def play_deal(config: TournamentConfig, deal: int) -> dict[str, object]:
    n = config.seats
    results = [play_game(config, n * deal + r) for r in range(n)]
    return {
        "deal": deal,
        "scores": [list(r.scores) for r in results],
        "moves": [r.moves[0] for r in results],
        "think": [r.think_seconds[0] for r in results],
        "think_max": max(r.think_max[0] for r in results),
    }


def report(path: Path) -> None:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if not rows:
        print("no deal played yet")
        return
    margins, mine, others = [], [], []
    for row in rows:
        games = row["scores"]
        margins.append(fmean(g[0] - fmean(g[1:]) for g in games))
        mine.append(fmean(g[0] for g in games))
        others.append(fmean(fmean(g[1:]) for g in games))

    def show(values: list[float]) -> str:
        mean, half = mean_ci(values)
        return f"{mean:.1f}" + ("" if half is None else f" [{mean - half:.1f}, {mean + half:.1f}]")

    moves = sum(sum(row["moves"]) for row in rows)
    think = sum(sum(row["think"]) for row in rows)
    print(f"{len(rows)} duplicate deals ({len(rows) * len(rows[0]['scores'])} games), 95% intervals over deals")
    print(f"  entry 0 points per game        {show(mine)}")
    print(f"  other entries points per game  {show(others)}")
    print(f"  margin per game                {show(margins)}")
    print(f"  entry 0 decisions: {moves}, mean {1000 * think / max(1, moves):.1f} ms, "
          f"longest {1000 * max(row['think_max'] for row in rows):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="search,rulebased,rulebased,rulebased")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--report", action="store_true", help="print the figures of --out and play nothing")
    args = parser.parse_args()
    if args.report:
        report(args.out)
        return
    rules = find_rules(args.rules, players=args.players)
    bots = split_bots(args.bots)
    config = TournamentConfig(rules, bots, args.deals * rules.players, args.seed, duplicate=True)
    done = set()
    if args.out.exists():
        done = {json.loads(line)["deal"] for line in args.out.read_text().splitlines() if line.strip()}
    todo = [d for d in range(args.deals) if d not in done]
    print(f"{args.rules}, {rules.players} players, {','.join(bots)}, seed {args.seed}: {len(todo)} deals to play "
          f"({len(done)} done), {args.workers} workers, load {os.getloadavg()[0]:.1f}", flush=True)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool, args.out.open("a") as out:
        pending = {pool.submit(play_deal, config, d) for d in todo}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                out.write(json.dumps(future.result()) + "\n")
                out.flush()
    print(f"{time.perf_counter() - started:.0f} s")
    report(args.out)


if __name__ == "__main__":
    main()
