"""The learned play model (``bots/play_model.py``) and the playouts it plays in (``rollout.playout(model=...)``).

The model is checked three ways: its features on hand-built positions (written out), its score against the sum of
the weights its features name (random positions, random weights), and whole playouts replayed through the core
engine, where every card the playout plays must be the model's choice recomputed from the core's own view of the
position (what the seat holds, the trick, what is gone, its bid and tricks won).
"""

from __future__ import annotations

import math
import random

import pytest

from tests.bots.test_rollout import random_position
from wizardcards.arena.match import hands_of
from wizardcards.bots import make_bot
from wizardcards.bots.play_model import (
    CLASS_FOLLOW,
    CLASS_JESTER,
    CLASS_OTHER,
    CLASS_TRUMP,
    CLASS_WIZARD,
    FEATURES,
    HIGHER_OUT,
    NEEDS,
    SUIT_LENGTH,
    TAKES,
    WEIGHTS,
    card_features,
    card_log_probability,
    card_score,
    load_weights,
    model_card,
    plays_log_likelihood,
    situation,
)
from wizardcards.bots.rollout import playout, winning_so_far
from wizardcards.bots.search import SearchBot
from wizardcards.core import RuleSet, find_rules, new_game
from wizardcards.core.actions import card_action
from wizardcards.core.cards import FULL_DECK, card_from_text, cards_from_text
from wizardcards.core.rules import JesterLead
from wizardcards.core.state import Phase
from wizardcards.core.tricks import legal_cards


def cards(text: str) -> int:
    return cards_from_text(text)


def card(text: str) -> int:
    return card_from_text(text)


def test_situation_blocks_by_role_and_standing() -> None:
    # leading, needing 2 of 5 tricks left; following in the middle, over the bid; last, needing every trick left
    assert situation(0, 4, 2, 5) == (0 * NEEDS + 3) * FEATURES
    assert situation(1, 4, -1, 5) == (1 * NEEDS + 0) * FEATURES
    assert situation(3, 4, 3, 3) == (2 * NEEDS + 4) * FEATURES
    assert situation(2, 4, 0, 3) == (1 * NEEDS + 1) * FEATURES
    assert situation(0, 3, 4, 3) == (0 * NEEDS + 5) * FEATURES  # needs more tricks than are left
    assert situation(1, 3, 1, 3) == (1 * NEEDS + 2) * FEATURES


def test_features_of_hand_built_cards() -> None:
    hand = cards("Kh 4h 2h Ts Wiz Jes")
    trump = 3  # spades
    out = FULL_DECK & ~hand
    # Leading the King of hearts: a plain suited card, one heart above it out (the Ace), three hearts held.
    assert card_features(card("Kh"), hand, 0, -1, trump, -1, out) == [CLASS_FOLLOW + 11, SUIT_LENGTH + 3 + 2,
                                                                     HIGHER_OUT + 4 + 1]
    # Following a led Queen of hearts with the King: it takes the trick.
    queen = card("Qh")
    out_now = out & ~(1 << queen)
    assert card_features(card("Kh"), hand, 1, queen, trump, 2, out_now) == [CLASS_FOLLOW + 11, SUIT_LENGTH + 5,
                                                                           HIGHER_OUT + 4 + 1, TAKES]
    assert card_features(card("4h"), hand, 1, queen, trump, 2, out_now)[-1] != TAKES
    # A trump (the Ten of spades) on a club trick: the trump class, four spades above it out (3 or more), one held.
    club = card("9c")
    assert card_features(card("Ts"), cards("Ts Wiz"), 1, club, trump, 0, out) == [CLASS_TRUMP + 8, SUIT_LENGTH + 0,
                                                                                   HIGHER_OUT + 3, TAKES]
    # A Wizard: three other Wizards out; a Jester never takes a trick over.
    assert card_features(card("Wiz"), hand, 1, club, trump, 0, out) == [CLASS_WIZARD, HIGHER_OUT + 12 + 3, TAKES]
    assert card_features(card("Jes"), hand, 1, club, trump, 0, out) == [CLASS_JESTER, HIGHER_OUT + 12 + 3]
    # After a Wizard led (nothing to follow) a heart is another suit.
    wizard = card("Wiz")
    assert card_features(card("4h"), cards("4h"), 1, wizard, trump, 4, out)[0] == CLASS_OTHER + 2


def test_score_is_the_sum_of_the_features_weights() -> None:
    rng = random.Random(5)
    weights = [rng.uniform(-1, 1) for _ in range(WEIGHTS)]
    for _ in range(400):
        state = random_position(RuleSet(players=rng.choice((3, 4, 5, 6))), rng)
        if state is None or state.phase is not Phase.PLAY:
            continue
        view = state.view(state.current_player())
        trick = list(view.trick)
        best = winning_so_far(trick, view.trump_suit)[0]
        out = FULL_DECK & ~(view.hand | view.played)
        base = situation(len(trick), view.players, rng.randrange(-2, 4), view.hand.bit_count())
        for c in range(60):
            if view.hand >> c & 1:
                expected = sum(weights[base + f] for f in card_features(c, view.hand, len(trick), best,
                                                                        view.trump_suit, view.led, out))
                got = card_score(weights, base, c, view.hand, len(trick), best, view.trump_suit, view.led, out)
                assert got == pytest.approx(expected)


