"""Invariants of random games with the special cards, over every subset the rules allow (63: the Dragon and the
Fairy together or neither, with any of the other five): cards conserved, trick counts, scores from the sheet,
views that show nothing hidden, refused actions that change nothing, and records that replay.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizardcards.core import ActionError, GameRecord, Phase, RuleSet, new_game, replay
from wizardcards.core.actions import NUM_ACTIONS_WITH_SPECIALS
from wizardcards.core.cards import BOMB, SPECIAL_CARD_NAMES, played_card
from wizardcards.core.special_wizard import SpecialWizardState
from wizardcards.core.wizard import round_score

SUBSETS = [cards for k in range(1, 8) for cards in combinations(SPECIAL_CARD_NAMES, k)
           if ("dragon" in cards) == ("fairy" in cards)]


def test_there_are_63_subsets() -> None:
    assert len(SUBSETS) == 63


def check_cards_conserved(state: SpecialWizardState) -> None:
    """Every dealt card is in exactly one place: a hand, the cards played, or on its way in the Juggler's pass."""
    n, h = state.players, state.hand_size
    places = [*state.hands, state.played]
    if state.phase is Phase.JUGGLE:
        places += state.juggle_given
    seen = 0
    for cards in places:
        assert not seen & cards, "a card in two places"
        seen |= cards
    deck = sum(1 << c for c in state.rules.deck)
    assert not seen & ~deck
    if state.phase is not Phase.GAME_OVER:
        assert seen.bit_count() == n * h
        assert state.trump_card < 0 or not seen >> state.trump_card & 1


def check_tricks(state: SpecialWizardState) -> None:
    bombed = sum(1 for _, _, winner in state.round_tricks if winner < 0)
    assert sum(state.tricks_won) + bombed == len(state.round_tricks)
    for _, cards, winner in state.round_tricks:
        assert (winner < 0) == (BOMB in cards)


def check_sheet(state: SpecialWizardState) -> None:
    totals = [0] * state.players
    for row, changes in zip(state.sheet, state.sheet_bid_changes, strict=True):
        assert sum(row.tricks) in (row.hand_size, row.hand_size - 1)
        for seat in range(state.players):
            assert 0 <= row.bids[seat] <= row.hand_size and 0 <= row.bids[seat] - changes[seat] <= row.hand_size
            assert row.points[seat] == round_score(row.bids[seat], row.tricks[seat])
            totals[seat] += row.points[seat]
        assert list(row.totals) == totals
    assert state.scores == totals or state.phase is not Phase.GAME_OVER


def check_views(state: SpecialWizardState) -> None:
    for seat in range(state.players):
        view = state.view(seat)
        assert view.hand == state.hands[seat]
        others = 0
        for s, hand in enumerate(state.hands):
            if s != seat:
                others |= hand
        shown = view.hand | view.played | view.received
        for _, cards, _ in view.round_tricks:
            shown |= sum(1 << played_card(c) for c in cards)
        if state.phase is Phase.JUGGLE:
            shown |= view.given  # before the exchange a given card is in nobody's hand
        assert not shown & others, f"seat {seat}'s view shows a card another seat holds"
        assert view.bids == tuple(None if b < 0 or (state.rules.hidden_bids and s != seat) else b
                                  for s, b in enumerate(state.bids))
    spectator = state.public_view()
    assert spectator.hand == 0 and spectator.given == 0 and spectator.received == 0


def play_out(rules: RuleSet, seed: int, views: bool) -> SpecialWizardState:
    state = new_game(rules, seed)
    assert isinstance(state, SpecialWizardState)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal
        if rng.random() < 0.05:  # a refused action changes nothing
            wrong = rng.choice([a for a in range(NUM_ACTIONS_WITH_SPECIALS + 1) if a not in legal])
            before = state.clone()
            with pytest.raises(ActionError):
                state.apply(wrong)
            assert state == before
        state.apply(rng.choice(legal))
        check_cards_conserved(state)
        check_tricks(state)
        if views:
            check_views(state)
    check_sheet(state)
    return state


@pytest.mark.parametrize("cards", SUBSETS, ids=["+".join(c) for c in SUBSETS])
def test_a_random_game_of_every_subset(cards: tuple[str, ...]) -> None:
    seed = len(cards) * 1000 + SUBSETS.index(cards)
    rules = RuleSet(players=3 + seed % 4, special_cards=cards)
    state = play_out(rules, seed, views=False)
    assert replay(GameRecord.from_json(state.record().to_json())) == state


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SUBSETS), st.integers(3, 6), st.integers(0, 2**31), st.booleans())
def test_invariants_hold_in_random_games(cards: tuple[str, ...], players: int, seed: int, hidden: bool) -> None:
    rules = RuleSet(players=players, special_cards=cards, hidden_bids=hidden, schedule="quick")
    state = play_out(rules, seed, views=True)
    clone = state.clone()
    assert clone == state and clone.juggle_given is not state.juggle_given
