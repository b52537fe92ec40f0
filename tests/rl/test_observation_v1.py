"""wizard_v1, the observation of Wizard with the special cards: which version the rules get, a hand-built view's exact
vector, and that a seat's vector never shows what it may not know (others' hands, a Juggler's gift between two
other seats)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizardcards.core import Game, ImpossibleRulesError, Phase, RuleSet, Trick, View, find_rules, new_game
from wizardcards.core.actions import NUM_ACTIONS, NUM_ACTIONS_WITH_SPECIALS
from wizardcards.core.cards import (
    BOMB,
    CLOUD,
    CLOUD_AS,
    FAIRY,
    JUGGLER,
    JUGGLER_AS,
    SHAPESHIFTER,
    SHAPESHIFTER_AS_WIZARD,
    WEREWOLF,
    card_from_text,
)
from wizardcards.core.special_wizard import SpecialWizardState
from wizardcards.rl.incremental import TableObserver
from wizardcards.rl.observation import ObservationEncoder, ObservationLayout, encode, observation_version

C = card_from_text
ALL_SEVEN = find_rules("anniversary-2021", players=3)


def ones(layout: ObservationLayout, vector: np.ndarray, name: str) -> list[int]:
    piece = layout[name]
    return np.flatnonzero(vector[piece.offset : piece.stop]).tolist()


def test_each_rule_set_gets_its_version_and_wrong_ones_are_refused() -> None:
    assert observation_version(find_rules("standard")) == "wizard_v0"
    assert observation_version(find_rules("wily")) == "wily_v0"
    assert observation_version(find_rules("anniversary")) == "wizard_v1"
    assert observation_version(RuleSet(special_cards=("bomb",))) == "wizard_v1"
    assert observation_version(find_rules("standard"), "wizard_v1") == "wizard_v1"  # the 60 read as v1
    with pytest.raises(ImpossibleRulesError, match="use wizard_v1"):
        observation_version(find_rules("anniversary"), "wizard_v0")
    with pytest.raises(ImpossibleRulesError, match="wizard_v1 is no observation of wily"):
        observation_version(find_rules("wily"), "wizard_v1")
    with pytest.raises(ImpossibleRulesError, match="no observation version 'wizard_v9'"):
        observation_version(find_rules("standard"), "wizard_v9")


@pytest.mark.parametrize(("players", "hand", "size"), [(3, 22, 1000), (4, 16, 1149), (5, 13, 1307), (6, 11, 1466)])
def test_v1_is_sized_by_the_player_count_alone(players: int, hand: int, size: int) -> None:
    """H = 67 // N whichever special cards are dealt (67 // 3 = 66 // 3 = 22: hands and bids up to 22), and the 60
    read as v1 have the same spaces; wizard_v0 keeps its sizes."""
    encoders = [ObservationEncoder(find_rules(name, players=players), "wizard_v1")
                for name in ("anniversary", "anniversary-2021", "standard")]
    encoders.append(ObservationEncoder(RuleSet(players=players, special_cards=("cloud",))))
    assert {(e.size, e.layout.max_hand, e.num_actions) for e in encoders} == {(size, hand, NUM_ACTIONS_WITH_SPECIALS)}
    layout = encoders[0].layout
    assert layout["bids"].shape == (players, hand + 2) and layout["hand_size"].shape == (hand,)
    assert layout["hand"].shape == (67,) and layout["trick"].shape == (players, 77) and layout["phase"].shape == (10,)
    assert ObservationEncoder(find_rules("standard", players=4)).size == 804
    assert ObservationEncoder(find_rules("standard", players=4)).num_actions == NUM_ACTIONS


def special_view(**changes: object) -> View:
    """Seat 1 of 3, all seven special cards, round 5 (5 cards). Seat 2 swapped the Werewolf for the 9c turned up and
    named Hearts. Trick 1 (seat 1 led): Cld>s, 3s, As: seat 0 won it and raised its bid 1 -> 2 (the Cloud). Trick 2
    (seat 0 led): Jug>h, Fai, Bmb: bombed, won by nobody; seat 0 (whose trump Juggler would have won) leads next. The
    Juggler's pass: seat 1 gave 5d (to seat 2), received a Jester (from seat 0). Trick 3 in progress: seat 0 Kh, seat
    1 Shp>Wiz; seat 2 on turn."""
    fields: dict[str, object] = dict(
        game=Game.WIZARD,
        rules=ALL_SEVEN,
        seat=1,
        phase=Phase.PLAY,
        current_player=2,
        dealer=0,
        round_index=4,
        hand_size=5,
        hand=1 << C("7h") | 1 << 57,
        trump_card=WEREWOLF,
        trump_suit=2,
        led=2,
        trick_leader=0,
        round_tricks=(Trick(1, (CLOUD_AS + 3, C("3s"), C("As")), 0), Trick(0, (JUGGLER_AS + 2, FAIRY, BOMB), -1)),
        last_trick=Trick(0, (JUGGLER_AS + 2, FAIRY, BOMB), -1),
        trick=(C("Kh"), SHAPESHIFTER_AS_WIZARD),
        played=0,  # not read by the encoder (played_by is)
        played_by=(1 << C("As") | 1 << C("Kh") | 1 << JUGGLER, 1 << CLOUD | 1 << FAIRY | 1 << SHAPESHIFTER,
                   1 << C("3s") | 1 << BOMB),
        voids=(0, 0, 0),
        tricks_won=(1, 0, 0),
        legal_actions=(),
        bids=(2, 0, 2),
        scores=(20, -10, 30),
        sheet=(),
        given=1 << C("5d"),
        received=1 << 57,
        werewolf=2,
        turned_up=C("9c"),
        bid_changes=(1, 0, 0),
    )
    fields.update(changes)
    return View(**fields)  # type: ignore[arg-type]


def test_hand_built_special_view_gives_the_expected_vector() -> None:
    vector = encode(special_view())
    layout = ObservationLayout(Game.WIZARD, 3, "wizard_v1")
    p, t, h = 67, 77, 22
    assert vector.shape == (layout.size,) == (1000,)
    assert ones(layout, vector, "hand") == [C("7h"), 56]  # one Jester: the first Jester entry, whichever it is
    # played by rel 0 = seat 1, rel 1 = seat 2, rel 2 = seat 0: the special cards at their ids, forms as the card
    assert ones(layout, vector, "played") == [FAIRY, CLOUD, SHAPESHIFTER, p + C("3s"), p + BOMB,
                                              2 * p + C("Kh"), 2 * p + C("As"), 2 * p + JUGGLER]
    assert ones(layout, vector, "trick") == [C("Kh"), t + SHAPESHIFTER_AS_WIZARD]  # the Shapeshifter as played
    assert ones(layout, vector, "trick_leader") == [2]
    assert ones(layout, vector, "led") == [3]
    assert ones(layout, vector, "trump_card") == [WEREWOLF]  # the Werewolf lies as the trump indicator
    assert ones(layout, vector, "trump_suit") == [2]
    assert ones(layout, vector, "tricks_won") == [0, h + 1, 2 * (h + 1) + 1]  # the bombed trick counts for nobody
    assert ones(layout, vector, "hand_size") == [4]
    assert ones(layout, vector, "seat") == [1]
    assert ones(layout, vector, "dealer") == [2]
    assert ones(layout, vector, "current_player") == [1]
    assert ones(layout, vector, "phase") == [list(Phase).index(Phase.PLAY)]
    assert ones(layout, vector, "voids") == [0, 1, 3]  # the observer's own: 7h and a Jester
    assert ones(layout, vector, "bids") == [0, (h + 2) + 2, 2 * (h + 2) + 2]  # seat 0's bid as the Cloud changed it
    assert ones(layout, vector, "bid_changes") == [2 * 2 + 0]  # seat 0 (rel 2): +1
    assert ones(layout, vector, "bombed") == [0]
    assert ones(layout, vector, "werewolf") == [1]  # seat 2 is rel 1
    assert ones(layout, vector, "turned_up") == [C("9c")]
    assert ones(layout, vector, "given") == [C("5d")]
    assert ones(layout, vector, "received") == [56]
    assert ones(layout, vector, "special_cards") == list(range(7))
    scores = layout["scores"]
    assert vector[scores.offset : scores.stop].tolist() == pytest.approx([-0.1, 0.3, 0.2])
    # Nothing else is set: the slices above, in order (progress is 0).
    assert np.count_nonzero(vector) == (2 + 8 + 2 + 1 + 1 + 1 + 1 + 3 + 1 + 1 + 1 + 1 + 1 + 3 + 3 + 3
                                        + 1 + 1 + 1 + 1 + 1 + 1 + 7)


def test_the_named_suit_and_the_part_chosen_are_seen() -> None:
    """A Juggler naming Hearts and one naming Spades (a Shapeshifter as a Wizard and as a Jester) are different
    trick entries; no bombed trick, nobody swapped, no pass and only the 2016 cards dealt read as such."""
    layout = ObservationLayout(Game.WIZARD, 3, "wizard_v1")
    hearts = special_view(trick=(JUGGLER_AS + 2,), trick_leader=2, current_player=0)
    spades = special_view(trick=(JUGGLER_AS + 3,), trick_leader=2, current_player=0)
    assert ones(layout, encode(hearts), "trick") == [JUGGLER_AS + 2]
    assert ones(layout, encode(spades), "trick") == [JUGGLER_AS + 3]
    plain = special_view(rules=find_rules("anniversary", players=3), round_tricks=(), werewolf=-1, turned_up=-1,
                         given=0, received=0, bid_changes=(0, 0, -1))
    vector = encode(plain)
    assert ones(layout, vector, "bombed") == []
    assert ones(layout, vector, "werewolf") == [3] and ones(layout, vector, "turned_up") == [67]
    assert ones(layout, vector, "given") == [] and ones(layout, vector, "received") == []
    assert ones(layout, vector, "bid_changes") == [2 * 1 + 1]  # seat 2 (rel 1): -1
    assert ones(layout, vector, "special_cards") == [0, 1, 2, 3, 4, 5]  # no Shapeshifter in 2016


def test_masks_cover_table_two() -> None:
    view = special_view(current_player=1, legal_actions=(C("7h"), 53, NUM_ACTIONS_WITH_SPECIALS - 1))
    mask = ObservationEncoder(ALL_SEVEN).mask(view)
    assert mask.shape == (NUM_ACTIONS_WITH_SPECIALS,) and np.flatnonzero(mask).tolist() == [C("7h"), 53, 101]
    assert ObservationEncoder.mask(view).shape == (NUM_ACTIONS_WITH_SPECIALS,)  # the class sizes by the rules
    sixty = find_rules("standard", players=4)
    assert ObservationEncoder(sixty, "wizard_v1").mask(new_game(sixty, 1).view(0)).shape == (102,)
    assert ObservationEncoder(sixty).mask(new_game(sixty, 1).view(0)).shape == (81,)


def reshuffle_hidden(state: SpecialWizardState, seat: int, rng: random.Random) -> SpecialWizardState:
    """A copy of ``state`` whose other seats hold a different split of the cards hidden from ``seat`` (special cards
    included): what ``seat`` sees must not change."""
    other = state.clone()
    assert isinstance(other, SpecialWizardState)
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in range(67) if other.hands[s] >> c & 1]
    rng.shuffle(pool)
    for s in others:
        size = other.hands[s].bit_count()
        other.hands[s] = sum(1 << c for c in pool[:size])
        pool = pool[size:]
    return other


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 600), preset=st.sampled_from(["anniversary",
                                                                                      "anniversary-2021"]),
       players=st.integers(3, 6), hidden=st.booleans())
def test_vector_does_not_depend_on_hidden_cards(seed: int, steps: int, preset: str, players: int, hidden: bool) -> None:
    rules = RuleSet.from_dict({**find_rules(preset, players=players).to_dict(), "hidden_bids": hidden})
    rng = random.Random(seed)
    state = new_game(rules, seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, SpecialWizardState)
    encoder = ObservationEncoder(rules)
    for seat in range(players):
        twin = reshuffle_hidden(state, seat, rng)
        np.testing.assert_array_equal(encoder.encode(state.view(seat)), encoder.encode(twin.view(seat)))


def to_the_jugglers_pass(rules: RuleSet) -> tuple[int, list[int]]:
    """The seed and the actions of a random game up to its first Juggler's pass (the first giver on turn)."""
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(rules, seed)
        while not state.is_terminal() and state.phase is not Phase.JUGGLE:
            state.apply(rng.choice(state.legal_actions()))
        if state.phase is Phase.JUGGLE:
            return seed, state.history[:]
    raise AssertionError("no Juggler's pass in 200 games")


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_jugglers_gift_is_seen_by_its_giver_and_receiver_only(players: int) -> None:
    """Two games that differ in the one card the first giver gives: while the others give, only the giver's vector
    differs; once the cards have passed, only the giver's and its left neighbour's (the receiver's). The incremental
    observers, following each game from its deal, agree."""
    rules = find_rules("anniversary", players=players)
    seed, actions = to_the_jugglers_pass(rules)
    state, twin = new_game(rules, seed), new_game(rules, seed)
    tables = [TableObserver(rules), TableObserver(rules)]
    games = (state, twin)

    def apply(game_actions: tuple[int, int]) -> None:
        seat = state.current_player()
        for table, game, action in zip(tables, games, game_actions):
            game.apply(action)
            table.after_apply(seat, action)

    for table, game in zip(tables, games):
        table.reset(game)
    for action in actions:
        apply((action, action))
    giver = state.current_player()
    receiver = (giver + 1) % players
    first, second = state.legal_actions()[:2]  # two different cards (identical Wizards share one action)
    apply((first, second))
    encoder = ObservationEncoder(rules)

    def differing() -> set[int]:
        seats = set()
        for seat in range(players):
            mine, theirs = encoder.encode(state.view(seat)), encoder.encode(twin.view(seat))
            np.testing.assert_array_equal(tables[0].observe(seat), mine)
            np.testing.assert_array_equal(tables[1].observe(seat), theirs)
            if not np.array_equal(mine, theirs):
                seats.add(seat)
        return seats

    assert differing() == {giver}
    while state.phase is Phase.JUGGLE:
        action = state.legal_actions()[0]
        assert action in twin.legal_actions()
        apply((action, action))
    assert twin.phase is state.phase is Phase.PLAY
    assert differing() == {giver, receiver}
    parts = ObservationLayout(Game.WIZARD, players, "wizard_v1")
    assert ones(parts, encoder.encode(state.view(receiver)), "received") != ones(
        parts, encoder.encode(twin.view(receiver)), "received")


