"""The observation vector and the action mask: a hand-built view's exact vector, layout invariants, and that a seat's
vector never depends on what it may not know."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizardcards.core import Game, Phase, RuleSet, Trick, View, cards_from_text, find_rules, new_game
from wizardcards.core.actions import NUM_ACTIONS, bid_action
from wizardcards.core.cards import FIRST_JESTER, FIRST_WIZARD, SUIT_MASKS, card_from_text
from wizardcards.core.tricks import NO_SUIT_YET, next_led, void_shown
from wizardcards.rl.observation import ObservationEncoder, ObservationLayout, encode

C = card_from_text


def wizard_view(**changes: object) -> View:
    """Seat 1 of 3 in round 3 (3 cards), a trick in progress; every field written out."""
    rules = RuleSet(players=3)
    fields: dict[str, object] = dict(
        game=Game.WIZARD,
        rules=rules,
        seat=1,
        phase=Phase.PLAY,
        current_player=1,
        dealer=0,
        round_index=2,
        hand_size=3,
        hand=cards_from_text("7h Wiz"),
        trump_card=C("Qs"),
        trump_suit=3,
        led=2,  # Hearts
        trick_leader=2,
        # completed: seat 1 led 2c, seat 2 played a Wizard (id 53), seat 0 Ac -> seat 2 won and led this trick.
        round_tricks=(Trick(1, (C("2c"), 53, C("Ac")), 2),),
        last_trick=Trick(1, (C("2c"), 53, C("Ac")), 2),
        trick=(C("5h"), 58),  # seat 2: 5h, seat 0: a Jester
        played=cards_from_text("2c Ac 5h") | 1 << 53 | 1 << 58,
        played_by=(cards_from_text("Ac") | 1 << 58, cards_from_text("2c"), cards_from_text("5h") | 1 << 53),
        voids=(0, 0, 0),  # everybody followed (or played a Wizard or a Jester)
        tricks_won=(0, 0, 1),
        legal_actions=(C("7h"), 52),
        bids=(1, 0, 2),
        scores=(30, -10, 20),
        sheet=(),
    )
    fields.update(changes)
    return View(**fields)  # type: ignore[arg-type]


def ones(layout: ObservationLayout, vector: np.ndarray, name: str) -> list[int]:
    piece = layout[name]
    return np.flatnonzero(vector[piece.offset : piece.stop]).tolist()


def test_hand_built_view_gives_the_expected_vector() -> None:
    view = wizard_view()
    vector = encode(view)
    layout = ObservationLayout(Game.WIZARD, 3)
    h = 20
    assert vector.dtype == np.float32 and vector.shape == (layout.size,)
    assert ones(layout, vector, "hand") == [C("7h"), 52]
    # played, by seat relative to seat 1: rel 0 = seat 1 (2c), rel 1 = seat 2 (Wiz, 5h), rel 2 = seat 0 (Ac, Jes).
    assert ones(layout, vector, "played") == [C("2c"), 60 + C("5h"), 60 + 52, 120 + C("Ac"), 120 + 56]
    assert ones(layout, vector, "trick") == [C("5h"), 60 + 56]
    assert ones(layout, vector, "trick_leader") == [1]  # seat 2 is on seat 1's left
    assert ones(layout, vector, "led") == [3]  # Hearts: index led + 1
    assert ones(layout, vector, "trump_card") == [C("Qs")]
    assert ones(layout, vector, "trump_suit") == [3]
    assert ones(layout, vector, "tricks_won") == [0, (h + 1) + 1, 2 * (h + 1)]
    assert ones(layout, vector, "hand_size") == [2]
    assert ones(layout, vector, "seat") == [1]
    assert ones(layout, vector, "dealer") == [2]  # seat 0 is two to the left of seat 1
    assert ones(layout, vector, "current_player") == [0]
    assert ones(layout, vector, "phase") == [list(Phase).index(Phase.PLAY)]
    # voids: seat 1 holds no Clubs, Diamonds, Spades; seat 0 played a Jester (no evidence); seat 2 played a Wizard.
    assert ones(layout, vector, "voids") == [0, 1, 3]
    assert ones(layout, vector, "bids") == [0, (h + 2) + 2, 2 * (h + 2) + 1]
    scores = layout["scores"]
    assert vector[scores.offset : scores.stop].tolist() == pytest.approx([-0.1, 0.2, 0.3])
    assert vector[layout["progress"].offset] == pytest.approx(0.0)
    # Nothing else is set.
    assert np.count_nonzero(vector) == 2 + 5 + 2 + 1 + 1 + 1 + 1 + 3 + 1 + 1 + 1 + 1 + 1 + 3 + 3 + 3


def test_voids_are_the_observers_own_and_those_the_view_shows() -> None:
    # Seat 0 led 9d, seat 1 (observer) followed, seat 2 threw a Club: the view says seat 2 lacks Diamonds. The
    # observer's own row comes from its hand (7h 8s: no Clubs, no Diamonds), not from what it has shown.
    done = Trick(0, (C("9d"), C("2d"), C("3c")), 0)
    view = wizard_view(round_tricks=(done,), last_trick=done, trick=(), trick_leader=0, led=-1,
                       played_by=(cards_from_text("9d"), cards_from_text("2d"), cards_from_text("3c")),
                       voids=(0, 0, 1 << 1), hand=cards_from_text("7h 8s"), current_player=0, legal_actions=())
    layout = ObservationLayout(Game.WIZARD, 3)
    assert ones(layout, encode(view), "voids") == [0, 1, 4 + 1]


def test_wizards_and_jesters_played_are_counted_not_named() -> None:
    # Seat 2 played the last two Wizards (ids 54, 55) and a Jester (id 59): its played row sets the first two
    # Wizard entries and the first Jester entry, as the same plays of any other Wizards and Jester would.
    view = wizard_view(round_tricks=(), last_trick=None, trick=(), trick_leader=1, led=-1, current_player=1,
                       played_by=(0, 0, 1 << 54 | 1 << 55 | 1 << 59), voids=(0, 0, 0), legal_actions=())
    twin = wizard_view(round_tricks=(), last_trick=None, trick=(), trick_leader=1, led=-1, current_player=1,
                       played_by=(0, 0, 1 << 52 | 1 << 53 | 1 << 56), voids=(0, 0, 0), legal_actions=())
    layout = ObservationLayout(Game.WIZARD, 3)
    assert ones(layout, encode(view), "played") == [60 + 52, 60 + 53, 60 + 56]  # seat 2 is rel 1
    assert np.array_equal(encode(view), encode(twin))


def test_hidden_bids_and_terminal_encode_as_unknown_and_nobody() -> None:
    layout = ObservationLayout(Game.WIZARD, 3)
    view = wizard_view(bids=(None, 0, None), current_player=-4, phase=Phase.GAME_OVER, legal_actions=())
    vector = encode(view)
    assert ones(layout, vector, "bids") == [0, 22 + 21, 2 * 22 + 21]
    assert ones(layout, vector, "current_player") == [3]
    assert ObservationEncoder.mask(view).sum() == 0


def test_mask_marks_exactly_the_legal_actions() -> None:
    view = wizard_view()
    mask = ObservationEncoder.mask(view)
    assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,)
    assert np.flatnonzero(mask).tolist() == [C("7h"), 52]


@pytest.mark.parametrize(
    ("game", "players", "size"),
    [("wizard", 3, None), ("wizard", 4, 804), ("wizard", 6, None), ("wily", 4, None), ("wily", 7, None)],
)
def test_layout_is_contiguous_and_sized_by_game_and_players(game: str, players: int, size: int | None) -> None:
    layout = ObservationLayout(game, players)
    offset = 0
    for piece in layout.slices.values():
        assert piece.offset == offset
        offset = piece.stop
    assert layout.size == offset
    if size is not None:
        assert layout.size == size
    assert f"| (total) | {layout.size} |" in layout.table()


def test_size_does_not_depend_on_rule_options() -> None:
    sizes = {ObservationEncoder(find_rules(name, players=4)).size for name in ("standard", "hook", "double-down",
                                                                               "quick", "hidden-bids")}
    assert len(sizes) == 1
    wily = {ObservationEncoder(find_rules(name, players=6)).size for name in ("wily", "wily-two-teams")}
    assert len(wily) == 1


def random_state(rules: RuleSet, seed: int, steps: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = new_game(rules, seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state, rng


def reshuffle_hidden(state, seat: int, rng: random.Random):  # type: ignore[no-untyped-def]
    """A copy of ``state`` whose other seats hold a different split of the same hidden cards (Wizards and Jesters
    renumbered too): what ``seat`` sees must not change."""
    other = state.clone()
    others = [s for s in range(state.players) if s != seat]
    pool: list[int] = []
    for s in others:
        hand = other.hands[s]
        pool += [c for c in range(60) if hand >> c & 1]
    rng.shuffle(pool)
    for s in others:
        size = other.hands[s].bit_count()
        mask = 0
        for c in pool[:size]:
            mask |= 1 << c
        pool = pool[size:]
        other.hands[s] = mask
    return other


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
    preset=st.sampled_from(["standard", "hidden-bids", "wily", "wily-no-partners"]),
)
def test_vector_does_not_depend_on_hidden_cards(seed: int, steps: int, preset: str) -> None:
    rules = find_rules(preset)
    state, rng = random_state(rules, seed, steps)
    encoder = ObservationEncoder(rules)
    for seat in range(rules.players):
        twin = reshuffle_hidden(state, seat, rng)
        np.testing.assert_array_equal(encoder.encode(state.view(seat)), encoder.encode(twin.view(seat)))


def test_hidden_bids_of_others_do_not_show() -> None:
    rules = find_rules("hidden-bids", players=4)
    state = new_game(rules, 5)
    while state.phase is not Phase.BID:
        state.apply(state.legal_actions()[0])
    first = state.current_player()
    twin = state.clone()
    state.apply(bid_action(0))
    twin.apply(bid_action(1))
    encoder = ObservationEncoder(rules)
    for seat in range(4):
        same = np.array_equal(encoder.encode(state.view(seat)), encoder.encode(twin.view(seat)))
        assert same == (seat != first)


def played_and_voids_from_the_tricks(view: View) -> tuple[list[np.ndarray], list[int]]:
    """Each seat's played-cards plane and the suits it has shown it lacks, worked out from the view's tricks of this
    hand alone: what the ``played`` and ``voids`` slices held before the views carried them."""
    n = view.players
    first_suited = view.rules.jester_lead.value == "first_suited"
    planes = [np.zeros(60, np.float32) for _ in range(n)]
    wizards, jesters, voids = [0] * n, [0] * n, [0] * n
    for leader, cards, _winner in [*view.round_tricks, Trick(view.trick_leader, view.trick, -1)]:
        led = NO_SUIT_YET
        for position, card in enumerate(cards):
            seat = (leader + position) % n
            if card < FIRST_WIZARD:
                planes[seat][card] = 1
            elif card < FIRST_JESTER:  # the k-th Wizard a seat plays sets entry 52 + k - 1
                planes[seat][FIRST_WIZARD + wizards[seat]] = 1
                wizards[seat] += 1
            else:
                planes[seat][FIRST_JESTER + jesters[seat]] = 1
                jesters[seat] += 1
            voids[seat] |= void_shown(led, card)
            led = next_led(led, card, position, first_suited)
    return planes, voids


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(["standard", "extended-suits", "wily", "wily-two-teams"]))
def test_vectors_along_a_game_are_consistent(seed: int, preset: str) -> None:
    """Over a whole game: the played cards and voids are those the hand's tricks show, values stay in bounds, the card
    planes count what the view holds, and the mask is exactly the legal actions of the seat on turn."""
    rules = find_rules(preset)
    rng = random.Random(seed)
    state = new_game(rules, seed)
    encoder = ObservationEncoder(rules)
    layout = encoder.layout
    n = rules.players
    steps = 0
    while not state.is_terminal() and steps < 300:
        seat = rng.randrange(n)
        view = state.view(seat)
        vector = encoder.encode(view)
        assert np.all(vector >= encoder.low) and np.all(vector <= encoder.high)
        parts = layout.split(vector)
        planes, voids = played_and_voids_from_the_tricks(view)
        for other in range(n):
            rel = (other - seat) % n
            np.testing.assert_array_equal(parts["played"][rel], planes[other])
            if other != seat:
                assert np.flatnonzero(parts["voids"][rel]).tolist() == [s for s in range(4) if voids[other] >> s & 1]
        assert parts["hand"].sum() == view.hand.bit_count()
        assert parts["played"].sum() == view.played.bit_count()
        assert parts["trick"].sum() == len(view.trick)
        for name in ("seat", "dealer", "current_player", "phase", "led", "trump_suit", "trick_leader"):
            assert parts[name].sum() == 1, name
        own_voids = [s for s in range(4) if not view.hand & SUIT_MASKS[s]]
        assert np.flatnonzero(parts["voids"][0]).tolist() == own_voids
        mask = encoder.mask(view)
        assert sorted(np.flatnonzero(mask).tolist()) == (
            sorted(state.legal_actions()) if state.current_player() == seat else []
        )
        state.apply(rng.choice(state.legal_actions()))
        steps += 1


def test_wily_slices_from_a_played_hand() -> None:
    rules = find_rules("wily")  # partners, 4 players
    rng = random.Random(3)
    state = new_game(rules, 11)
    while state.phase is not Phase.PLAY:
        state.apply(rng.choice(state.legal_actions()))
    encoder = ObservationEncoder(rules)
    layout = encoder.layout
    view = state.view(1)
    parts = layout.split(encoder.encode(view))
    assert np.flatnonzero(parts["teammates"]).tolist() == [0, 2]  # seat 1 and its partner seat 3
    bidder = view.high_bidder
    assert np.flatnonzero(parts["high_bidder"]).tolist() == [(bidder - 1) % 4]
    assert np.flatnonzero(parts["contract"]).tolist() == [view.contract]
    assert parts["given"].sum() == 3 and parts["received"].sum() == view.received.bit_count() == 3
    assert parts["passed"].sum() == sum(1 for _seat, call in view.auction if call == 0)
    assert parts["calls"][(bidder - 1) % 4][view.high_bid] == 1
    assert np.flatnonzero(parts["letters"][:, 0]).tolist() == [0, 1, 2, 3]  # nobody holds a letter yet
