"""Exact play of the last tricks of a Wizard hand on a fully known deal: every seat plays for its own round score.

``search`` evaluates a move on each sampled deal by playing the rest of the hand out. With many cards left that is a
heuristic playout (``rollout.py``). With few cards left (a 3-card hand from the start, or the last tricks of any
hand) the rest of the hand is small enough to solve: this module finds, by exhaustive search, the play in which
every seat, knowing all the cards of the deal, chooses at each turn the card that gives it the best round score
given how the others will play after it (*max^n*, the multi-player generalisation of minimax: each seat maximises
its own payoff, not the others' loss). Where a seat's choices tie for its score, the first card found (lowest card
id) is taken.

Measured on 3-card self-play (``docs/bots.md``): evaluating moves and bids with this solver instead of heuristic
playouts makes the players far more predictable to each other, and bids more often made.

Speed
-----
A seat's best possible score is making its bid (or, once that is out of reach, missing it by as little as the
cards left allow); as soon as one of its cards reaches that bound, its other cards cannot do better and are not
searched (the choice is the same as with a full search: the first card found among the best). The last trick is
forced and scored directly. A 4-player 3-card hand (12 cards) is solved in well under a millisecond of pure Python
on average; the cost grows about tenfold per extra trick, which is why ``search`` solves at most ``MAX_TRICKS``
tricks.

The rules are the core's: legal cards (``tricks.legal_cards``), the suit to follow (``tricks.next_led``), the round
score (``wizard.round_score``), and the trick winner, followed card by card through ``rollout.beats`` (the core's
``tricks.winning_position`` tabulated; calling it on each complete trick instead makes a solve about 1.5 times as
slow).
``tests/bots/test_endgame.py`` checks the solver against a plain max^n search.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.tricks import legal_cards, next_led
from ..core.wizard import round_score
from .rollout import beats, winning_so_far

MAX_TRICKS = 3
"""Solve exactly when at most this many tricks are left in the hand (4 players: 12 cards)."""


def solve_cost(players: int, tricks_left: int) -> int:
    """About what one solve costs, in card plays of a heuristic playout (measured: 4 players, 3 tricks about 12
    playouts of 12 cards; each extra player about doubles it)."""
    return (1, 4, 20)[min(tricks_left, MAX_TRICKS) - 1] << players


class Endgame:
    """The max^n solution of the rest of one hand; see the module docstring. Build one per deal, then ``solve``."""

    def __init__(self, trump: int, lead_rule: int, targets: Sequence[int]) -> None:
        self.trump = trump
        self.lead_rule = lead_rule
        self.targets = list(targets)

    def solve(
        self, hands: list[int], trick: list[int], leader: int, led: int, won: list[int], first: int = -1
    ) -> list[int]:
        """Tricks won by each seat at the end of the hand from this position (``hands``, ``won`` are not changed).
        ``first``: the card the seat on turn plays now (the move being evaluated), else its best card."""
        hands = list(hands)
        won = list(won)
        n = len(hands)
        pos = len(trick)
        best, best_pos = winning_so_far(trick, self.trump)
        if first >= 0:
            p = (leader + pos) % n
            hands[p] ^= 1 << first
            if pos == 0 or beats(first, best, self.trump):
                best, best_pos = first, pos
            led = next_led(led, first, pos, self.lead_rule)
            pos += 1
        tricks_left = (sum(h.bit_count() for h in hands) + pos) // n
        return list(self._node(hands, won, leader, pos, led, best, best_pos, tricks_left))

    def _node(
        self, hands: list[int], won: list[int], leader: int, pos: int, led: int, best: int, best_pos: int,
        tricks_left: int,
    ) -> tuple[int, ...]:
        n = len(hands)
        if pos == n:  # the trick is complete
            winner = (leader + best_pos) % n
            won[winner] += 1
            try:
                if tricks_left == 1:
                    return tuple(won)
                if tricks_left == 2:
                    return self._last_trick(hands, won, winner)
                return self._node(hands, won, winner, 0, -1, -1, -1, tricks_left - 1)
            finally:
                won[winner] -= 1
        p = (leader + pos) % n
        hand = hands[p]
        legal = legal_cards(hand, led)
        target = self.targets[p]
        have = won[p]
        # The best score seat p can still hope for: its bid made if still possible, else the nearest miss.
        if have > target:
            bound = round_score(target, have)
        elif have + tricks_left < target:
            bound = round_score(target, have + tricks_left)
        else:
            bound = round_score(target, target)
        trump = self.trump
        lead_rule = self.lead_rule
        result: tuple[int, ...] = ()
        result_score = -(1 << 30)
        m = legal
        while m:
            low = m & -m
            m ^= low
            card = low.bit_length() - 1
            hands[p] = hand ^ low
            if pos == 0 or beats(card, best, trump):
                outcome = self._node(hands, won, leader, pos + 1, next_led(led, card, pos, lead_rule), card, pos,
                                     tricks_left)
            else:
                outcome = self._node(hands, won, leader, pos + 1, next_led(led, card, pos, lead_rule), best,
                                     best_pos, tricks_left)
            score = round_score(target, outcome[p])
            if score > result_score:
                result, result_score = outcome, score
                if score >= bound:
                    break
        hands[p] = hand
        return result

    def _last_trick(self, hands: list[int], won: list[int], leader: int) -> tuple[int, ...]:
        """Each seat has one card left: play them out."""
        n = len(hands)
        trump = self.trump
        best, best_pos = -1, -1
        for pos in range(n):
            card = hands[(leader + pos) % n].bit_length() - 1
            if pos == 0 or beats(card, best, trump):
                best, best_pos = card, pos
        out = list(won)
        out[(leader + best_pos) % n] += 1
        return tuple(out)


__all__ = ["MAX_TRICKS", "Endgame", "solve_cost"]
