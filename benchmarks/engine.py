"""Engine speed: random full games through the public API, against OpenSpiel's C++ loop in the same run.

One Wizard game with 4 players is 15 rounds: 480 card plays and 60 bids. The reference does the same work with
OpenSpiel's ``oh_hell`` (4 players, 8 tricks a hand: 15 hands are 480 card plays and 60 bids) played by
``pyspiel.evaluate_bots`` with uniform random bots, the C++ loop. Our loop goes through ``legal_actions`` and
``apply`` with every action validated, picking uniformly with ``random.Random.random``.

    python benchmarks/engine.py [--seconds 3]

Prints games per second for both, their ratio (the target is at least 0.75), the Wily Wizards figure when its
engine exists, the figure with all seven special cards (``anniversary-2021``: 16 rounds, not in the ratio), and the
cost of ``clone()`` and ``view()``. Install the reference with ``pip install '.[spiel]'``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from wizardcards.core import PRESETS, find_rules, new_game

TARGET = 0.75


def wizard_games(count: int, rules_name: str = "standard", players: int = 4) -> None:
    rules = find_rules(rules_name, players)
    rnd = random.Random(1).random
    for seed in range(count):
        state = new_game(rules, seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            # A uniform pick as in OpenSpiel's C++ bot; random.choice would cost as much as the engine's move.
            state.apply(legal[int(rnd() * len(legal))])


def rate(work: Callable[[int], None], seconds: float) -> float:
    """Games per second: the work is done in batches for about ``seconds``; the median batch rate is returned."""
    batch = 1
    while True:  # size a batch to about 0.2 s
        started = time.perf_counter()
        work(batch)
        elapsed = time.perf_counter() - started
        if elapsed > 0.2:
            break
        batch *= 2
    rates = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(rates) < 3:
        started = time.perf_counter()
        work(batch)
        rates.append(batch / (time.perf_counter() - started))
    return statistics.median(rates)


def openspiel_games() -> Callable[[int], None] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 8})
    bots = [pyspiel.make_uniform_random_bot(seat, seat + 1) for seat in range(4)]
    counter = [0]

    def work(count: int) -> None:
        for _ in range(count * 15):  # 15 hands of 8 tricks = one 4-player Wizard game
            counter[0] += 1
            pyspiel.evaluate_bots(game.new_initial_state(), bots, counter[0])

    return work


def per_call_microseconds(call: Callable[[], object], repeat: int = 20000) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        call()
    return (time.perf_counter() - started) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="measuring time per contender and round")
    args = parser.parse_args()

    reference = openspiel_games()
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(2):  # interleaved, so drift on a shared machine hits both alike
        ours.append(rate(wizard_games, args.seconds))
        if reference is not None:
            theirs.append(rate(reference, args.seconds))
    wizard_rate = statistics.median(ours)
    print(f"wizardcards, Wizard 4 players, random games via legal_actions/apply: {wizard_rate:8.0f} games/s")
    if "wily" in PRESETS:
        wily_rate = rate(lambda n: wizard_games(n, "wily", 4), args.seconds)
        print(f"wizardcards, Wily Wizards partners 4 players, random games:      {wily_rate:8.0f} games/s")
    # The special cards (16 rounds at 4 players, their own phases): apart from the ratio, which is the 60 cards'.
    special_rate = rate(lambda n: wizard_games(n, "anniversary-2021", 4), args.seconds)
    print(f"wizardcards, Wizard 4 players with all seven special cards:     {special_rate:8.0f} games/s")
    if reference is None:
        print("OpenSpiel is not installed (pip install '.[spiel]'): no reference, no ratio")
    else:
        spiel_rate = statistics.median(theirs)
        ratio = wizard_rate / spiel_rate
        print(f"OpenSpiel oh_hell C++ loop, same work (evaluate_bots, uniform random): {spiel_rate:8.0f} games/s")
        verdict = "meets" if ratio >= TARGET else "BELOW"
        print(f"ratio wizardcards / OpenSpiel C++: {ratio:.2f}x ({verdict} the target {TARGET}x)")

    state = new_game(find_rules("standard", 4), seed=3)
    rng = random.Random(3)
    while len(state.history) < 200:  # a mid-game position: round 6 or so
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player()
    print(f"clone(): {per_call_microseconds(state.clone):.2f} us   view(seat): "
          f"{per_call_microseconds(lambda: state.view(seat)):.2f} us   (mid-game, 4 players)")


if __name__ == "__main__":
    main()
