"""Build hook: compile the hot modules of the rules engine and of the ``search`` bot with mypyc.

The engine is pure, typed Python and stays the single source of the rules. A regular install compiles
``core/phase.py``, ``deal.py``, ``cards.py``, ``tricks.py``, ``actions.py``, ``state.py``, ``wizard.py`` and ``wily.py`` to C extensions with
mypyc (a build-time tool only: nothing is added at run time), which makes the engine several times faster
(``benchmarks/engine.py``). The search bot's inner loops, ``bots/rollout.py`` (playouts, on the core's own trick
functions, with ``bots/trick_table.py`` and the learned policy of ``bots/play_model.py``), ``bots/determinize.py`` (sampling deals), ``bots/endgame.py`` (exact last tricks) and
``bots/special_rollout.py`` (playouts with the special cards) are compiled with it, in the same group so that their calls into the core are direct C calls (``benchmarks/rollout.py``). An editable install (``pip install -e``) stays pure
Python so that edits take effect at once; so does any install with ``WIZARDCARDS_PURE_PYTHON=1`` set.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

COMPILED = [
    "src/wizardcards/core/phase.py",
    "src/wizardcards/core/deal.py",
    "src/wizardcards/core/cards.py",
    "src/wizardcards/core/tricks.py",
    "src/wizardcards/core/actions.py",
    "src/wizardcards/core/state.py",
    "src/wizardcards/core/wizard.py",
    "src/wizardcards/core/wily.py",
    "src/wizardcards/core/special_tricks.py",
    "src/wizardcards/core/special_wizard.py",  # subclasses WizardState: compiled with it, as mypyc requires
    "src/wizardcards/bots/trick_table.py",
    "src/wizardcards/bots/play_model.py",
    "src/wizardcards/bots/rollout.py",
    "src/wizardcards/bots/determinize.py",
    "src/wizardcards/bots/endgame.py",
    "src/wizardcards/bots/special_rollout.py",  # playouts with the special cards, on special_tricks.py
]


def extensions() -> list:
    if os.environ.get("WIZARDCARDS_PURE_PYTHON") or "editable_wheel" in sys.argv:
        return []
    from mypyc.build import mypycify

    return mypycify([path for path in COMPILED if os.path.exists(path)], opt_level="3")


setup(ext_modules=extensions())
