"""The base install has no optional extra: the `wizard` command must start, and say which extra a command needs."""

from __future__ import annotations

import subprocess
import sys

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
    assert "3 random games of wizard, 3 players" in " ".join(result.stdout.split())


def test_help_lists_every_command_on_the_base_install() -> None:
    result = run_cli("--help")
    assert result.returncode == 0, result.stderr
    for command in ("play", "score", "replay", "simulate", "arena", "serve"):
        assert command in result.stdout


def test_a_command_needing_an_extra_names_it() -> None:
    result = run_cli("play", "--players", "3")
    assert result.returncode == 2
    assert "pip install 'wizardcards[tui]'" in result.stderr
