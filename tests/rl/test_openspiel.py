"""OpenSpiel: the registered games pass ``pyspiel.random_sim_test``; information states hide what they must; our bots
play through ``pyspiel.evaluate_bots``."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from wizardcards.core import Game, ImpossibleRulesError, default_rules
from wizardcards.rl import openspiel as wo


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("python_wizard", {"players": 3}),
        ("python_wizard", {"players": 5, "rules": "hidden-bids", "options": '{"schedule": "quick"}'}),
        ("python_wizard", {"players": 4, "rules": "hook", "options": '{"custom_hand_sizes": [2, 3], '
                                                                      '"schedule": "custom"}'}),
        ("python_wily", {"players": 4}),
        ("python_wily", {"players": 3, "rules": "wily-no-partners"}),
    ],
)
def test_random_sim_test(name: str, params: dict) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_game_info_follows_the_parameters() -> None:
    game = pyspiel.load_game("python_wizard", {"players": 3, "options": '{"schedule": "quick"}'})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 81
    # rounds of 1, 3, ..., 19 cards: bids + plays + a possible trump choice per round, after the seed bytes
    assert game.max_game_length() == sum(3 + 3 * h + 1 for h in range(1, 21, 2)) + wo.SEED_NODES
    assert game.observation_tensor_size() == wo.ObservationEncoder(game.rules).size
    assert game.get_type().short_name == "python_wizard"
    with pytest.raises(Exception, match="wily"):
        pyspiel.load_game("python_wizard", {"rules": "wily"})


def test_each_game_defaults_to_its_standard_rules_and_options_are_checked() -> None:
    assert pyspiel.load_game("python_wizard").rules == default_rules(Game.WIZARD)
    assert pyspiel.load_game("python_wily", {"players": 6}).rules == default_rules(Game.WILY, 6)
    with pytest.raises(ImpossibleRulesError, match="hidden_bids"):
        pyspiel.load_game("python_wizard", {"options": '{"hidden_bids": "false"}'})
    with pytest.raises(ImpossibleRulesError, match="JSON object"):
        pyspiel.load_game("python_wizard", {"options": "[1, 2]"})


def deal(game: pyspiel.Game, seed_bytes: list[int]) -> pyspiel.State:
    state = game.new_initial_state()
    for byte in seed_bytes:
        assert state.is_chance_node()
        state.apply_action(byte)
    return state


def test_seed_is_the_only_chance_and_is_not_observed() -> None:
    game = pyspiel.load_game("python_wizard", {"players": 4})
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 256 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    a, b = deal(game, [1, 2, 3, 4]), deal(game, [1, 2, 3, 5])
    assert not a.is_chance_node()
    # Different seeds deal different hands; no player's information state mentions the seed itself.
    assert any(a.information_state_string(p) != b.information_state_string(p) for p in range(4))
    for p in range(4):
        assert "seed" not in a.information_state_string(p)


def test_information_state_keeps_others_hidden_bids_hidden() -> None:
    game = pyspiel.load_game("python_wizard", {"players": 3, "rules": "hidden-bids"})
    state = deal(game, [7, 7, 7, 7])
    while state.legal_actions()[0] < 60:  # a Wizard turned up: the dealer names trump first
        state.apply_action(state.legal_actions()[0])
    bidder = state.current_player()
    other = state.clone()
    state.apply_action(60)  # bid 0
    other.apply_action(61)  # bid 1
    for p in range(3):
        same_info = state.information_state_string(p) == other.information_state_string(p)
        same_obs = np.array_equal(state.observation_tensor(p), other.observation_tensor(p))
        assert same_info == same_obs == (p != bidder)


def test_information_state_recalls_earlier_hands() -> None:
    game = pyspiel.load_game("python_wizard", {"players": 3})
    state = deal(game, [0, 1, 2, 3])
    rng = np.random.default_rng(0)
    while "deal 1:" not in state.information_state_string(0):
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = state.information_state_string(0)
    assert "deal 0:" in text and "deal 1:" in text


def test_our_bots_play_against_openspiel_bots() -> None:
    game = pyspiel.load_game("python_wizard", {"players": 4, "options": '{"schedule": "quick"}'})

    def bots() -> list[pyspiel.Bot]:
        return [
            wo.WizardCardsBot(game, 0, "rulebased", seed=1),
            pyspiel.make_uniform_random_bot(1, 2),
            wo.WizardCardsBot(game, 2, "random", seed=3),
            pyspiel.make_uniform_random_bot(3, 4),
        ]

    first = pyspiel.evaluate_bots(game.new_initial_state(), bots(), 11)
    second = pyspiel.evaluate_bots(game.new_initial_state(), bots(), 11)
    assert len(first) == 4 and all(r % 10 == 0 for r in first)
    assert first == second  # every bot and the chance seeded: the same game again
    third = pyspiel.evaluate_bots(game.new_initial_state(), bots(), 12)
    assert third != first


def test_wily_returns_are_letters() -> None:
    game = pyspiel.load_game("python_wily", {"players": 4})
    bots = [wo.WizardCardsBot(game, p, "rulebased", seed=p) for p in range(4)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 5)
    assert max(returns) == 6 and returns[0] == returns[2] and returns[1] == returns[3]


@pytest.mark.parametrize(
    "params",
    [
        {"players": 4, "rules": "anniversary"},
        {"players": 3, "rules": "anniversary-2021", "options": '{"hidden_bids": true}'},
        {"players": 5, "options": '{"special_cards": ["juggler", "cloud"], "schedule": "quick"}'},
        {"players": 4, "rules": "quick", "observation": "wizard_v1"},  # the 60 in wizard_v1's spaces
    ],
)
def test_random_sim_test_with_the_special_cards(params: dict) -> None:
    game = pyspiel.load_game("python_wizard", params)
    assert game.num_distinct_actions() == 102
    assert game.observation_tensor_size() == wo.ObservationEncoder(game.rules, "wizard_v1").size
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_special_cards_game_info_and_versions() -> None:
    game = pyspiel.load_game("python_wizard", {"players": 3, "rules": "anniversary"})
    # 22 rounds of 1..22 cards: bids, cards, a trump named, the Cloud's change, the Juggler's pass (one card each)
    assert game.max_game_length() == sum(3 + 3 * h + 1 + 1 + 3 for h in range(1, 23)) + wo.SEED_NODES
    assert pyspiel.load_game("python_wizard", {"players": 4}).num_distinct_actions() == 81
    with pytest.raises(ImpossibleRulesError, match="use wizard_v1"):
        pyspiel.load_game("python_wizard", {"rules": "anniversary", "observation": "wizard_v0"})


def test_information_state_hides_a_jugglers_gift_from_the_others() -> None:
    """The first giver of a Juggler's pass gives one card or another: only its own information state tells them
    apart at once; once all have given, its receiver's too (it logs what it received)."""
    game = pyspiel.load_game("python_wizard", {"players": 3, "rules": "anniversary"})
    rng = np.random.default_rng(2)
    for byte_seed in range(50):
        state = deal(game, [byte_seed, 1, 2, 3])
        while not state.is_terminal() and state.engine.phase.value != "juggle":
            state.apply_action(int(rng.choice(state.legal_actions())))
        if not state.is_terminal():
            break
    assert state.engine.phase.value == "juggle"
    giver = state.current_player()
    receiver = (giver + 1) % 3
    twin = state.clone()
    first, second = state.legal_actions()[:2]
    state.apply_action(first)
    twin.apply_action(second)
    for p in range(3):
        assert (state.information_state_string(p) == twin.information_state_string(p)) == (p != giver)
    while state.engine.phase.value == "juggle":
        action = state.legal_actions()[0]
        state.apply_action(action)
        twin.apply_action(action)
    third = ({0, 1, 2} - {giver, receiver}).pop()
    assert state.information_state_string(third) == twin.information_state_string(third)
    assert state.information_state_string(receiver) != twin.information_state_string(receiver)
    assert np.array_equal(state.observation_tensor(third), twin.observation_tensor(third))
    assert not np.array_equal(state.observation_tensor(receiver), twin.observation_tensor(receiver))
