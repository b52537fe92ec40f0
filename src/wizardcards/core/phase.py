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
    # Wizard with the special cards (RULES.md, "Special cards"); after the phases above, so that their order stays
    WEREWOLF = "werewolf"  # the Werewolf's holder has swapped it for the card turned up and names trump
    CLOUD = "cloud"  # the winner of the Cloud's trick changes their bid by +1 or -1
    JUGGLE = "juggle"  # after the Juggler's trick every player gives one card to the left, face down


class ActionError(ValueError):
    """A decision the engine refuses; the message says why, and the state is left unchanged."""


class InvalidActionError(ActionError):
    """Not an action at all: an id outside the action table, or a text that names no action (python-chess's
    ``InvalidMoveError``)."""


class IllegalActionError(ActionError):
    """An action the rules do not allow now; the message names the rule (python-chess's ``IllegalMoveError``)."""


__all__ = ["SPECTATOR", "TERMINAL_PLAYER", "ActionError", "IllegalActionError", "InvalidActionError", "Phase"]
