"""Train the play model of ``search:policy=learned`` from ``search``'s own self-play (issue 28, items 2 and 5).

    python benchmarks/train_play_model.py [--iterations 3] [--games 40] [--level 2] [--seed 28] [--workers 2]
                                          [--out src/wizardcards/bots/play_model.json]

Expert iteration: iteration 0 plays ``--games`` standard games (3, 4, 5 and 6 players in turn) with ``search`` in
every seat, its playouts played by the rule-based heuristic, and records every card play that had a choice: the
position as the player saw it (``play_model.card_features`` of each legal card) and the card chosen. A conditional
logit (the softmax of the model's scores over the legal cards) is fitted to those choices by maximum likelihood with
a small L2 penalty (NumPy, full-batch Adam). Each next iteration plays new games with ``search`` using the model just
fitted in its playouts, and fits again on the choices of every iteration so far (the stronger search's decisions
train the next model). The last model is written to ``--out`` with the command, seed and fit figures that made it.

The deals and the bots' random numbers come from ``--seed`` alone (``arena.match.derive_seed``), so the same command
gives the same file on any machine and with any number of workers. NumPy only (``pip install '.[train]'``); nothing
here is needed to play. Run it from outside the checkout on a compiled install for speed (``docs/bots.md``).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from wizardcards.arena.match import derive_seed
from wizardcards.bots.play_model import FEATURES, WEIGHTS, card_features, situation
from wizardcards.bots.rollout import playout, winning_so_far
from wizardcards.bots.search import SearchBot
from wizardcards.core import actions as A
from wizardcards.core import find_rules, new_game
from wizardcards.core.cards import FULL_DECK
from wizardcards.core.state import Phase

TABLES = (4, 3, 5, 6)
"""Game i is played at TABLES[i % 4] players."""
PAD = WEIGHTS  # the index of a weight held at 0: pads a card's feature list to four entries

Decision = tuple[int, list[list[int]], int, int]
"""(situation block, the feature indices of each legal card within it, the index of the card chosen, the index of
the card the rule-based heuristic of the playouts would have played)"""


def gone_of(view) -> int:
    return view.played | (1 << view.trump_card if 0 <= view.trump_card < 60 else 0)


def decision_of(view, card: int) -> Decision:
    """What the play model sees of a card play: its block, each legal card's features, the card chosen."""
    cards = [A.card_of_action(a, view.hand) for a in view.legal_actions]
    trick = list(view.trick)
    best = winning_so_far(trick, view.trump_suit)[0]
    me = view.seat
    need = view.bids[me] - view.tricks_won[me]
    out = FULL_DECK & ~(view.hand | gone_of(view))
    base = situation(len(trick), view.players, need, view.hand.bit_count())
    features = [card_features(c, view.hand, len(trick), best, view.trump_suit, view.led, out) for c in cards]
    # The heuristic's card: a playout's first card from this position (it reads only the seat's own hand).
    alone = [view.hand if seat == me else 0 for seat in range(view.players)]
    trace: list[tuple[int, int, int]] = []
    bids = [b if b is not None else 0 for b in view.bids]
    playout(alone, list(trick), view.trick_leader, view.led, list(view.tricks_won), view.trump_suit,
            view.rules.lead_rule, bids, trace=trace)
    return base, features, cards.index(card), cards.index(trace[0][2])


def play_game(task: tuple[int, int, int, list[float] | None, int | None]) -> list[Decision]:
    """One self-play game of ``search`` (every seat), its card plays with a choice recorded; with ``rounds``, only
    its first rounds."""
    seed, index, level, weights, rounds = task
    players = TABLES[index % len(TABLES)]
    state = new_game(find_rules("standard", players=players), derive_seed(seed, "train-deal", index))
    bots = [SearchBot(level=level) for _ in range(players)]
    for bot in bots:
        bot.model = weights
    rngs = [random.Random(derive_seed(seed, "train-bot", index, seat)) for seat in range(players)]
    decisions: list[Decision] = []
    while not state.is_terminal() and (rounds is None or len(state.sheet) < rounds):
        seat = state.current_player()
        view = state.view(seat)
        action = bots[seat].act(view, rngs[seat])
        if view.phase is Phase.PLAY and len(view.legal_actions) > 1:
            decisions.append(decision_of(view, A.card_of_action(action, view.hand)))
        state.apply(action)
    return decisions


