"""Helpers for the browser tests: the server process, tables made over HTTP, and playing a turn by clicking.

Seats are reached the way a person reaches them: by the links of the table's creation answer, which carry the
credential in the URL's fragment (``/play#token=...`` for the creator's own seat, ``/play#invite=...`` for an invited
seat, whose page exchanges the code for a token with ``POST /invites``), never in a query string.
"""

from __future__ import annotations

import functools
import json
import subprocess
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


# every browser test talks to the server from 127.0.0.1, one client: its per-client limits (tables a minute, joins,
# connections, hellos) are raised out of the way of the tests, which do not test them (tests/server/ does)
LOOSE_LIMITS = {"tables_per_minute": 100_000, "unfinished_tables_per_client": 100_000, "joins_per_minute": 100_000,
                "connections_per_client": 100_000, "connections_per_minute": 100_000, "hellos_per_minute": 100_000,
                "table_loads_per_minute": 100_000, "replays_per_minute": 100_000,
                # every test of a worker creates its tables from 127.0.0.1 on one server, and few of them finish
                "unfinished_tables_per_network": 100_000, "joins_per_minute_per_network": 100_000,
                "connections_per_network": 100_000,
                # a hint at each decision of a 16-card hand, and again after a reload (test_special_hints.py)
                "hints_per_minute": 100_000,
                # the accounts' (docs/accounts.md): the account tests sign up and in far more than a network may
                "signups_per_hour_per_network": 100_000, "signins_per_minute_per_network": 100_000,
                "signins_per_minute_per_account": 100_000}


@functools.cache
def serve_options() -> frozenset[str]:
    """The options of `wizard serve` (from its parser: the same code as the server)."""
    from wizardcards.cli import build_parser

    for action in build_parser()._actions:  # noqa: SLF001 - argparse keeps subparsers only there
        choices = getattr(action, "choices", None)
        if isinstance(choices, dict) and "serve" in choices:
            return frozenset(o for a in choices["serve"]._actions for o in a.option_strings)  # noqa: SLF001
    return frozenset()


def start_server(
    db: Path, port: int | None = None, timeout: float = 60.0, extra: list[str] | None = None
) -> ServerProcess:
    """`wizard serve` on a free loopback port (or ``port``) with the SQLite file ``db`` and loose per-client limits
    (and the options ``extra``, e.g. ``["--bot-pace", "0.7"]``: otherwise its bots move at once); returns once it
    answers."""
    port = port or live.free_port()
    args: list[str] = list(extra or [])
    if "--limit" in serve_options():
        for name, value in LOOSE_LIMITS.items():
            args += ["--limit", f"{name}={value}"]
    process = subprocess.Popen(live.serve_command(port, f"sqlite:///{db}", args), env=live.SERVE_ENV,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    server = ServerProcess(process, port, db)
    if live.answering(process, server.url, timeout, lambda: process.stderr.read().decode() if process.stderr else ""):
        return server
    server.kill()
    raise RuntimeError("the server did not start in time")


def create_table(server: ServerProcess, seats: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    """POST /tables; ``seats`` as the API takes them ({"name"} for an invited person, {"name", "claimed": true} for
    the creator's own seat, {"name", "open": true} for an open seat, {"name", "bot"} for a bot). The answer's
    ``seats`` hold one entry per human seat, with its ``link``. The table is public unless ``visibility`` says
    otherwise: these tests read its sheet, record and replay as anyone may (private tables: test_private_tables.py)."""
    return server.post("/tables", {"seats": seats, "visibility": "public", **fields})


def seat_entry(table: dict[str, Any], seat: int) -> dict[str, Any]:
    """The creation answer's entry for human seat ``seat``."""
    return next(entry for entry in table["seats"] if entry["seat"] == seat)


def open_seat(page: Page, server: ServerProcess, entry: dict[str, Any], name: str | None = None) -> None:
    """Open a seat's link from the creation answer (``entry``: one of its ``seats``). An invite link asks for a name,
    takes the seat and moves on to the seat's own address; a seat's own link opened by a browser that does not know
    it asks for a name too."""
    assert entry["link"], f"seat {entry['seat']} has no link (an open seat is taken with Join)"
    page.goto(server.url + entry["link"])
    if name is not None:
        page.fill("#join-name", name)
        page.click("form.join-form button[type=submit]")
    page.wait_for_selector(".table-screen[data-seq]")
    assert "#token=" in page.url, page.url  # the seat's own address: no invite code, no query string


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


def win_the_auction(page: Page) -> None:
    """Wily Wizards, Ann first to call: bid 15 (nobody outbids it), name Hearts; returns at the passing."""
    assert wait_turn_or_end(page) == "auction"
    before = seq(page)
    page.click("#controls button.bid[data-action='75']")
    wait_seq_past(page, before)
    assert wait_turn_or_end(page) == "name_trump"
    page.click("#controls button.suit-choice[data-action='56']")  # Hearts
    assert wait_turn_or_end(page) == "pass_cards"


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


# an init script: the page's WebSocket notes, for each frame, when it arrived (performance.now(), before the table's
# code sees it) in window.__frames; the tests of the bots' pace and of the hand's summary read it
FRAME_CLOCK = """
(() => {
  const Native = window.WebSocket;
  window.__frames = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => window.__frames.push({ at: performance.now(), data: event.data }));
    }
  };
})();
"""


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


# where each card of the hand lies, against the screen and the top bar: the test of a phone's table on one screen
HAND_ON_SCREEN = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const bar = box(document.querySelector('.table-screen .topbar'));
  const cards = [...document.querySelectorAll('#hand .card')].map((el) => {
    const b = box(el);
    // the point where a person taps a card (helpers.click_card): its corner, which no other card may cover
    const hit = document.elementFromPoint(b.left + 9, b.top + 24);
    return { ...b, card: el.dataset.card, corner: !!hit && hit.closest('.card') === el };
  });
  const under = [...document.querySelectorAll('#teams:not([hidden]), #seats .seat')].map((el) => ({ ...box(el), what: el.id || el.className }));
  const page = document.scrollingElement;
  return { bar, cards, under, width: innerWidth, height: innerHeight, scrollWidth: page.scrollWidth,
    scrollHeight: page.scrollHeight };
}"""


def check_hand_on_screen(page: Page, where: str, cards: int | None = None) -> dict[str, Any]:
    """Every card of this page's hand inside the screen, its corner uncovered, below the top bar; the page does not
    scroll either way; the teams' row and the seat boxes below the bar."""
    page.wait_for_timeout(150)  # the layout after a resize
    found = page.evaluate(HAND_ON_SCREEN)
    if cards is not None:
        assert len(found["cards"]) == cards, f"{where}: {len(found['cards'])} cards"
    assert found["cards"], f"{where}: no hand"
    assert found["scrollHeight"] <= found["height"], f"{where}: the page scrolls: {found['scrollHeight']} px"
    assert found["scrollWidth"] <= found["width"], f"{where}: the page scrolls sideways"
    bar = found["bar"]
    for card in found["cards"]:
        inside = card["left"] >= 0 and card["right"] <= found["width"] and card["bottom"] <= found["height"]
        assert inside and card["top"] >= bar["bottom"], f"{where}: card {card} off the screen ({found['height']} px)"
        assert card["corner"], f"{where}: card {card['card']}'s corner is covered"
    for el in found["under"]:
        assert el["top"] >= bar["bottom"] - 1, f"{where}: {el['what']} under the top bar: {el}"
    return found
