"""The phases of a game, the player id of a finished game, and the two errors a decision can raise.

Kept apart from ``state.py`` so that ``view.py`` (which a state builds) and the state machines import them without a
cycle.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

TERMINAL_PLAYER: Final = -4
"""``current_player()`` once the game is over (OpenSpiel's ``kTerminalPlayerId``)."""

SPECTATOR: Final = -1
"""The seat of a public view: somebody who watches the table and holds no hand."""


class Phase(Enum):
    CHOOSE_TRUMP = "choose_trump"  # Wizard: a Wizard was turned up, the dealer names trump
    BID = "bid"  # Wizard: exact bids
    AUCTION = "auction"  # Wily: pass or outbid
    NAME_TRUMP = "name_trump"  # Wily: the high bidder names trump
    PASS_CARDS = "pass_cards"  # Wily: everyone gives three cards
    PLAY = "play"
    GAME_OVER = "game_over"


class ActionError(ValueError):
    """A decision the engine refuses; the message says why, and the state is left unchanged."""


class InvalidActionError(ActionError):
    """Not an action at all: an id outside the action table, or a text that names no action (python-chess's
    ``InvalidMoveError``)."""


class IllegalActionError(ActionError):
    """An action the rules do not allow now; the message names the rule (python-chess's ``IllegalMoveError``)."""


__all__ = ["SPECTATOR", "TERMINAL_PLAYER", "ActionError", "IllegalActionError", "InvalidActionError", "Phase"]
