"""Accounts with passkeys: who a person is when they want to be someone (docs/accounts.md).

An account is a name and one or more passkeys (WebAuthn credentials, verified with the ``webauthn`` library); signing
up or in opens a session (``sessions.py``). Each ceremony is two requests: ``.../options`` makes a challenge, kept in
``webauthn_challenges`` (so that the second request may reach another worker of a cluster) and used once; the page
hands the options to ``navigator.credentials`` and posts the credential back. Sign-in asks for a discoverable
credential with no name given, so nothing tells whether an account exists.

    POST   /accounts/options           {name}                     -> {ceremony, publicKey}   sign up, step 1
    POST   /accounts                   {ceremony, credential, label?} -> 201 {account} + cookie   step 2
    POST   /session/options            {}                         -> {ceremony, publicKey}   sign in, step 1
    POST   /session                    {ceremony, credential}     -> {account} + cookie      step 2
    POST   /session/end                sign out this browser
    GET    /account                    {name, kind, passkeys, sessions} (401 for a guest)
    POST   /account/passkeys/options   -> {ceremony, publicKey}   another passkey, step 1
    POST   /account/passkeys           {ceremony, credential, label?} -> 201 {passkey}   step 2
    DELETE /account/passkeys/{id}      (409 for the last one)
    POST   /account/sessions/end       sign out everywhere (every session, every open WebSocket)
    DELETE /account                    its seats keep their games, named "deleted player"

Names (``account_name``): 1 to 32 characters after NFKC and trimming, no control characters, unique after NFKC and
case folding, and none that reads as a bot's (``imitates_a_bot``).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi import Path as PathPart
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr
from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from webauthn import (
    base64url_to_bytes,
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from ..bots import BOTS
from ..bots.names import BOT_NAMES
from . import protocol as P
from .db import AccountRow, AccountSessionRow, ChallengeRow, FinishedGameRow, PasskeyRow, SeatRow
from .limits import ClientLimits, Limits, network_of
from .relying import RelyingParty
from .sessions import (
    DELETED_NAME,
    Account,
    Sessions,
    clear_session_cookie,
    set_session_cookie,
    signed_in,
)

MAX_NAME = 32
CEREMONY_SECONDS = 300  # a ceremony begun must be finished within this (the browser's own timeout is the same)
MAX_CREDENTIAL_BYTES = 16384  # a credential's JSON: its attestation object is the largest part (no certificates)
PRIVATE = {"Cache-Control": "no-store"}  # one person's answers: kept by no cache, shared or the browser's
SIGN_IN_FAILED = "sign-in failed: this passkey is not known here, or it could not be verified"
PERSON = "person"
# the words no person's name may start with or be: the bots' own names at a table, the registry's, the labels
BOT_WORDS = sorted({name.casefold() for name in BOT_NAMES} | {name.casefold() for name in BOTS}
                   | {"rulebased", "search", "random", "standin", "stand-in"})


class BadName(ValueError):
    """A name an account may not have: why, in words for the person typing it."""


def name_key(name: str) -> str:
    """The key two names are the same by: NFKC, case folded, NFKC again (folding can undo the normal form)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def _skeleton(key: str) -> str:
    """The letters and digits of a name key, nothing else: "Search-2", "s e a r c h" and "search" read alike."""
    return "".join(ch for ch in key if ch.isalnum())


def imitates_a_bot(key: str) -> bool:
    """Whether a name (its ``name_key``) reads as a bot's: it is, or starts with, a bot's name or a registry's bot
    ("Merlin", "search2", "Rule-based player"), ends in "bot" ("Searchbot", "Talbot" too: the price of simplicity), or
    has the word "bot" or "bots" in it; or it is what a deleted account's seats show."""
    skeleton = _skeleton(key)
    words = "".join(ch if ch.isalnum() else " " for ch in key).split()
    return (any(skeleton.startswith(_skeleton(word)) for word in BOT_WORDS) or skeleton.endswith("bot")
            or bool({"bot", "bots"} & set(words)) or skeleton == _skeleton(DELETED_NAME))


def account_name(raw: str) -> tuple[str, str]:
    """The name to store (NFKC, trimmed) and its key, or ``BadName`` saying why it cannot be an account's."""
    name = unicodedata.normalize("NFKC", raw).strip()
    if not name:
        raise BadName("a name needs at least one character")
    if len(name) > MAX_NAME:
        raise BadName(f"a name is at most {MAX_NAME} characters")
    if not P.printable(name):
        raise BadName("a name has no control characters")
    key = name_key(name)
    if len(key) > 64:
        raise BadName("this name is too long once its letters are folded")
    if imitates_a_bot(key):
        raise BadName("this name reads as a bot's: choose another")
    return name, key


