"""The base install has no optional extra: the `wizard` command must start, and say which extra a command needs."""

from __future__ import annotations

import os
import subprocess
import sys
import time

# Run in a fresh interpreter where importing any optional dependency fails, as on a machine without the extras.
BLOCKED = ["textual", "fastapi", "uvicorn", "pydantic", "sqlalchemy", "alembic", "openskill", "matplotlib", "ray",
           "numpy", "pettingzoo", "gymnasium", "pyspiel", "torch", "platformdirs"]
PRELUDE = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {BLOCKED!r}:
            raise ImportError(f'{{name}} is not installed here')
sys.meta_path.insert(0, Block())
from wizardcards.cli import main
"""


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    code = PRELUDE + f"sys.exit(main({list(args)!r}))"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)


def test_simulate_runs_on_the_base_install() -> None:
    result = run_cli("simulate", "--players", "3", "--games", "3", "--seed", "1")
    assert result.returncode == 0, result.stderr
    title = " ".join(result.stdout.split())
    assert "3 random games of wizard, 3 players, seed 1" in title  # the standard rules: no options to list
    assert "game=" not in title and "players=" not in title  # said once, not again in parentheses


def test_simulate_lists_only_the_options_that_differ() -> None:
    result = run_cli("simulate", "--rules", "quick", "--players", "3", "--games", "2", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "2 random games of wizard, 3 players (schedule=quick), seed 1" in " ".join(result.stdout.split())


def test_help_lists_every_command_on_the_base_install() -> None:
    result = run_cli("--help")
    assert result.returncode == 0, result.stderr
    for command in ("play", "score", "replay", "simulate", "arena", "bench", "serve"):
        assert command in result.stdout


def test_bench_runs_on_the_base_install() -> None:
    """The benchmark needs no extra (no ratings, no plot); Ray only with --backend ray, and then it says so."""
    result = run_cli("bench", "rulebased", "--sizes", "3", "--opponents", "random", "--deals", "2", "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert "2 of 2000 deals per size" in " ".join(result.stdout.split())
    result = run_cli("bench", "rulebased", "--backend", "ray")
    assert result.returncode == 2 and "pip install 'wizardcards[ray]'" in result.stdout


def test_a_command_needing_an_extra_names_it() -> None:
    result = run_cli("play", "--players", "3")
    assert result.returncode == 2
    assert "pip install 'wizardcards[tui]'" in result.stderr


def test_arena_without_its_extra_fails_before_the_first_game() -> None:
    """Without openskill the ratings cannot be made: the arena says so at once instead of playing the whole
    tournament first and losing its results."""
    started = time.perf_counter()
    result = run_cli("arena", "--bots", "rulebased,rulebased,rulebased,random", "--games", "4000", "--workers", "1")
    seconds = time.perf_counter() - started
    assert result.returncode == 2
    out = " ".join((result.stdout + result.stderr).split())
    assert "openskill (the ratings) is not installed: pip install 'wizardcards[arena]'" in out
    assert "games" not in out.split("error:")[0]  # no table, no timing line: nothing was played
    assert seconds < 60  # 4000 games take minutes; the refusal takes an interpreter's start


def test_python_m_wizardcards_runs_the_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``python -m wizardcards`` needs no ``wizard`` script on the PATH (a venv that is not activated)."""
    env = {key: value for key, value in os.environ.items() if key not in ("VIRTUAL_ENV",)}
    env["PATH"] = "/usr/bin:/bin"  # no venv's bin folder: no `wizard` to find
    result = subprocess.run([sys.executable, "-m", "wizardcards", "--help"], capture_output=True, text=True,
                            timeout=120, cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: wizard ") and "simulate" in result.stdout
    result = subprocess.run([sys.executable, "-m", "wizardcards", "simulate", "--players", "3", "--games", "2",
                             "--seed", "3"], capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    assert "2 random games of wizard, 3 players, seed 3" in " ".join(result.stdout.split())
