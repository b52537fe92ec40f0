"""The bots at the server's tables, and the only module of the server that imports them.

Which bots a table may seat (``bot_choices``, offered in ``GET /meta``) is read from the bot registry
(``bots.BOTS``: every registered bot, the search bot once per level of ``bots.search.LEVELS``), then the outside
engines the operator configured (``wizard serve --engine NAME=CMD``, seated as ``engine:NAME``: a request names an
engine, never a command); the words for people (labels) are written here. Which of those engines play the special
cards is heard from each at the server's start (``probe_engines``: the ``feature special_cards`` of the engine
protocol's version 2).
A bot seat plays through ``make_player``, a human seat whose time ran out or who left
through the ``STAND_IN``, and a hint is the analysis of a search bot (``hint_values``). Every bot sees only the
``View`` of the seat it plays or advises. ``decide`` and ``hint_values`` are what the server's worker processes run
(``workers.py``); ``is_heavy`` says which bots are budgeted as strong.
"""

from __future__ import annotations

import logging
import multiprocessing.util
import random
import re
import shlex
import subprocess
import time
from collections.abc import Iterable, Mapping
from typing import Any

from ..bots import BOTS, Bot, make_bot, parse_bot_spec
from ..bots.base import ENGINE_PREFIX
from ..bots.engine import EngineBot, EngineError, RulesRefused
from ..bots.search import LEVELS, POLICIES, SearchBot
from ..core import RuleSet, View, action_to_text
from . import protocol as P

DEFAULT_BOT = "search:level=3"  # the bot a create-table form offers first
STAND_IN = "rulebased"  # the bot that plays for a human seat whose time ran out or who left
HINT_LEVEL = 2  # the search level whose analysis answers a hint (tens of milliseconds a decision)
HEAVY_LEVEL = 4  # search bots from this level on take seconds a decision: the worker pool budgets them

# the registry's names in the words of a create-table form, in the order it lists them; a bot registered under
# another name is offered under its own name, after these
BOT_LABELS = {"rulebased": "Rule-based", "random": "Random", "search": "Search"}
BASELINES = {"passer"}  # registered for the benchmarks (a Wily team that never bids), not opponents to offer
# the registry's bots that play the special cards (RULES.md, "Special cards"; their classes say so:
# ``plays_special_cards``): a table with special cards seats no other but the operator's engines that announced them
# (``probe_engines``); its hints are the search bot's analysis of their decisions as of every other (hint_values)
SPECIAL_CARD_BOTS = frozenset(name for name, factory in BOTS.items() if getattr(factory, "plays_special_cards", False))
log = logging.getLogger("wizardcards.server")

__all__ = [
    "DEFAULT_BOT", "ENGINE_PREFIX", "STAND_IN", "EngineError", "HintAnswer", "bot_choices", "bot_rules_error",
    "bot_spec_error", "plays_special_cards", "probe_engines",
    "close_engines", "decide", "engine_spec", "hint_values", "is_heavy", "parse_engines", "rated_bot",
]

HintAnswer = tuple[list[P.HintValue], int]  # every legal action's value, best first, and the best action


ENGINE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}")
"""The name an operator gives an engine (``wizard serve --engine NAME=CMD``): a table names the engine by it."""
ENGINE_RETRY_SECONDS = 60.0
"""An engine that failed is not asked again for this long (its seats' decisions go to the stand-in at once)."""


def parse_engines(items: Iterable[str]) -> dict[str, str]:
    """The operator's engines from ``NAME=CMD`` items; ``ValueError`` saying which item is wrong."""
    engines: dict[str, str] = {}
    for item in items:
        name, equals, command = item.partition("=")
        name = name.strip()
        if not equals or not ENGINE_NAME.fullmatch(name):
            raise ValueError(f"--engine {item!r}: write NAME=CMD, NAME of letters, digits, '_', '.', '-' (at most 32)")
        try:
            if not shlex.split(command):
                raise ValueError("no command")
        except ValueError as error:
            raise ValueError(f"--engine {item!r}: the command cannot be read: {error}") from None
        if name in engines:
            raise ValueError(f"--engine {name!r} is given twice")
        engines[name] = command.strip()
    return engines


def engine_spec(name: str) -> str:
    """The bot spec by which a table seats the operator's engine ``name``."""
    return ENGINE_PREFIX + name


def plays_special_cards(spec: str, special_engines: Iterable[str] = ()) -> bool:
    """Whether the bot ``spec`` plays the special cards: one of ``SPECIAL_CARD_BOTS``, or an operator's engine
    ``engine:NAME`` whose NAME is among ``special_engines`` (those that announced them, ``probe_engines``)."""
    try:
        name, params = parse_bot_spec(spec)
    except ValueError:
        return False
    if name == "engine":
        return params["command"] in set(special_engines)
    return name in SPECIAL_CARD_BOTS


