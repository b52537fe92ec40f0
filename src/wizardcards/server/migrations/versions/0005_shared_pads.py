"""Shared score pads: ``shared_pads`` keeps each pad shared read-only from the browser's score pad (``pads.py``),
with the SHA-256 of its write key.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shared_pads",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("key_digest", sa.String(64), nullable=False),
        sa.Column("sheet", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("client", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_shared_pads_client", "shared_pads", ["client"])


def downgrade() -> None:
    op.drop_index("ix_shared_pads_client", table_name="shared_pads")
    op.drop_table("shared_pads")
