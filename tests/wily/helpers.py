"""Helpers for the Wily Wizards tests: rule sets with a fixed first dealer, hand-built deals, random play."""

from __future__ import annotations

import random

from wizardcards.core import RuleSet, new_game
from wizardcards.core.cards import FIRST_JESTER, FIRST_WIZARD, FULL_DECK, JESTERS, WIZARDS, cards_from_text
from wizardcards.core.state import Phase
from wizardcards.core.wily import WilyState


def wily(players: int = 4, dealer: int = 0, **options: object) -> RuleSet:
    return RuleSet(game="wily", players=players, first_dealer=dealer, **options)  # type: ignore[arg-type]


def start(rules: RuleSet, seed: int = 1) -> WilyState:
    state = new_game(rules, seed)
    assert isinstance(state, WilyState)
    return state


def hands_from_text(texts: list[str]) -> list[int]:
    """Card sets for the seats; each ``Wiz``/``Jes`` takes the next Wizard/Jester not used by an earlier seat."""
    hands: list[int] = []
    used = 0
    for text in texts:
        mask = cards_from_text(text)
        specials = mask & (WIZARDS | JESTERS)
        mask &= ~specials
        for first, kind in ((FIRST_WIZARD, WIZARDS), (FIRST_JESTER, JESTERS)):
            for _ in range((specials & kind).bit_count()):
                card = next(c for c in range(first, first + 4) if not used >> c & 1)
                used |= 1 << card
                mask |= 1 << card
        assert not mask & used & ~(WIZARDS | JESTERS), f"a card of {text!r} is dealt twice"
        used |= mask
        hands.append(mask)
    return hands


def put_hands(state: WilyState, texts: list[str]) -> None:
    """Replace the dealt hands by hand-built ones (the rest of the deck goes to the Cauldron)."""
    state.hands = hands_from_text(texts)
    dealt = 0
    for hand in state.hands:
        dealt |= hand
    state.cauldron = FULL_DECK & ~dealt


def at_last_trick(
    rules: RuleSet,
    *,
    high_bidder: int,
    contract: int,
    tricks_won: list[int],
    last_trick: list[str],
    letters: list[int],
    trump: int = -1,
) -> WilyState:
    """A hand about to play its last trick, led by the high bidder: ``last_trick[s]`` is seat s's one card."""
    state = start(rules)
    put_hands(state, last_trick)
    state.played, state.cauldron = state.cauldron, 0  # every other card was played in the earlier tricks
    state.phase = Phase.PLAY
    state.auction = [(high_bidder, contract)]
    state.high_bidder, state.high_bid, state.contract = high_bidder, contract, contract
    state.trump_suit = trump
    state.tricks_won = list(tricks_won)
    state.letters = list(letters)
    state.leader = state.current = high_bidder
    return state


def play_random(state: WilyState, rng: random.Random, until: Phase | None = None) -> None:
    while not state.is_terminal() and state.phase is not until:
        state.apply(rng.choice(state.legal_actions()))
