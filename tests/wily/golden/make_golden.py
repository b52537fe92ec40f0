"""Write the golden playthroughs of Wily Wizards: one file per preset, every state of one whole game.

    python tests/wily/golden/make_golden.py            # rewrite every file
    python tests/wily/golden/make_golden.py wily       # only some presets

Each file starts with the preset, the seed and the policy, then for every state of the game: ``str(state)``, its
legal actions as text and the action taken (the policy: ``random.Random(seed)``; in the auction a pass with
probability 1/2, otherwise a uniformly random legal action). ``test_golden.py`` plays the same game again and
compares the text line by line, so any change of the rules, the deal or the text shows up as a diff to review.
Rewrite the files only for an intended change, and say why in the commit message.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from wizardcards.core import actions as A
from wizardcards.core import find_rules, new_game
from wizardcards.core.state import Phase
from wizardcards.core.wily import WilyState

HERE = Path(__file__).resolve().parent
# A seed per preset: any seed works; these were picked among 0..299 for short games (six or seven hands) that show
# a hand thrown in and a contract made, and for wily-no-passing a win shared by two players.
SEEDS = {
    "wily": 81,
    "wily-two-teams": 198,
    "wily-no-partners": 81,
    "wily-no-passing": 184,
    "wily-combined": 52,
    "wily-no-trump": 167,
}


def playthrough(preset: str, seed: int) -> str:
    state = new_game(find_rules(preset), seed)
    assert isinstance(state, WilyState)
    rng = random.Random(seed)
    lines = [
        f"# golden playthrough of Wily Wizards, preset {preset}, seed {seed} (tests/wily/golden/make_golden.py)",
        f"rules: {state.rules.describe()}",
        "",
    ]
    number = 0
    while True:
        lines.append(f"== state {number}")
        lines.append(str(state))
        legal = state.legal_actions()
        lines.append("legal: " + (", ".join(state.action_to_text(a) for a in legal) or "-"))
        if state.is_terminal():
            break
        if state.phase is Phase.AUCTION and rng.random() < 0.5:
            action = A.PASS
        else:
            action = rng.choice(legal)
        lines.append(f"action: {state.action_to_text(action)}")
        state.apply(action)
        number += 1
    lines.append("== score sheet")
    lines.append(state.score_sheet())
    lines.append(f"winners: {state.winners()} | returns: {state.returns()}")
    return "\n".join(lines) + "\n"


def path_of(preset: str) -> Path:
    return HERE / f"{preset}.txt"


def main(presets: list[str]) -> None:
    for preset in presets or list(SEEDS):
        text = playthrough(preset, SEEDS[preset])
        path_of(preset).write_text(text)
        print(f"{path_of(preset)}: {text.count('== state')} states, {len(text) // 1024} KiB")


if __name__ == "__main__":
    main(sys.argv[1:])
