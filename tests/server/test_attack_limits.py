"""Attack: one client doing too much: creating tables without end, opening connections without end, saying hello
again and again, spamming the chat. Today nothing stops it. The contract (default limits, each client by its address:
here the ``X-Forwarded-For`` of a trusted proxy, so that each attack is a client of its own): 10 tables a minute (then
429 with Retry-After), 20 unfinished tables, 30 joins a minute, 32 connections at once (then closed at once, 1008),
60 hellos a minute, 5 chat lines per 10 s and 30 hints a minute (then ``limited``); other clients are not affected."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from websockets.exceptions import InvalidStatus

from .strangers import Closed, Peer, next_id, post, running, seat_token, seated, solo, table_body


def answers_chat(message_id: str, frame: dict[str, Any]) -> bool:
    return frame["type"] == "chat" or frame.get("reply_to") == message_id


def replies_to(message_id: str, frame: dict[str, Any]) -> bool:
    return frame.get("reply_to") == message_id


BODY = table_body([{"name": "Ann", "claimed": True}, {"name": "B1", "bot": "random"}, {"name": "B2", "bot": "random"}])


def test_one_client_meets_its_limits_and_the_others_do_not(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'limits.sqlite3'}", loose=False, trust_proxy=True) as server:
        # tables: 10 a minute
        statuses = [post(server, "/tables", BODY, client="10.0.0.1").status_code for _ in range(10)]
        assert statuses == [201] * 10
        over = post(server, "/tables", BODY, client="10.0.0.1")
        assert over.status_code == 429, over.text
        assert int(over.headers["Retry-After"]) >= 1
        assert "detail" in over.json()
        assert post(server, "/tables", BODY, client="10.0.0.2").status_code == 201  # another client

        # connections: 32 at once
        table = solo(server, client="10.0.0.2")
        held = [Peer(server, client="10.0.0.3") for _ in range(32)]
        for peer in held:
            peer.send({"type": "sync", "id": next_id()})
            assert peer.receive()["code"] == "not_joined"  # open, and answered
        try:
            extra = Peer(server, client="10.0.0.3")
        except InvalidStatus:  # refused at the handshake: as good as closed at once
            pass
        else:
            assert extra.closed_within(2), "a 33rd connection of one client was kept open"
            assert extra.connection.close_code == 1008
        other = seated(server, table["spectator_token"], client="10.0.0.4")  # another client connects
        for peer in [*held, other]:
            peer.close()

        # hellos: 60 a minute (each on a connection of its own, closed at once)
        answers = []
        for _ in range(61):
            peer = Peer(server, client="10.0.0.5")
            try:
                answers.append(peer.hello(table["spectator_token"]))
            except Closed:
                answers.append({"type": "closed"})
            peer.close()
        assert [a["type"] for a in answers[:60]] == ["welcome"] * 60
        assert answers[60]["type"] == "closed" or answers[60].get("code") == "limited", answers[60]

        # chat: 5 lines per 10 s per connection
        ann = seated(server, seat_token(table), client="10.0.0.6")
        said = []
        for n in range(6):
            message_id = next_id()
            ann.send({"type": "chat", "id": message_id, "text": f"spam {n}"})
            said.append(ann.until(partial(answers_chat, message_id)))
        assert [f["type"] for f in said[:5]] == ["chat"] * 5
        assert (said[5]["type"], said[5].get("code")) == ("error", "limited"), said[5]
        ann.close()


def test_unfinished_tables_joins_and_hints_are_bounded_per_client(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'more.sqlite3'}", {"tables_per_minute": 1000}, loose=False,
                 trust_proxy=True) as server:
        # unfinished tables: 20 at once per client (however slowly they are created)
        statuses = [post(server, "/tables", BODY, client="10.0.1.1").status_code for _ in range(21)]
        assert statuses == [201] * 20 + [429], statuses
        # joins: 30 a minute per client
        six = table_body([{"name": "Host", "claimed": True}] + [{"name": f"P{n}", "open": True} for n in range(5)])
        tables = [post(server, "/tables", six, client="10.0.1.2").json()["id"] for _ in range(7)]
        joins = [post(server, f"/tables/{t}/join", {"name": "Joiner"}, client="10.0.1.3") for t in tables
                 for _ in range(5)][:31]
        assert [j.status_code for j in joins] == [200] * 30 + [429], [j.status_code for j in joins]
        assert int(joins[30].headers["Retry-After"]) >= 1
        assert post(server, f"/tables/{tables[-1]}/join", {"name": "Other"}, client="10.0.1.4").status_code == 200
        # hints: 30 a minute (the same decision's hint is worked out once: the count is what limits)
        ann = seated(server, seat_token(solo(server, client="10.0.1.5")), client="10.0.1.5")
        ann.settle(0)
        answers = []
        for _ in range(31):
            message_id = next_id()
            ann.send({"type": "hint", "id": message_id})
            answers.append(ann.until(partial(replies_to, message_id), timeout=20))
        assert [a["type"] for a in answers[:30]] == ["hint"] * 30, [a.get("code") for a in answers[:30]]
        assert (answers[30]["type"], answers[30].get("code")) == ("error", "limited"), answers[30]
        ann.close()
