"""The PettingZoo AEC environments: the conformance suites, rewards, masks, errors and rendering."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from wizardcards.core import (
    Game,
    IllegalActionError,
    ImpossibleRulesError,
    InvalidActionError,
    RuleSet,
    default_rules,
    find_rules,
    new_game,
)
from wizardcards.core.rules import WilyMode
from wizardcards.rl import wily_v0, wizard_v0


@pytest.mark.parametrize(
    ("module", "kwargs"),
    [
        (wizard_v0, {}),
        (wizard_v0, {"players": 3, "rules": "hook"}),
        (wizard_v0, {"players": 6, "rules": "hidden-bids", "reward": "final"}),
        (wily_v0, {}),
        (wily_v0, {"players": 6, "rules": "wily-two-teams"}),
        (wily_v0, {"players": 3, "rules": "wily-no-partners"}),
    ],
)
def test_api_and_seed_conformance(module, kwargs) -> None:  # type: ignore[no-untyped-def]
    api_test(module.env(render_mode="ansi", **kwargs), num_cycles=400)
    seed_test(lambda: module.env(**kwargs), num_cycles=400)


def play(env, seed: int):  # type: ignore[no-untyped-def]
    """Play one game with random legal actions; return the rewards each agent collected, and the last infos."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    collected = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        collected[agent] += reward
        others = [a for a in env.agents if a != agent]
        for other in others:
            assert env.observe(other)["action_mask"].sum() == 0
        if terminated or truncated:
            assert obs["action_mask"].sum() == 0
            last_info = info
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return collected, last_info


@pytest.mark.parametrize("reward", ["round", "final"])
@pytest.mark.parametrize(("module", "rules"), [(wizard_v0, "quick"), (wily_v0, "wily")])
def test_rewards_add_up_to_the_returns(module, rules: str, reward: str) -> None:  # type: ignore[no-untyped-def]
    env = module.env(rules=rules, reward=reward)
    collected, info = play(env, seed=4)
    returns = info["returns"]
    assert [collected[a] for a in env.possible_agents] == pytest.approx([float(r) for r in returns])
    assert info["winners"]


def test_round_rewards_arrive_when_each_round_ends() -> None:
    env = wizard_v0.env(rules="quick", players=3)
    env.reset(seed=9)
    rng = np.random.default_rng(0)
    nonzero_at_rounds = []
    unwrapped = env.unwrapped
    for _agent in env.agent_iter():
        obs, _reward, terminated, _truncated, _info = env.last()
        if terminated:
            env.step(None)
            continue
        before = unwrapped.game_state.round_index
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if any(env.rewards.values()):
            nonzero_at_rounds.append(before)
            assert unwrapped.game_state.round_index != before or unwrapped.game_state.is_terminal()
    # A round always pays someone something (every score is +20.. or -10..): one payout per round.
    assert nonzero_at_rounds == list(range(find_rules("quick", players=3).rounds))


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    first, second, third = wizard_v0.env(), wizard_v0.env(), wizard_v0.env()
    first.reset(seed=1)
    second.reset(seed=1)
    third.reset(seed=2)
    a = first.observe(first.agent_selection)["observation"]
    assert np.array_equal(a, second.observe(second.agent_selection)["observation"])
    hands = [third.observe(agent)["observation"][:60] for agent in third.possible_agents]
    assert not all(np.array_equal(first.observe(agent)["observation"][:60], hand)
                   for agent, hand in zip(first.possible_agents, hands))


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = wizard_v0.env(players=4, rules=find_rules("standard").with_players(4))
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.observe(agent)["observation"].copy()
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    # An id outside the action space, or None from the seat on turn, names no action at all.
    for nothing in (81, -1, None):
        with pytest.raises(InvalidActionError):
            env.step(nothing)
    assert env.agent_selection == agent
    assert np.array_equal(env.observe(agent)["observation"], before)


def test_observation_matches_the_engine_view() -> None:
    """The environment's game is the engine's game with the same decisions: its vectors are the views' vectors."""
    from wizardcards.rl.observation import ObservationEncoder

    env = wizard_v0.env(players=4)
    env.reset(seed=12)
    state = env.unwrapped.game_state
    twin = new_game(state.rules, state.seed)
    encoder = ObservationEncoder(state.rules)
    rng = np.random.default_rng(1)
    for _ in range(60):
        agent = env.agent_selection
        obs = env.observe(agent)
        seat = env.possible_agents.index(agent)
        assert np.array_equal(obs["observation"], encoder.encode(twin.view(seat)))
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        twin.apply(action)


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ImpossibleRulesError):
        wizard_v0.env(players=7)
    with pytest.raises(ValueError, match="reward"):
        wizard_v0.env(reward="sometimes")
    with pytest.raises(ValueError, match="wily"):
        wizard_v0.env(rules="wily")
    with pytest.raises(ValueError, match="render_mode"):
        wily_v0.env(render_mode="human")


def test_options_override_the_preset() -> None:
    env = wizard_v0.env(players=5, rules="standard", options={"schedule": "quick", "bid_rule": "hook"})
    rules = env.unwrapped.rules
    assert rules.players == 5 and rules.hand_sizes == (1, 3, 5, 7, 9, 11) and rules.bid_rule.value == "hook"


def test_each_game_defaults_to_its_standard_rules() -> None:
    assert wizard_v0.raw_env().rules == default_rules(Game.WIZARD)
    assert wily_v0.raw_env(players=6).rules == default_rules(Game.WILY, 6)
    assert wily_v0.raw_env(rules=default_rules(Game.WILY), players=3, options={"mode": "no_partners"}).rules == (
        RuleSet(game=Game.WILY, players=3, mode=WilyMode.NO_PARTNERS)
    )


