"""GameRecord: a game as its rule set, seed, player names and decisions; ``replay`` rebuilds it exactly.

The JSON form is versioned (``format``: ``wizardcards-record/1``)::

    {"format": "wizardcards-record/1", "rules": {"game": "wizard", "players": 4, ...},
     "seed": 12345, "names": ["Ann", "Bob", "Cy", "Di"], "actions": [60, 61, ...], "texts": ["bid 0", ...]}

``actions`` is authoritative; ``texts`` is there for people reading the file and is checked on load when present.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .rules import RuleSet
from .state import TrickGameState

RECORD_FORMAT = "wizardcards-record/1"


class RecordError(ValueError):
    """A record that cannot be read or replayed."""


@dataclass
class GameRecord:
    rules: RuleSet
    seed: int
    actions: list[int] = field(default_factory=list)
    names: list[str] | None = None

    def to_dict(self) -> dict[str, Any]:
        from . import new_game

        state = new_game(self.rules, self.seed)
        texts = []
        for action in self.actions:
            texts.append(state.action_to_text(action))
            state.apply(action)
        return {
            "format": RECORD_FORMAT,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "names": self.names,
            "actions": list(self.actions),
            "texts": texts,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            found = data.get("format") if isinstance(data, dict) else type(data).__name__
            raise RecordError(f"not a game record of format {RECORD_FORMAT!r} (found {found!r})")
        try:
            record = cls(
                rules=RuleSet.from_dict(data["rules"]),
                seed=int(data["seed"]),
                actions=[int(a) for a in data["actions"]],
                names=None if data.get("names") is None else [str(n) for n in data["names"]],
            )
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"malformed game record: {error}") from None
        texts = data.get("texts")
        if texts is not None:
            for number, (state, action) in enumerate(zip(replay_states(record), record.actions)):
                if number < len(texts) and state.action_to_text(action) != texts[number]:
                    raise RecordError(f"decision {number}: action {action} reads {texts[number]!r}, which it is not")
        return record

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"a game record is JSON: {error}") from None
        return cls.from_dict(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        return cls.from_json(Path(path).read_text())


def _apply_recorded(state: TrickGameState, number: int, action: int) -> None:
    try:
        state.apply(action)
    except ValueError as error:
        raise RecordError(f"decision {number} ({action}) cannot be replayed: {error}") from None


def replay_states(record: GameRecord) -> Iterator[TrickGameState]:
    """Every state of the recorded game, from the first to the last, each a fresh object."""
    from . import new_game

    state = new_game(record.rules, record.seed)
    yield state.clone()
    for number, action in enumerate(record.actions):
        _apply_recorded(state, number, action)
        yield state.clone()


def replay(record: GameRecord) -> TrickGameState:
    """The state after every recorded decision."""
    from . import new_game

    state = new_game(record.rules, record.seed)
    for number, action in enumerate(record.actions):
        _apply_recorded(state, number, action)
    return state
