"""The score pad page (/pad) in Chromium at 390x844 against a real server: the official example, refused entries, a
correction, offline use through the service worker, a Wily Wizards game to its winner, files exchanged with the
terminal pad, a watch link read by another browser, German. Screenshots: tests/browser/screenshots/pad-*.png
(WIZARDCARDS_SCREENSHOTS=1)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page

from wizardcards.tui.scorepad_model import ScorePad, import_pad

from .conftest import DESKTOP, PHONE
from .helpers import start_server
from .pad_support import clean_errors, open_pad, pad_server, phone  # noqa: F401 - fixtures

Shot = Callable[..., Path]


def new_game(page: Page, names: list[str], *, game: str = "wizard", dealer: int = 0, keeper: int = 0,
             **selects: str) -> None:
    """Set up a game from the games screen: names in seat order, the options (select name -> value; "custom" is the
    text of a custom schedule; "hidden_bids" / "combined_bids" ticked when given), dealer and scorekeeper chosen."""
    page.click("#new-game")
    if game == "wily":
        page.check("input[name=game][value=wily]")
    while page.locator(".pad-names input").count() < len(names):
        page.click("#add-player")
    for seat, name in enumerate(names):
        page.fill(f"input[name=name-{seat}]", name)
    for name, value in selects.items():
        if name in ("hidden_bids", "combined_bids"):
            page.check(f"input[name={name}]")
        elif name == "custom":
            page.fill("input[name=custom]", value)
        else:
            page.select_option(f"select[name={name}]", value)
    page.check("input[name=dealer_by][value=chosen]")
    page.select_option("select[name=first_dealer]", str(dealer))
    page.select_option("select[name=scorekeeper]", str(keeper))
    page.click("#start-game")
    page.wait_for_selector("#entry")


def fill_entry(page: Page, values: list[int], nth: int = 0) -> None:
    for seat, value in enumerate(values):
        page.locator(f'#entry li[data-seat="{seat}"] input').nth(nth).fill(str(value))


def enter_round(page: Page, bids: list[int], tricks: list[int]) -> None:
    number = page.get_attribute("#entry", "data-round")
    fill_entry(page, bids)
    page.click("#entry-save")
    page.wait_for_selector(f'#entry[data-step="tricks"][data-round="{number}"]')
    fill_entry(page, tricks)
    page.click("#entry-save")
    page.wait_for_selector(f'#sheet tr[data-round="{number}"] td.made, #sheet tr[data-round="{number}"] td.missed')


def totals(page: Page) -> list[int]:
    return [int(t) for t in page.locator(".pad-totals .pad-total-value").all_inner_texts()]


def column(page: Page, seat: int) -> list[int]:
    """A player's running totals, round by round, as the sheet shows them."""
    return [int(t) for t in page.locator(f'#sheet tbody td[data-seat="{seat}"] .pad-cell-total').all_inner_texts()]


# Paul's rounds are the official example's; a first round of 2 cards (Paul takes 2 tricks in it).
OFFICIAL = [([1, 0, 1], [2, 0, 0]), ([2, 1, 1], [2, 1, 0]), ([1, 2, 0], [1, 3, 0]), ([3, 0, 1], [2, 2, 1])]


def test_the_official_example(phone: BrowserContext, pad_server: Any, screenshot: Shot) -> None:  # noqa: F811
    page = open_pad(phone, pad_server)
    screenshot(page, "pad-phone-games")
    new_game(page, ["Paul", "Ann", "Bob"], schedule="custom", custom="2 3 4 5", dealer=2, keeper=1)
    assert "Dealer: Bob" in page.inner_text("#entry") and "2 cards each" in page.inner_text("#entry")
    assert page.inner_text("#trump-line") == "Turn up the next card for trump"
    fill_entry(page, OFFICIAL[0][0])
    screenshot(page, "pad-phone-bids")
    page.click("#entry-save")
    page.wait_for_selector('#entry[data-step="tricks"]')
    fill_entry(page, OFFICIAL[0][1])
    screenshot(page, "pad-phone-tricks")
    page.click("#entry-save")
    page.wait_for_selector('#sheet tr[data-round="1"] td.missed')
    for bids, tricks in OFFICIAL[1:]:
        enter_round(page, bids, tricks)
    assert column(page, 0) == [-10, 30, 60, 50]
    pad = ScorePad.create(["Paul", "Ann", "Bob"], schedule="custom", custom_hand_sizes=(2, 3, 4, 5), first_dealer=2)
    for index, (bids, tricks) in enumerate(OFFICIAL):
        pad.set_bids(index, bids)
        pad.set_tricks(index, tricks)
    assert totals(page) == pad.totals and [column(page, s) for s in range(3)] == pad.running_totals()
    winner = pad.names[pad.winners()[0]]
    page.wait_for_selector("#game-over")
    assert page.inner_text(".pad-winner") == f"{winner} wins with {max(pad.totals)} points."
    assert page.locator("#entry").count() == 0 and page.locator("#chart polyline").count() == 3
    screenshot(page, "pad-phone-game-over", full_page=True)
    clean_errors(page)


