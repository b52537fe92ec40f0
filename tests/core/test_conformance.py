"""The Wizard cases of the shared conformance vectors (``tests/conformance/vectors.json``), each its own test.

Every case is checked twice where it can be: against the engine's pure functions (``core.tricks``,
``core.wizard``) and against a real ``WizardState`` position built by hand, played through ``apply``. The Wily keys
(``wily_auction``, ``wily_letters``) are tested with the Wily Wizards engine, not here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wizardcards.core import IllegalActionError, Phase
from wizardcards.core.actions import card_action
from wizardcards.core.cards import cards_of
from wizardcards.core.rules import BidRule, JesterLead
from wizardcards.core.state import card_actions
from wizardcards.core.tricks import NO_SUIT_YET, legal_cards, next_led, trick_winner
from wizardcards.core.wizard import dealer_forbidden_bid, round_score

from .helpers import SUIT_OF_LETTER, CardPool, official_example_through_engine, play, position, texts_to_actions

REPO = Path(__file__).resolve().parents[2]
VECTORS_PATH = REPO / "tests" / "conformance" / "vectors.json"
SHARED_PATH = REPO.parent / "shared" / "conformance" / "vectors.json"
VECTORS: dict[str, Any] = json.loads(VECTORS_PATH.read_text())


def cases(key: str) -> list[Any]:
    return [pytest.param(case, id=f"{key}-{number}") for number, case in enumerate(VECTORS[key])]


def trump_of(case: dict[str, Any]) -> int:
    return -1 if case["trump"] is None else SUIT_OF_LETTER[case["trump"]]


def engine_text(card: str) -> str:
    """Vector cards are ``wizard``/``jester``/``7h``; the engine reads all of these, this keeps positions short."""
    return {"wizard": "Wiz", "jester": "Jes"}.get(card, card)


def test_vectors_file_has_the_expected_format() -> None:
    assert VECTORS["format"] == "wizardcards-conformance/1"
    for key in ("tricks", "legal_plays", "round_scores", "dealer_bid"):
        assert len(VECTORS[key]) > 50, key


def test_copy_is_identical_to_the_shared_vectors() -> None:
    if not SHARED_PATH.exists():
        pytest.skip(f"{SHARED_PATH} is absent (the shared folder is only there in the project's workspace)")
    assert VECTORS_PATH.read_bytes() == SHARED_PATH.read_bytes(), (
        f"{VECTORS_PATH} differs from {SHARED_PATH}: copy the shared file over the project's copy"
    )


# --- tricks ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases("tricks"))
def test_trick_winner_function(case: dict[str, Any]) -> None:
    pool = CardPool()
    cards = [pool.card(c) for c in case["trick"]]
    assert trick_winner(cards, trump_of(case)) == case["winner"]


@pytest.mark.parametrize("case", cases("tricks"))
def test_trick_winner_in_a_played_trick(case: dict[str, Any]) -> None:
    """Each seat holds its one card of the trick; seat 0 leads. The winner does not depend on the Jester reading."""
    trick = [engine_text(c) for c in case["trick"]]
    for reading in JesterLead:
        state = position(hands=trick, trump=case["trump"], jester_lead=reading)
        play(state, *trick)
        result = state.sheet[0]
        assert result.tricks == tuple(int(seat == case["winner"]) for seat in range(len(trick))), reading


# --- legal plays ---------------------------------------------------------------------------------------------


def _legal_case(case: dict[str, Any]) -> tuple[list[int], int, list[int]]:
    pool = CardPool()
    trick = [pool.card(c) for c in case["trick"]]
    hand = 0
    for card in (pool.card(c) for c in case["hand"]):
        hand |= 1 << card
    expected = texts_to_actions(" ".join(case["legal"]))
    return trick, hand, expected


@pytest.mark.parametrize("case", cases("legal_plays"))
def test_legal_plays_functions(case: dict[str, Any]) -> None:
    trick, hand, expected = _legal_case(case)
    first_suited = case["reading"] == JesterLead.FIRST_SUITED.value
    led = NO_SUIT_YET
    for number, card in enumerate(trick):
        led = next_led(led, card, number, first_suited)
    assert sorted(card_actions(legal_cards(hand, led))) == expected


@pytest.mark.parametrize("case", cases("legal_plays"))
def test_legal_plays_in_a_position(case: dict[str, Any]) -> None:
    """Seats 0..k-1 play the trick so far (one card each); seat k holds the hand and is on turn."""
    trick = [engine_text(c) for c in case["trick"]]
    hand = [engine_text(c) for c in case["hand"]]
    players = max(3, len(trick) + 1)
    pool = CardPool()
    for card in trick + hand:
        pool.card(card)
    seats = [*trick, " ".join(hand)]
    seats += [pool.unused(len(hand)) for _ in range(len(seats), players)]
    state = position(hands=seats, jester_lead=case["reading"])
    play(state, *trick)
    assert state.current_player() == len(trick)
    expected = texts_to_actions(" ".join(case["legal"]))
    assert sorted(state.legal_actions()) == expected
    assert sorted(state.view(len(trick)).legal_actions) == expected
    # Every card of the hand outside the legal set is refused, naming the suit to follow.
    for card in cards_of(state.hands[len(trick)]):
        action = card_action(card)
        if action not in expected:
            before = state.clone()
            with pytest.raises(IllegalActionError, match="must follow"):
                state.apply(action)
            assert state == before


# --- scores ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases("round_scores"))
def test_round_score(case: dict[str, Any]) -> None:
    assert round_score(case["bid"], case["tricks"]) == case["score"]


def test_official_example_function() -> None:
    case = VECTORS["official_example"]
    totals, running = [], 0
    for bid, tricks in zip(case["bids"], case["tricks"], strict=True):
        running += round_score(bid, tricks)
        totals.append(running)
    assert totals == case["running_totals"]


def test_official_example_through_the_engine() -> None:
    case = VECTORS["official_example"]
    assert official_example_through_engine(case["bids"], case["tricks"]) == case["running_totals"]


# --- the dealer's bid ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases("dealer_bid"))
def test_dealer_forbidden_bid_function(case: dict[str, Any]) -> None:
    forbidden = dealer_forbidden_bid(
        case["hand_size"], list(case["other_bids"]), BidRule(case["rule"]), case["dealer_leads_alone"]
    )
    assert forbidden == case["forbidden"]


@pytest.mark.parametrize("case", cases("dealer_bid"))
def test_dealer_bid_in_a_position(case: dict[str, Any]) -> None:
    """The dealer (last seat) is on turn after everyone else bid; leading alone means 10 points ahead of all."""
    others = list(case["other_bids"])
    players = len(others) + 1
    size = case["hand_size"]
    pool = CardPool()
    hands = [pool.unused(size) for _ in range(players)]
    scores = [0] * players
    if case["dealer_leads_alone"]:
        scores[-1] = 10
    state = position(hands=hands, phase=Phase.BID, bids=[*others, None], scores=scores, bid_rule=case["rule"])
    assert state.current_player() == players - 1
    forbidden = case["forbidden"]
    assert [a - 60 for a in state.legal_actions()] == [b for b in range(size + 1) if b != forbidden]
    if forbidden is not None:
        before = state.clone()
        with pytest.raises(IllegalActionError, match=f"{case['rule']} rule"):
            state.apply_text(f"bid {forbidden}")
        assert state == before
