"""Cards, card sets and their text notation.

Card ids
--------
The deck has 60 cards with ids 0..59::

    id = 13 * suit + rank      suited cards, 0..51
    52..55                     the four Wizards
    56..59                     the four Jesters

With the special cards of the anniversary editions (RULES.md, "Special cards") the ids go on::

    60..66                     Dragon, Fairy, Bomb, Werewolf, Juggler, Cloud, Shapeshifter (one of each)
    67..70                     a Juggler as played, naming Clubs, Diamonds, Hearts, Spades
    71..74                     a Cloud as played, naming Clubs, Diamonds, Hearts, Spades
    75, 76                     a Shapeshifter as played, as a Wizard, as a Jester

A hand, the deck and the trump card hold only ids 0..66; ids 67..76 stand only in tricks, where a played card
carries what its player chose (``played_card`` gives the card itself back).

Suits are numbered 0 Clubs, 1 Diamonds, 2 Hearts, 3 Spades; ranks 0..12 run from the lowest card (2) to the
highest (Ace). Within a suit a higher id is a higher card, so "the highest trump" is the largest id.

Card sets
---------
A set of cards is an ``int`` bitmask: bit ``id`` is set when the card is in the set. ``SUIT_MASKS[s]`` selects a
suit, ``WIZARDS`` and ``JESTERS`` the special cards; "may follow suit" is ``hand & SUIT_MASKS[led]``.

Text notation
-------------
A suited card is its rank label followed by its suit letter (``c d h s``, either case): ``7h``, ``Th``, ``As``. A
Wizard is ``Wiz``, a Jester is ``Jes``; the long forms ``wizard`` and ``jester`` are read too. A Jack is ``Jh``
and never stands alone, so it cannot be taken for a Jester.

Two rank styles exist (RULES.md, "Cards"):

=========  =============================================  ===========================================
style      labels, lowest to highest                      also read
=========  =============================================  ===========================================
``2..A``   ``2 3 4 5 6 7 8 9 T J Q K A``                  ``10`` for ``T``
``1..13``  ``1 2 3 4 5 6 7 8 9 X J Q K``                  ``10 11 12 13`` for ``X J Q K``
=========  =============================================  ===========================================

The same text means different cards in the two styles (``2h`` is the lowest Heart in ``2..A`` and the second
lowest in ``1..13``), so parsing takes the style; the default is ``2..A``. ``card_to_text`` followed by
``card_from_text`` in the same style always gives the card back.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum, StrEnum
from typing import Final

CardSet = int
"""A set of cards as a bitmask over card ids."""

DECK_SIZE: Final = 60
SUITED_CARDS: Final = 52
RANKS: Final = 13
FIRST_WIZARD: Final = 52
FIRST_JESTER: Final = 56


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "cdhs"[self]

    @property
    def title(self) -> str:
        return self.name.title()


class RankStyle(StrEnum):
    """How rank labels are written (a display choice, RULES.md "Cards")."""

    TWO_TO_ACE = "2..A"
    ONE_TO_THIRTEEN = "1..13"


# Variable-length tuple types keep these as Python tuples under mypyc: a fixed-length one is stored unboxed and
# re-boxed on every indexing with a variable.
SUIT_MASKS: Final[tuple[int, ...]] = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
SUITED: Final[CardSet] = (1 << SUITED_CARDS) - 1
WIZARDS: Final[CardSet] = 0xF << FIRST_WIZARD
JESTERS: Final[CardSet] = 0xF << FIRST_JESTER
SPECIALS: Final[CardSet] = WIZARDS | JESTERS
FULL_DECK: Final[CardSet] = (1 << DECK_SIZE) - 1

# The special cards of the anniversary editions (RULES.md, "Special cards"): one card each, ids after the 60.
DRAGON: Final = 60
FAIRY: Final = 61
BOMB: Final = 62
WEREWOLF: Final = 63
JUGGLER: Final = 64
CLOUD: Final = 65
SHAPESHIFTER: Final = 66
SPECIAL_CARD_NAMES: Final[tuple[str, ...]] = (
    "dragon", "fairy", "bomb", "werewolf", "juggler", "cloud", "shapeshifter",
)
"""The option names of the special cards, in id order (``DRAGON + index``)."""
ANNIVERSARY: Final[CardSet] = 0x7F << DRAGON
ALWAYS_PLAYABLE: Final[CardSet] = WIZARDS | JESTERS | ANNIVERSARY
# Played forms: what a trick holds for a card whose player chose something.
JUGGLER_AS: Final = 67  # + suit
CLOUD_AS: Final = 71  # + suit
SHAPESHIFTER_AS_WIZARD: Final = 75
SHAPESHIFTER_AS_JESTER: Final = 76
CARD_IDS: Final = 77
_SPECIAL_LABELS: Final[tuple[str, ...]] = ("Drg", "Fai", "Bmb", "Wwf", "Jug", "Cld", "Shp")
_SPECIAL_WORDS = {
    **{label.lower(): DRAGON + i for i, label in enumerate(_SPECIAL_LABELS)},
    **{name: DRAGON + i for i, name in enumerate(SPECIAL_CARD_NAMES)},
}


def special_card_of(name: str) -> int:
    """The id of a special card from its option name (``"dragon"`` ... ``"shapeshifter"``)."""
    return DRAGON + SPECIAL_CARD_NAMES.index(name)


def played_card(card: int) -> int:
    """The card a trick entry is: a played form (67..76) gives its Juggler, Cloud or Shapeshifter, any other id
    itself."""
    if card < JUGGLER_AS:
        return card
    if card < CLOUD_AS:
        return JUGGLER
    return CLOUD if card < SHAPESHIFTER_AS_WIZARD else SHAPESHIFTER


def named_suit(card: int) -> int:
    """The suit a played Juggler or Cloud names; -1 for any other id."""
    if JUGGLER_AS <= card < SHAPESHIFTER_AS_WIZARD:
        return (card - JUGGLER_AS) % 4
    return -1

_RANK_LABELS = {
    RankStyle.TWO_TO_ACE: ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"),
    # as seeds/wizard-extended-suits.txt writes them
    RankStyle.ONE_TO_THIRTEEN: ("1", "2", "3", "4", "5", "6", "7", "8", "9", "X", "J", "Q", "K"),
}
_RANK_ALIASES = {
    RankStyle.TWO_TO_ACE: {"10": 8},
    RankStyle.ONE_TO_THIRTEEN: {"10": 9, "11": 10, "12": 11, "13": 12},
}
_FACE_LABELS = {
    # What a printed card shows: the ten is "10" on a 2..A deck (the notation writes "T" to keep one character).
    RankStyle.TWO_TO_ACE: ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    RankStyle.ONE_TO_THIRTEEN: _RANK_LABELS[RankStyle.ONE_TO_THIRTEEN],
}


def rank_faces(style: RankStyle = RankStyle.TWO_TO_ACE) -> tuple[str, ...]:
    """The rank as a card face shows it, lowest first: the notation's labels, but "10" for the 2..A ten."""
    return _FACE_LABELS[style]