def test_refused_entries_change_nothing(phone: BrowserContext, pad_server: Any, screenshot: Shot) -> None:  # noqa: F811
    page = open_pad(phone, pad_server)
    new_game(page, ["Ann", "Bob", "Cy", "Dee"], bid_rule="hook", dealer=3)
    # round 1, one card, Dee deals and bids last: the others bid 0, so 1 would make the bids add up to 1
    assert "Hook rule" in page.inner_text("#entry")
    fill_entry(page, [0, 0, 0, 1])
    assert "Dee (dealer) may not bid 1" in page.inner_text("#entry-hint")
    page.click("#entry-save")
    problem = page.inner_text("#entry .pad-problem")
    assert problem == "Hook rule: Dee (dealer) may not bid 1: the bids would add up to 1."
    assert page.get_attribute("#entry", "data-step") == "bids" and page.locator("#sheet tbody tr").count() == 0
    screenshot(page, "pad-phone-refused-bid")
    fill_entry(page, [1, 0, 0, 1])  # 2 of 1: the hook allows it
    page.click("#entry-save")
    page.wait_for_selector('#entry[data-step="tricks"]')
    fill_entry(page, [1, 0, 0, 1])
    page.click("#entry-save")
    assert page.inner_text("#entry .pad-problem") == "The tricks add up to 2, but the hand has exactly 1."
    assert page.locator("#sheet td.made, #sheet td.missed").count() == 0 and totals(page) == [0, 0, 0, 0]
    screenshot(page, "pad-phone-refused-tricks")
    fill_entry(page, [1, 0, 0, 0])
    page.click("#entry-save")
    page.wait_for_selector('#entry[data-round="2"]')
    assert totals(page) == [30, 20, 20, -10]
    clean_errors(page)


def test_a_correction_of_round_2_after_round_5(phone: BrowserContext, pad_server: Any, screenshot: Shot) -> None:  # noqa: F811
    page = open_pad(phone, pad_server)
    names = ["Ann", "Bob", "Cy"]
    new_game(page, names, bid_rule="canadian", dealer=0)
    pad = ScorePad.create(names, bid_rule="canadian")
    plays = [([0, 1, 1], [0, 1, 0]), ([1, 1, 1], [1, 1, 0]), ([1, 0, 1], [1, 1, 1]), ([2, 1, 2], [2, 1, 1]),
             ([1, 2, 0], [1, 3, 1])]
    for index, (bids, tricks) in enumerate(plays):
        enter_round(page, bids, tricks)
        pad.set_bids(index, bids)
        pad.set_tricks(index, tricks)
    assert totals(page) == pad.totals
    before = [column(page, s) for s in range(3)]
    page.click('#sheet button[data-round="2"]')
    page.wait_for_selector('#entry[data-round="2"][data-step="bids"]')
    assert "Correct round 2" in page.inner_text("#entry")
    assert [int(v) for v in page.locator("#entry input").evaluate_all("els => els.map(e => e.value)")] == [1, 1, 1]
    page.click("#entry-save")  # the bids stay; the tricks are corrected: Cy took the trick Bob was given
    page.wait_for_selector('#entry[data-round="2"][data-step="tricks"]')
    fill_entry(page, [1, 0, 1])
    screenshot(page, "pad-phone-correction")
    page.click("#entry-save")
    page.wait_for_selector("text=Round 2 corrected")
    pad.set_tricks(1, [1, 0, 1])
    assert totals(page) == pad.totals and [column(page, s) for s in range(3)] == pad.running_totals()
    after = [column(page, s) for s in range(3)]
    # Bob's round 2 goes from bid 1 took 1 (+30) to took 0 (-10), Cy's from took 0 (-10) to took 1 (+30): every
    # total from round 2 on moves by 40, the rounds after it unchanged
    assert after[0] == before[0]
    assert after[1] == [t - 40 * (r >= 1) for r, t in enumerate(before[1])]
    assert after[2] == [t + 40 * (r >= 1) for r, t in enumerate(before[2])]
    assert page.get_attribute("#entry", "data-round") == "6"  # back to the next round
    clean_errors(page)


