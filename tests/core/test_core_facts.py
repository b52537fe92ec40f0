"""The facts the core keeps for everybody (issue 13), on hand-built deals: the last trick across the deal in both
games, the cards each seat played and the suits it showed it lacks, a spectator's view, the scorekeeper, and the
strict doors of ``RuleSet`` and of the action notation."""

from __future__ import annotations

import pytest

from wizardcards.core import (
    SPECTATOR,
    IllegalActionError,
    ImpossibleRulesError,
    InvalidActionError,
    Phase,
    RuleSet,
    Trick,
    WilyState,
    default_rules,
    find_rules,
    new_game,
)
from wizardcards.core.cards import card_from_text, cards_from_text
from wizardcards.core.deal import scorekeeper_of
from wizardcards.core.rules import Game

from ..wily.helpers import at_last_trick, wily
from .helpers import play, position


def card(text: str) -> int:
    return card_from_text(text)


# --- the last trick, kept across the deal ---------------------------------------------------------------------


def test_wizard_last_trick_stays_through_the_next_hands_bidding_until_its_first_card() -> None:
    # Round 1 of a 3-player game: one card each, seat 0 leads (dealer 2), no trump.
    state = position(hands=["7h", "Kh", "2s"], trump=None, bids=[0, 1, 0])
    play(state, "7h", "Kh", "2s")
    # The hand is over: round 2 is dealt and bidding has started, but every view still shows how round 1 ended.
    assert state.round_index == 1 and state.phase in (Phase.BID, Phase.CHOOSE_TRUMP)
    expected = Trick(leader=0, cards=(card("7h"), card("Kh"), card("2s")), winner=1)
    for seat in (0, 1, 2, SPECTATOR):
        view = state.view(seat)
        assert view.last_trick == expected
        assert view.round_tricks == () and view.played == 0 and view.played_by == (0, 0, 0)
    while state.phase is not Phase.PLAY:
        state.apply(state.legal_actions()[0])
    assert state.view(0).last_trick == expected  # the bids are in, no card played yet
    state.apply(state.legal_actions()[0])  # the first card of round 2
    assert state.view(0).last_trick is None


def test_wizard_last_trick_within_a_hand_is_the_last_completed_one() -> None:
    state = position(hands=["7h 2c", "Kh 3c", "2h 4c"], trump="c", bids=[0, 1, 1])
    assert state.view(0).last_trick is None  # nothing completed yet in the first round of the game
    play(state, "7h", "Kh", "2h")
    first = Trick(0, (card("7h"), card("Kh"), card("2h")), 1)
    assert state.view(2).last_trick == first and state.view(2).round_tricks == (first,)
    play(state, "3c")  # the trick in progress does not replace the completed one
    assert state.view(2).last_trick == first


def test_wily_last_trick_stays_through_the_next_auction() -> None:
    state = at_last_trick(wily(4), high_bidder=1, contract=8, tricks_won=[3, 4, 4, 3], letters=[2, 1],
                          last_trick=["2c", "Ac", "3c", "4c"], trump=2)
    play(state, "Ac", "3c", "4c", "2c")
    assert isinstance(state, WilyState) and state.phase is Phase.AUCTION and state.round_index == 1
    expected = Trick(1, (card("Ac"), card("3c"), card("4c"), card("2c")), 1)
    assert all(state.view(seat).last_trick == expected for seat in (0, 1, 2, 3, SPECTATOR))


# --- cards played by each seat, and voids ------------------------------------------------------------------------


def test_played_by_and_voids_on_a_hand_built_deal() -> None:
    # Seat 0 leads 7h; seat 1 has no heart and plays a club (shows it lacks hearts); seat 2 plays a Wizard while
    # holding a heart (shows nothing); seat 3 follows.
    state = position(hands=["7h 2c", "3c 4c", "Wiz 2h", "9h 5d"], trump="s", bids=[0, 0, 1, 1])
    play(state, "7h", "3c", "Wiz")
    view = state.view(3)
    assert view.voids == (0, 0b0100, 0, 0)  # hearts is suit 2
    assert view.played_by[0] == 1 << card("7h") and view.played_by[1] == 1 << card("3c")
    assert view.played_by[2].bit_count() == 1 and view.played_by[3] == 0
    play(state, "9h")
    assert state.view(0).voids == (0, 0b0100, 0, 0)
    # After a Jester lead the first suited card sets the suit: 3c shows nothing, 2h after it shows a lack of clubs.
    state = position(hands=["Jes 5d", "3c 6d", "2h 7d"], trump=None, bids=[0, 0, 0])
    play(state, "Jes", "3c", "2h")
    assert state.view(0).voids == (0, 0, 0b0001)
    assert state.view(0).played_by == (1 << card("Jes"), 1 << card("3c"), 1 << card("2h"))
    # 3c won the trick; the next trick ends the hand, and the new hand starts with nothing played or shown.
    play(state, "6d", "7d", "5d")
    assert state.view(0).voids == (0, 0, 0) and state.view(0).played_by == (0, 0, 0)


# --- the spectator ---------------------------------------------------------------------------------------------


def test_a_spectator_sees_no_hand_no_legal_action_and_no_hidden_bid() -> None:
    state = position(hands=["7h 2c", "Kh 3c", "2h 4c"], trump="c", phase=Phase.BID, bids=[1, None, None],
                     hidden_bids=True)
    public = state.public_view()
    assert public.seat == SPECTATOR and public.is_spectator
    assert public.hand == 0 and public.legal_actions == () and public.given == 0 and public.received == 0
    assert public.bids == (None, None, None)  # seat 0's bid is hidden from anybody but seat 0
    assert state.view(0).bids == (1, None, None)
    assert public.trump_suit == 0 and public.hand_size == 2 and public.current_player == 1


