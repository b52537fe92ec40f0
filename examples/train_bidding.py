"""Train a small bidding policy for 3-card Wizard with PyTorch on the CPU, and compare its bid accuracy with the
``rulebased`` bot's in the same setup (``pip install 'wizardcards[rl,torch]'``; torch==2.13.0).

    python examples/train_bidding.py [--train-rounds 40000] [--eval-rounds 4000] [--epochs 10]

Setup: one round of 3 cards at a table of 4 (rule option ``schedule=custom, custom_hand_sizes=[3]``), the learner in
a random seat of the Gymnasium environment, the three other seats ``rulebased``. The learner only *bids*: its
trump choice and its card play are the ``rulebased`` bot's, made from the learner's own ``View`` (``env.view()``),
so the comparison isolates the bid.

Method (a contextual bandit, no tricks): collect rounds in which the learner bids uniformly at random; record the
observation vector at the bid, the bid, and whether the bid was made (tricks taken == bid). Fit a small MLP that
predicts, for each bid 0..3, the probability of making it (binary cross-entropy on the bid that was tried). The
policy bids the legal bid with the highest predicted probability.

Evaluation: fresh deals (seeds never used in training); the same deals, seats and opponents are played twice, once
with the learned bid and once with ``rulebased``'s bid. Bid accuracy = share of rounds in which the learner's seat
took exactly its bid. The result is printed; nothing is tuned on the evaluation deals.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import torch
from torch import nn

from wizardcards.bots import make_bot
from wizardcards.core.actions import BID_BASE
from wizardcards.core.state import Phase
from wizardcards.rl.gym_env import WizardCardsGymEnv

HAND = 3
OPTIONS = {"schedule": "custom", "custom_hand_sizes": [HAND]}


def make_env() -> WizardCardsGymEnv:
    return WizardCardsGymEnv("wizard", 4, rules="standard", options=OPTIONS, bots=["rulebased"] * 3, seat=None)


def play_round(env: WizardCardsGymEnv, seed: int, choose_bid) -> tuple[np.ndarray, int, bool]:  # type: ignore[no-untyped-def]
    """One round from ``seed``; the learner bids with ``choose_bid(obs, mask)``, everything else is rulebased.
    Returns the observation at the bid, the bid, and whether it was made."""
    helper = make_bot("rulebased")
    rng = random.Random(seed)
    obs, info = env.reset(seed=seed)
    bid_obs, bid = None, -1
    terminated = False
    while not terminated:
        view = env.view()
        mask = info["action_mask"]
        if view.phase is Phase.BID:
            bid_obs = obs
            action = choose_bid(obs, mask)
            bid = action - BID_BASE
        else:
            action = helper.act(view, rng)
        obs, _reward, terminated, _truncated, info = env.step(action)
    assert bid_obs is not None
    made = env.game_state.view(env.seat).sheet[-1].tricks[env.seat] == bid
    return bid_obs, bid, made


class BidModel(nn.Module):
    def __init__(self, size: int) -> None:
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(size, 128), nn.ReLU(), nn.Linear(128, 64), nn.ReLU(), nn.Linear(64, HAND + 1)
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x)  # logits of P(made | observation, bid) for each bid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--train-rounds", type=int, default=40000)
    parser.add_argument("--eval-rounds", type=int, default=4000)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # a tiny model: one thread is as fast, and steady on a busy machine
    env = make_env()
    explore = np.random.default_rng(args.seed)

    start = time.perf_counter()
    xs, bids, made = [], [], []
    for i in range(args.train_rounds):
        def random_bid(obs, mask):  # type: ignore[no-untyped-def]
            return int(explore.choice(np.flatnonzero(mask)))

        obs, bid, ok = play_round(env, 1_000_000 + i, random_bid)
        xs.append(obs)
        bids.append(bid)
        made.append(ok)
    collect = time.perf_counter() - start
    print(f"collected {args.train_rounds} rounds with random bids in {collect:.0f} s "
          f"(random bids made: {np.mean(made):.1%})")

    x = torch.tensor(np.array(xs))
    b = torch.tensor(bids)
    y = torch.tensor(made, dtype=torch.float32)
    model = BidModel(x.shape[1])
    optimiser = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = nn.BCEWithLogitsLoss()
    for epoch in range(args.epochs):
        order = torch.randperm(len(x))
        total = 0.0
        for chunk in order.split(256):
            logits = model(x[chunk]).gather(1, b[chunk].unsqueeze(1)).squeeze(1)
            loss = loss_fn(logits, y[chunk])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += loss.item() * len(chunk)
        print(f"epoch {epoch + 1}: loss {total / len(x):.4f}")
    train = time.perf_counter() - start - collect
    model.eval()

    def learned_bid(obs, mask):  # type: ignore[no-untyped-def]
        with torch.no_grad():
            scores = model(torch.from_numpy(obs).unsqueeze(0))[0, :].numpy()
        legal = [a - BID_BASE for a in np.flatnonzero(mask)]
        return BID_BASE + max(legal, key=lambda bid: scores[bid])

    rulebased = make_bot("rulebased")

    def rulebased_bid(obs, mask):  # type: ignore[no-untyped-def]
        return rulebased.act(env.view(), random.Random(0))

    def random_bid_eval(obs, mask):  # type: ignore[no-untyped-def]
        return int(explore.choice(np.flatnonzero(mask)))

    results = {}
    for name, chooser in (("learned", learned_bid), ("rulebased", rulebased_bid), ("random", random_bid_eval)):
        hits = [play_round(env, 5_000_000 + i, chooser)[2] for i in range(args.eval_rounds)]
        results[name] = (float(np.mean(hits)), float(np.std(hits) / np.sqrt(len(hits))))
    elapsed = time.perf_counter() - start
    print(f"\n4 players, 3-card Wizard, learner in a random seat, other seats rulebased; "
          f"{args.eval_rounds} evaluation deals (same deals for each bidder)")
    for name, (mean, err) in results.items():
        print(f"  bid accuracy, {name:<9} bids: {mean:.1%} +- {err:.1%}")
    print(f"training data {collect:.0f} s, fitting {train:.0f} s, total {elapsed:.0f} s")


if __name__ == "__main__":
    main()
