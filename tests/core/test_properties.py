"""Invariants of the Wizard engine over many random games (hypothesis), checked at every step.

Two layers, so that the whole file stays fast (about a minute on two cores):

* ``test_rules_hold_in_random_games``: 10,080 games (for each of 7 presets, 72 examples of 20 games, 3 to 6
  players). At every step: every card accounted for (hands + cards played this hand + undealt = 60, no card
  twice); ``legal_actions()`` never empty and equal to an independent reading of the rules
  (``helpers.reference_legal``, the dealer's forbidden bid, the dealer's choice of trump); every trick won by
  exactly the player ``helpers.reference_winner`` names, who leads the next; each round's tricks adding up to its
  hand size and its decisions to trump choice + bids + cards; the trump card of each deal; the deal passing left;
  the score sheet and totals equal to ``round_score`` summed. At the end the record, replayed from its seed,
  reproduces the final state.
* ``test_state_api_in_random_games``: 672 more games (for each preset, 24 examples of 4 games), with all of the
  above and, at every step: a random illegal action (from the 81-action space, sometimes an id outside it) is
  refused with ``IllegalActionError``; the game goes on in a clone, so the original must stay as it was (checked
  against an immutable fingerprint taken at the time); every seat's view holds that seat's hand and no card of
  another hand, and other seats' bids only when bids are open; and ``replay_states`` of the record equals the
  states of the game one by one."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wizardcards.core import (
    GameRecord,
    IllegalActionError,
    InvalidActionError,
    Phase,
    WizardState,
    find_rules,
    new_game,
    replay,
    replay_states,
)
from wizardcards.core.actions import BID_BASE, NUM_ACTIONS, TRUMP_BASE
from wizardcards.core.cards import DECK_SIZE, FIRST_JESTER, FIRST_WIZARD, JESTERS, WIZARDS
from wizardcards.core.rules import BidRule, JesterLead
from wizardcards.core.view import View
from wizardcards.core.wizard import round_score

from .helpers import reference_legal, reference_winner

PRESETS = ["standard", "double-down", "quick", "hook", "canadian", "hidden-bids", "extended-suits"]
players_st = st.integers(3, 6)
seed_st = st.integers(0, 2**64 - 1)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def reference_forbidden_bid(state: WizardState) -> int | None:
    """The dealer's forbidden bid under the hook or Canadian rule, from the state's public fields."""
    rule = state.rules.bid_rule
    if rule is BidRule.NONE or state.current != state.dealer:
        return None
    others = [b for seat, b in enumerate(state.bids) if seat != state.dealer]
    forbidden = state.hand_size - sum(others)
    if forbidden < 0:
        return None
    if rule is BidRule.CANADIAN:
        leads_alone = all(state.scores[state.dealer] > s for seat, s in enumerate(state.scores) if seat != state.dealer)
        if not leads_alone or forbidden == 0:
            return None
    return forbidden


class Checker:
    """Follows one game decision by decision and checks the rules against its own bookkeeping."""

    def __init__(self, state: WizardState) -> None:
        self.state = state
        self.n = state.players
        self.first_suited = state.rules.jester_lead is JesterLead.FIRST_SUITED
        self.first_dealer = state.dealer
        self.rounds_seen = 0
        self.decisions = 0
        self._new_round()

    def _new_round(self) -> None:
        state = self.state
        assert state.dealer == (self.first_dealer + state.round_index) % self.n, "the deal passes left"
        assert state.hand_size == state.rules.hand_sizes[state.round_index]
        dealt = 0
        for hand in state.hands:
            assert hand.bit_count() == state.hand_size
            assert dealt & hand == 0, "a card was dealt twice"
            dealt |= hand
        self.dealt = dealt
        self.trick: list[int] = []
        self.tricks_won = [0] * self.n
        last = state.round_index == state.rules.rounds - 1
        if self.n * state.hand_size == DECK_SIZE or (last and state.rules.last_hand_no_trump):
            assert state.trump_card == -1 and state.trump_suit == -1
        else:
            assert 0 <= state.trump_card < DECK_SIZE and not dealt >> state.trump_card & 1
            if state.trump_card < FIRST_WIZARD:
                assert state.trump_suit == state.trump_card // 13
            else:
                assert state.trump_suit == -1
        if FIRST_WIZARD <= state.trump_card < FIRST_JESTER:
            assert state.phase is Phase.CHOOSE_TRUMP and state.current == state.dealer
        else:
            assert state.phase is Phase.BID and state.current == (state.dealer + 1) % self.n
        self.round_decisions = 0

    def before(self) -> list[int]:
        """Check the position before a decision; return the legal actions."""
        state = self.state
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase}"
        # Every card accounted for: hands and cards played this hand are exactly the cards dealt; the rest
        # (60 - players x hand size) is undealt, the turned-up card among them.
        in_hands = 0
        held = 0
        for hand in state.hands:
            assert in_hands & hand == 0, "two hands hold the same card"
            in_hands |= hand
            held += hand.bit_count()
        assert in_hands & state.played == 0, "a played card is still in a hand"
        assert in_hands | state.played == self.dealt
        undealt = DECK_SIZE - self.n * state.hand_size
        assert held + state.played.bit_count() + undealt == DECK_SIZE
        phase = state.phase
        if phase is Phase.PLAY:
            assert sorted(legal) == reference_legal(state.hands[state.current], self.trick, self.first_suited)
            assert state.trick == self.trick
        elif phase is Phase.BID:
            forbidden = reference_forbidden_bid(state)
            assert [a - BID_BASE for a in legal] == [b for b in range(state.hand_size + 1) if b != forbidden]
        else:
            assert phase is Phase.CHOOSE_TRUMP
            assert legal == [TRUMP_BASE + s for s in range(4)] and state.current == state.dealer
        return legal

    def after(self, action: int, hand_before: int, phase_before: Phase) -> None:
        """Check the position after ``action`` was applied by the player who held ``hand_before``."""
        state = self.state
        self.decisions += 1
        self.round_decisions += 1
        if phase_before is not Phase.PLAY:
            return
        if action < FIRST_WIZARD:
            card = action
        else:
            card = _lowest(hand_before & (WIZARDS if action == 52 else JESTERS))
        self.trick.append(card)
        if len(self.trick) < self.n:
            return
        # A trick is complete: exactly one player wins it, the one the rules name.
        winner = (self._trick_leader + reference_winner(self.trick, self._trump)) % self.n
        self.tricks_won[winner] += 1
        if state.round_index == self.rounds_seen and not state.is_terminal():
            assert state.round_tricks[-1] == (self._trick_leader, tuple(self.trick), winner)
            assert state.tricks_won == self.tricks_won
            assert state.current == state.leader == winner, "the winner of a trick leads the next"
        self.trick = []

    # The trick's leader and trump are read before each decision (a round's last trick starts the next round).
    _trick_leader = 0
    _trump = -1

    def note_position(self) -> None:
        state = self.state
        if not self.trick:
            self._trick_leader = state.leader
        self._trump = state.trump_suit

    def round_over(self) -> None:
        """Called once ``state.sheet`` grew: check the round's row, then the next round's deal."""
        state = self.state
        result = state.sheet[self.rounds_seen]
        assert result.tricks == tuple(self.tricks_won)
        assert sum(result.tricks) == result.hand_size, "the tricks of a round add up to its hand size"
        assert all(0 <= b <= result.hand_size for b in result.bids)
        assert result.points == tuple(round_score(b, t) for b, t in zip(result.bids, result.tricks, strict=True))
        previous = state.sheet[self.rounds_seen - 1].totals if self.rounds_seen else (0,) * self.n
        assert result.totals == tuple(p + q for p, q in zip(previous, result.points, strict=True))
        trump_decision = 1 if FIRST_WIZARD <= result.trump_card < FIRST_JESTER else 0
        assert self.round_decisions == trump_decision + self.n + self.n * result.hand_size
        self.rounds_seen += 1
        if not state.is_terminal():
            self._new_round()

    def finish(self) -> None:
        state = self.state
        assert state.is_terminal() and state.legal_actions() == [] and state.current_player() == -4
        assert len(state.sheet) == state.rules.rounds == self.rounds_seen
        totals = [sum(round_score(r.bids[s], r.tricks[s]) for r in state.sheet) for s in range(self.n)]
        assert state.scores == totals == state.returns()
        assert state.winners() == [s for s in range(self.n) if totals[s] == max(totals)]
        assert self.decisions == len(state.history)


def play_checked(rules_name: str, players: int, seed: int, full: bool) -> None:
    """Play one random game, checking the rules at every step (and with ``full``, the state API too)."""
    rules = dataclasses.replace(find_rules(rules_name), players=players)
    state = new_game(rules, seed)
    assert isinstance(state, WizardState)
    moves = random.Random(seed ^ 0x5EED)
    checker = Checker(state)
    # full: the state before each decision, and the illegal action it was offered (see the replay check below).
    before: list[WizardState] = []
    marks: list[tuple[object, ...]] = []
    offered: list[int] = []
    while not state.is_terminal():
        legal = checker.before()
        checker.note_position()
        action = moves.choice(legal)
        hand_before, phase_before, sheet_before = state.hands[state.current], state.phase, len(state.sheet)
        if full:
            check_views(state, legal)
            marks.append(fingerprint(state))
            offered.append(refuse_illegal_action(state, legal, moves))
            # The game goes on in a clone; the original is kept as it was and compared with the replay below.
            before.append(state)
            state = state.clone()
            checker.state = state
        state.apply(action)
        checker.after(action, hand_before, phase_before)
        if len(state.sheet) > sheet_before:
            checker.round_over()
    checker.finish()
    record = state.record()
    if not full:
        replayed = new_game(record.rules, record.seed)
        for action in record.actions:
            replayed.apply(action)
        assert replayed == state, "the record replayed from its seed does not reproduce the game"
        return
    check_views(state, [])
    # Each kept state still reads as it did when the game left it (a clone sharing a list with its original would
    # have changed it; so would a refused action that wrote before raising).
    for number, (kept, mark) in enumerate(zip(before, marks, strict=True)):
        assert fingerprint(kept) == mark, f"state {number} changed after the game went on in a clone of it"
    before.append(state)
    replayed_states = list(replay_states(record))
    assert len(replayed_states) == len(before)
    for number, (original, again) in enumerate(zip(before, replayed_states, strict=True)):
        # A difference means the refused action changed the state, or applying the next action to a clone
        # changed the original (shared mutable parts), or the replay does not reproduce the game.
        if again != original:
            offer = offered[number] if number < len(offered) else "-"
            following = record.actions[number] if number < len(record.actions) else "-"
            pytest.fail(
                f"state {number} differs from its replay (illegal action {offer} was refused there; the next "
                f"action {following} was applied to a clone of it)"
            )


def fingerprint(state: WizardState) -> tuple[object, ...]:
    """An immutable copy of a state's mutable parts and position, taken at one moment."""
    return (
        tuple(state.hands), tuple(state.bids), tuple(state.tricks_won), tuple(state.trick), tuple(state.scores),
        tuple(state.round_tricks), tuple(state.sheet), len(state.history), state.phase, state.current,
        state.leader, state.led, state.played, state.dealer, state.round_index, state.trump_suit,
    )  # fmt: skip


