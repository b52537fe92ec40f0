"""An engine that writes every line it reads into the file named by its argument, then plays a random legal move:
tests/bots/test_engine.py reads the file to check what an engine is told. Greeted with version 2 it announces the
special cards, unless its second argument is ``v1`` (an engine of version 1, which announces nothing)."""

import random
import sys

version_1 = sys.argv[2:] == ["v1"]
with open(sys.argv[1], "a", encoding="utf-8") as log:
    legal: list[str] = []
    for line in sys.stdin:
        log.write(line)
        log.flush()
        word, _, rest = line.strip().partition(" ")
        if word == "wizard-engine":
            if "2" in rest.split() and not version_1:
                print("feature special_cards")
            print("ready", flush=True)
        elif word == "legal":
            legal = rest.split(",")
        elif word == "go":
            print(f"move {random.Random(line).choice(legal)}", flush=True)
        elif word == "quit":
            break
