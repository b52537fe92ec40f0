"""A live table: its game, who sits where, its connections, the messages it sends, and its act path.

An action is tried on a clone of the state (the core validates it and names the broken rule), committed as an
``actions`` row, and only then swapped in and announced, so a crash at any point loses nothing anyone was told and a
storage failure changes nothing (the client hears ``unavailable``). Each connection receives only its own seat's
``View`` (a spectator the public view); sending only queues (``connection.py``), so no lock is held across network
I/O. What happens around a table (bots, timers, seats handed out) is the manager's (``manager.py``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError

from ..core import SPECTATOR, ActionError, RuleSet
from ..core.state import TrickGameState
from . import protocol as P
from . import ratings as R
from .connection import Connection
from .credentials import watch_link
from .players import STAND_IN, rated_bot
from .rating_storage import RatedGame
from .serialize import ViewFrames, dumps, view_to_json
from .storage import ActionWriter, Finish
from .visibility import Visibility

CHAT_LINES = 50  # the chat lines a table keeps (in memory only) and sends to each connection that joins
_SYSTEM_RANDOM = secrets.SystemRandom()
log = logging.getLogger("wizardcards.server")


class TableError(ValueError):
    """A request the server refuses; ``code`` is one of the protocol's error codes."""

    def __init__(self, code: P.ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


class NoSeatError(ValueError):
    """``POST /tables/{id}/join`` found no seat to hand out (the game has started, or every human seat is taken)."""


UNAVAILABLE = "the server could not store this change; nothing changed: try again"


def ack_text(ack: P.Ack) -> str:
    """``protocol.dump(ack)``, written directly (one per accepted action; outgoing messages need no validation)."""
    return f'{{"type":"ack","seq":{ack.seq},"reply_to":{json.dumps(ack.reply_to)},"number":{ack.number}}}'


@dataclass(eq=False)
class LiveTable:
    id: str
    rules: RuleSet
    seed: int
    names: list[str]
    bots: list[str | None]
    spectator_token: str
    status: str
    state: TrickGameState
    joined: set[int] = field(default_factory=set)
    acks: dict[tuple[int, str], P.Ack] = field(default_factory=dict)
    connections: list[Connection] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    rng: random.Random = field(default_factory=lambda: random.Random(_SYSTEM_RANDOM.getrandbits(64)))
    turn_seconds: float | None = None
    grace_seconds: float | None = None
    rematch_id: str | None = None
    away: set[int] = field(default_factory=set)  # human seats a stand-in bot plays for until they are back
    timer: asyncio.Task[None] | None = None
    grace: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None  # the table's bots thinking (one decision at a time)
    hints: bool = True  # seats may ask for hints
    bot_pace: float = 0.0  # seconds at least between an accepted action and a bot's next, while anyone watches
    moved_at: float = 0.0  # time.monotonic() of the last accepted action
    claimed: set[int] = field(default_factory=set)  # human seats taken: by their creator, a join, an invite claimed
    open: set[int] = field(default_factory=set)  # human seats POST /tables/{id}/join may hand out (else invite-only)
    invites: dict[int, str] = field(default_factory=dict)  # seat: the digest of its unused invite code
    digests: dict[int, set[str]] = field(default_factory=dict)  # seat: the digests of its tokens
    pending: dict[int, asyncio.TimerHandle] = field(default_factory=dict)  # joined seats whose holder has not come yet
    creator: str | None = None  # the client that created it (for its limits of unfinished tables)
    network: str | None = None  # limits.network_of(creator)
    hosts: set[int] = field(default_factory=set)  # the creator's own seats: their holders may free a squatted seat
    joined_by_others: bool = False  # someone other than the creator said hello here: it does not expire
    created_at: datetime | None = None  # (UTC) a waiting table nobody else joins expires Limits.waiting_minutes later
    joiners: dict[int, str] = field(default_factory=dict)  # seat: the client a join handed it to (until its hello)
    barred: set[str] = field(default_factory=set)  # networks whose joined seat the host freed: they join no more
    accounts: dict[int, str] = field(default_factory=dict)  # seat: the account holding it (taken signed in)
    bot_seats: set[int] = field(default_factory=set)  # seats of ``accounts`` held by bot accounts (bot_api.py)
    chat: deque[str] = field(default_factory=lambda: deque(maxlen=CHAT_LINES))  # the ``chat`` messages' text
    deadline: float | None = None  # time.monotonic() when the turn timer armed at ``deadline_seq`` runs out
    deadline_seq: int = -1
    hint_job: tuple[int, asyncio.Task[Any]] | None = None  # (seq, its analysis)
    behind: bool = False  # the record holds an action this table does not (another worker wrote it: cluster.py)
    _frames: ViewFrames | None = None  # the view payloads of ``state``
    stand_in: tuple[int, str] | None = None  # (seat, why) of the stand-in that took the decision leading to ``state``
    visibility: Visibility = "public"  # "private": never listed, seen only with a credential of it (visibility.py)
    rated: bool = False  # created rated: its end rates its accounts (``ratings.py``)
    # seat: its bots' own random stream (each decision there draws from it, as the arena's bots do); only the
    # benchmark's tables have them (arena/bench_server.py), any other table's bots draw a fresh seed from ``rng``
    seat_rngs: dict[int, random.Random] = field(default_factory=dict)
    # called after each accepted decision with (seat, seconds from the view that asked it to its arrival, stand_in):
    # the benchmark's clock of a bot account's decisions, measured here at the server
    on_accept: Callable[[int, float, str | None], None] | None = None

    @property
    def seq(self) -> int:
        return len(self.state.history)

    def view_message(self, seat: int, reply_to: str | None = None) -> str:
        """The ``view`` message for ``seat`` now (after a hello or a sync)."""
        return self.view_text(seat, reply_to, self.turn_left())

    def view_text(self, seat: int, reply_to: str | None, turn_left: float | None) -> str:
        """The ``view`` message (protocol.ViewMessage) for ``seat``, written directly: one per connection per decision,
        the hot path. The payloads of the current state are kept until the state changes, so a decision serialises
        what all seats share once and each seat's own fields once; ``turn_left`` is worked out once per broadcast."""
        frames = self._frames
        if frames is None or frames.state is not self.state:
            frames = self._frames = ViewFrames(self.state)
        left = "null" if turn_left is None else repr(turn_left)
        payload = frames.payload(seat)
        stand_in = "null" if self.stand_in is None else f'{{"seat":{self.stand_in[0]},"why":"{self.stand_in[1]}"}}'
        return (f'{{"type":"view","seq":{self.seq},"reply_to":{json.dumps(reply_to)},"status":"{self.status}",'
                f'"turn_left":{left},"last_trick":{frames.last_trick()},"stand_in":{stand_in},"view":{payload}}}')

    def on_turn(self) -> int | None:
        """The seat whose decision the game waits for, at a playing table; None otherwise."""
        if self.status != "playing" or self.state.is_terminal():
            return None
        return self.state.current_player()

    def bot_on_turn(self) -> tuple[int, str] | None:
        """(seat, bot spec) when a bot decides now: a bot seat, or a human seat that is away (the stand-in)."""
        seat = self.on_turn()
        if seat is None:
            return None
        spec = self.bots[seat]
        if spec is not None:
            return seat, spec
        if seat in self.away:
            return seat, STAND_IN
        return None

    def bot_wait(self) -> float:
        """Seconds a bot's decision waits before it is played: what is left of the table's pace since the last
        accepted action, so people can watch each bid and card arrive; none when no one is connected (a table of bots
        alone plays at full speed)."""
        if not self.connections:
            return 0.0
        return max(0.0, self.moved_at + self.bot_pace - time.monotonic())

    def timed_seat(self) -> int | None:
        """The seat the turn timer runs for: a human on turn (not away) at a playing table with a timer."""
        seat = self.on_turn()
        if self.turn_seconds is None or seat is None:
            return None
        return seat if self.bots[seat] is None and seat not in self.away else None

    def turn_left(self) -> float | None:
        """Seconds left to the seat on turn; None when no timer runs for it. Every decision restarts the timer with
        the full time, so a view sent for a new decision (before the timer is armed for it) shows the full time."""
        if self.timed_seat() is None:
            return None
        assert self.turn_seconds is not None
        if self.deadline is not None and self.deadline_seq == self.seq:
            return round(max(0.0, self.deadline - time.monotonic()), 3)
        return self.turn_seconds

    def seating(self) -> list[dict[str, Any]]:
        """Who sits where: name, bot, whether the seat is open to anyone, whether it is taken, whether its holder has
        said hello, whether a connection holds it (bots: taken, joined and connected), and who holds it (``kind``).
        """
        here = {c.seat for c in self.connections}
        return [
            {"seat": seat, "name": name, "bot": bot, "open": seat in self.open,
             "claimed": bot is not None or seat in self.claimed, "joined": bot is not None or seat in self.joined,
             "connected": bot is not None or seat in here, "kind": self.seat_kind(seat)}
            for seat, (name, bot) in enumerate(zip(self.names, self.bots))
        ]

    def seat_kind(self, seat: int) -> str:
        """"bot" (the server's bot, or a bot account: then ``bot`` is None), "player" (a signed-in account holds it)
        or "guest" (anyone else, or nobody yet)."""
        if self.bots[seat] is not None or seat in self.bot_seats:
            return "bot"
        return "player" if seat in self.accounts else "guest"

    def seat_of(self, account_id: str) -> int | None:
        """The seat an account holds here (an account holds one seat of a table at most)."""
        return next((seat for seat, held in sorted(self.accounts.items()) if held == account_id), None)

    def free_seats(self) -> list[int]:
        """The seats join may hand out: open, human, not yet taken (none once the game has started)."""
        if self.status != "waiting":
            return []
        return [s for s in sorted(self.open) if self.bots[s] is None and s not in self.claimed]

    def everyone_joined(self) -> bool:
        return all(self.bots[s] is not None or s in self.joined for s in range(self.rules.players))

    def table_message(self) -> str:
        return dumps({"type": "table", "seq": self.seq, "players": self.seating(), "status": self.status})

    def sheet(self) -> dict[str, Any]:
        """The score sheet as every seat sees it (public information)."""
        view = view_to_json(self.state.public_view())
        return {
            "id": self.id, "game": self.rules.game.value, "names": self.names, "status": self.status,
            "sheet": view["sheet"], "scores": view["scores"], "letters": view["letters"], "teams": view["teams"],
            "winners": view["winners"],
        }

    def summary(self) -> dict[str, Any]:
        """What anyone may know of a table: never the seed (it would reveal every hand), a seat's token or an invite;
        the spectator link is listed, as it shows only what every seat may see."""
        return {
            "id": self.id,
            "game": self.rules.game.value,
            "rules": self.rules.to_dict(),
            "status": self.status,
            "names": self.names,
            "bots": self.bots,
            "decisions": self.seq,
            "scores": list(self.state.returns()) if self.state.is_terminal() else None,
            "winners": list(self.state.winners()) if self.state.is_terminal() else None,
            "hints": self.hints,
            "rated": self.rated,
            "bot_pace": self.bot_pace,
            "turn_seconds": self.turn_seconds,
            "grace_seconds": self.grace_seconds,
            "players": self.seating(),
            "open_seats": len(self.free_seats()),
            "spectator": watch_link(self.spectator_token),
            "visibility": self.visibility,
        }

    # --- sending (queues only: nothing here waits for a client) --------------------------------------------------

    def tell(self, text: str) -> None:
        for connection in self.connections:
            connection.send(text)

    def announce(self) -> None:
        """Tell everyone at the table who sits where."""
        self.tell(self.table_message())

    def broadcast(self) -> None:
        """Each connection its own view of the state now (written once per seat)."""
        cache: dict[int, str] = {}
        turn_left = self.turn_left()
        for connection in self.connections:
            text = cache.get(connection.seat)
            if text is None:
                text = cache[connection.seat] = self.view_text(connection.seat, None, turn_left)
            connection.send(text)

    # --- the act path (the caller holds the lock) ---------------------------------------------------------------

    async def accept(
        self, writer: ActionWriter, seat: int, action: int, client_id: str | None, connection: Connection | None,
        stand_in: str | None = None,
    ) -> P.Ack:
        """Apply, store and broadcast one decision; ``stand_in`` ("timeout" or "away") when the stand-in bot took it
        for the human ``seat`` (the views say so: ``protocol.StandIn``)."""
        arrived = time.monotonic()
        trial = self.state.clone()
        try:
            trial.apply(action)
        except ActionError as error:  # an action the rules forbid now, or one that names no action
            raise TableError("illegal", str(error)) from None
        number = self.seq
        finish = self._finish(trial) if trial.is_terminal() else None
        # Committed before anyone is told: the database is the record. The commit is shared with the decisions other
        # tables take meanwhile (group commit, in a worker thread), so the event loop goes on and the database sees
        # one transaction per batch rather than one per decision; the table's lock, held here, keeps its order.
        try:
            await writer.write(
                {"table_id": self.id, "number": number, "seat": seat, "action": action, "client_id": client_id}, finish
            )
        except IntegrityError:  # the record has a decision of this number already: written by another worker
            log.error("table %s: decision %d is in the record already", self.id, number)
            self.behind = True
            raise TableError("unavailable", UNAVAILABLE) from None
        except Exception:
            log.exception("table %s: decision %d could not be stored", self.id, number)
            raise TableError("unavailable", UNAVAILABLE) from None
        asked = self.moved_at
        self.state, self.moved_at = trial, time.monotonic()
        self.stand_in = None if stand_in is None else (seat, stand_in)
        if finish is not None:
            self.status = "finished"
        ack = P.Ack(seq=number + 1, reply_to=client_id or "", number=number)
        if client_id is not None:
            self.acks[(seat, client_id)] = ack
        if connection is not None:
            connection.send(ack_text(ack))
        self.broadcast()
        if self.on_accept is not None:
            self.on_accept(seat, arrived - asked, stand_in)
        return ack

    def _finish(self, final: TrickGameState) -> Finish:
        """What a game's end stores: the statistics of the seats a person played (bot seats' names count for nothing),
        the table's summary once finished, and at a rated table its seats' ranks to rate."""
        winners, returns, game = final.winners(), final.returns(), self.rules.game.value
        return Finish([
            (self.names[seat], game, 1 / len(winners) if seat in winners else 0.0,
             int(returns[seat]) if game == "wizard" else 0)
            for seat in range(self.rules.players) if self.bots[seat] is None
        ], dataclasses.replace(self, state=final, status="finished").finished_json(), self._rated_game(final))

    def _rated_game(self, final: TrickGameState) -> RatedGame | None:
        """The seats of a rated table's game at its end, ranked (``ratings.final_ranks``: a seat whose player is away
        past the grace period comes last); None for a table not rated, or one whose seats are not as a rated game
        needs now (``ratings.seats_problem``: a guest, one account in two seats, fewer than two accounts)."""
        if not self.rated or R.seats_problem(self.bots, self.accounts) is not None:
            return None
        game = R.game_of(self.rules)
        away = {seat for seat in self.away if self.bots[seat] is None}
        ranks = R.final_ranks(game, final.teams, final.returns(), final.winners(), away)
        entrants = []
        for seat, spec in enumerate(self.bots):
            bot = None if spec is None else rated_bot(spec)
            entrants.append(R.Entrant(seat, self.accounts.get(seat) if spec is None else None, bot,
                                      final.teams[seat], ranks[seat]))
        return RatedGame(game, tuple(entrants))

    def finished_json(self) -> str:
        """What the read routes need of this finished table (``finished.FinishedTable``): its summary, as it is with
        nobody connected, and its score sheet; stored at its end, so that an old game is never replayed for them."""
        summary = self.summary()
        summary["players"] = [{**seat, "connected": seat["bot"] is not None} for seat in summary["players"]]
        return dumps({"summary": summary, "sheet": self.sheet()})


def seated(connection: Connection, doing: str, to_spectator: str) -> tuple[LiveTable, int]:
    """The table and seat of a connection about to do something only a seat may do (``TableError`` otherwise)."""
    table = connection.table
    if table is None:
        raise TableError("not_joined", f"say hello with a token before {doing}")
    if connection.seat == SPECTATOR:
        raise TableError("spectator", to_spectator)
    return table, connection.seat
