"""A rated game in a real browser: four people, each in their own browser profile with a virtual authenticator
(accounts_support.py), sign up from the lobby's header; Rhea creates a rated 4-player Wizard table from the lobby's
form (the quick preset, the shortest standard one: 8 hands, about 290 clicks) and the other three take their seats
from her invite links; all four play it to the end by clicking (the first allowed bid, the first playable card).
Their ratings are then what openskill's own ``rate()`` gives for the final ranking, computed here from the finished
table's scores, and each one's profile page shows the new rating. Screenshots of the profile and the leaderboard,
desktop and phone, English and German."""

from __future__ import annotations

from collections.abc import Callable

from openskill.models import PlackettLuce
from playwright.sync_api import BrowserContext, Page, expect

from wizardcards.server.ratings import competition_ranks

from .accounts_support import account_url, add_authenticator, sign_up
from .conftest import DESKTOP, PHONE, watch_errors
from .helpers import ServerProcess, my_turn, phase, take_simple_turn

# names no other browser test signs up: the server (and its accounts) is shared by the tests of one process
NAMES = ("Rhea", "Rollo", "Runa", "Rufus")


def test_four_signed_in_players_finish_a_rated_game_and_their_profiles_show_openskills_numbers(
    server: ServerProcess, new_context: Callable[..., BrowserContext], screenshot: Callable[..., object]
) -> None:
    home = account_url(server)
    pages: list[Page] = []
    for name in NAMES:
        page = watch_errors(new_context().new_page())
        add_authenticator(page)
        page.goto(home)
        sign_up(page, name)
        pages.append(page)
    rhea = pages[0]

    # Rhea's rated table from the lobby's form: four seats, hers and three invited, the quick preset
    rhea.select_option("#players", "4")
    for seat in (1, 2, 3):
        rhea.select_option(f"#seat-kind-{seat}", "human")
        rhea.fill(f"#seat-name-{seat}", NAMES[seat])
    rhea.select_option("#preset", "quick")
    rhea.check("#rated")
    rhea.click("#btn-create")
    created = rhea.locator("#created")
    expect(created).to_contain_text("Table ready")
    links = [created.locator(f"input[aria-label='Invite link for {name}']").input_value() for name in NAMES[1:]]
    table_id = rhea.evaluate(
        "() => Object.keys(localStorage).find(k => k.startsWith('wizardcards.created.')).split('.').pop()")

    def hosts_view() -> dict[str, object]:
        """The table as its host reads it: invite-only seats make it private, so a stranger gets 404."""
        answer = rhea.request.get(account_url(server, f"/tables/{table_id}"))
        assert answer.status == 200, answer.text()
        return answer.json()  # type: ignore[no-any-return]

    assert hosts_view()["rated"] is True and hosts_view()["visibility"] == "private"
    assert new_context().request.get(account_url(server, f"/tables/{table_id}")).status == 404
    rhea.click("#btn-take-seat")
    for page, link in zip(pages[1:], links, strict=True):
        page.goto(link.replace("127.0.0.1", "localhost"))  # the session's cookie is the localhost one
        page.fill("#join-name", "ignored")  # signed in, the seat takes the account's name
        page.click("form.join-form button[type=submit]")
    for page in pages:
        page.wait_for_selector(".table-screen[data-status='playing']", timeout=30_000)
    summary = hosts_view()
    assert summary["names"] == list(NAMES)
    assert [p["kind"] for p in summary["players"]] == ["player"] * 4

    decisions = 0
    while not all(phase(page) == "game_over" for page in pages):
        acted = False
        for page in pages:
            if my_turn(page):
                take_simple_turn(page)
                decisions += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(50)
        # quick, 4 players: hands of 1, 3, ... 15 cards: 32 bids, 256 cards, a trump named where a Wizard turns up
        assert decisions <= 32 + 256 + 8, "the game does not end"
    for page in pages:
        expect(page.locator("#summary h2")).to_have_text("Game over")

    # the ranking written out from the finished table, and openskill's own numbers for it
    final = hosts_view()
    assert final["status"] == "finished" and final["rated"] is True
    ranks = competition_ranks(final["scores"])
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in NAMES], ranks=[float(r) for r in ranks])
    for seat, (page, name) in enumerate(zip(pages, NAMES, strict=True)):
        rating = server.get(f"/players/{name}/profile")["ratings"]["wizard"]
        assert abs(rating["mu"] - expected[seat][0].mu) < 1e-3, (name, rating, expected[seat][0])
        assert abs(rating["sigma"] - expected[seat][0].sigma) < 1e-3
        assert rating["games"] == 1 and rating["history"][0]["rank"] == ranks[seat]
        page.goto(account_url(server, f"/players/{name}"))
        card = page.locator("#rating-wizard")
        expect(card.locator(".rating-value")).to_have_text(f"{expected[seat][0].mu:.1f}")
        expect(card).to_contain_text("1 rated game")
        expect(card.locator(".plays-like")).to_contain_text("Plays like")
        expect(card.locator("svg.rating-chart circle.dot")).to_have_count(2)  # the start and this game
        row = page.locator(f"#profile-games tr[data-table='{table_id}']")
        expect(row).to_contain_text(f"{ranks[seat]} of 4")
        expect(row.locator("a")).to_have_attribute("href", f"/replay/{table_id}")
        assert page.script_errors == []  # type: ignore[attr-defined]

    # the leaderboard lists all four by ordinal, and the bots on the same scale
    board = pages[1]
    board.goto(account_url(server, "/leaderboard"))
    expect(board.locator("#leaderboard tbody tr")).to_have_count(4)
    order = sorted(range(4), key=lambda s: -(expected[s][0].mu - 3 * expected[s][0].sigma))
    expect(board.locator("#leaderboard tbody th")).to_have_text([NAMES[s] for s in order])
    expect(board.locator("#bot-ratings tbody tr").first).to_be_visible()

    # screenshots: the best player's profile and the leaderboard, desktop and phone, English and German
    best = NAMES[order[0]]
    for lang in ("en", "de"):
        for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            page = watch_errors(new_context(viewport=viewport).new_page())
            page.goto(account_url(server, "/"))
            page.evaluate(f"localStorage.setItem('wizardcards.lang', {lang!r})")
            page.goto(account_url(server, f"/players/{best}"))
            expect(page.locator("#rating-wizard .rating-value")).to_be_visible()
            if lang == "de":
                expect(page.locator("#rating-wizard")).to_contain_text("1 gewertete Partie")
            screenshot(page, f"profile-{label}-{lang}", full_page=True)
            page.goto(account_url(server, "/leaderboard"))
            expect(page.locator("#leaderboard tbody tr")).to_have_count(4)
            screenshot(page, f"leaderboard-{label}-{lang}", full_page=True)
            assert page.script_errors == []  # type: ignore[attr-defined]
