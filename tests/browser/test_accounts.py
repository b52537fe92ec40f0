"""Accounts in a real browser (docs/accounts.md, docs/browser.md "Accounts"): Debian's Chromium with a virtual
authenticator (accounts_support.py) against a real `wizard serve`. The ceremonies end to end: sign-up from the
lobby's header, sign-in on a second browser profile holding the same passkey, the only passkey refused removal, a
second passkey added, listed and removed, a table taken signed in (its seat marked, a guest's and the bots' marked
otherwise), and sign-out everywhere ending the other profile's session and its table's WebSocket. Then every way a
ceremony fails, said in English and German; and the screenshots of every account screen."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Locator, Page, expect

from .accounts_support import (
    Authenticator,
    account_status,
    account_url,
    add_authenticator,
    new_account,
    sign_in,
    sign_up,
    wait_signed_in,
)
from .conftest import DESKTOP, PHONE, watch_errors
from .helpers import ServerProcess
from .test_csp import PROBE as CSP_PROBE

# the page's WebSocket notes each of its closes (the server ending a signed-out session's connection) and each
# welcome (the table's first frame on every connection)
SOCKET_CLOSES = """
(() => {
  const Native = window.WebSocket;
  window.__closes = [];
  window.__welcomes = 0;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('close', (event) => window.__closes.push({ code: event.code, reason: event.reason }));
      this.addEventListener('message', (event) => { if (event.data.includes('"welcome"')) window.__welcomes += 1; });
    }
  };
})();
"""

# the answers a test provokes on purpose (a refused removal, a taken name): Chromium logs each as a console error
EXPECTED = ("status of 409", "status of 422", "status of 401")


def person(context: BrowserContext) -> tuple[Page, Authenticator]:
    """A page of its own with its authenticator; every Content-Security-Policy violation it sees is noted."""
    context.add_init_script(CSP_PROBE)
    page = watch_errors(context.new_page())
    return page, add_authenticator(page)


def violations(page: Page) -> list[str]:
    return list(page.evaluate("() => window.__violations || []"))


def unexpected(page: Page) -> list[str]:
    return [e for e in page.script_errors if not any(x in e for x in EXPECTED)]  # type: ignore[attr-defined]


def passkey_labels(page: Page) -> Locator:
    return page.locator("#passkey-list .passkey-label")


def table_with_a_guest(page: Page, new_context: Callable[..., BrowserContext]) -> Page:
    """From the lobby on ``page``: a table of four, seat 1 this page's, seat 2 a guest invited (Cy, whose page, in a
    context of its own, is returned), two bots; both take their seats and the game starts."""
    page.fill("#seat-name-1", "Cy")
    page.select_option("#seat-kind-1", "human")
    page.check("#visibility-public")  # listed under "Playing now", where the other device resumes it
    page.click("#btn-create")
    invite = page.locator("#created .invite-list .link-field").first.input_value()
    guest = watch_errors(new_context().new_page())
    guest.goto(invite)
    guest.fill("#join-name", "Cy")
    guest.click("form.join-form button[type=submit]")
    guest.wait_for_selector(".table-screen[data-seq]")
    page.click("#btn-take-seat")
    page.wait_for_selector(".table-screen[data-status='playing']")
    return guest


def test_sign_up_sign_in_elsewhere_passkeys_and_sign_out_everywhere(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot: Callable[..., object]
) -> None:
    home = account_url(server)
    ann_context = new_context()
    ann_context.add_init_script(SOCKET_CLOSES)
    ann, ann_key = person(ann_context)
    ann.goto(home)
    expect(ann.locator("#account-guest")).to_have_text("Guest")
    assert account_status(ann) == 401
    sign_up(ann, "Ann")
    expect(ann.locator("#your-name")).to_have_value("Ann")  # the forms use the account's name
    cookie = next(c for c in ann.context.cookies() if c["name"] == "wizard_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax", cookie
    assert "wizard_session" not in ann.evaluate("document.cookie")  # the page never sees its session

    # a second device holding the same (synced) passkey signs in: the browser picks it, no name is typed
    phone_context = new_context()
    phone_context.add_init_script(SOCKET_CLOSES)
    phone, phone_key = person(phone_context)
    phone_key.add(ann_key.credentials())
    phone.goto(home)
    expect(phone.locator("#account-head")).to_have_attribute("data-signed-in", "no")
    sign_in(phone, "Ann")
    assert account_status(phone) == 200

    # the account page: the only passkey cannot go
    ann.click("#btn-account")
    ann.click("#menu-account")
    wait_signed_in(ann, "Ann")
    assert ann.url.endswith("/#account")
    expect(ann.locator("#sessions-count")).to_have_text("You are signed in on 2 devices or browsers.")
    expect(passkey_labels(ann)).to_have_count(1)
    first = passkey_labels(ann).inner_text()
    ann.click("#passkey-list button")
    expect(ann.locator("#account-error")).to_contain_text("This is your only passkey")
    ann.reload()
    expect(passkey_labels(ann)).to_have_text([first])

    # a second passkey, from another authenticator (this one already holds the account's: the browser refuses it)
    ann.click("#btn-add-passkey")
    expect(ann.locator("#account-error")).to_have_text("This device already holds a passkey of this account.")
    ann_key.remove()
    add_authenticator(ann)
    ann.fill("#new-passkey-label", "Security key")
    ann.click("#btn-add-passkey")
    expect(ann.locator("#account-notice")).to_have_text("The passkey Security key was added.")
    expect(passkey_labels(ann)).to_have_text([first, "Security key"])
    expect(ann.locator("#passkey-list .passkey").nth(1)).to_contain_text("Last used: never")
    # and removed again (the synced one stays: the phone signed in with it)
    ann.click("#passkey-list .passkey:nth-child(2) button")
    expect(ann.locator("#account-notice")).to_have_text("The passkey Security key was removed.")
    expect(passkey_labels(ann)).to_have_text([first])

    # the phone takes a table signed in: its seat is the account's (◆), the guest's is not (◇), the bots are bots
    guest = table_with_a_guest(phone, new_context)
    marks = phone.eval_on_selector_all(
        "#seats .seat", "els => els.map(e => [e.dataset.seat, e.querySelector('.account-mark')?.dataset.kind || null,"
        " e.querySelector('.tag.bot') !== null, e.getAttribute('aria-label')])")
    by_seat = {int(seat): (kind, bot, label) for seat, kind, bot, label in marks}
    assert by_seat[0][:2] == ("player", False) and "signed in" in by_seat[0][2], by_seat[0]
    assert by_seat[1][:2] == ("guest", False) and "guest" in by_seat[1][2], by_seat[1]
    assert all(by_seat[seat][:2] == (None, True) for seat in (2, 3)), by_seat
    assert phone.get_attribute("#seats .seat[data-seat='0'] .account-mark", "title") == "Signed-in player"
    assert phone.evaluate("window.__closes.length") == 0

    # the first device finds the table in its lobby and resumes the account's seat there: a fresh token, from the
    # session (this browser never held one)
    table_id = phone.evaluate("JSON.parse(localStorage.getItem('wizardcards.seats'))[0].table")
    desk = watch_errors(ann_context.new_page())
    desk.goto(home)
    desk.click(f"#playing-tables .table-item[data-table='{table_id}'] .account-resume")
    desk.wait_for_selector(".table-screen[data-status='playing'] #seats .seat.me[data-seat='0']")
    assert "#token=" in desk.url
    expect(desk.locator("#hand .card")).not_to_have_count(0)

    # sign out everywhere, from the first device: every session ends, the phone's and this one, and the tables'
    # connections with them (code 4001, "signed out")
    welcomes = phone.evaluate("window.__welcomes")
    ann.click("#btn-sign-out-everywhere")
    expect(ann.locator("#account-notice")).to_have_text("Every session of your account has ended.")
    expect(ann.locator(".account-page")).to_have_attribute("data-signed-in", "no")
    assert account_status(ann) == 401
    for table_page in (phone, desk):
        table_page.wait_for_function("() => window.__closes.some((c) => c.code === 4001)")
        assert account_status(table_page) == 401
    # the seat's token still opens the seat: the page reconnects as the seat's holder, a guest now
    phone.wait_for_function("(before) => window.__welcomes > before", arg=welcomes)
    expect(phone.locator("#hand .card")).not_to_have_count(0)
    expect(phone.locator("#banner")).to_have_text(
        "\u2714 Your account was signed out. You are still at the table: this seat's link opens it.")
    screenshot(phone, "account-table-signed-out-desktop-en")
    phone.goto(home)
    expect(phone.locator("#account-head")).to_have_attribute("data-signed-in", "no")
    assert unexpected(desk) == [], unexpected(desk)
    for page in (ann, phone):
        assert unexpected(page) == [] and violations(page) == [], (unexpected(page), violations(page))
    assert unexpected(guest) == [], unexpected(guest)


def test_the_ways_a_ceremony_fails_in_english_and_german(
    server: ServerProcess, new_context: Callable[..., BrowserContext]
) -> None:
    home = account_url(server)
    owner, _key = new_account(new_context(), server, "Bea")
    watch_errors(owner)

    page, key = person(new_context())
    page.goto(home)
    # a name taken (case and width folded: NFKC), a name that reads as a bot's
    page.click("#btn-sign-up")
    for name, said in (("ｂｅａ", "The name ｂｅａ is taken. Choose another."),
                       ("Merlin", "That name cannot be an account's")):
        page.fill("#sign-up-name", name)
        page.click("#btn-sign-up-submit")
        expect(page.locator("#sign-up-status")).to_contain_text(said)
    assert key.credentials() == []  # refused before the browser was asked
    # cancelled: this device holds no passkey of the site, so the browser answers NotAllowedError
    page.click("#sign-up-to-sign-in")
    page.click("#btn-sign-in-submit")
    expect(page.locator("#sign-in-status")).to_have_text(
        "No passkey was used: the request was cancelled or timed out. Try again when you are ready.")
    assert account_status(page) == 401

    # a guest's table of bots looks as it always did: no marks (they appear once someone at the table is signed in)
    page.keyboard.press("Escape")
    page.click("#btn-create")
    page.wait_for_selector(".table-screen[data-status='playing'] #seats .seat")
    assert page.locator("#seats .account-mark").count() == 0
    assert "guest" not in (page.get_attribute("#seats .seat[data-seat='0']", "aria-label") or "")

    # German, and a browser without WebAuthn
    german = new_context()
    german.add_init_script("localStorage.setItem('wizardcards.lang', 'de'); delete window.PublicKeyCredential;")
    bare = watch_errors(german.new_page())
    bare.goto(home)
    bare.click("#btn-sign-up")
    expect(bare.locator("#passkeys-unsupported")).to_contain_text("Dieser Browser kann keine Passkeys benutzen")
    bare.fill("#sign-up-name", "Carla")
    bare.click("#btn-sign-up-submit")
    expect(bare.locator("#sign-up-status")).to_contain_text("Dieser Browser kann keine Passkeys benutzen")
    german_page, _ = person(new_context())
    german_page.goto(home)
    german_page.evaluate("localStorage.setItem('wizardcards.lang', 'de')")
    german_page.reload()
    german_page.click("#btn-sign-up")
    german_page.fill("#sign-up-name", "BEA")
    german_page.click("#btn-sign-up-submit")
    expect(german_page.locator("#sign-up-status")).to_have_text("Der Name BEA ist vergeben. Wähle einen anderen.")
    # the owner deletes the account (confirmed): signed out, and the name is free again
    owner.goto(home + "#account")
    wait_signed_in(owner, "Bea")
    owner.click("#btn-delete-account")
    expect(owner.locator("#delete-account")).to_contain_text("deleted player")
    owner.click("#delete-account-yes")
    expect(owner.locator("#account-notice")).to_have_text("Your account was deleted. You can keep playing as a guest.")
    assert account_status(owner) == 401
    german_page.fill("#sign-up-name", "BEA")
    german_page.click("#btn-sign-up-submit")
    wait_signed_in(german_page, "BEA")
    # a name with markup in it stays text: in the header, on the account page
    marked, _ = new_account(new_context(), server, "<i>Eve</i>")
    assert marked.locator("#account-head i, #account-head img").count() == 0
    marked.goto(home + "#account")
    expect(marked.locator("#account-name")).to_have_text("<i>Eve</i>")
    assert marked.locator("main i").count() == 0
    for each in (owner, page, bare, german_page):
        assert unexpected(each) == [], unexpected(each)


def test_screenshots_of_every_account_screen(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot: Callable[..., object]
) -> None:
    home = account_url(server)
    for lang, name in (("en", "Hanna"), ("de", "Ilse")):
        for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            suffix = f"{size}-{lang}"
            context = new_context(viewport=viewport)
            context.add_init_script(f"localStorage.setItem('wizardcards.lang', {lang!r})")
            page, key = person(context)
            page.goto(home)
            expect(page.locator("#account-head")).to_have_attribute("data-signed-in", "no")
            page.wait_for_selector("#open-title")  # the lists drawn
            screenshot(page, f"account-header-guest-{suffix}")
            page.click("#btn-sign-up")
            page.fill("#sign-up-name", f"{name}{size}")
            screenshot(page, f"account-sign-up-{suffix}")
            page.click("#btn-sign-up-submit")
            wait_signed_in(page, f"{name}{size}")
            page.click("#btn-account")
            screenshot(page, f"account-header-signed-in-{suffix}")
            page.keyboard.press("Escape")
            table_with_a_guest(page, new_context)
            page.wait_for_selector("#seats .seat .account-mark.guest")
            screenshot(page, f"account-seats-{suffix}")
            page.goto(home + "#account")
            wait_signed_in(page)
            key.remove()
            add_authenticator(page)
            page.fill("#new-passkey-label", "Phone" if lang == "en" else "Handy")
            page.click("#btn-add-passkey")
            page.wait_for_selector("#passkey-list .passkey:nth-child(2)")
            screenshot(page, f"account-page-{suffix}", full_page=True)
            page.click("#btn-delete-account")
            screenshot(page, f"account-delete-{suffix}")
            page.click("#delete-account-no")
            page.click("#btn-sign-out")
            expect(page.locator(".account-page")).to_have_attribute("data-signed-in", "no")
            page.click("#page-sign-in")
            screenshot(page, f"account-sign-in-{suffix}")
            assert unexpected(page) == [], unexpected(page)
            context.close()