def test_offline_after_the_first_load(new_context: Callable[..., BrowserContext], tmp_path: Path,
                                      screenshot: Shot) -> None:
    server = start_server(tmp_path / "offline.sqlite3")
    context = new_context(viewport=PHONE)
    try:
        page = open_pad(context, server)
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.reload()
        page.wait_for_selector("main[data-view]")
        assert page.evaluate("() => Boolean(navigator.serviceWorker.controller)")
        cdp = context.new_cdp_session(page)
        errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
        assert errors in ([], ["in-incognito"]), errors  # a test's context is incognito; nothing else may be missing
    finally:
        server.stop()
    page.reload()  # no server: the service worker's copy
    page.wait_for_selector("#new-game")
    assert "Score pad" in page.inner_text("h1")
    new_game(page, ["Ann", "Bob", "Cy"], schedule="quick")
    enter_round(page, [1, 0, 0], [1, 0, 0])
    enter_round(page, [1, 1, 1], [1, 1, 1])
    assert totals(page) == [60, 50, 50]
    page.click("#share-start")
    page.wait_for_selector("text=No server reachable")
    page.reload()  # still offline: the game is on the phone
    page.wait_for_selector(".pad-game")
    assert "Round 3 of 10" in page.inner_text(".pad-game")
    page.click(".pad-game button.primary")
    page.wait_for_selector('#entry[data-round="3"]')
    assert totals(page) == [60, 50, 50] and "3" in page.inner_text("#entry .pad-round-head")
    screenshot(page, "pad-phone-offline")
    page.script_errors.clear()  # type: ignore[attr-defined]  # the failed POST /pads is logged by the browser


def test_a_wily_wizards_game_to_its_winner(phone: BrowserContext, pad_server: Any, screenshot: Shot) -> None:  # noqa: F811
    page = open_pad(phone, pad_server)
    new_game(page, ["Ann", "Bob", "Cy", "Dee"], game="wily", dealer=0, combined_bids="yes")
    assert "15 cards each" in page.inner_text("#entry")

    def hand(bidder: int, bid: int, mate_call: int, tricks: int) -> None:
        number = page.get_attribute("#entry", "data-hand")
        page.select_option("select[name=high_bidder]", str(bidder))
        page.locator('#entry [data-seat="bid"]').fill(str(bid))
        mate = (bidder + 2) % 4
        page.locator(f'#entry [data-mate="{mate}"] input').fill(str(mate_call))
        page.locator('#entry [data-seat="tricks"]').fill(str(tricks))
        page.click("#entry-save")
        page.wait_for_selector(f'#sheet tr[data-hand="{number}"]')

    page.click("#thrown-in")
    page.wait_for_selector('#sheet tr[data-hand="1"].thrown')
    assert "Dealer: Bob" in page.inner_text("#entry")  # a thrown-in hand: the next dealer deals
    page.select_option("select[name=high_bidder]", "1")
    page.locator('#entry [data-seat="bid"]').fill("5")
    page.locator('#entry [data-mate="3"] input').fill("5")  # not below the high bid
    page.click("#entry-save")
    assert "Dee's highest call is 0 (passed) to 4" in page.inner_text("#entry .pad-problem")
    hand(1, 5, 3, 7)  # Bob + Dee contract 8, took 7: Ann + Cy gain W
    for _ in range(4):
        hand(0, 6, 0, 6)  # Ann + Cy make it: I Z A R
    screenshot(page, "pad-phone-wily")
    hand(3, 4, 2, 6)  # Bob + Dee make 6: their W
    assert page.locator("#game-over").count() == 0
    hand(2, 7, 0, 9)  # Cy's 7 made: D
    page.wait_for_selector("#game-over")
    assert page.inner_text(".pad-winner") == "Ann + Cy win: WIZARD!"
    assert page.locator(".pad-letters .pad-total-name").all_inner_texts() == ["Ann + Cy", "Bob + Dee"]
    assert page.locator('.pad-letters [data-team="0"] .got').count() == 6
    assert page.locator('.pad-letters [data-team="1"] .got').count() == 1
    screenshot(page, "pad-phone-wily-over", full_page=True)
    page.click("#share-start")  # the server takes the page's Wily sheet as it is (strict bodies)
    page.wait_for_selector("#share-link")
    shared = pad_server.get("/pads/" + page.input_value("#share-link").split("#watch=")[1])["sheet"]
    assert len(shared["hands"]) == 8 and shared["hands"][0]["high_bidder"] is None
    assert shared["rules"] == {"game": "wily", "players": 4, "combined_bids": True}
    clean_errors(page)


