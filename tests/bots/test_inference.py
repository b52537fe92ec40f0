"""The bid model and the weighting of sampled deals by the bids made (``bots/inference.py``), and its use by
``search``: a bid rules hands in or out."""

from __future__ import annotations

import random
from statistics import fmean

import pytest

from wizardcards.bots.determinize import Sampler
from wizardcards.bots.inference import (
    FLOOR,
    BidModel,
    bid_probabilities,
    dealt_hands,
    free_tricks,
    hand_value_of,
    resample,
    value_table,
)
from wizardcards.bots.search import SearchBot
from wizardcards.core import Game, Phase, RuleSet, View, cards_from_text, new_game
from wizardcards.core import actions as A
from wizardcards.core.cards import card_from_text
from wizardcards.core.tricks import NO_SUIT_YET

HEARTS = 2


@pytest.mark.parametrize("size", [1, 3, 8, 15])
def test_bid_probabilities_are_a_distribution_that_rises_with_the_hand(size: int) -> None:
    means = []
    for value in [0.0, 0.3, 0.8, 1.5, 2.5, 4.0, 7.0]:
        value = min(value, float(size))
        p = bid_probabilities(value, size, 0.5)
        assert len(p) == size + 1
        assert sum(p) == pytest.approx(1.0)
        assert min(p) >= FLOOR / (size + 1) - 1e-12  # no bid is ever ruled out
        means.append(sum(b * q for b, q in enumerate(p)))
    assert means == sorted(means) and means[-1] > means[0] + 0.5


def test_a_three_card_bid_says_a_lot_about_the_hand() -> None:
    """3 cards, 4 players, Hearts trump: three Wizards are bid 3, three low off-suit cards 0, and the model says so
    with most of its weight."""
    model = BidModel(HEARTS, 4, 3, dealer=3)
    wizards = cards_from_text("Wiz Wiz Wiz")
    low = cards_from_text("2c 3d 4s")
    none: tuple[int | None, ...] = (None,) * 4
    assert model.most_likely(0, wizards, none) == 3 and model.most_likely(0, low, none) == 0
    assert model.probabilities(0, wizards, none)[3] > 0.8 and model.probabilities(0, low, none)[0] > 0.8
    # The weight of a deal for the bid 3 of seat 0: a deal that gives it the Wizards outweighs one that gives it
    # the low cards by far.
    bids = (3, None, None, None)
    assert model.weight([wizards, 0, 0, 0], bids, skip=3) > 50 * model.weight([low, 0, 0, 0], bids, skip=3)
    # The seat's own bid and bids not made yet weigh nothing.
    assert model.weight([low, 0, 0, 0], bids, skip=0) == 1.0


def test_later_bidders_bid_up_when_the_earlier_bids_leave_tricks_over() -> None:
    """A middling hand of the dealer (last to bid): after three bids of 0 the three tricks must go somewhere, and the
    model expects a higher bid than after bids adding up to 3."""
    model = BidModel(HEARTS, 4, 3, dealer=3)
    hand = cards_from_text("Qh 7c 9s")

    def mean_bid(bids: tuple[int | None, ...]) -> float:
        return sum(b * p for b, p in enumerate(model.probabilities(3, hand, bids)))

    assert mean_bid((0, 0, 0, None)) > mean_bid((1, 1, 1, None)) + 0.3
    assert free_tricks([0, 0, 0], 3, 4) == pytest.approx(2.25) and free_tricks([], 3, 4) == 0.0


