"""Arena speed: games per second with 1 and with 2 workers, and the arena's overhead over a bare engine loop.

    python benchmarks/arena.py [--games 1600] [--bots rulebased,random,random,random] [--rules standard]

Three measurements of the same games (same seeds, same bots), side by side in one run:

* bare: a plain loop over the engine, the bots acting on ``state.view(seat)`` (what any fair harness must do),
  without the arena's seeding, result summaries, chunks or processes;
* arena, 1 worker: ``run_games(..., workers=1)`` in this process;
* arena, 2 workers: ``run_games(..., workers=2)`` on a process pool (process start-up included).

Prints games/s for each, the speed-up of 2 workers over 1 (target: at least 1.7x, on a machine with 2 free cores)
and the overhead of the arena over the bare loop (arena time / bare time; 1.00 means none).

Wall-clock speed-up needs two idle cores; on a busy machine (the load average is printed) it is capped by what the
other processes leave. So the CPU time of each run is measured too (this process plus its pool workers, from
``resource.getrusage``): ``2 x cpu(1 worker) / cpu(2 workers)`` is the speed-up two idle cores would give if the
games are balanced over the workers, and it shows the work the pool adds (start-up, pickling, results).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import time

from wizardcards.arena.match import TournamentConfig, derive_seed
from wizardcards.arena.runner import run_games
from wizardcards.bots import make_bot
from wizardcards.core import find_rules, new_game

TARGET_SPEEDUP = 1.7


def bare(config: TournamentConfig) -> None:
    """The same games as the arena plays, in a plain loop."""
    n = config.seats
    for game in range(config.games):
        state = new_game(config.rules, derive_seed(config.seed, "deal", game))
        bots = [make_bot(spec) for spec in config.bots]
        rngs = [random.Random(derive_seed(config.seed, "bot", game, seat)) for seat in range(n)]
        while not state.is_terminal():
            seat = state.current_player()
            state.apply(bots[seat].act(state.view(seat), rngs[seat]))


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have been waited for (the pool's workers)."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def timed(action) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Wall-clock and CPU seconds of ``action()``."""
    cpu, started = cpu_seconds(), time.perf_counter()
    action()
    return time.perf_counter() - started, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # long enough that the pool start-up (about 0.5 s) does not dominate the 2-worker figure
    parser.add_argument("--games", type=int, default=1600)
    parser.add_argument("--bots", default="rulebased,random,random,random")
    parser.add_argument("--rules", default="standard")
    args = parser.parse_args()
    bots = tuple(args.bots.split(","))
    config = TournamentConfig(find_rules(args.rules, len(bots)), bots, args.games, seed=1)
    print(f"{args.games} games of {args.rules}, bots {args.bots}, {os.cpu_count()} cores")
    run_games(TournamentConfig(config.rules, bots, 8, seed=2), workers=1)  # warm caches and imports
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    t_bare, c_bare = timed(lambda: bare(config))
    t_one, c_one = timed(lambda: run_games(config, workers=1))
    t_two, c_two = timed(lambda: run_games(config, workers=2))
    rows = (("bare engine loop", t_bare, c_bare), ("arena, 1 worker", t_one, c_one), ("arena, 2 workers", t_two, c_two))
    for name, seconds, cpu in rows:
        print(f"  {name:<18} {seconds:7.2f} s  {args.games / seconds:8.1f} games/s   cpu {cpu:7.2f} s")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    speedup = t_one / t_two
    verdict = "meets" if speedup >= TARGET_SPEEDUP else "misses"
    print(f"speed-up, 2 workers over 1 (wall clock): {speedup:.2f}x ({verdict} the {TARGET_SPEEDUP}x target)")
    print(f"speed-up on two idle cores, from CPU time (2 x cpu1 / cpu2): {2 * c_one / c_two:.2f}x")
    print(f"arena overhead over the bare loop (1 worker): {t_one / t_bare:.3f}x wall, {c_one / c_bare:.3f}x cpu")


if __name__ == "__main__":
    main()
