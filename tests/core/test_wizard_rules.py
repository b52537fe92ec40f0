"""Every Wizard rule and option of RULES.md on hand-built deals, with the expected outcome written out.

Positions come from ``helpers.position`` (a fresh game whose round is overwritten with the hands in the test) and
the first seed whose deal turns up the card a test needs (for what happens at the deal itself).
"""

from __future__ import annotations

import random

import pytest

from wizardcards.core import ActionError, Phase, RuleSet, WizardState, find_rules, new_game
from wizardcards.core.actions import PLAY_JESTER, PLAY_WIZARD, TRUMP_BASE
from wizardcards.core.cards import FIRST_JESTER, FIRST_WIZARD, RANKS, Suit, card_from_text, cards_from_text
from wizardcards.core.rules import JesterLead, Schedule
from wizardcards.core.wizard import round_score

from .helpers import (
    legal_texts,
    official_example_through_engine,
    play,
    play_randomly,
    position,
    rig,
)

FNJ = JesterLead.FIRST_NON_JESTER.value
FS = JesterLead.FIRST_SUITED.value


def refused(state: WizardState, text_or_action: str | int, match: str) -> None:
    """The action raises IllegalActionError (InvalidActionError for what is no action at all) naming ``match`` and
    leaves the state exactly as it was."""
    before = state.clone()
    with pytest.raises(ActionError, match=match):
        if isinstance(text_or_action, str):
            state.apply_text(text_or_action)
        else:
            state.apply(text_or_action)
    assert state == before


# --- following suit ----------------------------------------------------------------------------------------------

# (id, reading, cards played so far from seat 0, the next seat's hand, what it may play)
FOLLOW_CASES = [
    ("suited lead: follow it", FNJ, ["7h"], "2h Kc Wiz Jes", "2h Wiz Jes"),
    ("suited lead: void, anything", FNJ, ["7h"], "Kc 2s Qd", "Kc Qd 2s"),
    ("suited lead, then trump: still follow the lead", FNJ, ["7h", "2s"], "3s 9h", "9h"),
    ("Wizard lead: anything", FNJ, ["Wiz"], "2h Kc 3s", "Kc 2h 3s"),
    ("Wizard lead then suited: still anything", FNJ, ["Wiz", "7h"], "2h Kc", "Kc 2h"),
    ("Wizard lead then suited, first_suited: still anything", FS, ["Wiz", "7h"], "2h Kc", "Kc 2h"),
    ("Jester lead: anything", FNJ, ["Jes"], "2h Kc", "Kc 2h"),
    ("Jester lead then suited: follow it", FNJ, ["Jes", "7h"], "2h Kc Jes", "2h Jes"),
    ("Jester lead then suited, first_suited: follow it", FS, ["Jes", "7h"], "2h Kc", "2h"),
    ("Jester then Wizard: anything", FNJ, ["Jes", "Wiz"], "2h Kc", "Kc 2h"),
    ("Jester then Wizard then suited: still anything", FNJ, ["Jes", "Wiz", "7h"], "2h Kc", "Kc 2h"),
    ("Jester then Wizard, first_suited: nothing suited yet", FS, ["Jes", "Wiz"], "2h Kc", "Kc 2h"),
    ("Jester then Wizard then suited, first_suited: follow it", FS, ["Jes", "Wiz", "7h"], "2h Kc", "2h"),
    ("all Jesters so far: anything", FNJ, ["Jes", "Jes"], "2h Kc Jes", "Kc 2h Jes"),
    ("Jesters then suited: follow it", FNJ, ["Jes", "Jes", "7h"], "2h Kc", "2h"),
]


@pytest.mark.parametrize(
    ("reading", "before", "hand", "legal"), [c[1:] for c in FOLLOW_CASES], ids=[c[0] for c in FOLLOW_CASES]
)
def test_follow_suit(reading: str, before: list[str], hand: str, legal: str) -> None:
    players = max(4, len(before) + 1)
    fillers = ["3c", "4c", "5c", "6c"]
    hands = [*before, hand] + fillers[: players - len(before) - 1]
    state = position(hands=hands, trump="s", jester_lead=reading)
    play(state, *before)
    assert state.current_player() == len(before)
    assert legal_texts(state) == legal.split()
    hearts = " ".join(card for card in hand.split() if card.endswith("h"))
    for card in hand.split():
        if card not in legal.split():
            # The error names the suit to follow and the cards of it the hand holds.
            refused(state, card, f"^must follow Hearts: hand holds {hearts}$")


