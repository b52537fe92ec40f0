"""OpenSpiel: Wizard and Wily Wizards registered with ``pyspiel`` as ``python_wizard`` and ``python_wily``, and our
bots as ``pyspiel.Bot``.

    >>> import pyspiel
    >>> import wizardcards.rl.openspiel  # registers the games
    >>> game = pyspiel.load_game("python_wizard", {"players": 3, "rules": "hook"})
    >>> pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)

Parameters: ``players`` (int), ``rules`` (a preset name of the game: ``standard``, ``hook``, ``anniversary``,
``wily``, ``wily-two-teams`` ...; by default the game's standard rules, ``core.rules.DEFAULT_PRESET``), ``options``
(a JSON object of ``RuleSet`` fields overriding the preset, e.g. ``'{"schedule": "quick"}'``, checked as
``RuleSet.from_dict`` checks them), ``observation`` (``observation.py``'s version; by default ``wizard_v1`` for rules
with special cards, whose game has 102 distinct actions, else the game's ``_v0`` with 81).

Chance
------
The engine deals every hand from the game's seed (``core.state.DealSource``). Here the seed is the chance: the game
starts with ``SEED_NODES`` (4) chance nodes of 256 equally likely outcomes each, the bytes of a 32-bit seed; after
them the dynamics are deterministic (every deal, and the first dealer's draw, follow from the seed). The seed is
never observed by a player, so information states are exactly what the ``View``s show; the deals are distributed as
the engine's shuffles over 2**32 seeds. (A card-by-card chance model would need the engine to deal from a given deck
order; this way the core stays untouched, and ``state.engine.record()`` (seed and decisions) replays a pyspiel game
in the engine.)

Observations
------------
* ``observation_tensor`` / ``observation_string``: the ``observation.py`` vector and ``View.to_text()`` of the
  player; the tensor's named pieces are the layout's slices.
* ``information_state_string``: perfect recall: per hand, the player's cards when dealt and the turned-up card,
  then every decision as that player saw it (hidden bids and cards passed by others are ``?``; cards received).
* ``information_state_tensor``: the observation vector (the current hand in full, the score sheet's totals); it
  does not recall the cards of earlier hands.

Returns are the engine's (``state.returns()``: Wizard points, Wily letters of the seat's team), paid at the end.
Utilities are general-sum. Wily Wizards has no hard bound on its length (every player may pass, and the hand is
dealt again), so ``max_game_length`` is a generous cap, not a proof.

Bots: ``WizardCardsBot(game, player, "rulebased", seed)`` plays one of ``wizardcards.bots`` from the player's
``View``; ``pyspiel.evaluate_bots`` pits it against OpenSpiel's bots (e.g. ``pyspiel.make_uniform_random_bot``).
OpenSpiel 2.0.2's C++ MCTS bots (``pyspiel.MCTSBot``) crash on Python-registered games: do not use them here.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # a compiled module without type information

from ..bots import make_bot
from ..core import Game, ImpossibleRulesError, Phase, RuleSet, View, new_game
from ..core.cards import card_to_text, cards_to_text
from ..core.rules import DEFAULT_PRESET
from ..core.state import TrickGameState
from ..core.wizard import total_bounds
from .observation import ObservationEncoder, observation_version
from .pettingzoo_env import make_rules

SEED_NODES = 4
SEED_OUTCOMES = 256
_WILY_CAP = 20_000  # decisions; see the module docstring


def _game_type(game: Game) -> pyspiel.GameType:
    wizard = game is Game.WIZARD
    return pyspiel.GameType(
        short_name="python_wizard" if wizard else "python_wily",
        long_name="Python Wizard (wizardcards)" if wizard else "Python Wily Wizards (wizardcards)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6 if wizard else 7,
        min_num_players=3,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 4, "rules": DEFAULT_PRESET[game], "options": "", "observation": ""},
    )


WIZARD_TYPE = _game_type(Game.WIZARD)
WILY_TYPE = _game_type(Game.WILY)


def rules_from_params(game: Game, params: dict[str, Any]) -> RuleSet:
    """The rule set a game's parameters name (``make_rules`` checks them; missing ones take the game type's)."""
    options_text = params.get("options", "")
    options = json.loads(options_text) if options_text else None
    if options is not None and not isinstance(options, dict):
        raise ImpossibleRulesError(f"options must be a JSON object of rule fields, not {options_text!r}")
    spec = (WIZARD_TYPE if game is Game.WIZARD else WILY_TYPE).parameter_specification
    return make_rules(game, params.get("players", spec["players"]), params.get("rules", spec["rules"]), options)


class _WizardCardsGame(pyspiel.Game):  # type: ignore[misc]
    GAME = Game.WIZARD

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_type = WIZARD_TYPE if self.GAME is Game.WIZARD else WILY_TYPE
        self.rules = rules = rules_from_params(self.GAME, params)
        self.version = version = observation_version(rules, params.get("observation") or None)
        self.encoder = ObservationEncoder(rules, version)
        n = rules.players
        if self.GAME is Game.WIZARD:
            worst, best = total_bounds(rules.hand_sizes)
            # per round: the bids, the cards, a trump named; with the special cards the Cloud's change and the
            # Juggler's pass too
            extra = 1 + n if rules.special_cards else 0
            length = sum(n + n * h + 1 + extra for h in rules.hand_sizes)
        else:
            best, worst, length = 6, 0, _WILY_CAP
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoder.num_actions,
            max_chance_outcomes=SEED_OUTCOMES,
            num_players=n,
            min_utility=float(worst),
            max_utility=float(best),
            utility_sum=None,
            max_game_length=length + SEED_NODES,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> WizardCardsSpielState:
        return WizardCardsSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> WizardCardsObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return WizardCardsObserver(self, perfect_recall)


class WizardGame(_WizardCardsGame):
    GAME = Game.WIZARD


class WilyGame(_WizardCardsGame):
    GAME = Game.WILY


class _StateData:
    """The mutable part of a state: the seed drawn so far, the engine, each player's information-state log."""

    def __init__(self, players: int) -> None:
        self.seed_bytes: list[int] = []
        self.engine: TrickGameState | None = None
        self.logs: list[list[str]] = [[] for _ in range(players)]
        self.round = -2
        self.received_logged = False

    def __deepcopy__(self, memo: dict[int, Any]) -> _StateData:
        # The engine's clone shares its deal source, which never changes what it dealt; log lines are immutable.
        other = _StateData.__new__(_StateData)
        other.seed_bytes = self.seed_bytes.copy()
        other.engine = None if self.engine is None else self.engine.clone()
        other.logs = [log.copy() for log in self.logs]
        other.round = self.round
        other.received_logged = self.received_logged
        return other