def design(decisions: list[Decision]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Rows (one per legal card) of four absolute weight indices, each row's decision, the decisions' first rows,
    and the chosen row of each decision."""
    rows, owner, starts, chosen = [], [], [], []
    for d, (base, features, pick, _) in enumerate(decisions):
        starts.append(len(rows))
        chosen.append(len(rows) + pick)
        for indices in features:
            rows.append([base + i for i in indices] + [PAD] * (4 - len(indices)))
            owner.append(d)
    return np.array(rows), np.array(owner), np.array(starts), np.array(chosen)


def log_likelihood(w: np.ndarray, data: tuple[np.ndarray, ...], matches: bool = False
                   ) -> tuple[float, np.ndarray, float]:
    """Mean log-likelihood of the choices, its gradient, and (``matches``) the share of choices the model's top card
    matches."""
    rows, owner, starts, chosen = data
    scores = w[rows].sum(axis=1)
    top = np.maximum.reduceat(scores, starts)
    exp = np.exp(scores - top[owner])
    total = np.add.reduceat(exp, starts)
    prob = exp / total[owner]
    mean = float(np.mean(scores[chosen] - top - np.log(total)))
    residual = -prob
    residual[chosen] += 1.0
    grad = np.zeros_like(w)
    np.add.at(grad, rows.ravel(), np.repeat(residual, 4))
    grad[PAD] = 0.0
    grad /= len(starts)
    if not matches:
        return mean, grad, 0.0
    # The model's card: the highest score, ties to the first row (the lowest card id, as model_card plays).
    best_rows = np.array([start + int(np.argmax(scores[start:end]))
                          for start, end in zip(starts, list(starts[1:]) + [len(scores)])])
    matched = float(np.mean(best_rows == chosen))
    return mean, grad, matched


def fit(decisions: list[Decision], l2: float, steps: int, rate: float = 0.05) -> tuple[np.ndarray, float, float]:
    """The weights maximising the mean log-likelihood less ``l2`` / 2 times their squared norm (full-batch Adam)."""
    data = design(decisions)
    w = np.zeros(WEIGHTS + 1)
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for step in range(1, steps + 1):
        _, grad, _ = log_likelihood(w, data)
        grad = -(grad - l2 * w)
        grad[PAD] = 0.0
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= rate * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
        w[PAD] = 0.0
    mean, _, matched = log_likelihood(w, data, matches=True)
    return w, mean, matched


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--games", type=int, default=40, help="self-play games per iteration")
    parser.add_argument("--level", type=int, default=2, help="the search level of the self-play")
    parser.add_argument("--rounds", type=int, default=None, help="play only the first ROUNDS rounds of each game")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--out", type=Path, default=Path("src/wizardcards/bots/play_model.json"))
    args = parser.parse_args()
    started = time.perf_counter()
    decisions: list[Decision] = []
    weights: list[float] | None = None
    history = []
    with ProcessPoolExecutor(args.workers) as pool:
        for iteration in range(args.iterations):
            first = iteration * args.games
            tasks = [(args.seed, first + g, args.level, weights, args.rounds) for g in range(args.games)]
            fresh = [d for game in pool.map(play_game, tasks) for d in game]
            if weights is not None:  # how well the model in use predicts the new choices, before refitting
                held_out = log_likelihood(np.array(weights + [0.0]), design(fresh), matches=True)
                print(f"  model {iteration - 1} on iteration {iteration}'s choices: log-likelihood "
                      f"{held_out[0]:.4f}, top card matched {held_out[2]:.1%}")
            decisions += fresh
            same = sum(d[2] == d[3] for d in fresh) / len(fresh)
            print(f"  the playouts' heuristic plays search's card in {same:.1%} of iteration {iteration}'s choices")
            w, mean, matched = fit(decisions, args.l2, args.steps)
            weights = [round(float(x), 5) for x in w[:WEIGHTS]]
            row = {"iteration": iteration, "games": args.games, "decisions": len(fresh),
                   "log_likelihood": round(mean, 4), "matched": round(matched, 4),
                   "seconds": round(time.perf_counter() - started)}
            history.append(row)
            print(f"iteration {iteration}: {len(fresh)} choices ({len(decisions)} in all), log-likelihood {mean:.4f}, "
                  f"top card matched {matched:.1%}, {row['seconds']} s", flush=True)
    assert weights is not None
    # The command that remakes these weights: the output path and the workers change nothing in them.
    kept = [f"--{name} {getattr(args, name)}" for name in ("iterations", "games", "level", "rounds", "seed", "l2",
                                                            "steps") if getattr(args, name) is not None]
    command = "python benchmarks/train_play_model.py " + " ".join(kept)
    meta = {"command": command.strip(), "seed": args.seed, "level": args.level, "tables": list(TABLES),
            "features": FEATURES, "iterations": history}
    args.out.write_text(json.dumps({**meta, "weights": weights}, separators=(",", ":")) + "\n")
    print(f"wrote {args.out} ({len(weights)} weights) in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
