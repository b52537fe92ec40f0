"""The rule-based bot's decisions on hand-built positions: one test per branch of the reading in its docstring."""

from __future__ import annotations

import random

import pytest

from wizardcards.bots import make_bot
from wizardcards.bots.rulebased import card_chance, card_values, hand_value
from wizardcards.core import Game, Phase, RuleSet, View, cards_from_text, find_rules
from wizardcards.core import actions as A
from wizardcards.core.cards import card_from_text
from wizardcards.core.state import card_actions
from wizardcards.core.tricks import NO_SUIT_YET, legal_cards, next_led

HEARTS, SPADES = 2, 3
BOT = make_bot("rulebased")


def wizard_view(
    hand: str, trick: str = "", bid: int = 1, won: int = 0, trump: int = HEARTS, leader: int = 1, seat: int = 0,
    phase: Phase = Phase.PLAY, legal: tuple[int, ...] | None = None, rules: RuleSet | None = None,
) -> View:
    """Seat 0 on turn in a 4-player Wizard hand; ``trick`` holds the cards already played from ``leader`` on."""
    cards = [card_from_text(t) for t in trick.split()]
    led = NO_SUIT_YET
    for position, card in enumerate(cards):
        led = next_led(led, card, position, False)
    mask = cards_from_text(hand)
    if legal is None:
        legal = tuple(card_actions(legal_cards(mask, led)))
    return View(
        game=Game.WIZARD, rules=rules or RuleSet(), seat=seat, phase=phase, current_player=seat, dealer=3,
        round_index=3, hand_size=4, hand=mask, trump_card=-1, trump_suit=trump, led=led, trick_leader=leader,
        trick=tuple(cards), round_tricks=(), last_trick=None, played=0, played_by=(0,) * 4, voids=(0,) * 4,
        tricks_won=(won, 0, 0, 0), legal_actions=legal,
        bids=(bid, 1, 1, 1), scores=(0, 0, 0, 0),
    )


def act(view: View) -> str:
    return A.action_to_text(BOT.act(view, random.Random(0)))


# --- the card values ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "trump", "lead", "follow"),
    [
        ("Wiz", HEARTS, 59, 56),  # loses only to an earlier Wizard
        ("Jes", HEARTS, 3, 0),  # a led Jester beats the other Jesters
        ("5h", HEARTS, 43 + 3, 43 + 3),  # trump: Jesters, the 3 lower trumps, the 39 cards of other suits
        ("5c", HEARTS, 30 + 3, 4 + 3),
        ("5c", -1, 43 + 3, 4 + 3),
        ("Ac", SPADES, 30 + 12, 4 + 12),
    ],
)
def test_card_chance_counts_the_other_59_cards(card: str, trump: int, lead: int, follow: int) -> None:
    assert card_chance(card_from_text(card), trump) == pytest.approx((lead + follow) / 118)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("trump", [-1, 0, 3])
def test_values_are_chance_to_the_players_minus_one_scaled_to_a_players_share(players: int, trump: int) -> None:
    values = card_values(trump, players)
    assert sum(values) == pytest.approx(60 / players)
    ace, two = card_chance(12, trump), card_chance(0, trump)
    assert values[12] / values[0] == pytest.approx((ace / two) ** (players - 1))


# --- Wizard: trump choice and bidding ------------------------------------------------------------------------------


def test_dealer_names_the_suit_that_makes_the_hand_worth_most() -> None:
    view = wizard_view("Ac Kc Qc 2h", phase=Phase.CHOOSE_TRUMP, trump=-1, legal=(54, 55, 56, 57))
    assert act(view) == "trump c"


@pytest.mark.parametrize(
    ("hand", "bid"),
    [("Wiz Wiz Wiz", 3), ("Kh Qh 2c", 2), ("Ah 2c 3d", 1), ("2c 3d Jes", 0)],
)
def test_bid_is_the_rounded_hand_value(hand: str, bid: int) -> None:
    view = wizard_view(hand, phase=Phase.BID, legal=tuple(A.BID_BASE + b for b in range(4)))
    assert bid - 0.5 <= hand_value(view.hand, HEARTS, 4) < bid + 0.5
    assert act(view) == f"bid {bid}"


def test_bid_forbidden_by_the_hook_rule_goes_to_the_nearest_legal_bid_lower_on_a_tie() -> None:
    # Hand worth 1.65 -> 2, but the hook rule forbids 2 (others bid 1 in a hand of 3): 1 and 3 are as near; 1.
    legal = tuple(A.BID_BASE + b for b in (0, 1, 3))
    view = wizard_view("Kh Qh 2c", phase=Phase.BID, legal=legal, rules=find_rules("hook"))
    assert act(view) == "bid 1"


# --- Wizard: play, one test per branch ---------------------------------------------------------------------------


def test_short_of_the_bid_leads_the_highest() -> None:
    assert act(wizard_view("2c Kd 5h Jes", bid=1, won=0)) == "5h"


def test_short_following_plays_the_highest_when_it_beats_the_table() -> None:
    assert act(wizard_view("2d Ad 3h", trick="Qd", bid=1, won=0, leader=3)) == "Ad"


def test_short_following_plays_the_lowest_when_the_highest_cannot_beat_the_table() -> None:
    # The Wizard led wins whatever follows; the trump 5h is the highest card but loses: give the cheapest card.
    assert act(wizard_view("2c Kd 5h", trick="Wiz", bid=1, won=0, leader=3)) == "2c"


def test_bid_reached_leads_the_lowest() -> None:
    assert act(wizard_view("2c Kd 5h Jes", bid=1, won=1)) == "Jes"


def test_bid_reached_following_plays_the_highest_card_that_still_loses() -> None:
    assert act(wizard_view("2d 9d Ad Wiz", trick="Qd", bid=0, won=0, leader=3)) == "9d"


