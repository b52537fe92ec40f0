"""How likely the true hidden hands are under each way of weighting the sampled deals (issue 28, item 3).

    python benchmarks/inference_likelihood.py [--games 12] [--players 4] [--cards 9] [--candidates 200] [--seed 3]

``search`` draws deals uniformly from those consistent with what the seat knows and weights them: today by the
likelihood of the bids (``inference.BidModel``), with ``search:infer=cards`` also by the likelihood of every card
the other seats played under the learned play model (``play_model.plays_log_likelihood``). A weighting is better
the more probability it puts on the deal that is really there. Under uniform sampling the true deal has probability
1 / D (D consistent deals, ``Sampler.total``); under a weighting w it has w(true) / (D * mean w), the mean over
uniform deals. So the gain of a weighting over uniform sampling, in bits, is

    log2 w(true deal) - log2 (mean of w over uniform deals)

estimated with ``--candidates`` uniform deals per position. Positions: the start of every trick after the first
(and the first, where only the bids are known), for every seat, in games of ``search:level=1`` self-play with
``--cards``-card hands (one hand per seat as dealer). Printed: the mean gain of each weighting with a 95% interval,
by trick, and log2 D for scale. The card weighting is shown at the strengths (``cards=X``, the power the cards'
likelihood is raised to) given by ``--strengths``.
"""

from __future__ import annotations

import argparse
import math
import random
from statistics import fmean

from wizardcards.arena.match import derive_seed, hands_of
from wizardcards.arena.stats import mean_ci
from wizardcards.bots.determinize import Sampler
from wizardcards.bots.inference import BidModel, dealt_hands
from wizardcards.bots.search import SearchBot
from wizardcards.core import find_rules, new_game
from wizardcards.core.state import Phase

READER = SearchBot(level=1, policy="learned", infer="cards")
"""Only its ``card_likelihood`` is used: the cards' weighting of ``search:infer=cards``, shipped play model."""


def log_mean_exp(values: list[float]) -> float:
    top = max(values)
    return top + math.log(fmean(math.exp(v - top) for v in values))


def gains(view, true_hands: list[int], candidates: int, rng: random.Random,
          strengths: list[float]) -> tuple[float, list[float], float]:
    """(bits gained by the bid weighting, by the bid and card weighting at each strength, log2 D) at one view."""
    n, me = view.players, view.seat
    model = BidModel(view.trump_suit, n, view.hand_size, view.dealer)
    cards_likelihood = READER.card_likelihood(view)  # the very weighting search:infer=cards uses

    def logs(hands: list[int]) -> tuple[float, float]:
        dealt = dealt_hands(hands, list(view.played_by))
        bid = math.log(max(model.weight(dealt, view.bids, me), 1e-300))
        return bid, cards_likelihood(dealt) if cards_likelihood is not None else 0.0

    sampler = Sampler(view)
    drawn = [logs(sampler.sample(rng)[:n]) for _ in range(candidates)]
    true_bid, true_cards = logs(true_hands)
    bid_gain = true_bid - log_mean_exp([b for b, _ in drawn])
    card_gains = [true_bid + s * true_cards - log_mean_exp([b + s * c for b, c in drawn]) for s in strengths]
    return bid_gain / math.log(2), [g / math.log(2) for g in card_gains], math.log2(sampler.total)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, default=9)
    parser.add_argument("--candidates", type=int, default=200)
    parser.add_argument("--strengths", default="0.5,1")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    strengths = [float(s) for s in args.strengths.split(",")]
    rules = hands_of(find_rules("standard", players=args.players), args.cards)
    by_trick: dict[int, list[tuple[float, list[float], float]]] = {}
    for game in range(args.games):
        state = new_game(rules, derive_seed(args.seed, "likelihood-deal", game))
        bots = [SearchBot(level=1) for _ in range(args.players)]
        rng = random.Random(derive_seed(args.seed, "likelihood-bot", game))
        while not state.is_terminal():
            seat = state.current_player()
            view = state.view(seat)
            if view.phase is Phase.PLAY and not view.trick:
                trick = len(view.round_tricks)
                if trick < args.cards - 1:  # the last trick's cards are forced: nothing left to infer
                    for me in range(args.players):
                        seen = state.view(me)
                        hidden = [h if s != me else seen.hand for s, h in enumerate(state.hands)]
                        by_trick.setdefault(trick, []).append(
                            gains(seen, hidden, args.candidates, rng, strengths))
            state.apply(bots[seat].act(view, rng))
    print(f"{args.games} games of search:level=1, {args.players} players, {args.cards}-card hands; "
          f"{args.candidates} uniform deals per position; bits gained over uniform sampling, 95% intervals")
    header = "  trick  positions  log2 D   bids            " + "  ".join(f"bids+cards^{s:<6}" for s in strengths)
    print(header)

    def show(values: list[float]) -> str:
        mean, half = mean_ci(values)
        return f"{mean:+.2f} +-{half or 0:.2f}"

    for trick in sorted(by_trick):
        rows = by_trick[trick]
        cells = [show([r[1][i] for r in rows]) for i in range(len(strengths))]
        bids = show([r[0] for r in rows])
        print(f"  {trick + 1:>5}  {len(rows):>9}  {fmean(r[2] for r in rows):>6.1f}   {bids:<14}  "
              + "  ".join(f"{c:<16}" for c in cells))


if __name__ == "__main__":
    main()
