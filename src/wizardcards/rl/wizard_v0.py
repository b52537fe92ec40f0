"""``wizard_v0``: Wizard as a PettingZoo AEC environment (PettingZoo's ``<name>_v<version>.env()`` convention).

``env(players=4, rules="standard", options=None, reward="round", reward_scale=1.0, render_mode=None)``; see
``pettingzoo_env`` for observations, actions and rewards.
"""

from __future__ import annotations

from typing import Any

from ..core import Game
from .pettingzoo_env import OrderEnforcer, WizardCardsAECEnv


def raw_env(**kwargs: Any) -> WizardCardsAECEnv:
    return WizardCardsAECEnv(Game.WIZARD, **kwargs)


def env(**kwargs: Any) -> OrderEnforcer:
    """``raw_env`` in PettingZoo's order-enforcing wrapper (``OrderEnforcer``, a faster ``OrderEnforcingWrapper``)."""
    return OrderEnforcer(raw_env(**kwargs))


__all__ = ["env", "raw_env"]
