"""The exact endgame solver (``bots/endgame.py``): equal to a plain max^n search written from the core's rules, over
random positions of 3 to 6 players, from the start of a hand and from the middle of a trick."""

from __future__ import annotations

import random

import pytest

from wizardcards.bots.endgame import MAX_TRICKS, Endgame, solve_cost
from wizardcards.core import cards_from_text
from wizardcards.core.tricks import legal_cards, next_led, trick_winner
from wizardcards.core.wizard import round_score


def plain_maxn(hands: list[int], trick: list[int], leader: int, led: int, won: list[int], trump: int,
               bids: list[int], first_suited: bool = False) -> tuple[int, ...]:
    """Every seat picks, among its legal cards in id order, the first with the best own round score."""
    n = len(hands)
    if len(trick) == n:
        winner = (leader + trick_winner(trick, trump)) % n
        won = [w + (s == winner) for s, w in enumerate(won)]
        if not hands[winner]:
            return tuple(won)
        return plain_maxn(hands, [], winner, -1, won, trump, bids, first_suited)
    seat = (leader + len(trick)) % n
    best: tuple[int, ...] = ()
    best_score = None
    for card in range(60):
        if legal_cards(hands[seat], led) >> card & 1:
            rest = hands.copy()
            rest[seat] ^= 1 << card
            outcome = plain_maxn(rest, [*trick, card], leader, next_led(led, card, len(trick), first_suited), won,
                                 trump, bids, first_suited)
            score = round_score(bids[seat], outcome[seat])
            if best_score is None or score > best_score:
                best, best_score = outcome, score
    return best


@pytest.mark.parametrize("first_suited", [False, True], ids=["jester-lead-free", "jester-lead-first-suited"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_solver_equals_plain_maxn(players: int, first_suited: bool) -> None:
    rng = random.Random(players * 2 + first_suited)
    for _ in range(60 if players < 6 else 15):
        tricks = rng.randint(1, MAX_TRICKS)
        deck = list(range(60))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[tricks * s: tricks * (s + 1)]) for s in range(players)]
        trump = rng.randrange(-1, 4)
        bids = [rng.choice((0, 0, 1, 1, 2, 3)) for _ in range(players)]
        leader = rng.randrange(players)
        won = [0] * players
        # Part of the first trick already played, at random.
        trick: list[int] = []
        led = -1
        for position in range(rng.randrange(players)):
            seat = (leader + position) % players
            legal = [c for c in range(60) if legal_cards(hands[seat], led) >> c & 1]
            card = rng.choice(legal)
            hands[seat] ^= 1 << card
            led = next_led(led, card, position, first_suited)
            trick.append(card)
        solver = Endgame(trump, first_suited, bids)
        expected = plain_maxn(hands, trick, leader, led, won, trump, bids, first_suited)
        assert tuple(solver.solve(hands, trick, leader, led, won)) == expected
        # With the move of the seat on turn given: the same as the plain search after that card.
        seat = (leader + len(trick)) % players
        card = (legal_cards(hands[seat], led) & -legal_cards(hands[seat], led)).bit_length() - 1
        rest = hands.copy()
        rest[seat] ^= 1 << card
        after = plain_maxn(rest, [*trick, card], leader, next_led(led, card, len(trick), first_suited), won, trump,
                           bids, first_suited)
        assert tuple(solver.solve(hands, trick, leader, led, won, first=card)) == after


def test_a_seat_that_wants_no_trick_ducks() -> None:
    """No trump, seat 3 led 9c. Seat 0 (bid 0) holds Kc 2c: the King would win this trick (seat 1 has only Qc to
    follow, seat 2 only 4c), the 2c loses it, and on the last trick (led by seat 1's 3d, taken by seat 2's 5d) the
    King is thrown away. The solver ducks; forced to play the King first, seat 0 takes the trick and then the last one
too (its 2c led, nobody holds a Club)."""
    hands = [cards_from_text(h) for h in ("Kc 2c", "Qc 3d", "4c 5d", "2s")]
    nine = cards_from_text("9c").bit_length() - 1
    solver = Endgame(-1, False, [0, 1, 0, 0])
    assert solver.solve(hands, [nine], 3, 0, [0, 0, 0, 0]) == [0, 1, 1, 0]
    king = cards_from_text("Kc").bit_length() - 1
    assert solver.solve(hands, [nine], 3, 0, [0, 0, 0, 0], first=king) == [2, 0, 0, 0]


def test_solve_cost_rises_with_players_and_tricks() -> None:
    assert solve_cost(4, 1) < solve_cost(4, 2) < solve_cost(4, 3) < solve_cost(5, 3)