def bot_rules_error(spec: str, rules: RuleSet, special_engines: Iterable[str] = ()) -> str | None:
    """Why the bot ``spec`` cannot play ``rules`` (None: it can): only ``SPECIAL_CARD_BOTS`` and the engines among
    ``special_engines`` play the special cards."""
    special_engines = sorted(special_engines)
    if rules.special_cards and not plays_special_cards(spec, special_engines):
        *others, last = [*sorted(SPECIAL_CARD_BOTS), *map(engine_spec, special_engines)]
        bots = f"{', '.join(others)} or {last}"
        why = (" (an engine plays them when it announces 'feature special_cards', docs/engine-protocol.md)"
               if spec.startswith(ENGINE_PREFIX) else "")
        return (f"the bot {spec[:80]!r} does not play the special cards ({', '.join(rules.special_cards)}){why}: "
                f"seat {bots}")
    return None


def probe_engines(engines: Mapping[str, str]) -> frozenset[str]:
    """The operator's engines that play the special cards: each is started once (all at once, each in a thread),
    greeted, heard until its ``ready`` and let go; those that announced ``feature special_cards`` are named. One that
    does not start, or breaks the protocol, plays none (logged: its tables' decisions will go to the stand-in)."""
    from concurrent.futures import ThreadPoolExecutor

    from ..core.cards import SPECIAL_CARD_NAMES

    every_card = RuleSet(special_cards=SPECIAL_CARD_NAMES)

    def announces(item: tuple[str, str]) -> bool:
        name, command = item
        bot = EngineBot(command, label=name, stderr=subprocess.DEVNULL)
        try:
            refused = bot.rules_refusal(every_card)  # starts it, and hears its greeting
        finally:
            bot.close()
        if bot.failure is not None:
            log.warning("%s: no table with the special cards seats it", bot.failure)
        return refused is None

    if not engines:
        return frozenset()
    with ThreadPoolExecutor(max_workers=min(8, len(engines))) as pool:
        answers = list(pool.map(announces, engines.items()))
    return frozenset(name for name, yes in zip(engines, answers, strict=True) if yes)


def bot_choices(engines: Iterable[str] = (), special_engines: Iterable[str] = ()) -> list[dict[str, Any]]:
    """The bots a create-table form offers, as ``{"spec", "label", "special_cards"}``: each registered bot but the
    ``BASELINES``, the search bot at each level, then the engines the operator configured (``engines``: their
    names). ``special_cards``: whether the bot plays them (a form offers only those for a table with special cards):
    an engine does when its name is among ``special_engines`` (``probe_engines``)."""
    special_engines = frozenset(special_engines)
    order = list(BOT_LABELS)
    choices: list[dict[str, Any]] = []
    offered = [name for name in BOTS if name not in BASELINES]
    for name in sorted(offered, key=lambda n: (order.index(n) if n in order else len(order), n)):
        label = BOT_LABELS.get(name, name)
        if BOTS[name] is SearchBot:
            choices.extend({"spec": f"{name}:level={level}", "label": f"{label}, level {level}"} for level in LEVELS)
        else:
            choices.append({"spec": name, "label": label})
    choices.extend({"spec": engine_spec(name), "label": name} for name in engines)
    for choice in choices:
        choice["special_cards"] = plays_special_cards(choice["spec"], special_engines)
    return choices


def bot_spec_error(spec: str, engines: Mapping[str, str] | Iterable[str] = ()) -> str | None:
    """Why ``spec`` makes no bot (a name the registry does not know, a parameter the bot does not take, a level out
    of range, an engine the operator did not configure), or None when it makes one. At the server ``engine:X`` names
    one of the operator's ``engines``, never a command: a stranger starts no program."""
    name, params = parse_bot_spec(spec)
    if name == "engine":
        configured = sorted(engines)
        if params["command"] in configured:
            return None
        offered = f": {', '.join(engine_spec(e) for e in configured)}" if configured else " (it has none)"
        return (f"this server seats only the engines its operator configured{offered}; "
                f"{spec[:80]!r} is not one of them")
    if BOTS.get(name) is SearchBot and params.get("policy", "heuristic") not in POLICIES:
        # search:policy=PATH.json reads a weights file: a path is the operator's to name (wizard engine), never a
        # stranger's, who could make the server open any file or a pipe that never answers
        return (f"search bots here play by policy {' or '.join(POLICIES)}; "
                f"{str(params['policy'])[:80]!r} is not one of them")
    try:
        make_bot(spec)
    except ValueError as error:  # UnknownBotError, and the bots' own refusals of a parameter's value
        return str(error)
    return None


