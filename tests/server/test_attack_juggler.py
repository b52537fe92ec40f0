"""Attack: a seat at a table with the special cards, on a real server process over real WebSockets, tries to learn
another seat's Juggler gift (RULES.md, "Special cards": the pass is face down; docs/rules.md: a seat sees only the
card it gave and the card it received). It watches every frame sent to it, asks for the view again (``sync``) in
the middle of the pass, and reconnects; no frame it gets holds a card another seat gave to a third, and a spectator
sees no gift at all. The same game checks that the protocol carries every new decision: the Werewolf's trump, the
Juggler and Cloud naming a suit, the Shapeshifter's choice, the Juggler pass and the Cloud's +1 / -1, and that a
bombed trick is shown as won by nobody."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from wizardcards.core import GameRecord, Phase, replay_states
from wizardcards.core.actions import CLOUD_DOWN, CLOUD_UP, card_of_action
from wizardcards.core.cards import BOMB, played_card

from .helpers import TERMINAL, Client, check_frames, next_id, play_to_end, poster, with_tokens
from .live import ServerProcess, WebSocketClient, start_server

JUGGLER_NAMING = range(90, 94)  # core/actions.py: play the Juggler naming C, D, H, S
CLOUD_NAMING = range(94, 98)
SHAPESHIFTER = (98, 99)  # as a Wizard, as a Jester
TRUMP_NAMING = range(54, 59)  # four suits and no trump


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = start_server(f"sqlite:///{tmp_path_factory.mktemp('juggler') / 'live.sqlite3'}")
    try:
        yield process
    finally:
        process.stop()


def eager(view: dict[str, Any], rng: random.Random) -> int:
    """A random player that plays a special card but the Bomb whenever it may (so that the Juggler's pass and the
    Cloud's change come in nearly every hand, and the Bomb, played at random, seldom takes the Cloud's trick), else
    any legal action."""
    legal = view["legal_actions"]
    specials = [a for a in legal if 83 <= a <= 99 and a != BOMB + 23]
    return int(rng.choice(specials or legal))


def connect(server: ServerProcess, token: str, humans: set[int]) -> Client:
    client = Client(WebSocketClient(server.port), humans)
    client.hello(token)
    return client


def cards_in(view: dict[str, Any]) -> set[int]:
    """Every card id a view names anywhere, played forms as their cards."""
    found = set(view["hand"]) | set(view["given"]) | set(view["received"]) | set(view["played"])
    found |= {card for cards in view["played_by"] for card in cards} | set(view["trick"])
    found |= {card for _, cards, _ in view["round_tricks"] for card in cards}
    found |= {view["trump_card"], view["turned_up"]} - {-1}
    return {played_card(card) for card in found}


def test_no_seat_sees_another_seats_juggler_gift(server: ServerProcess) -> None:
    body = {"game": "wizard", "players": 4, "preset": "anniversary-2021", "visibility": "public",
            "options": {"schedule": "custom", "custom_hand_sizes": [16, 12, 16]}}
    created = httpx.post(server.http + "/tables", json=body, timeout=20)
    assert created.status_code == 201, created.text
    table = with_tokens(poster(server.http), created.json())
    tokens = [seat["token"] for seat in table["seats"]]
    humans = set(range(4))
    # the four seats, then a spectator: play_to_end drives this very list, in which a reconnect replaces a seat
    clients = [connect(server, token, humans) for token in [*tokens, table["spectator_token"]]]
    everyone = list(clients)
    rng = random.Random(29)
    synced = {"count": 0}

    def probe(step: int) -> None:
        """In the middle of a pass, the seat after the one on turn asks for its view again, and now and then
        reconnects: what it is sent is still its own."""
        view = clients[0].view
        assert view is not None
        if view["phase"] != "juggle":
            return
        prober = clients[(view["current_player"] + 1) % 4]
        message_id = next_id()
        prober.send({"type": "sync", "id": message_id})
        while prober.receive()["type"] != "view" or prober.frames[-1].get("reply_to") != message_id:
            pass
        synced["count"] += 1
        if synced["count"] % 3 == 1:
            index = clients.index(prober)
            prober.socket.close()
            clients[index] = connect(server, tokens[index], humans)
            everyone.append(clients[index])

    play_to_end(clients, rng, choose=eager, between=probe)
    assert all(c.view is not None and c.view["current_player"] == TERMINAL for c in clients)
    bearer = {"Authorization": f"Bearer {tokens[0]}"}
    record = GameRecord.from_dict(httpx.get(f"{server.http}/tables/{table['id']}/record", headers=bearer,
                                            timeout=20).json())
    assert check_frames(record, everyone) > len(record.actions)  # every frame is exactly the core's view of its seat

    # the gifts of each pass and the kinds of decisions taken, from the record
    gifts: list[tuple[int, int, int]] = []  # (seq of the gift, giver, card)
    states = list(replay_states(record))
    decisions: set[str] = set()
    for seq, (state, action) in enumerate(zip(states, record.actions, strict=False)):
        phase = state.phase
        if phase is Phase.JUGGLE:
            gifts.append((seq, state.current_player(), card_of_action(action, state.hands[state.current_player()])))
            decisions.add("juggle")
        elif phase is Phase.CLOUD:
            assert action in (CLOUD_UP, CLOUD_DOWN)
            decisions.add("cloud")
        elif phase is Phase.WEREWOLF:
            assert action in TRUMP_NAMING
            decisions.add("werewolf")
        elif action in JUGGLER_NAMING:
            decisions.add("juggler suit")
        elif action in CLOUD_NAMING:
            decisions.add("cloud suit")
        elif action in SHAPESHIFTER:
            decisions.add("shapeshifter")
    assert {"juggle", "cloud", "juggler suit", "cloud suit", "shapeshifter"} <= decisions, decisions
    assert synced["count"] >= 3, "the pass was probed"

    # a gift's card is secret from the others until it is played (a pass is four gifts, one per seat, in a row)
    def hand_end(seq: int) -> int:
        index = states[seq].public_view().round_index
        return next((s for s in range(seq, len(states)) if states[s].public_view().round_index != index),
                    len(states))

    for index, (seq, giver, card) in enumerate(gifts):
        receiver = (giver + 1) % 4
        # until the hand ends or the next pass begins: in a later pass its receiver may give the card on, to anyone
        first_of_next_pass = gifts[(index // 4 + 1) * 4][0] if (index // 4 + 1) * 4 < len(gifts) else len(states)
        end = min(hand_end(seq), first_of_next_pass)
        for connection in everyone:
            for frame in connection.frames:
                if frame["type"] != "view" or not seq < frame["seq"] < end:
                    continue
                view = frame["view"]
                if connection.seat in (giver, receiver):
                    continue
                # the card turned up is public: a Werewolf's holder who took it into the hand may give it on
                seen = cards_in(view) - {played_card(c) for c in view["played"]} - {view["turned_up"]}
                assert card not in seen, (f"seat {connection.seat} saw seat {giver}'s gift {card} at seq "
                                          f"{frame['seq']}")
                if connection.seat == -1:
                    assert view["given"] == view["received"] == [] and view["hand"] == []
        # the giver sees its gift given, the receiver receives it once all have given
        giver_views = [f["view"] for c in everyone if c.seat == giver for f in c.frames
                       if f["type"] == "view" and seq < f["seq"] < end and f["view"]["phase"] == "juggle"]
        assert all(card in v["given"] and card not in v["hand"] for v in giver_views)
    # a bombed trick is shown as won by nobody (winner -1), to every connection; the eager players bomb every hand
    bombed = [f["last_trick"] for c in everyone for f in c.frames if f["type"] == "view" and f["last_trick"]
              and BOMB in f["last_trick"]["cards"]]
    assert bombed and all(trick["winner"] == -1 for trick in bombed)
