"""The table's smaller things: the ⋯ menu closes on Escape (the focus back on ⋯) and on a click or tap outside it, not
on one inside; a hinted bid button is marked (a ★ and the hint's dashed frame), and that mark, like a Wizard's frame, is
not the gold that marks the player on turn or a trick's winner."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .helpers import ServerProcess, create_table, open_seat, wait_turn_or_end

GOLD = "rgb(242, 201, 76)"  # --gold: the player on turn, a trick's winner, a chosen card


def test_menu_closes_on_escape_and_outside_clicks(server: ServerProcess, page: Page) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe")]
    table = create_table(server, [{"name": "Ann", "claimed": True}, *bots])
    open_seat(page, server, table["seats"][0], "Ann")
    menu = page.locator("#table-menu")
    body = menu.locator(".menu-body")

    menu.locator("summary").click()
    expect(body).to_be_visible()
    page.keyboard.press("Escape")
    expect(body).to_be_hidden()
    assert page.evaluate("document.activeElement === document.querySelector('#table-menu summary')")

    # Escape from the animation select inside it closes it too
    menu.locator("summary").click()
    page.focus("#speed")
    page.keyboard.press("Escape")
    expect(body).to_be_hidden()

    # a click inside keeps it open; one on the table outside closes it, and does nothing else there
    menu.locator("summary").click()
    body.locator("label[for='speed']").click()
    expect(body).to_be_visible()
    page.mouse.click(460, 300)  # the felt, between the seats
    expect(body).to_be_hidden()
    # a click on ⋯ itself still toggles it
    menu.locator("summary").click()
    expect(body).to_be_visible()
    menu.locator("summary").click()
    expect(body).to_be_hidden()
    assert page.script_errors == []  # type: ignore[attr-defined]


def test_a_hinted_bid_is_marked_and_no_mark_is_the_gold_one(server: ServerProcess, page: Page) -> None:
    bots = [{"name": name, "bot": "rulebased"} for name in ("Merlin", "Morgana", "Circe")]
    # Ann (seat 0) bids first, in a three-card hand
    table = create_table(server, [{"name": "Ann", "claimed": True}, *bots], hints=True,
                         options={"schedule": "custom", "custom_hand_sizes": [3], "first_dealer": 3})
    open_seat(page, server, table["seats"][0], "Ann")
    if wait_turn_or_end(page) == "choose_trump":
        page.locator("#controls button.suit-choice:not([disabled])").first.click()
        wait_turn_or_end(page)
    page.click("#btn-hint")
    marked = page.locator("#controls button.bid.hinted")
    expect(marked).to_have_count(1)
    expect(marked.locator(".hint-star")).to_have_text("★")
    expect(marked).to_have_attribute("aria-label", f"Bid {int(marked.inner_text().strip('★ '))}, suggested by the hint")
    style = marked.evaluate("el => { const s = getComputedStyle(el); return [s.outlineStyle, s.outlineColor]; }")
    assert style[0] == "dashed" and style[1] != GOLD, style
    # the seat on turn keeps the gold frame: the two marks differ
    assert page.eval_on_selector("#seats .seat.on-turn", "el => getComputedStyle(el).borderColor") == GOLD

    # a Wizard's frame is not gold either (the issue: Wizards always wore the hinted card's gold frame)
    stroke = page.evaluate("""async () => {
        const cards = await import('/static/js/cards.js');
        const svg = cards.cardSvg(52, '2..A');
        document.body.append(svg);
        const frames = [...svg.querySelectorAll('rect')].map((r) => getComputedStyle(r).stroke);
        svg.remove();
        return frames;
    }""")
    assert stroke and GOLD not in stroke and "rgb(233, 196, 90)" not in stroke, stroke
    assert page.script_errors == []  # type: ignore[attr-defined]
