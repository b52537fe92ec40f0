"""The table's renderables read from a ``View``: the last trick between two hands (a Wily hand thrown in between
included), the scorekeeper on the sheet, and the words that follow the count or the human ("You")."""

from __future__ import annotations

import io
import random

from rich.console import Console

from wizardcards.core import Phase, RuleSet, State, new_game
from wizardcards.core import actions as A
from wizardcards.core.rules import Game, Schedule
from wizardcards.tui import render
from wizardcards.tui.render import YOU

NAMES = [YOU, "Bob", "Cy", "Di"]


def wily_after_a_thrown_in_hand() -> State:
    """Hand 1 played (seat 1 bids 1, the others pass), hand 2 thrown in (everybody passes): hand 3's auction."""
    state = new_game(RuleSet(game=Game.WILY, players=4, first_dealer=0), 2)
    rng = random.Random(2)
    while state.round_index == 0:
        legal = state.legal_actions()
        bid_now = state.phase is Phase.AUCTION and state.current_player() == 1
        state.apply(A.BID_BASE + 1 if bid_now else A.PASS if A.PASS in legal else rng.choice(legal))
    while state.round_index == 1:
        assert state.phase is Phase.AUCTION
        state.apply(A.PASS)
    return state


def test_between_hands_the_last_trick_is_titled_with_the_hand_it_ended() -> None:
    state = wily_after_a_thrown_in_hand()
    view = state.view(0)
    assert view.round_index == 2 and view.phase is Phase.AUCTION and view.sheet[1].high_bidder < 0
    trick = view.last_trick
    assert trick is not None and not view.round_tricks
    text = render.last_trick(view, NAMES).plain
    assert text.startswith(f"Last trick of hand 1 — won by {NAMES[trick.winner]}\n")  # not the thrown-in hand 2
    assert text.count("← wins") == 1
    # Under the trick, how hand 1 ended: Bob's contract of 1, his team's tricks and the letter it gained.
    played = view.sheet[0]
    team = view.teams[1]
    assert played.high_bidder == 1 and played.letter_to == (team,)
    lines = text.strip().splitlines()
    assert lines[6:] == ["Hand 1", f"Bob bid 1: team {team} took {played.team_tricks[team]} tricks",
                         f"team {team} gains a letter: W"]
    tricks = render.all_tricks(view, NAMES).plain
    assert tricks.startswith("no trick completed yet this hand\n\nLast trick of hand 1")


def test_within_a_hand_the_last_trick_is_this_hands_and_none_before_the_first() -> None:
    state = new_game(RuleSet(players=3, schedule=Schedule.CUSTOM, custom_hand_sizes=(3,), first_dealer=2), 1)
    rng = random.Random(1)
    while state.phase is not Phase.PLAY:
        state.apply(rng.choice(state.legal_actions()))
    assert render.last_trick(state.view(0), NAMES).plain == "Last trick\nno trick completed yet this hand"
    assert render.current_trick(state.view(0), NAMES).plain == "You lead"  # seat 0, left of the dealer
    for _ in range(3):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert len(view.round_tricks) == 1
    _, _, winner = view.round_tricks[0]
    assert render.last_trick(view, NAMES).plain.startswith(f"Last trick — won by {NAMES[winner]}")
    leader = view.trick_leader
    assert render.current_trick(view, NAMES).plain == ("You lead" if leader == 0 else f"{NAMES[leader]} leads")
    assert render.all_tricks(view, NAMES).plain.startswith("trick 1 — won by")


def test_the_sheet_names_the_scorekeeper_in_both_games() -> None:
    for rules in (RuleSet(players=4), RuleSet(game=Game.WILY, players=4)):
        state = new_game(rules, 5)
        view = state.view(0)
        assert view.scorekeeper != view.dealer  # drawn by cards: the lowest card keeps score, the highest deals
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(render.score_sheet(view, NAMES))
        assert console.export_text().startswith(f"scorekeeper: {NAMES[view.scorekeeper]}\n")


def test_words_follow_the_count_and_the_human() -> None:
    assert [render.cards_count(n) for n in (1, 2)] == ["1 card", "2 cards"]
    assert [render.leads(n) for n in ("You", "Bob")] == ["You lead", "Bob leads"]
    assert [render.hand_of(n) for n in ("You", "Bob")] == ["Your hand", "Bob's hand"]
    assert [render.to_move(n) for n in ("You", "Bob")] == ["your turn", "Bob to move"]
    state = new_game(RuleSet(players=3, schedule=Schedule.CUSTOM, custom_hand_sizes=(1,)), 3)
    assert "· 1 card ·" in render.status_line(state.view(0), NAMES).plain


def test_in_german_the_words_and_the_cards_are_german(german: None) -> None:
    assert [render.cards_count(n) for n in (1, 2)] == ["1 Karte", "2 Karten"]
    assert [render.leads(n) for n in (YOU, "Bob")] == ["Du spielst aus", "Bob spielt aus"]
    assert [render.hand_of(n) for n in (YOU, "Bob")] == ["Deine Hand", "Hand von Bob"]
    assert render.display_names(NAMES) == ["Du", "Bob", "Cy", "Di"]
    view = new_game(RuleSet(players=3), 3).view(0)
    # The terminal's notation: the rank as printed (ten as 10, the German face letters B, D, K, A) and the suit.
    assert [render.card_label(card, view) for card in (8, 9, 10, 11, 12)] == ["10♣", "B♣", "D♣", "K♣", "A♣"]
    assert [render.card_label(card, view) for card in (52, 56)] == ["Zaub", "Narr"]
    assert [render.suit_name(s) for s in range(4)] == ["Kreuz ♣", "Karo ♦", "Herz ♥", "Pik ♠"]


def test_in_english_one_notation_for_every_card() -> None:
    view = new_game(RuleSet(players=3), 3).view(0)
    assert [render.card_label(card, view) for card in (8, 9, 10, 11, 12)] == ["10♣", "J♣", "Q♣", "K♣", "A♣"]
    assert [render.card_label(card, view) for card in (52, 56)] == ["Wiz", "Jes"]
    # the replay's step line names a decision in the same notation as the table, never the record's "Td"
    assert render.decision_text(A.card_action(21), view) == "10♦"
    assert render.decision_text(A.BID_BASE + 2, view) == "bid 2"
    assert render.decision_text(A.TRUMP_BASE + 2, view) == "trump Hearts ♥"


def test_a_hand_without_trump_says_so_once() -> None:
    state = new_game(RuleSet(players=3, schedule=Schedule.CUSTOM, custom_hand_sizes=(20,), first_dealer=2), 1)
    line = render.status_line(state.view(0), NAMES).plain  # every card dealt: none is turned up
    assert "· 20 cards · dealer Cy · no trump · bidding ·" in line and "trump no trump" not in line
