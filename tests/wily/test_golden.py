"""Golden playthroughs: one whole game per Wily preset, every state's text, legal actions and the action taken,
compared with the files written by ``golden/make_golden.py``."""

from __future__ import annotations

import pytest

from wizardcards.core import PRESETS

from .golden.make_golden import SEEDS, path_of, playthrough


def test_every_wily_preset_has_a_golden_game() -> None:
    assert sorted(SEEDS) == sorted(name for name in PRESETS if PRESETS[name].game.value == "wily")
    assert {"wily", "wily-two-teams", "wily-no-partners", "wily-combined"} <= set(SEEDS)


@pytest.mark.parametrize("preset", sorted(SEEDS))
def test_golden_playthrough(preset: str) -> None:
    expected = path_of(preset).read_text().splitlines()
    got = playthrough(preset, SEEDS[preset]).splitlines()
    for number, (want, have) in enumerate(zip(expected, got), 1):
        assert have == want, f"{path_of(preset).name} line {number} differs"
    assert len(got) == len(expected)
    assert got[-1].startswith("winners: [")
