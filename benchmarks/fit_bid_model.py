"""Fit the bid model of ``wizardcards.bots.inference`` on the bids of a bot in self-play.

    python benchmarks/fit_bid_model.py [--bot search] [--short-games 200] [--full-games 40] [--seed 11]
                                       [--save bids.json] [--load bids.json ...]

Plays ``--short-games`` 4-player games of four 3-card hands and ``--full-games`` standard 4-player games with the bot
in every seat (the deals of a seed that the benchmarks do not use), records every bid with the hand it was made on,
and fits the seven constants of the ordered-logit bid model (``CUT``, ``STEP``, ``LATE``, ``SCALE``,
``SCALE_PER_CARD``, ``SHRINK``, ``FREE``) by maximum likelihood (Nelder-Mead on the mean log-likelihood). Prints the
constants, the mean log-likelihood per bid of the fit and of the module's constants, and a calibration table per hand
size.
``--load`` reuses records saved by ``--save`` instead of playing. The fit is the model's only source of numbers:
paste the printed constants into ``inference.py``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable, Sequence

from wizardcards.arena.match import derive_seed, hands_of
from wizardcards.bots import make_bot
from wizardcards.bots.inference import (
    CONSTANTS,
    bid_probabilities,
    free_tricks,
    hand_value_of,
    place_in_bidding,
    value_table,
)
from wizardcards.core import actions as A
from wizardcards.core import find_rules, new_game
from wizardcards.core.state import Phase

NAMES = ("CUT", "STEP", "LATE", "SCALE", "SCALE_PER_CARD", "SHRINK", "FREE")
Record = tuple[float, int, float, float, int]
"""(value of the dealt hand, hand size, place in the bidding, free tricks left by the earlier bids, bid)"""


def play(bot: str, games: int, cards: int | None, seed: int) -> list[Record]:
    rules = find_rules("standard", players=4)
    if cards is not None:
        rules = hands_of(rules, cards)
    records: list[Record] = []
    for game in range(games):
        state = new_game(rules, derive_seed(seed, "fit-deal", cards, game))
        bots = [make_bot(bot) for _ in range(4)]
        rng = random.Random(derive_seed(seed, "fit-bot", cards, game))
        while not state.is_terminal():
            seat = state.current_player()
            view = state.view(seat)
            action = bots[seat].act(view, rng)
            if view.phase is Phase.BID:
                value = hand_value_of(view.hand, value_table(view.trump_suit, 4))
                place = place_in_bidding(seat, view.dealer, 4)
                earlier = [b for b in view.bids if b is not None]
                free = free_tricks(earlier, view.hand_size, 4)
                records.append((value, view.hand_size, place, free, action - A.BID_BASE))
            state.apply(action)
    return records


def log_likelihood(params: Sequence[float], records: Sequence[Record]) -> float:
    total = 0.0
    for value, size, place, free, bid in records:
        total += math.log(bid_probabilities(value, size, place, free, params)[bid])
    return total / len(records)


def nelder_mead(
    f: Callable[[list[float]], float], start: list[float], step: float = 0.1, rounds: int = 400
) -> list[float]:
    """Minimise ``f`` from ``start`` (a few parameters: a plain simplex search is enough)."""
    simplex = [start] + [[x + (step if i == j else 0.0) for j, x in enumerate(start)] for i in range(len(start))]
    scores = [f(p) for p in simplex]
    for _ in range(rounds):
        order = sorted(range(len(simplex)), key=scores.__getitem__)
        simplex = [simplex[i] for i in order]
        scores = [scores[i] for i in order]
        centre = [sum(p[j] for p in simplex[:-1]) / (len(simplex) - 1) for j in range(len(start))]
        worst = simplex[-1]
        reflected = [c + (c - w) for c, w in zip(centre, worst)]
        r = f(reflected)
        if r < scores[0]:
            expanded = [c + 2 * (c - w) for c, w in zip(centre, worst)]
            e = f(expanded)
            simplex[-1], scores[-1] = (expanded, e) if e < r else (reflected, r)
        elif r < scores[-2]:
            simplex[-1], scores[-1] = reflected, r
        else:
            contracted = [c + 0.5 * (w - c) for c, w in zip(centre, worst)]
            k = f(contracted)
            if k < scores[-1]:
                simplex[-1], scores[-1] = contracted, k
            else:
                best = simplex[0]
                simplex = [best] + [[b + 0.5 * (x - b) for b, x in zip(best, p)] for p in simplex[1:]]
                scores = [scores[0]] + [f(p) for p in simplex[1:]]
    return simplex[min(range(len(simplex)), key=scores.__getitem__)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="search")
    parser.add_argument("--short-games", type=int, default=200)
    parser.add_argument("--full-games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--save")
    parser.add_argument("--load", nargs="*")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.load:
        records: list[Record] = [tuple(r) for path in args.load for r in json.load(open(path))]  # type: ignore[misc]
    else:
        records = play(args.bot, args.short_games, 3, args.seed) + play(args.bot, args.full_games, None, args.seed)
        print(f"{len(records)} bids of {args.bot} recorded in {time.perf_counter() - started:.0f} s")
        if args.save:
            with open(args.save, "w") as out:
                json.dump(records, out)
    module = list(CONSTANTS)
    fitted = nelder_mead(lambda p: -log_likelihood(p, records), module)
    print("fitted: " + ", ".join(f"{name} = {x:.3f}" for name, x in zip(
        NAMES, fitted)))
    print(f"mean log-likelihood per bid: fitted {log_likelihood(fitted, records):.4f}, "
          f"module constants {log_likelihood(module, records):.4f}, over {len(records)} bids")
    print("hand size: bids, mean bid, mean predicted bid, share of bids the model's most likely bid")
    for size in sorted({r[1] for r in records}):
        rows = [r for r in records if r[1] == size]
        predicted = [bid_probabilities(v, s, p, f, fitted) for v, s, p, f, _ in rows]
        mean_pred = sum(sum(b * q for b, q in enumerate(ps)) for ps in predicted) / len(rows)
        hits = sum(max(range(len(ps)), key=ps.__getitem__) == r[4] for ps, r in zip(predicted, rows)) / len(rows)
        print(f"  {size:2d}: {len(rows):5d}  {sum(r[4] for r in rows) / len(rows):.2f}  {mean_pred:.2f}  {hits:.0%}")


if __name__ == "__main__":
    main()
