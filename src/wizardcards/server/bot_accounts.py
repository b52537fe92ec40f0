"""Bot accounts and their API tokens (issue 27; docs/bot-api.md).

A bot account is an account of kind ``"bot"``: a name in the same namespace as people's (unique by ``name_key``),
no passkeys and no sessions. An outside program plays it with an **API token**:

- ``wzb_`` and 43 random URL-safe characters (256 bits): the prefix lets a server (and a secret scanner) tell a bot
  token from a seat token or a session id at a glance;
- **hashed at rest**: ``bot_tokens.digest`` is its SHA-256, never the token, so a copy of the database opens nothing;
  the token is shown once, in the answer that made it;
- **scoped**: ``bot:play``, the only scope: the bot API's routes (``bot_api.py``) and the WebSocket seats the bot
  holds; it is no session (no account page, no tables made, no invitations of people);
- **revocable**: ``revoked_at`` set, and the open streams and WebSockets it opened are closed at once on this worker
  (within ``bot_api.CHECK_SECONDS`` on the others of a cluster).

A signed-in person makes bot accounts of their own (``POST /account/bots``; ``owner_id`` is theirs); the operator
makes one with ``wizard bot-account NAME --db URL``. Either way the first token comes with it.

Every function here is a plain read or write of the database, run in a worker thread.
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from . import protocol as P
from .accounts import MAX_NAME, BadName, name_key
from .credentials import digest
from .db import AccountRow, BotTokenRow
from .sessions import DELETED_NAME, Account

BOT = "bot"
TOKEN_PREFIX = "wzb_"
SCOPE = "bot:play"
MAX_LABEL = 64
MAX_BOTS_PER_OWNER = 10  # a person's bot accounts (deleted ones not counted)
MAX_TOKENS_PER_BOT = 5  # live (not revoked) tokens of one bot at once
# a bot may not take the name of one of the server's own bots or seat names: "search" at a table is ours
RESERVED = ("rulebased", "search", "random", "standin", "stand-in", "merlin", "morgana", "circe", "prospero",
            "nimue", "gandalf", "medea", "passer")


@dataclass(frozen=True)
class BotToken:
    """A live token: the bot it plays, the token's public id and digest (what revocation and the checks name)."""

    account: Account
    token_id: str
    digest: str


def new_bot_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def looks_like_bot_token(text: str) -> bool:
    return text.startswith(TOKEN_PREFIX)


def bot_name(raw: str) -> tuple[str, str]:
    """The name to store (NFKC, trimmed) and its key, or ``BadName``. A bot's name may say it is a bot ("Ann's bot"),
    unlike a person's, but may not be or start with one of the server's own bots (``RESERVED``)."""
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
    skeleton = "".join(ch for ch in key if ch.isalnum())
    if any(skeleton.startswith(word.replace("-", "")) for word in RESERVED) or key == name_key(DELETED_NAME):
        raise BadName("this name is one of the server's own bots': choose another")
    return name, key


def _token_row(engine_db: Any, account_id: str, label: str) -> tuple[str, str]:
    token, token_id = new_bot_token(), secrets.token_hex(8)
    engine_db.execute(insert(BotTokenRow).values(
        id=token_id, digest=digest(token), account_id=account_id, scope=SCOPE, label=label[:MAX_LABEL] or "token",
        created_at=datetime.now(UTC)))
    return token_id, token


def create_bot(engine: Engine, raw_name: str, owner_id: str | None, label: str = "token") -> dict[str, Any]:
    """A new bot account and its first token: ``{"name", "kind", "token", "token_id"}`` (the token only here).
    ``BadName`` for a name a bot may not have, ``LookupError`` for a taken one, ``PermissionError`` past
    ``MAX_BOTS_PER_OWNER``."""
    name, key = bot_name(raw_name)
    account_id = secrets.token_hex(16)
    try:
        with engine.begin() as db:
            if owner_id is not None:
                count = db.scalar(select(func.count()).select_from(AccountRow).where(
                    AccountRow.owner_id == owner_id, AccountRow.deleted_at.is_(None))) or 0
                if count >= MAX_BOTS_PER_OWNER:
                    raise PermissionError(f"an account makes at most {MAX_BOTS_PER_OWNER} bot accounts")
            db.execute(insert(AccountRow).values(id=account_id, name=name, name_key=key, kind=BOT,
                                                 created_at=datetime.now(UTC), owner_id=owner_id))
            token_id, token = _token_row(db, account_id, label)
    except IntegrityError:
        raise LookupError(f"the name {name!r} is taken") from None
    return {"name": name, "kind": BOT, "token": token, "token_id": token_id}


def _owned_bot(db: Any, owner_id: str | None, name: str) -> str | None:
    """The id of the live bot called ``name`` that ``owner_id`` made (None: one the operator made)."""
    owner = AccountRow.owner_id.is_(None) if owner_id is None else AccountRow.owner_id == owner_id
    found = db.scalar(select(AccountRow.id).where(
        AccountRow.name_key == name_key(unicodedata.normalize("NFKC", name).strip()), AccountRow.kind == BOT,
        owner, AccountRow.deleted_at.is_(None)))
    return None if found is None else str(found)


