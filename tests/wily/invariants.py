"""Invariants of Wily Wizards states and views, checked by the property tests after every decision."""

from __future__ import annotations

import random

from wizardcards.core import IllegalActionError, Phase
from wizardcards.core import actions as A
from wizardcards.core.cards import FULL_DECK
from wizardcards.core.wily import LETTERS_TO_WIN, WilyState


def check_cards(state: WilyState) -> None:
    """Every card is in exactly one place: a hand, the given pile (while passing), the cards played, the Cauldron."""
    union = state.played | state.cauldron
    total = state.played.bit_count() + state.cauldron.bit_count()
    for hand in state.hands:
        union |= hand
        total += hand.bit_count()
    if state.phase is Phase.PASS_CARDS:
        for given in state.given:
            union |= given
            total += given.bit_count()
    assert union == FULL_DECK, "a card went missing"
    assert total == 60, "a card is in two places"


def check_shape(state: WilyState) -> None:
    """Hand sizes, tricks and letters agree with the phase (checked at every change of phase and every trick)."""
    n = state.players
    if state.phase in (Phase.AUCTION, Phase.NAME_TRUMP):
        assert all(h.bit_count() == state.hand_size for h in state.hands)
        assert state.given == [0] * n and state.received == [0] * n and state.played == 0
    elif state.phase is Phase.PASS_CARDS:
        assert state.played == 0 and state.received == [0] * n
        for hand, given in zip(state.hands, state.given):
            assert hand.bit_count() + given.bit_count() == state.hand_size
    elif state.phase is Phase.PLAY:
        done = len(state.round_tricks)
        in_trick = {(state.leader + k) % n for k in range(len(state.trick))}
        for seat, hand in enumerate(state.hands):
            assert hand.bit_count() == state.hand_size - done - (seat in in_trick)
        assert state.played.bit_count() == done * n + len(state.trick)
        assert state.leader == state.high_bidder or done > 0
    if state.phase is not Phase.GAME_OVER:
        assert max(state.letters) < LETTERS_TO_WIN
    else:
        assert max(state.letters) == LETTERS_TO_WIN
    assert sum(state.tricks_won) == len(state.round_tricks)


def check_view(state: WilyState, seat: int) -> None:
    """The view holds only what the seat may know, and holds it right."""
    view = state.view(seat)
    known = state.hands[seat] | state.played | state.given[seat] | state.received[seat]
    assert view.hand == state.hands[seat]
    assert view.played == state.played and view.given == state.given[seat]
    assert not (view.hand | view.played | view.given | view.received) & ~known
    assert not (view.hand | view.played | view.given | view.received) & state.cauldron
    for card in view.trick:
        assert known >> card & 1
    exchanged = state.phase is Phase.PLAY or state.phase is Phase.GAME_OVER
    if not exchanged or state.receivers is None:
        assert view.received == 0  # nothing is seen before everybody has given
    else:
        giver = state.receivers.index(seat)
        assert view.received == state.given[giver]
        assert view.given.bit_count() == 3
    if state.phase is Phase.PASS_CARDS:
        assert view.given.bit_count() <= 3
    assert bool(view.legal_actions) == (seat == state.current_player())
    assert view.letters == tuple(state.letters) and view.auction == tuple(state.auction)


def hidden_reshuffled(state: WilyState, seat: int, rng: random.Random) -> WilyState:
    """A copy of ``state`` in which every card ``seat`` cannot locate is dealt anew among the places it cannot see
    (other hands, other players' given cards while passing, the Cauldron), each place keeping its size."""
    other = state.clone()
    n = state.players
    known_elsewhere = 0
    if state.receivers is not None and state.phase in (Phase.PLAY, Phase.GAME_OVER):
        known_elsewhere = state.given[seat]  # the seat knows where its gift went
    slots: list[tuple[str, int, int]] = []
    for s in range(n):
        if s != seat:
            slots.append(("hand", s, state.hands[s] & ~known_elsewhere))
            if state.phase is Phase.PASS_CARDS:
                slots.append(("given", s, state.given[s]))
    slots.append(("cauldron", 0, state.cauldron))
    pool = [c for _, _, mask in slots for c in range(60) if mask >> c & 1]
    rng.shuffle(pool)
    for kind, s, mask in slots:
        size = mask.bit_count()
        chunk, pool = pool[:size], pool[size:]
        new = 0
        for card in chunk:
            new |= 1 << card
        if kind == "hand":
            other.hands[s] = (state.hands[s] & known_elsewhere) | new
        elif kind == "given":
            other.given[s] = new
        else:
            other.cauldron = new
    return other


def check_hidden(state: WilyState, seat: int, rng: random.Random) -> None:
    """The seat's view does not change when the cards it cannot see are dealt differently."""
    assert hidden_reshuffled(state, seat, rng).view(seat) == state.view(seat)


def check_refusal(state: WilyState, rng: random.Random) -> None:
    """An action that is not legal is refused and changes nothing."""
    legal = set(state.legal_actions())
    illegal = [a for a in range(A.NUM_ACTIONS) if a not in legal]
    action = rng.choice(illegal)
    before = state.clone()
    try:
        state.apply(action)
    except IllegalActionError:
        pass
    else:
        raise AssertionError(f"illegal action {action} was taken in phase {state.phase}")
    assert state == before


def check_sheet(state: WilyState) -> None:
    """The score sheet adds up: letters grow by the letters awarded, each played hand has all its tricks."""
    letters = [0] * state.num_teams
    for row in state.sheet:
        if row.high_bidder < 0:
            assert row.letter_to == () and row.team_tricks == (0,) * state.num_teams
        else:
            assert sum(row.team_tricks) == state.hand_size
            bidder_team = state.teams[row.high_bidder]
            made = row.team_tricks[bidder_team] >= row.bid
            assert row.letter_to == ((bidder_team,) if made else tuple(
                t for t in range(state.num_teams) if t != bidder_team))
        for team in row.letter_to:
            letters[team] += 1
        assert row.letters == tuple(letters)
    assert letters == state.letters
    assert len(state.sheet) == state.round_index + state.is_terminal()


def choose(state: WilyState, rng: random.Random, pass_bias: float) -> int:
    """A random legal action; in the auction a pass with probability ``pass_bias`` (so that hands are thrown in and
    contracts are low enough to be made), else uniform."""
    if state.phase is Phase.AUCTION and rng.random() < pass_bias:
        return A.PASS
    return rng.choice(state.legal_actions())


def play_checked(
    state: WilyState, rng: random.Random, pass_bias: float = 0.0, every: int = 1, deep: float = 0.02
) -> None:
    """Play ``state`` to the end with random legal actions, checking the cards after every decision, the shape of
    the state at every trick and change of phase, the view of the seat on turn every ``every`` decisions and of all
    seats at every change of phase, and with probability ``deep`` the reshuffled-hidden-cards test and the refusal
    of an illegal action."""
    phase = state.phase
    step = 0
    while not state.is_terminal():
        seat = state.current_player()
        if step % every == 0:
            check_view(state, seat)
        if deep and rng.random() < deep:
            check_hidden(state, rng.randrange(state.players), rng)
            check_refusal(state, rng)
        state.apply(choose(state, rng, pass_bias))
        check_cards(state)
        if state.phase is not phase or state.phase is Phase.AUCTION and not state.auction:
            phase = state.phase
            check_shape(state)
            for s in range(state.players):
                check_view(state, s)
        elif not state.trick:
            check_shape(state)
        step += 1
    check_sheet(state)
    for s in range(state.players):
        check_view(state, s)
