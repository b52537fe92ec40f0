"""German that speaks to the player: every German string of the browser's catalogs and of the terminal's catalog
that says "du" uses the second person's verb ("Du hast", never "Du hat"), and none puts "Du" where "dir" or "dich"
belongs ("von Du"). The strings are checked as written and as shown: a ``{name}`` slot that the page fills with the
player's own name ("Du", ``table.you``) is filled so before checking, which is how "Du hat 8 für Team A geboten"
reached the screen. And the bids: Wizard's are *Ansagen*, the Wily auction's *Gebote* (bieten), so a string of the
auction never says "ansagen", and one shown for both says both or neither (docs/browser.md, docs/tui.md)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import wizardcards
from wizardcards.core import find_rules, new_game
from wizardcards.core.view import WilyHandResult
from wizardcards.tui import i18n, render

WEB_I18N = Path(wizardcards.__file__).parent / "server" / "web" / "i18n"
TUI_PO = Path(i18n.__file__).parent / "locale" / "de" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"

# third-person forms that do not end in -t, and the du-form they stand for
IRREGULAR = {"ist": "bist", "kann": "kannst", "muss": "musst", "darf": "darfst", "will": "willst", "soll": "sollst",
             "weiß": "weißt", "mag": "magst", "hat": "hast", "wird": "wirst"}
NOT_VERBS = {"nicht", "jetzt", "erst", "selbst", "meist", "bereits", "zuletzt", "mit", "seit", "weit"}
# prepositions that take "dir" or "dich", never "du"
PREPOSITIONS = {"von", "mit", "bei", "zu", "für", "an", "gegen", "ohne", "aus", "nach", "um", "durch", "vor", "hinter"}
WORD = r"[A-Za-zÄÖÜäöüß]+"


def third_person(word: str) -> bool:
    """``word`` is a verb's third person singular ("hat", "bietet", "spielt"), not its du-form ("hast", "passt")."""
    word = word.lower()
    if word in IRREGULAR:
        return True
    return word.endswith("t") and not word.endswith("st") and word not in NOT_VERBS


def person_errors(text: str) -> list[str]:
    """The places where ``text`` pairs "du" with a verb of the third person, or puts it after a preposition."""
    errors = []
    for verb in re.findall(rf"\b[Dd]u\s+({WORD})", text):  # "Du hat ..."
        if third_person(verb):
            errors.append(f"du {verb}")
    for verb in re.findall(rf"\b({WORD})\s+[Dd]u\b", text):  # "Gewonnen hat du", "Hat du ..."
        if third_person(verb) or verb.lower() in PREPOSITIONS:
            errors.append(f"{verb} du")
    return errors


def test_the_check_catches_the_third_person_and_lets_the_second_pass() -> None:
    for wrong in ("Du hat 8 für Team A geboten", "du bietet 3", "Gewonnen hat Du mit 120", "Hat du den Platz?",
                  "noch 30 Sekunden für Du", "Höchstgebot 8 von Du", "Du ist dran", "Du spielt aus"):
        assert person_errors(wrong), wrong
    for right in ("Du hast 8 für Team A geboten", "Du passt", "Du bist dran: eine Karte spielen.",
                  "Hast du den Platz in einem anderen Browser eingenommen", "Du musst Farbe bedienen.",
                  "Deine Karten gehen weiter, sobald du dran bist", "Du: Gebot 8 für Team A", "Du und Ben gewinnen"):
        assert not person_errors(right), right


# --- the browser's catalogs ---------------------------------------------------------------------------------------


def forms(value: object) -> list[str]:
    """An entry's texts: the text, or each plural form."""
    return [str(form) for form in value.values()] if isinstance(value, dict) else [str(value)]


def german(catalog: str) -> dict[str, object]:
    return json.loads((WEB_I18N / catalog).read_text(encoding="utf-8"))


# {name} slots the page never fills with the player's own name (what it shows instead, or why)
NEVER_YOU = {
    "table.announce.won_trick": "your own trick: table.announce.you_won_trick",
    "table.announce.says": "a chat line announced: the others' only",
    "table.over.wins": "you among the winners: table.over.you_win / you_share",
    "table.passing.choose_to": "the player your cards go to",
    "table.passing.yours_to": "the player your cards go to",
    "table.status.cards_queued": "the player passing now, while yours wait",
    "table.trump.contract_theirs": "the other team's bidder (yours: contract_ours)",
    "table.waiting.invite_for": "an invited seat's name as typed",
    "table.special.juggle_choose": "the player on the left, who receives your Juggler's card",
    "table.special.juggle_waiting": "the player on the left, who received your Juggler's card",
}


