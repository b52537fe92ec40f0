"""Trick rules shared by Wizard and Wily Wizards: which cards may be played, and who wins a trick.

RULES.md, "Play" and "Who wins a trick". The suit to follow is tracked as one small int, ``led``:

* ``NO_SUIT_YET`` (-1): nothing decides the suit yet (the trick is empty, or only Jesters were played);
* ``FREE`` (4): a Wizard decided that nobody has to follow anything;
* ``0..3``: that suit must be followed.

Under the ``first_non_jester`` reading the first non-Jester card decides (a suited card sets its suit, a Wizard
frees everybody). Under ``first_suited`` a Wizard frees everybody only when it leads; after a Jester lead the first
suited card sets the suit even when a Wizard came before it. Under ``wizard_lead="next_suited"`` (a mode of other
programs, not of the rules) a Wizard lead frees nobody: the first suited card after it sets the suit.

Both choices travel as one small int, ``lead_rule`` (``RuleSet.lead_rule``): ``JESTER_LEAD_FIRST_SUITED`` |
``WIZARD_LEAD_NEXT_SUITED``; 0 is the rules' reading, and ``True`` (1) still means ``first_suited``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import FIRST_JESTER, FIRST_WIZARD, RANKS, SPECIALS, SUIT_MASKS, RankStyle, Suit, cards_to_text

NO_SUIT_YET: Final = -1
FREE: Final = 4
JESTER_LEAD_FIRST_SUITED: Final = 1
WIZARD_LEAD_NEXT_SUITED: Final = 2


def next_led(led: int, card: int, position: int, lead_rule: int) -> int:
    """The suit to follow after ``card`` is played at ``position`` (0 = the lead) of a trick whose state was ``led``."""
    if led != NO_SUIT_YET:
        return led
    if card < FIRST_WIZARD:
        return card // RANKS
    if card < FIRST_JESTER:  # a Wizard
        mode = WIZARD_LEAD_NEXT_SUITED if position == 0 else JESTER_LEAD_FIRST_SUITED
        return NO_SUIT_YET if lead_rule & mode else FREE
    return NO_SUIT_YET


def legal_cards(hand: int, led: int) -> int:
    """The cards of ``hand`` that may be played when the suit to follow is ``led``."""
    if 0 <= led < 4:
        same = hand & SUIT_MASKS[led]
        if same:
            return same | (hand & SPECIALS)
    return hand


def follow_error(hand: int, led: int, style: RankStyle = RankStyle.TWO_TO_ACE) -> str:
    """Why a card of ``hand`` that is not among ``legal_cards(hand, led)`` may not be played."""
    return f"must follow {Suit(led).title}: hand holds {cards_to_text(hand & SUIT_MASKS[led], style)}"


def void_shown(led: int, card: int) -> int:
    """The suits (a 4-bit mask) a player shows it lacks by playing ``card`` when the suit to follow is ``led``: a
    suited card of another suit than the one it had to follow (a Wizard or a Jester shows nothing)."""
    if 0 <= led < 4 and card < FIRST_WIZARD and card // RANKS != led:
        return 1 << led
    return 0


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """The position (0 = the leader) of the card that wins a complete trick.

    The first Wizard; else the highest trump; else the highest card of the suit led; if every card is a Jester, the
    first Jester. ``trump`` is a suit 0..3 or -1 for no trump. The suit led is the suit of the first suited card,
    under either Jester-lead reading (a Wizard before it already won).
    """
    return winning_position(cards if isinstance(cards, list) else list(cards), trump)


def winning_position(cards: list[int], trump: int) -> int:
    """``trick_winner`` for a list, the engine's hot path (a list indexes fast in the compiled build)."""
    best = -1
    best_key = -1
    led = -1
    for position in range(len(cards)):
        card = cards[position]
        if card < FIRST_WIZARD:
            suit = card // RANKS
            if led < 0:
                led = suit
            # Trumps outrank the suit led, which outranks everything else; within a suit the id orders the rank.
            key = 200 + card if suit == trump else (100 + card if suit == led else 0)
            if key > best_key:
                best = position
                best_key = key
        elif card < FIRST_JESTER:
            return position
    return best if best >= 0 else 0
