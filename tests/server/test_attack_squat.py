"""Attack: squatting. A client joins the open seats of a waiting table (POST /tables/{id}/join) and never connects,
so nobody else can sit there: today such a seat is taken for good. The contract: a joined seat is held for
``claim_seconds``; unless a hello with its token comes by then, the token is revoked and the seat is open again."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from .strangers import Peer, create, post, running, seated, summary, wait_for


def test_a_seat_joined_but_never_connected_is_free_again(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'squat.sqlite3'}", {"claim_seconds": 1}) as server:
        table = create(server, [{"name": "Host", "claimed": True}, {"name": "P2", "open": True},
                                {"name": "P3", "open": True}])
        path = f"/tables/{table['id']}/join"
        squatted = [post(server, path, {"name": "Squatter"}) for _ in range(2)]
        assert [r.status_code for r in squatted] == [200, 200]
        assert post(server, path, {"name": "Late"}).status_code == 409  # held while the claims run
        keeper = seated(server, squatted[1].json()["token"])  # one of them does come: that seat stays taken
        time.sleep(2.5)
        assert summary(server, table["id"])["open_seats"] == 1
        joined = post(server, path, {"name": "Guest"})
        assert joined.status_code == 200, joined.text
        assert joined.json()["seat"] == squatted[0].json()["seat"]
        assert post(server, path, {"name": "Later"}).status_code == 409
        squatter = Peer(server)
        refused = squatter.hello(squatted[0].json()["token"])
        assert (refused["type"], refused.get("code")) == ("error", "bad_token"), refused
        squatter.close()
        guest = seated(server, joined.json()["token"])
        assert guest.seat == squatted[0].json()["seat"] and guest.frames[0]["names"][guest.seat] == "Guest"
        for peer in (keeper, guest):
            peer.close()


def test_the_host_frees_the_seats_a_squatter_keeps_joining(tmp_path: Path) -> None:
    """One address joins every open seat again as soon as its claims lapse (each ``claim_seconds``), so nobody else
    ever sits there; at 27c8081 the host can do nothing about it. The contract: the host (the holder of the
    creator's own seat's token) frees a joined seat whose holder has not said hello, the squatter's network may not
    join that table again, and a person who does come gets the seat."""
    squatter, host_address, guest_address = "127.0.12.1", "127.0.11.1", "127.0.13.1"
    # the claims last long enough that the host's frees below come before they lapse on a busy machine
    with running(f"sqlite:///{tmp_path / 'free.sqlite3'}", {"claim_seconds": 4}) as server:
        table = create(server, [{"name": "Host", "claimed": True}, {"name": "P2", "open": True},
                                {"name": "P3", "open": True}], source=host_address)
        host_token = table["seats"][0]["token"]
        host = seated(server, host_token, source=host_address)
        join, seats = f"/tables/{table['id']}/join", []

        def free(seat: int, token: str) -> httpx.Response:
            return post(server, f"/tables/{table['id']}/seats/{seat}/free", None, source=host_address,
                        headers={"Authorization": f"Bearer {token}"})

        for lapse in (True, False):  # the squatter joins both seats, lets the claims lapse and joins them again
            taken = [post(server, join, {"name": "Squatter"}, source=squatter) for _ in range(2)]
            assert [r.status_code for r in taken] == [200, 200]
            seats = [r.json() for r in taken]
            if lapse:
                assert post(server, join, {"name": "Guest"}, source=guest_address).status_code == 409
                wait_for(lambda: summary(server, table["id"])["open_seats"] == 2, 20, "the claims lapsed")
        for seat in seats:  # the host frees them before they lapse
            answer = free(seat["seat"], host_token)
            assert answer.status_code == 200, answer.text
        assert free(seats[0]["seat"], seats[1]["token"]).status_code == 403  # a joiner is not the host
        assert free(seats[0]["seat"], table["spectator_token"]).status_code == 403
        assert summary(server, table["id"])["open_seats"] == 2
        again = post(server, join, {"name": "Squatter"}, source="127.0.12.77")  # its network, another address
        assert again.status_code == 409, again.text
        refused = Peer(server, source=squatter).hello(seats[0]["token"])
        assert refused.get("code") == "bad_token", refused
        guest = post(server, join, {"name": "Guest"}, source=guest_address)
        assert guest.status_code == 200, guest.text
        sitting = seated(server, guest.json()["token"], source=guest_address)
        assert free(guest.json()["seat"], host_token).status_code == 409  # said hello: the seat is theirs
        players = summary(server, table["id"])["players"]
        assert players[guest.json()["seat"]]["name"] == "Guest" and players[guest.json()["seat"]]["joined"]
        for peer in (host, sitting):
            peer.close()
