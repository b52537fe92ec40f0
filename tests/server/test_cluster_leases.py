"""Two workers' table managers on one PostgreSQL database, driven step by step: the case no timing of real processes
shows on demand. Worker A hangs past its lease (its lease is made to expire), B takes the table over, then A, which
does not know yet, accepts a decision: B's next write of that number is refused by the record, B lets the table go
and reads it again with A's decision, and A lets it go at its next renewal. Nothing is lost, nothing applied twice."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest
from sqlalchemy import text

from wizardcards.core import GameRecord, find_rules, replay
from wizardcards.server import protocol as P
from wizardcards.server.cluster import Member
from wizardcards.server.connection import Connection
from wizardcards.server.db import make_engine, upgrade
from wizardcards.server.manager import TableManager
from wizardcards.server.table import TableError

from .helpers import LOOSE_LIMITS
from .postgres import postgres_cluster


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def frames(connection: Connection) -> list[dict[str, object]]:
    out = []
    while not connection.queue.empty():
        out.append(json.loads(connection.queue.get_nowait()))
    return out


async def seated(manager: TableManager, token: str) -> Connection:
    connection = Connection(client="test")
    await manager.hello(connection, P.Hello(type="hello", id="h", token=token))
    frames(connection)
    return connection


async def act(manager: TableManager, connection: Connection, message_id: str) -> int:
    """The seat's first legal action at the table as this worker holds it; returns the table's seq after it."""
    table = connection.table
    assert table is not None
    action = table.state.legal_actions()[0]
    await manager.act(connection, P.Act(type="action", id=message_id, action=action, seq=table.seq))
    return table.seq


def test_a_worker_that_hung_past_its_lease_cannot_fork_the_record(postgres_url: str) -> None:
    engine = make_engine(postgres_url)
    upgrade(engine)

    async def scenario() -> None:
        a = TableManager(engine, LOOSE_LIMITS, 1, 0.0, Member("http://127.0.0.1:1", lease_seconds=1.5, id="a"))
        b = TableManager(engine, LOOSE_LIMITS, 1, 0.0, Member("http://127.0.0.1:2", lease_seconds=1.5, id="b"))
        rules = find_rules("standard", players=3)
        table, tokens, _ = await a.create(rules, [("Ann", None), ("Bo", None), ("Cy", None)], claimed={0, 1, 2})
        at_a = [await seated(a, tokens[s]) for s in range(3)]  # A takes it with the first hello; the game starts
        held = a.tables[table.id]
        assert held.status == "playing"
        assert await act(a, at_a[held.state.current_player()], "a1") == 1

        with engine.begin() as db:  # A hangs: its lease runs out, and B is asked for the table
            db.execute(text("UPDATE table_leases SET expires_at = now() - interval '1 second'"))
        at_b = await seated(b, tokens[held.state.current_player()])
        assert b.tables[table.id].seq == 1

        # A wakes, not knowing: its connection's decision is written (number 1) before B writes one
        assert await act(a, at_a[held.state.current_player()], "a2") == 2
        # B's decision of number 1 is refused by the record: B lets the table go (its connection closed)...
        with pytest.raises(TableError) as refused:
            await act(b, at_b, "b1")
        assert refused.value.code == "unavailable"
        assert table.id not in b.tables and at_b.closing is not None and at_b.closing[0] == 1012
        # ...and reads it again at the next hello: A's decision is there, and B plays on from it
        again = await seated(b, tokens[held.state.current_player()])
        assert b.tables[table.id].seq == 2
        assert await act(b, again, "b2") == 3

        # A's next renewal finds the lease B's: A lets the table go and closes its connections
        renewals = asyncio.get_running_loop().create_task(a._keep_leases())  # noqa: SLF001
        await asyncio.sleep(1.0)
        renewals.cancel()
        assert table.id not in a.tables and all(c.closing is not None for c in at_a)
        for manager in (a, b):
            manager.close()

        with engine.connect() as db:
            rows = db.execute(text("SELECT number, action, client_id FROM actions WHERE table_id = :t"
                                   " ORDER BY number"), {"t": table.id}).all()
        assert [(r[0], r[2]) for r in rows] == [(0, "a1"), (1, "a2"), (2, "b2")]
        # one game: every decision legal where it stands (replay checks each), and B's table is that game
        record = replay(GameRecord(rules=rules, seed=held.seed, actions=[r[1] for r in rows]))
        assert list(record.history) == list(b.tables[table.id].state.history)

    asyncio.run(scenario())
    engine.dispose()
