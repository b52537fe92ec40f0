"""Invitations of accounts: a table's host invites an account by its name into one of the table's invite-only seats
(``POST /tables/{id}/seats/{seat}/invite-account`` with the host's seat token); the account sees the invitation in its
lobby (``GET /invitations``, for its session) and accepts it (the seat is bound to the account, and its token goes to
that session alone) or declines it. The seat's invite link stays good meanwhile: whichever is used first takes the
seat, and the other is void from then on (an invitation is listed only while its seat's invite code is unused and the
table waits). An invited account may read and watch the private table it is invited to, as its seats' accounts may.

Account names are public (they are what seats, profiles and the leaderboard show), so the host hears whether a name
is unknown; nobody but a table's host may ask, and each asking counts as a credential tried (``hellos``).

Every function here is a plain read or write of the database, run in a worker thread (``storage.Storage.run``).
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import delete, exists, insert, select, update
from sqlalchemy.engine import Engine

from .accounts import PERSON, name_key
from .db import AccountRow, CredentialRow, InvitationRow, SeatRow, TableRow
from .storage import now


def find_account(engine: Engine, name: str) -> tuple[str, str, str] | None:
    """The id, name and kind ("person" or "bot") of the live account called ``name`` (by its key), or None."""
    with engine.connect() as db:
        found = db.execute(select(AccountRow.id, AccountRow.name, AccountRow.kind).where(
            AccountRow.name_key == name_key(name), AccountRow.deleted_at.is_(None),
            AccountRow.kind.in_((PERSON, "bot")))).first()
    return None if found is None else (found[0], found[1], found[2])


def save_invitation(engine: Engine, table_id: str, seat: int, account_id: str) -> str:
    """The invitation of ``account_id`` into the seat, replacing the seat's earlier one: its id."""
    invitation_id = secrets.token_hex(16)
    with engine.begin() as db:
        db.execute(delete(InvitationRow).where(InvitationRow.table_id == table_id, InvitationRow.seat == seat))
        db.execute(insert(InvitationRow), [{"id": invitation_id, "table_id": table_id, "seat": seat,
                                            "account_id": account_id, "created_at": now()}])
    return invitation_id


def _live() -> Any:
    """An invitation still good: its table waits and its seat's invite code is unused."""
    code = exists().where(CredentialRow.table_id == InvitationRow.table_id, CredentialRow.seat == InvitationRow.seat,
                          CredentialRow.kind == "invite")
    waiting = exists().where(TableRow.id == InvitationRow.table_id, TableRow.status == "waiting")
    return code & waiting & InvitationRow.declined_at.is_(None)


def invitations_of(engine: Engine, account_id: str) -> list[tuple[str, str, int]]:
    """The good invitations of an account, newest first: (invitation id, table id, seat)."""
    with engine.connect() as db:
        rows = db.execute(select(InvitationRow.id, InvitationRow.table_id, InvitationRow.seat).where(
            InvitationRow.account_id == account_id, _live()).order_by(InvitationRow.created_at.desc())).all()
    return [(r[0], r[1], r[2]) for r in rows]


def find_invitation(engine: Engine, invitation_id: str, account_id: str) -> tuple[str, int] | None:
    """The table and seat of a good invitation of ``account_id`` (None: no such one, or another account's)."""
    with engine.connect() as db:
        found = db.execute(select(InvitationRow.table_id, InvitationRow.seat).where(
            InvitationRow.id == invitation_id, InvitationRow.account_id == account_id, _live())).first()
    return None if found is None else (found[0], found[1])


def decline(engine: Engine, invitation_id: str, account_id: str) -> bool:
    """The invitation withdrawn by the account invited; False when it had no such invitation."""
    with engine.begin() as db:
        gone = db.execute(delete(InvitationRow).where(
            InvitationRow.id == invitation_id, InvitationRow.account_id == account_id))
    return bool(gone.rowcount)


def decline_with_reason(engine: Engine, invitation_id: str, account_id: str, reason: str) -> tuple[str, int] | None:
    """A bot declines: the invitation is kept, declined, with its reason (for its host); the table and seat, or None
    when the account had no such good invitation."""
    with engine.begin() as db:
        found = db.execute(select(InvitationRow.table_id, InvitationRow.seat).where(
            InvitationRow.id == invitation_id, InvitationRow.account_id == account_id, _live())).first()
        if found is None:
            return None
        db.execute(update(InvitationRow).where(InvitationRow.id == invitation_id).values(
            declined_at=now(), reason=reason))
    return found[0], found[1]


def seats_of(engine: Engine, account_id: str) -> list[tuple[str, int, str]]:
    """The seats an account holds at tables not over yet: (table id, seat, status), oldest table first."""
    with engine.connect() as db:
        rows = db.execute(select(SeatRow.table_id, SeatRow.seat, TableRow.status)
                          .join(TableRow, TableRow.id == SeatRow.table_id)
                          .where(SeatRow.account_id == account_id, TableRow.status.in_(("waiting", "playing")))
                          .order_by(TableRow.created_at)).all()
    return [(r[0], r[1], r[2]) for r in rows]


def accept(engine: Engine, invitation_id: str, table_id: str, seat: int, name: str, token_digest: str,
           invite_digest: str, account_id: str) -> None:
    """The invited seat taken by the account, in one transaction: the seat's invite code used up, the new token
    stored, the seat named and bound to the account, the invitation gone (``LookupError`` when the code or the
    invitation was used or withdrawn meanwhile)."""
    with engine.begin() as db:
        if db.execute(delete(InvitationRow).where(InvitationRow.id == invitation_id,
                                                  InvitationRow.account_id == account_id)).rowcount != 1:
            raise LookupError("the invitation was withdrawn meanwhile")
        if db.execute(delete(CredentialRow).where(CredentialRow.digest == invite_digest)).rowcount != 1:
            raise LookupError("the seat was taken by its invite link meanwhile")
        db.execute(insert(CredentialRow), [{"digest": token_digest, "table_id": table_id, "seat": seat,
                                            "kind": "seat"}])
        db.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(
            name=name, claimed=True, account_id=account_id))


def knows_table(engine: Engine, table_id: str, account_id: str) -> bool:
    """Whether the account holds a seat at the table, or is invited to one of its seats (a good invitation): what
    lets it read and watch a private table."""
    with engine.connect() as db:
        seated = db.scalar(select(exists().where(SeatRow.table_id == table_id, SeatRow.account_id == account_id)))
        invited = db.scalar(select(exists().where(InvitationRow.table_id == table_id,
                                                  InvitationRow.account_id == account_id, _live())))
    return bool(seated or invited)
