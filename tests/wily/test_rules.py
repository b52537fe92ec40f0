"""Every Wily Wizards rule on hand-built deals and scripted auctions, with the expected outcome written out."""

from __future__ import annotations

import pytest

from wizardcards.core import IllegalActionError, ImpossibleRulesError, Phase, RuleSet, find_rules, new_game
from wizardcards.core import actions as A
from wizardcards.core.cards import FULL_DECK, cards_from_text, cards_to_text
from wizardcards.core.view import WilyHandResult
from wizardcards.core.wily import WilyState, receivers_of, teams_of

from .helpers import at_last_trick, put_hands, start, wily

PASS = A.PASS
HEARTS = A.TRUMP_BASE + 2


def bid(tricks: int) -> int:
    return A.BID_BASE + tricks


def refused(state: WilyState, action: int, words: str) -> None:
    """``action`` is refused with a message containing ``words``, and the state is left exactly as it was."""
    before = state.clone()
    with pytest.raises(IllegalActionError, match=words):
        state.apply(action)
    assert state == before


# --- seats, teams, receivers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "players", "passing", "teams", "receivers"),
    [
        ("partners", 4, "left", (0, 1, 0, 1), (2, 3, 0, 1)),
        ("partners", 6, "left", (0, 1, 2, 0, 1, 2), (3, 4, 5, 0, 1, 2)),
        ("two_teams", 6, "left", (0, 1, 0, 1, 0, 1), (2, 3, 4, 5, 0, 1)),
        ("no_partners", 3, "left", (0, 1, 2), (1, 2, 0)),
        ("no_partners", 7, "left", (0, 1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6, 0)),
        ("no_partners", 5, "none", (0, 1, 2, 3, 4), None),
    ],
)
def test_teams_and_receivers(mode: str, players: int, passing: str, teams: tuple[int, ...], receivers: object) -> None:
    rules = wily(players, mode=mode, passing=passing)
    assert teams_of(rules.mode, players) == teams
    assert receivers_of(rules.mode, rules.passing, players) == receivers
    assert start(rules).view(0).teams == teams


def test_presets_select_the_modes() -> None:
    expected = {
        "wily": ("partners", 4, False, False, "left"),
        "wily-two-teams": ("two_teams", 6, False, False, "left"),
        "wily-no-partners": ("no_partners", 4, False, False, "left"),
        "wily-no-passing": ("no_partners", 5, False, False, "none"),
        "wily-combined": ("partners", 4, True, False, "left"),
        "wily-no-trump": ("partners", 4, False, True, "left"),
    }
    for name, (mode, players, combined, no_trump, passing) in expected.items():
        rules = find_rules(name)
        assert rules.game.value == "wily"
        assert (rules.mode.value, rules.players, rules.combined_bids, rules.allow_no_trump, rules.passing.value) == (
            mode, players, combined, no_trump, passing,
        )
        assert isinstance(new_game(rules, seed=3), WilyState)
    assert find_rules("wily", players=6).players == 6
    with pytest.raises(ImpossibleRulesError, match="two teams is for 6 players"):
        find_rules("wily-two-teams", players=4)
    with pytest.raises(ImpossibleRulesError, match="partners is for 4 or 6"):
        find_rules("wily", players=5)


@pytest.mark.parametrize(("players", "hand", "cauldron"), [(3, 20, 0), (4, 15, 0), (5, 12, 0), (6, 10, 0), (7, 8, 4)])
def test_the_deal_and_the_cauldron(players: int, hand: int, cauldron: int) -> None:
    state = start(wily(players, mode="partners" if players in (4, 6) else "no_partners"))
    assert state.hand_size == hand
    assert [h.bit_count() for h in state.hands] == [hand] * players
    assert state.cauldron.bit_count() == cauldron
    everything = state.cauldron
    for seat, h in enumerate(state.hands):
        assert not everything & h
        everything |= h
        assert not state.view(seat).hand & state.cauldron
    assert everything == FULL_DECK


# --- the auction ----------------------------------------------------------------------------------------------