def add_token(engine: Engine, owner_id: str | None, name: str, label: str = "token") -> dict[str, Any] | None:
    """Another token of the owner's bot called ``name``: ``{"token", "token_id"}``; None when it has no such bot;
    ``PermissionError`` past ``MAX_TOKENS_PER_BOT`` live tokens."""
    with engine.begin() as db:
        bot_id = _owned_bot(db, owner_id, name)
        if bot_id is None:
            return None
        live = db.scalar(select(func.count()).select_from(BotTokenRow).where(
            BotTokenRow.account_id == bot_id, BotTokenRow.revoked_at.is_(None))) or 0
        if live >= MAX_TOKENS_PER_BOT:
            raise PermissionError(f"a bot has at most {MAX_TOKENS_PER_BOT} live tokens: revoke one first")
        token_id, token = _token_row(db, bot_id, label)
    return {"token": token, "token_id": token_id}


def revoke(engine: Engine, owner_id: str | None, name: str, token_id: str) -> str | None:
    """Revoke a token of the owner's bot: its digest (for closing what it opened), or None (no such live token)."""
    with engine.begin() as db:
        bot_id = _owned_bot(db, owner_id, name)
        if bot_id is None:
            return None
        found = db.scalar(select(BotTokenRow.digest).where(
            BotTokenRow.id == token_id, BotTokenRow.account_id == bot_id, BotTokenRow.revoked_at.is_(None)))
        if found is None:
            return None
        db.execute(update(BotTokenRow).where(BotTokenRow.id == token_id).values(revoked_at=datetime.now(UTC)))
    return str(found)


def revoke_leaked(engine: Engine, token: str) -> bool:
    """Revoke the token ``token`` itself, whoever holds it (it was seen in a URL): whether it was live."""
    with engine.begin() as db:
        return bool(db.execute(update(BotTokenRow).where(
            BotTokenRow.digest == digest(token), BotTokenRow.revoked_at.is_(None)).values(
            revoked_at=datetime.now(UTC))).rowcount)


def bots_of(engine: Engine, owner_id: str | None) -> list[dict[str, Any]]:
    """The owner's bot accounts with their tokens (ids, labels, times: never a token)."""
    owner = AccountRow.owner_id.is_(None) if owner_id is None else AccountRow.owner_id == owner_id
    with engine.connect() as db:
        bots = db.execute(select(AccountRow.id, AccountRow.name, AccountRow.created_at).where(
            owner, AccountRow.kind == BOT, AccountRow.deleted_at.is_(None))
            .order_by(AccountRow.created_at)).all()
        tokens = db.execute(select(BotTokenRow.__table__).where(BotTokenRow.account_id.in_([b.id for b in bots]))
                            .order_by(BotTokenRow.created_at)).all() if bots else []

    def moment(value: datetime | None) -> str | None:
        return None if value is None else (value if value.tzinfo else value.replace(tzinfo=UTC)).isoformat()

    return [{"name": b.name, "kind": BOT, "created_at": moment(b.created_at),
             "tokens": [{"id": t.id, "label": t.label, "scope": t.scope, "created_at": moment(t.created_at),
                         "last_used_at": moment(t.last_used_at), "revoked_at": moment(t.revoked_at)}
                        for t in tokens if t.account_id == b.id]}
            for b in bots]


def find_token(engine: Engine, token: str) -> BotToken | None:
    """The live bot token ``token`` is (not revoked, its bot not deleted), or None. Its ``last_used_at`` is written
    at most once a minute."""
    if not looks_like_bot_token(token) or len(token) > 128:
        return None
    key = digest(token)
    with engine.begin() as db:
        row = db.execute(select(BotTokenRow.id, BotTokenRow.last_used_at, AccountRow.id.label("account"),
                                AccountRow.name).join(AccountRow, AccountRow.id == BotTokenRow.account_id)
                         .where(BotTokenRow.digest == key, BotTokenRow.revoked_at.is_(None),
                                BotTokenRow.scope == SCOPE, AccountRow.kind == BOT,
                                AccountRow.deleted_at.is_(None))).first()
        if row is None:
            return None
        now = datetime.now(UTC)
        last = row.last_used_at
        if last is None or (now - (last if last.tzinfo else last.replace(tzinfo=UTC))).total_seconds() >= 60:
            db.execute(update(BotTokenRow).where(BotTokenRow.id == row.id).values(last_used_at=now))
    return BotToken(Account(row.account, row.name, BOT), row.id, key)


def live_digests(engine: Engine, digests: list[str]) -> set[str]:
    """Which of these token digests still open something (the periodic check of open streams and sockets)."""
    if not digests:
        return set()
    with engine.connect() as db:
        return set(db.execute(select(BotTokenRow.digest).join(AccountRow, AccountRow.id == BotTokenRow.account_id)
                              .where(BotTokenRow.digest.in_(digests), BotTokenRow.revoked_at.is_(None),
                                     AccountRow.deleted_at.is_(None))).scalars())
