"""``handshakes.websocket_protocol``: the WebSocket protocol ``wizard serve`` runs on uvicorn refuses a new WebSocket while
the server is full at the handshake itself (101, then a close frame 1013), without running the application for it:
under a flood of connections past the cap, each one through the application's middleware cost the tables' event
loop (``benchmarks/server_load.py --hostile fd-flood``). Tested on a real uvicorn server and real sockets, with an
application that counts the WebSockets it is asked to handle."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from wizardcards.server.limits import SERVER_FULL
from wizardcards.server.handshakes import HandshakePace, websocket_protocol


class CountingApp:
    """Accepts every WebSocket and echoes one message; counts the WebSockets it was handed."""

    def __init__(self) -> None:
        self.websockets = 0

    async def __call__(self, scope, receive, send) -> None:  # type: ignore[no-untyped-def]
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        assert scope["type"] == "websocket"
        self.websockets += 1
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        message = await receive()
        if message["type"] == "websocket.receive":
            await send({"type": "websocket.send", "text": message.get("text")})


@pytest.fixture
def served() -> Iterator[tuple[CountingApp, list[bool], int]]:
    app, full = CountingApp(), [False]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, ws=websocket_protocol(lambda: full[0]),
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield app, full, port
    finally:
        server.should_exit = True
        thread.join(10)


def test_a_websocket_is_handed_to_the_application_while_the_server_is_not_full(
        served: tuple[CountingApp, list[bool], int]) -> None:
    app, _, port = served
    with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
        ws.send("hello")
        assert ws.recv(10) == "hello"
    assert app.websockets == 1


def test_a_full_server_refuses_at_the_handshake_with_1013_and_never_runs_the_application(
        served: tuple[CountingApp, list[bool], int]) -> None:
    app, full, port = served
    full[0] = True
    for _ in range(20):
        with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10, close_timeout=5) as ws:
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(10)
        assert closed.value.rcvd is not None
        assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1013, SERVER_FULL)
    assert app.websockets == 0
    full[0] = False  # room again: the next one is the application's
    with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
        ws.send("back")
        assert ws.recv(10) == "back"
    assert app.websockets == 1


def test_handshakes_past_the_pace_wait_their_turn_and_are_all_served() -> None:
    pace = HandshakePace(400)  # bursts of 4
    waits = [pace.wait() for _ in range(6)]
    assert waits[:4] == [0.0] * 4
    assert 0 < waits[4] <= 1 / 400 + 1e-6  # the fifth waits for a token: a 400th of a second at most
    assert HandshakePace(0).wait() == 0.0


def test_handshakes_in_line_go_in_their_order_on_one_timer_and_one_that_left_takes_no_turn() -> None:
    class Transport:
        def __init__(self, closing: bool = False) -> None:
            self.closing = closing

        def is_closing(self) -> bool:
            return self.closing

    async def line() -> tuple[list[int], int]:
        loop = asyncio.get_running_loop()
        timers, call_later = [0], loop.call_later

        def counting_call_later(delay, callback, *args, **kwargs):  # type: ignore[no-untyped-def]
            timers[0] += getattr(callback, "__func__", None) is HandshakePace._release  # the pace's, not the test's
            return call_later(delay, callback, *args, **kwargs)

        loop.call_later = counting_call_later  # type: ignore[method-assign]
        pace, went, transports = HandshakePace(200), [], [Transport() for _ in range(12)]  # bursts of 2
        for n, transport in enumerate(transports):
            pace.admit(loop, transport, lambda n=n: went.append(n))
        transports[5].closing = True  # left while it waited
        while pace.waiting:
            await asyncio.sleep(0.01)
        return went, timers[0]

    went, timers = asyncio.run(line())
    assert went == [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]
    # one timer at a time, for the next in line: about one per handshake past the burst (11 here; a timer that
    # fires a hair before its token may set one more), not one per waiting handshake at every token (some 60)
    assert 1 <= timers <= 22


def test_a_burst_of_connections_is_spread_over_the_pace() -> None:
    app, started = CountingApp(), []

    class TimingApp(CountingApp):
        async def __call__(self, scope, receive, send) -> None:  # type: ignore[no-untyped-def]
            if scope["type"] == "websocket":
                started.append(time.monotonic())
            await app.__call__(scope, receive, send)

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(TimingApp(), host="127.0.0.1", port=port, log_level="warning",
                                           ws=websocket_protocol(handshakes_per_second=50)))  # bursts of 2
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        async def burst() -> None:
            from websockets.asyncio.client import connect as connect_async

            async def one(n: int) -> None:
                async with connect_async(f"ws://127.0.0.1:{port}/ws", open_timeout=30) as ws:
                    await ws.send(str(n))
                    assert await ws.recv() == str(n)

            await asyncio.gather(*(one(n) for n in range(12)))

        asyncio.run(burst())
    finally:
        server.should_exit = True
        thread.join(10)
    assert app.websockets == 12  # every one served in its turn, none refused
    # 12 handshakes at 50 a second in bursts of 2: the last is handed over at least 0.2 s after the first (a loaded
    # machine only makes it later)
    assert max(started) - min(started) >= 0.18


def test_the_line_of_paced_handshakes_is_no_longer_than_the_room_left() -> None:
    """Each handshake waiting its turn holds a descriptor and will be a WebSocket: with room for 3 more, a burst of 8
    at a pace of 2 a second has 1 go on, 3 wait in line and 4 refused at once with 1013 (before, all 7 waited, each
    holding its descriptor)."""
    app = CountingApp()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           ws=websocket_protocol(handshakes_per_second=2, room=lambda: 3)))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        async def burst() -> list[str]:
            from websockets.asyncio.client import connect as connect_async

            async def one(n: int) -> str:
                try:
                    async with connect_async(f"ws://127.0.0.1:{port}/ws", open_timeout=30) as ws:
                        await ws.send(str(n))
                        return "served" if await ws.recv() == str(n) else "wrong"
                except ConnectionClosed as closed:
                    return f"closed {closed.rcvd.code if closed.rcvd else None}"

            return await asyncio.gather(*(one(n) for n in range(8)))

        answers = asyncio.run(burst())
    finally:
        server.should_exit = True
        thread.join(10)
    assert sorted(answers) == ["closed 1013"] * 4 + ["served"] * 4