# (id, trump, reading, the trick from seat 0, the winning seat)
WINNER_CASES = [
    ("highest of the suit led", None, FNJ, ["7h", "Kh", "2h", "Ah"], 3),
    ("an off-suit Ace never wins without trump", None, FNJ, ["7h", "As", "2h", "Ac"], 0),
    ("a low trump beats the suit led", "s", FNJ, ["Ah", "2s", "Kh", "Qh"], 1),
    ("the highest trump", "s", FNJ, ["Ah", "2s", "Ks", "Qh"], 2),
    ("trump led: the highest trump", "s", FNJ, ["3s", "As", "Ah", "2s"], 1),
    ("the first Wizard wins", "s", FNJ, ["Ah", "Wiz", "Wiz", "As"], 1),
    ("a Wizard lead wins", "s", FNJ, ["Wiz", "As", "Wiz", "Ah"], 0),
    ("a Jester loses to any card", None, FNJ, ["Jes", "2c", "Jes", "3d"], 1),
    ("Jester lead: the first suited card sets the suit", None, FNJ, ["Jes", "2c", "Kd", "3c"], 3),
    ("Jester lead: trump still wins", "d", FNJ, ["Jes", "Ac", "2d", "Kc"], 2),
    ("Jester then Wizard: the Wizard", "c", FNJ, ["Jes", "Wiz", "Ac", "2c"], 1),
    ("Jester then Wizard, first_suited: the Wizard", "c", FS, ["Jes", "Wiz", "Ac", "2c"], 1),
    ("all Jesters: the first", "h", FNJ, ["Jes", "Jes", "Jes", "Jes"], 0),
    ("Jesters and one suited card: that card", None, FNJ, ["Jes", "Jes", "2d", "Jes"], 2),
    ("three players, trump lead", "h", FNJ, ["5h", "6h", "4h"], 1),
    ("six players", "d", FNJ, ["Kc", "Ac", "Jes", "9d", "Wiz", "Td"], 4),
]


@pytest.mark.parametrize(
    ("trump", "reading", "trick", "winner"), [c[1:] for c in WINNER_CASES], ids=[c[0] for c in WINNER_CASES]
)
def test_trick_winner(trump: str | None, reading: str, trick: list[str], winner: int) -> None:
    state = position(hands=trick, trump=trump, jester_lead=reading)
    play(state, *trick)
    # One card each: the round is over, and exactly the winner took the one trick.
    result = state.sheet[0]
    assert result.tricks == tuple(int(seat == winner) for seat in range(len(trick)))


def test_the_winner_of_a_trick_leads_the_next() -> None:
    state = position(hands=["2h 3c", "Kh 4c", "9h Jes", "Ah 5d"], trump=None)
    assert state.current_player() == 0
    play(state, "2h", "Kh", "9h", "Ah")
    assert state.tricks_won == [0, 0, 0, 1]
    assert state.round_tricks[-1][0] == 0 and state.round_tricks[-1][2] == 3
    assert state.current_player() == 3 and state.leader == 3
    # Seat 3 leads 5d; nobody else holds a Diamond, and the next to play is seat 0.
    play(state, "5d")
    assert state.current_player() == 0
    play(state, "3c", "4c", "Jes")
    assert state.sheet[0].tricks == (0, 0, 0, 2)


def test_identical_wizards_and_jesters_are_one_action_each() -> None:
    state = position(hands=["Wiz Wiz Jes Jes 7h", "2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 6s"])
    assert state.legal_actions() == [card_from_text("7h"), PLAY_WIZARD, PLAY_JESTER]
    assert legal_texts(state) == ["7h", "Wiz", "Jes"]
    play(state, "Wiz")
    # One Wizard went, one is left: still one action for it.
    assert bin(state.hands[0] & (0xF << FIRST_WIZARD)).count("1") == 1
    assert bin(state.hands[0] & (0xF << FIRST_JESTER)).count("1") == 2


# --- trump -------------------------------------------------------------------------------------------------------

FOUR_HANDS = ["2s 3c", "Ah 4c", "Kh 5c", "Qh 6c"]


