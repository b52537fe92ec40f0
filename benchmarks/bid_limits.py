"""Where bid accuracy in 3-card self-play is lost: ``search`` against versions of itself that see every card.

    python benchmarks/bid_limits.py [--games 80] [--seed 1] [--level 3]

Plays ``--games`` 4-player games of four 3-card hands (the deals and seat rotations of ``benchmarks/bots.py``
measurement 3: duplicate deals, same seed) four times, with four seats of:

* ``honest``: ``search`` as it is;
* ``sees all in play``: ``search`` whose play decisions use the true deal as their only sampled deal (it bids
  honestly);
* ``sees all in bidding``: the true deal when bidding, honest play;
* ``sees all``: both.

and prints the bid accuracy of each with its 95% Wilson interval, and the share of bids whose seat took more or fewer
tricks than it bid. The seats that see all are not bots one could use (they read the referee's state): they bound
what better inference about the hidden cards could give this search, in bidding and in play. An 80-game run takes
about 2 minutes on one core of a compiled install.
"""

from __future__ import annotations

import argparse
import random
import time

from bots import wilson  # type: ignore[import-not-found]

from wizardcards.arena.match import derive_seed, hands_of, seat_entries
from wizardcards.bots.determinize import Sampler
from wizardcards.bots.inference import BidModel, dealt_hands
from wizardcards.bots.search import SearchBot
from wizardcards.core import Phase, View, find_rules, new_game


class SeesAll(SearchBot):
    """``search`` whose sampled deals are replaced by the true one (set by the referee loop before each decision)."""

    def __init__(self, level: int, in_bidding: bool, in_play: bool) -> None:
        super().__init__(level=level)
        self.in_bidding = in_bidding
        self.in_play = in_play
        self.true_hands: list[int] = []

    def _weighted_deals(
        self, view: View, sampler: Sampler, deals: int, rng: random.Random, model: BidModel, played: list[int],
    ) -> list[tuple[list[int], list[int], int]]:
        if (self.in_bidding and view.phase is Phase.BID) or (self.in_play and view.phase is Phase.PLAY):
            return [(list(self.true_hands), dealt_hands(self.true_hands, played), 1)]
        return super()._weighted_deals(view, sampler, deals, rng, model, played)


def accuracy(games: int, seed: int, level: int, in_bidding: bool, in_play: bool) -> tuple[int, int, int, int]:
    """(bids made, bids, bids overshot, bids undershot)."""
    rules = hands_of(find_rules("standard", players=4), 3)
    made = total = over = under = 0
    for game in range(games):
        entries = seat_entries(game, 4)
        state = new_game(rules, derive_seed(seed, "deal", game // 4))
        bots = [SeesAll(level, in_bidding, in_play) for _ in entries]
        rngs = [random.Random(derive_seed(seed, "bot", game, entry)) for entry in entries]
        while not state.is_terminal():
            seat = state.current_player()
            bots[seat].true_hands = list(state.hands)
            rounds = len(state.sheet)
            state.apply(bots[seat].act(state.view(seat), rngs[seat]))
            if len(state.sheet) > rounds:
                result = state.sheet[-1]
                for bid, tricks in zip(result.bids, result.tricks):
                    total += 1
                    made += bid == tricks
                    over += tricks > bid
                    under += tricks < bid
    return made, total, over, under


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", type=int, default=3)
    args = parser.parse_args()
    print(f"benchmarks/bid_limits.py: search:level={args.level}, {args.games} games of four 3-card hands, seed "
          f"{args.seed}")
    for label, in_bidding, in_play in (("honest", False, False), ("sees all in play", False, True),
                                       ("sees all in bidding", True, False), ("sees all", True, True)):
        started = time.perf_counter()
        made, total, over, under = accuracy(args.games, args.seed, args.level, in_bidding, in_play)
        low, high = wilson(made, total)
        print(f"   {label:20s} bid accuracy {made / total:.1%} [{low:.1%}, {high:.1%}] over {total} bids; took more "
              f"{over / total:.1%}, fewer {under / total:.1%}; {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
