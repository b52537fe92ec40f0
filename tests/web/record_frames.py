"""Record the frames one browser seat receives from a live server, as JSON fixtures for the client's model tests.

    PYTHONPATH=src python -m tests.web.record_frames          # writes tests/web/frames/wizard, wily, special.json
    PYTHONPATH=src python -m tests.web.record_frames special  # only the named ones

Each fixture is what Ann's page would be sent, in order, over a real WebSocket from a real ``wizard serve``: every
frame of each of her connections (welcome, view, table, ack, chat), her reconnect included (a second welcome). The
games are scripted so that the frames hold what the move log must tell: Ann's turn timer running out once (the
stand-in plays: ``stand_in`` "timeout"), her reconnect in the middle of a hand; in the Wizard game also Ben, a second
person, who goes away past the grace period (the stand-in plays for him: "away", and the table frames say he is
offline) and comes back. Ann and Ben play the first legal action of each decision. The Wily fixture stops after its
second hand (a whole Wily game is some 700 frames). The special fixture is a game of two hands (12 and 16 cards)
with all seven special cards against three rule-based bots, recorded again until it holds a Juggler's pass, a
bombed trick and a Cloud's change of a bid. Run it again when the protocol changes; the node tests
(tests/web/*.test.mjs) read the files, and test_model.py runs them.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from tests.server.helpers import poster, with_tokens
from tests.server.live import ServerProcess, start_server

FRAMES = Path(__file__).parent / "frames"
TERMINAL = -4


class Seat:
    """One person's connections to a table: a reader thread per WebSocket, every frame kept in order."""

    def __init__(self, server: ServerProcess, token: str) -> None:
        self.server, self.token = server, token
        self.frames: list[dict[str, Any]] = []
        self.view: dict[str, Any] | None = None
        self.lock = threading.Lock()
        self.ws: Any = None
        self.ids = 0

    def connect(self) -> None:
        self.ws = connect(f"ws://127.0.0.1:{self.server.port}/ws", open_timeout=20).__enter__()
        ws = self.ws
        threading.Thread(target=self._read, args=(ws,), daemon=True).start()
        self.send({"type": "hello", "token": self.token})

    def _read(self, ws: Any) -> None:
        try:
            for text in ws:
                frame = json.loads(text)
                with self.lock:
                    self.frames.append(frame)
                    if frame["type"] == "view":
                        self.view = frame
        except Exception:  # the connection closed (a reconnect, or the end)
            return

    def close(self) -> None:
        self.ws.close()
        time.sleep(0.2)  # its reader has taken the last frames

    def send(self, message: dict[str, Any]) -> None:
        self.ids += 1
        self.ws.send(json.dumps({"id": f"r{self.ids}", **message}))

    def on_turn(self) -> dict[str, Any] | None:
        """The newest view when this seat may decide now."""
        with self.lock:
            frame = self.view
        if frame and frame["status"] == "playing" and frame["view"]["legal_actions"]:
            return frame
        return None


def create(server: ServerProcess, body: dict[str, Any]) -> dict[str, Any]:
    response = httpx.post(server.http + "/tables", json=body, timeout=20)
    assert response.status_code == 201, response.text
    return with_tokens(poster(server.http), response.json())