def test_auction_order_outbidding_and_end() -> None:
    state = start(wily(4, dealer=0))
    assert state.phase is Phase.AUCTION
    assert state.current_player() == 1  # left of the dealer speaks first
    assert state.legal_actions() == [PASS, *range(bid(1), bid(15) + 1)]
    state.apply(bid(3))  # seat 1
    state.apply(PASS)  # seat 2, final for the hand
    assert state.current_player() == 3
    assert state.legal_actions() == [PASS, *range(bid(4), bid(15) + 1)]
    state.apply(bid(5))  # seat 3
    state.apply(PASS)  # seat 0
    assert state.current_player() == 1
    assert state.legal_actions() == [PASS, *range(bid(6), bid(15) + 1)]
    state.apply(bid(7))  # seat 1 outbids
    assert state.current_player() == 3  # seat 2 passed: skipped
    state.apply(PASS)  # seat 3: only seat 1 is left
    assert state.phase is Phase.NAME_TRUMP
    assert state.current_player() == 1
    assert (state.high_bidder, state.high_bid, state.contract) == (1, 7, 7)
    assert state.view(2).auction == ((1, 3), (2, 0), (3, 5), (0, 0), (1, 7), (3, 0))


def test_illegal_calls_are_refused_and_change_nothing() -> None:
    state = start(wily(4, dealer=0))
    refused(state, bid(0), "at least 1")
    refused(state, bid(16), "exceeds the hand size")
    refused(state, 7, "auction is on")
    refused(state, HEARTS, "auction is on")
    state.apply(bid(5))
    refused(state, bid(5), "higher than the high bid 5")
    refused(state, bid(2), "higher than the high bid 5")


def test_a_bid_of_the_hand_size_leaves_only_passes() -> None:
    state = start(wily(4, dealer=2))
    assert state.current_player() == 3
    state.apply(bid(15))
    assert state.legal_actions() == [PASS]
    state.apply(PASS)
    state.apply(PASS)
    state.apply(PASS)
    assert state.phase is Phase.NAME_TRUMP and state.high_bidder == 3


def test_the_last_speaker_may_still_bid_after_everybody_passed() -> None:
    state = start(wily(4, dealer=0))
    for _ in range(3):
        state.apply(PASS)  # seats 1, 2, 3
    assert state.current_player() == 0
    assert state.legal_actions() == [PASS, *range(bid(1), bid(15) + 1)]
    state.apply(bid(1))  # nobody is left to outbid: the auction ends at once
    assert state.phase is Phase.NAME_TRUMP
    assert (state.high_bidder, state.high_bid) == (0, 1)


def test_all_pass_throws_the_hand_in_and_the_next_dealer_deals() -> None:
    state = start(wily(4, dealer=0))
    first_hands = list(state.hands)
    for _ in range(4):
        state.apply(PASS)
    assert state.phase is Phase.AUCTION
    assert state.dealer == 1 and state.current_player() == 2 and state.round_index == 1
    assert state.hands != first_hands and [h.bit_count() for h in state.hands] == [15] * 4
    assert state.letters == [0, 0]
    assert state.auction == [] and state.high_bidder == -1
    assert state.sheet == [
        WilyHandResult(
            dealer=0, auction=((1, 0), (2, 0), (3, 0), (0, 0)), high_bidder=-1, bid=0, trump_suit=-1,
            team_tricks=(0, 0), letter_to=(), letters=(0, 0),
        )
    ]
    assert "thrown in" in state.score_sheet()


def test_combined_bids_judge_the_team_against_both_partners_highest_calls() -> None:
    state = start(wily(4, dealer=0, combined_bids=True))
    for action in (bid(3), bid(4), bid(5), PASS, bid(6), PASS, PASS):  # seats 1 2 3 0 1 2 3
        state.apply(action)
    assert state.phase is Phase.NAME_TRUMP
    assert (state.high_bidder, state.high_bid) == (1, 6)
    assert state.best_calls == [0, 6, 4, 5]
    assert state.contract == 6 + 5  # seat 1's highest call and its partner seat 3's
    assert state.view(0).contract == 11


def test_combined_bids_count_zero_for_a_partner_who_only_passed() -> None:
    state = start(wily(6, dealer=0, mode="two_teams", combined_bids=True))
    # seats 1..5, 0 speak: 1 bids 2, 2 passes, 3 bids 4, 4 bids 5, 5 passes, 0 passes, 1 bids 6, 3 passes, 4 passes
    for action in (bid(2), PASS, bid(4), bid(5), PASS, PASS, bid(6), PASS, PASS):
        state.apply(action)
    assert state.phase is Phase.NAME_TRUMP and state.high_bidder == 1
    assert state.contract == 6 + 4 + 0  # team 1 is seats 1, 3, 5; seat 5 only passed


