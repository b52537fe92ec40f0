"""``wizard serve``: run the server on uvicorn (arguments, defaults, and the frame size limit)."""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import socket
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--db", default=None, metavar="URL",
        help="database URL, e.g. postgresql://user@host/db (default: a SQLite file in the user's data directory;"
        " WIZARDCARDS_DATA_DIR sets the directory)",
    )
    parser.add_argument(
        "--bot-workers", type=int, default=None, metavar="N",
        help="worker processes for bots and hints (default: the number of CPUs)",
    )
    parser.add_argument(
        "--workers", type=int, default=None, metavar="N",
        help="run N server processes on PostgreSQL, on ports PORT to PORT+N-1, sharing the tables through the"
        " database; put a proxy in front (docs/server.md); the same command on several hosts makes one cluster",
    )
    parser.add_argument(
        "--advertise", default=None, metavar="HOST",
        help="with --workers: the address the other workers reach these at (default: --host, or this host's address"
        " when it listens on every interface)",
    )
    parser.add_argument(
        "--bot-pace", type=float, default=None, metavar="SECONDS",
        help="at least this long between a move and a bot's next, at tables created without their own pace, while"
        " anyone watches (default 0.7; 0: at once)",
    )
    parser.add_argument(
        "--trust-proxy", default=None, metavar="ADDRESSES",
        help="comma-separated addresses of reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed"
        " (default: none; every client is the peer's address)",
    )
    parser.add_argument(
        "--limits-storage", default=None, metavar="URL",
        help="where the per-client counts are kept: a storage URL of the limits library, e.g. redis://host:6379, that"
        " every worker of a cluster shares, so that a client is counted once (default: this process's memory)",
    )
    parser.add_argument(
        "--rp-id", default=None, metavar="HOST",
        help="the WebAuthn relying party id passkeys are made for: the site's host name, e.g. cards.example.org"
        " (default: the host name each page was asked for; docs/accounts.md)",
    )
    parser.add_argument(
        "--origin", action="append", default=[], metavar="URL",
        help="an origin the server's pages are served from, e.g. https://cards.example.org (repeatable): passkey"
        " ceremonies and requests with a session are accepted from these only (default: the request's own)",
    )
    parser.add_argument(
        "--engine", action="append", default=[], metavar="NAME=CMD",
        help="an outside engine the tables may seat as the bot engine:NAME (repeatable): CMD starts a program that"
        " speaks the engine protocol (docs/engine-protocol.md); requests can name only these, never a command",
    )
    parser.add_argument(
        "--limit", action="append", default=[], metavar="NAME=VALUE",
        help="change one of the per-client and server limits (repeatable; docs/server.md lists them)",
    )


def browser_url(host: str, port: int) -> str:
    """The address to open: a server listening on every interface is reached on the loopback from this machine."""
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from . import protocol as P
        from .app import create_app
        from .capacity import connection_cap, raise_descriptor_limit, request_cap
        from .cluster import Member
        from .db import default_url
        from .handshakes import websocket_protocol
        from .limits import Limits
        from .manager import DEFAULT_BOT_PACE, MAX_BOT_PACE
        from .players import parse_engines
        from .supervisor import CLUSTER_KEY, advertised_host, cluster_problem, run_workers
    except ImportError as error:
        print(f"wizard serve needs the server extra: pip install 'wizardcards[server]' ({error})", file=sys.stderr)
        return 2

    try:
        limits = Limits().with_changes(args.limit)
    except ValueError as error:
        print(f"wizard serve: {error}", file=sys.stderr)
        return 2
    try:
        engines = parse_engines(args.engine)
    except ValueError as error:
        print(f"wizard serve: {error}", file=sys.stderr)
        return 2
    if args.bot_pace is not None and not 0 <= args.bot_pace <= MAX_BOT_PACE:
        print(f"wizard serve: --bot-pace takes 0 to {MAX_BOT_PACE:g} seconds", file=sys.stderr)
        return 2
    url = args.db or default_url()
    member = None
    if args.workers is not None:
        problem = cluster_problem(args.workers, url)
        if problem is not None:
            print(f"wizard serve: {problem}", file=sys.stderr)
            return 2
        if args.workers > 1:
            return run_workers(args)
        member = Member(f"http://{advertised_host(args)}:{args.port}", key=os.environ.get(CLUSTER_KEY, ""))
    # every socket is a descriptor: take all the hard limit allows, and keep the WebSockets under it with a margin
    descriptors = raise_descriptor_limit()
    if not limits.max_connections:
        limits = dataclasses.replace(limits, max_connections=connection_cap(descriptors))
    pace = DEFAULT_BOT_PACE if args.bot_pace is None else args.bot_pace
    origins = tuple(origin.rstrip("/") for origin in args.origin)
    app = create_app(url, limits=limits, bot_workers=args.bot_workers, bot_pace=pace, member=member,
                     limits_storage=args.limits_storage, engines=engines, rp_id=args.rp_id,
                     origins=origins)
    # The collector's full passes over a server's long-lived objects (modules, the ORM, live tables) stall the event
    # loop for tens of ms: move what exists at start-up out of its view, and collect the young generation less often.
    gc.freeze()
    gc.set_threshold(10_000, 50, 100)
    print(f"wizard serve: database {url.split('@')[-1]}"
          + (f", worker {member.id} of a cluster at {member.address}" if member else "")
          + f"; {descriptors} file descriptors: at most {limits.max_connections} WebSockets and"
          f" {request_cap(descriptors)} HTTP requests at once", flush=True)
    # X-Forwarded-For is believed from the proxies named and nobody else (not even uvicorn's default, 127.0.0.1, or
    # its FORWARDED_ALLOW_IPS); the workers of a cluster vouch for their relayed clients with their key (relay.py)
    trusted = args.trust_proxy
    # Frames far over the protocol's limit are refused by the WebSocket layer itself; smaller oversized ones get an
    # error message from the application.
    # No per-message deflate: view frames are small, and compressing each one costs more CPU than it saves.
    def full() -> bool:  # the manager exists from the application's start-up on, before any connection
        return bool(app.state.manager.clients.full())

    def room() -> int:
        clients = app.state.manager.clients
        return int(clients.max_connections - clients.open_total)

    config = uvicorn.Config(app, host=args.host, port=args.port,
                            ws=websocket_protocol(full, limits.handshakes_per_second, room),
                            ws_max_size=16 * P.MAX_MESSAGE_BYTES,
                            ws_per_message_deflate=False, log_level="warning",
                            proxy_headers=trusted is not None, forwarded_allow_ips=trusted or "")

    class AnnouncingServer(uvicorn.Server):
        """Says where to point a browser once the server listens (not before: the address would not answer yet)."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started and member is not None:  # the players open the proxy's address, not a worker's
                print(f"wizard serve: worker listening at {member.address}", flush=True)
            elif self.started:
                print(f"Open {browser_url(args.host, args.port)} in a browser", flush=True)

    server = AnnouncingServer(config)
    server.run()
    if not server.started:  # the address is taken or cannot be bound (uvicorn has said why)
        return 1
    return 0
