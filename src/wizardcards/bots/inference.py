"""What the bids already made say about the hidden hands: a bid model, and the weight it gives a sampled deal.

With few cards a bid says a lot: a seat that bid 3 on a 3-card hand holds Wizards or high trumps, one that bid 0
holds little. ``determinize.py`` draws deals uniformly from those consistent with the cards seen; this module weighs
each such deal by how likely the bids made are, given the hands the deal puts behind them (Bayes' rule: the
posterior over deals is the uniform prior times that likelihood). ``search.py`` uses the weights both when bidding
(the bids of the seats before it) and when playing (every bid).

Bid model
---------
A seat's bid is modelled from the rule-based value ``v`` of the hand it was dealt (``rulebased.hand_value`` under the
trump, for the table's players: an estimate of the tricks it takes) and from the bids made before it, as an ordered
logit::

    P(bid <= k) = sigmoid((CUT + STEP * k - latent) / scale)
    latent = v / (1 + SHRINK * (hand size - 1)) - LATE * p + FREE * free
    scale = SCALE + SCALE_PER_CARD * (hand size - 1)

``p`` is the seat's place in the bidding, 0 (first) to 1 (the dealer, last). ``free`` is how many tricks the bids
before it leave to each seat still to bid, beyond an even share: ``(hand size - sum of earlier bids) / (seats still
to bid) - hand size / players``. When the earlier bids are low the tricks must go somewhere, and the later bidders
bid up (``search`` does so on weak hands as well). Long hands are bid below their value and with more spread (a
15-card hand's value is a rougher guess of its bid than a 3-card hand's). The constants were fitted by maximum
likelihood on the bids of ``search`` in self-play (``benchmarks/fit_bid_model.py`` plays the games, fits, and prints
the figures of the fit). Any bid keeps a probability of at least ``FLOOR`` / (hand size + 1): a player who bids unlike
the model (a person, another bot) makes the weights flatter, never rules its hand out.

The hand a seat bid on is the hand it holds now plus the cards it has played this hand (``dealt_hands``).

Bids not made yet (or hidden) are drawn from the model in the order of bidding, each seeing the bids drawn before it
(``complete``). Each seat's draw is an inverse-CDF draw from one uniform number given by the caller, so ``search``
can reuse the same numbers while it tries each of its own bids: the later seats then answer each bid as the model
says, and differ between the bids tried only as much as that answer does.

Resampling
----------
``resample`` turns weighted candidate deals into draws from the weighted distribution by systematic resampling
(one uniform offset, evenly spaced pointers through the cumulative weights: the count of each deal differs from
its expected count by less than one). The rollout policy is deterministic, so a deal drawn twice is played once
and counted twice.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from .rulebased import card_values
from .special_heuristics import special_values

CUT: Final = 0.419
STEP: Final = 0.907
LATE: Final = 0.007
SCALE: Final = -0.014
SCALE_PER_CARD: Final = 0.075
SHRINK: Final = 0.035
FREE: Final = 0.439
CONSTANTS: Final = (CUT, STEP, LATE, SCALE, SCALE_PER_CARD, SHRINK, FREE)
"""The bid model's constants (module docstring), fitted by ``benchmarks/fit_bid_model.py``."""
FLOOR: Final = 0.02
"""The share of probability spread evenly over all bids, whatever the hand (robustness)."""


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def bid_probabilities(
    value: float, hand_size: int, place: float, free: float = 0.0, params: Sequence[float] | None = None
) -> list[float]:
    """P(bid = b) for b = 0..hand_size of a seat whose dealt hand has rule-based value ``value``, bidding at
    ``place`` (0 first .. 1 last) with ``free`` tricks per later seat left by the earlier bids beyond an even share.
    ``params`` (the constants CUT, STEP, LATE, SCALE, SCALE_PER_CARD, SHRINK, FREE) replace the module's (fitting)."""
    cut, step, late, scale, per_card, shrink, free_weight = params if params is not None else CONSTANTS
    spread = max(0.02, scale + per_card * (hand_size - 1))
    latent = value / max(0.1, 1.0 + shrink * (hand_size - 1)) - late * place + free_weight * free
    below = 0.0
    out = []
    for k in range(hand_size):
        upto = _sigmoid((cut + step * k - latent) / spread)
        out.append(max(0.0, upto - below))
        below = max(below, upto)
    out.append(1.0 - below)
    even = FLOOR / (hand_size + 1)
    return [(1.0 - FLOOR) * p + even for p in out]


def free_tricks(earlier: Sequence[int], hand_size: int, players: int) -> float:
    """Tricks per seat still to bid left by the ``earlier`` bids, beyond an even share."""
    return (hand_size - sum(earlier)) / (players - len(earlier)) - hand_size / players


def value_table(trump: int, players: int) -> tuple[float, ...]:
    """The rule-based value of each card under ``trump`` (what the model reads a hand with)."""
    return card_values(trump, players)


def hand_value_of(hand: int, values: Sequence[float]) -> float:
    total = 0.0
    while hand:
        low = hand & -hand
        total += values[low.bit_length() - 1]
        hand ^= low
    return total


def place_in_bidding(seat: int, dealer: int, players: int) -> float:
    """0 for the first bidder (left of the dealer) .. 1 for the dealer."""
    return ((seat - dealer - 1) % players) / (players - 1)


