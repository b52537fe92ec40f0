"""Exact play of the last tricks of a Wily Wizards hand on a fully known deal: the bidder's team against the rest.

A Wily hand has one question, whether the high bidder's team reaches its contract: the bidder's team wants it,
every other seat wants it broken (each other team gains a letter then). So the rest of the hand is a two-sided
game with a yes-or-no outcome, solved by plain minimax with early exits: a seat stops looking at its cards as soon
as one gives its side the outcome it wants, and a node is decided without search once the contract is made or out
of reach. Where a seat's choices tie, the first card found (lowest card id) is taken. ``wily_search.play_values``
uses it, as the Wizard search uses ``endgame.py``, for at most ``MAX_TRICKS`` tricks left.

The rules are the core's: legal cards (``tricks.legal_cards``), the suit to follow (``tricks.next_led``) and the
trick winner card by card through ``rollout.beats`` (the core's ``tricks.winning_position`` tabulated).
``tests/bots/test_wily_bidding.py`` checks the solver against a plain search over every line of play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..core.tricks import legal_cards, next_led
from .rollout import beats, winning_so_far

MAX_TRICKS: Final = 3
"""Solve exactly when at most this many tricks are left in the hand."""


class WilyEndgame:
    """The minimax solution of the rest of one hand (module docstring). Build one per deal, then ``makes``."""

    __slots__ = ("trump", "lead_rule", "sides", "contract")

    def __init__(self, trump: int, lead_rule: int, teams: Sequence[int], bidder_team: int, contract: int) -> None:
        self.trump = trump
        self.lead_rule = lead_rule
        self.sides = [team == bidder_team for team in teams]  # True: the seat plays for the contract
        self.contract = contract

    def makes(
        self, hands: list[int], trick: list[int], leader: int, led: int, won: Sequence[int], first: int = -1
    ) -> bool:
        """Whether the bidder's team reaches the contract from this position with best play by both sides
        (``hands`` is not changed). ``first``: the card the seat on turn plays now (the move being evaluated)."""
        hands = list(hands)
        n = len(hands)
        pos = len(trick)
        best, best_pos = winning_so_far(trick, self.trump)
        if first >= 0:
            hands[(leader + pos) % n] ^= 1 << first
            if pos == 0 or beats(first, best, self.trump):
                best, best_pos = first, pos
            led = next_led(led, first, pos, self.lead_rule)
            pos += 1
        tricks_left = (sum(h.bit_count() for h in hands) + pos) // n
        taken = sum(w for s, w in enumerate(won) if self.sides[s])
        return self._node(hands, leader, pos, led, best, best_pos, taken, tricks_left)

    def _node(
        self, hands: list[int], leader: int, pos: int, led: int, best: int, best_pos: int, taken: int,
        tricks_left: int,
    ) -> bool:
        n = len(hands)
        if pos == n:  # the trick is complete
            winner = (leader + best_pos) % n
            taken += self.sides[winner]
            tricks_left -= 1
            if taken >= self.contract:
                return True
            if taken + tricks_left < self.contract:
                return False
            return self._node(hands, winner, 0, -1, -1, -1, taken, tricks_left)
        if pos == 0:
            if taken >= self.contract:
                return True
            if taken + tricks_left < self.contract:
                return False
        p = (leader + pos) % n
        hand = hands[p]
        wants = self.sides[p]
        trump = self.trump
        m = legal_cards(hand, led)
        while m:
            low = m & -m
            m ^= low
            card = low.bit_length() - 1
            hands[p] = hand ^ low
            takes = pos == 0 or beats(card, best, trump)
            outcome = self._node(hands, leader, pos + 1, next_led(led, card, pos, self.lead_rule),
                                 card if takes else best, pos if takes else best_pos, taken, tricks_left)
            if outcome == wants:
                hands[p] = hand
                return wants
        hands[p] = hand
        return not wants


__all__ = ["MAX_TRICKS", "WilyEndgame"]
