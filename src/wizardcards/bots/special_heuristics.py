"""``rulebased`` with the special cards (docs/rules.md, "Special cards"): the heuristic of ``rulebased.py`` carried
over to a deck of 60 + k cards, and a rule for each new decision.

Card value
----------
As in ``rulebased.py``: a card's *chance* is the mean share of the other cards it beats leading and following, its
value ``chance ** (players - 1)`` scaled so the deck sums to ``deck / players``. Per card or card as played:

=============================  =====================================================================
entry                          beats (leading, following), of the ``D - 1`` other cards
=============================  =====================================================================
Dragon                         all but the Fairy, both ways
Wizard, Shapeshifter as one    all but the Dragon leading; following, all but the Dragon and the other
                               four Wizard-like cards
Jester, Werewolf, Shp as Jes   the other Jesters leading (3), nothing following
Fairy                          the Dragon only (1), both ways
Bomb                           nothing (it wins no trick)
suited rank r                  the 60-card table of ``rulebased.py`` (trump 43 + r; side suit 30 + r
                               leading, 4 + r following; no trump 43 + r and 4 + r)
Juggler naming s               a card of suit s of rank 5.5 (between the 7 and the 8)
Cloud naming s                 a card of suit s of rank 7.5 (between the 9 and the 10)
=============================  =====================================================================

A Juggler or Cloud in the hand is worth its best form (naming trump), a Shapeshifter a Wizard; the Werewolf, in a
hand only when no card was turned up, a Jester.

Decisions
---------
* **Bid**: the hand's value rounded half up, the nearest legal bid (as ``rulebased``).
* **Trump** (the dealer over a special card or a Wizard turned up, the Werewolf's holder): the choice among those
  offered, a suit or no trump, that gives the hand the highest value (ties: the lowest suit, no trump last).
* **Play**: as ``rulebased``, over every legal card *as played* (each suit a Juggler or Cloud may name, each part of
  the Shapeshifter), who wins judged by the special cards' trick rules. The Bomb is spent only when it helps: when
  the bot has its tricks and every other card it may play would take the trick; otherwise it is never the "lowest
  card" thrown away.
* **Cloud**: the change (+1 or -1) that brings the bid nearer to the tricks won plus the value of the hand left.
* **Juggler's pass**: a bot that expects more tricks than it still needs gives its highest-valued card; otherwise
  its lowest (it keeps what it needs to win tricks).
"""

from __future__ import annotations

from functools import cache

from ..core import View
from ..core import actions as A
from ..core.cards import (
    BOMB,
    CARD_IDS,
    CLOUD,
    CLOUD_AS,
    DRAGON,
    FAIRY,
    FIRST_JESTER,
    JUGGLER,
    JUGGLER_AS,
    RANKS,
    SHAPESHIFTER,
    SHAPESHIFTER_AS_JESTER,
    SHAPESHIFTER_AS_WIZARD,
    SUITED_CARDS,
    WEREWOLF,
    cards_of,
)
from ..core.phase import Phase
from ..core.special_tricks import trick_result

JUGGLER_RANK = 5.5
CLOUD_RANK = 7.5


def _suited_shares(suit: int, rank: float, trump: int) -> tuple[float, float]:
    if trump < 0 or suit == trump:
        return 43 + rank, (43 + rank if suit == trump else 4 + rank)
    return 30 + rank, 4 + rank