def first_deal_turning(kind: str, dealer: int = 3) -> WizardState:
    """The first seeded game (2 rounds of 2 cards, 4 players) whose first deal turns up a card of ``kind``:
    ``spade``, ``jester`` or ``wizard``. The engine's own deal decides what happens next."""
    rules = RuleSet(schedule=Schedule.CUSTOM, custom_hand_sizes=(2, 2), first_dealer=dealer)
    wanted = {
        "spade": lambda card: 39 <= card < FIRST_WIZARD,
        "jester": lambda card: card >= FIRST_JESTER,
        "wizard": lambda card: FIRST_WIZARD <= card < FIRST_JESTER,
    }[kind]
    for seed in range(2000):
        state = new_game(rules, seed)
        assert isinstance(state, WizardState)
        if wanted(state.trump_card):
            return state
    raise AssertionError(f"no seed below 2000 turns up a {kind}")


def test_trump_from_a_turned_suited_card() -> None:
    state = first_deal_turning("spade")
    assert state.trump_suit == Suit.SPADES
    assert state.phase is Phase.BID and state.current_player() == 0
    # The same trump, with hands the test chose: the round is overwritten, the turned card kept.
    rig(state, hands=FOUR_HANDS, trump="s", phase=Phase.BID)
    play(state, "bid 0", "bid 0", "bid 0", "bid 0", "3c", "4c", "5c", "6c")
    # Seat 3 took the Club trick with 6c and leads Qh; seat 0's 2s trumps it.
    play(state, "Qh", "2s", "Ah", "Kh")
    assert state.sheet[0].tricks == (1, 0, 0, 1)
    assert state.sheet[0].trump_suit == Suit.SPADES


def test_a_turned_jester_means_no_trump() -> None:
    state = first_deal_turning("jester")
    assert state.trump_suit == -1
    assert state.phase is Phase.BID and state.current_player() == 0
    rig(state, hands=FOUR_HANDS, trump=None, phase=Phase.BID)
    play(state, "bid 0", "bid 0", "bid 0", "bid 0", "3c", "4c", "5c", "6c", "Qh", "2s", "Ah", "Kh")
    # Without trump 2s is just off suit: Ah wins the Heart trick.
    assert state.sheet[0].tricks == (0, 1, 0, 1)


def test_a_turned_wizard_lets_the_dealer_choose_trump() -> None:
    state = first_deal_turning("wizard", dealer=1)
    assert FIRST_WIZARD <= state.trump_card < FIRST_JESTER and state.trump_suit == -1
    assert state.phase is Phase.CHOOSE_TRUMP
    assert state.current_player() == 1
    assert state.legal_actions() == [TRUMP_BASE + s for s in range(4)]
    assert legal_texts(state) == ["trump c", "trump d", "trump h", "trump s"]
    refused(state, "bid 1", "dealer must name a suit")
    refused(state, "7h", "dealer must name a suit")
    play(state, "trump h")
    assert state.trump_suit == Suit.HEARTS and FIRST_WIZARD <= state.trump_card < FIRST_JESTER
    assert state.phase is Phase.BID and state.current_player() == 2
    assert all(state.view(seat).trump_suit == Suit.HEARTS for seat in range(4))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_no_card_left_means_no_trump(players: int) -> None:
    """The last round of a standard game deals the whole deck: nothing is turned up."""
    state = new_game(find_rules("standard", players=players), seed=players)
    assert isinstance(state, WizardState)
    play_randomly(state, random.Random(players), until=lambda s: s.round_index == s.rules.rounds - 1)
    assert state.hand_size == 60 // players
    assert sum(h.bit_count() for h in state.hands) == 60
    assert state.trump_card == -1 and state.trump_suit == -1
    assert state.phase is Phase.BID
    play_randomly(state, random.Random(1))
    assert state.sheet[-1].trump_card == -1 and state.sheet[-1].trump_suit == -1


