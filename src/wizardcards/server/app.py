"""The FastAPI application: HTTP endpoints for tables and records, the browser client's pages, and the WebSocket
that speaks the protocol.

    GET  /, /play, /replay/{id}       the browser client's one page (web/index.html); its files under /static
    GET  any other page               a browser: 404 with that page, which says so; an API client: JSON 404
    GET  /meta                        games, presets, rule options and bots, for a create-table form (meta.py)
    POST /tables                      create a table: game, preset, players, rule options, seats (human or bot), hints
    GET  /tables[?status&limit&offset&open] a page of public tables, newest first;  GET /tables/{id}: one (no seed,
                                      no tokens; a private one only with a credential of it: visibility.py)
    POST /tables/{id}/join            take the lowest free open seat of a waiting table (a fresh token)
    POST /tables/{id}/seats/{n}/free  the host frees a seat handed out by join whose holder has not said hello
    POST /invites                     exchange an invite code for the invited seat's token
    POST /invites/preview             the table and seat of an invite code, the code left unused (the invite page)
    POST /tables/{id}/seats/{n}/invite-account  the host invites an account by name into an invite-only seat
    GET  /invitations                 the signed-in account's invitations; POST /invitations/{id}/accept | decline
    POST /tables/{id}/my-seat         a fresh token for the seat the signed-in account holds there
    /accounts, /session, /account     accounts, passkeys and sessions (accounts.py)
    GET  /tables/{id}/record          the GameRecord of a finished game (a running game's seed would show every hand)
    GET  /tables/{id}/replay          a finished game step by step: public view and every hand (built once, stored
                                      gzipped; ETag); both count toward ``replays_per_minute``
    GET  /tables/{id}/sheet           the score sheet as every seat sees it
    GET  /players/{name}/stats        finished games, wins and mean Wizard score of the human seats with that name
    GET  /players/{name}, /leaderboard the browser's profile and leaderboard pages (the same page as /)
    GET  /players/{name}/profile      an account's ratings, rating history, finished games, bid accuracy, opponents
    GET  /ratings/{game}              the leaderboard: accounts by rating (openskill ordinal), the bots' ratings
    GET  /protocol.schema.json        the JSON Schema of every protocol message
    WS   /ws                          the protocol (protocol.py)

Every answer carries the headers of ``headers.py``; request bodies are bounded and validated strictly; each client's
use is limited (``limits.py``).
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, cast

import httpx
from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathPart
from fastapi.encoders import jsonable_encoder
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES

from ..core import SPECTATOR, ImpossibleRulesError, RuleSet, rules_for
from . import bot_accounts as B
from . import profiles
from . import protocol as P
from .accounts import AccountStore, accounts_router
from .bot_api import NDJSON, BotHub, QueryTokenGuard, bot_router
from .capacity import RequestCap, request_cap
from .cluster import ElsewhereError, Member
from .connection import Connection
from .credentials import invite_link, seat_link, watch_link
from .db import default_url, make_engine, upgrade
from .finished import FinishedTable
from .headers import BodyLimit, SecurityHeaders
from .limits import Limits, RateLimitedError, Throttle
from .manager import DEFAULT_BOT_PACE, MAX_BOT_PACE, TableManager
from .meta import meta
from .pads import pads_router
from .players import probe_engines
from .relay import MOVING, RELAYED, RelayedClient, forward, relay_socket
from .relying import RELAYED_SCOPE, OriginCheck, RelyingParty
from .sessions import SESSION_COOKIE, Account, Sessions, SignedInSockets, current_account, signed_in
from .table import LiveTable, NoSeatError, TableError
from .visibility import Visibility, VisibilityError, visibility_of

WEB = Path(__file__).with_name("web")  # the browser client (plain files, shipped as package data)
REPLAY_CACHE = "public, max-age=3600"  # a browser asks again after an hour (a new server may write a new format)
PRIVATE_REPLAY_CACHE = "private, max-age=3600"  # a private table's: kept by the browser that asked, no proxy
MAX_OFFSET = 2**31 - 1  # GET /tables?offset=: past it a 422 (a 20-digit offset overflowed the database's integer)


class AnyJSON(JSONResponse):
    """A JSON answer that can be written whatever the client sent: an error echoes its input, and JSON text may hold
    a lone surrogate (``"\\ud800"``, which UTF-8 cannot encode) or a number past the float range (``1e999``, read
    as infinity, which JSON cannot write). Surrogates are written as escapes (ASCII JSON), such numbers as text."""

    def render(self, content: Any) -> bytes:
        return json.dumps(_finite(content), ensure_ascii=True, separators=(",", ":")).encode("ascii")


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)  # "inf", "-inf", "nan"
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


Signed = Annotated[Account | None, Depends(current_account)]  # the signed-in account of a request, None: a guest


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatRequest(_Strict):
    name: P.Name
    bot: Annotated[str | None, Field(max_length=128)] = None  # a bot spec ("rulebased", "search:level=1"); None: human
    open: StrictBool = False  # a human seat POST /tables/{id}/join may hand out; else only its invite code takes it
    claimed: StrictBool = False  # the creator's own seat: its token is in the answer; never handed out


class TableRequest(_Strict):
    game: Literal["wizard", "wily"] = "wizard"
    preset: Annotated[str | None, Field(max_length=64)] = None
    players: Annotated[int | None, Field(ge=3, le=7)] = None
    options: Annotated[dict[str, Any], Field(max_length=32)] = Field(default_factory=dict)  # RuleSet fields
    seats: Annotated[list[SeatRequest] | None, Field(max_length=7)] = None  # default: every seat human, invited
    turn_seconds: Annotated[float | None, Field(gt=0, le=86400)] = None  # then a stand-in bot plays for the seat
    grace_seconds: Annotated[float | None, Field(ge=0, le=86400)] = None  # for a seat whose connection is gone
    hints: StrictBool = True  # seats may ask for hints (true or false: no "yes" read as true)
    bot_pace: Annotated[float | None, Field(ge=0, le=MAX_BOT_PACE)] = None  # seconds; None: the server's default
    # public: listed, anyone may watch; private: not listed (visibility.py); None: private when every other human
    # seat is invite-only, else public
    visibility: Visibility | None = None
    rated: StrictBool = False  # its end rates its signed-in players (ratings.py: standard presets, no options)


class JoinRequest(_Strict):
    name: P.Name


class LocateRequest(_Strict):
    token: P.Token


class InviteRequest(_Strict):
    invite: P.Token
    name: P.Name | None = None


class PreviewRequest(_Strict):
    invite: P.Token


class AccountInviteRequest(_Strict):
    name: P.Name  # the account's name, as its profile shows it (compared by its key: case and width do not matter)


InvitationId = Annotated[str, PathPart(max_length=64)]


Authorization = Annotated[str | None, Header(max_length=256)]


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (None without one)."""
    token = (authorization or "").removeprefix("Bearer ").strip()
    return token or None