# --- the scorekeeper --------------------------------------------------------------------------------------------


def test_scorekeeper_is_the_lowest_card_of_the_first_draw() -> None:
    jes, two_s, king_h, wiz = card("Jes"), card("2s"), card("Kh"), card("Wiz")
    # Seat 2 drew the Wizard (deals), seat 3 the Jester (lowest: keeps score).
    assert scorekeeper_of(2, ((two_s, king_h, wiz, jes),)) == 3
    # 2s and 2c tie for lowest (suits do not break ties): the first of them clockwise from the dealer's left.
    assert scorekeeper_of(1, ((card("2c"), wiz, king_h, two_s),)) == 3
    assert scorekeeper_of(3, ((card("2c"), wiz, king_h, two_s),)) == 0
    assert scorekeeper_of(2, ()) == 2  # no draw (the first dealer was given): the dealer keeps score


def test_the_scorekeeper_is_in_every_view_and_on_the_sheet() -> None:
    state = new_game(default_rules(Game.WIZARD, 4), seed=11)
    draw = state.first_dealer_draws[0]

    def strength(drawn: int) -> int:  # Jesters low, Wizards high, suits do not count
        return -1 if drawn >= 56 else 99 if drawn >= 52 else drawn % 13

    lowest = min(strength(drawn) for drawn in draw)
    assert strength(draw[state.scorekeeper]) == lowest
    assert state.view(0).scorekeeper == state.public_view().scorekeeper == state.scorekeeper
    names = ["Ann", "Bob", "Cy", "Di"]
    assert state.score_sheet(names).splitlines()[0] == f"scorekeeper: {names[state.scorekeeper]}"


# --- strict rule sets --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"first_dealer": 1.5}, "first_dealer must be a seat number or null"),
        ({"first_dealer": 1.0}, "first_dealer must be a seat number or null"),
        ({"first_dealer": True}, "first_dealer must be a seat number or null"),
        ({"hidden_bids": "false"}, "hidden_bids must be true or false, not 'false'"),
        ({"hidden_bids": 0}, "hidden_bids must be true or false"),
        ({"players": "4"}, "players must be a whole number"),
        ({"schedule": "custom", "custom_hand_sizes": [1, 2.5]}, "custom_hand_sizes must hold whole numbers"),
        ({"schedule": "custom", "custom_hand_sizes": "123"}, "custom_hand_sizes must be a list"),
        ({"schedule": "custom", "custom_hand_sizes": [1, 0]}, "a hand of 0 cards cannot be dealt"),
        ({"schedule": "custom", "custom_hand_sizes": [16]}, "a hand of 16 cards cannot be dealt to 4 players"),
        ({"mode": "two_teams"}, "mode is an option of Wily Wizards, not of Wizard"),
        ({"combined_bids": True}, "combined_bids is an option of Wily Wizards, not of Wizard"),
        ({"game": "wily", "hidden_bids": True}, "hidden_bids is an option of Wizard, not of Wily Wizards"),
        ({"game": "wily", "bid_rule": "hook"}, "bid_rule is an option of Wizard, not of Wily Wizards"),
        ({"game": "wily", "passing": "none"}, "passing='none' is for No Partners"),
        ({"bid_rule": "always"}, "bid_rule must be one of none, hook, canadian"),
    ],
)
def test_a_rule_set_refuses_wrong_types_and_the_other_games_options(options: dict[str, object], message: str) -> None:
    with pytest.raises(ImpossibleRulesError, match=message):
        RuleSet.from_dict({"game": "wizard", "players": 4, **options})


def test_double_down_schedule_implies_a_last_hand_without_trump() -> None:
    assert RuleSet(schedule="double-down").last_hand_no_trump  # type: ignore[arg-type]  # a string, as from JSON
    assert RuleSet.from_dict({"schedule": "double-down", "last_hand_no_trump": False}) == find_rules("double-down")


def test_default_rules_and_find_rules_by_game() -> None:
    assert default_rules("wizard") == RuleSet() and default_rules(Game.WILY, 6) == find_rules("wily", 6)
    with pytest.raises(ImpossibleRulesError, match="preset 'hook' is a wizard rule set, not wily"):
        find_rules("hook", game="wily")


# --- not an action, or not allowed now ---------------------------------------------------------------------------


def test_not_an_action_and_not_allowed_now_are_different_errors() -> None:
    state = position(hands=["7h 2c", "Kh 3c", "2h 4c"], trump="c", phase=Phase.BID, bids=[None, None, None])
    before = state.clone()
    for text in ("bid x", "7z", "", "play the seven"):
        with pytest.raises(InvalidActionError):
            state.apply_text(text)
    with pytest.raises(InvalidActionError, match="no action has id 81"):
        state.apply(81)
    with pytest.raises(IllegalActionError, match="every player must bid first"):
        state.apply_text("7h")
    with pytest.raises(IllegalActionError, match="a bid is 0..2 tricks"):
        state.apply_text("bid 3")
    assert state == before


def test_the_follow_suit_message_names_the_cards_to_follow_with() -> None:
    state = position(hands=["7h 2c", "Kh 3c", "2h 4c"], trump="c", bids=[0, 1, 1])
    play(state, "7h")
    with pytest.raises(IllegalActionError, match="must follow Hearts: hand holds Kh"):
        state.apply_text("3c")
    assert cards_from_text("Kh")  # the text the message used reads back