def test_double_down_last_hand_has_no_trump() -> None:
    """Same seed, same moves: the Double Down schedule (the preset, or the schedule chosen alone) and a custom
    schedule of the same hand sizes agree to the last hand, where only Double Down hides the turned card."""
    with_option = new_game(RuleSet(schedule=Schedule.DOUBLE_DOWN), seed=5)
    assert with_option.rules == find_rules("double-down") and with_option.rules.last_hand_no_trump
    sizes = with_option.rules.hand_sizes
    without = new_game(RuleSet(schedule=Schedule.CUSTOM, custom_hand_sizes=sizes), seed=5)
    assert with_option.rules.hand_sizes == (*range(1, 16), *range(15, 0, -1))
    last = with_option.rules.rounds - 1
    for state in (with_option, without):
        assert isinstance(state, WizardState)
        play_randomly(state, random.Random(5), until=lambda s: s.round_index == last)
    assert with_option.hands == without.hands and with_option.hand_size == 1
    assert without.trump_card >= 0
    assert with_option.trump_card == -1 and with_option.trump_suit == -1
    # The hand before the last (2 cards each) still turned a card up.
    assert with_option.sheet[-1].hand_size == 2 and with_option.sheet[-1].trump_card >= 0


# --- bidding -------------------------------------------------------------------------------------------------------

THREE_CARDS = ["2c 3c 4c", "2d 3d 4d", "2h 3h 4h", "2s 3s 4s"]


def _bids_of(state: WizardState) -> list[int]:
    return [a - 60 for a in state.legal_actions()]


@pytest.mark.parametrize("rule", ["hook", "canadian"])
def test_dealer_may_not_make_the_bids_add_up(rule: str) -> None:
    # Seat 3 deals and leads the score alone (matters only to the Canadian rule); 1 + 0 + 1 = 2 of 3 tricks bid.
    state = position(hands=THREE_CARDS, phase=Phase.BID, bids=[1, 0, 1, None], scores=[10, 0, 20, 30], bid_rule=rule)
    assert state.current_player() == 3
    assert _bids_of(state) == [0, 2, 3]
    refused(state, "bid 1", f"^{rule} rule: the dealer may not bid 1, which would make the bids add up to 3$")
    play(state, "bid 2")
    assert state.phase is Phase.PLAY and state.bids == [1, 0, 1, 2]


@pytest.mark.parametrize("rule", ["hook", "canadian"])
def test_other_seats_bid_freely_under_the_dealer_rules(rule: str) -> None:
    state = position(hands=THREE_CARDS, phase=Phase.BID, bids=[1, 1, None, None], scores=[0, 0, 0, 30], bid_rule=rule)
    # Seat 2 could make the total 3 with a bid of 1: only the dealer is restricted.
    assert state.current_player() == 2 and _bids_of(state) == [0, 1, 2, 3]


def test_hook_rule_with_bids_already_over_the_hand_size() -> None:
    state = position(hands=THREE_CARDS, phase=Phase.BID, bids=[2, 1, 1, None], bid_rule="hook")
    assert _bids_of(state) == [0, 1, 2, 3]


def test_hook_rule_can_forbid_zero() -> None:
    state = position(hands=THREE_CARDS, phase=Phase.BID, bids=[1, 1, 1, None], bid_rule="hook")
    assert _bids_of(state) == [1, 2, 3]
    refused(state, "bid 0", "hook rule")


def test_canadian_rule_always_allows_zero() -> None:
    state = position(
        hands=THREE_CARDS, phase=Phase.BID, bids=[1, 1, 1, None], scores=[0, 0, 0, 30], bid_rule="canadian"
    )
    assert _bids_of(state) == [0, 1, 2, 3]


@pytest.mark.parametrize("scores", [[30, 0, 0, 30], [40, 0, 0, 30], [0, 0, 0, 0]], ids=["tied", "behind", "start"])
def test_canadian_rule_only_when_the_dealer_leads_alone(scores: list[int]) -> None:
    state = position(hands=THREE_CARDS, phase=Phase.BID, bids=[1, 0, 1, None], scores=scores, bid_rule="canadian")
    assert _bids_of(state) == [0, 1, 2, 3]


def test_no_rule_any_bid() -> None:
    state = position(hands=THREE_CARDS, phase=Phase.BID, bids=[1, 0, 1, None])
    assert _bids_of(state) == [0, 1, 2, 3]
    refused(state, "bid 4", "a bid is 0..3 tricks")


def test_bidding_starts_left_of_the_dealer_and_play_too() -> None:
    state = position(hands=THREE_CARDS, dealer=1, phase=Phase.BID)
    order = []
    for _ in range(4):
        order.append(state.current_player())
        play(state, "bid 0")
    assert order == [2, 3, 0, 1]
    assert state.phase is Phase.PLAY and state.current_player() == 2


