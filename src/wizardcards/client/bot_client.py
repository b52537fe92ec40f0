"""The bot API's client: a bot account played at a server by any ``Bot`` (docs/bot-api.md).

``BotClient`` holds the bot's event stream open (``GET /api/stream/event``, newline-delimited JSON, the token in
``Authorization``), accepts or declines each invitation (``policy``), and plays each of its games over the
server's WebSocket protocol: a ``View`` rebuilt from every ``view`` message (``views.view_from_json``) goes to the
bot, whose action is sent for that decision's ``seq``. Whatever breaks is reconnected, with a growing pause: the
stream (the games it announces again on connecting are picked up), and a game's socket (the server's welcome and
view say where the game stands; an action is named after its decision, ``a<seq>``, so one sent again after a lost
connection is applied once). A token the server no longer takes (401, close code 4003) stops the client.

Before its ``policy``, the client declines with ``rules`` every invitation to a table its bot cannot play: one with
the special cards (the invitation's ``table.rules.special_cards``) when the bot does not say it plays them
(``bots.rules_refusal``: our bots do; an engine when its program announced ``feature special_cards``, heard by
starting it once, docs/engine-protocol.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ..bots import Bot
from ..bots.base import refusal_closing
from ..core import RuleSet
from .views import view_from_json

log = logging.getLogger("wizardcards.client")
Policy = Callable[[dict[str, Any]], str | None]  # an invitation event -> None to accept, or a decline reason


class TokenRefused(RuntimeError):
    """The server does not take this bot token (unknown, or revoked)."""


class SeatRefused(RuntimeError):
    """The server does not take this seat's token any more: the game is given up."""


def accept_all(invitation: dict[str, Any]) -> str | None:
    """Accept every invitation (the client has declined those its bot cannot play before asking)."""
    return None


def _refusal(bot: Bot, rules: RuleSet) -> tuple[str | None, bool]:
    """Why ``bot`` cannot play ``rules`` (None: it can), and whether the answer holds for good (an engine that did
    not start may start next time); the bot is let go."""
    refused = refusal_closing(bot, rules)
    return refused, getattr(bot, "failure", None) is None


@dataclass
class GameResult:
    table: str
    seat: int
    scores: list[int]
    winners: list[int]
    decisions: int  # this bot's actions in the game
    reconnects: int


