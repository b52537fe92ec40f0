"""The rules of Wizard and Wily Wizards, and nothing else: standard library only, no I/O, no global randomness.

    >>> from wizardcards.core import new_game, find_rules
    >>> state = new_game(find_rules("standard", players=4), seed=7)
    >>> state.current_player(), state.phase.value
    ...
"""

from __future__ import annotations

from .actions import NUM_ACTIONS, action_from_text, action_to_text, card_action, card_of_action
from .cards import CardSet, RankStyle, Suit, card_from_text, card_to_text, cards_from_text, cards_to_text
from .game import new_game, replay, replay_states
from .game_text import GAME_FORMAT, game_from_text, game_to_text
from .notation import NotationError, position_from_text, position_to_text, start_game
from .phase import SPECTATOR, TERMINAL_PLAYER, ActionError, IllegalActionError, InvalidActionError, Phase
from .position import (
    UNKNOWN,
    Position,
    PositionError,
    from_position,
    position_of,
    position_of_view,
    view_of_position,
)
from .record import GameRecord, RecordError
from .rules import PRESETS, SPECIAL_PRESETS, Game, ImpossibleRulesError, RuleSet, default_rules, find_rules, rules_for
from .special_wizard import SpecialWizardState
from .state import TrickGameState
from .view import Trick, View
from .wily import WilyState
from .wizard import WizardState

State = TrickGameState


__all__ = [
    "GAME_FORMAT",
    "NUM_ACTIONS",
    "PRESETS",
    "SPECIAL_PRESETS",
    "SPECTATOR",
    "TERMINAL_PLAYER",
    "UNKNOWN",
    "ActionError",
    "CardSet",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "ImpossibleRulesError",
    "InvalidActionError",
    "NotationError",
    "Phase",
    "Position",
    "PositionError",
    "RankStyle",
    "RecordError",
    "RuleSet",
    "SpecialWizardState",
    "State",
    "Suit",
    "Trick",
    "TrickGameState",
    "View",
    "WilyState",
    "WizardState",
    "action_from_text",
    "action_to_text",
    "card_action",
    "card_of_action",
    "card_from_text",
    "card_to_text",
    "cards_from_text",
    "cards_to_text",
    "default_rules",
    "find_rules",
    "from_position",
    "game_from_text",
    "game_to_text",
    "new_game",
    "position_from_text",
    "position_of",
    "position_of_view",
    "position_to_text",
    "replay",
    "replay_states",
    "rules_for",
    "start_game",
    "view_of_position",
]
