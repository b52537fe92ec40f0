"""``benchmarks/train_play_model.py`` and ``benchmarks/inference_likelihood.py`` (issue 28, items 2, 3 and 5): the
fit recovers a model it did not see from the choices that model made, a recorded decision is what the play model
reads, and both scripts run end to end on a tiny sample."""

from __future__ import annotations

import importlib.util
import json
import math
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from wizardcards.bots.play_model import FEATURES, SITUATIONS, WEIGHTS, card_features, situation
from wizardcards.core import actions as A
from wizardcards.core import find_rules, new_game
from wizardcards.core.cards import FULL_DECK
from wizardcards.core.state import Phase

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def train() -> ModuleType:
    return load("train_play_model")


def test_the_fit_recovers_the_choices_of_a_model_it_did_not_see(train: ModuleType) -> None:
    """Choices drawn from a known model's softmax: the fitted model plays the known model's top card in nearly
    every decision (a fit that mixed up rows, signs or the softmax's groups would not)."""
    rng = random.Random(4)
    truth = [rng.gauss(0, 1.5) for _ in range(WEIGHTS)]
    decisions = []
    for _ in range(3000):
        base = rng.choice((0, SITUATIONS - 1)) * FEATURES  # two blocks: about 25 choices per weight
        features = [rng.sample(range(FEATURES), 3) for _ in range(rng.randrange(2, 6))]
        scores = [sum(truth[base + f] for f in row) for row in features]
        top = max(scores)
        weights = [math.exp(s - top) for s in scores]
        pick = rng.choices(range(len(features)), weights)[0]
        decisions.append((base, features, pick, 0))
    w, mean, _ = train.fit(decisions, 1e-4, 300)
    agree = 0
    for base, features, _, _ in decisions:
        fitted = [sum(w[base + f] for f in row) for row in features]
        real = [sum(truth[base + f] for f in row) for row in features]
        agree += int(np.argmax(fitted)) == int(np.argmax(real))
    assert agree / len(decisions) > 0.9
    assert -1.2 < mean < -0.2  # choices drawn from the model: well above chance (log 1/2 .. log 1/5), never certain


def test_a_recorded_decision_is_what_the_play_model_reads(train: ModuleType) -> None:
    state = new_game(find_rules("standard", players=4), 9)
    rng = random.Random(2)
    while not (state.phase is Phase.PLAY and len(state.legal_actions()) > 2):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.current_player())
    chosen = A.card_of_action(view.legal_actions[-1], view.hand)
    base, features, pick, heuristic = train.decision_of(view, chosen)
    trick = list(view.trick)
    assert base == situation(len(trick), 4, view.bids[view.seat] - view.tricks_won[view.seat],
                             view.hand.bit_count())
    assert len(features) == len(view.legal_actions) and pick == len(features) - 1
    assert 0 <= heuristic < len(features)
    first = A.card_of_action(view.legal_actions[0], view.hand)
    assert features[0] == card_features(first, view.hand, len(trick), train.winning_so_far(trick, view.trump_suit)[0],
                                        view.trump_suit, view.led, FULL_DECK & ~(view.hand | train.gone_of(view)))


def test_training_runs_end_to_end_and_writes_its_command(tmp_path: Path) -> None:
    out = tmp_path / "weights.json"
    run = subprocess.run([sys.executable, str(BENCHMARKS / "train_play_model.py"), "--games", "1", "--iterations", "1",
                          "--level", "1", "--rounds", "5", "--steps", "30", "--workers", "1", "--out", str(out)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    data = json.loads(out.read_text())
    assert len(data["weights"]) == WEIGHTS and data["seed"] == 28
    assert data["command"].startswith("python benchmarks/train_play_model.py --iterations 1 --games 1 --level 1 "
                                      "--rounds 5 --seed 28")
    assert "the playouts' heuristic plays search's card in" in run.stdout


def test_inference_likelihood_runs_on_a_tiny_sample() -> None:
    run = subprocess.run([sys.executable, str(BENCHMARKS / "inference_likelihood.py"), "--games", "1", "--cards", "4",
                          "--candidates", "20"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    rows = [line.split() for line in run.stdout.splitlines() if line.startswith("  ") and line.split()[0].isdigit()]
    assert [row[0] for row in rows] == ["1", "2", "3"]  # tricks 1-3 of a 4-card hand (the last is forced)
    assert all(row[1] == "16" for row in rows)  # 4 hands x 4 seats
    # At the first trick no card has been played yet: the cards' weighting is the bids' own.
    assert rows[0][3] == rows[0][5] == rows[0][7]
