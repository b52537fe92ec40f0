"""``passer``: a Wily Wizards baseline that never bids (it passes in every auction) and otherwise plays as
``rulebased``: the team a bidding bot must beat clearly for its bidding to mean anything. In Wizard it is
``rulebased``."""

from __future__ import annotations

import random

from ..core import View
from ..core import actions as A
from ..core.rules import Game
from ..core.state import Phase
from .base import register_bot
from .rulebased import RuleBasedBot


class PasserBot:
    name = "passer"

    def act(self, view: View, rng: random.Random) -> int:
        if view.game is Game.WILY and view.phase is Phase.AUCTION and A.PASS in view.legal_actions:
            return A.PASS
        return RuleBasedBot().act(view, rng)


register_bot("passer")(PasserBot)