def test_hand_set_weights_choose_as_written() -> None:
    # Following a led Queen of hearts, needing one trick: weights that only value taking the trick over choose a card
    # that does (the King, not the 4 or 2); the same weights over the bid choose a card that does not.
    weights = [0.0] * WEIGHTS
    need_one = situation(1, 4, 1, 3)
    weights[need_one + TAKES] = 1.0
    over = situation(1, 4, -1, 3)
    weights[over + TAKES] = -1.0
    hand = cards("Kh 4h 2h")
    queen = card("Qh")
    out = FULL_DECK & ~(hand | 1 << queen)
    legal = legal_cards(hand, 2)
    assert model_card(weights, hand, legal, 1, 4, queen, -1, 2, 1, out) == card("Kh")
    assert model_card(weights, hand, legal, 1, 4, queen, -1, 2, -1, out) == card("2h")  # ties: the lowest id
    # As probabilities: the King is the likeliest card needing a trick, the least likely over the bid.
    king = card("Kh")
    assert card_log_probability(weights, king, hand, 2, 1, 4, queen, -1, 1, out, 1.0) > -0.6
    assert card_log_probability(weights, king, hand, 2, 1, 4, queen, -1, -1, out, 1.0) < -1.5


RULESETS = [hands_of(RuleSet(players=n, jester_lead=lead), 9) for n in (3, 4, 5, 6) for lead in JesterLead]
"""Hands of 9 cards: long enough that most positions hold choices."""


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: f"{r.players}p-{r.jester_lead.value}")
def test_model_playouts_play_the_model_card_the_core_allows(rules: RuleSet) -> None:
    """A model playout replayed through the core: every card legal, and the model's own choice recomputed from the
    core's view of the seat on turn; the tricks won are the core's."""
    weights, _ = load_weights()
    rng = random.Random(rules.players * 10 + len(rules.jester_lead.value))
    checked = 0
    for _ in range(40):
        state = random_position(rules, rng)
        if state is None or state.phase is not Phase.PLAY:
            continue
        targets = [rng.randrange(state.hand_size + 1) for _ in range(state.players)]
        first_view = state.view(state.current_player())
        gone = first_view.played | (1 << state.trump_card if state.trump_card >= 0 else 0)
        trace: list[tuple[int, int, int]] = []
        won = playout(list(state.hands), list(state.trick), state.leader, state.led, list(state.tricks_won),
                      state.trump_suit, rules.jester_lead is JesterLead.FIRST_SUITED, targets, trace=trace,
                      model=weights, gone=gone)
        rows = len(state.sheet)
        for seat, legal, played in trace:
            view = state.view(seat)
            assert state.current_player() == seat and legal >> played & 1
            if legal & (legal - 1):
                trick = list(view.trick)
                best = winning_so_far(trick, view.trump_suit)[0]
                out = FULL_DECK & ~(view.hand | view.played | (1 << view.trump_card if view.trump_card >= 0 else 0))
                need = targets[seat] - view.tricks_won[seat]
                assert played == model_card(weights, view.hand, legal, len(trick), view.players, best,
                                            view.trump_suit, view.led, need, out)
                checked += 1
            state.apply(card_action(played))
        assert state.sheet[rows].tricks == tuple(won)
    assert checked > 50


def test_shipped_weights_say_what_made_them() -> None:
    weights, meta = load_weights()
    assert len(weights) == WEIGHTS and any(weights)
    assert str(meta["command"]).startswith("python benchmarks/train_play_model.py")
    assert isinstance(meta["seed"], int) and meta["iterations"]


def test_search_with_the_learned_policy_and_card_inference_plays_legally() -> None:
    rules = find_rules("standard", players=4)
    state = new_game(rules, 3)
    bot = make_bot("search:level=1,policy=learned,infer=cards")
    assert isinstance(bot, SearchBot) and bot.model is not None and bot.infer == "cards"
    plain = make_bot("search:level=1")
    rng = random.Random(1)
    rounds = 0
    while not state.is_terminal() and rounds < 4:
        seat = state.current_player()
        view = state.view(seat)
        action = (bot if seat == 0 else plain).act(view, rng)
        assert action in view.legal_actions
        state.apply(action)
        rounds = len(state.sheet)
    with pytest.raises(Exception, match="policy"):
        make_bot("search:policy=clever")
    with pytest.raises(Exception, match="infer"):
        make_bot("search:infer=everything")


def test_cards_played_make_a_deal_likelier_when_the_model_would_play_them() -> None:
    """Inference from the cards: seat 1, needing a trick, followed a led King of hearts with the 2 of hearts. Under
    weights that value taking a trick when short, a deal in which it held the Ace of hearts too (and so chose not to
    take) is less likely than one in which the 2 was its only heart; seat 0's own card (``me``) is no evidence."""
    weights = [0.0] * WEIGHTS
    weights[situation(1, 3, 1, 2) + TAKES] = 2.0
    king, two, ace = card("Kh"), card("2h"), card("Ah")
    tricks = [[king, two]]
    rest = cards("5c 6c")
    with_ace = [1 << king | card("3d"), 1 << two | 1 << ace, rest]
    without = [1 << king | card("3d"), 1 << two | card("7c"), rest]

    def likelihood(dealt: list[int]) -> float:
        return plays_log_likelihood(weights, dealt, tricks, [0], 0, -1, 0, [1, 1, 0], 0, 1.0, 0.1)

    assert likelihood(without) == 0.0  # a forced card: nothing learned
    assert likelihood(with_ace) == pytest.approx(math.log(0.9 / (1 + math.exp(2.0)) + 0.05))
    assert likelihood(with_ace) < math.log(0.5)
