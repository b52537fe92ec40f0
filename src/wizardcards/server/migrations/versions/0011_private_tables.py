"""Private tables and invitations of accounts (issue 26):

- ``game_tables.visibility``: "public" (listed in the lobby, anyone may watch) or "private" (never listed; seen only
  with a credential of the table: a seat's token or its spectator link, or by the accounts seated or invited there);
- ``account_invitations``: a table's host invited an account by name into an invite-only seat; the account sees it
  in its lobby (``GET /invitations``) and accepts (the seat is bound to it) or declines. One per seat: inviting
  another account into the seat replaces it; the seat taken by its link, or the table started or expired, voids it.

Tables stored before this migration: a table not finished whose human seats are all its host's or invite-only (no
seat offered to join) becomes private, as it would be if created now, unless it is a rematch (a rematch keeps its
table's visibility, and finished tables stay public); the rest stay public, finished games included (their replays
were listed until now, and nobody asked otherwise).

Revision ID: 0011
Revises: 0010 (while issue 26 is worked on in parallel: the lead re-chains it)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN, as in 0003: a batch operation would copy game_tables, which the seats' foreign keys point at
    op.add_column("game_tables", sa.Column("visibility", sa.String(8), nullable=False, server_default="public"))
    op.create_index("ix_game_tables_visibility", "game_tables", ["visibility"])
    tables = sa.table("game_tables", sa.column("id", sa.String), sa.column("status", sa.String),
                      sa.column("visibility", sa.String), sa.column("rematch_id", sa.String))
    before = tables.alias("before")
    seats = sa.table("seats", sa.column("table_id", sa.String), sa.column("bot", sa.String),
                     sa.column("open", sa.Boolean), sa.column("host", sa.Boolean))
    human = sa.and_(seats.c.table_id == tables.c.id, seats.c.bot.is_(None))
    invited = sa.exists().where(human, seats.c.open.is_(False), seats.c.host.is_(False))
    offered = sa.exists().where(human, seats.c.open.is_(True))
    rematch = sa.exists().where(before.c.rematch_id == tables.c.id)
    op.get_bind().execute(sa.update(tables).where(
        tables.c.status.in_(("waiting", "playing")), invited, ~offered, ~rematch).values(visibility="private"))
    op.create_table(
        "account_invitations",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seat", name="uq_account_invitations_seat"),
    )
    op.create_index("ix_account_invitations_account_id", "account_invitations", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_account_invitations_account_id", table_name="account_invitations")
    op.drop_table("account_invitations")
    op.drop_index("ix_game_tables_visibility", table_name="game_tables")
    op.drop_column("game_tables", "visibility")
