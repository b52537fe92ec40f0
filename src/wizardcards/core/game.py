"""A game from its rule set and seed (``new_game``), and a recorded game rebuilt from its decisions (``replay``),
from its seed's first deal or from the position it started at."""

from __future__ import annotations

from collections.abc import Iterator

from .notation import NotationError, position_from_text, start_game
from .position import PositionError
from .record import GameRecord, RecordError
from .rules import Game, RuleSet, find_rules
from .special_wizard import SpecialWizardState
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
    if rules.special_cards:
        return SpecialWizardState(rules, seed)
    return WizardState(rules, seed)


def _apply_recorded(state: TrickGameState, number: int, action: int) -> None:
    try:
        state.apply(action)
    except ValueError as error:
        raise RecordError(f"decision {number} ({action}) cannot be replayed: {error}") from None


def first_state(record: GameRecord) -> TrickGameState:
    """The state a recorded game starts from: its seed's first deal, or the position it names (``record.start``)."""
    if record.start is None:
        return new_game(record.rules, record.seed)
    try:
        position = position_from_text(record.start)
        if position.rules != record.rules:
            raise RecordError(f"the start position is a game of {position.rules.describe()}, the record's rules "
                              f"are {record.rules.describe()}")
        return start_game(position, record.seed)
    except (NotationError, PositionError) as error:
        raise RecordError(f"the start position cannot be set up: {error}") from None


def replay_states(record: GameRecord) -> Iterator[TrickGameState]:
    """Every state of the recorded game, from the first to the last, each a fresh object."""
    state = first_state(record)
    yield state.clone()
    for number, action in enumerate(record.actions):
        _apply_recorded(state, number, action)
        yield state.clone()


def replay(record: GameRecord) -> TrickGameState:
    """The state after every recorded decision."""
    state = first_state(record)
    for number, action in enumerate(record.actions):
        _apply_recorded(state, number, action)
    return state


__all__ = ["first_state", "new_game", "replay", "replay_states"]
