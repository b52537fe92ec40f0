"""Every read and write of the server's database, each a plain function run in a worker thread (``Storage``), so the
event loop never waits for the database; and the group commit of accepted actions (``ActionWriter``).

The database is the authority: the callers change memory only after a write here returned. A table is stored whole
(its row, its seats and its first credentials in one transaction); a game's end adds to the players' statistics in the
transaction of its last action, and so do its ratings when it was rated (``rating_storage.py``) and its row of
``finished_games`` (its summary and score sheet, read by the
routes instead of replaying the game; its replay is stored there once built).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import delete, exists, func, insert, select, update
from sqlalchemy.engine import Connection as DbConnection
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ..core import GameRecord, RuleSet
from .db import AccountRow, ActionRow, CredentialRow, FinishedGameRow, LeaseRow, SeatRow, StatRow, TableRow
from .rating_storage import RatedGame, rate_game

T = TypeVar("T")
OVER = ("finished", "expired")  # the statuses of a table that will never move again


@dataclass(frozen=True)
class StoredTable:
    """A table as the database holds it."""

    row: dict[str, Any]  # the game_tables columns
    seats: list[dict[str, Any]]  # the seats columns, in seat order
    actions: list[tuple[int, int, str | None]]  # (seat, action, client id) in order
    credentials: list[tuple[str, int, str]]  # (digest, seat, kind)


@dataclass(frozen=True)
class Finish:
    """What a game's last action stores besides itself: per human seat (name, game, share of the win, score) for the
    statistics, and the game's summary for ``finished_games``."""

    results: list[tuple[str, str, float, int]]
    stored: str  # the finished_games summary (JSON: LiveTable.finished_json)
    rated: RatedGame | None = None  # a rated game's seats and ranks: its accounts are rated (rating_storage.py)


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
        seats = db.execute(  # with the kind of each seat's account: a bot account's seat is its program's
            select(SeatRow.__table__, AccountRow.kind.label("account_kind"))
            .outerjoin(AccountRow, AccountRow.id == SeatRow.account_id)
            .where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
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
        return list(db.scalars(select(TableRow.id).where(TableRow.status.not_in(OVER)).order_by(TableRow.created_at)))


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


def save_seat(engine: Engine, table_id: str, seat: int, name: str, joined: bool, by_other: bool = False) -> None:
    """The seat's name, and that it is claimed (and joined, after its first hello), at a table that has not expired
    (``LookupError`` when it did, meanwhile); ``by_other``: a person other than the creator said hello, so the table
    no longer expires."""
    values: dict[str, Any] = {"name": name, "claimed": True}
    if joined:
        values["joined"] = True
    with engine.begin() as db:
        # one conditional statement (not a read, then a write), so that an expiry at the same time cannot slip between
        flag = True if by_other else TableRow.joined_by_others
        alive = update(TableRow).where(TableRow.id == table_id, TableRow.status != "expired")
        if db.execute(alive.values(joined_by_others=flag)).rowcount != 1:
            raise LookupError("the table expired")
        _set_seat(db, table_id, seat, **values)


def hand_out_seat(engine: Engine, table_id: str, seat: int, name: str, digest: str,
                  invite: str | None = None, account_id: str | None = None) -> None:
    """A seat given to a new holder: its fresh token stored, the invite it was claimed with (if any) used up, and
    the account that took it (signed in), if any."""
    with engine.begin() as db:
        if invite is not None:
            deleted = db.execute(delete(CredentialRow).where(CredentialRow.digest == invite))
            if deleted.rowcount != 1:
                raise LookupError("the invite was used meanwhile")
        db.execute(insert(CredentialRow), [{"digest": digest, "table_id": table_id, "seat": seat, "kind": "seat"}])
        _set_seat(db, table_id, seat, name=name, claimed=True, account_id=account_id)


def add_credential(engine: Engine, table_id: str, seat: int, digest: str) -> None:
    with engine.begin() as db:
        db.execute(insert(CredentialRow), [{"digest": digest, "table_id": table_id, "seat": seat, "kind": "seat"}])


def release_seat(engine: Engine, table_id: str, seat: int, name: str) -> None:
    """An open seat whose holder never came: its tokens revoked, open again."""
    with engine.begin() as db:
        db.execute(delete(CredentialRow).where(CredentialRow.table_id == table_id, CredentialRow.seat == seat))
        _set_seat(db, table_id, seat, name=name, claimed=False, account_id=None)


def set_status(engine: Engine, table_id: str, status: str) -> None:
    with engine.begin() as db:
        db.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))


def stale_waiting(engine: Engine, cutoff: datetime, owner: str | None, limit: int = 500) -> list[str]:
    """Waiting tables created before ``cutoff`` that nobody but their creator has said hello at, and that no live
    worker other than ``owner`` holds (in a cluster each worker expires its own and those nobody holds)."""
    query = select(TableRow.id).where(
        TableRow.status == "waiting", TableRow.joined_by_others.is_(False), TableRow.created_at < cutoff)
    if owner is not None:
        query = query.where(~exists().where(
            LeaseRow.table_id == TableRow.id, LeaseRow.owner != owner, LeaseRow.expires_at >= func.now()))
    with engine.connect() as db:
        return list(db.scalars(query.order_by(TableRow.created_at).limit(limit)))


