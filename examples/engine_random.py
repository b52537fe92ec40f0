"""A Wizard engine in plain Python (standard library only): it plays a random legal move.

It speaks the engine protocol (docs/engine-protocol.md) on stdin and stdout, so any host can seat it:

    wizard arena --bots "engine:python3 examples/engine_random.py,rulebased,rulebased" --games 3

It needs nothing of wizardcards: the host sends the legal moves as texts, and it picks one with the seed the host
gives, so a game it plays can be replayed. A real engine would read the ``position`` line (docs/notation.md). Since
it only picks a text, it plays the special cards too (``Jug>h``, ``Shp>Wiz``, ``cloud +1``...), and says so to a
host of version 2 (``feature special_cards``).
"""

import random
import sys


def main() -> None:
    legal: list[str] = []
    for line in sys.stdin:
        word, _, rest = line.strip().partition(" ")
        if word == "wizard-engine":  # the host's greeting, with the protocol versions it speaks ("1 2")
            print("id name engine_random.py")
            if "2" in rest.split():  # version 2: it plays the special cards too (any legal move text will do)
                print("feature special_cards")
            print("ready", flush=True)
        elif word == "legal":  # the moves allowed now, comma-separated ("bid 0,bid 1", "7h,Wiz")
            legal = rest.split(",")
        elif word == "go":  # "go movetime MS seed S": answer one move within MS milliseconds
            words = rest.split()
            seed = int(words[words.index("seed") + 1]) if "seed" in words else 0
            move = random.Random(seed).choice(legal)
            print(f"info string {len(legal)} legal moves")
            print(f"move {move}", flush=True)
        elif word == "quit":
            break
        # rules, seat, position and anything unknown: this engine does not need them


if __name__ == "__main__":
    main()
