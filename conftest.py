"""The documentation's runnable blocks, collected by pytest through sybil (``testpaths`` names README.md and docs/):
each ```python block of README.md and docs/*.md runs (the blocks of one page share their names, top to bottom), and
so does each ```bash block, line by line in a temporary directory, with this interpreter's ``python`` and ``wizard``
first on PATH. A block that cannot run in a test (an installation, a server that runs until stopped, a study of
minutes) is preceded by ``<!-- skip: next if(True, reason="...") -->`` (sybil's skip directive, which Markdown
shows as nothing; the reason is printed with the skip). Blocks without a language (plain text, sample
output, and commands that are the example programs, run by tests/test_examples.py) are not collected."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from sybil import Example, Sybil
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser, SkipParser

ROOT = Path(__file__).resolve().parent


def run_commands(example: Example) -> None:
    """A ```bash block: its commands in a temporary directory (examples/ and docs/ reached from the checkout)."""
    environment = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
                   "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")]))}
    with tempfile.TemporaryDirectory() as directory:
        for name in ("examples", "docs"):
            os.symlink(ROOT / name, Path(directory) / name)
        # a session of its own: a block past its time goes with every process it started (a benchmark's workers
        # kept two cores busy for the rest of a run when only bash was killed)
        block = subprocess.Popen(["bash", "-euo", "pipefail", "-c", example.parsed], cwd=directory, env=environment,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL,
                                 start_new_session=True)
        try:
            stdout, stderr = block.communicate(timeout=300)
        except subprocess.TimeoutExpired:
            os.killpg(block.pid, signal.SIGKILL)
            stdout, stderr = block.communicate()
            raise AssertionError(f"{example.path}:{example.line}: still running after 300 s: {stderr[-4000:]}") \
                from None
    assert block.returncode == 0, f"{example.path}:{example.line}: {stdout[-2000:]}{stderr[-4000:]}"


pytest_collect_file = Sybil(
    parsers=[PythonCodeBlockParser(), CodeBlockParser("bash", run_commands), SkipParser()],
    filenames=["README.md"], patterns=["docs/*.md"], path=".",
).pytest()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """Under pytest-xdist (``-n``), a docs page's blocks all go to one worker, every other test wherever there is room:
    sybil's skip directive and a page's shared names hold only in the process that ran the blocks above, so a page
    split over workers ran the blocks it skips (xdist's ``loadgroup`` does not mark pytest 9's items)."""
    if config.getvalue("dist") != "load":
        return None  # a --dist the caller chose
    from xdist.scheduler import LoadScopeScheduling

    class DocsPagesTogether(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            page = nodeid.split("::", 1)[0]
            return page if page.endswith(".md") else nodeid

    return DocsPagesTogether(config, log)
