"""Who the bot workers answer next: every bot decision, stand-in decision and hint waits here for a worker process of
its pool (``workers.py``), and a free worker takes the next question by two rules:

1. **a person first**: a question for a table where a person plays (a human seat with a connection open), or a hint
   (a person asked), comes before every question for a table nobody plays at: tables of bots alone (spectators or
   not: spectator links are public, so watching lifts nothing) and tables whose people have all left;
2. **round robin over clients**, within each of the two: one question of each client that has questions waiting in
   turn, a client's own in the order they came. The client of a table's questions is the client that created it
   (a hint's: the connection's), counted by its network (``limits.network_of``: an IPv4 /24, an IPv6 /56), so that
   a stranger with many tables, or many addresses of one network, has one share, as much as a player with one.

A client that has nothing waiting leaves the rotation and joins it again at the end, so it gains no credit while
away. A question keeps the rule it came with (a person who connects meanwhile lifts the table's next question).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from ..core import SPECTATOR
from .limits import network_of

if TYPE_CHECKING:
    from .table import LiveTable

T = TypeVar("T")


@dataclass(frozen=True)
class Asker:
    """Whose question it is: the fair-share key of its client, and whether a person waits for the answer."""

    client: str
    person: bool


ANYONE = Asker("", person=True)  # a question of nobody in particular (a test's, the server's own)


def asker_of(table: LiveTable) -> Asker:
    """Who asks for the bot decisions of ``table``: its creator's network (a table without a creator, stored before
    creators were, is a client of its own), and whether one of its human seats is connected."""
    client = network_of(table.creator) if table.creator is not None else f"table {table.id}"
    return Asker(client, person=any(c.seat != SPECTATOR for c in table.connections))


def hint_asker(client: str) -> Asker:
    """A hint: a person at a seat asked for it."""
    return Asker(network_of(client), person=True)


class FairQueue(Generic[T]):
    """Waiting items, taken out by the two rules of this module: a person's first, then round robin over clients."""

    def __init__(self) -> None:
        # per rule (a person's, nobody's): the clients in turn, each with its items in the order they came
        self._waiting: tuple[OrderedDict[str, deque[T]], ...] = (OrderedDict(), OrderedDict())
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def put(self, asker: Asker, item: T) -> None:
        rotation = self._waiting[0 if asker.person else 1]
        rotation.setdefault(asker.client, deque()).append(item)  # a client new to the rotation joins at its end
        self._count += 1

    def take(self) -> T | None:
        """The next item (None when none waits): the first client in turn's oldest, and that client goes last."""
        for rotation in self._waiting:
            if rotation:
                client, items = next(iter(rotation.items()))
                item = items.popleft()
                if items:
                    rotation.move_to_end(client)
                else:
                    del rotation[client]
                self._count -= 1
                return item
        return None


class FairSlots:
    """``count`` worker slots handed out in the order of a ``FairQueue``: a question runs once it holds a slot."""

    def __init__(self, count: int) -> None:
        self.free = count
        self._queue: FairQueue[asyncio.Future[None]] = FairQueue()

    @property
    def waiting(self) -> int:
        return len(self._queue)

    async def acquire(self, asker: Asker) -> None:
        if self.free > 0 and not self._queue:
            self.free -= 1
            return
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put(asker, granted)
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():  # the slot came just as the question was called off
                self.release()
            raise

    def release(self) -> None:
        """A slot is free again: to the next question waiting that has not been called off, or kept."""
        while (granted := self._queue.take()) is not None:
            if not granted.done():
                granted.set_result(None)
                return
        self.free += 1

    @asynccontextmanager
    async def held(self, asker: Asker) -> AsyncIterator[None]:
        await self.acquire(asker)
        try:
            yield
        finally:
            self.release()