def entry_chance(card: int, trump: int, deck_size: int) -> float:
    """The mean share of the other cards a card (or a card as played) beats leading and following (table above)."""
    others = deck_size - 1
    if card < SUITED_CARDS:
        lead, follow = _suited_shares(card // RANKS, card % RANKS, trump)
    elif card < FIRST_JESTER or card == SHAPESHIFTER_AS_WIZARD or card == SHAPESHIFTER:
        lead, follow = others - 1, others - 5
    elif card < DRAGON or card in (WEREWOLF, SHAPESHIFTER_AS_JESTER):
        lead, follow = 3, 0
    elif card == DRAGON:
        lead = follow = others - 1
    elif card == FAIRY:
        lead = follow = 1
    elif card == BOMB:
        lead = follow = 0
    elif card in (JUGGLER, CLOUD):  # in a hand: its best form, naming trump (or any suit without trump)
        return max(entry_chance((JUGGLER_AS if card == JUGGLER else CLOUD_AS) + s, trump, deck_size) for s in range(4))
    else:
        suit = (card - JUGGLER_AS) % 4
        lead, follow = _suited_shares(suit, JUGGLER_RANK if card < CLOUD_AS else CLOUD_RANK, trump)
    return min(1.0, (lead + follow) / (2 * others))


@cache
def special_values(trump: int, players: int, deck: tuple[int, ...]) -> tuple[float, ...]:
    """The value of every id 0..76 (cards and cards as played) under ``trump`` for this deck and table."""
    raw = [entry_chance(card, trump, len(deck)) ** (players - 1) for card in range(CARD_IDS)]
    scale = len(deck) / players / sum(raw[card] for card in deck)
    return tuple(value * scale for value in raw)


def _values(view: View, trump: int | None = None) -> tuple[float, ...]:
    return special_values(view.trump_suit if trump is None else trump, view.players, view.rules.deck)


def hand_value(hand: int, values: tuple[float, ...]) -> float:
    return sum(values[card] for card in cards_of(hand))


def entry_of(action: int, hand: int) -> int:
    """What a play action puts in the trick: the card, or the Juggler, Cloud or Shapeshifter as played."""
    if action >= A.SPECIAL_CARD_BASE:
        return A.form_of_action(action)
    return A.card_of_action(action, hand)


def choose_trump(view: View) -> int:
    offered = [a for a in view.legal_actions if A.TRUMP_BASE <= a <= A.NO_TRUMP]

    def value(action: int) -> tuple[float, int]:
        trump = -1 if action == A.NO_TRUMP else action - A.TRUMP_BASE
        return hand_value(view.hand, _values(view, trump)), -action

    return max(offered, key=value)


def bid(view: View) -> int:
    target = int(hand_value(view.hand, _values(view)) + 0.5)
    bids = [a - A.BID_BASE for a in view.legal_actions]
    return A.BID_BASE + min(bids, key=lambda b: (abs(b - target), b))


def _needs(view: View) -> tuple[int, int]:
    """(the bid, the tricks won) of the bot's seat; a bid not visible counts as 0."""
    mine = view.bids[view.seat] if view.bids else None
    return (mine or 0), view.tricks_won[view.seat]


def play(view: View) -> int:
    values = _values(view)
    hand = view.hand
    wanted, won = _needs(view)
    short = won < wanted
    ranked = sorted(view.legal_actions, key=lambda a: (values[entry_of(a, hand)], a))
    bomb = A.card_action(BOMB)
    keep = [a for a in ranked if a != bomb] or ranked  # the Bomb is never thrown away as the lowest card
    lowest, highest = keep[0], ranked[-1]
    trick = list(view.trick)
    if not trick:
        return highest if short else lowest
    position = len(trick)

    def wins(action: int) -> bool:
        return trick_result([*trick, entry_of(action, hand)], view.trump_suit)[0] == position

    if short:
        return highest if wins(highest) else lowest
    losing = [a for a in keep if not wins(a)]
    if losing:
        return losing[-1]
    return bomb if bomb in ranked else lowest  # every other card would take an unwanted trick: the Bomb


def cloud(view: View) -> int:
    wanted, won = _needs(view)
    expected = won + hand_value(view.hand, _values(view))
    return min(view.legal_actions,
               key=lambda a: (abs(wanted + (1 if a == A.CLOUD_UP else -1) - expected), a))


def juggle(view: View) -> int:
    values = _values(view)
    wanted, won = _needs(view)
    ranked = sorted(view.legal_actions, key=lambda a: (values[A.card_of_action(a, view.hand)], a))
    expected = hand_value(view.hand, values)
    return ranked[-1] if expected > wanted - won + 0.5 else ranked[0]


def act(view: View) -> int:
    """The ``rulebased`` decision of a Wizard game with special cards."""
    phase = view.phase
    if phase in (Phase.CHOOSE_TRUMP, Phase.WEREWOLF):
        return choose_trump(view)
    if phase is Phase.BID:
        return bid(view)
    if phase is Phase.CLOUD:
        return cloud(view)
    if phase is Phase.JUGGLE:
        return juggle(view)
    return play(view)


__all__ = ["act", "entry_chance", "special_values"]
