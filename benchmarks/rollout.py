"""Speed of the search bot's inner loops: compiled against the same source run as pure Python, in the same run.

    python benchmarks/rollout.py [--positions 400] [--seconds 2] [--seed 1]

The ``search`` bot spends its time in two places: playing hands out (``bots/rollout.py``) and drawing deals
consistent with its view (``bots/determinize.py``). A regular install compiles both with mypyc (``setup.py``). This
benchmark imports the installed modules (compiled, on a regular install) and, as a second copy, the very same
``.py`` files loaded as plain Python modules (``importlib.util.spec_from_file_location``); the pure copies call the
same core functions as the compiled ones, so the ratio is what compiling these two modules gains: the bot before and
after.

Positions come from random 4-player Wizard games, at random points of the card play (every hand size), with the bids
of the game. On each position both copies play the hand out with the heuristic policy, and draw deals from the
view of the seat on turn with the same seeds; the benchmark checks that both copies give the same results (the same
tricks, the same deals) and prints playouts and deals per second for each, and their ratio. A third row plays whole
last-round hands (4 x 15 cards, 60 card plays each, bids from the heuristic's hand values) from the first lead.
The last two rows play the same positions with the learned play model of ``search:policy=learned`` instead of the
heuristic (``bots/play_model.py``), against the heuristic, both as installed: what the model costs per playout.

Run it on a regular install (``pip install .``) from a directory other than the repository: an editable install is
pure Python, and both copies then run at the same speed.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from wizardcards.bots import determinize, rollout, trick_table
from wizardcards.bots.play_model import load_weights
from wizardcards.bots.rulebased import hand_value
from wizardcards.core import Phase, View, find_rules, new_game
from wizardcards.core.cards import FULL_DECK
from wizardcards.core.rules import JesterLead

Position = tuple[list[int], list[int], int, int, list[int], int, bool, list[int]]


def pure_copy(module: ModuleType) -> ModuleType:
    """The source of ``module`` loaded again as a plain Python module (its ``.py`` file, next to the compiled one)."""
    source = Path(module.__file__ or "").parent / (module.__name__.rsplit(".", 1)[-1] + ".py")
    name = f"{module.__name__}_pure"
    spec = importlib.util.spec_from_file_location(name, source)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {source}")
    copy = importlib.util.module_from_spec(spec)
    copy.__package__ = module.__package__
    sys.modules[name] = copy  # dataclasses look their module up while the class is built
    spec.loader.exec_module(copy)
    return copy


def is_compiled(module: ModuleType) -> bool:
    return not (module.__file__ or "").endswith(".py")


def positions(count: int, seed: int) -> tuple[list[Position], list[View]]:
    """``count`` positions of random 4-player Wizard games, in the card play, with the view of the seat on turn."""
    rules = find_rules("standard", players=4)
    rng = random.Random(seed)
    found: list[Position] = []
    views: list[View] = []
    first_suited = rules.jester_lead is JesterLead.FIRST_SUITED
    while len(found) < count:
        state = new_game(rules, rng.randrange(2**32))
        while not state.is_terminal() and len(found) < count:
            if state.phase is Phase.PLAY and rng.random() < 0.1:
                targets = [bid if bid is not None else 0 for bid in state.bids]
                found.append((list(state.hands), list(state.trick), state.leader, state.led, list(state.tricks_won),
                              state.trump_suit, first_suited, targets))
                views.append(state.view(state.current_player()))
            state.apply(rng.choice(state.legal_actions()))
    return found, views


def whole_hands(count: int, seed: int) -> list[Position]:
    """``count`` random deals of four 15-card hands, trump drawn from none and the four suits, heuristic bids."""
    rng = random.Random(seed)
    out: list[Position] = []
    for _ in range(count):
        deck = list(range(60))
        rng.shuffle(deck)
        hands = [sum(1 << card for card in deck[15 * s : 15 * s + 15]) for s in range(4)]
        trump = rng.randrange(-1, 4)
        targets = [int(hand_value(hand, trump, 4) + 0.5) for hand in hands]
        out.append((hands, [], 0, -1, [0] * 4, trump, False, targets))
    return out


def play_all(module: ModuleType, found: list[Position], model: list[float] | None = None) -> list[list[int]]:
    """Every position played out, by the heuristic or (``model``) the learned play model; for the model, the cards
    in nobody's hand count as gone."""
    playout = module.playout
    return [playout(hands.copy(), trick.copy(), leader, led, won.copy(), trump, first_suited, targets, model=model,
                    gone=FULL_DECK & ~(sum(hands) | sum(1 << c for c in trick)))
            for hands, trick, leader, led, won, trump, first_suited, targets in found]


