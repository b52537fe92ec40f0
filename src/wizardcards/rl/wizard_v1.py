"""``wizard_v1``: Wizard with the special cards of the anniversary editions as a PettingZoo AEC environment.

``env(players=4, rules="anniversary", options=None, reward="round", reward_scale=1.0, render_mode=None)``; see
``pettingzoo_env`` for rewards. Observations are ``observation.py``'s wizard_v1 layout, actions table 2 of
``core/actions.py`` (102 ids). Any Wizard rules are taken: ``anniversary``, ``anniversary-2021``, any
``special_cards`` option, and the 60 cards alone too (the same spaces, the special cards' entries never set).
"""

from __future__ import annotations

from typing import Any

from ..core import Game
from .observation import WIZARD_V1
from .pettingzoo_env import OrderEnforcer, WizardCardsAECEnv

DEFAULT_RULES = "anniversary"  # the six cards of the 2016 edition


def raw_env(**kwargs: Any) -> WizardCardsAECEnv:
    if kwargs.get("rules") is None:
        kwargs["rules"] = DEFAULT_RULES
    return WizardCardsAECEnv(Game.WIZARD, observation=WIZARD_V1, **kwargs)


def env(**kwargs: Any) -> OrderEnforcer:
    """``raw_env`` in PettingZoo's order-enforcing wrapper (``OrderEnforcer``, a faster ``OrderEnforcingWrapper``)."""
    return OrderEnforcer(raw_env(**kwargs))


__all__ = ["DEFAULT_RULES", "env", "raw_env"]
