"""PettingZoo AEC environments for Wizard and Wily Wizards (``wizardcards.rl.wizard_v0`` and ``wily_v0``).

    >>> from wizardcards.rl import wizard_v0
    >>> env = wizard_v0.env(players=4, rules="standard", render_mode="ansi")
    >>> env.reset(seed=1)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
    ...     env.step(action)

Agents are ``player_0 .. player_{N-1}`` (seat numbers). Observations are dicts ``{"observation": float32 vector,
"action_mask": int8 vector}`` (``observation.py`` documents the layout; the mask is all zeros for a seat not on turn).
Actions are the game's integer action space (``core.actions``: 81 ids for both games, 102 with the special cards).
The observation version (``observation.py``) names the environment: ``wizard_v0``, ``wily_v0``, or ``wizard_v1``
for Wizard with the special cards (``observation=`` asks for one; ``wizard_v1`` reads a game of the 60 too). A
refused action raises an
``ActionError`` and changes nothing: ``IllegalActionError`` naming the rule broken for an action the rules forbid
now, ``InvalidActionError`` for an id outside the action space (or ``None`` from the seat on turn).

Rewards: ``reward="round"`` (default) pays each seat the change of its return when a round (Wizard) or a hand
(Wily) ends: Wizard the round's points, Wily 1 to each member of a team that gained a letter. ``reward="final"``
pays the whole return once, at the end (Wizard: final score; Wily: the team's letters). Either way the rewards of a
game add up to ``state.returns()``. ``reward_scale`` multiplies them (e.g. 0.01 for Wizard points).

The environment reads the engine only through its public API (``current_player``, ``legal_actions``, ``apply``,
``returns``, ``round_index``, ``phase``, ``led``, ``voids``; with the special cards ``round_tricks``, ``leader`` and
``seat_part``), ``View`` and ``hand_of(seat)`` (a seat's own hand).
Observations come from a ``TableObserver`` (``incremental.py``): updated from each action applied, gathered for a seat
only when it is observed, and always equal to ``ObservationEncoder.encode(state.view(seat))``. The mask is built once
per step, on demand, from ``legal_actions``. ``env()`` wraps the environment in ``OrderEnforcer``, PettingZoo's
``OrderEnforcingWrapper`` with its per-step attribute lookups made cheap; ``benchmarks/rl.py`` measures both.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces

# PettingZoo ships no type information: its classes are ``Any`` to mypy, hence the ignores on these imports and on
# the classes below that extend them.
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers.order_enforcing import (  # type: ignore[import-untyped]
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from ..core import Game, ImpossibleRulesError, InvalidActionError, RuleSet, default_rules, find_rules, new_game
from .incremental import TableObserver
from .observation import ObservationEncoder, observation_version

REWARD_MODES = ("round", "final")
_MASKS_KEPT = 4096  # distinct legal-action sets whose mask is kept (a few hundred bytes each)


def make_rules(game: Game, players: int | None, rules: RuleSet | str | None, options: dict[str, Any] | None) -> RuleSet:
    """The rule set of an environment: ``rules`` (a preset name of ``game``, a RuleSet, or None for the game's
    standard rules) for ``players`` players if given, with ``options`` (``RuleSet`` fields) overriding it; the result
    is checked once, as ``RuleSet.from_dict`` checks it (``ImpossibleRulesError`` names what is wrong)."""
    if isinstance(rules, RuleSet):
        if rules.game is not game:
            raise ImpossibleRulesError(f"rules {rules.describe()!r} are for {rules.game.value}, not {game.value}")
        base = rules
    else:
        base = default_rules(game) if rules is None else find_rules(rules, game=game)
    data = base.to_dict()
    if players is not None:
        data["players"] = players
    if options:
        if options.get("game", game) != game:
            raise ImpossibleRulesError(f"options cannot change the game to {options['game']!r}")
        data.update(options)
    return RuleSet.from_dict(data)


class WizardCardsAECEnv(AECEnv):  # type: ignore[misc]
    """One table of Wizard or Wily Wizards as an AEC environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "wizard_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: Game | str = Game.WIZARD,
        players: int | None = None,
        rules: RuleSet | str | None = None,
        options: dict[str, Any] | None = None,
        reward: str = "round",
        reward_scale: float = 1.0,
        render_mode: str | None = None,
        observation: str | None = None,
    ) -> None:
        super().__init__()
        game = Game(game)
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.rules = make_rules(game, players, rules, options)
        # The observation version names the environment (PettingZoo's name_vN): wizard_v1 for the special cards.
        version = observation_version(self.rules, observation)
        self.metadata = {**self.metadata, "name": version}
        self.reward_mode = reward
        self.reward_scale = float(reward_scale)
        self.render_mode = render_mode
        self.encoder = ObservationEncoder(self.rules, version)
        self.num_actions = num_actions = self.encoder.num_actions
        n = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        box = spaces.Box(low=self.encoder.low, high=self.encoder.high, dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(num_actions,), dtype=np.int8)
        self.observation_spaces: dict[str, spaces.Dict] = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete] = {a: spaces.Discrete(num_actions) for a in self.possible_agents}
        self._table = TableObserver(self.rules, version)
        self._masks: dict[tuple[int, ...], np.ndarray] = {}
        self._mask = np.zeros(num_actions, np.int8)
        self._mask_step = -1
        self._steps = 0
        self._paid = False  # whether ``rewards`` holds anything but zeros (cleared on the next step)
        self._rng = random.Random()

    # --- spaces ---------------------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # --- the AEC API ----------------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.game_state = state = new_game(self.rules, self._rng.getrandbits(63))
        self._table.reset(state)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._returns = state.returns()
        self._round = state.round_index
        self._paid = False
        self._steps += 1
        self._seat = state.current_player()
        self.agent_selection = self.possible_agents[self._seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": self._table.observe(self._seat_of[agent]), "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str | None = None) -> np.ndarray:
        """The legal-action mask of ``agent`` (default: the agent on turn), without encoding an observation."""
        if agent is not None and agent != self.agent_selection or self.terminations.get(self.agent_selection, True):
            return np.zeros(self.num_actions, np.int8)
        if self._mask_step != self._steps:
            # Once per step, on demand: the engine's legal actions for the seat on turn, as a mask made once per
            # distinct set of legal actions (a handful of bids, the suits a hand can follow with) and copied.
            legal = tuple(self.game_state.legal_actions())
            masks = self._masks
            mask = masks.get(legal)
            if mask is None:
                if len(masks) >= _MASKS_KEPT:
                    masks.clear()
                mask = masks[legal] = np.zeros(self.num_actions, np.int8)
                mask[list(legal)] = 1
            self._mask = mask
            self._mask_step = self._steps
        return self._mask.copy()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise InvalidActionError(f"{agent} is on turn and must act: None is no action")
        state = self.game_state
        action = int(action)  # numpy integers too; the compiled engine takes a plain int
        state.apply(action)
        table = self._table
        table.after_apply(self._seat, action)
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        if self._paid:
            for a in rewards:
                rewards[a] = 0.0
            self._paid = False
        seat = table.current
        if seat < 0:  # the game is over
            final = state.returns()
            paid = self._returns if self.reward_mode == "round" else [0] * len(final)
            for s, a in enumerate(self.possible_agents):
                rewards[a] = (final[s] - paid[s]) * self.reward_scale
            self._returns = final
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"returns": list(final), "winners": list(state.winners())}
            self._paid = True
        else:
            if state.round_index != self._round:
                self._round = state.round_index
                if self.reward_mode == "round":
                    now = state.returns()
                    for s, a in enumerate(self.possible_agents):
                        rewards[a] = (now[s] - self._returns[s]) * self.reward_scale
                    self._returns = now
                    self._paid = True
            self._seat = seat
            self.agent_selection = self.possible_agents[seat]
        if self._paid:
            self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self._seat_of[self.agent_selection]
        state = self.game_state
        text = state.view(seat).to_text()
        if state.is_terminal():
            text += f"\ngame over: returns {state.returns()}"
        return text

    def close(self) -> None:
        pass