def expire_table(engine: Engine, table_id: str) -> None:
    """A waiting table nobody joined: marked expired, its seat tokens and invite codes revoked (the spectator token
    opens nothing of an expired table: ``TableManager.hello`` refuses it)."""
    with engine.begin() as db:
        expired = db.execute(update(TableRow).where(
            TableRow.id == table_id, TableRow.status == "waiting", TableRow.joined_by_others.is_(False),
        ).values(status="expired"))
        if expired.rowcount == 1:
            db.execute(delete(CredentialRow).where(CredentialRow.table_id == table_id))


def set_rematch(engine: Engine, table_id: str, rematch_id: str) -> None:
    with engine.begin() as db:
        db.execute(update(TableRow).where(TableRow.id == table_id).values(rematch_id=rematch_id))


def page_of_tables(engine: Engine, status: str | None, limit: int, offset: int,
                   open_only: bool = False) -> tuple[list[str], int]:
    """The ids of one page of public tables, newest first, and how many there are in all; ``open_only``: only waiting
    tables with a free open seat (one ``POST /tables/{id}/join`` would hand out now)."""
    with engine.connect() as db:
        # a private table is never listed (visibility.py): only public ones are counted and paged
        query = select(TableRow.id).where(TableRow.visibility == "public").order_by(
            TableRow.created_at.desc(), TableRow.id)
        count = select(func.count()).select_from(TableRow).where(TableRow.visibility == "public")
        if status is not None:
            query, count = query.where(TableRow.status == status), count.where(TableRow.status == status)
        if open_only:
            free = exists().where(SeatRow.table_id == TableRow.id, SeatRow.open.is_(True),
                                  SeatRow.claimed.is_(False), SeatRow.bot.is_(None))
            query = query.where(TableRow.status == "waiting", free)
            count = count.where(TableRow.status == "waiting", free)
        return list(db.scalars(query.limit(limit).offset(offset))), int(db.scalar(count) or 0)


def unfinished_counts(engine: Engine, client: str | None, network: str | None) -> tuple[int, int, int]:
    """How many tables are neither finished nor expired, and how many of them ``client`` and ``network`` created."""
    with engine.connect() as db:
        unfinished = select(func.count()).select_from(TableRow).where(TableRow.status.not_in(OVER))
        total = db.scalar(unfinished)
        mine = 0 if client is None else db.scalar(unfinished.where(TableRow.creator == client))
        ours = 0 if network is None else db.scalar(unfinished.where(TableRow.network == network))
    return int(total or 0), int(mine or 0), int(ours or 0)


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


def load_finished(engine: Engine, table_id: str) -> str | None:
    """The stored summary of a finished game (JSON); None if it is not finished, or finished before summaries were."""
    with engine.connect() as db:
        return db.scalar(select(FinishedGameRow.summary).where(FinishedGameRow.table_id == table_id))


def save_finished(engine: Engine, table_id: str, summary: str) -> None:
    """The summary of a game that finished before summaries were stored, once worked out (kept if one is there)."""
    with engine.begin() as db:
        if db.scalar(select(FinishedGameRow.table_id).where(FinishedGameRow.table_id == table_id)) is None:
            db.execute(insert(FinishedGameRow), [{"table_id": table_id, "summary": summary}])


def load_record(engine: Engine, table_id: str) -> GameRecord | None:
    """The record of a finished game, from its rows alone (nothing is replayed); None for no such finished table."""
    with engine.connect() as db:
        row = db.execute(select(TableRow.rules, TableRow.seed).where(
            TableRow.id == table_id, TableRow.status == "finished")).first()
        if row is None:
            return None
        names = db.scalars(select(SeatRow.name).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)).all()
        actions = db.scalars(select(ActionRow.action).where(ActionRow.table_id == table_id)
                             .order_by(ActionRow.number)).all()
    return GameRecord(rules=RuleSet.from_dict(json.loads(row[0])), seed=row[1], actions=list(actions),
                      names=list(names))


def load_replay(engine: Engine, table_id: str) -> tuple[bytes, str] | None:
    """A finished game's replay as served (gzip-compressed JSON) and its ETag, once built."""
    with engine.connect() as db:
        found = db.execute(select(FinishedGameRow.replay, FinishedGameRow.replay_etag)
                           .where(FinishedGameRow.table_id == table_id)).first()
    return None if found is None or found[0] is None or found[1] is None else (found[0], found[1])


def save_replay(engine: Engine, table_id: str, body: bytes, etag: str, summary: str | None) -> None:
    """A finished game's replay, built; ``summary`` makes its row when there is none yet (a game finished before
    summaries were stored)."""
    with engine.begin() as db:
        updated = db.execute(update(FinishedGameRow).where(FinishedGameRow.table_id == table_id)
                             .values(replay=body, replay_etag=etag))
        if updated.rowcount == 0 and summary is not None:
            db.execute(insert(FinishedGameRow), [{"table_id": table_id, "summary": summary, "replay": body,
                                                  "replay_etag": etag}])


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
                    db.execute(insert(FinishedGameRow), [{"table_id": row["table_id"], "summary": finish.stored}])
                    _add_results(db, finish)
                    if finish.rated is not None:
                        rate_game(db, row["table_id"], finish.rated)


