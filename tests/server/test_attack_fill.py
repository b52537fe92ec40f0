"""Attack: one stranger fills the server with waiting tables nobody joins. At 27c8081 they never expire, are loaded
again at every restart and count toward the server-wide ``max_unfinished_tables``; rematch tables have no creator, so
no per-client limit covers them, and anyone connected to a finished table may ask for one, a spectator too (the
lobby lists every spectator link). From 49 loopback addresses the issue filled 2,000 tables in 445 s, and then
nobody could start a game.

The contract: unfinished tables are limited per network (an IPv4 /24) as well as per address, so the server-wide cap
cannot be reached from one network; only a seat's holder may ask for a rematch, and it counts for them; a waiting
table at which nobody but its creator has said hello expires after ``waiting_minutes``: its tokens and invite codes
revoked, gone from the lobby's waiting list, no longer counted, and not loaded again after a restart.

Every client here connects from a loopback address of its own (Linux routes all of 127/8 to the loopback), so the
server sees real peers of one network (127.0.7.0/24) and others; the caps are lowered so that the attack takes
seconds (``--limit``)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import httpx

from .strangers import (
    SHORT,
    Closed,
    Peer,
    create,
    get,
    next_id,
    play_out,
    post,
    running,
    seat_token,
    seated,
    solo,
    summary,
    table_body,
    wait_for,
)

ATTACKER = [f"127.0.7.{n}" for n in range(1, 50)]  # 49 addresses of one /24
VICTIM, FRESH = "127.0.9.1", "127.0.10.1"
WAITING = table_body([{"name": "Host", "claimed": True}, {"name": "Friend"}, {"name": "Anyone", "open": True}])


def finished_solo(server: Any, source: str) -> tuple[dict[str, Any], Peer]:
    """A game of one person (from ``source``) and two bots, played to its end; the person's connection is kept."""
    table = solo(server, options=SHORT, source=source, bot_pace=0)
    peer = seated(server, seat_token(table), source=source)
    play_out([peer])
    return table, peer


def ask_rematch(peer: Peer) -> dict[str, Any]:
    message_id = next_id()
    peer.send({"type": "rematch", "id": message_id})
    return peer.until(lambda f: f["type"] == "rematch" or f.get("reply_to") == message_id)


def waiting_ids(server: Any) -> set[str]:
    page = get(server, "/tables?status=waiting&limit=200").json()
    return {t["id"] for t in page["tables"]}


def test_one_network_cannot_fill_the_server_with_waiting_tables_and_rematches(tmp_path: Path) -> None:
    limits = {"max_unfinished_tables": 24, "unfinished_tables_per_network": 8}
    with running(f"sqlite:///{tmp_path / 'fill.sqlite3'}", limits) as server:
        own = [finished_solo(server, address) for address in ATTACKER[:3]]
        # rematches of the attacker's own games: each counts for the seat that asked
        rematches = [ask_rematch(peer) for _, peer in own]
        made = sum(r["type"] == "rematch" for r in rematches)
        # then waiting tables from every address in turn, until each address is refused
        refused: set[str] = set()
        for address in itertools.islice(itertools.cycle(ATTACKER), 150):
            if address in refused:
                continue
            answer = post(server, "/tables", WAITING, source=address)
            if answer.status_code == 201:
                made += 1
            else:
                assert answer.status_code == 429, answer.text
                refused.add(address)
            if len(refused) == len(ATTACKER):
                break
        assert made <= 8, f"one network holds {made} unfinished tables (its share: 8)"
        fresh = post(server, "/tables", WAITING, source=FRESH)
        assert fresh.status_code == 201, f"a fresh client of another network: {fresh.status_code} {fresh.text}"

        for _, peer in own:
            peer.close()


def test_only_a_seat_may_ask_for_a_rematch_and_it_counts_for_them(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'rematch.sqlite3'}", {"unfinished_tables_per_client": 1}) as server:
        victim_table, victim = finished_solo(server, VICTIM)
        # a spectator of someone else's finished game (its link is public) may not create its rematch
        watcher = seated(server, victim_table["spectator_token"], source=ATTACKER[0])
        answer = ask_rematch(watcher)
        assert (answer["type"], answer.get("code")) == ("error", "spectator"), answer
        mine = ask_rematch(victim)  # its player may, and the rematch is theirs: their one unfinished table
        assert mine["type"] == "rematch", mine
        assert summary(server, mine["table"])["status"] == "waiting"
        over = post(server, "/tables", WAITING, source=VICTIM)
        assert over.status_code == 429, f"the rematch did not count for the player who asked: {over.text}"
        assert post(server, "/tables", WAITING, source=ATTACKER[0]).status_code == 201
        for peer in (watcher, victim):
            peer.close()


