"""GameRecord: a game as its rule set, seed, player names and decisions (``game.replay`` rebuilds it exactly).

The JSON form is versioned (``format``: ``wizardcards-record/1``) and names the deal algorithm the seed is read with
(``deal``: ``deal.DEAL_ALGORITHM``; a record without it was written before the field existed, with the same
algorithm)::

    {"format": "wizardcards-record/1", "deal": "wizardcards-deal/1", "rules": {"game": "wizard", "players": 4, ...},
     "seed": 12345, "names": ["Ann", "Bob", "Cy", "Di"], "actions": [60, 61, ...], "texts": ["bid 0", ...]}

A record of a game with special cards also names its action table (``table``: ``actions.ACTION_TABLE``,
``wizardcards-actions/2``); a record without it reads with table 1, whose ids table 2 keeps unchanged, so every
record written before the special cards reads back as it was.

``actions`` is authoritative; ``texts`` is there for people reading the file and is checked on load when present.
A game that began from a set-up position rather than from its seed's first deal carries ``start``: the position in
the notation of ``notation.py``; the seed then deals the hands after it.
This module only turns records into JSON-ready values and back; reading and writing files is the front ends' job.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .actions import ACTION_TABLE, action_to_text
from .deal import DEAL_ALGORITHM
from .rules import RuleSet

RECORD_FORMAT = "wizardcards-record/1"


class RecordError(ValueError):
    """A record that cannot be read or replayed."""


@dataclass
class GameRecord:
    rules: RuleSet
    seed: int
    actions: list[int] = field(default_factory=list)
    names: list[str] | None = None
    start: str | None = None  # a position in notation (notation.position_to_text) the game began from; None: the deal

    def texts(self) -> list[str]:
        """Each decision as text (``actions.action_to_text`` in the rule set's rank style)."""
        try:
            specials = bool(self.rules.special_cards)
            return [action_to_text(action, self.rules.rank_style, specials) for action in self.actions]
        except ValueError as error:
            raise RecordError(f"malformed game record: {error}") from None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "deal": DEAL_ALGORITHM,
            **({"table": ACTION_TABLE} if self.rules.special_cards else {}),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "names": self.names,
            "actions": list(self.actions),
            "texts": self.texts(),
            **({"start": self.start} if self.start is not None else {}),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            found = data.get("format") if isinstance(data, dict) else type(data).__name__
            raise RecordError(f"not a game record of format {RECORD_FORMAT!r} (found {found!r})")
        deal = data.get("deal", DEAL_ALGORITHM)
        if deal != DEAL_ALGORITHM:
            raise RecordError(f"the record was dealt by {deal!r}; this version deals by {DEAL_ALGORITHM!r}")
        table = data.get("table")
        if table is not None and table != ACTION_TABLE:
            raise RecordError(f"the record's actions are of table {table!r}; this version reads {ACTION_TABLE!r}")
        try:
            record = cls(
                rules=RuleSet.from_dict(data["rules"]),
                seed=int(data["seed"]),
                actions=[int(a) for a in data["actions"]],
                names=None if data.get("names") is None else [str(n) for n in data["names"]],
                start=None if data.get("start") is None else str(data["start"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"malformed game record: {error}") from None
        texts = data.get("texts")
        if texts is not None:
            for number, (action, text) in enumerate(zip(record.actions, record.texts())):
                if number < len(texts) and text != texts[number]:
                    raise RecordError(f"decision {number}: action {action} reads {texts[number]!r}, which it is not")
        return record

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"a game record is JSON: {error}") from None
        return cls.from_dict(data)


__all__ = ["RECORD_FORMAT", "GameRecord", "RecordError"]
