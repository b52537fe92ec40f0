"""Attack: a client multiplies its per-client limits in a cluster (issue 24, item 6).

- The proxy hashed the path as sent (``balance uri depth 2``) while the workers route the decoded one, so
  ``/%74ables/{id}`` or ``/tables%2F{id}`` reached another worker than ``/tables/{id}``: a client chose its worker,
  and got each worker's counts. Both shipped configurations (docs/haproxy.cfg, and the nginx block of
  docs/server.md) must send every spelling of a table's path to the worker of the plain one.
- A worker believed ``X-Forwarded-For`` from 127.0.0.1 and its own address though not told to (``--trust-proxy``
  unset): anyone on the host could be any client. A relayed request must still count as its client, vouched for by
  the cluster's key.
- Each worker counted its own: a client spread over two workers got twice the limits. With ``--limits-storage``
  (Redis) the cluster counts once.
"""

from __future__ import annotations

import json
import re
import secrets
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from wizardcards.server.limits import ClientLimits, Limits, RateLimitedError

from .cluster import cluster, haproxy_binary, proxy_config
from .live import SERVE_ENV, ServerProcess, answering, free_port, serve_command
from .postgres import postgres_cluster
from .redis import redis_server
from .test_cluster import new_database

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server.md"
BODY = {"game": "wizard", "players": 3, "seats": [{"name": "A", "claimed": True}, {"name": "B", "bot": "random"},
                                                  {"name": "C", "bot": "random"}]}


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


# --- the proxies: every spelling of a table's path to one worker ------------------------------------------------


class Named(BaseHTTPRequestHandler):
    """A stand-in worker: answers every GET (the proxies' health checks included) with its own name."""

    def do_GET(self) -> None:  # noqa: N802 - the handler's name is http.server's
        body = self.server.name.encode()  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


def stand_ins(count: int) -> list[ThreadingHTTPServer]:
    servers = []
    for n in range(count):
        server = ThreadingHTTPServer(("127.0.0.1", 0), Named)
        server.name = f"worker{n + 1}"  # type: ignore[attr-defined]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    return servers


def spellings(table_id: str) -> list[str]:
    """Paths the workers route to the table ``table_id``: as the client sends it, and written otherwise."""
    return [f"/tables/{table_id}/ws", f"/%74ables/{table_id}/join", f"/tables%2F{table_id}/record",
            f"/tables%2f{table_id}", f"/ta%62les/{table_id}/sheet", f"/tables/{table_id[:3]}%{ord(table_id[3]):02X}"
            f"{table_id[4:]}/replay"]


def routes_every_spelling_alike(front: int) -> None:
    ids = [secrets.token_urlsafe(12).replace("-", "a").replace("_", "b") for _ in range(24)]
    workers = set()
    for table_id in ids:
        reached = {path: httpx.get(f"http://127.0.0.1:{front}{path}", timeout=10).text for path in spellings(table_id)}
        assert len(set(reached.values())) == 1, reached
        workers |= set(reached.values())
    assert workers == {"worker1", "worker2"}  # the tables spread over both (a proxy sending all to one proves nothing)


def proxy_sends_every_spelling_alike(root: Path, command: list[str], front: int, servers: list[ThreadingHTTPServer],
                                     log: Path) -> None:
    """Run the proxy ``command`` (listening on ``front``, in front of ``servers``) and check its routes; then stop
    it, the stand-ins, and remove ``root``."""
    proxy = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=open(log, "wb"))  # noqa: SIM115
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{front}/meta", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, f"the proxy did not answer: {log.read_text(errors='replace')}"
            time.sleep(0.2)
        routes_every_spelling_alike(front)
    finally:
        proxy.terminate()
        proxy.wait(timeout=20)
        for server in servers:
            server.shutdown()
        shutil.rmtree(root, ignore_errors=True)


def test_haproxy_sends_every_spelling_of_a_tables_path_to_the_same_worker() -> None:
    servers = stand_ins(2)
    front = free_port()
    root = Path(tempfile.mkdtemp(prefix="wizardcards-haproxy-"))
    config = root / "haproxy.cfg"
    config.write_text(proxy_config(front, [("127.0.0.1", s.server_address[1]) for s in servers]))
    proxy_sends_every_spelling_alike(root, [haproxy_binary(), "-db", "-f", str(config)], front, servers, root / "log")


def nginx_block() -> str:
    """The several-workers block of docs/server.md."""
    blocks = re.findall(r"```nginx\n(.*?)```", DOCS.read_text(), re.S)
    found = [b for b in blocks if "upstream wizardcards_workers" in b]
    assert len(found) == 1, "docs/server.md shows one nginx block for several workers"
    return re.sub(r"(?m)^ {2}", "", found[0])  # it is indented in a list item


