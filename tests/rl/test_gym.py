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