# --- trump --------------------------------------------------------------------------------------------------


def won_by_seat_1(rules: RuleSet) -> WilyState:
    state = start(rules)
    state.apply(bid(2))
    for _ in range(rules.players - 1):
        state.apply(PASS)
    assert state.phase is Phase.NAME_TRUMP and state.current_player() == 1
    return state


def test_the_high_bidder_names_a_suit() -> None:
    state = won_by_seat_1(wily(4))
    assert state.legal_actions() == [54, 55, 56, 57]
    refused(state, A.NO_TRUMP, "no trump is not allowed")
    refused(state, PASS, "must name trump")
    refused(state, 3, "must name trump")
    state.apply(HEARTS)
    assert state.trump_suit == 2 and state.view(3).trump_suit == 2
    assert state.phase is Phase.PASS_CARDS and state.current_player() == 1


def test_no_trump_when_the_option_allows_it() -> None:
    state = won_by_seat_1(wily(4, allow_no_trump=True))
    assert state.legal_actions() == [54, 55, 56, 57, 58]
    state.apply(A.NO_TRUMP)
    assert state.trump_suit == -1 and state.phase is Phase.PASS_CARDS


# --- card passing ---------------------------------------------------------------------------------------------

HANDS_6 = ["2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h", "2s 3s 4s 5s", "6c 7c 8c 9c", "6d 7d 8d 9d"]


