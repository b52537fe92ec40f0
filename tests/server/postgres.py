"""A throwaway PostgreSQL cluster for tests: ``initdb`` into a temporary directory, ``pg_ctl start`` listening only on
a unix socket there, stopped and removed afterwards. PostgreSQL refuses to run as root, so under root the cluster
runs as ``nobody``. Nothing is installed: the binaries must be on PATH or in /usr/lib/postgresql/*/bin."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def find_binary(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        raise RuntimeError(
            f"{name} not found: the PostgreSQL tests need the server binaries (Debian: apt-get install postgresql-15)"
        )
    return found


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """Start a cluster; yield a SQLAlchemy URL of its ``postgres`` database (user ``wizard``, trust auth)."""
    initdb, pg_ctl = find_binary("initdb"), find_binary("pg_ctl")
    root = Path(tempfile.mkdtemp(prefix="wizardcards-pg-"))
    user = None
    if os.geteuid() == 0:
        user = "nobody"
        shutil.chown(root, user=user)
    data, log = root / "data", root / "log"

    def run(*command: str) -> None:
        result = subprocess.run(command, user=user, capture_output=True, text=True, timeout=120, cwd=root)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed: {result.stdout}{result.stderr}")

    try:
        run(initdb, "-D", str(data), "-U", "wizard", "--auth=trust", "--no-sync", "-E", "UTF8")
        # a port of its own, though it only listens on the socket in root: clusters of parallel test workers stay apart
        port = free_port()
        options = f"-k {root} -p {port} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
        run(pg_ctl, "-D", str(data), "-l", str(log), "-o", options, "-w", "-t", "60", "start")
        try:
            yield f"postgresql+psycopg://wizard@/postgres?host={root}&port={port}"
        finally:
            run(pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(root, ignore_errors=True)
