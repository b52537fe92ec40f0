"""Randomness of a game: the first dealer's draw and the shuffled deck of every deal, from the game's seed.

Deal number k of a game is a pure function of (seed, k). ``DEAL_ALGORITHM`` names this shuffle and its version; a
game record names it too, since a seed replays the same game only under the same algorithm.
"""

from __future__ import annotations

import random
from typing import Final

from .cards import DECK_SIZE, FIRST_JESTER, FIRST_WIZARD, RANKS

DEAL_ALGORITHM: Final = "wizardcards-deal/1"
"""Partial Fisher-Yates from Python's ``random.Random(seed)``, three positions per ``random()``: see ``DealSource``."""

_ORDERED_DECK: Final[tuple[int, ...]] = tuple(range(DECK_SIZE))


class DealSource:
    """Shuffled decks for deal 0, 1, 2, ... of one game, generated in order from the game's seed and remembered."""

    __slots__ = ("_rng", "_decks", "_seed", "_cards")

    def __init__(self, seed: int, cards: tuple[int, ...] = _ORDERED_DECK) -> None:
        """``cards``: the deck in id order (``RuleSet.deck``: the 60, then any special cards). The 60 alone shuffle
        exactly as before the special cards existed."""
        self._seed = seed
        self._rng = random.Random(seed)
        self._decks: list[tuple[int, ...]] = []
        self._cards = cards

    def random_suit(self, index: int) -> int:
        """A suit for deal ``index`` (the ``wizard_turned="random_suit"`` mode), from a stream of its own, so that the
        decks of a seed stay the same whichever mode is played."""
        return random.Random(f"wizardcards-suit/{self._seed}/{index}").randrange(4)

    def deck(self, index: int, needed: int = DECK_SIZE) -> tuple[int, ...]:
        """Deck ``index`` of the game: its first ``needed`` cards are a uniformly random sequence, the rest follow
        in a fixed order. A game always asks for the same ``needed`` at the same index, so decks are reproducible."""
        decks = self._decks
        while len(decks) <= index:
            decks.append(tuple(self._shuffled(needed, self._cards)))
        return decks[index]

    def _shuffled(self, needed: int, cards: tuple[int, ...] = _ORDERED_DECK) -> list[int]:
        """The deck's cards (the 60 unless told), the first ``needed`` of them a uniformly random sequence.

        Fisher-Yates, stopped once those cards are drawn: cards nobody will see need no shuffling, and a 4-player
        round deals 33 cards on average. One random() (53 bits) gives three positions: each step uses the fraction
        left by the last, which keeps more than 40 bits for the third, so the bias is below 2**-34."""
        deck = list(cards)
        size = len(deck)
        rnd = self._rng.random
        fraction = 0.0
        for i in range(min(needed, size - 1)):
            if i % 3 == 0:
                fraction = rnd()
            fraction *= size - i
            step = int(fraction)
            fraction -= step
            j = i + step
            card = deck[j]
            deck[j] = deck[i]
            deck[i] = card
        return deck

    def draw_first_dealer(self, players: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
        """RULES.md "Dealer": each contender draws a card; highest deals (Wizards high, Jesters low, suits do not
        break ties); tied players draw again. Drawn before any deal, from the same stream, always from the 60 cards
        (docs/rules.md: the special cards are set aside for the draw). Returns the dealer and
        each draw (a card per seat, -1 for a seat not drawing)."""
        contenders = list(range(players))
        draws = []
        while True:
            cards = self._shuffled(len(contenders))
            drawn = [-1] * players
            for seat, card in zip(contenders, cards):
                drawn[seat] = card
            draws.append(tuple(drawn))
            best = max(_draw_strength(drawn[s]) for s in contenders)
            contenders = [s for s in contenders if _draw_strength(drawn[s]) == best]
            if len(contenders) == 1:
                return contenders[0], tuple(draws)


def scorekeeper_of(dealer: int, draws: tuple[tuple[int, ...], ...]) -> int:
    """RULES.md "Dealer": the lowest card of the first draw keeps score (Jesters lowest, suits do not break ties).
    Players tied for the lowest card: the first of them clockwise from the dealer's left. No draw (the first dealer
    was given): the first dealer keeps score."""
    players = len(draws[0]) if draws else 0
    if not players:
        return dealer
    first = draws[0]
    order = [(dealer + 1 + k) % players for k in range(players)]
    return min(order, key=lambda seat: _draw_strength(first[seat]))


def _draw_strength(card: int) -> int:
    return 100 if FIRST_WIZARD <= card < FIRST_JESTER else (-1 if card >= FIRST_JESTER else card % RANKS)


__all__ = ["DEAL_ALGORITHM", "DealSource", "scorekeeper_of"]
