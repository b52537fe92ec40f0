"""Protocol clients for the server tests: seats that say hello, act, and drain views until a human is on turn.

Every frame each connection receives is kept, so a test can check afterwards that each one holds only what that
connection's seat may know (``check_frames``).
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from wizardcards.core import SPECTATOR, GameRecord, Trick, replay_states
from wizardcards.core.cards import cards_of
from wizardcards.server.limits import Limits
from wizardcards.server.serialize import view_to_json

TERMINAL = -4
# per-client limits loose enough that a test's own traffic (every client the same address) never meets them; the
# limits themselves are attacked in test_attack_*.py
LOOSE = {"tables_per_minute": 100_000, "unfinished_tables_per_client": 100_000, "joins_per_minute": 100_000,
         "connections_per_client": 100_000, "connections_per_minute": 100_000, "hellos_per_minute": 100_000,
         "table_loads_per_minute": 100_000, "replays_per_minute": 100_000, "unfinished_tables_per_network": 100_000,
         "joins_per_minute_per_network": 100_000, "connections_per_network": 100_000,
         "chat_lines_per_10s": 100_000}
LOOSE_LIMITS = Limits(**LOOSE)
NOTICES = ("table", "chat")  # server messages not tied to a decision: who sits where, and chat lines
_ids = itertools.count()


def next_id() -> str:
    return f"m{next(_ids)}"


class Socket(Protocol):
    def send_text(self, text: str) -> None: ...
    def receive_text(self) -> str: ...
    def close(self) -> None: ...


@dataclass
class Client:
    """One connection: its socket, its seat once welcomed, every frame it received, and the newest view."""

    socket: Socket
    humans: set[int]
    seat: int | None = None
    frames: list[dict[str, Any]] = field(default_factory=list)
    view: dict[str, Any] | None = None
    seq: int = 0
    status: str = "waiting"

    def send(self, message: dict[str, Any] | str) -> None:
        self.socket.send_text(message if isinstance(message, str) else json.dumps(message))

    def receive(self) -> dict[str, Any]:
        frame = json.loads(self.socket.receive_text())
        self.frames.append(frame)
        if frame["type"] == "view":
            assert frame["seq"] >= self.seq, "views of a table arrive in order"
            self.view, self.seq, self.status = frame["view"], frame["seq"], frame["status"]
        return frame

    def hello(self, token: str) -> dict[str, Any]:
        message_id = next_id()
        self.send({"type": "hello", "id": message_id, "token": token})
        welcome = self.receive()
        assert welcome["type"] == "welcome", welcome
        assert welcome["reply_to"] == message_id
        self.seat = welcome["seat"]
        view = self.receive()
        assert view["type"] == "view" and view["seq"] == welcome["seq"]
        while self.receive()["type"] != "table":  # who sits where, to everyone (a rematch offer may come first)
            assert self.frames[-1]["type"] == "rematch", self.frames[-1]
        return welcome

    def settled(self, at_least: int) -> bool:
        """Whether the newest view is the last one of a step: at ``at_least`` or later, the game started, with a human
        or nobody on turn (bots keep moving until a human is on turn)."""
        if self.view is None or self.seq < at_least or self.status == "waiting":
            return False
        current = self.view["current_player"]
        return current == TERMINAL or current in self.humans

    def drain(self, at_least: int) -> None:
        while not self.settled(at_least):
            frame = self.receive()
            assert frame["type"] in ("view", *NOTICES), frame

    def receive_kind(self, kind: str) -> dict[str, Any]:
        """The next frame of ``kind``, past the views and notices (who sits where, chat) that may come between."""
        while True:
            frame = self.receive()
            if frame["type"] == kind:
                return frame
            assert frame["type"] in ("view", *NOTICES), frame

    def act(self, action: int, message_id: str | None = None) -> dict[str, Any]:
        """Send an action and read the answer (ack or error); an ack is followed by views, read by ``drain``."""
        message_id = message_id or next_id()
        self.send({"type": "action", "id": message_id, "action": action, "seq": self.seq})
        while True:
            frame = self.receive()
            if frame["type"] in ("ack", "error"):
                assert frame["reply_to"] == message_id, frame
                return frame


Choose = Callable[[dict[str, Any], random.Random], int]


def random_choice(view: dict[str, Any], rng: random.Random) -> int:
    return int(rng.choice(view["legal_actions"]))


def play_to_end(
    clients: list[Client], rng: random.Random, choose: Choose = random_choice,
    between: Callable[[int], None] | None = None, limit: int = 5000,
) -> int:
    """Drive the human seats until the game is over; every connection sees every step. Returns the final seq."""
    for client in clients:
        client.drain(0)
    seq = max(c.seq for c in clients)
    for step in range(limit):
        views = [c for c in clients if c.seat is not None and c.seat >= 0 and c.view and c.view["legal_actions"]]
        if not views:
            assert all(c.view and c.view["current_player"] == TERMINAL for c in clients)
            return seq
        assert len({c.seat for c in views}) == 1, "one seat on turn"
        actor = views[0]
        ack = actor.act(choose(actor.view, rng))  # type: ignore[arg-type]
        assert ack["type"] == "ack", ack
        assert ack["number"] == seq and ack["seq"] == seq + 1
        for client in clients:
            client.drain(ack["seq"])
        seq = max(c.seq for c in clients)
        assert all(c.seq == seq for c in clients), "every connection saw the same steps"
        if between is not None:
            between(step)
    raise AssertionError("the game did not end")


def as_json(value: Any) -> Any:
    """``value`` as it arrives at a client (tuples become lists)."""
    return json.loads(json.dumps(value))


def trick_as_sent(trick: Trick | None) -> dict[str, Any] | None:
    """A core ``Trick`` as the protocol's ``last_trick`` carries it (``protocol.LastTrick``)."""
    return None if trick is None else {"leader": trick.leader, "cards": list(trick.cards), "winner": trick.winner}


