"""``random``: a uniformly random legal action (the floor every other bot must beat)."""

from __future__ import annotations

import random

from ..core import View
from .base import register_bot


class RandomBot:
    name = "random"
    plays_special_cards = True  # any legal action of table 2 too

    def act(self, view: View, rng: random.Random) -> int:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} is not on turn: no legal action to choose")
        return rng.choice(view.legal_actions)


register_bot("random")(RandomBot)
