"""Determinisation: complete deals drawn uniformly from those consistent with what one seat's ``View`` shows.

Nothing but the View is read. What it tells about the cards this seat cannot see:

* its own hand, every card played this hand (who played it follows from the trick leaders), and the turned-up trump
  card are not in anybody's hidden hand;
* each other seat holds ``hand_size`` cards minus those it played (Wily Wizards, while cards are being passed: the
  seats that gave before this one hold three cards fewer, their three given cards being in flight);
* a seat that did not follow the suit led with a suited card of another suit holds no card of that suit (a Wizard
  or a Jester may always be played and tells nothing);
* Wily Wizards, after the exchange: the cards this seat gave are in its receiver's hand unless played since;
* the rest of the unseen cards, the undealt deck (Wizard) or the Cauldron (Wily Wizards), are unseen by everybody:
  they form one more *bin* that takes any card.

Uniform sampling
----------------
Every unseen card goes to one bin (a hidden hand, or the rest) of a known size. The constraints are per suit, so the
cards fall into *groups* that behave alike: each suit some seat is void in (its allowed bins: the seats not void in
it, and the rest), and one free group (the other suits, Wizards and Jesters: allowed everywhere). A deal is fixed by a
matrix ``x[g][b]`` (how many cards of group g bin b gets) and, given the matrix, by which cards of each group go where;
the number of deals with matrix x is ``prod_g multinomial(c_g; x[g])``. The sampler counts, by a memoised recursion
over the groups and the bins' remaining room, ``F(i, room)`` = the number of ways to deal groups i.. into that room,
draws each group's row with probability proportional to ``multinomial(row) * F(i + 1, room - row)`` (exact integer
arithmetic), then shuffles each group's cards into its row. The probability of a deal is the product of those
conditional probabilities, which telescopes to ``1 / F(0, room)``: every consistent deal is equally likely.
``tests/bots/test_determinize.py`` checks the frequencies against exact enumeration.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import factorial

from ..core.cards import DECK_SIZE, FULL_DECK, RANKS, SUIT_MASKS, SUITED_CARDS
from ..core.rules import CARDS_PASSED, Game
from ..core.state import Phase
from ..core.tricks import next_led
from ..core.view import View
from ..core.wily import receivers_of

_FACT = tuple(factorial(k) for k in range(DECK_SIZE + 1))


def _multinomial(total: int, parts: tuple[int, ...] | list[int]) -> int:
    out = _FACT[total]
    for part in parts:
        out //= _FACT[part]
    return out


@dataclass
class Knowledge:
    """What a view tells about the hidden cards. Bins are the seats 0..n-1 and the rest (bin n)."""

    players: int
    seat: int
    pool: int  # unseen cards to deal out
    room: list[int]  # cards each bin receives from the pool (0 for this seat)
    fixed: list[int]  # cards known to be in each seat's hand (this seat's whole hand)
    void: list[int]  # per seat, a 4-bit mask of the suits it cannot hold
    in_flight: list[int] = field(default_factory=list)  # Wily, passing: cards given but not yet exchanged, per seat


def plays_and_voids(view: View) -> tuple[list[int], list[int]]:
    """Cards played this hand by each seat, and the suits each seat has shown to be out of."""
    n = view.players
    played = [0] * n
    void = [0] * n
    first_suited = view.rules.jester_lead.value == "first_suited"
    tricks = [(leader, cards) for leader, cards, _ in view.round_tricks]
    tricks.append((view.trick_leader, view.trick))
    for leader, cards in tricks:
        led = -1
        for position, card in enumerate(cards):
            seat = (leader + position) % n
            played[seat] += 1
            if 0 <= led < 4 and card < SUITED_CARDS and card // RANKS != led:
                void[seat] |= 1 << led
            led = next_led(led, card, position, first_suited)
    return played, void


def knowledge(view: View) -> Knowledge:
    """Read every constraint on the hidden cards from ``view`` (see the module docstring)."""
    n, me, size = view.players, view.seat, view.hand_size
    played, void = plays_and_voids(view)
    seen = view.hand | view.played | view.given
    if view.trump_card >= 0:
        seen |= 1 << view.trump_card
    fixed = [0] * n
    fixed[me] = view.hand
    in_flight = [0] * n
    counts = [size - played[s] for s in range(n)]
    if view.game is Game.WILY and view.phase is Phase.PASS_CARDS:
        # The seats from the high bidder up to this one (the order of giving) gave three cards each. Those cards are
        # in flight: they are dealt out as part of the giver's cards here and marked in flight by sample_passing.
        seat = view.high_bidder
        while seat != me:
            in_flight[seat] = CARDS_PASSED
            seat = (seat + 1) % n
    elif view.game is Game.WILY and view.given:
        receivers = receivers_of(view.rules.mode, view.rules.passing, n)
        if receivers is not None:
            fixed[receivers[me]] |= view.given & ~view.played
    pool = FULL_DECK & ~seen
    for s in range(n):
        pool &= ~fixed[s]
    room = [0 if s == me else counts[s] - fixed[s].bit_count() for s in range(n)]
    rest = pool.bit_count() - sum(room)
    if rest < 0 or min(room) < 0:
        raise ValueError(f"view of seat {me} is inconsistent: {pool.bit_count()} unseen cards for {sum(room)} places")
    return Knowledge(n, me, pool, [*room, rest], fixed, void, in_flight)


class Sampler:
    """Draws complete deals uniformly from those consistent with a view (see the module docstring)."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.know = k = knowledge(view)
        bins = len(k.room)
        self.groups: list[tuple[list[int], tuple[int, ...]]] = []
        free = k.pool
        for suit in range(4):
            banned = tuple(s for s in range(k.players) if k.void[s] >> suit & 1 and k.room[s] > 0)
            cards = k.pool & SUIT_MASKS[suit]
            if banned and cards:
                allowed = tuple(b for b in range(bins) if b not in banned and k.room[b] > 0)
                self.groups.append((_cards(cards), allowed))
                free &= ~cards
        self.groups.sort(key=lambda g: len(g[1]))
        self.free = _cards(free)
        self._memo: dict[tuple[int, tuple[int, ...]], tuple[int, list[tuple[int, tuple[int, ...]]]]] = {}
        self.total = self._count(0, tuple(k.room))
        if not self.total:
            raise ValueError(f"no deal is consistent with the view of seat {view.seat}")

    def _count(self, i: int, room: tuple[int, ...]) -> int:
        key = (i, room)
        hit = self._memo.get(key)
        if hit is not None:
            return hit[0]
        if i == len(self.groups):
            total = _multinomial(len(self.free), room) if sum(room) == len(self.free) else 0
            self._memo[key] = (total, [])
            return total
        cards, allowed = self.groups[i]
        options: list[tuple[int, tuple[int, ...]]] = []
        total = 0
        for row in _rows(len(cards), allowed, room):
            left = tuple(r - x for r, x in zip(room, row))
            weight = _multinomial(len(cards), row) * self._count(i + 1, left)
            if weight:
                options.append((weight, row))
                total += weight
        self._memo[key] = (total, options)
        return total

    def sample(self, rng: random.Random) -> list[int]:
        """One deal: the hand of every seat (this seat's own, as in the view) and, last, the rest (undealt or
        Cauldron). Wily Wizards while passing: see ``sample_passing``."""
        k = self.know
        bins = len(k.room)
        out = [*k.fixed, 0]
        room = tuple(k.room)
        for i, (cards, _) in enumerate(self.groups):
            total, options = self._memo[(i, room)]
            pick = rng.randrange(total)
            row = options[-1][1]
            for weight, option in options:
                if pick < weight:
                    row = option
                    break
                pick -= weight
            shuffled = cards[:]
            rng.shuffle(shuffled)
            start = 0
            for b in range(bins):
                for card in shuffled[start : start + row[b]]:
                    out[b] |= 1 << card
                start += row[b]
            room = tuple(r - x for r, x in zip(room, row))
        shuffled = self.free[:]
        rng.shuffle(shuffled)
        start = 0
        for b in range(bins):
            for card in shuffled[start : start + room[b]]:
                out[b] |= 1 << card
            start += room[b]
        return out

    def sample_passing(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Wily Wizards while cards are passed: a deal as ``sample`` and, per seat, the cards it has given and that
        are still in flight (a uniform choice among its cards, as nothing tells which they were)."""
        deal = self.sample(rng)
        given = [0] * self.know.players
        for seat, count in enumerate(self.know.in_flight):
            if count:
                chosen = rng.sample(_cards(deal[seat]), count)
                for card in chosen:
                    given[seat] |= 1 << card
                deal[seat] &= ~given[seat]
        given[self.know.seat] = self.view.given
        return deal, given


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _rows(count: int, allowed: tuple[int, ...], room: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to split ``count`` cards over the ``allowed`` bins within their room, as a row over all bins."""
    out: list[tuple[int, ...]] = []
    row = [0] * len(room)

    def place(j: int, left: int) -> None:
        if j == len(allowed) - 1:
            b = allowed[j]
            if left <= room[b]:
                row[b] = left
                out.append(tuple(row))
                row[b] = 0
            return
        b = allowed[j]
        for x in range(min(left, room[b]) + 1):
            row[b] = x
            place(j + 1, left - x)
        row[b] = 0

    if allowed:
        place(0, count)
    elif count == 0:
        out.append(tuple(row))
    return out


__all__ = ["Knowledge", "Sampler", "knowledge", "plays_and_voids"]
