"""Every read and write of the server's database, each a plain function run in a worker thread (``Storage``), so the
event loop never waits for the database; and the group commit of accepted actions (``ActionWriter``).

The database is the authority: the callers change memory only after a write here returned. A table is stored whole
(its row, its seats and its first credentials in one transaction); a game's end adds to the players' statistics in the
transaction of its last action.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Connection as DbConnection
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .db import ActionRow, CredentialRow, SeatRow, StatRow, TableRow

T = TypeVar("T")


@dataclass(frozen=True)
class StoredTable:
    """A table as the database holds it."""

    row: dict[str, Any]  # the game_tables columns
    seats: list[dict[str, Any]]  # the seats columns, in seat order
    actions: list[tuple[int, int, str | None]]  # (seat, action, client id) in order
    credentials: list[tuple[str, int, str]]  # (digest, seat, kind)


@dataclass(frozen=True)
class Finish:
    """What a game's last action adds to the statistics: per human seat (name, game, share of the win, score)."""

    results: list[tuple[str, str, float, int]]


def now() -> datetime:
    return datetime.now(UTC)


class Storage:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(function, self.engine, *args)


def insert_table(engine: Engine, row: dict[str, Any], seats: list[dict[str, Any]],
                 credentials: list[tuple[str, int, str]]) -> None:
    with engine.begin() as db:
        db.execute(insert(TableRow), [row])
        db.execute(insert(SeatRow), seats)
        if credentials:
            db.execute(insert(CredentialRow), [
                {"digest": d, "table_id": row["id"], "seat": s, "kind": k} for d, s, k in credentials
            ])


def load_table(engine: Engine, table_id: str) -> StoredTable | None:
    with engine.connect() as db:
        row = db.execute(select(TableRow.__table__).where(TableRow.id == table_id)).mappings().first()
        if row is None:
            return None
        seats = db.execute(
            select(SeatRow.__table__).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
        ).mappings().all()
        actions = db.execute(
            select(ActionRow.seat, ActionRow.action, ActionRow.client_id)
            .where(ActionRow.table_id == table_id).order_by(ActionRow.number)
        ).all()
        credentials = db.execute(
            select(CredentialRow.digest, CredentialRow.seat, CredentialRow.kind)
            .where(CredentialRow.table_id == table_id)
        ).all()
    return StoredTable(dict(row), [dict(s) for s in seats], [tuple(a) for a in actions],  # type: ignore[misc]
                       [tuple(c) for c in credentials])  # type: ignore[misc]


def unfinished_table_ids(engine: Engine) -> list[str]:
    with engine.connect() as db:
        return list(db.scalars(select(TableRow.id).where(TableRow.status != "finished").order_by(TableRow.created_at)))


def find_credential(engine: Engine, digest: str) -> tuple[str, int, str] | None:
    """(table id, seat, kind) of a stored credential."""
    with engine.connect() as db:
        found = db.execute(
            select(CredentialRow.table_id, CredentialRow.seat, CredentialRow.kind).where(CredentialRow.digest == digest)
        ).first()
    return None if found is None else (found[0], found[1], found[2])


def find_spectator_table(engine: Engine, token: str) -> str | None:
    with engine.connect() as db:
        return db.scalar(select(TableRow.id).where(TableRow.spectator_token == token))


def _set_seat(db: DbConnection, table_id: str, seat: int, **values: Any) -> None:
    db.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(**values))


def save_seat(engine: Engine, table_id: str, seat: int, name: str, joined: bool) -> None:
    """The seat's name, and that it is claimed (and joined, after its first hello)."""
    values: dict[str, Any] = {"name": name, "claimed": True}
    if joined:
        values["joined"] = True
    with engine.begin() as db:
        _set_seat(db, table_id, seat, **values)


def hand_out_seat(engine: Engine, table_id: str, seat: int, name: str, digest: str,
                  invite: str | None = None) -> None:
    """A seat given to a new holder: its fresh token stored, the invite it was claimed with (if any) used up."""
    with engine.begin() as db:
        if invite is not None:
            deleted = db.execute(delete(CredentialRow).where(CredentialRow.digest == invite))
            if deleted.rowcount != 1:
                raise LookupError("the invite was used meanwhile")
        db.execute(insert(CredentialRow), [{"digest": digest, "table_id": table_id, "seat": seat, "kind": "seat"}])
        _set_seat(db, table_id, seat, name=name, claimed=True)


def add_credential(engine: Engine, table_id: str, seat: int, digest: str) -> None:
    with engine.begin() as db:
        db.execute(insert(CredentialRow), [{"digest": digest, "table_id": table_id, "seat": seat, "kind": "seat"}])


def release_seat(engine: Engine, table_id: str, seat: int, name: str) -> None:
    """An open seat whose holder never came: its tokens revoked, open again."""
    with engine.begin() as db:
        db.execute(delete(CredentialRow).where(CredentialRow.table_id == table_id, CredentialRow.seat == seat))
        _set_seat(db, table_id, seat, name=name, claimed=False)


def set_status(engine: Engine, table_id: str, status: str) -> None:
    with engine.begin() as db:
        db.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))


