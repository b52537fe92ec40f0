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

``NUM_ACTIONS`` (81) covers both games without special cards: that is table 1, and every record of such a game
reads with it. Table 2 (``ACTION_TABLE`` names it; rule sets with ``special_cards`` use it) keeps every id of table
1 and appends the decisions of the anniversary cards (RULES.md, "Special cards")::

    81, 82     bid 21, 22 (60 + bid: hands of 21 and 22 cards exist only with special cards, at 3 players)
    83..86     play, or give in a Juggler's pass, the Dragon, Fairy, Bomb, Werewolf (``Drg Fai Bmb Wwf``)
    87..89     give the Juggler, Cloud, Shapeshifter in a Juggler's pass (``Jug Cld Shp``)
    90..93     play the Juggler naming C, D, H, S (``Jug>c`` ...)
    94..97     play the Cloud naming C, D, H, S (``Cld>c`` ...)
    98, 99     play the Shapeshifter as a Wizard, as a Jester (``Shp>Wiz``, ``Shp>Jes``)
    100, 101   the Cloud's trick winner changes their bid by +1, by -1 (``cloud +1``, ``cloud -1``)

A special card's action is its card id (cards.py) + 23, a played form's too (``Jug>h`` is card 69, action 92). Naming
trump after a Werewolf, or after a special card turned up, is 54..58 as ever. ``NUM_ACTIONS_WITH_SPECIALS`` (102) is
table 2's size; ``RuleSet.num_actions`` gives the size for a rule set. The text functions read and write table 2's
ids only when asked (``specials=True``): in a game without special cards they name no action, as before.

Identical cards share an action: a hand with two Wizards has the single move
52. Text: a card's text (``7h``, ``Wiz``, ``Jes``), ``trump h`` (or ``trump Hearts``), ``no trump``, ``pass``,
``bid 3``. Text round-trips: ``action_from_text(action_to_text(a)) == a``; a text or id that names no action raises
``InvalidActionError`` (whether the action is allowed now is the state's question: ``IllegalActionError``).

``card_action`` and ``card_of_action`` are the one pair that maps a card to its action and back; every bot, screen
and environment uses them.
"""

from __future__ import annotations

from typing import Final

from .cards import (
    DRAGON,
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
    played_card,
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
# Table 2: the special cards (see the module docstring).
ACTION_TABLE: Final = "wizardcards-actions/2"
MAX_BID_WITH_SPECIALS: Final = 22
SPECIAL_ACTION_OFFSET: Final = 23  # a special card's (or played form's) action is its id + 23
SPECIAL_CARD_BASE: Final = DRAGON + SPECIAL_ACTION_OFFSET  # 83
CLOUD_UP: Final = 100
CLOUD_DOWN: Final = 101
NUM_ACTIONS_WITH_SPECIALS: Final = 102


def card_action(card: int) -> int:
    """The action that plays ``card`` (every Wizard gives 52, every Jester 53; a special card or a played form its
    id + 23)."""
    if card < FIRST_WIZARD:
        return card
    if card >= DRAGON:
        return card + SPECIAL_ACTION_OFFSET
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
    elif SPECIAL_CARD_BASE <= action < CLOUD_UP:
        card = played_card(action - SPECIAL_ACTION_OFFSET)  # a played form leaves the hand as its card
        return card if hand >> card & 1 else -1
    else:
        return -1
    return (group & -group).bit_length() - 1


def form_of_action(action: int) -> int:
    """What a special card's action (83..99) puts into the trick: the card (83..86) or its played form (90..99,
    cards 67..76)."""
    return action - SPECIAL_ACTION_OFFSET


def is_card_action(action: int) -> bool:
    """Whether the action plays or gives a card (table 2's special cards and played forms included)."""
    return 0 <= action < CARD_ACTIONS or SPECIAL_CARD_BASE <= action < CLOUD_UP


def bid_action(bid: int) -> int:
    return BID_BASE + bid


def trump_action(suit: int | None) -> int:
    return NO_TRUMP if suit is None or suit < 0 else TRUMP_BASE + suit


def action_to_text(action: int, style: RankStyle = RankStyle.TWO_TO_ACE, specials: bool = False) -> str:
    """The text of an action of table 1, or of table 2 with ``specials``; ``InvalidActionError`` for another id."""
    if specials and NUM_ACTIONS <= action < NUM_ACTIONS_WITH_SPECIALS:
        if action < SPECIAL_CARD_BASE:
            return f"bid {action - BID_BASE}"
        if action < CLOUD_UP:
            return card_to_text(action - SPECIAL_ACTION_OFFSET, style)
        return "cloud +1" if action == CLOUD_UP else "cloud -1"
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
    last = (NUM_ACTIONS_WITH_SPECIALS if specials else NUM_ACTIONS) - 1
    raise InvalidActionError(f"no action has id {action}: ids run 0..{last}")


def action_from_text(text: str, style: RankStyle = RankStyle.TWO_TO_ACE, specials: bool = False) -> int:
    """The action a text names (in table 2 with ``specials``); ``InvalidActionError`` when it names none."""
    try:
        action = _parse_action(text, style, specials)
        if action >= NUM_ACTIONS and not specials:
            raise InvalidActionError(f"{text.strip()!r} is an action of the special cards, which these rules do not "
                                     "play")
        return action
    except InvalidActionError:
        raise
    except ValueError as error:  # a card text that names no card
        raise InvalidActionError(str(error)) from None


def _parse_action(text: str, style: RankStyle, specials: bool) -> int:
    words = text.strip().lower().split()
    if not words:
        raise InvalidActionError("an empty text is no action")
    if words == ["pass"]:
        return PASS
    if words[0] == "cloud" and len(words) == 2 and words[1] in ("+1", "-1"):
        return CLOUD_UP if words[1] == "+1" else CLOUD_DOWN
    if words in (["no", "trump"], ["notrump"]):
        return NO_TRUMP
    if words[0] == "bid" and len(words) == 2 and words[1].isdigit():
        bid = int(words[1])
        most = MAX_BID_WITH_SPECIALS if specials else MAX_BID
        if bid > most:
            raise InvalidActionError(f"no bid can exceed {most} tricks")
        return BID_BASE + bid
    if words[0] == "trump" and len(words) == 2:
        name = words[1]
        for suit in Suit:
            if name in (suit.letter, suit.name.lower()):
                return TRUMP_BASE + suit
        raise InvalidActionError(f"no suit {words[1]!r}: write trump c, d, h or s")
    if len(words) == 1:
        return card_action(card_from_text(text, style))
    raise InvalidActionError(f"not an action: {text!r} (e.g. 7h, Wiz, Jes, bid 2, trump h, no trump, pass"
                             + (", Jug>h, Shp>Wiz, cloud +1)" if specials else ")"))


__all__ = [
    "ACTION_TABLE",
    "BID_BASE",
    "CLOUD_DOWN",
    "CLOUD_UP",
    "MAX_BID_WITH_SPECIALS",
    "NUM_ACTIONS_WITH_SPECIALS",
    "SPECIAL_ACTION_OFFSET",
    "SPECIAL_CARD_BASE",
    "form_of_action",
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
