"""The replay of a finished game (every step's public view and every hand): its compact form, built once and kept.

A replay is built from the game's record, once, in a bot worker process (a 60-round game's takes about a second of
CPU, which in the server's own process would hold its event loop), right after the game's end, and stored
gzip-compressed in ``finished_games`` with its ETag; a request is answered from memory or that row, never by
building it again (``Replays``). Games finished before the row existed are built the first time one is asked for.

The JSON (``REPLAY_FORMAT``) is compact: the first step carries the whole public view, every seat's hand and the
last trick; each later step only the view's fields that changed, the hands that changed (by seat) and the last trick
when it changed. The browser (``web/js/replay.js``, ``expandSteps``) rebuilds the full steps by carrying the rest
over, without any rule of the game::

    {"format": "wizardcards-replay/2", "table": id, "game": "wizard", "rules": {...}, "names": [...],
     "steps": [{"seat": -1, "action": null, "text": null, "view": {...}, "hands": [[...], ...], "last_trick": null},
               {"seat": 0, "action": 61, "text": "bid 1", "view": {"bids": [...], "current_player": 1}},
               {"seat": 1, "action": 17, "text": "...", "view": {...}, "hands": {"1": [...]}, "last_trick": {...}}]}

A 60-round game (3,780 decisions) is 11.5 MB of JSON as whole views, 1.2 MB so, and about 90 KB gzip-compressed.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..core import SPECTATOR, GameRecord, action_to_text, new_game
from ..core.cards import cards_of
from .serialize import dumps, trick_json, view_to_json

REPLAY_FORMAT = "wizardcards-replay/2"
ETAG_PREFIX = '"r2-'  # the format's version is in the ETag: a replay stored in an older format is built again
REPLAYS_KEPT = 64  # replays kept in memory (compressed: tens of KB each), most recently asked first
log = logging.getLogger("wizardcards.server")


def replay_steps(record: GameRecord) -> Iterator[dict[str, Any]]:
    """Every step of a finished game whole: the public view after it, every seat's hand, the last trick.
    Only for finished games: the hands are the hidden information of the game."""
    style = record.rules.rank_style
    state = new_game(record.rules, record.seed)
    seat: int = SPECTATOR
    action: int | None = None
    for number in range(len(record.actions) + 1):
        if number:
            action = record.actions[number - 1]
            seat = state.current_player()
            state.apply(action)
        view = state.public_view()
        yield {
            "seat": seat,
            "action": action,
            "text": action_to_text(action, style, bool(record.rules.special_cards)) if action is not None else None,
            "view": view_to_json(view),
            "hands": [cards_of(hand) for hand in state.hands],
            "last_trick": trick_json(view.last_trick),
        }


def compact_steps(steps: Iterator[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps as ``REPLAY_FORMAT`` writes them: each after the first only with what changed since the one before.
    Values are compared as JSON text: the views hold tuples (the score sheet's rows) where JSON has arrays."""
    compact: list[dict[str, Any]] = []
    before: dict[str, Any] | None = None
    for step in steps:
        texts = {name: dumps(value) for name, value in step["view"].items()}
        hands = [dumps(hand) for hand in step["hands"]]
        if before is None:
            compact.append(step)
        else:
            view = {name: step["view"][name] for name, text in texts.items() if before["view"].get(name) != text}
            out = {"seat": step["seat"], "action": step["action"], "text": step["text"], "view": view}
            changed = {str(seat): step["hands"][seat] for seat, text in enumerate(hands)
                       if before["hands"][seat] != text}
            if changed:
                out["hands"] = changed
            if step["last_trick"] != before["last_trick"]:
                out["last_trick"] = step["last_trick"]
            compact.append(out)
        before = {"view": texts, "hands": hands, "last_trick": step["last_trick"]}
    return compact


def expand_steps(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The whole steps again, each with its ``number`` (what ``replay.js``'s ``expandSteps`` does in the browser;
    the tests read replays so)."""
    whole: list[dict[str, Any]] = []
    for step in steps:
        if not whole:
            whole.append({**step, "number": 0})
            continue
        before = whole[-1]
        changed = step.get("hands", {})
        whole.append({
            "number": len(whole), "seat": step["seat"], "action": step["action"], "text": step["text"],
            "view": {**before["view"], **step["view"]},
            "hands": [changed.get(str(seat), hand) for seat, hand in enumerate(before["hands"])],
            "last_trick": step.get("last_trick", before["last_trick"]),
        })
    return whole


def replay_body(record: GameRecord, table_id: str) -> bytes:
    """``GET /tables/{id}/replay`` of a finished game as served: the compact JSON, gzip-compressed (run in a worker
    process: ``BotWorkers.replay``)."""
    text = dumps({
        "format": REPLAY_FORMAT, "table": table_id, "game": record.rules.game.value, "rules": record.rules.to_dict(),
        "names": record.names, "steps": compact_steps(replay_steps(record)),
    })
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


@dataclass(frozen=True)
class Replay:
    """A replay as served: the gzip-compressed JSON and its ETag."""

    body: bytes
    etag: str

    @classmethod
    def of(cls, body: bytes) -> Replay:
        return cls(body, f'{ETAG_PREFIX}{hashlib.sha256(body).hexdigest()[:32]}"')

    def plain(self) -> bytes:
        """The JSON uncompressed, for a client that does not take gzip."""
        return gzip.decompress(self.body)


class Replays:
    """Finished games' replays: kept in memory for the ``REPLAYS_KEPT`` latest asked, else read from the database, else
    (a game finished before replays were stored) built once and stored. Requests for a replay being built wait for
    that one build."""

    def __init__(self, load: Callable[[str], Awaitable[Replay | None]], build: Callable[[str], Awaitable[Replay]],
                 ) -> None:
        self._load, self._build = load, build
        self._kept: OrderedDict[str, Replay] = OrderedDict()
        self._pending: dict[str, asyncio.Task[Replay]] = {}

    async def of(self, table_id: str) -> Replay:
        replay = self._kept.get(table_id)
        if replay is not None:
            self._kept.move_to_end(table_id)
            return replay
        task = self._pending.get(table_id)
        if task is None:
            task = self._pending[table_id] = asyncio.get_running_loop().create_task(self._find(table_id))
            task.add_done_callback(lambda _: self._pending.pop(table_id, None))
        return await asyncio.shield(task)  # one request that leaves does not cancel the others' build

    async def _find(self, table_id: str) -> Replay:
        replay = await self._load(table_id)
        if replay is None or not replay.etag.startswith(ETAG_PREFIX):
            replay = await self._build(table_id)
        self.keep(table_id, replay)
        return replay

    def forget(self, table_id: str) -> None:
        """A replay that changed (a player's account was deleted: its seat's name did): built again when asked."""
        self._kept.pop(table_id, None)

    def keep(self, table_id: str, replay: Replay) -> None:
        self._kept[table_id] = replay
        self._kept.move_to_end(table_id)
        while len(self._kept) > REPLAYS_KEPT:
            self._kept.popitem(last=False)

    async def prepare(self, table_id: str) -> None:
        """Build and store a game's replay now, at its end (so that no request has to)."""
        try:
            await self.of(table_id)
        except Exception:
            log.exception("table %s: its replay could not be built", table_id)
