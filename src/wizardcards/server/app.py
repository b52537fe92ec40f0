"""The FastAPI application: HTTP endpoints for tables and records, the browser client's pages, and the WebSocket
that speaks the protocol.

    GET  /, /play, /replay/{id}       the browser client's one page (web/index.html); its files under /static
    GET  /meta                        games, presets, rule options and bots, for a create-table form (meta.py)
    POST /tables                      create a table: game, preset, players, rule options, seats (human or bot), hints
    GET  /tables[?status=finished]    list tables;  GET /tables/{id}: one table (no seed, no tokens)
    POST /tables/{id}/join            take the lowest free human seat of a waiting table (its token)
    GET  /tables/{id}/record          the GameRecord of a finished game (a running game's seed would show every hand)
    GET  /tables/{id}/replay          a finished game step by step: public view and every hand (gzip when asked)
    GET  /tables/{id}/sheet           the score sheet as every seat sees it
    GET  /players/{name}/stats        finished games, wins and mean Wizard score of the seats with that name
    GET  /protocol.schema.json        the JSON Schema of every protocol message
    WS   /ws                          the protocol (protocol.py)
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal, cast

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, ValidationError

from ..core import ImpossibleRulesError, RuleSet, rules_for
from . import protocol as P
from .db import default_url, make_engine, upgrade
from .meta import meta
from .tables import Connection, LiveTable, NoSeatError, TableError, TableManager

WEB = Path(__file__).with_name("web")  # the browser client (plain files, shipped as package data)


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(min_length=1, max_length=64)]
    bot: Annotated[str | None, Field(max_length=128)] = None  # a bot spec ("rulebased", "search:level=1"); None: human
    open: StrictBool = False  # a human seat POST /tables/{id}/join may hand out; else only its invite link takes it
    claimed: StrictBool = False  # taken already (the creator's own seat): never handed out


class TableRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["wizard", "wily"] = "wizard"
    preset: str | None = None
    players: Annotated[int | None, Field(ge=3, le=7)] = None
    options: dict[str, Any] = Field(default_factory=dict)  # RuleSet fields over the preset's
    seats: list[SeatRequest] | None = None  # default: every seat human
    turn_seconds: Annotated[float | None, Field(gt=0, le=86400)] = None  # then a stand-in bot plays for the seat
    grace_seconds: Annotated[float | None, Field(ge=0, le=86400)] = None  # for a seat whose connection is gone
    hints: StrictBool = True  # seats may ask for hints (true or false: no "yes" read as true)


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: P.Name


def rules_of(request: TableRequest) -> RuleSet:
    """The table's rule set: the preset (default: the game's own), for the players asked, the options over it. Only
    the core builds it (``find_rules``, ``RuleSet.from_dict``): a wrong type, an option of the other game or an
    impossible combination is refused (422) in the core's words, which name the option."""
    try:
        base = rules_for(request.game, request.preset, request.players)
        outside = sorted({"game", "players"} & set(request.options))
        if outside:  # the request's own fields: an option could turn a Wizard table into Wily Wizards
            raise ImpossibleRulesError(f"set {' and '.join(outside)} in the request itself, not among its options")
        if request.options:
            return RuleSet.from_dict({**base.to_dict(), **request.options})
        return base
    except ImpossibleRulesError as error:
        raise HTTPException(422, str(error)) from None


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


