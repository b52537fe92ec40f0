"""``search`` with the special cards (bots/special_search.py, special_rollout.py; determinize.py and inference.py with
the bigger deck): what the sampler may assume holds for the true deal, playouts that are the rule-based heuristic
played through the core's rules, hand-built positions where one special-card decision is clearly right, and random
positions of every phase where search (and its hint, ``analyse``) returns a legal action without failing."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.test_special_cards import dealt, play, rigged
from wizardcards.bots import make_bot
from wizardcards.bots.determinize import Sampler, knowledge
from wizardcards.bots.inference import bid_hands, bids_as_made
from wizardcards.bots.search import SearchBot
from wizardcards.bots.special_rollout import special_playout, table
from wizardcards.core import RuleSet, find_rules, new_game
from wizardcards.core import actions as A
from wizardcards.core.cards import SUIT_MASKS, WEREWOLF, card_set
from wizardcards.core.phase import Phase
from wizardcards.core.special_wizard import SpecialWizardState
from wizardcards.core.view import View

ALL7 = find_rules("anniversary-2021", players=4)
SUBSETS = [cards for k in range(1, 8) for cards in combinations(
    ("dragon", "fairy", "bomb", "werewolf", "juggler", "cloud", "shapeshifter"), k)
    if ("dragon" in cards) == ("fairy" in cards)]
RULEBASED = make_bot("rulebased")


def positions(rules: RuleSet, seed: int, every: int = 1) -> list[tuple[SpecialWizardState, View]]:
    """The positions of one game (rulebased and random seats mixed) with a choice to make: (state, view on turn)."""
    state = new_game(rules, seed)
    assert isinstance(state, SpecialWizardState)
    rng = random.Random(seed)
    out = []
    step = 0
    while not state.is_terminal():
        seat = state.current_player()
        view = state.view(seat)
        if len(view.legal_actions) > 1 and step % every == 0:
            out.append((state.clone(), view))
        step += 1
        action = RULEBASED.act(view, rng) if rng.random() < 0.7 else rng.choice(view.legal_actions)
        state.apply(action)
    return out


# --- what the sampler assumes is true of the real deal ----------------------------------------------------------


def check_knowledge(state: SpecialWizardState, view: View) -> None:
    """Every constraint ``knowledge`` reads from the view holds for the true hands (so the true deal is one of the
    deals sampled from), and the sampler's deals keep them."""
    know = knowledge(view)
    n, me = view.players, view.seat
    truth = [state.hands[s] | (state.juggle_given[s] if state.phase is Phase.JUGGLE else 0) for s in range(n)]
    hidden = 0
    for s in range(n):
        if s != me:
            assert truth[s] & know.fixed[s] == know.fixed[s], f"seat {s} holds a card said to be fixed in it"
            for suit in range(4):
                if know.void[s] >> suit & 1:
                    assert not truth[s] & SUIT_MASKS[suit], f"seat {s} holds a suit it is said to lack"
            assert truth[s].bit_count() == know.room[s] + know.fixed[s].bit_count()
            hidden |= truth[s] & ~know.fixed[s]
    assert hidden & know.pool == hidden, "a hidden card is left out of the pool"
    deck = card_set(view.rules.deck)
    undealt = deck & ~(view.hand | view.played | sum(truth) | (1 << view.trump_card if view.trump_card >= 0 else 0))
    if state.phase is Phase.JUGGLE:
        undealt &= ~view.given
    assert know.room[n] == (undealt & know.pool).bit_count()
    if view.trump_card >= 0 and view.werewolf < 0 and WEREWOLF in view.rules.deck:
        assert not know.pool >> WEREWOLF & 1  # not swapped: it was not dealt
    sampler = Sampler(view)
    rng = random.Random(1)
    for _ in range(3):
        if view.phase is Phase.JUGGLE:
            deal, gifts = sampler.sample_passing(rng)
            deal = [hand | gift for hand, gift in zip(deal, gifts)]
        else:
            deal = sampler.sample(rng)
        assert deal[me] == view.hand
        for s in range(n):
            if s != me:
                assert deal[s] & know.fixed[s] == know.fixed[s]
                assert deal[s].bit_count() == truth[s].bit_count()
                assert not deal[s] & (view.played | view.hand)


def test_knowledge_holds_for_the_true_deal_in_every_phase() -> None:
    phases: set[Phase] = set()
    for i, cards in enumerate(SUBSETS[::3]):
        rules = RuleSet(players=3 + i % 4, special_cards=cards, schedule="quick")
        for state, view in positions(rules, i, every=3):
            check_knowledge(state, view)
            phases.add(view.phase)
    for state, view in positions(ALL7, 99, every=2):
        check_knowledge(state, view)
        phases.add(view.phase)
    assert phases >= {Phase.BID, Phase.PLAY, Phase.CLOUD, Phase.JUGGLE, Phase.WEREWOLF, Phase.CHOOSE_TRUMP}


