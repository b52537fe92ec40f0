"""Every program in examples/ runs, from a clean process, on small sizes: the random-agent examples play whole
games, the server client plays a game against a live ``wizard serve`` started here, and the torch example trains
for a moment where torch is installed (it is not a test dependency). A new example without a run here fails
``test_every_example_is_run``, so a change of a contract (the server's protocol, an environment's API) cannot leave
an example behind."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SERVER = "a live server"  # in place of arguments: the run gets ``--url`` of a server started for it

# (script, arguments, what its output shows when it worked, a module it needs that the tests do not install)
RUNS: list[tuple[str, list[str] | str, str, str | None]] = [
    ("random_pettingzoo.py", ["--games", "1", "--rules", "quick"], "game 0: ", None),
    ("random_pettingzoo.py", ["--games", "1", "--game", "wily"], "game 0: ", None),
    ("random_gym.py", ["--episodes", "1", "--rules", "quick"], "episode 0: seat 0", None),
    ("random_openspiel.py", ["--games", "1", "--options", '{"schedule": "quick"}'], "rulebased (seat 0)", None),
    ("server_client.py", SERVER, "game over: scores", None),
    ("train_bidding.py", ["--train-rounds", "200", "--eval-rounds", "50", "--epochs", "1"], "", "torch"),
]


ENGINES = {"engine_random.py", "engine_random.c"}
"""The reference engines of the engine protocol: tests/bots/test_engine.py plays arena matches with both (the C one
compiled there with gcc) and tests/bots/test_engine_server.py a game at a live server."""


def test_every_example_is_run() -> None:
    programs = {path.name for pattern in ("*.py", "*.c") for path in EXAMPLES.glob(pattern)}
    assert programs == {script for script, *_ in RUNS} | ENGINES


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``wizard serve`` on a fresh SQLite file; bots at full pace, so that the example's game takes seconds."""
    from tests.server.live import SERVE_ENV, answering, free_port, serve_command

    port = free_port()
    db = f"sqlite:///{tmp_path_factory.mktemp('example') / 'server.sqlite3'}"
    log = tmp_path_factory.mktemp("example-log") / "server.log"
    with log.open("wb") as out:  # serve_command: --bot-pace 0
        process = subprocess.Popen(serve_command(port, db), env=SERVE_ENV, stdout=out, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}"
        assert answering(process, url, 60, lambda: log.read_text(errors="replace")), log.read_text(errors="replace")
        yield url
    finally:
        process.kill()
        process.wait(timeout=30)


@pytest.mark.parametrize(("script", "args", "expected", "needs"), RUNS, ids=[f"{s}-{n}" for n, (s, *_) in
                                                                            enumerate(RUNS)])
def test_example_runs(script: str, args: list[str] | str, expected: str, needs: str | None,
                      request: pytest.FixtureRequest) -> None:
    if needs is not None:
        pytest.importorskip(needs)
    if args == SERVER:
        args = ["--url", request.getfixturevalue("live_server"), "--auto"]
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True, text=True,
                          timeout=120, check=False, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    assert expected in done.stdout, done.stdout[-2000:]
    assert "error:" not in done.stdout, done.stdout[-2000:]  # the server refused nothing the example sent
