"""The WebSocket protocol: every message either side sends, as pydantic models, and their JSON Schema.

One WebSocket per connection, one JSON object per text frame, at most ``MAX_MESSAGE_BYTES``. The client speaks first:

    -> {"type": "hello", "id": "c1", "token": "<seat or spectator token>", "name": "Ann"}   # name: optional
    <- {"type": "welcome", "seq": 0, "reply_to": "c1", "table": "...", "seat": 2, "names": [...], "bots": [...],
        "hints": true, "turn_seconds": null}
    <- {"type": "view", "seq": 0, "view": {...}, "turn_left": null}   # this connection's own View
    <- {"type": "table", "seq": 0, "players": [...], "status": "waiting"}   # who sits where, who is connected
    <- {"type": "chat", ...}                                     # the table's last chat lines
    -> {"type": "action", "id": "c2", "action": 61, "seq": 0}    # an action of the game's table, for decision seq
    -> {"type": "sync", "id": "c4"}  /  {"type": "rematch", "id": "c5"}  # the view again / a rematch once it is over
    -> {"type": "chat", "id": "c6", "text": "gg"}  /  {"type": "hint", "id": "c7"}
    <- {"type": "ack", "seq": 1, "reply_to": "c2", "number": 0}  # accepted as decision number 0
    <- {"type": "view", "seq": 1, "view": {...}}                 # to every connection at the table
    <- {"type": "error", "seq": 1, "reply_to": "c3", "code": "illegal", "message": "must follow Hearts: ..."}

``seq`` is the table's sequence number: the count of decisions the table has accepted when the message was sent, so
a view with ``seq`` n shows the game after its first n decisions and the views of one table arrive in order. Two
exceptions keep the seq they belong to: a chat line keeps the seq it was said at (also when it is sent again as
history), and a hint carries the seq of the view it analysed. A client message id seen before at the same seat is
answered with the same ack and applied once (ids are kept with the actions, so this holds across restarts).
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt, StrictStr, StringConstraints, TypeAdapter

from ..core.actions import NUM_ACTIONS_WITH_SPECIALS

MAX_MESSAGE_BYTES = 4096
MAX_ID_LENGTH = 128
MAX_NAME_LENGTH = 64
MAX_CHAT_LENGTH = 300



_REORDERING = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))  # bidirectional overrides and isolates


_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def could_be_id(text: str) -> bool:
    """Whether ``text`` could be the id of a table or a shared pad (``secrets.token_hex``, ``token_urlsafe``): any
    other is unknown without asking the database (which may not even take it: PostgreSQL refuses a NUL)."""
    return _ID.fullmatch(text) is not None


def printable(text: str) -> bool:
    """No control characters: C0 (NUL, line breaks, tabs), DEL, C1, lone surrogates, and the bidirectional controls
    that make a name read as another (emoji joiners stay: they are part of emoji)."""
    return _first_control(text) is None


def _first_control(text: str) -> str | None:
    for character in text:
        if unicodedata.category(character) in ("Cc", "Cs") or ord(character) in _REORDERING:
            return character
    return None


def _printable(text: Any) -> Any:
    """Refuse control characters (``printable``). Checked before white space is trimmed, which would drop a
    trailing line break or C1 NEL unseen."""
    if not isinstance(text, str):
        return text  # the strict string check that follows refuses it
    character = _first_control(text)
    if character is not None:
        raise ValueError(f"must not contain control characters (found U+{ord(character):04X})")
    return text


# a message id and a token hold no control characters either: an id is stored with its action, a spectator token
# looked up as it is, and PostgreSQL refuses a NUL (a lone surrogate fails to encode for any database)
ClientId = Annotated[StrictStr, Field(min_length=1, max_length=MAX_ID_LENGTH), BeforeValidator(_printable)]
# a player's name and a chat line: surrounding white space is dropped before the length is checked; no control
# characters (a NUL would also fail to store on PostgreSQL)
Name = Annotated[
    StrictStr, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME_LENGTH),
    BeforeValidator(_printable),
]
ChatText = Annotated[
    StrictStr, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_CHAT_LENGTH),
    BeforeValidator(_printable),
]
Token = Annotated[StrictStr, Field(min_length=1, max_length=128), BeforeValidator(_printable)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Hello(_Message):
    """Join a table with a seat's token (that seat's view and actions) or the spectator token (public view).

    ``name``, before the game starts, renames the seat (a spectator's is ignored)."""

    type: Literal["hello"]
    id: ClientId
    token: Token
    name: Name | None = None


class Act(_Message):
    """Take a decision for this connection's seat: one integer of the game's action table, for the decision ``seq``
    (the seq of the view it answers: an action meant for another decision is refused as ``stale``). The ids run up
    to table 2's (core/actions.py: 0..101, the special cards' decisions 81..101); at a table without special cards
    the core refuses an id above 80 as no action of its table."""

    type: Literal["action"]
    id: ClientId
    action: Annotated[StrictInt, Field(ge=0, lt=NUM_ACTIONS_WITH_SPECIALS)]
    seq: Annotated[StrictInt, Field(ge=0)]


class Sync(_Message):
    """Ask for the current view again (answered with a ``view`` to this connection only)."""

    type: Literal["sync"]
    id: ClientId


class RematchRequest(_Message):
    """Ask for a rematch of a finished game: same rules, same seats and bots, a new deal and new tokens."""

    type: Literal["rematch"]
    id: ClientId


class Chat(_Message):
    """Say something to everyone at the table (seats only; 1..300 characters after stripping)."""

    type: Literal["chat"]
    id: ClientId
    text: ChatText


class HintRequest(_Message):
    """Ask for the value of each legal action of this seat's current decision (where the table allows hints)."""

    type: Literal["hint"]
    id: ClientId


ClientMessage = Annotated[Hello | Act | Sync | RematchRequest | Chat | HintRequest, Field(discriminator="type")]


class Welcome(_Message):
    type: Literal["welcome"] = "welcome"
    seq: int
    reply_to: str
    table: str
    seat: int  # -1 for a spectator
    names: list[str]
    bots: list[str | None]  # the bot spec of each seat; None for a human seat
    status: str
    hints: bool  # whether this table's seats may ask for hints
    turn_seconds: float | None  # the turn timer; None: no timer
    bot_pace: float = 0.0  # seconds at least between an action and a bot's next (while anyone is connected)
    visibility: Literal["public", "private"] = "public"  # private: not listed; its replay needs a credential of it


class LastTrick(_Message):
    leader: int
    cards: list[int]  # card ids in the order played, from the leader on
    winner: int


class StandIn(_Message):
    seat: int
    why: Literal["timeout", "away"]


class ViewMessage(_Message):
    type: Literal["view"] = "view"
    seq: int
    reply_to: str | None = None  # the id of the sync it answers; None when sent for a decision or a hello
    status: Literal["waiting", "playing", "finished"] = "playing"  # act only while playing
    view: dict[str, Any]  # serialize.view_to_json of this connection's View
    turn_left: float | None = None  # seconds left to the seat on turn (a human, at a table with a timer); else None
    # the View's last_trick (public: every card of a trick is played face up): the last completed trick, which stays
    # after a hand's last trick (round_tricks start empty with the next deal) until the next hand's first card is
    # played; None before the first trick and during each later hand's first trick
    last_trick: LastTrick | None = None
    # the decision that led to this view was taken by the stand-in bot for a human seat: its turn timer ran out
    # ("timeout"), or its player has been gone past the grace period ("away"); None when the seat's own player (or
    # its bot) decided, and on a view older than that decision's
    stand_in: StandIn | None = None


class Ack(_Message):
    type: Literal["ack"] = "ack"
    seq: int  # the table's sequence number just after this decision
    reply_to: str
    number: int  # the decision's position in the game's history


class RematchOffer(_Message):
    """The rematch of this finished table exists: join it with ``token``, made for this connection's own seat there
    (a spectator: the new table's spectator token)."""

    type: Literal["rematch"] = "rematch"
    seq: int
    table: str
    token: str


class Player(_Message):
    seat: int
    name: str
    bot: str | None  # the bot spec; None for a human seat
    open: bool  # POST /tables/{id}/join may hand it out (else invite-only)
    claimed: bool  # taken: a connection said hello with its token, or POST /tables/{id}/join handed it out (bots: true)
    joined: bool  # its holder has said hello (bots: true); a seat claimed but not joined may be freed by the host
    connected: bool  # a connection holds the seat now (bots: true, they play in the server)
    # who holds it: a bot (the server's, ``bot`` its spec, or a bot account's program: docs/bot-api.md), a "player"
    # (a signed-in account took it: docs/accounts.md), or a "guest" (anyone else)
    kind: Literal["guest", "player", "bot"]


class TableState(_Message):
    """Who sits where: sent to every connection of a table when a name, claim or connection changes."""

    type: Literal["table"] = "table"
    seq: int
    players: list[Player]
    status: Literal["waiting", "playing", "finished"]


class ChatLine(_Message):
    """A chat line, to every connection at the table (and, as history, to each one that joins later)."""

    type: Literal["chat"] = "chat"
    seq: int  # the table's seq when it was said
    seat: int
    name: str
    text: str
    time: float  # seconds since the epoch


class HintValue(_Message):
    action: int
    text: str  # the action as the core writes it ("bid 2", "7h")
    value: float  # Wizard: the expected score of the round; Wily Wizards: the chance to gain the hand's letter


class Hint(_Message):
    """The answer to a ``hint``: every legal action with its estimated value, best first."""

    type: Literal["hint"] = "hint"
    seq: int  # the seq of the view analysed: a hint older than the client's view is stale
    reply_to: str
    values: list[HintValue]
    best: int


ErrorCode = Literal[
    "malformed", "too_large", "invalid", "not_joined", "already_joined", "bad_token", "spectator",
    "not_your_turn", "illegal", "not_started", "game_over", "game_not_over", "throttled", "no_hints", "stale",
    "unavailable", "limited", "forbidden",
]


class ErrorMessage(_Message):
    type: Literal["error"] = "error"
    seq: int
    reply_to: str | None  # the id of the message in error, when it could be read
    code: ErrorCode
    message: str


DeclineReason = Literal["generic", "later", "rules", "players", "rated", "casual", "too_fast", "too_slow"]


class Declined(_Message):
    """A bot account declined its invitation into ``seat`` (docs/bot-api.md): to the table's connections, so that its
    host may invite another. ``reason`` is one of a fixed list (a bot writes no free text)."""

    type: Literal["declined"] = "declined"
    seq: int
    seat: int
    name: str  # the bot account's
    reason: DeclineReason


ServerMessage = Annotated[
    Welcome | ViewMessage | Ack | RematchOffer | TableState | ChatLine | Hint | ErrorMessage | Declined,
    Field(discriminator="type"),
]

CLIENT_ADAPTER: TypeAdapter[Hello | Act | Sync | RematchRequest | Chat | HintRequest] = TypeAdapter(ClientMessage)
SERVER_ADAPTER: TypeAdapter[
    Welcome | ViewMessage | Ack | RematchOffer | TableState | ChatLine | Hint | ErrorMessage | Declined
] = TypeAdapter(ServerMessage)


def protocol_schema() -> dict[str, Any]:
    """A JSON Schema document holding every client and server message (served at ``/protocol.schema.json``)."""
    client = CLIENT_ADAPTER.json_schema(ref_template="#/$defs/{model}")
    server = SERVER_ADAPTER.json_schema(ref_template="#/$defs/{model}")
    defs = {**client.pop("$defs", {}), **server.pop("$defs", {})}
    defs["ClientMessage"] = client
    defs["ServerMessage"] = server
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "wizardcards server protocol",
        "description": f"One JSON object per WebSocket text frame, at most {MAX_MESSAGE_BYTES} bytes.",
        "oneOf": [{"$ref": "#/$defs/ClientMessage"}, {"$ref": "#/$defs/ServerMessage"}],
        "$defs": defs,
    }


def dump(message: BaseModel) -> str:
    return json.dumps(message.model_dump(mode="json"), separators=(",", ":"))
