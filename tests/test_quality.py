"""The code standards of the project, checked like any other behaviour: mypy --strict on the core and on the other
modules compiled by mypyc (setup.py), ruff on the package."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_core_and_compiled_bots_pass_mypy_strict() -> None:
    compiled_bots = (
        "src/wizardcards/bots/rollout.py", "src/wizardcards/bots/determinize.py", "src/wizardcards/bots/endgame.py"
    )
    result = run("mypy", "--strict", "--no-incremental", "src/wizardcards/core", *compiled_bots)
    assert result.returncode == 0, result.stdout + result.stderr


def test_package_passes_ruff() -> None:
    result = run("ruff", "check", "src", "benchmarks", "examples")
    assert result.returncode == 0, result.stdout + result.stderr


def test_core_imports_only_the_standard_library() -> None:
    """The core must stay free of third-party dependencies (ARCHITECTURE.md): check every import it makes."""
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for path in (ROOT / "src/wizardcards/core").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in stdlib, f"{path.name} imports {name}, not from the standard library"