class BidModel:
    """The bid model for one round of one table (see the module docstring)."""

    def __init__(self, trump: int, players: int, hand_size: int, dealer: int,
                 deck: tuple[int, ...] | None = None) -> None:
        # With special cards (``deck`` given) a hand is read with the values of ``special_heuristics`` over the
        # bigger deck; the constants stay those fitted on the 60 cards.
        self.values = value_table(trump, players) if deck is None else special_values(trump, players, deck)
        self.players = players
        self.hand_size = hand_size
        self.dealer = dealer
        self.order = [(dealer + 1 + i) % players for i in range(players)]
        """Seats in the order of bidding."""

    def probabilities(self, seat: int, dealt: int, bids: Sequence[int | None]) -> list[float]:
        """The model's P(bid) for ``seat`` holding ``dealt``, given the ``bids`` of the seats before it (those not
        known, None, are left out)."""
        n = self.players
        place = (seat - self.dealer - 1) % n
        earlier = [b for b in (bids[s] for s in self.order[:place]) if b is not None]
        return bid_probabilities(hand_value_of(dealt, self.values), self.hand_size, place / (n - 1),
                                 free_tricks(earlier, self.hand_size, n))

    def weight(self, dealt: Sequence[int], bids: Sequence[int | None], skip: int) -> float:
        """The likelihood of every known bid but ``skip``'s (this seat's) given the dealt hands."""
        weight = 1.0
        for seat, bid in enumerate(bids):
            if bid is not None and seat != skip:
                weight *= self.probabilities(seat, dealt[seat], bids)[bid]
        return weight

    def most_likely(self, seat: int, dealt: int, bids: Sequence[int | None]) -> int:
        probabilities = self.probabilities(seat, dealt, bids)
        return max(range(len(probabilities)), key=probabilities.__getitem__)

    def complete(self, dealt: Sequence[int], bids: Sequence[int | None], uniforms: Sequence[float]) -> list[int]:
        """``bids`` with every missing bid drawn from the model, in the order of bidding: seat s by inverse CDF at
        ``uniforms[s]``."""
        known = list(bids)  # each later seat's draw sees the bids drawn before it
        out = [0] * len(known)
        for seat in self.order:
            bid = known[seat]
            if bid is None:
                pick = uniforms[seat]
                probabilities = self.probabilities(seat, dealt[seat], known)
                bid = len(probabilities) - 1
                for b, p in enumerate(probabilities):
                    pick -= p
                    if pick < 0:
                        bid = b
                        break
                known[seat] = bid
            out[seat] = bid
        return out


def dealt_hands(hands: Sequence[int], played: Sequence[int]) -> list[int]:
    """The hands as dealt: the cards held now (a sampled deal) plus those played this hand (``view.played_by``)."""
    return [hand | cards for hand, cards in zip(hands, played)]


def bid_hands(hands: Sequence[int], played: Sequence[int], seat: int, given: int, received: int) -> list[int]:
    """With the special cards: the hands the seats bid on, as far as ``seat`` can tell. After the Juggler's pass the
    card ``seat`` gave went to its left neighbour and the one it received came from its right neighbour, so those
    two are put back; the other seats' passes are not known (their hands are read as held, one card off at most)."""
    out = dealt_hands(hands, played)
    if received:
        n = len(out)
        out[(seat + 1) % n] &= ~given
        out[(seat - 1) % n] |= received
    return out


def bids_as_made(bids: Sequence[int | None], changes: Sequence[int]) -> list[int | None]:
    """The bids as made, before the Cloud changed one (``View.bids`` are the bids as changed)."""
    if not any(changes):
        return list(bids)
    return [None if bid is None else bid - change for bid, change in zip(bids, changes)]


def resample(weights: Sequence[float], draws: int, rng: random.Random) -> list[tuple[int, int]]:
    """``draws`` draws from the candidates in proportion to ``weights`` (systematic resampling), as (candidate,
    times drawn) for each candidate drawn at least once. All weights zero: every candidate once."""
    total = math.fsum(weights)
    if total <= 0.0:
        return [(i, 1) for i in range(len(weights))]
    step = total / draws
    pointer = rng.random() * step
    out: list[tuple[int, int]] = []
    cumulative = 0.0
    drawn = 0
    last = 0
    for i, w in enumerate(weights):
        if w <= 0.0:
            continue
        last = i
        cumulative += w
        count = 0
        while pointer < cumulative and drawn < draws:
            count += 1
            drawn += 1
            pointer += step
        if count:
            out.append((i, count))
    if drawn < draws:  # floating-point rounding at the very end of the cumulative sum
        if out and out[-1][0] == last:
            out[-1] = (last, out[-1][1] + draws - drawn)
        else:
            out.append((last, draws - drawn))
    return out


__all__ = [
    "BidModel", "CONSTANTS", "CUT", "FLOOR", "FREE", "LATE", "SCALE", "SCALE_PER_CARD", "SHRINK", "STEP",
    "bid_hands", "bid_probabilities", "bids_as_made",
    "dealt_hands", "free_tricks", "hand_value_of", "place_in_bidding", "resample",
    "value_table",
]

