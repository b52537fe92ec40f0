"""What ``wizard serve`` does with a WebSocket before the application sees it: uvicorn's WebSocket protocol with
bounds for clients that flood or do not read (``websocket_protocol``).

- The kernel's send buffer of each WebSocket is ``SEND_BUFFER``, so a client that does not read soon fills its
  connection's queue (``connection.py``) and is cut off, instead of having megabytes buffered for it first.
- A connection the application is done with is dropped after ``DROP_SECONDS`` (``transport.abort``): a client that
  reads nothing never takes the close frame, and what is still unsent would otherwise stay in the server's buffers
  for as long as it keeps the socket open.
- While the server is full (it holds ``Limits.max_connections`` WebSockets), a new one is refused at its handshake:
  the upgrade answered and a close frame 1013 ("try again later") sent in the same write, then the socket closed,
  without the application ever running for it (the application refuses alike, ``ClientLimits.admit``, where this
  protocol is not used).
- Handshakes are paced (``HandshakePace``): at most ``Limits.handshakes_per_second`` are handed to the application,
  in bursts of a twenty-fifth of a second's worth; one past that waits its turn (its client waits for the upgrade's
  answer), so that a burst of hundreds of connections is spread out between the tables' messages instead of taking
  the event loop from them all at once.

Under a descriptor flood (``benchmarks/server_load.py --hostile fd-flood``: 80 connections at a time from ever new
addresses), each connection through the application's middleware, routing and hello took about 1 ms of the event
loop that the tables' actions wait for.
"""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable
from typing import Any

from .limits import SERVER_FULL

DROP_SECONDS = 2.0  # a connection the server closed that has not taken its close frame by then is dropped
SEND_BUFFER = 64 * 1024  # the kernel's send buffer of a WebSocket (left alone, it grows to megabytes)


class HandshakePace:
    """A token bucket over the server's new WebSockets: ``rate`` a second, bursts of ``rate / 25`` (at least 1)."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.burst = max(1.0, rate / 25)
        self.tokens, self.last = self.burst, time.monotonic()

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


def websocket_protocol(full: Callable[[], bool] = lambda: False, handshakes_per_second: float = 0.0) -> type | str:
    """uvicorn's sans-I/O WebSocket protocol with the bounds above: ``full()`` says whether the server holds its
    ``max_connections``; ``handshakes_per_second`` paces the rest (0: not paced)."""
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
            if full():
                self.refuse(event)
                return
            wait = pace.wait()
            if wait:
                self.loop.call_later(wait, self.handle_connect, event)
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
