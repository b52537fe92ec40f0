"""Wily Wizards bidding (issue 15): the heuristic auction, trump and passing of ``rulebased`` (``wily_bidding.py``),
the ``search`` auction on hand-built hands where the right call is clear, the hint's values for pass and bid, the
``passer`` baseline, and the exact Wily endgame against the core.

Positions are written in the core's position text (docs/notation.md) and read with ``view_of_position``: the seat
sees its own hand, the other hands are dealt at random consistently with it."""

from __future__ import annotations

import random

import pytest

from wizardcards.bots import make_bot
from wizardcards.bots.rulebased import RuleBasedBot, hand_value, longest_strong_suit
from wizardcards.bots.search import SearchBot
from wizardcards.bots.wily_bidding import (
    ESTIMATES,
    all_tables,
    estimate_constants,
    fit_estimate,
    gift_card,
    limit,
    named_trump_value,
    opening_least,
    table_key,
)
from wizardcards.bots.wily_endgame import WilyEndgame
from wizardcards.bots.wily_search import PARTNER_MARGIN, wily_choice
from wizardcards.core import Phase, View, cards_from_text, find_rules, new_game, position_from_text, view_of_position
from wizardcards.core import actions as A
from wizardcards.core.cards import card_from_text
from wizardcards.core.state import TrickGameState
from wizardcards.core.wily import WilyState

WILY4 = find_rules("wily", players=4)
STRONG = "Wiz Wiz Wiz 2s 5s 7s 9s Js Qs Ks As 3h 4d 5c 6c"  # three Wizards and eight Spades
WEAK = "2c 3c 4c 2d 3d 4d 5d 2h 3h 4h 5h 3s 4s Jes Jes"  # nothing that wins a trick
MIDDLE = "Ac Kc 9c 5c 3c Qd 7d 4d Jh 8h 6h 2h 8s 6s Jes"  # a fair hand: limit 7 (checked below)


def dotted(cards: str) -> str:
    return ".".join(cards.split())


def auction_view(hand: str, dealer: int, calls: str = "-", rules: str = "wily/4") -> View:
    """Seat 0 on turn in the first auction of a game: ``calls`` are those made before it (position text)."""
    text = f"{rules} r1 d{dealer} t:? h:{dotted(hand)}/?/?/? a:{calls} g:- p:- l:0.0"
    view = view_of_position(position_from_text(text), seat=0)
    assert view.phase is Phase.AUCTION and view.current_player == 0
    return view


def bid_of(action: int) -> int:
    return 0 if action == A.PASS else action - A.BID_BASE


# --- the team estimate and the limit -----------------------------------------------------------------------------


def test_the_hands_of_these_tests_have_the_limits_they_are_used_for() -> None:
    assert limit(cards_from_text(STRONG), WILY4) >= 11
    assert limit(cards_from_text(WEAK), WILY4) < opening_least((0, 1, 0, 1), 0, 15) == 8
    assert limit(cards_from_text(MIDDLE), WILY4) == 7


def test_every_table_has_its_fitted_estimate_and_a_stronger_hand_a_higher_one() -> None:
    for rules in all_tables():
        a, b, spread = ESTIMATES[table_key(rules)]
        assert b > 0.5 and 0.5 < spread < 2.0, rules


def test_a_refit_stays_close_to_the_table() -> None:
    """The fitted constants are what the heuristic's own play gives: a fresh fit on other deals predicts the same
    team tricks within half a trick over the usual hand values."""
    a, b, _ = fit_estimate(WILY4, 300, 7)
    a0, b0, _ = estimate_constants(WILY4)
    for value in (2.0, 4.0, 6.0, 8.0):
        assert abs((a + b * value) - (a0 + b0 * value)) < 0.6