# --- the database (each function runs in a worker thread) -------------------------------------------------------

@dataclass(frozen=True)
class Challenge:
    challenge: bytes
    purpose: str
    account_id: str | None
    name: str | None


@dataclass(frozen=True)
class Passkey:
    id: str
    account_id: str
    public_key: bytes
    sign_count: int


class AccountStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.to_thread(function, *args)

    def begin(self, challenge: bytes, purpose: str, account_id: str | None = None, name: str | None = None) -> str:
        """A ceremony begun: its id (for the page to send back). The expired ones go at the same time."""
        ceremony = secrets.token_hex(16)
        now = datetime.now(UTC)
        with self.engine.begin() as db:
            db.execute(delete(ChallengeRow).where(ChallengeRow.expires_at < now))
            db.execute(insert(ChallengeRow).values(
                id=ceremony, challenge=challenge, purpose=purpose, account_id=account_id, name=name,
                expires_at=now + timedelta(seconds=CEREMONY_SECONDS)))
        return ceremony

    def take(self, ceremony: str, purpose: str) -> Challenge | None:
        """A ceremony's challenge, used up (whoever deletes the row has it: two requests cannot both finish it)."""
        with self.engine.begin() as db:
            row = db.execute(select(ChallengeRow.challenge, ChallengeRow.purpose, ChallengeRow.account_id,
                                    ChallengeRow.name, ChallengeRow.expires_at)
                             .where(ChallengeRow.id == ceremony)).first()
            if row is None:
                return None
            found = Challenge(row.challenge, row.purpose, row.account_id, row.name)
            expired = _utc(row.expires_at) < datetime.now(UTC)
            if db.execute(delete(ChallengeRow).where(ChallengeRow.id == ceremony)).rowcount != 1:
                return None
        return None if expired or found.purpose != purpose else found

    def name_taken(self, key: str) -> bool:
        with self.engine.connect() as db:
            return db.scalar(select(AccountRow.id).where(AccountRow.name_key == key)) is not None

    def create(self, account_id: str, name: str, key: str, passkey: dict[str, Any]) -> None:
        """A new account and its first passkey; ``IntegrityError`` when its name (or passkey) was taken meanwhile."""
        now = datetime.now(UTC)
        with self.engine.begin() as db:
            db.execute(insert(AccountRow).values(
                id=account_id, name=name, name_key=key, kind=PERSON, created_at=now))
            db.execute(insert(PasskeyRow).values(account_id=account_id, created_at=now, **passkey))

    def add_passkey(self, account_id: str, passkey: dict[str, Any]) -> None:
        with self.engine.begin() as db:
            db.execute(insert(PasskeyRow).values(account_id=account_id, created_at=datetime.now(UTC),
                                                            **passkey))

    def passkey(self, credential_id: str) -> Passkey | None:
        """A passkey of a live account."""
        with self.engine.connect() as db:
            row = db.execute(select(PasskeyRow.id, PasskeyRow.account_id, PasskeyRow.public_key, PasskeyRow.sign_count)
                             .join(AccountRow, AccountRow.id == PasskeyRow.account_id)
                             .where(PasskeyRow.id == credential_id, AccountRow.deleted_at.is_(None))).first()
        return None if row is None else Passkey(row[0], row[1], row[2], row[3])

    def used(self, credential_id: str, old_count: int, new_count: int) -> bool:
        """Record a passkey's use; False when another sign-in with the same count got there first (a replay)."""
        with self.engine.begin() as db:
            return db.execute(update(PasskeyRow).where(
                PasskeyRow.id == credential_id, PasskeyRow.sign_count == old_count,
            ).values(sign_count=new_count, last_used_at=datetime.now(UTC))).rowcount == 1

    def account(self, account_id: str) -> Account | None:
        with self.engine.connect() as db:
            row = db.execute(select(AccountRow.id, AccountRow.name, AccountRow.kind).where(
                AccountRow.id == account_id, AccountRow.deleted_at.is_(None))).first()
        return None if row is None else Account(row[0], row[1], row[2])

    def by_name(self, name: str) -> Account | None:
        """The live account of a name, as typed by anyone (compared by ``name_key``: "ALICE" finds Alice)."""
        with self.engine.connect() as db:
            row = db.execute(select(AccountRow.id, AccountRow.name, AccountRow.kind).where(
                AccountRow.name_key == name_key(name.strip()), AccountRow.deleted_at.is_(None))).first()
        return None if row is None else Account(row[0], row[1], row[2])

    def passkeys(self, account_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as db:
            rows = db.execute(select(PasskeyRow.id, PasskeyRow.label, PasskeyRow.created_at, PasskeyRow.last_used_at,
                                     PasskeyRow.transports)
                              .where(PasskeyRow.account_id == account_id).order_by(PasskeyRow.created_at)).all()
        return [{"id": r[0], "label": r[1], "created_at": _utc(r[2]).isoformat(),
                 "last_used_at": None if r[3] is None else _utc(r[3]).isoformat(), "transports": json.loads(r[4])}
                for r in rows]

    def remove_passkey(self, account_id: str, credential_id: str) -> str:
        """"removed", "unknown" (not this account's) or "last" (an account keeps one passkey at least)."""
        with self.engine.begin() as db:
            mine = db.execute(select(PasskeyRow.id).where(PasskeyRow.account_id == account_id)
                              .with_for_update()).scalars().all()
            if credential_id not in mine:
                return "unknown"
            if len(mine) <= 1:
                return "last"
            db.execute(delete(PasskeyRow).where(PasskeyRow.id == credential_id, PasskeyRow.account_id == account_id))
        return "removed"

    def delete(self, account_id: str) -> list[str]:
        """Delete an account: its passkeys and sessions gone, its name freed, its seats named "deleted player" (and
        the stored summaries of their finished games dropped, to be made again with that name). Returns the ids of
        the tables it sat at."""
        with self.engine.begin() as db:
            db.execute(delete(PasskeyRow).where(PasskeyRow.account_id == account_id))
            db.execute(delete(AccountSessionRow).where(AccountSessionRow.account_id == account_id))
            db.execute(update(AccountRow).where(AccountRow.id == account_id).values(
                name=DELETED_NAME, name_key=None, deleted_at=datetime.now(UTC)))
            tables = list(db.scalars(select(SeatRow.table_id).distinct().where(SeatRow.account_id == account_id)))
            db.execute(update(SeatRow).where(SeatRow.account_id == account_id).values(name=DELETED_NAME))
            if tables:
                db.execute(delete(FinishedGameRow).where(FinishedGameRow.table_id.in_(tables)))
        return tables


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


# --- the requests --------------------------------------------------------------------------------------------------

class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Label = Annotated[StrictStr, Field(max_length=64)]
CeremonyId = Annotated[StrictStr, Field(min_length=1, max_length=64)]


class NameRequest(_Strict):
    name: Annotated[StrictStr, Field(max_length=256)]


class EmptyRequest(_Strict):
    pass


class CredentialRequest(_Strict):
    ceremony: CeremonyId
    credential: dict[str, Any]  # PublicKeyCredential.toJSON(), checked by the webauthn library
    label: Label | None = None


def _transports(credential: dict[str, Any]) -> str:
    response = credential.get("response")
    given = response.get("transports") if isinstance(response, dict) else None
    known = {t.value for t in AuthenticatorTransport}
    kept = [t for t in given if isinstance(t, str) and t in known] if isinstance(given, list) else []
    return json.dumps(kept[:8])


def _options(options: Any) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(options_to_json(options))
    return parsed


def _credential_size(credential: dict[str, Any]) -> None:
    if len(json.dumps(credential)) > MAX_CREDENTIAL_BYTES:
        raise HTTPException(422, "this credential is larger than any passkey's")


async def account_of(request: Request) -> tuple[Account, str]:
    """The dependency of the routes of one's own account: the account and its session's digest (401 for a guest)."""
    found = await signed_in(request)
    if found is None:
        raise HTTPException(401, "sign in first")
    return found


Signed = Annotated[tuple[Account, str], Depends(account_of)]


def accounts_router(limits: Limits, relying: RelyingParty, client_of: Callable[[Request], str]) -> APIRouter:
    """The routes of accounts, passkeys and sessions (``app.state.accounts`` and ``app.state.sessions`` are set by
    the app's lifespan; ``app.state.signed_in`` holds the open WebSockets of signed-in accounts)."""
    router = APIRouter()

    def store(request: Request) -> AccountStore:
        found: AccountStore = request.app.state.accounts
        return found

    def sessions(request: Request) -> Sessions:
        found: Sessions = request.app.state.sessions
        return found

    def counts(request: Request) -> ClientLimits:
        found: ClientLimits = request.app.state.manager.clients
        return found

    def opened(request: Request, account: Account, status: int = 200) -> Response:
        session_id = sessions(request).open(account.id)  # in this thread: the row must exist before the answer
        response = JSONResponse({"account": {"name": account.name, "kind": account.kind}}, status, headers=PRIVATE)
        set_session_cookie(response, request, session_id, limits.session_days)
        return response

    def registration(request: Request, account_id: str, name: str, exclude: list[str]) -> tuple[bytes, Any]:
        options = generate_registration_options(
            rp_id=relying.rp_id(request), rp_name=relying.name, user_id=account_id.encode("ascii"), user_name=name,
            user_display_name=name, timeout=CEREMONY_SECONDS * 1000,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.REQUIRED),
            exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in exclude],
        )
        return options.challenge, options

    def verified_passkey(request: Request, challenge: Challenge, body: CredentialRequest) -> dict[str, Any]:
        _credential_size(body.credential)
        try:
            verified = verify_registration_response(
                credential=body.credential, expected_challenge=challenge.challenge,
                expected_rp_id=relying.rp_id(request), expected_origin=relying.origins(request),
                require_user_verification=True)
        except WebAuthnException as error:
            raise HTTPException(400, f"the passkey could not be verified: {error}") from None
        except Exception:  # whatever a stranger's malformed credential makes the parser raise: refused, never a 500
            raise HTTPException(400, "the passkey could not be verified: a malformed credential") from None
        return {"id": bytes_to_base64url(verified.credential_id), "public_key": verified.credential_public_key,
                "sign_count": verified.sign_count, "transports": _transports(body.credential),
                "label": (body.label or "").strip()[:64] or "passkey"}

    @router.post("/accounts/options")
    async def sign_up_options(body: NameRequest, request: Request) -> dict[str, Any]:
        client = client_of(request)
        counts(request).hit("signups", network_of(client))
        try:
            name, key = account_name(body.name)
        except BadName as error:
            raise HTTPException(422, str(error)) from None
        # names are public (they sit at tables and have profiles): that one is taken may be said
        if await store(request).run(store(request).name_taken, key):
            raise HTTPException(409, "this name is taken: choose another")
        account_id = secrets.token_hex(16)
        challenge, options = registration(request, account_id, name, [])
        ceremony = await store(request).run(store(request).begin, challenge, "register", account_id, name)
        return {"ceremony": ceremony, "publicKey": _options(options)}

    @router.post("/accounts", status_code=201)
    async def sign_up(body: CredentialRequest, request: Request) -> Response:
        challenge = await store(request).run(store(request).take, body.ceremony, "register")
        if challenge is None or challenge.account_id is None or challenge.name is None:
            raise HTTPException(400, "no such ceremony (or it expired): ask for new options")
        passkey = verified_passkey(request, challenge, body)
        name, key = account_name(challenge.name)
        try:
            await store(request).run(store(request).create, challenge.account_id, name, key, passkey)
        except IntegrityError:
            raise HTTPException(409, "this name was taken meanwhile (or this passkey is registered already)") from None
        account = Account(challenge.account_id, name, PERSON)
        return await asyncio.to_thread(opened, request, account, 201)

    @router.post("/session/options")
    async def sign_in_options(body: EmptyRequest, request: Request) -> dict[str, Any]:
        counts(request).hit("signins", network_of(client_of(request)))
        options = generate_authentication_options(
            rp_id=relying.rp_id(request), timeout=CEREMONY_SECONDS * 1000,
            user_verification=UserVerificationRequirement.REQUIRED)
        ceremony = await store(request).run(store(request).begin, options.challenge, "signin")
        return {"ceremony": ceremony, "publicKey": _options(options)}

    @router.post("/session")
    async def sign_in(body: CredentialRequest, request: Request) -> Response:
        _credential_size(body.credential)
        credential_id = body.credential.get("id")
        if not isinstance(credential_id, str) or not 0 < len(credential_id) <= 512:
            raise HTTPException(401, SIGN_IN_FAILED)
        counts(request).hit("signins_per_account", credential_id)  # a known passkey or not: counted alike
        challenge = await store(request).run(store(request).take, body.ceremony, "signin")
        if challenge is None:
            raise HTTPException(400, "no such ceremony (or it expired): ask for new options")
        passkey = await store(request).run(store(request).passkey, credential_id)
        if passkey is None:
            raise HTTPException(401, SIGN_IN_FAILED)
        try:
            verified = verify_authentication_response(
                credential=body.credential, expected_challenge=challenge.challenge,
                expected_rp_id=relying.rp_id(request), expected_origin=relying.origins(request),
                credential_public_key=passkey.public_key, credential_current_sign_count=passkey.sign_count,
                require_user_verification=True)
        except Exception:  # WebAuthnException, and whatever a malformed credential makes the parser raise
            raise HTTPException(401, SIGN_IN_FAILED) from None
        response = body.credential.get("response")
        handle = response.get("userHandle") if isinstance(response, dict) else None
        if handle and handle != bytes_to_base64url(passkey.account_id.encode("ascii")):
            raise HTTPException(401, SIGN_IN_FAILED)
        if not await store(request).run(store(request).used, passkey.id, passkey.sign_count, verified.new_sign_count):
            raise HTTPException(401, SIGN_IN_FAILED)
        account = await store(request).run(store(request).account, passkey.account_id)
        if account is None:
            raise HTTPException(401, SIGN_IN_FAILED)
        return await asyncio.to_thread(opened, request, account)

    @router.post("/session/end")
    async def sign_out(request: Request) -> Response:
        found = await signed_in(request)
        if found is not None:
            await sessions(request).run(sessions(request).end, found[1])
            request.app.state.signed_in.close_session(found[1])
        response = JSONResponse({"signed_out": True})
        clear_session_cookie(response, request)
        return response

    @router.get("/account")
    async def get_account(signed: Signed, request: Request, response: Response) -> dict[str, Any]:
        account = signed[0]
        passkeys = await store(request).run(store(request).passkeys, account.id)
        count = await sessions(request).run(sessions(request).count, account.id)
        response.headers.update(PRIVATE)
        return {"name": account.name, "kind": account.kind, "passkeys": passkeys, "sessions": count}

    @router.post("/account/passkeys/options")
    async def add_passkey_options(body: EmptyRequest, signed: Signed, request: Request) -> dict[str, Any]:
        account = signed[0]
        counts(request).hit("signins_per_account", account.id)
        existing = [p["id"] for p in await store(request).run(store(request).passkeys, account.id)]
        challenge, options = registration(request, account.id, account.name, existing)
        ceremony = await store(request).run(store(request).begin, challenge, "add", account.id)
        return {"ceremony": ceremony, "publicKey": _options(options)}

    @router.post("/account/passkeys", status_code=201)
    async def add_passkey(body: CredentialRequest, signed: Signed, request: Request) -> dict[str, Any]:
        account = signed[0]
        challenge = await store(request).run(store(request).take, body.ceremony, "add")
        if challenge is None or challenge.account_id != account.id:  # another account's ceremony opens nothing
            raise HTTPException(400, "no such ceremony (or it expired): ask for new options")
        passkey = verified_passkey(request, challenge, body)
        try:
            await store(request).run(store(request).add_passkey, account.id, passkey)
        except IntegrityError:
            raise HTTPException(409, "this passkey is registered already") from None
        return {"passkey": {"id": passkey["id"], "label": passkey["label"]}}

    @router.delete("/account/passkeys/{credential_id}")
    async def remove_passkey(credential_id: Annotated[str, PathPart(max_length=512)], signed: Signed,
                             request: Request) -> dict[str, Any]:
        outcome = await store(request).run(store(request).remove_passkey, signed[0].id, credential_id)
        if outcome == "unknown":
            raise HTTPException(404, "this account has no such passkey")
        if outcome == "last":
            raise HTTPException(409, "an account keeps one passkey at least: add another first, or delete the account")
        return {"removed": credential_id}

    @router.post("/account/sessions/end")
    async def sign_out_everywhere(signed: Signed, request: Request) -> Response:
        account = signed[0]
        ended = await sessions(request).run(sessions(request).end_all, account.id)
        request.app.state.signed_in.close_account(account.id)
        response = JSONResponse({"signed_out": ended})
        clear_session_cookie(response, request)
        return response

    @router.delete("/account")
    async def delete_account(signed: Signed, request: Request) -> Response:
        account = signed[0]
        tables = await store(request).run(store(request).delete, account.id)
        request.app.state.signed_in.close_account(account.id)
        request.app.state.manager.account_deleted(account.id, tables)
        response = JSONResponse({"deleted": True})
        clear_session_cookie(response, request)
        return response

    return router

