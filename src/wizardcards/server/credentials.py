"""Credentials: seat tokens and invite codes, made for one holder each and stored only as digests.

A seat token lets its holder see that seat's hand and act for it; an invite code, handed by a table's creator to
the person invited, is exchanged once for a fresh seat token (``POST /invites``). Both are 192 bits from
``secrets``; the database keeps their SHA-256, so a copy of the database opens no seat. The spectator token is not
a credential: it shows the public view only and is listed with the table.
"""

from __future__ import annotations

import hashlib
import secrets

TOKEN_BYTES = 24  # 192 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    """What is stored and looked up for ``token`` (hex SHA-256; tokens are random, so no salt is needed)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def seat_link(token: str) -> str:
    """The page of a seat: the token in the fragment, which browsers send neither to the server nor to other sites."""
    return f"/play#token={token}"


def invite_link(code: str) -> str:
    return f"/play#invite={code}"


def watch_link(spectator_token: str) -> str:
    return f"/play#watch={spectator_token}"
