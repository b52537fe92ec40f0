"""Passkeys in the browser tests: a virtual authenticator on a page (the Chrome DevTools Protocol's ``WebAuthn``
domain), and the account ceremonies done by clicking, as a person does them.

    authenticator = add_authenticator(page)       # before the page's first ceremony
    page.goto(account_url(server))                # WebAuthn needs a name, not 127.0.0.1: http://localhost:<port>/
    sign_up(page, "Ann")                          # the header's *Create account*, the name, the passkey
    page, authenticator = new_account(new_context(), server, "Bea")   # all three at once, in a fresh profile
    other = add_authenticator(second_page)
    other.add(authenticator.credentials())        # the same passkey on a second device (a synced passkey)
    sign_in(second_page)

The authenticator is CTAP2, built in ("internal"), with resident keys (discoverable credentials: sign-in asks no
name) and user verification that always succeeds; presence is simulated, so a ceremony completes without a click.
One lives as long as its page's CDP session; each page (each context) needs its own. An authenticator holding no
passkey of the site makes the browser answer a sign-in with ``NotAllowedError`` at once: what a person cancelling
the browser's prompt gives the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import BrowserContext, CDPSession, Page

from .helpers import ServerProcess

AUTHENTICATOR = {
    "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
    "isUserVerified": True, "automaticPresenceSimulation": True,
}


@dataclass
class Authenticator:
    """A virtual authenticator of one page."""

    cdp: CDPSession
    id: str

    def credentials(self) -> list[dict[str, Any]]:
        """Every passkey it holds (CDP ``WebAuthn.Credential``: id, rpId, private key, user handle, sign count)."""
        return list(self.cdp.send("WebAuthn.getCredentials", {"authenticatorId": self.id})["credentials"])

    def add(self, credentials: list[dict[str, Any]]) -> None:
        """Put passkeys of another authenticator in this one (a passkey synced to a second device)."""
        for credential in credentials:
            self.cdp.send("WebAuthn.addCredential", {"authenticatorId": self.id, "credential": credential})

    def clear(self) -> None:
        """Forget every passkey (the device's passkey deleted by its owner)."""
        self.cdp.send("WebAuthn.clearCredentials", {"authenticatorId": self.id})

    def remove(self) -> None:
        """Take the authenticator away (a security key pulled out): the page's next ceremony needs another."""
        self.cdp.send("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": self.id})


def add_authenticator(page: Page) -> Authenticator:
    """A virtual authenticator for ``page`` (and what it opens in the same tab)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    return Authenticator(cdp, made["authenticatorId"])


def account_url(server: ServerProcess, path: str = "/") -> str:
    """The server's address by name: browsers refuse passkeys on an IP address, and the server takes its relying
    party's id from the address it is asked at (docs/accounts.md)."""
    return server.url.replace("127.0.0.1", "localhost") + path


def sign_up(page: Page, name: str) -> None:
    """Create the account ``name`` from the header of the page shown (the lobby or the account page)."""
    page.click("#btn-sign-up, #page-sign-up")
    page.fill("#sign-up-name", name)
    page.click("#btn-sign-up-submit")
    wait_signed_in(page, name)


def sign_in(page: Page, name: str | None = None) -> None:
    """Sign in with the passkey the page's authenticator holds (the browser picks it: no name typed)."""
    page.click("#btn-sign-in, #page-sign-in")
    page.click("#btn-sign-in-submit")
    wait_signed_in(page, name)


def wait_signed_in(page: Page, name: str | None = None) -> None:
    """Until the page shows an account signed in (``name``'s, when given): the lobby's header or the account page."""
    page.wait_for_selector("#account-head[data-signed-in='yes'], .account-page[data-signed-in='yes']")
    if name is not None:
        page.wait_for_function(
            "name => [document.querySelector('#btn-account'), document.querySelector('#account-name')]"
            ".some((el) => el && el.textContent.includes(name))", arg=name)


def new_account(context: BrowserContext, server: ServerProcess, name: str) -> tuple[Page, Authenticator]:
    """A page of ``context`` with its authenticator, signed up as ``name`` in the lobby (left there, signed in)."""
    page = context.new_page()
    authenticator = add_authenticator(page)
    page.goto(account_url(server))
    sign_up(page, name)
    return page, authenticator


def account_status(page: Page) -> int:
    """The status of this page's GET /account (200 signed in, 401 a guest), asked with the page's own cookies."""
    asked = "async () => (await fetch('/account', { headers: { Accept: 'application/json' } })).status"
    return int(page.evaluate(asked))
