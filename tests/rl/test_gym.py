"""The Gymnasium single-seat environment: Gymnasium's checker, bots by name, rewards, masks and errors."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from wizardcards.bots import UnknownBotError
from wizardcards.core import IllegalActionError, InvalidActionError
from wizardcards.rl.gym_env import WizardCardsGymEnv


@pytest.mark.parametrize(
    ("game", "players", "rules", "bots"),
    [
        ("wizard", 4, "standard", ["rulebased", "random", "rulebased"]),
        ("wizard", 3, "hidden-bids", ["random", "random"]),
        ("wily", 4, "wily", ["rulebased", "rulebased", "random"]),
    ],
)
def test_gymnasium_checker_passes(game: str, players: int, rules: str, bots: list[str]) -> None:
    # The checker steps with unmasked samples: illegal ones end the episode here instead of raising.
    check_env(WizardCardsGymEnv(game, players, rules=rules, bots=bots, illegal_action="terminate"),
              skip_render_check=True)


def test_illegal_action_can_end_the_episode() -> None:
    env = WizardCardsGymEnv("wizard", 4, illegal_action="terminate", illegal_reward=-5.0)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    _obs, reward, terminated, _truncated, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-5.0, True, True)
    assert env.action_masks().sum() == 0
    with pytest.raises(IllegalActionError, match="over"):
        env.step(illegal)
    # An id outside the action space ends the episode the same way.
    env.reset(seed=1)
    _obs, reward, terminated, _truncated, info = env.step(81)
    assert (reward, terminated, info["illegal_action"]) == (-5.0, True, True)


def run_episode(env: WizardCardsGymEnv, seed: int) -> tuple[float, dict]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = 0.0
    terminated = False
    while not terminated:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"]) and mask.sum() > 0
        assert env.observation_space.contains(obs)
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
        total += reward
    assert env.action_masks().sum() == 0
    return total, info


@pytest.mark.parametrize("reward", ["round", "final"])
def test_learner_rewards_add_up_to_its_return(reward: str) -> None:
    env = WizardCardsGymEnv("wizard", 4, rules="quick", bots=["rulebased"] * 3, seat=2, reward=reward)
    total, info = run_episode(env, seed=5)
    assert total == pytest.approx(info["returns"][2])
    assert info["seat"] == 2


def test_random_seat_is_drawn_per_reset_and_reproducible() -> None:
    env = WizardCardsGymEnv("wizard", 4, rules="quick", seat=None)
    seats = []
    for seed in range(12):
        env.reset(seed=seed)
        seats.append(env.seat)
    assert len(set(seats)) > 1
    again = WizardCardsGymEnv("wizard", 4, rules="quick", seat=None)
    assert [again.reset(seed=seed)[1]["seat"] for seed in range(12)] == seats


def test_same_seed_same_episode() -> None:
    a = WizardCardsGymEnv("wily", 4, bots=["rulebased"] * 3)
    b = WizardCardsGymEnv("wily", 4, bots=["rulebased"] * 3)
    assert run_episode(a, 8)[1]["returns"] == run_episode(b, 8)[1]["returns"]


def test_errors() -> None:
    with pytest.raises(UnknownBotError):
        WizardCardsGymEnv("wizard", 4, bots=["nosuchbot", "random", "random"])
    with pytest.raises(ValueError, match="3 bot specs"):
        WizardCardsGymEnv("wizard", 4, bots=["random"])
    with pytest.raises(ValueError, match="no seat"):
        WizardCardsGymEnv("wizard", 4, seat=4)
    env = WizardCardsGymEnv("wizard", 4, rules="quick")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    before = env.game_state.clone()
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    with pytest.raises(InvalidActionError):
        env.step(999)
    assert env.game_state == before


@pytest.mark.parametrize(
    ("players", "rules", "options", "bots"),
    [
        (4, "anniversary", None, ["rulebased", "random", "rulebased"]),
        (3, "anniversary-2021", {"hidden_bids": True}, ["random", "rulebased"]),
    ],
)
def test_gymnasium_checker_passes_with_the_special_cards(players: int, rules: str, options, bots) -> None:  # type: ignore[no-untyped-def]
    env = WizardCardsGymEnv("wizard", players, rules=rules, options=options, bots=bots, illegal_action="terminate")
    assert env.action_space.n == 102 and env.encoder.version == "wizard_v1"
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("reward", ["round", "final"])
def test_special_cards_episode_rewards_add_up(reward: str) -> None:
    """A whole anniversary game against rulebased bots, the learner taking random legal actions (the Werewolf's,
    the Cloud's and the pass's among them when they fall to it)."""
    env = WizardCardsGymEnv("wizard", 3, rules="anniversary-2021", bots=["rulebased"] * 2, seat=1, reward=reward)
    total, info = run_episode(env, seed=7)
    assert total == pytest.approx(info["returns"][1])
    wizard_v1 = WizardCardsGymEnv("wizard", 4, rules="quick", observation="wizard_v1")
    assert wizard_v1.observation_space.shape == (1149,) and wizard_v1.action_masks().shape == (102,)
