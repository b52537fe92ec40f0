"""Sessions of signed-in accounts: a random session id in the ``wizard_session`` cookie, its SHA-256 digest in
``account_sessions`` (the id itself is never stored), an expiry ``session_days`` after signing in (the cookie's
``Max-Age`` too), and ``current_account``, the dependency every route and the WebSocket use to know who is signed in.

A session id is accepted from that cookie only: never from a URL or a header of the page's choosing (a link would
carry it into logs, histories and other sites' Referer). State-changing requests that carry the cookie must come from
the server's own pages (``relying.py`` checks ``Origin``); ``SameSite=Lax`` keeps other sites' POSTs from sending it
at all in today's browsers, the ``Origin`` check holds where it does not.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from starlette.requests import HTTPConnection
from starlette.responses import Response

from .credentials import digest, new_token
from .db import AccountRow, AccountSessionRow

SESSION_COOKIE = "wizard_session"
log = logging.getLogger("wizardcards.server")
DELETED_NAME = "deleted player"  # what a deleted account's seats show
SEEN_EVERY = timedelta(hours=1)  # a session's last_seen_at is written at most this often (not at every request)


@dataclass(frozen=True)
class Account:
    """Who is signed in: what the routes and the tables need of an account."""

    id: str
    name: str
    kind: str  # "person" | "bot"


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)  # SQLite hands back naive UTC


class Sessions:
    """The ``account_sessions`` rows: opened at sign-up and sign-in, found for each request, ended at sign-out."""

    def __init__(self, engine: Engine, days: float = 30.0) -> None:
        self.engine = engine
        self.lifetime = timedelta(days=days)

    async def run(self, function: Any, *args: Any) -> Any:
        return await asyncio.to_thread(function, *args)

    # each of these runs in a worker thread (``run``): the event loop never waits for the database

    def open(self, account_id: str) -> str:
        """A new session for ``account_id``: its id, for the cookie (only its digest is stored)."""
        session_id = new_token()
        now = datetime.now(UTC)
        with self.engine.begin() as db:
            db.execute(delete(AccountSessionRow).where(AccountSessionRow.expires_at < now))  # the expired ones go
            db.execute(insert(AccountSessionRow).values(
                digest=digest(session_id), account_id=account_id, created_at=now, expires_at=now + self.lifetime,
                last_seen_at=now))
        return session_id

    def find(self, session_id: str) -> tuple[Account, str] | None:
        """The account of a live session and the session's digest; None for an unknown, expired or deleted one."""
        key = digest(session_id)
        now = datetime.now(UTC)
        with self.engine.begin() as db:
            found = db.execute(
                select(AccountRow.id, AccountRow.name, AccountRow.kind, AccountSessionRow.last_seen_at)
                .join(AccountRow, AccountRow.id == AccountSessionRow.account_id)
                .where(AccountSessionRow.digest == key, AccountSessionRow.expires_at >= now,
                       AccountRow.deleted_at.is_(None))).first()
            if found is None:
                return None
            if now - _utc(found.last_seen_at) >= SEEN_EVERY:
                db.execute(update(AccountSessionRow).where(AccountSessionRow.digest == key).values(last_seen_at=now))
        return Account(found.id, found.name, found.kind), key

    def alive(self, digests: list[str]) -> set[str]:
        """Which of these session digests are still live (for the open WebSockets' periodic check)."""
        if not digests:
            return set()
        now = datetime.now(UTC)
        with self.engine.connect() as db:
            return set(db.execute(select(AccountSessionRow.digest).where(
                AccountSessionRow.digest.in_(digests), AccountSessionRow.expires_at >= now)).scalars())

    def end(self, key: str) -> None:
        """End the session of digest ``key``."""
        with self.engine.begin() as db:
            db.execute(delete(AccountSessionRow).where(AccountSessionRow.digest == key))

    def end_all(self, account_id: str) -> int:
        """End every session of an account (sign out everywhere): how many there were."""
        with self.engine.begin() as db:
            return db.execute(delete(AccountSessionRow).where(AccountSessionRow.account_id == account_id)).rowcount

    def count(self, account_id: str) -> int:
        now = datetime.now(UTC)
        with self.engine.connect() as db:
            return len(db.execute(select(AccountSessionRow.digest).where(
                AccountSessionRow.account_id == account_id, AccountSessionRow.expires_at >= now)).all())


