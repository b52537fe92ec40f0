"""Attack: the creator of a table tries every string it was ever given (its POST /tables answer, the lobby, the table's
summary, every frame its connections received, rematch offers included) as a hello token, and follows every door
that opens. Today's server hands the creator every human seat's token, so the creator walks into the seat a stranger
joined later and into the invited seat, reads their hands, and takes their rematch seats. The contract: a seat's
credential goes to its holder alone (invite codes are single-use and exchanged for a fresh credential; a join issues a
fresh one; each rematch offer carries the receiving connection's own seat only)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .strangers import (
    Closed,
    Peer,
    Server,
    create,
    every_string,
    get,
    next_id,
    play_out,
    post,
    running,
    seat_token,
    seated,
)

Welcomes = dict[str, tuple[str, int]]  # token -> (table, seat) it opened


def lobby(server: Server, *table_ids: str) -> list[Any]:
    answers: list[Any] = [get(server, "/tables").json(), get(server, "/tables?status=waiting").json()]
    answers += [get(server, f"/tables/{t}").json() for t in table_ids]
    return answers


def probe(server: Server, known: set[str], tried: set[str], welcomes: Welcomes, peers: list[Peer]) -> None:
    """Say hello with every string of ``known`` not tried yet, each on a fresh connection (so no connection meets
    the limit of unknown tokens), and claim it as an invite code; what a welcome's connection receives (and what an
    invite claim answers) is known from then on, and tried too."""
    while untried := sorted(s for s in known - tried if 0 < len(s) <= 128):
        for candidate in untried:
            tried.add(candidate)
            peer = Peer(server)
            try:
                answer = peer.hello(candidate)
            except (Closed, TimeoutError):
                answer = {"type": "closed"}
            if answer["type"] == "welcome":
                welcomes[candidate] = (answer["table"], answer["seat"])
                peers.append(peer)
            else:
                peer.close()
            learn(known, peer)
            claimed = post(server, "/invites", {"invite": candidate})  # and as an invite code
            if claimed.status_code == 200:
                welcomes[f"invite {candidate}"] = (claimed.json()["table"], claimed.json()["seat"])
                known.update(every_string(claimed.json()))
        for peer in peers:  # rematch offers and anything else that reached the creator's connections meanwhile
            learn(known, peer)


def learn(known: set[str], peer: Peer) -> None:
    """Every string of every frame the peer received, but the ids of its own messages echoed back."""
    for frame in peer.frames:
        known.update(every_string({k: v for k, v in frame.items() if k != "reply_to"}))


def claim_invite(server: Server, entry: dict[str, Any], name: str) -> str:
    """The invited person's side: exchange the invite for a credential of their own (POST /invites). A server
    from before issue 14 has no invites: its invite link carries the seat's token itself."""
    invite = entry["invite"]
    if isinstance(invite, str) and not invite.startswith("/"):
        response = post(server, "/invites", {"invite": invite, "name": name})
        assert response.status_code == 200, response.text
        return str(response.json()["token"])
    return str(invite.split("token=", 1)[1])


def test_the_creator_never_opens_the_seats_of_those_who_joined_or_were_invited(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'creds.sqlite3'}") as server:
        answer = create(server, [{"name": "Host", "claimed": True}, {"name": "P2", "open": True}, {"name": "P3"}],
                        {"schedule": "custom", "custom_hand_sizes": [1]})
        table = answer["id"]
        known: set[str] = set(every_string(answer))
        for item in lobby(server, table):
            known.update(every_string(item))
        host = seated(server, seat_token(answer, 0))
        joined = post(server, f"/tables/{table}/join", {"name": "Stranger"})
        assert joined.status_code == 200, joined.text
        assert joined.json()["seat"] == 1
        stranger = seated(server, joined.json()["token"])
        invited = next(s for s in answer["seats"] if s["seat"] == 2)
        guest = seated(server, claim_invite(server, invited, "Guest"))
        assert (stranger.seat, guest.seat) == (1, 2)
        reused = post(server, "/invites", {"invite": invited["invite"], "name": "Host again"})
        assert reused.status_code == 404, reused.text  # the creator still has the code: used up
        for item in lobby(server, table):
            known.update(every_string(item))
        learn(known, host)

        tried: set[str] = set()
        welcomes: Welcomes = {}
        creators: list[Peer] = [host]
        probe(server, known, tried, welcomes, creators)
        opened = {place for place in welcomes.values() if place[0] == table}
        assert opened <= {(table, 0), (table, -1)}, f"the creator opened {sorted(opened)}"
        assert (table, 0) in opened  # its own seat: the probe does find what it holds

        play_out([host, stranger, guest])
        host.send({"type": "rematch", "id": next_id()})
        offers = [peer.kind("rematch") for peer in (host, stranger, guest)]
        rematch = offers[0]["table"]
        assert {o["table"] for o in offers} == {rematch}
        assert len({o["token"] for o in offers}) == 3
        for item in lobby(server, table, rematch):
            known.update(every_string(item))
        probe(server, known, tried, welcomes, creators)
        opened = set(welcomes.values())
        assert opened <= {(table, 0), (table, -1), (rematch, 0), (rematch, -1)}, f"the creator opened {sorted(opened)}"
        assert welcomes.get(offers[0]["token"]) == (rematch, 0)  # the creator's offer opens its own new seat only
        for peer, seat in ((stranger, 1), (guest, 2)):  # and each of the others holds theirs
            again = seated(server, offers[seat]["token"])
            assert again.seat == seat and again.frames[0]["table"] == rematch
            again.close()
            peer.close()
        for peer in creators:
            peer.close()
