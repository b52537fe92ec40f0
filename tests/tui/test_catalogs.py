"""The terminal apps' message catalogs: every message the sources mark is in the German catalog and translated, the
compiled ``.mo`` that ships says exactly what its ``.po`` source says, and each translation keeps the placeholders
its message fills in (a missing ``{name}`` would raise when the screen is drawn)."""

from __future__ import annotations

import gettext
import string
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from wizardcards.tui import i18n

TUI = Path(i18n.__file__).parent
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def source_messages() -> set[tuple[str | None, str]]:
    """(context, msgid) of every message marked in src/wizardcards/tui, as pybabel extract finds them."""
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(TUI), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def catalog(language: str):  # type: ignore[no-untyped-def]
    with open(TUI / "locale" / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po", "rb") as file:
        return read_po(file)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_message_of_the_sources_has_a_german_translation() -> None:
    po = catalog("de")
    marked = source_messages()
    assert len(marked) > 150  # the extraction found the apps' messages
    translated = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in po if m.id and m.string}
    assert marked - translated == set(), "messages without a German translation"
    assert [m.id for m in po if m.id and m.fuzzy] == []
    for message in po:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), message.id
        for text in strings:  # every plural form keeps the fields of the message
            assert fields(text) == fields(ids[-1]), (message.id, text)


def test_the_compiled_catalog_matches_its_source() -> None:
    po = catalog("de")
    with open(TUI / "locale" / "de" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo", "rb") as file:
        mo = gettext.GNUTranslations(file)
    for message in po:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            singular, plural = message.id
            for count, form in ((1, 0), (2, 1)):
                assert mo.ngettext(singular, plural, count) == message.string[form], message.id
        elif message.context:
            assert mo.pgettext(message.context, message.id) == message.string, message.id
        else:
            assert mo.gettext(message.id) == message.string, message.id
    # and nothing more: the .mo holds the .po's messages (and its header) only
    assert len(mo._catalog) == sum(  # type: ignore[attr-defined]
        len(m.string) if isinstance(m.id, tuple) else 1 for m in po
    )


def test_german_is_installed_and_english_needs_no_catalog() -> None:
    i18n.use("de")
    try:
        assert i18n._("Trick") == "Stich" and i18n.pgettext("card", "Wiz") == "Zaub"
        assert [i18n.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 5)] == ["1 Karte", "5 Karten"]
    finally:
        i18n.use("en")
    assert i18n._("Trick") == "Trick" and i18n.ngettext("{n} card", "{n} cards", 1) == "{n} card"
