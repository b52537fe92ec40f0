"""Decisions under a wall-clock limit: ``search:ms=50`` against the same search with no limit, in the same run.

    python benchmarks/bot_time_limit.py [--limit 50] [--decisions 200] [--seed 1]

Plays seeded games of Wizard (4 players) and Wily Wizards (4 players, partners) with four ``search`` bots at the
default level and, at each decision (bids, trump, auction, passing, card play), times one decision of the bot under
the limit and one of the bot without it on the same view. Prints the median, 95th percentile and maximum decision
time of both and their ratio, and how many limited decisions went past the limit. A time-limited bot is not
reproducible (how many deals it plays depends on the machine), so this is a benchmark, never a test. Run on a
regular (compiled) install for the figures players see; on an editable install everything is pure Python.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from wizardcards.bots import make_bot
from wizardcards.core import new_game


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=50, help="the time limit per decision, ms")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    limited, free = make_bot(f"search:ms={args.limit}"), make_bot("search")
    rng = random.Random(args.seed)
    times: dict[str, list[float]] = {"limited": [], "free": []}
    kinds: dict[str, int] = {}
    game_number = 0
    while len(times["limited"]) < args.decisions:
        state = new_game("standard" if game_number % 2 == 0 else "wily", rng.randrange(2**32))
        game_number += 1
        for _ in range(args.decisions // 4):  # a stretch of each game: bidding and play of several hands
            if state.is_terminal() or len(times["limited"]) >= args.decisions:
                break
            view = state.view(state.current_player())
            for name, bot in (("limited", limited), ("free", free)):
                started = time.perf_counter()
                action = bot.act(view, random.Random(len(times[name])))
                times[name].append(time.perf_counter() - started)
            kinds[view.phase.value] = kinds.get(view.phase.value, 0) + 1
            state.apply(action)
    print(f"{args.decisions} decisions ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}), "
          f"Wizard and Wily Wizards for 4")
    for name, label in (("limited", f"search:ms={args.limit}"), ("free", "search (no limit)")):
        values = [t * 1000 for t in times[name]]
        print(f"  {label:<20} median {statistics.median(values):7.1f} ms   p95 {percentile(values, 0.95):7.1f} ms"
              f"   max {max(values):7.1f} ms")
    over = sum(t * 1000 > args.limit for t in times["limited"])
    ratio = statistics.median(times["limited"]) / statistics.median(times["free"])
    print(f"  limited / unlimited median: {ratio:.2f}x; decisions past the {args.limit} ms limit: {over} of "
          f"{args.decisions}")


if __name__ == "__main__":
    main()
