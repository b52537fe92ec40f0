"""Every word the table's code asks for is in its catalogs (table.en.json, table.de.json), and every entry of them is
used: read from the code, so that a key mistyped in table.js, its table_*.js modules or round_summary.js shows up here, not as "table.x.y" on
a player's screen. Keys built at run time are checked for each value they can take (the phases; "you" and "other" of
the sentences about a seat, whose verb agrees with "you")."""

from __future__ import annotations

import json
import re
from pathlib import Path

WEB = Path(__file__).parents[2] / "src" / "wizardcards" / "server" / "web"
CODE = [*sorted((WEB / "js").glob("table*.js")), WEB / "js" / "round_summary.js", WEB / "js" / "invite_page.js"]
PHASES = ["choose_trump", "bid", "auction", "name_trump", "pass_cards", "play", "werewolf", "cloud", "juggle", "other"]
KEY_WORDS = ["arrows", "enter", "digits", "pass", "trump", "last", "sheet", "chat", "hint", "escape", "list",
             "special_suit", "shape", "cloud"]
CHOOSING = ["juggler", "cloud", "shapeshifter"]  # the special cards whose play asks a choice (table.special.<card>_...)


def used_keys() -> set[str]:
    text = "\n".join(path.read_text(encoding="utf-8") for path in CODE)
    keys = set(re.findall(r"""['`](table\.[a-z_.]+)['`]""", text))
    # sentences about a seat: this.about(seat, 'table.x') reads table.x.you and table.x.other
    about = set(re.findall(r"""about\([^,]+,\s*['`](table\.[a-z_.]+)['`]""", text))
    keys = (keys - about) | {f"{key}.{who}" for key in about for who in ("you", "other")}
    for template in re.findall(r"`(table\.[a-z_.]*\$\{[^`]*)`", text):
        prefix = template.split("${")[0]
        values = KEY_WORDS if prefix == "table.keys." else CHOOSING if prefix == "table.special." else PHASES
        suffix = template.rsplit("}", 1)[1]
        if prefix == "table.status.doing.":  # the phase, then "you" or "other" (this.about)
            keys |= {f"{prefix}{value}.{who}" for value in values for who in ("you", "other")}
        else:
            keys |= {f"{prefix}{value}{suffix}" for value in values}
    return {key for key in keys if not key.endswith(".")}


def test_every_key_the_table_uses_is_in_both_catalogs_and_every_entry_is_used() -> None:
    used = used_keys()
    assert len(used) > 200
    for lang in ("en", "de"):
        entries = set(json.loads((WEB / "i18n" / f"table.{lang}.json").read_text(encoding="utf-8")))
        assert sorted(used - entries) == [], f"used by the table but missing in table.{lang}.json"
        assert sorted(entries - used) == [], f"in table.{lang}.json but never used"