@pytest.mark.parametrize(
    ("rules", "after"),
    [
        (wily(4), ["5c 2h 3h 4h", "5d 2s 3s 4s", "2c 3c 4c 5h", "2d 3d 4d 5s"]),
        (wily(6), ["5c 2s 3s 4s", "6c 7c 8c 5d", "6d 7d 8d 5h", "2c 3c 4c 5s", "9c 2d 3d 4d", "9d 2h 3h 4h"]),
        (
            wily(6, mode="two_teams"),
            ["5c 6c 7c 8c", "5d 6d 7d 8d", "2c 3c 4c 5h", "2d 3d 4d 5s", "9c 2h 3h 4h", "9d 2s 3s 4s"],
        ),
        (wily(4, mode="no_partners"), ["5c 2s 3s 4s", "2c 3c 4c 5d", "2d 3d 4d 5h", "2h 3h 4h 5s"]),
        (
            wily(5, mode="no_partners"),
            ["5c 6c 7c 8c", "2c 3c 4c 5d", "2d 3d 4d 5h", "2h 3h 4h 5s", "9c 2s 3s 4s"],
        ),
    ],
    ids=["partners-4", "partners-6", "two-teams", "no-partners-4", "no-partners-5"],
)
def test_passing_directions(rules: RuleSet, after: list[str]) -> None:
    n = rules.players
    state = won_by_seat_1(rules)
    state.apply(HEARTS)
    put_hands(state, HANDS_6[:n])
    gifts = [cards_from_text(" ".join(h.split()[:3])) for h in HANDS_6[:n]]
    order = []
    for k in range(n):  # the high bidder gives first, then clockwise, three cards each
        seat = (1 + k) % n
        for card in HANDS_6[seat].split()[:3]:
            assert state.phase is Phase.PASS_CARDS
            order.append(state.current_player())
            state.apply(state.text_to_action(card))
            if state.phase is Phase.PASS_CARDS:  # nobody sees what they receive before everybody has given
                for other in range(n):
                    assert state.view(other).received == 0
                    assert not state.view(other).hand & ~cards_from_text(HANDS_6[other])
            assert state.view(seat).given & cards_from_text(card)
    assert order == [(1 + k // 3) % n for k in range(3 * n)]
    assert [cards_to_text(h) for h in state.hands] == after
    receivers = receivers_of(rules.mode, rules.passing, n)
    assert receivers is not None
    for seat in range(n):
        view = state.view(seat)
        assert view.given == gifts[seat]  # the giver remembers
        assert view.received == gifts[receivers.index(seat)]
    assert state.phase is Phase.PLAY
    assert state.current_player() == state.leader == 1  # the high bidder leads


def test_a_given_card_leaves_the_hand_at_once_and_stays_hidden_from_the_receiver() -> None:
    state = won_by_seat_1(wily(4))
    state.apply(HEARTS)
    put_hands(state, ["2c 3c 4c 5c", "Wiz Wiz Jes 5d", "2h 3h 4h 5h", "2s 3s 4s 5s"])
    state.apply(A.PLAY_WIZARD)
    assert cards_to_text(state.view(1).hand) == "5d Wiz Jes"
    assert cards_to_text(state.view(1).given) == "Wiz"
    assert cards_to_text(state.view(3).hand) == "2s 3s 4s 5s"  # the partner has not got it yet
    state.apply(A.PLAY_WIZARD)
    refused(state, A.PLAY_WIZARD, "holds no Wiz")
    refused(state, 0, "holds no 2c")
    refused(state, bid(3), "not a move of the pass cards phase")
    state.apply(A.PLAY_JESTER)
    assert state.current_player() == 2
    assert cards_to_text(state.view(1).hand) == "5d"


def test_no_passing_goes_straight_to_play() -> None:
    state = won_by_seat_1(wily(5, mode="no_partners", passing="none"))
    hands = list(state.hands)
    state.apply(HEARTS)
    assert state.phase is Phase.PLAY
    assert state.current_player() == state.leader == 1
    assert state.hands == hands and state.view(1).given == 0 and state.view(1).received == 0


def test_tricks_follow_the_shared_wizard_rules() -> None:
    state = at_last_trick(wily(4), high_bidder=1, contract=1, tricks_won=[0] * 4, letters=[0, 0], trump=2,
                          last_trick=["2h 9d", "Kc 5s", "Ac 6s", "3h 4c"])
    state.apply(state.text_to_action("Kc"))
    state.apply(state.text_to_action("Ac"))
    refused(state, state.text_to_action("3h"), "must follow Clubs: hand holds 4c")
    state.apply(state.text_to_action("4c"))
    state.apply(state.text_to_action("2h"))  # seat 0 has no Club: its low trump beats the Ace
    assert state.tricks_won == [1, 0, 0, 0] and state.current_player() == 0 and state.phase is Phase.PLAY


# --- letters --------------------------------------------------------------------------------------------------


def test_made_contract_gives_the_bidders_team_a_letter() -> None:
    state = at_last_trick(wily(4), high_bidder=1, contract=8, tricks_won=[3, 4, 4, 3], letters=[2, 1],
                          last_trick=["2c", "Ac", "3c", "4c"], trump=2)
    for card in ("Ac", "3c", "4c", "2c"):  # seat 1 leads and wins: team 1 takes 4 + 3 + 1 = 8
        state.apply(state.text_to_action(card))
    row = state.sheet[-1]
    assert (row.high_bidder, row.bid, row.team_tricks, row.letter_to, row.letters) == (1, 8, (7, 8), (1,), (2, 2))
    assert state.letters == [2, 2]
    assert state.phase is Phase.AUCTION and state.dealer == 1  # the next hand is dealt


def test_failed_contract_gives_every_other_team_a_letter() -> None:
    state = at_last_trick(wily(4), high_bidder=1, contract=8, tricks_won=[3, 4, 4, 3], letters=[2, 1],
                          last_trick=["Wiz", "Ac", "3c", "4c"], trump=2)
    for card in ("Ac", "3c", "4c", "Wiz"):  # seat 0's Wizard takes it: team 1 stays at 7
        state.apply(state.text_to_action(card))
    row = state.sheet[-1]
    assert (row.team_tricks, row.letter_to, row.letters) == ((8, 7), (0,), (3, 1))


def test_three_teams_made_and_failed() -> None:
    made = at_last_trick(wily(6), high_bidder=2, contract=4, tricks_won=[1, 2, 2, 1, 1, 2], letters=[1, 1, 1],
                         last_trick=["2c", "3c", "Ac", "4c", "5c", "6c"])
    for card in ("Ac", "4c", "5c", "6c", "2c", "3c"):
        made.apply(made.text_to_action(card))
    assert made.sheet[-1].team_tricks == (2, 3, 5) and made.sheet[-1].letter_to == (2,)
    assert made.letters == [1, 1, 2]
    failed = at_last_trick(wily(6), high_bidder=2, contract=6, tricks_won=[1, 2, 2, 1, 1, 2], letters=[1, 1, 1],
                           last_trick=["2c", "3c", "Ac", "4c", "5c", "6c"])
    for card in ("Ac", "4c", "5c", "6c", "2c", "3c"):
        failed.apply(failed.text_to_action(card))
    assert failed.sheet[-1].letter_to == (0, 1)
    assert failed.letters == [2, 2, 1]


def test_two_teams_of_three_add_up_three_players_tricks() -> None:
    state = at_last_trick(wily(6, mode="two_teams"), high_bidder=3, contract=6, tricks_won=[2, 1, 1, 2, 1, 2],
                          letters=[0, 0], last_trick=["2c", "3c", "4c", "Ac", "5c", "6c"])
    for card in ("Ac", "5c", "6c", "2c", "3c", "4c"):  # team 1 (seats 1 3 5): 1 + 3 + 2 = 6
        state.apply(state.text_to_action(card))
    assert state.sheet[-1].team_tricks == (4, 6) and state.letters == [0, 1]


def test_combined_contract_is_what_the_letter_is_judged_against() -> None:
    state = at_last_trick(wily(4, combined_bids=True), high_bidder=1, contract=11, tricks_won=[2, 6, 2, 4],
                          letters=[0, 0], last_trick=["2c", "Ac", "3c", "4c"])
    state.high_bid = 7  # seat 1 bid 7, partner seat 3 bid 4: the team must make 11, not 7
    for card in ("Ac", "3c", "4c", "2c"):
        state.apply(state.text_to_action(card))
    assert state.sheet[-1].team_tricks == (4, 11) and state.sheet[-1].letter_to == (1,)
    short = at_last_trick(wily(4, combined_bids=True), high_bidder=1, contract=11, tricks_won=[3, 6, 2, 3],
                          letters=[0, 0], last_trick=["Wiz", "Ac", "3c", "4c"])
    for card in ("Ac", "3c", "4c", "Wiz"):
        short.apply(short.text_to_action(card))
    assert short.sheet[-1].team_tricks == (6, 9) and short.sheet[-1].letter_to == (0,)  # 9 >= 7 but < 11


def test_completing_the_word_ends_the_game() -> None:
    state = at_last_trick(wily(4), high_bidder=0, contract=3, tricks_won=[2, 5, 0, 7], letters=[5, 4],
                          last_trick=["Ac", "2c", "3c", "4c"])
    for card in ("Ac", "2c", "3c", "4c"):
        state.apply(state.text_to_action(card))
    assert state.is_terminal() and state.phase is Phase.GAME_OVER
    assert state.letters == [6, 4]
    assert state.winners() == [0, 2] and state.winning_teams() == [0]
    assert state.returns() == [6, 4, 6, 4]
    assert state.view(1).winners == (0, 2)
    assert state.legal_actions() == []
    refused(state, PASS, "game is over")


def test_several_teams_completing_on_the_same_hand_share_the_win() -> None:
    state = at_last_trick(wily(6), high_bidder=2, contract=6, tricks_won=[1, 2, 2, 1, 1, 2], letters=[5, 5, 4],
                          last_trick=["2c", "3c", "Ac", "4c", "5c", "6c"])
    for card in ("Ac", "4c", "5c", "6c", "2c", "3c"):
        state.apply(state.text_to_action(card))
    assert state.is_terminal()
    assert state.letters == [6, 6, 4]
    assert state.winning_teams() == [0, 1]
    assert state.winners() == [0, 1, 3, 4]
    assert state.returns() == [6, 6, 4, 6, 6, 4]


def test_shared_win_without_partners() -> None:
    state = at_last_trick(wily(3, mode="no_partners"), high_bidder=0, contract=10, tricks_won=[8, 6, 5],
                          letters=[3, 5, 5], last_trick=["Jes", "2c", "Ac"])
    for card in ("Jes", "2c", "Ac"):
        state.apply(state.text_to_action(card))
    assert state.letters == [3, 6, 6] and state.winners() == [1, 2]


def test_score_sheet_shows_auction_trump_team_tricks_and_letters() -> None:
    state = at_last_trick(wily(4), high_bidder=1, contract=8, tricks_won=[3, 4, 4, 3], letters=[2, 1],
                          last_trick=["2c", "Ac", "3c", "4c"], trump=2)
    for card in ("Ac", "3c", "4c", "2c"):
        state.apply(state.text_to_action(card))
    lines = state.score_sheet(["Ann", "Bob", "Cy", "Di"]).splitlines()
    assert lines[:2] == [f"scorekeeper: {['Ann', 'Bob', 'Cy', 'Di'][state.scorekeeper]}", "teams: 0: Ann+Cy; 1: Bob+Di"]
    assert lines[-1].split() == ["1", "0", "1", "8", "H", "|", "7", "8", "|", "1", "|", "WI", "WI", "|", "1:8"]
