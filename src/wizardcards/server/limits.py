"""Limits against abuse: what one client may do, how fast, and the server's own bounds.

A client is the peer's IP address, or the address a trusted reverse proxy forwards (``wizard serve --trust-proxy``;
uvicorn rewrites the peer address only for connections from those proxies). Counting is done by the ``limits``
library (moving windows kept in memory: one process, one count). Every limit is a field of ``Limits`` and can be
changed with ``wizard serve --limit NAME=VALUE``; docs/server.md lists them with their defaults.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, RateLimitItemPerMinute, RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter


@dataclass(frozen=True)
class Limits:
    # per client (address)
    tables_per_minute: int = 10  # POST /tables
    unfinished_tables_per_client: int = 20  # tables a client created that are not finished yet
    joins_per_minute: int = 30  # POST /tables/{id}/join and POST /invites together
    connections_per_client: int = 32  # WebSockets open at once
    connections_per_minute: int = 120  # WebSockets opened
    hellos_per_minute: int = 60
    table_loads_per_minute: int = 600  # finished tables read back from the database (and replayed) for a client
    # per connection
    hello_seconds: float = 10.0  # a connection that has not said hello by then is closed
    bad_tokens: int = 3  # hellos refused (unknown tokens, or over hellos_per_minute) before the connection is closed
    messages_per_second: float = 100.0  # any message; over it: ``throttled``, and closed after ``strikes`` of those
    message_burst: float = 200.0
    strikes: int = 50
    chat_lines_per_10s: int = 5
    hints_per_minute: int = 30
    send_queue: int = 256  # frames waiting to be sent to a connection; a connection further behind is closed
    # per table and server-wide
    claim_seconds: float = 60.0  # an open seat handed out by join is free again unless its holder says hello by then
    max_rounds: int = 60  # the longest game a table may be created for (custom schedules)
    max_unfinished_tables: int = 2000  # server-wide
    max_body_bytes: int = 65536  # an HTTP request body
    # per network (network_of: an IPv4 /24, an IPv6 /56), so that one network's addresses together stay bounded
    unfinished_tables_per_network: int = 100
    joins_per_minute_per_network: int = 90
    connections_per_network: int = 96
    # waiting tables, seats and pads that nobody uses
    waiting_minutes: float = 30.0  # a waiting table nobody has joined or opened expires after this
    pad_days: float = 30.0  # a shared score pad untouched this long expires
    max_shared_pads: int = 20000  # server-wide
    # bots
    bot_tables_per_client: int = 2  # all-bot tables (no person seated) a client may have running at once
    # replays
    replays_per_minute: int = 30  # GET /tables/{id}/replay and /record per client
    # connections server-wide
    max_connections: int = 0  # WebSockets open at once; 0: the descriptor limit less a margin (serve.py)
    idle_spectator_seconds: float = 600.0  # a spectator's socket that has sent nothing this long is closed

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls)]

    def with_changes(self, assignments: list[str]) -> Limits:
        """These limits with ``NAME=VALUE`` assignments applied (``ValueError`` naming what is wrong)."""
        changes: dict[str, int | float] = {}
        fields = {f.name: f for f in dataclasses.fields(self)}
        for assignment in assignments:
            name, sep, text = assignment.partition("=")
            if not sep or name not in fields:
                raise ValueError(f"--limit takes NAME=VALUE with NAME one of {', '.join(fields)}, not {assignment!r}")
            kind = int if isinstance(getattr(self, name), int) else float
            try:
                value = kind(text)
            except ValueError:
                wanted = "a whole number" if kind is int else "a number"
                raise ValueError(f"--limit {name} needs {wanted}, not {text!r}") from None
            if value < 0 or not math.isfinite(value):
                raise ValueError(f"--limit {name} must be a finite number >= 0, not {text!r}")
            changes[name] = value
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


def network_of(client: str) -> str:
    """The network a client's address belongs to: its IPv4 /24 or IPv6 /56 (an IPv4-mapped IPv6 address counts as
    IPv4); anything that is not an address (``"unknown"``, a test client's name) is a network of its own.

    One person or one hosting account usually holds many addresses of one such network, so limits counted per network
    as well as per address keep a stranger with a few dozen addresses from reaching the server-wide caps."""
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return client
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    prefix = 24 if address.version == 4 else 56
    return str(ipaddress.ip_network(f"{address}/{prefix}", strict=False))


class RateLimitedError(Exception):
    """A client went over one of its limits: ``retry_after`` seconds until it may try again."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = max(1, math.ceil(retry_after))


class ClientLimits:
    """The per-client counts of one server."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._items: dict[str, tuple[RateLimitItem, str]] = {
            "tables": (RateLimitItemPerMinute(limits.tables_per_minute), "tables created"),
            "joins": (RateLimitItemPerMinute(limits.joins_per_minute), "seats joined or invites claimed"),
            "hellos": (RateLimitItemPerMinute(limits.hellos_per_minute), "hellos"),
            "connections": (RateLimitItemPerMinute(limits.connections_per_minute), "connections opened"),
            "loads": (RateLimitItemPerMinute(limits.table_loads_per_minute), "old games read back"),
            "hints": (RateLimitItemPerMinute(limits.hints_per_minute), "hints"),
            "replays": (RateLimitItemPerMinute(limits.replays_per_minute), "replays or records"),
            "chat": (RateLimitItemPerSecond(limits.chat_lines_per_10s, 10), "chat lines"),
        }
        self.connections: dict[str, int] = {}

    def hit(self, kind: str, who: str) -> None:
        """Count one ``kind`` for ``who`` (a client or a connection); ``RateLimitedError`` when over the limit."""
        item, what = self._items[kind]
        if not self._limiter.hit(item, kind, who):
            reset = self._limiter.get_window_stats(item, kind, who).reset_time
            per = "10 seconds" if kind == "chat" else "minute"
            raise RateLimitedError(f"at most {item.amount} {what} a {per}: try again later", reset - time.time())

    def open_connection(self, who: str) -> bool:
        """Count a new connection of ``who``; False (and not counted) when it already has as many as allowed."""
        count = self.connections.get(who, 0)
        if count >= self.limits.connections_per_client:
            return False
        self.connections[who] = count + 1
        return True

    def close_connection(self, who: str) -> None:
        count = self.connections.get(who, 0) - 1
        if count > 0:
            self.connections[who] = count
        else:
            self.connections.pop(who, None)


class Throttle:
    """A token bucket per connection: ``rate`` messages a second, bursts of ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.last = burst, time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
