"""Where the server's pages come from: the WebAuthn relying party (its RP ID and the origins a passkey ceremony may
happen on) and the ``Origin`` check of every state-changing request that carries a session.

``wizard serve --rp-id example.org --origin https://example.org`` fixes both. Without them the server takes the
host name its page was asked for (the ``Host`` header) as the RP ID and the request's own ``scheme://host`` as its
origin: right for a server reached under one name, and safe against other sites (a browser sends their ``Origin``,
never ours, and scopes passkeys to the RP ID it checked against the page's own address), but the ``Host`` header is
the client's word: behind a proxy that passes any ``Host`` on, set them (docs/accounts.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from .sessions import SESSION_COOKIE

CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
ACCOUNT_PATHS = ("/accounts", "/session", "/account")  # their POSTs open sessions: checked with or without a cookie
RELAYED_SCOPE = "wizardcards.relayed"  # set by relay.RelayedClient on a request another worker checked already


def own_origin(connection: HTTPConnection) -> str:
    """``scheme://host[:port]`` of the request as the client addressed it (https behind a trusted proxy that said
    so: uvicorn sets the scheme from X-Forwarded-Proto)."""
    scheme = {"ws": "http", "wss": "https"}.get(connection.url.scheme, connection.url.scheme)
    host = connection.headers.get("host") or connection.url.netloc
    return f"{scheme}://{host}"


@dataclass(frozen=True)
class RelyingParty:
    """The WebAuthn relying party: ``configured_id`` and ``configured_origins`` from ``wizard serve --rp-id`` and
    ``--origin`` (empty: the request's own)."""

    configured_id: str | None = None
    configured_origins: tuple[str, ...] = field(default_factory=tuple)
    name: str = "wizardcards"

    def rp_id(self, connection: HTTPConnection) -> str:
        if self.configured_id:
            return self.configured_id
        return urlsplit(own_origin(connection)).hostname or "localhost"

    def origins(self, connection: HTTPConnection) -> list[str]:
        return list(self.configured_origins) or [own_origin(connection)]

    def allows(self, connection: HTTPConnection) -> bool:
        """Whether the request's ``Origin`` is one of ours (a request without one is not)."""
        origin = connection.headers.get("origin")
        return origin is not None and origin in self.origins(connection)


class OriginCheck:
    """A state-changing request (POST, PUT, PATCH, DELETE) that carries a session cookie, or that opens a session
    (the account routes), is refused with 403, before anything happens, unless its ``Origin`` is the server's own:
    another site cannot act as the signed-in person, nor sign them in as someone else. Requests without a session
    (guests, bots, scripts) are not asked for one: their credentials are tokens no other site knows."""

    def __init__(self, app: ASGIApp, relying: RelyingParty) -> None:
        self.app = app
        self.relying = relying

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in CHANGING and not scope.get(RELAYED_SCOPE):
            connection = HTTPConnection(scope)
            path = scope["path"]
            opening = any(path == p or path.startswith(p + "/") for p in ACCOUNT_PATHS)
            if (SESSION_COOKIE in connection.cookies or opening) and not self.relying.allows(connection):
                body = json.dumps({"detail": "this request must come from this server's own pages (its Origin header "
                                             "is missing or another site's)"}).encode()
                await send({"type": "http.response.start", "status": 403,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
