"""The browser's score pad: its page and files, its rule tables, and pads shared read-only (one APIRouter).

    GET  /pad                      the score pad page (web/pad.html); ``/pad#watch=ID`` watches a shared pad
    GET  /pad-sw.js                its service worker (at the root, so that its scope may be ``/pad``)
    GET  /pad/manifest.webmanifest the web app manifest (installable; start_url /pad)
    GET  /pad/rules                the core's tables for every rule set a pad keeps (``core.pad_rules.pad_catalog``)
    POST /pads                     share a pad: its sheet; the answer holds the id and the write key (to the creator
                                   only: the database keeps the key's SHA-256)
    PUT  /pads/{id}                the sheet again, with ``Authorization: Bearer KEY``
    GET  /pads/{id}                the sheet as last sent, with its version (a watcher polls it)

A sheet (``SharedSheet``, format ``wizardcards-pad/1``, or ``/2`` for a game with special cards) is what the page
keeps of a game: the names, the rule set (``RuleSet.to_dict`` form, checked by the core), the first dealer, the
scorekeeper, and the entries of each Wizard round (bids, tricks; with special cards the Cloud's change of the bids
and the tricks won by nobody) or Wily Wizards hand (high bidder, bid, teammates' calls, trump, the bidder team's
tricks).
Bodies are strict (no unknown field, no "1" for 1), bounded, and names hold no control characters. The server does
not score a sheet: watchers score it with the same tables as the keeper. Pads a client may share are limited per
minute (``limits.ClientLimits``, ``Limits.tables_per_minute``), and so are its updates (``hellos_per_minute``). A pad
its keeper has not changed for ``Limits.pad_days`` expires (watching it does not keep it: anyone may watch), and the
server keeps at most ``Limits.max_shared_pads``: past it, a new pad is refused until old ones expire.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, model_validator
from sqlalchemy import delete, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ..core import Game, ImpossibleRulesError, RuleSet
from ..core.pad_rules import pad_catalog
from .credentials import digest
from .db import SharedPadRow, make_engine
from .limits import ClientLimits, Limits, RateLimitedError
from .protocol import Name, could_be_id

SHEET_FORMAT = "wizardcards-pad/1"
SHEET_FORMAT_SPECIAL = "wizardcards-pad/2"  # /1 with the special cards: bid_changes and bombed per round
MAX_ROUNDS = 60  # a Wizard schedule (Double Down for 3 players has 40)
MAX_HANDS = 300  # Wily Wizards hands, thrown-in ones included
ID_BYTES = 12
KEY_BYTES = 24

Count = Annotated[StrictInt, Field(ge=0, le=60)]
Seat = Annotated[StrictInt, Field(ge=0, le=6)]
Counts = Annotated[list[Count], Field(min_length=3, max_length=7)]
CardName = Annotated[StrictStr, Field(max_length=16)]
RuleValue = (StrictStr | StrictInt | StrictBool | Annotated[list[StrictInt], Field(max_length=MAX_ROUNDS)]
             | Annotated[list[CardName], Field(max_length=7)] | None)
Change = Annotated[StrictInt, Field(ge=-1, le=1)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class WizardRound(_Strict):
    bids: Counts | None = None
    tricks: Counts | None = None
    bid_changes: Annotated[list[Change], Field(min_length=3, max_length=7)] | None = None  # the Cloud's, per seat
    bombed: Annotated[StrictInt, Field(ge=0, le=1)] = 0  # tricks won by nobody (the Bomb's)


class WilyHand(_Strict):
    high_bidder: Seat | None = None  # None: every player passed, the hand was thrown in
    bid: Count | None = None
    calls: Counts | None = None  # Partners' Bids Combined: each seat's highest call (0: passed only)
    trump: Literal["clubs", "diamonds", "hearts", "spades", "none"] | None = None
    tricks: Count | None = None  # the high bidder's team's tricks; None: not played yet


class SharedSheet(_Strict):
    format: Literal["wizardcards-pad/1", "wizardcards-pad/2"]
    title: Name | None = None
    names: Annotated[list[Name], Field(min_length=3, max_length=7)]
    rules: Annotated[dict[Annotated[str, Field(max_length=32)], RuleValue], Field(max_length=32)]
    first_dealer: Seat
    scorekeeper: Seat
    rounds: Annotated[list[WizardRound], Field(max_length=MAX_ROUNDS)] = []
    hands: Annotated[list[WilyHand], Field(max_length=MAX_HANDS)] = []

    @model_validator(mode="after")
    def _fits_its_rules(self) -> SharedSheet:
        try:
            rules = RuleSet.from_dict(dict(self.rules))
        except ImpossibleRulesError as error:
            raise ValueError(f"rules: {error}") from None
        players = len(self.names)
        if rules.players != players:
            raise ValueError(f"rules: {rules.players} players, but {players} names")
        if len(set(self.names)) != players:
            raise ValueError("names: no two players the same")
        if self.first_dealer >= players or self.scorekeeper >= players:
            raise ValueError(f"first_dealer and scorekeeper are seats 0..{players - 1}")
        if rules.game is Game.WIZARD and (self.hands or len(self.rounds) > rules.rounds):
            raise ValueError(f"a Wizard sheet has rounds (at most {rules.rounds}), no hands")
        if rules.game is Game.WILY and self.rounds:
            raise ValueError("a Wily Wizards sheet has hands, no rounds")
        if (self.format == SHEET_FORMAT_SPECIAL) != bool(rules.special_cards):
            raise ValueError("format wizardcards-pad/2 is a sheet with special cards, /1 one without")
        if not rules.special_cards and any(r.bid_changes is not None or r.bombed for r in self.rounds):
            raise ValueError("bid_changes and bombed are entries of the special cards")
        for entry in [*self.rounds, *self.hands]:
            for values in (getattr(entry, "bids", None), getattr(entry, "tricks", None), getattr(entry, "calls", None),
                           getattr(entry, "bid_changes", None)):
                if isinstance(values, list) and len(values) != players:
                    raise ValueError(f"one number per player ({players}), not {len(values)}")
        return self


def pads_router(db_url: str, web: Path, limits: Limits, limits_storage: str | None = None) -> APIRouter:
    """The pad's routes for the database at ``db_url`` (the app's; its schema is upgraded by the app's lifespan)."""
    router = APIRouter()
    clients = ClientLimits(limits, limits_storage, "pads")  # counts of its own: sharing a pad is not creating a table
    engine: Callable[[], Engine] = cache(lambda: make_engine(db_url))

    def file(path: Path, media_type: str) -> FileResponse:
        if not path.is_file():
            raise HTTPException(404, f"the score pad is not installed here ({path.name} is missing)")
        # no-cache: asked again each time (a 304 while unchanged), so a phone online always gets the newest pad
        return FileResponse(path, media_type=media_type, headers={"Cache-Control": "no-cache"})

    @router.get("/pad", include_in_schema=False)
    def pad_page() -> FileResponse:
        return file(web / "pad.html", "text/html")

    @router.get("/pad-sw.js", include_in_schema=False)
    def service_worker() -> FileResponse:
        return file(web / "pad" / "sw.js", "text/javascript")

    @router.get("/pad/manifest.webmanifest", include_in_schema=False)
    def manifest() -> FileResponse:
        return file(web / "pad" / "manifest.webmanifest", "application/manifest+json")

    @router.get("/pad/rules")
    def rules() -> Response:
        return Response(_catalog_text(), media_type="application/json", headers={"Cache-Control": "no-cache"})

    def limited(kind: str, what: str, client: str) -> None:
        try:
            clients.hit(kind, client)
        except RateLimitedError as error:
            raise HTTPException(429, f"too many {what} from this address: try again later",
                                headers={"Retry-After": str(error.retry_after)}) from None

    def cutoff() -> datetime:
        """Pads last changed before this have expired (``pad_days`` 0: none expire)."""
        if not limits.pad_days:
            return datetime.min.replace(tzinfo=UTC)
        return datetime.now(UTC) - timedelta(days=limits.pad_days)

    def live_pad(db: Session, pad_id: str) -> SharedPadRow:
        row = None if len(pad_id) > 32 or not could_be_id(pad_id) else db.scalar(
            select(SharedPadRow).where(SharedPadRow.id == pad_id, SharedPadRow.updated_at >= cutoff()))
        if row is None:
            raise HTTPException(404, f"no shared pad {pad_id!r} (a pad its keeper leaves unchanged for "
                                     f"{limits.pad_days:g} days expires)")
        return row

    @router.post("/pads", status_code=201)
    def share(sheet: SharedSheet, request: Request) -> dict[str, Any]:
        client = _client_of(request)
        limited("tables", "shared pads", client)
        pad_id, key = secrets.token_urlsafe(ID_BYTES), secrets.token_urlsafe(KEY_BYTES)
        with Session(engine()) as db, db.begin():
            db.execute(delete(SharedPadRow).where(SharedPadRow.updated_at < cutoff()))  # the expired ones go
            if (db.scalar(select(func.count()).select_from(SharedPadRow)) or 0) >= limits.max_shared_pads:
                raise HTTPException(429, f"this server keeps at most {limits.max_shared_pads} shared pads and has "
                                         "that many: try again once old ones expire", headers={"Retry-After": "3600"})
            db.add(SharedPadRow(id=pad_id, key_digest=digest(key), sheet=_text(sheet), version=1, client=client))
        return {"id": pad_id, "key": key, "version": 1, "watch": f"/pad#watch={pad_id}"}

    @router.put("/pads/{pad_id}")
    def update(pad_id: str, sheet: SharedSheet, request: Request,
               authorization: Annotated[str | None, Header(max_length=256)] = None) -> dict[str, Any]:
        limited("hellos", "pad updates", _client_of(request))
        key = (authorization or "").removeprefix("Bearer ").strip()
        with Session(engine()) as db, db.begin():
            row = live_pad(db, pad_id)
            if not key or not secrets.compare_digest(digest(key), row.key_digest):
                raise HTTPException(403, "only the pad's keeper may change it (the key of its creation answer)")
            row.sheet, row.version, row.updated_at = _text(sheet), row.version + 1, datetime.now(UTC)
            return {"id": pad_id, "version": row.version}

    @router.get("/pads/{pad_id}")
    def watch(pad_id: str) -> Response:
        with Session(engine()) as db:
            row = live_pad(db, pad_id)
            body = {"id": row.id, "version": row.version, "updated_at": row.updated_at.isoformat(),
                    "sheet": json.loads(row.sheet)}
        return JSONResponse(body, headers={"Cache-Control": "no-store"})

    return router


@cache
def _catalog_text() -> str:
    return json.dumps(pad_catalog(), separators=(",", ":"))


def _text(sheet: SharedSheet) -> str:
    if sheet.format == SHEET_FORMAT_SPECIAL:
        return sheet.model_dump_json(exclude_none=False)
    # a sheet of the 60 cards is kept as format /1 was, without the special cards' entries
    return sheet.model_dump_json(exclude_none=False, exclude={"rounds": {"__all__": {"bid_changes", "bombed"}}})


def _client_of(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"
