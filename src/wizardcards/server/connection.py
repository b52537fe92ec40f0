"""One WebSocket connection as the tables see it: where it sits, and a bounded queue of frames on their way to it.

Nothing in the server waits for a client: ``send`` only puts a frame in the connection's queue, and the
connection's own writer task (``app.py``) sends them. A client that falls ``send_queue`` frames behind (it never
reads, or reads too slowly) is cut off: its queue is dropped and the connection closed, and nobody else noticed.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core import SPECTATOR

if TYPE_CHECKING:
    from .sessions import Account
    from .table import LiveTable

_serials = itertools.count()


@dataclass(eq=False)
class Connection:
    client: str  # the client's address (limits.py)
    send_queue: int = 256
    table: LiveTable | None = None
    seat: int = SPECTATOR  # once it said hello: its seat, or SPECTATOR
    hint: asyncio.Task[None] | None = None  # the hint being answered for this connection (one at a time)
    too_slow: bool = False
    closing: tuple[int, str] | None = None  # the server closes it with this code and reason (``close``)
    refused_hellos: int = 0  # hellos with unknown tokens or over the client's hello limit
    account: Account | None = None  # signed in (its session cookie, from our own Origin, on the handshake)
    session_key: str | None = None  # that session's digest: signing out closes this connection
    bot_token: str | None = None  # a bot account's program: the digest of its API token (revoking it closes this)
    key: str = field(init=False)  # this connection, for its own limits (chat lines, hints)
    queue: asyncio.Queue[str] = field(init=False)
    gone: asyncio.Event = field(init=False)  # set when it is cut off (too slow) or closed

    def __post_init__(self) -> None:
        self.key = f"{self.client}#{next(_serials)}"
        self.queue = asyncio.Queue(self.send_queue)
        self.gone = asyncio.Event()

    def close(self, code: int, reason: str) -> None:
        """Close the connection (its writer stops; the client is told ``code`` and ``reason``)."""
        self.closing = (code, reason)
        self.gone.set()

    def send(self, text: str) -> None:
        """Queue ``text`` for the client; past the bound the connection is cut off instead."""
        if self.gone.is_set():
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.too_slow = True
            self.gone.set()