def test_complete_draws_the_missing_bids_in_bidding_order() -> None:
    """Known bids stay; each missing one is an inverse-CDF draw at its uniform number: near 0 the lowest bid, near 1
    the highest the model allows; a seat's draw sees the bids drawn before it (after three Wizards bid 3, the top
    trumps are bid lower than after a first bid of 0)."""
    model = BidModel(HEARTS, 4, 3, dealer=3)
    dealt = [cards_from_text(h) for h in ("Wiz Wiz Wiz", "2c 3d 4s", "Ah Kh Qh", "5c 6d 7s")]
    after_wizards = model.complete(dealt, (None, 0, None, None), [0.5, 0.0, 0.5, 0.5])
    assert after_wizards[:2] == [3, 0]
    after_nothing = model.complete([dealt[1], *dealt[1:]], (None, 0, None, None), [0.5, 0.0, 0.5, 0.5])
    assert after_nothing[:2] == [0, 0] and after_nothing[2] > after_wizards[2]
    low = model.complete(dealt, (None, None, None, None), [1e-9] * 4)
    high = model.complete(dealt, (None, None, None, None), [1 - 1e-9] * 4)
    assert low == [0, 0, 0, 0] and high == [3, 3, 3, 3]


def test_resample_draws_in_proportion_to_the_weights() -> None:
    rng = random.Random(3)
    weights = [0.0, 1.0, 3.0, 0.0, 4.0]
    picks = resample(weights, 800, rng)
    counts = dict(picks)
    assert sum(counts.values()) == 800
    assert 0 not in counts and 3 not in counts
    for i, w in enumerate(weights):
        if w:
            assert abs(counts[i] - 800 * w / 8) < 1  # systematic resampling: within one of the expected count
    assert resample([0.0, 0.0], 5, rng) == [(0, 1), (1, 1)]
    assert sum(c for _, c in resample([1e-300, 1.0, 1e-300], 7, rng)) == 7


def test_dealt_hands_put_the_played_cards_back() -> None:
    state = new_game(RuleSet(players=4), 12)
    rng = random.Random(0)
    while state.phase is not Phase.PLAY or state.round_index < 4:
        state.apply(rng.choice(state.legal_actions()))
    dealt = list(state.hands)
    for _ in range(7):  # into the second trick
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.current_player())
    played = view.played_by
    assert sum(p.bit_count() for p in played) == 7
    assert dealt_hands(list(state.hands), played) == dealt


def three_card_view(hand: str, bids: tuple[int | None, ...], seat: int, phase: Phase = Phase.PLAY) -> View:
    """Seat ``seat`` on turn at the start of a 4-player 3-card hand dealt by seat 3, Hearts trump (5h turned)."""
    legal = tuple(A.bid_action(b) for b in range(4)) if phase is Phase.BID else ()
    mask = cards_from_text(hand)
    if phase is Phase.PLAY:
        legal = tuple(sorted(c for c in range(60) if mask >> c & 1))
    return View(
        game=Game.WIZARD, rules=RuleSet(), seat=seat, phase=phase, current_player=seat, dealer=3, round_index=2,
        hand_size=3, hand=mask, trump_card=card_from_text("5h"), trump_suit=HEARTS, led=NO_SUIT_YET,
        trick_leader=0, trick=(), round_tricks=(), last_trick=None, played=0, played_by=(0, 0, 0, 0),
        voids=(0, 0, 0, 0), tricks_won=(0, 0, 0, 0), legal_actions=legal, bids=bids, scores=(0, 0, 0, 0),
    )


def test_search_weighs_deals_by_the_bids() -> None:
    """Seat 1 bid 3: in the deals search plays out its hand is far stronger than in uniform deals (and with a bid
    of 0, weaker)."""
    bot = SearchBot()
    values = value_table(HEARTS, 4)
    for bid, stronger in ((3, True), (0, False)):
        view = three_card_view("2c 3c 4c", (0, bid, 0, 0), seat=0)
        sampler = Sampler(view)
        model = BidModel(HEARTS, 4, 3, 3)
        rng = random.Random(1)
        uniform = fmean(hand_value_of(sampler.sample(rng)[1], values) for _ in range(400))
        drawn = bot._weighted_deals(view, sampler, 400, rng, model, list(view.played_by))
        weighted = sum(count * hand_value_of(hands[1], values) for hands, _, count in drawn) / 400
        assert (weighted > uniform + 0.8) if stronger else (weighted < uniform - 0.1)
