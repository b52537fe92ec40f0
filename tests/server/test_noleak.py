"""No leak: random games with every seat and a spectator connected, seats dropping and reconnecting in the middle of
tricks and of card passing; no frame sent to any connection holds more than that connection's seat may know."""

from __future__ import annotations

import random
from contextlib import ExitStack
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wizardcards.core import GameRecord
from wizardcards.core.cards import played_card
from wizardcards.server import create_app

from .helpers import LOOSE_LIMITS, Client, check_frames, play_to_end, poster, with_tokens

CASES = [
    {"game": "wizard", "players": 4, "preset": "hidden-bids", "options": {"schedule": "custom",
                                                                          "custom_hand_sizes": [4, 6, 3]}},
    {"game": "wizard", "players": 5, "preset": "quick"},
    {"game": "wily", "players": 4},
    {"game": "wily", "players": 6, "preset": "wily", "options": {"mode": "two_teams"}},
    # the special cards: the Werewolf's swap, the Cloud's change, the Juggler's pass (two hands of 16: 64 of 67 dealt)
    {"game": "wizard", "players": 4, "preset": "anniversary-2021", "options": {"schedule": "custom",
                                                                               "custom_hand_sizes": [16, 16]}},
]


@pytest.mark.parametrize("case", range(len(CASES)),
                         ids=[f"{b['game']}-{b['players']}-{b.get('preset', '')}" for b in CASES])
def test_no_frame_shows_what_its_seat_may_not_know(tmp_path: Path, case: int) -> None:
    body = CASES[case]
    rng = random.Random(100 + case)
    app = create_app(f"sqlite:///{tmp_path / 'leak.sqlite3'}", bot_pace=0, limits=LOOSE_LIMITS)
    with TestClient(app) as client, ExitStack() as stack:
        table = with_tokens(poster(client), client.post("/tables", json=body).json())
        assert len(table["seats"]) == body["players"]
        humans = set(range(body["players"]))
        tokens = [s["token"] for s in table["seats"]] + [table["spectator_token"]]
        clients: list[Client] = []
        for token in tokens:
            connection = Client(stack.enter_context(client.websocket_connect("/ws")), humans)
            connection.hello(token)
            clients.append(connection)
        everyone = list(clients)  # every connection ever opened, for the final check
        phases: set[tuple[str, bool]] = set()

        def reconnect(step: int) -> None:
            """Now and then drop a connection and open a new one with the same token: its first view must be the
            full current view, equal to what the dropped one held."""
            view = clients[0].view
            assert view is not None
            mid_trick = bool(view["trick"])
            wanted = (view["phase"], mid_trick) in (("play", True), ("pass_cards", False), ("juggle", False)) and (
                (view["phase"], mid_trick) not in phases
            )
            if wanted or rng.random() < 0.15:
                index = rng.randrange(len(clients))
                old = clients[index]
                old.socket.close()
                fresh = Client(stack.enter_context(client.websocket_connect("/ws")), humans)
                fresh.hello(tokens[index])
                assert (fresh.seq, fresh.view) == (old.seq, old.view)
                clients[index] = fresh
                everyone.append(fresh)
                phases.add((view["phase"], mid_trick))

        play_to_end(clients, rng, between=reconnect)
        bearer = {"Authorization": f"Bearer {tokens[0]}"}  # a private table's record: for its seats
        record = GameRecord.from_dict(client.get(f"/tables/{table['id']}/record", headers=bearer).json())
        assert check_frames(record, everyone) > len(record.actions)
        assert ("play", True) in phases, "some reconnect happened in the middle of a trick"
        if body["game"] == "wily":
            assert any(phase == "pass_cards" for phase, _ in phases), "some reconnect happened during passing"
            # cards given and received are told only to the two seats concerned
            for connection in everyone:
                for frame in connection.frames:
                    if frame["type"] == "view" and connection.seat == -1:
                        assert frame["view"]["given"] == frame["view"]["received"] == []
        # independently of the core's views: no card reaches a spectator before it is played (or turned up)
        for connection in everyone:
            if connection.seat != -1:
                continue
            for frame in connection.frames:
                if frame["type"] != "view":
                    continue
                view = frame["view"]
                assert view["hand"] == view["given"] == view["received"] == []
                shown = set(view["trick"]) | {card for _, cards, _ in view["round_tricks"] for card in cards}
                # a Juggler, Cloud or Shapeshifter lies in a trick as played (its choice), among the played as itself
                assert {played_card(card) for card in shown} <= set(view["played"])
