"""wizardcards: the card games Wizard and Wily Wizards, an exact engine with bots and front ends around it."""

from __future__ import annotations

from .core import (
    ActionError,
    GameRecord,
    IllegalActionError,
    RuleSet,
    State,
    View,
    default_rules,
    find_rules,
    new_game,
    replay,
)
from .records import RecordError, load_record, save_record

__version__ = "0.1.0"

__all__ = [
    "ActionError",
    "GameRecord",
    "IllegalActionError",
    "RecordError",
    "RuleSet",
    "State",
    "View",
    "__version__",
    "default_rules",
    "find_rules",
    "load_record",
    "new_game",
    "replay",
    "save_record",
]
