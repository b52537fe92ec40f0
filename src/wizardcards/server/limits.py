"""Limits against abuse: what one client may do, how fast, and the server's own bounds.

A client is the peer's IP address, or the address a trusted reverse proxy forwards (``wizard serve --trust-proxy``;
uvicorn rewrites the peer address only for connections from those proxies). Counting is done by the ``limits``
library: moving windows kept in memory (one process, one count), or in a storage the workers of a cluster share
(``wizard serve --limits-storage redis://...``), so that a client spread over several workers is counted once. Some
limits are counted per network as well as per address (``network_of``). Every limit is a field of ``Limits`` and can
be changed with ``wizard serve --limit NAME=VALUE``; docs/server.md lists them with their defaults.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import logging
import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, RateLimitItemPerHour, RateLimitItemPerMinute, RateLimitItemPerSecond
from limits.errors import StorageError
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from .capacity import connection_cap
from .limit_memory import SweptMemoryStorage

log = logging.getLogger(__name__)


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
    idle_spectator_seconds: float = 600.0  # a spectator's socket that has sent nothing this long is closed (0: never)
    handshakes_per_second: float = 400.0  # new WebSockets handed to the application (handshakes.py; 0: unpaced)
    # accounts (accounts.py, sessions.py)
    session_days: float = 30.0  # a session expires this long after its sign-in (its cookie's Max-Age)
    signups_per_hour_per_network: int = 10  # POST /accounts/options
    signins_per_minute_per_network: int = 30  # POST /session/options
    signins_per_minute_per_account: int = 10  # POST /session with one passkey (known or not), and new passkeys
    # bot accounts (bot_api.py): counted per bot, not per address
    bot_requests_per_minute: int = 120  # the bot API's requests of one bot
    bot_streams_per_bot: int = 2  # event streams one bot has open at once
    max_bot_streams: int = 0  # event streams open on the server; 0: a quarter of the HTTP requests it answers at once

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


# the kinds counted per client (its address); they go to the shared storage when there is one. Chat lines and hints
# are counted per connection, which lives in one process: they stay in its memory.
CLIENT_KINDS = ("tables", "joins", "hellos", "connections", "loads", "signups", "signins", "signins_per_account",
                "bot_requests")
SERVER_FULL = "the server is full: try again later"  # the reason of a WebSocket refused with 1013 at the cap
SPECTATOR_SHARE = 0.75  # of max_connections at most spectators: the rest stays for the seats' own connections
SHARED_OPTIONS = {"socket_timeout": 0.5, "socket_connect_timeout": 0.5}  # a storage that hangs stalls no one long


class ClientLimits:
    """The per-client counts of one server (of the whole cluster, for the kinds in ``CLIENT_KINDS``, when
    ``storage`` names a shared storage such as ``redis://host:6379``), and the WebSockets it holds open.

    ``namespace`` keeps the counts of two users of one storage apart (the score pads count ``tables`` of their own).
    A shared storage that fails or does not answer within ``SHARED_OPTIONS``' timeouts is not waited for: the count
    goes to this process's memory meanwhile (logged), so a lost Redis never stops the game."""

    def __init__(self, limits: Limits, storage: str | None = None, namespace: str = "") -> None:
        self.limits = limits
        self.namespace = namespace
        self._limiter = MovingWindowRateLimiter(SweptMemoryStorage())  # no sweeping thread: limit_memory.py
        self._shared = None
        if storage is not None and not storage.startswith("memory://"):
            options = SHARED_OPTIONS if storage.startswith(("redis", "valkey")) else {}
            self._shared = MovingWindowRateLimiter(storage_from_string(storage, wrap_exceptions=True, **options))
        self._shared_failed_at = -math.inf
        self._items: dict[str, tuple[RateLimitItem, str]] = {
            "tables": (RateLimitItemPerMinute(limits.tables_per_minute), "tables created"),
            "joins": (RateLimitItemPerMinute(limits.joins_per_minute), "seats joined or invites claimed"),
            "hellos": (RateLimitItemPerMinute(limits.hellos_per_minute), "hellos"),
            "connections": (RateLimitItemPerMinute(limits.connections_per_minute), "connections opened"),
            "loads": (RateLimitItemPerMinute(limits.table_loads_per_minute), "old games read back"),
            "hints": (RateLimitItemPerMinute(limits.hints_per_minute), "hints"),
            "replays": (RateLimitItemPerMinute(limits.replays_per_minute), "replays or records"),
            "chat": (RateLimitItemPerSecond(limits.chat_lines_per_10s, 10), "chat lines"),
            # counted for a network (network_of) or a passkey, not an address: the caller passes that as ``who``
            "signups": (RateLimitItemPerHour(limits.signups_per_hour_per_network), "sign-ups from one network"),
            "signins": (RateLimitItemPerMinute(limits.signins_per_minute_per_network), "sign-ins from one network"),
            "signins_per_account": (RateLimitItemPerMinute(limits.signins_per_minute_per_account),
                                    "sign-ins with one passkey"),
            "bot_requests": (RateLimitItemPerMinute(limits.bot_requests_per_minute), "requests of one bot"),
        }
        # the kinds also counted for the client's whole network (network_of), with their limit there
        self._network_items: dict[str, RateLimitItem] = {
            "joins": RateLimitItemPerMinute(limits.joins_per_minute_per_network),
        }
        self.connections: dict[str, int] = {}  # open WebSockets per client
        self.network_connections: dict[str, int] = {}  # and per network
        self.open_total = 0
        self.max_connections = limits.max_connections or connection_cap()
        self.spectators = 0
        self.max_spectators = max(1, int(self.max_connections * SPECTATOR_SHARE))

    def _call(self, kind: str, method: str, item: RateLimitItem, key: str) -> bool:
        """``hit`` or ``test`` ``item`` for ``key``: in the shared storage for the per-client kinds when there is
        one (this process's memory while it fails), else in memory."""
        if self._shared is not None and kind in CLIENT_KINDS:
            try:
                return bool(getattr(self._shared, method)(item, self.namespace, kind, key))
            except StorageError as error:
                if time.monotonic() - self._shared_failed_at > 60:  # once a minute, not once a request
                    log.warning("the shared limits storage failed (%s): counting in this process meanwhile", error)
                self._shared_failed_at = time.monotonic()
        return bool(getattr(self._limiter, method)(item, self.namespace, kind, key))

    def _window_reset(self, kind: str, item: RateLimitItem, key: str) -> float:
        limiter = self._shared if self._shared is not None and kind in CLIENT_KINDS else self._limiter
        try:
            return float(limiter.get_window_stats(item, self.namespace, kind, key).reset_time)
        except StorageError:
            return time.time() + 60

    def hit(self, kind: str, who: str) -> None:
        """Count one ``kind`` for ``who`` (a client or a connection), and for its network where ``kind`` has a
        limit there; ``RateLimitedError`` when over either (and then nothing is counted)."""
        item, what = self._items[kind]
        per = "10 seconds" if kind == "chat" else "hour" if kind == "signups" else "minute"
        network_item = self._network_items.get(kind)
        network = network_of(who) if network_item is not None else who
        if network_item is not None and not self._call(kind, "test", network_item, network):
            reset = self._window_reset(kind, network_item, network)
            raise RateLimitedError(f"at most {network_item.amount} {what} a {per} from one network ({network}): try"
                                   " again later", reset - time.time())
        if not self._call(kind, "hit", item, who):
            reset = self._window_reset(kind, item, who)
            raise RateLimitedError(f"at most {item.amount} {what} a {per}: try again later", reset - time.time())
        if network_item is not None:
            self._call(kind, "hit", network_item, network)

    def admit(self, who: str) -> tuple[int, str] | None:
        """Count a new WebSocket of ``who``; or, when it may not have one more, how to refuse it (nothing counted):
        1008 when the client or its network holds as many as allowed (refused at the handshake: HTTP 403), 1013
        ("try again later") when the server holds ``max_connections``."""
        network = network_of(who)
        if self.full():
            return 1013, SERVER_FULL
        if self.connections.get(who, 0) >= self.limits.connections_per_client:
            return 1008, "too many connections from this address"
        if self.network_connections.get(network, 0) >= self.limits.connections_per_network:
            return 1008, "too many connections from this network"
        self.connections[who] = self.connections.get(who, 0) + 1
        self.network_connections[network] = self.network_connections.get(network, 0) + 1
        self.open_total += 1
        return None

    def full(self) -> bool:
        """Whether the server holds ``max_connections`` WebSockets: a new one is refused, whoever asks."""
        return self.open_total >= self.max_connections

    def open_connection(self, who: str) -> bool:
        """Count a new connection of ``who``; False (and not counted) when it may not have one more (``admit``)."""
        return self.admit(who) is None

    def close_connection(self, who: str) -> None:
        for counts, key in ((self.connections, who), (self.network_connections, network_of(who))):
            count = counts.get(key, 0) - 1
            if count > 0:
                counts[key] = count
            else:
                counts.pop(key, None)
        self.open_total = max(0, self.open_total - 1)

    def watch(self) -> bool:
        """Count a connection that said hello as a spectator; False (not counted) when spectators hold their share
        of ``max_connections`` already: a crowd of watchers cannot take the seats' connections."""
        if self.spectators >= self.max_spectators:
            return False
        self.spectators += 1
        return True

    def unwatch(self) -> None:
        self.spectators = max(0, self.spectators - 1)


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
