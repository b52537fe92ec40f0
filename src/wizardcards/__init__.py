"""wizardcards: the card games Wizard and Wily Wizards, an exact engine with bots and front ends around it."""

from __future__ import annotations

from .core import GameRecord, IllegalActionError, RuleSet, State, View, find_rules, new_game, replay

__version__ = "0.1.0"

__all__ = [
    "GameRecord",
    "IllegalActionError",
    "RuleSet",
    "State",
    "View",
    "__version__",
    "find_rules",
    "new_game",
    "replay",
]