def set_rematch(engine: Engine, table_id: str, rematch_id: str) -> None:
    with engine.begin() as db:
        db.execute(update(TableRow).where(TableRow.id == table_id).values(rematch_id=rematch_id))


def page_of_tables(engine: Engine, status: str | None, limit: int, offset: int) -> tuple[list[str], int]:
    """The ids of one page of tables, newest first, and how many there are in all."""
    with engine.connect() as db:
        query = select(TableRow.id).order_by(TableRow.created_at.desc(), TableRow.id)
        count = select(func.count()).select_from(TableRow)
        if status is not None:
            query, count = query.where(TableRow.status == status), count.where(TableRow.status == status)
        return list(db.scalars(query.limit(limit).offset(offset))), int(db.scalar(count) or 0)


def unfinished_counts(engine: Engine, client: str | None) -> tuple[int, int]:
    """How many tables are not finished, and how many of them ``client`` created."""
    with engine.connect() as db:
        total = db.scalar(select(func.count()).select_from(TableRow).where(TableRow.status != "finished"))
        mine = 0 if client is None else db.scalar(select(func.count()).select_from(TableRow).where(
            TableRow.status != "finished", TableRow.creator == client))
    return int(total or 0), int(mine or 0)


def unfinished_bot_tables(engine: Engine, client: str) -> int:
    """How many tables of bots alone (no human seat) ``client`` created that are not finished."""
    human_seat = select(SeatRow.table_id).where(SeatRow.table_id == TableRow.id, SeatRow.bot.is_(None)).exists()
    with engine.connect() as db:
        count = db.scalar(select(func.count()).select_from(TableRow).where(
            TableRow.status != "finished", TableRow.creator == client, ~human_seat))
    return int(count or 0)


def player_stats(engine: Engine, name: str) -> dict[str, Any]:
    with engine.connect() as db:
        rows = db.execute(select(StatRow.game, StatRow.games, StatRow.wins, StatRow.score_total)
                          .where(StatRow.name == name)).all()
    games = sum(r[1] for r in rows)
    wins = sum(r[2] for r in rows)
    wizard = [r for r in rows if r[0] == "wizard"]
    wizard_games = sum(r[1] for r in wizard)
    return {
        "name": name, "games": games, "by_game": {r[0]: r[1] for r in rows if r[1]}, "wins": wins,
        "win_rate": wins / games if games else None,
        "mean_wizard_score": sum(r[3] for r in wizard) / wizard_games if wizard_games else None,
    }


def _add_results(db: DbConnection, finish: Finish) -> None:
    for name, game, win, score in finish.results:
        key = (StatRow.name == name, StatRow.game == game)
        updated = db.execute(update(StatRow).where(*key).values(
            games=StatRow.games + 1, wins=StatRow.wins + win, score_total=StatRow.score_total + score))
        if updated.rowcount == 0:
            db.execute(insert(StatRow), [{"name": name, "game": game, "games": 1, "wins": win, "score_total": score}])


Pending = tuple[dict[str, Any], Finish | None, "asyncio.Future[None]"]


class ActionWriter:
    """Group commit of accepted actions: rows waiting while a commit runs go together into the next one.

    ``write`` returns once its row is committed (or raises what the database raised for it). One batch at a time runs
    in the writer's own thread, so the event loop never waits for the database and the commits never queue behind
    other reads (a flood of hellos with unknown tokens); when the database refuses a row of a batch, its rows are
    tried again one per transaction, so a bad row fails only its own decision (when the database itself fails,
    every row of the batch fails at once, without waiting for it again row by row)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="wizardcards-writer")
        self._pending: list[Pending] = []
        self._running = False
        self._task: asyncio.Task[None] | None = None  # kept: the loop holds only a weak reference to a task

    async def write(self, row: dict[str, Any], finish: Finish | None) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((row, finish, done))
        if not self._running:
            self._running = True
            self._task = asyncio.get_running_loop().create_task(self._drain())
        await done

    async def _drain(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    await self._in_thread(batch)
                    failures: list[BaseException | None] = [None] * len(batch)
                except IntegrityError:  # a row the database refuses: each alone, so that only it fails
                    failures = [await self._commit_alone(item) for item in batch]
                except Exception as error:  # the database itself failed (locked, gone): every row of the batch
                    failures = [error] * len(batch)
                for (_, _, done), failure in zip(batch, failures):
                    if done.done():
                        continue
                    if failure is None:
                        done.set_result(None)
                    else:
                        done.set_exception(failure)
        finally:
            self._running = False

    async def _commit_alone(self, item: Pending) -> BaseException | None:
        try:
            await self._in_thread([item])
        except Exception as error:
            return error
        return None

    async def _in_thread(self, batch: list[Pending]) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, self._commit, batch)

    def _commit(self, batch: list[Pending]) -> None:
        # Core statements, not the ORM session: this is the hot path of the server
        with self.engine.begin() as db:
            db.execute(insert(ActionRow), [row for row, _, _ in batch])
            for row, finish, _ in batch:
                if finish is not None:
                    db.execute(update(TableRow).where(TableRow.id == row["table_id"]).values(status="finished"))
                    _add_results(db, finish)


