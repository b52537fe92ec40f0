"""The bots at the server's tables, and the only module of the server that imports them.

Which bots a table may seat (``bot_choices``, offered in ``GET /meta``) is read from the bot registry
(``bots.BOTS``: every registered bot, the search bot once per level of ``bots.search.LEVELS``); the words for people
(labels) are written here. A bot seat plays through ``make_player``, a human seat whose time ran out or who left
through the ``STAND_IN``, and a hint is the analysis of a search bot (``hint_values``). Every bot sees only the
``View`` of the seat it plays or advises. ``decide`` and ``hint_values`` are what the server's worker processes run
(``workers.py``); ``is_heavy`` says which bots are budgeted as strong.
"""

from __future__ import annotations

import random

from ..bots import BOTS, Bot, make_bot, parse_bot_spec
from ..bots.search import LEVELS, SearchBot
from ..core import View, action_to_text
from . import protocol as P

DEFAULT_BOT = "search:level=3"  # the bot a create-table form offers first
STAND_IN = "rulebased"  # the bot that plays for a human seat whose time ran out or who left
HINT_LEVEL = 2  # the search level whose analysis answers a hint (tens of milliseconds a decision)
HEAVY_LEVEL = 4  # search bots from this level on take seconds a decision: the worker pool budgets them

# the registry's names in the words of a create-table form, in the order it lists them; a bot registered under
# another name is offered under its own name, after these
BOT_LABELS = {"rulebased": "Rule-based", "random": "Random", "search": "Search"}
BASELINES = {"passer"}  # registered for the benchmarks (a Wily team that never bids), not opponents to offer

__all__ = [
    "DEFAULT_BOT", "STAND_IN", "HintAnswer", "bot_choices", "bot_spec_error", "decide", "hint_values", "is_heavy",
]

HintAnswer = tuple[list[P.HintValue], int]  # every legal action's value, best first, and the best action


def bot_choices() -> list[dict[str, str]]:
    """The bots a create-table form offers, as ``{"spec", "label"}``: each registered bot but the ``BASELINES``, the
    search bot at each level."""
    order = list(BOT_LABELS)
    choices: list[dict[str, str]] = []
    offered = [name for name in BOTS if name not in BASELINES]
    for name in sorted(offered, key=lambda n: (order.index(n) if n in order else len(order), n)):
        label = BOT_LABELS.get(name, name)
        if BOTS[name] is SearchBot:
            choices.extend({"spec": f"{name}:level={level}", "label": f"{label}, level {level}"} for level in LEVELS)
        else:
            choices.append({"spec": name, "label": label})
    return choices


def bot_spec_error(spec: str) -> str | None:
    """Why ``spec`` makes no bot (a name the registry does not know, a parameter the bot does not take, a level out
    of range), or None when it makes one."""
    try:
        make_bot(spec)
    except ValueError as error:  # UnknownBotError, and the bots' own refusals of a parameter's value
        return str(error)
    return None


def is_heavy(spec: str) -> bool:
    """Whether ``spec`` is a search bot of a level that takes seconds a decision."""
    name, params = parse_bot_spec(spec)
    return BOTS.get(name) is SearchBot and int(params.get("level", 3)) >= HEAVY_LEVEL


_bots: dict[str, Bot] = {}  # per worker process: one bot per spec (a bot decides from the View alone)


def decide(spec: str, view: View, seed: int) -> int:
    """The decision of the bot ``spec`` (``STAND_IN`` for a seat whose player is away) at ``view``, its randomness
    seeded by the table (``random.Random(seed)``)."""
    bot = _bots.get(spec)
    if bot is None:
        bot = _bots[spec] = make_bot(spec)
    return int(bot.act(view, random.Random(seed)))


def hint_values(view: View, seq: int) -> HintAnswer:
    """The search bot's value of every legal action of ``view``, best first, and the best action. The sampling is
    seeded with the table's seq (``random.Random(seq)``), so the same question gets the same answer; the view is the
    asking seat's own, so the hint knows no more than the player."""
    values = SearchBot(level=HINT_LEVEL).analyse(view, random.Random(seq))
    style = view.rules.rank_style
    ranked = sorted(view.legal_actions, key=lambda a: (-values[a], a))  # ties: the lowest action, as the bot plays
    return [P.HintValue(action=a, text=action_to_text(a, style), value=float(values[a])) for a in ranked], ranked[0]
