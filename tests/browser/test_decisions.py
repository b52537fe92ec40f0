"""Each action names the decision it answers (its view's ``seq``), and the page copes with the server's refusals:
a late click in a second tab of the same seat is refused as ``stale`` and the tab catches up with a sync; a move the
server could not store (``unavailable``) can be made again; a chat line over the limit (``limited``) is given back.

The second tab's socket goes through ``page.route_web_socket``: the test holds back what the server sends it, so
that its screen stays at an old decision while the first tab answers it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Page, WebSocketRoute, expect

from .conftest import watch_errors
from .helpers import ServerProcess, create_table, open_seat, seq, wait_turn_or_end

BOTS = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe")]


class HeldSocket:
    """Every WebSocket of a page through the test: frames both ways are kept; while ``hold`` is set, what the server
    sends waits here instead of reaching the page; ``answer`` replaces the server's answer to chosen messages."""

    def __init__(self, page: Page) -> None:
        self.sent: list[dict[str, Any]] = []
        self.received: list[dict[str, Any]] = []
        self.held: list[str] = []
        self.hold = False
        self.answer: Callable[[dict[str, Any]], dict[str, Any] | None] = lambda message: None
        self.route: WebSocketRoute | None = None
        page.route_web_socket(re.compile(r"/ws$"), self._route)

    def _route(self, route: WebSocketRoute) -> None:
        self.route = route
        server = route.connect_to_server()

        def from_page(frame: str | bytes) -> None:
            message = json.loads(frame)
            self.sent.append(message)
            reply = self.answer(message)
            if reply is None:
                server.send(frame)
            else:  # answered here: the server never sees it
                self.received.append(reply)
                route.send(json.dumps(reply))

        def from_server(frame: str | bytes) -> None:
            self.received.append(json.loads(frame))
            if self.hold:
                self.held.append(frame if isinstance(frame, str) else frame.decode())
            else:
                route.send(frame)

        route.on_message(from_page)
        server.on_message(from_server)

    def release(self) -> None:
        self.hold = False
        assert self.route is not None
        for frame in self.held:
            self.route.send(frame)
        self.held.clear()


def bid_of(page: Page, seat: int) -> str:
    return page.locator(f"#seats .seat[data-seat='{seat}'] .stat b").first.inner_text()


def test_a_late_click_in_a_second_tab_is_stale_and_the_tab_catches_up(
    server: ServerProcess, new_context: Callable[..., BrowserContext]
) -> None:
    # seat 3 deals: Ann (seat 0) bids first, three cards, so bids 0 to 3 are offered
    table = create_table(server, [{"name": "Ann", "claimed": True}, *BOTS],
                         options={"schedule": "custom", "custom_hand_sizes": [3, 3], "first_dealer": 3})
    context = new_context()
    first = watch_errors(context.new_page())
    open_seat(first, server, table["seats"][0], "Ann")
    assert wait_turn_or_end(first) == "bid"
    second = watch_errors(context.new_page())
    socket = HeldSocket(second)
    second.goto(server.url + table["seats"][0]["link"])  # the same browser: it knows the seat, no name asked
    second.wait_for_selector(f".table-screen[data-my-turn='yes'][data-seq='{seq(first)}']")
    shown = seq(second)

    # the second tab hears nothing more; the first tab bids 0, the bots bid after it
    socket.hold = True
    first.locator("#controls button.bid[data-action]:not([disabled])").first.click()
    first.wait_for_function(f"() => Number(document.querySelector('.table-screen').dataset.seq) > {shown}")
    expect(first.locator("#seats .seat[data-seat='0'] .stat b").first).to_have_text("0")
    # the second tab still shows Ann's bid to make: a late click there bids 3, for a decision already taken
    expect(second.locator(".table-screen")).to_have_attribute("data-seq", str(shown))
    second.locator("#controls button.bid:not([disabled])").last.click()
    late = next(m for m in reversed(socket.sent) if m["type"] == "action")
    assert late["seq"] == shown
    second.wait_for_timeout(300)  # the server's answer arrives (and is held)
    socket.release()

    expect(second.locator("#error-line")).to_contain_text("moved on")
    refusal = next(m for m in socket.received if m["type"] == "error")
    assert refusal["code"] == "stale" and refusal["reply_to"] == late["id"] and refusal["seq"] > shown, refusal
    after = socket.sent[socket.sent.index(late) + 1:]
    assert any(m["type"] == "sync" for m in after), after  # it asked for the table as it is
    # the bots have bid; Ann leads the first trick: both tabs show that decision, and Ann's bid is the first tab's 0,
    # not the late 3
    assert wait_turn_or_end(first) == "play"
    second.wait_for_function(f"() => document.querySelector('.table-screen').dataset.seq === '{seq(first)}'")
    expect(second.locator(".table-screen")).to_have_attribute("data-my-turn", "yes")
    assert bid_of(second, 0) == "0" and bid_of(first, 0) == "0"
    for page in (first, second):
        assert page.script_errors == []  # type: ignore[attr-defined]


