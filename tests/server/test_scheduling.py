"""Which bot question the workers answer next (``server/scheduling.py``): a person's before nobody's, round robin over
the clients (their networks) within each, a client's own in order; and the slots that hand workers out that way."""

from __future__ import annotations

import asyncio

from wizardcards.server.scheduling import Asker, FairQueue, FairSlots, asker_of, hint_asker


def order(queue: FairQueue[str]) -> list[str]:
    taken = []
    while (item := queue.take()) is not None:
        taken.append(item)
    return taken


def test_a_person_first_then_round_robin_over_clients_not_over_tables() -> None:
    queue: FairQueue[str] = FairQueue()
    # client A's eight tables of bots alone ask first, then B's one unwatched table, then the watched ones
    for n in range(8):
        queue.put(Asker("A", person=False), f"A-bots-{n}")
    queue.put(Asker("B", person=False), "B-bots")
    queue.put(Asker("A", person=True), "A-person-1")
    queue.put(Asker("A", person=True), "A-person-2")
    queue.put(Asker("C", person=True), "C-person")
    assert len(queue) == 12
    assert order(queue) == [
        "A-person-1", "C-person", "A-person-2",  # a person's first, one per client in turn
        "A-bots-0", "B-bots", "A-bots-1", "A-bots-2", "A-bots-3", "A-bots-4", "A-bots-5", "A-bots-6", "A-bots-7",
    ]
    assert len(queue) == 0 and queue.take() is None


def test_a_client_that_comes_back_joins_the_rotation_at_its_end() -> None:
    """One table each, one question at a time: the one just answered asks again and waits for the other's turn (it
    does not go first because it had nothing waiting: no credit while away)."""
    queue: FairQueue[str] = FairQueue()
    queue.put(Asker("A", person=False), "A1")
    queue.put(Asker("B", person=False), "B1")
    assert queue.take() == "A1"
    queue.put(Asker("A", person=False), "A2")  # A's table asks its next decision at once
    assert queue.take() == "B1"
    queue.put(Asker("B", person=False), "B2")
    assert [queue.take(), queue.take()] == ["A2", "B2"]


def test_one_network_is_one_client_and_spectators_lift_nothing() -> None:
    class Connection:
        def __init__(self, seat: int) -> None:
            self.seat = seat

    class Table:
        id = "t1"

        def __init__(self, creator: str | None, seats: list[int]) -> None:
            self.creator = creator
            self.connections = [Connection(s) for s in seats]

    assert asker_of(Table("203.0.113.7", [])) == asker_of(Table("203.0.113.200", [])) == Asker("203.0.113.0/24", False)
    assert asker_of(Table("203.0.113.7", [-1, -1])).person is False  # spectators only
    assert asker_of(Table("203.0.113.7", [-1, 2])).person is True  # a seat's player is here
    assert asker_of(Table(None, [])).client == "table t1"  # no creator stored: a client of its own
    assert hint_asker("198.51.100.9") == Asker("198.51.100.0/24", True)


def test_slots_go_to_the_waiting_questions_in_the_queues_order_and_skip_those_called_off() -> None:
    async def scenario() -> list[str]:
        slots = FairSlots(1)
        served: list[str] = []
        await slots.acquire(Asker("A", person=False))  # the one worker is busy

        async def ask(name: str, asker: Asker) -> None:
            await slots.acquire(asker)
            served.append(name)

        waiting = [asyncio.create_task(ask(n, a)) for n, a in [
            ("A-bots", Asker("A", False)), ("gone", Asker("B", True)), ("B-person", Asker("B", True)),
            ("C-bots", Asker("C", False))]]
        await asyncio.sleep(0)
        assert slots.waiting == 4 and slots.free == 0
        waiting[1].cancel()  # a question called off while it waits (its table was let go)
        await asyncio.sleep(0)
        for _ in range(3):
            slots.release()
            await asyncio.sleep(0)
        slots.release()
        assert slots.free == 1 and slots.waiting == 0  # the last slot is kept for the next question
        return served

    assert asyncio.run(scenario()) == ["B-person", "A-bots", "C-bots"]
