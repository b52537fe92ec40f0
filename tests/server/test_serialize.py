"""The server's fast view serialisation (``ViewFrames``, ``LiveTable.view_message``, ``ack_text``) writes exactly what
the reference path writes: ``view_to_json`` of each seat's own ``View`` (and of the core's public view for a
spectator), for every seat at every step of random games of both games, whichever seat's text is asked for first;
and the ``last_trick`` in a view message's head is the trick that was completed last."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizardcards.core import SPECTATOR, Phase, RuleSet, find_rules, new_game
from wizardcards.core.cards import cards_of
from wizardcards.core.state import TrickGameState
from wizardcards.server import protocol as P
from wizardcards.server.serialize import ViewFrames, own_json, own_json_of_state, view_to_json
from wizardcards.server.table import LiveTable, ack_text

from .helpers import trick_as_sent

RULES = [
    find_rules("standard", 4),
    find_rules("hidden-bids", 3),
    find_rules("quick", 5),
    find_rules("wily", 4),
    RuleSet.from_dict({**find_rules("wily", 6).to_dict(), "mode": "two_teams"}),
]


def reference(state, seat: int) -> object:  # type: ignore[no-untyped-def]
    view = state.public_view() if seat == SPECTATOR else state.view(seat)
    return json.loads(json.dumps(view_to_json(view)))


@pytest.mark.parametrize("which", range(len(RULES)), ids=[f"{r.game.value}-{r.players}" for r in RULES])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**63 - 1))
def test_every_seats_text_equals_its_own_view(which: int, seed: int) -> None:
    rules = RULES[which]
    rng = random.Random(seed)
    state = new_game(rules, seed)
    table = LiveTable(id="t", rules=rules, seed=seed, names=["n"] * rules.players, bots=[None] * rules.players,
                      spectator_token="", status="playing", state=state)
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
            last_trick = trick_as_sent(state.view(0).last_trick)
            assert P.SERVER_ADAPTER.validate_python(message) == P.ViewMessage(
                seq=steps, reply_to=f"r{steps}" if seat == order[0] else None, status="playing", view=expected,
                last_trick=last_trick,
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


def test_own_fields_of_no_seat_are_refused_and_a_spectator_has_none() -> None:
    state = new_game(find_rules("standard", 4), 1)
    for seat in (-2, 4):
        with pytest.raises(ValueError, match="no seat"):
            own_json_of_state(state, seat)
    assert own_json_of_state(state, SPECTATOR) == own_json(state.public_view()) == {
        "seat": SPECTATOR, "hand": [], "legal_actions": [], "legal_texts": [], "bids": [None] * 4, "given": [],
        "received": [],
    }


def last_trick_sent(state: TrickGameState, seat: int) -> Any:
    """The ``last_trick`` of the view message the server writes for ``seat`` now."""
    table = LiveTable(id="t", rules=state.rules, seed=0, names=["n"] * state.players, bots=[None] * state.players,
                      spectator_token="", status="playing", state=state)
    return json.loads(table.view_message(seat))["last_trick"]


@pytest.mark.parametrize("which", range(len(RULES)), ids=[f"{r.game.value}-{r.players}" for r in RULES])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**63 - 1))
def test_the_last_trick_sent_is_the_trick_completed_last(which: int, seed: int) -> None:
    """Within a hand it is the hand's last completed trick; after a hand's last card (the next hand is dealt at once
    and ``round_tricks`` start empty) it is the trick in progress plus that card, won by the seat the score sheet
    credits with one more trick (Wizard) or whose team it credits (Wily Wizards), and it stays through the next
    hand's bidding (auction, passing) until that hand's first card is played. None before the first trick."""
    rules = RULES[which]
    rng = random.Random(seed)
    state = new_game(rules, seed)
    assert last_trick_sent(state, 0) is None
    ends_of_hands = 0
    kept: Any = None  # the last trick of the hand just played, while the next hand has not played a card
    while not state.is_terminal():
        before = state.clone()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        seat = rng.choice([*range(rules.players), SPECTATOR])
        sent = last_trick_sent(state, seat)
        if len(state.round_tricks) == len(before.round_tricks) + 1:  # a trick completed within the hand
            leader, cards, winner = state.round_tricks[-1]
            assert sent == {"leader": leader, "cards": list(cards), "winner": winner}
        elif before.phase is Phase.PLAY and len(state.sheet) == len(before.sheet) + 1:  # the hand's last card
            ends_of_hands += 1
            assert sent is not None
            assert sent["leader"] == before.view(0).trick_leader and sent["cards"][:-1] == list(before.trick)
            assert sent["cards"][-1] in cards_of(before.hands[before.current_player()])
            row, teams = state.sheet[-1], state.view(0).teams
            if rules.game.value == "wizard":
                gained = [row.tricks[s] - before.tricks_won[s] for s in range(rules.players)]
                assert gained == [int(s == sent["winner"]) for s in range(rules.players)]
            else:
                had = [sum(before.tricks_won[s] for s in range(rules.players) if teams[s] == t)
                       for t in range(len(row.team_tricks))]
                gained = [row.team_tricks[t] - had[t] for t in range(len(had))]
                assert gained == [int(t == teams[sent["winner"]]) for t in range(len(had))]
            kept = sent
        elif kept is not None and not state.played:  # the next hand's bidding: the last hand's trick stays
            assert sent == kept
        elif state.played and not state.round_tricks:  # the next hand's first trick is under way
            kept = None
            assert sent is None
        else:  # a card within a trick
            assert sent == last_trick_sent(before, seat)
    assert ends_of_hands > 0
