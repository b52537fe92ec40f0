"""The bot interface and the registry of bots by name.

A bot sees a ``View`` (never the state) and gets its randomness passed in::

    class Bot(Protocol):
        def act(self, view: View, rng: random.Random) -> int: ...

Bots are made from a spec string, ``"name"`` or ``"name:key=value,key=value"`` (``"search:level=3"``), by
``make_bot``; ``register_bot`` adds a factory under a name. Values are read as int, float, bool or kept as text.

``engine:CMD`` is an outside program that speaks the engine protocol (docs/engine-protocol.md, ``engine.py``).

Every bot chooses among ``view.legal_actions`` and nothing else, so a referee restricts a bot to some of the legal
moves by handing it a view with fewer of them: ``restrict(view, allowed)``.

A bot plays the special cards (RULES.md, "Special cards") when it says so: a true ``plays_special_cards``
attribute (every bot of the registry but ``passer``, which plays Wily Wizards only), or, for an engine, a method
``rules_refusal(rules)`` that answers None (``EngineBot``: its program announced ``feature special_cards``).
``rules_refusal(bot, rules)`` says why a bot is not given games of ``rules``; a bot that says nothing is given none
with the special cards, as a bot written before them would not know their cards and decisions.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable
from typing import Any, Protocol, runtime_checkable

from ..core import RuleSet, View


@runtime_checkable
class Bot(Protocol):
    def act(self, view: View, rng: random.Random) -> int:
        """One of ``view.legal_actions``."""
        ...


def restrict(view: View, allowed: Iterable[int]) -> View:
    """``view`` with only the ``allowed`` legal actions (in the view's order): a bot handed it chooses among those.
    Refuses an empty set and an action the view does not allow."""
    wanted = set(allowed)
    if not wanted:
        raise ValueError("a bot needs at least one action to choose from")
    stray = wanted - set(view.legal_actions)
    if stray:
        raise ValueError(f"not legal in this view: {sorted(stray)} (legal: {list(view.legal_actions)})")
    return dataclasses.replace(view, legal_actions=tuple(a for a in view.legal_actions if a in wanted))


def rules_refusal(bot: object, rules: RuleSet) -> str | None:
    """Why ``bot`` is not given games of ``rules``, None when it is: every bot plays the 60 cards; the special cards
    only a bot that says it plays them (``plays_special_cards``, or its own ``rules_refusal``: an engine's)."""
    if not rules.special_cards:
        return None
    own = getattr(bot, "rules_refusal", None)
    if callable(own):
        answer = own(rules)
        return None if answer is None else str(answer)
    if getattr(bot, "plays_special_cards", False) is True:
        return None
    return (f"the bot {type(bot).__name__} does not say it plays the special cards ({', '.join(rules.special_cards)}):"
            " a bot that does has plays_special_cards = True")


def refusal_closing(bot: object, rules: RuleSet) -> str | None:
    """``rules_refusal(bot, rules)``, and the bot let go (an engine started to hear its greeting: its program ends)."""
    try:
        return rules_refusal(bot, rules)
    finally:
        close = getattr(bot, "close", None)
        if callable(close):
            close()


BotFactory = Callable[..., Bot]
BOTS: dict[str, BotFactory] = {}


class UnknownBotError(ValueError):
    """A bot spec that names no registered bot, or gives it parameters it does not take."""


def register_bot(name: str) -> Callable[[BotFactory], BotFactory]:
    def decorate(factory: BotFactory) -> BotFactory:
        BOTS[name] = factory
        return factory

    return decorate


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


ENGINE_PREFIX = "engine:"
"""A spec ``engine:CMD`` is an outside program speaking the engine protocol (``engine.py``): the rest is its
command line, not parameters."""


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"search:level=3,samples=20"`` -> ``("search", {"level": 3, "samples": 20})``; ``"engine:CMD"`` ->
    ``("engine", {"command": "CMD"})``."""
    name, _, rest = spec.strip().partition(":")
    if name == ENGINE_PREFIX[:-1]:
        return name, {"command": rest.strip()}
    params: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UnknownBotError(f"bot parameter {item!r} in {spec!r} is not key=value")
        params[key.strip()] = _value(value.strip())
    return name, params


def make_bot(spec: str) -> Bot:
    """The bot ``spec`` names. An ``engine:CMD`` bot starts its program at its first decision, not here, so that
    checking a spec starts nothing."""
    name, params = parse_bot_spec(spec)
    if name == ENGINE_PREFIX[:-1]:
        from .engine import EngineBot

        try:
            return EngineBot(params["command"])
        except ValueError as error:  # shlex: an unclosed quote; or no command at all
            raise UnknownBotError(f"bot {spec!r}: {error}") from None
    factory = BOTS.get(name)
    if factory is None:
        raise UnknownBotError(f"no bot called {name!r}; bots: {', '.join(sorted(BOTS))}")
    try:
        return factory(**params)
    except TypeError as error:
        raise UnknownBotError(f"bot {name!r} does not take {params}: {error}") from None
