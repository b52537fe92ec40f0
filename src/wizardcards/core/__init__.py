"""The rules of Wizard and Wily Wizards, and nothing else: standard library only, no I/O, no global randomness.

    >>> from wizardcards.core import new_game, find_rules
    >>> state = new_game(find_rules("standard", players=4), seed=7)
    >>> state.current_player(), state.phase.value
    ...
"""

from __future__ import annotations

from .actions import NUM_ACTIONS, action_from_text, action_to_text
from .cards import CardSet, RankStyle, Suit, card_from_text, card_to_text, cards_from_text, cards_to_text
from .record import GameRecord, RecordError, replay, replay_states
from .rules import PRESETS, Game, ImpossibleRulesError, RuleSet, find_rules
from .state import TERMINAL_PLAYER, IllegalActionError, Phase, TrickGameState
from .view import View
from .wizard import WizardState

State = TrickGameState


def new_game(rules: RuleSet | str | None = None, seed: int | None = None) -> TrickGameState:
    """A new game of ``rules`` (a RuleSet, or a preset's name; default: standard Wizard for 4).

    ``seed`` fixes every shuffle; None draws one from the system (it is stored in ``state.seed``).
    """
    if rules is None:
        rules = RuleSet()
    elif isinstance(rules, str):
        rules = find_rules(rules)
    if rules.game is Game.WILY:
        from .wily import WilyState

        return WilyState(rules, seed)
    return WizardState(rules, seed)


__all__ = [
    "NUM_ACTIONS",
    "PRESETS",
    "TERMINAL_PLAYER",
    "CardSet",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "ImpossibleRulesError",
    "Phase",
    "RankStyle",
    "RecordError",
    "RuleSet",
    "State",
    "Suit",
    "View",
    "WizardState",
    "action_from_text",
    "action_to_text",
    "card_from_text",
    "card_to_text",
    "cards_from_text",
    "cards_to_text",
    "find_rules",
    "new_game",
    "replay",
    "replay_states",
]
