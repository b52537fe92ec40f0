"""Fast playouts of the rest of one hand with the special cards (RULES.md, "Special cards"): ``rollout.py``'s job
for a deck of 60 + k cards.

``rollout.playout`` stays the 60-card inner loop, untouched (its tables know ids 0..59 only); ``search`` calls this
module only when the rules hold special cards. A playout here plays every decision of the card phase the special
cards bring, each seat by the rule-based heuristic of ``special_heuristics.py`` from its own hand and the table:

* every card as played: a Juggler or Cloud with each suit it may name, a Shapeshifter as a Wizard or a Jester, the
  Bomb kept unless it is the only way not to take an unwanted trick (the rules of ``special_heuristics.play``);
* the Cloud's change by the winner of its trick (``special_heuristics.cloud``): the bid it aims at changes, and the
  caller reads the changed bids from the ``goal`` list it passed (the round is scored by them);
* the Juggler's pass after its trick (``special_heuristics.juggle``): every seat gives one card, all pass at once
  to the left.

The rules are the core's: legal cards (``special_tricks.legal_special_cards``), the suit to follow
(``next_led_special``), the winner and the next leader of a trick, a Bomb's included (``trick_result``), whether a
trick held the Juggler or the Cloud. The heuristic's ranking of the cards (its value, ties by action id) is read from
one integer key per id 0..76 (``table``), built once per trump and deck from ``special_heuristics.special_values``.
``tests/bots/test_special_rollout.py`` replays playouts through the core engine and checks that every decision is
the core's legal move and the very one ``rulebased`` takes at the same point. Compiled with mypyc in regular installs
(``setup.py``), like ``rollout.py``: keep it typed, plain ints and lists.
"""

from __future__ import annotations

from typing import Final

from ..core.actions import CLOUD_DOWN, CLOUD_UP, card_action
from ..core.cards import (
    BOMB,
    CARD_IDS,
    CLOUD,
    CLOUD_AS,
    JUGGLER,
    JUGGLER_AS,
    SHAPESHIFTER,
    SHAPESHIFTER_AS_JESTER,
    SHAPESHIFTER_AS_WIZARD,
    played_card,
)
from ..core.special_tricks import holds_cloud, holds_juggler, legal_special_cards, next_led_special, trick_result

NO_SUIT_YET: Final = -1

_TABLES: dict[tuple[int, int, tuple[int, ...]], tuple[tuple[float, ...], tuple[int, ...]]] = {}


def table(trump: int, players: int, deck: tuple[int, ...]) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """(the heuristic's value of every id 0..76, its ranking key): ids ranked by (value, action id, id), the key
    being the place in that order, so that comparing keys is comparing as ``special_heuristics`` does."""
    key = (trump, players, deck)
    hit = _TABLES.get(key)
    if hit is not None:
        return hit
    from .special_heuristics import special_values  # not compiled; read once per table

    values: tuple[float, ...] = special_values(trump, players, deck)
    order = sorted(range(CARD_IDS), key=lambda c: (values[c], card_action(c), c))
    keys = [0] * CARD_IDS
    for place, card in enumerate(order):
        keys[card] = place
    out = (values, tuple(keys))
    _TABLES[key] = out
    return out


def hand_value(hand: int, values: tuple[float, ...]) -> float:
    """The heuristic's estimate of the tricks ``hand`` takes: the sum of its cards' values."""
    total: float = 0.0
    m: int = hand
    while m:
        low: int = m & -m
        total += values[low.bit_length() - 1]
        m ^= low
    return total


def _forms(legal: int) -> list[int]:
    """Every entry the legal cards may put into the trick: the card, or each form of a Juggler, Cloud, Shapeshifter."""
    out: list[int] = []
    m: int = legal
    while m:
        low: int = m & -m
        c: int = low.bit_length() - 1
        m ^= low
        if c == JUGGLER:
            out.extend((JUGGLER_AS, JUGGLER_AS + 1, JUGGLER_AS + 2, JUGGLER_AS + 3))
        elif c == CLOUD:
            out.extend((CLOUD_AS, CLOUD_AS + 1, CLOUD_AS + 2, CLOUD_AS + 3))
        elif c == SHAPESHIFTER:
            out.extend((SHAPESHIFTER_AS_WIZARD, SHAPESHIFTER_AS_JESTER))
        else:
            out.append(c)
    return out


def _wins(trick: list[int], entry: int, trump: int) -> bool:
    """Whether ``entry`` played now would win the trick as it stands (a Bomb in it: nobody wins)."""
    trick.append(entry)
    won: int = trick_result(trick, trump)[0]
    trick.pop()
    return won == len(trick)


def choose_play(legal: int, trick: list[int], short: bool, trump: int, keys: tuple[int, ...]) -> int:
    """The entry ``special_heuristics.play`` puts into ``trick`` from the ``legal`` cards (see its docstring)."""
    forms = _forms(legal)
    lo: int = -1  # the lowest entry but the Bomb
    lo_k: int = 1 << 30
    hi: int = -1  # the highest entry
    hi_k: int = -1
    bomb: bool = False
    for e in forms:
        k: int = keys[e]
        if e == BOMB:
            bomb = True
        elif k < lo_k:
            lo = e
            lo_k = k
        if k > hi_k:
            hi = e
            hi_k = k
    if lo < 0:
        lo = BOMB
    if not trick:
        return hi if short else lo
    if short:
        return hi if _wins(trick, hi, trump) else lo
    best: int = -1  # the highest entry (the Bomb aside) that still loses
    best_k: int = -1
    for e in forms:
        if e == BOMB and lo != BOMB:
            continue
        k2: int = keys[e]
        if k2 > best_k and not _wins(trick, e, trump):
            best = e
            best_k = k2
    if best >= 0:
        return best
    return BOMB if bomb else lo