def test_the_jugglers_pass_clears_the_voids_and_the_cloud_changes_a_bid() -> None:
    """Along random games with all seven cards: after a pass every seat's shown voids start again, and after the
    Cloud's trick its winner's bid row moves by the change the bid_changes slice shows."""
    rules = ALL_SEVEN
    encoder = ObservationEncoder(rules)
    layout = encoder.layout
    h = layout.max_hand
    seen = {"pass": 0, "cloud": 0}
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(rules, seed)
        while not state.is_terminal():
            phase, seat, round_index = state.phase, state.current_player(), state.round_index
            before = layout.split(encoder.encode(state.view(seat)))
            action = rng.choice(state.legal_actions())
            state.apply(action)
            if state.is_terminal():
                break
            after = layout.split(encoder.encode(state.view(seat)))
            if phase is Phase.JUGGLE and state.phase is Phase.PLAY:
                seen["pass"] += 1
                assert after["voids"][1:].sum() == 0
            if phase is Phase.CLOUD and state.round_index == round_index:  # (not the round's last trick)
                seen["cloud"] += 1
                old, new = int(np.flatnonzero(before["bids"][0])[0]), int(np.flatnonzero(after["bids"][0])[0])
                up, down = after["bid_changes"][0]
                assert new - old == (1 if up else -1) and up + down == 1 and new <= h
    assert seen["pass"] > 5 and seen["cloud"] > 5
