"""A random agent in the PettingZoo AEC environment (``pip install 'wizardcards[rl]'``).

    python examples/random_pettingzoo.py [--game wizard|wily] [--players 4] [--games 3] [--rules quick]

Rules with the special cards (``--rules anniversary``) play in ``wizard_v1``, the others in ``wizard_v0`` / ``wily_v0``.
"""

from __future__ import annotations

import argparse

import numpy as np

from wizardcards.core import Game
from wizardcards.rl import wily_v0, wizard_v0, wizard_v1
from wizardcards.rl.observation import observation_version
from wizardcards.rl.pettingzoo_env import make_rules

MODULES = {"wizard_v0": wizard_v0, "wily_v0": wily_v0, "wizard_v1": wizard_v1}


def main() -> None:
    parser = argparse.ArgumentParser(description="random agents in wizard_v0 / wily_v0 / wizard_v1")
    parser.add_argument("--game", choices=("wizard", "wily"), default="wizard")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--rules", default=None, help="a preset: standard, quick, hook, anniversary, wily, wily-two-teams ..."
    )
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    module = MODULES[observation_version(make_rules(Game(args.game), args.players, args.rules, None))]
    env = module.env(players=args.players, rules=args.rules, render_mode="ansi")
    rng = np.random.default_rng(args.seed)
    for game in range(args.games):
        env.reset(seed=args.seed + game)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        steps = 0
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _info = env.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                steps += 1
            env.step(action)
        print(f"game {game}: {steps} decisions, rewards {[round(totals[a], 1) for a in env.possible_agents]}")
    env.close()


if __name__ == "__main__":
    main()