def rules_of(request: TableRequest) -> RuleSet:
    """The table's rule set: the preset (default: the game's own), for the players asked, the options over it. Only
    the core builds it (``find_rules``, ``RuleSet.from_dict``): a wrong type, an option of the other game or an
    impossible combination is refused (422) in the core's words, which name the option."""
    try:
        base = rules_for(request.game, request.preset, request.players)
        outside = sorted({"game", "players"} & set(request.options))
        if outside:  # the request's own fields: an option could turn a Wizard table into Wily Wizards
            raise ImpossibleRulesError(f"set {' and '.join(outside)} in the request itself, not among its options")
        return RuleSet.from_dict({**base.to_dict(), **request.options}) if request.options else base
    except ImpossibleRulesError as error:
        raise HTTPException(422, str(error)) from None


def asks_for_a_page(request: Request, app: FastAPI) -> bool:
    """A browser's request for a page: GET or HEAD, ``text/html`` before ``application/json`` in its Accept header,
    and a path outside the API's: not under the first part of an endpoint's path in the API's schema (/tables,
    /meta, /pads ..., read from FastAPI's OpenAPI document, made once), the client's files (/static) or the socket."""
    if request.method not in ("GET", "HEAD"):
        return False
    accept = request.headers.get("accept", "")
    html, json_at = accept.find("text/html"), accept.find("application/json")
    if html < 0 or 0 <= json_at < html:
        return False
    api = {path.split("/")[1] for path in app.openapi()["paths"]} | {"static", "ws"}
    return request.url.path.split("/")[1] not in api


def client_of(connection: Request | WebSocket) -> str:
    """The client's address: the peer's, or the one a trusted proxy forwarded (uvicorn rewrites it for those)."""
    return connection.client.host if connection.client is not None else "unknown"


