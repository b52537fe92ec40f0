"""Determinisation: sampled deals never contradict the View, and are uniform over the consistent deals.

Uniformity is checked against exact enumeration: on small positions (few unseen cards, some voids) every assignment
of the unseen cards to the hidden hands and the undealt rest is listed, the consistent ones counted, and the sampler's
frequencies over many draws compared with the uniform distribution by a chi-square test.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from wizardcards.bots.determinize import Sampler, _below, knowledge, shuffle
from wizardcards.core import Phase, RuleSet, new_game
from wizardcards.core.cards import FULL_DECK, SUIT_MASKS
from wizardcards.core.rules import Game, Schedule, WilyMode
from wizardcards.core.wily import receivers_of


def play_until(rules: RuleSet, seed: int, stop) -> object:  # type: ignore[no-untyped-def]
    """A game played with random legal actions until ``stop(state)`` holds (or None if the game ends first)."""
    state = new_game(rules, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if stop(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    return None


def consistent(view, deal: list[int]) -> bool:  # type: ignore[no-untyped-def]
    void = view.voids
    for seat, hand in enumerate(deal[: view.players]):
        for suit in range(4):
            if void[seat] >> suit & 1 and hand & SUIT_MASKS[suit]:
                return False
    return True


def enumerate_deals(view) -> list[tuple[int, ...]]:  # type: ignore[no-untyped-def]
    """Every assignment of the unseen cards to the bins of the view, consistent with its voids, by brute force."""
    know = knowledge(view)
    cards = [c for c in range(60) if know.pool >> c & 1]
    bins = [b for b, room in enumerate(know.room) if room]
    out = []

    def place(left: list[int], b: int, deal: list[int]) -> None:
        if b == len(bins):
            full = [deal[s] | (know.fixed[s] if s < know.players else 0) for s in range(len(know.room))]
            if consistent(view, full):
                out.append(tuple(full))
            return
        for chosen in itertools.combinations(left, know.room[bins[b]]):
            mask = sum(1 << c for c in chosen)
            deal[bins[b]] = mask
            place([c for c in left if not mask >> c & 1], b + 1, deal)
        deal[bins[b]] = 0

    place(cards, 0, [0] * len(know.room))
    return out


def chi_square_limit(df: int, z: float = 3.29) -> float:
    """Wilson-Hilferty: the chi-square quantile with ``df`` degrees of freedom at the normal quantile ``z``."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def small_positions() -> list[object]:
    """Late positions of 3-player hands of 19 cards (2 cards stay undealt) where voids constrain the deal."""
    rules = RuleSet(players=3, schedule=Schedule.CUSTOM, custom_hand_sizes=(19,), first_dealer=0)
    found = []
    for seed in range(200):
        state = play_until(rules, seed, lambda s, k=seed % 2: s.phase is Phase.PLAY and len(s.round_tricks) == 16
                           and len(s.trick) == s.players - 1 - k)
        if state is None:
            continue
        view = state.view(state.current_player())
        sampler = Sampler(view)
        if sampler.groups and 1 < len(enumerate_deals(view)) < 300:
            found.append(view)
        if len(found) == 3:
            break
    return found


def by_rejection(sampler: Sampler, rng: random.Random) -> list[int]:
    while True:
        deal = sampler._deal_at_random(rng)
        if deal is not None:
            return deal


METHODS = {
    "mixed": Sampler.sample,
    "rejection": by_rejection,
    "counting": Sampler._sample_by_counting,
}


POSITIONS = small_positions()


@pytest.mark.parametrize("method", list(METHODS))
@pytest.mark.parametrize("index", [0, 1, 2])
def test_frequencies_match_exact_enumeration(index: int, method: str) -> None:
    view = POSITIONS[index]
    deals = enumerate_deals(view)
    sampler = Sampler(view)
    assert sampler.total == len(deals)  # the sampler's count of consistent deals is the exact one
    rng = random.Random(index)
    draws = 40 * len(deals)
    draw = METHODS[method]
    counts = Counter(tuple(draw(sampler, rng)) for _ in range(draws))
    assert set(counts) <= set(deals)  # never a deal that contradicts the view
    expected = draws / len(deals)
    chi2 = sum((counts.get(d, 0) - expected) ** 2 / expected for d in deals)
    assert chi2 < chi_square_limit(len(deals) - 1), (chi2, len(deals))


def test_a_void_sampled_against_exact_marginals() -> None:
    """The chance that a given seat holds a given card, sampled vs counted exactly."""
    view = POSITIONS[0]
    deals = enumerate_deals(view)
    know = knowledge(view)
    sampler = Sampler(view)
    rng = random.Random(9)
    draws = 20_000
    samples = [sampler.sample(rng) for _ in range(draws)]
    for seat in range(len(know.room)):
        for card in range(60):
            if not know.pool >> card & 1:
                continue
            exact = sum(1 for d in deals if d[seat] >> card & 1) / len(deals)
            freq = sum(1 for d in samples if d[seat] >> card & 1) / draws
            assert abs(freq - exact) < 4.5 * math.sqrt(exact * (1 - exact) / draws) + 1e-9


def check_deal(view, deal: list[int], given: list[int] | None = None) -> None:  # type: ignore[no-untyped-def]
    n, me = view.players, view.seat
    know = knowledge(view)
    void = view.voids
    assert deal[me] == view.hand
    seen = view.played | (1 << view.trump_card if view.trump_card >= 0 else 0)
    everything = seen
    assert len(deal) == n + 1  # every seat, then the undealt cards or the Cauldron
    for hand in deal:
        assert not hand & everything  # no card twice, nothing already played or turned up
        everything |= hand
    in_flight = 0
    for cards in given or ():
        assert not cards & everything
        in_flight |= cards
    if view.game is Game.WILY and view.phase is not Phase.PASS_CARDS:
        in_flight |= view.given & view.played
    assert everything | in_flight | (view.given if view.phase is Phase.PASS_CARDS else 0) == FULL_DECK
    assert deal[n].bit_count() == know.room[n]
    for seat in range(n):
        if seat != me:
            gave = given[seat].bit_count() if given else 0
            assert deal[seat].bit_count() + gave == know.room[seat] + know.fixed[seat].bit_count()
        for suit in range(4):
            if void[seat] >> suit & 1:
                assert not deal[seat] & SUIT_MASKS[suit], f"seat {seat} is void in suit {suit}"
    if view.game is Game.WILY and view.phase is Phase.PLAY and view.given:
        receiver = receivers_of(view.rules.mode, view.rules.passing, n)[me]
        assert view.given & ~view.played & ~deal[receiver] == 0  # what this seat passed is where it went


@pytest.mark.parametrize(
    "rules",
    [RuleSet(players=4), RuleSet(players=6), RuleSet(game=Game.WILY, players=4),
     RuleSet(game=Game.WILY, players=6, mode=WilyMode.TWO_TEAMS),
     RuleSet(game=Game.WILY, players=7, mode=WilyMode.NO_PARTNERS)],
    ids=lambda r: f"{r.game.value}-{r.players}",
)
def test_deals_never_contradict_the_view(rules: RuleSet) -> None:
    rng = random.Random(rules.players)
    for game in range(6):
        state = new_game(rules, game)
        while not state.is_terminal() and len(state.sheet) < 4:
            seat = state.current_player()
            view = state.view(seat)
            if rng.random() < 0.2:
                sampler = Sampler(view)
                # What the view implies is true of the real deal: the real hands fit the bins and the voids.
                know = knowledge(view)
                for other in range(state.players):
                    if other != seat:
                        gave = state.given[other].bit_count() if view.phase is Phase.PASS_CARDS else 0
                        assert state.hands[other].bit_count() + gave == know.room[other] + know.fixed[other].bit_count()
                        assert state.hands[other] & know.fixed[other] == know.fixed[other]
                assert consistent(view, list(state.hands))
                for _ in range(5):
                    if view.phase is Phase.PASS_CARDS:
                        deal, given = sampler.sample_passing(rng)
                        check_deal(view, deal, given)
                    else:
                        deal = sampler.sample(rng)
                        check_deal(view, deal)
            state.apply(rng.choice(state.legal_actions()))


def test_the_cauldron_and_undealt_cards_take_the_rest() -> None:
    """Wily Wizards for 7: 4 cards in the Cauldron; Wizard round 2 for 4: 51 undealt (60 - 8 - trump card)."""
    wily = new_game(RuleSet(game=Game.WILY, players=7, mode=WilyMode.NO_PARTNERS), 1)
    know = knowledge(wily.view(wily.current_player()))
    assert know.room[-1] == 4
    wizard = play_until(RuleSet(players=4), 2, lambda s: s.hand_size == 2 and s.phase is Phase.BID)
    know = knowledge(wizard.view(wizard.current_player()))
    assert know.room[-1] == 60 - 8 - (wizard.trump_card >= 0)


def test_shuffle_is_random_shuffle_draw_for_draw() -> None:
    """The sampler's shuffle gives the permutation ``random.Random.shuffle`` gives from the same state, and leaves
    the generator in the same state (lists of every length a deal can have, and longer ones)."""
    for length in [*range(70), 254, 255, 256, 1000]:
        for seed in range(6):
            ours, theirs = random.Random(seed), random.Random(seed)
            cards, expected = list(range(length)), list(range(length))
            shuffle(cards, ours)
            theirs.shuffle(expected)
            assert cards == expected, (length, seed)
            assert ours.getrandbits(64) == theirs.getrandbits(64)


def test_below_is_randrange_draw_for_draw() -> None:
    """The counting method's draw of a number below a (large, exact) total is ``random.Random.randrange``'s."""
    for total in [1, 2, 3, 8, 9, 100, 2**64 + 3, 10**40]:
        ours, theirs = random.Random(total), random.Random(total)
        assert [_below(total, ours) for _ in range(300)] == [theirs.randrange(total) for _ in range(300)]
