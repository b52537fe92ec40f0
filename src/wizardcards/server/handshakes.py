"""What ``wizard serve`` does with a WebSocket before the application sees it: uvicorn's WebSocket protocol with
bounds for clients that flood or do not read (``websocket_protocol``).

- The kernel's send buffer of each WebSocket is ``SEND_BUFFER``, so a client that does not read soon fills its
  connection's queue (``connection.py``) and is cut off, instead of having megabytes buffered for it first.
- A connection the application is done with is dropped after ``DROP_SECONDS`` (``transport.abort``): a client that
  reads nothing never takes the close frame, and what is still unsent would otherwise stay in the server's buffers
  for as long as it keeps the socket open.
- While the server is full (it holds ``Limits.max_connections`` WebSockets, counting those waiting for their turn
  below), a new one is refused at its handshake:
  the upgrade answered and a close frame 1013 ("try again later") sent in the same write, then the socket closed,
  without the application ever running for it (the application refuses alike, ``ClientLimits.admit``, where this
  protocol is not used).
- Handshakes are paced (``HandshakePace``): at most ``Limits.handshakes_per_second`` are handed to the application,
  in bursts of a hundredth of a second's worth; one past that waits its turn in line (its client waits for the
  upgrade's answer), so that a burst of hundreds of connections is spread out between the tables' messages instead
  of taking the event loop from them all at once.

Under a descriptor flood (``benchmarks/server_load.py --hostile fd-flood``: 80 connections at a time from ever new
addresses), each connection through the application's middleware, routing and hello took about 1 ms of the event
loop that the tables' actions wait for.
"""

from __future__ import annotations

import asyncio
import socket
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from .limits import SERVER_FULL

DROP_SECONDS = 2.0  # a connection the server closed that has not taken its close frame by then is dropped
SEND_BUFFER = 64 * 1024  # the kernel's send buffer of a WebSocket (left alone, it grows to megabytes)


class HandshakePace:
    """A token bucket over the server's new WebSockets: ``rate`` a second, bursts of ``rate / 100`` (at least 1).
    Those past it wait in line (``admit``), released in their order by one timer: not each on a timer of its own,
    which woke them all together at every token, nor in bursts so big that a table's message waits behind them."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.burst = max(1.0, rate / 100)
        self.tokens, self.last = self.burst, time.monotonic()
        self.waiting: deque[tuple[asyncio.BaseTransport, Callable[[], None]]] = deque()
        self.timer: asyncio.TimerHandle | None = None

    def wait(self) -> float:
        """0 when a handshake may go on now (and it is counted), else the seconds until one may."""
        if self.rate <= 0:  # unpaced
            return 0.0
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate

    def admit(self, loop: asyncio.AbstractEventLoop, transport: asyncio.BaseTransport, go: Callable[[], None]) -> None:
        """``go()`` now if the pace allows and nobody waits, else once its turn in line comes (not at all if its
        transport has closed by then)."""
        if not self.waiting and self.wait() == 0:
            go()
            return
        self.waiting.append((transport, go))
        if self.timer is None:
            self._release(loop)

    def _release(self, loop: asyncio.AbstractEventLoop) -> None:
        self.timer = None
        while self.waiting:
            if self.waiting[0][0].is_closing():  # it left while it waited: no turn taken
                self.waiting.popleft()
                continue
            wait = self.wait()
            if wait:
                self.timer = loop.call_later(wait, self._release, loop)
                return
            self.waiting.popleft()[1]()


def websocket_protocol(full: Callable[[], bool] = lambda: False, handshakes_per_second: float = 0.0,
                       room: Callable[[], int] | None = None) -> type | str:
    """uvicorn's sans-I/O WebSocket protocol with the bounds above: ``full()`` says whether the server holds its
    ``max_connections``; ``handshakes_per_second`` paces the rest (0: not paced). ``room()``, how many more
    WebSockets the server may hold, bounds the line of handshakes waiting for their turn: each of them holds a
    descriptor and will be a WebSocket, so one that finds the line as long as the room left is refused at once, and a
    burst of connections cannot take the descriptors that an HTTP request needs meanwhile."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    except ImportError:  # an older uvicorn: its own protocol, which keeps such a socket until the client reads
        return "auto"

    pace = HandshakePace(handshakes_per_second)

    class BoundedProtocol(WebSocketsSansIOProtocol):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            sock = transport.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
            super().connection_made(transport)

        def handle_connect(self, event: Any) -> None:
            if self.transport.is_closing():  # it left while it waited for its turn
                return
            if full() or (room is not None and len(pace.waiting) >= room()):
                self.refuse(event)
                return
            pace.admit(self.loop, self.transport, lambda: self.handshake(event))

        def handshake(self, event: Any) -> None:
            """Its turn has come: refused if the server filled up meanwhile, else handed to the application."""
            if full():
                self.refuse(event)
                return
            super().handle_connect(event)

        def refuse(self, event: Any) -> None:
            """Answer the upgrade and close at once with 1013, the application never asked."""
            self.request = event
            self.response = self.conn.accept(event)
            self.conn.send_response(self.response)
            if self.response.status_code == 101:  # a close code is only heard once the upgrade is answered
                self.conn.send_close(1013, SERVER_FULL)
            self.handshake_initiated = self.handshake_complete = self.close_sent = True
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()

        async def run_asgi(self) -> None:
            await super().run_asgi()
            # abort on a transport already closed is nothing: a client that took its close loses nothing
            self.loop.call_later(DROP_SECONDS, self.transport.abort)

    return BoundedProtocol