def test_after_the_pass_the_card_given_is_in_the_left_neighbours_hand() -> None:
    state = rigged(["Jug 2c 3c", "4c 5c 6c", "7c 8c 9c"], trump="s", bids=[0, 0, 0])
    play(state, "Jug>h", "4c", "7c")  # the Juggler led naming Hearts, and nobody holds one: seat 0 takes it
    assert state.phase is Phase.JUGGLE
    while state.phase is Phase.JUGGLE:
        seat = state.current_player()
        state.apply(A.card_action(min(c for c in range(52) if state.hands[seat] >> c & 1)))
    view = state.view(0)
    assert view.given == card_set([0])  # seat 0 gave its 2c to seat 1
    know = knowledge(view)
    assert know.fixed[1] == card_set([0]) and not know.pool & card_set([0])
    hands = bid_hands(list(state.hands), list(view.played_by), 0, view.given, view.received)
    assert not hands[1] & card_set([0]) and hands[2] & view.received  # put back where they were when bidding


def test_bids_as_made_take_the_clouds_change_off() -> None:
    assert bids_as_made([2, None, 0], [1, -1, 0]) == [1, None, 0]
    assert bids_as_made([2, 1], [0, 0]) == [2, 1]


# --- playouts: the rule-based heuristic through the core's rules -------------------------------------------------


def test_playouts_take_every_decision_rulebased_takes_in_the_core() -> None:
    """From random play positions the playout's decisions (cards as played, the Cloud's change, the Juggler's pass)
    are, one by one, the core's legal moves and those ``rulebased`` makes there; the tricks and the bids as changed
    at the end of the hand agree."""
    checked = decisions = 0
    for seed in range(40):
        rules = RuleSet(players=3 + seed % 4, special_cards=SUBSETS[seed * 7 % len(SUBSETS)], schedule="quick")
        for state, view in positions(rules, seed, every=7):
            if view.phase is not Phase.PLAY:
                continue
            trace: list[int] = []
            values, keys = table(state.trump_suit, state.players, rules.deck)
            goal = list(state.bids)
            won = special_playout(list(state.hands), list(state.trick), state.leader, state.led,
                                  list(state.tricks_won), goal, state.trump_suit, rules.lead_rule, state.hand_size,
                                  values, keys, trace=trace)
            core = state.clone()
            round_index = core.round_index
            for action in trace:
                seen = core.view(core.current_player())
                assert action in seen.legal_actions
                assert RULEBASED.act(seen, random.Random(0)) == action, (seen.phase, seen.to_text())
                core.apply(action)
                decisions += 1
            assert len(core.sheet) == round_index + 1  # the trace played the hand to its end, no further
            row = core.sheet[round_index]
            assert won == list(row.tricks) and goal == list(row.bids)
            checked += 1
    assert checked >= 100 and decisions >= 1000


# --- hand-built positions with one clearly right special decision ------------------------------------------------


def decide(state: SpecialWizardState, spec: str = "search:level=2") -> str:
    seat = state.current_player()
    bot = make_bot(spec)
    view = state.view(seat)
    action = bot.act(view, random.Random(3))
    assert set(SearchBot(level=1).analyse(view, random.Random(4))) == set(view.legal_actions)  # the hint's rows
    return state.action_to_text(action)


def test_the_cloud_change_that_makes_the_bid_falls() -> None:
    # Seat 0 bid 2, took the Cloud's trick (its first) and holds two Jesters: it takes no other trick, so -1 makes 1.
    state = rigged(["Cld Jes Jes", "9s 3c 4c", "8s 5c 6c"], bids=[2, 0, 0])
    play(state, "Cld>s", "9s", "8s")
    assert state.phase is Phase.CLOUD and state.current_player() == 0
    assert decide(state) == "cloud -1"


def test_the_cloud_change_that_makes_the_bid_rises() -> None:
    # Seat 0 bid 1 and took the Cloud's trick; it holds the Dragon and a Wizard, and nobody holds the Fairy: it takes
    # the two tricks left, 3 in all. +1 makes 2 (missed by one); -1 makes 0 (missed by three): +1.
    state = rigged(["Cld Drg Wiz", "9s 3c 4c", "8s 5c 6c"], bids=[1, 0, 0])
    play(state, "Cld>s", "9s", "8s")
    assert decide(state) == "cloud +1"


