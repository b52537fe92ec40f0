"""The fast playout loop (``bots/rollout.py``) against the core engine, from many random positions of both games.

From a random position of a random game, a playout is run on copies of the hands with a trace of every card; the
same cards are then applied to the core state one by one. At every step the seat on turn and the legal cards must be
the core's, every card must be accepted by the core, and the tricks won at the end of the hand must be the core's
(its score sheet). Both the heuristic policy and uniformly random play are checked, under both Jester-lead readings
and at every table size.

On a regular install ``rollout.py`` and ``determinize.py`` are compiled by mypyc. The last tests load the same source
files again as plain Python modules and check that both copies give the same playouts, the same sampled deals and the
same search games (run the tests against a regular install for those to compare compiled with pure code; on an
editable install both copies are pure).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from wizardcards.bots import determinize, make_bot, rollout, search
from wizardcards.bots.rollout import beats, playout
from wizardcards.core import Phase, RuleSet, find_rules, new_game
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


def pure_copy(module: ModuleType) -> ModuleType:
    """The source file of ``module`` loaded again as a plain Python module (its ``.py`` sits next to the compiled
    extension of a regular install)."""
    source = Path(module.__file__ or "").parent / (module.__name__.rsplit(".", 1)[-1] + ".py")
    name = f"{module.__name__}_pure_copy"
    spec = importlib.util.spec_from_file_location(name, source)
    assert spec is not None and spec.loader is not None
    copy = importlib.util.module_from_spec(spec)
    copy.__package__ = module.__package__
    sys.modules[name] = copy  # dataclasses look their module up while the class is built
    spec.loader.exec_module(copy)
    return copy


PURE_ROLLOUT = pure_copy(rollout)
PURE_DETERMINIZE = pure_copy(determinize)


def test_the_pure_copy_is_plain_python() -> None:
    assert PURE_ROLLOUT.__file__.endswith(".py") and PURE_DETERMINIZE.__file__.endswith(".py")
    assert PURE_ROLLOUT.playout is not playout and PURE_ROLLOUT.KEYS == rollout.KEYS


@pytest.mark.parametrize("rules", RULESETS[::3], ids=lambda r: f"{r.game.value}-{r.players}-{r.jester_lead.value}")
def test_installed_and_pure_copies_play_and_sample_alike(rules: RuleSet) -> None:
    """Playouts (heuristic and random, traced) and sampled deals, installed modules against the pure copies."""
    rng = random.Random(f"pure {rules}")
    checked = 0
    while checked < 40:
        state = random_position(rules, rng)
        if state is None:
            continue
        wily = state.rules.game is Game.WILY
        teams = state.teams if wily else ()
        targets = [rng.randrange(state.hand_size + 1) for _ in range(state.players)]
        seed = rng.randrange(2**32)
        results = []
        for module in (rollout, PURE_ROLLOUT):
            trace: list[tuple[int, int, int]] = []
            play_rng = random.Random(seed) if checked % 2 else None
            won = module.playout(
                list(state.hands), list(state.trick), state.leader, state.led, list(state.tricks_won),
                state.trump_suit, state.rules.jester_lead is JesterLead.FIRST_SUITED, targets, teams=teams,
                bidder_team=teams[state.high_bidder] if wily else -1, contract=state.contract if wily else 0,
                rng=play_rng, trace=trace,
            )
            results.append((won, trace))
        assert results[0] == results[1]
        view = state.view(state.current_player())
        deals = [[m.Sampler(view).sample(random.Random(seed)) for _ in range(4)] for m in (determinize,
                                                                                          PURE_DETERMINIZE)]
        assert deals[0] == deals[1]
        checked += 1


def search_game(rules_name: str, hands: int, seed: int) -> list[tuple[int, dict[int, float]]]:
    """The first ``hands`` hands of a 4-player game with ``search:level=1`` in seats 0 and 2 (rulebased in 1, 3): the
    search seats' actions and ``analyse`` values at every decision."""
    state = new_game(find_rules(rules_name, players=4), seed)
    bots = [search.SearchBot(level=1), make_bot("rulebased")] * 2
    rng = random.Random(seed)
    out: list[tuple[int, dict[int, float]]] = []
    while not state.is_terminal() and len(state.sheet) < hands:
        seat = state.current_player()
        view = state.view(seat)
        action = bots[seat].act(view, rng)
        if seat % 2 == 0 and len(view.legal_actions) > 1:
            out.append((action, search.SearchBot(level=1).analyse(view, random.Random(len(out)))))
        state.apply(action)
    return out


@pytest.mark.parametrize(("rules_name", "hands"), [("standard", 5), ("wily", 1)])
def test_search_plays_the_same_game_with_the_pure_copies(
    rules_name: str, hands: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same seeds give the same actions and the same values, decision by decision, whether the search bot runs
    on the installed (compiled) modules or on the pure copies."""
    installed = search_game(rules_name, hands, 7)
    assert len(installed) > 10
    monkeypatch.setattr(search, "playout", PURE_ROLLOUT.playout)
    monkeypatch.setattr(search, "Sampler", PURE_DETERMINIZE.Sampler)
    assert search_game(rules_name, hands, 7) == installed
