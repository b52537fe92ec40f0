"""``wizard serve --workers N``: N server processes on one host, each a worker of the cluster on the PostgreSQL
database (``cluster.py``), on ports PORT to PORT+N-1 behind a proxy. The parent upgrades the schema once, starts
them, starts again one that dies (its tables are taken by the others meanwhile, and it takes new ones when it is
back), and stops them all on SIGTERM or Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import subprocess
import sys
import time

CLUSTER_KEY = "WIZARDCARDS_CLUSTER_KEY"  # the key the workers of a cluster mark the requests they relay with
RESTART_SECONDS = 1.0  # a worker that died is started again after this


def cluster_problem(workers: int, url: str) -> str | None:
    """Why ``--workers`` cannot run on ``url``, or None."""
    if workers < 1:
        return "--workers takes 1 or more"
    if not url.startswith(("postgresql", "postgres:")):
        return ("--workers needs PostgreSQL (--db postgresql://...): the workers share their tables through the"
                " database, and SQLite is one process's. Without --workers, one process serves everything.")
    return None


def advertised_host(args: argparse.Namespace) -> str:
    """The host the other workers reach this one at."""
    if args.advertise:
        return str(args.advertise)
    if args.host in ("", "0.0.0.0", "::"):
        return socket.gethostbyname(socket.gethostname())
    return str(args.host)


def worker_command(args: argparse.Namespace, index: int) -> list[str]:
    """The command line of worker ``index``: the same server, one process, its own port."""
    per_worker = args.bot_workers or max(1, (os.cpu_count() or 1) // args.workers)
    command = [sys.executable, "-m", "wizardcards.cli", "serve", "--workers", "1", "--host", args.host,
               "--port", str(args.port + index), "--db", args.db, "--bot-workers", str(per_worker),
               "--advertise", advertised_host(args)]
    if args.bot_pace is not None:
        command += ["--bot-pace", str(args.bot_pace)]
    if args.trust_proxy is not None:
        command += ["--trust-proxy", args.trust_proxy]
    if args.limits_storage is not None:
        command += ["--limits-storage", args.limits_storage]
    for change in args.limit:
        command += ["--limit", change]
    if args.rp_id is not None:
        command += ["--rp-id", args.rp_id]
    for origin in args.origin:
        command += ["--origin", origin]
    return command


def run_workers(args: argparse.Namespace) -> int:
    from .db import make_engine, upgrade

    engine = make_engine(args.db)
    upgrade(engine)  # once, before the workers (each upgrading at once could race on a new schema)
    engine.dispose()
    stopping = False

    def stop(_signal: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # the workers' key for the requests they relay to each other (relay.py): the operator's, the same on every host,
    # or one for this group's workers alone (in the environment, not on a command line anyone may read)
    env = {**os.environ, CLUSTER_KEY: os.environ.get(CLUSTER_KEY) or secrets.token_urlsafe(32)}
    workers = {index: subprocess.Popen(worker_command(args, index), env=env) for index in range(args.workers)}
    last = args.port + args.workers - 1
    print(f"wizard serve: {args.workers} workers on ports {args.port}-{last}: put a proxy in front of them "
          "(docs/server.md, 'Several workers')", flush=True)
    while not stopping:
        time.sleep(0.2)
        for index, process in list(workers.items()):
            if process.poll() is not None and not stopping:
                print(f"wizard serve: worker {index} (port {args.port + index}) stopped ({process.returncode}):"
                      f" starting it again", file=sys.stderr, flush=True)
                time.sleep(RESTART_SECONDS)
                workers[index] = subprocess.Popen(worker_command(args, index), env=env)
    for process in workers.values():
        if process.poll() is None:
            process.terminate()
    for process in workers.values():
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
    return 0
