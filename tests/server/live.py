"""A real server process for tests: ``python -m wizardcards.cli serve`` on a free loopback port, and protocol clients
over real WebSockets (the ``websockets`` library) with timeouts, so a lost message fails a test instead of hanging."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import httpx
from websockets.sync.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class ServerProcess:
    process: subprocess.Popen[bytes]
    port: int

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush; whatever was not committed is lost."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


def serve_command(port: int, db_url: str, args: Sequence[str] = ()) -> list[str]:
    """``wizard serve`` in this interpreter (the checkout's code), on ``port`` of the loopback, with ``db_url``; its
    bots move at once unless ``args`` sets a ``--bot-pace`` (the tests of pacing do)."""
    pace = [] if "--bot-pace" in args else ["--bot-pace", "0"]
    return [sys.executable, "-m", "wizardcards.cli", "serve", "--port", str(port), "--db", db_url, *pace, *args]


SERVE_ENV = {**os.environ, "PYTHONUNBUFFERED": "1"}


def answering(process: subprocess.Popen[bytes], base_url: str, timeout: float, why_not: Callable[[], str]) -> bool:
    """Whether the server started as ``process`` answers at ``base_url`` within ``timeout`` seconds (an exited
    process raises ``RuntimeError`` with ``why_not()``, its output)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited ({process.returncode}): {why_not()}")
        try:
            if httpx.get(base_url + "/protocol.schema.json", timeout=2).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    return False


def start_server(db_url: str, port: int | None = None, timeout: float = 60.0) -> ServerProcess:
    """The server with the loose limits of the tests (every client of a test has the same address)."""
    from .helpers import LOOSE

    port = port or free_port()
    limits = [a for name, value in LOOSE.items() for a in ("--limit", f"{name}={value}")]
    process = subprocess.Popen(serve_command(port, db_url, limits), env=SERVE_ENV, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    server = ServerProcess(process, port)
    if answering(process, server.http, timeout, lambda: process.stderr.read().decode() if process.stderr else ""):
        return server
    server.kill()
    raise RuntimeError("the server did not start in time")


class WebSocketClient:
    """The ``Socket`` of helpers.Client over a real WebSocket, every receive bounded by a timeout."""

    def __init__(self, port: int, timeout: float = 20.0, path: str = "/ws", host: str = "127.0.0.1") -> None:
        # entered by hand (it is closed in close()): a test holds several of these for the length of a game
        self.connection: ClientConnection = connect(f"ws://{host}:{port}{path}", open_timeout=timeout).__enter__()
        self.timeout = timeout

    def send_text(self, text: str) -> None:
        self.connection.send(text)

    def receive_text(self) -> str:
        message = self.connection.recv(timeout=self.timeout)
        return message if isinstance(message, str) else message.decode()

    def close(self) -> None:
        self.connection.close()
