"""One game of a tournament: which deal, which bot in which seat, and playing it out through views.

A tournament is a list of *entries* (bot specs, one per seat: ``rulebased,random,random,random``) and a number of
games. Game ``g`` is fixed by the tournament seed and ``g`` alone, never by which worker plays it:

* **rotation** ``g % N`` (N seats): seat ``s`` holds entry ``(s - rotation) % N``, so over N consecutive games every
  entry sits in every seat once;
* **deal** ``g // N`` with ``duplicate`` (the N rotations of a block replay one deal, so the luck of the cards
  cancels), else ``g`` (a fresh deal per game);
* the game's seed (every shuffle, the first dealer's draw) is ``derive_seed(seed, "deal", deal)``, and the rng of the
  entry in seat ``s`` is ``random.Random(derive_seed(seed, "bot", g, entry))``.

Teams follow seats, and a rotation moves every entry by the same number of seats: in Wily Wizards with partners,
entries 0 and 2 of ``--bots A,B,C,D`` always play together (as do 1 and 3). List the bots in the line-up wanted.

An outside engine (``engine:CMD``) that crashes, hangs, floods its output or answers a move that is malformed or
not legal *forfeits* the decision: the rule-based bot plays it in its place, from the same view with the same rng,
and the game goes on; the engine is not asked again in that game (every later decision of its seat is a forfeit
too), and the next game starts it afresh. ``GameResult.forfeits`` counts them per entry, ``engine_errors`` keeps the
first message, and the report shows both (docs/arena.md, "Engines and forfeits").

Bots are made fresh from their specs for every game, so no bot state leaks from one game to the next and the
outcome does not depend on how games are grouped into chunks. The referee (``play_game``) holds the state; a bot is
given its seat's ``View`` only.

``--rounds K`` (``hands_of``) turns a Wizard rule set into a game of ``players`` hands of K cards each: one hand
dealt by every seat, so no seat has the dealer's position more often than another within a game.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..core import Game, RuleSet, State, WilyState, WizardState, new_game
from ..core.rules import ImpossibleRulesError, Schedule

MAX_DECISIONS = 200_000
"""A game longer than this is taken for a pair of bots that never finish (e.g. all passing forever)."""


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed from the tournament seed and a path of labels; stable across processes, machines and runs."""
    text = "/".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def seat_entries(game_index: int, seats: int) -> tuple[int, ...]:
    """The entry sitting in each seat in game ``game_index``."""
    rotation = game_index % seats
    return tuple((seat - rotation) % seats for seat in range(seats))


def deal_index(game_index: int, seats: int, duplicate: bool) -> int:
    return game_index // seats if duplicate else game_index


def hands_of(rules: RuleSet, cards: int) -> RuleSet:
    """``rules`` played as ``players`` hands of ``cards`` cards (Wizard only)."""
    if rules.game is not Game.WIZARD:
        raise ImpossibleRulesError("--rounds K is for Wizard (Wily Wizards always deals the whole deck)")
    return replace(
        rules, schedule=Schedule.CUSTOM, custom_hand_sizes=(cards,) * rules.players, last_hand_no_trump=False
    )


@dataclass(frozen=True)
class TournamentConfig:
    """Everything that fixes a tournament's results."""

    rules: RuleSet
    bots: tuple[str, ...]
    games: int
    seed: int
    duplicate: bool = False
    records: str | None = None  # a folder to write each game's record into (both forms); changes no result

    def __post_init__(self) -> None:
        n = self.rules.players
        if len(self.bots) != n:
            raise ValueError(f"{n} players need {n} bots, one per seat; got {len(self.bots)}: {','.join(self.bots)}")
        if self.games < 1:
            raise ValueError(f"a tournament needs at least one game, not {self.games}")
        if self.duplicate and self.games % n:
            raise ValueError(
                f"--duplicate plays every deal {n} times (once per seat rotation): --games must be a multiple of {n}, "
                f"not {self.games}"
            )

    @property
    def seats(self) -> int:
        return self.rules.players

    def labels(self) -> list[str]:
        """A unique label per entry: the spec, with ``#2``, ``#3`` ... on repeated specs."""
        seen: dict[str, int] = {}
        out = []
        for spec in self.bots:
            seen[spec] = seen.get(spec, 0) + 1
            out.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
        return out


@dataclass(frozen=True)
class GameResult:
    """What the statistics need from one game, per entry (not per seat)."""

    index: int
    deal: int
    seat_of: tuple[int, ...]  # seat of each entry
    scores: tuple[int, ...]  # final score (Wizard) or team letters (Wily) of each entry
    win_share: tuple[float, ...]  # 1/k for each of k sharing the win, else 0
    decisions: int
    # Wizard: per entry, one (bid, tricks) per round
    rounds: tuple[tuple[tuple[int, int], ...], ...] = ()
    # Wily Wizards
    team_of: tuple[int, ...] = ()  # team of each entry
    team_rank: tuple[int, ...] = ()  # per team: 1 for the winners, then by letters (competition ranking)
    high_bids: tuple[int, ...] = ()  # hands each entry won in the auction
    contracts: tuple[int, ...] = ()  # of those, contracts its team made
    hands: int = 0  # hands played (thrown-in hands not counted)
    # per entry: decisions an engine forfeited (the rule-based stand-in played them), and its first error
    forfeits: tuple[int, ...] = ()
    engine_errors: tuple[str, ...] = ()
    # per entry: decisions it made and the wall-clock seconds its bot took over them (sum and longest); the only
    # figures of a result that depend on the machine, so they take no part in comparing results (the same seed
    # gives equal results on any machine and with any number of workers)
    moves: tuple[int, ...] = ()
    think_seconds: tuple[float, ...] = field(default=(), compare=False)
    think_max: tuple[float, ...] = field(default=(), compare=False)


