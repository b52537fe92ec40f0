"""Determinisation: complete deals drawn uniformly from those consistent with what one seat's ``View`` shows.

Nothing but the View is read. What it tells about the cards this seat cannot see:

* its own hand, every card played this hand (``view.played_by``: by whom), and the turned-up trump card are not in
  anybody's hidden hand;
* each other seat holds ``hand_size`` cards minus those it played (Wily Wizards, while cards are being passed: the
  seats that gave before this one hold three cards fewer, their three given cards being in flight);
* a seat that did not follow the suit led with a suited card of another suit holds no card of that suit
  (``view.voids``; a Wizard or a Jester may always be played and tells nothing);
* Wily Wizards, after the exchange: the cards this seat gave are in its receiver's hand unless played since;
* the rest of the unseen cards, the undealt deck (Wizard) or the Cauldron (Wily Wizards), are unseen by everybody:
  they form one more *bin* that takes any card.

Uniform sampling
----------------
Every unseen card goes to one bin (a hidden hand, or the rest) of a known size. The constraints are per suit, so the
cards fall into *groups* that behave alike: each suit some seat is void in (allowed in the seats not void in it and
in the rest), and one free group (the other suits, Wizards and Jesters: allowed everywhere). Two exact methods:

* rejection: deal the unseen cards into the bins at random and keep the deal if no seat holds a suit it is void in.
  A kept deal is uniform over the consistent ones (each consistent deal is equally likely to be dealt).
* counting: a deal is fixed by how many cards of each group every bin gets (``x[b][g]``) and then by which cards.
  The number of deals with counts x is ``prod_g c_g! / prod_{b,g} x[b][g]!`` = a constant times
  ``prod_b multinomial(room_b; x[b])``. A memoised recursion over the bins, whose state is the count of each
  constrained group still to place, sums those products (``F(b, left)``, exact integers); sampling walks the bins
  and draws each bin's counts with probability ``multinomial(room_b; x[b]) * F(b + 1, left - x[b]) / F(b, left)``,
  then shuffles each group's cards into the counts drawn. The product of those probabilities telescopes to the
  weight of the deal over the total: every consistent deal is equally likely.

Rejection is used while it keeps at least one deal in eight, counting otherwise; each returned deal is uniform either
way (what was thrown away says nothing about what is kept). ``tests/bots/test_determinize.py`` checks the count of
consistent deals and the frequencies against exact enumeration.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import factorial
from typing import Final

from ..core.cards import CARD_IDS, FULL_DECK, SUIT_MASKS, WEREWOLF, card_set, cards_of
from ..core.rules import CARDS_PASSED, Game
from ..core.state import Phase
from ..core.view import View
from ..core.wily import receivers_of

_FACT = tuple(factorial(k) for k in range(CARD_IDS + 1))
_BLOCK: Final = 32
"""Random bytes fetched at a time by the rejection method (a deal's hidden hands take about as many)."""


def _multinomial(total: int, parts: tuple[int, ...] | list[int]) -> int:
    out = _FACT[total]
    for part in parts:
        out //= _FACT[part]
    return out


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does: the same permutation, and ``rng`` left in
    the same state.

    ``random.Random.shuffle`` runs Fisher-Yates from the last position down: position i swaps with a j in 0..i drawn
    as the top ``(i + 1).bit_length()`` bits of one 32-bit word of the generator, the word being thrown away and the
    next one taken while j > i. That is two Python calls per position, more than a whole compiled playout costs.
    Here the words come in blocks, ``getrandbits(32 * m)`` (the generator's next m words, the first in the lowest
    bits), m being the positions still to fill: each position takes at least one word, so no word is drawn that
    ``rng.shuffle`` would not have drawn. For lists of up to 255 items the bits needed are in each word's top byte;
    longer lists (never a deal) are left to ``rng.shuffle`` itself. ``tests/bots/test_determinize.py`` checks the
    two against each other."""
    i: int = len(cards) - 1
    if i >= 255:
        rng.shuffle(cards)
        return
    while i > 0:
        count: int = i
        data: bytes = rng.getrandbits(32 * count).to_bytes(4 * count, "little")
        for top in range(3, 4 * count, 4):  # the most significant byte of each little-endian word
            j: int = data[top] >> (8 - (i + 1).bit_length())
            if j <= i:
                cards[i], cards[j] = cards[j], cards[i]
                i -= 1


def _below(n: int, rng: random.Random) -> int:
    """``rng.randrange(n)`` for n >= 1, the same draws (``random.Random._randbelow``), without its Python frames."""
    bits = n.bit_length()
    r: int = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r


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


def knowledge(view: View) -> Knowledge:
    """Read every constraint on the hidden cards from ``view`` (see the module docstring)."""
    n, me, size = view.players, view.seat, view.hand_size
    seen = view.hand | view.played | view.given
    if view.trump_card >= 0:
        seen |= 1 << view.trump_card
    fixed = [0] * n
    fixed[me] = view.hand
    in_flight = [0] * n
    counts = [size - view.played_by[s].bit_count() for s in range(n)]
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
    deck = FULL_DECK
    if view.rules.special_cards:
        deck = card_set(view.rules.deck)
        seen |= _special_knowledge(view, fixed, in_flight)
    pool = deck & ~seen
    for s in range(n):
        pool &= ~fixed[s]
    room = [0 if s == me else counts[s] - fixed[s].bit_count() for s in range(n)]
    rest = pool.bit_count() - sum(room)
    if rest < 0 or min(room) < 0:
        raise ValueError(f"view of seat {me} is inconsistent: {pool.bit_count()} unseen cards for {sum(room)} places")
    return Knowledge(n, me, pool, [*room, rest], fixed, list(view.voids), in_flight)


def _special_knowledge(view: View, fixed: list[int], in_flight: list[int]) -> int:
    """What the special cards tell (RULES.md, "Special cards"), written into ``fixed`` and ``in_flight``; returns the
    cards known to be in nobody's hand beyond those the view shows.

    * The Werewolf: with a card turned up and nobody having swapped, it was not dealt (it lies in the rest). Its holder
      took the card turned up into its hand, where it stays unless played or given in the Juggler's pass.
    * The Juggler's pass: while it goes round (``Phase.JUGGLE``), the seats from the next trick's leader up to this
      one have given one card each, in flight; once it is over, the card this seat gave is in its left neighbour's
      hand unless played since, and the card it received came from its right neighbour (so that seat holds the card
      it took up for the Werewolf only if this seat did not receive it). ``view.voids`` already start again after
      the pass (the core resets them).
    """
    n, me = view.players, view.seat
    unseen_elsewhere = 0
    if view.trump_card >= 0 and view.werewolf < 0 and WEREWOLF in view.rules.deck:
        unseen_elsewhere |= 1 << WEREWOLF
    passed = view.received != 0
    if view.phase is Phase.JUGGLE:
        seat = view.trick_leader
        while seat != me:
            in_flight[seat] = 1
            seat = (seat + 1) % n
    holder, took = view.werewolf, view.turned_up
    if holder >= 0 and holder != me and took >= 0 and not (view.played | view.hand) >> took & 1:
        from_right = (me - 1) % n
        if not passed or holder == from_right:  # kept it for sure (this seat's own view says it did not get it)
            fixed[holder] |= 1 << took
    if passed and view.given:
        fixed[(me + 1) % n] |= view.given & ~view.played
    return unseen_elsewhere


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
                self.groups.append((cards_of(cards), allowed))
                free &= ~cards
        self.groups.sort(key=lambda g: len(g[1]))
        self.free = cards_of(free)
        self._memo: dict[tuple[int, tuple[int, ...]], tuple[int, list[tuple[int, tuple[int, ...]]]]] = {}
        self._counted = False
        self._pool = cards_of(k.pool)  # the rejection method reorders it in place
        self._banned = [0] * bins  # per bin, the cards it may not receive
        for s in range(k.players):
            for suit in range(4):
                if k.void[s] >> suit & 1:
                    self._banned[s] |= SUIT_MASKS[suit]
        self._tries = self._hits = 0

    @property
    def total(self) -> int:
        """The number of consistent deals (exact)."""
        if not self._counted:
            self._counted = True
            bins = range(len(self.know.room))
            self._bin_groups = [tuple(g for g, (_, allowed) in enumerate(self.groups) if b in allowed) for b in bins]
            if not self._count(0, tuple(len(cards) for cards, _ in self.groups)):
                raise ValueError(f"no deal is consistent with the view of seat {self.view.seat}")
        weight = self._memo[(0, tuple(len(cards) for cards, _ in self.groups))][0]
        # The bin-by-bin weights count deals times prod(room!) / prod(group size!), the same for every deal.
        for cards, _ in self.groups:
            weight *= _FACT[len(cards)]
        weight *= _FACT[len(self.free)]
        for room in self.know.room:
            weight //= _FACT[room]
        return weight

    def _count(self, b: int, left: tuple[int, ...]) -> int:
        """The number of ways to fill bins b.. with the cards left: ``left[g]`` of each constrained group g, and the
        free cards (as many as the room left). Up to a constant factor, the cards are interchangeable within a group,
        so a bin taking x[g] of each group and f free cards contributes ``multinomial(room; x, f)``."""
        key = (b, left)
        hit = self._memo.get(key)
        if hit is not None:
            return hit[0]
        room = self.know.room
        if b == len(room):
            total = 1 if not any(left) else 0
            self._memo[key] = (total, [])
            return total
        free_left = sum(room[b:]) - sum(left)
        options: list[tuple[int, tuple[int, ...]]] = []
        total = 0
        for take in _takes(self._bin_groups[b], left, room[b]):
            free = room[b] - sum(take)
            if free > free_left:
                continue
            rest = tuple(c - x for c, x in zip(left, take))
            weight = _multinomial(room[b], (*take, free)) * self._count(b + 1, rest)
            if weight:
                options.append((weight, take))
                total += weight
        self._memo[key] = (total, options)
        return total

    def sample(self, rng: random.Random) -> list[int]:
        """One deal: the hand of every seat (this seat's own, as in the view) and, last, the rest (undealt or
        Cauldron). Wily Wizards while passing: see ``sample_passing``.

        Two exact methods: rejection (deal the unseen cards at random, keep the deal if no seat holds a suit it is
        void in), which is quick while most deals are consistent, and the counting method of the module docstring,
        whose tables grow with the cards and seats left. Rejection is tried first, a few deals at a time, and left
        for counting once it has kept fewer than one deal in eight. Either way the deal returned is uniform over
        the consistent ones, whatever happened to the deals thrown away."""
        if not self.groups or self._tries < 64 or self._hits * 8 >= self._tries:
            for _ in range(8):
                self._tries += 1
                deal = self._deal_at_random(rng)
                if deal is not None:
                    self._hits += 1
                    return deal
        return self._sample_by_counting(rng)

    def _deal_at_random(self, rng: random.Random) -> list[int] | None:
        """One try of the rejection method: the hidden hands dealt at random from the unseen cards (the rest bin
        takes what is left), or None as soon as a seat is dealt a card of a suit it is void in.

        The hidden hands are the last positions of a Fisher-Yates shuffle of ``self._pool``, stopped once they are
        filled: the cards left for the undealt rest or the Cauldron (most of the pool early in a Wizard game) need
        no draw. The pool list keeps its order from one try to the next, which changes nothing: a Fisher-Yates
        shuffle of any arrangement is uniform. Each position is drawn from one random byte (its top bits, a byte
        thrown away while the draw is out of range), bytes being fetched from ``rng`` in blocks."""
        k = self.know
        cards = self._pool
        out = [*k.fixed, 0]
        banned = self._banned
        rooms = k.room
        i: int = len(cards) - 1
        data: bytes = b""
        at: int = 0
        dealt: int = 0
        for b in range(len(rooms) - 1):
            ban: int = banned[b]
            mask: int = 0
            for _ in range(rooms[b]):
                bits: int = 8 - (i + 1).bit_length()
                while True:
                    if at == len(data):
                        data = rng.getrandbits(8 * _BLOCK).to_bytes(_BLOCK, "little")
                        at = 0
                    j: int = data[at] >> bits
                    at += 1
                    if j <= i:
                        break
                card: int = cards[j]
                cards[j] = cards[i]
                cards[i] = card
                i -= 1
                if ban >> card & 1:
                    return None
                mask |= 1 << card
            out[b] |= mask
            dealt |= mask
        out[-1] = k.pool & ~dealt
        return out

    def _sample_by_counting(self, rng: random.Random) -> list[int]:
        self.total  # noqa: B018  (builds the counting tables once)
        k = self.know
        groups = [cards[:] for cards, _ in self.groups]
        for cards in groups:
            shuffle(cards, rng)
        free = self.free[:]
        shuffle(free, rng)
        used = [0] * len(groups)
        used_free = 0
        out = [*k.fixed, 0]
        left = tuple(len(cards) for cards in groups)
        for b, room in enumerate(k.room):
            total, options = self._memo[(b, left)]
            pick = _below(total, rng)
            take = options[-1][1]
            for weight, option in options:
                if pick < weight:
                    take = option
                    break
                pick -= weight
            mask = 0
            for g, x in enumerate(take):
                for card in groups[g][used[g] : used[g] + x]:
                    mask |= 1 << card
                used[g] += x
            f = room - sum(take)
            for card in free[used_free : used_free + f]:
                mask |= 1 << card
            used_free += f
            out[b] |= mask
            left = tuple(c - x for c, x in zip(left, take))
        return out

    def sample_passing(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Wily Wizards while cards are passed: a deal as ``sample`` and, per seat, the cards it has given and that
        are still in flight (a uniform choice among its cards, as nothing tells which they were)."""
        deal = self.sample(rng)
        given = [0] * self.know.players
        for seat, count in enumerate(self.know.in_flight):
            if count:
                chosen = rng.sample(cards_of(deal[seat]), count)
                for card in chosen:
                    given[seat] |= 1 << card
                deal[seat] &= ~given[seat]
        given[self.know.seat] = self.view.given
        return deal, given


def _takes(allowed: tuple[int, ...], left: tuple[int, ...], room: int) -> list[tuple[int, ...]]:
    """Every way for one bin to take x[g] <= left[g] cards of the ``allowed`` groups (0 of the others), at most
    ``room`` in all."""
    out: list[tuple[int, ...]] = []
    _place(allowed, left, 0, room, [0] * len(left), out)
    return out


def _place(
    allowed: tuple[int, ...], left: tuple[int, ...], j: int, space: int, take: list[int], out: list[tuple[int, ...]]
) -> None:
    """``_takes`` from the j-th allowed group on, with ``space`` cards of room left and ``take`` filled before it."""
    if j == len(allowed):
        out.append(tuple(take))
        return
    g = allowed[j]
    for x in range(min(space, left[g]) + 1):
        take[g] = x
        _place(allowed, left, j + 1, space - x, take, out)
    take[g] = 0


__all__ = ["Knowledge", "Sampler", "knowledge", "shuffle"]
