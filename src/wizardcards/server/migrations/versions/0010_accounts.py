"""Accounts with passkeys (issue 26):

- ``accounts``: a person who signs in (``kind`` "person"; "bot" reserved for bots' own accounts later), its name as
  typed (NFKC) and its uniqueness key ``name_key`` (NFKC + casefold; NULL once the account is deleted, so the name is
  free again while the row stays for the seats that point at it);
- ``passkeys``: an account's WebAuthn credentials (public key, signature counter);
- ``account_sessions``: signed-in browsers, by the sha256 digest of their session id;
- ``webauthn_challenges``: ceremonies begun, so that one begun on one worker of a cluster finishes on another;
- ``seats.account_id``: the account that holds a human seat. Seats stored before stay guests' (NULL).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=True, unique=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(512), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.BigInteger(), nullable=False),
        sa.Column("transports", sa.Text(), nullable=False),
        sa.Column("label", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_passkeys_account_id", "passkeys", ["account_id"])
    op.create_table(
        "account_sessions",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    op.create_index("ix_account_sessions_expires_at", "account_sessions", ["expires_at"])
    op.create_table(
        "webauthn_challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("challenge", sa.LargeBinary(), nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("name", sa.String(32), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_webauthn_challenges_expires_at", "webauthn_challenges", ["expires_at"])
    # plain ADD COLUMN, as in 0008 (a batch operation would copy seats, and game_tables' keys point at it). SQLite
    # takes a REFERENCES clause in ADD COLUMN (a NULL default) but Alembic would add the key as a separate ALTER
    if op.get_bind().dialect.name == "sqlite":
        op.execute("ALTER TABLE seats ADD COLUMN account_id VARCHAR(32) REFERENCES accounts (id)")
    else:
        op.add_column("seats", sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=True))
    op.create_index("ix_seats_account_id", "seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_account_id", table_name="seats")
    op.drop_column("seats", "account_id")
    op.drop_table("webauthn_challenges")
    op.drop_table("account_sessions")
    op.drop_table("passkeys")
    op.drop_table("accounts")
