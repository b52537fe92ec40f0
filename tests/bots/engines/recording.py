"""An engine that writes every line it reads into the file named by its argument, then plays a random legal move:
tests/bots/test_engine.py reads the file to check what an engine is told."""

import random
import sys

with open(sys.argv[1], "a", encoding="utf-8") as log:
    legal: list[str] = []
    for line in sys.stdin:
        log.write(line)
        log.flush()
        word, _, rest = line.strip().partition(" ")
        if word == "wizard-engine":
            print("ready", flush=True)
        elif word == "legal":
            legal = rest.split(",")
        elif word == "go":
            print(f"move {random.Random(line).choice(legal)}", flush=True)
        elif word == "quit":
            break
