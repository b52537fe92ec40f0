"""Bot accounts (issue 27): accounts of kind "bot" that an outside program plays with an API token.

- ``accounts.owner_id``: the person who made a bot account (NULL: a person's own account, or a bot the operator made
  with ``wizard bot-account``);
- ``bot_tokens``: a bot account's API tokens, by the SHA-256 digest of each (the token itself is shown once, never
  stored), with a public id to list and revoke it by, its scope, a label, when it was made, last used and revoked;
- ``account_invitations.declined_at`` and ``.reason``: an invitation a bot declined stays, with its reason (one of
  ``bot_api.DECLINE_REASONS``), so that its host can be told; a declined invitation is no longer good.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # no foreign key: SQLite adds one only by copying the table, which the other tables' keys into it forbid; the
    # owner's id is written by bot_accounts.create_bot alone, from the signed-in account
    op.add_column("accounts", sa.Column("owner_id", sa.String(32), nullable=True))
    op.create_index("ix_accounts_owner_id", "accounts", ["owner_id"])
    op.create_table(
        "bot_tokens",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("digest", sa.String(64), nullable=False, unique=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("scope", sa.String(32), nullable=False),
        sa.Column("label", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.add_column("account_invitations", sa.Column("declined_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("account_invitations", sa.Column("reason", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("account_invitations") as batch:
        batch.drop_column("reason")
        batch.drop_column("declined_at")
    op.drop_table("bot_tokens")
    op.drop_index("ix_accounts_owner_id", "accounts")
    op.drop_column("accounts", "owner_id")
