"""The lobby on a phone (390 x 844): create a table with an open seat, a seat for an invited person and a bot; a
second person joins the open seat from the list of waiting tables, the creator takes their seat and waits, the invited
person comes in by their invite link (a code in the fragment, exchanged for the seat's own token), and a spectator
watches. Every credential travels in a URL fragment, never in a query string."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import httpx
from playwright.sync_api import BrowserContext, Page, expect

from wizardcards.bots.names import bot_name

from .conftest import PHONE, watch_errors
from .helpers import ServerProcess, create_table


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a {PHONE['width']} px screen"


def test_lobby_on_a_phone_create_invite_join_and_watch(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    ann = watch_errors(new_context(viewport=PHONE).new_page())
    ann.goto(server.url + "/")
    expect(ann.locator("#create-title")).to_have_text("New table")
    ann.fill("#your-name", "Ann")
    ann.click("label[for=game-wizard]")
    ann.select_option("#players", "4")
    expect(ann.locator("#seat-list li")).to_have_count(4)
    ann.select_option("#seat-kind-1", "open")  # anyone may take it from the lobby
    ann.select_option("#seat-kind-2", "human")  # only Cy's link takes this one
    ann.fill("#seat-name-2", "Cy")
    ann.select_option("#seat-kind-3", "rulebased")
    ann.select_option("#preset", "quick")
    expect(ann.locator("#preset-note")).to_contain_text("1, 3, 5")
    ann.click(".options-box summary")
    expect(ann.locator("#opt-hidden_bids")).to_be_visible()  # single rule options from GET /meta
    ann.check("#opt-hidden_bids")
    no_sideways_scroll(ann)
    screenshot(ann, "lobby-phone-form", full_page=True)
    ann.click("#btn-create")

    created = ann.locator("#created")
    expect(created).to_contain_text("Table ready")
    cy_link = created.locator("input[aria-label='Invite link for Cy']").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/play#invite=[\w-]+", cy_link)
    # the open seat has no link (Join hands it out, with its own token), and Ann's own seat is hers alone
    open_row = created.locator("li[data-seat='1']")
    expect(open_row).to_contain_text("open: anyone can join it from the lobby")
    expect(open_row.locator("input")).to_have_count(0)
    spectator = created.locator("input[aria-label='Spectator link']").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/play#watch=[\w-]+", spectator)
    expect(created.locator("button.copy")).to_have_count(2)  # Cy's invite and the spectators' link
    ann_link = created.locator("#btn-take-seat").get_attribute("href") or ""
    assert re.fullmatch(r"/play#token=[\w-]+", ann_link), ann_link
    no_sideways_scroll(ann)
    screenshot(ann, "lobby-phone-created", full_page=True)

    table_id = ann.evaluate(
        "() => Object.keys(localStorage).find(k => k.startsWith('wizardcards.created.')).split('.').pop()"
    )

    # the table is listed as waiting, with the hidden-bids rule named; Join asks for a name first
    bea = watch_errors(new_context(viewport=PHONE).new_page())
    bea.goto(server.url + "/")
    item = bea.locator(f"#open-tables .table-item[data-table='{table_id}']")
    expect(item).to_contain_text("Ann")
    expect(item).to_contain_text("open seat")
    expect(item).to_contain_text("Hidden bids")
    no_sideways_scroll(bea)
    screenshot(bea, "lobby-phone-lists", full_page=True)
    item.get_by_role("button", name=re.compile("^Join")).click()
    expect(bea.locator("#lobby-error")).to_contain_text("name")
    bea.fill("#your-name", "Bea")
    item.get_by_role("button", name=re.compile("^Join")).click()
    bea.wait_for_url(re.compile(r"/play#token=[\w-]+$"))
    bea.wait_for_selector(".table-screen[data-status='waiting']")
    expect(bea.locator("#seats")).to_contain_text("Bea")
    # Cy's seat is for Cy: the table is no longer offered to strangers
    bea.goto(server.url + "/")
    expect(bea.locator("#open-tables h2")).to_be_visible()
    expect(bea.locator(f"#open-tables .table-item[data-table='{table_id}']")).to_have_count(0)
    bea.go_back()

    # Ann sits down with her own link and waits for Cy, whose link she can copy again from the waiting room
    ann.click("#btn-take-seat")
    waiting = ann.locator("#waiting-room")
    expect(waiting).to_contain_text("Waiting for players")
    expect(waiting).to_contain_text("Cy — not joined yet")
    expect(waiting.locator("input.link-field")).to_have_value(cy_link)
    screenshot(ann, "table-phone-waiting", full_page=True)
    cy = watch_errors(new_context(viewport=PHONE).new_page())
    cy.goto(cy_link)
    expect(cy.locator("#join-name")).to_be_visible()
    no_sideways_scroll(cy)
    screenshot(cy, "invite-phone", full_page=True)
    cy.fill("#join-name", "Cy")
    cy.click("form.join-form button[type=submit]")
    cy.wait_for_url(re.compile(r"/play#token=[\w-]+$"))  # the code was exchanged for Cy's own token
    for page in (ann, bea, cy):
        page.wait_for_selector(".table-screen[data-status='playing']")
        expect(page.locator("#seats")).to_contain_text("Cy")
    expect(ann.locator("#seats .seat.me")).to_contain_text("Ann")
    no_sideways_scroll(ann)
    # the invite link is used up: opened again in Cy's browser it is Cy's seat, in another browser it takes nothing
    cy_again = watch_errors(cy.context.new_page())
    cy_again.goto(cy_link)
    cy_again.wait_for_selector(".table-screen[data-status='playing']")
    expect(cy_again.locator("#seats .seat.me")).to_contain_text("Cy")
    cy_again.close()
    stranger = watch_errors(new_context(viewport=PHONE).new_page())
    stranger.goto(cy_link)  # the invite page finds the code used (POST /invites/preview): nothing to accept
    expect(stranger.locator("main h1")).to_have_text("This invite link was used")
    # the browser logs the 404 answer as a resource that failed to load; nothing else went wrong on that page
    assert all("404" in error for error in stranger.script_errors), stranger.script_errors  # type: ignore[attr-defined]

    # a spectator sees the table, no hand and no chat box
    watcher = watch_errors(new_context(viewport=PHONE).new_page())
    watcher.goto(spectator)
    watcher.wait_for_selector(".table-screen.spectator[data-seq]")
    expect(watcher.locator("#game-info")).to_contain_text("Watching")
    expect(watcher.locator("#hand")).to_be_hidden()
    expect(watcher.locator("#chat-form")).to_have_attribute("hidden", "")

    # back in the lobby, Ann's browser lists her game with Resume, and the table as playing with Watch
    lobby = ann.context.new_page()
    lobby.goto(server.url + "/")
    expect(lobby.locator("#my-games")).to_contain_text("Resume")
    playing = lobby.locator("#playing-tables .table-item").first
    expect(playing.get_by_role("link", name=re.compile("Watch"))).to_be_visible()
    for page in (ann, bea, cy, watcher):
        assert page.script_errors == []  # type: ignore[attr-defined]


def test_the_lists_come_a_page_at_a_time_newest_first(server: ServerProcess, page: Page, screenshot) -> None:
    # sixteen games of bots, one card each, that play themselves out: one more than a page of finished games. One
    # client may run only bot_tables_per_client of them at once, so each is created when the one before is over.
    bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe", "Nimue")]
    one_card = {"schedule": "custom", "custom_hand_sizes": [1]}
    mine: set[str] = set()
    deadline = time.monotonic() + 60
    for _ in range(16):
        mine.add(create_table(server, bots, options=one_card)["id"])
        while not mine <= {t["id"] for t in server.get("/tables?status=finished&limit=200")["tables"]}:
            assert time.monotonic() < deadline, "the bots' games did not finish"
            time.sleep(0.05)
    total = server.get("/tables?status=finished&limit=1")["total"]

    page.goto(server.url + "/")
    finished = page.locator("#finished-tables")
    items = finished.locator(".table-item")
    expect(items).to_have_count(15)
    pager = finished.locator("nav.pager")
    expect(pager).to_contain_text(f"1–15 of {total}")
    expect(pager.get_by_role("button", name="‹ Newer")).to_be_disabled()
    first_page = set(items.evaluate_all("els => els.map(e => e.dataset.table)"))
    assert first_page <= mine  # the newest games first: these sixteen are the newest finished ones
    pager.get_by_role("button", name="Older ›").click()
    expect(pager).to_contain_text(f"16–{min(total, 30)} of {total}")
    finished.scroll_into_view_if_needed()
    screenshot(page, "lobby-desktop-pages")
    assert items.first.get_attribute("data-table") in mine - first_page
    pager.get_by_role("button", name="‹ Newer").click()
    expect(pager).to_contain_text(f"1–15 of {total}")
    assert page.script_errors == []  # type: ignore[attr-defined]


def panel_tops(page: Page) -> dict[str, float]:
    """The top of the create form and of every visible panel of the lobby, in px from the page's top."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#main.lobby > .card-panel')]
        .filter((el) => !el.hidden).map((el) => [el.id, el.getBoundingClientRect().top + scrollY]))""")


def create_with_an_invited_person(page: Page, server: ServerProcess, choices: dict[str, str] | None = None) -> None:
    """Ann creates a table in the lobby with Bo invited to seat 2 (the lobby stays, with the "Table ready" panel),
    and the form's selects set to ``choices`` (selector: value)."""
    page.goto(server.url + "/")
    page.fill("#your-name", "Ann")
    page.select_option("#seat-kind-1", "human")
    page.fill("#seat-name-1", "Bo")
    for selector, value in (choices or {}).items():
        page.select_option(selector, value)
    page.click("#btn-create")
    expect(page.locator("#created")).to_be_visible()


def test_desktop_lobby_form_level_with_the_right_column(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    """The "New table" card starts level with the first panel of the right column: with "Your games" shown, and with
    the "Table ready" panel just after creating a table (it used to sit 70-100 px lower)."""
    page = watch_errors(new_context().new_page())
    create_with_an_invited_person(page, server)
    tops = panel_tops(page)
    assert abs(tops["create-form"] - tops["created"]) <= 1, tops
    page.reload()
    expect(page.locator("#my-games")).to_be_visible()  # Ann's seat, under "Your games"
    tops = panel_tops(page)
    assert "created" not in tops
    assert abs(tops["create-form"] - tops["my-games"]) <= 1, tops
    assert tops["open-tables"] > tops["my-games"]
    screenshot(page, "lobby-desktop-your-games")
    assert page.script_errors == []  # type: ignore[attr-defined]


# the width of an option's text in the select's font, and the room the select gives it (its inner width, less the
# drop-down arrow): the text a phone shows in the closed select is cut where it does not fit
FITS = """(select) => {
  const style = getComputedStyle(select);
  const context = document.createElement('canvas').getContext('2d');
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 18;
  return [...select.options].map((option) => [option.text, Math.ceil(context.measureText(option.text).width), room]);
}"""


def test_phone_seat_selects_show_the_bot_level(
    server: ServerProcess, new_context: Callable[..., BrowserContext]
) -> None:
    for lang, level in (("en", "level 3"), ("de", "Stufe 3")):
        context = new_context(viewport=PHONE)
        context.add_init_script(f"localStorage.setItem('wizardcards.lang', {lang!r})")
        page = watch_errors(context.new_page())
        page.goto(server.url + "/")
        page.select_option("#players", "6")
        expect(page.locator("#seat-list li")).to_have_count(6)
        for seat in range(1, 6):
            select = page.locator(f"#seat-kind-{seat}")
            widths = select.evaluate(FITS)
            too_wide = [(text, width, room) for text, width, room in widths if width > room]
            assert too_wide == [], f"{lang}, seat {seat + 1}: cut off on a phone: {too_wide}"
            assert any(level in text for text, _, _ in widths)
        no_sideways_scroll(page)
    # the name and the kind of a seat side by side still fit on a desktop
    wide = watch_errors(new_context().new_page())
    wide.goto(server.url + "/")
    name_box = wide.locator("#seat-name-1").bounding_box()
    kind_box = wide.locator("#seat-kind-1").bounding_box()
    assert name_box and kind_box and abs(name_box["y"] - kind_box["y"]) < 2 and kind_box["x"] > name_box["x"]
    widths = wide.locator("#seat-kind-1").evaluate(FITS)
    too_wide = [(text, width, room) for text, width, room in widths if width > room]
    assert too_wide == [], too_wide


def test_own_seat_opened_on_a_second_device_is_not_an_invitation(
    server: ServerProcess, new_context: Callable[..., BrowserContext]
) -> None:
    """Ann's own seat link (the lobby's "Take your seat"), opened in another browser, asks her name to sit down again:
    it does not tell her she was invited (an invite link does)."""
    page = watch_errors(new_context().new_page())
    page.goto(server.url + "/")
    page.fill("#your-name", "Ann")
    page.select_option("#seat-kind-1", "human")
    page.fill("#seat-name-1", "Bo")
    page.click("#btn-create")
    own = page.locator("#btn-take-seat").get_attribute("href") or ""
    invite = page.locator("#created input[aria-label='Invite link for Bo']").input_value()
    second = watch_errors(new_context().new_page())
    second.goto(server.url + own)
    expect(second.locator("#join-name")).to_be_visible()
    said = second.inner_text("form.join-form")
    assert "invited" not in said, said
    assert "your seat's own link" in said, said
    bo = watch_errors(new_context().new_page())
    bo.goto(invite)
    expect(bo.locator("form.join-form")).to_contain_text("You are invited")


def test_the_bots_pace_is_chosen_with_the_table(server: ServerProcess, page: Page) -> None:
    create_with_an_invited_person(page, server, {"#bot-pace": "0.3"})
    # an invite table is private (listed nowhere): read with Ann's seat token, as her lobby does
    seat = page.evaluate("() => JSON.parse(localStorage.getItem('wizardcards.seats'))[0]")
    newest = httpx.get(f"{server.url}/tables/{seat['table']}", headers={"Authorization": f"Bearer {seat['token']}"},
                       timeout=20).json()
    assert newest["bot_pace"] == 0.3 and newest["names"][0] == "Ann"
    # the bots left unnamed are named by their seats from the server's list, the terminal's names too
    assert newest["bots"][2:] == ["search:level=3"] * 2
    assert newest["names"][2:] == [bot_name(2), bot_name(3)] == ["Circe", "Prospero"]


def test_the_host_frees_a_seat_joined_by_someone_who_never_came(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    """Ann's table has an open seat; a stranger joins it and never comes. Under "Your games" Ann's lobby offers to
    free that seat (she created the table and holds its creator's seat), and after the click it is open again."""
    ann = watch_errors(new_context().new_page())
    ann.goto(server.url + "/")
    ann.fill("#your-name", "Ann")
    ann.select_option("#seat-kind-1", "open")
    ann.select_option("#seat-kind-2", "human")
    ann.fill("#seat-name-2", "Bo")
    ann.click("#btn-create")
    expect(ann.locator("#created")).to_be_visible()
    table_id = ann.evaluate(
        "() => Object.keys(localStorage).find(k => k.startsWith('wizardcards.created.')).split('.').pop()"
    )
    joined = server.post(f"/tables/{table_id}/join", {"name": "Squatter"})
    assert joined["seat"] == 1
    ann.reload()
    mine = ann.locator(f"#my-games .table-item[data-table='{table_id}']")
    free = mine.get_by_role("button", name=re.compile("^Free seat 2"))
    expect(free).to_be_visible()
    expect(mine.get_by_role("link", name="Resume")).to_be_visible()
    screenshot(ann, "lobby-desktop-free-seat")
    free.click()
    expect(free).to_have_count(0)
    summary = server.get(f"/tables/{table_id}")
    assert summary["open_seats"] == 1 and summary["players"][1]["claimed"] is False, summary["players"]
    expect(ann.locator(f"#open-tables .table-item[data-table='{table_id}']")).to_be_visible()  # joinable again
    assert ann.script_errors == []  # type: ignore[attr-defined]
