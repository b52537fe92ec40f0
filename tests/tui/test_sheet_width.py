"""The score sheet in a small terminal: at 100 x 30 and 80 x 24, with 4, 5 and 6 players, every player's column
(name and latest total) is on the screen or reachable with the arrow keys, in the sheet of ``s`` during the game and
in the final result; four players' sheet fits 100 columns without scrolling. Checked on what the terminal shows, not
on the sheet's text: a column cut off at the panel's edge is not seen."""

from __future__ import annotations

import asyncio
import io
import random
import re

import pytest
from rich.console import Console
from textual.containers import ScrollableContainer

from wizardcards.core import find_rules
from wizardcards.tui.controller import GameController
from wizardcards.tui.play import InfoScreen, PlayApp, ResultsScreen

from .conftest import human_ready, settle

SIZES = [(100, 30), (80, 24)]


def on_screen(app) -> str:  # type: ignore[no-untyped-def]
    """The characters the terminal shows now (the whole screen, as a screenshot has it)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, color_system=None)
    console.print(app.screen._compositor.render_update(full=True))  # what save_screenshot draws
    return console.export_text()


async def seen_by_scrolling(pilot, panel: ScrollableContainer) -> str:  # type: ignore[no-untyped-def]
    """What the screen shows with the panel scrolled to its top and to its bottom, from its left edge to its right
    end in stretches narrower than the panel less a column; and that the keys scroll it there (→ a column,
    ctrl+PageDown a panel's width, to the end)."""
    await pilot.press("home")
    if panel.max_scroll_x:
        await pilot.press("right")
        assert panel.scroll_x == 1
        for _ in range(20):
            await pilot.press("ctrl+pagedown")
        assert panel.scroll_x == panel.max_scroll_x
    stretch = panel.scrollable_content_region.width - 20  # a player's column is 15 wide
    seen = []
    for y in (0, panel.max_scroll_y):
        for x in [*range(0, panel.max_scroll_x, stretch), panel.max_scroll_x]:
            panel.scroll_to(x, y, animate=False)
            await pilot.pause()
            seen.append(on_screen(pilot.app))
    return "\n".join(seen)


def played_to(players: int, rounds: int | None) -> GameController:
    """A standard game with random moves by every seat, to the start of the human's turn after ``rounds`` rounds
    (None: to its end)."""
    controller = GameController.new(find_rules("standard", players=players), ["rulebased"] * (players - 1),
                                    seed=players, pace=0, save=False)
    rng = random.Random(players)
    while not controller.over and (rounds is None or len(controller.state.sheet) < rounds
                                   or not controller.human_on_turn()):
        if controller.human_on_turn():
            controller.play(rng.choice(controller.view().legal_actions))
        else:
            controller.step_bot()
    return controller


def assert_every_column_seen(text: str, controller: GameController) -> None:
    latest = controller.state.sheet[-1]
    for seat, name in enumerate(["You", *controller.names[1:]]):
        assert re.search(rf"\b{name}\b", text), f"{name}'s column never shown"
        cell = rf"{latest.bids[seat]}/{latest.tricks[seat]}\s+{latest.points[seat]}\s+{latest.totals[seat]}(\s|$)"
        assert re.search(cell, text, re.MULTILINE), f"{name}'s total {latest.totals[seat]} never shown whole"


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_sheet_of_s_shows_every_players_column(players: int, size: tuple[int, int], snapshot) -> None:  # type: ignore[no-untyped-def]
    controller = played_to(players, rounds={4: 12, 5: 10, 6: 8}[players])  # more rows than the screen has

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, human_ready(app, controller))
            await pilot.press("s")
            await settle(pilot, lambda: isinstance(app.screen, InfoScreen))
            panel = app.screen.query_one("#panel", ScrollableContainer)
            if (players, size) == (4, (100, 30)):
                assert panel.max_scroll_x == 0  # the reported case fits: no scrolling sideways
            if (players, size) in ((4, (100, 30)), (6, (80, 24))):
                snapshot(app, f"score-sheet-{players}-players-{size[0]}x{size[1]}")
            assert_every_column_seen(await seen_by_scrolling(pilot, panel), controller)

    asyncio.run(run())


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_final_sheet_of_six_players_shows_every_column(size: tuple[int, int], snapshot) -> None:  # type: ignore[no-untyped-def]
    controller = played_to(6, rounds=None)

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, ResultsScreen))
            panel = app.screen.query_one(ScrollableContainer)
            assert panel.max_scroll_x > 0  # 6 players' sheet is wider than 100 columns
            if size == (80, 24):
                snapshot(app, "play-results-6-players-80x24")
            assert_every_column_seen(await seen_by_scrolling(pilot, panel), controller)

    asyncio.run(run())