class WizardCardsSpielState(pyspiel.State):  # type: ignore[misc]
    """Seed chance nodes first, then the engine's state; each player's information-state log alongside."""

    def __init__(self, game: _WizardCardsGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self._data = _StateData(game.rules.players)

    # pyspiel clones a Python state by deep-copying its ``__dict__``; ``_StateData`` copies itself cheaply.
    @property
    def engine(self) -> TrickGameState | None:
        return self._data.engine

    @property
    def logs(self) -> list[list[str]]:
        return self._data.logs

    @property
    def seed_bytes(self) -> list[int]:
        return self._data.seed_bytes

    # --- the pyspiel API ----------------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.engine.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.engine.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        assert self.engine is not None and player == self.engine.current_player()
        return sorted(self.engine.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / SEED_OUTCOMES
        return [(o, p) for o in range(SEED_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            self.seed_bytes.append(action)
            if len(self.seed_bytes) == SEED_NODES:
                seed = int.from_bytes(bytes(self.seed_bytes), "little")
                self._data.engine = new_game(self.rules, seed)
                self._log_deal()
            return
        engine = self.engine
        seat = engine.current_player()
        phase = engine.phase
        text = engine.action_to_text(action)
        engine.apply(action)
        for player, log in enumerate(self.logs):
            secret = player != seat and (
                (phase is Phase.BID and self.rules.hidden_bids) or phase in (Phase.PASS_CARDS, Phase.JUGGLE)
            )
            log.append(f"{seat}:{'?' if secret else text}")
        self._log_deal()

    def _log_deal(self) -> None:
        """At a new hand, each player notes its cards and the turned-up card; after passing, what it received."""
        engine = self.engine
        assert engine is not None
        if engine.is_terminal():
            return
        style = self.rules.rank_style
        data = self._data
        if engine.round_index != data.round:
            data.round = engine.round_index
            data.received_logged = False
            for player, log in enumerate(self.logs):
                view = engine.view(player)
                trump = "-" if view.trump_card < 0 else cards_to_text(1 << view.trump_card, style)
                line = f"deal {view.round_index}: {cards_to_text(view.hand, style)} | up {trump}"
                if view.werewolf >= 0:  # in the open: the Werewolf's holder took the card turned up
                    line += f" | {view.werewolf} swapped the Werewolf for {card_to_text(view.turned_up, style)}"
                log.append(line)
        elif not data.received_logged and engine.phase is Phase.PLAY:
            views = [engine.view(p) for p in range(self.rules.players)]
            if any(v.received for v in views):
                data.received_logged = True
                for player, log in enumerate(self.logs):
                    log.append(f"received {cards_to_text(views[player].received, style)}")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        if self.engine is None:
            return str(action)
        return self.engine.action_to_text(action)

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.is_terminal()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.rules.players
        assert self.engine is not None
        return [float(r) for r in self.engine.returns()]

    def view(self, player: int) -> View | None:
        """The engine's ``View`` for ``player`` (None before the seed is drawn)."""
        return None if self.engine is None else self.engine.view(player)

    def __str__(self) -> str:
        if self.engine is None:
            return f"dealing: seed bytes {self.seed_bytes}"
        return str(self.engine)


class WizardCardsObserver:
    """The PyObserver for both games: the ``observation.py`` vector and text from each player's ``View``."""

    def __init__(self, game: _WizardCardsGame, perfect_recall: bool) -> None:
        self.encoder: ObservationEncoder = ObservationEncoder(game.rules, game.version)
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = self.encoder.layout.split(self.tensor)

    def set_from(self, state: WizardCardsSpielState, player: int) -> None:
        if state.engine is None:
            self.tensor.fill(0.0)
            self.tensor[self.encoder.layout["seat"].offset + player] = 1.0
            return
        self.encoder.encode(state.engine.view(player), self.tensor)

    def string_from(self, state: WizardCardsSpielState, player: int) -> str:
        if self.perfect_recall:
            return f"p{player}\n" + "\n".join(state.logs[player])
        if state.engine is None:
            return f"p{player} before the deal"
        return state.engine.view(player).to_text()


class WizardCardsBot(pyspiel.Bot):  # type: ignore[misc]
    """One of our bots (``wizardcards.bots`` spec: ``"rulebased"``, ``"search:level=1"``) as a ``pyspiel.Bot``.

    It reads only the player's ``View`` from the state, so it plays the ``python_wizard``/``python_wily`` games.
    """

    def __init__(self, game: pyspiel.Game, player_id: int, spec: str, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self._player_id = player_id
        self.bot = make_bot(spec)
        self.spec = spec
        self._rng = random.Random(seed)

    def player_id(self) -> int:
        return self._player_id

    def restart_at(self, state: Any) -> None:
        pass

    def provides_policy(self) -> bool:
        return False

    def step(self, state: Any) -> int:
        view = state.view(self._player_id)
        if view is None or not view.legal_actions:
            return int(pyspiel.INVALID_ACTION)
        return int(self.bot.act(view, self._rng))


def register() -> None:
    """Register both games with pyspiel (done on import; repeated calls are harmless)."""
    names = set(pyspiel.registered_names())
    if WIZARD_TYPE.short_name not in names:
        pyspiel.register_game(WIZARD_TYPE, WizardGame)
    if WILY_TYPE.short_name not in names:
        pyspiel.register_game(WILY_TYPE, WilyGame)


register()

__all__ = [
    "SEED_NODES",
    "WILY_TYPE",
    "WIZARD_TYPE",
    "WilyGame",
    "WizardCardsBot",
    "WizardCardsObserver",
    "WizardCardsSpielState",
    "WizardGame",
    "register",
    "rules_from_params",
]
