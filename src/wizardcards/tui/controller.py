"""The game being played in ``wizard play``: the state, the bots, and a save after every decision. No UI here.

The screens ask for ``view()`` (the human seat's ``View``) and send actions through ``play(action)``; bots are
moved one decision at a time by ``step_bot()``, each seeing only its own seat's view. After every decision the game
is saved (``store.save_current``); when the game ends its record goes to ``finished/``. ``resume()`` replays the
saved record, so a game continues exactly where it stopped.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..bots import Bot, make_bot
from ..bots.base import refusal_closing
from ..bots.engine import EngineBot, EngineError
from ..bots.names import bot_name
from ..bots.rulebased import RuleBasedBot
from ..bots.search import SearchBot
from ..core import Game, GameRecord, RuleSet, State, View, new_game, replay
from . import store
from .i18n import _
from .render import YOU

STRONGEST_BOT = "search"
"""The bot opponents get by default, and the one whose analysis the hint shows."""
FALLBACK_BOT = "rulebased"
"""The bot opponents get by default where the strongest cannot play the rules (the special cards, for now)."""


@cache
def bot_refusal(spec: str, rules: RuleSet) -> str | None:
    """Why the bot ``spec`` cannot play a game of ``rules``, in its own words; None when it can.

    Every bot plays the 60 cards. With the special cards a bot must say it plays them (``bots.rules_refusal``: an
    engine is started to hear whether it announces them, then let go), and is asked for the first decision of such a
    game: a bot that cannot play it says so there with a ``ValueError``."""
    bot = make_bot(spec)  # an unknown spec raises UnknownBotError, as everywhere
    if not rules.special_cards:
        return None
    refused = refusal_closing(bot, rules)
    if refused is not None or isinstance(bot, EngineBot):  # an engine speaks for itself: no decision asked
        return refused
    state = new_game(rules, 0)
    try:
        bot.act(state.view(state.current_player()), random.Random(0))
    except ValueError as error:
        return str(error)
    return None


def default_bot(rules: RuleSet) -> str:
    """The strongest bot that plays ``rules``."""
    return STRONGEST_BOT if bot_refusal(STRONGEST_BOT, rules) is None else FALLBACK_BOT


def seat_names(bots: list[str | None]) -> list[str]:
    """The human is ``YOU``; each bot the name the browser's lobby gives a bot in that seat (Morgana, Circe ...)."""
    return [YOU if spec is None else bot_name(seat) for seat, spec in enumerate(bots)]


@dataclass
class Analysis:
    """The hint for one decision: every legal action with its estimated value, best first (no values: every legal
    action, the one a rule-based bot would take first)."""

    source: str  # which bot produced the values, and what they mean
    rows: list[tuple[int, float | None]]
    best: int


def analyse(view: View) -> Analysis:
    """The search bot's value of every legal action of ``view`` (the human's own view), best first; for rules the
    search bot does not play (``bot_refusal``), the rule-based bot's choice among every legal action."""
    if not view.legal_actions:
        raise ValueError(_("no decision to analyse: it is not your turn"))
    if bot_refusal(STRONGEST_BOT, view.rules) is not None:
        best = RuleBasedBot().act(view, random.Random(0))
        no_value: float | None = None
        rows = [(a, no_value) for a in [best, *(a for a in view.legal_actions if a != best)]]
        return Analysis(_("the search bot does not play the special cards yet: the rule-based bot's choice first, "
                          "then the other legal decisions (no values)"), rows, best)
    values = sorted(SearchBot().analyse(view).items(), key=lambda row: -row[1])
    rows = [(action, float(value)) for action, value in values]
    if view.game is Game.WIZARD:
        source = _("search bot: mean points this round after each action, over sampled deals")
    else:
        source = _("search bot: chance that your team gains this hand's letter after each action, over sampled deals")
    return Analysis(source, rows, rows[0][0])


@dataclass
class GameController:
    """One game: a state, which seat is human, a bot for every other seat; saving after every decision."""

    state: State
    human: int
    bot_specs: list[str | None]
    pace: float = 0.6
    save: bool = True
    names: list[str] = field(default_factory=list)
    finished_path: Path | None = None

    def __post_init__(self) -> None:
        if len(self.bot_specs) != self.state.players or self.bot_specs[self.human] is not None:
            raise ValueError("bot_specs needs one entry per seat, None exactly at the human seat")
        self.bots: dict[int, Bot] = {s: make_bot(spec) for s, spec in enumerate(self.bot_specs) if spec is not None}
        self.rng = random.Random()
        self.engine_errors: list[str] = []  # what outside engines (engine:CMD) did wrong, oldest first
        self.names = self.names or seat_names(self.bot_specs)

    # --- making games --------------------------------------------------------------------------------------

    @classmethod
    def new(
        cls, rules: RuleSet, bots: list[str], seed: int | None = None, pace: float = 0.6, save: bool = True
    ) -> GameController:
        """A new game with the human at seat 0 and ``bots`` (one spec per opponent) at seats 1, 2, ..."""
        if len(bots) != rules.players - 1:
            raise ValueError(f"{rules.players} players need {rules.players - 1} bots, not {len(bots)}")
        for spec in bots:  # a clear UnknownBotError, or the bot's reason it cannot play these rules, before a save
            refused = bot_refusal(spec, rules)
            if refused is not None:
                raise ValueError(f"{spec}: {refused}")
        controller = cls(new_game(rules, seed), 0, [None, *bots], pace, save)
        controller._save()
        return controller

    @classmethod
    def resume(cls) -> GameController | None:
        """The unfinished saved game, replayed to where it stopped; None when there is none."""
        saved = store.load_current()
        if saved is None:
            return None
        record, seating = saved
        return cls(replay(record), seating.human, seating.bots, seating.pace, True, list(record.names or []))

    # --- the game ------------------------------------------------------------------------------------------

    def view(self) -> View:
        return self.state.view(self.human)

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def on_turn(self) -> int:
        return self.state.current_player()

    def human_on_turn(self) -> bool:
        return not self.over and self.on_turn() == self.human

    def bot_on_turn(self) -> bool:
        return not self.over and self.on_turn() != self.human

    def play(self, action: int) -> None:
        """The human's decision; ``ActionError`` (state unchanged) when it is no action or the rules forbid it."""
        if not self.human_on_turn():
            raise ValueError("it is not your turn")
        self.state.apply(action)
        self._save()

    def step_bot(self) -> tuple[int, int]:
        """Let the bot on turn decide; returns (seat, action)."""
        seat = self.on_turn()
        bot = self.bots[seat]
        view = self.state.view(seat)
        try:
            action = bot.act(view, self.rng)
        except EngineError as error:  # an outside engine that broke the protocol: the rule-based bot plays for it
            self.engine_errors.append(str(error))
            action = RuleBasedBot().act(view, self.rng)
        self.state.apply(action)
        self._save()
        return seat, action

    def record(self) -> GameRecord:
        return self.state.record(self.names)

    def _save(self) -> None:
        if not self.save:
            return
        if self.over:
            if self.finished_path is None:
                self.finished_path = store.finish_current(self.record())
            return
        store.save_current(self.record(), store.Seating(self.human, self.bot_specs, self.pace))