def rated_bot(spec: str) -> str | None:
    """The spec a bot is rated under (``bot_ratings.json``): ``search:level=N`` (the level alone: a time limit or
    another number of samples is another bot, not measured), ``rulebased``, ``random``; None for any other."""
    try:
        name, params = parse_bot_spec(spec)
    except ValueError:
        return None
    if BOTS.get(name) is SearchBot and set(params) <= {"level"}:
        level = params.get("level", 3)
        return f"{name}:level={level}" if level in LEVELS else None
    return name if name in BOTS and not params else None


def is_heavy(spec: str) -> bool:
    """Whether ``spec`` is a search bot of a level that takes seconds a decision."""
    name, params = parse_bot_spec(spec)
    return BOTS.get(name) is SearchBot and int(params.get("level", 3)) >= HEAVY_LEVEL


_bots: dict[str, Bot] = {}  # per worker process: one bot per spec (a bot decides from the View alone)


_failed: dict[tuple[str, str], tuple[float, EngineError]] = {}  # per worker: engines that failed, and when


def decide(spec: str, view: View, seed: int, command: str | None = None) -> int:
    """The decision of the bot ``spec`` (``STAND_IN`` for a seat whose player is away) at ``view``, its randomness
    seeded by the table (``random.Random(seed)``). An engine's spec (``engine:NAME``) comes with the operator's
    ``command`` for it; an engine that fails raises ``EngineError`` (the table's stand-in plays in its place), and is
    not asked again for ``ENGINE_RETRY_SECONDS``."""
    return _act(spec, view, random.Random(seed), command)


def decide_drawing(spec: str, view: View, rng: random.Random, command: str | None = None) -> tuple[int, random.Random]:
    """``decide`` drawing from the seat's own stream ``rng`` (a table whose seats keep one, ``LiveTable.seat_rngs``:
    the benchmark's, whose bots draw as the arena's do), and that stream after the decision."""
    return _act(spec, view, rng, command), rng


def _act(spec: str, view: View, rng: random.Random, command: str | None) -> int:
    name, params = parse_bot_spec(spec)
    if name == "engine":
        return _engine_decides(params["command"], command, view, rng)
    bot = _bots.get(spec)
    if bot is None:
        bot = _bots[spec] = make_bot(spec)
    return int(bot.act(view, rng))


_engines: dict[tuple[str, str], EngineBot] = {}  # per worker process: one process per configured engine


def _engine_decides(name: str, command: str | None, view: View, rng: random.Random) -> int:
    if command is None:
        raise EngineError(f"engine {name!r} is not configured on this server (wizard serve --engine {name}=CMD)")
    key = (name, command)
    failed = _failed.get(key)
    if failed is not None:
        if time.monotonic() - failed[0] < ENGINE_RETRY_SECONDS:
            raise failed[1]
        del _failed[key]
    bot = _engines.get(key)
    if bot is None:  # the engine's stderr is not the server's log: a chatty engine must not fill it
        if not _engines:  # a pool's worker leaves through os._exit: multiprocessing's finalizers run, atexit's not
            multiprocessing.util.Finalize(None, close_engines, exitpriority=10)
        bot = _engines[key] = EngineBot(command, label=name, stderr=subprocess.DEVNULL)
    try:
        return bot.act(view, rng)
    except RulesRefused:
        raise  # a table of rules it did not announce (stored by a server it told otherwise): its other tables go on
    except EngineError as error:
        _failed[key] = (time.monotonic(), error)
        del _engines[key]
        raise


def close_engines() -> None:
    """Let every engine of this worker go (their processes end)."""
    while _engines:
        _, bot = _engines.popitem()
        bot.close()


def hint_values(view: View, seq: int) -> HintAnswer:
    """The search bot's value of every legal action of ``view``, best first, and the best action. The sampling is
    seeded with the table's seq (``random.Random(seq)``), so the same question gets the same answer; the view is the
    asking seat's own, so the hint knows no more than the player."""
    values = SearchBot(level=HINT_LEVEL).analyse(view, random.Random(seq))
    style = view.rules.rank_style
    ranked = sorted(view.legal_actions, key=lambda a: (-values[a], a))  # ties: the lowest action, as the bot plays
    specials = bool(view.rules.special_cards)
    return [P.HintValue(action=a, text=action_to_text(a, style, specials), value=float(values[a])) for a in ranked], \
        ranked[0]