def test_files_go_both_ways_with_the_terminal_pad(phone: BrowserContext, pad_server: Any, tmp_path: Path) -> None:  # noqa: F811
    page = open_pad(phone, pad_server)
    names = ["Ann", "Bo, Jr.", "Cy"]
    new_game(page, names, schedule="double-down", dealer=1)
    for bids, tricks in [([1, 0, 0], [1, 0, 0]), ([1, 0, 1], [0, 1, 1]), ([0, 3, 0], [1, 2, 0])]:
        enter_round(page, bids, tricks)
    shown = totals(page)
    files = {}
    for kind in ("csv", "json"):
        with page.expect_download() as download:
            page.click(f'.pad-export[data-kind="{kind}"]')
        path = tmp_path / f"pad.{kind}"
        download.value.save_as(path)
        files[kind] = path.read_bytes().decode()
    from_csv, from_json = import_pad(files["csv"]), import_pad(files["json"])
    assert from_csv.totals == from_json.totals == shown and from_json.first_dealer == 1
    assert from_json.rules.schedule.value == "double-down" == from_csv.rules.schedule.value
    assert files["csv"] == from_json.export_csv()  # the same file, byte for byte
    import json as _json
    assert _json.loads(files["json"]) == _json.loads(from_json.export_json())
    # the reverse: the terminal pad's files read by the page
    pad = ScorePad.create(["Xa", "Yo", "Zed", "Wu"], bid_rule="hook", schedule="quick", first_dealer=2)
    for index, (bids, tricks) in enumerate([([1, 0, 1, 0], [1, 0, 0, 0]), ([2, 1, 0, 1], [1, 1, 0, 1])]):
        pad.set_bids(index, bids)
        pad.set_tricks(index, tricks)
    for kind, text, hook in (("json", pad.export_json(), True), ("csv", pad.export_csv(), False)):
        page.click("#to-games")
        path = tmp_path / f"terminal.{kind}"
        path.write_text(text)
        page.set_input_files("#import-file", str(path))
        page.wait_for_selector('#entry[data-round="3"]')
        assert totals(page) == pad.totals and [column(page, s) for s in range(4)] == pad.running_totals()
        assert "Dealer: Xa" in page.inner_text("#entry")  # round 3 of first dealer Zed: Zed, Wu, Xa
        # a CSV holds no bid rule: read as the terminal pad reads it, without one
        assert ("Hook rule" in page.inner_text(".pad-keeper")) is hook
    page.click("#to-games")
    assert page.locator(".pad-game").count() == 3  # several games kept, newest first
    assert "Xa, Yo, Zed, Wu" in page.inner_text(".pad-game >> nth=0")
    clean_errors(page)


