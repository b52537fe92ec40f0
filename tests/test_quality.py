"""The code standards of the project, checked like any other behaviour: mypy --strict on the whole package, ruff on
the package, the core free of dependencies and of imports from the outer packages, and nothing importing cli.py."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_the_whole_package_passes_mypy_strict() -> None:
    result = run("mypy", "--strict", "--no-incremental", "src/wizardcards")
    assert result.returncode == 0, result.stdout + result.stderr


def imports_of(path: Path) -> list[tuple[str, int]]:
    """Every module ``path`` imports, with the relative level of each (0: absolute)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.extend((alias.name, 0) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            out.append((node.module or "", node.level))
    return out


def test_nothing_imports_the_command_line_module() -> None:
    """cli.py is the outermost layer: a library module importing it would drag the front ends into every import."""
    for path in (ROOT / "src/wizardcards").rglob("*.py"):
        for module, _level in imports_of(path):
            assert not (module == "cli" or module.endswith(".cli") or module == "wizardcards.cli"), (
                f"{path.relative_to(ROOT)} imports cli.py"
            )


def test_the_core_imports_nothing_outside_itself() -> None:
    """The arrows point one way (ARCHITECTURE.md): the core imports only its own modules."""
    for path in (ROOT / "src/wizardcards/core").glob("*.py"):
        for module, level in imports_of(path):
            assert level <= 1, f"{path.name} imports {'.' * level}{module}, outside the core"
            assert not module.startswith("wizardcards.") or module.startswith("wizardcards.core"), path.name


def test_no_type_ignore_in_the_arena_and_the_command_line() -> None:
    """The base state's uniform API makes them unnecessary (issue 13)."""
    for path in [*(ROOT / "src/wizardcards/arena").glob("*.py"), ROOT / "src/wizardcards/cli.py"]:
        assert "type: ignore" not in path.read_text(), path.name


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