def session_id_of(connection: HTTPConnection) -> str | None:
    """The session id the request carries: the ``wizard_session`` cookie, and nothing else."""
    value = connection.cookies.get(SESSION_COOKIE)
    if not value or len(value) > 128:
        return None
    return value


async def signed_in(connection: HTTPConnection) -> tuple[Account, str] | None:
    """The account signed in on this request or WebSocket, with its session's digest (None: a guest)."""
    session_id = session_id_of(connection)
    if session_id is None:
        return None
    sessions: Sessions = connection.app.state.sessions
    found: tuple[Account, str] | None = await sessions.run(sessions.find, session_id)
    return found


async def current_account(connection: HTTPConnection) -> Account | None:
    """The dependency: the account signed in on this request or WebSocket handshake, or None for a guest."""
    found = await signed_in(connection)
    return None if found is None else found[0]


def is_https(connection: HTTPConnection) -> bool:
    """Whether the page was asked for over https (uvicorn sets the scheme from X-Forwarded-Proto for trusted
    proxies, ``wizard serve --trust-proxy``)."""
    return connection.url.scheme in ("https", "wss")


def set_session_cookie(response: Response, connection: HTTPConnection, session_id: str, days: float) -> None:
    response.set_cookie(SESSION_COOKIE, session_id, max_age=int(days * 86400), path="/", httponly=True,
                        samesite="lax", secure=is_https(connection))


def clear_session_cookie(response: Response, connection: HTTPConnection) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=is_https(connection))


SIGNED_OUT = (4001, "signed out")  # the close of a signed-in WebSocket whose session ended
SESSION_CHECK_SECONDS = 10.0  # how often the open WebSockets' sessions are checked against the database


class SignedInSockets:
    """The open WebSockets of signed-in accounts, by account and by session, so that signing out (here, everywhere,
    or by deleting the account) closes them at once on this worker; ``check`` closes, every
    ``SESSION_CHECK_SECONDS``, those whose session ended elsewhere (another worker of a cluster) or expired."""

    def __init__(self) -> None:
        self.by_session: dict[str, set[Any]] = {}  # session digest: connections
        self.accounts: dict[str, set[str]] = {}  # account id: session digests with open connections

    def add(self, connection: Any, account: Account, key: str) -> None:
        self.by_session.setdefault(key, set()).add(connection)
        self.accounts.setdefault(account.id, set()).add(key)

    def remove(self, connection: Any, account: Account, key: str) -> None:
        held = self.by_session.get(key)
        if held is not None:
            held.discard(connection)
            if not held:
                del self.by_session[key]
                keys = self.accounts.get(account.id, set())
                keys.discard(key)
                if not keys:
                    self.accounts.pop(account.id, None)

    def close_session(self, key: str) -> None:
        for connection in list(self.by_session.get(key, ())):
            connection.close(*SIGNED_OUT)

    def close_account(self, account_id: str) -> None:
        for key in list(self.accounts.get(account_id, ())):
            self.close_session(key)

    async def check(self, sessions: Sessions) -> None:
        keys = list(self.by_session)
        if not keys:
            return
        alive = await sessions.run(sessions.alive, keys)
        for key in keys:
            if key not in alive:
                self.close_session(key)

    async def keep_checking(self, sessions: Sessions, every: float = SESSION_CHECK_SECONDS) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.check(sessions)
            except Exception:  # a database that fails now is asked again next time
                log.exception("the open WebSockets' sessions could not be checked")
