"""An address with no page (an old link such as /rules, a mistyped one): the browser gets a 404 with a page that says
so in the lobby's language and links to the lobby, not the API's raw JSON."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect

from .conftest import PHONE
from .helpers import ServerProcess


def test_an_unknown_address_says_so_in_the_lobbys_language_and_leads_to_the_lobby(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot
) -> None:
    page = new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))  # the 404 itself is logged: not an error here
    response = page.goto(server.url + "/rules")
    assert response is not None and response.status == 404
    expect(page.locator("main h1")).to_have_text("There is no page here")
    expect(page.locator("main p")).to_contain_text("no page at /rules")
    assert "{" not in page.inner_text("body")  # no JSON
    expect(page).to_have_title("There is no page here")
    screenshot(page, "not-found-desktop")
    page.click("main a.button")
    page.wait_for_selector("#create-title")
    assert page.url == server.url + "/"

    # German chosen in the lobby (its language switch, remembered by this browser): the page follows it
    page.select_option(".lobby-head .language-select", "de")
    page.wait_for_selector("html[lang=de]")
    page.goto(server.url + "/spielregeln/alt")
    expect(page.locator("main h1")).to_have_text("Hier gibt es keine Seite")
    expect(page.locator("main a.button")).to_have_text("Zur Lobby")
    expect(page.locator("main a.button")).to_have_attribute("href", "/")
    assert re.search("Unter /spielregeln/alt hat dieser Server keine Seite", page.inner_text("main"))
    screenshot(page, "not-found-desktop-de")
    assert errors == []

    phone = new_context(viewport=PHONE).new_page()
    phone.goto(server.url + "/rules")
    expect(phone.locator("main a.button")).to_be_in_viewport()
    screenshot(phone, "not-found-phone")
