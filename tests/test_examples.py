"""The random-agent examples run from a clean process and play whole games (the torch example is not run here:
torch is not a test dependency)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(
    ("script", "args", "expected"),
    [
        ("random_pettingzoo.py", ["--games", "1", "--rules", "quick"], "game 0: "),
        ("random_pettingzoo.py", ["--games", "1", "--game", "wily"], "game 0: "),
        ("random_gym.py", ["--episodes", "1", "--rules", "quick"], "episode 0: seat 0"),
        ("random_openspiel.py", ["--games", "1", "--options", '{"schedule": "quick"}'], "rulebased (seat 0)"),
    ],
)
def test_example_runs(script: str, args: list[str], expected: str) -> None:
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout

