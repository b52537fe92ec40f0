"""A cluster for tests: server workers (``wizard serve --workers 1``, each its own process and port) on one throwaway
PostgreSQL database, behind HAProxy started with the configuration the docs ship (docs/haproxy.cfg, its addresses
replaced); and players that reconnect through the proxy when their worker goes away, as the browser client does."""

from __future__ import annotations

import random
import re
import secrets
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from .helpers import LOOSE, TERMINAL, Client, next_id
from .live import SERVE_ENV, ServerProcess, WebSocketClient, answering, free_port, serve_command

HAPROXY_CONFIG = Path(__file__).resolve().parents[2] / "docs" / "haproxy.cfg"
LEASE_SECONDS = 5.0  # cluster.LEASE_SECONDS: a dead worker's tables are taken within about this


def haproxy_binary() -> str:
    found = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)
    if found is None:
        raise RuntimeError("haproxy not found: the cluster tests need it (Debian: apt-get install haproxy)")
    return found


def proxy_config(front: int, workers: list[tuple[str, int]]) -> str:
    """docs/haproxy.cfg with the tests' addresses: its front end on ``front``, one server line per (host, port)."""
    text = HAPROXY_CONFIG.read_text()
    text = re.sub(r"bind 127\.0\.0\.1:\d+", f"bind 127.0.0.1:{front}", text)
    lines = [line for line in text.splitlines() if not line.strip().startswith("server ")]
    lines += [f"    server worker{n + 1} {host}:{port} check" for n, (host, port) in enumerate(workers)]
    return "\n".join(lines) + "\n"


@dataclass
class Worker(ServerProcess):
    """A worker listening on ``host`` (a loopback address of its own stands for a host of its own)."""

    host: str = "127.0.0.1"

    @property
    def http(self) -> str:
        return f"http://{self.host}:{self.port}"


@dataclass
class Cluster:
    db_url: str
    front: int
    workers: list[Worker]
    proxy: subprocess.Popen[bytes]
    log_dir: Path
    limits: dict[str, Any] = field(default_factory=lambda: dict(LOOSE))
    options: list[str] = field(default_factory=list)  # more options of every worker's `wizard serve`
    key: str = field(default_factory=lambda: secrets.token_urlsafe(16))

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.front}"

    def start_worker(self, index: int, host: str, port: int) -> Worker:
        limits = [a for name, value in self.limits.items() for a in ("--limit", f"{name}={value}")]
        log = open(self.log_dir / f"worker{index}.log", "ab")  # noqa: SIM115 (the process holds it)
        # the proxy's X-Forwarded-For believed, and one key for the requests the workers relay to each other, as
        # `wizard serve --workers N --trust-proxy 127.0.0.1` gives its workers
        where = ["--host", host, "--advertise", host, "--trust-proxy", "127.0.0.1", *self.options]
        process = subprocess.Popen(
            serve_command(port, self.db_url, ["--workers", "1", "--bot-workers", "1", *where, *limits]),
            env={**SERVE_ENV, "WIZARDCARDS_CLUSTER_KEY": self.key}, stdout=log, stderr=log,
        )
        server = Worker(process, port, host)
        if not answering(process, server.http, 60, lambda: self.log(index)):
            server.kill()
            raise RuntimeError(f"worker {index} did not start: {self.log(index)}")
        return server

    def log(self, index: int) -> str:
        return (self.log_dir / f"worker{index}.log").read_text(errors="replace")[-4000:]

    def owner_port(self, table_id: str) -> int:
        """The port of the worker holding ``table_id`` now (its lease's address)."""
        from sqlalchemy import create_engine, text

        engine = create_engine(self.db_url)
        try:
            with engine.connect() as db:
                address = db.scalar(text("SELECT address FROM table_leases WHERE table_id = :t"), {"t": table_id})
        finally:
            engine.dispose()
        assert address is not None, f"no worker holds {table_id}"
        return int(address.rsplit(":", 1)[1])


