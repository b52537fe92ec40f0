"""The fast playout loop (``bots/rollout.py``) against the core engine, from many random positions of both games.

From a random position of a random game, a playout is run on copies of the hands with a trace of every card; the
same cards are then applied to the core state one by one. At every step the seat on turn and the legal cards must be
the core's, every card must be accepted by the core, and the tricks won at the end of the hand must be the core's
(its score sheet). Both the heuristic policy and uniformly random play are checked, under both Jester-lead readings
and at every table size.
"""

from __future__ import annotations

import random

import pytest

from wizardcards.bots.rollout import beats, playout
from wizardcards.core import Phase, RuleSet, new_game
from wizardcards.core.actions import card_action
from wizardcards.core.rules import Game, JesterLead, WilyMode
from wizardcards.core.state import card_actions
from wizardcards.core.tricks import trick_winner


def random_position(rules: RuleSet, rng: random.Random):  # type: ignore[no-untyped-def]
    """A core state in the card-play phase, somewhere in a random hand of a random game."""
    state = new_game(rules, rng.randrange(2**32))
    target = rng.random()
    while True:
        while state.phase is not Phase.PLAY:
            state.apply(rng.choice(state.legal_actions()))
        left = sum(h.bit_count() for h in state.hands)
        total = state.players * state.hand_size
        if left <= total * target or rng.random() < 0.05:
            return state
        state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            return None


def check_playout(state, rng: random.Random, random_play: bool) -> None:  # type: ignore[no-untyped-def]
    wily = state.rules.game is Game.WILY
    n = state.players
    targets = [rng.randrange(state.hand_size + 1) for _ in range(n)]
    teams = state.teams if wily else ()
    trace: list[tuple[int, int, int]] = []
    won = playout(
        list(state.hands), list(state.trick), state.leader, state.led, list(state.tricks_won), state.trump_suit,
        state.rules.jester_lead is JesterLead.FIRST_SUITED, targets, teams=teams,
        bidder_team=teams[state.high_bidder] if wily else -1, contract=state.contract if wily else 0,
        rng=rng if random_play else None, trace=trace,
    )
    sheet_rows = len(state.sheet)
    assert len(trace) == sum(h.bit_count() for h in state.hands)
    for seat, legal, card in trace:
        assert state.current_player() == seat
        assert card_actions(legal) == state.legal_actions()
        assert legal >> card & 1
        state.apply(card_action(card))
    assert len(state.sheet) == sheet_rows + 1
    row = state.sheet[-1]
    if wily:
        per_team = tuple(sum(w for s, w in enumerate(won) if teams[s] == t) for t in range(len(row.team_tricks)))
        assert row.team_tricks == per_team
    else:
        assert row.tricks == tuple(won)


RULESETS = [
    RuleSet(players=n, jester_lead=lead) for n in (3, 4, 5, 6) for lead in JesterLead
] + [
    RuleSet(game=Game.WILY, players=4),
    RuleSet(game=Game.WILY, players=6, mode=WilyMode.TWO_TEAMS),
    RuleSet(game=Game.WILY, players=5, mode=WilyMode.NO_PARTNERS, jester_lead=JesterLead.FIRST_SUITED),
]


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: f"{r.game.value}-{r.players}-{r.jester_lead.value}")
def test_playouts_follow_the_core_rules(rules: RuleSet) -> None:
    rng = random.Random(f"{rules}")
    checked = 0
    while checked < 60:
        state = random_position(rules, rng)
        if state is None:
            continue
        check_playout(state, rng, random_play=checked % 2 == 0)
        checked += 1


def test_beats_agrees_with_the_trick_winner() -> None:
    """``beats`` (the policy's view of the table) against ``trick_winner`` on random partial tricks."""
    rng = random.Random(3)
    for _ in range(20_000):
        trump = rng.randrange(-1, 4)
        trick = rng.sample(range(60), rng.randrange(1, 6))
        *before, card = trick
        best = before[trick_winner(before, trump)] if before else -1
        wins = trick_winner(trick, trump) == len(trick) - 1
        assert (not before) or beats(card, best, trump) == wins, (trick, trump)
