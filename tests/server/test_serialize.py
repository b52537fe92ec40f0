"""The server's fast view serialisation (``ViewFrames``, ``LiveTable.view_message``, ``ack_text``) writes exactly what
the reference path writes: ``view_to_json`` of each seat's own ``View`` (and ``public_view`` for a spectator), for
every seat at every step of random games of both games, whichever seat's text is asked for first."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizardcards.core import RuleSet, find_rules, new_game
from wizardcards.server import protocol as P
from wizardcards.server.serialize import (
    SPECTATOR,
    ViewFrames,
    own_json,
    own_json_of_state,
    public_view,
    view_to_json,
)
from wizardcards.server.tables import LiveTable, ack_text

RULES = [
    find_rules("standard", 4),
    find_rules("hidden-bids", 3),
    find_rules("quick", 5),
    find_rules("wily", 4),
    RuleSet.from_dict({**find_rules("wily", 6).to_dict(), "mode": "two_teams"}),
]


def reference(state, seat: int) -> object:  # type: ignore[no-untyped-def]
    view = public_view(state) if seat == SPECTATOR else state.view(seat)
    return json.loads(json.dumps(view_to_json(view)))


@pytest.mark.parametrize("which", range(len(RULES)), ids=[f"{r.game.value}-{r.players}" for r in RULES])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**63 - 1))
def test_every_seats_text_equals_its_own_view(which: int, seed: int) -> None:
    rules = RULES[which]
    rng = random.Random(seed)
    state = new_game(rules, seed)
    table = LiveTable(id="t", rules=rules, seed=seed, names=["n"] * rules.players, bots=[None] * rules.players,
                      tokens=[], spectator_token="", status="playing", state=state)
    seats = [*range(rules.players), SPECTATOR]
    steps = 0
    while True:
        frames = ViewFrames(state)
        order = rng.sample(seats, len(seats))  # the shared part comes from whichever seat is asked first
        for seat in order:
            expected = reference(state, seat)
            assert json.loads(frames.payload(seat)) == expected
            message = json.loads(table.view_message(seat, f"r{steps}" if seat == order[0] else None))
            assert message["view"] == expected
            assert P.SERVER_ADAPTER.validate_python(message) == P.ViewMessage(
                seq=steps, reply_to=f"r{steps}" if seat == order[0] else None, status="playing", view=expected
            )
        for seat in range(rules.players):  # each seat's own fields read from the state: those of its own View
            assert own_json_of_state(state, seat) == own_json(state.view(seat))
        # seats differ in their own fields only where the rules make them: a seat's text never holds another's hand
        if not state.is_terminal():
            on_turn = state.current_player()
            for seat in range(rules.players):
                own = json.loads(frames.payload(seat))
                assert own["hand"] == reference(state, seat)["hand"]
                assert bool(own["legal_actions"]) == (seat == on_turn)
        if state.is_terminal():
            break
        state = state.clone()
        state.apply(rng.choice(state.legal_actions()))
        table.state = state
        steps += 1
    assert steps == len(state.history) > 0


def test_ack_text_is_the_protocol_dump() -> None:
    for reply_to in ["a1", 'quo"te\\', "ünïcode ✓", "x" * 128]:
        ack = P.Ack(seq=7, reply_to=reply_to, number=6)
        assert ack_text(ack) == P.dump(ack)
        assert P.SERVER_ADAPTER.validate_json(ack_text(ack)) == ack


def test_own_fields_of_no_seat_are_refused() -> None:
    state = new_game(find_rules("standard", 4), 1)
    for seat in (-1, 4):
        with pytest.raises(ValueError, match="no seat"):
            own_json_of_state(state, seat)
