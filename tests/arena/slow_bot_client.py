"""A bot account's program that answers every decision 30 seconds late (tests/arena/test_bench_server.py): it reads
the server and token from the environment, as ``wizard bench server:CMD`` gives them."""

from __future__ import annotations

import asyncio
import os
import random
import time

from wizardcards.bots import make_bot
from wizardcards.client import BotClient
from wizardcards.core import View


class Slow:
    def __init__(self) -> None:
        self.bot = make_bot("rulebased")

    def act(self, view: View, rng: random.Random) -> int:
        time.sleep(30)
        return int(self.bot.act(view, rng))


if __name__ == "__main__":
    asyncio.run(BotClient(os.environ["WIZARDCARDS_SERVER"], os.environ["WIZARDCARDS_BOT_TOKEN"], Slow).run())
