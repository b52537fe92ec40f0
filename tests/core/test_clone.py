"""clone(): every field of STATE_FIELDS is carried over, and no mutable container is shared with the original."""

from __future__ import annotations

import random

import pytest

from wizardcards.core import find_rules, new_game


@pytest.mark.parametrize("preset", ["standard", "hidden-bids", "wily", "wily-two-teams", "wily-no-partners"])
def test_clone_copies_every_field_and_shares_no_list(preset: str) -> None:
    state = new_game(find_rules(preset), seed=11)
    rng = random.Random(5)
    for _ in range(150):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    for name in state._all_fields():
        original, cloned = getattr(state, name), getattr(copy, name)
        assert cloned == original, name
        if isinstance(original, (list, dict, set)):
            assert cloned is not original, f"{name} is shared between a state and its clone"