def _forwarded(name: str) -> property:
    def get(self: OrderEnforcer) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(get, doc=f"The environment's ``{name}`` (an error before ``reset``).")


class OrderEnforcer(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` (the same checks and errors, and it is one: ``agent_iter`` needs it),
    without its cost per step.

    The standard wrapper reaches ``agents``, ``agent_selection``, ``rewards``, ... through ``__getattr__``, i.e. only
    after a failed normal lookup, and ``AECEnv.last`` reads five of them: about ten such lookups per agent step cost
    more than the engine's whole step. Here they are properties, and ``last``, ``step`` and ``observe`` go straight to
    the environment after the same checks.
    """

    agents = _forwarded("agents")
    agent_selection = _forwarded("agent_selection")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")
    env: WizardCardsAECEnv  # the wrapped environment (set by ``OrderEnforcingWrapper``)
    _has_updated: bool

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self.env._cumulative_rewards

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Iterable(self, max_iter)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        last: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return last

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.observe(agent)

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)


class _Iterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _Iterator:
        return _Iterator(self.env, self.max_iter)


class _Iterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """``AECOrderEnforcingIterator`` (the same stop condition and check) reading the environment directly."""

    env: OrderEnforcer  # the wrapper iterated (set by ``AECOrderEnforcingIterator``)
    iters_til_term: int

    def __next__(self) -> str:
        wrapper = self.env
        env = wrapper.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return env.agent_selection


def raw_env(game: Game | str = Game.WIZARD, **kwargs: Any) -> WizardCardsAECEnv:
    return WizardCardsAECEnv(game, **kwargs)


def env(game: Game | str = Game.WIZARD, **kwargs: Any) -> OrderEnforcer:
    return OrderEnforcer(raw_env(game, **kwargs))


__all__ = ["REWARD_MODES", "OrderEnforcer", "WizardCardsAECEnv", "env", "make_rules", "raw_env"]
