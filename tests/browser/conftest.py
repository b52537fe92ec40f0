"""Fixtures for the browser tests: a real `wizard serve` process with its own SQLite file, Debian's Chromium through
Playwright, and pages that start with the client's animations off (a test may ask for another pace).

Chromium is /usr/bin/chromium (Debian package `chromium`), launched with the flags of ../shared/ARCHITECTURE.md; no
browser is ever downloaded. Screenshots go to tests/browser/screenshots/ when WIZARDCARDS_SCREENSHOTS=1 (kept in the
repository for review, like the terminal app's snapshots), otherwise to the test's temporary directory.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright

from .helpers import CHROMIUM, CHROMIUM_FLAGS, ServerProcess, start_server

SCREENSHOT_DIR = Path(__file__).parent / "screenshots"
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server per test process (each test makes its own tables)."""
    process = start_server(tmp_path_factory.mktemp("server") / "wizard.sqlite3")
    yield process
    process.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Module-scoped, not session-scoped: Playwright's sync API keeps an asyncio loop running in this thread while it is
    open, and other tests that the same pytest-xdist worker runs later (the terminal app's pilot, the server's writer)
    call asyncio.run(), which refuses to start inside a running loop."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests drive Debian's Chromium at {CHROMIUM}: apt-get install -y chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def new_context(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """new_context(viewport=PHONE, speed="off"): a fresh browser profile (its own localStorage: another person)."""
    contexts: list[BrowserContext] = []

    def make(viewport: dict[str, int] = DESKTOP, speed: str = "off") -> BrowserContext:
        context = browser.new_context(viewport=viewport, device_scale_factor=1, locale="en-GB")
        context.set_default_timeout(20_000)
        context.add_init_script(f"localStorage.setItem('wizardcards.speed', JSON.stringify({speed!r}))")
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_context: Callable[..., BrowserContext]) -> Page:
    return watch_errors(new_context().new_page())


def watch_errors(page: Page) -> Page:
    """Fail the test on any uncaught script error of the page."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # a refused or dropped WebSocket is logged by the browser itself; the tests that cause one check the banner
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" and "WebSocket" not in message.text and not guest_probe(message) else None)
    page.script_errors = errors  # type: ignore[attr-defined]
    return page


def guest_probe(message: ConsoleMessage) -> bool:
    """The browser's own line for the page asking GET /account as a guest: answered 401 by design (that is how the
    page learns nobody is signed in), and logged by Chromium like every answer that is not a success."""
    return "status of 401" in message.text and message.location.get("url", "").endswith("/account")


@pytest.fixture
def screenshot(tmp_path: Path) -> Callable[[Page, str], Path]:
    directory = SCREENSHOT_DIR if os.environ.get("WIZARDCARDS_SCREENSHOTS") == "1" else tmp_path
    directory.mkdir(parents=True, exist_ok=True)

    def take(page: Page, name: str, full_page: bool = False) -> Path:
        path = directory / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page, animations="disabled")
        return path

    return take
