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
Actions are the game's integer action space (``core.actions``, 81 ids for both games); an illegal action raises
``IllegalActionError`` naming the rule broken and changes nothing.

Rewards: ``reward="round"`` (default) pays each seat the change of its return when a round (Wizard) or a hand
(Wily) ends: Wizard the round's points, Wily 1 to each member of a team that gained a letter. ``reward="final"``
pays the whole return once, at the end (Wizard: final score; Wily: the team's letters). Either way the rewards of a
game add up to ``state.returns()``. ``reward_scale`` multiplies them (e.g. 0.01 for Wizard points).

The environment reads the engine only through ``View`` (observations) and the state's public API
(``current_player``, ``legal_actions``, ``apply``, ``returns``, ``round_index``); observations are encoded lazily,
when ``observe`` is called, into arrays that are reused until the next step.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core import Game, IllegalActionError, RuleSet, find_rules, new_game
from ..core.actions import NUM_ACTIONS
from .observation import ObservationEncoder, action_mask

REWARD_MODES = ("round", "final")


def make_rules(game: Game, players: int | None, rules: RuleSet | str | None, options: dict[str, Any] | None) -> RuleSet:
    """A rule set from a preset name (or a RuleSet), a player count and option overrides (``RuleSet`` fields)."""
    if rules is None:
        rules = "standard" if game is Game.WIZARD else "wily"
    base = find_rules(rules) if isinstance(rules, str) else rules
    if base.game is not game:
        raise ValueError(f"rules {base.describe()!r} are for {base.game.value}, not {game.value}")
    data = base.to_dict()
    if players is not None:
        data["players"] = players
    if options:
        if "game" in options and options["game"] != game.value:
            raise ValueError(f"options cannot change the game to {options['game']!r}")
        data.update(options)
    return RuleSet.from_dict(data)


class WizardCardsAECEnv(AECEnv):
    """One table of Wizard or Wily Wizards as an AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "wizard_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: Game | str = Game.WIZARD,
        players: int | None = None,
        rules: RuleSet | str | None = None,
        options: dict[str, Any] | None = None,
        reward: str = "round",
        reward_scale: float = 1.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        game = Game(game)
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.metadata = {**self.metadata, "name": "wizard_v0" if game is Game.WIZARD else "wily_v0"}
        self.rules = make_rules(game, players, rules, options)
        self.reward_mode = reward
        self.reward_scale = float(reward_scale)
        self.render_mode = render_mode
        self.encoder = ObservationEncoder(self.rules)
        n = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        box = spaces.Box(low=self.encoder.low, high=self.encoder.high, dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._obs = [np.zeros(self.encoder.size, np.float32) for _ in range(n)]
        self._obs_step = [-1] * n
        self._zero_mask = np.zeros(NUM_ACTIONS, np.int8)
        self._mask = self._zero_mask
        self._steps = 0
        self._rng = random.Random()

    # --- spaces ---------------------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[override]
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[override]
        return self.action_spaces[agent]

    # --- the AEC API ----------------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.game_state = new_game(self.rules, self._rng.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._returns = self.game_state.returns()
        self._round = self.game_state.round_index
        self._steps += 1
        self._update_turn()

    def _update_turn(self) -> None:
        state = self.game_state
        seat = state.current_player()
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
            self._mask = action_mask(state.legal_actions())

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        obs = self._obs[seat]
        if self._obs_step[seat] != self._steps:
            self.encoder.encode(self.game_state.view(seat), obs)
            self._obs_step[seat] = self._steps
        on_turn = agent == self.agent_selection and not self.terminations.get(agent, True)
        return {"observation": obs.copy(), "action_mask": self._mask.copy() if on_turn else self._zero_mask.copy()}

    def action_mask(self, agent: str | None = None) -> np.ndarray:
        """The legal-action mask of ``agent`` (default: the agent on turn), without encoding an observation."""
        if agent is None or (agent == self.agent_selection and not self.terminations.get(agent, True)):
            return self._mask.copy()
        return self._zero_mask.copy()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} is on turn and must act: None is no action")
        state = self.game_state
        state.apply(int(action))
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        for a in rewards:
            rewards[a] = 0.0
        if state.is_terminal():
            final = state.returns()
            paid = self._returns if self.reward_mode == "round" else [0] * len(final)
            for seat, a in enumerate(self.possible_agents):
                rewards[a] = (final[seat] - paid[seat]) * self.reward_scale
            self.terminations = dict.fromkeys(self.agents, True)
            self._returns = final
            for a in self.agents:
                self.infos[a] = {"returns": list(final), "winners": list(state.winners())}
        elif state.round_index != self._round:
            self._round = state.round_index
            if self.reward_mode == "round":
                now = state.returns()
                for seat, a in enumerate(self.possible_agents):
                    rewards[a] = (now[seat] - self._returns[seat]) * self.reward_scale
                self._returns = now
        if not state.is_terminal():
            self._update_turn()
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


def raw_env(game: Game | str = Game.WIZARD, **kwargs: Any) -> WizardCardsAECEnv:
    return WizardCardsAECEnv(game, **kwargs)


__all__ = ["REWARD_MODES", "WizardCardsAECEnv", "make_rules", "raw_env"]