def test_a_move_the_server_could_not_store_can_be_made_again(server: ServerProcess, page: Page) -> None:
    table = create_table(server, [{"name": "Ann", "claimed": True}, *BOTS],
                         options={"schedule": "custom", "custom_hand_sizes": [3], "first_dealer": 3})
    socket = HeldSocket(page)
    refused: list[dict[str, Any]] = []

    def unavailable_once(message: dict[str, Any]) -> dict[str, Any] | None:
        # the first action is answered as the server answers when its database failed: nothing changed
        if message["type"] != "action" or refused:
            return None
        refused.append(message)
        return {"type": "error", "seq": message["seq"], "reply_to": message["id"], "code": "unavailable",
                "message": "the change could not be stored; nothing changed: try again"}

    socket.answer = unavailable_once
    open_seat(page, server, table["seats"][0], "Ann")
    assert wait_turn_or_end(page) == "bid"
    shown = seq(page)
    page.locator("#controls button.bid:not([disabled])").first.click()
    expect(page.locator("#error-line")).to_contain_text("Could not save that, try again")
    # the page may decide again: the same bid, sent anew (a new id), is taken
    expect(page.locator(".table-screen")).to_have_attribute("data-my-turn", "yes")
    page.locator("#controls button.bid:not([disabled])").first.click()
    page.wait_for_function(f"() => Number(document.querySelector('.table-screen').dataset.seq) > {shown}")
    actions = [m for m in socket.sent if m["type"] == "action"]
    assert len(actions) == 2 and actions[0]["id"] != actions[1]["id"]
    assert actions[0]["action"] == actions[1]["action"] and actions[0]["seq"] == actions[1]["seq"] == shown
    expect(page.locator("#seats .seat[data-seat='0'] .stat b").first).to_have_text("0")
    assert page.script_errors == []  # type: ignore[attr-defined]


def test_chat_over_the_limit_is_given_back(server: ServerProcess, page: Page) -> None:
    table = create_table(server, [{"name": "Ann", "claimed": True}, *BOTS],
                         options={"schedule": "custom", "custom_hand_sizes": [3]})
    socket = HeldSocket(page)
    open_seat(page, server, table["seats"][0], "Ann")
    for n in range(1, 8):  # at most 5 lines in 10 s
        page.fill("#chat-input", f"line {n}")
        page.press("#chat-input", "Enter")
        page.wait_for_function(
            "n => document.querySelector('#chat-log').textContent.includes(`line ${n}`)"
            " || document.querySelector('#error-line').textContent", arg=n)
        if page.locator("#error-line").inner_text():
            break
    assert n == 6
    limited = next(m for m in socket.received if m["type"] == "error")
    assert limited["code"] == "limited", limited
    expect(page.locator("#error-line")).to_have_text(limited["message"])
    # the refused line is back in the box, to be sent once the limit allows
    refused = next(m for m in socket.sent if m.get("id") == limited["reply_to"])
    expect(page.locator("#chat-input")).to_have_value(refused["text"])
    assert page.script_errors == []  # type: ignore[attr-defined]
