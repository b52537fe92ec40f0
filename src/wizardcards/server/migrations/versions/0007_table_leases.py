"""Table leases: ``table_leases`` records which worker of a cluster owns each table it holds in memory, until when
(``cluster.py``; a single server never writes it); and ``game_tables.creator``, the address of the client that
created a table, for the limit of unfinished tables per client, which a cluster counts in the database.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("address", sa.String(256), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_table_leases_owner", "table_leases", ["owner"])
    op.create_index("ix_table_leases_expires_at", "table_leases", ["expires_at"])
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.create_index("ix_game_tables_creator", ["creator"])


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_index("ix_game_tables_creator")
        batch.drop_column("creator")
    op.drop_index("ix_table_leases_expires_at", table_name="table_leases")
    op.drop_index("ix_table_leases_owner", table_name="table_leases")
    op.drop_table("table_leases")