def check_frames(record: GameRecord, clients: list[Client]) -> int:
    """Every view frame equals the core's View of that connection's seat at that seq (the public view for a
    spectator), and independently: a seat's hand frame is its true hand, a spectator never sees a card in hand; its
    ``last_trick`` is the core's last trick at that seq. Returns the number of frames checked."""
    states = list(replay_states(record))
    checked = 0
    for client in clients:
        seat = client.seat
        assert seat is not None
        for frame in client.frames:
            if frame["type"] != "view":
                continue
            state = states[frame["seq"]]
            view = frame["view"]
            assert frame["last_trick"] == trick_as_sent(state.public_view().last_trick)
            if seat == SPECTATOR:
                assert view["hand"] == [] and view["given"] == [] and view["received"] == []
                assert view["legal_actions"] == []
                assert view == as_json(view_to_json(state.public_view()))
            else:
                assert view["hand"] == cards_of(state.hands[seat])
                others = 0
                for other in range(state.players):
                    if other != seat:
                        others |= state.hands[other]
                assert not set(view["hand"]) & set(cards_of(others))
                assert view == as_json(view_to_json(state.view(seat)))
            checked += 1
    return checked


Post = Callable[[str, dict[str, Any]], dict[str, Any]]


def poster(client: Any) -> Post:
    """``Post`` through a TestClient, or through httpx to a live server's base URL."""
    if isinstance(client, str):
        import httpx

        return lambda path, body: httpx.post(client + path, json=body, timeout=20).json()  # type: ignore[no-any-return]
    return lambda path, body: client.post(path, json=body).json()  # type: ignore[no-any-return]


def with_tokens(post: Post, table: dict[str, Any]) -> dict[str, Any]:
    """A creation answer with every invited seat claimed through its invite code (``POST /invites``), as each person
    invited would: the seat's entry gets the token that claim handed out (open seats keep none)."""
    for seat in table["seats"]:
        if seat["invite"] is not None:
            seat["token"] = post("/invites", {"invite": seat["invite"]})["token"]
    return table


def wait_until_finished(get: Callable[[str], Any], table_id: str, timeout: float = 120.0) -> dict[str, Any]:
    """The summary of a table once its game is over: an all-bot table plays in the background after its creation
    was answered. ``get`` is ``TestClient.get`` or ``httpx.get`` on a base URL."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        summary: dict[str, Any] = get(f"/tables/{table_id}").json()
        if summary["status"] == "finished":
            return summary
        assert time.monotonic() < deadline, f"table {table_id} still {summary['status']} after {timeout} s"
        time.sleep(0.05)
