"""``rulebased`` and ``random`` with the special cards: the rule-based decisions of ``bots/special_heuristics.py`` on
hand-built positions (one test per rule of its docstring), and whole games of both bots with all seven cards."""

from __future__ import annotations

import random
import statistics

from tests.core.test_special_cards import dealt, play, rigged
from wizardcards.bots import make_bot
from wizardcards.core import RuleSet, find_rules, new_game
from wizardcards.core import actions as A
from wizardcards.core.cards import BOMB, SPECIAL_CARD_NAMES
from wizardcards.core.phase import Phase

BOT = make_bot("rulebased")
RNG = random.Random(0)


def decide(state: object) -> str:
    seat = state.current_player()  # type: ignore[attr-defined]
    return state.action_to_text(BOT.act(state.view(seat), RNG))  # type: ignore[attr-defined]


def test_the_werewolf_names_the_trump_of_its_strong_hand() -> None:
    state = dealt(["Wwf Kc Qc", "3h 4h 5d", "2d 6d 7s"], turned="Ac")  # seat 0 takes the Ac: three high Clubs
    assert state.phase is Phase.WEREWOLF
    assert decide(state) == "trump c"


def test_the_dealer_over_a_turned_up_dragon_names_the_trump_that_values_its_hand_most() -> None:
    state = dealt(["Ah Kh Qh", "As Ks Qs", "2c 3d Wiz"], turned="Drg")
    assert state.phase is Phase.CHOOSE_TRUMP and state.current == 2
    assert decide(state) == "trump d"  # its 3d as a trump is worth more than its 2c as one
    state = dealt(["Ah Kh Qh", "As Ks Qs", "Jes Jes Wiz"], turned="Drg")
    assert decide(state) == "no trump"  # no suited card: every trump only strengthens the others' cards


def test_the_bomb_is_spent_when_every_other_card_would_take_an_unwanted_trick() -> None:
    state = rigged(["3c 4c", "2c 5c", "Bmb Ac"], bids=[0, 0, 0])  # seat 2 bid 0 and holds the Ac: 3c, 2c led
    play(state, "3c", "2c")
    assert decide(state) == "Bmb"


def test_the_bomb_is_kept_rather_than_thrown_away_as_the_lowest_card() -> None:
    state = rigged(["Ac 4c", "Kc 5c", "Bmb 2c"], bids=[0, 0, 1])  # seat 2 wants a trick and cannot win this one
    play(state, "Ac", "Kc")
    assert decide(state) == "2c"


def test_the_juggler_and_cloud_are_played_naming_trump_to_win() -> None:
    state = rigged(["Ac 4c", "Kc 5c", "Jug 2d"], trump="s", bids=[0, 0, 1])
    play(state, "Ac", "Kc")
    assert decide(state) == "Jug>s"  # as a trump it takes the trick it needs


def test_the_cloud_moves_the_bid_towards_the_tricks_expected() -> None:
    state = rigged(["Cld Wiz Wiz", "9s 3c 4c", "8s 5c 6c"], bids=[1, 0, 0])
    play(state, "Cld>s", "9s", "8s")  # seat 0 wins the Cloud's trick and still holds two Wizards
    assert state.phase is Phase.CLOUD
    assert decide(state) == "cloud +1"
    state = rigged(["Cld 2c 3c", "9s Ac Kc", "8s Qc Jc"], bids=[2, 0, 0])
    play(state, "Cld>s", "9s", "8s")  # a trick won, two low Clubs left: 2 cannot be made, 1 can
    assert decide(state) == "cloud -1"


def test_the_juggler_pass_gives_the_highest_card_when_over_and_the_lowest_when_short() -> None:
    state = rigged(["Jug Wiz 2c", "3c 4c Ah", "5c 6c 7d"], bids=[1, 0, 0])
    play(state, "Jug>c", "3c", "5c")  # seat 0 has its one trick and still holds a Wizard: it gives the Wizard
    assert state.phase is Phase.JUGGLE and state.current == 0
    assert decide(state) == "Wiz"
    state = rigged(["Jug Wiz 2c", "3c 4c Ah", "5c 6c 7d"], bids=[3, 0, 0])
    play(state, "Jug>c", "3c", "5c")  # seat 0 needs every trick: it keeps the Wizard
    assert decide(state) == "2c"


def test_the_bots_play_whole_games_of_every_card_and_rulebased_beats_random() -> None:
    """With all seven cards at 4 players, 40 games with seats rotated: rulebased against random."""
    rules = find_rules("anniversary-2021", 4)
    names = ["rulebased", "random"]
    totals: dict[str, list[int]] = {name: [] for name in names}
    for game in range(40):
        state, rng = new_game(rules, game), random.Random(game)
        bots = [make_bot(names[(seat + game) % 2]) for seat in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            state.apply(bots[seat].act(state.view(seat), rng))
        for seat, score in enumerate(state.returns()):
            totals[names[(seat + game) % 2]].append(score)
    assert statistics.mean(totals["rulebased"]) > statistics.mean(totals["random"]) + 300


def test_every_single_card_plays_with_both_bots() -> None:
    for name in SPECIAL_CARD_NAMES:
        cards = ("dragon", "fairy") if name in ("dragon", "fairy") else (name,)
        state, rng = new_game(RuleSet(players=3, special_cards=cards, schedule="quick"), 3), random.Random(3)
        bots = [make_bot("rulebased"), make_bot("random"), make_bot("rulebased")]
        while not state.is_terminal():
            seat = state.current_player()
            action = bots[seat].act(state.view(seat), rng)
            assert action in state.legal_actions()
            state.apply(action)
    assert A.card_action(BOMB) == 85
