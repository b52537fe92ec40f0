"""Trick rules of the special cards (RULES.md, "Special cards"): which cards may be played, the suit to follow, who
wins a trick and who leads the next. Pure functions over card ids (cards.py), as ``tricks.py`` is for the 60 cards;
the engine calls these only in games with special cards, so the 60-card engine runs exactly as before.

A trick holds what was played: a card id, or for a Juggler, Cloud or Shapeshifter its played form (cards.py, 67..76),
which carries the suit named or the choice made. Each entry stands, for the suit to follow and for the winner, as:

=================================  ===============================================================================
entry                              counts as
=================================  ===============================================================================
a suited card                      itself
Wizard, Shapeshifter as a Wizard   a Wizard: the first of them wins (unless the Dragon is in the trick)
Dragon                             beats every card, Wizards included, unless the Fairy is in the same trick; led or
                                   as the first non-Jester card, it frees everybody as a Wizard does (docs/rules.md)
Fairy                              loses to every card, Jesters included; wins a trick that holds the Dragon; sets
                                   no suit (as a Jester)
Jester, Shapeshifter as a Jester   a Jester
Werewolf (played only in a round   a Jester
with no card turned up)
Bomb                               takes no part: the trick is won by nobody; whoever wins it without the Bomb leads
                                   next; sets no suit (as a Jester)
Juggler naming suit s              a card of suit s between its 7 and 8 (a trump if s is trump)
Cloud naming suit s                a card of suit s between its 9 and 10
=================================  ===============================================================================
"""

from __future__ import annotations

from typing import Final

from .cards import (
    ALWAYS_PLAYABLE,
    BOMB,
    CLOUD_AS,
    DRAGON,
    FAIRY,
    FIRST_JESTER,
    FIRST_WIZARD,
    JUGGLER_AS,
    RANKS,
    SHAPESHIFTER_AS_JESTER,
    SHAPESHIFTER_AS_WIZARD,
    SUIT_MASKS,
    SUITED_CARDS,
    WEREWOLF,
)
from .tricks import NO_SUIT_YET, next_led

JUGGLER_FORMS: Final[int] = 0xF << JUGGLER_AS
CLOUD_FORMS: Final[int] = 0xF << CLOUD_AS
# Ranks on a doubled scale, so that the Juggler (between the 7 and the 8) and the Cloud (between the 9 and the 10)
# fit between two cards: a suited card of rank r is 2r; the 7 is rank 5, the 9 rank 7.
JUGGLER_RANK2: Final = 2 * 5 + 1
CLOUD_RANK2: Final = 2 * 7 + 1


def legal_special_cards(hand: int, led: int) -> int:
    """``tricks.legal_cards`` with the special cards: like Wizards and Jesters, each may always be played."""
    if 0 <= led < 4:
        same = hand & SUIT_MASKS[led]
        if same:
            return same | (hand & ALWAYS_PLAYABLE)
    return hand


def stand_in(card: int) -> int:
    """A 60-card id that plays ``card``'s part for the suit to follow: a suited card of the named suit for a Juggler or
    Cloud, a Wizard for the Dragon and a Shapeshifter as a Wizard, a Jester for the Fairy, Bomb, Werewolf and a
    Shapeshifter as a Jester."""
    if card < DRAGON:
        return card
    if card == DRAGON or card == SHAPESHIFTER_AS_WIZARD:
        return FIRST_WIZARD
    if JUGGLER_AS <= card < SHAPESHIFTER_AS_WIZARD:
        return RANKS * ((card - JUGGLER_AS) % 4)
    return FIRST_JESTER  # Fairy, Bomb, Werewolf, Shapeshifter as a Jester


def next_led_special(led: int, card: int, position: int, lead_rule: int) -> int:
    """``tricks.next_led`` for a trick entry that may be a special card or a played form."""
    if led != NO_SUIT_YET:
        return led
    return next_led(led, stand_in(card), position, lead_rule)


def _suit_and_rank2(card: int) -> tuple[int, int]:
    """(suit, doubled rank) of an entry that counts as a suited card; (-1, -1) for any other."""
    if card < SUITED_CARDS:
        return card // RANKS, 2 * (card % RANKS)
    if JUGGLER_AS <= card < CLOUD_AS:
        return card - JUGGLER_AS, JUGGLER_RANK2
    if CLOUD_AS <= card < SHAPESHIFTER_AS_WIZARD:
        return card - CLOUD_AS, CLOUD_RANK2
    return -1, -1


def trick_result(cards: list[int] | tuple[int, ...], trump: int) -> tuple[int, int]:
    """(the position that wins the trick, or -1 when the Bomb is in it; the position whose player leads next).

    Positions count from the leader (0). Without a Bomb both are the same position."""
    best = _best_without_bomb(cards, trump)
    return (-1 if BOMB in cards else best), best


def _best_without_bomb(cards: list[int] | tuple[int, ...], trump: int) -> int:
    dragon = fairy = -1
    for position in range(len(cards)):
        card = cards[position]
        if card == DRAGON:
            dragon = position
        elif card == FAIRY:
            fairy = position
    if dragon >= 0:
        return fairy if fairy >= 0 else dragon
    led = -1
    best = -1
    best_key = -1
    first_jester = -1
    for position in range(len(cards)):
        card = cards[position]
        if FIRST_WIZARD <= card < FIRST_JESTER or card == SHAPESHIFTER_AS_WIZARD:
            return position  # the first Wizard wins
        suit, rank2 = _suit_and_rank2(card)
        if suit >= 0:
            if led < 0:
                led = suit
            key = 200 + rank2 if suit == trump else (100 + rank2 if suit == led else 0)
            if key > best_key:
                best, best_key = position, key
        elif first_jester < 0 and (FIRST_JESTER <= card < DRAGON or card == WEREWOLF or card == SHAPESHIFTER_AS_JESTER):
            first_jester = position
    if best >= 0:
        return best
    if first_jester >= 0:
        return first_jester  # every card a Jester (or the Fairy, which loses to Jesters too): the first Jester
    # Only the Fairy and the Bomb: the Fairy (a trick of three holds another card, so this is never reached at a
    # real table; kept total for the functions' sake).
    return fairy if fairy >= 0 else 0


def holds_cloud(cards: list[int] | tuple[int, ...]) -> bool:
    return any(CLOUD_AS <= card < SHAPESHIFTER_AS_WIZARD for card in cards)


def holds_juggler(cards: list[int] | tuple[int, ...]) -> bool:
    return any(JUGGLER_AS <= card < CLOUD_AS for card in cards)


__all__ = [
    "CLOUD_FORMS",
    "JUGGLER_FORMS",
    "SHAPESHIFTER_AS_JESTER",
    "holds_cloud",
    "holds_juggler",
    "legal_special_cards",
    "next_led_special",
    "stand_in",
    "trick_result",
]