def test_hidden_bids_stay_hidden_until_the_round_is_played() -> None:
    state = position("hidden-bids", hands=["2c Ac", "2d Ad", "2h Ah", "2s As"], phase=Phase.BID)
    play(state, "bid 1", "bid 0")
    assert state.view(0).bids == (1, None, None, None)
    assert state.view(1).bids == (None, 0, None, None)
    assert state.view(2).bids == (None, None, None, None)
    play(state, "bid 2", "bid 1")
    for seat, bid in enumerate([1, 0, 2, 1]):
        assert state.view(seat).bids == tuple(bid if s == seat else None for s in range(4))
        assert "?" in state.view(seat).to_text()
    play(state, "Ac", "Ad", "Ah", "As", "2c", "2d", "2h", "2s")
    # The round is played: the sheet shows every bid to every seat; the new round's bids are not made yet.
    for seat in range(4):
        view = state.view(seat)
        assert view.sheet[0].bids == (1, 0, 2, 1)
        assert view.sheet[0].tricks == (2, 0, 0, 0)
        assert view.bids == (None, None, None, None)


def test_open_bids_are_seen_by_everyone() -> None:
    state = position(hands=["2c Ac", "2d Ad", "2h Ah", "2s As"], phase=Phase.BID)
    play(state, "bid 1", "bid 0")
    assert all(state.view(seat).bids == (1, 0, None, None) for seat in range(4))


# --- scoring -----------------------------------------------------------------------------------------------------


def test_official_scoring_example() -> None:
    """RULES.md "Scoring": bids 1, 2, 1, 3; tricks 2, 2, 1, 2; Paul's totals -10, 30, 60, 50."""
    assert official_example_through_engine([1, 2, 1, 3], [2, 2, 1, 2]) == [-10, 30, 60, 50]


@pytest.mark.parametrize(("bid", "tricks", "score"), [(0, 0, 20), (0, 2, -20), (3, 3, 50), (3, 1, -20), (1, 4, -30)])
def test_round_score(bid: int, tricks: int, score: int) -> None:
    assert round_score(bid, tricks) == score


def test_scores_and_winners_at_the_end() -> None:
    state = new_game(RuleSet(schedule=Schedule.CUSTOM, custom_hand_sizes=(2,), first_dealer=3), seed=0)
    assert isinstance(state, WizardState)
    rig(state, hands=["Wiz Wiz", "2c 3c", "2d 3d", "Jes Jes"], phase=Phase.BID)
    play(state, "bid 2", "bid 1", "bid 0", "bid 0")
    play_randomly(state, random.Random(0))
    assert state.is_terminal() and state.current_player() == -4
    assert state.scores == [40, -10, 20, 20]
    assert state.returns() == [40, -10, 20, 20]
    assert state.winners() == [0]
    refused(state, "bid 0", "the game is over")


def test_equal_totals_share_the_win() -> None:
    state = new_game(RuleSet(schedule=Schedule.CUSTOM, custom_hand_sizes=(2,), first_dealer=3), seed=0)
    assert isinstance(state, WizardState)
    rig(state, hands=["Wiz Jes", "Wiz 3c", "2d 3d", "Jes Jes"], phase=Phase.BID)
    play(state, "bid 1", "bid 1", "bid 0", "bid 2")
    play(state, "Wiz", "3c", "2d", "Jes")  # seat 0's Wizard wins; it leads again
    play(state, "Jes", "Wiz", "3d", "Jes")  # seat 1's Wizard wins
    assert state.is_terminal()
    assert state.scores == [30, 30, 20, -20]
    assert state.winners() == [0, 1]


# --- illegal actions -----------------------------------------------------------------------------------------------


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    state = position(hands=["7h Kc", "2h 3d", "9s 4d", "Jes 5d"], phase=Phase.BID)
    refused(state, "7h", "^every player must bid first: '7h' is not a move of the bid phase$")
    refused(state, "trump h", "every player must bid first")
    refused(state, "bid 3", "a bid is 0..2 tricks")
    refused(state, 99, "no action has id 99")
    refused(state, "bid x", "not an action")
    play(state, "bid 0", "bid 0", "bid 0", "bid 0")
    refused(state, "bid 1", "'bid 1' is not a move of the play phase")
    refused(state, "As", "^seat 0 holds no As: hand is Kc 7h$")
    refused(state, "Wiz", "seat 0 holds no Wiz")
    refused(state, -1, "no action has id -1")
    play(state, "7h")
    refused(state, "3d", "^must follow Hearts: hand holds 2h$")
    play(state, "2h")
    # Seat 2 has no Heart: anything goes; seat 3 may always play its Jester.
    play(state, "4d", "Jes")
    assert state.tricks_won == [1, 0, 0, 0]


