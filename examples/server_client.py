"""Play one table on a running ``wizard serve`` from the terminal: you against three bots, by action number.

    wizard serve &                        # in another terminal, or in the background
    python examples/server_client.py [--url http://127.0.0.1:8000] [--auto]

Creates a quick game of Wizard (you in seat 0, claimed: its token is in the answer; ``rulebased`` bots elsewhere),
joins it over the WebSocket protocol (docs/server.md) and shows your view whenever it is your turn; ``--auto`` plays
your first legal action each time. Each action answers the decision of the view it was chosen in (its ``seq``).
(tests/test_examples.py plays it against a live server.)
"""

from __future__ import annotations

import argparse
import json

import httpx
from websockets.sync.client import connect


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--auto", action="store_true", help="play the first legal action every turn")
    args = parser.parse_args()
    seats = [{"name": "You", "claimed": True}] + [{"name": f"Bot {n}", "bot": "rulebased"} for n in (1, 2, 3)]
    created = httpx.post(f"{args.url}/tables", json={"game": "wizard", "preset": "quick", "seats": seats}, timeout=30)
    created.raise_for_status()
    table = created.json()
    print(f"table {table['id']}; spectators: {args.url}{table['spectator']}")
    with connect(args.url.replace("http", "ws", 1) + "/ws") as ws:
        ws.send(json.dumps({"type": "hello", "id": "hello", "token": table["seats"][0]["token"]}))
        number = 0
        for raw in ws:
            frame = json.loads(raw)
            if frame["type"] == "error":
                print("error:", frame["code"], frame["message"])
                if frame["code"] == "stale":  # the table moved on meanwhile: the view of its decision now
                    ws.send(json.dumps({"type": "sync", "id": "sync"}))
            if frame["type"] != "view" or frame["status"] != "playing" and frame["view"]["phase"] != "game_over":
                continue
            view = frame["view"]
            if view["phase"] == "game_over":
                print("game over: scores", view["scores"], "winners", view["winners"])
                return
            if not view["legal_actions"]:
                continue
            print(f"\n[{frame['seq']}] {view['phase']}: hand {view['hand']}, trick {view['trick']}")
            print(f"  bids {view['bids']}, tricks won {view['tricks_won']}, scores {view['scores']}")
            choices = dict(zip(view["legal_actions"], view["legal_texts"]))
            print("  " + ", ".join(f"{a}={t}" for a, t in choices.items()))
            action = view["legal_actions"][0] if args.auto else int(input("action> "))
            number += 1
            ws.send(json.dumps({"type": "action", "id": f"a{number}", "action": action, "seq": frame["seq"]}))


if __name__ == "__main__":
    main()
