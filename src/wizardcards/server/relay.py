"""Requests for a table another worker of the cluster holds (``cluster.py``): passed on to that worker, as they came.

A proxy in front of the workers sends all of a table's traffic to one worker (its routes carry the table's id in the
path: ``/tables/{id}/...``), so this is the exception: a connection with no id in its path (``/ws``, ``POST
/invites``), or one that arrives while a table moves after a worker died or came back. The WebSocket is relayed
frame by frame both ways (back-pressure included: a client that does not read stops the relay reading, and the
owner cuts that connection off as it would any slow reader); an HTTP request is sent on and its answer returned.
The client's address travels in ``X-Wizardcards-Client``, which the owner believes only when the request also carries
the cluster's key (``Member.key``: ``WIZARDCARDS_CLUSTER_KEY``, or the one ``wizard serve --workers`` makes for its
own workers) in its relay mark (``RelayedClient``): a stranger who sends the header is its own address still, and
``--trust-proxy`` stays for the proxy alone. A request passed on once is marked, and is never passed on again: a
table between owners gets "try again" instead of a loop.
"""

from __future__ import annotations

import asyncio
import hmac
from typing import Any, cast

import httpx
from fastapi import Request, WebSocket
from fastapi.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from . import protocol as P
from .relying import RELAYED_SCOPE

RELAYED = "x-wizardcards-relayed"  # the mark of a request one worker passed on to another: the cluster's key
CLIENT = "x-wizardcards-client"  # the address of the client a relayed request came from
MOVING = "the table is moving between servers: try again in a moment"
# a private table's reader shows its token (authorization) or its account's session (cookie)
PASSED_HEADERS = ("content-type", "accept", "user-agent", "authorization", "cookie")


def ws_url(address: str, table_id: str) -> str:
    return address.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + f"/tables/{table_id}/ws"


class RelayedClient:
    """A request another worker of the cluster relayed counts as the client it came from: the address in its
    ``CLIENT`` header becomes its client, when its ``RELAYED`` mark is the cluster's ``key`` (anyone else's header
    is ignored)."""

    def __init__(self, app: ASGIApp, key: str) -> None:
        self.app = app
        self.key = key.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = dict(scope.get("headers", []))
            mark, client = headers.get(RELAYED.encode()), headers.get(CLIENT.encode())
            if mark is not None and client and hmac.compare_digest(mark, self.key):
                scope = {**scope, "client": (client.decode("latin-1"), 0), RELAYED_SCOPE: True}
        await self.app(scope, receive, send)


async def relay_socket(
    ws: WebSocket, address: str, table_id: str, first: str, client: str, key: str, cookie: str | None = None,
    authorization: str | None = None,
) -> tuple[int, str] | None:
    """Carry an accepted WebSocket on to the table's owner, starting with the message that named the table; returns
    how to close the client's side (None: the client left)."""
    headers = {CLIENT: client, RELAYED: key} | ({"cookie": cookie} if cookie else {})  # its session: checked here
    if authorization:  # a bot's token (bot_api.py): checked there too
        headers["authorization"] = authorization
    try:
        upstream = await connect(
            ws_url(address, table_id), additional_headers=headers,
            open_timeout=3, max_size=16 * P.MAX_MESSAGE_BYTES, compression=None,
        )
    except (OSError, InvalidHandshake, TimeoutError):
        return 1013, MOVING
    async def down() -> tuple[int, str]:
        try:
            async for message in upstream:
                await ws.send_text(message if isinstance(message, str) else message.decode("utf-8", "replace"))
        except ConnectionClosed:
            pass
        return (upstream.close_code or 1012), (upstream.close_reason or MOVING)

    async def up() -> None:
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            await upstream.send(text if text is not None else (frame.get("bytes") or b"").decode("utf-8", "replace"))

    async with upstream:
        await upstream.send(first)
        pumps = [asyncio.create_task(down()), asyncio.create_task(up())]
        try:
            done, _ = await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for pump in pumps:
                pump.cancel()
        finished = done.pop()
        if finished is pumps[0]:
            return cast(tuple[int, str], finished.result())
        try:
            finished.result()
        except WebSocketDisconnect:
            pass
        except ConnectionClosed:  # the owner closed it as the client spoke
            return (upstream.close_code or 1012), (upstream.close_reason or MOVING)
        return None


async def forward(request: Request, address: str, client: str, key: str, http: httpx.AsyncClient) -> Response:
    """Send an HTTP request on to the table's owner and answer with its answer."""
    if request.headers.get(RELAYED):
        return JSONResponse({"detail": MOVING}, 503, headers={"Retry-After": "1"})
    headers: dict[str, Any] = {k: v for k, v in request.headers.items() if k in PASSED_HEADERS}
    headers.update({CLIENT: client, RELAYED: key})
    try:
        answer = await http.request(
            request.method, address + request.url.path, params=request.query_params, content=await request.body(),
            headers=headers, timeout=10,
        )
    except httpx.HTTPError:
        return JSONResponse({"detail": MOVING}, 503, headers={"Retry-After": "1"})
    passed = {k: v for k, v in answer.headers.items() if k in ("content-type", "retry-after", "cache-control")}
    return Response(answer.content, answer.status_code, headers=passed)
