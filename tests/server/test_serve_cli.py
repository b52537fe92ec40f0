"""``wizard serve``: its options, the default database location, and the message when the extra is missing."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from wizardcards.cli import build_parser
from wizardcards.server.db import default_url, normalise_url
from wizardcards.server.serve import browser_url

from .live import free_port


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


def test_serve_says_which_address_to_open_in_a_browser(tmp_path: Path) -> None:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "wizardcards.cli", "serve", "--port", str(port), "--db",
         f"sqlite:///{tmp_path / 's.sqlite3'}"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},  # a pipe: block-buffered unless flushed
    )
    try:
        assert process.stdout is not None
        deadline = time.monotonic() + 60
        lines: list[str] = []
        while len(lines) < 2:  # the lines come at start, flushed: not held in a pipe's buffer until exit
            ready, _, _ = select.select([process.stdout], [], [], max(0.0, deadline - time.monotonic()))
            assert ready, f"no address printed in time: {lines}"
            lines.append(process.stdout.readline())
        assert lines[1] == f"Open http://127.0.0.1:{port}/ in a browser\n", lines
        while True:
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_the_address_to_open_is_one_a_browser_can_reach() -> None:
    assert browser_url("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert browser_url("0.0.0.0", 9000) == "http://127.0.0.1:9000/"  # every interface: the loopback is one
    assert browser_url("::", 80) == "http://127.0.0.1:80/"
    assert browser_url("::1", 8000) == "http://[::1]:8000/"
    assert browser_url("cards.example", 8000) == "http://cards.example:8000/"


def test_rp_id_and_origins_reach_every_worker_of_wizard_serve_workers() -> None:
    from wizardcards.server.supervisor import worker_command

    args = build_parser().parse_args(["serve", "--workers", "2", "--db", "postgresql://x@y/z", "--rp-id",
                                      "cards.example.org", "--origin", "https://cards.example.org",
                                      "--origin", "https://www.cards.example.org"])
    command = worker_command(args, 1)
    assert command[command.index("--rp-id") + 1] == "cards.example.org"
    assert [command[i + 1] for i, part in enumerate(command) if part == "--origin"] == [
        "https://cards.example.org", "https://www.cards.example.org"]
    assert build_parser().parse_args(["serve"]).rp_id is None  # default: each request's own host


def test_a_configured_origin_is_the_only_one_accepted(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from wizardcards.server import create_app

    from .passkeys import Authenticator

    app = create_app(f"sqlite:///{tmp_path / 's.sqlite3'}", bot_pace=0, rp_id="cards.example.org",
                     origins=("https://cards.example.org",))
    with TestClient(app) as client:
        own = client.post("/accounts/options", json={"name": "Ann"}, headers={"Origin": "http://testserver"})
        assert own.status_code == 403  # the request's own origin is not one of those configured
        begun = client.post("/accounts/options", json={"name": "Ann"},
                            headers={"Origin": "https://cards.example.org"}).json()
        assert begun["publicKey"]["rp"]["id"] == "cards.example.org"
        device = Authenticator(origin="https://cards.example.org")
        done = client.post("/accounts", json={"ceremony": begun["ceremony"], "credential": device.create(
            begun["publicKey"])}, headers={"Origin": "https://cards.example.org"})
        assert done.status_code == 201, done.text
