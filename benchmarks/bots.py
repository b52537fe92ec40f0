"""How strong and how fast the bots are: the figures of issues 5 and 15, each with its 95% confidence interval.

    python benchmarks/bots.py [--quick] [--only 123456789] [--games 1000] [--bid-games 400] [--wily-games 200]
                              [--wily-self-games 24] [--baseline-games 200] [--table-deals 2] [--timing-games 4]
                              [--wily-timing-games 2] [--oracle-deals 2] [--workers 2] [--seed 1] [--level 3]
                              [--rules standard]

Nine measurements, through the arena unless said (4 players, duplicate deals, full games unless said); Wizard:

1. decision time of ``search`` at the level asked (default 3): every call of ``act`` by the search seat in
   ``--timing-games`` full Wizard games against three ``rulebased``, timed in this process (wall clock and CPU time;
   the load average is printed, since the machine may be shared). Targets: median <= 100 ms, 95th percentile <= 300 ms.
2. ``search`` in one seat against three ``rulebased``, ``--games`` standard Wizard games: the search entry's mean score
   per game against the rulebased entries' mean, and the difference per deal with its interval (target: at least 100
   points, intervals apart), and the search entry's win rate (target: at least 50%).

``--rules PRESET`` plays measurements 1 and 2 under another Wizard preset: ``--rules anniversary-2021`` with all seven
special cards (issue 29: the same targets, a margin of at least 100 points and a median decision of at most 100 ms).
Measurement 1 also gives the median and 95th percentile per phase (bid, play, and the special cards' werewolf,
choose_trump, cloud, juggle).
3. bid accuracy in 4-player 3-card self-play (four ``search`` seats; each game is four hands of 3 cards): the share of
   bids made exactly, with a 95% interval over deals (target: at least 87%; Schumacher & Pleines 2022 report 66-87%
   for their best trained agents).

Wily Wizards (issue 15; 4 players in partnerships unless said; proportions with 95% Wilson intervals):

4. a ``search`` team against the ``rulebased`` team, ``--wily-games`` duplicate games: the search team's games won
   (target: at least 90% of at least 200 games), and each team's contracts made.
5. four ``search`` bots, ``--wily-self-games`` games on fresh deals: the share of contracts made (target: >= 60%).
6. the ``rulebased`` team against a team that always passes (``passer``), ``--baseline-games`` games: it must win
   clearly (target: the interval above 75%).
7. other tables, ``--table-deals`` duplicate deals each (every rotation of the seats): 6 players in partners (three
   teams), two teams of three, no partners at 5 and at 7 players; ``search`` seats (one team) against
   ``rulebased`` seats: contracts made, by every bidder and by the search seats, and the search team's games won
   against its even share (no target).
8. decision time of ``search`` (its team against ``rulebased``, ``--wily-timing-games`` games): every decision with
   more than one legal action, auction calls included, per phase (targets: median <= 100 ms, p95 <= 300 ms).
9. the oracle gap (both games, no target): ``search`` against the same ``search`` handed the true deal in place of
   its sampled ones, duplicate; Wizard: the seeing seat's score minus the others' mean per game (``--oracle-deals``
   deals x 4 seats); Wily Wizards: games won and contracts made by the seeing team (``--oracle-deals`` x 2 teams).

``--quick`` runs small sizes (a few minutes); the full run takes about 50 minutes on the project's two cores
with 2 workers: measurements 1-3 about 21 (session 2: 1,000 Wizard games with a search seat in 1,012 s, 400 games of
3-card self-play in 84-163 s), 4-9 27 minutes (2026-12-02: 200 Wily games search vs rulebased 1,099 s, 24 games of
four search 170 s, 200 games rulebased vs passer 2 s, the other tables 167 s, the timing 15 s, the oracle gap
170 s); figures in docs/bots.md. Run it
on a regular (compiled) install, e.g. ``pip install '.[arena]'``, from a directory other than ``src``: an editable
install is pure Python and about ten times slower here (the playouts, sampling and endgames are compiled too).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Sequence
from statistics import fmean
from typing import Any

from wizardcards.arena import TournamentConfig, run_tournament
from wizardcards.arena.match import derive_seed, hands_of
from wizardcards.arena.stats import mean_ci
from wizardcards.bots import Bot, make_bot
from wizardcards.bots import search as search_module
from wizardcards.bots import wily_search as wily_module
from wizardcards.core import RuleSet, State, View, WilyState, find_rules, new_game
from wizardcards.core.wily import teams_of

TARGETS = {"median_ms": 100, "p95_ms": 300, "margin": 100, "win_rate": 0.5, "bid_accuracy": 0.87, "wily_win": 0.9,
           "wily_contracts": 0.6}


def verdict(ok: bool) -> str:
    return "MET" if ok else "NOT MET"


def interval(mean: float, half: float | None, scale: float = 1.0, unit: str = "") -> str:
    if half is None:
        return f"{mean * scale:.1f}{unit}"
    return f"{mean * scale:.1f}{unit} [{(mean - half) * scale:.1f}, {(mean + half) * scale:.1f}]"


def decision_times(spec: str, games: int, seed: int, preset: str = "standard") -> None:
    rules = find_rules(preset, players=4)
    wall: list[float] = []
    cpu: list[float] = []
    by_phase: dict[str, list[float]] = {}
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
            if len(view.legal_actions) > 1:
                by_phase.setdefault(view.phase.value, []).append(wall[-1])
            state.apply(action)
    print(f"\n1. decision time of {spec}, {preset} rules: {len(wall)} decisions ({forced} with one legal action) in "
          f"{games} games, "
          f"{time.perf_counter() - started:.0f} s; load average now {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for name, values in (("wall clock", wall), ("CPU time", cpu)):
        ms = sorted(v * 1000 for v in values)
        median = statistics.median(ms)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        print(f"   {name:>10}: median {median:.1f} ms ({verdict(median <= TARGETS['median_ms'])}: <= 100), "
              f"95th percentile {p95:.1f} ms ({verdict(p95 <= TARGETS['p95_ms'])}: <= 300), max {ms[-1]:.0f} ms")
    for phase, values in sorted(by_phase.items()):
        ms = sorted(v * 1000 for v in values)
        print(f"   {phase:>12} ({len(ms)} with a choice): median {statistics.median(ms):.1f} ms, "
              f"95th percentile {ms[min(len(ms) - 1, int(0.95 * len(ms)))]:.1f} ms")


def strength(spec: str, games: int, seed: int, workers: int, preset: str = "standard") -> None:
    rules = find_rules(preset, players=4)
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
    print(f"\n2. {spec} against three rulebased: {games} Wizard games, {preset} rules ({games // 4} duplicate deals), "
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


# --- Wily Wizards (issue 15) --------------------------------------------------------------------------------------


def contracts(rows: list[dict[str, Any]], entries: Sequence[int] | None = None) -> tuple[int, int]:
    """(contracts won in the auction, contracts made) summed over the entries asked (all by default)."""
    chosen = [rows[e] for e in entries] if entries is not None else rows
    return sum(r["high_bids"] for r in chosen), sum(r["contracts_made"] for r in chosen)


def rate_line(name: str, made: float, trials: int, target: str = "", ok: bool | None = None) -> str:
    """A proportion with its 95% Wilson interval (and the target, if any)."""
    if not trials:
        return f"   {name}: none"
    low, high = wilson(made, trials)
    text = f"   {name}: {made:g} of {trials} = {made / trials:.1%} [{low:.1%}, {high:.1%}]"
    if target:
        text += f"  ({verdict(bool(ok))}: {target})"
    return text


def wily_team(spec: str, games: int, seed: int, workers: int) -> None:
    rules = find_rules("wily", players=4)
    config = TournamentConfig(rules, (spec, "rulebased", spec, "rulebased"), games, seed, duplicate=True)
    started = time.perf_counter()
    report = run_tournament(config, workers)
    rows = report["stats"]["bots"]
    wins = rows[0]["wins"]
    print(f"\n4. Wily Wizards, partners, 4 players: a {spec} team against a rulebased team, {games} games "
          f"({games // 4} duplicate deals), {time.perf_counter() - started:.0f} s with {workers} workers")
    print(rate_line("search team's games won", wins, games, ">= 90% of >= 200 games",
                    wins / games >= TARGETS["wily_win"] and games >= 200))
    print(f"   over deals: {interval(rows[0]['win_rate'], rows[0]['win_rate_ci95'], 100, '%')}")
    for name, entries in (("search", (0, 2)), ("rulebased", (1, 3))):
        bid, made = contracts(rows, entries)
        print(rate_line(f"{name} team's contracts made", made, bid))


def wily_self_play(spec: str, games: int, seed: int, workers: int) -> None:
    rules = find_rules("wily", players=4)
    config = TournamentConfig(rules, (spec,) * 4, games, seed)
    started = time.perf_counter()
    report = run_tournament(config, workers)
    bid, made = contracts(report["stats"]["bots"])
    print(f"\n5. Wily Wizards, partners, 4 players: four {spec}, {games} games (fresh deals), "
          f"{time.perf_counter() - started:.0f} s with {workers} workers")
    print(rate_line("contracts made", made, bid, ">= 60%", made >= TARGETS["wily_contracts"] * bid))
    print("      (the interval treats the hands as independent; hands of one game share its bots, not its cards)")


def wily_baseline(games: int, seed: int, workers: int) -> None:
    rules = find_rules("wily", players=4)
    config = TournamentConfig(rules, ("rulebased", "passer", "rulebased", "passer"), games, seed, duplicate=True)
    started = time.perf_counter()
    report = run_tournament(config, workers)
    rows = report["stats"]["bots"]
    wins = rows[0]["wins"]
    low, _ = wilson(wins, games)
    print(f"\n6. Wily Wizards, partners, 4 players: a rulebased team against a team that always passes (passer), "
          f"{games} games, {time.perf_counter() - started:.0f} s")
    print(rate_line("rulebased team's games won", wins, games, "wins clearly: interval above 75%", low > 0.75))
    bid, made = contracts(rows, (0, 2))
    print(rate_line("rulebased team's contracts made", made, bid))


WILY_TABLES = (
    ("partners, 6 players (three teams of two)", "wily", 6, (0, 3)),
    ("two teams of three, 6 players", "wily-two-teams", 6, (0, 2, 4)),
    ("no partners, 5 players", "wily-no-partners", 5, (0,)),
    ("no partners, 7 players", "wily-no-partners", 7, (0,)),
)


def wily_tables(spec: str, rotations: int, seed: int, workers: int) -> None:
    print(f"\n7. Wily Wizards at other tables: the {spec} seats against rulebased seats, duplicate deals "
          f"({rotations} per table, each played in every rotation of the seats)")
    for name, preset, players, seats in WILY_TABLES:
        rules = find_rules(preset, players=players)
        bots = tuple(spec if s in seats else "rulebased" for s in range(players))
        games = rotations * players
        started = time.perf_counter()
        report = run_tournament(TournamentConfig(rules, bots, games, seed, duplicate=True), workers)
        rows = report["stats"]["bots"]
        share = 1 / len(set(teams_of(rules.mode, players)))
        wins = rows[seats[0]]["wins"]
        print(f"   {name}: {games} games, {time.perf_counter() - started:.0f} s")
        bid, made = contracts(rows)
        print("   " + rate_line("contracts made (every bidder)", made, bid))
        bid, made = contracts(rows, seats)
        print("   " + rate_line(f"contracts made by the {spec} seats", made, bid))
        print("   " + rate_line(f"games won by the {spec} team (an even share: {share:.0%})", wins, games))


def wily_decision_times(spec: str, games: int, seed: int) -> None:
    rules = find_rules("wily", players=4)
    by_phase: dict[str, list[float]] = {}
    wall: list[float] = []
    started = time.perf_counter()
    for game in range(games):
        state = new_game(rules, derive_seed(seed, "wily-timing", game))
        bots = [make_bot(spec if seat % 2 == 0 else "rulebased") for seat in range(4)]
        rng = random.Random(derive_seed(seed, "wily-timing-bot", game))
        while not state.is_terminal():
            seat = state.current_player()
            view = state.view(seat)
            if seat % 2 or len(view.legal_actions) == 1:
                state.apply(bots[seat].act(view, rng))
                continue
            t0 = time.perf_counter()
            action = bots[seat].act(view, rng)
            ms = (time.perf_counter() - t0) * 1000
            wall.append(ms)
            by_phase.setdefault(view.phase.value, []).append(ms)
            state.apply(action)
    print(f"\n8. Wily Wizards decision time of {spec} (partners, 4 players; its team against rulebased): "
          f"{len(wall)} decisions with a choice in {games} games, {time.perf_counter() - started:.0f} s; "
          f"load average now {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    median, p95, top = quantiles(wall)
    print(f"   all: median {median:.1f} ms ({verdict(median <= TARGETS['median_ms'])}: <= 100), "
          f"95th percentile {p95:.1f} ms ({verdict(p95 <= TARGETS['p95_ms'])}: <= 300), max {top:.0f} ms")
    for phase, values in by_phase.items():
        median, p95, top = quantiles(values)
        print(f"   {phase:>10}: {len(values):4d} decisions, median {median:.1f} ms, 95th percentile {p95:.1f} ms, "
              f"max {top:.0f} ms")


def quantiles(values: list[float]) -> tuple[float, float, float]:
    ms = sorted(values)
    return statistics.median(ms), ms[min(len(ms) - 1, int(0.95 * len(ms)))], ms[-1]


class TrueDeal:
    """Stands in for ``determinize.Sampler`` (``Sampler(view)``) while an oracle seat decides: every deal it
    "samples" is the true one, read from the referee's state."""

    def __init__(self, state: State) -> None:
        self.state = state

    def __call__(self, view: View) -> TrueDeal:
        return self

    def sample(self, rng: random.Random) -> list[int]:
        return [*self.state.hands, 0]

    def sample_passing(self, rng: random.Random) -> tuple[list[int], list[int]]:
        assert isinstance(self.state, WilyState)
        return [*self.state.hands, 0], list(self.state.given)


def oracle_act(bot: Bot, state: State, view: View, rng: random.Random) -> int:
    """``bot.act`` with the true deal in place of its sampled ones (the same search, seeing every card)."""
    modules = (vars(search_module), vars(wily_module))  # where the search draws its deals (``Sampler(view)``)
    saved = [names["Sampler"] for names in modules]
    for names in modules:
        names["Sampler"] = TrueDeal(state)
    try:
        return bot.act(view, rng)
    finally:
        for names, sampler in zip(modules, saved):
            names["Sampler"] = sampler


def play_with_oracles(rules: RuleSet, spec: str, seed: int, oracles: set[int], rng_seed: int) -> State:
    state = new_game(rules, seed)
    bots = [make_bot(spec) for _ in range(rules.players)]
    rng = random.Random(rng_seed)
    while not state.is_terminal():
        seat = state.current_player()
        view = state.view(seat)
        if seat in oracles and len(view.legal_actions) > 1:
            state.apply(oracle_act(bots[seat], state, view, rng))
        else:
            state.apply(bots[seat].act(view, rng))
    return state


def oracle_gap(spec: str, wizard_deals: int, wily_deals: int, seed: int) -> None:
    print(f"\n9. The distance to a player who sees every card: {spec} against the same {spec} handed the true deal "
          f"(duplicate deals; no target)")
    started = time.perf_counter()
    rules = find_rules("standard", players=4)
    gaps = []
    for deal in range(wizard_deals):
        per_rotation = []
        for oracle in range(4):
            state = play_with_oracles(rules, spec, derive_seed(seed, "oracle-deal", deal), {oracle},
                                      derive_seed(seed, "oracle-bot", deal, oracle))
            scores = state.returns()
            per_rotation.append(scores[oracle] - fmean(scores[s] for s in range(4) if s != oracle))
        gaps.append(fmean(per_rotation))
    gap, half = mean_ci(gaps)
    print(f"   Wizard, 4 players, {wizard_deals} deals x 4 seats ({time.perf_counter() - started:.0f} s): the seeing "
          f"seat's score minus the others' mean, per game: {interval(gap, half)} points")
    started = time.perf_counter()
    rules = find_rules("wily", players=4)
    won = made = bid = made_plain = bid_plain = 0
    for deal in range(wily_deals):
        for team in (0, 1):
            state = play_with_oracles(rules, spec, derive_seed(seed, "oracle-wily", deal), {team, team + 2},
                                      derive_seed(seed, "oracle-wily-bot", deal, team))
            assert isinstance(state, WilyState)
            won += team in state.winning_teams()
            for row in state.sheet:
                if row.high_bidder < 0:
                    continue
                hit = row.letter_to == (state.teams[row.high_bidder],)
                if state.teams[row.high_bidder] == team:
                    bid, made = bid + 1, made + hit
                else:
                    bid_plain, made_plain = bid_plain + 1, made_plain + hit
    games = 2 * wily_deals
    print(f"   Wily Wizards, partners, 4 players, {wily_deals} deals x 2 ({time.perf_counter() - started:.0f} s):")
    print(rate_line("games won by the seeing team", won, games))
    print(rate_line("contracts made by the seeing team", made, bid))
    print(rate_line("contracts made by the other team", made_plain, bid_plain))
    if bid and bid_plain:
        print(f"   gap in contracts made: {made / bid - made_plain / bid_plain:+.1%}")


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
    parser.add_argument("--wily-games", type=int, default=None, help="Wily games, search vs rulebased (default 200)")
    parser.add_argument("--wily-self-games", type=int, default=None, help="Wily games of four search (default 24)")
    parser.add_argument("--baseline-games", type=int, default=None, help="Wily rulebased vs passer (default 200)")
    parser.add_argument("--table-deals", type=int, default=None,
                        help="Wily deals per other table, each in every rotation (default 2)")
    parser.add_argument("--timing-games", type=int, default=None, help="games timed in this process (default 4)")
    parser.add_argument("--wily-timing-games", type=int, default=None, help="Wily games timed (default 2)")
    parser.add_argument("--oracle-deals", type=int, default=None,
                        help="deals of the oracle gap: Wizard (x 4 seats) and Wily (x 2 teams) (default 2)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--spec", default=None, help="the search bot's spec (default search:level=LEVEL), e.g. "
                        "search:policy=learned")
    parser.add_argument("--only", default="123456789", help="which measurements to run, e.g. 13")
    parser.add_argument("--rules", default="standard",
                        help="Wizard preset of measurements 1 and 2 (anniversary-2021: all seven special cards)")
    args = parser.parse_args()
    quick = args.quick
    games = args.games or (40 if quick else 1000)
    bid_games = args.bid_games or (40 if quick else 400)
    wily_games = args.wily_games or (8 if quick else 200)
    wily_self = args.wily_self_games or (2 if quick else 24)
    baseline = args.baseline_games or (20 if quick else 200)
    table_deals = args.table_deals or (1 if quick else 2)
    timing_games = args.timing_games or (1 if quick else 4)
    wily_timing = args.wily_timing_games or (1 if quick else 2)
    oracle_deals = args.oracle_deals or (1 if quick else 2)
    for name, value in (("--games", games), ("--bid-games", bid_games), ("--wily-games", wily_games),
                        ("--baseline-games", baseline)):
        if value % 4:
            raise SystemExit(f"{name} must be a multiple of 4 (duplicate deals, 4 rotations), not {value}")
    spec = args.spec or f"search:level={args.level}"
    make_bot(spec)
    print(f"benchmarks/bots.py: {spec}, seed {args.seed}, {args.workers} workers, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}")
    parts = {
        "1": lambda: decision_times(spec, timing_games, args.seed, args.rules),
        "2": lambda: strength(spec, games, args.seed, args.workers, args.rules),
        "3": lambda: bid_accuracy(spec, bid_games, args.seed, args.workers),
        "4": lambda: wily_team(spec, wily_games, args.seed, args.workers),
        "5": lambda: wily_self_play(spec, wily_self, args.seed, args.workers),
        "6": lambda: wily_baseline(baseline, args.seed, args.workers),
        "7": lambda: wily_tables(spec, table_deals, args.seed, args.workers),
        "8": lambda: wily_decision_times(spec, wily_timing, args.seed),
        "9": lambda: oracle_gap(spec, oracle_deals, oracle_deals, args.seed),
    }
    for key, run in parts.items():
        if key in args.only:
            started = time.perf_counter()
            run()
            print(f"   (measurement {key}: {time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
