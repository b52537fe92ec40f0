"""The replay of a finished game (every step's public view and every hand) and the cache of the latest ones."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from ..core import SPECTATOR, GameRecord, action_to_text, new_game
from ..core.cards import cards_of
from .serialize import dumps, trick_json, view_to_json

REPLAYS_KEPT = 16  # finished games whose replay JSON is kept, most recently asked first


def replay_json(record: GameRecord, table_id: str) -> bytes:
    """``GET /tables/{id}/replay`` of a finished game: per step, the public view after it and every seat's hand.
    Only for finished games: the hands are the hidden information of the game."""
    style = record.rules.rank_style
    state = new_game(record.rules, record.seed)
    steps: list[dict[str, Any]] = []
    seat: int = SPECTATOR
    action: int | None = None
    for number in range(len(record.actions) + 1):
        if number:
            action = record.actions[number - 1]
            seat = state.current_player()
            state.apply(action)
        view = state.public_view()
        steps.append({
            "number": number,
            "seat": seat,
            "action": action,
            "text": action_to_text(action, style) if action is not None else None,
            "view": view_to_json(view),
            "hands": [cards_of(hand) for hand in state.hands],
            "last_trick": trick_json(view.last_trick),
        })
    return dumps({
        "table": table_id, "game": record.rules.game.value, "rules": record.rules.to_dict(), "names": record.names,
        "steps": steps,
    }).encode()


class Replays:
    """Replay JSON worked out in a worker thread on first demand, kept for the ``REPLAYS_KEPT`` latest asked."""

    def __init__(self) -> None:
        self._kept: OrderedDict[str, bytes] = OrderedDict()

    async def of(self, record: GameRecord, table_id: str) -> bytes:
        text = self._kept.get(table_id)
        if text is None:
            text = await asyncio.to_thread(replay_json, record, table_id)
            self._kept[table_id] = text
            while len(self._kept) > REPLAYS_KEPT:
                self._kept.popitem(last=False)
        self._kept.move_to_end(table_id)
        return text
