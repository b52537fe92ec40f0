"""An engine that breaks the engine protocol in the way its first argument names (tests/bots/test_engine.py).

    crash-start  exits at once            crash-mid  plays 5 moves, then exits      hang      never answers a go
    hang-child   starts a child (its pid into the file given as the second argument), then never answers
    flood        5 MB without a newline   flood-lines  10,000 info lines           illegal   a move not legal now
    garbage      a line that is no move   malformed  'move 9z'                     never-ready  reads, never answers
    bad-hello    answers the greeting with UCI's 'uciok'                           twice     answers every go twice
"""

import random
import subprocess
import sys
import time

mode = sys.argv[1]
if mode == "crash-start":
    sys.exit(3)
out = sys.stdout
legal: list[str] = []
moves = 0
for line in sys.stdin:
    word, _, rest = line.strip().partition(" ")
    if word == "wizard-engine":
        if mode == "never-ready":
            continue
        out.write("uciok\n" if mode == "bad-hello" else "id name misbehaving\nready\n")
    elif word == "legal":
        legal = rest.split(",")
    elif word == "go":
        moves += 1
        if mode == "crash-mid" and moves > 5:
            sys.exit(1)
        if mode in ("hang", "hang-child"):
            if mode == "hang-child":
                child = subprocess.Popen(["sleep", "3600"])
                with open(sys.argv[2], "w") as file:
                    file.write(str(child.pid))
            time.sleep(3600)
        if mode == "flood":
            out.write("x" * 5_000_000)
        elif mode == "flood-lines":
            out.write("info string flood\n" * 10_000)
        elif mode == "illegal":
            out.write("move " + ("Wiz" if "bid 0" in legal else "bid 0") + "\n")
        elif mode == "garbage":
            out.write("hello there\n")
        elif mode == "malformed":
            out.write("move 9z\n")
        else:
            move = random.Random(moves).choice(legal)
            out.write(f"move {move}\n" * (2 if mode == "twice" else 1))
    elif word == "quit":
        break
    out.flush()
