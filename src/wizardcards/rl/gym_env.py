"""A Gymnasium single-agent environment: one seat learns, every other seat is one of our bots, named by spec.

    >>> from wizardcards.rl.gym_env import WizardCardsGymEnv
    >>> env = WizardCardsGymEnv("wizard", players=4, bots=["rulebased", "random", "rulebased"])
    >>> obs, info = env.reset(seed=0)
    >>> obs, reward, terminated, truncated, info = env.step(int(env.action_masks().nonzero()[0][0]))

The observation is the flat float32 vector of ``observation.py`` for the learning seat (its version by the rules:
wizard_v1 with the special cards, else the game's v0; ``observation=`` asks for one); the action space is
``Discrete(81)`` (``core.actions``; ``Discrete(102)`` under wizard_v1) and ``action_masks()`` gives the legal
actions (the method sb3-contrib's ``MaskablePPO`` calls); ``info["action_mask"]`` carries the same. ``bots`` names
one bot spec per other seat, in seat order after skipping the learner (``"search:level=1"``, ``"rulebased"``,
``"random"``; see ``wizardcards.bots``). ``seat`` fixes the learner's seat; ``seat=None`` draws it anew at each
reset.

Rewards are the learner's, as in the AEC environment: per round (Wizard points, Wily letters gained) by default, or
the whole return at the end with ``reward="final"``; ``reward_scale`` multiplies them. An episode is one game.
A refused action raises an ``ActionError`` and changes nothing: ``IllegalActionError`` naming the rule broken for an
action the rules forbid now, ``InvalidActionError`` for an id outside the action space. With
``illegal_action="terminate"`` either ends the episode instead, paying ``illegal_reward`` (for unmasked algorithms,
and Gymnasium's ``check_env``, which steps with unmasked samples). A step after the episode ended raises
``IllegalActionError``.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..bots.base import Bot
from ..core import ActionError, Game, IllegalActionError, RuleSet, View, new_game
from ..core.state import TrickGameState
from .observation import ObservationEncoder, action_mask
from .pettingzoo_env import REWARD_MODES, make_rules


class WizardCardsGymEnv(gym.Env[np.ndarray, np.int64]):
    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: Game | str = Game.WIZARD,
        players: int | None = None,
        rules: RuleSet | str | None = None,
        options: dict[str, Any] | None = None,
        bots: list[str] | None = None,
        seat: int | None = 0,
        reward: str = "round",
        reward_scale: float = 1.0,
        render_mode: str | None = None,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        observation: str | None = None,
    ) -> None:
        super().__init__()
        if illegal_action not in ("raise", "terminate"):
            raise ValueError(f"illegal_action must be 'raise' or 'terminate', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self._ended = False
        self.rules = make_rules(Game(game), players, rules, options)
        n = self.rules.players
        if bots is None:
            bots = ["random"] * (n - 1)
        if len(bots) != n - 1:
            raise ValueError(f"a table of {n} needs {n - 1} bot specs for the other seats, not {len(bots)}")
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat} at a table of {n}")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        if render_mode is not None and render_mode != "ansi":
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.bot_specs = list(bots)
        self.bots = [make_bot(spec) for spec in bots]
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.reward_mode = reward
        self.reward_scale = float(reward_scale)
        self.render_mode = render_mode
        self.encoder = ObservationEncoder(self.rules, observation)
        self.num_actions = self.encoder.num_actions
        self.observation_space = spaces.Box(low=self.encoder.low, high=self.encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.num_actions)
        self._rng = random.Random()
        self._bot_of: dict[int, Bot] = {}
        self.game_state: TrickGameState | None = None

    def _seat_bots(self) -> None:
        others = [s for s in range(self.rules.players) if s != self.seat]
        self._bot_of = dict(zip(others, self.bots))

    def _game(self) -> TrickGameState:
        """The game of this episode; an error before the first ``reset``."""
        if self.game_state is None:
            raise RuntimeError("call reset() first")
        return self.game_state

    def _observe(self) -> np.ndarray:
        return self.encoder.encode(self._game().view(self.seat))

    def _info(self) -> dict[str, Any]:
        state = self._game()
        info: dict[str, Any] = {"action_mask": self.action_masks(), "seat": self.seat}
        if state.is_terminal():
            info["returns"] = state.returns()
            info["winners"] = state.winners()
        return info

    def view(self) -> View:
        """The learner's ``View`` (what its seat may know), e.g. to let one of our bots decide some of its moves."""
        return self._game().view(self.seat)

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as an int8 mask (all zeros once the game is over)."""
        state = self.game_state
        if state is None or self._ended or state.is_terminal() or state.current_player() != self.seat:
            return np.zeros(self.num_actions, np.int8)
        return action_mask(state.legal_actions(), self.num_actions)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        if self.fixed_seat is None:
            self.seat = self._rng.randrange(self.rules.players)
        self._seat_bots()
        self.game_state = state = new_game(self.rules, self._rng.getrandbits(63))
        self._ended = False
        self._paid = state.returns() if self.reward_mode == "round" else [0] * self.rules.players
        self._play_bots()
        return self._observe(), self._info()

    def _play_bots(self) -> None:
        state = self._game()
        while not state.is_terminal():
            seat = state.current_player()
            if seat == self.seat:
                return
            state.apply(self._bot_of[seat].act(state.view(seat), self._rng))

    def step(self, action: int | np.integer[Any]) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self._game()
        if state.is_terminal() or self._ended:
            raise IllegalActionError("the episode is over: reset() to play another")
        try:
            state.apply(int(action))
        except ActionError:
            if self.illegal_action == "raise":
                raise
            self._ended = True
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), self.illegal_reward, True, False, info
        self._play_bots()
        terminated = state.is_terminal()
        reward = 0.0
        if self.reward_mode == "round" or terminated:
            now = state.returns()[self.seat]
            reward = (now - self._paid[self.seat]) * self.reward_scale
            self._paid = state.returns()
        return self._observe(), reward, terminated, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None or self.game_state is None:
            return None
        return self.game_state.view(self.seat).to_text()


__all__ = ["WizardCardsGymEnv"]
