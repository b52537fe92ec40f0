"""The score pad page with the anniversary cards, in Chromium against a real server: the special cards chosen, a
Cloud raising a bid of 0 and a bombed round entered with the tricks, refused entries, the files both ways with the
terminal pad (format /2), a shared sheet, German, a desktop; and the page's own modules scoring random games of the
core's engine with special cards exactly as the engine scored them. Screenshots: tests/browser/screenshots/
pad-*-special*.png (WIZARDCARDS_SCREENSHOTS=1)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from wizardcards.core import RuleSet, new_game
from wizardcards.core.cards import SPECIAL_CARD_NAMES
from wizardcards.core.rules import BidRule, ImpossibleRulesError, Schedule
from wizardcards.tui.scorepad_model import ScorePad, import_pad

from .conftest import DESKTOP, PHONE
from .pad_support import clean_errors, in_page, open_pad, pad_server, phone  # noqa: F401 - fixtures
from .test_pad import column, fill_entry, totals

Shot = Callable[..., Path]
NAMES = ["Ann", "Bob", "Cy"]


def special_game(page: Page, cards: list[str] | None = None, preset: str | None = None, sizes: str = "2 3",
                 names: list[str] = NAMES, before_start: Callable[[], Any] | None = None) -> None:
    """A new Wizard game of ``names`` with hands of ``sizes`` and the special ``cards`` ticked (or a ``preset``);
    the first player deals and keeps score."""
    page.click("#new-game")
    for seat, name in enumerate(names):
        page.fill(f"input[name=name-{seat}]", name)
    page.select_option("select[name=schedule]", "custom")
    page.fill("input[name=custom]", sizes)
    page.select_option("select[name=special]", preset or "choose")
    for card in cards or []:
        page.check(f"input[name=card-{card}]")
    page.check("input[name=dealer_by][value=chosen]")
    if before_start:
        before_start()
    page.click("#start-game")
    page.wait_for_selector("#entry")


def bids(page: Page, values: list[int]) -> None:
    number = page.get_attribute("#entry", "data-round")
    fill_entry(page, values)
    page.click("#entry-save")
    page.wait_for_selector(f'#entry[data-step="tricks"][data-round="{number}"]')


def problem(page: Page) -> str:
    return page.inner_text("#entry .pad-problem")


def cloud_and_bomb(page: Page, screenshot: Shot | None = None) -> None:
    """Round 1, 2 cards: Ann bids 0, wins the Cloud's trick, raises her bid to 1 and makes it (30, not -10); Bob bids
    1 and takes nothing (-10); Cy bids 1 and makes it (30). Round 2, 3 cards: the Bomb takes a trick; Ann and Bob
    make their 1 (30 each), Cy her 0 (20). Totals 60, 20, 50."""
    bids(page, [0, 1, 1])
    options = page.locator("select[name=cloud] option").all_inner_texts()
    assert options == ["Nobody", "Bob: 1 → 2", "Bob: 1 → 0", "Cy: 1 → 2", "Cy: 1 → 0", "Ann: 0 → 1"]
    page.select_option("select[name=cloud]", label="Ann: 0 → 1")
    fill_entry(page, [1, 0, 1])
    if screenshot:
        screenshot(page, "pad-phone-special-tricks")
    fill_entry(page, [0, 1, 1])
    page.click("#entry-save")
    assert problem(page) == "Ann changed their bid with the Cloud, so won the Cloud's trick: not 0 tricks."
    fill_entry(page, [1, 0, 1])
    page.check("input[name=bombed]")
    assert "Tricks together: 2 of 1 (one went to the Bomb)" in page.inner_text("#entry-hint")
    page.click("#entry-save")
    assert problem(page) == "The tricks add up to 2, but the hand of 2 less the Bomb's trick has 1."
    page.uncheck("input[name=bombed]")
    page.click("#entry-save")
    page.wait_for_selector('#entry[data-round="2"]')
    assert totals(page) == [30, -10, 30]
    assert page.inner_text('#sheet tr[data-round="1"] td[data-seat="0"] .pad-cell-detail') == "0→1/1 +30"
    bids(page, [1, 1, 0])
    page.check("input[name=bombed]")
    fill_entry(page, [1, 1, 1])
    page.click("#entry-save")
    assert problem(page) == "The tricks add up to 3, but the hand of 3 less the Bomb's trick has 2."
    fill_entry(page, [1, 1, 0])
    page.click("#entry-save")
    page.wait_for_selector("#game-over")


def expected_pad() -> ScorePad:
    pad = ScorePad.create(NAMES, schedule="custom", custom_hand_sizes=(2, 3), special_cards=("bomb", "cloud"))
    pad.set_bids(0, [0, 1, 1])
    pad.set_tricks(0, [1, 0, 1], [1, 0, 0])
    pad.set_bids(1, [1, 1, 0])
    pad.set_tricks(1, [1, 1, 0], bombed=1)
    return pad


def test_a_cloud_on_a_bid_of_zero_and_a_bombed_round(phone: BrowserContext, pad_server: Any,  # noqa: F811
                                                      screenshot: Shot, tmp_path: Path) -> None:
    page = open_pad(phone, pad_server)

    def the_setup() -> None:
        labels = page.locator("#special-cards label").all_inner_texts()
        assert labels == ["Dragon & Fairy (only together)", "Bomb", "Werewolf", "Juggler", "Cloud", "Shapeshifter"]
        page.evaluate("document.querySelector('select[name=special]').closest('label').scrollIntoView()")
        screenshot(page, "pad-phone-special-setup")

    special_game(page, ["bomb", "cloud"], before_start=the_setup)
    assert "Special cards: Bomb, Cloud" in page.inner_text(".pad-keeper")
    cloud_and_bomb(page, screenshot)
    pad = expected_pad()
    assert totals(page) == pad.totals == [60, 20, 50] and [column(page, s) for s in range(3)] == pad.running_totals()
    assert page.inner_text('#sheet tr[data-round="2"] th small') == "3 ✸"
    assert page.inner_text(".pad-winner") == "Ann wins with 60 points."
    assert "the Bomb took a trick" in page.inner_text("#sheet-special-help")
    screenshot(page, "pad-phone-special-sheet", full_page=True)
    # the files: the terminal pad's, byte for byte (CSV) and key for key (JSON), format /2
    files = {}
    for kind in ("csv", "json"):
        with page.expect_download() as download:
            page.click(f'.pad-export[data-kind="{kind}"]')
        path = tmp_path / f"pad.{kind}"
        download.value.save_as(path)
        files[kind] = path.read_bytes().decode()
    assert files["csv"] == pad.export_csv()
    assert json.loads(files["json"]) == json.loads(pad.export_json())
    assert json.loads(files["json"])["format"] == "wizardcards-scorepad/2"
    assert import_pad(files["csv"]).totals == import_pad(files["json"]).totals == [60, 20, 50]
    # shared: the server keeps the /2 sheet as sent
    page.click("#share-start")
    page.wait_for_selector("#share-link")
    shared = pad_server.get("/pads/" + page.input_value("#share-link").split("#watch=")[1])["sheet"]
    assert shared["format"] == "wizardcards-pad/2" and shared["rules"]["special_cards"] == ["bomb", "cloud"]
    assert shared["rounds"][0]["bid_changes"] == [1, 0, 0] and shared["rounds"][1]["bombed"] == 1
    clean_errors(page)


def test_the_terminal_pads_special_files_read_by_the_page(phone: BrowserContext, pad_server: Any,  # noqa: F811
                                                          tmp_path: Path) -> None:
    pad = ScorePad.create(["Xa", "Yo", "Zed", "Wu"], schedule="standard", first_dealer=1,
                          special_cards=("dragon", "fairy", "bomb", "werewolf", "juggler", "cloud"))
    assert len(pad.rounds) == 16  # 66 cards for 4 players
    pad.set_bids(0, [1, 0, 0, 0])
    pad.set_tricks(0, [0, 0, 0, 0], bombed=1)  # the Bomb took the only trick: Xa misses (-10), the others make 0
    pad.set_bids(1, [0, 2, 0, 0])
    pad.set_tricks(1, [1, 1, 0, 0], [0, -1, 0, 0])  # Yo won the Cloud's trick and lowered 2 to 1, then made it
    assert pad.totals == [-10 - 10, 20 + 30, 40, 40]
    page = open_pad(phone, pad_server)
    for kind, text in (("json", pad.export_json()), ("csv", pad.export_csv())):
        path = tmp_path / f"terminal.{kind}"
        path.write_text(text)
        page.set_input_files("#import-file", str(path))
        page.wait_for_selector('#entry[data-round="3"]')
        assert totals(page) == pad.totals and [column(page, s) for s in range(4)] == pad.running_totals()
        assert "Round 3 of 16" in page.inner_text("#entry") and "Anniversary 2016" in page.inner_text(".pad-keeper")
        page.click("#to-games")
    wrong = pad.export_csv().replace(",2,-1,1,30,50,", ",2,+1,1,30,50,")  # Yo's 2 in a hand of 2 cannot rise
    assert wrong != pad.export_csv()
    path = tmp_path / "wrong.csv"
    path.write_text(wrong)
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector(".pad-problem")
    assert page.inner_text(".pad-problem") == "The Cloud: Yo's bid of 2 can only fall."
    clean_errors(page)


def test_german(browser: Browser, pad_server: Any, screenshot: Shot) -> None:  # noqa: F811
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    try:
        page = open_pad(context, pad_server)
        page.click("#new-game")
        options = page.locator("select[name=special] option").all_inner_texts()
        assert options == ["Keine: die 60 Karten", "Jubiläum 2016: die sechs", "Jubiläum 2021: alle sieben",
                           "Karten auswählen"]
        page.click("text=Zurück")
        special_game(page, preset="anniversary-2021", sizes="2 3")
        assert "Jubiläum 2021: alle sieben" in page.inner_text(".pad-keeper")
        bids(page, [0, 1, 1])
        assert "Ann: 0 → 1" in page.locator("select[name=cloud] option").all_inner_texts()
        assert page.inner_text("label:has(input[name=bombed])") == "Die Bombe nahm einen Stich: niemand gewann ihn"
        page.select_option("select[name=cloud]", label="Cy: 1 → 2")
        page.check("input[name=bombed]")
        fill_entry(page, [0, 0, 1])
        screenshot(page, "pad-phone-de-special")
        page.click("#entry-save")
        page.wait_for_selector('#entry[data-round="2"]')
        assert totals(page) == [20, -10, -10]  # Cy's bid became 2: one trick is one short
        clean_errors(page)
    finally:
        context.close()


def test_desktop(new_context: Callable[..., BrowserContext], pad_server: Any, screenshot: Shot) -> None:  # noqa: F811
    page = open_pad(new_context(viewport=DESKTOP), pad_server)
    special_game(page, ["bomb", "cloud"])
    cloud_and_bomb(page)
    assert totals(page) == [60, 20, 50]
    screenshot(page, "pad-desktop-special", full_page=True)
    clean_errors(page)


# --- the page's modules against the engine ------------------------------------------------------------------------


def random_special_rules(rng: random.Random) -> RuleSet:
    while True:
        cards = [c for c in SPECIAL_CARD_NAMES if rng.random() < 0.6]
        if rng.random() < 0.5:
            cards = sorted({*cards, "bomb", "cloud"}, key=SPECIAL_CARD_NAMES.index)
        rule = rng.choice(list(BidRule))
        try:
            return RuleSet(players=rng.randint(3, 6), special_cards=tuple(cards), bid_rule=rule,
                           schedule=rng.choice([Schedule.STANDARD, Schedule.QUICK, Schedule.TOURNAMENT]),
                           hidden_bids=rule is BidRule.NONE and rng.random() < 0.3)
        except ImpossibleRulesError:
            continue


def engine_game(rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    """A random game of the engine with special cards: each round as a scorekeeper writes it down (the bids as
    made, the Cloud's changes, the tricks, the tricks won by nobody) and the points and totals the engine gave."""
    rules = random_special_rules(rng)
    state = new_game(rules, seed=rng.randrange(2**32))
    first = state.dealer
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    rounds = []
    for row, changes in zip(state.sheet, state.sheet_bid_changes, strict=True):  # type: ignore[attr-defined]
        rounds.append({"bids": [b - c for b, c in zip(row.bids, changes, strict=True)], "tricks": list(row.tricks),
                       "changes": list(changes), "bombed": row.hand_size - sum(row.tricks)})
    expected = {"points": [list(r.points) for r in state.sheet], "totals": list(state.scores)}  # type: ignore[attr-defined]
    return {"names": [f"P{s}" for s in range(rules.players)], "rules": rules.to_dict(), "first": first,
            "rounds": rounds}, expected


def test_the_pages_modules_score_random_engine_games_with_special_cards(phone: BrowserContext,  # noqa: F811
                                                                          pad_server: Any) -> None:  # noqa: F811
    rng = random.Random(29)
    games = [engine_game(rng) for _ in range(60)]
    rounds = [r for game, _ in games for r in game["rounds"]]
    assert sum(any(r["changes"]) for r in rounds) > 50 and sum(r["bombed"] for r in rounds) > 50
    for game, expected in games:  # the terminal pad's model agrees with the engine too
        pad = ScorePad([*game["names"]], RuleSet.from_dict(game["rules"]), game["first"])
        for index, r in enumerate(game["rounds"]):
            pad.set_bids(index, r["bids"])
            pad.set_tricks(index, r["tricks"], r["changes"], r["bombed"])
        assert [pad.points(i) for i in range(len(pad.rounds))] == expected["points"]
        assert pad.totals == expected["totals"]
    page = open_pad(phone, pad_server)
    got = in_page(page, """return arg.map((g) => {
        const sheet = M.newSheet(cat, {names: g.names, rules: g.rules, firstDealer: g.first});
        g.rounds.forEach((r, i) => {
          if (sheet.rules.hidden_bids) M.enterRound(cat, sheet, i, r.bids, r.tricks, r.changes, r.bombed);
          else { M.enterRound(cat, sheet, i, r.bids); M.enterTricks(cat, sheet, i, r.tricks, r.changes, r.bombed); }
        });
        return {points: g.rounds.map((_, i) => M.points(cat, sheet, i)), totals: M.totals(cat, sheet)};
      });""", [g for g, _ in games])
    assert got == [e for _, e in games]