# --- dealers -----------------------------------------------------------------------------------------------------


def test_the_deal_passes_left_each_round() -> None:
    state = new_game(RuleSet(players=5, schedule=Schedule.QUICK, first_dealer=3), seed=9)
    assert isinstance(state, WizardState)
    assert state.dealer == 3 and state.first_dealer_draws == ()
    starts = []
    while not state.is_terminal():
        if state.round_index == len(starts):
            starts.append((state.dealer, state.current_player(), state.phase))
        state.apply(random.Random(len(state.history)).choice(state.legal_actions()))
    assert [r.dealer for r in state.sheet] == [3, 4, 0, 1, 2, 3]
    for dealer, first, phase in starts:
        # The first decision of a round is the dealer's choice of trump, or the bid of the seat on the dealer's left.
        assert first == (dealer if phase is Phase.CHOOSE_TRUMP else (dealer + 1) % 5)


def test_given_first_dealer() -> None:
    state = new_game(RuleSet(first_dealer=2), seed=1)
    assert state.dealer == 2 and state.first_dealer_draws == ()
    assert state.current_player() == (2 if state.phase is Phase.CHOOSE_TRUMP else 3)


def _strength(card: int) -> int:
    return 99 if FIRST_WIZARD <= card < FIRST_JESTER else -1 if card >= FIRST_JESTER else card % RANKS


def test_first_dealer_by_draw() -> None:
    """Over many seeds the recorded draws follow the rule (highest deals, Wizards high, Jesters low, suits do not
    break ties, tied players draw again), and the seeds meet each of those situations."""
    seen: set[str] = set()
    for seed in range(400):
        players = 3 + seed % 4
        state = new_game(RuleSet(players=players), seed=seed)
        draws = state.first_dealer_draws
        contenders = list(range(players))
        for draw in draws:
            # Each draw holds a card for each contender still in, -1 for the others.
            assert [s for s in range(players) if draw[s] >= 0] == contenders
            cards = [draw[s] for s in contenders]
            best = max(_strength(c) for c in cards)
            tied = [s for s in contenders if _strength(draw[s]) == best]
            if len(tied) > 1:
                seen.add("wizards tie" if best == 99 else "same rank, other suits, tie")
            if any(c >= FIRST_JESTER for c in cards) and any(c < FIRST_WIZARD for c in cards):
                seen.add("a Jester below a suited card")
            if any(FIRST_WIZARD <= c < FIRST_JESTER for c in cards) and any(c % RANKS == 12 for c in cards if c < 52):
                seen.add("a Wizard above an Ace")
            contenders = tied
        assert contenders == [state.dealer]
    assert seen == {
        "wizards tie",
        "same rank, other suits, tie",
        "a Jester below a suited card",
        "a Wizard above an Ace",
    }


# --- what a seat may know ----------------------------------------------------------------------------------------


def test_a_view_shows_only_what_the_seat_may_know() -> None:
    state = position(hands=["7h Kc", "2h 3d", "9s 4d", "Jes 5d"], trump="s", turned="Qs", bids=[1, 0, 1, 0])
    play(state, "7h", "2h")
    view = state.view(2)
    assert view.hand == cards_from_text("9s 4d")
    assert view.trick == (card_from_text("7h"), card_from_text("2h"))
    assert view.played == cards_from_text("7h 2h")
    assert view.trump_card == card_from_text("Qs") and view.trump_suit == Suit.SPADES
    assert view.bids == (1, 0, 1, 0) and view.tricks_won == (0, 0, 0, 0)
    assert view.is_my_turn and view.legal_actions == tuple(state.legal_actions())
    # Seat 0 is not on turn: no legal actions, and only its own Kc of the cards still held.
    other = state.view(0)
    assert other.hand == cards_from_text("Kc") and other.legal_actions == () and not other.is_my_turn
    text = other.to_text()
    assert "Kc" in text and not any(card in text for card in ("3d", "9s", "4d", "5d"))
    with pytest.raises(ValueError, match="no seat 4"):
        state.view(4)