def refuse_illegal_action(state: WizardState, legal: list[int], rng: random.Random) -> int:
    """Offer a random illegal action (mostly from the 81-action space, sometimes an id outside it)."""
    if rng.random() < 0.95:
        action = rng.randrange(NUM_ACTIONS - len(legal))
        for allowed in legal:  # the k-th action not in ``legal`` (legal is sorted)
            if allowed <= action:
                action += 1
    else:
        action = rng.choice([-1, NUM_ACTIONS, 10**6])
    assert action not in legal
    history = len(state.history)
    # An id outside the action table is no action at all; any other refused id is an action the rules forbid now.
    expected = IllegalActionError if 0 <= action < NUM_ACTIONS else InvalidActionError
    with pytest.raises(expected):
        state.apply(action)
    assert len(state.history) == history
    return action


VIEW_FIELDS = {f.name for f in dataclasses.fields(View)}


def check_views(state: WizardState, legal: list[int]) -> None:
    """Every seat's view: what it shows, and what it must not show."""
    hidden = state.rules.hidden_bids
    current = state.current_player()
    everything = 0
    for hand in state.hands:
        everything |= hand
    for seat in range(state.players):
        view = state.view(seat)
        assert view.hand == state.hands[seat]
        others = everything & ~state.hands[seat]
        shown = view.hand | view.played | view.given | view.received
        for card in view.trick:
            shown |= 1 << card
        for _, cards, _ in view.round_tricks:
            for card in cards:
                shown |= 1 << card
        if view.trump_card >= 0:
            shown |= 1 << view.trump_card
        assert shown & others == 0, f"seat {seat}'s view shows cards another seat holds"
        assert view.played == state.played
        played_by = 0
        for s, cards in enumerate(view.played_by):
            assert played_by & cards == 0, "a card played by two seats"
            played_by |= cards
            assert view.voids[s] & suits_held(state.hands[s]) == 0, f"seat {s} is marked void in a suit it holds"
        assert played_by == view.played
        # The last trick is this hand's last completed one; before the hand's first card, the previous hand's last.
        if view.round_tricks:
            assert view.last_trick == view.round_tricks[-1]
        elif view.played:
            assert view.last_trick is None
        elif state.round_index > 0:
            assert view.last_trick is not None and len(view.last_trick.cards) == state.players
        assert view.legal_actions == (tuple(legal) if seat == current else ())
        for s, bid in enumerate(state.bids):
            if bid < 0 or (hidden and s != seat):
                assert view.bids[s] is None, f"seat {seat} sees bid {s}"
            else:
                assert view.bids[s] == bid
        assert view.sheet == tuple(state.sheet)
        assert view.scores == tuple(state.scores)


