"""Helpers for the browser tests: the server process, tables made over HTTP, and playing a turn by clicking."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page

from tests.server import live

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]


@dataclass
class ServerProcess(live.ServerProcess):
    """`wizard serve` with its SQLite file, and plain HTTP calls to it."""

    db: Path

    @property
    def url(self) -> str:
        return self.http

    def get(self, path: str) -> Any:
        response = httpx.get(self.url + path, timeout=20)
        response.raise_for_status()
        return response.json()

    def post(self, path: str, body: dict[str, Any]) -> Any:
        response = httpx.post(self.url + path, json=body, timeout=20)
        response.raise_for_status()
        return response.json()


def start_server(db: Path, port: int | None = None) -> ServerProcess:
    """`wizard serve` on a free loopback port (or ``port``) with the SQLite file ``db``; returns once it answers."""
    server = live.start_server(f"sqlite:///{db}", port)
    return ServerProcess(server.process, server.port, db)


def create_table(server: ServerProcess, seats: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    """POST /tables; ``seats`` as the API takes them ({"name"} for a person, {"name", "bot"} for a bot)."""
    return server.post("/tables", {"seats": seats, **fields})


def open_seat(page: Page, server: ServerProcess, token: str, name: str | None = None) -> None:
    """Open a seat's invite link; on a first visit the page asks for a name."""
    page.goto(f"{server.url}/play?token={token}")
    if name is not None:
        page.fill("#join-name", name)
        page.click("form.join-form button[type=submit]")
    page.wait_for_selector(".table-screen[data-seq]")


def seq(page: Page) -> int:
    return int(page.get_attribute(".table-screen", "data-seq") or "-1")


def phase(page: Page) -> str:
    return page.get_attribute(".table-screen", "data-phase") or ""


def my_turn(page: Page) -> bool:
    return page.get_attribute(".table-screen", "data-my-turn") == "yes"


def wait_turn_or_end(page: Page, timeout: float = 30_000) -> str:
    """Wait until this page may decide or the game is over; returns the phase."""
    page.wait_for_selector(
        ".table-screen[data-my-turn='yes'], .table-screen[data-phase='game_over']", timeout=timeout
    )
    return phase(page)


def wait_seq_past(page: Page, before: int, timeout: float = 30_000) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('.table-screen').dataset.seq) > {before}", timeout=timeout
    )


def click_card(page: Page, selector: str) -> None:
    """Click a card of the hand where a person would: its left edge, which the next card never covers (the hand
    overlaps its cards on narrow screens)."""
    page.locator(selector).first.click(position={"x": 9, "y": 24})


def take_simple_turn(page: Page) -> str:
    """Take this page's decision by clicking, the simplest way: the first allowed bid, the first trump, the first
    playable card; in Wily Wizards pass in the auction unless nobody has bid, then bid the least. Returns what was
    clicked (its label)."""
    current = phase(page)
    before = seq(page)
    if current == "pass_cards":
        return pass_three(page)
    if current == "auction":
        target = page.locator("#controls button.pass:not([disabled])")
        if page.locator("#controls button.bid:not(.pass):not([disabled])").count() and "no bid yet" in (
            page.inner_text("#trick")
        ):
            target = page.locator("#controls button.bid:not(.pass):not([disabled])").first
    else:
        target = page.locator(
            "#controls button.bid:not([disabled]), #controls button.suit-choice:not([disabled]), #hand .card.playable"
        ).first
    label = target.get_attribute("aria-label") or target.inner_text()
    if "card" in (target.get_attribute("class") or "").split():
        target.click(position={"x": 9, "y": 24})
    else:
        target.click()
    wait_seq_past(page, before)
    return label


def pass_three(page: Page) -> str:
    """Choose the three lowest-sorted cards of the hand and pass them (the page gives them one decision at a time)."""
    page.wait_for_selector("#btn-pass-cards")
    cards = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
    chosen = cards[-3:]
    for card in chosen:
        click_card(page, f'#hand .card[data-card="{card}"]')
    page.click("#btn-pass-cards")
    page.wait_for_function(
        "cards => cards.every(c => !document.querySelector(`#hand .card[data-card=\"${c}\"]`)) || "
        "document.querySelector('.table-screen').dataset.phase !== 'pass_cards'",
        arg=chosen,
    )
    return "pass " + " ".join(chosen)


class FrameLog:
    """Every WebSocket frame a page sends and receives, across reloads (page.on("websocket") sees each socket)."""

    def __init__(self, page: Page) -> None:
        self.received: list[str] = []
        self.sent: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        def text(payload: str | bytes) -> str:
            return payload if isinstance(payload, str) else payload.decode()

        ws.on("framereceived", lambda payload: self.received.append(text(payload)))
        ws.on("framesent", lambda payload: self.sent.append(text(payload)))

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(frame) for frame in self.received]
