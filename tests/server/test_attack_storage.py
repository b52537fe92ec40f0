"""Attack on SQLite: another process holds the database's write lock (``BEGIN EXCLUSIVE``) while a game plays, so
the server cannot store the next action. Today the acting client's connection is dropped without a word. The
contract: the client hears ``unavailable``, its connection stays open, nothing changed, and once the lock is gone the
same action is taken."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from .strangers import Closed, alone_on_turn, running, summary


def test_a_locked_sqlite_database_is_answered_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "locked.sqlite3"
    with running(f"sqlite:///{path}") as server:
        table, ann, seq, action = alone_on_turn(server)
        holder = sqlite3.connect(path, isolation_level=None, timeout=10)
        try:
            holder.execute("BEGIN EXCLUSIVE")
            started = time.monotonic()
            try:
                answer = ann.act(action, message_id="blocked", timeout=20)
            except Closed as closed:
                raise AssertionError(f"the connection was dropped without an answer ({closed})") from None
            assert (answer["type"], answer.get("code")) == ("error", "unavailable"), answer
            assert time.monotonic() - started < 20
            assert answer["seq"] == seq
            assert ann.sync()["seq"] == seq  # still open, and nothing changed
            assert summary(server, table["id"])["decisions"] == seq
        finally:
            if holder.in_transaction:
                holder.execute("ROLLBACK")
            holder.close()
        again = ann.act(action, message_id="blocked")
        assert again["type"] == "ack" and again["number"] == seq, again
        ann.close()
