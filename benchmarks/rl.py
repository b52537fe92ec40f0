"""Benchmark: RL environment steps per second against the raw engine's actions per second, in one run.

    python benchmarks/rl.py [--seconds 3] [--players 4] [--game wizard|wily]

Every loop plays whole random games (uniform over the legal actions) for about ``--seconds`` each and prints its
rate and its ratio to the raw engine (``state.legal_actions()`` + ``state.apply()``), measured here, side by side:

* ``aec full``: the PettingZoo AEC loop as an agent runs it, ``env.last()`` (observation vector + mask) then
  ``env.step()``, through the ``OrderEnforcingWrapper`` that ``wizard_v0.env()`` returns;
* ``aec raw env``: the same loop on ``raw_env()`` (no wrapper);
* ``aec mask only``: ``env.last(observe=False)`` and the mask from ``env.unwrapped.action_mask()``: an agent that
  does not need the vector on every step (e.g. a random or scripted seat);
* ``gym``: the Gymnasium single-seat env against random bots (``step`` returns an observation each time).

The issue's target: the AEC environment at least one third of the raw engine's speed.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from wizardcards.core import new_game
from wizardcards.rl import gym_env, pettingzoo_env, wily_v0, wizard_v0


def raw_engine(rules, seconds: float) -> float:
    rng = random.Random(0)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(rules, rng.getrandbits(63))
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            done += 1
    return done / (time.perf_counter() - start)


def pick(rng: random.Random, mask: np.ndarray) -> int:
    """A uniformly random legal action from a mask (numpy's Generator.choice costs more than a game step)."""
    legal = np.flatnonzero(mask)
    return int(legal[int(rng.random() * len(legal))])


def aec_loop(env, seconds: float, observe: bool) -> float:
    rng = random.Random(0)
    done = 0
    seed = 0
    start = time.perf_counter()
    unwrapped = env.unwrapped
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            if observe:
                obs, _reward, terminated, truncated, _info = env.last()
                mask = obs["action_mask"]
            else:
                _obs, _reward, terminated, truncated, _info = env.last(observe=False)
                mask = unwrapped.action_mask()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(pick(rng, mask))
            done += 1
    return done / (time.perf_counter() - start)


def gym_loop(env, seconds: float) -> float:
    rng = random.Random(0)
    done = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _obs, _info = env.reset(seed=seed)
        seed += 1
        terminated = False
        while not terminated:
            _obs, _reward, terminated, _truncated, _info = env.step(pick(rng, env.action_masks()))
            done += 1
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", choices=("wizard", "wily"), default="wizard")
    args = parser.parse_args()
    module = wizard_v0 if args.game == "wizard" else wily_v0
    rules = pettingzoo_env.make_rules(
        pettingzoo_env.Game(args.game), args.players, None, None
    )
    raw = raw_engine(rules, args.seconds)
    rows = [("raw engine (actions/s)", raw)]
    rows.append(("aec full (steps/s)", aec_loop(module.env(players=args.players), args.seconds, True)))
    rows.append(("aec raw env (steps/s)", aec_loop(module.raw_env(players=args.players), args.seconds, True)))
    rows.append(("aec mask only (steps/s)", aec_loop(module.env(players=args.players), args.seconds, False)))
    bots = ["random"] * (args.players - 1)
    rows.append(("gym vs random (steps/s)", gym_loop(gym_env.WizardCardsGymEnv(args.game, args.players, bots=bots),
                                                      args.seconds)))
    print(f"{args.game}, {args.players} players, {args.seconds:g} s per loop")
    for name, rate in rows:
        print(f"  {name:<26} {rate:>10,.0f}   ratio to raw {rate / raw:5.2f}")


if __name__ == "__main__":
    main()
