"""Private tables in the browser (issue 26, item 5): the lobby lists a public table being played and never a private
one (a stranger's lobby holds no trace of it: not its id, not its players' names); the create form's Public/Private
choice follows the seats; the invite page says who invites, the game, the rules, the timer and who sits where, and
fills in the name the host gave the seat; and an account accepts an invitation by name from its lobby.

The account is signed up as the accounts' own sign-up stores one (a row of ``accounts`` and a session opened with
``sessions.Sessions``, its cookie set in the browser): the passkey ceremony itself is the accounts' tests' business."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from datetime import UTC, datetime

import httpx
from playwright.sync_api import Browser, BrowserContext, expect
from sqlalchemy import insert

from wizardcards.server.accounts import name_key
from wizardcards.server.db import AccountRow, make_engine
from wizardcards.server.sessions import SESSION_COOKIE, Sessions

from .conftest import DESKTOP, PHONE, watch_errors
from .helpers import ServerProcess, create_table, open_seat, seat_entry

HIDDEN_HOST = "Xochiquetzal"  # the private table's players: a name that appears nowhere else
BOTS = [{"name": "Morgana", "bot": "rulebased"}, {"name": "Circe", "bot": "rulebased"}]


def in_language(browser: Browser, locale: str, viewport: dict[str, int]) -> BrowserContext:
    context = browser.new_context(viewport=viewport, device_scale_factor=1, locale=locale)
    context.set_default_timeout(20_000)
    context.add_init_script("localStorage.setItem('wizardcards.speed', JSON.stringify('off'))")
    return context


def test_the_lobby_lists_a_public_table_and_never_a_private_one(
    server: ServerProcess, new_context: Callable[..., BrowserContext], browser: Browser, screenshot
) -> None:
    public = create_table(server, [{"name": "Open Olga", "claimed": True}, *BOTS], players=3, preset="quick")
    hidden = create_table(server, [{"name": HIDDEN_HOST, "claimed": True}, *BOTS], players=3, preset="quick",
                          visibility="private")
    assert (public["visibility"], hidden["visibility"]) == ("public", "private")
    players = []
    for table, name in ((public, "Open Olga"), (hidden, HIDDEN_HOST)):  # each host takes their seat: the games start
        page = watch_errors(new_context().new_page())
        open_seat(page, server, seat_entry(table, 0), name)
        players.append(page)
    stranger = watch_errors(new_context().new_page())
    stranger.goto(server.url + "/")
    playing = stranger.locator("#playing-tables")
    expect(playing.locator(f".table-item[data-table='{public['id']}']")).to_contain_text("Open Olga")
    expect(playing.get_by_role("link", name=re.compile("^Watch"))).not_to_have_count(0)
    stranger.wait_for_timeout(500)
    html = stranger.content()
    assert hidden["id"] not in html and HIDDEN_HOST not in html and hidden["spectator_token"] not in html
    # the host's own lobby lists it under "Your games", marked private, and nowhere else
    host = players[1]
    host.goto(server.url + "/")
    mine = host.locator(f"#my-games .table-item[data-table='{hidden['id']}']")
    expect(mine).to_contain_text("Private")
    expect(host.locator(f"#playing-tables .table-item[data-table='{hidden['id']}']")).to_have_count(0)
    # the create form: the choice follows the seats, and says the default
    for locale, lang in (("en-GB", "en"), ("de-DE", "de")):
        for viewport, size in ((DESKTOP, "desktop"), (PHONE, "phone")):
            page = watch_errors(in_language(browser, locale, viewport).new_page())
            page.goto(server.url + "/")
            page.select_option("#seat-kind-1", "human")  # an invited seat: private by default
            expect(page.locator("#visibility-private")).to_be_checked()
            expect(page.locator("#visibility-note")).to_contain_text("Private" if lang == "en" else "Privat")
            page.locator("#visibility").scroll_into_view_if_needed()
            screenshot(page, f"lobby-visibility-{size}-{lang}")
            page.select_option("#seat-kind-2", "open")  # an open seat: public, and private cannot be chosen
            expect(page.locator("#visibility-public")).to_be_checked()
            expect(page.locator("#visibility-private")).to_be_disabled()
            page.context.close()


def test_the_invite_page_says_who_invites_the_game_rules_timer_and_seats(
    server: ServerProcess, browser: Browser, screenshot
) -> None:
    seats = [{"name": "Ann", "claimed": True}, {"name": "Bo"}, {"name": "anyone", "open": True},
             {"name": "Morgana", "bot": "search:level=2"}]
    for locale, lang in (("en-GB", "en"), ("de-DE", "de")):
        table = create_table(server, seats, preset="quick", options={"hidden_bids": True}, turn_seconds=60)
        for viewport, size in ((DESKTOP, "desktop"), (PHONE, "phone")):
            page = watch_errors(in_language(browser, locale, viewport).new_page())
            page.goto(server.url + seat_entry(table, 1)["link"])
            invite = page.locator("#invite")
            expect(invite.locator("#invite-host")).to_contain_text("Ann")
            expect(invite.locator("#invite-host")).to_contain_text("Wizard")
            expect(invite.locator("#invite-rules")).to_contain_text("Quick" if lang == "en" else "Schnell")
            expect(invite.locator("#invite-options")).to_contain_text("Hidden bids" if lang == "en" else "Verdeckte")
            expect(invite.locator("#invite-timer")).to_contain_text("60 s")
            rows = invite.locator("#invite-seats li")
            expect(rows).to_have_count(4)
            expect(rows.nth(0)).to_contain_text("Ann")
            expect(rows.nth(0)).to_contain_text("host" if lang == "en" else "lädt ein")
            expect(rows.nth(1)).to_contain_text("Bo")
            expect(rows.nth(1)).to_contain_text("your seat" if lang == "en" else "dein Platz")
            expect(rows.nth(2)).to_contain_text("open seat" if lang == "en" else "offener Platz")
            expect(rows.nth(3)).to_contain_text("Morgana")
            expect(rows.nth(3)).to_contain_text("bot" if lang == "en" else "Bot")
            expect(page.locator("#join-name")).to_have_value("Bo")  # the name the host gave the seat
            screenshot(page, f"invite-page-{size}-{lang}", full_page=True)
            if size == "phone":
                width = page.evaluate("() => document.documentElement.scrollWidth")
                assert width <= PHONE["width"], f"the invite page is {width} px wide on a phone"
                page.click("#btn-accept")  # the seat, as Bo
                page.wait_for_selector(".table-screen[data-seq]")
                assert "#token=" in page.url
                summary = httpx.get(f"{server.url}/tables/{table['id']}", timeout=20).json()
                assert summary["names"][1] == "Bo" and summary["players"][1]["claimed"] is True
            page.context.close()


def signed_up(server: ServerProcess, name: str) -> str:
    """An account as sign-up stores one, and a session for it: the session id its cookie carries."""
    engine = make_engine(f"sqlite:///{server.db}")
    try:
        account_id = secrets.token_hex(16)
        with engine.begin() as db:
            db.execute(insert(AccountRow), [{"id": account_id, "name": name, "name_key": name_key(name),
                                             "kind": "person", "created_at": datetime.now(UTC)}])
        return Sessions(engine).open(account_id)
    finally:
        engine.dispose()


def test_an_account_accepts_an_invitation_from_its_lobby(
    server: ServerProcess, browser: Browser, screenshot
) -> None:
    name = f"Dora {secrets.token_hex(3)}"
    session = signed_up(server, name)
    for locale, lang, viewport, size in (("de-DE", "de", PHONE, "phone"), ("en-GB", "en", DESKTOP, "desktop"),
                                         ("en-GB", "en", PHONE, "phone"), ("de-DE", "de", DESKTOP, "desktop")):
        table = create_table(server, [{"name": HIDDEN_HOST, "claimed": True}, {"name": "Guest"}, *BOTS[:1]],
                             players=3, visibility=None)  # the default for an invite table
        assert table["visibility"] == "private"
        host = seat_entry(table, 0)["token"]
        made = httpx.post(f"{server.url}/tables/{table['id']}/seats/1/invite-account", json={"name": name.upper()},
                          headers={"Authorization": f"Bearer {host}"}, timeout=20)
        assert made.status_code == 201, made.text
        context = in_language(browser, locale, viewport)
        context.add_cookies([{"name": SESSION_COOKIE, "value": session, "url": server.url}])
        page = watch_errors(context.new_page())
        page.goto(server.url + "/")
        item = page.locator(f"#invitations .table-item[data-table='{table['id']}']")
        expect(item).to_contain_text(HIDDEN_HOST)
        expect(item.get_by_role("link")).to_have_count(1)  # Watch: the invited account may watch the private table
        screenshot(page, f"lobby-invitations-{size}-{lang}", full_page=size == "phone")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"the lobby is {width} px wide on a {viewport['width']} px screen"
        item.locator("button.primary").click()  # Accept
        page.wait_for_selector(".table-screen[data-seq]")
        assert re.search(r"/play#token=[\w-]+$", page.url), page.url
        summary = httpx.get(f"{server.url}/tables/{table['id']}", headers={"Authorization": f"Bearer {host}"},
                            timeout=20).json()
        assert summary["names"][1] == name and summary["players"][1]["claimed"] is True
        # a guest's browser sees no invitation, and the table is nowhere in its lobby
        guest = watch_errors(in_language(browser, locale, viewport).new_page())
        guest.goto(server.url + "/")
        expect(guest.locator("#open-tables h2")).to_be_visible()
        guest.wait_for_timeout(500)
        assert guest.locator("#invitations").is_hidden() and table["id"] not in guest.content()
        guest.context.close()
        context.close()


def test_the_host_invites_an_account_by_name_when_the_table_is_ready(
    server: ServerProcess, browser: Browser, screenshot
) -> None:
    name = f"Emil {secrets.token_hex(3)}"
    signed_up(server, name)
    for locale, lang, viewport, size in (("en-GB", "en", DESKTOP, "desktop"), ("de-DE", "de", PHONE, "phone")):
        page = watch_errors(in_language(browser, locale, viewport).new_page())
        page.goto(server.url + "/")
        page.fill("#your-name", "Hana")
        page.select_option("#players", "3")
        page.select_option("#seat-kind-1", "human")
        page.fill("#seat-name-1", "Emil")
        page.select_option("#seat-kind-2", "rulebased")
        page.click("#btn-create")
        created = page.locator("#created")
        expect(created.locator("#created-private")).to_be_visible()  # an invite table: private, and it says so
        row = created.locator("li[data-seat='1']")
        row.locator("input[id='invite-account-1']").fill("Nobody At All")
        row.locator("form.account-invite button").click()
        expect(row.locator("form.account-invite [role=status]")).to_contain_text("no account")
        row.locator("input[id='invite-account-1']").fill(name.lower())
        row.locator("form.account-invite button").click()
        expect(row.locator("form.account-invite [role=status]")).to_contain_text(name)
        created.scroll_into_view_if_needed()
        screenshot(page, f"lobby-created-private-{size}-{lang}", full_page=size == "phone")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"the lobby is {width} px wide on a {viewport['width']} px screen"
        page.context.close()