def test_a_watch_link_in_another_browser(new_context: Callable[..., BrowserContext], pad_server: Any,  # noqa: F811
                                         screenshot: Shot) -> None:
    keeper = open_pad(new_context(viewport=PHONE), pad_server)
    new_game(keeper, ["Ann", "Bob", "Cy"], dealer=0)
    enter_round(keeper, [1, 0, 0], [1, 0, 0])
    keeper.click("#share-start")
    keeper.wait_for_selector("#share-link")
    link = keeper.input_value("#share-link")
    assert link.startswith(pad_server.url + "/pad#watch=")
    watcher = open_pad(new_context(viewport=PHONE), pad_server, link.removeprefix(pad_server.url + "/pad"))
    watcher.wait_for_selector("#watch-status")
    assert totals(watcher) == [30, 20, 20] and watcher.locator("#entry, #sheet button").count() == 0
    enter_round(keeper, [0, 1, 1], [0, 1, 1])
    watcher.wait_for_function(  # the watcher polls every 2 s
        "() => [...document.querySelectorAll('.pad-total-value')].map((e) => e.textContent).join() === '50,50,50'",
        timeout=15_000)
    assert totals(watcher) == totals(keeper) == [50, 50, 50]
    assert int(watcher.get_attribute("#watch-status", "data-version") or 0) >= 2
    screenshot(watcher, "pad-phone-watch")
    clean_errors(keeper)
    clean_errors(watcher)


def test_german_by_the_browsers_language(browser: Any, pad_server: Any, screenshot: Shot) -> None:  # noqa: F811
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    try:
        page = open_pad(context, pad_server)
        assert page.inner_text("h1") == "Spielblock"
        page.click("#new-game")
        for seat, name in enumerate(["Anna", "Ben", "Carl"]):
            page.fill(f"input[name=name-{seat}]", name)
        page.click("#start-game")  # by the draw (the default)
        options = page.locator("select[name=draw-0] option").all_inner_texts()
        assert options[1] == "Narr" and options[-1] == "Zauberer" and "A" in options
        page.select_option("select[name=draw-0]", label="K")
        page.select_option("select[name=draw-1]", label="K")
        page.select_option("select[name=draw-2]", label="Narr")
        page.click("#draw-done")
        assert "ziehen noch einmal" in page.inner_text("main")
        page.select_option("select[name=draw-0]", label="3")
        page.select_option("select[name=draw-1]", label="Zauberer")
        page.click("#draw-done")
        assert page.inner_text("#draw-outcome") == "Ben gibt zuerst. Carl schreibt."
        screenshot(page, "pad-phone-de-draw")
        page.click("#start-game")
        page.wait_for_selector("#entry")
        assert "Geber: Ben" in page.inner_text("#entry") and "Ansagen" in page.inner_text("#entry")
        page.click("#to-games")
        page.select_option("#pad-lang", "en")
        page.wait_for_selector("h1:text-is('Score pad')")
        page.reload()
        page.wait_for_selector("h1:text-is('Score pad')")  # the choice is remembered over the browser's language
        clean_errors(page)
    finally:
        context.close()


def test_desktop(new_context: Callable[..., BrowserContext], pad_server: Any, screenshot: Shot) -> None:  # noqa: F811
    page = open_pad(new_context(viewport=DESKTOP), pad_server)
    new_game(page, ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"], hidden_bids="yes", dealer=5)
    assert page.get_attribute("#entry", "data-step") == "both"
    for seat in range(6):
        page.locator(f'#entry li[data-seat="{seat}"] input').nth(0).fill("0")
        page.locator(f'#entry li[data-seat="{seat}"] input').nth(1).fill("1" if seat == 0 else "0")
    page.click("#entry-save")
    page.wait_for_selector('#entry[data-round="2"]')
    assert totals(page) == [-10, 20, 20, 20, 20, 20]
    screenshot(page, "pad-desktop", full_page=True)
    clean_errors(page)


def test_whether_a_trump_is_turned(phone: BrowserContext, pad_server: Any, screenshot: Shot) -> None:  # noqa: F811
    """Three players, hands of 20 and 19: the first deals the whole deck (no card is left to turn up)."""
    page = open_pad(phone, pad_server)
    new_game(page, ["Ann", "Bob", "Cy"], schedule="custom", custom="20 19", dealer=1)
    assert page.inner_text("#trump-line") == "No trump: every card is dealt"
    screenshot(page, "pad-phone-no-trump")
    enter_round(page, [7, 7, 6], [7, 7, 6])
    assert page.inner_text("#trump-line") == "Turn up the next card for trump"
    assert "Dealer: Cy" in page.inner_text("#entry") and "19 cards each" in page.inner_text("#entry")
    assert totals(page) == [90, 90, 80]
    clean_errors(page)
