"""What a player's profile and a game's leaderboard show, read from the database (``GET /players/{name}/profile``,
``GET /leaderboard/{game}``; the browser draws both: ``web/js/profile.js``).

A profile is an account's (found by its name as ``accounts.name_key`` folds it; a deleted account has none): its
rating in each game with how it moved game by game and the bot level it is nearest, its finished games with their
results (newest first, each with its replay), its bid accuracy over the Wizard games stored (the share of rounds
where its tricks equalled its bid, from ``finished_games``' score sheets), and the people and bots it met most, with
how often it finished ahead. Only finished games are listed (a running game's players are nobody's business until
it ends), and of those only the public ones, or the private ones the viewer held a seat at (issue 26 item 5:
``game_tables.visibility``). A deleted account's seats show as "deleted player".
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter
from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.engine import Engine

from . import ratings as R
from .accounts import name_key
from .db import AccountRow, FinishedGameRow, RatingHistoryRow, RatingRow, SeatRow, TableRow
from .sessions import DELETED_NAME

GAMES_LISTED = 50  # the newest finished games a profile lists (and its bid accuracy and opponents are read from)
OPPONENTS_LISTED = 8
HISTORY_POINTS = 200  # the newest rating changes a profile's chart shows, per game


def _visible(viewer: str | None) -> Any:
    """The finished tables a viewer may see listed: public ones, and private ones the viewer held a seat at."""
    mine = select(SeatRow.table_id).where(SeatRow.account_id == viewer) if viewer else None
    public = TableRow.visibility == "public"
    return and_(TableRow.status == "finished", public if mine is None else or_(public, TableRow.id.in_(mine)))


def rating_json(game: str, rating: R.Rating, games: int) -> dict[str, Any]:
    return {"mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3), "ordinal": round(rating.ordinal, 3),
            "games": games, "like": R.nearest_bot(game, rating.mu)}


def profile(engine: Engine, name: str, viewer: str | None = None) -> dict[str, Any] | None:
    """The profile of the account called ``name`` as ``viewer`` (an account id, None for a guest) may see it."""
    key = name_key(unicodedata.normalize("NFKC", name).strip())
    with engine.connect() as db:
        account = db.execute(select(AccountRow.id, AccountRow.name, AccountRow.kind, AccountRow.created_at)
                             .where(AccountRow.name_key == key, AccountRow.deleted_at.is_(None))).first()
        if account is None:
            return None
        ratings = {row.game: row for row in db.execute(select(RatingRow).where(RatingRow.account_id == account.id))}
        history: dict[str, list[dict[str, Any]]] = {}
        for game in R.GAMES:
            rows = db.execute(
                select(RatingHistoryRow.mu, RatingHistoryRow.sigma, RatingHistoryRow.rank, RatingHistoryRow.weight,
                       RatingHistoryRow.at, RatingHistoryRow.table_id)
                .where(RatingHistoryRow.account_id == account.id, RatingHistoryRow.game == game)
                .order_by(RatingHistoryRow.at.desc(), RatingHistoryRow.id.desc()).limit(HISTORY_POINTS)).all()
            history[game] = [{"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "rank": r.rank,
                              "weight": round(r.weight, 4), "at": r.at.isoformat(), "table": r.table_id}
                             for r in reversed(rows)]
        tables = db.execute(
            select(SeatRow.table_id, SeatRow.seat, TableRow.created_at, TableRow.rated, FinishedGameRow.summary)
            .join(TableRow, TableRow.id == SeatRow.table_id)
            .join(FinishedGameRow, FinishedGameRow.table_id == SeatRow.table_id)
            .where(SeatRow.account_id == account.id, _visible(viewer))
            .order_by(TableRow.created_at.desc()).limit(GAMES_LISTED)).all()
        ids = [t.table_id for t in tables]
        seats: dict[str, dict[int, tuple[str | None, str | None]]] = {}
        bot_accounts: set[str] = set()  # the accounts of those seats that are bots' (bot_api.py)
        if ids:
            for row in db.execute(
                select(SeatRow.table_id, SeatRow.seat, SeatRow.account_id, AccountRow.name, AccountRow.deleted_at,
                       AccountRow.kind)
                .outerjoin(AccountRow, AccountRow.id == SeatRow.account_id).where(SeatRow.table_id.in_(ids))
            ):
                shown = None if row.account_id is None else DELETED_NAME if row.deleted_at is not None else row.name
                seats.setdefault(row.table_id, {})[row.seat] = (row.account_id, shown)
                if row.kind == "bot":
                    bot_accounts.add(row.account_id)
        changes = {(h["table"]): h for game in R.GAMES for h in history[game]}
    games, met, bids = [], _Met(), [0, 0]
    for table in tables:
        stored = json.loads(table.summary)
        summary, sheet = stored["summary"], stored["sheet"]
        held = seats.get(table.table_id, {})
        names = [held.get(s, (None, None))[1] or summary["names"][s] for s in range(len(summary["names"]))]
        seat, game = table.seat, summary["game"]
        ranks = R.final_ranks(game, sheet.get("teams") or list(range(len(names))), summary["scores"],
                              summary["winners"], [])
        change = changes.get(table.table_id)
        if change is not None:
            ranks[seat] = change["rank"]  # as rated: a player who left was ranked last
        games.append({
            "table": table.table_id, "game": game, "rated": table.rated, "at": table.created_at.isoformat(),
            "seat": seat, "names": names, "bots": summary["bots"], "scores": summary["scores"],
            "winners": summary["winners"], "rank": ranks[seat], "players": len(names),
            "rating": None if change is None else {"mu": change["mu"], "sigma": change["sigma"]},
            "replay": f"/replay/{table.table_id}",
        })
        for other in range(len(names)):
            if other == seat:
                continue
            bot = summary["bots"][other]
            account_id = held.get(other, (None, None))[0]
            who = (("bot", bot) if bot is not None else ("bot account", account_id) if account_id in bot_accounts
                   else ("player", account_id) if account_id else ("guest", names[other]))
            met.add(who, names[other], ranks[seat], ranks[other])
        if game == "wizard":
            for row in sheet["sheet"]:
                bids[0] += 1
                bids[1] += row[4][seat] == row[5][seat]
    return {
        "name": account.name, "kind": account.kind, "since": account.created_at.isoformat(),
        "ratings": {game: {**(rating_json(game, R.Rating(ratings[game].mu, ratings[game].sigma), ratings[game].games)
                              if game in ratings else {"mu": None, "sigma": None, "ordinal": None, "games": 0,
                                                       "like": None}),
                           "history": history[game]}
                    for game in R.GAMES},
        "games": games,
        "bid_accuracy": {"rounds": bids[0], "exact": bids[1], "share": bids[1] / bids[0] if bids[0] else None},
        "opponents": met.most(OPPONENTS_LISTED),
    }


class _Met:
    """The people and bots a player met: games together, and how often the player finished ahead of them."""

    def __init__(self) -> None:
        self.games: Counter[tuple[str, str]] = Counter()
        self.ahead: Counter[tuple[str, str]] = Counter()
        self.behind: Counter[tuple[str, str]] = Counter()
        self.names: dict[tuple[str, str], str] = {}

    def add(self, who: tuple[str, str], name: str, mine: int, theirs: int) -> None:
        self.games[who] += 1
        self.ahead[who] += mine < theirs
        self.behind[who] += mine > theirs
        self.names[who] = who[1] if who[0] == "bot" else name

    def most(self, count: int) -> list[dict[str, Any]]:
        # a bot account is a bot (kind "bot") that the server does not play (``bot`` None), as at the table
        return [{"kind": "bot" if who[0] == "bot account" else who[0], "name": self.names[who],
                 "bot": who[1] if who[0] == "bot" else None,
                 "games": games, "ahead": self.ahead[who], "behind": self.behind[who]}
                for who, games in sorted(self.games.items(), key=lambda item: (-item[1], self.names[item[0]]))[:count]]


def leaderboard(engine: Engine, game: str, limit: int = 50, offset: int = 0) -> dict[str, Any]:
    """The accounts rated in ``game`` by openskill's ordinal (mu - 3 sigma: a rating the player is very likely above),
    and the measured bots on the same scale."""
    ordinal = RatingRow.mu - 3 * RatingRow.sigma
    live = and_(RatingRow.game == game, AccountRow.deleted_at.is_(None))
    with engine.connect() as db:
        total = db.scalar(select(func.count()).select_from(RatingRow)
                          .join(AccountRow, AccountRow.id == RatingRow.account_id).where(live)) or 0
        rows = db.execute(select(AccountRow.name, AccountRow.kind, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                          .join(AccountRow, AccountRow.id == RatingRow.account_id).where(live)
                          .order_by(ordinal.desc(), AccountRow.name).limit(limit).offset(offset)).all()
    bots = R.bot_table()["games"].get(game, {}).get("bots", {})
    return {
        "game": game, "total": total, "limit": limit, "offset": offset,
        # a bot account is rated as a person is, and marked: "kind" is "bot"
        "players": [{"place": offset + n + 1, "name": r.name, "kind": r.kind,
                     **rating_json(game, R.Rating(r.mu, r.sigma), r.games)}
                    for n, r in enumerate(rows)],
        "bots": sorted(({"bot": spec, "mu": b["mu"], "sigma": b["sigma"],
                         "ordinal": round(b["mu"] - 3 * b["sigma"], 3)} for spec, b in bots.items()),
                       key=lambda b: -b["ordinal"]),
    }


__all__ = ["leaderboard", "profile"]
