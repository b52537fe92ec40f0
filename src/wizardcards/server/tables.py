"""Live tables: seats and tokens, the connections at each table, accepting actions, bots, and reloading on start.

The state of a table lives in memory and in the database; the database is the authority. An action is tried on a
clone of the state (the core validates it and names the broken rule), committed as an ``actions`` row, and only then
swapped in and announced, so a crash at any point loses nothing anyone was told. On start every unfinished table is
rebuilt by replaying its rows. Each connection receives only its own seat's ``View`` (a spectator the public view).

Around the game: who sits where (names, claimed seats, connections; sent to everyone at the table as a ``table``
message whenever it changes), the table's chat (the last ``CHAT_LINES`` lines, in memory only), hints (a search
bot's analysis of the asking seat's own View, worked out in a worker thread), and the replay of a finished game. Every
bot, the stand-in and the hint's analysis come from ``players``.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ..core import SPECTATOR, ActionError, GameRecord, RuleSet, action_to_text, new_game, replay
from ..core.cards import cards_of
from ..core.state import TrickGameState
from . import protocol as P
from .db import ActionRow, SeatRow, TableRow
from .players import Bot, HintAnswer, bot_spec_error, hint_values, make_player, make_stand_in
from .serialize import ViewFrames, dumps, trick_json, view_to_json

_SYSTEM_RANDOM = secrets.SystemRandom()

Send = Callable[[str], Awaitable[None]]
CHAT_LINES = 50  # the chat lines a table keeps (in memory only) and sends to each connection that joins
REPLAYS_KEPT = 16  # finished games whose replay JSON is kept, most recently asked first


class TableError(ValueError):
    """A request the server refuses; ``code`` is one of the protocol's error codes."""

    def __init__(self, code: P.ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


class NoSeatError(ValueError):
    """``POST /tables/{id}/join`` found no seat to hand out (the game has started, or every human seat is taken)."""


def replay_json(record: GameRecord, table_id: str) -> bytes:
    """``GET /tables/{id}/replay`` of a finished game: per step, the public view after it and every seat's hand.
    Only for finished games: the hands are the hidden information of the game."""
    style = record.rules.rank_style
    state = new_game(record.rules, record.seed)
    steps: list[dict[str, Any]] = []
    seat: int = SPECTATOR
    action: int | None = None
    for number in range(len(record.actions) + 1):
        if number:
            action = record.actions[number - 1]
            seat = state.current_player()
            state.apply(action)
        view = state.public_view()
        steps.append({
            "number": number,
            "seat": seat,
            "action": action,
            "text": action_to_text(action, style) if action is not None else None,
            "view": view_to_json(view),
            "hands": [cards_of(hand) for hand in state.hands],
            "last_trick": trick_json(view.last_trick),
        })
    return dumps({
        "table": table_id, "game": record.rules.game.value, "rules": record.rules.to_dict(), "names": record.names,
        "steps": steps,
    }).encode()


def ack_text(ack: P.Ack) -> str:
    """``protocol.dump(ack)``, written directly (one per accepted action; outgoing messages need no validation)."""
    return f'{{"type":"ack","seq":{ack.seq},"reply_to":{json.dumps(ack.reply_to)},"number":{ack.number}}}'


@dataclass(eq=False)
class Connection:
    """One WebSocket: its send function and, once it said hello, its table and seat (-1: spectator)."""

    send: Send
    table: LiveTable | None = None
    seat: int = SPECTATOR
    hint: asyncio.Task[None] | None = None  # the hint being worked out for this connection (one at a time)


@dataclass(eq=False)
class LiveTable:
    id: str
    rules: RuleSet
    seed: int
    names: list[str]
    bots: list[str | None]
    tokens: list[str]
    spectator_token: str
    status: str
    state: TrickGameState
    joined: set[int] = field(default_factory=set)
    acks: dict[tuple[int, str], P.Ack] = field(default_factory=dict)
    connections: list[Connection] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    players: dict[int, Bot] = field(default_factory=dict)
    rng: random.Random = field(default_factory=lambda: random.Random(_SYSTEM_RANDOM.getrandbits(64)))
    turn_seconds: float | None = None
    grace_seconds: float | None = None
    rematch_id: str | None = None
    away: set[int] = field(default_factory=set)  # human seats a stand-in bot plays for until they are back
    stand_ins: dict[int, Bot] = field(default_factory=dict)
    timer: asyncio.Task[None] | None = None
    grace: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    hints: bool = True  # seats may ask for hints
    claimed: set[int] = field(default_factory=set)  # human seats taken: said hello once, claimed at creation or by join
    open: set[int] = field(default_factory=set)  # human seats POST /tables/{id}/join may hand out (else invite-only)
    chat: deque[str] = field(default_factory=lambda: deque(maxlen=CHAT_LINES))  # the ``chat`` messages' text
    deadline: float | None = None  # time.monotonic() when the turn timer armed at ``deadline_seq`` runs out
    deadline_seq: int = -1
    hint_job: tuple[int, asyncio.Task[HintAnswer]] | None = None  # (seq, its analysis)
    _frames: ViewFrames | None = None  # the view payloads of ``state``

    @property
    def seq(self) -> int:
        return len(self.state.history)

    def bot(self, seat: int) -> Bot:
        if self.bots[seat] is None:  # a human seat that is away: the stand-in plays through the seat's view
            if seat not in self.stand_ins:
                self.stand_ins[seat] = make_stand_in()
            return self.stand_ins[seat]
        if seat not in self.players:
            spec = self.bots[seat]
            assert spec is not None
            self.players[seat] = make_player(spec)
        return self.players[seat]

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
        return (f'{{"type":"view","seq":{self.seq},"reply_to":{json.dumps(reply_to)},"status":"{self.status}",'
                f'"turn_left":{left},"last_trick":{frames.last_trick()},"view":{payload}}}')

    def timed_seat(self) -> int | None:
        """The seat the turn timer runs for: a human on turn (not away) at a playing table with a timer."""
        if self.turn_seconds is None or self.status != "playing" or self.state.is_terminal():
            return None
        seat = self.state.current_player()
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
        """Who sits where: name, bot, whether the seat is open to anyone, whether it is taken and whether a connection
        holds it (bots: taken and connected)."""
        here = {c.seat for c in self.connections}
        return [
            {"seat": seat, "name": name, "bot": bot, "open": seat in self.open,
             "claimed": bot is not None or seat in self.claimed, "connected": bot is not None or seat in here}
            for seat, (name, bot) in enumerate(zip(self.names, self.bots))
        ]

    def free_seats(self) -> list[int]:
        """The seats join may hand out: open, human, not yet taken (none once the game has started)."""
        if self.status != "waiting":
            return []
        return [s for s in sorted(self.open) if self.bots[s] is None and s not in self.claimed]

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
        """What anyone may know of a table: never the seed (it would reveal every hand) or a seat's token; the
        spectator link is listed, as it shows only what every seat may see."""
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
            "turn_seconds": self.turn_seconds,
            "grace_seconds": self.grace_seconds,
            "players": self.seating(),
            "open_seats": len(self.free_seats()),
            "spectator": f"/play?token={self.spectator_token}",  # the public view only: any seat may know it
        }


