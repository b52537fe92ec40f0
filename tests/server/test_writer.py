"""Group commit (``ActionWriter``): every write returns only once its row is in the database, concurrent writes share
commits, and a row the database refuses fails its own write only, the others of its batch committed."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from wizardcards.core import find_rules
from wizardcards.server.db import ActionRow, TableRow, make_engine, upgrade
from wizardcards.server.manager import TableManager
from wizardcards.server.storage import ActionWriter, Finish


def test_concurrent_writes_are_committed_when_they_return_and_a_bad_row_fails_alone(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    upgrade(engine)
    manager = TableManager(engine)

    async def create() -> str:
        table, _, _ = await manager.create(find_rules("standard", 4), [(f"p{s}", None) for s in range(4)])
        return table.id

    ids = [asyncio.run(create()) for _ in range(3)]
    writer = ActionWriter(engine)
    commits = 0
    original = writer._commit

    def counting(batch):  # type: ignore[no-untyped-def]
        nonlocal commits
        commits += 1
        original(batch)

    writer._commit = counting  # type: ignore[method-assign]

    def stored(table_id: str) -> list[int]:
        with engine.connect() as db:
            return list(db.scalars(select(ActionRow.number).where(ActionRow.table_id == table_id)
                                   .order_by(ActionRow.number)))

    async def table_writes(table_id: str, count: int) -> None:
        for number in range(count):
            await writer.write({"table_id": table_id, "number": number, "seat": 0, "action": 1, "client_id": None},
                               Finish([], "{}") if number == count - 1 else None)
            assert stored(table_id)[-1] == number  # in the database once write returns

    async def main() -> None:
        await asyncio.gather(*(table_writes(i, 20) for i in ids))
        # a duplicate decision number is refused by the database: that write fails, the one beside it commits
        results = await asyncio.gather(
            writer.write({"table_id": ids[0], "number": 5, "seat": 1, "action": 2, "client_id": None}, None),
            writer.write({"table_id": ids[1], "number": 20, "seat": 1, "action": 2, "client_id": None}, None),
            return_exceptions=True,
        )
        assert isinstance(results[0], IntegrityError) and results[1] is None

    asyncio.run(main())
    assert stored(ids[0]) == list(range(20))
    assert stored(ids[1]) == list(range(21))
    assert stored(ids[2]) == list(range(20))
    assert commits < 3 * 20 + 2, "concurrent writes shared commits"
    with engine.connect() as db:
        assert set(db.scalars(select(TableRow.status))) == {"finished"}
    with pytest.raises(IntegrityError):  # and the writer still works after a failure
        asyncio.run(writer.write({"table_id": ids[2], "number": 0, "seat": 0, "action": 1, "client_id": None}, None))
