"""Who may see a table: a *public* one is listed in the lobby (``GET /tables``) and anyone may read or watch it; a
*private* one is never listed, and is read (``GET /tables/{id}``, its sheet, its replay and record) and watched only
by the holders of a credential of that table: a seat's token or its spectator link (``Authorization: Bearer``), or an
invite code (``POST /invites/preview``). To anyone else a private table is answered exactly as no table is: 404.

The default follows the seats: a table whose human seats are all its host's own or invite-only (none offered to
anyone by join) is private; one with an open seat is public (an open seat is an offer to the lobby, so a private
table has none). A rematch keeps its table's visibility.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable
from typing import Literal

Visibility = Literal["public", "private"]
PUBLIC: Visibility = "public"
PRIVATE: Visibility = "private"


class VisibilityError(ValueError):
    """A visibility that cannot be: a private table with an open seat."""


def visibility_of(asked: Visibility | None, seats: Iterable[tuple[bool, bool, bool]]) -> Visibility:
    """The visibility of a new table: the one ``asked``, or the default for its ``seats``, given per seat as (human,
    open, claimed by its creator)."""
    seats = list(seats)
    offered = any(human and open_ for human, open_, _ in seats)
    invited = any(human and not open_ and not claimed for human, open_, claimed in seats)
    if asked == PRIVATE and offered:
        raise VisibilityError("a private table is not listed, so nobody could take its open seat: invite people to "
                              "those seats, or make the table public")
    if asked is not None:
        return asked
    return PRIVATE if invited and not offered else PUBLIC


def same_token(token: str, expected: str) -> bool:
    """Whether ``token`` is ``expected`` (compared in constant time: a spectator token is a credential of a private
    table)."""
    return hmac.compare_digest(token.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass"))