@contextmanager
def cluster(
    db_url: str, workers: int = 2, limits: dict[str, Any] | None = None, hosts: list[str] | None = None,
    options: list[str] | None = None,
) -> Iterator[Cluster]:
    """``workers`` workers (with the tests' loose limits, changed by ``limits``, and ``options``) behind HAProxy, each
    on its entry of ``hosts`` (default: all on 127.0.0.1, as ``wizard serve --workers`` on one host)."""
    log_dir = Path(tempfile.mkdtemp(prefix="wizardcards-cluster-"))
    places = list(zip(hosts or ["127.0.0.1"] * workers, [free_port() for _ in range(workers)]))
    front = free_port()
    config = log_dir / "haproxy.cfg"
    config.write_text(proxy_config(front, places))
    proxy = subprocess.Popen([haproxy_binary(), "-db", "-f", str(config)], stdout=subprocess.DEVNULL,
                             stderr=open(log_dir / "haproxy.log", "wb"))  # noqa: SIM115
    running = Cluster(db_url, front, [], proxy, log_dir, {**LOOSE, **(limits or {})}, list(options or []))
    try:
        for index, (host, port) in enumerate(places):
            running.workers.append(running.start_worker(index, host, port))
        deadline = time.monotonic() + 30
        while not all(up(running, worker) for worker in running.workers):
            assert time.monotonic() < deadline, (log_dir / "haproxy.log").read_text()
            time.sleep(0.2)
        yield running
    finally:
        for server in running.workers:
            server.stop()
        proxy.terminate()
        proxy.wait(timeout=20)
        shutil.rmtree(log_dir, ignore_errors=True)


def up(running: Cluster, worker: Worker) -> bool:
    """Whether the proxy and ``worker`` both answer."""
    try:
        return httpx.get(running.http + "/meta", timeout=2).status_code == 200 and httpx.get(
            worker.http + "/meta", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


LOST = (ConnectionClosed, TimeoutError, OSError, InvalidHandshake, InvalidStatus)


@dataclass
class Player:
    """The human seats of one table, played at random through the proxy; when their connection is lost they
    reconnect (as the browser does, with short pauses) and an action left unanswered is sent again with its id."""

    front: int
    table: dict[str, Any]
    rng: random.Random
    acked: dict[str, int] = field(default_factory=dict)  # message id: the action's number in the record
    clients: list[Client] = field(default_factory=list)
    reconnections: int = 0
    outage: float = 0.0  # the longest time from a lost connection to playing again

    @property
    def path(self) -> str:
        return f"/tables/{self.table['id']}/ws"

    def connect(self, timeout: float = 60.0) -> None:
        humans = {s["seat"] for s in self.table["seats"]}
        deadline = time.monotonic() + timeout
        while True:
            for client in self.clients:
                try:
                    client.socket.close()
                except Exception:
                    pass
            try:
                self.clients = []
                for seat in self.table["seats"]:
                    client = Client(WebSocketClient(self.front, timeout=15, path=self.path), humans)
                    self.clients.append(client)
                    client.hello(seat["token"])
                return
            except LOST:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)

    def play(self, steps: int | None = None) -> bool:
        """Play until the game is over (True) or ``steps`` actions were acknowledged (False)."""
        pending: tuple[Client, str, int, int] | None = None  # (client, id, action, seq) sent, not answered
        done = 0
        lost_at: float | None = None
        while steps is None or done < steps:
            try:
                for client in self.clients:
                    client.drain(max(c.seq for c in self.clients))
                if lost_at is not None:
                    self.outage, lost_at = max(self.outage, time.monotonic() - lost_at), None
                if pending is not None:
                    seat = pending[0].seat
                    client = next(c for c in self.clients if c.seat == seat)
                    answer = resend(client, pending)
                else:
                    on_turn = [c for c in self.clients if c.view and c.view["legal_actions"]
                               and c.view["current_player"] == c.seat]
                    if not on_turn:
                        assert all(c.view and c.view["current_player"] == TERMINAL for c in self.clients)
                        return True
                    client = on_turn[0]
                    assert client.view is not None
                    pending = (client, next_id(), int(self.rng.choice(client.view["legal_actions"])), client.seq)
                    answer = resend(client, pending)
                if answer["type"] == "error" and answer["code"] == "unavailable":
                    time.sleep(0.3)  # the table is between workers: the same action again, same id
                    continue
                assert answer["type"] == "ack", answer
                _, message_id, _, _ = pending
                assert self.acked.setdefault(message_id, answer["number"]) == answer["number"], "acked twice"
                pending, done = None, done + 1
                for client in self.clients:
                    client.drain(answer["seq"])
            except LOST:
                lost_at = lost_at or time.monotonic()
                self.reconnections += 1
                self.connect()
                if pending is not None:  # the same client object is gone: the seat's new one sends it
                    pending = (next(c for c in self.clients if c.seat == pending[0].seat), *pending[1:])
        return False


def resend(client: Client, pending: tuple[Client, str, int, int]) -> dict[str, Any]:
    _, message_id, action, seq = pending
    client.send({"type": "action", "id": message_id, "action": action, "seq": seq})
    while True:
        frame = client.receive()
        if frame["type"] in ("ack", "error") and frame["reply_to"] == message_id:
            return frame
