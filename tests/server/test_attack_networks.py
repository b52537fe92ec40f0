"""Attack: one stranger with many addresses of one network (issue 24). Each address stays under its own limits,
and together they go far past them: before issue 24 only the address was counted. The contract: joins and open
WebSockets are counted per network as well (an IPv4 /24: ``joins_per_minute_per_network``,
``connections_per_network``), and another network is not affected. The clients are the ``X-Forwarded-For`` of a
trusted proxy, so that each is an address of its own."""

from __future__ import annotations

import time
from pathlib import Path

from websockets.exceptions import InvalidStatus

from .strangers import Peer, create, next_id, post, running


def test_the_addresses_of_one_network_share_its_joins(tmp_path: Path) -> None:
    limits = {"joins_per_minute": 3, "joins_per_minute_per_network": 5}
    with running(f"sqlite:///{tmp_path / 'joins.sqlite3'}", limits, trust_proxy=True) as server:
        open_seats = [{"name": "Host", "claimed": True}] + [{"name": f"P{n}", "open": True} for n in range(5)]
        tables = [create(server, open_seats)["id"] for _ in range(3)]
        seats = iter([t for t in tables for _ in range(5)])

        def join(client: str) -> int:
            return post(server, f"/tables/{next(seats)}/join", {"name": "Joiner"}, client).status_code

        first = [join("10.20.1.1") for _ in range(3)]
        second = [join("10.20.1.2") for _ in range(3)]
        third = join("10.20.1.3")  # a fresh address of the same network
        assert (first, second, third) == ([200] * 3, [200, 200, 429], 429)
        assert join("10.21.1.1") == 200  # another network


def test_the_addresses_of_one_network_share_its_connections(tmp_path: Path) -> None:
    limits = {"connections_per_client": 4, "connections_per_network": 6}
    with running(f"sqlite:///{tmp_path / 'connections.sqlite3'}", limits, trust_proxy=True) as server:
        create(server, [{"name": "Host", "claimed": True}, {"name": "P2"}, {"name": "P3"}])
        held = [Peer(server, client="10.20.2.1") for _ in range(4)] + [Peer(server, client="10.20.2.2")
                                                                        for _ in range(2)]
        try:
            for peer in held:  # open, and answered
                peer.send({"type": "sync", "id": next_id()})
                assert peer.receive()["code"] == "not_joined"
            try:
                extra = Peer(server, client="10.20.2.3")  # a fresh address of the same network
            except InvalidStatus as refused:
                assert refused.response.status_code == 403
            else:
                held.append(extra)
                assert extra.closed_within(2), "a seventh connection of one network was kept open"
            held.append(Peer(server, client="10.21.2.1"))  # another network
            held[-1].send({"type": "sync", "id": next_id()})
            assert held[-1].receive()["code"] == "not_joined"
        finally:
            for peer in held:
                peer.close()
        # once they are closed (the server hears of it a moment later), the network may connect again
        deadline = time.monotonic() + 10
        while True:
            try:
                again = Peer(server, client="10.20.2.3")
                break
            except InvalidStatus:
                assert time.monotonic() < deadline, "the network's closed connections were still counted"
                time.sleep(0.2)
        again.send({"type": "sync", "id": next_id()})
        assert again.receive()["code"] == "not_joined"
        again.close()