def create_app(
    db_url: str | None = None, *, rate: float = 100.0, burst: float = 200.0, strikes: int = 50, web: Path = WEB
) -> FastAPI:
    """The server for the database at ``db_url`` (default: a SQLite file in the user's data directory).

    A connection sending more than ``rate`` messages a second (after a burst of ``burst``) gets ``throttled`` errors
    and is closed after ``strikes`` of them; other connections are not affected. ``web`` is the browser client's
    directory (its ``index.html`` is the page of ``/``, ``/play`` and ``/replay/{id}``; the rest is under /static)."""
    url = db_url or default_url()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(url)
        upgrade(engine)
        manager = TableManager(engine)
        manager.load_unfinished()
        app.state.manager = manager
        await manager.start_ready()
        yield
        manager.close()
        engine.dispose()

    app = FastAPI(title="wizardcards server", lifespan=lifespan)
    # HTTP only (WebSockets pass through): a replay is a few hundred views, the client's files are text
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    if web.is_dir():
        app.mount("/static", StaticFiles(directory=web), name="static")

    def manager() -> TableManager:
        return cast(TableManager, app.state.manager)  # set by the lifespan above (Starlette's state is untyped)

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
        return meta()

    @app.get("/protocol.schema.json")
    def schema() -> dict[str, Any]:
        return P.protocol_schema()

    @app.post("/tables", status_code=201)
    async def create_table(request: TableRequest) -> dict[str, Any]:
        rules = rules_of(request)
        seats = request.seats or [SeatRequest(name=f"Player {s + 1}") for s in range(rules.players)]
        for number, seat in enumerate(seats):
            if seat.bot is not None and (seat.open or seat.claimed):
                raise HTTPException(422, f"seat {number} is a bot: only a human seat is open or claimed")
        try:
            table = manager().create(
                rules, [(s.name, s.bot) for s in seats], request.turn_seconds, request.grace_seconds, request.hints,
                open_seats={n for n, s in enumerate(seats) if s.open},
                claimed={n for n, s in enumerate(seats) if s.claimed},
            )
        except TableError as error:  # the seats do not fit the rules, or a bot spec names no bot
            raise HTTPException(422, str(error)) from None
        await manager().start_ready()
        return {
            **table.summary(),
            "seats": [
                {"seat": i, "name": table.names[i], "bot": table.bots[i], "token": token,
                 "invite": f"/play?token={token}"}
                for i, token in enumerate(table.tokens) if table.bots[i] is None
            ],
            "spectator_token": table.spectator_token,
            "spectator": f"/play?token={table.spectator_token}",
        }

    @app.get("/tables")
    def list_tables(status: Literal["waiting", "playing", "finished"] | None = None) -> list[dict[str, Any]]:
        return manager().list(status)

    def find_table(table_id: str) -> LiveTable:
        table = manager().find(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return table

    @app.get("/tables/{table_id}")
    def get_table(table_id: str) -> dict[str, Any]:
        table = find_table(table_id)
        return table.summary()

    @app.get("/tables/{table_id}/sheet")
    def get_sheet(table_id: str) -> dict[str, Any]:
        table = find_table(table_id)
        return table.sheet()

    @app.get("/players/{name}/stats")
    def player_stats(name: str) -> dict[str, Any]:
        return manager().player_stats(name)

    @app.post("/tables/{table_id}/join")
    async def join_table(table_id: str, request: JoinRequest) -> dict[str, Any]:
        try:
            claimed = await manager().claim(table_id, request.name)
        except NoSeatError as error:
            raise HTTPException(409, str(error)) from None
        if claimed is None:
            raise HTTPException(404, f"no table {table_id!r}")
        table, seat = claimed
        token = table.tokens[seat]
        return {"table": table.id, "seat": seat, "token": token, "invite": f"/play?token={token}"}

    @app.get("/tables/{table_id}/replay")
    async def get_replay(table_id: str) -> Response:
        table = find_table(table_id)
        try:
            text = await manager().replay(table)
        except TableError as error:
            raise HTTPException(409, str(error)) from None
        return Response(text, media_type="application/json")

    @app.get("/tables/{table_id}/record")
    def get_record(table_id: str) -> dict[str, Any]:
        table = find_table(table_id)
        if table.status != "finished":
            raise HTTPException(409, "a record is published once the game is over (its seed reveals every hand)")
        return manager().record(table).to_dict()

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        connection = Connection(send=ws.send_text)
        throttle = Throttle(rate, burst)
        strikes_left = strikes
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
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
                    await _error(connection, seq, None, "throttled", f"more than {rate:g} messages a second")
                    if strikes_left <= 0:
                        await ws.close(code=1008, reason="flooding")
                        break
                    continue
                await _handle(manager(), connection, raw, size, seq)
        except WebSocketDisconnect:
            pass
        finally:
            await manager().disconnect(connection)

    return app


async def _error(connection: Connection, seq: int, reply_to: str | None, code: P.ErrorCode, message: str) -> None:
    await connection.send(P.dump(P.ErrorMessage(seq=seq, reply_to=reply_to, code=code, message=message)))


def _id_of(data: Any) -> str | None:
    if isinstance(data, dict):
        value = data.get("id")
        if isinstance(value, str) and 0 < len(value) <= P.MAX_ID_LENGTH:
            return value
    return None


async def _handle(manager: TableManager, connection: Connection, raw: str, size: int, seq: int) -> None:
    if size > P.MAX_MESSAGE_BYTES:
        limit = P.MAX_MESSAGE_BYTES
        await _error(connection, seq, None, "too_large", f"a message is at most {limit} bytes, not {size}")
        return
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, and ints past the digit limit
        await _error(connection, seq, None, "malformed", f"not JSON: {error}")
        return
    try:
        message = P.CLIENT_ADAPTER.validate_python(data)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'message'}: {e['msg']}" for e in error.errors()[:5]
        )
        await _error(connection, seq, _id_of(data), "invalid", problems)
        return
    try:
        if isinstance(message, P.Hello):
            if connection.table is not None:
                raise TableError("already_joined", "this connection has joined a table already")
            await manager.join(connection, message)
        elif isinstance(message, P.Act):
            await manager.act(connection, message)
        elif isinstance(message, P.RematchRequest):
            manager.seen(connection)
            await manager.rematch(connection)
        elif isinstance(message, P.Chat):
            manager.seen(connection)
            await manager.chat(connection, message)
        elif isinstance(message, P.HintRequest):
            manager.seen(connection)
            manager.hint(connection, message)  # answered once worked out; meanwhile this connection goes on
        else:
            if connection.table is None:
                raise TableError("not_joined", "say hello with a token first")
            manager.seen(connection)
            await connection.send(connection.table.view_message(connection.seat, message.id))
    except TableError as error:
        now = connection.table.seq if connection.table is not None else seq
        await _error(connection, now, message.id, error.code, str(error))