@pytest.mark.parametrize(
    ("module", "kwargs", "named"),
    [
        (wizard_v0, {"options": {"hidden_bids": "false"}}, "hidden_bids"),  # a string is no bool
        (wizard_v0, {"options": {"first_dealer": 1.5}}, "first_dealer"),
        (wizard_v0, {"options": {"mode": "no_partners"}}, "mode"),  # an option of Wily Wizards
        (wily_v0, {"options": {"hidden_bids": True}}, "hidden_bids"),  # an option of Wizard
        (wizard_v0, {"options": {"game": "wily"}}, "game"),
        (wizard_v0, {"options": {"no_such_option": 1}}, "no_such_option"),
        (wizard_v0, {"rules": default_rules(Game.WILY)}, "wily"),
        (wily_v0, {"rules": "hook"}, "hook"),
    ],
)
def test_wrong_rules_are_refused_naming_what_is_wrong(module, kwargs, named: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ImpossibleRulesError, match=named):
        module.raw_env(**kwargs)


def test_render_ansi_shows_the_agent_on_turn_view() -> None:
    env = wily_v0.env(render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    seat = env.possible_agents.index(env.agent_selection)
    assert text.startswith(f"wily seat {seat} | phase auction")
    quiet = wizard_v0.env()
    quiet.reset(seed=0)
    assert quiet.render() is None


def test_numpy_integer_actions_are_taken() -> None:
    """Agents often hand numpy integers back; the compiled engine takes plain ints only, so the env converts."""
    env = wily_v0.env(players=4)
    env.reset(seed=2)
    for _ in range(40):
        mask = env.observe(env.agent_selection)["action_mask"]
        before = env.unwrapped.game_state.history[:]
        action = np.flatnonzero(mask)[-1]  # np.int64
        env.step(action)
        assert env.unwrapped.game_state.history == before + [int(action)]


def test_env_is_an_order_enforcing_wrapper_with_its_checks() -> None:
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    env = wizard_v0.env(players=3)
    assert isinstance(env, OrderEnforcingWrapper)
    for name in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(env, name)
    with pytest.raises(AttributeError):
        env.last()
    env.reset(seed=0)
    assert env.agents == env.unwrapped.agents and env.agent_selection == env.unwrapped.agent_selection
    iterator = iter(env.agent_iter())
    next(iterator)
    with pytest.raises(AssertionError, match="step"):
        next(iterator)  # an agent loop must step between two agents


# --- wizard_v1: the special cards --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {},  # anniversary, 4 players
        {"players": 3, "rules": "anniversary-2021", "options": {"hidden_bids": True}, "reward": "final"},
        {"players": 6, "rules": "anniversary", "options": {"schedule": "custom", "custom_hand_sizes": [11, 9]}},
        {"players": 5, "options": {"special_cards": ["juggler", "cloud", "werewolf"]}},
        {"players": 4, "rules": "standard"},  # the 60 in wizard_v1's spaces
    ],
)
def test_wizard_v1_api_and_seed_conformance(kwargs) -> None:  # type: ignore[no-untyped-def]
    from wizardcards.rl import wizard_v1

    api_test(wizard_v1.env(render_mode="ansi", **kwargs), num_cycles=1000)
    seed_test(lambda: wizard_v1.env(**kwargs), num_cycles=1000)


def test_wizard_v1_plays_whole_games_through_every_special_phase() -> None:
    """Whole anniversary games through the AEC loop: 102 actions, observations in their space and equal to fresh
    wizard_v1 encodings of a twin engine's views, masks exactly the legal actions, rewards adding up to the
    returns; the Werewolf, the Cloud and the Juggler's pass all met."""
    from wizardcards.core import Phase
    from wizardcards.rl import wizard_v1
    from wizardcards.rl.observation import ObservationEncoder

    seen: set[Phase] = set()
    for seed, players in ((3, 3), (4, 4), (5, 6)):
        env = wizard_v1.env(players=players, rules="anniversary-2021")
        assert env.unwrapped.metadata["name"] == "wizard_v1"
        env.reset(seed=seed)
        state = env.unwrapped.game_state
        twin = new_game(state.rules, state.seed)
        encoder = ObservationEncoder(state.rules)
        rng = np.random.default_rng(seed)
        collected = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            collected[agent] += reward
            assert env.observation_space(agent).contains(obs)
            if terminated or truncated:
                env.step(None)
                continue
            seat = env.possible_agents.index(agent)
            seen.add(twin.phase)
            assert np.array_equal(obs["observation"], encoder.encode(twin.view(seat)))
            assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(twin.legal_actions())
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            twin.apply(action)
        assert [collected[a] for a in env.possible_agents] == pytest.approx([float(r) for r in twin.returns()])
    assert {Phase.WEREWOLF, Phase.CLOUD, Phase.JUGGLE} <= seen


def test_wizard_v0_refuses_the_special_cards_and_wizard_v1_defaults_to_them() -> None:
    from wizardcards.rl import wizard_v1

    with pytest.raises(ImpossibleRulesError, match="use wizard_v1"):
        wizard_v0.env(rules="anniversary")
    with pytest.raises(ImpossibleRulesError, match="use wizard_v1"):
        wizard_v0.env(options={"special_cards": ["bomb"]})
    with pytest.raises(ImpossibleRulesError, match="wizard"):
        wizard_v1.env(rules="wily")
    env = wizard_v1.raw_env()
    assert env.rules == find_rules("anniversary") and env.action_space("player_0").n == 102
    assert env.observation_space("player_0")["observation"].shape == (1149,)
    assert env.observation_space("player_0")["action_mask"].shape == (102,)
    plain = wizard_v0.raw_env()
    assert plain.metadata["name"] == "wizard_v0" and plain.action_space("player_0").n == 81
