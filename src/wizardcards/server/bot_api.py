"""The bot API (issue 27; docs/bot-api.md): what an outside program holding a bot account's API token may do.

    GET  /api/stream/event                      newline-delimited JSON: invitations, the bot's games, their starts
    GET  /api/bot/account                       {"name", "kind": "bot"}: whose token this is
    POST /api/bot/invitations/{id}/accept       the invited seat, held by the bot: {"table", "seat", "token"}
    POST /api/bot/invitations/{id}/decline      {"reason"}: one of DECLINE_REASONS; the table hears it
    POST /api/bot/tables/{id}/seat              a fresh token for the seat the bot holds there (after a restart)

    POST   /account/bots                        a signed-in person makes a bot account: its first token, shown once
    GET    /account/bots                        their bot accounts and tokens (ids and times, never a token)
    POST   /account/bots/{name}/tokens          another token, shown once
    DELETE /account/bots/{name}/tokens/{id}     revoke one: its streams and WebSockets are closed at once

The token travels in ``Authorization: Bearer`` only: a request with a bot token in its query string is refused, and
the token, now in whatever logs saw the URL, is revoked (``QueryTokenGuard``). The bot plays its seats over the
ordinary WebSocket protocol, its token in the handshake's ``Authorization`` header (``app.py``).

A bot's own limits: its requests are counted for the bot, not its address (``bot_requests_per_minute``), one request
at a time per game (a second meanwhile: 429 with ``Retry-After``), ``bot_streams_per_bot`` streams open at once and
``max_bot_streams`` on the server (429); a stream is a bounded queue like a WebSocket's (``send_queue``): a bot that
does not read its stream is cut off.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Annotated, Any, get_args

from fastapi import APIRouter, Depends, Header, HTTPException, Request
from fastapi import Path as PathPart
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import bot_accounts as B
from . import protocol as P
from .accounts import BadName
from .accounts import Signed as SignedPerson
from .credentials import digest, seat_link
from .limits import Limits, RateLimitedError
from .table import NoSeatError

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from .connection import Connection
    from .manager import TableManager

log = logging.getLogger("wizardcards.server")
KEEPALIVE_SECONDS = 6.0  # an empty line this often: a proxy keeps the stream, a bot sees it is alive
CHECK_SECONDS = 10.0  # open streams and bot WebSockets: their tokens checked (revoked on another worker), and the
# bot's invitations and games read again (made on another worker)
DECLINE_REASONS = get_args(P.DeclineReason)
NDJSON = "application/x-ndjson"
REVOKED = (4003, "this bot token was revoked")
IN_URL = ("a bot token goes in the Authorization header, never in a URL (logs, histories and Referer headers keep "
          "URLs): this one is revoked now; make another")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class NewBot(_Strict):
    name: Annotated[str, Field(min_length=1, max_length=64)]
    label: Annotated[str, Field(max_length=B.MAX_LABEL)] = "token"


class NewToken(_Strict):
    label: Annotated[str, Field(max_length=B.MAX_LABEL)] = "token"


class Decline(_Strict):
    reason: P.DeclineReason = "generic"


PathId = Annotated[str, PathPart(max_length=64)]


class EventStream:
    """One open event stream: a bounded queue of lines on their way to the bot (as ``Connection``'s frames)."""

    def __init__(self, token: B.BotToken, size: int) -> None:
        self.token = token
        self.queue: asyncio.Queue[str] = asyncio.Queue(size)
        self.gone = asyncio.Event()
        self.too_slow = False
        self.announced: set[str] = set()  # the invitations and games it was told of (the periodic reading's)

    def send(self, event: dict[str, Any]) -> None:
        key = _key_of(event)
        if self.gone.is_set() or (key is not None and key in self.announced):
            return
        if key is not None:
            self.announced.add(key)
        try:
            self.queue.put_nowait(json.dumps(event, separators=(",", ":")) + "\n")
        except asyncio.QueueFull:
            self.too_slow = True
            self.gone.set()

    def close(self, code: int = 0, reason: str = "") -> None:
        self.gone.set()


def _key_of(event: dict[str, Any]) -> str | None:
    """What makes an event new to a stream: an invitation by its id, a game's seat by its table and status."""
    if event["type"] == "invitation":
        return f"i:{event['id']}"
    if event["type"] in ("game", "gameStart", "gameFinish"):
        status = {"gameStart": "playing", "gameFinish": "finished"}.get(event["type"], event.get("status"))
        return f"g:{event['table']}:{status}"
    return None


class BotHub:
    """The bot accounts' open event streams and WebSockets on this worker, by bot and by token: the manager tells a
    bot of its invitations and game starts (``tell``); revoking a token closes what it opened (``close_token``)."""

    def __init__(self, engine: Engine, limits: Limits) -> None:
        self.engine = engine
        self.limits = limits
        self.streams: dict[str, set[EventStream]] = {}  # bot account id: its open streams
        self.by_token: dict[str, set[EventStream | Connection]] = {}  # token digest: what it opened
        self.busy: set[tuple[str, str]] = set()  # (bot id, game) with a request being answered
        self.total = 0

    def max_streams(self, request_cap: int) -> int:
        # streams are long HTTP requests: at most a quarter of those the server answers at once (capacity.py)
        return self.limits.max_bot_streams or max(1, request_cap // 4)

    def tell(self, account_id: str, event: dict[str, Any]) -> None:
        for stream in list(self.streams.get(account_id, ())):
            stream.send(event)

    def open_stream(self, token: B.BotToken, request_cap: int) -> EventStream:
        mine = self.streams.setdefault(token.account.id, set())
        if len(mine) >= self.limits.bot_streams_per_bot:
            raise RateLimitedError(f"a bot has at most {self.limits.bot_streams_per_bot} event streams open", 5)
        if self.total >= self.max_streams(request_cap):
            raise RateLimitedError("the server holds as many bot event streams as it may: try again later", 10)
        stream = EventStream(token, max(1, self.limits.send_queue))
        mine.add(stream)
        self.by_token.setdefault(token.digest, set()).add(stream)
        self.total += 1
        return stream

    def close_stream(self, stream: EventStream) -> None:
        mine = self.streams.get(stream.token.account.id, set())
        if stream in mine:
            mine.discard(stream)
            self.total -= 1
            if not mine:
                self.streams.pop(stream.token.account.id, None)
        self._forget(stream.token.digest, stream)

    def add_socket(self, token: B.BotToken, connection: Connection) -> None:
        self.by_token.setdefault(token.digest, set()).add(connection)

    def remove_socket(self, token_digest: str, connection: Connection) -> None:
        self._forget(token_digest, connection)

    def _forget(self, token_digest: str, held: EventStream | Connection) -> None:
        opened = self.by_token.get(token_digest)
        if opened is not None:
            opened.discard(held)
            if not opened:
                del self.by_token[token_digest]

    def close_token(self, token_digest: str) -> None:
        for held in list(self.by_token.get(token_digest, ())):
            held.close(*REVOKED)

    async def check(self) -> None:
        """Close what revoked tokens opened (revoked on another worker, or their bot deleted)."""
        digests = list(self.by_token)
        if not digests:
            return
        live = await asyncio.to_thread(B.live_digests, self.engine, digests)
        for token_digest in digests:
            if token_digest not in live:
                self.close_token(token_digest)

    async def keep_checking(self, every: float = CHECK_SECONDS) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.check()
            except Exception:  # a database that fails now is asked again next time
                log.exception("the bot tokens of open streams could not be checked")


def bot_token_in(query: bytes) -> str | None:
    """A bot token in a query string (raw bytes, as the ASGI scope holds it), or None."""
    from urllib.parse import parse_qsl

    if B.TOKEN_PREFIX.encode() not in query:
        return None
    for _, value in parse_qsl(query.decode("latin-1"), keep_blank_values=True):
        for part in value.replace(" ", ":").split(":"):  # "Bearer wzb_..." as a value too
            if B.looks_like_bot_token(part):
                return part
    return None


class QueryTokenGuard:
    """Any request (HTTP or WebSocket) with a bot token in its query string is refused with 400, before anything
    else, and the token is revoked: a URL is written into access logs, proxies' logs, browser histories and other
    sites' Referer, so a token that was in one is no longer a secret."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = bot_token_in(scope.get("query_string", b"")) if scope["type"] in ("http", "websocket") else None
        if token is None:
            await self.app(scope, receive, send)
            return
        state = scope["app"].state if "app" in scope else None
        hub: BotHub | None = getattr(state, "bot_hub", None) if state is not None else None
        if hub is not None:
            try:
                await asyncio.to_thread(B.revoke_leaked, hub.engine, token)
                hub.close_token(digest(token))
            except Exception:
                log.exception("a bot token seen in a URL could not be revoked")
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": "bot token in the URL: revoked"})
            return
        body = json.dumps({"detail": IN_URL}).encode()
        await send({"type": "http.response.start", "status": 400, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def hub(request: Request) -> BotHub:
    found: BotHub = request.app.state.bot_hub
    return found


def manager(request: Request) -> TableManager:
    found: TableManager = request.app.state.manager
    return found


def client_of(request: Request) -> str:
    """The client's address (as ``app.client_of``: uvicorn rewrites it for a trusted proxy's requests)."""
    return request.client.host if request.client is not None else "unknown"


async def bot_token(request: Request, authorization: Annotated[str | None, Header(max_length=256)] = None,
                    ) -> B.BotToken:
    """The dependency of the bot's routes: the live token of ``Authorization: Bearer``, its request counted for its
    bot (401 without one, or for a token that opens nothing; a failure counts as a credential tried)."""
    token = (authorization or "").removeprefix("Bearer ").strip()
    if not token:
        raise HTTPException(401, "a bot token is needed: Authorization: Bearer TOKEN",
                            headers={"WWW-Authenticate": "Bearer"})
    found = await asyncio.to_thread(B.find_token, hub(request).engine, token)
    if found is None:
        manager(request).clients.hit("hellos", client_of(request))
        raise HTTPException(401, "this bot token is unknown or revoked", headers={"WWW-Authenticate": "Bearer"})
    manager(request).clients.hit("bot_requests", f"bot:{found.account.id}")
    return found


Bot = Annotated[B.BotToken, Depends(bot_token)]


def bot_router(limits: Limits) -> APIRouter:
    router = APIRouter()

    class OneAtATime:
        """One request of a bot per game at a time: another meanwhile is 429, ``Retry-After: 1``."""

        def __init__(self, request: Request, bot: B.BotToken, game: str) -> None:
            self.hub, self.key = hub(request), (bot.account.id, game)

        def __enter__(self) -> None:
            if self.key in self.hub.busy:
                raise RateLimitedError("one request at a time per game: wait for the answer to the last one", 1)
            self.hub.busy.add(self.key)

        def __exit__(self, *_: object) -> None:
            self.hub.busy.discard(self.key)

    @router.get("/api/bot/account")
    async def whoami(bot: Bot) -> dict[str, Any]:
        return {"name": bot.account.name, "kind": B.BOT}

    @router.post("/api/bot/invitations/{invitation_id}/accept")
    async def accept(invitation_id: PathId, bot: Bot, request: Request) -> dict[str, Any]:
        with OneAtATime(request, bot, invitation_id):
            try:
                # counted for the bot, not its address (the address's joins are its people's)
                taken = await manager(request).accept_invitation(invitation_id, bot.account, f"bot:{bot.account.id}")
            except NoSeatError as error:
                raise HTTPException(409, str(error)) from None
        if taken is None:
            raise HTTPException(404, "no such invitation (or its seat was taken, or the table no longer waits)")
        table, seat, token = taken
        return {"table": table.id, "seat": seat, "token": token, "link": seat_link(token)}

    @router.post("/api/bot/invitations/{invitation_id}/decline")
    async def decline(invitation_id: PathId, body: Decline, bot: Bot, request: Request) -> dict[str, Any]:
        with OneAtATime(request, bot, invitation_id):
            if not await manager(request).bot_declines(invitation_id, bot.account, body.reason):
                raise HTTPException(404, "no such invitation")
        return {"declined": invitation_id, "reason": body.reason}

    @router.post("/api/bot/tables/{table_id}/seat")
    async def seat(table_id: PathId, bot: Bot, request: Request) -> dict[str, Any]:
        with OneAtATime(request, bot, table_id):
            found = await manager(request).my_seat(table_id, bot.account, f"bot:{bot.account.id}")
        if found is None:
            raise HTTPException(404, "this bot holds no seat at this table")
        table, number, token = found
        return {"table": table.id, "seat": number, "token": token, "status": table.status}

    @router.get("/api/stream/event")
    async def stream(bot: Bot, request: Request) -> NdjsonStream:
        opened = hub(request).open_stream(bot, request.app.state.request_cap)
        return NdjsonStream(opened, hub(request), manager(request))

    # --- a person's bot accounts (their session) ---------------------------------------------------------------

    @router.post("/account/bots", status_code=201)
    async def make_bot(body: NewBot, signed: SignedPerson, request: Request) -> dict[str, Any]:
        account = signed[0]
        manager(request).clients.hit("signups", client_of(request))  # a name taken: counted as a sign-up is
        try:
            made = await asyncio.to_thread(B.create_bot, hub(request).engine, body.name, account.id, body.label)
        except BadName as error:
            raise HTTPException(422, str(error)) from None
        except LookupError as error:
            raise HTTPException(409, str(error)) from None
        except PermissionError as error:
            raise HTTPException(403, str(error)) from None
        return {"bot": {"name": made["name"], "kind": B.BOT}, "token": made["token"], "token_id": made["token_id"]}

    @router.get("/account/bots")
    async def my_bots(signed: SignedPerson, request: Request) -> dict[str, Any]:
        return {"bots": await asyncio.to_thread(B.bots_of, hub(request).engine, signed[0].id)}

    @router.post("/account/bots/{name}/tokens", status_code=201)
    async def new_token(name: Annotated[str, PathPart(max_length=64)], body: NewToken, signed: SignedPerson,
                        request: Request) -> dict[str, Any]:
        try:
            made = await asyncio.to_thread(B.add_token, hub(request).engine, signed[0].id, name, body.label)
        except PermissionError as error:
            raise HTTPException(409, str(error)) from None
        if made is None:
            raise HTTPException(404, "you have no bot account of this name")
        return made

    @router.delete("/account/bots/{name}/tokens/{token_id}")
    async def revoke(name: Annotated[str, PathPart(max_length=64)], token_id: PathId, signed: SignedPerson,
                     request: Request) -> dict[str, Any]:
        gone = await asyncio.to_thread(B.revoke, hub(request).engine, signed[0].id, name, token_id)
        if gone is None:
            raise HTTPException(404, "no such live token of your bot account")
        hub(request).close_token(gone)
        return {"revoked": token_id}

    return router


class NdjsonStream(Response):
    """The event stream's answer, an ASGI app of its own: a line per event from the stream's queue, an empty line
    every ``KEEPALIVE_SECONDS``, the bot's invitations and games read again every ``CHECK_SECONDS``; it ends when the
    client leaves, the token is revoked, or the queue overflowed (a bot that does not read is cut off: the server
    stops writing, it does not wait)."""

    def __init__(self, stream: EventStream, hub: BotHub, manager: TableManager) -> None:
        super().__init__(media_type=NDJSON)
        self.stream, self.hub, self.manager = stream, hub, manager

    async def announce_all(self) -> None:
        """The bot's good invitations and its seats at tables not over, as events (those it was told of are not
        told again)."""
        account_id = self.stream.token.account.id
        for invitation in await self.manager.invitations(account_id):
            self.stream.send({"type": "invitation", **invitation})
        for table_id, seat, status in await self.manager.bot_seats(account_id):
            self.stream.send({"type": "game", "table": table_id, "seat": seat, "status": status})

    async def lines(self) -> AsyncIterator[bytes]:
        account = self.stream.token.account
        yield (json.dumps({"type": "hello", "bot": account.name}, separators=(",", ":")) + "\n").encode()
        await self.announce_all()
        loop = asyncio.get_running_loop()
        checked = loop.time()
        while not self.stream.gone.is_set():
            getter = asyncio.ensure_future(self.stream.queue.get())
            gone = asyncio.ensure_future(self.stream.gone.wait())
            done, _ = await asyncio.wait({getter, gone}, timeout=KEEPALIVE_SECONDS,
                                         return_when=asyncio.FIRST_COMPLETED)
            gone.cancel()
            if getter in done:
                yield getter.result().encode()
                continue
            getter.cancel()
            if self.stream.gone.is_set():
                return
            yield b"\n"
            if loop.time() - checked >= CHECK_SECONDS:
                checked = loop.time()
                await self.announce_all()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = [(b"content-type", NDJSON.encode()), (b"cache-control", b"no-store"),
                   (b"x-accel-buffering", b"no")]  # nginx: pass each line on at once
        try:
            await send({"type": "http.response.start", "status": 200, "headers": headers})

            async def pump() -> None:
                async for line in self.lines():
                    await send({"type": "http.response.body", "body": line, "more_body": True})

            async def left() -> None:
                while True:
                    message: Message = await receive()
                    if message["type"] == "http.disconnect":
                        return

            tasks = [asyncio.ensure_future(pump()), asyncio.ensure_future(left()),
                     asyncio.ensure_future(self.stream.gone.wait())]
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in tasks:
                task.cancel()
            if tasks[0].done() and not tasks[0].cancelled() and tasks[0].exception() is not None:
                log.error("a bot's event stream failed", exc_info=tasks[0].exception())
            try:  # the end of the body; a client that reads nothing is not waited for
                await asyncio.wait_for(send({"type": "http.response.body", "body": b"", "more_body": False}), 1)
            except Exception:
                pass
        finally:
            self.hub.close_stream(self.stream)
