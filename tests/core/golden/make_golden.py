"""Golden playthroughs of Wizard: for each preset, one seeded random game of 4 players, written out in full.

For every state of the game the file holds ``str(state)``, the legal actions as text and the action taken; then the
final state and the score sheet. ``tests/core/test_golden.py`` regenerates the text in memory and compares it with
the checked-in file, so any change of the engine's behaviour (deals, rules, scores) or of its text shows up as a
diff to review. After a deliberate change, rewrite the files::

    python tests/core/golden/make_golden.py

The deals come from the game's seed; the moves from ``random.Random(seed)``, choosing among the legal actions in
the engine's order.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from wizardcards.core import find_rules, new_game

HERE = Path(__file__).resolve().parent
PLAYERS = 4
SEEDS = {
    "standard": 1001,
    "double-down": 1002,
    "quick": 1003,
    "hook": 1004,
    "canadian": 1005,
    "hidden-bids": 1006,
    "extended-suits": 1007,
    # the special cards (docs/rules.md): their phases and cards as played show in the text
    "anniversary": 1008,
    "anniversary-2021": 1009,
}
COMMAND = "python tests/core/golden/make_golden.py"


def path_of(preset: str) -> Path:
    return HERE / f"{preset}.txt"


def playthrough(preset: str) -> str:
    """The golden text of ``preset``'s game."""
    rules = find_rules(preset, players=PLAYERS)
    seed = SEEDS[preset]
    state = new_game(rules, seed)
    moves = random.Random(seed)
    lines = [
        f"# Wizard golden playthrough: preset {preset}, seed {seed}, moves from random.Random({seed})",
        f"# rules: {rules.describe()}",
        f"# first dealer drawn: {state.dealer} (draws {list(state.first_dealer_draws)})",
        f"# regenerate after a deliberate change: {COMMAND}",
    ]
    number = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        action = moves.choice(legal)
        lines.append(f"=== decision {number}")
        lines.append(str(state))
        lines.append("legal: " + " ".join(state.action_to_text(a) for a in legal))
        lines.append("action: " + state.action_to_text(action))
        state.apply(action)
        number += 1
    lines.append(f"=== final after {number} decisions")
    lines.append(str(state))
    lines.append(f"winners: {state.winners()}")  # type: ignore[attr-defined]
    lines.append(state.score_sheet())  # type: ignore[attr-defined]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    presets = argv or list(SEEDS)
    for preset in presets:
        text = playthrough(preset)
        path_of(preset).write_text(text, encoding="utf-8")
        print(f"wrote {path_of(preset)} ({len(text.encode()) // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
