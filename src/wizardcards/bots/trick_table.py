"""Who takes a trick over, tabulated: the table the playouts, the exact endgames and the play model read.

The card winning a trick so far decides against a later card as if it had led a two-card trick, so one table of the
core's trick winner on two-card tricks (``tricks.winning_position``), built once at import, answers "does this card
take the trick over?" with one byte read (calling the core there instead makes a playout a fifth slower).
Compiled with the core (mypyc, ``setup.py``).
"""

from __future__ import annotations

from typing import Final

from ..core.cards import DECK_SIZE
from ..core.tricks import winning_position


def _takeovers() -> bytes:
    # The card winning a trick so far decides against a later card as if it had led a two-card trick: it sets the
    # suit to beat (or is a trump, a Wizard that nothing beats, or the first of only Jesters).
    return bytes(winning_position([best, card], trump) == 1 for trump in range(-1, 4) for best in range(DECK_SIZE)
                 for card in range(DECK_SIZE))


TAKES_OVER: Final[bytes] = _takeovers()
"""``TAKES_OVER[((trump + 1) * 60 + best) * 60 + card]``: 1 when ``card`` takes a trick over from ``best``, by the
core's trick winner (``tricks.winning_position``), tabulated once so that the policy's inner loop reads a byte."""


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` played now would take over a trick whose winning card so far is ``best`` (a card id, so the
    trick is not empty)."""
    return TAKES_OVER[((trump + 1) * DECK_SIZE + best) * DECK_SIZE + card] != 0


def winning_so_far(trick: list[int], trump: int) -> tuple[int, int]:
    """The winning card of a trick under way and its position in it; (-1, -1) for an empty trick."""
    best, best_pos = -1, -1
    for i, card in enumerate(trick):
        if i == 0 or beats(card, best, trump):
            best, best_pos = card, i
    return best, best_pos


__all__ = ["TAKES_OVER", "beats", "winning_so_far"]
