"""Waiting tables that expire, hosts, networks and old pads (issue 24):

- ``game_tables.network``: the network (``limits.network_of``: an IPv4 /24, an IPv6 /56) of the client that created a
  table, for the limit of unfinished tables per network, counted in the database as a cluster needs; filled in here
  for the tables not finished yet;
- ``game_tables.joined_by_others``: a person other than the creator said hello on one of its seats, so that the
  table no longer expires while it waits. A waiting table stored before this migration counts as joined when two or
  more of its seats said hello (who created which seat was not recorded then); the others expire
  ``Limits.waiting_minutes`` after their creation, as new ones do;
- ``seats.host``: the seat is its table's creator's own (the creator claimed it, or asked for the rematch): whoever
  holds its token is the table's host and may free a seat handed out by join whose holder never said hello;
- an index on ``shared_pads.updated_at``, for the expiry of pads untouched for ``Limits.pad_days``.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from wizardcards.server.limits import network_of

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN, as in 0003: a batch operation would copy game_tables, and dropping it fails while the seats'
    # foreign keys point at it
    op.add_column("game_tables", sa.Column("network", sa.String(64), nullable=True))
    op.add_column("game_tables", sa.Column("joined_by_others", sa.Boolean(), nullable=False,
                                           server_default=sa.false()))
    op.create_index("ix_game_tables_network", "game_tables", ["network"])
    op.add_column("seats", sa.Column("host", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_index("ix_shared_pads_updated_at", "shared_pads", ["updated_at"])

    tables = sa.table("game_tables", sa.column("id", sa.String), sa.column("status", sa.String),
                      sa.column("creator", sa.String), sa.column("network", sa.String),
                      sa.column("joined_by_others", sa.Boolean))
    seats = sa.table("seats", sa.column("table_id", sa.String), sa.column("joined", sa.Boolean))
    db = op.get_bind()
    creators = db.execute(sa.select(tables.c.creator).distinct().where(
        tables.c.status != "finished", tables.c.creator.is_not(None))).scalars().all()
    for creator in creators:
        db.execute(sa.update(tables).where(tables.c.creator == creator).values(network=network_of(creator)))
    said_hello = (sa.select(sa.func.count()).select_from(seats)
                  .where(seats.c.table_id == tables.c.id, seats.c.joined.is_(True)).scalar_subquery())
    db.execute(sa.update(tables).where(tables.c.status == "waiting", said_hello >= 2).values(joined_by_others=True))


def downgrade() -> None:
    op.drop_index("ix_shared_pads_updated_at", table_name="shared_pads")
    op.drop_column("seats", "host")  # SQLite 3.35 and later drop a column in place
    op.drop_index("ix_game_tables_network", table_name="game_tables")
    op.drop_column("game_tables", "joined_by_others")
    op.drop_column("game_tables", "network")
