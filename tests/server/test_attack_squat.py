"""Attack: squatting. A client joins the open seats of a waiting table (POST /tables/{id}/join) and never connects,
so nobody else can sit there: today such a seat is taken for good. The contract: a joined seat is held for
``claim_seconds``; unless a hello with its token comes by then, the token is revoked and the seat is open again."""

from __future__ import annotations

import time
from pathlib import Path

from .strangers import Peer, create, post, running, seated, summary


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