def test_the_shapeshifter_plays_the_part_the_bid_needs() -> None:
    # Seat 2 needs one trick: as a Wizard it takes this one for sure; its Jester then loses the last.
    state = rigged(["Ac 4c", "Kc 5c", "Shp Jes"], bids=[0, 0, 1])
    play(state, "Ac", "Kc")
    assert decide(state) == "Shp>Wiz"
    state = rigged(["Ac", "Kc", "Shp"], bids=[1, 0, 0])  # the last card, and seat 2 wants no trick
    play(state, "Ac", "Kc")
    assert decide(state) == "Shp>Jes"
    # Wanting none with two cards: the Ad loses this trick (Clubs led, no trump) and the Shapeshifter, kept, is sure
    # to lose the last one as a Jester; the Ad kept could still take it.
    state = rigged(["Ac 4c", "Kc 5c", "Shp Ad"], bids=[1, 0, 0])
    play(state, "Ac", "Kc")
    assert decide(state) == "Ad"


def test_the_juggler_names_trump_to_take_the_trick_it_needs() -> None:
    state = rigged(["Ac", "Kc", "Jug"], trump="s", bids=[0, 0, 1])  # the last trick: only a trump beats the Ac
    play(state, "Ac", "Kc")
    assert decide(state) == "Jug>s"
    state = rigged(["Ac", "Kc", "Jug"], trump="s", bids=[0, 0, 0])  # wanting none: any suit but trump
    play(state, "Ac", "Kc")
    assert decide(state) in ("Jug>c", "Jug>d", "Jug>h")


def test_the_bomb_saves_a_bid_of_nothing() -> None:
    # Seat 2 bid 0 and holds the Ac, which takes this trick for sure; kept for the last trick it may still lose (to
    # a trump, a Wizard): the Bomb now.
    state = rigged(["3c 4c", "2c 5c", "Bmb Ac"], trump="s", bids=[0, 0, 0])
    play(state, "3c", "2c")
    assert decide(state) == "Bmb"


def test_the_juggler_pass_gives_away_the_card_that_would_break_a_bid_of_nothing() -> None:
    # Seat 1 bid 0, has no trick and holds the Dragon: passing it on (to seat 2) is the only way to lose every trick.
    state = rigged(["Jug 2h 3h", "4c Drg 5d", "7c 8c 9c"], trump="s", bids=[0, 0, 0])
    play(state, "Jug>c", "4c", "8c")  # seat 2's 8c takes it (a Juggler naming Clubs ranks below the 8)
    assert state.phase is Phase.JUGGLE
    while state.current_player() != 1:
        state.apply(A.card_action(min(c for c in range(52) if state.hands[state.current_player()] >> c & 1)))
    assert decide(state) == "Drg"


def test_the_werewolf_names_the_trump_of_its_strong_hand() -> None:
    state = dealt(["Wwf Kc Qc", "3h 4h 5d", "2d 6d 7s"], turned="Ac")  # seat 0 takes the Ac: three high Clubs
    assert state.phase is Phase.WEREWOLF
    assert decide(state) == "trump c"


# --- random positions: legal actions, no failure ----------------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SUBSETS), st.integers(3, 6), st.integers(0, 2**31), st.booleans(), st.integers(0, 10**6))
def test_search_returns_a_legal_action_in_random_special_games(
    cards: tuple[str, ...], players: int, seed: int, hidden: bool, pick: int
) -> None:
    rules = RuleSet(players=players, special_cards=cards, hidden_bids=hidden, schedule="quick")
    found = positions(rules, seed)
    state, view = found[pick % len(found)]
    bot = SearchBot(samples=3)
    assert bot.act(view, random.Random(seed)) in view.legal_actions
    assert set(bot.analyse(view, random.Random(seed))) == set(view.legal_actions)


def test_search_decides_every_position_of_whole_games_without_failing() -> None:
    phases: dict[Phase, int] = {}
    for seed in range(3):
        for _, view in positions(RuleSet(players=3 + seed, special_cards=SUBSETS[-1], hidden_bids=seed == 1), seed):
            assert SearchBot(samples=2).act(view, random.Random(seed)) in view.legal_actions
            phases[view.phase] = phases.get(view.phase, 0) + 1
    assert set(phases) >= {Phase.BID, Phase.PLAY, Phase.CLOUD, Phase.JUGGLE, Phase.WEREWOLF}


def test_a_time_limited_search_keeps_to_its_limit_with_special_cards() -> None:
    bot = SearchBot(ms=30)
    for _, view in positions(ALL7, 5, every=25):
        assert bot.act(view, random.Random(0)) in view.legal_actions
