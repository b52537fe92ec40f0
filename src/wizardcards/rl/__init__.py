"""Research interfaces: observation tensors, PettingZoo and Gymnasium environments, OpenSpiel registration.

Needs the ``[rl]`` extra (numpy, gymnasium, pettingzoo); ``wizardcards.rl.openspiel`` needs ``[spiel]``. Submodules
load on first use, so ``import wizardcards.rl`` pulls in nothing heavy:

* ``observation``: ``ObservationEncoder`` / ``ObservationLayout`` (the documented vector layouts, by version:
  ``wizard_v0``, ``wily_v0``, and ``wizard_v1`` for Wizard with the special cards) and the action mask;
* ``incremental``: ``TableObserver``, the same vectors for every seat of a game, kept up to date action by action;
* ``wizard_v0``, ``wily_v0``, ``wizard_v1``: PettingZoo AEC environments (``wizard_v0.env(players=4)``;
  ``wizard_v1.env(rules="anniversary")`` for the special cards);
* ``gym_env``: ``WizardCardsGymEnv``, one learning seat against bots named by spec;
* ``openspiel``: ``python_wizard`` / ``python_wily`` registered with ``pyspiel``, and bots as ``pyspiel.Bot``.
"""

from __future__ import annotations

import importlib
from typing import Any

_SUBMODULES = (
    "observation",
    "incremental",
    "pettingzoo_env",
    "wizard_v0",
    "wily_v0",
    "wizard_v1",
    "gym_env",
    "openspiel",
)


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = list(_SUBMODULES)