_WIZARD_WORDS = frozenset({"wiz", "wizard", "w"})
_JESTER_WORDS = frozenset({"jes", "jester"})


def is_wizard(card: int) -> bool:
    return FIRST_WIZARD <= card < FIRST_JESTER


def is_jester(card: int) -> bool:
    return card >= FIRST_JESTER


def is_suited(card: int) -> bool:
    return card < SUITED_CARDS


def suit_of(card: int) -> int:
    """The suit of a suited card; -1 for a Wizard or a Jester."""
    return card // RANKS if card < SUITED_CARDS else -1


def rank_of(card: int) -> int:
    """The rank 0 (lowest) .. 12 (highest) of a suited card; -1 for a Wizard or a Jester."""
    return card % RANKS if card < SUITED_CARDS else -1


def make_card(suit: int, rank: int) -> int:
    return RANKS * suit + rank


def cards_of(cards: CardSet) -> list[int]:
    """The card ids of a set, lowest first."""
    out = []
    while cards:
        low = cards & -cards
        out.append(low.bit_length() - 1)
        cards ^= low
    return out


def card_set(cards: Iterable[int]) -> CardSet:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def count(cards: CardSet) -> int:
    return cards.bit_count()


def card_to_text(card: int, style: RankStyle = RankStyle.TWO_TO_ACE) -> str:
    if not 0 <= card < CARD_IDS:
        raise ValueError(f"no card has id {card}: ids run 0..{CARD_IDS - 1}")
    if card >= DRAGON:
        return _special_text(card)
    if card >= FIRST_JESTER:
        return "Jes"
    if card >= FIRST_WIZARD:
        return "Wiz"
    return _RANK_LABELS[RankStyle(style)][card % RANKS] + "cdhs"[card // RANKS]


def _special_text(card: int) -> str:
    if card < JUGGLER_AS:
        return _SPECIAL_LABELS[card - DRAGON]
    if card < SHAPESHIFTER_AS_WIZARD:
        return ("Jug>" if card < CLOUD_AS else "Cld>") + "cdhs"[(card - JUGGLER_AS) % 4]
    return "Shp>Wiz" if card == SHAPESHIFTER_AS_WIZARD else "Shp>Jes"


def _parse_special(low: str) -> int:
    """The id of a special card's text (lower case), a played form included; -1 when it is none."""
    card, arrow, choice = low.partition(">")
    base = _SPECIAL_WORDS.get(card, -1)
    if base < 0 or not arrow:
        return base
    if base in (JUGGLER, CLOUD) and choice in _SUIT_WORDS:
        return (JUGGLER_AS if base == JUGGLER else CLOUD_AS) + _SUIT_WORDS[choice]
    if base == SHAPESHIFTER and choice in _WIZARD_WORDS | _JESTER_WORDS:
        return SHAPESHIFTER_AS_WIZARD if choice in _WIZARD_WORDS else SHAPESHIFTER_AS_JESTER
    raise ValueError(f"not a card: {low!r}: a Juggler or Cloud names a suit (Jug>h), a Shapeshifter Wiz or Jes")


_SUIT_WORDS = {**{"cdhs"[s]: s for s in range(4)}, **{n: s for s, n in enumerate(("clubs", "diamonds", "hearts",
                                                                                   "spades"))}}


def _parse_kind(text: str, style: RankStyle) -> tuple[str, int]:
    """('suited', id) or ('wizard', -1) or ('jester', -1) for one card's text; ('special', id) for a special card."""
    word = text.strip()
    low = word.lower()
    special = _parse_special(low)
    if special >= 0:
        return "special", special
    if low in _WIZARD_WORDS:
        return "wizard", -1
    if low in _JESTER_WORDS:
        return "jester", -1
    if len(word) < 2:
        raise ValueError(f"not a card: {text!r} (write e.g. 7h, Th, Wiz or Jes)")
    label, suit_letter = word[:-1].upper(), word[-1].lower()
    if suit_letter not in "cdhs":
        raise ValueError(f"not a card: {text!r}: the suit letter must be one of c, d, h, s")
    style = RankStyle(style)
    labels = _RANK_LABELS[style]
    if label in labels:
        rank = labels.index(label)
    elif label in _RANK_ALIASES[style]:
        rank = _RANK_ALIASES[style][label]
    else:
        raise ValueError(f"not a card: {text!r}: no rank {label!r} in the {style.value} style")
    return "suited", make_card("cdhs".index(suit_letter), rank)


def card_from_text(text: str, style: RankStyle = RankStyle.TWO_TO_ACE) -> int:
    """One card from its text. ``Wiz`` and ``Jes`` give the first Wizard and the first Jester."""
    kind, card = _parse_kind(text, style)
    if kind == "wizard":
        return FIRST_WIZARD
    if kind == "jester":
        return FIRST_JESTER
    return card


def cards_to_text(cards: CardSet, style: RankStyle = RankStyle.TWO_TO_ACE) -> str:
    """A set as text, cards separated by spaces, lowest id first (Clubs, Diamonds, Hearts, Spades, Wizards, Jesters)."""
    return " ".join(card_to_text(c, style) for c in cards_of(cards))


def cards_from_text(text: str, style: RankStyle = RankStyle.TWO_TO_ACE) -> CardSet:
    """A set from space- or comma-separated card texts; repeated ``Wiz``/``Jes`` take the next Wizard/Jester."""
    mask = 0
    next_wizard, next_jester = FIRST_WIZARD, FIRST_JESTER
    for word in text.replace(",", " ").split():
        kind, card = _parse_kind(word, style)
        if kind == "wizard":
            if next_wizard >= FIRST_JESTER:
                raise ValueError(f"more than four Wizards in {text!r}")
            card, next_wizard = next_wizard, next_wizard + 1
        elif kind == "jester":
            if next_jester >= DECK_SIZE:
                raise ValueError(f"more than four Jesters in {text!r}")
            card, next_jester = next_jester, next_jester + 1
        elif card >= JUGGLER_AS:
            raise ValueError(f"{word!r} is a card as played, not a card of a hand: write "
                             f"{_special_text(played_card(card))}")
        elif mask >> card & 1:
            raise ValueError(f"{word!r} appears twice in {text!r}")
        mask |= 1 << card
    return mask
