"""Ratings (issue 26): rated tables, each account's rating per game, and how it moved game by game.

- ``game_tables.rated``: the table was created rated (``ratings.py`` says what may be); false for every table before;
- ``ratings``: an account's openskill rating in one game (``wizard`` or ``wily``): mu, sigma, rated games, when;
- ``rating_history``: one row per account per rated game: the rating after it, the rank the account took, the share
  of the full update it got (``ratings.weight``), the table it was played at (its replay);
- ``rated_games``: one row per rated game: its set of accounts (``ratings.party_of``), for the diminishing weight of
  games between the same people.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(8), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_game_mu", "ratings", ["game", "mu"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("game", sa.String(8), nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("weight", sa.Float(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_history_account", "rating_history", ["account_id", "game", "at"])
    op.create_index("ix_rating_history_table_id", "rating_history", ["table_id"])
    op.create_table(
        "rated_games",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("game", sa.String(8), nullable=False),
        sa.Column("party", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rated_games_party", "rated_games", ["party", "at"])


def downgrade() -> None:
    op.drop_table("rated_games")
    op.drop_table("rating_history")
    op.drop_table("ratings")
    op.drop_column("game_tables", "rated")