def wait_for(condition: Any, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the recorded game did not get there in time"
        time.sleep(0.02)


def drive(seats: list[Seat], plan: Any, stop: Any, timeout: float = 180.0) -> None:
    """Act for each connected seat on turn (its first legal action) until ``stop()``; ``plan(seat_index, frame)``
    may return False to let that decision's timer run out instead, or "again" to decide it at the next look (after
    it dropped and restored a connection)."""
    acted: set[tuple[int, int]] = set()
    deadline = time.monotonic() + timeout
    while not stop():
        assert time.monotonic() < deadline, "the recorded game did not end"
        for index, seat in enumerate(seats):
            frame = seat.on_turn()
            if frame is None or (index, frame["seq"]) in acted:
                continue
            acted.add((index, frame["seq"]))
            choice = plan(index, frame)
            if choice == "again":
                acted.discard((index, frame["seq"]))
            elif choice is not False:
                seat.send({"type": "action", "action": frame["view"]["legal_actions"][0], "seq": frame["seq"]})
        time.sleep(0.02)


def record_wizard(server: ServerProcess) -> list[dict[str, Any]]:
    table = create(server, {
        "game": "wizard", "players": 3, "options": {"schedule": "custom", "custom_hand_sizes": [2, 3]},
        "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy", "bot": "rulebased"}],
        "turn_seconds": 1.5, "grace_seconds": 0.5,
    })
    ann, ben = Seat(server, table["seats"][0]["token"]), Seat(server, table["seats"][1]["token"])
    ann.connect()
    ben.connect()
    done = {"timeout": False, "ben_away": False, "ben_back": False, "reconnect": False}

    def plan(index: int, frame: dict[str, Any]) -> bool | str:
        v = frame["view"]
        if index == 0 and v["phase"] == "play" and not done["timeout"]:
            done["timeout"] = True
            return False  # Ann lets her first card's timer run out: the stand-in plays it
        if index == 0 and v["round_index"] == 1 and v["phase"] == "play" and not done["reconnect"]:
            done["reconnect"] = True
            ann.close()  # Ann's page loses its connection mid-hand, and comes back
            time.sleep(0.3)
            ann.connect()
            return "again"  # the reconnected page decides
        if index == 1 and v["round_index"] == 1 and not done["ben_away"]:
            done["ben_away"] = True
            ben.close()  # Ben is gone past the grace period: the stand-in plays for him until he is back
            return False
        return True

    def stop() -> bool:
        if done["ben_away"] and not done["ben_back"] and any(
            f.get("stand_in") and f["stand_in"]["why"] == "away" for f in list(ann.frames)
        ):
            done["ben_back"] = True
            ben.connect()
        frame = ann.view
        return bool(frame and frame["view"]["current_player"] == TERMINAL)

    drive([ann, ben], plan, stop)
    time.sleep(0.3)
    ann.close()
    ben.close()
    assert all(done.values()), done
    return ann.frames


def record_wily(server: ServerProcess) -> list[dict[str, Any]]:
    table = create(server, {
        "game": "wily", "players": 4,
        "seats": [{"name": "Ann"}, {"name": "Bo", "bot": "rulebased"}, {"name": "Cy", "bot": "rulebased"},
                  {"name": "Di", "bot": "rulebased"}],
        "turn_seconds": 1.5,
    })
    ann = Seat(server, table["seats"][0]["token"])
    ann.connect()
    done = {"timeout": False, "reconnect": False}

    def plan(index: int, frame: dict[str, Any]) -> bool | str:
        v = frame["view"]
        if v["phase"] == "pass_cards" and not done["timeout"]:
            done["timeout"] = True
            return False  # a card to pass: the timer runs out, the stand-in gives one
        if v["phase"] == "play" and len(v["round_tricks"]) == 2 and not done["reconnect"]:
            done["reconnect"] = True
            ann.close()
            time.sleep(0.3)
            ann.connect()
            return "again"
        return True

    def stop() -> bool:
        frame = ann.view
        return bool(frame and (len(frame["view"]["sheet"]) >= 2 or frame["view"]["current_player"] == TERMINAL))

    drive([ann], plan, stop)
    time.sleep(0.3)
    ann.close()
    assert all(done.values()), done
    return ann.frames


def record_special(server: ServerProcess) -> list[dict[str, Any]]:
    for _ in range(20):  # the deal is the server's: again until the game holds each decision the log must tell
        table = create(server, {
            "game": "wizard", "players": 4, "preset": "anniversary-2021",
            "options": {"schedule": "custom", "custom_hand_sizes": [12, 16]},
            "seats": [{"name": "Ann"}, {"name": "Bo", "bot": "rulebased"}, {"name": "Cy", "bot": "rulebased"},
                      {"name": "Di", "bot": "rulebased"}],
        })
        ann = Seat(server, table["seats"][0]["token"])
        ann.connect()

        def over(seat: Seat = ann) -> bool:
            return bool(seat.view and seat.view["view"]["current_player"] == TERMINAL)

        drive([ann], lambda index, frame: True, over)
        time.sleep(0.3)
        ann.close()
        views = [f for f in ann.frames if f["type"] == "view"]
        phases = {f["view"]["phase"] for f in views}
        bombed = any(f["last_trick"] and f["last_trick"]["winner"] == -1 for f in views)
        if {"juggle", "cloud"} <= phases and bombed:
            return ann.frames
    raise AssertionError("no game of twenty held a Juggler's pass, a Cloud's change and a bombed trick")


RECORDERS = {"wizard": record_wizard, "wily": record_wily, "special": record_special}


def main(names: list[str]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        server = start_server(f"sqlite:///{folder}/record.sqlite3")
        try:
            FRAMES.mkdir(exist_ok=True)
            for name, record in ((name, RECORDERS[name]) for name in names or RECORDERS):
                frames = record(server)
                (FRAMES / f"{name}.json").write_text(json.dumps(frames, separators=(",", ":")) + "\n")
                print(f"{name}: {len(frames)} frames")
        finally:
            server.stop()


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
