"""Where the terminal apps keep their files: the unfinished game, finished games, the score pad.

The directory is ``$WIZARDCARDS_DATA_DIR`` when set (tests point it at a temporary folder), else
``$XDG_DATA_HOME/wizardcards`` (``~/.local/share/wizardcards`` on Linux, the platform's user data folder elsewhere,
via ``platformdirs``, which Textual already depends on)::

    current-game.json        the GameRecord of the unfinished game, rewritten after every decision
    current-game.seats.json  who sits where in it: the human seat, each bot's spec, the pace
    finished/<time>.json     the GameRecord of each finished game
    scorepad.json            the score pad (finished or not)

Files are written to a temporary name and renamed, so a process stopped mid-write leaves the previous save intact
(records through ``wizardcards.records``, which does the same).
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import GameRecord
from ..records import load_record, save_record

DATA_DIR_ENV = "WIZARDCARDS_DATA_DIR"
SEATS_FORMAT = "wizardcards-seats/1"


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        path = Path(override)
    elif os.environ.get("XDG_DATA_HOME"):
        path = Path(os.environ["XDG_DATA_HOME"]) / "wizardcards"
    else:
        try:
            from platformdirs import user_data_dir

            path = Path(user_data_dir("wizardcards", appauthor=False))
        except ImportError:  # platformdirs comes with textual; without it, the XDG default
            path = Path.home() / ".local" / "share" / "wizardcards"
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text)
    os.replace(temporary, path)


def current_game_path() -> Path:
    return data_dir() / "current-game.json"


def seats_path() -> Path:
    return data_dir() / "current-game.seats.json"


def scorepad_path() -> Path:
    return data_dir() / "scorepad.json"


@dataclass
class Seating:
    """Who plays each seat of a saved game: ``bots[seat]`` is a bot spec, or None for the human."""

    human: int
    bots: list[str | None]
    pace: float

    def to_dict(self) -> dict[str, Any]:
        return {"format": SEATS_FORMAT, "human": self.human, "bots": self.bots, "pace": self.pace}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seating:
        if data.get("format") != SEATS_FORMAT:
            raise ValueError(f"not a seating file of format {SEATS_FORMAT!r}")
        return cls(human=int(data["human"]), bots=list(data["bots"]), pace=float(data["pace"]))


def save_current(record: GameRecord, seating: Seating) -> None:
    # The seating first: a record without its seating would be unresumable, a stale seating is harmless.
    write_atomic(seats_path(), json.dumps(seating.to_dict()) + "\n")
    save_record(record, current_game_path())


def load_current() -> tuple[GameRecord, Seating] | None:
    """The unfinished game, or None when there is none."""
    path, seats = current_game_path(), seats_path()
    if not path.exists() or not seats.exists():
        return None
    return load_record(path), Seating.from_dict(json.loads(seats.read_text()))


def finish_current(record: GameRecord) -> Path:
    """Write a finished game's record under ``finished/`` and forget the unfinished game."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = save_record(record, data_dir() / "finished" / f"{stamp}-{record.seed}.json")
    for path in (current_game_path(), seats_path()):
        path.unlink(missing_ok=True)
    return target
