"""The game being played in ``wizard play``: the state, the bots, and a save after every decision. No UI here.

The screens ask for ``view()`` (the human seat's ``View``) and send actions through ``play(action)``; bots are
moved one decision at a time by ``step_bot()``, each seeing only its own seat's view. After every decision the game
is saved (``store.save_current``); when the game ends its record goes to ``finished/``. ``resume()`` replays the
saved record, so a game continues exactly where it stopped.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import BOTS, Bot, make_bot
from ..core import GameRecord, RuleSet, TrickGameState, View, new_game, replay
from ..core.rules import Game
from . import store

HUMAN_NAME = "You"


def strongest_bot() -> str:
    """The bot opponents get by default: ``search`` once it is registered, else ``rulebased``."""
    return "search" if "search" in BOTS else "rulebased"


def seat_names(bots: list[str | None]) -> list[str]:
    return [HUMAN_NAME if spec is None else f"{spec.split(':')[0]} {seat}" for seat, spec in enumerate(bots)]


@dataclass
class Analysis:
    """The hint for one decision: every legal action with its estimated value, best first."""

    source: str  # which bot produced the values, and what they mean
    rows: list[tuple[int, float]]
    best: int


def analyse(view: View) -> Analysis:
    """The strongest analysing bot's values for every legal action of ``view`` (the human's own view).

    ``search`` (when registered) has ``analyse(view)``; its answer may be a mapping action -> value, a sequence of
    (action, value) pairs, or objects with ``action`` and ``value``. Without it, the rule-based bot's own estimates
    stand in: for a card, its value in expected tricks under the trump; for a bid or call, minus the distance from
    the hand's estimated tricks; for trump, the hand's estimated tricks under that suit.
    """
    if not view.legal_actions:
        raise ValueError("no decision to analyse: it is not your turn")
    if "search" in BOTS:
        bot: Any = make_bot("search")
        if hasattr(bot, "analyse"):
            rows = _rows_of(bot.analyse(view))
            rows = [(a, v) for a, v in rows if a in view.legal_actions]
            if rows:
                rows.sort(key=lambda row: -row[1])
                meaning = ("mean points this round" if view.game is Game.WIZARD
                           else "chance that your team gains this hand's letter")
                return Analysis(f"search bot: {meaning} after each action, over sampled deals", rows, rows[0][0])
    return _heuristic(view)


def _rows_of(answer: Any) -> list[tuple[int, float]]:
    if isinstance(answer, dict):
        return [(int(a), float(v)) for a, v in answer.items()]
    rows = []
    for item in answer:
        if isinstance(item, tuple | list):
            rows.append((int(item[0]), float(item[1])))
        else:
            rows.append((int(item.action), float(item.value)))
    return rows


def _heuristic(view: View) -> Analysis:
    from ..bots.rulebased import RuleBasedBot, _action_card, card_values, hand_value, wily_estimate
    from ..core import actions as A
    from ..core.state import Phase

    best = RuleBasedBot().act(view, random.Random(0))
    players = view.players
    rows: list[tuple[int, float]] = []
    if view.phase is Phase.CHOOSE_TRUMP or view.phase is Phase.NAME_TRUMP:
        for action in view.legal_actions:
            suit = action - A.TRUMP_BASE if action != A.NO_TRUMP else -1
            rows.append((action, hand_value(view.hand, suit, players)))
        meaning = "estimated tricks of your hand with that trump"
    elif view.phase is Phase.BID or view.phase is Phase.AUCTION:
        if view.game is Game.WILY:
            estimate = wily_estimate(view)
            meaning = f"team estimate {estimate:.1f} tricks; value = minus the distance of the bid from it"
        else:
            estimate = hand_value(view.hand, view.trump_suit, players)
            meaning = f"hand estimate {estimate:.1f} tricks; value = minus the distance of the bid from it"
        for action in view.legal_actions:
            bid = 0 if action == A.PASS else action - A.BID_BASE
            rows.append((action, -abs(bid - estimate) if action != A.PASS else -abs(estimate - view.high_bid)))
    else:
        values = card_values(view.trump_suit, players)
        rows = [(action, values[_action_card(action)]) for action in view.legal_actions]
        meaning = "each card's strength in expected tricks under this trump"
    rows.sort(key=lambda row: (row[0] != best, -row[1]))
    return Analysis(f"rulebased bot (search bot not installed): recommends first; {meaning}", rows, best)


@dataclass
class GameController:
    """One game: a state, which seat is human, a bot for every other seat; saving after every decision."""

    state: TrickGameState
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
        self.names = self.names or seat_names(self.bot_specs)

    # --- making games --------------------------------------------------------------------------------------

    @classmethod
    def new(
        cls, rules: RuleSet, bots: list[str], seed: int | None = None, pace: float = 0.6, save: bool = True
    ) -> GameController:
        """A new game with the human at seat 0 and ``bots`` (one spec per opponent) at seats 1, 2, ..."""
        if len(bots) != rules.players - 1:
            raise ValueError(f"{rules.players} players need {rules.players - 1} bots, not {len(bots)}")
        for spec in bots:
            make_bot(spec)  # a clear UnknownBotError before anything is saved
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
        """The human's decision; raises ``IllegalActionError`` (state unchanged) when the rules forbid it."""
        if not self.human_on_turn():
            raise ValueError("it is not your turn")
        self.state.apply(action)
        self._save()

    def step_bot(self) -> tuple[int, int]:
        """Let the bot on turn decide; returns (seat, action)."""
        seat = self.on_turn()
        bot = self.bots[seat]
        action = bot.act(self.state.view(seat), self.rng)
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