def test_bid_reached_following_plays_the_lowest_when_every_card_wins() -> None:
    assert act(wizard_view("Ad Wiz", trick="2d", bid=0, won=0, leader=3)) == "Ad"


# --- Wily Wizards --------------------------------------------------------------------------------------------------


def wily_view(
    hand: str, phase: Phase, seat: int = 0, trick: str = "", leader: int = 1, high_bidder: int = -1,
    high_bid: int = 0, contract: int = 0, won: tuple[int, ...] = (0, 0, 0, 0), trump: int = HEARTS,
    legal: tuple[int, ...] | None = None,
) -> View:
    rules = find_rules("wily")
    cards = [card_from_text(t) for t in trick.split()]
    led = NO_SUIT_YET
    for position, card in enumerate(cards):
        led = next_led(led, card, position, False)
    mask = cards_from_text(hand)
    if legal is None:
        legal = tuple(card_actions(legal_cards(mask, led)))
    return View(
        game=Game.WILY, rules=rules, seat=seat, phase=phase, current_player=seat, dealer=3, round_index=0,
        hand_size=15, hand=mask, trump_card=-1, trump_suit=trump, led=led, trick_leader=leader, trick=tuple(cards),
        round_tricks=(), last_trick=None, played=0, played_by=(0,) * 4, voids=(0,) * 4, tricks_won=won,
        legal_actions=legal, teams=(0, 1, 0, 1), high_bidder=high_bidder, high_bid=high_bid, contract=contract,
        letters=(0, 0),
    )


STRONG = "Wiz Wiz Wiz Ah Kh Qh Jh Th 9h 8h Ac Kc As Ks Ad"  # worth far more than 8 tricks for the team
WEAK = "2c 3c 4c 5c 2d 3d 4d 5d 2s 3s 4s 5s Jes Jes 6c"


def auction_legal(high: int) -> tuple[int, ...]:
    return (A.PASS, *(A.BID_BASE + b for b in range(high + 1, 16)))


def test_wily_auction_raises_by_one_while_the_hand_is_worth_it() -> None:
    assert act(wily_view(STRONG, Phase.AUCTION, high_bidder=1, high_bid=7, legal=auction_legal(7))) == "bid 8"
    # WEAK is worth 2.69 under Clubs; with a partner's share (15 - 2.69) / 3 the team estimate is 6.80.
    assert act(wily_view(WEAK, Phase.AUCTION, high_bidder=1, high_bid=5, legal=auction_legal(5))) == "bid 6"


def test_wily_auction_passes_when_the_raise_exceeds_the_estimate() -> None:
    assert act(wily_view(WEAK, Phase.AUCTION, high_bidder=1, high_bid=6, legal=auction_legal(6))) == "pass"


def test_wily_names_the_longest_suit_and_breaks_length_ties_by_strength() -> None:
    legal = (54, 55, 56, 57)
    longest = "2c 3c 4c 5c 6c Ah Kh Qh Wiz Wiz Jes 2d 3d 2s 3s"  # five Clubs beat three high Hearts
    assert act(wily_view(longest, Phase.NAME_TRUMP, trump=-1, legal=legal)) == "trump c"
    tie = "2c 3c 4c Ah Kh Qh Wiz Wiz Jes 2d 3d 4d 2s 3s 5s"  # three each: Hearts are the strongest three
    assert act(wily_view(tie, Phase.NAME_TRUMP, trump=-1, legal=legal)) == "trump h"


def test_wily_high_bidder_passes_to_make_a_void_keeping_wizards_and_trumps() -> None:
    # The high bidder (seat 0) gives to its partner (seat 2), who is not the bidder: the lowest card of its shortest
    # side suit (Clubs and Spades, two each: Kc, the lowest of those), so that it can ruff that suit; moving the
    # Jester within the team would change nothing of the team's strength
    view = wily_view(STRONG.replace("Ad", "Jes"), Phase.PASS_CARDS, high_bidder=0, high_bid=8, contract=8)
    assert act(view) == "Kc"


def test_wily_does_not_overtake_a_teammate_who_wins_the_trick() -> None:
    # Seat 2 (partner) led Qd and wins so far; seat 0's team is short of its contract, and Kd would win the trick,
    # but it plays its lowest Diamond rather than overtake.
    view = wily_view("2d Kd Ac", Phase.PLAY, trick="Qd 3d", leader=2, high_bidder=0, contract=8, won=(3, 4, 3, 2))
    assert act(view) == "2d"


def test_wily_high_bidder_team_short_of_the_contract_plays_to_win() -> None:
    view = wily_view("2d Kd Ac", Phase.PLAY, trick="Qd", leader=3, high_bidder=0, contract=8, won=(3, 4, 3, 2))
    assert act(view) == "Kd"


def test_wily_defenders_play_to_win_while_the_contract_can_still_be_made() -> None:
    # Seat 1 defends against seat 0's 8: the bidders have 5 with 3 tricks left, so the contract is still possible.
    view = wily_view("2d Kd Ac", Phase.PLAY, seat=1, trick="Qd", leader=0, high_bidder=0, contract=8,
                     won=(3, 4, 2, 3))
    assert act(view) == "Kd"


def test_wily_defenders_duck_once_the_contract_is_beaten() -> None:
    # The bidders have 4 tricks with 3 left: 8 is out of reach, so the defender plays the highest card that loses
    # (a defender still short would play its lowest, 2d, since Kd cannot beat Ad).
    view = wily_view("2d Kd Ac", Phase.PLAY, seat=1, trick="Ad", leader=0, high_bidder=0, contract=8,
                     won=(2, 5, 2, 3))
    assert act(view) == "Kd"
