"""Card ids, card sets and the text notation of ``core.cards``, in both rank styles."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizardcards.core.cards import (
    DECK_SIZE,
    FIRST_JESTER,
    FIRST_WIZARD,
    FULL_DECK,
    JESTERS,
    SUIT_MASKS,
    WIZARDS,
    RankStyle,
    Suit,
    card_from_text,
    card_set,
    card_to_text,
    cards_from_text,
    cards_of,
    cards_to_text,
    count,
    is_jester,
    is_suited,
    is_wizard,
    make_card,
    rank_of,
    suit_of,
)

STYLES = list(RankStyle)
TWO, ONE = RankStyle.TWO_TO_ACE, RankStyle.ONE_TO_THIRTEEN

# Every label of one suit, lowest to highest, in each style.
CLUB_TEXTS = {
    TWO: "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac".split(),
    ONE: "1c 2c 3c 4c 5c 6c 7c 8c 9c Xc Jc Qc Kc".split(),  # as seeds/wizard-extended-suits.txt writes them
}


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("card", range(DECK_SIZE))
def test_text_round_trip_for_every_card(card: int, style: RankStyle) -> None:
    text = card_to_text(card, style)
    back = card_from_text(text, style)
    if is_suited(card):
        assert back == card
    else:
        # The four Wizards (and the four Jesters) are one card to a player: the text names the kind.
        assert text == ("Wiz" if is_wizard(card) else "Jes")
        assert back == (FIRST_WIZARD if is_wizard(card) else FIRST_JESTER)


@pytest.mark.parametrize("style", STYLES)
def test_labels_of_a_suit(style: RankStyle) -> None:
    assert [card_to_text(make_card(Suit.CLUBS, rank), style) for rank in range(13)] == CLUB_TEXTS[style]
    suit_letters = [card_to_text(make_card(suit, 0), style)[-1] for suit in Suit]
    assert suit_letters == ["c", "d", "h", "s"]


@pytest.mark.parametrize("style", STYLES)
def test_every_text_is_a_different_card(style: RankStyle) -> None:
    texts = [card_to_text(c, style) for c in range(FIRST_WIZARD)] + ["Wiz", "Jes"]
    assert len(set(texts)) == 54


def test_card_ids() -> None:
    assert card_from_text("2c") == 0
    assert card_from_text("Ac") == 12
    assert card_from_text("2d") == 13
    assert card_from_text("Jh") == 35
    assert card_from_text("As") == 51
    assert (suit_of(35), rank_of(35)) == (Suit.HEARTS, 9)
    assert (suit_of(52), rank_of(52), suit_of(59), rank_of(59)) == (-1, -1, -1, -1)
    assert [is_wizard(c) for c in (51, 52, 55, 56)] == [False, True, True, False]
    assert [is_jester(c) for c in (55, 56, 59)] == [False, True, True]


def test_jack_and_jester_are_never_confused() -> None:
    assert card_from_text("Jh") == make_card(Suit.HEARTS, 9)
    assert card_from_text("Jes") == FIRST_JESTER
    assert card_from_text("jester") == FIRST_JESTER
    assert card_from_text("JES") == FIRST_JESTER
    assert card_to_text(make_card(Suit.SPADES, 9)) == "Js"
    # In the 1..13 style J is an alias for 11: still a Jack, never a Jester.
    assert card_from_text("Jh", ONE) == make_card(Suit.HEARTS, 10) == card_from_text("11h", ONE)
    for alone in ("J", "j", "Q", "7", "T"):
        with pytest.raises(ValueError, match="not a card"):
            card_from_text(alone)


def test_wizard_words() -> None:
    assert card_from_text("Wiz") == card_from_text("wizard") == card_from_text("WIZARD") == FIRST_WIZARD


def test_reading_both_styles() -> None:
    # The same text means different cards in the two styles.
    assert card_from_text("2h", TWO) == make_card(Suit.HEARTS, 0)
    assert card_from_text("2h", ONE) == make_card(Suit.HEARTS, 1)
    assert card_from_text("10h", TWO) == card_from_text("Th", TWO) == make_card(Suit.HEARTS, 8)
    assert card_from_text("10h", ONE) == card_from_text("Xh", ONE) == make_card(Suit.HEARTS, 9)
    assert card_from_text("13s", ONE) == card_from_text("Ks", ONE) == card_from_text("As", TWO) == 51
    assert card_from_text("1c", ONE) == 0
    assert card_from_text("12d", ONE) == card_from_text("Qd", ONE) == card_from_text("Kd", TWO)
    # Either case for rank and suit.
    assert card_from_text("tH") == card_from_text("TH") == card_from_text("th") == make_card(Suit.HEARTS, 8)


@pytest.mark.parametrize(
    ("text", "style", "message"),
    [
        ("7x", TWO, "suit letter"),
        ("1h", TWO, "no rank '1' in the 2..A style"),
        ("Xh", TWO, "no rank 'X'"),
        ("Ah", ONE, "no rank 'A' in the 1..13 style"),
        ("14h", ONE, "no rank '14'"),
        ("Th", ONE, "no rank 'T'"),
        ("", TWO, "not a card"),
        ("h", TWO, "not a card"),
    ],
)
def test_bad_card_texts(text: str, style: RankStyle, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        card_from_text(text, style)


@pytest.mark.parametrize("card", [-1, 77, 100])
def test_no_such_card_id(card: int) -> None:
    # 60..66 are the special cards, 67..76 their played forms (cards.py)
    with pytest.raises(ValueError, match="ids run 0..76"):
        card_to_text(card)


def test_masks_partition_the_deck() -> None:
    parts = [*SUIT_MASKS, WIZARDS, JESTERS]
    assert [count(m) for m in parts] == [13, 13, 13, 13, 4, 4]
    union = 0
    for mask in parts:
        assert union & mask == 0
        union |= mask
    assert union == FULL_DECK and count(FULL_DECK) == DECK_SIZE
    assert cards_of(SUIT_MASKS[Suit.HEARTS]) == list(range(26, 39))


def test_card_sets_as_text() -> None:
    hand = cards_from_text("7h Wiz Kc Jes Wiz 2s")
    assert count(hand) == 6
    assert cards_to_text(hand) == "Kc 7h 2s Wiz Wiz Jes"
    assert cards_from_text("Kc, 7h,2s") == card_set([card_from_text("Kc"), card_from_text("7h"), card_from_text("2s")])
    assert cards_to_text(0) == ""
    assert cards_from_text("") == 0
    assert cards_to_text(cards_from_text("13h 1h 10h", ONE), ONE) == "1h Xh Kh"


def test_bad_card_sets() -> None:
    with pytest.raises(ValueError, match="appears twice"):
        cards_from_text("7h 2c 7h")
    with pytest.raises(ValueError, match="more than four Wizards"):
        cards_from_text("Wiz Wiz Wiz Wiz Wiz")
    with pytest.raises(ValueError, match="more than four Jesters"):
        cards_from_text("Jes jester Jes Jes Jes")
    with pytest.raises(ValueError, match="not a card"):
        cards_from_text("7h J 2c")


def _canonical(mask: int) -> tuple[int, int, int]:
    """A set as a player sees it: the suited cards, and how many Wizards and Jesters."""
    return mask & ((1 << FIRST_WIZARD) - 1), count(mask & WIZARDS), count(mask & JESTERS)


@given(mask=st.integers(0, FULL_DECK), style=st.sampled_from(STYLES))
def test_card_set_text_round_trip(mask: int, style: RankStyle) -> None:
    text = cards_to_text(mask, style)
    assert len(text.split()) == count(mask)
    assert _canonical(cards_from_text(text, style)) == _canonical(mask)
    assert cards_of(mask) == sorted(cards_of(mask)) and card_set(cards_of(mask)) == mask
