"""The terminal apps' language: message catalogs read with the standard library's ``gettext``.

Every string the terminal apps show goes through ``_`` (a sentence), ``ngettext`` (a sentence with a number, whose
plural forms the catalog knows) or ``pgettext`` (a short word whose meaning needs a context, such as a rank label).
The sources are English; ``locale/de/LC_MESSAGES/wizardcards-tui.po`` translates them into German and is compiled to
the ``.mo`` beside it, which is what runs (``tests/tui/test_catalogs.py`` checks that the two agree and that every
message has a translation).

The language is chosen once, before an app starts: ``--lang`` when given, else the first of ``LANGUAGE`` (a colon
list), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that names a language with a catalog, as gettext itself reads them;
English otherwise. Strings are looked up when a screen is drawn, not when a module is imported, so ``use(language)``
takes effect for every app built after it.

To change a message: edit the source, then ``pybabel extract -F src/wizardcards/tui/locale/babel.cfg -k N_ -o
src/wizardcards/tui/locale/wizardcards-tui.pot src/wizardcards/tui``, ``pybabel update -D wizardcards-tui -i ... -d
src/wizardcards/tui/locale``, translate, ``pybabel compile -D wizardcards-tui -d src/wizardcards/tui/locale``.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.dom import DOMNode

DOMAIN = "wizardcards-tui"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = {"en": "English", "de": "Deutsch"}
"""The languages with a complete catalog (English is the source language: it needs none)."""
DEFAULT = "en"
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT


def language_of(tag: str) -> str | None:
    """The supported language a locale name means (``de_DE.UTF-8``, ``de-AT``, ``de`` → ``de``), or None."""
    code = tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return DEFAULT
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, read as gettext reads it; English when none it names is supported.

    The first variable that is set decides (``LC_ALL=C`` means English even with ``LANG=de_DE``); ``LANGUAGE`` may
    list several, and the first supported one wins."""
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if not value:
            continue
        for tag in value.split(":"):
            language = language_of(tag)
            if language is not None:
                return language
        if name != "LANGUAGE":  # LANGUAGE only refines the others; a set LC_ALL/LANG decides on its own
            return DEFAULT
    return DEFAULT


def choose(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """``--lang`` when given (``ValueError`` for a language without a catalog), else the environment's."""
    if explicit:
        language = language_of(explicit)
        if language is None:
            raise ValueError(f"no catalog for the language {explicit!r}: choose one of {', '.join(LANGUAGES)}")
        return language
    return from_environment(environ)


def use(language: str) -> None:
    """Show every app built from now on in ``language`` (a key of ``LANGUAGES``)."""
    global _translations, _language
    if language not in LANGUAGES:
        raise ValueError(f"no catalog for the language {language!r}")
    _translations = (
        gettext.NullTranslations() if language == DEFAULT
        else gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
    )
    _language = language


def current() -> str:
    return _language


def _(message: str) -> str:
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    return _translations.pgettext(context, message)


def translate_bindings(node: DOMNode) -> None:
    """Translate the descriptions of ``node``'s key bindings (its ``BINDINGS``, written with ``N_``) for the Footer.

    Textual builds a node's bindings from the class's ``BINDINGS`` when the class is defined; each node copies them
    when it is made, so the copy is translated here, in the node's ``__init__``, in the language chosen by then."""
    bindings = node._bindings.key_to_bindings  # Textual 8's per-node copy (textual.dom.DOMNode.__init__)
    for key, listed in bindings.items():
        bindings[key] = [
            replace(b, description=_(b.description) if b.description else "",
                    group=replace(b.group, description=_(b.group.description)) if b.group else None)
            for b in listed
        ]


def N_(message: str) -> str:
    """Marks a message for the catalog where it is defined; ``_`` translates it where it is shown."""
    return message


__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "N_", "_", "choose", "current", "from_environment", "language_of",
           "ngettext", "pgettext", "translate_bindings", "use"]
