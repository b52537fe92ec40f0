"""``wizard serve``: its options, the default database location, and the message when the extra is missing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from wizardcards.cli import build_parser
from wizardcards.server.db import default_url, normalise_url


def test_serve_defaults_to_the_loopback_port_8000_and_the_data_directory() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, None)
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "9000", "--db", "postgresql://x@y/z"])
    assert (args.host, args.port, args.db) == ("0.0.0.0", 9000, "postgresql://x@y/z")


def test_the_data_directory_can_be_set_by_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WIZARDCARDS_DATA_DIR", str(tmp_path / "data"))
    assert default_url() == f"sqlite:///{tmp_path / 'data' / 'server.sqlite3'}"
    assert (tmp_path / "data").is_dir()


def test_postgresql_urls_use_psycopg_3() -> None:
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("sqlite:///x.db") == "sqlite:///x.db"


def test_serve_without_the_extra_names_it() -> None:
    code = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('uvicorn', 'fastapi', 'pydantic', 'sqlalchemy', 'alembic'):
            raise ImportError(name + ' is not installed here')
sys.meta_path.insert(0, Block())
from wizardcards.cli import main
sys.exit(main(['serve']))
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert "pip install 'wizardcards[server]'" in result.stderr