def test_a_view_has_only_the_known_fields() -> None:
    """The hidden-card checks above read every card-bearing field; a new field must be added to them."""
    assert VIEW_FIELDS == {
        "game", "rules", "seat", "phase", "current_player", "dealer", "round_index", "hand_size", "hand",
        "trump_card", "trump_suit", "led", "trick_leader", "trick", "round_tricks", "played", "tricks_won",
        "legal_actions", "bids", "scores", "sheet", "teams", "auction", "high_bidder", "high_bid", "contract",
        "letters", "given", "received", "winners", "last_trick", "played_by", "voids", "scorekeeper",
        # the special cards (tests/core/test_special_cards.py checks them): turned_up is the card every player saw
        # turned up before the Werewolf's swap, public whoever holds it now
        "werewolf", "turned_up", "bid_changes", "sheet_bid_changes",
    }  # fmt: skip


def suits_held(hand: int) -> int:
    """The suits (a 4-bit mask) a hand holds at least one card of."""
    return sum(1 << suit for suit in range(4) if hand >> (13 * suit) & 0x1FFF)


# Each example plays several whole games: no per-example deadline.
common = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True)


@pytest.mark.parametrize("preset", PRESETS)
@settings(common, max_examples=72)
@given(players=players_st, seed=seed_st)
def test_rules_hold_in_random_games(preset: str, players: int, seed: int) -> None:
    games = random.Random(seed)
    for _ in range(20):
        play_checked(preset, players, games.getrandbits(63), full=False)


