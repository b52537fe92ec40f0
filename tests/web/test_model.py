"""The browser client's model under Node's own test runner (``node --test tests/web/``: no browser, no npm package),
over frames recorded from a live server (record_frames.py). Node comes from Debian (``apt-get install nodejs``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def test_the_client_model_passes_its_node_tests() -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.fail("the client's model tests run under Node: apt-get install -y nodejs")
    tests = sorted(str(path) for path in HERE.glob("*.test.mjs"))
    assert tests, "no node tests found"
    run = subprocess.run([node, "--test", *tests], capture_output=True, text=True, timeout=300, cwd=HERE)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout
