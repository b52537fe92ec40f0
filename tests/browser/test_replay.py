"""The replay of a finished game: listed in the lobby, opened from there, stepped through with buttons and keys, every
hand shown at every step and equal to the game's record."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from wizardcards.core import GameRecord, replay_states
from wizardcards.core.cards import cards_of

from .helpers import ServerProcess, create_table


def hands_on_screen(page: Page) -> list[list[int]]:
    return page.eval_on_selector_all(
        "#replay-seats .replay-seat",
        "seats => seats.map(s => [...s.querySelectorAll('.mini-card')].map(c => Number(c.dataset.card)))",
    )


def test_replay_of_a_finished_game_shows_every_hand(server: ServerProcess, page: Page, screenshot) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe", "Nimue")]
    table = create_table(server, bots, preset="standard", options={"schedule": "custom", "custom_hand_sizes": [1, 3]})
    page.goto(server.url + "/")  # a table of bots plays itself out at once
    item = page.locator(f"#finished-tables .table-item[data-table='{table['id']}']")
    expect(item).to_contain_text("Merlin")
    screenshot(page, "lobby-desktop", full_page=True)
    item.get_by_role("link", name=re.compile("^Replay")).click()
    page.wait_for_url(re.compile(rf"/replay/{table['id']}$"))

    record = GameRecord.from_dict(server.get(f"/tables/{table['id']}/record"))
    truth = [[sorted(cards_of(mask)) for mask in state.hands] for state in replay_states(record)]
    last = len(record.actions)
    expect(page.locator("#step-text")).to_contain_text(f"Step 0 of {last}: The deal")
    assert [sorted(h) for h in hands_on_screen(page)] == truth[0]
    assert [len(h) for h in truth[0]] == [1, 1, 1, 1]

    page.click("#replay-next")
    expect(page.locator("#step-text")).to_contain_text(f"Step 1 of {last}")
    assert [sorted(h) for h in hands_on_screen(page)] == truth[1]
    page.keyboard.press("End")
    expect(page.locator("#step-text")).to_contain_text(f"Step {last} of {last}")
    expect(page.locator(".replay-result .ranking li")).to_have_count(4)
    expect(page.locator("table.sheet tbody tr")).to_have_count(2)
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    expect(page.locator("#step-text")).to_contain_text(f"Step {last - 5} of {last}")
    assert [sorted(h) for h in hands_on_screen(page)] == truth[last - 5]
    screenshot(page, "replay-desktop", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "replay-phone", full_page=True)
    assert page.script_errors == []  # type: ignore[attr-defined]


def test_replay_of_a_game_in_progress_is_refused(server: ServerProcess, page: Page) -> None:
    table = create_table(server, [{"name": "Ann"}, *({"name": f"Bot {n}", "bot": "rulebased"} for n in (2, 3, 4))])
    page.goto(f"{server.url}/replay/{table['id']}")
    expect(page.locator("main h1")).to_have_text("No replay")
    expect(page.locator("main")).to_contain_text("not over yet")
