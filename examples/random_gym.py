"""A random learner seat in the Gymnasium environment against our bots (``pip install 'wizardcards[rl]'``).

    python examples/random_gym.py [--game wizard|wily] [--players 4] [--bots rulebased,rulebased,random] [--episodes 3]

The action is drawn from ``env.action_masks()``, the method maskable algorithms (sb3-contrib ``MaskablePPO``) call.
"""

from __future__ import annotations

import argparse

import numpy as np

from wizardcards.rl.gym_env import WizardCardsGymEnv


def main() -> None:
    parser = argparse.ArgumentParser(description="a random seat against bots")
    parser.add_argument("--game", choices=("wizard", "wily"), default="wizard")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rules", default=None)
    parser.add_argument("--bots", default=None, help="comma-separated bot specs for the other seats")
    parser.add_argument("--episodes", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    bots = args.bots.split(",") if args.bots else ["rulebased"] * (args.players - 1)
    env = WizardCardsGymEnv(args.game, args.players, rules=args.rules, bots=bots)
    rng = np.random.default_rng(args.seed)
    for episode in range(args.episodes):
        _obs, info = env.reset(seed=args.seed + episode)
        total, steps, terminated = 0.0, 0, False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            _obs, reward, terminated, _truncated, info = env.step(action)
            total += reward
            steps += 1
        print(f"episode {episode}: seat {info['seat']}, {steps} steps, reward {total:g}, returns {info['returns']}")


if __name__ == "__main__":
    main()
