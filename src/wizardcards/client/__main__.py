"""``python -m wizardcards.client``: a bot account played at a server by one of our bots or an engine program.

    python -m wizardcards.client --server URL [--token T] (--engine CMD | --bot SPEC) [--games N] [--concurrent K]

The token comes from ``--token`` or, better (a command line is seen by every user of the machine), from the
environment variable ``WIZARDCARDS_BOT_TOKEN``; the server's address from ``--server`` or ``WIZARDCARDS_SERVER`` (both
variables are what ``wizard bench server:CMD`` sets for the client it starts). Prints a line per finished game.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Sequence

from .bot_client import BotClient, GameResult, TokenRefused

TOKEN_VARIABLE = "WIZARDCARDS_BOT_TOKEN"
SERVER_VARIABLE = "WIZARDCARDS_SERVER"  # what ``wizard bench server:CMD`` sets for its client (docs/benchmark.md)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m wizardcards.client", description=__doc__.split("\n")[0])
    parser.add_argument("--server", default=os.environ.get(SERVER_VARIABLE),
                        help=f"the server's address, e.g. https://cards.example.org (default: ${SERVER_VARIABLE})")
    parser.add_argument("--token", default=None, help=f"the bot account's API token (default: ${TOKEN_VARIABLE})")
    who = parser.add_mutually_exclusive_group(required=True)
    who.add_argument("--engine", metavar="CMD", help="an engine program (docs/engine-protocol.md), one per game")
    who.add_argument("--bot", metavar="SPEC", help="one of our bots by its spec: random, rulebased, search:level=2")
    parser.add_argument("--games", type=int, default=None, help="stop after this many games (default: never)")
    parser.add_argument("--concurrent", type=int, default=8, help="games at once (more invitations are declined)")
    parser.add_argument("--seed", type=int, default=None, help="the bots' random seed (default: fresh)")
    parser.add_argument("--verbose", "-v", action="store_true", help="log reconnections and refusals")
    args = parser.parse_args(argv)
    if not args.server:
        parser.error(f"give the server's address with --server or in ${SERVER_VARIABLE}")
    token = args.token or os.environ.get(TOKEN_VARIABLE)
    if not token:
        parser.error(f"give the bot's token with --token or in ${TOKEN_VARIABLE}")
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(message)s")
    from ..bots import UnknownBotError, make_bot

    spec = f"engine:{args.engine}" if args.engine else args.bot
    try:
        make_bot(spec)  # a wrong spec is said now, not at the first game
    except UnknownBotError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2

    def report(result: GameResult) -> None:
        print(f"game {result.table} seat {result.seat}: scores {result.scores}, winners {result.winners}, "
              f"{result.decisions} decisions, {result.reconnects} reconnects", flush=True)

    client = BotClient(args.server.rstrip("/"), token, lambda: make_bot(spec), max_games=args.games,
                       max_concurrent=args.concurrent, seed=args.seed, on_result=report)
    try:
        results = asyncio.run(client.run())
    except TokenRefused as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    print(f"{len(results)} games, {len(client.errors)} protocol errors", flush=True)
    return 0 if not client.errors else 1


if __name__ == "__main__":
    sys.exit(main())
