"""A game from its rule set and seed (``new_game``), and a recorded game rebuilt from its decisions (``replay``)."""

from __future__ import annotations

from collections.abc import Iterator

from .record import GameRecord, RecordError
from .rules import Game, RuleSet, find_rules
from .state import TrickGameState
from .wily import WilyState
from .wizard import WizardState


def new_game(rules: RuleSet | str | None = None, seed: int | None = None) -> TrickGameState:
    """A new game of ``rules`` (a RuleSet, or a preset's name; default: standard Wizard for 4).

    ``seed`` fixes every shuffle; None draws one from the system (it is stored in ``state.seed``).
    """
    if rules is None:
        rules = RuleSet()
    elif isinstance(rules, str):
        rules = find_rules(rules)
    if rules.game is Game.WILY:
        return WilyState(rules, seed)
    return WizardState(rules, seed)


def _apply_recorded(state: TrickGameState, number: int, action: int) -> None:
    try:
        state.apply(action)
    except ValueError as error:
        raise RecordError(f"decision {number} ({action}) cannot be replayed: {error}") from None


def replay_states(record: GameRecord) -> Iterator[TrickGameState]:
    """Every state of the recorded game, from the first to the last, each a fresh object."""
    state = new_game(record.rules, record.seed)
    yield state.clone()
    for number, action in enumerate(record.actions):
        _apply_recorded(state, number, action)
        yield state.clone()


def replay(record: GameRecord) -> TrickGameState:
    """The state after every recorded decision."""
    state = new_game(record.rules, record.seed)
    for number, action in enumerate(record.actions):
        _apply_recorded(state, number, action)
    return state


__all__ = ["new_game", "replay", "replay_states"]
