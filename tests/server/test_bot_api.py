"""The bot API over real sockets (docs/bot-api.md): ``wizard serve`` in its own process, a bot account made in its
database, the client library (``python -m wizardcards.client``) with examples/engine_random.py playing a whole game
after accepting an invitation by name, and a bot that declines with a reason its host hears."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .bots_live import ENGINE, Host, bearer, event_stream, host_table, invite, make_bot
from .live import SERVE_ENV
from .strangers import Server, running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(f"sqlite:///{tmp_path_factory.mktemp('bots') / 'bots.sqlite3'}") as live:
        yield live


def test_the_client_library_plays_a_whole_game_with_an_engine_after_accepting_an_invitation(server: Server) -> None:
    token = make_bot(server.db_url, "Robo")
    client = subprocess.Popen(
        [sys.executable, "-m", "wizardcards.client", "--server", server.http, "--engine", ENGINE, "--games", "1"],
        env={**SERVE_ENV, "WIZARDCARDS_BOT_TOKEN": token}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        with event_stream(server, token) as events:  # a second stream of the bot (two are allowed): what it hears
            assert next(events) == {"type": "hello", "bot": "Robo"}
            table = host_table(server)
            answer = invite(server, table, "ROBO")  # by its name, as anyone writes it
            assert answer.status_code == 201, answer.text
            assert answer.json()["account"] == "Robo"
            invitation = next(events)
            assert invitation["type"] == "invitation" and invitation["seat"] == 1
            assert invitation["table"]["id"] == table["id"] and invitation["host"] == "Host"
            host = Host(server, table["seats"][0]["token"])
            host.start()
            started = next(e for e in events if e["type"] == "gameStart")
            assert started == {"type": "gameStart", "table": table["id"], "seat": 1}
            host.join(120)
            assert host.error is None, host.error
            assert host.final is not None
            finish = next(e for e in events if e["type"] == "gameFinish")
            assert finish["table"] == table["id"]
        out, err = client.communicate(timeout=60)
    finally:
        client.kill()
    assert client.returncode == 0, out + err
    assert f"game {table['id']} seat 1: scores" in out, out + err
    assert "1 games, 0 protocol errors" in out, out + err
    summary = httpx.get(f"{server.http}/tables/{table['id']}", timeout=10).json()
    assert summary["status"] == "finished"
    seat = summary["players"][1]
    assert (seat["name"], seat["kind"], seat["bot"]) == ("Robo", "bot", None)  # a bot account's: played outside
    assert summary["players"][0]["kind"] == "guest"
    seating = next(f for f in reversed(host.frames) if f["type"] == "table")
    assert seating["players"][1]["kind"] == "bot"


def test_a_bot_declines_with_a_reason_from_a_fixed_list_and_the_table_hears_it(server: Server) -> None:
    token = make_bot(server.db_url, "Decliner")
    table = host_table(server)
    host = Host(server, table["seats"][0]["token"])
    host.start()
    with event_stream(server, token) as events:
        next(events)
        assert invite(server, table, "Decliner").status_code == 201
        invitation = next(events)
        refused = httpx.post(f"{server.http}/api/bot/invitations/{invitation['id']}/decline",
                             json={"reason": "gg, you will lose"}, headers=bearer(token), timeout=10)
        assert refused.status_code == 422  # no free text: a bot does not chat
        declined = httpx.post(f"{server.http}/api/bot/invitations/{invitation['id']}/decline",
                              json={"reason": "rules"}, headers=bearer(token), timeout=10)
        assert declined.status_code == 200, declined.text
        again = httpx.post(f"{server.http}/api/bot/invitations/{invitation['id']}/accept", headers=bearer(token),
                           timeout=10)
        assert again.status_code == 404  # declined: no longer good
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not any(f["type"] == "declined" for f in host.frames):
        time.sleep(0.05)
    told = next(f for f in host.frames if f["type"] == "declined")
    assert (told["seat"], told["name"], told["reason"]) == (1, "Decliner", "rules")


def test_the_example_client_is_the_library(tmp_path: Path) -> None:
    """examples/server_client.py is gone: the library replaced it (tests/test_examples.py runs every example)."""
    assert not (Path(__file__).resolve().parents[2] / "examples" / "server_client.py").exists()
    help_text = subprocess.run([sys.executable, "-m", "wizardcards.client", "--help"], capture_output=True,
                               text=True, timeout=60, env={**os.environ}, check=True).stdout
    assert "--engine" in help_text and "--bot" in help_text and "--server" in help_text


def test_a_client_that_dies_mid_game_is_replaced_by_one_that_finds_the_game_and_finishes_it(server: Server) -> None:
    """The second client is told of the game on its stream (``game``, playing), asks for a fresh token of its seat,
    and goes on from where the table stands (its welcome and view say the seq)."""
    token = make_bot(server.db_url, "Phoenix")
    command = [sys.executable, "-m", "wizardcards.client", "--server", server.http, "--engine", ENGINE, "--games", "1"]
    environment = {**SERVE_ENV, "WIZARDCARDS_BOT_TOKEN": token}
    first = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    second = None
    gate = threading.Event()
    try:
        table = host_table(server, options={"schedule": "custom", "custom_hand_sizes": [3, 4]})
        with event_stream(server, token) as events:
            next(events)
            assert invite(server, table, "Phoenix").status_code == 201
            host = Host(server, table["seats"][0]["token"], gate=gate)  # the host holds the game up meanwhile
            host.start()
            next(e for e in events if e["type"] == "gameStart")
        time.sleep(1.0)
        first.kill()
        first.wait(10)
        second = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(1.0)
        gate.set()
        host.join(120)
        assert host.error is None and host.final is not None, host.error
        out, err = second.communicate(timeout=60)
    finally:
        gate.set()
        first.kill()
        if second is not None:
            second.kill()
    assert second.returncode == 0, out + err
    assert f"game {table['id']} seat 1: scores" in out and "1 games, 0 protocol errors" in out, out + err
