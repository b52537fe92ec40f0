"""Several server workers on one PostgreSQL database (``wizard serve --workers N``, on one host or several): which
worker owns which table.

Each table a worker holds in memory is leased to it in ``table_leases``: the worker's id (new at every start), the
address the other workers reach it at, and an expiry on the database's clock (never the hosts', which may disagree).
The owner renews its leases every ``lease_seconds / 3``; a table whose lease has expired (its owner died, hung, or
lost the database) is taken by the next worker that needs it, which rebuilds it from its record as a restart does.
A worker asked for a table another one owns forwards the request to the owner (``relay.py``).

Two owners can never both add an action: an action row's key is (table, number), so the second write of a number
fails, and the worker that lost its lease learns it at its next renewal and lets the table go (its clients
reconnect and reach the new owner). Every lease operation here is one statement, run in a storage thread.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.engine import Engine

from .db import LeaseRow, TableRow

LEASE_SECONDS = 5.0  # a dead worker's tables play again within about this, plus the clients' reconnection


class ElsewhereError(Exception):
    """The table is owned by another live worker, at ``address``."""

    def __init__(self, table_id: str, address: str) -> None:
        super().__init__(f"table {table_id} is held by the worker at {address}")
        self.table_id, self.address = table_id, address


@dataclass(frozen=True)
class Member:
    """This worker: its id, the address its peers forward to, and the cluster's key, which marks the requests the
    workers relay to each other (relay.py; a worker without the others' key relays as a stranger would)."""

    address: str  # http://host:port
    lease_seconds: float = LEASE_SECONDS
    id: str = ""
    key: str = ""  # default: one of its own (WIZARDCARDS_CLUSTER_KEY gives every worker the same)

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", secrets.token_hex(8))
        if not self.key:
            object.__setattr__(self, "key", secrets.token_urlsafe(32))

    @property
    def ttl(self) -> timedelta:
        return timedelta(seconds=self.lease_seconds)


def claim(engine: Engine, member: Member, table_id: str) -> str | None:
    """Take or keep the lease of ``table_id``: None when this worker holds it now, else the live owner's address.
    A lease held under this worker's own address by an earlier id is taken at once: that process is gone, since
    this one listens there now."""
    new = insert(LeaseRow).values(
        table_id=table_id, owner=member.id, address=member.address, expires_at=func.now() + member.ttl,
    )
    statement = new.on_conflict_do_update(
        index_elements=[LeaseRow.table_id],
        set_={"owner": member.id, "address": member.address, "expires_at": func.now() + member.ttl},
        where=(LeaseRow.expires_at < func.now()) | (LeaseRow.owner == member.id)
        | (LeaseRow.address == member.address),
    ).returning(LeaseRow.owner)
    with engine.begin() as db:
        if db.execute(statement).first() is not None:
            return None
        address = db.scalar(select(LeaseRow.address).where(LeaseRow.table_id == table_id))
    return address if address is not None else claim(engine, member, table_id)  # released meanwhile: try again


def holder(engine: Engine, member: Member, table_id: str) -> str | None:
    """The address of the live worker holding ``table_id`` when it is another one; None otherwise."""
    with engine.connect() as db:
        return db.scalar(select(LeaseRow.address).where(
            LeaseRow.table_id == table_id, LeaseRow.expires_at >= func.now(), LeaseRow.owner != member.id,
            LeaseRow.address != member.address,
        ))


def renew(engine: Engine, member: Member) -> set[str]:
    """Extend every lease this worker holds; returns the tables it still holds (a lease taken over is not)."""
    with engine.begin() as db:
        return set(db.scalars(
            update(LeaseRow).where(LeaseRow.owner == member.id)
            .values(expires_at=func.now() + member.ttl).returning(LeaseRow.table_id)
        ))


def release(engine: Engine, member: Member, table_ids: list[str]) -> None:
    """Give up leases (a table let go, a worker shutting down): another worker may take them at once."""
    with engine.begin() as db:
        db.execute(delete(LeaseRow).where(LeaseRow.owner == member.id, LeaseRow.table_id.in_(table_ids)))


def orphans(engine: Engine, member: Member, after_seconds: float, limit: int = 100) -> list[str]:
    """Tables in play that no live worker holds: their lease expired ``after_seconds`` ago or more (time for their
    people to reconnect to the worker the proxy sends them to, which then takes them). Their bots and turn timers
    need an owner to move on."""
    cutoff = func.now() - timedelta(seconds=after_seconds)
    with engine.connect() as db:
        return list(db.scalars(
            select(TableRow.id).join(LeaseRow, LeaseRow.table_id == TableRow.id)
            .where(TableRow.status == "playing", LeaseRow.expires_at < cutoff, LeaseRow.owner != member.id)
            .order_by(LeaseRow.expires_at).limit(limit)
        ))


def unleased_playing(engine: Engine, limit: int = 1000) -> list[str]:
    """Tables in play with no lease at all (a cluster started on a database a single server used, or leases
    released at a shutdown)."""
    with engine.connect() as db:
        return list(db.scalars(
            select(TableRow.id).outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
            .where(TableRow.status == "playing", LeaseRow.table_id.is_(None)).order_by(TableRow.created_at)
            .limit(limit)
        ))