def test_waiting_tables_nobody_joins_expire_and_stay_gone_after_a_restart(tmp_path: Path) -> None:
    limits = {"waiting_minutes": 0.03, "max_unfinished_tables": 3}  # 1.8 s
    with running(f"sqlite:///{tmp_path / 'expire.sqlite3'}", limits) as server:
        lonely = create(server, WAITING["seats"], source=ATTACKER[0])  # nobody ever comes
        hosted = create(server, WAITING["seats"], source=ATTACKER[1])  # only its creator says hello
        visited = create(server, WAITING["seats"], source=VICTIM)  # the invited friend comes
        assert post(server, "/tables", WAITING, source=FRESH).status_code == 429  # the cap, for the test's sake
        host = seated(server, seat_token(hosted), source=ATTACKER[1])
        invite = next(s["invite"] for s in visited["seats"] if s["invite"])
        claimed = post(server, "/invites", {"invite": invite, "name": "Friend"}, source=FRESH)
        assert claimed.status_code == 200, claimed.text
        friend = seated(server, claimed.json()["token"], source=FRESH)

        wait_for(lambda: summary(server, lonely["id"])["status"] == "expired", 20, "the lonely table expired")
        wait_for(lambda: summary(server, hosted["id"])["status"] == "expired", 10, "the hosted table expired")
        assert host.closed_within(5), "the host of an expired table is still connected"
        assert summary(server, visited["id"])["status"] == "waiting"
        assert waiting_ids(server) == {visited["id"]}

        def refused_everywhere(server: Any, table: dict[str, Any]) -> None:
            for token in (seat_token(table), table["spectator_token"]):
                peer = Peer(server, source=ATTACKER[2])
                try:
                    answer = peer.hello(token)
                except Closed:
                    answer = {"type": "closed"}
                assert answer.get("code") == "bad_token" or answer["type"] == "closed", answer
                peer.close()
            code = next(s["invite"] for s in table["seats"] if s["invite"])
            assert post(server, "/invites", {"invite": code}, source=ATTACKER[2]).status_code == 404
            assert post(server, f"/tables/{table['id']}/join", {"name": "Late"}, source=ATTACKER[2]).status_code == 409

        refused_everywhere(server, lonely)
        refused_everywhere(server, hosted)
        again = post(server, "/tables", WAITING, source=FRESH)  # the expired ones no longer count
        assert again.status_code == 201, again.text
        friend.close()

        restarted = server.restart()
        try:
            for table in (lonely, hosted):
                assert summary(restarted, table["id"])["status"] == "expired"
                refused_everywhere(restarted, table)
            assert summary(restarted, visited["id"])["status"] == "waiting"  # older than 1.8 s, but joined
            assert visited["id"] in waiting_ids(restarted)
            assert not {lonely["id"], hosted["id"]} & waiting_ids(restarted)
            friend = seated(restarted, claimed.json()["token"], source=FRESH)  # its seats still open
            friend.close()
        finally:
            restarted.kill()


def test_the_lobby_lists_as_joinable_only_tables_with_a_free_open_seat(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'lobby.sqlite3'}") as server:
        invited_only = create(server, [{"name": "Host", "claimed": True}, {"name": "Friend"}, {"name": "Other"}])
        joinable = create(server, WAITING["seats"])
        full = create(server, WAITING["seats"])
        assert post(server, f"/tables/{full['id']}/join", {"name": "Joiner"}).status_code == 200
        page = httpx.get(f"{server.http}/tables", params={"status": "waiting", "open": "true"}, timeout=20).json()
        assert [t["id"] for t in page["tables"]] == [joinable["id"]] and page["total"] == 1, page
        assert {invited_only["id"], full["id"]} <= waiting_ids(server)  # still waiting, but nothing to join
