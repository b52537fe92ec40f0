"""Rematches and turn timers: a finished table points to its rematch; a table may have a turn timer and a grace
period for disconnected seats.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("rematch_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("turn_seconds", sa.Float(), nullable=True))
        batch.add_column(sa.Column("grace_seconds", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("grace_seconds")
        batch.drop_column("turn_seconds")
        batch.drop_column("rematch_id")