def choose_cloud(bid: int, won: int, hand: int, hand_size: int, values: tuple[float, ...]) -> int:
    """``special_heuristics.cloud``: the change (+1 or -1, an action) that brings the bid nearest to the tricks won
    plus the value of the hand left; a tie rises."""
    expected: float = won + hand_value(hand, values)
    if bid <= 0:
        return CLOUD_UP
    if bid >= hand_size:
        return CLOUD_DOWN
    return CLOUD_UP if abs(bid + 1 - expected) <= abs(bid - 1 - expected) else CLOUD_DOWN


def choose_gift(hand: int, bid: int, won: int, values: tuple[float, ...], keys: tuple[int, ...]) -> int:
    """``special_heuristics.juggle``: the card (id) a seat gives in the Juggler's pass: its highest when it expects
    more tricks than it still needs, else its lowest."""
    lo: int = -1
    lo_k: int = 1 << 30
    hi: int = -1
    hi_k: int = -1
    m: int = hand
    while m:
        low: int = m & -m
        c: int = low.bit_length() - 1
        m ^= low
        k: int = keys[c]
        if k < lo_k:
            lo = c
            lo_k = k
        if k > hi_k:
            hi = c
            hi_k = k
    return hi if hand_value(hand, values) > bid - won + 0.5 else lo


def juggle(held: list[int], goal: list[int], won: list[int], given: list[int], values: tuple[float, ...],
           keys: tuple[int, ...], first: int, trace: list[int] | None = None) -> None:
    """The Juggler's pass on ``held`` (changed in place): ``given[s]`` is the card mask seat s has given already (0:
    it gives now, by the heuristic, in turn from ``first``); then every given card passes to the left."""
    n: int = len(held)
    gifts: list[int] = [0] * n
    for i in range(n):
        s: int = (first + i) % n
        gift: int = given[s]
        if not gift:
            card: int = choose_gift(held[s], goal[s], won[s], values, keys)
            gift = 1 << card
            held[s] &= ~gift
            if trace is not None:
                trace.append(card_action(card))
        gifts[s] = gift
    for s in range(n):
        held[(s + 1) % n] |= gifts[s]


def special_playout(
    hands: list[int],
    trick: list[int],
    leader: int,
    led: int,
    won: list[int],
    goal: list[int],
    trump: int,
    lead_rule: int,
    hand_size: int,
    values: tuple[float, ...],
    keys: tuple[int, ...],
    first: int = -1,
    trace: list[int] | None = None,
) -> list[int]:
    """Play the hand to its end from the position given and return the tricks won by each seat.

    ``hands`` is only read; ``trick`` (entries as played, from ``leader``), ``won`` and ``goal`` (the bids each seat
    aims at; the Cloud changes them) are changed in place: pass copies. ``first``: the entry (a card or a card as
    played) the seat on turn plays first, the move being evaluated. ``trace`` receives the action of every decision
    taken (play, Cloud, pass) in the core's order (tests)."""
    n: int = len(hands)
    held: list[int] = hands.copy()
    pos: int = len(trick)
    p: int = (leader + pos) % n
    nobody: list[int] = [0] * n
    entry: int
    while True:
        hand: int = held[p]
        if not hand:
            break
        if first >= 0:
            entry = first
            first = -1
        else:
            legal: int = legal_special_cards(hand, led)
            if not legal & (legal - 1) and legal.bit_length() - 1 < JUGGLER:
                entry = legal.bit_length() - 1
            else:
                entry = choose_play(legal, trick, won[p] < goal[p], trump, keys)
        if trace is not None:
            trace.append(card_action(entry))
        held[p] = hand & ~(1 << played_card(entry))
        led = next_led_special(led, entry, pos, lead_rule)
        trick.append(entry)
        pos += 1
        if pos < n:
            p = p + 1 if p + 1 < n else 0
            continue
        result: tuple[int, int] = trick_result(trick, trump)
        nxt: int = (leader + result[1]) % n
        if result[0] >= 0:
            winner: int = (leader + result[0]) % n
            won[winner] = won[winner] + 1
            if holds_cloud(trick):
                change: int = choose_cloud(goal[winner], won[winner], held[winner], hand_size, values)
                goal[winner] = goal[winner] + (1 if change == CLOUD_UP else -1)
                if trace is not None:
                    trace.append(change)
        if holds_juggler(trick) and held[nxt]:
            juggle(held, goal, won, nobody, values, keys, nxt, trace)
        trick.clear()
        led = NO_SUIT_YET
        pos = 0
        leader = nxt
        p = nxt
    return won


__all__ = ["choose_cloud", "choose_gift", "choose_play", "hand_value", "juggle", "special_playout", "table"]