def create_app(
    db_url: str | None = None, *, limits: Limits | None = None, bot_workers: int | None = None, web: Path = WEB,
    bot_pace: float = DEFAULT_BOT_PACE, member: Member | None = None, limits_storage: str | None = None,
    engines: dict[str, str] | None = None,
    rp_id: str | None = None, origins: tuple[str, ...] = (),
) -> FastAPI:
    """The server for the database at ``db_url`` (default: a SQLite file in the user's data directory).

    ``limits`` bound what each client may do (``limits.Limits``); ``bot_workers`` is the number of worker processes
    for bots and hints (default: the CPU count); ``bot_pace`` the seconds at least between an accepted action and a
    bot's next at tables created without their own (none while no one is connected). ``web`` is the browser client's
    directory (its ``index.html`` is the page of ``/``, ``/play`` and ``/replay/{id}``; the rest is under /static).
    ``member``: this server is one worker of a cluster on the same PostgreSQL database (``cluster.py``); requests for
    tables another worker holds are passed on to it (``relay.py``). ``limits_storage``: where the per-client counts
    are kept (a ``limits`` storage URL, ``redis://...``, which the workers of a cluster share; default: memory).
    ``engines``: the operator's outside engines, name -> command (``wizard serve --engine NAME=CMD``), offered as
    bots ``engine:NAME``; no request can name any other program. ``rp_id`` and ``origins``: the WebAuthn relying
    party's id and the origins its pages are served from (default: the request's own host and ``scheme://host``;
    ``relying.py``)."""
    engines = dict(engines or {})
    url = db_url or default_url()
    limits = limits or Limits()
    relying = RelyingParty(rp_id, tuple(origins))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(url)
        upgrade(engine)
        manager = TableManager(engine, limits, bot_workers, bot_pace, member, limits_storage=limits_storage,
                               engines=engines)
        app.state.manager = manager
        app.state.sessions = Sessions(engine, limits.session_days)
        app.state.accounts = AccountStore(engine)
        app.state.signed_in = SignedInSockets()
        app.state.peers = httpx.AsyncClient() if member is not None else None
        app.state.bot_hub = hub = BotHub(engine, limits)
        app.state.request_cap = cap
        manager.bot_events = hub.tell
        # which of the operator's engines play the special cards: each is started once to hear its greeting
        manager.special_engines = await asyncio.to_thread(probe_engines, engines)
        await manager.load_unfinished()
        checking = asyncio.create_task(app.state.signed_in.keep_checking(app.state.sessions))
        checking_bots = asyncio.create_task(hub.keep_checking())
        yield
        checking.cancel()
        checking_bots.cancel()
        manager.close()
        if app.state.peers is not None:
            await app.state.peers.aclose()
        engine.dispose()

    app = FastAPI(title="wizardcards server", lifespan=lifespan)
    # HTTP only (WebSockets pass through): a replay is a few hundred views, the client's files are text
    # (not the bots' event stream: each line must go out when it is written, not when a compressor's block fills)
    app.add_middleware(GZipMiddleware, minimum_size=1024,
                       exclude_content_types=(*DEFAULT_EXCLUDED_CONTENT_TYPES, NDJSON))
    app.add_middleware(BodyLimit, max_bytes=limits.max_body_bytes)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(OriginCheck, relying=relying)  # inside RelayedClient: a relayed request was checked already
    if member is not None:
        app.add_middleware(RelayedClient, key=member.key)
    app.add_middleware(QueryTokenGuard)  # a bot token in a URL: refused (and revoked) before anything reads it
    cap = request_cap()
    app.add_middleware(RequestCap, max_requests=cap)  # outermost: a busy server answers at once
    if web.is_dir():
        app.mount("/static", StaticFiles(directory=web), name="static")
    # the score pad: /pad, its files and rules, shared /pads
    app.include_router(pads_router(url, web, limits, limits_storage))
    app.include_router(accounts_router(limits, relying, client_of))
    app.include_router(bot_router(limits))

    def manager() -> TableManager:
        return cast(TableManager, app.state.manager)  # set by the lifespan above (Starlette's state is untyped)

    @app.exception_handler(ElsewhereError)
    async def held_elsewhere(request: Request, error: ElsewhereError) -> Response:
        assert member is not None  # only a cluster's worker hears of a table held elsewhere
        return await forward(request, error.address, client_of(request), member.key, app.state.peers)

    @app.exception_handler(RateLimitedError)
    async def over_limit(request: Request, error: RateLimitedError) -> Response:
        return AnyJSON({"detail": str(error)}, 429, headers={"Retry-After": str(error.retry_after)})

    @app.exception_handler(TableError)
    async def refused(request: Request, error: TableError) -> Response:
        status = 503 if error.code == "unavailable" else 422
        return AnyJSON({"detail": str(error)}, status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Response:
        return AnyJSON({"detail": jsonable_encoder(error.errors())}, 422)  # FastAPI's usual answer, always writable

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        return AnyJSON({"detail": error.detail}, error.status_code, headers=error.headers)

    @app.exception_handler(StarletteHTTPException)
    async def not_found_page(request: Request, error: StarletteHTTPException) -> Response:
        # a browser that opens an address with no page (an old or mistyped link: /rules) gets the client's page with
        # the 404, which says so in the lobby's language and links to the lobby; an API path, or a client asking for
        # JSON, keeps FastAPI's JSON answer
        index = web / "index.html"
        if error.status_code == 404 and asks_for_a_page(request, app) and index.is_file():
            return FileResponse(index, status_code=404, media_type="text/html", headers={"Cache-Control": "no-cache"})
        return await http_exception_handler(request, error)

    def page() -> FileResponse:
        index = web / "index.html"
        if not index.is_file():
            raise HTTPException(404, f"the browser client is not installed here ({index} is missing)")
        # no-cache: the browser asks again each time (and gets a 304 while the file is unchanged)
        return FileResponse(index, media_type="text/html", headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return page()

    @app.get("/play", include_in_schema=False)
    def table_page() -> FileResponse:
        return page()

    @app.get("/replay/{table_id}", include_in_schema=False)
    def replay_page(table_id: str) -> FileResponse:
        return page()

    @app.get("/meta")
    def get_meta() -> dict[str, Any]:
        return meta(engines, manager().special_engines)

    @app.get("/protocol.schema.json")
    def schema() -> dict[str, Any]:
        return P.protocol_schema()

    @app.post("/tables", status_code=201)
    async def create_table(request: TableRequest, http: Request, account: Signed,
                           authorization: Authorization = None) -> dict[str, Any]:
        if B.looks_like_bot_token(bearer(authorization) or ""):
            raise HTTPException(403, "a bot account creates no tables: a person invites it into a seat by its name")
        rules = rules_of(request)
        seats = request.seats or [SeatRequest(name=f"Player {s + 1}") for s in range(rules.players)]
        for number, seat in enumerate(seats):
            if seat.bot is not None and (seat.open or seat.claimed):
                raise HTTPException(422, f"seat {number} is a bot: only a human seat is open or claimed")
        try:
            visibility = visibility_of(request.visibility, [(s.bot is None, s.open, s.claimed) for s in seats])
        except VisibilityError as error:
            raise HTTPException(422, str(error)) from None
        table, tokens, invites = await manager().create(
            rules, [(s.name, s.bot) for s in seats], request.turn_seconds, request.grace_seconds, request.hints,
            open_seats={n for n, s in enumerate(seats) if s.open},
            claimed={n for n, s in enumerate(seats) if s.claimed}, client=client_of(http), bot_pace=request.bot_pace,
            rated=request.rated, account=account, visibility=visibility,
        )
        human_seats = []
        for number in range(rules.players):
            if table.bots[number] is not None:
                continue
            token, invite = tokens.get(number), invites.get(number)
            link = seat_link(token) if token else invite_link(invite) if invite else None
            human_seats.append({"seat": number, "name": table.names[number], "token": token, "invite": invite,
                                "link": link})
        return {**table.summary(), "seats": human_seats, "spectator_token": table.spectator_token,
                "spectator": watch_link(table.spectator_token)}

    @app.get("/tables")
    async def list_tables(
        http: Request, status: Literal["waiting", "playing", "finished", "expired"] | None = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 50, offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
        open: bool = False,  # only waiting tables with a free open seat: what Join can really take
    ) -> dict[str, Any]:
        return await manager().page(status, limit, offset, client_of(http), open_only=open)

    async def find_table(table_id: str, http: Request, authorization: str | None,
                         account: Account | None = None) -> LiveTable | FinishedTable:
        """The table to read; a private one only for the holder of a credential of it (``Authorization: Bearer``
        with a seat's or its spectator token) or an account seated or invited there: to anyone else the same 404 as
        no table (``visibility.py``)."""
        table = await manager().readable(table_id, bearer(authorization), client_of(http),
                                         None if account is None else account.id)
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return table

    @app.get("/tables/{table_id}")
    async def get_table(table_id: str, http: Request, account: Signed, authorization: Authorization = None,
                        ) -> dict[str, Any]:
        return (await find_table(table_id, http, authorization, account)).summary()

    @app.get("/tables/{table_id}/sheet")
    async def get_sheet(table_id: str, http: Request, account: Signed, authorization: Authorization = None,
                        ) -> dict[str, Any]:
        return (await find_table(table_id, http, authorization, account)).sheet()

    @app.get("/players/{name}/stats")
    async def player_stats(name: str) -> dict[str, Any]:
        if len(name) > P.MAX_NAME_LENGTH:
            raise HTTPException(422, f"a name is at most {P.MAX_NAME_LENGTH} characters")
        if not P.printable(name):  # no name holds one, and PostgreSQL cannot even look up a NUL
            raise HTTPException(422, "a name has no control characters")
        return await manager().player_stats(name)

    @app.get("/players/{name}", include_in_schema=False)
    def profile_page(name: str) -> FileResponse:
        return page()

    @app.get("/leaderboard", include_in_schema=False)
    def leaderboard_page() -> FileResponse:
        return page()

    @app.get("/players/{name}/profile")
    async def player_profile(name: str, http: Request, account: Signed) -> dict[str, Any]:
        """An account's profile (``profiles.py``): ratings and their history, finished games, bid accuracy, the
        people and bots met most. Only the games ``account`` (the viewer) may see are listed."""
        if len(name) > P.MAX_NAME_LENGTH or not P.printable(name):
            raise HTTPException(422, f"a name is at most {P.MAX_NAME_LENGTH} printable characters")
        manager().clients.hit("loads", client_of(http))
        found = await asyncio.to_thread(profiles.profile, manager().storage.engine, name,
                                        None if account is None else account.id)
        if found is None:
            raise HTTPException(404, f"no player {name!r} (a guest has no profile; a deleted account neither)")
        return found

    @app.get("/ratings/{game}")
    async def leaderboard(game: Literal["wizard", "wily"], http: Request,
                          limit: Annotated[int, Query(ge=1, le=200)] = 50,
                          offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0) -> dict[str, Any]:
        """The leaderboard of ``game``: accounts by openskill ordinal, and the measured bots on the same scale."""
        manager().clients.hit("loads", client_of(http))
        return await asyncio.to_thread(profiles.leaderboard, manager().storage.engine, game, limit, offset)

    @app.post("/tables/{table_id}/join")
    async def join_table(table_id: str, request: JoinRequest, http: Request, account: Signed) -> dict[str, Any]:
        try:
            claimed = await manager().claim(table_id, request.name, client_of(http), account)
        except NoSeatError as error:
            raise HTTPException(409, str(error)) from None
        if claimed is None:
            raise HTTPException(404, f"no table {table_id!r}")
        table, seat, token = claimed
        return {"table": table.id, "seat": seat, "token": token, "link": seat_link(token)}

    @app.post("/tables/{table_id}/my-seat")
    async def my_seat(table_id: str, http: Request, account: Signed) -> dict[str, Any]:
        """A fresh token for the seat the signed-in account holds at this table (its other devices' way in)."""
        if account is None:
            raise HTTPException(401, "sign in first: the seat of a guest is opened by its own link")
        found = await manager().my_seat(table_id, account, client_of(http))
        if found is None:
            raise HTTPException(404, "this account holds no seat at this table")
        table, seat, token = found
        return {"table": table.id, "seat": seat, "token": token, "link": seat_link(token)}

    @app.post("/tables/{table_id}/seats/{seat}/free")
    async def free_seat(table_id: str, seat: Annotated[int, PathPart(ge=0, le=6)], http: Request,
                        authorization: Authorization = None) -> dict[str, Any]:
        token = bearer(authorization)
        if not token:
            raise HTTPException(401, "the host's seat token is needed: Authorization: Bearer TOKEN")
        try:
            table = await manager().free_seat(table_id, seat, token, client_of(http))
        except PermissionError as error:
            raise HTTPException(403, str(error)) from None
        except NoSeatError as error:
            raise HTTPException(409, str(error)) from None
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return table.summary()

    @app.post("/invites")
    async def claim_invite(request: InviteRequest, http: Request, account: Signed) -> dict[str, Any]:
        try:
            claimed = await manager().claim_invite(request.invite, request.name, client_of(http), account)
        except NoSeatError as error:
            raise HTTPException(409, str(error)) from None
        if claimed is None:
            raise HTTPException(404, "no such invite (or it was used already)")
        table, seat, token = claimed
        return {"table": table.id, "seat": seat, "token": token, "link": seat_link(token)}

    @app.post("/invites/preview")
    async def preview_invite(request: PreviewRequest, http: Request) -> dict[str, Any]:
        """What the person invited reads before accepting: the table (as GET /tables/{id} shows it), the seat, the
        name the host gave it, and the host's seat and name (None when the host keeps no seat)."""
        found = await manager().preview_invite(request.invite, client_of(http))
        if found is None:
            raise HTTPException(404, "no such invite (or it was used already)")
        return manager().invite_of(*found)

    @app.post("/tables/{table_id}/seats/{seat}/invite-account", status_code=201)
    async def invite_account(table_id: str, seat: Annotated[int, PathPart(ge=0, le=6)], request: AccountInviteRequest,
                             http: Request, authorization: Authorization = None) -> dict[str, Any]:
        token = bearer(authorization)
        if not token:
            raise HTTPException(401, "the host's seat token is needed: Authorization: Bearer TOKEN")
        try:
            found = await manager().invite_account(table_id, seat, token, request.name, client_of(http))
        except PermissionError as error:
            raise HTTPException(403, str(error)) from None
        except NoSeatError as error:
            raise HTTPException(409, str(error)) from None
        except LookupError as error:
            raise HTTPException(404, str(error)) from None
        if found is None:
            raise HTTPException(404, f"no table {table_id!r}")
        table, invitation, name = found
        return {"invitation": invitation, "table": table.id, "seat": seat, "account": name}

    @app.get("/invitations")
    async def list_invitations(account: Signed) -> dict[str, Any]:
        # a guest has none (not a 401: the lobby asks at every refresh, and a browser logs each 4xx as an error)
        return {"invitations": [] if account is None else await manager().invitations(account.id),
                "signed_in": account is not None}

    @app.post("/invitations/{invitation_id}/accept")
    async def accept_invitation(invitation_id: InvitationId, http: Request, account: Signed) -> dict[str, Any]:
        if account is None:
            raise HTTPException(401, "sign in to accept an invitation of your account")
        try:
            taken = await manager().accept_invitation(invitation_id, account, client_of(http))
        except NoSeatError as error:
            raise HTTPException(409, str(error)) from None
        if taken is None:
            raise HTTPException(404, "no such invitation (or its seat was taken, or the table no longer waits)")
        table, seat, token = taken
        return {"table": table.id, "seat": seat, "token": token, "link": seat_link(token)}

    @app.post("/invitations/{invitation_id}/decline")
    async def decline_invitation(invitation_id: InvitationId, http: Request, account: Signed) -> dict[str, Any]:
        if account is None:
            raise HTTPException(401, "sign in to decline an invitation of your account")
        if not await manager().decline_invitation(invitation_id, account.id):
            raise HTTPException(404, "no such invitation")
        return {"declined": invitation_id}

    @app.get("/tables/{table_id}/replay")
    async def get_replay(table_id: str, http: Request, account: Signed, authorization: Authorization = None,
                         ) -> Response:
        manager().clients.hit("replays", client_of(http))
        table = await find_table(table_id, http, authorization, account)
        try:
            replay = await manager().replay(table)
        except TableError as error:
            raise HTTPException(409, str(error)) from None
        # a finished game's replay never changes: cached, and asked again by its ETag (304, no body); a private one
        # only by the browser that asked (a shared cache would hand it to anyone)
        cache = REPLAY_CACHE if table.visibility == "public" else PRIVATE_REPLAY_CACHE
        vary = "Accept-Encoding" if table.visibility == "public" else "Accept-Encoding, Authorization"
        headers = {"ETag": replay.etag, "Cache-Control": cache, "Vary": vary}
        if replay.etag in http.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        if "gzip" in http.headers.get("accept-encoding", ""):
            return Response(replay.body, media_type="application/json", headers={**headers, "Content-Encoding": "gzip"})
        return Response(replay.plain(), media_type="application/json", headers=headers)

    @app.get("/tables/{table_id}/record")
    async def get_record(table_id: str, http: Request, account: Signed, authorization: Authorization = None,
                         ) -> dict[str, Any]:
        manager().clients.hit("replays", client_of(http))
        table = await find_table(table_id, http, authorization, account)
        if table.status != "finished":
            raise HTTPException(409, "a record is published once the game is over (its seed reveals every hand)")
        return (await manager().record(table.id)).to_dict()

    @app.post("/locate")
    async def locate(request: LocateRequest, http: Request) -> dict[str, Any]:
        """The table of a seat's or a spectator's token, so that the client connects to ``/tables/{id}/ws``, the
        address a proxy routes to the table's worker (any worker answers from the database)."""
        found = await manager().locate(request.token, client_of(http))
        if found is None:
            raise HTTPException(404, "no table has this token")
        return {"table": found}

    @app.websocket("/ws")
    @app.websocket("/tables/{table_id}/ws")
    async def websocket(ws: WebSocket) -> None:
        client = client_of(ws)
        try:
            manager().clients.hit("connections", client)
        except RateLimitedError:
            await ws.close(code=1008, reason="too many new connections from this address: try again later")
            return
        refusal = manager().clients.admit(client)
        if refusal is not None:
            if refusal[0] == 1013:  # a close code is only heard once accepted (a close before is an HTTP 403)
                await ws.accept()
            await ws.close(code=refusal[0], reason=refusal[1])
            return
        connection = Connection(client=client, send_queue=limits.send_queue)
        session = None
        offered = bearer(ws.headers.get("authorization"))
        bot_token = None
        if offered is not None:  # a bot account's program: its API token opens its own seats and nothing else
            bot_token = await asyncio.to_thread(B.find_token, manager().storage.engine, offered)
            if bot_token is None:
                manager().clients.close_connection(client)
                try:
                    manager().clients.hit("hellos", client)  # a credential tried
                except RateLimitedError:
                    pass
                await ws.close(code=1008, reason="this bot token is unknown or revoked")
                return
            connection.account, connection.bot_token = bot_token.account, bot_token.digest
            app.state.bot_hub.add_socket(bot_token, connection)
        elif SESSION_COOKIE in ws.cookies and (ws.scope.get(RELAYED_SCOPE) or relying.allows(ws)):
            session = await signed_in(ws)  # another site's page, or no page at all, is a guest here
        if session is not None:
            connection.account, connection.session_key = session
            app.state.signed_in.add(connection, *session)
        try:
            await ws.accept()
            tasks = [asyncio.create_task(_write(ws, connection)), asyncio.create_task(connection.gone.wait()),
                     asyncio.create_task(_read(ws, connection, manager(), limits))]
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in tasks:
                task.cancel()
            reader = tasks[2]
            closing = cast(tuple[int, str] | Relay | None, reader.result()) if reader in done else None
            if isinstance(closing, Relay):  # another worker holds the table: this one carries the connection there
                if ws.headers.get(RELAYED):
                    closing = (1013, MOVING)
                else:
                    assert member is not None
                    closing = await relay_socket(ws, closing.address, closing.table_id, closing.first, client,
                                                 member.key, ws.headers.get("cookie"), ws.headers.get("authorization"))
            if connection.too_slow:
                closing = (1008, "too slow: the messages for this connection piled up unread")
            elif connection.closing is not None:
                closing = connection.closing
            if closing is not None:
                try:  # a client that reads nothing may not read the close frame either
                    await asyncio.wait_for(ws.close(code=closing[0], reason=closing[1]), 2)
                except Exception:
                    pass
        finally:
            connection.gone.set()
            if session is not None:
                app.state.signed_in.remove(connection, *session)
            if bot_token is not None:
                app.state.bot_hub.remove_socket(bot_token.digest, connection)
            await manager().disconnect(connection)
            manager().clients.close_connection(client)
            if connection.table is not None and connection.seat == SPECTATOR:
                manager().clients.unwatch()

    return app


async def _write(ws: WebSocket, connection: Connection) -> None:
    """The connection's writer: its queued frames, in order, as fast as the client reads them."""
    while True:
        text = await connection.queue.get()
        await ws.send_text(text)


@dataclass(frozen=True)
class Relay:
    """The hello ``first`` named a table the worker at ``address`` holds."""

    address: str
    table_id: str
    first: str


async def _read(
    ws: WebSocket, connection: Connection, manager: TableManager, limits: Limits
) -> tuple[int, str] | Relay | None:
    """The connection's messages, one at a time; returns why the server closes it (None: the client left), or that
    it is to be relayed to another worker (in a cluster)."""
    throttle = Throttle(limits.messages_per_second, limits.message_burst)
    strikes_left = limits.strikes
    deadline = asyncio.get_running_loop().time() + limits.hello_seconds
    try:
        while True:
            if connection.table is None:
                left = deadline - asyncio.get_running_loop().time()
                try:
                    frame = await asyncio.wait_for(ws.receive(), max(0.0, left))
                except TimeoutError:
                    return 1008, f"say hello within {limits.hello_seconds:g} seconds"
            elif connection.seat == SPECTATOR and limits.idle_spectator_seconds:  # one that says nothing is let go
                try:
                    frame = await asyncio.wait_for(ws.receive(), limits.idle_spectator_seconds)
                except TimeoutError:
                    return 1000, f"idle: nothing sent for {limits.idle_spectator_seconds:g} seconds"
            else:
                frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                return None
            raw = frame.get("text")
            if raw is None:
                raw_bytes = frame.get("bytes") or b""
                size = len(raw_bytes)
                raw = raw_bytes.decode("utf-8", "replace")
            else:
                size = len(raw.encode("utf-8", "surrogatepass"))
            seq = connection.table.seq if connection.table is not None else 0
            if not throttle.allow():
                strikes_left -= 1
                rate = limits.messages_per_second
                _error(connection, seq, _id_of_text(raw, size), "throttled", f"more than {rate:g} messages a second")
                if strikes_left <= 0:
                    return 1008, "flooding"
                continue
            try:
                await _handle(manager, connection, raw, size, seq)
            except ElsewhereError as error:
                return Relay(error.address, error.table_id, raw)
            if connection.refused_hellos >= limits.bad_tokens:
                return 1008, f"{connection.refused_hellos} hellos refused (unknown tokens or too many hellos)"
    except WebSocketDisconnect:
        return None


def _error(connection: Connection, seq: int, reply_to: str | None, code: P.ErrorCode, message: str) -> None:
    connection.send(P.dump(P.ErrorMessage(seq=seq, reply_to=reply_to, code=code, message=message)))


def _id_of_text(raw: str, size: int) -> str | None:
    """The id of a message refused unread (throttled), so that its sender knows which one was refused."""
    if size > P.MAX_MESSAGE_BYTES:
        return None
    try:
        return _id_of(json.loads(raw))
    except (ValueError, RecursionError):
        return None


def _id_of(data: Any) -> str | None:
    if isinstance(data, dict):
        value = data.get("id")
        if isinstance(value, str) and 0 < len(value) <= P.MAX_ID_LENGTH:
            return value
    return None


async def _handle(manager: TableManager, connection: Connection, raw: str, size: int, seq: int) -> None:
    if size > P.MAX_MESSAGE_BYTES:
        limit = P.MAX_MESSAGE_BYTES
        _error(connection, seq, None, "too_large", f"a message is at most {limit} bytes, not {size}")
        return
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, and ints past the digit limit
        _error(connection, seq, None, "malformed", f"not JSON: {error}")
        return
    try:
        message = P.CLIENT_ADAPTER.validate_python(data)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'message'}: {e['msg']}" for e in error.errors()[:5]
        )
        _error(connection, seq, _id_of(data), "invalid", problems)
        return
    try:
        if isinstance(message, P.Hello):
            if connection.table is not None:
                raise TableError("already_joined", "this connection has joined a table already")
            await manager.hello(connection, message)
        elif isinstance(message, P.Act):
            await manager.act(connection, message)
        elif isinstance(message, P.RematchRequest):
            manager.seen(connection)
            await manager.rematch(connection)
        elif isinstance(message, P.Chat):
            manager.seen(connection)
            manager.chat(connection, message)
        elif isinstance(message, P.HintRequest):
            manager.seen(connection)
            manager.hint(connection, message)  # answered once worked out; meanwhile this connection goes on
        else:
            if connection.table is None:
                raise TableError("not_joined", "say hello with a token first")
            manager.seen(connection)
            connection.send(connection.table.view_message(connection.seat, message.id))
    except TableError as error:
        now = connection.table.seq if connection.table is not None else seq
        _error(connection, now, message.id, error.code, str(error))
    except RateLimitedError as error:
        now = connection.table.seq if connection.table is not None else seq
        _error(connection, now, message.id, "limited", f"{error} (in {error.retry_after} s)")
