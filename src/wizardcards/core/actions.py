"""The integer action space of each game, in one table, and its text notation.

Both games share one layout, so that a card is the same action everywhere (OpenSpiel ``oh_hell`` style: cards first,
then the other decisions at fixed offsets)::

    action     Wizard                          Wily Wizards
    ---------  ------------------------------  ------------------------------------------
    0..51      play that suited card (card id) play, or give while passing, that card
    52         play a Wizard (any of the four) play or give a Wizard
    53         play a Jester (any of the four) play or give a Jester
    54..57     dealer names trump C, D, H, S   high bidder names trump C, D, H, S
    58         -                               high bidder names no trump (option)
    59         -                               pass in the auction
    60..80     bid 0..20 (60 + bid)            bid 1..20 in the auction (60 + bid)

``NUM_ACTIONS`` (81) covers both games. Identical cards share an action: a hand with two Wizards has the single move
52. Text: a card's text (``7h``, ``Wiz``, ``Jes``), ``trump h`` (or ``trump Hearts``), ``no trump``, ``pass``,
``bid 3``. Text round-trips: ``action_from_text(action_to_text(a)) == a``; a text or id that names no action raises
``InvalidActionError`` (whether the action is allowed now is the state's question: ``IllegalActionError``).

``card_action`` and ``card_of_action`` are the one pair that maps a card to its action and back; every bot, screen
and environment uses them.
"""

from __future__ import annotations

from typing import Final

from .cards import (
    FIRST_JESTER,
    FIRST_WIZARD,
    JESTERS,
    RANKS,
    SUITED_CARDS,
    WIZARDS,
    RankStyle,
    Suit,
    card_from_text,
    card_to_text,
)
from .phase import InvalidActionError

PLAY_WIZARD: Final = 52
PLAY_JESTER: Final = 53
CARD_ACTIONS: Final = 54
TRUMP_BASE: Final = 54  # + suit
NO_TRUMP: Final = 58
PASS: Final = 59
BID_BASE: Final = 60  # + bid
MAX_BID: Final = 20
NUM_ACTIONS: Final = BID_BASE + MAX_BID + 1


def card_action(card: int) -> int:
    """The action that plays ``card`` (every Wizard gives 52, every Jester 53)."""
    if card < FIRST_WIZARD:
        return card
    return PLAY_WIZARD if card < FIRST_JESTER else PLAY_JESTER


def card_of_action(action: int, hand: int) -> int:
    """The card ``action`` plays (or gives) from ``hand``: the suited card itself, the lowest Wizard or Jester the
    hand holds for 52 and 53; -1 when the hand holds no such card or the action plays no card."""
    if 0 <= action < FIRST_WIZARD:
        return action if hand >> action & 1 else -1
    if action == PLAY_WIZARD:
        group = hand & WIZARDS
    elif action == PLAY_JESTER:
        group = hand & JESTERS
    else:
        return -1
    return (group & -group).bit_length() - 1


def is_card_action(action: int) -> bool:
    return 0 <= action < CARD_ACTIONS


def bid_action(bid: int) -> int:
    return BID_BASE + bid


def trump_action(suit: int | None) -> int:
    return NO_TRUMP if suit is None or suit < 0 else TRUMP_BASE + suit


def action_to_text(action: int, style: RankStyle = RankStyle.TWO_TO_ACE) -> str:
    if 0 <= action < SUITED_CARDS:
        return card_to_text(action, style)
    if action == PLAY_WIZARD:
        return "Wiz"
    if action == PLAY_JESTER:
        return "Jes"
    if TRUMP_BASE <= action < NO_TRUMP:
        return f"trump {Suit(action - TRUMP_BASE).letter}"
    if action == NO_TRUMP:
        return "no trump"
    if action == PASS:
        return "pass"
    if BID_BASE <= action < NUM_ACTIONS:
        return f"bid {action - BID_BASE}"
    raise InvalidActionError(f"no action has id {action}: ids run 0..{NUM_ACTIONS - 1}")


def action_from_text(text: str, style: RankStyle = RankStyle.TWO_TO_ACE) -> int:
    """The action a text names; ``InvalidActionError`` when it names none."""
    try:
        return _parse_action(text, style)
    except InvalidActionError:
        raise
    except ValueError as error:  # a card text that names no card
        raise InvalidActionError(str(error)) from None


def _parse_action(text: str, style: RankStyle) -> int:
    words = text.strip().lower().split()
    if not words:
        raise InvalidActionError("an empty text is no action")
    if words == ["pass"]:
        return PASS
    if words in (["no", "trump"], ["notrump"]):
        return NO_TRUMP
    if words[0] == "bid" and len(words) == 2 and words[1].isdigit():
        bid = int(words[1])
        if bid > MAX_BID:
            raise InvalidActionError(f"no bid can exceed {MAX_BID} tricks")
        return BID_BASE + bid
    if words[0] == "trump" and len(words) == 2:
        name = words[1]
        for suit in Suit:
            if name in (suit.letter, suit.name.lower()):
                return TRUMP_BASE + suit
        raise InvalidActionError(f"no suit {words[1]!r}: write trump c, d, h or s")
    if len(words) == 1:
        return card_action(card_from_text(text, style))
    raise InvalidActionError(f"not an action: {text!r} (e.g. 7h, Wiz, Jes, bid 2, trump h, no trump, pass)")


__all__ = [
    "BID_BASE",
    "CARD_ACTIONS",
    "MAX_BID",
    "NO_TRUMP",
    "NUM_ACTIONS",
    "PASS",
    "PLAY_JESTER",
    "PLAY_WIZARD",
    "RANKS",
    "TRUMP_BASE",
    "action_from_text",
    "action_to_text",
    "bid_action",
    "card_action",
    "card_of_action",
    "is_card_action",
    "trump_action",
]
