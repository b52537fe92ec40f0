"""``benchmarks/search_properties.py`` (issue 28, item 1): the properties on hand-built positions whose figures are
known by hand, the oracle really seeing the true deal, and a smoke run of the whole script on a tiny sample."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import math
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from wizardcards.core import Phase, card_action, card_from_text, start_game

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "search_properties.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("search_properties", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["search_properties"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def action(text: str) -> int:
    return card_action(card_from_text(text))


# Seat 1 led 2c, seat 2 played 3c; seat 0 (bid 1) plays last in the penultimate trick, then every card is forced.
# Wizard or Jester: it takes one trick either way (the Wizard takes this one, or the Wizard takes the last), 30 points.
SAME = "wizard/3 r2 d0 t:Kh h:Wiz.Jes/9s/8s b:1.0.0 p:2c.3c s:0.0.0"
# Wizard or 4d (no club to follow): the Wizard takes this trick and the 4d the last (2 tricks, -10), or the 4d loses
# this one and the Wizard takes the last (1 trick, 30).
DIFFERENT = "wizard/3 r2 d0 t:Kh h:Wiz.4d/9s/8s b:1.0.0 p:2c.3c s:0.0.0"


def test_leaf_correlation_of_terminal_siblings_built_by_hand(bench: ModuleType) -> None:
    same = start_game(SAME)
    assert bench.property_stage(same, 2) == ["first trick (exact)", "2 tricks left", "terminal siblings"]
    assert bench.child_scores(same) == {action("Wiz"): 30, action("Jes"): 30}
    figures = bench.node_figures(bench.child_scores(same).values())
    assert (figures.same_score, figures.same_outcome, figures.pairs_same, figures.made) == (True, True, 1.0, 1.0)

    different = start_game(DIFFERENT)
    assert bench.child_scores(different) == {action("Wiz"): -10, action("4d"): 30}
    figures = bench.node_figures(bench.child_scores(different).values())
    assert (figures.same_score, figures.same_outcome, figures.pairs_same, figures.made) == (False, False, 0.0, 0.5)
    # The heuristic playout gives the same here (the rest is forced).
    assert bench.child_scores(different, exact=False) == bench.child_scores(different)


def test_information_is_the_log_of_the_consistent_deals(bench: ModuleType) -> None:
    state = start_game(DIFFERENT)
    # Seat 0 sees its 2 cards, the 2 played and the trump card: 55 unseen, one in each other hand, the rest undealt.
    assert bench.information_bits(state, 0) == pytest.approx(math.log2(55 * 54))
    # Seat 1 also saw seat 0 play nothing yet: the same count from its side (its own 1 card, 2 played, the trump).
    assert bench.information_bits(state, 1) == pytest.approx(math.log2(56 * 55 * 54 // 2))


def test_the_oracle_sees_the_true_deal(bench: ModuleType) -> None:
    hands = [bench.play_hand(4, 3, i, seed=5) for i in range(3)]
    late = [s for h in hands for s in h.decisions if s.phase is Phase.PLAY and bench.tricks_left(s) == 2]
    assert late
    for state in late:
        view = state.view(state.current_player())
        oracle = bench.Oracle(1, state.hands)
        chosen = oracle.act(view, random.Random(1))
        # The same choice whatever its random numbers (one deal, every bid known) ...
        assert oracle.act(view, random.Random(2)) == chosen
        # ... and, two tricks from the end (solved exactly at level 1), a best card for the true deal.
        scores = bench.child_scores(state, exact=True)
        assert scores[chosen] == max(scores.values())


def test_the_script_runs_on_a_tiny_sample(bench: ModuleType) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        bench.main(["--players", "3", "--sizes", "3", "--hands", "2", "--property-hands", "3", "--levels", "1",
                    "--bid-draws", "5"])
    text = out.getvalue()
    assert "3p  3 cards first trick (exact)" in text
    assert "df by trick:" in text
    play = next(line for line in text.splitlines() if line.lstrip().startswith("play all"))
    # The oracle's play never differs from itself: the third share of the row.
    assert play.split("|")[2].strip().startswith("0.0%")