@dataclass
class BotClient:
    """Play the bot account of ``token`` at ``server`` (``http://host:port``) with the bots ``make`` makes (one per
    game: an engine is a process per game). ``policy`` answers each invitation; ``max_games`` (None: run until
    stopped) ends the client after that many games; ``max_concurrent`` games at once (more invitations are declined
    with "later"). ``on_result`` hears of each finished game. Before ``policy``, an invitation to a table the bot
    cannot play (the special cards, to a bot that does not play them) is declined with "rules"; ``declined`` lists
    every invitation declined, with its reason and, for "rules", why."""

    server: str
    token: str
    make: Callable[[], Bot]
    policy: Policy = accept_all
    max_games: int | None = None
    max_concurrent: int = 8
    seed: int | None = None
    on_result: Callable[[GameResult], None] | None = None
    retry_seconds: tuple[float, float] = (0.25, 15.0)  # the first pause before reconnecting, and the longest
    results: list[GameResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # protocol errors the server answered (never expected)
    declined: list[tuple[str, str, str]] = field(default_factory=list)  # (invitation id, reason, why)
    _plays: dict[tuple[str, ...], str | None] = field(default_factory=dict)  # special cards -> the bot's refusal
    _playing: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    _seen: set[str] = field(default_factory=set)  # every table this client played or plays (never opened twice)
    _done: asyncio.Event = field(default_factory=asyncio.Event)
    _refused: TokenRefused | None = None

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    async def run(self) -> list[GameResult]:
        """Until ``max_games`` games are over (or for ever); ``TokenRefused`` when the server stops taking the
        token."""
        import httpx

        self._done = asyncio.Event()
        async with httpx.AsyncClient(base_url=self.server, headers=self.headers, timeout=30) as http:
            streaming = asyncio.create_task(self._keep_streaming(http))
            waiting = asyncio.create_task(self._done.wait())
            await asyncio.wait({streaming, waiting}, return_when=asyncio.FIRST_COMPLETED)
            for task in (streaming, waiting, *self._playing.values()):
                task.cancel()
            for task in (streaming, *self._playing.values()):
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            if streaming.done() and not streaming.cancelled() and streaming.exception() is not None:
                raise streaming.exception()  # type: ignore[misc]
        if self._refused is not None:
            raise self._refused
        return self.results

    # --- the event stream ---------------------------------------------------------------------------------------

    async def _keep_streaming(self, http: Any) -> None:
        import httpx

        pause = self.retry_seconds[0]
        while True:
            try:
                # a keep-alive line comes every few seconds: a stream silent for 30 is dead
                async with http.stream("GET", "/api/stream/event",
                                       timeout=httpx.Timeout(30, read=30)) as response:
                    if response.status_code == 401:
                        self._refuse("the server refused the bot token (unknown or revoked)")
                        return
                    if response.status_code == 429:
                        wait = float(response.headers.get("retry-after", "5"))
                        log.warning("event stream refused for now (429): again in %s s", wait)
                        await asyncio.sleep(wait)
                        continue
                    response.raise_for_status()
                    pause = self.retry_seconds[0]
                    async for line in response.aiter_lines():
                        if line.strip():
                            await self._event(http, json.loads(line))
            except (httpx.HTTPError, OSError, ValueError) as error:
                log.info("event stream lost (%s): reconnecting in %.2f s", error, pause)
            await asyncio.sleep(pause)
            pause = min(self.retry_seconds[1], pause * 2)

    def _refuse(self, why: str) -> None:
        self._refused = TokenRefused(why)
        self._done.set()

    async def _event(self, http: Any, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "invitation":
            await self._invited(http, event)
        elif kind in ("game", "gameStart") and event.get("status", "playing") in ("waiting", "playing"):
            table = event["table"]
            # a game it holds a seat of but never played here (it restarted, or a rematch): its seat again. A game it
            # played is not opened again: a gameStart read late (the stream is read between requests) may name a
            # game already over
            if table not in self._seen:
                answer = await self._post(http, f"/api/bot/tables/{table}/seat")
                if answer is not None:
                    self._play(table, answer["seat"], answer["token"])

    async def _invited(self, http: Any, invitation: dict[str, Any]) -> None:
        why = await self.cannot_play(invitation)
        reason = "rules" if why is not None else self.policy(invitation)
        if reason is None and len(self._playing) >= self.max_concurrent:
            reason = "later"
        if reason is None and self.max_games is not None and \
                len(self.results) + len(self._playing) >= self.max_games:
            reason = "later"
        if reason is not None:
            if why is not None:
                log.warning("invitation %s declined (rules): %s", invitation.get("id"), why)
            self.declined.append((str(invitation.get("id")), reason, why or ""))
            await self._post(http, f"/api/bot/invitations/{invitation['id']}/decline", {"reason": reason})
            return
        answer = await self._post(http, f"/api/bot/invitations/{invitation['id']}/accept")
        if answer is not None:
            self._play(answer["table"], answer["seat"], answer["token"])

    async def cannot_play(self, invitation: dict[str, Any]) -> str | None:
        """Why the bot cannot play the invitation's table (None: it can): rules this client cannot read, or the
        special cards (``table.rules.special_cards``) to a bot that does not play them. The bot is asked once per set
        of special cards (an engine: started once to hear its greeting, then let go)."""
        try:
            rules = RuleSet.from_dict(dict(invitation["table"]["rules"]))
        except (KeyError, TypeError, ValueError) as error:  # ImpossibleRulesError is a ValueError
            return f"rules this client cannot read: {error}"
        if not rules.special_cards:
            return None
        key = tuple(rules.special_cards)
        if key not in self._plays:
            refused, for_good = await asyncio.to_thread(_refusal, self.make(), rules)
            if not for_good:
                return refused
            self._plays[key] = refused
        return self._plays[key]

    async def _post(self, http: Any, path: str, body: dict[str, Any] | None = None) -> dict[str, Any] | None:
        """A bot API request, waited out when the server says 429; None for a 404 or 409 (an invitation gone)."""
        for _ in range(10):
            response = await http.post(path, json=body or {})
            if response.status_code == 429:
                await asyncio.sleep(float(response.headers.get("retry-after", "1")))
                continue
            if response.status_code == 401:
                self._refuse("the server refused the bot token (unknown or revoked)")
                return None
            if response.status_code in (404, 409):
                log.info("%s: %s", path, response.text)
                return None
            response.raise_for_status()
            answer: dict[str, Any] = response.json()
            return answer
        return None

    # --- one game -----------------------------------------------------------------------------------------------

    def _play(self, table: str, seat: int, token: str) -> None:
        if table in self._seen:
            return
        self._seen.add(table)
        task = asyncio.create_task(self._game(table, seat, token))
        self._playing[table] = task

        def finished(done: asyncio.Task[None]) -> None:
            self._playing.pop(table, None)
            if not done.cancelled() and done.exception() is not None:
                log.error("table %s: the game's task failed", table, exc_info=done.exception())
            if self.max_games is not None and len(self.results) >= self.max_games:
                self._done.set()

        task.add_done_callback(finished)

    def _socket_url(self, table: str) -> str:
        parts = urlsplit(self.server)
        scheme = "wss" if parts.scheme == "https" else "ws"
        return urlunsplit((scheme, parts.netloc, f"{parts.path.rstrip('/')}/tables/{table}/ws", "", ""))

    async def _game(self, table: str, seat: int, token: str) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidStatus

        bot = self.make()
        rng = random.Random(self.seed)
        decisions = reconnects = 0
        pause = self.retry_seconds[0]
        try:
            while True:
                try:
                    async with connect(self._socket_url(table), additional_headers=self.headers,
                                       open_timeout=30) as ws:
                        await ws.send(json.dumps({"type": "hello", "id": "hello", "token": token}))
                        pause = self.retry_seconds[0]
                        answered = [-1]  # the last decision answered on this connection (a new one answers again)
                        async for raw in ws:
                            frame = json.loads(raw)
                            outcome = await self._frame(ws, frame, bot, rng, answered)
                            if outcome == "acted":
                                decisions += 1
                            elif outcome == "over":
                                view = frame["view"]
                                result = GameResult(table, seat, list(view["scores"]), list(view["winners"]),
                                                    decisions, reconnects)
                                self.results.append(result)
                                if self.on_result is not None:
                                    self.on_result(result)
                                return
                    closed = ws.close_code
                except InvalidStatus as error:
                    closed = None
                    if error.response.status_code in (401, 403):
                        self._refuse(f"the server refused the bot's WebSocket ({error.response.status_code})")
                        return
                except SeatRefused as error:
                    log.error("table %s: %s", table, error)
                    return
                except (ConnectionClosed, OSError, TimeoutError) as error:
                    closed = getattr(error, "code", None)
                if closed == 4003:  # the token was revoked
                    self._refuse("the bot token was revoked")
                    return
                reconnects += 1
                log.info("table %s: connection lost (%s): again in %.2f s", table, closed, pause)
                await asyncio.sleep(pause)
                pause = min(self.retry_seconds[1], pause * 2)
        finally:
            close = getattr(bot, "close", None)
            if callable(close):
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(close)

    async def _frame(self, ws: Any, frame: dict[str, Any], bot: Bot, rng: random.Random,
                     answered: list[int]) -> str | None:
        """One message of the game's socket: "acted" when the bot answered a decision, "over" at the game's end."""
        kind = frame.get("type")
        if kind == "error":
            if frame["code"] == "stale":  # the table moved on meanwhile: the view of its decision now
                await ws.send(json.dumps({"type": "sync", "id": f"sync{frame['seq']}"}))
                return None
            self.errors.append(f"{frame['code']}: {frame['message']}")
            log.warning("the server refused a message: %s %s", frame["code"], frame["message"])
            if frame["code"] == "bad_token":
                raise SeatRefused(frame["message"])
            return None
        if kind != "view":
            return None
        view = frame["view"]
        if view["phase"] == "game_over":
            return "over"
        if frame["status"] != "playing" or not view["legal_actions"] or frame["seq"] <= answered[0]:
            return None
        answered[0] = frame["seq"]
        decided = view_from_json(view, frame.get("last_trick"))
        action = await asyncio.to_thread(bot.act, decided, rng)
        seq = frame["seq"]
        await ws.send(json.dumps({"type": "action", "id": f"a{seq}", "action": int(action), "seq": seq}))
        return "acted"
