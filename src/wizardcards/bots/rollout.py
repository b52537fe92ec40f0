"""Fast playouts of the rest of one hand on bare bitmasks: the inner loop of the ``search`` bot.

A search decision plays out thousands of hands to their end. Doing that through ``TrickGameState.apply`` would
build views, histories and score sheets nobody reads, so this module plays the card phase of one hand on plain ints
(a hand is a card bitmask, as in the core) and stops when the hand is over: the value of a decision is its round
score (Wizard) or its team's letter (Wily Wizards), never the rest of the game.

The rules are not restated here. Which cards may be played (``tricks.legal_cards``), how the suit to follow evolves
(``tricks.next_led``) and who wins a trick (``tricks.winning_position``) are the core's own functions; this module
only loops over them. The policy asks, card by card, whether a card would take the trick over as it stands
(``beats``): that is read from a table of the core's trick winner on two-card tricks, built once at import (calling
the core there instead makes a playout a fifth slower). ``tests/bots/test_rollout.py`` replays playouts through the
core engine from many random positions and checks every legal set, every card and every trick winner, and ``beats``
against the core's winner of random partial tricks. A regular install compiles this module with the core (mypyc,
``setup.py``), so those calls are direct C calls: keep it typed, plain ints and lists, no closures in the loop
(``docs/engine.md``, "The search bot's inner loops"; ``benchmarks/rollout.py``).

Rollout policy
--------------
Every seat plays the rule-based heuristic of ``rulebased.py`` (Schumacher & Pleines 2022), from its own hand and the
table only: it never looks at the other sampled hands, so a playout is an honest game between heuristic players, not
a double-dummy solution. Cards are ranked by the heuristic's card value under the trump (ties by action id, as the
rule-based bot ranks them). *Short* (still needs tricks): Wizard, tricks won < target; Wily Wizards, the bidder's team
is below the contract, or a defender while the contract can still be made. Short and leading: the highest card;
short and following: the highest if it beats the table, else the lowest (Wily: the lowest when a teammate is winning
the trick); not short: the lowest lead, or the highest card that still loses to the table, else the lowest.

With ``model`` (``search:policy=learned``, Wizard only) every seat plays the learned play model of ``play_model.py``
instead, from the same knowledge: its hand, the table, its bid and tricks won, and the cards gone from play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..core.actions import card_action
from ..core.cards import DECK_SIZE, FULL_DECK
from ..core.tricks import legal_cards, next_led, winning_position
from .play_model import model_card
from .rulebased import OTHERS, card_chance
from .trick_table import beats, winning_so_far


def _keys(trump: int) -> tuple[int, ...]:
    # card_chance is (lead + follow) / 118 with integer counts, and the heuristic's value is a power of it: ranking by
    # the integer count, then by action id, is exactly the rule-based bot's ranking.
    return tuple(round(card_chance(c, trump) * 2 * OTHERS) * 64 + card_action(c) for c in range(DECK_SIZE))


KEYS: Final[tuple[tuple[int, ...], ...]] = tuple(_keys(trump) for trump in (-1, 0, 1, 2, 3))
"""``KEYS[trump + 1][card]``: the heuristic's ranking of the cards under ``trump`` (-1: none)."""


