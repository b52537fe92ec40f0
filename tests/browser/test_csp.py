"""The page under the server's Content-Security-Policy (docs/server.md): every page the server serves carries the
policy (no inline script, no inline style, nothing from another origin, no framing) and the referrer and frame
headers, and the whole client runs under it without one violation: the lobby with its create form and the creation
answer, a table from the waiting room through a game to its end (hand, trick, dialogs, score sheet and chart, the
summary), a spectator, and the replay of the game."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Page, Response, expect

from .conftest import DESKTOP, PHONE, watch_errors
from .helpers import ServerProcess, my_turn, phase, take_simple_turn

POLICY = {
    "default-src": "'self'", "script-src": "'self'", "style-src": "'self'", "img-src": "'self' data:",
    "connect-src": "'self'", "object-src": "'none'", "base-uri": "'none'", "form-action": "'self'",
    "frame-ancestors": "'none'",
}

# every violation the page sees, reported by the browser as an event (and logged on the console as well)
PROBE = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  const where = `${event.sourceFile}:${event.lineNumber}`;
  window.__violations.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${where}`);
});
"""


class Watched:
    """A page with its CSP violations: the securitypolicyviolation events and the console's CSP messages."""

    def __init__(self, context: BrowserContext) -> None:
        context.add_init_script(PROBE)
        self.page = watch_errors(context.new_page())
        self.console: list[str] = []
        self.page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.console.append(message.text)

    def check(self, where: str) -> None:
        events = self.page.evaluate("() => window.__violations || []")
        assert events == [] and self.console == [], f"CSP violations on {where}: {events} {self.console}"
        assert self.page.script_errors == [], self.page.script_errors  # type: ignore[attr-defined]


def check_headers(response: Response | None, where: str) -> None:
    assert response is not None and response.ok, where
    headers = response.headers  # lower-case names
    policy = headers.get("content-security-policy")
    assert policy, f"{where}: no Content-Security-Policy header"
    directives = {part.split()[0]: " ".join(part.split()[1:]) for part in policy.split(";") if part.strip()}
    assert directives == POLICY, f"{where}: {policy}"
    assert headers.get("x-frame-options") == "DENY", where
    assert headers.get("referrer-policy") == "no-referrer", where
    assert headers.get("x-content-type-options") == "nosniff", where


def play_out(pages: list[Page]) -> None:
    for _ in range(200):
        if all(phase(page) == "game_over" for page in pages):
            return
        acted = False
        for page in pages:
            if my_turn(page):
                take_simple_turn(page)
                acted = True
        if not acted:
            pages[0].wait_for_timeout(40)
    raise AssertionError("the game does not end")


def test_lobby_table_and_replay_without_a_csp_violation(
    server: ServerProcess, new_context: Callable[..., BrowserContext]
) -> None:
    ann = Watched(new_context(viewport=DESKTOP))
    check_headers(ann.page.goto(server.url + "/"), "the lobby")
    expect(ann.page.locator("#create-title")).to_have_text("New table")

    # the create form, its rule options opened, a custom schedule of two cards: Ann, Cy (invited) and two bots
    ann.page.fill("#your-name", "Ann")
    ann.page.select_option("#players", "4")
    ann.page.select_option("#seat-kind-1", "human")
    ann.page.fill("#seat-name-1", "Cy")
    ann.page.select_option("#seat-kind-2", "rulebased")
    ann.page.select_option("#seat-kind-3", "rulebased")
    ann.page.click(".options-box summary")
    ann.page.select_option("#opt-schedule", "custom")
    ann.page.fill("#opt-custom_hand_sizes", "2")
    ann.page.click("#btn-create")
    created = ann.page.locator("#created")
    expect(created).to_contain_text("Table ready")
    cy_link = created.locator("input[aria-label='Invite link for Cy']").input_value()
    spectator = created.locator("input[aria-label='Spectator link']").input_value()
    ann.check("the lobby and its creation answer")

    # the waiting room (its invite link to copy), then Cy's invite page, then the game played out on both pages
    ann.page.click("#btn-take-seat")
    expect(ann.page.locator("#waiting-room")).to_contain_text("Cy — not joined yet")
    cy = Watched(new_context(viewport=PHONE))
    check_headers(cy.page.goto(cy_link), "an invite page")
    cy.page.fill("#join-name", "Cy")
    cy.page.click("form.join-form button[type=submit]")
    cy.page.wait_for_url(re.compile(r"/play#token=[\w-]+$"))
    for watched in (ann, cy):
        watched.page.wait_for_selector(".table-screen[data-status='playing']")
    watcher = Watched(new_context(viewport=PHONE))
    check_headers(watcher.page.goto(spectator), "a spectator's page")
    watcher.page.wait_for_selector(".table-screen.spectator[data-seq]")
    ann.page.keyboard.press("?")  # a dialog
    expect(ann.page.locator("dialog#dialog h2")).to_have_text("Keyboard")
    ann.page.keyboard.press("Escape")
    cy.page.click("#btn-scores")  # the phone's score panel
    cy.page.click("#scores-panel .close")
    play_out([ann.page, cy.page])
    for watched in (ann, cy):
        expect(watched.page.locator("#summary h2")).to_have_text("Game over")
        expect(watched.page.locator("#summary svg.chart")).to_have_count(1)
    ann.check("a table (Ann, desktop)")
    cy.check("a table (Cy, phone)")
    watcher.page.wait_for_selector(".table-screen[data-phase='game_over']")
    watcher.check("a spectator's table")

    # the replay of the game, stepped to its end
    with ann.page.expect_navigation():
        ann.page.locator("#summary a[href^='/replay/']").click()
    # reloaded, not opened again: a private table's replay link differs from the page only by its fragment (its
    # credential), and a navigation to the same address with another fragment loads nothing
    check_headers(ann.page.reload(), "a replay")
    expect(ann.page.locator("#step-text")).to_contain_text("Step 0 of")
    ann.page.keyboard.press("End")
    expect(ann.page.locator(".replay-result .ranking li")).to_have_count(4)
    ann.check("a replay")
