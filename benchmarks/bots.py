"""How strong and how fast the ``search`` bot is: the figures of issue 5, each with its 95% confidence interval.

    python benchmarks/bots.py [--quick] [--games 1000] [--bid-games 400] [--wily-games 200] [--timing-games 4]
                              [--workers 2] [--seed 1] [--level 3]

Four measurements, all through the arena (4 players, duplicate deals, full games unless said):

1. decision time of ``search`` at the level asked (default 3): every call of ``act`` by the search seat in
   ``--timing-games`` full Wizard games against three ``rulebased``, timed in this process (wall clock and CPU time;
   the load average is printed, since the machine may be shared). Targets: median <= 100 ms, 95th percentile <= 300 ms.
2. ``search`` in one seat against three ``rulebased``, ``--games`` standard Wizard games: the search entry's mean score
   per game against the rulebased entries' mean, and the difference per deal with its interval (target: at least 100
   points, intervals apart), and the search entry's win rate (target: at least 50%).
3. bid accuracy in 4-player 3-card self-play (four ``search`` seats; each game is four hands of 3 cards): the share of
   bids made exactly, with a 95% interval over deals (target: at least 87%; Schumacher & Pleines 2022 report 66-87%
   for their best trained agents).
4. Wily Wizards, partners, 4 players: a ``search`` team against a ``rulebased`` team, ``--wily-games`` games: the
   search team's win rate (target: at least 70%).

``--quick`` runs small sizes (a few minutes); the full run takes about 25 minutes on the project's two cores
(measured in session 2, 2 workers: 1,000 Wizard games with a search seat in 1,012 s, 400 games of 3-card self-play in
84-163 s, 200 Wily games in 232 s; a clean-clone run of everything took 27 minutes; figures in docs/bots.md). Run it
on a regular (compiled) install, e.g. ``pip install '.[arena]'``, from a directory other than ``src``: an editable
install is pure Python and about ten times slower here (the playouts, sampling and endgames are compiled too).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from statistics import fmean

from wizardcards.arena import TournamentConfig, run_tournament
from wizardcards.arena.match import derive_seed, hands_of
from wizardcards.arena.stats import mean_ci
from wizardcards.bots import make_bot
from wizardcards.core import find_rules, new_game

TARGETS = {"median_ms": 100, "p95_ms": 300, "margin": 100, "win_rate": 0.5, "bid_accuracy": 0.87, "wily_win": 0.7}


def verdict(ok: bool) -> str:
    return "MET" if ok else "NOT MET"


def interval(mean: float, half: float | None, scale: float = 1.0, unit: str = "") -> str:
    if half is None:
        return f"{mean * scale:.1f}{unit}"
    return f"{mean * scale:.1f}{unit} [{(mean - half) * scale:.1f}, {(mean + half) * scale:.1f}]"


def decision_times(spec: str, games: int, seed: int) -> None:
    rules = find_rules("standard", players=4)
    wall: list[float] = []
    cpu: list[float] = []
    forced = 0
    started = time.perf_counter()
    for game in range(games):
        state = new_game(rules, derive_seed(seed, "timing", game))
        bots = [make_bot(spec)] + [make_bot("rulebased") for _ in range(3)]
        rng = random.Random(derive_seed(seed, "timing-bot", game))
        while not state.is_terminal():
            seat = state.current_player()
            view = state.view(seat)
            if seat != 0:
                state.apply(bots[seat].act(view, rng))
                continue
            forced += len(view.legal_actions) == 1
            t0, c0 = time.perf_counter(), time.process_time()
            action = bots[0].act(view, rng)
            wall.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            state.apply(action)
    print(f"\n1. decision time of {spec}: {len(wall)} decisions ({forced} with one legal action) in {games} games, "
          f"{time.perf_counter() - started:.0f} s; load average now {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for name, values in (("wall clock", wall), ("CPU time", cpu)):
        ms = sorted(v * 1000 for v in values)
        median = statistics.median(ms)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        print(f"   {name:>10}: median {median:.1f} ms ({verdict(median <= TARGETS['median_ms'])}: <= 100), "
              f"95th percentile {p95:.1f} ms ({verdict(p95 <= TARGETS['p95_ms'])}: <= 300), max {ms[-1]:.0f} ms")


def strength(spec: str, games: int, seed: int, workers: int) -> None:
    rules = find_rules("standard", players=4)
    config = TournamentConfig(rules, (spec, "rulebased", "rulebased", "rulebased"), games, seed, duplicate=True)
    started = time.perf_counter()
    report = run_tournament(config, workers)
    rows = report["stats"]["bots"]
    search, others = rows[0], rows[1:]
    scores = report["scores"]
    # One unit per deal (its four rotations): the search entry's score minus the rulebased entries' mean.
    by_deal: dict[int, list[float]] = {}
    for g in range(games):
        diff = scores[0][g] - fmean(scores[e][g] for e in (1, 2, 3))
        by_deal.setdefault(g // 4, []).append(diff)
    diff, half = mean_ci([fmean(v) for v in by_deal.values()])
    rule_units = {}
    for g in range(games):
        rule_units.setdefault(g // 4, []).append(fmean(scores[e][g] for e in (1, 2, 3)))
    rule_mean, rule_half = mean_ci([fmean(v) for v in rule_units.values()])
    apart = half is not None and search["low"] is not None and rule_half is not None and \
        search["low"] > rule_mean + rule_half
    print(f"\n2. {spec} against three rulebased: {games} standard Wizard games ({games // 4} duplicate deals), "
          f"{time.perf_counter() - started:.0f} s with {workers} workers")
    print(f"   search mean score per game     {interval(search['mean_score'], search['ci95'])}")
    print(f"   rulebased mean score per game  {interval(rule_mean, rule_half)}"
          f"  (entries: {', '.join(format(r['mean_score'], '.1f') for r in others)})")
    print(f"   difference per deal            {interval(diff, half)}  "
          f"({verdict(diff >= TARGETS['margin'] and apart)}: >= 100, intervals apart: {apart})")
    low, high = wilson(search["wins"], games)
    print(f"   search win rate                {interval(search['win_rate'], search['win_rate_ci95'], 100, '%')} "
          f"over deals, [{low:.1%}, {high:.1%}] Wilson over games  "
          f"({verdict(search['win_rate'] >= TARGETS['win_rate'])}: >= 50%)")
    print(f"   bid accuracy: search {search['bid_accuracy']:.1%}, rulebased "
          f"{fmean(r['bid_accuracy'] for r in others):.1%}")


def bid_accuracy(spec: str, games: int, seed: int, workers: int) -> None:
    rules = hands_of(find_rules("standard", players=4), 3)
    config = TournamentConfig(rules, (spec,) * 4, games, seed, duplicate=True)
    started = time.perf_counter()
    report = run_tournament(config, workers)
    rows = report["stats"]["bots"]
    made = sum(r["bid_accuracy"] * r["rounds"] for r in rows)
    rounds = sum(r["rounds"] for r in rows)
    accuracy = made / rounds
    # A 95% Wilson interval on the bids (one seat's bid in one hand is the unit).
    low, high = wilson(made, rounds)
    print(f"\n3. bid accuracy in 4-player 3-card self-play ({spec} x 4): {games} games, {rounds} bids, "
          f"{time.perf_counter() - started:.0f} s")
    print(f"   bid accuracy {accuracy:.1%} [{low:.1%}, {high:.1%}]  "
          f"({verdict(accuracy >= TARGETS['bid_accuracy'])}: >= 87%)")


def wily(spec: str, games: int, seed: int, workers: int) -> None:
    rules = find_rules("wily", players=4)
    config = TournamentConfig(rules, (spec, "rulebased", spec, "rulebased"), games, seed, duplicate=True)
    started = time.perf_counter()
    report = run_tournament(config, workers)
    search = report["stats"]["bots"][0]
    rate, half = search["win_rate"], search["win_rate_ci95"]
    print(f"\n4. Wily Wizards, partners: a {spec} team against a rulebased team, {games} games "
          f"({games // 4} duplicate deals), {time.perf_counter() - started:.0f} s")
    low, high = wilson(search["wins"], games)
    print(f"   search team win rate {interval(rate, half, 100, '%')} over deals, [{low:.1%}, {high:.1%}] Wilson over "
          f"games  ({verdict(rate >= TARGETS['wily_win'])}: >= 70%)")
    print(f"   contracts: search bid {search['high_bids']} hands, made {search['contracts_made']}; "
          f"mean letters {search['mean_score']:.2f}")


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (sound at 0% and 100%, where a t interval collapses)."""
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * ((p * (1 - p) / trials + z * z / (4 * trials * trials)) ** 0.5) / (1 + z * z / trials)
    return centre - spread, centre + spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a few minutes")
    parser.add_argument("--games", type=int, default=None, help="Wizard games, search vs rulebased (default 1000)")
    parser.add_argument("--bid-games", type=int, default=None, help="3-card self-play games (default 400)")
    parser.add_argument("--wily-games", type=int, default=None, help="Wily Wizards games (default 200)")
    parser.add_argument("--timing-games", type=int, default=None, help="games timed in this process (default 4)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--only", default="1234", help="which measurements to run, e.g. 13")
    args = parser.parse_args()
    quick = args.quick
    games = args.games or (40 if quick else 1000)
    bid_games = args.bid_games or (40 if quick else 400)
    wily_games = args.wily_games or (8 if quick else 200)
    timing_games = args.timing_games or (1 if quick else 4)
    for name, value in (("--games", games), ("--bid-games", bid_games), ("--wily-games", wily_games)):
        if value % 4:
            raise SystemExit(f"{name} must be a multiple of 4 (duplicate deals, 4 rotations), not {value}")
    spec = f"search:level={args.level}"
    make_bot(spec)
    print(f"benchmarks/bots.py: {spec}, seed {args.seed}, {args.workers} workers, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}")
    if "1" in args.only:
        decision_times(spec, timing_games, args.seed)
    if "2" in args.only:
        strength(spec, games, args.seed, args.workers)
    if "3" in args.only:
        bid_accuracy(spec, bid_games, args.seed, args.workers)
    if "4" in args.only:
        wily(spec, wily_games, args.seed, args.workers)


if __name__ == "__main__":
    main()
