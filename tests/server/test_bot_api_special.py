"""The bot API and the special cards, over real sockets (docs/bot-api.md): ``wizard serve`` in its own process, the
client library (``python -m wizardcards.client``) with an engine. The invitation names the table's special cards
(``table.rules.special_cards``); a client whose engine did not announce them (one of version 1 of the engine
protocol) declines with ``rules``, which the host hears, and one whose engine did (examples/engine_random.py) accepts
and plays the whole game; in process, ``BotClient.cannot_play`` asks each bot (an engine: started once) before any
policy."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.bots.conftest import engine_command
from wizardcards.bots import Bot, make_bot
from wizardcards.client import BotClient
from wizardcards.core.cards import SPECIAL_CARD_NAMES

from .bots_live import ENGINE, Host, event_stream, host_table, invite
from .bots_live import make_bot as make_bot_account
from .live import SERVE_ENV
from .strangers import Server, running

SPECIAL = {"special_cards": list(SPECIAL_CARD_NAMES), "schedule": "custom", "custom_hand_sizes": [5, 8]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(f"sqlite:///{tmp_path_factory.mktemp('bots') / 'bots.sqlite3'}") as live:
        yield live


def client_process(server: Server, token: str, engine: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "wizardcards.client", "--server", server.http, "--engine", engine, "--games", "1"],
        env={**SERVE_ENV, "WIZARDCARDS_BOT_TOKEN": token}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_client_whose_engine_does_not_play_the_special_cards_declines_their_table(server: Server,
                                                                                  tmp_path: Path) -> None:
    token = make_bot_account(server.db_url, "Oldtimer")
    log = tmp_path / "old.log"
    client = client_process(server, token, engine_command("recording", str(log), "v1"))
    try:
        with event_stream(server, token) as events:  # a second stream of the bot: what it hears
            assert next(events)["type"] == "hello"
            table = host_table(server, options=SPECIAL)
            host = Host(server, table["seats"][0]["token"])
            host.start()
            assert invite(server, table, "Oldtimer").status_code == 201
            invitation = next(events)
            assert invitation["type"] == "invitation"
            assert invitation["table"]["rules"]["special_cards"] == list(SPECIAL_CARD_NAMES)  # the table says them
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any(f["type"] == "declined" for f in host.frames):
            time.sleep(0.05)
        told = next((f for f in host.frames if f["type"] == "declined"), None)
        assert told is not None, host.frames
        assert (told["seat"], told["name"], told["reason"]) == (1, "Oldtimer", "rules")
        summary = httpx.get(f"{server.http}/tables/{table['id']}", timeout=10).json()
        assert summary["status"] == "waiting" and summary["players"][1]["kind"] != "bot"
    finally:
        client.kill()
        _, err = client.communicate(timeout=30)
        host.socket.close()
    assert "declined (rules): engine" in err and "did not announce 'feature special_cards'" in err, err
    # the engine was greeted to hear what it plays, and told nothing of the game
    assert set(log.read_text().splitlines()) <= {"wizard-engine 1 2", "quit"}


def test_a_client_whose_engine_plays_them_accepts_and_plays_the_whole_game(server: Server) -> None:
    token = make_bot_account(server.db_url, "Newcomer")
    client = client_process(server, token, ENGINE)
    try:
        with event_stream(server, token) as events:
            assert next(events)["type"] == "hello"
            table = host_table(server, options=SPECIAL)
            assert invite(server, table, "Newcomer").status_code == 201
            host = Host(server, table["seats"][0]["token"])
            host.start()
            next(e for e in events if e["type"] == "gameStart")
            host.join(180)
            assert host.error is None and host.final is not None, host.error
        out, err = client.communicate(timeout=60)
    finally:
        client.kill()
    assert client.returncode == 0, out + err
    assert f"game {table['id']} seat 1: scores" in out and "1 games, 0 protocol errors" in out, out + err
    record = httpx.get(f"{server.http}/tables/{table['id']}/record", timeout=20).json()
    assert record["rules"]["special_cards"] == list(SPECIAL_CARD_NAMES) and len(record["actions"]) >= 3 * (5 + 8)


def invitation_of(rules: dict[str, Any]) -> dict[str, Any]:
    return {"type": "invitation", "id": "x", "seat": 1, "table": {"rules": {"game": "wizard", "players": 3, **rules}}}


def test_the_client_asks_its_bot_once_per_set_of_special_cards_before_any_policy(tmp_path: Path) -> None:
    made: list[Bot] = []

    def maker(spec: str) -> Any:
        def make() -> Bot:
            made.append(make_bot(spec))
            return made[-1]
        return make

    async def ask(client: BotClient, *invitations: dict[str, Any]) -> list[str | None]:
        return [await client.cannot_play(i) for i in invitations]

    special = invitation_of({"special_cards": ["bomb", "cloud"]})
    plain = invitation_of({})
    version_1 = f"engine:{engine_command('recording', str(tmp_path / 'told.log'), 'v1')}"
    old = BotClient("http://127.0.0.1:9", "wzb_x", maker(version_1))
    plain_answer, first, second = asyncio.run(ask(old, plain, special, special))
    assert plain_answer is None  # the 60 cards: nothing to ask, nothing started
    assert first == second and first is not None and "does not play the special cards (bomb, cloud)" in first
    assert len(made) == 1 and getattr(made[0], "_process", "?") is None  # asked once, and let go
    ours = BotClient("http://127.0.0.1:9", "wzb_x", maker("rulebased"))
    assert asyncio.run(ask(ours, special, plain)) == [None, None]
    odd = asyncio.run(ask(ours, invitation_of({"special_cards": ["unicorn"]})))[0]
    assert odd is not None and odd.startswith("rules this client cannot read")
