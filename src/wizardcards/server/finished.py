"""A finished table as its end stored it (``finished_games``): what ``GET /tables/{id}``, its sheet and the lobby
show of an old game, read from one row instead of replaying the game (``LiveTable.finished_json`` writes it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FinishedTable:
    id: str
    stored: dict[str, Any]  # {"summary": LiveTable.summary() with nobody connected, "sheet": LiveTable.sheet()}
    status: str = "finished"

    @classmethod
    def from_json(cls, table_id: str, text: str) -> FinishedTable:
        return cls(table_id, json.loads(text))

    @property
    def visibility(self) -> str:
        """A game that finished before tables were private (0011) was listed: public."""
        return str(self.stored["summary"].get("visibility", "public"))

    @property
    def spectator_token(self) -> str:
        return str(self.stored["summary"]["spectator"]).removeprefix("/play#watch=")

    def summary(self) -> dict[str, Any]:
        summary = dict(self.stored["summary"])
        # stored before seats had kinds: a game of then had no accounts, so its people were guests
        summary["players"] = [seat if "kind" in seat else {**seat, "kind": "guest" if seat["bot"] is None else "bot"}
                              for seat in summary["players"]]
        return {"visibility": self.visibility, **summary}

    def sheet(self) -> dict[str, Any]:
        return dict(self.stored["sheet"])
