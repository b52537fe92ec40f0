"""A learned model of a card play: the playout policy of ``search:policy=learned`` (issue 28, item 2).

``rollout.py``'s heuristic plays every seat by a few fixed rules. This module scores each legal card by a linear
model fitted on ``search``'s own card plays in self-play (``benchmarks/train_play_model.py``; the numbers ship in
``play_model.json`` with the command and seed that made them) and plays the card with the highest score. It sees
what the seat playing knows and nothing else: its own hand, the trick so far, the trump, its bid and tricks won,
the tricks left, and the cards gone from play (played this hand, or the trump card turned up).

Features
--------
A decision falls into one of ``SITUATIONS`` blocks of weights: the seat's role in the trick (leading, following,
playing last) times how it stands against its bid (``need``, bid minus tricks won, against the tricks left: over
its bid, exactly made, needs one, needs several, needs every trick left, cannot make it any more). Within its block
a card's score is the sum of four weights:

* its class and rank: a Wizard, a Jester, a trump, a card of the suit to follow (leading: any other suited card),
  a card of another suit (a discard), each suited class by its rank 2..Ace;
* whether it takes the trick over as it stands (following only; ``trick_table.beats``);
* how many cards of its suit above it are still out (neither in the hand nor gone: 0, 1, 2, 3 or more), by class
  (trump, the suit to follow, another suit); for a Wizard or a Jester, how many Wizards are still out;
* how many cards of its suit the hand holds (1, 2, 3 or more), trumps apart.

``card_features`` lists the weight indices of a card (four, or three for a Wizard or a Jester, which has no suit
length; the take-over weight only when it takes over), for training; ``card_score`` adds the same weights
in the playouts' inner loop (compiled with mypyc, like ``rollout.py``): ``tests/bots/test_play_model.py`` checks
that the two agree. ``card_log_probability`` is the softmax of the scores over the legal cards, divided by a
temperature: the model as a probability of each card, for inference from the cards played
(``plays_log_likelihood``, ``search:infer=cards``).

A card's class is read as the model reads it: with nothing to follow yet (a Jester led) a suited card counts as the
suit to follow, since it sets it; after a Wizard led (nothing to follow) every card not trump is another suit.
"""

from __future__ import annotations

import functools
import json
import math
from importlib import resources
from typing import Final

from ..core.cards import FIRST_JESTER, FIRST_WIZARD, FULL_DECK, RANKS, SUIT_MASKS, WIZARDS
from ..core.tricks import legal_cards, next_led
from .trick_table import beats

ROLES: Final = 3  # leading, following, playing last
NEEDS: Final = 6  # over the bid, made exactly, needs 1, needs 2 or more, needs every trick left, cannot make it
SITUATIONS: Final = ROLES * NEEDS

CLASS_WIZARD: Final = 0
CLASS_JESTER: Final = 1
CLASS_TRUMP: Final = 2  # + rank 0..12
CLASS_FOLLOW: Final = 15  # + rank: the suit to follow (leading: any suited card not trump)
CLASS_OTHER: Final = 28  # + rank: another suit than the one to follow, not trump
TAKES: Final = 41
HIGHER_OUT: Final = 42  # + 4 * group + bucket; groups: trump, the suit to follow, another suit, Wizard or Jester
SUIT_LENGTH: Final = 58  # + 3 * (trump or not) + bucket
FEATURES: Final = 64
"""Weights per situation block."""
WEIGHTS: Final = SITUATIONS * FEATURES

