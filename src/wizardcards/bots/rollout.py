"""Fast playouts of the rest of one hand on bare bitmasks: the inner loop of the ``search`` bot.

A search decision plays out thousands of hands to their end. Doing that through ``TrickGameState.apply`` would
build views, histories and score sheets nobody reads, so this module plays the card phase of one hand on plain ints
(a hand is a card bitmask, as in the core) and stops when the hand is over: the value of a decision is its round
score (Wizard) or its team's letter (Wily Wizards), never the rest of the game.

The rules are not restated here. Which cards may be played (``tricks.legal_cards``), how the suit to follow evolves
(``tricks.next_led``) and who wins a trick (``tricks.trick_winner``) are the core's own functions (compiled by mypyc
on a regular install); this module only loops over them. ``tests/bots/test_rollout.py`` replays playouts through the
core engine from many random positions and checks every legal set, every card and every trick winner.

Rollout policy
--------------
Every seat plays the rule-based heuristic of ``rulebased.py`` (Schumacher & Pleines 2022), from its own hand and the
table only: it never looks at the other sampled hands, so a playout is an honest game between heuristic players, not
a double-dummy solution. Cards are ranked by the heuristic's card value under the trump (ties by action id, as the
rule-based bot ranks them). *Short* (still needs tricks): Wizard, tricks won < target; Wily Wizards, the bidder's team
is below the contract, or a defender while the contract can still be made. Short and leading: the highest card;
short and following: the highest if it beats the table, else the lowest (Wily: the lowest when a teammate is winning
the trick); not short: the lowest lead, or the highest card that still loses to the table, else the lowest.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..core.cards import DECK_SIZE, FIRST_JESTER, FIRST_WIZARD, RANKS
from ..core.tricks import legal_cards, next_led, trick_winner
from .rulebased import OTHERS, card_chance


def _action_id(card: int) -> int:
    return card if card < FIRST_WIZARD else (52 if card < FIRST_JESTER else 53)


def _keys(trump: int) -> tuple[int, ...]:
    # card_chance is (lead + follow) / 118 with integer counts, and the heuristic's value is a power of it: ranking by
    # the integer count, then by action id, is exactly the rule-based bot's ranking.
    return tuple(round(card_chance(c, trump) * 2 * OTHERS) * 64 + _action_id(c) for c in range(DECK_SIZE))


KEYS: Final = tuple(_keys(trump) for trump in (-1, 0, 1, 2, 3))
"""``KEYS[trump + 1][card]``: the heuristic's ranking of the cards under ``trump`` (-1: none)."""


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` played now would take over a trick whose winning card so far is ``best``."""
    if FIRST_WIZARD <= best < FIRST_JESTER or card >= FIRST_JESTER:
        return False
    if card >= FIRST_WIZARD or best >= FIRST_JESTER:
        return True
    suit = card // RANKS
    if suit == best // RANKS:
        return card > best
    return suit == trump


def playout(
    hands: list[int],
    trick: list[int],
    leader: int,
    led: int,
    won: list[int],
    trump: int,
    first_suited: bool,
    targets: Sequence[int] = (),
    teams: Sequence[int] = (),
    bidder_team: int = -1,
    contract: int = 0,
    first: int = -1,
    rng: random.Random | None = None,
    trace: list[tuple[int, int, int]] | None = None,
) -> list[int]:
    """Play the hand to its end from the position given and return the tricks won by each seat.

    ``hands``, ``trick`` (cards of the trick in progress, from ``leader``) and ``won`` are changed in place: pass
    copies. Wizard: ``targets`` are the seats' bids. Wily Wizards: ``teams`` (non-empty) with ``bidder_team`` and
    ``contract``. ``first``: the card the seat on turn plays first (the move being evaluated; it must be legal).
    ``rng``: play uniformly random legal cards instead of the heuristic (tests). ``trace`` receives
    ``(seat, legal cards, card)`` for every card played (tests).
    """
    n = len(hands)
    keys = KEYS[trump + 1]
    wily = len(teams) > 0
    team_won = [0] * (max(teams) + 1) if wily else []
    if wily:
        for seat, count in enumerate(won):
            team_won[teams[seat]] += count
    pos = len(trick)
    p = (leader + pos) % n
    tricks_left = (sum(h.bit_count() for h in hands) + pos) // n
    best, best_pos = -1, -1
    for i, card in enumerate(trick):
        if i == 0 or beats(card, best, trump):
            best, best_pos = card, i
    while True:
        hand = hands[p]
        if not hand:
            break
        legal = legal_cards(hand, led)
        if first >= 0:
            card, first = first, -1
        elif not legal & (legal - 1):
            card = legal.bit_length() - 1
        elif rng is not None:
            options = []
            m = legal
            while m:
                low = m & -m
                options.append(low.bit_length() - 1)
                m ^= low
            card = rng.choice(options)
        else:
            if wily:
                bt = bidder_team
                if teams[p] == bt:
                    short = team_won[bt] < contract
                else:
                    short = team_won[bt] + tricks_left >= contract
            else:
                short = won[p] < targets[p]
            lo = hi = hi_lose = -1
            lo_k = 1 << 30
            hi_k = hl_k = -1
            m = legal
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                k = keys[c]
                if k < lo_k:
                    lo, lo_k = c, k
                if k > hi_k:
                    hi, hi_k = c, k
                if pos and not short and k > hl_k and not beats(c, best, trump):
                    hi_lose, hl_k = c, k
            if pos == 0:
                card = hi if short else lo
            elif short:
                if wily and teams[(leader + best_pos) % n] == teams[p]:
                    card = lo
                else:
                    card = hi if beats(hi, best, trump) else lo
            else:
                card = hi_lose if hi_lose >= 0 else lo
        if trace is not None:
            trace.append((p, legal, card))
        hands[p] = hand ^ (1 << card)
        led = next_led(led, card, pos, first_suited)
        trick.append(card)
        if pos == 0 or beats(card, best, trump):
            best, best_pos = card, pos
        pos += 1
        if pos < n:
            p = (p + 1) % n
            continue
        winner = (leader + trick_winner(trick, trump)) % n
        won[winner] += 1
        if wily:
            team_won[teams[winner]] += 1
        tricks_left -= 1
        trick.clear()
        led = -1
        pos = 0
        best, best_pos = -1, -1
        leader = p = winner
    return won


__all__ = ["KEYS", "beats", "playout"]
