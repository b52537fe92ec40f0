"""Invariants of arena games over many seeds (hypothesis): seats, win shares, rounds, and the report's totals."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wizardcards.arena.match import TournamentConfig, hands_of, play_game
from wizardcards.arena.stats import tournament_stats
from wizardcards.core import find_rules

BOTS = st.sampled_from(["random", "rulebased"])


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(3, 6),
    cards=st.integers(1, 5),
    duplicate=st.booleans(),
    picks=st.lists(BOTS, min_size=6, max_size=6),
)
def test_wizard_games_keep_the_books(seed: int, players: int, cards: int, duplicate: bool, picks: list[str]) -> None:
    rules = hands_of(find_rules("standard", players), cards)
    config = TournamentConfig(rules, tuple(picks[:players]), 2 * players, seed, duplicate)
    results = [play_game(config, g) for g in range(config.games)]
    for r in results:
        assert sorted(r.seat_of) == list(range(players))
        assert abs(sum(r.win_share) - 1) < 1e-9
        best = max(r.scores)
        assert all((share > 0) == (score == best) for share, score in zip(r.win_share, r.scores))
        for hand in range(players):  # every hand of K cards hands out exactly K tricks
            assert sum(r.rounds[e][hand][1] for e in range(players)) == cards
        # the final score is the sum of the round scores the (bid, tricks) pairs give
        for e in range(players):
            points = [20 + 10 * t if b == t else -10 * abs(b - t) for b, t in r.rounds[e]]
            assert sum(points) == r.scores[e]
    stats = tournament_stats(results, config.labels(), duplicate)
    assert abs(sum(row["wins"] for row in stats["bots"]) - config.games) < 1e-9
    assert stats["deals"] == (2 if duplicate else config.games)
    for row in stats["bots"]:
        assert row["low"] <= row["mean_score"] <= row["high"]
        assert row["rounds"] == config.games * players
