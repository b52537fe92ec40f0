"""The server's file descriptors: how many it may hold, and what it does when they run short.

Every open socket is a descriptor, and a process has ``RLIMIT_NOFILE`` of them (often a soft limit of 1,024 under a
hard limit far above). Past it the server cannot even accept a connection to say no: a fresh client's request waits
unanswered. So ``wizard serve`` raises its soft limit to the hard one at start (``raise_descriptor_limit``), and the
server keeps its WebSockets under a cap below the limit (``Limits.max_connections``; 0: ``connection_cap``), with a
margin for its own files (the database, the bot workers' pipes) and for HTTP requests, which are bounded apart
(``RequestCap``: past ``request_cap`` at once, 503 with ``Retry-After``). A WebSocket past its cap is refused with
1013, "try again later" (``limits.ClientLimits.admit``).
"""

from __future__ import annotations

import resource

from starlette.types import ASGIApp, Receive, Scope, Send

OWN_DESCRIPTORS = 64  # the process's own: database connections and files, bot workers' pipes, the listening socket
UNLIMITED = 1 << 20  # what an unlimited descriptor limit is taken for


def descriptor_limit() -> int:
    """This process's soft limit of open files now."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return UNLIMITED if soft == resource.RLIM_INFINITY else int(soft)


def raise_descriptor_limit() -> int:
    """Raise the soft limit of open files to the hard one (allowed to any process); returns the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):  # a hard limit the kernel will not grant (over nr_open): keep the soft one
            pass
    return descriptor_limit()


def request_cap(descriptors: int | None = None) -> int:
    """HTTP requests handled at once: a sixteenth of the descriptors, at least 16."""
    return max(16, (descriptors or descriptor_limit()) // 16)


def connection_cap(descriptors: int | None = None) -> int:
    """WebSockets open at once when ``max_connections`` is 0: the descriptors less the process's own and the HTTP
    requests' (``request_cap``), at least 1."""
    descriptors = descriptors or descriptor_limit()
    return max(1, descriptors - OWN_DESCRIPTORS - request_cap(descriptors))


class RequestCap:
    """HTTP requests past ``max_requests`` at once are answered 503 with ``Retry-After`` at once, so that a server
    short of descriptors still answers (WebSockets are bounded by ``ClientLimits.admit`` instead)."""

    def __init__(self, app: ASGIApp, max_requests: int, retry_after: int = 2) -> None:
        self.app = app
        self.max_requests = max_requests
        self.retry_after = retry_after
        self.in_flight = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.in_flight >= self.max_requests:
            body = b'{"detail":"the server is busy: try again in a moment"}'
            await send({"type": "http.response.start", "status": 503, "headers": [
                (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                (b"retry-after", str(self.retry_after).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        self.in_flight += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.in_flight -= 1
