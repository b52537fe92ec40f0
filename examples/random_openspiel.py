"""Random play in OpenSpiel, then our rule-based bot against OpenSpiel's random bots (``pip install
'wizardcards[spiel]'``).

    python examples/random_openspiel.py [--game python_wizard|python_wily] [--players 4] [--games 2]

Importing ``wizardcards.rl.openspiel`` registers ``python_wizard`` and ``python_wily`` with pyspiel. (OpenSpiel
2.0.2's C++ MCTS bots crash on Python-registered games, so none is used here.)
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel

from wizardcards.rl.openspiel import WizardCardsBot


def main() -> None:
    parser = argparse.ArgumentParser(description="random play in the pyspiel games")
    parser.add_argument("--game", choices=("python_wizard", "python_wily"), default="python_wizard")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--options", default="", help='JSON rule options, e.g. \'{"schedule": "quick"}\'')
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = pyspiel.load_game(args.game, {"players": args.players, "options": args.options})
    rng = np.random.default_rng(args.seed)
    for number in range(args.games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        print(f"random game {number}: {len(state.history())} actions, returns {state.returns()}")
    bots = [WizardCardsBot(game, 0, "rulebased", seed=args.seed)]
    bots += [pyspiel.make_uniform_random_bot(p, args.seed + p) for p in range(1, args.players)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, args.seed)
    print(f"rulebased (seat 0) against OpenSpiel's uniform random bots: returns {returns}")


if __name__ == "__main__":
    main()
