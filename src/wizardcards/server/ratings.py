"""Ratings of accounts: openskill's Plackett-Luce model over a rated game's final ranking, and who may be rated.

Pure functions (no database, no server): ``rating_storage.py`` reads and writes the rows, ``profiles.py`` shows them.

* **What is rated.** A table created ``rated`` with one of the ``RATED_PRESETS`` unchanged (no options over it), every
  human seat held by a signed-in account, at least ``MIN_HUMANS`` distinct accounts and no account in two seats. Bots
  may sit at it if the arena measured them (``bot_ratings.json``, made by ``benchmarks/bot_ratings.py``); their
  ratings are fixed: they take part in the update of the people around them and are never changed by it.
* **Each game its own rating.** Wizard rates each seat as a team of one, ranked by final score (equal scores share
  a rank: "1224"). Wily Wizards rates the teams of the game (its partnerships) by the game's result: the winning
  teams first, then by letters held; every member of a team moves with its team's result.
* **Who left.** A seat whose player was away past the grace period when the game ended (its stand-in bot finished
  the game for it) is ranked last, below everyone who stayed, whatever the stand-in scored; in Wily Wizards its
  whole team is. The game is rated when it ends (the stand-in plays it to the end), so the others are rated on what
  happened at the table.
* **Diminishing weight.** The k-th rated game among the same set of accounts within ``REPEAT_DAYS`` days moves each
  rating by 1/k of openskill's update (mu and sigma alike): two friends who play each other forty times a month to
  farm a rating get the forty-first game's worth of a fortieth. Games with another set of people (bots do not count
  in the set) start again at full weight.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..core import Game, RuleSet, find_rules

GAMES = ("wizard", "wily")
RATED_PRESETS: dict[str, tuple[str, ...]] = {"wizard": ("standard", "quick"), "wily": ("wily",)}
"""The presets a rated table may play, per game: Wizard as the rules are printed (``standard``) and its shorter
schedule (``quick``: hands of 1, 3, 5 ... cards, the same bidding and scoring); Wily Wizards with partners."""
MIN_HUMANS = 2
REPEAT_DAYS = 30
RATED_GRACE_SECONDS = 120.0
"""A rated table needs a grace period (a leaver's seat must be played on and counted): this one unless it asks for
one of its own."""
BOT_RATINGS = Path(__file__).with_name("bot_ratings.json")


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboard sorts by (openskill's ``ordinal``: mu - 3 sigma)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Entrant:
    """One seat of a rated game at its end: an account's or a bot's, its team (its seat in Wizard), its rank."""

    seat: int
    account: str | None  # None: a bot seat
    bot: str | None  # the bot's rated spec (``players.rated_bot``); None: an account's seat
    team: int
    rank: int  # 1 is best; teams sharing a result share a rank


@cache
def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def initial() -> Rating:
    """A new account's rating: openskill's default (mu 25, sigma 25/3), where the arena's bots started too."""
    fresh = _model().rating()
    return Rating(fresh.mu, fresh.sigma)


@cache
def bot_table() -> dict[str, Any]:
    """``bot_ratings.json`` as measured: ``{"command", "games": {game: {"bots": {spec: {"mu", "sigma"}}, ...}}}``."""
    data: dict[str, Any] = json.loads(BOT_RATINGS.read_text())
    return data


def bot_rating(game: str, spec: str) -> Rating | None:
    """The fixed rating of a bot (its rated spec) in ``game``; None if the arena did not measure it."""
    found = bot_table()["games"].get(game, {}).get("bots", {}).get(spec)
    return None if found is None else Rating(float(found["mu"]), float(found["sigma"]))


def nearest_bot(game: str, mu: float) -> str | None:
    """The measured bot whose rating is nearest ``mu``: "you play like search level 2"."""
    bots = bot_table()["games"].get(game, {}).get("bots", {})
    return min(bots, key=lambda spec: abs(float(bots[spec]["mu"]) - mu)) if bots else None


def rated_preset(rules: RuleSet) -> str | None:
    """The rated preset ``rules`` is exactly (at its player count), or None: a rated table plays one unchanged."""
    game = rules.game.value
    for name in RATED_PRESETS.get(game, ()):
        try:
            if find_rules(name, players=rules.players) == rules:
                return name
        except ValueError:  # the preset is not playable at this player count
            continue
    return None


def table_problem(rules: RuleSet, bots: Sequence[str | None], rated_bots: Sequence[str | None]) -> str | None:
    """Why a table with these rules and seats cannot be created rated (None: it can). ``rated_bots`` holds each bot
    seat's rated spec (None where the bot was not measured)."""
    if rated_preset(rules) is None:
        presets = ", ".join(RATED_PRESETS[rules.game.value])
        return f"a rated {rules.game.value} table plays one of the presets {presets} unchanged, without options"
    humans = sum(spec is None for spec in bots)
    if humans < MIN_HUMANS:
        return f"a rated table needs at least {MIN_HUMANS} human seats (signed-in players), not {humans}"
    for seat, (spec, rated) in enumerate(zip(bots, rated_bots, strict=True)):
        if spec is not None and (rated is None or bot_rating(rules.game.value, rated) is None):
            return f"seat {seat}: the bot {spec!r} has no measured rating (rated tables seat the bots the arena rated)"
    return None


def seats_problem(bots: Sequence[str | None], accounts: Mapping[int, str]) -> str | None:
    """Why a table's seats as they are now cannot be rated (None: they can): a human seat no account holds, an
    account in two seats, fewer than ``MIN_HUMANS`` distinct accounts."""
    humans = [seat for seat, spec in enumerate(bots) if spec is None]
    missing = [seat for seat in humans if seat not in accounts]
    if missing:
        return f"seat {missing[0]} is not held by a signed-in player: every person at a rated table is signed in"
    held = [accounts[seat] for seat in humans]
    if len(set(held)) != len(held):
        return "one account holds two seats: a rated game is played by different people"
    if len(set(held)) < MIN_HUMANS:
        return f"a rated game needs at least {MIN_HUMANS} different signed-in players"
    return None


def competition_ranks(values: Sequence[float]) -> list[int]:
    """1 + the number of strictly better values ("1224"): higher first, equal values share a rank."""
    return [1 + sum(1 for other in values if other > value) for value in values]


def final_ranks(game: str, teams: Sequence[int], returns: Sequence[float], winners: Iterable[int],
                away: Iterable[int]) -> list[int]:
    """The rank of each seat at the end (1 best): by final score in Wizard, by team result in Wily Wizards (the
    winning teams, then the others by letters); the seats (Wily: the teams) of players away past the grace period
    come last, sharing the last rank. ``teams``, ``returns``, ``winners`` are the core's (``state.teams`` ...)."""
    away_teams = {teams[seat] for seat in away}
    team_ids = sorted(set(teams))
    won = {teams[seat] for seat in winners}
    held = {teams[seat]: float(returns[seat]) for seat in range(len(teams))}  # a seat's score, a team's letters
    value = {team: (team in won if game == "wily" else False, held[team]) for team in team_ids}
    staying = [team for team in team_ids if team not in away_teams]
    order = sorted(staying, key=lambda team: value[team], reverse=True)
    rank: dict[int, int] = {}
    for team in order:
        rank[team] = 1 + sum(1 for other in staying if value[other] > value[team])
    for team in away_teams:
        rank[team] = len(staying) + 1
    return [rank[teams[seat]] for seat in range(len(teams))]


def party_of(accounts: Iterable[str]) -> str:
    """The key of the set of accounts of a game (what "the same people" means for the diminishing weight)."""
    return hashlib.sha256("\n".join(sorted(set(accounts))).encode()).hexdigest()


def weight(earlier_games: int) -> float:
    """The share of openskill's update a game gets when the same set of accounts played ``earlier_games`` rated games
    together within ``REPEAT_DAYS`` days before it: 1/k for the k-th."""
    return 1.0 / (earlier_games + 1)


def update(game: str, entrants: Sequence[Entrant], ratings: Mapping[str, Rating],
           share: float = 1.0) -> dict[str, Rating]:
    """Each account's new rating after the game: openskill's ``rate`` over the teams of ``entrants`` (accounts at
    ``ratings``, default ``initial()``; bots at their fixed ratings) with their ranks, then ``share`` of the way from
    the old rating to the one openskill gives. Bots' new ratings are dropped."""
    model = _model()
    teams: dict[int, list[Entrant]] = {}
    for entrant in entrants:
        teams.setdefault(entrant.team, []).append(entrant)
    order = sorted(teams)
    before: dict[str, Rating] = {}
    groups = []
    for team in order:
        group = []
        for entrant in teams[team]:
            if entrant.account is not None:
                old = before[entrant.account] = ratings.get(entrant.account) or initial()
            else:
                assert entrant.bot is not None
                fixed = bot_rating(game, entrant.bot)
                if fixed is None:
                    raise ValueError(f"the bot {entrant.bot!r} has no {game} rating")
                old = fixed
            group.append(model.rating(mu=old.mu, sigma=old.sigma))
        groups.append(group)
    ranks = [float(teams[team][0].rank) for team in order]
    rated = model.rate(groups, ranks=ranks)
    after: dict[str, Rating] = {}
    for team, new_group in zip(order, rated, strict=True):
        for entrant, new in zip(teams[team], new_group, strict=True):
            if entrant.account is None:
                continue
            old = before[entrant.account]
            after[entrant.account] = Rating(old.mu + share * (new.mu - old.mu),
                                            old.sigma + share * (new.sigma - old.sigma))
    return after


def game_of(rules: RuleSet) -> str:
    return "wizard" if rules.game is Game.WIZARD else "wily"


__all__ = [
    "GAMES", "MIN_HUMANS", "RATED_GRACE_SECONDS", "RATED_PRESETS", "REPEAT_DAYS", "Entrant", "Rating", "bot_rating",
    "competition_ranks", "final_ranks", "game_of", "initial", "nearest_bot", "party_of", "rated_preset",
    "seats_problem", "table_problem", "update", "weight",
]
