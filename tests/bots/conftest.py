"""What the engine tests share: the commands of the reference engines (examples/engine_random.py, and
examples/engine_random.c compiled here with Debian's gcc) and of the test engines in tests/bots/engines/."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINES = Path(__file__).resolve().parent / "engines"
PYTHON_ENGINE = f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'examples' / 'engine_random.py'))}"


def engine_command(name: str, *args: str) -> str:
    """The command of the test engine ``name`` (tests/bots/engines/NAME.py) with ``args``."""
    return shlex.join([sys.executable, str(ENGINES / f"{name}.py"), *args])


@pytest.fixture(scope="session")
def c_engine(tmp_path_factory: pytest.TempPathFactory) -> str:
    """examples/engine_random.c, compiled with warnings as errors: the command of the program."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler (Debian: apt install gcc)")
    binary = tmp_path_factory.mktemp("c-engine") / "engine_random"
    subprocess.run([compiler, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-o", str(binary),
                    str(ROOT / "examples" / "engine_random.c")], check=True, capture_output=True, timeout=120)
    return shlex.quote(str(binary))
