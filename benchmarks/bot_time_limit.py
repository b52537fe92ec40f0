"""Decisions under a wall-clock limit: ``search:ms=50`` against ``search`` with no limit, on the same views, in one run.

    python benchmarks/bot_time_limit.py [--limit 50] [--decisions 200] [--seed 1]

The views come from seeded games of Wizard (4 players, standard rules) and Wily Wizards (4 players, partners) moved
on by the rule-based bot, picked at random points of whole games (every hand size) among the decisions with more than
one legal action, in a fixed mix of kinds: of every 20 decisions, Wizard 4 bids, 1 trump choice (a Wizard turned up)
and 6 card plays, Wily Wizards 2 auction calls, 1 trump, 2 cards passed and 4 card plays. On each view one decision of
``search:ms=LIMIT`` is timed, and as the reference the same decision of ``search`` at its default level (3) with no
limit, with the same random seed. Prints, for both, the median, 95th percentile and maximum decision time (wall
clock; for the limited bot its CPU time too: a wall time far above it means the machine took the CPU away), their
ratio, the slowest limited decision of each kind, and how many limited decisions went past the limit (and past 90%
of it, where the bot aims to return).

A time-limited bot is not reproducible (how many deals it plays depends on the machine), so this is a benchmark,
never a test. On an editable install everything is pure Python, the slowest case for the limit (the bot fits fewer
deals in it); a regular install (compiled) is about ten times faster.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from wizardcards.bots import make_bot
from wizardcards.core import Phase, View, new_game

MIX = {
    ("wizard", Phase.BID): 4, ("wizard", Phase.CHOOSE_TRUMP): 1, ("wizard", Phase.PLAY): 6,
    ("wily", Phase.AUCTION): 2, ("wily", Phase.NAME_TRUMP): 1, ("wily", Phase.PASS_CARDS): 2, ("wily", Phase.PLAY): 4,
}
"""Decisions of each kind in every 20."""
PICK = {Phase.PLAY: 0.08, Phase.BID: 0.25, Phase.PASS_CARDS: 0.2, Phase.AUCTION: 0.3}
"""The chance that a decision of the kind is picked when met (1 for the rest): spreads the picks over whole games."""


def pick_views(decisions: int, seed: int) -> list[tuple[str, View]]:
    rng = random.Random(seed)
    mover = make_bot("rulebased")
    total = sum(MIX.values())
    wanted = {kind: decisions * share // total for kind, share in MIX.items()}
    wanted[("wizard", Phase.PLAY)] += decisions - sum(wanted.values())
    picked: list[tuple[str, View]] = []
    for game in ("wizard", "wily"):
        while any(left > 0 for (g, _), left in wanted.items() if g == game):
            state = new_game("standard" if game == "wizard" else "wily", rng.randrange(2**32))
            while not state.is_terminal():
                view = state.view(state.current_player())
                kind = (game, view.phase)
                if len(view.legal_actions) > 1 and wanted.get(kind, 0) > 0 and rng.random() < PICK.get(view.phase, 1):
                    wanted[kind] -= 1
                    picked.append((f"{game} {view.phase.value}", view))
                state.apply(mover.act(view, rng))
    return picked


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--limit", type=int, default=50, help="the time limit per decision, ms")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    views = pick_views(args.decisions, args.seed)
    limited, free = make_bot(f"search:ms={args.limit}"), make_bot("search")
    times: dict[str, list[float]] = {"limited": [], "free": [], "cpu": []}
    slowest: dict[str, float] = {}
    load = os.getloadavg()[0]
    started = time.perf_counter()
    for number, (kind, view) in enumerate(views):
        for name, bot in (("limited", limited), ("free", free)):
            t0, c0 = time.perf_counter(), time.process_time()
            bot.act(view, random.Random(number))
            times[name].append((time.perf_counter() - t0) * 1000)
            if name == "limited":
                times["cpu"].append((time.process_time() - c0) * 1000)
        slowest[kind] = max(slowest.get(kind, 0.0), times["limited"][-1])
    counts: dict[str, int] = {}
    for kind, _ in views:
        counts[kind] = counts.get(kind, 0) + 1
    print(f"{len(views)} decisions ({', '.join(f'{k} {v}' for k, v in counts.items())}), "
          f"{time.perf_counter() - started:.0f} s; load average {load:.2f} before, {os.getloadavg()[0]:.2f} after, "
          f"on {os.cpu_count()} cores")
    rows = (("limited", f"search:ms={args.limit}"), ("cpu", "  its CPU time"), ("free", "search (level 3, no limit)"))
    for name, label in rows:
        ms = times[name]
        print(f"  {label:<28} median {statistics.median(ms):7.1f} ms   p95 {percentile(ms, 0.95):7.1f} ms"
              f"   max {max(ms):7.1f} ms")
    ratio = statistics.median(times["limited"]) / statistics.median(times["free"])
    print(f"  limited / unlimited median: {ratio:.2f}; the limit / unlimited median: "
          f"{args.limit / statistics.median(times['free']):.2f}")
    print("  slowest limited decision by kind: " + ", ".join(f"{k} {v:.1f} ms" for k, v in slowest.items()))
    over = sum(t > args.limit for t in times["limited"])
    aim = sum(t > args.limit * 0.9 for t in times["limited"])
    fallbacks = getattr(limited, "fallbacks", 0)
    print(f"  limited decisions past the {args.limit} ms limit: {over} of {len(views)}; past 90% of it: {aim}; "
          f"decided by the heuristic (not one deal fitted): {fallbacks}")


if __name__ == "__main__":
    main()