def test_the_nginx_recipe_hashes_the_decoded_path_and_sends_every_spelling_to_the_same_worker() -> None:
    block = nginx_block()
    assert "hash $wizardcards_route consistent" in block and "map $uri $wizardcards_route" in block, block
    nginx = shutil.which("nginx") or next((p for p in ["/usr/sbin/nginx"] if Path(p).exists()), None)
    if nginx is None:
        pytest.skip("nginx is not installed (Debian: apt-get install nginx): its block was only read")
    servers = stand_ins(2)
    lines = [line for line in block.splitlines() if not line.strip().startswith("server ")]
    at = next(n for n, line in enumerate(lines) if "hash $wizardcards_route" in line) + 1
    lines[at:at] = [f"    server 127.0.0.1:{s.server_address[1]};" for s in servers]
    front = free_port()
    root = Path(tempfile.mkdtemp(prefix="wizardcards-nginx-"))
    root.chmod(0o755)  # nginx's workers run as nobody under a root master
    kinds = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    temp = "\n".join(f"{kind}_temp_path {root}/{kind};" for kind in kinds)
    (root / "nginx.conf").write_text(
        f"daemon off;\npid {root}/nginx.pid;\nerror_log stderr;\nevents {{}}\nhttp {{\naccess_log off;\n"
        + temp + "\n" + "\n".join(lines)
        + f"\nserver {{\n listen 127.0.0.1:{front};\n location / {{ proxy_pass http://wizardcards_workers; }}\n}}\n}}\n"
    )
    proxy_sends_every_spelling_alike(root, [nginx, "-p", str(root), "-c", str(root / "nginx.conf")], front, servers,
                                     root / "log")


# --- whom a worker believes -----------------------------------------------------------------------------------


def test_a_worker_believes_no_forwarded_address_it_was_not_told_to(postgres_url: str) -> None:
    url = new_database(postgres_url, "forwarded")
    port = free_port()
    # a worker of a cluster, no --trust-proxy; uvicorn's own default (and FORWARDED_ALLOW_IPS) would trust anyone
    process = subprocess.Popen(
        serve_command(port, url, ["--workers", "1", "--bot-workers", "1", "--limit", "tables_per_minute=2"]),
        env={**SERVE_ENV, "FORWARDED_ALLOW_IPS": "*"}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    worker = ServerProcess(process, port)
    try:
        assert answering(process, worker.http, 60, lambda: "")
        made_up = [{"X-Forwarded-For": f"10.9.{n}.1"} for n in range(3)] + [
            {"X-Wizardcards-Client": f"10.8.{n}.1", "X-Wizardcards-Relayed": "guessed"} for n in range(3)]
        statuses = [httpx.post(worker.http + "/tables", json=BODY, headers=h, timeout=20).status_code
                    for h in made_up]
        assert statuses == [201, 201] + [429] * 4, statuses  # one client: the peer's address, 127.0.0.1
    finally:
        worker.stop()


def test_a_relayed_connection_counts_as_its_own_client(postgres_url: str) -> None:
    url = new_database(postgres_url, "relayed")
    with cluster(url, workers=2, hosts=["127.0.0.2", "127.0.0.3"], limits={"hellos_per_minute": 2}) as running:
        table = httpx.post(running.http + "/tables", json=BODY, timeout=20).json()
        with socket_at("127.0.0.1", running.front, f"/tables/{table['id']}/ws") as seat:  # its worker takes it
            assert hello(seat, table["seats"][0]["token"])["type"] == "welcome"
            holder = next(w for w in running.workers if w.port == running.owner_port(table["id"]))
            other = next(w for w in running.workers if w is not holder)

            def watch_from(address: str) -> str:
                with socket_at(other.host, other.port, "/ws", address) as ws:
                    return str(hello(ws, table["spectator_token"]).get("code", "welcome"))

            # two strangers through the other worker, relayed to the holder: each its own client there
            assert [watch_from("127.0.5.1") for _ in range(3)] == ["welcome", "welcome", "limited"]
            assert watch_from("127.0.6.1") == "welcome"  # not counted with the first, nor as the relaying worker


def socket_at(host: str, port: int, path: str, source: str | None = None) -> ClientConnection:
    sock = socket.create_connection((host, port), timeout=10, source_address=(source, 0) if source else None)
    return connect(f"ws://{host}:{port}{path}", sock=sock, open_timeout=10, close_timeout=1)


def hello(ws: ClientConnection, token: str) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "id": "h1", "token": token}))
    answer: dict[str, Any] = json.loads(ws.recv(timeout=20))
    return answer


# --- one count for the whole cluster --------------------------------------------------------------------------


def test_a_client_spread_over_two_workers_meets_its_limit_once(postgres_url: str) -> None:
    url = new_database(postgres_url, "shared")
    with redis_server() as storage, cluster(url, workers=2, limits={"tables_per_minute": 3},
                                            options=["--limits-storage", storage]) as running:
        targets = [w.http for w in running.workers] * 3
        statuses = [httpx.post(t + "/tables", json=BODY, timeout=20).status_code for t in targets]
        assert statuses == [201] * 3 + [429] * 3, statuses


def test_a_shared_storage_that_fails_leaves_the_counts_to_the_process() -> None:
    closed = free_port()  # nothing listens there
    clients = ClientLimits(Limits(tables_per_minute=2), f"redis://127.0.0.1:{closed}")
    started = time.monotonic()
    clients.hit("tables", "10.0.0.1")
    clients.hit("tables", "10.0.0.1")
    with pytest.raises(RateLimitedError):
        clients.hit("tables", "10.0.0.1")
    assert time.monotonic() - started < 10  # refused at once by the closed port, never waited for long
