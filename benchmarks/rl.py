"""Benchmark: RL environment steps per second against the raw engine's actions per second, in one run.

    python benchmarks/rl.py [--seconds 2] [--repeats 3] [--players 4] [--game wizard|wily|both] [--clock cpu|wall]
                            [--rules PRESET]   (e.g. --game wizard --rules anniversary: wizard_v1, the special cards)

Every loop plays whole random games (a uniform choice among the legal actions, the same way in every loop: the list of
legal actions indexed by ``random()``) and its rate is compared with the raw engine's, measured here, side by side:

* ``raw engine``: ``state.legal_actions()`` + ``state.apply()``;
* ``aec env()``: the PettingZoo AEC loop as an agent runs it on what ``wizard_v0.env()`` returns (the environment in
  its order-enforcing wrapper): ``agent_iter``, ``env.last()`` (the observation vector and the mask), then
  ``env.step()``. **This is the issue's figure**: the target is at least one third of the raw engine;
* ``aec raw_env()``: the same loop without the wrapper;
* ``aec env(), mask only``: ``env.last(observe=False)`` and ``env.unwrapped.action_mask()`` (an agent that does not
  need the vector, e.g. a scripted seat);
* ``pettingzoo floor``: the same loop, through the same wrapper, on an environment that does nothing (it returns a
  ready observation and switches the agent): what PettingZoo's loop and the agent's choice cost by themselves;
* ``gym vs random``: the Gymnasium single-seat env against random bots (an observation each step).

Loops take turns ``--repeats`` times and each reports its best rate, so a burst of load on a shared machine hurts
less. ``--clock cpu`` (the default) times with the process's CPU time, which other processes' load does not inflate;
``--clock wall`` with ``perf_counter``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from pettingzoo import AECEnv

from wizardcards.core import Game, new_game
from wizardcards.core.actions import NUM_ACTIONS
from wizardcards.rl import gym_env, pettingzoo_env, wily_v0, wizard_v0, wizard_v1
from wizardcards.rl.observation import observation_version

CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def raw_engine(rules: Any, seconds: float, clock: Callable[[], float]) -> float:
    rng = random.Random(0)
    done = 0
    seed = 0
    start = clock()
    while clock() - start < seconds:
        state = new_game(rules, seed)
        seed += 1
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            done += 1
    return done / (clock() - start)


def aec_loop(env: Any, seconds: float, clock: Callable[[], float], observe: bool) -> float:
    rng = random.Random(0)
    done = 0
    seed = 0
    unwrapped = env.unwrapped
    start = clock()
    while clock() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            if observe:
                obs, _reward, terminated, truncated, _info = env.last()
                _vector, mask = obs["observation"], obs["action_mask"]
            else:
                _obs, _reward, terminated, truncated, _info = env.last(observe=False)
                mask = unwrapped.action_mask()
            if terminated or truncated:
                env.step(None)
                continue
            legal = mask.nonzero()[0].tolist()
            env.step(legal[int(rng.random() * len(legal))])
            done += 1
    return done / (clock() - start)


class EmptyEnv(AECEnv):
    """An AEC environment that does nothing: a game of ``length`` steps, a ready observation, the next agent."""

    metadata = {"name": "empty_v0"}

    def __init__(self, players: int, size: int, length: int = 500) -> None:
        super().__init__()
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.length = length
        self._obs = np.zeros(size, np.float32)
        self._mask = np.zeros(NUM_ACTIONS, np.int8)
        self._mask[:4] = 1

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._steps = 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}

    def action_mask(self) -> np.ndarray:
        return self._mask.copy()

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self._steps += 1
        if self._steps == self.length:
            for a in self.agents:
                self.terminations[a] = True
        self.agent_selection = self.possible_agents[self._steps % len(self.possible_agents)]


def gym_loop(env: Any, seconds: float, clock: Callable[[], float]) -> float:
    rng = random.Random(0)
    done = 0
    seed = 0
    start = clock()
    while clock() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        terminated = False
        while not terminated:
            legal = env.action_masks().nonzero()[0].tolist()
            _obs, _reward, terminated, _truncated, _info = env.step(legal[int(rng.random() * len(legal))])
            done += 1
    return done / (clock() - start)


def bench(game: str, players: int, seconds: float, repeats: int, clock: Callable[[], float],
          preset: str | None = None) -> None:
    rules = pettingzoo_env.make_rules(Game(game), players, preset, None)
    version = observation_version(rules)  # the special cards (--rules anniversary) play in wizard_v1
    module = {"wizard_v0": wizard_v0, "wily_v0": wily_v0, "wizard_v1": wizard_v1}[version]
    size = module.raw_env(players=players, rules=preset).encoder.size
    loops: list[tuple[str, Callable[[], float]]] = [
        ("raw engine (actions/s)", lambda: raw_engine(rules, seconds, clock)),
        ("aec env() (steps/s)", lambda: aec_loop(module.env(players=players, rules=preset), seconds, clock, True)),
        ("aec raw_env() (steps/s)",
         lambda: aec_loop(module.raw_env(players=players, rules=preset), seconds, clock, True)),
        ("aec env(), mask only",
         lambda: aec_loop(module.env(players=players, rules=preset), seconds, clock, False)),
        ("pettingzoo floor (empty env)",
         lambda: aec_loop(pettingzoo_env.OrderEnforcer(EmptyEnv(players, size)), seconds, clock, True)),
        ("gym vs random (steps/s)", lambda: gym_loop(
            gym_env.WizardCardsGymEnv(game, players, rules=preset, bots=["random"] * (players - 1)), seconds, clock)),
    ]
    best = dict.fromkeys((name for name, _run in loops), 0.0)
    for _ in range(repeats):
        for name, run in loops:
            best[name] = max(best[name], run())
    raw = best["raw engine (actions/s)"]
    print(f"{game} ({preset or 'standard rules'}, {version}), {players} players, best of {repeats} x {seconds:g} s "
          "per loop")
    for name, rate in best.items():
        print(f"  {name:<30} {rate:>10,.0f}   ratio to raw {rate / raw:5.2f}")
    ratio = best["aec env() (steps/s)"] / raw
    print(f"  target, aec env() >= 1/3 of the raw engine: {'met' if ratio >= 1 / 3 else 'NOT met'} ({ratio:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", choices=("wizard", "wily", "both"), default="both")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="cpu")
    parser.add_argument("--rules", default=None, help="a preset of the game, e.g. anniversary (with --game wizard)")
    args = parser.parse_args()
    if args.rules and args.game == "both":
        parser.error("--rules names a preset of one game: give --game too")
    import wizardcards.core.state as engine

    compiled = not engine.__file__.endswith(".py")
    print(f"engine: {'compiled (mypyc)' if compiled else 'pure Python'}; clock: {args.clock}")
    for game in ("wizard", "wily") if args.game == "both" else (args.game,):
        bench(game, args.players, args.seconds, args.repeats, CLOCKS[args.clock], args.rules)


if __name__ == "__main__":
    main()