def sample_all(module: ModuleType, views: list[View], per_view: int) -> list[list[int]]:
    deals = []
    for index, view in enumerate(views):
        sampler = module.Sampler(view)
        rng = random.Random(index)
        for _ in range(per_view):
            deals.append(sampler.sample(rng))
    return deals


def rate(work: Callable[[], object], items: int, seconds: float) -> float:
    """Items per CPU second: ``work`` (``items`` items) repeated for about ``seconds``; the median run's rate."""
    rates = []
    deadline = time.process_time() + seconds
    while time.process_time() < deadline or len(rates) < 3:
        started = time.process_time()
        work()
        rates.append(items / max(time.process_time() - started, 1e-9))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure (about)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pure_rollout, pure_determinize = pure_copy(rollout), pure_copy(determinize)
    # The take-over table's functions live in trick_table.py: the pure playouts call its pure copy too.
    pure_table = pure_copy(trick_table)
    pure_rollout.beats, pure_rollout.winning_so_far = pure_table.beats, pure_table.winning_so_far
    state = "compiled" if is_compiled(rollout) and is_compiled(determinize) else "NOT compiled (pure Python)"
    print(f"benchmarks/rollout.py: installed bots/rollout.py and bots/determinize.py are {state}; core "
          f"{'compiled' if is_compiled(sys.modules['wizardcards.core.tricks']) else 'pure Python'}")
    found, views = positions(args.positions, args.seed)
    whole = whole_hands(args.positions, args.seed)
    cards = sum(sum(h.bit_count() for h in hands) for hands, *_ in found)
    per_view = 16
    if play_all(rollout, found + whole) != play_all(pure_rollout, found + whole):
        raise SystemExit("the compiled and the pure playouts differ")
    if sample_all(determinize, views, per_view) != sample_all(pure_determinize, views, per_view):
        raise SystemExit("the compiled and the pure samplers differ")
    print(f"{len(found)} positions of 4-player Wizard games ({cards / len(found):.1f} cards left to play on average);"
          f" same results from both copies")
    rows = [
        ("playouts per second", lambda m: lambda: play_all(m, found), len(found), rollout, pure_rollout),
        ("whole hands per second", lambda m: lambda: play_all(m, whole), len(whole), rollout, pure_rollout),
        ("deals sampled per second", lambda m: lambda: sample_all(m, views, per_view), len(views) * per_view,
         determinize, pure_determinize),
    ]
    for label, make, items, fast, slow in rows:
        compiled_rate = rate(make(fast), items, args.seconds)
        pure_rate = rate(make(slow), items, args.seconds)
        print(f"  {label:<26} installed {compiled_rate:>10,.0f}   pure Python {pure_rate:>9,.0f}   "
              f"ratio {compiled_rate / pure_rate:.1f}x")
    # The learned play model of search:policy=learned (issue 28) against the heuristic, both installed.
    weights = load_weights()[0]
    if play_all(rollout, found + whole, weights) != play_all(pure_rollout, found + whole, weights):
        raise SystemExit("the compiled and the pure model playouts differ")
    for label, work in (("playouts per second", found), ("whole hands per second", whole)):
        heuristic = rate(lambda work=work: play_all(rollout, work), len(work), args.seconds)
        learned = rate(lambda work=work: play_all(rollout, work, weights), len(work), args.seconds)
        print(f"  learned policy, {label:<22} {learned:>10,.0f}   heuristic {heuristic:>10,.0f}   "
              f"ratio {learned / heuristic:.2f}x (installed)")


if __name__ == "__main__":
    main()
