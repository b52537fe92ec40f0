"""Attacks on PostgreSQL (a throwaway cluster): names with a NUL character, which PostgreSQL cannot store (today the
server changes its memory first and then fails to store, so memory and database part ways), and a storage failure in
the middle of a game (today the acting client's connection is dropped without a word). The contract: such names are
refused (422 / ``invalid``) and nothing changes; a failed store answers ``unavailable``, the connection stays open,
nothing changed, and the same action is taken once the database is back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from .postgres import postgres_cluster
from .strangers import Closed, Peer, alone_on_turn, create, post, running, seat_token, seated, summary, wait_for

NUL = "A\u0000B"


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def seating(answer: dict[str, Any]) -> list[tuple[str, bool, bool]]:
    return [(p["name"], p["open"], p["claimed"]) for p in answer["players"]]


def test_names_with_nul_are_refused_and_memory_and_database_agree(postgres_url: str) -> None:
    with running(postgres_url) as server:
        refused = post(server, "/tables", {"game": "wizard", "players": 3, "seats": [
            {"name": NUL, "claimed": True}, {"name": "P2", "open": True}, {"name": "P3"}]})
        assert refused.status_code == 422, refused.text
        table = create(server, [{"name": "Host", "claimed": True}, {"name": "P2", "open": True}, {"name": "P3"}])
        joined = post(server, f"/tables/{table['id']}/join", {"name": NUL})
        assert joined.status_code == 422, joined.text
        host = Peer(server)
        hello = host.hello(seat_token(table), name=NUL)
        assert (hello["type"], hello.get("code")) == ("error", "invalid"), hello
        host.close()
        host = seated(server, seat_token(table), name="Hostess")  # a name PostgreSQL stores: the table goes on
        host.close()
        wait_for(lambda: not summary(server, table["id"])["players"][0]["connected"], 5, "the host has left")
        before = summary(server, table["id"])
        assert [p[0] for p in seating(before)] == ["Hostess", "P2", "P3"]
        assert before["open_seats"] == 1
        restarted = server.restart()
        try:
            after = summary(restarted, table["id"])
            assert seating(after) == seating(before)
            assert after["open_seats"] == before["open_seats"] and after["names"] == before["names"]
            assert post(restarted, f"/tables/{table['id']}/join", {"name": "Bo"}).json()["seat"] == 1
        finally:
            restarted.kill()


def test_a_storage_failure_mid_game_is_answered_and_changes_nothing(postgres_url: str) -> None:
    engine = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    try:
        with running(postgres_url) as server:
            table, ann, seq, action = alone_on_turn(server)
            with engine.connect() as db:
                db.execute(text("SET lock_timeout = '10s'"))
                db.execute(text("ALTER TABLE actions RENAME TO actions_away"))
                try:
                    try:
                        answer = ann.act(action, message_id="lost")
                    except Closed as closed:
                        raise AssertionError(f"the connection was dropped without an answer ({closed})") from None
                    assert (answer["type"], answer.get("code")) == ("error", "unavailable"), answer
                    assert answer["seq"] == seq
                    assert ann.sync()["seq"] == seq  # still open, and nothing changed
                    assert summary(server, table["id"])["decisions"] == seq
                finally:
                    db.execute(text("ALTER TABLE actions_away RENAME TO actions"))
            again = ann.act(action, message_id="lost")  # the same action, once the database is back
            assert again["type"] == "ack" and again["number"] == seq, again
            ann.settle(again["seq"])
            ann.close()
            restarted = server.restart()
            try:
                assert summary(restarted, table["id"])["decisions"] >= seq + 1
            finally:
                restarted.kill()
    finally:
        engine.dispose()
