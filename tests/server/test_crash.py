"""Crash: the server process is killed with SIGKILL in the middle of a game and started again on the same database;
every seat reconnects and sees exactly the view it had before the kill, and the game plays to its end."""

from __future__ import annotations

import random
from pathlib import Path

import httpx

from wizardcards.core import GameRecord

from .helpers import Client, check_frames, play_to_end, poster, with_tokens
from .live import WebSocketClient, start_server


class _Kill(Exception):
    pass


def connect(port: int, table: dict, humans: set[int]) -> list[Client]:  # type: ignore[type-arg]
    clients = []
    for token in [s["token"] for s in table["seats"]] + [table["spectator_token"]]:
        client = Client(WebSocketClient(port), humans)
        client.hello(token)
        clients.append(client)
    return clients


def test_sigkill_mid_game_then_restart_loses_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    server = start_server(url)
    try:
        body = {"game": "wizard", "players": 4, "preset": "quick",
                "seats": [{"name": "A"}, {"name": "B", "bot": "rulebased"}, {"name": "C"}, {"name": "D"}]}
        table = with_tokens(poster(server.http), httpx.post(server.http + "/tables", json=body, timeout=20).json())
        humans = {s["seat"] for s in table["seats"]}
        clients = connect(server.port, table, humans)
        rng = random.Random(21)
        kill_at = rng.randrange(15, 60)

        def kill_mid_game(step: int) -> None:
            if step == kill_at:
                raise _Kill

        try:
            play_to_end(clients, rng, between=kill_mid_game)
            raise AssertionError("the game ended before the kill")
        except _Kill:
            pass
        before = {c.seat: (c.seq, c.view) for c in clients}
        assert all(view["phase"] != "game_over" for _, view in before.values())
        server.kill()
        server = start_server(url)
        reconnected = connect(server.port, table, humans)
        assert {c.seat: (c.seq, c.view) for c in reconnected} == before
        play_to_end(reconnected, rng)
        record = GameRecord.from_dict(httpx.get(f"{server.http}/tables/{table['id']}/record", timeout=20, headers={
            "Authorization": f"Bearer {table['spectator_token']}"}).json())
        assert check_frames(record, clients + reconnected) > 0
        for client in reconnected:
            client.socket.close()
    finally:
        server.stop()
