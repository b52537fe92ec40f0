"""Seat rotation, duplicate deals, one game from the seed, and the tournament's input checks."""

from __future__ import annotations

import pytest

from wizardcards.arena.match import TournamentConfig, deal_index, derive_seed, hands_of, play_game, seat_entries
from wizardcards.core import find_rules
from wizardcards.core.rules import ImpossibleRulesError

QUICK = find_rules("quick")  # hands of 1, 3, 5, ... 15 cards


def test_rotation_puts_every_entry_in_every_seat_once_per_block() -> None:
    assert seat_entries(0, 4) == (0, 1, 2, 3)
    assert seat_entries(1, 4) == (3, 0, 1, 2)  # entry 0 moved to seat 1
    assert seat_entries(6, 4) == (2, 3, 0, 1)
    for start in (0, 4, 8):
        seats_of_entry = {e: {seat_entries(g, 4).index(e) for g in range(start, start + 4)} for e in range(4)}
        assert all(seats == {0, 1, 2, 3} for seats in seats_of_entry.values())


def test_duplicate_blocks_share_one_deal() -> None:
    assert [deal_index(g, 4, True) for g in range(9)] == [0, 0, 0, 0, 1, 1, 1, 1, 2]
    assert [deal_index(g, 4, False) for g in range(5)] == [0, 1, 2, 3, 4]


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(7, "deal", 3) == derive_seed(7, "deal", 3)
    assert len({derive_seed(7, "deal", d) for d in range(100)} | {derive_seed(8, "deal", 0)}) == 101
    assert 0 <= derive_seed(7, "bot", 1, 2) < 2**63


def test_a_duplicate_block_replays_the_cards_with_the_bots_rotated() -> None:
    # Four identical deterministic bots: each seat does exactly the same in every rotation of a deal, so each
    # entry's score over a block is the seat scores of the deal, rotated with it.
    config = TournamentConfig(QUICK, ("rulebased",) * 4, 8, seed=11, duplicate=True)
    games = [play_game(config, g) for g in range(8)]
    per_block = []
    for block in (games[:4], games[4:]):
        seat_scores = [tuple(r.scores[r.seat_of.index(seat)] for seat in range(4)) for r in block]
        assert len(set(seat_scores)) == 1
        assert {r.deal for r in block} == {block[0].deal}
        assert [r.seat_of[0] for r in block] == [0, 1, 2, 3]
        per_block.append(seat_scores[0])
    assert per_block[0] != per_block[1]  # the two blocks are two different deals


def test_without_duplicate_every_game_has_its_own_deal() -> None:
    config = TournamentConfig(QUICK, ("rulebased",) * 4, 4, seed=11)
    games = [play_game(config, g) for g in range(4)]
    assert [r.deal for r in games] == [0, 1, 2, 3]
    assert len({tuple(sorted(r.scores)) for r in games}) > 1


def test_play_game_is_a_function_of_seed_and_index() -> None:
    config = TournamentConfig(QUICK, ("rulebased", "random", "random", "random"), 10, seed=5)
    assert play_game(config, 3) == play_game(config, 3)
    assert play_game(config, 3) != play_game(config, 4)
    other = TournamentConfig(QUICK, config.bots, 10, seed=6)
    assert play_game(other, 3) != play_game(config, 3)
    result = play_game(config, 3)
    assert len(result.rounds[0]) == QUICK.rounds
    assert sum(result.win_share) == pytest.approx(1)


def test_hands_of_k_cards() -> None:
    rules = hands_of(find_rules("double-down"), 3)
    assert rules.hand_sizes == (3, 3, 3, 3) and not rules.last_hand_no_trump
    config = TournamentConfig(rules, ("random",) * 4, 1, seed=1)
    result = play_game(config, 0)
    assert all(sum(t for _, t in (r[i] for r in result.rounds)) == 3 for i in range(4))  # 3 tricks per hand
    with pytest.raises(ImpossibleRulesError, match="Wizard"):
        hands_of(find_rules("wily"), 3)
    with pytest.raises(ImpossibleRulesError, match="cannot be dealt"):
        hands_of(find_rules("standard"), 16)


def test_bad_tournaments_are_refused() -> None:
    with pytest.raises(ValueError, match="4 players need 4 bots"):
        TournamentConfig(QUICK, ("random",) * 3, 4, seed=1)
    with pytest.raises(ValueError, match="multiple of 4"):
        TournamentConfig(QUICK, ("random",) * 4, 6, seed=1, duplicate=True)
    with pytest.raises(ValueError, match="at least one game"):
        TournamentConfig(QUICK, ("random",) * 4, 0, seed=1)


def test_labels_tell_repeated_bots_apart() -> None:
    config = TournamentConfig(QUICK, ("rulebased", "random", "random", "random"), 4, seed=1)
    assert config.labels() == ["rulebased", "random", "random#2", "random#3"]


def test_wily_game_result() -> None:
    config = TournamentConfig(find_rules("wily"), ("rulebased", "random", "rulebased", "random"), 4, seed=3)
    result = play_game(config, 1)
    assert max(result.scores) == 6  # a team completed W-I-Z-A-R-D
    assert result.team_of[0] == result.team_of[2] != result.team_of[1]
    winners = [t for t, rank in enumerate(result.team_rank) if rank == 1]
    assert all(result.win_share[e] == 1 / len(winners) for e in range(4) if result.team_of[e] in winners)
    assert sum(result.high_bids) == result.hands and all(m <= h for m, h in zip(result.contracts, result.high_bids))
