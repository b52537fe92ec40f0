"""What the bot API's real-socket tests share: bot accounts made in a server's database (as ``wizard bot-account``
does), a table whose host keeps seat 0 and invites a bot account into seat 1, the host's own seat played over a real
WebSocket, and the event stream read line by line."""

from __future__ import annotations

import json
import random
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from wizardcards.server import bot_accounts as B
from wizardcards.server.db import make_engine, upgrade

from .live import WebSocketClient
from .strangers import Server, post

ROOT = Path(__file__).resolve().parents[2]
ENGINE = f"{sys.executable} {ROOT / 'examples' / 'engine_random.py'}"
SHORT = {"schedule": "custom", "custom_hand_sizes": [2, 3]}


def make_bot(db_url: str, name: str) -> str:
    """A bot account of the operator's (no owner) in the database at ``db_url``: its token."""
    engine = make_engine(db_url)
    upgrade(engine)
    try:
        return str(B.create_bot(engine, name, None)["token"])
    finally:
        engine.dispose()


def revoke_all(db_url: str, name: str) -> None:
    engine = make_engine(db_url)
    try:
        for bot in B.bots_of(engine, None):
            if bot["name"] == name:
                for token in bot["tokens"]:
                    B.revoke(engine, None, name, token["id"])
    finally:
        engine.dispose()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def host_table(server: Server, seats: int = 3, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A table of ``seats``: the host (a guest) in seat 0, seat 1 invite-only, random bots in the others."""
    body = {"game": "wizard", "players": seats, "options": SHORT if options is None else options,
            "visibility": "public",
            "seats": [{"name": "Host", "claimed": True}, {"name": "Invited"}]
            + [{"name": f"B{n}", "bot": "random"} for n in range(2, seats)]}
    response = post(server, "/tables", body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def invite(server: Server, table: dict[str, Any], name: str, seat: int = 1) -> httpx.Response:
    return post(server, f"/tables/{table['id']}/seats/{seat}/invite-account", {"name": name},
                headers=bearer(table["seats"][0]["token"]))


@contextmanager
def event_stream(server: Server, token: str, timeout: float = 20.0) -> Iterator[Iterator[dict[str, Any]]]:
    """The bot's event stream: an iterator of its events (keep-alive lines skipped)."""
    with httpx.Client(timeout=timeout) as http, http.stream("GET", server.http + "/api/stream/event",
                                                            headers=bearer(token)) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("application/x-ndjson")

        def events() -> Iterator[dict[str, Any]]:
            for line in response.iter_lines():
                if line.strip():
                    yield json.loads(line)

        yield events()


class Host(threading.Thread):
    """The host's seat, played at random over a real WebSocket until the game is over (every frame kept)."""

    def __init__(self, server: Server, token: str, seed: int = 0, gate: threading.Event | None = None) -> None:
        super().__init__(daemon=True)
        self.gate = gate  # when given: the host acts only once it is set
        self.socket = WebSocketClient(server.port, timeout=60)
        self.token, self.rng = token, random.Random(seed)
        self.frames: list[dict[str, Any]] = []
        self.final: dict[str, Any] | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.socket.send_text(json.dumps({"type": "hello", "id": "h", "token": self.token}))
            while True:
                frame = json.loads(self.socket.receive_text())
                self.frames.append(frame)
                if frame["type"] != "view":
                    continue
                view = frame["view"]
                if view["phase"] == "game_over":
                    self.final = frame
                    return
                if frame["status"] == "playing" and view["legal_actions"]:
                    if self.gate is not None:
                        self.gate.wait(120)
                    self.socket.send_text(json.dumps({"type": "action", "id": f"a{frame['seq']}", "seq": frame["seq"],
                                                      "action": self.rng.choice(view["legal_actions"])}))
        except BaseException as error:  # the test reads it
            self.error = error
        finally:
            self.socket.close()
