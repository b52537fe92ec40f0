"""Hints, open and claimed seats: a table may allow hints (the default) or not; a seat may be open (offered to anyone
by ``POST /tables/{id}/join``) or invite-only (the default); a seat handed out by join, or claimed by its creator, is
claimed before its player connects, so it is not handed out twice.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN (SQLite takes a NOT NULL column with a constant default): a batch operation would copy the
    # table, and dropping game_tables fails while the seats' foreign keys point at it
    op.add_column("game_tables", sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.add_column("seats", sa.Column("claimed", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("seats", sa.Column("open", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("seats", "open")  # SQLite 3.35 and later drop a column in place
    op.drop_column("seats", "claimed")
    op.drop_column("game_tables", "hints")
