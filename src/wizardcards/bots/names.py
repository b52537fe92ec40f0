"""The names bots sit at a table under when nobody names them, one list for every front end: the browser's lobby
(through ``GET /meta``) and the terminal's ``wizard play`` both name a bot by its seat from here, so the bot in seat 2
is Circe in either."""

from __future__ import annotations

BOT_NAMES = ("Merlin", "Morgana", "Circe", "Prospero", "Nimue", "Gandalf", "Medea")
"""Seven names: a table of up to seven seats never shows one twice."""


def bot_name(seat: int) -> str:
    """The name of a bot in ``seat`` (0-based) that nobody named."""
    return BOT_NAMES[seat % len(BOT_NAMES)]