SUIT_ABOVE: Final[tuple[int, ...]] = tuple(
    (SUIT_MASKS[card // RANKS] & ~((2 << card) - 1)) if card < FIRST_WIZARD else WIZARDS for card in range(60)
)
"""``SUIT_ABOVE[card]``: the cards of its suit that outrank it (a Wizard or a Jester: the Wizards)."""


def situation(pos: int, players: int, need: int, tricks_left: int) -> int:
    """The block of a decision: role (``pos`` 0 leads, ``players - 1`` plays last) times standing on the bid."""
    role = 0 if pos == 0 else (2 if pos == players - 1 else 1)
    if need < 0:
        standing = 0
    elif need == 0:
        standing = 1
    elif need > tricks_left:
        standing = 5
    elif need == tricks_left:
        standing = 4
    elif need == 1:
        standing = 2
    else:
        standing = 3
    return (role * NEEDS + standing) * FEATURES


def card_score(
    weights: list[float], base: int, card: int, hand: int, pos: int, best: int, trump: int, led: int, out: int
) -> float:
    """The model's score of ``card`` from ``hand``: the sum of its four weights in the block at ``base``
    (``situation``). ``best``: the winning card of the trick so far (any, when leading); ``led``: the suit to follow
    (``tricks.next_led``); ``out``: the cards neither in this hand nor gone from play."""
    if card >= FIRST_WIZARD:
        group = 3
        klass = CLASS_WIZARD if card < FIRST_JESTER else CLASS_JESTER
        length = -1
    else:
        suit = card // RANKS
        rank = card - suit * RANKS
        if suit == trump:
            group = 0
            klass = CLASS_TRUMP + rank
        elif pos == 0 or led == suit or led < 0:
            group = 1
            klass = CLASS_FOLLOW + rank
        else:
            group = 2
            klass = CLASS_OTHER + rank
        held = (hand & SUIT_MASKS[suit]).bit_count()
        length = SUIT_LENGTH + (0 if suit == trump else 3) + (held - 1 if held < 3 else 2)
    above = (SUIT_ABOVE[card] & out).bit_count()
    score = weights[base + klass] + weights[base + HIGHER_OUT + 4 * group + (above if above < 3 else 3)]
    if length >= 0:
        score += weights[base + length]
    if pos > 0 and beats(card, best, trump):
        score += weights[base + TAKES]
    return score


def card_features(card: int, hand: int, pos: int, best: int, trump: int, led: int, out: int) -> list[int]:
    """The weight indices ``card_score`` adds, within a situation block (for training and tests)."""
    indices: list[int] = []
    if card >= FIRST_WIZARD:
        group = 3
        indices.append(CLASS_WIZARD if card < FIRST_JESTER else CLASS_JESTER)
    else:
        suit = card // RANKS
        rank = card - suit * RANKS
        if suit == trump:
            group = 0
            indices.append(CLASS_TRUMP + rank)
        elif pos == 0 or led == suit or led < 0:
            group = 1
            indices.append(CLASS_FOLLOW + rank)
        else:
            group = 2
            indices.append(CLASS_OTHER + rank)
        held = (hand & SUIT_MASKS[suit]).bit_count()
        indices.append(SUIT_LENGTH + (0 if suit == trump else 3) + min(held, 3) - 1)
    indices.append(HIGHER_OUT + 4 * group + min((SUIT_ABOVE[card] & out).bit_count(), 3))
    if pos > 0 and beats(card, best, trump):
        indices.append(TAKES)
    return indices


def model_card(
    weights: list[float], hand: int, legal: int, pos: int, players: int, best: int, trump: int, led: int,
    need: int, out: int
) -> int:
    """The legal card with the highest score (ties: the lowest card id). ``out`` as in ``card_score``."""
    base = situation(pos, players, need, hand.bit_count())
    chosen = -1
    top = -1e300
    m = legal
    while m:
        low = m & -m
        card = low.bit_length() - 1
        m ^= low
        score = card_score(weights, base, card, hand, pos, best, trump, led, out)
        if score > top:
            top = score
            chosen = card
    return chosen


def card_log_probability(
    weights: list[float], card: int, hand: int, led: int, pos: int, players: int, best: int, trump: int,
    need: int, out: int, temperature: float
) -> float:
    """log P(``card``) under the model as a softmax over the legal cards of ``hand`` (scores / ``temperature``)."""
    legal = legal_cards(hand, led)
    base = situation(pos, players, need, hand.bit_count())
    scores: list[float] = []
    mine = 0.0
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        s = card_score(weights, base, c, hand, pos, best, trump, led, out) / temperature
        scores.append(s)
        if c == card:
            mine = s
    top = max(scores)
    return mine - top - math.log(sum(math.exp(s - top) for s in scores))


def plays_log_likelihood(
    weights: list[float], dealt: list[int], tricks: list[list[int]], leaders: list[int], me: int, trump: int,
    gone: int, targets: list[int], lead_rule: int, temperature: float, floor: float
) -> float:
    """The log-likelihood, under the model, of every card the other seats played this hand, had they been dealt
    ``dealt``: inference from the cards (``search:infer=cards``). ``tricks`` are the hand's tricks in order (the last
    may be under way) led by ``leaders``; ``gone``: the cards gone from play before the first (the trump card);
    ``targets``: the seats' bids. A card is likely in proportion to the model's softmax over the legal cards at
    ``temperature``, mixed with ``floor`` of an even chance (a player unlike the model flattens the weights, never
    rules a deal out). Only cards played with a choice count; this seat's own (``me``) are not evidence."""
    n = len(dealt)
    held = dealt.copy()
    won = [0] * n
    total = 0.0
    winner = 0
    for t in range(len(tricks)):
        trick = tricks[t]
        leader = leaders[t]
        led = -1
        best = -1
        for pos in range(len(trick)):
            card = trick[pos]
            seat = (leader + pos) % n
            hand = held[seat]
            if seat != me:
                legal = legal_cards(hand, led)
                if legal & (legal - 1):
                    out = FULL_DECK & ~(hand | gone)
                    p = math.exp(card_log_probability(weights, card, hand, led, pos, n, best, trump,
                                                      targets[seat] - won[seat], out, temperature))
                    total += math.log((1.0 - floor) * p + floor / legal.bit_count())
            held[seat] = hand & ~(1 << card)
            gone |= 1 << card
            led = next_led(led, card, pos, lead_rule)
            if pos == 0 or beats(card, best, trump):
                best = card
                winner = seat
        if len(trick) == n:
            won[winner] += 1
    return total


SHIPPED: Final = "play_model.json"


@functools.cache
def _shipped() -> str:
    """The shipped weights file, read once per process (every ``search:policy=learned`` bot made reads it)."""
    return resources.files("wizardcards.bots").joinpath(SHIPPED).read_text()


def load_weights(path: str | None = None) -> tuple[list[float], dict[str, object]]:
    """The fitted weights and what made them (command, seed, data, fit): the file shipped with the package, or the
    weights file at ``path`` (as ``benchmarks/train_play_model.py`` writes it)."""
    if path is None:
        text = _shipped()
    else:
        with open(path) as file:
            text = file.read()
    data = json.loads(text)
    weights = [float(w) for w in data["weights"]]
    if len(weights) != WEIGHTS:
        raise ValueError(f"{path or SHIPPED}: {len(weights)} weights, the play model has {WEIGHTS}")
    return weights, {k: v for k, v in data.items() if k != "weights"}


__all__ = ["FEATURES", "SITUATIONS", "WEIGHTS", "card_features", "card_log_probability", "card_score",
           "load_weights", "model_card", "plays_log_likelihood", "situation"]
