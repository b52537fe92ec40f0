"""Every table the server knows, and what happens around them: creating and loading tables, handing out seats and
credentials, connections saying hello and leaving, bots and stand-ins thinking in the worker processes, turn timers,
rematches, chat, hints and statistics.

Each table moves on its own: its bots think in the background (one decision at a time, outside its lock), its turn
timer is its own, and creating a table never waits for another. Memory changes only after the database accepted the
change. Credentials are made for their holder and given to them alone (``credentials.py``): a table's creator gets
the tokens of the seats it claimed and the invite codes of the seats it invites people to; an open seat gets a token
only when joined, and loses it again unless its holder says hello within ``Limits.claim_seconds`` (or the table's
host frees it before). A waiting table at which nobody but its creator has said hello expires after
``Limits.waiting_minutes``: marked so in the database, its credentials revoked, never loaded again.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from datetime import UTC, timedelta
from typing import Any

from sqlalchemy.engine import Engine

from ..core import SPECTATOR, GameRecord, RuleSet, new_game, replay
from . import cluster as K
from . import invitations as I
from . import protocol as P
from . import ratings as R
from . import storage as S
from .connection import Connection
from .credentials import digest, new_token
from .finished import FinishedTable
from .limits import ClientLimits, Limits, RateLimitedError, network_of
from .players import ENGINE_PREFIX, STAND_IN, EngineError, bot_rules_error, bot_spec_error, rated_bot
from .replays import Replay, Replays
from .scheduling import asker_of, hint_asker
from .sessions import DELETED_NAME, Account
from .table import UNAVAILABLE, LiveTable, NoSeatError, TableError, ack_text, seated
from .visibility import PRIVATE, PUBLIC, Visibility, same_token
from .workers import BotWorkers

_SYSTEM_RANDOM = secrets.SystemRandom()
RETRY_SECONDS = 1.0  # a bot's decision that failed or could not be stored is tried again after this (doubling)
MAX_RETRY_SECONDS = 30.0
DEFAULT_BOT_PACE = 0.7  # seconds: people see each bid and card arrive (a table option)
MAX_BOT_PACE = 5.0
FINISHED_KEPT = 256  # finished tables kept in memory (most recently used); the others are read again when asked
SET_ASIDE_KEPT = 1024  # tables that failed to load, remembered (the newest): one forgotten is tried and logged again
log = logging.getLogger("wizardcards.server")


def default_name(seat: int) -> str:
    return f"Player {seat + 1}"


class TableManager:
    def __init__(
        self, engine: Engine, limits: Limits | None = None, bot_workers: int | None = None,
        bot_pace: float = DEFAULT_BOT_PACE, member: K.Member | None = None, limits_storage: str | None = None,
        engines: dict[str, str] | None = None,
    ) -> None:
        self.limits = limits or Limits()
        self.engines = dict(engines or {})  # the operator's outside engines: name -> command (wizard serve --engine)
        # those of them that announced the special cards (players.probe_engines, at the application's start)
        self.special_engines: frozenset[str] = frozenset()
        self.member = member  # this worker, when it is one of a cluster (cluster.py); None: the only server
        self.bot_pace = bot_pace  # for tables created without their own
        self.clients = ClientLimits(self.limits, limits_storage)  # shared by a cluster's workers when given
        self.storage = S.Storage(engine)
        self.writer = S.ActionWriter(engine)
        self.workers = BotWorkers(bot_workers)
        self.replays = Replays(self._stored_replay, self._build_replay)
        self.tables: dict[str, LiveTable] = {}
        self.by_digest: dict[str, tuple[str, int, str]] = {}  # credential digest: (table id, seat, kind)
        self.by_spectator: dict[str, str] = {}  # spectator token: table id
        self.set_aside: OrderedDict[str, str] = OrderedDict()  # tables that failed to load: why (SET_ASIDE_KEPT)
        self._finished: OrderedDict[str, None] = OrderedDict()  # finished tables in memory, least recently used first
        self._creating: list[tuple[str | None, str | None]] = []  # (client, network) of tables being stored now
        self._tasks: set[asyncio.Task[Any]] = set()
        # the bot accounts' event streams (bot_api.BotHub, set by the app): told of invitations and game starts
        self.bot_events: Callable[[str, dict[str, Any]], None] = lambda account_id, event: None

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)  # the loop keeps only a weak reference
        task.add_done_callback(self._tasks.discard)
        return task

    # --- creating and loading -------------------------------------------------------------------------------

    async def create(
        self, rules: RuleSet, seats: list[tuple[str, str | None]], turn_seconds: float | None = None,
        grace_seconds: float | None = None, hints: bool = True, *, open_seats: set[int] | None = None,
        claimed: set[int] | None = None, client: str | None = None, reserved: bool = False,
        bot_pace: float | None = None, host_seat: int | None = None, account: Account | None = None,
        rated: bool = False,
        accounts: dict[int, str] | None = None, visibility: Visibility = "public", bot_seats: set[int] | None = None,
        seed: int | None = None, seat_rngs: dict[int, random.Random] | None = None,
    ) -> tuple[LiveTable, dict[int, str], dict[int, str]]:
        """A new table, stored whole before it exists in memory; ``seats`` holds (name, bot spec or None for a human)
        per seat. Returns the table, the tokens of the ``claimed`` seats and the invite codes of the invite-only ones
        (``reserved``: a rematch, whose seats are kept for the holders of the finished table's; ``host_seat``: the
        seat of the holder who asked for it, whose client it counts for). ``bot_pace``: the seconds at least between
        an accepted action and a bot's next (default: the server's). The creator's limits of unfinished tables are
        counted per client and per network (``limits.network_of``), so one network cannot fill the server.
        ``rated``: its end rates its accounts (``ratings.table_problem`` says which tables may be; a rated table
        without a grace period gets ``ratings.RATED_GRACE_SECONDS``, so that a seat left is played on and counted);
        ``account``: the creator is signed in, and holds the first seat it claimed (under its account's name);
        ``accounts``: the seats' accounts (seat: account id; a rematch keeps those of the finished table);
        ``visibility``: "public" or "private" (``visibility.py``); ``bot_seats``: those of ``accounts`` that are bot
        accounts' (a rematch keeps them). ``seed`` and ``seat_rngs`` (the game's seed, and each bot seat's own random
        stream) are the benchmark's alone (``arena/bench_server.py``, its own server on the loopback): no request
        names either, since a known seed reveals every hand; any other table's seed is drawn here."""
        open_seats, claimed = open_seats or set(), claimed or set()
        held = dict(accounts or {})
        if account is not None and claimed:
            own = min(claimed)
            held[own] = account.id
            seats = [(account.name, None) if s == own else seat for s, seat in enumerate(seats)]
        bot_pace = self.bot_pace if bot_pace is None else bot_pace
        if len(seats) != rules.players:
            raise TableError("invalid", f"{rules.players} players need {rules.players} seats, not {len(seats)}")
        if rules.rounds > self.limits.max_rounds:
            raise TableError("invalid", f"a game of {rules.rounds} rounds: this server plays at most "
                                        f"{self.limits.max_rounds}")
        for seat, (_, spec) in enumerate(seats):
            problem = None if spec is None else bot_spec_error(spec, self.engines) or bot_rules_error(spec, rules,
                                                                                              self.special_engines)
            if problem is not None:
                raise TableError("invalid", f"seat {seat}: {problem}")
        if rated:
            bots = [spec for _, spec in seats]
            problem = R.table_problem(rules, bots, [None if b is None else rated_bot(b) for b in bots])
            if problem is not None:
                raise TableError("invalid", problem)
            if grace_seconds is None:
                grace_seconds = R.RATED_GRACE_SECONDS
            if not reserved and claimed and (account is None or len(claimed) > 1):
                raise TableError("invalid", "a rated table's creator claims one seat, signed in (its end rates the "
                                            "accounts at the table)")
        network = None if client is None else network_of(client)
        if self.member is None:  # the tables being stored count too: concurrent creations cannot pass a limit together
            unfinished = [(t.creator, t.network) for t in self.tables.values() if t.status not in S.OVER]
            unfinished += self._creating
            total = len(unfinished)
            mine, ours = sum(c == client for c, _ in unfinished), sum(n == network for _, n in unfinished)
        else:  # a cluster's tables are spread over its workers, and those waiting for people are in none
            total, mine, ours = await self._store(S.unfinished_counts, client, network)
        if client is not None:  # before the server-wide cap: one network over its share hears why
            if mine >= self.limits.unfinished_tables_per_client:
                raise RateLimitedError(
                    f"at most {self.limits.unfinished_tables_per_client} unfinished tables per client: finish one",
                    60)
            if ours >= self.limits.unfinished_tables_per_network:
                raise RateLimitedError(
                    f"at most {self.limits.unfinished_tables_per_network} unfinished tables per network ({network}): "
                    "finish one", 60)
        if total >= self.limits.max_unfinished_tables:
            raise RateLimitedError("the server has as many unfinished tables as it holds: try again later", 60)
        if client is not None:
            if all(spec is not None for _, spec in seats):
                await self._check_bot_tables(client)
            self.clients.hit("tables", client)
        humans = [s for s, (_, spec) in enumerate(seats) if spec is None]
        hosts = set(claimed)
        if reserved:
            claimed, hosts = set(humans), set() if host_seat is None else {host_seat}
        tokens = {s: new_token() for s in humans if s in claimed}
        invites = {s: new_token() for s in humans if s not in claimed and s not in open_seats}
        seed = _SYSTEM_RANDOM.randrange(2**63) if seed is None else seed
        table = LiveTable(
            id=secrets.token_hex(8), rules=rules, seed=seed, names=[n for n, _ in seats], bots=[b for _, b in seats],
            spectator_token=new_token(), status="waiting", state=new_game(rules, seed), turn_seconds=turn_seconds,
            grace_seconds=grace_seconds, hints=hints, bot_pace=bot_pace, open=set(open_seats), claimed=set(claimed),
            creator=client, network=network, hosts=hosts, created_at=S.now(),
            invites={s: digest(c) for s, c in invites.items()},
            digests={s: {digest(t)} for s, t in tokens.items()}, accounts=held, rated=rated, visibility=visibility,
            bot_seats=set(bot_seats or ()) & set(held), seat_rngs=dict(seat_rngs or {}),
        )
        row = {"id": table.id, "rules": json.dumps(rules.to_dict()), "seed": seed, "status": "waiting",
               "spectator_token": table.spectator_token, "turn_seconds": turn_seconds,
               "grace_seconds": grace_seconds, "hints": hints, "bot_pace": bot_pace, "creator": client,
               "network": network, "created_at": table.created_at, "visibility": visibility, "rated": rated}
        seat_rows = [{"table_id": table.id, "seat": s, "name": name, "bot": spec, "joined": False,
                      "open": s in open_seats, "claimed": s in claimed, "host": s in hosts,
                      "account_id": held.get(s)}
                     for s, (name, spec) in enumerate(seats)]
        credentials = [(digest(t), s, "seat") for s, t in tokens.items()]
        credentials += [(digest(c), s, "invite") for s, c in invites.items()]
        creating = (client, network)
        self._creating.append(creating)
        try:
            await self._store(S.insert_table, row, seat_rows, credentials)
        finally:
            self._creating.remove(creating)  # in memory from here on (no await until _add)
        if self.member is not None and humans:
            # In a cluster the table is taken by the first worker asked for it by id (the one the proxy sends its
            # connections to), not by this one, which answered a POST /tables that names no table.
            return table, tokens, invites
        if self.member is not None:
            await self._store(K.claim, self.member, table.id)  # new: nobody else can hold it yet
        self._add(table)
        if not humans:
            await self._start(table)
        return table, tokens, invites

    async def _check_bot_tables(self, client: str) -> None:
        """Refuse a table of bots alone to a client that has ``bot_tables_per_client`` running already: each plays
        at full speed while nobody watches, and its questions wait behind every person's (``scheduling.py``), so
        more of them would only queue up; the client is told to wait until one is over."""
        cap = self.limits.bot_tables_per_client
        if self.member is None:
            running = sum(t.creator == client and t.status != "finished" and None not in t.bots
                          for t in self.tables.values())
        else:  # a cluster's tables are spread over its workers
            running = await self._store(S.unfinished_bot_tables, client)
        if running >= cap:
            raise RateLimitedError(f"at most {cap} tables of bots alone running at once per client "
                                   "(bot_tables_per_client): wait until one is over", 60)

    async def _store(self, function: Any, *args: Any) -> Any:
        """A write the change waits for: ``unavailable`` when the database refuses or fails it."""
        try:
            return await self.storage.run(function, *args)
        except TableError:
            raise
        except Exception:
            log.exception("a write to the database failed")
            raise TableError("unavailable", UNAVAILABLE) from None

    def _add(self, table: LiveTable) -> None:
        self.tables[table.id] = table
        for seat, digests in table.digests.items():
            for d in digests:
                self.by_digest[d] = (table.id, seat, "seat")
        for seat, d in table.invites.items():
            self.by_digest[d] = (table.id, seat, "invite")
        self.by_spectator[table.spectator_token] = table.id
        self._touch(table)

    def _touch(self, table: LiveTable) -> None:
        """A finished (or expired) table was used: it is kept, and the least recently used beyond ``FINISHED_KEPT``
        that nobody is connected to are let go (a lobby paged through thousands of old games does not fill the
        memory)."""
        if table.status not in S.OVER:
            return
        self._finished[table.id] = None
        self._finished.move_to_end(table.id)
        for old_id in list(self._finished)[: max(0, len(self._finished) - FINISHED_KEPT)]:
            old = self.tables.get(old_id)
            if old is not None and old.connections:
                continue
            del self._finished[old_id]
            if old is not None:
                self._forget(old)

    def _forget(self, table: LiveTable) -> None:
        """A finished table let go to bound the memory (its lease too, in a cluster)."""
        self._drop(table)
        if self.member is not None:
            self._spawn(self.storage.run(K.release, self.member, [table.id]))

    def _drop(self, table: LiveTable) -> None:
        """The table out of this worker's memory and indexes (the database is left as it is)."""
        self._finished.pop(table.id, None)
        self.tables.pop(table.id, None)
        for digests in table.digests.values():
            for d in digests:
                self.by_digest.pop(d, None)
        for d in table.invites.values():
            self.by_digest.pop(d, None)
        self.by_spectator.pop(table.spectator_token, None)

    @staticmethod
    def _build(stored: S.StoredTable) -> LiveTable:
        """A table from its rows: the game replayed from its record (the core checks every action again)."""
        row, seats = stored.row, stored.seats
        rules = RuleSet.from_dict(json.loads(row["rules"]))
        state = replay(GameRecord(rules=rules, seed=row["seed"], actions=[a for _, a, _ in stored.actions]))
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for {rules.players} players")
        table = LiveTable(
            id=row["id"], rules=rules, seed=row["seed"], names=[s["name"] for s in seats],
            bots=[s["bot"] for s in seats], spectator_token=row["spectator_token"], status=row["status"], state=state,
            joined={s["seat"] for s in seats if s["joined"]}, turn_seconds=row["turn_seconds"],
            grace_seconds=row["grace_seconds"], rematch_id=row["rematch_id"], hints=row["hints"],
            bot_pace=row["bot_pace"], creator=row["creator"], network=row["network"],
            hosts={s["seat"] for s in seats if s["host"]}, joined_by_others=row["joined_by_others"],
            created_at=row["created_at"] if row["created_at"].tzinfo else row["created_at"].replace(tzinfo=UTC),
            claimed={s["seat"] for s in seats if s["joined"] or s["claimed"]},
            open={s["seat"] for s in seats if s["open"]},
            visibility=PRIVATE if row["visibility"] == PRIVATE else PUBLIC,
            accounts={s["seat"]: s["account_id"] for s in seats if s.get("account_id")},
            rated=bool(row.get("rated", False)),
            bot_seats={s["seat"] for s in seats if s.get("account_id") and s.get("account_kind") == "bot"},
        )
        for d, seat, kind in stored.credentials:
            if kind == "invite":
                table.invites[seat] = d
            else:
                table.digests.setdefault(seat, set()).add(d)
        for number, (seat, _, client_id) in enumerate(stored.actions):
            if client_id is not None:
                table.acks[(seat, client_id)] = P.Ack(seq=number + 1, reply_to=client_id, number=number)
        return table

    async def _load(self, table_id: str) -> LiveTable | None:
        """Read and rebuild a table; one that fails to is set aside (logged, reported as unknown), never raised. In a
        cluster its lease is taken first (so the record read is complete: its last owner is gone), and a table
        another live worker holds raises ``cluster.ElsewhereError``."""
        if table_id in self.set_aside:
            return None
        if self.member is not None:
            try:
                owner = await self.storage.run(K.claim, self.member, table_id)
            except Exception:
                log.exception("table %s: its lease could not be taken", table_id)
                raise TableError("unavailable", UNAVAILABLE) from None
            if owner is not None:
                raise K.ElsewhereError(table_id, owner)
        built = await self._read(table_id)
        if built is None:
            if self.member is not None and table_id not in self.tables:
                await self.storage.run(K.release, self.member, [table_id])
            return None
        table = self.tables.get(table_id)  # loaded meanwhile by another request
        if table is None:
            table = built
            self._add(table)
            if table.status == "waiting":  # seats joined before a restart whose holder has not come yet
                for seat in (table.claimed & table.open) - table.joined:
                    self._await_hello(table, seat)
            if self.member is not None:  # taken over from a worker gone: it goes on here (a restart's start-up)
                await self._resume(table)
        return table

    async def _read(self, table_id: str) -> LiveTable | None:
        """A table rebuilt from the database (None: no such table, or set aside), not yet held."""
        try:
            stored = await self.storage.run(S.load_table, table_id)
            if stored is None:
                return None
            return await asyncio.to_thread(self._build, stored)
        except Exception as error:
            log.exception("table %s cannot be loaded: set aside", table_id)
            self.set_aside[table_id] = f"{type(error).__name__}: {error}"
            while len(self.set_aside) > SET_ASIDE_KEPT:
                self.set_aside.popitem(last=False)
            return None

    async def load_unfinished(self) -> None:
        """Rebuild every table not finished (on start), and let each go on: bots move, all-bot tables play. A worker
        of a cluster takes only the tables in play that nobody holds, and then keeps its leases (``_keep_leases``)."""
        self._spawn(self.workers.warm_up())
        if self.limits.waiting_minutes > 0:
            await self._expire_waiting()  # those that expired while the server was down are not loaded again
            self._spawn(self._keep_expiring())
        if self.member is not None:
            await self._take(await self.storage.run(K.unleased_playing))
            self._spawn(self._keep_leases())
            return
        for table_id in await self.storage.run(S.unfinished_table_ids):
            table = await self._load(table_id)
            if table is not None:
                await self._resume(table)

    async def _resume(self, table: LiveTable) -> None:
        if table.status == "waiting" and table.everyone_joined():
            await self._start(table)
        elif table.status == "playing":
            self._after_change(table)

    async def _take(self, table_ids: list[str]) -> None:
        """Take over tables nobody holds; they go on here (another worker may be quicker: then it has them)."""
        for table_id in table_ids:
            if table_id in self.tables:
                continue
            try:
                await self._load(table_id)
            except (K.ElsewhereError, TableError):
                continue

    async def _keep_leases(self) -> None:
        """Renew this worker's leases every third of their time; let go of the tables whose lease another worker
        took (it did so because this one seemed gone), and take the tables in play whose owner is gone. When the
        database cannot be reached for a whole lease, every table is let go: others may hold them by now."""
        assert self.member is not None
        member, last = self.member, time.monotonic()
        while True:
            await asyncio.sleep(member.lease_seconds / 3)
            before = set(self.tables)  # a table taken while the renewal runs is not in its answer, yet held
            try:
                held = await self.storage.run(K.renew, member)
            except Exception:
                log.exception("the leases could not be renewed")
                if time.monotonic() - last > member.lease_seconds:
                    for table in list(self.tables.values()):
                        self._let_go(table, "this worker lost the database")
                continue
            last = time.monotonic()
            for table in [self.tables[i] for i in before - held if i in self.tables]:
                self._let_go(table, "the table moved to another worker")
            try:
                await self._take(await self.storage.run(K.orphans, member, member.lease_seconds))
            except Exception:
                log.exception("the tables of a worker gone could not be taken over")

    def _catch_up(self, table: LiveTable) -> None:
        """A table whose record went on without it (a worker that hung past its lease wrote a decision before this
        one took the table over, or after) is let go and read again at its next request, that decision included."""
        if self.member is not None and table.behind:
            self._let_go(table, "its record went on at another worker: read again")

    def _let_go(self, table: LiveTable, why: str) -> None:
        """Drop a table from memory without a word to the database; its connections are closed with 1012 (the
        server restarts, try again), so that they reconnect and reach its owner."""
        log.warning("table %s let go: %s", table.id, why)
        for task in [table.timer, table.bot_task, *table.grace.values()]:
            if task is not None:
                task.cancel()
        for connection in list(table.connections):
            connection.close(1012, why)
        self._drop(table)

    async def find(self, table_id: str, client: str | None = None) -> LiveTable | None:
        """A table by id, loading a finished one from the database when it is not in memory (replaying its game:
        ``client``'s ``table_loads_per_minute`` are counted, so that paging through old games is bounded)."""
        table = self.tables.get(table_id)
        if table is None:
            if not P.could_be_id(table_id):  # no server made it: unknown, without asking the database
                return None
            if client is not None:
                self.clients.hit("loads", client)
            return await self._load(table_id)
        self._touch(table)
        return table

    async def describe(
        self, table_id: str, client: str | None = None, pass_on: bool = True
    ) -> LiveTable | FinishedTable | None:
        """A table to read (its summary, sheet, replay or record). A finished table not in memory is its stored
        summary (``finished.py``), not its game replayed; one that finished before summaries were stored is rebuilt
        once and its summary stored then. In a cluster a table another worker holds raises ``cluster.ElsewhereError``
        when ``pass_on`` (the request goes there: it knows who is connected), and any other table is read from the
        database without taking it, so that it is taken by the worker its connections are routed to (the lobby's
        list, ``pass_on`` False, reads every table it shows so)."""
        table = self.tables.get(table_id)
        if table is not None:
            self._touch(table)
            return table
        if not P.could_be_id(table_id):  # no server made it: unknown, without asking the database
            return None
        if self.member is not None and pass_on:
            owner = await self.storage.run(K.holder, self.member, table_id)
            if owner is not None:
                raise K.ElsewhereError(table_id, owner)
        if client is not None:
            self.clients.hit("loads", client)
        stored = await self._store(S.load_finished, table_id)
        if stored is not None:
            return FinishedTable.from_json(table_id, stored)
        built = await (self._load(table_id) if self.member is None else self._read(table_id))
        if built is not None and built.status == "finished":
            try:
                await self.storage.run(S.save_finished, table_id, built.finished_json())
            except Exception:
                log.exception("table %s: its summary could not be stored", table_id)
        return built

    async def may_see(self, table: LiveTable | FinishedTable, token: str | None, account_id: str | None = None) -> bool:
        """Whether the holder of ``token`` (signed in as ``account_id``) may read ``table``: anyone a public one; a
        private one only with a credential of it, a seat's token or its spectator token, or as an account seated or
        invited there (``visibility.py``, ``invitations.py``)."""
        if table.visibility != PRIVATE:
            return True
        if token and same_token(token, table.spectator_token):
            return True
        if token:
            found = self.by_digest.get(digest(token)) or await self._store(S.find_credential, digest(token))
            if found is not None and found[0] == table.id and found[2] == "seat":
                return True
        return account_id is not None and bool(await self._store(I.knows_table, table.id, account_id))

    async def readable(
        self, table_id: str, token: str | None, client: str | None = None, account_id: str | None = None
    ) -> LiveTable | FinishedTable | None:
        """A table to read (``describe``) for the holder of ``token`` (signed in as ``account_id``): None, as for no
        table, for a private table it may not see."""
        table = await self.describe(table_id, client)
        if table is None or not await self.may_see(table, token, account_id):
            return None
        return table

    # --- invitations of accounts (invitations.py) -----------------------------------------------------------

    def _host_check(self, table: LiveTable, token: str, doing: str) -> bool:
        """Whether ``token`` may act as ``table``'s host: False for a private table it holds no credential of (which
        is then no table to it); ``PermissionError`` for any other token that is not a seat its creator took."""
        holder = self.by_digest.get(digest(token))
        if table.visibility == PRIVATE and (holder is None or holder[0] != table.id):
            return False
        if holder is None or holder[0] != table.id or holder[2] != "seat" or holder[1] not in table.hosts:
            raise PermissionError(f"only the table's host may {doing} (the token of a seat its creator took)")
        return True

    async def invite_account(
        self, table_id: str, seat: int, token: str, name: str, client: str
    ) -> tuple[LiveTable, str, str] | None:
        """``POST /tables/{id}/seats/{seat}/invite-account``: the table's host (the holder of one of its creator's own
        seats' tokens) invites the account called ``name`` into an invite-only seat not taken yet. Returns the table,
        the invitation's id and the account's name as it writes it; None for an unknown table (or a private one to a
        token not of it); ``PermissionError`` for a token that is not the host's; ``NoSeatError`` for a seat that is
        no such seat; ``LookupError`` for a name no account has (asked only once the host is known)."""
        self.clients.hit("hellos", client)  # a token tried, as a hello is
        table = await self.find(table_id)
        if table is None:
            return None
        async with table.lock:
            if not self._host_check(table, token, "invite"):
                return None
            if table.status != "waiting":
                raise NoSeatError(f"the game is {table.status}: people are invited while the table waits")
            if seat >= table.rules.players or seat not in table.invites:
                raise NoSeatError(f"seat {seat} is not an invite-only seat still free")
            account = await self._store(I.find_account, name)
            if account is None:
                raise LookupError(f"no account is called {name!r}")
            if table.seat_of(account[0]) is not None:
                raise NoSeatError(f"{account[1]} holds seat {table.seat_of(account[0])} of this table already")
            invitation = await self._store(I.save_invitation, table.id, seat, account[0])
        await self._put_down(table)
        if account[2] == "bot":  # its program hears of it at once on its event stream (bot_api.py)
            self.bot_events(account[0], {"type": "invitation", "id": invitation, **self.invite_of(table, seat)})
        return table, invitation, account[1]

    async def invite_bot(self, table: LiveTable, seat: int, account_id: str) -> str:
        """The benchmark's invitation (``arena/bench_server.py``, the operator of its own server: no host's token)
        of the bot account ``account_id`` into the invite-only ``seat``, told on its event stream at once; its id."""
        if seat not in table.invites or table.status != "waiting":
            raise NoSeatError(f"seat {seat} is not an invite-only seat still free")
        invitation: str = await self._store(I.save_invitation, table.id, seat, account_id)
        self.bot_events(account_id, {"type": "invitation", "id": invitation, **self.invite_of(table, seat)})
        return invitation

    async def invitations(self, account_id: str) -> list[dict[str, Any]]:
        """``GET /invitations``: the account's good invitations, each with the table as its invite page shows it."""
        found = []
        for invitation, table_id, seat in await self._store(I.invitations_of, account_id):
            # read, not taken: in a cluster the table stays with the worker its connections are routed to
            table = await self.describe(table_id, pass_on=False)
            if isinstance(table, LiveTable) and table.status == "waiting" and seat in table.invites:
                found.append({"id": invitation, **self.invite_of(table, seat)})
        return found

    @staticmethod
    def invite_of(table: LiveTable, seat: int) -> dict[str, Any]:
        """What a person invited into ``seat`` reads of the table: its summary, the seat, the name the host gave
        it, the host's seat and name (None when the host keeps no seat)."""
        hosts = sorted(table.hosts)
        return {"table": table.summary(), "seat": seat, "name": table.names[seat],
                "host_seat": hosts[0] if hosts else None, "host": table.names[hosts[0]] if hosts else None}

    async def accept_invitation(
        self, invitation_id: str, account: Account, client: str
    ) -> tuple[LiveTable, int, str] | None:
        """``POST /invitations/{id}/accept``: the invited seat for the account signed in, under its name, bound to
        it, with a fresh token for this session alone. None for no such good invitation of this account (another
        account's is none too); ``NoSeatError`` when the account holds another seat of the table already."""
        self.clients.hit("joins", client)
        account_id, name = account.id, account.name
        found = await self._store(I.find_invitation, invitation_id, account_id)
        if found is None:
            return None
        table = await self.find(found[0])
        if table is None:
            return None
        seat = found[1]
        async with table.lock:
            code = table.invites.get(seat)
            if code is None or table.status != "waiting":
                return None
            self._one_seat_each(table, account)
            token = new_token()
            try:
                await self.storage.run(I.accept, invitation_id, table.id, seat, name, digest(token), code, account_id)
            except LookupError:
                return None
            except Exception:
                log.exception("an invitation could not be accepted")
                raise TableError("unavailable", UNAVAILABLE) from None
            del table.invites[seat]
            self.by_digest.pop(code, None)
            self._give(table, seat, name, token, account)
            table.announce()
        await self._put_down(table)
        return table, seat, token

    async def decline_invitation(self, invitation_id: str, account_id: str) -> bool:
        return bool(await self._store(I.decline, invitation_id, account_id))

    async def bot_declines(self, invitation_id: str, account: Account, reason: P.DeclineReason) -> bool:
        """A bot declines an invitation with one of ``bot_api.DECLINE_REASONS`` (no free text: bots do not chat):
        the invitation is kept, declined, and the table's connections hear who declined which seat and why (a
        ``declined`` message). False for no such good invitation of this bot."""
        found = await self._store(I.decline_with_reason, invitation_id, account.id, reason)
        if found is None:
            return False
        table = self.tables.get(found[0])  # in memory here: its connections are here (in a cluster, elsewhere)
        if table is not None:
            table.tell(P.dump(P.Declined(seq=table.seq, seat=found[1], name=account.name, reason=reason)))
        return True

    async def bot_seats(self, account_id: str) -> list[tuple[str, int, str]]:
        """The seats a bot account holds at tables not over: (table id, seat, status)."""
        return list(await self._store(I.seats_of, account_id))

    async def preview_invite(self, code: str, client: str) -> tuple[LiveTable, int] | None:
        """``POST /invites/preview``: the table and seat an invite code is for, the code left unused (what the person
        invited reads before accepting). None for an unknown or used code. Each asking counts as a hello of
        ``client`` (a credential tried)."""
        self.clients.hit("hellos", client)
        found = self.by_digest.get(digest(code)) or await self._store(S.find_credential, digest(code))
        if found is None or found[2] != "invite":
            return None
        table = await self.find(found[0])
        if table is None or table.invites.get(found[1]) != digest(code):
            return None
        await self._put_down(table)  # names no table: a proxy sent it to any worker
        return table, found[1]

    async def _put_down(self, table: LiveTable) -> None:
        """In a cluster, a table taken only to answer a request that names no table (an invite) is let go again at
        once, unless it is in play or someone is connected: the worker its connections are routed to takes it."""
        if (self.member is not None and not table.connections and not table.pending and table.status != "playing"
                and table.id in self.tables):
            self._drop(table)
            await self.storage.run(K.release, self.member, [table.id])

    async def _credential(self, token: str) -> tuple[str, int] | None:
        """The table id and seat of a seat token (SPECTATOR for a spectator token); invite codes open no seat."""
        table_id = self.by_spectator.get(token)
        if table_id is not None:
            return table_id, SPECTATOR
        found = self.by_digest.get(digest(token)) or await self.storage.run(S.find_credential, digest(token))
        if found is None:
            spectated = await self.storage.run(S.find_spectator_table, token)
            return None if spectated is None else (spectated, SPECTATOR)
        return None if found[2] == "invite" else (found[0], found[1])

    async def locate(self, token: str, client: str) -> str | None:
        """The id of the table a seat's or spectator's token is for; each asking counts as a hello of ``client``."""
        self.clients.hit("hellos", client)
        found = await self._credential(token)
        return None if found is None else found[0]

    async def find_token(self, token: str) -> tuple[LiveTable, int] | None:
        """The table and seat of a seat token (SPECTATOR for a spectator token); invite codes open no seat."""
        found = await self._credential(token)
        if found is None:
            return None
        table = await self.find(found[0])
        return None if table is None else (table, found[1])

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self.member is not None and self.tables:
            try:  # the others may take them at once rather than after the leases' time
                K.release(self.storage.engine, self.member, list(self.tables))
            except Exception:
                log.exception("the leases could not be released")
        for table in self.tables.values():
            for handle in table.pending.values():
                handle.cancel()

    async def page(self, status: str | None, limit: int, offset: int, client: str | None = None,
                   open_only: bool = False) -> dict[str, Any]:
        ids, total = await self.storage.run(S.page_of_tables, status, limit, offset, open_only)
        tables = [t.summary() for t in [await self.describe(i, client, pass_on=False) for i in ids] if t is not None]
        return {"tables": tables, "total": total, "limit": limit, "offset": offset}

    async def player_stats(self, name: str) -> dict[str, Any]:
        result: dict[str, Any] = await self.storage.run(S.player_stats, name)
        return result

    # --- waiting tables nobody joins ----------------------------------------------------------------------------

    def _expired_text(self) -> str:
        return f"this table expired: nobody joined it within {self.limits.waiting_minutes:g} minutes"

    async def _keep_expiring(self) -> None:
        """Expire the waiting tables nobody joined, a few times within each ``waiting_minutes``."""
        every = min(60.0, max(0.2, self.limits.waiting_minutes * 60 / 6))
        while True:
            await asyncio.sleep(every)
            try:
                await self._expire_waiting()
            except Exception:
                log.exception("the waiting tables could not be expired")

    async def _expire_waiting(self) -> None:
        """Every waiting table older than ``waiting_minutes`` at which nobody but its creator has said hello: those
        in the database that no other worker holds, and those in memory."""
        cutoff = S.now() - timedelta(minutes=self.limits.waiting_minutes)
        owner = None if self.member is None else self.member.id
        stale = set(await self.storage.run(S.stale_waiting, cutoff, owner))
        for table in list(self.tables.values()):
            if (table.status == "waiting" and not table.joined_by_others and table.created_at is not None
                    and table.created_at < cutoff):
                stale.add(table.id)
        for table_id in stale:
            held = self.tables.get(table_id)
            if held is None:
                await self.storage.run(S.expire_table, table_id)
                continue
            async with held.lock:
                if held.status == "waiting" and not held.joined_by_others:
                    await self._expire_table(held)

    async def _expire_table(self, table: LiveTable) -> None:
        """A waiting table nobody joined (the caller holds its lock): expired in the database, then out of memory,
        its connections (the creator's) closed with the reason."""
        await self.storage.run(S.expire_table, table.id)
        table.status = "expired"
        for handle in table.pending.values():
            handle.cancel()
        for connection in list(table.connections):
            connection.close(1000, self._expired_text())
        self._drop(table)
        if self.member is not None:
            await self.storage.run(K.release, self.member, [table.id])

    # --- seats: join, invites, expiry ---------------------------------------------------------------------------

    async def claim(self, table_id: str, name: str, client: str,
                    account: Account | None = None) -> tuple[LiveTable, int, str] | None:
        """``POST /tables/{id}/join``: the lowest open, unclaimed seat of a waiting table, renamed ``name``, with a
        fresh token that lapses unless a hello uses it within ``claim_seconds``. None for an unknown table;
        ``NoSeatError`` when the game has started or no open seat is free (invite-only seats are never handed out).
        ``account``: the joiner is signed in: the seat is its account's, under its account's name (one seat a table)."""
        self.clients.hit("joins", client)
        table = await self.find(table_id)
        if table is None or table.visibility == PRIVATE:  # not listed: no seat of it is offered (visibility.py)
            return None
        async with table.lock:
            if table.status == "expired":
                raise NoSeatError(self._expired_text())
            if table.status != "waiting":
                raise NoSeatError(f"the game is {table.status}: seats are handed out before it starts")
            if network_of(client) in table.barred:
                raise NoSeatError("the host of this table freed a seat joined from this network: join another table")
            self._one_seat_each(table, account)
            self._signed_in_if_rated(table, account)
            free = table.free_seats()
            if not free:
                raise NoSeatError("no open seat is free: the others are taken or kept for the people invited")
            seat, token = free[0], new_token()
            name = name if account is None else account.name
            await self._store(S.hand_out_seat, table.id, seat, name, digest(token), None,
                              None if account is None else account.id)
            self._give(table, seat, name, token, account)
            table.joiners[seat] = client
            self._await_hello(table, seat)
            table.announce()
        return table, seat, token

    @staticmethod
    def _one_seat_each(table: LiveTable, account: Account | None) -> None:
        if account is not None and table.seat_of(account.id) is not None:
            raise NoSeatError(f"this account holds seat {table.seat_of(account.id)} of this table already: open it "
                              "with POST /tables/{id}/my-seat")

    @staticmethod
    def _signed_in_if_rated(table: LiveTable, account: Account | None) -> None:
        """A rated table's seats are taken by signed-in people only (its end rates their accounts)."""
        if table.rated and account is None:
            raise NoSeatError("this table is rated: sign in to take a seat at it")

    async def my_seat(self, table_id: str, account: Account, client: str) -> tuple[LiveTable, int, str] | None:
        """``POST /tables/{id}/my-seat``: a fresh token for the seat ``account`` holds at the table, so that a person
        signed in on another device takes their seat there (the tokens given before stay valid). None when the
        table is unknown, expired, or the account holds no seat of it: nobody learns more than "not yours"."""
        self.clients.hit("joins", client)
        table = await self.find(table_id)
        if table is None or table.status == "expired":
            return None
        async with table.lock:
            seat = table.seat_of(account.id)
            if seat is None:
                return None
            token = new_token()
            await self._store(S.add_credential, table.id, seat, digest(token))
            table.digests.setdefault(seat, set()).add(digest(token))
            self.by_digest[digest(token)] = (table.id, seat, "seat")
        return table, seat, token

    def account_deleted(self, account_id: str, table_ids: list[str]) -> None:
        """A deleted account's seats at the tables in memory show "deleted player" from now on (the database says so
        already: ``AccountStore.delete``); the stored replays of those games are made again."""
        for table_id in table_ids:
            self.replays.forget(table_id)
            table = self.tables.get(table_id)
            if table is None:
                continue
            for seat, held in table.accounts.items():
                if held == account_id:
                    table.names[seat] = DELETED_NAME
            table.announce()

    def _await_hello(self, table: LiveTable, seat: int) -> None:
        """A seat handed out by join is open again unless its holder says hello within ``claim_seconds``."""
        table.pending[seat] = asyncio.get_running_loop().call_later(
            self.limits.claim_seconds, lambda: self._spawn(self._lapse(table, seat)))

    async def free_seat(self, table_id: str, seat: int, token: str, client: str) -> LiveTable | None:
        """``POST /tables/{id}/seats/{seat}/free``: the table's host (the holder of a token of one of its creator's
        own seats) opens again a seat handed out by join whose holder has not said hello yet, and the network that
        joined it may not join this table again (a squatter who re-joins every ``claim_seconds`` loses the race).
        None for an unknown table; ``PermissionError`` for a token that is not the host's; ``NoSeatError`` when the
        seat is not such a seat."""
        self.clients.hit("hellos", client)  # a token tried, as a hello is
        table = await self.find(table_id)
        if table is None:
            return None
        async with table.lock:
            if not self._host_check(table, token, "free a seat"):
                return None
            if table.status != "waiting":
                raise NoSeatError(f"the game is {table.status}: seats are freed only while the table waits")
            if seat not in table.open or seat not in table.claimed or seat in table.joined:
                raise NoSeatError(f"seat {seat} is not a joined open seat waiting for its holder's hello")
            if not await self._reopen(table, seat):
                raise TableError("unavailable", UNAVAILABLE)
            joiner = table.joiners.pop(seat, None)
            if joiner is not None:
                table.barred.add(network_of(joiner))
        await self._put_down(table)
        return table

    async def claim_invite(self, code: str, name: str | None, client: str,
                           account: Account | None = None) -> tuple[LiveTable, int, str] | None:
        """``POST /invites``: the invited seat for a fresh token, the code used up. None for an unknown or used code.
        ``account``: the invited person is signed in: the seat is its account's, under its name (``claim``)."""
        self.clients.hit("joins", client)
        found = self.by_digest.get(digest(code)) or await self.storage.run(S.find_credential, digest(code))
        if found is None or found[2] != "invite":
            return None
        table = await self.find(found[0])
        if table is None:
            return None
        seat = found[1]
        async with table.lock:
            if table.invites.get(seat) != digest(code):
                return None
            self._one_seat_each(table, account)
            self._signed_in_if_rated(table, account)
            new_name = name if name is not None and table.status == "waiting" else table.names[seat]
            new_name = new_name if account is None else account.name
            token = new_token()
            try:
                await self.storage.run(S.hand_out_seat, table.id, seat, new_name, digest(token), digest(code),
                                       None if account is None else account.id)
            except LookupError:
                return None
            except Exception:
                log.exception("an invite could not be stored")
                raise TableError("unavailable", UNAVAILABLE) from None
            del table.invites[seat]
            self.by_digest.pop(digest(code), None)
            self._give(table, seat, new_name, token, account)
            table.announce()
        await self._put_down(table)  # POST /invites names no table: a proxy sent it to any worker
        return table, seat, token

    def _give(self, table: LiveTable, seat: int, name: str, token: str, account: Account | None = None) -> None:
        table.names[seat] = name
        if account is not None:
            table.accounts[seat] = account.id
        if account is not None and account.kind == "bot":
            table.bot_seats.add(seat)
        table.claimed.add(seat)
        table.digests.setdefault(seat, set()).add(digest(token))
        self.by_digest[digest(token)] = (table.id, seat, "seat")

    async def _lapse(self, table: LiveTable, seat: int) -> None:
        """A joined open seat whose holder did not come: its tokens revoked, open again."""
        async with table.lock:
            table.pending.pop(seat, None)
            if seat in table.joined or table.status != "waiting":
                return
            table.joiners.pop(seat, None)
            await self._reopen(table, seat)

    async def _reopen(self, table: LiveTable, seat: int) -> bool:
        """The seat's tokens revoked and the seat open again, in the database and then in memory (the caller holds
        the table's lock); False when the database failed."""
        try:
            await self.storage.run(S.release_seat, table.id, seat, default_name(seat))
        except Exception:
            log.exception("table %s: seat %d could not be released", table.id, seat)
            return False
        handle = table.pending.pop(seat, None)
        if handle is not None:
            handle.cancel()
        for d in table.digests.pop(seat, set()):
            self.by_digest.pop(d, None)
        table.claimed.discard(seat)
        table.accounts.pop(seat, None)
        table.bot_seats.discard(seat)
        table.names[seat] = default_name(seat)
        table.announce()
        return True

    # --- connections ----------------------------------------------------------------------------------------

    async def hello(self, connection: Connection, hello: P.Hello) -> None:
        """A hello: welcome, view (and rematch offer), then who sits where to everyone, then the chat so far."""
        try:
            self.clients.hit("hellos", connection.client)
        except RateLimitedError:
            connection.refused_hellos += 1  # a flood over the limit is closed as soon as one of unknown tokens
            raise
        found = await self.find_token(hello.token)
        if found is None:
            connection.refused_hellos += 1
            raise TableError("bad_token", "no seat or table has this token")
        table, seat = found
        async with table.lock:
            if table.status == "expired":  # its spectator token, or a hello that raced the expiry
                raise TableError("bad_token", self._expired_text())
            holder = table.accounts.get(seat) if seat != SPECTATOR else None
            if holder is not None and connection.account is not None and connection.account.id != holder:
                connection.refused_hellos += 1  # a seat one account holds is not another account's to take
                raise TableError("bad_token", "this seat is held by another account")
            bot = connection.account is not None and connection.account.kind == "bot"
            if bot and holder is None:  # a bot's API token opens nothing but its own seats: no guest's, no watching
                connection.refused_hellos += 1
                raise TableError("bad_token", "a bot's token opens only the seats its bot holds")
            if seat in table.bot_seats and not bot:  # a bot account's seat is its program's: its token says so
                connection.refused_hellos += 1
                raise TableError("bad_token", "this seat is a bot account's: its API token (Authorization: Bearer, "
                                              "on the WebSocket's handshake) opens it")
            human = seat != SPECTATOR and table.bots[seat] is None and holder is None  # an account's keeps its name
            renamed = human and table.status == "waiting" and hello.name is not None and hello.name != table.names[seat]
            first = seat != SPECTATOR and seat not in table.joined
            name = (hello.name if renamed and hello.name is not None
                    else table.names[seat] if human or holder is not None else "")
            by_other = first and seat not in table.hosts and not table.joined_by_others
            if first or renamed:
                try:
                    await self._store(S.save_seat, table.id, seat, name, first, by_other)
                except LookupError:  # expired in the database meanwhile (another worker's sweep)
                    await self._expire_table(table)
                    raise TableError("bad_token", self._expired_text()) from None
                table.names[seat] = name
                table.claimed.add(seat)
            if first:
                table.joined.add(seat)
                table.joined_by_others |= by_other
                table.joiners.pop(seat, None)
                handle = table.pending.pop(seat, None)
                if handle is not None:
                    handle.cancel()
            if seat == SPECTATOR and not self.clients.watch():  # uncounted again when it closes (app.py)
                connection.close(1013, "too many spectators on this server: try again later")
                return
            connection.table, connection.seat = table, seat
            table.connections.append(connection)
            welcome = P.Welcome(
                seq=table.seq, reply_to=hello.id, table=table.id, seat=seat, names=table.names, bots=table.bots,
                status=table.status, hints=table.hints, turn_seconds=table.turn_seconds, bot_pace=table.bot_pace,
                visibility=table.visibility,
            )
            connection.send(P.dump(welcome))
            connection.send(table.view_message(seat))
            if table.rematch_id is not None:
                await self._offer_rematch(table, connection)
            self._back(table, seat)
            if seat == SPECTATOR:  # a watcher changes nothing the others see: only it hears who sits where (a crowd
                connection.send(table.table_message())  # of spectators would otherwise cost the square of its size)
            else:
                table.announce()
            for line in table.chat:
                connection.send(line)
            if table.status == "waiting" and table.everyone_joined():
                await self._start(table)

    async def _start(self, table: LiveTable) -> None:
        await self._store(S.set_status, table.id, "playing")
        table.status = "playing"
        for seat in sorted(table.bot_seats):
            self.bot_events(table.accounts[seat], {"type": "gameStart", "table": table.id, "seat": seat})
        table.moved_at = time.monotonic()  # the first bot move comes the pace after the start, as the others
        table.broadcast()  # everyone learns the game has started (views with status "playing")
        self._after_change(table)

    async def disconnect(self, connection: Connection) -> None:
        """The connection is gone: it leaves its table, and everyone still there hears so."""
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
            table.grace[seat] = self._spawn(self._after_grace(table, seat))
        if seat != SPECTATOR:
            table.announce()

    async def _after_grace(self, table: LiveTable, seat: int) -> None:
        assert table.grace_seconds is not None
        await asyncio.sleep(table.grace_seconds)
        table.grace.pop(seat, None)
        if not any(c.seat == seat for c in table.connections):
            table.away.add(seat)
            self._after_change(table)

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

    # --- acting, bots and timers --------------------------------------------------------------------------------

    async def act(self, connection: Connection, message: P.Act) -> None:
        table, seat = seated(connection, "acting", "a spectator cannot act")
        async with table.lock:
            self._back(table, seat)
            ack = table.acks.get((seat, message.id))
            if ack is not None:  # a repeated id: the same answer, applied once
                connection.send(ack_text(ack))
                return
            if table.status == "waiting":
                raise TableError("not_started", "the game starts when every human seat has joined")
            if table.state.is_terminal():
                raise TableError("game_over", "the game is over")
            if message.seq != table.seq:
                raise TableError("stale", f"this action answers decision {message.seq}; the table is at decision "
                                          f"{table.seq}")
            if table.state.current_player() != seat:
                raise TableError("not_your_turn", f"it is seat {table.state.current_player()}'s turn, not {seat}'s")
            try:
                await table.accept(self.writer, seat, int(message.action), message.id, connection)
            except TableError:
                self._catch_up(table)
                raise
            self._ended(table)
            self._after_change(table)

    def _after_change(self, table: LiveTable) -> None:
        """The table moved on: its turn timer restarts for the seat on turn, and its bots think if it is theirs."""
        self._touch(table)
        self._arm_timer(table)
        if table.bot_on_turn() is not None and (table.bot_task is None or table.bot_task.done()):
            table.bot_task = self._spawn(self._run_bots(table))

    async def _run_bots(self, table: LiveTable) -> None:
        """The table's bots (and stand-ins) decide in the worker processes, one decision at a time."""
        while (turn := table.bot_on_turn()) is not None:
            seat, spec = turn
            stand_in = "away" if table.bots[seat] is None else None  # a human seat: its player is away
            if await self._decide(table, seat, spec, lambda: table.bot_on_turn() == turn, stand_in) == "refused":
                return
            self._touch(table)
            self._arm_timer(table)

    async def _decide(
        self, table: LiveTable, seat: int, spec: str, still: Callable[[], bool], stand_in: str | None = None
    ) -> str:
        """One decision of the bot ``spec`` for ``seat`` at the table's decision now, tried again (after doubling
        waits) while the worker or the database fails. The lock is taken only to accept the decision, which is
        dropped if the table moved on meanwhile or ``still()`` no longer holds. Returns "taken", "moved" or
        "refused" (an action the core refused: a bot's bug, logged)."""
        seq, failures = table.seq, 0
        while table.seq == seq and still():
            stream = table.seat_rngs.get(seat)
            try:
                if stream is None:
                    action = await self.workers.decide(spec, table.state.view(seat), table.rng.getrandbits(63),
                                                       asker_of(table), self._engine_command(spec))
                else:  # the seat's own stream, taken on only once its decision is accepted
                    action, stream = await self.workers.decide_drawing(
                        spec, table.state.view(seat), stream, asker_of(table), self._engine_command(spec))
            except EngineError as error:  # an outside engine broke the protocol: the stand-in plays this decision
                log.warning("table %s: %s; the stand-in %s plays for seat %d", table.id, error, STAND_IN, seat)
                spec = STAND_IN
                continue
            except Exception:
                log.exception("table %s: the bot %s failed to decide", table.id, spec)
            else:
                if (wait := table.bot_wait()) > 0:  # the time it thought counts towards the pace
                    await asyncio.sleep(wait)
                async with table.lock:
                    if table.seq != seq or not still():
                        return "moved"
                    try:
                        await table.accept(self.writer, seat, action, None, None, stand_in)
                        if stream is not None:
                            table.seat_rngs[seat] = stream
                        self._ended(table)
                        return "taken"
                    except TableError as error:
                        self._catch_up(table)
                        if error.code != "unavailable":
                            log.error("table %s: the bot %s chose a refused action: %s", table.id, spec, error)
                            return "refused"
            failures += 1
            await asyncio.sleep(min(MAX_RETRY_SECONDS, RETRY_SECONDS * 2 ** (failures - 1)))
        return "moved"

    def _engine_command(self, spec: str) -> str | None:
        """The operator's command of the engine a spec ``engine:NAME`` seats (None for any other bot, or a name this
        server does not know: a table stored by a server configured otherwise)."""
        if not spec.startswith(ENGINE_PREFIX):
            return None
        return self.engines.get(spec[len(ENGINE_PREFIX):])

    def _arm_timer(self, table: LiveTable) -> None:
        """Start the turn timer of the human seat on turn (one timer per table, restarted at every decision)."""
        if table.timer is not None and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer, table.deadline = None, None
        seat = table.timed_seat()
        if seat is not None:
            assert table.turn_seconds is not None
            table.deadline, table.deadline_seq = time.monotonic() + table.turn_seconds, table.seq
            table.timer = self._spawn(self._expire(table, seat, table.seq))

    async def _expire(self, table: LiveTable, seat: int, seq: int) -> None:
        """Time is up: the stand-in takes this one decision; a player still connected gets the full time at their
        next turn (only a seat gone past its grace period is played by the stand-in throughout)."""
        assert table.turn_seconds is not None
        await asyncio.sleep(table.turn_seconds)
        if table.seq == seq and await self._decide(
            table, seat, STAND_IN, lambda: table.on_turn() == seat, "timeout"
        ) == "taken":
            self._after_change(table)

    # --- rematch, chat and hints ----------------------------------------------------------------------------

    async def rematch(self, connection: Connection) -> None:
        """Create (once) the rematch of a finished table and offer each connection there its own new credential. Only
        a seat's holder may ask (spectator links are public), and the new table is theirs: their client's and
        network's limits of unfinished tables count it, and their seat there is its host's."""
        table, seat = seated(connection, "asking for a rematch", "only the players may ask for a rematch")
        async with table.lock:
            if not table.state.is_terminal():
                raise TableError("game_not_over", "a rematch is offered once the game is over")
            if table.rematch_id is None:
                new, _, _ = await self.create(
                    table.rules, list(zip(table.names, table.bots)), table.turn_seconds, table.grace_seconds,
                    table.hints, reserved=True, bot_pace=table.bot_pace, client=connection.client, host_seat=seat,
                    rated=table.rated, accounts=dict(table.accounts), bot_seats=set(table.bot_seats),
                    visibility=table.visibility,  # a rematch of a private table is private
                )
                await self._store(S.set_rematch, table.id, new.id)
                table.rematch_id = new.id
                for bot_seat in sorted(new.bot_seats):  # a bot's program hears of its seat there at once
                    self.bot_events(new.accounts[bot_seat], {"type": "game", "table": new.id, "seat": bot_seat,
                                                             "status": "waiting"})
                for other in list(table.connections):
                    await self._offer_rematch(table, other)
            else:
                await self._offer_rematch(table, connection)

    async def _offer_rematch(self, table: LiveTable, connection: Connection) -> None:
        """The rematch to one connection: the new table's spectator token, or a token made for its own seat there."""
        assert table.rematch_id is not None
        new = await self.find(table.rematch_id)
        if new is None:
            return
        seat = connection.seat
        if seat == SPECTATOR or new.bots[seat] is not None:
            token = new.spectator_token
        else:
            token = new_token()
            await self._store(S.add_credential, new.id, seat, digest(token))
            new.digests.setdefault(seat, set()).add(digest(token))
            self.by_digest[digest(token)] = (new.id, seat, "seat")
        connection.send(P.dump(P.RematchOffer(seq=table.seq, table=new.id, token=token)))

    def chat(self, connection: Connection, message: P.Chat) -> None:
        """A seat's chat line, to every connection at the table; the last ``CHAT_LINES`` are kept for newcomers."""
        table, seat = seated(connection, "chatting", "spectators watch in silence: only the seats may chat")
        if seat in table.bot_seats:
            raise TableError("forbidden", "bots do not chat: a bot account plays, and people talk")
        self.clients.hit("chat", connection.key)
        line = P.dump(P.ChatLine(seq=table.seq, seat=seat, name=table.names[seat], text=message.text,
                                 time=time.time()))
        table.chat.append(line)
        table.tell(line)

    def hint(self, connection: Connection, message: P.HintRequest) -> None:
        """Check a hint request now (``TableError`` if refused) and answer it from a task once a worker process has
        worked it out. The analysis of a decision is shared by the connections of the seat on turn."""
        table, seat = seated(connection, "asking for a hint", "hints are for the seats")
        if seat in table.bot_seats:
            raise TableError("forbidden", "a bot account plays on its own: it asks the server for no hints")
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
        self.clients.hit("hints", connection.key)
        seq = table.seq
        if table.hint_job is None or table.hint_job[0] != seq:
            view = table.state.view(seat)  # only the asking seat's own View leaves for the analysis
            table.hint_job = (seq, self._spawn(self.workers.hint(view, seq, hint_asker(connection.client))))
        connection.hint = self._spawn(self._answer_hint(connection, message.id, seq, table.hint_job[1]))

    async def _answer_hint(self, connection: Connection, reply_to: str, seq: int, job: asyncio.Task[Any]) -> None:
        values, best = await asyncio.shield(job)  # a connection that leaves does not cancel the others' answer
        connection.send(P.dump(P.Hint(seq=seq, reply_to=reply_to, values=values, best=best)))

    # --- finished games -------------------------------------------------------------------------------------

    async def record(self, table_id: str) -> GameRecord:
        """The record of a finished table: from memory, or from its rows (its game is not replayed)."""
        table = self.tables.get(table_id)
        if table is not None and table.status == "finished":
            return table.state.record(list(table.names))
        record: GameRecord | None = await self._store(S.load_record, table_id)
        if record is None:
            raise TableError("game_not_over", "a record is published once the game is over")
        return record

    async def replay(self, table: LiveTable | FinishedTable) -> Replay:
        """The replay of a finished table, as served (built once: ``replays.py``)."""
        if table.status != "finished":
            raise TableError("game_not_over", "a replay is published once the game is over (it shows every hand)")
        return await self.replays.of(table.id)

    async def _stored_replay(self, table_id: str) -> Replay | None:
        found = await self._store(S.load_replay, table_id)
        return None if found is None else Replay(*found)

    async def _build_replay(self, table_id: str) -> Replay:
        """A finished game's replay built from its record in a worker process, and stored (it is built once)."""
        record = await self.record(table_id)
        replay = Replay.of(await self.workers.replay(record, table_id))
        table = self.tables.get(table_id)
        try:
            await self.storage.run(S.save_replay, table_id, replay.body, replay.etag,
                                   None if table is None else table.finished_json())
        except Exception:
            log.exception("table %s: its replay could not be stored", table_id)
        return replay

    def _ended(self, table: LiveTable) -> None:
        """A decision was accepted: at the game's end its replay is built (in the background) and stored."""
        if table.status == "finished":
            self._spawn(self.replays.prepare(table.id))
            for seat in sorted(table.bot_seats):
                self.bot_events(table.accounts[seat], {"type": "gameFinish", "table": table.id, "seat": seat})