def playout(
    hands: list[int],
    trick: list[int],
    leader: int,
    led: int,
    won: list[int],
    trump: int,
    lead_rule: int,
    targets: Sequence[int] = (),
    teams: Sequence[int] = (),
    bidder_team: int = -1,
    contract: int = 0,
    first: int = -1,
    rng: random.Random | None = None,
    trace: list[tuple[int, int, int]] | None = None,
    model: list[float] | None = None,
    gone: int = 0,
) -> list[int]:
    """Play the hand to its end from the position given and return the tricks won by each seat.

    ``trick`` (cards of the trick in progress, from ``leader``) and ``won`` are changed in place: pass copies
    (``hands`` is only read). Wizard: ``targets`` are the seats' bids. Wily Wizards: ``teams`` (non-empty) with
    ``bidder_team`` and ``contract``. ``first``: the card the seat on turn plays first (the move being evaluated;
    it must be legal). ``rng``: play uniformly random legal cards instead of the heuristic (tests). ``trace``
    receives ``(seat, legal cards, card)`` for every card played (tests). ``model`` (Wizard only): every seat plays
    the learned play model with these weights instead of the heuristic (``play_model.py``), ``gone`` being the cards
    gone from play before this position (played this hand, the trick in progress included, and the trump card).
    """
    # Typed locals and lists (not Sequence) throughout: compiled, every line below is native int and list code.
    n: int = len(hands)
    keys: tuple[int, ...] = KEYS[trump + 1]
    goal: list[int] = targets if isinstance(targets, list) else list(targets)
    team: list[int] = teams if isinstance(teams, list) else list(teams)
    wily: bool = len(team) > 0
    pos: int = len(trick)
    p: int = (leader + pos) % n
    team_won: list[int] = []
    tricks_left: int = 0  # Wily Wizards only: whether the defenders are short depends on it
    if wily:
        team_won = [0] * (max(team) + 1)
        for seat in range(n):
            team_won[team[seat]] += won[seat]
        cards_left: int = pos
        for held in hands:
            cards_left += held.bit_count()
        tricks_left = cards_left // n
    best: int = -1
    best_pos: int = -1
    for i in range(pos):
        if i == 0 or beats(trick[i], best, trump):
            best = trick[i]
            best_pos = i
    played: int = 0  # the cards played from here on (hands[p] & ~played is what seat p still holds)
    card: int
    while True:
        hand: int = hands[p] & ~played
        if not hand:
            break
        legal: int = legal_cards(hand, led)
        if first >= 0:
            card = first
            first = -1
        elif not legal & (legal - 1):
            card = legal.bit_length() - 1
        elif rng is not None:
            card = _random_card(legal, rng)
        elif model is not None:
            card = model_card(model, hand, legal, pos, n, best, trump, led, goal[p] - won[p],
                              FULL_DECK & ~(hand | gone | played))
        else:
            short: bool
            if wily:
                if team[p] == bidder_team:
                    short = team_won[bidder_team] < contract
                else:
                    short = team_won[bidder_team] + tricks_left >= contract
            else:
                short = won[p] < goal[p]
            # One pass over the legal cards: the lowest and the highest by the heuristic's ranking, and the highest
            # that still loses to the table (only needed when following and not short).
            lo: int = -1
            hi: int = -1
            hi_lose: int = -1
            lo_k: int = 1 << 30
            hi_k: int = -1
            hl_k: int = -1
            losing_wanted: bool = pos > 0 and not short
            m: int = legal
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
                if losing_wanted and k > hl_k and not beats(c, best, trump):
                    hi_lose = c
                    hl_k = k
            if pos == 0:
                card = hi if short else lo
            elif short:
                if wily and team[(leader + best_pos) % n] == team[p]:
                    card = lo
                else:
                    card = hi if beats(hi, best, trump) else lo
            else:
                card = hi_lose if hi_lose >= 0 else lo
        if trace is not None:
            trace.append((p, legal, card))
        played |= 1 << card
        led = next_led(led, card, pos, lead_rule)
        trick.append(card)
        if pos == 0 or beats(card, best, trump):
            best = card
            best_pos = pos
        pos += 1
        if pos < n:
            p = p + 1 if p + 1 < n else 0
            continue
        winner: int = (leader + winning_position(trick, trump)) % n
        won[winner] = won[winner] + 1
        if wily:
            team_won[team[winner]] = team_won[team[winner]] + 1
        tricks_left -= 1
        trick.clear()
        led = -1
        pos = 0
        best = -1
        best_pos = -1
        leader = winner
        p = winner
    return won


def _random_card(legal: int, rng: random.Random) -> int:
    """A uniformly random card of ``legal`` (drawn as ``rng.choice`` over the cards, lowest first)."""
    options: list[int] = []
    m = legal
    while m:
        low = m & -m
        options.append(low.bit_length() - 1)
        m ^= low
    return rng.choice(options)


__all__ = ["KEYS", "beats", "playout", "winning_so_far"]