def as_shown(key: str, text: str, catalog: dict[str, object]) -> str:
    """``text`` as the table shows it about the player: ``{name}`` filled with the player's own name, unless the
    page words that case by its own entry (``.you`` beside ``.other``), the entry is the one for you (its key's last
    part names you: ``gives_to_you``, so the slot is another's) or the page never fills it so."""
    you_twin = key.endswith(".other") and f"{key[: -len('.other')]}.you" in catalog
    about_you = "you" in key.rsplit(".", 1)[-1].split("_")
    if "{name}" in text and not you_twin and not about_you and key not in NEVER_YOU:
        text = text.replace("{name}", str(catalog["table.you"]))
    return re.sub(r"\{\w+\}", "3", text)


@pytest.mark.parametrize("catalog", ["table.de.json", "app.de.json", "rules.de.json", "account.de.json", "de.json",
                                     "profile.de.json"])
def test_every_german_string_of_the_browser_speaks_to_you_in_the_second_person(catalog: str) -> None:
    entries = german(catalog)
    wrong = []
    for key, value in entries.items():
        for text in forms(value):
            shown = as_shown(key, text, entries) if catalog == "table.de.json" else text
            wrong += [f"{key}: {error!r} in {shown!r}" for error in person_errors(shown)]
    assert wrong == []


def test_the_never_you_slots_are_entries_with_a_name() -> None:
    table = german("table.de.json")
    assert all("{name}" in forms(table[key])[0] for key in NEVER_YOU)


AUCTION_ONLY = re.compile(r"auction|\.call|contract")  # the Wily auction's entries
BOTH_GAMES = ["table.bid_n", "table.bid_n_refused", "table.hint.bid", "table.keys.digits", "table.error.bid_refused"]
ANSAGE = re.compile(r"ansag|Ansage|angesagt", re.IGNORECASE)
GEBOT = re.compile(r"biet|Gebot|geboten", re.IGNORECASE)


def test_the_auction_bids_and_wizard_announces() -> None:
    """The auction's strings say bieten, never ansagen; those shown for Wizard's bids and the auction's alike (the
    bid buttons, the hint, the keys) say both words or neither; Wizard's own say ansagen, never bieten."""
    table = german("table.de.json")
    for key in BOTH_GAMES:
        text = " ".join(forms(table[key]))
        assert bool(ANSAGE.search(text)) == bool(GEBOT.search(text)), f"{key}: {text!r} is shown in both games"
    for key, value in table.items():
        text = " ".join(forms(value))
        if AUCTION_ONLY.search(key):
            assert not ANSAGE.search(text), f"{key}: {text!r} (the auction bids: bieten)"
        elif re.search(r"\.bids?\b|\.bid\.|your_bid", key) and key not in BOTH_GAMES:
            assert not GEBOT.search(text), f"{key}: {text!r} (Wizard's bids are Ansagen)"


# --- the terminal's catalog ---------------------------------------------------------------------------------------


def test_every_german_message_of_the_terminal_speaks_to_you_in_the_second_person() -> None:
    with open(TUI_PO, "rb") as file:
        po = read_po(file)
    wrong = []
    for message in po:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            wrong += [f"{message.id!r}: {error!r}" for error in person_errors(re.sub(r"\{\w+\}", "3", text))]
    assert wrong == []


@pytest.fixture
def in_german():  # type: ignore[no-untyped-def]
    i18n.use("de")
    yield
    i18n.use("en")


def test_what_the_terminal_says_about_you_in_german(in_german: None) -> None:
    """The sentences of the table about a seat, said about the player: their own words, not the name slot filled
    with "Du" ("gewonnen von Du", "Du hat 8 geboten")."""
    you = render.display_names([render.YOU])[0]
    said = [render.leads(you), render.to_move(you), render.hand_of(you), render.deals(you), render.won_by(you),
            render.seen_by(you)]
    assert said == ["Du spielst aus", "du bist dran", "Deine Hand", "du gibst", "gewonnen von dir", "aus deiner Sicht"]
    row = WilyHandResult(dealer=3, auction=((0, 8),), high_bidder=0, bid=8, trump_suit=2, team_tricks=(9, 6),
                         letter_to=(0,), letters=(1, 0))  # you won the auction with 8, your team took 9
    view = replace(new_game(find_rules("wily", players=4), seed=1).view(0), sheet=(row,))
    result = render.hand_result(view, [you, "Morgana", "Circe", "Prospero"], 1).plain
    assert "Du hast 8 geboten: Team 0 machte 9 Stiche" in result and not person_errors(result)
