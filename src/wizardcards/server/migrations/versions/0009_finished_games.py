"""Finished games: ``finished_games`` keeps what the read routes need of a game once it is over, so that an old game
is never replayed to answer them: its summary and score sheet (written in the transaction of its last action), and
its replay as served (gzip-compressed JSON, built once; ``replays.py``) with its ETag. Games that finished before
this migration get their row the first time they are asked for.

Revision ID: 0009
Revises: 0007 (while issue 24 is worked on in parallel: the lead re-chains it onto 0008)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "finished_games",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.Column("replay", sa.LargeBinary(), nullable=True),
        sa.Column("replay_etag", sa.String(80), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("finished_games")
