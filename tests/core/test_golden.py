"""Golden playthroughs: each preset's seeded game, regenerated in memory, equals its checked-in text file.

The files and the script that writes them are in ``tests/core/golden/`` (see ``make_golden.py``).
"""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"
_spec = importlib.util.spec_from_file_location("wizard_make_golden", GOLDEN / "make_golden.py")
assert _spec is not None and _spec.loader is not None
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)

PRESETS = ["standard", "double-down", "quick", "hook", "canadian", "hidden-bids", "extended-suits", "anniversary",
           "anniversary-2021"]


def test_every_preset_has_a_golden_game() -> None:
    assert list(make_golden.SEEDS) == PRESETS
    assert sorted(p.stem for p in GOLDEN.glob("*.txt")) == sorted(PRESETS)


@pytest.mark.parametrize("preset", PRESETS)
def test_golden_playthrough(preset: str) -> None:
    path = make_golden.path_of(preset)
    assert path.exists(), f"{path} is missing: run {make_golden.COMMAND}"
    expected = path.read_text(encoding="utf-8")
    actual = make_golden.playthrough(preset)
    if actual != expected:
        diff = list(
            difflib.unified_diff(
                expected.splitlines(),
                actual.splitlines(),
                f"{path.name} (checked in)",
                f"{path.name} (engine now)",
                n=3,
                lineterm="",
            )
        )
        shown = "\n".join(diff[:80]) + (f"\n... {len(diff) - 80} more diff lines" if len(diff) > 80 else "")
        pytest.fail(
            f"the {preset} game no longer plays as recorded in {path}.\n{shown}\n"
            f"If the change is intended, regenerate the golden files with: {make_golden.COMMAND}",
            pytrace=False,
        )


@pytest.mark.parametrize("preset", PRESETS)
def test_golden_game_is_complete(preset: str) -> None:
    """The recorded game is a whole game: every round of the schedule, ending with the score sheet."""
    text = make_golden.path_of(preset).read_text(encoding="utf-8")
    rules_rounds = len(make_golden.find_rules(preset, players=make_golden.PLAYERS).hand_sizes)
    assert f"game over after {rules_rounds} rounds" in text
    assert text.count("=== decision ") > rules_rounds * make_golden.PLAYERS
    assert len(text.encode()) < 1_000_000
