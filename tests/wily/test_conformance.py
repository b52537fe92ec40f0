"""Every ``wily_auction`` and ``wily_letters`` case of the conformance vectors (tests/conformance/vectors.json),
checked against the pure functions the state machine itself calls, and against the state machine for the auction."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wizardcards.core import RuleSet, new_game
from wizardcards.core import actions as A
from wizardcards.core.state import Phase
from wizardcards.core.wily import PASS_CALL, WilyState, auction_status, letters_awarded

VECTORS = Path(__file__).resolve().parents[1] / "conformance" / "vectors.json"
CASES: dict[str, Any] = json.loads(VECTORS.read_text())


def _call(value: str | int) -> int:
    return PASS_CALL if value == "pass" else int(value)


def _text(call: int) -> str | int:
    return "pass" if call == PASS_CALL else call


def test_the_vectors_hold_wily_cases() -> None:
    assert len(CASES["wily_auction"]) >= 100
    assert len(CASES["wily_letters"]) >= 20
    assert any(case["outcome"] and case["outcome"].get("thrown_in") for case in CASES["wily_auction"])


@pytest.mark.parametrize("case", CASES["wily_auction"], ids=lambda c: f"{c['players']}p-d{c['dealer']}-{c['calls']}")
def test_auction_status(case: dict[str, Any]) -> None:
    status = auction_status(case["players"], case["dealer"], case["hand_size"], [_call(c) for c in case["calls"]])
    outcome = case["outcome"]
    if outcome is None:
        assert not status.over
        assert status.next_seat == case["next"]
        assert [_text(c) for c in status.legal_calls] == case["legal"]
    elif outcome.get("thrown_in"):
        assert status.thrown_in
        assert status.legal_calls == ()
    else:
        assert status.over and not status.thrown_in
        assert (status.high_bidder, status.high_bid) == (outcome["high_bidder"], outcome["bid"])


@pytest.mark.parametrize("case", CASES["wily_auction"], ids=lambda c: f"{c['players']}p-d{c['dealer']}-{c['calls']}")
def test_auction_in_the_state_machine(case: dict[str, Any]) -> None:
    players, hand_size = case["players"], case["hand_size"]
    mode = "partners" if players in (4, 6) else "no_partners"
    state = new_game(RuleSet(game="wily", players=players, mode=mode, first_dealer=case["dealer"]), seed=1)
    assert isinstance(state, WilyState) and state.hand_size == hand_size
    for value in case["calls"]:
        state.apply(A.PASS if value == "pass" else A.BID_BASE + int(value))
    outcome = case["outcome"]
    if outcome is None:
        assert state.phase is Phase.AUCTION
        assert state.current_player() == case["next"]
        expected = [A.PASS if c == "pass" else A.BID_BASE + c for c in case["legal"]]
        assert state.legal_actions() == expected
    elif outcome.get("thrown_in"):
        assert state.phase is Phase.AUCTION and state.round_index == 1
        assert state.dealer == (case["dealer"] + 1) % players
        assert state.sheet[-1].high_bidder == -1
    else:
        assert state.phase is Phase.NAME_TRUMP
        assert state.current_player() == outcome["high_bidder"] == state.high_bidder
        assert state.high_bid == outcome["bid"]


@pytest.mark.parametrize("case", CASES["wily_letters"], ids=lambda c: f"{c['teams']}t-b{c['bidder_team']}-{c['bid']}")
def test_letters_awarded(case: dict[str, Any]) -> None:
    got = letters_awarded(case["teams"], case["bidder_team"], case["bid"], case["team_tricks"])
    assert sorted(got) == sorted(case["letter_to"])
