"""The rows of ratings (``ratings``, ``rating_history``, ``rated_games``): a rated game's end rates its accounts in the
transaction of its last action (``storage.ActionWriter``), so a game is rated exactly once, whichever worker of a
cluster wrote its end, and never without being finished.

The rating itself is ``ratings.update`` (pure); this module reads the accounts' ratings and how many rated games the
same people played lately, and writes what comes out. A rating that cannot be worked out (a bot whose measured
rating is gone from ``bot_ratings.json`` after an upgrade) is logged and the game left unrated: the game's end is
never refused for it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Connection as DbConnection

from . import ratings as R
from .db import RatedGameRow, RatingHistoryRow, RatingRow

log = logging.getLogger("wizardcards.server")


@dataclass(frozen=True)
class RatedGame:
    """What a rated game's end hands to the writer: the game ("wizard" | "wily") and every seat's entrant."""

    game: str
    entrants: tuple[R.Entrant, ...]


def rate_game(db: DbConnection, table_id: str, rated: RatedGame, now: datetime | None = None) -> None:
    """Rate the accounts of a finished game (the caller's transaction is the game's last action's)."""
    now = now or datetime.now(UTC)
    accounts = [e.account for e in rated.entrants if e.account is not None]
    party = R.party_of(accounts)
    earlier = db.scalar(select(func.count()).select_from(RatedGameRow).where(
        RatedGameRow.party == party, RatedGameRow.game == rated.game,
        RatedGameRow.at >= now - timedelta(days=R.REPEAT_DAYS))) or 0
    rows = db.execute(select(RatingRow.account_id, RatingRow.mu, RatingRow.sigma).where(
        RatingRow.account_id.in_(accounts), RatingRow.game == rated.game)).all()
    current = {row.account_id: R.Rating(row.mu, row.sigma) for row in rows}
    share = R.weight(earlier)
    try:
        after = R.update(rated.game, rated.entrants, current, share)
    except Exception:
        log.exception("table %s: its rated game could not be rated", table_id)
        return
    db.execute(insert(RatedGameRow), [{"table_id": table_id, "game": rated.game, "party": party, "at": now}])
    rank_of = {e.account: e.rank for e in rated.entrants if e.account is not None}
    for account, rating in after.items():
        if account in current:
            db.execute(update(RatingRow).where(RatingRow.account_id == account, RatingRow.game == rated.game)
                       .values(mu=rating.mu, sigma=rating.sigma, games=RatingRow.games + 1, updated_at=now))
        else:
            db.execute(insert(RatingRow), [{"account_id": account, "game": rated.game, "mu": rating.mu,
                                            "sigma": rating.sigma, "games": 1, "updated_at": now}])
    db.execute(insert(RatingHistoryRow), [
        {"account_id": account, "game": rated.game, "table_id": table_id, "mu": rating.mu, "sigma": rating.sigma,
         "rank": rank_of[account], "weight": share, "at": now}
        for account, rating in after.items()
    ])


__all__ = ["RatedGame", "rate_game"]
