"""Persistence: the SQLAlchemy 2 models (tables, seats, credentials, actions, player statistics), the engine, and
the Alembic upgrade run on start.

A table's game is its rule set, its seed and its accepted actions in order; the ``actions`` rows are the record, so
``replay`` rebuilds any table. Each action row is committed before any client hears of it (see ``table.py``). The
schema is created and upgraded by the migrations shipped in ``wizardcards/server/migrations`` for SQLite and
PostgreSQL alike.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    false,
    true,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import LargeBinary

MIGRATIONS = Path(__file__).with_name("migrations")


class Base(DeclarativeBase):
    pass


def _now() -> datetime:
    return datetime.now(UTC)


class TableRow(Base):
    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    rules: Mapped[str] = mapped_column(Text)  # RuleSet.to_dict() as JSON
    seed: Mapped[int] = mapped_column(BigInteger)  # drawn with secrets.SystemRandom, < 2**63
    # waiting | playing | finished | expired (a waiting table nobody else joined within Limits.waiting_minutes)
    status: Mapped[str] = mapped_column(String(16), default="waiting", index=True)
    spectator_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the table a rematch created
    turn_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)  # None: no turn timer
    grace_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)  # None: wait for a disconnected seat
    hints: Mapped[bool] = mapped_column(default=True, server_default=true())  # seats may ask for hints
    bot_pace: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")  # seconds between bot moves
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)  # the client's address
    network: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)  # limits.network_of(creator)
    # a person other than its creator said hello on one of its seats: it no longer expires while waiting
    joined_by_others: Mapped[bool] = mapped_column(default=False, server_default=false())
    # public: listed, anyone may watch | private: never listed, seen only with a credential of the table (0011)
    visibility: Mapped[str] = mapped_column(String(8), default="public", server_default="public", index=True)
    rated: Mapped[bool] = mapped_column(default=False, server_default=false())  # its end rates its accounts (0012)


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(128), nullable=True)  # a bot spec; None: a human seat
    joined: Mapped[bool] = mapped_column(default=False)  # a connection said hello with this seat's token
    claimed: Mapped[bool] = mapped_column(default=False, server_default=false())  # by POST .../join or its creator
    open: Mapped[bool] = mapped_column(default=False, server_default=false())  # offered by join; else invite-only
    host: Mapped[bool] = mapped_column(default=False, server_default=false())  # the creator's own seat (its host)
    # the account that holds this human seat (took it signed in); None: a guest's seat, or a bot's
    account_id: Mapped[str | None] = mapped_column(ForeignKey("accounts.id"), nullable=True, index=True)


class CredentialRow(Base):
    """A seat token or an invite code, by its digest (``credentials.digest``): the token itself is never stored."""

    __tablename__ = "credentials"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))  # "seat" (a token) | "invite" (a code, exchanged once)


class StatRow(Base):
    """The finished games of the human seats called ``name``, per game, added to as each game ends."""

    __tablename__ = "player_stats"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(8), primary_key=True)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[float] = mapped_column(Float, default=0.0)  # a shared win counts its share
    score_total: Mapped[int] = mapped_column(BigInteger, default=0)  # Wizard: the sum of final scores


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0-based position in the game's history
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    client_id: Mapped[str | None] = mapped_column(String(128), nullable=True)  # None for a bot's action


class FinishedGameRow(Base):
    """What the read routes need of a finished game, so that it is never replayed to answer them: its summary and score
    sheet as its last action left them, and its replay as served, built once (``replays.py``)."""

    __tablename__ = "finished_games"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    summary: Mapped[str] = mapped_column(Text)  # JSON: {"summary": LiveTable.summary(), "sheet": LiveTable.sheet()}
    replay: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)  # gzip-compressed replay JSON
    replay_etag: Mapped[str | None] = mapped_column(String(80), nullable=True)


class SharedPadRow(Base):
    """A score pad shared read-only (``pads.py``): the sheet as its keeper last sent it, and the digest of the key
    that may change it (``credentials.digest``; the key itself is never stored)."""

    __tablename__ = "shared_pads"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    key_digest: Mapped[str] = mapped_column(String(64))
    sheet: Mapped[str] = mapped_column(Text)  # pads.SharedSheet as JSON
    version: Mapped[int] = mapped_column(Integer, default=1)  # counts the updates; a watcher asks for newer ones
    client: Mapped[str] = mapped_column(String(64), index=True)  # who created it (the per-client limit)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, index=True)  # pad_days


class LeaseRow(Base):
    """Which worker of a cluster (``wizard serve --workers``) owns a table now: renewed by its owner, taken over by
    another once ``expires_at`` (the database's clock) has passed (``cluster.py``)."""

    __tablename__ = "table_leases"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), index=True)  # the worker's id, new at each start
    address: Mapped[str] = mapped_column(String(256))  # where the other workers reach it (http://host:port)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class AccountRow(Base):
    """A person who signs in with a passkey (``accounts.py``), or a bot an outside program plays with an API token
    (``bot_accounts.py``). A deleted account's row stays, so that its seats keep pointing at it: its name shows as
    "deleted player", its passkeys, sessions and tokens are removed and its ``name_key`` is freed (NULL)."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # random (secrets.token_hex(16))
    name: Mapped[str] = mapped_column(String(32))  # as typed, NFKC-normalised and stripped
    name_key: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)  # NFKC + casefold
    kind: Mapped[str] = mapped_column(String(8), default="person")  # "person" | "bot"
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # a bot's: the person who made it (NULL for a person, and for a bot the operator made)
    owner_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)


class BotTokenRow(Base):
    """An API token of a bot account (``bot_accounts.py``): only its SHA-256 digest is kept; revoked, it opens
    nothing (its row stays, so that its owner sees when it was revoked)."""

    __tablename__ = "bot_tokens"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # public: what lists and revocations name
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    scope: Mapped[str] = mapped_column(String(32))  # "bot:play" (the only scope so far)
    label: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class PasskeyRow(Base):
    """One WebAuthn credential of an account: its public key (COSE) and the signature counter it last showed."""

    __tablename__ = "passkeys"

    id: Mapped[str] = mapped_column(String(512), primary_key=True)  # the credential id, base64url
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(BigInteger, default=0)
    transports: Mapped[str] = mapped_column(Text, default="[]")  # JSON list of the authenticator's transports
    label: Mapped[str] = mapped_column(String(64), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class AccountSessionRow(Base):
    """A signed-in browser: the digest of its session id (``credentials.digest``; the id itself is never stored)."""

    __tablename__ = "account_sessions"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class ChallengeRow(Base):
    """A WebAuthn ceremony begun (``/accounts/options`` and the like): its challenge, kept in the database so that
    the request that finishes it may land on another worker of a cluster; used once."""

    __tablename__ = "webauthn_challenges"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # the ceremony id handed to the page
    challenge: Mapped[bytes] = mapped_column(LargeBinary)
    purpose: Mapped[str] = mapped_column(String(16))  # "register" | "signin" | "add"
    # "add": whose passkey it is; "register": the new account's id (its passkey's user handle)
    account_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str | None] = mapped_column(String(32), nullable=True)  # "register": the name asked for
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class InvitationRow(Base):
    """A table's host invited an account by name into an invite-only seat (``invitations.py``): the account sees it in
    its lobby until it accepts or declines, the seat is taken by its link, or the table no longer waits. One a seat."""

    __tablename__ = "account_invitations"
    __table_args__ = (UniqueConstraint("table_id", "seat", name="uq_account_invitations_seat"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # random (secrets.token_hex(16))
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    seat: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    declined_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)  # a bot declined
    reason: Mapped[str | None] = mapped_column(String(16), nullable=True)  # why (bot_api.DECLINE_REASONS)


class RatingRow(Base):
    """An account's openskill rating in one game (``ratings.py``), after its last rated game there."""

    __tablename__ = "ratings"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(8), primary_key=True)  # "wizard" | "wily"
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)  # rated games played
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class RatingHistoryRow(Base):
    """An account's rating after one rated game, the rank it took there and the share of the update it got."""

    __tablename__ = "rating_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"))
    game: Mapped[str] = mapped_column(String(8))
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rank: Mapped[int] = mapped_column(Integer)  # 1 best; a player away past the grace period is last
    weight: Mapped[float] = mapped_column(Float)  # ratings.weight: 1/k for the k-th game among the same people
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class RatedGameRow(Base):
    """A rated game, by the set of its accounts (``ratings.party_of``): how many the same people played lately."""

    __tablename__ = "rated_games"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(8))
    party: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


def default_url() -> str:
    """A SQLite file in the user's data directory (``WIZARDCARDS_DATA_DIR`` overrides the directory)."""
    directory = os.environ.get("WIZARDCARDS_DATA_DIR")
    if not directory:
        import platformdirs

        directory = platformdirs.user_data_dir("wizardcards")
    Path(directory).mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{Path(directory) / 'server.sqlite3'}"


def normalise_url(url: str) -> str:
    """``postgresql://`` URLs use the psycopg 3 driver (the one the ``server`` extra installs)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL: a commit is durable once it returns against a crash of the server process (what
    # "committed before anyone is told" needs); only a power loss may drop the last commits. Far fewer fsyncs.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def upgrade(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration (Alembic, run in-process)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