def test_the_suit_tables_give_the_rule_based_trump_and_value() -> None:
    rng = random.Random(3)
    for _ in range(300):
        players = rng.choice([3, 4, 5, 6, 7])
        hand = sum(1 << c for c in rng.sample(range(60), 60 // players))
        trump, value = named_trump_value(hand, players)
        assert trump == longest_strong_suit(hand, players)
        assert value == pytest.approx(hand_value(hand, trump, players))


# --- the rule-based auction ---------------------------------------------------------------------------------------


def test_rulebased_opens_a_strong_hand_at_its_limit_and_passes_a_weak_one() -> None:
    bot = RuleBasedBot()
    strong = auction_view(STRONG, dealer=3)
    assert bid_of(bot.act(strong, random.Random(0))) == limit(strong.hand, WILY4)
    assert bot.act(auction_view(WEAK, dealer=3), random.Random(0)) == A.PASS
    assert bot.act(auction_view(MIDDLE, dealer=3), random.Random(0)) == A.PASS  # 7 is no more than its share


def test_rulebased_raises_an_opponent_by_one_but_leaves_its_partner_the_contract() -> None:
    bot = RuleBasedBot()
    over_opponent = auction_view(MIDDLE, dealer=2, calls="6")  # seat 3 (an opponent) bid 6
    assert bot.act(over_opponent, random.Random(0)) == A.BID_BASE + 7
    over_partner = auction_view(MIDDLE, dealer=1, calls="6.p")  # seat 2 (the partner) bid 6, seat 3 passed
    assert over_partner.high_bidder == 2
    assert bot.act(over_partner, random.Random(0)) == A.PASS
    assert bot.act(auction_view(MIDDLE, dealer=2, calls="7"), random.Random(0)) == A.PASS  # beyond the limit


def test_rulebased_outbids_its_partner_with_a_clearly_stronger_hand() -> None:
    view = auction_view(STRONG, dealer=1, calls="8.p")
    assert RuleBasedBot().act(view, random.Random(0)) == A.BID_BASE + 9


def test_rulebased_counts_the_combined_contract() -> None:
    """Partners' bids combined (seat 2, the partner, bid first, then seat 3): over an opponent's 3, raising to 4
    makes the team's contract 4 + the partner's 2 = 6, within the middle hand's limit of 7; over 4, 5 + 3 = 8 is
    not, though a plain 5 would be."""
    rules = "wily/4:combined_bids=true"
    assert RuleBasedBot().act(auction_view(MIDDLE, 1, "2.3", rules), random.Random(0)) == A.BID_BASE + 4
    assert RuleBasedBot().act(auction_view(MIDDLE, 1, "3.4", rules), random.Random(0)) == A.PASS
    assert RuleBasedBot().act(auction_view(MIDDLE, 1, "3.4"), random.Random(0)) == A.BID_BASE + 5


def test_rulebased_names_its_longest_strong_suit() -> None:
    text = f"wily/4 r1 d3 t:? h:{dotted(STRONG)}/?/?/? a:11.p.p.p g:- p:- l:0.0"
    view = view_of_position(position_from_text(text), seat=0)
    assert view.phase is Phase.NAME_TRUMP
    assert RuleBasedBot().act(view, random.Random(0)) == A.TRUMP_BASE + 3  # Spades


def test_the_passing_rule_gives_the_bidder_its_best_and_makes_voids_otherwise() -> None:
    hand = cards_from_text("Wiz 2s 9s As 3h Kd 4c 6c 8c 9c Tc Jc Qc Kc Ac")
    spades = 3
    assert gift_card(hand, spades, to_bidder=True) == card_from_text("Wiz")
    # Not to the bidder: the shortest side suit first (Hearts, one card; then Diamonds), never trump or Wizards.
    assert gift_card(hand, spades, to_bidder=False) == card_from_text("3h")
    assert gift_card(hand & ~cards_from_text("3h"), spades, to_bidder=False) == card_from_text("Kd")


def test_rulebased_passes_to_its_partner_the_bidder_its_wizards() -> None:
    hand = "Wiz Wiz 2s 9s As 3h Kd 4c 6c 8c 9c Tc Jc Qc Kc"
    text = f"wily/4 r1 d0 t:s h:{dotted(hand)}/?/?/? a:p.9.p.p g:-/-/?/? p:- l:0.0"
    view = view_of_position(position_from_text(text), seat=0)
    assert view.phase is Phase.PASS_CARDS and view.high_bidder == 2 and view.current_player == 0
    assert RuleBasedBot().act(view, random.Random(0)) == A.PLAY_WIZARD


def test_passer_never_bids_and_plays_as_rulebased_otherwise() -> None:
    passer = make_bot("passer")
    assert passer.act(auction_view(STRONG, dealer=3), random.Random(0)) == A.PASS
    state = new_game(WILY4, 4)
    rng = random.Random(0)
    while state.phase is not Phase.PLAY:
        view = state.view(state.current_player())
        state.apply(RuleBasedBot().act(view, rng))
    view = state.view(state.current_player())
    assert passer.act(view, rng) == RuleBasedBot().act(view, rng)


# --- the search auction -------------------------------------------------------------------------------------------


def test_search_opens_three_wizards_and_a_long_suit_high() -> None:
    view = auction_view(STRONG, dealer=3)
    bot = SearchBot(level=2)
    values = bot.analyse(view, random.Random(1))
    call = bot.act(view, random.Random(1))
    assert bid_of(call) >= 9
    assert values[call] > values[A.PASS] + 0.3
    assert values[A.BID_BASE + 15] < 0.2  # all fifteen tricks: hopeless


def test_search_passes_a_weak_hand() -> None:
    view = auction_view(WEAK, dealer=3)
    assert SearchBot(level=2).act(view, random.Random(1)) == A.PASS


def test_search_does_not_outbid_a_partner_it_cannot_improve_on() -> None:
    view = auction_view(MIDDLE, dealer=1, calls="9.p")  # the partner bid 9
    assert SearchBot(level=2).act(view, random.Random(1)) == A.PASS


def test_a_bid_over_the_partner_must_beat_passing_clearly() -> None:
    view = auction_view(MIDDLE, dealer=1, calls="9.p")
    close = {a: 0.5 for a in view.legal_actions} | {A.BID_BASE + 10: 0.5 + PARTNER_MARGIN / 2}
    assert wily_choice(view, close) == A.PASS
    clear = close | {A.BID_BASE + 10: 0.5 + 2 * PARTNER_MARGIN}
    assert wily_choice(view, clear) == A.BID_BASE + 10
    over_opponent = auction_view(MIDDLE, dealer=2, calls="9")
    assert wily_choice(over_opponent, {a: 0.5 for a in over_opponent.legal_actions}
                       | {A.BID_BASE + 10: 0.5 + PARTNER_MARGIN / 2}) == A.BID_BASE + 10


def test_the_hint_gives_pass_its_chance_that_the_contract_fails() -> None:
    """An opponent bid 14 of 15 tricks: passing wins the letter unless that contract is made, which a middle hand
    in this seat makes very unlikely; a bid of 15 is nearly hopeless. Over a partner's sound 9, passing keeps the
    team's fair chance for the letter."""
    bot = SearchBot(level=2)
    values = bot.analyse(auction_view(MIDDLE, dealer=2, calls="14"), random.Random(1))
    assert set(values) == {A.PASS, A.BID_BASE + 15}
    assert values[A.PASS] > 0.8
    assert values[A.BID_BASE + 15] < 0.1
    partner = bot.analyse(auction_view(STRONG.replace("Wiz Wiz Wiz", "2h 6h 7h"), dealer=1, calls="8.p"),
                          random.Random(1))
    assert 0.2 < partner[A.PASS] < 1.0
    assert all(0.0 <= v <= 1.0 for v in partner.values())


def test_search_names_its_long_strong_suit() -> None:
    text = f"wily/4 r1 d3 t:? h:{dotted(STRONG)}/?/?/? a:11.p.p.p g:- p:- l:0.0"
    view = view_of_position(position_from_text(text), seat=0)
    values = SearchBot(level=2).analyse(view, random.Random(1))
    assert max(values, key=values.__getitem__) == A.TRUMP_BASE + 3
    assert values[A.TRUMP_BASE + 3] > max(values[A.TRUMP_BASE + s] for s in range(3)) + 0.2


def test_search_keeps_its_wizard_from_the_high_bidder_on_its_left() -> None:
    """No Partners, five players: seat 0 gives its three cards to seat 1, the high bidder. The Wizard is the one
    gift that helps the contract most: every other card is worth more to seat 0 (a better chance that it fails)."""
    hand = "Wiz 2s 9s 3h 7h Kd 4c 6c 8c 9c Tc Jc"
    text = f"wily/5:mode=no_partners r1 d4 t:s h:{dotted(hand)}/?/?/?/? a:p.5.p.p.p g:-/?/?/?/? p:- l:0.0.0.0.0"
    view = view_of_position(position_from_text(text), seat=0)
    assert view.phase is Phase.PASS_CARDS and view.high_bidder == 1 and view.current_player == 0
    bot = SearchBot(level=2)
    values = bot.analyse(view, random.Random(1))
    assert values[A.PLAY_WIZARD] < min(v for a, v in values.items() if a != A.PLAY_WIZARD)
    assert bot.act(view, random.Random(1)) != A.PLAY_WIZARD


# --- the exact endgame --------------------------------------------------------------------------------------------


def brute_force_makes(state: TrickGameState) -> bool:
    """Whether the bidder's team makes its contract with best play by both sides, by the core's own moves."""
    assert isinstance(state, WilyState)
    if state.phase is not Phase.PLAY:
        return state.sheet[-1].letter_to == (state.teams[state.sheet[-1].high_bidder],)
    bidder_team = state.teams[state.high_bidder]
    wants = state.teams[state.current_player()] == bidder_team
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if brute_force_makes(child) == wants:
            return wants
    return not wants


@pytest.mark.parametrize("seed", range(12))
def test_the_wily_endgame_agrees_with_a_search_through_the_core(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(WILY4, seed)
    while not (state.phase is Phase.PLAY and state.hands[state.current_player()].bit_count() <= 2
               and rng.random() < 0.5):
        view = state.view(state.current_player())
        state.apply(RuleBasedBot().act(view, rng) if rng.random() < 0.8 else rng.choice(state.legal_actions()))
        if state.phase is Phase.GAME_OVER:
            state = new_game(WILY4, seed + 100)
    assert isinstance(state, WilyState)
    view = state.view(state.current_player())
    solver = WilyEndgame(view.trump_suit, WILY4.lead_rule, view.teams, view.teams[view.high_bidder], view.contract)
    for action in view.legal_actions:
        card = A.card_of_action(action, view.hand)
        child = state.clone()
        child.apply(action)
        expected = brute_force_makes(child)
        got = solver.makes(list(state.hands), list(view.trick), view.trick_leader, view.led, view.tricks_won, card)
        assert got == expected, (seed, action)