def seated(connection: Connection, doing: str, to_spectator: str) -> tuple[LiveTable, int]:
    """The table and seat of a connection about to do something only a seat may do (``TableError`` otherwise)."""
    table = connection.table
    if table is None:
        raise TableError("not_joined", f"say hello with a token before {doing}")
    if connection.seat == SPECTATOR:
        raise TableError("spectator", to_spectator)
    return table, connection.seat


class ActionWriter:
    """Group commit of accepted actions: rows waiting while a commit runs go together into the next one.

    ``write`` returns once its row is committed (or raises what the database raised for it). One batch at a time runs
    in a worker thread, so the event loop never waits for the database; when a batch fails, its rows are tried again
    one per transaction, so a bad row fails only its own decision."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._pending: list[tuple[dict[str, Any], bool, asyncio.Future[None]]] = []
        self._running = False
        self._task: asyncio.Task[None] | None = None  # kept: the loop holds only a weak reference to a task

    async def write(self, row: dict[str, Any], finished: bool) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((row, finished, done))
        if not self._running:
            self._running = True
            self._task = asyncio.get_running_loop().create_task(self._drain())
        await done

    async def _drain(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    await asyncio.to_thread(self._commit, batch)
                    failures: list[BaseException | None] = [None] * len(batch)
                except Exception:
                    failures = [await self._commit_alone(item) for item in batch]
                for (_, _, done), failure in zip(batch, failures):
                    if done.done():
                        continue
                    if failure is None:
                        done.set_result(None)
                    else:
                        done.set_exception(failure)
        finally:
            self._running = False

    async def _commit_alone(self, item: tuple[dict[str, Any], bool, asyncio.Future[None]]) -> BaseException | None:
        try:
            await asyncio.to_thread(self._commit, [item])
        except Exception as error:
            return error
        return None

    def _commit(self, batch: list[tuple[dict[str, Any], bool, asyncio.Future[None]]]) -> None:
        # Core statements, not the ORM session: this is the hot path of the server
        with self.engine.begin() as db:
            db.execute(insert(ActionRow), [row for row, _, _ in batch])
            for row, finished, _ in batch:
                if finished:
                    db.execute(update(TableRow).where(TableRow.id == row["table_id"]).values(status="finished"))


class TableManager:
    """Every table the server knows: create, find by token, join, act, reload."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._writer = ActionWriter(engine)
        self.tables: dict[str, LiveTable] = {}
        self.by_token: dict[str, tuple[str, int]] = {}
        self._replays: OrderedDict[str, bytes] = OrderedDict()

    # --- creating and loading -------------------------------------------------------------------------------

    def create(
        self, rules: RuleSet, seats: list[tuple[str, str | None]], turn_seconds: float | None = None,
        grace_seconds: float | None = None, hints: bool = True, *, open_seats: set[int] | None = None,
        claimed: set[int] | None = None,
    ) -> LiveTable:
        """A new table; ``seats`` holds (name, bot spec or None for a human) per seat. The seed is drawn here.
        ``open_seats``: the human seats ``claim`` may hand out; ``claimed``: those taken already (never handed out)."""
        open_seats, claimed = open_seats or set(), claimed or set()
        if len(seats) != rules.players:
            raise TableError("invalid", f"{rules.players} players need {rules.players} seats, not {len(seats)}")
        for seat, (_, spec) in enumerate(seats):
            problem = None if spec is None else bot_spec_error(spec)
            if problem is not None:
                raise TableError("invalid", f"seat {seat}: {problem}")
        seed = _SYSTEM_RANDOM.randrange(2**63)
        table_id = secrets.token_hex(8)
        tokens = [secrets.token_urlsafe(24) for _ in seats]
        spectator = secrets.token_urlsafe(24)
        with Session(self.engine) as session, session.begin():
            session.add(
                TableRow(id=table_id, rules=json.dumps(rules.to_dict()), seed=seed, status="waiting",
                         spectator_token=spectator, turn_seconds=turn_seconds, grace_seconds=grace_seconds,
                         hints=hints)
            )
            session.flush()
            for seat, ((name, spec), token) in enumerate(zip(seats, tokens)):
                session.add(SeatRow(table_id=table_id, seat=seat, name=name, bot=spec, token=token, joined=False,
                                    open=seat in open_seats, claimed=seat in claimed))
        table = LiveTable(
            id=table_id, rules=rules, seed=seed, names=[n for n, _ in seats], bots=[b for _, b in seats],
            tokens=tokens, spectator_token=spectator, status="waiting", state=new_game(rules, seed),
            turn_seconds=turn_seconds, grace_seconds=grace_seconds, hints=hints, open=set(open_seats),
            claimed=set(claimed),
        )
        self._add(table)
        return table

    def _add(self, table: LiveTable) -> None:
        self.tables[table.id] = table
        for seat, token in enumerate(table.tokens):
            self.by_token[token] = (table.id, seat)
        self.by_token[table.spectator_token] = (table.id, SPECTATOR)

    def _load(self, session: Session, row: TableRow) -> LiveTable:
        seats = session.scalars(select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)).all()
        actions = session.scalars(
            select(ActionRow).where(ActionRow.table_id == row.id).order_by(ActionRow.number)
        ).all()
        rules = RuleSet.from_dict(json.loads(row.rules))
        state = replay(GameRecord(rules=rules, seed=row.seed, actions=[a.action for a in actions]))
        table = LiveTable(
            id=row.id, rules=rules, seed=row.seed, names=[s.name for s in seats], bots=[s.bot for s in seats],
            tokens=[s.token for s in seats], spectator_token=row.spectator_token, status=row.status, state=state,
            joined={s.seat for s in seats if s.joined}, turn_seconds=row.turn_seconds,
            grace_seconds=row.grace_seconds, rematch_id=row.rematch_id, hints=row.hints,
            claimed={s.seat for s in seats if s.joined or s.claimed}, open={s.seat for s in seats if s.open},
        )
        for a in actions:
            if a.client_id is not None:
                table.acks[(a.seat, a.client_id)] = P.Ack(seq=a.number + 1, reply_to=a.client_id, number=a.number)
        return table

    def load_unfinished(self) -> list[LiveTable]:
        """Rebuild every table not finished by replaying its record (run once on start)."""
        loaded = []
        with Session(self.engine) as session:
            for row in session.scalars(select(TableRow).where(TableRow.status != "finished")).all():
                table = self._load(session, row)
                self._add(table)
                loaded.append(table)
        return loaded

    def find(self, table_id: str) -> LiveTable | None:
        """A table by id, loading a finished one from the database when it is not in memory."""
        table = self.tables.get(table_id)
        if table is None:
            with Session(self.engine) as session:
                row = session.get(TableRow, table_id)
                if row is not None:
                    table = self._load(session, row)
                    self._add(table)
        return table

    def find_token(self, token: str) -> tuple[LiveTable, int] | None:
        found = self.by_token.get(token)
        if found is None:
            with Session(self.engine) as session:
                seat_row = session.scalars(select(SeatRow).where(SeatRow.token == token)).first()
                if seat_row is not None:
                    found = (seat_row.table_id, seat_row.seat)
                else:
                    table_row = session.scalars(select(TableRow).where(TableRow.spectator_token == token)).first()
                    found = None if table_row is None else (table_row.id, SPECTATOR)
            if found is None:
                return None
        table = self.find(found[0])
        return None if table is None else (table, found[1])

    def player_stats(self, name: str) -> dict[str, Any]:
        """Finished games of the seats called ``name``: games, wins (a shared win counts its share), mean score."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(SeatRow.table_id, SeatRow.seat).join(TableRow, TableRow.id == SeatRow.table_id)
                .where(SeatRow.name == name, TableRow.status == "finished")
            ).all()
        games = wins = 0.0
        wizard_scores: list[int] = []
        by_game: dict[str, int] = {}
        for table_id, seat in rows:
            table = self.find(table_id)
            if table is None or not table.state.is_terminal():
                continue
            games += 1
            by_game[table.rules.game.value] = by_game.get(table.rules.game.value, 0) + 1
            winners = table.state.winners()
            if seat in winners:
                wins += 1 / len(winners)
            if table.rules.game.value == "wizard":
                wizard_scores.append(table.state.returns()[seat])
        return {
            "name": name, "games": int(games), "by_game": by_game, "wins": wins,
            "win_rate": wins / games if games else None,
            "mean_wizard_score": sum(wizard_scores) / len(wizard_scores) if wizard_scores else None,
        }

    def close(self) -> None:
        for table in self.tables.values():
            for task in [table.timer, *table.grace.values()]:
                if task is not None:
                    task.cancel()

    def list(self, status: str | None = None) -> list[dict[str, Any]]:
        with Session(self.engine) as session:
            query = select(TableRow.id).order_by(TableRow.created_at)
            if status is not None:
                query = query.where(TableRow.status == status)
            ids = list(session.scalars(query).all())
        return [table.summary() for table in (self.find(i) for i in ids) if table is not None]

    # --- connections ----------------------------------------------------------------------------------------

    async def join(self, connection: Connection, hello: P.Hello) -> None:
        """A hello: welcome, view (and rematch offer), then who sits where to everyone, then the chat so far."""
        found = self.find_token(hello.token)
        if found is None:
            raise TableError("bad_token", "no seat or table has this token")
        table, seat = found
        async with table.lock:
            connection.table, connection.seat = table, seat
            table.connections.append(connection)
            human = seat != SPECTATOR and table.bots[seat] is None
            renamed = human and table.status == "waiting" and hello.name is not None and hello.name != table.names[seat]
            if renamed:
                assert hello.name is not None
                table.names[seat] = hello.name
            first = seat != SPECTATOR and seat not in table.joined
            if first:
                table.joined.add(seat)
            if first or renamed:
                table.claimed.add(seat)
                self._save_seat(table, seat, joined=first)
            welcome = P.Welcome(
                seq=table.seq, reply_to=hello.id, table=table.id, seat=seat, names=table.names, bots=table.bots,
                status=table.status, hints=table.hints, turn_seconds=table.turn_seconds,
            )
            await connection.send(P.dump(welcome))
            await connection.send(table.view_message(seat))
            if table.rematch_id is not None:
                await self._offer_rematch(table, connection)
            self._back(table, seat)
            await self._announce(table)
            for line in list(table.chat):
                await connection.send(line)
            if table.status == "waiting" and all(
                table.bots[s] is not None or s in table.joined for s in range(table.rules.players)
            ):
                await self._start(table)

    def _save_seat(self, table: LiveTable, seat: int, joined: bool = False) -> None:
        """Store the seat's name and that it is claimed (and joined, after its first hello)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(SeatRow, (table.id, seat))
            assert row is not None
            row.name, row.claimed = table.names[seat], True
            if joined:
                row.joined = True

    async def claim(self, table_id: str, name: str) -> tuple[LiveTable, int] | None:
        """``POST /tables/{id}/join``: hand out the lowest open, unclaimed seat of a waiting table, renamed ``name``.
        None for an unknown table; ``NoSeatError`` when the game has started or no open seat is free (invite-only
        seats are never handed out: their invite links may be on their way to someone)."""
        table = self.find(table_id)
        if table is None:
            return None
        async with table.lock:
            if table.status != "waiting":
                raise NoSeatError(f"the game is {table.status}: seats are handed out before it starts")
            free = table.free_seats()
            if not free:
                raise NoSeatError("no open seat is free: the others are taken or kept for the people invited")
            seat = free[0]
            table.names[seat] = name
            table.claimed.add(seat)
            self._save_seat(table, seat)
            await self._announce(table)
        return table, seat

    async def _announce(self, table: LiveTable) -> None:
        """Tell everyone at the table who sits where (the caller holds the table's lock)."""
        text = table.table_message()
        for connection in list(table.connections):
            try:
                await connection.send(text)
            except Exception:
                self.leave(connection)

    async def start_ready(self) -> None:
        """Let the bots of every playing table move (after a reload) and start tables whose seats are all bots."""
        for table in list(self.tables.values()):
            async with table.lock:
                if table.status == "waiting" and all(b is not None for b in table.bots):
                    await self._start(table)
                elif table.status == "playing":
                    await self._play_bots(table)

    async def _start(self, table: LiveTable) -> None:
        table.status = "playing"
        self._set_status(table)
        await self._broadcast(table)  # everyone learns the game has started (views with status "playing")
        await self._play_bots(table)

    async def disconnect(self, connection: Connection) -> None:
        """The connection is gone: it leaves its table, and everyone still there hears so."""
        self.leave(connection)
        table = connection.table
        if table is not None:
            async with table.lock:
                await self._announce(table)

    def leave(self, connection: Connection) -> None:
        table, seat = connection.table, connection.seat
        if connection.hint is not None:
            connection.hint.cancel()
        if table is None or connection not in table.connections:
            return
        table.connections.remove(connection)
        if (
            seat != SPECTATOR and table.bots[seat] is None and table.grace_seconds is not None
            and table.status == "playing" and not any(c.seat == seat for c in table.connections)
        ):
            # the seat's last connection is gone: after the grace period a stand-in plays until it is back
            old = table.grace.pop(seat, None)
            if old is not None:
                old.cancel()
            table.grace[seat] = asyncio.get_running_loop().create_task(self._after_grace(table, seat))

    async def _after_grace(self, table: LiveTable, seat: int) -> None:
        assert table.grace_seconds is not None
        await asyncio.sleep(table.grace_seconds)
        async with table.lock:
            table.grace.pop(seat, None)
            if not any(c.seat == seat for c in table.connections):
                table.away.add(seat)
                await self._play_bots(table)

    def _back(self, table: LiveTable, seat: int) -> None:
        """The seat's player is here (a hello or a message from them): the stand-in stops."""
        if seat == SPECTATOR:
            return
        table.away.discard(seat)
        task = table.grace.pop(seat, None)
        if task is not None:
            task.cancel()

    def seen(self, connection: Connection) -> None:
        if connection.table is not None:
            self._back(connection.table, connection.seat)

    def _arm_timer(self, table: LiveTable) -> None:
        """Start the turn timer of the human seat on turn (one timer per table, restarted at every decision)."""
        if table.timer is not None and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer, table.deadline = None, None
        seat = table.timed_seat()
        if seat is not None:
            assert table.turn_seconds is not None
            table.deadline, table.deadline_seq = time.monotonic() + table.turn_seconds, table.seq
            table.timer = asyncio.get_running_loop().create_task(self._expire(table, seat, table.seq))

    async def _expire(self, table: LiveTable, seat: int, seq: int) -> None:
        assert table.turn_seconds is not None
        await asyncio.sleep(table.turn_seconds)
        async with table.lock:
            if table.seq == seq and table.state.current_player() == seat and table.status == "playing":
                # the stand-in takes this one decision; a player still connected gets the full time at their next
                # turn (only a seat gone past its grace period is played by the stand-in throughout)
                action = table.bot(seat).act(table.state.view(seat), table.rng)
                await self._accept(table, seat, int(action), None, None)
                await self._play_bots(table)

    async def rematch(self, connection: Connection) -> None:
        """Create (once) the rematch of a finished table and offer each connection there its own new token."""
        table = connection.table
        if table is None:
            raise TableError("not_joined", "say hello with a token first")
        async with table.lock:
            if not table.state.is_terminal():
                raise TableError("game_not_over", "a rematch is offered once the game is over")
            if table.rematch_id is None:
                new = self.create(
                    table.rules, list(zip(table.names, table.bots)), table.turn_seconds, table.grace_seconds,
                    table.hints,
                )
                with Session(self.engine) as session, session.begin():
                    row = session.get(TableRow, table.id)
                    assert row is not None
                    row.rematch_id = new.id
                table.rematch_id = new.id
                for other in list(table.connections):
                    await self._offer_rematch(table, other)
            else:
                await self._offer_rematch(table, connection)

    async def _offer_rematch(self, table: LiveTable, connection: Connection) -> None:
        assert table.rematch_id is not None
        new = self.find(table.rematch_id)
        assert new is not None
        token = new.spectator_token if connection.seat == SPECTATOR else new.tokens[connection.seat]
        try:
            await connection.send(P.dump(P.RematchOffer(seq=table.seq, table=new.id, token=token)))
        except Exception:
            self.leave(connection)

    async def act(self, connection: Connection, message: P.Act) -> None:
        table, seat = seated(connection, "acting", "a spectator cannot act")
        async with table.lock:
            self._back(table, seat)
            ack = table.acks.get((seat, message.id))
            if ack is not None:  # a repeated id: the same answer, applied once
                await connection.send(ack_text(ack))
                return
            if table.status == "waiting":
                raise TableError("not_started", "the game starts when every human seat has joined")
            if table.state.is_terminal():
                raise TableError("game_over", "the game is over")
            if table.state.current_player() != seat:
                raise TableError("not_your_turn", f"it is seat {table.state.current_player()}'s turn, not {seat}'s")
            await self._accept(table, seat, int(message.action), message.id, connection)
            await self._play_bots(table)

    async def _accept(
        self, table: LiveTable, seat: int, action: int, client_id: str | None, connection: Connection | None
    ) -> P.Ack:
        trial = table.state.clone()
        try:
            trial.apply(action)
        except ActionError as error:  # an action the rules forbid now, or one that names no action
            raise TableError("illegal", str(error)) from None
        number = table.seq
        finished = trial.is_terminal()
        # Committed before anyone is told: the database is the record. The commit is shared with the decisions other
        # tables take meanwhile (group commit, in a worker thread), so the event loop goes on and the database sees
        # one transaction per batch rather than one per decision; the table's lock, held here, keeps its order.
        await self._writer.write(
            {"table_id": table.id, "number": number, "seat": seat, "action": action, "client_id": client_id}, finished
        )
        table.state = trial
        if finished:
            table.status = "finished"
        ack = P.Ack(seq=number + 1, reply_to=client_id or "", number=number)
        if client_id is not None:
            table.acks[(seat, client_id)] = ack
        if connection is not None:
            await connection.send(ack_text(ack))
        await self._broadcast(table)
        return ack

    async def _play_bots(self, table: LiveTable) -> None:
        state = table.state
        while table.status == "playing" and not state.is_terminal():
            seat = state.current_player()
            if table.bots[seat] is None and seat not in table.away:
                break
            action = table.bot(seat).act(state.view(seat), table.rng)
            await self._accept(table, seat, int(action), None, None)
            state = table.state
        self._arm_timer(table)

    async def _broadcast(self, table: LiveTable) -> None:
        cache: dict[int, str] = {}
        turn_left = table.turn_left()
        for connection in list(table.connections):
            text = cache.get(connection.seat)
            if text is None:
                text = cache[connection.seat] = table.view_text(connection.seat, None, turn_left)
            try:
                await connection.send(text)
            except Exception:  # a connection that died mid-send is dropped; the others carry on
                self.leave(connection)

    def _set_status(self, table: LiveTable) -> None:
        with Session(self.engine) as session, session.begin():
            row = session.get(TableRow, table.id)
            assert row is not None
            row.status = table.status

    def record(self, table: LiveTable) -> GameRecord:
        return table.state.record(list(table.names))

    async def replay(self, table: LiveTable) -> bytes:
        """The replay JSON of a finished table (worked out in a worker thread once, then kept for a while)."""
        if table.status != "finished":
            raise TableError("game_not_over", "a replay is published once the game is over (it shows every hand)")
        text = self._replays.get(table.id)
        if text is None:
            text = await asyncio.to_thread(replay_json, self.record(table), table.id)
            self._replays[table.id] = text
            while len(self._replays) > REPLAYS_KEPT:
                self._replays.popitem(last=False)
        self._replays.move_to_end(table.id)
        return text

    # --- chat and hints -------------------------------------------------------------------------------------

    async def chat(self, connection: Connection, message: P.Chat) -> None:
        """A seat's chat line, to every connection at the table; the last ``CHAT_LINES`` are kept for newcomers."""
        table, seat = seated(connection, "chatting", "spectators watch in silence: only the seats may chat")
        async with table.lock:
            line = P.dump(P.ChatLine(seq=table.seq, seat=seat, name=table.names[seat], text=message.text,
                                     time=time.time()))
            table.chat.append(line)
            for other in list(table.connections):
                try:
                    await other.send(line)
                except Exception:
                    self.leave(other)

    def hint(self, connection: Connection, message: P.HintRequest) -> None:
        """Check a hint request now (``TableError`` if refused) and answer it from a task once it is worked out, so
        the connection's other messages are not held up meanwhile. The analysis of a decision is shared by the
        connections of the seat on turn and kept until the next decision."""
        table, seat = seated(connection, "asking for a hint", "hints are for the seats")
        if not table.hints:
            raise TableError("no_hints", "this table does not allow hints")
        if table.status == "waiting":
            raise TableError("not_started", "the game starts when every human seat has joined")
        if table.state.is_terminal():
            raise TableError("game_over", "the game is over")
        if table.state.current_player() != seat:
            raise TableError("not_your_turn", "a hint is for your own decision: wait for your turn")
        if connection.hint is not None and not connection.hint.done():
            raise TableError("throttled", "one hint at a time: the last one is still being worked out")
        seq = table.seq
        if table.hint_job is None or table.hint_job[0] != seq:
            view = table.state.view(seat)  # only the asking seat's own View leaves for the analysis
            job = asyncio.get_running_loop().create_task(asyncio.to_thread(hint_values, view, seq))
            table.hint_job = (seq, job)
        connection.hint = asyncio.get_running_loop().create_task(
            self._answer_hint(connection, message.id, seq, table.hint_job[1])
        )

    async def _answer_hint(
        self, connection: Connection, reply_to: str, seq: int, job: asyncio.Task[HintAnswer]
    ) -> None:
        values, best = await asyncio.shield(job)  # a connection that leaves does not cancel the others' answer
        try:
            await connection.send(P.dump(P.Hint(seq=seq, reply_to=reply_to, values=values, best=best)))
        except Exception:
            self.leave(connection)
