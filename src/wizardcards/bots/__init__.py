"""Bots: the ``Bot`` protocol (view -> action), the registry by name, and the bots themselves."""

from __future__ import annotations

from . import passer as _passer  # noqa: F401  (registers "passer")
from . import random_bot as _random_bot  # noqa: F401  (registers "random")
from . import rulebased as _rulebased  # noqa: F401  (registers "rulebased")
from . import search as _search  # noqa: F401  (registers "search")
from .base import BOTS, Bot, UnknownBotError, make_bot, parse_bot_spec, register_bot, restrict, rules_refusal

__all__ = ["BOTS", "Bot", "UnknownBotError", "make_bot", "parse_bot_spec", "register_bot", "restrict", "rules_refusal"]
