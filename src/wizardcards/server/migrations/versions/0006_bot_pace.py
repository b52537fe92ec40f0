"""A table's bot pace: ``game_tables.bot_pace``, the seconds at least between an accepted action and a bot's next
while anyone is connected (tables stored before it play at once, as they did).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("bot_pace", sa.Float(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("bot_pace")
