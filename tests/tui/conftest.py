"""Fixtures for the terminal app tests: a private data directory, pilot helpers, snapshot images.

Snapshots: every test that reaches a main screen saves it as SVG. With ``WIZARDCARDS_SNAPSHOTS=1`` the images go to
``tests/tui/snapshots/`` (kept in the repository for review); otherwise to the test's temporary directory. They are
never compared byte for byte; the tests assert on their text instead.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Button, Static

from wizardcards.tui import i18n

SNAPSHOT_DIR = Path(__file__).parent / "snapshots"
SIZE = (120, 40)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data"
    monkeypatch.setenv("WIZARDCARDS_DATA_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts in English (the language is chosen for the whole process) and leaves it so."""
    i18n.use("en")
    yield
    i18n.use("en")


@pytest.fixture
def german() -> None:
    """The apps built in this test speak German, as with ``--lang de`` or ``LANG=de_DE.UTF-8``."""
    i18n.use("de")


@pytest.fixture
def snapshot(tmp_path: Path) -> Callable[[App, str], str]:
    def save(app: App, name: str) -> str:
        folder = SNAPSHOT_DIR if os.environ.get("WIZARDCARDS_SNAPSHOTS") == "1" else tmp_path
        app.save_screenshot(f"{name}.svg", str(folder))
        return (folder / f"{name}.svg").read_text()

    return save


def screen_text(app) -> str:  # type: ignore[no-untyped-def]
    """All the text of the Static widgets on the current screen, as a 200-column console prints it."""
    from rich.console import Console

    console = Console(width=200, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    for widget in app.screen.query(Static):
        console.print(widget.content)
    return console.export_text()


async def settle(pilot, ready: Callable[[], bool], limit: int = 400) -> None:  # type: ignore[no-untyped-def]
    """Let the app run until ``ready()`` holds (bots moved, the table drawn)."""
    for _ in range(limit):
        await pilot.pause()
        if ready():
            return
    raise AssertionError("the app never reached the expected state")


def human_ready(app, controller) -> Callable[[], bool]:  # type: ignore[no-untyped-def]
    """The human is on turn, the table has been drawn (no worker of the screen, moving bots or drawing, is left) and
    the focus is on a legal choice; or the game is over."""

    def ready() -> bool:
        if controller.over:
            return True
        focused = app.focused
        drawn = not any(worker.node is app.screen and not worker.is_finished for worker in app.workers)
        return controller.human_on_turn() and drawn and isinstance(focused, Button) and not focused.disabled

    return ready
