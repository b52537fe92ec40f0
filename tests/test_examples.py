"""Every program in examples/ runs, from a clean process, on small sizes: the random-agent examples play whole
games and the torch example trains for a moment where torch is installed (it is not a test dependency). The
server client of old is now the library ``wizardcards.client``: tests/server/test_bot_api.py plays a game with it.
A new example without a run here fails ``test_every_example_is_run``, so a change of a contract (the server's
protocol, an environment's API) cannot leave an example behind."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# (script, arguments, what its output shows when it worked, a module it needs that the tests do not install)
RUNS: list[tuple[str, list[str], str, str | None]] = [
    ("random_pettingzoo.py", ["--games", "1", "--rules", "quick"], "game 0: ", None),
    ("random_pettingzoo.py", ["--games", "1", "--game", "wily"], "game 0: ", None),
    ("random_pettingzoo.py", ["--games", "1", "--rules", "anniversary", "--players", "5"], "game 0: ", None),
    ("random_gym.py", ["--episodes", "1", "--rules", "quick"], "episode 0: seat 0", None),
    ("random_openspiel.py", ["--games", "1", "--options", '{"schedule": "quick"}'], "rulebased (seat 0)", None),
    ("train_bidding.py", ["--train-rounds", "200", "--eval-rounds", "50", "--epochs", "1"], "", "torch"),
]


ENGINES = {"engine_random.py", "engine_random.c"}
"""The reference engines of the engine protocol: tests/bots/test_engine.py plays arena matches with both (the C one
compiled there with gcc) and tests/bots/test_engine_server.py a game at a live server."""


def test_every_example_is_run() -> None:
    programs = {path.name for pattern in ("*.py", "*.c") for path in EXAMPLES.glob(pattern)}
    assert programs == {script for script, *_ in RUNS} | ENGINES


@pytest.mark.parametrize(("script", "args", "expected", "needs"), RUNS, ids=[f"{s}-{n}" for n, (s, *_) in
                                                                            enumerate(RUNS)])
def test_example_runs(script: str, args: list[str], expected: str, needs: str | None,
                      request: pytest.FixtureRequest) -> None:
    if needs is not None:
        pytest.importorskip(needs)
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True, text=True,
                          timeout=120, check=False, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    assert expected in done.stdout, done.stdout[-2000:]
    assert "error:" not in done.stdout, done.stdout[-2000:]  # the server refused nothing the example sent
