"""A throwaway Redis server for tests: Debian's ``redis-server`` on a free loopback port, keeping nothing on disk,
stopped afterwards (as ``postgres.py`` does for PostgreSQL). Nothing is installed: the binary must be on PATH or in
/usr/bin (Debian: apt-get install redis-server)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .postgres import free_port


def redis_binary() -> str:
    found = shutil.which("redis-server") or next((p for p in ["/usr/bin/redis-server"] if Path(p).exists()), None)
    if found is None:
        raise RuntimeError("redis-server not found: the tests of shared limits need it (Debian: apt-get install"
                           " redis-server)")
    return found


@contextmanager
def redis_server() -> Iterator[str]:
    """Start a Redis server; yield its URL (``redis://127.0.0.1:PORT``)."""
    root = Path(tempfile.mkdtemp(prefix="wizardcards-redis-"))
    port = free_port()
    process = subprocess.Popen(
        [redis_binary(), "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(root), "--daemonize", "no"],
        stdout=open(root / "log", "wb"), stderr=subprocess.STDOUT,  # noqa: SIM115 (the process holds it)
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start: {(root / 'log').read_text(errors='replace')}")
            time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(root, ignore_errors=True)
