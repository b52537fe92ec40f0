"""``wizardcards.client``: play a bot account at a wizardcards server with any ``Bot`` or engine (docs/bot-api.md).

    python -m wizardcards.client --server https://cards.example.org --engine "python3 my_engine.py"

with the bot's API token in ``WIZARDCARDS_BOT_TOKEN`` (or ``--token``). In Python::

    client = BotClient("http://127.0.0.1:8000", token, make=lambda: make_bot("rulebased"), max_games=10)
    results = asyncio.run(client.run())
"""

from __future__ import annotations

from .bot_client import BotClient, GameResult, SeatRefused, TokenRefused, accept_all
from .views import view_from_json

__all__ = ["BotClient", "GameResult", "SeatRefused", "TokenRefused", "accept_all", "view_from_json"]