def play_game(config: TournamentConfig, game_index: int) -> GameResult:
    """Play game ``game_index`` of the tournament, deterministically."""
    from ..bots import make_bot

    n = config.seats
    entries = seat_entries(game_index, n)
    deal = deal_index(game_index, n, config.duplicate)
    state = new_game(config.rules, derive_seed(config.seed, "deal", deal))
    from ..bots.engine import EngineError
    from ..bots.rulebased import RuleBasedBot

    bots = [make_bot(config.bots[entry]) for entry in entries]
    rngs = [random.Random(derive_seed(config.seed, "bot", game_index, entry)) for entry in entries]
    decisions = 0
    forfeits, errors = [0] * n, [""] * n  # per seat
    moves, think, longest = [0] * n, [0.0] * n, [0.0] * n  # per seat
    clock = time.perf_counter
    stand_in = RuleBasedBot()
    try:
        while not state.is_terminal():
            seat = state.current_player()
            view = state.view(seat)
            started = clock()
            try:
                action = bots[seat].act(view, rngs[seat])
            except EngineError as error:  # an outside engine that broke the protocol: the stand-in plays for it
                forfeits[seat] += 1
                errors[seat] = errors[seat] or str(error)
                action = stand_in.act(view, rngs[seat])
            took = clock() - started  # a forfeit's time is the engine's failure and the stand-in's move
            moves[seat] += 1
            think[seat] += took
            longest[seat] = max(longest[seat], took)
            state.apply(action)
            decisions += 1
            if decisions > MAX_DECISIONS:
                raise RuntimeError(f"game {game_index} did not end after {MAX_DECISIONS} decisions ({config.bots})")
    finally:
        for bot in bots:
            close = getattr(bot, "close", None)
            if close is not None:
                close()  # an engine's process ends with its game
    if config.records is not None:
        from ..records import save_record_forms

        labels = config.labels()
        save_record_forms(state.record([labels[entry] for entry in entries]),
                          Path(config.records) / f"game-{game_index:05d}")
    result = summarise(state, game_index, deal, entries, decisions)
    per_entry = result.seat_of
    return replace(result, forfeits=tuple(forfeits[s] for s in per_entry),
                   engine_errors=tuple(errors[s] for s in per_entry), moves=tuple(moves[s] for s in per_entry),
                   think_seconds=tuple(think[s] for s in per_entry), think_max=tuple(longest[s] for s in per_entry))


def summarise(state: State, game_index: int, deal: int, entries: tuple[int, ...], decisions: int) -> GameResult:
    """The GameResult of a finished game whose seat ``s`` held entry ``entries[s]``."""
    n = len(entries)
    seat_of = [0] * n
    for seat, entry in enumerate(entries):
        seat_of[entry] = seat
    returns = state.returns()
    winners = state.winners()
    teams = state.teams
    # Shared wins are split: among the winning players in Wizard, among the winning teams in Wily Wizards (each
    # member of a winning team is credited with its team's share; in Wizard every seat is a team of its own).
    won = {teams[s] for s in winners}
    share = [0.0] * n
    for seat in winners:
        share[seat] = 1 / len(won)
    scores = tuple(returns[seat_of[e]] for e in range(n))
    win_share = tuple(share[seat_of[e]] for e in range(n))
    if isinstance(state, WizardState):
        rounds = tuple(tuple((row.bids[seat_of[e]], row.tricks[seat_of[e]]) for row in state.sheet) for e in range(n))
        return GameResult(game_index, deal, tuple(seat_of), scores, win_share, decisions, rounds=rounds)
    assert isinstance(state, WilyState)
    letters = state.letters
    team_rank = tuple(
        1 if t in won else 1 + len(won) + sum(1 for u, c in enumerate(letters) if u not in won and c > letters[t])
        for t in range(len(letters))
    )
    high = [0] * n
    made = [0] * n
    hands = 0
    for row in state.sheet:
        if row.high_bidder < 0:
            continue
        hands += 1
        seat = row.high_bidder
        high[seat] += 1
        if teams[seat] in row.letter_to:
            made[seat] += 1
    return GameResult(
        game_index, deal, tuple(seat_of), scores, win_share, decisions,
        team_of=tuple(teams[seat_of[e]] for e in range(n)),
        team_rank=team_rank,
        high_bids=tuple(high[seat_of[e]] for e in range(n)),
        contracts=tuple(made[seat_of[e]] for e in range(n)),
        hands=hands,
    )
