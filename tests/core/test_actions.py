"""The integer action table of ``core.actions`` and its text notation."""

from __future__ import annotations

import pytest

from wizardcards.core import InvalidActionError, new_game
from wizardcards.core.actions import (
    BID_BASE,
    NO_TRUMP,
    NUM_ACTIONS,
    PASS,
    PLAY_JESTER,
    PLAY_WIZARD,
    TRUMP_BASE,
    action_from_text,
    action_to_text,
    bid_action,
    card_action,
    is_card_action,
    trump_action,
)
from wizardcards.core.cards import RankStyle

TABLE = [
    (0, "2c"),
    (8, "Tc"),
    (9, "Jc"),
    (12, "Ac"),
    (13, "2d"),
    (35, "Jh"),
    (51, "As"),
    (52, "Wiz"),
    (53, "Jes"),
    (54, "trump c"),
    (55, "trump d"),
    (56, "trump h"),
    (57, "trump s"),
    (58, "no trump"),
    (59, "pass"),
    (60, "bid 0"),
    (63, "bid 3"),
    (80, "bid 20"),
]


def test_the_table() -> None:
    assert NUM_ACTIONS == 81
    assert (PLAY_WIZARD, PLAY_JESTER, TRUMP_BASE, NO_TRUMP, PASS, BID_BASE) == (52, 53, 54, 58, 59, 60)


@pytest.mark.parametrize(("action", "text"), TABLE)
def test_action_text(action: int, text: str) -> None:
    assert action_to_text(action) == text
    assert action_from_text(text) == action


@pytest.mark.parametrize("style", list(RankStyle))
def test_every_action_round_trips(style: RankStyle) -> None:
    texts = [action_to_text(a, style) for a in range(NUM_ACTIONS)]
    assert len(set(texts)) == NUM_ACTIONS
    assert [action_from_text(t, style) for t in texts] == list(range(NUM_ACTIONS))


def test_one_to_thirteen_texts() -> None:
    assert action_to_text(0, RankStyle.ONE_TO_THIRTEEN) == "1c"
    assert action_to_text(51, RankStyle.ONE_TO_THIRTEEN) == "Ks"
    assert action_from_text("10h", RankStyle.ONE_TO_THIRTEEN) == 35


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("trump Hearts", 56),
        ("TRUMP S", 57),
        ("  bid 2 ", 62),
        ("BID 7", 67),
        ("notrump", 58),
        ("No Trump", 58),
        ("PASS", 59),
        ("wizard", 52),
        ("jester", 53),
        ("10d", 21),
    ],
)
def test_other_spellings(text: str, action: int) -> None:
    assert action_from_text(text) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("bid 21", "exceed 20"),
        ("bid -1", "not an action"),
        ("bid", "not a card"),
        ("trump x", "no suit 'x'"),
        ("play 7h", "not an action"),
        ("J", "not a card"),
    ],
)
def test_bad_action_texts(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        action_from_text(text)


@pytest.mark.parametrize("action", [-1, 81, 1000])
def test_no_such_action(action: int) -> None:
    with pytest.raises(ValueError, match="ids run 0..80"):
        action_to_text(action)


def test_helpers() -> None:
    assert [card_action(c) for c in (0, 51, 52, 53, 54, 55, 56, 57, 58, 59)] == [0, 51] + [52] * 4 + [53] * 4
    assert [is_card_action(a) for a in (-1, 0, 53, 54)] == [False, True, True, False]
    assert bid_action(0) == 60 and bid_action(20) == 80
    assert [trump_action(s) for s in (0, 3, None, -1)] == [54, 57, 58, 58]


def test_a_state_reads_text_in_its_own_style_and_refuses_bad_text() -> None:
    state = new_game("extended-suits", seed=1)
    assert state.text_to_action("13h") == 38
    assert state.action_to_text(38) == "Kh"
    with pytest.raises(InvalidActionError, match="no rank 'A'"):  # names no action: not an IllegalActionError
        state.text_to_action("Ah")