@pytest.mark.parametrize("preset", PRESETS)
@settings(common, max_examples=24)
@given(players=players_st, seed=seed_st)
def test_state_api_in_random_games(preset: str, players: int, seed: int) -> None:
    games = random.Random(seed)
    for _ in range(4):
        play_checked(preset, players, games.getrandbits(63), full=True)


def test_a_clone_is_independent() -> None:
    """A clone taken mid-round is unaffected by play on the original, and the reverse. Each side is compared with
    text taken at the time (immutable) and with a fresh replay, never with another clone that could share parts."""
    rules = find_rules("standard")
    state = new_game(rules, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    clone = state.clone()
    text_then = str(state)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    assert str(clone) == text_then
    assert clone == replay(GameRecord(rules, 3, list(state.history[:40])))
    text_now = str(state)
    for _ in range(30):
        clone.apply(rng.choice(clone.legal_actions()))
    assert str(state) == text_now
    assert state == replay(GameRecord(rules, 3, list(state.history)))


@pytest.mark.parametrize("preset", PRESETS)
def test_records_survive_json(preset: str) -> None:
    """A record written as JSON and read back replays to the same final state (its texts are checked on load)."""
    state = new_game(dataclasses.replace(find_rules(preset), players=3 + len(preset) % 4), seed=len(preset))
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    record = GameRecord.from_json(state.record(names=["a", "b", "c", "d", "e", "f"][: state.players]).to_json())
    assert record.names == ["a", "b", "c", "d", "e", "f"][: state.players]
    assert replay(record) == state
