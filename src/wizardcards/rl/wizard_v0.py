"""``wizard_v0``: Wizard as a PettingZoo AEC environment (PettingZoo's ``<name>_v<version>.env()`` convention).

``env(players=4, rules="standard", options=None, reward="round", reward_scale=1.0, render_mode=None)``; see
``pettingzoo_env`` for observations, actions and rewards. Its observations and actions are those of the 60 cards
(``observation.py``'s wizard_v0 layout, 81 actions): rules with special cards are refused, ``wizard_v1`` plays them.
"""

from __future__ import annotations

from typing import Any

from ..core import Game
from .observation import WIZARD_V0
from .pettingzoo_env import OrderEnforcer, WizardCardsAECEnv


def raw_env(**kwargs: Any) -> WizardCardsAECEnv:
    return WizardCardsAECEnv(Game.WIZARD, observation=WIZARD_V0, **kwargs)


def env(**kwargs: Any) -> OrderEnforcer:
    """``raw_env`` in PettingZoo's order-enforcing wrapper (``OrderEnforcer``, a faster ``OrderEnforcingWrapper``)."""
    return OrderEnforcer(raw_env(**kwargs))


__all__ = ["env", "raw_env"]
