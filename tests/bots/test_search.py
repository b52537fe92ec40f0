"""The ``search`` bot: bids on hand-built hands where the right bid is clear, clear plays, ``analyse`` covering every
legal action in every phase of both games, levels, bad parameters, and ``wizard arena`` accepting it."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from wizardcards.bots import make_bot
from wizardcards.bots.search import SearchBot
from wizardcards.cli import main
from wizardcards.core import Game, Phase, RuleSet, View, cards_from_text, new_game
from wizardcards.core import actions as A
from wizardcards.core.cards import card_from_text
from wizardcards.core.rules import BidRule, WilyMode
from wizardcards.core.state import card_actions
from wizardcards.core.tricks import NO_SUIT_YET, legal_cards, next_led, void_shown

HEARTS = 2


def bid_view(hand: str, trump_card: str, bids: tuple[int | None, ...] = (None,) * 4, seat: int = 0,
             rules: RuleSet | None = None) -> View:
    """Seat ``seat`` to bid in a 4-player round of 4 cards dealt by seat 3; ``bids`` are those already made."""
    rules = rules or RuleSet()
    card = card_from_text(trump_card)
    trump = card // 13 if card < 52 else -1
    legal = tuple(range(A.BID_BASE, A.BID_BASE + 5))
    if seat == 3 and rules.bid_rule is BidRule.HOOK:
        legal = tuple(a for a in legal if a - A.BID_BASE != 4 - sum(b or 0 for b in bids[:3]))
    return View(
        game=Game.WIZARD, rules=rules, seat=seat, phase=Phase.BID, current_player=seat, dealer=3, round_index=3,
        hand_size=4, hand=cards_from_text(hand), trump_card=card, trump_suit=trump, led=NO_SUIT_YET, trick_leader=0,
        trick=(), round_tricks=(), last_trick=None, played=0, played_by=(0, 0, 0, 0), voids=(0, 0, 0, 0),
        tricks_won=(0, 0, 0, 0), legal_actions=legal, bids=bids, scores=(0, 0, 0, 0),
    )


def bid_of(view: View) -> int:
    return SearchBot().act(view, random.Random(1)) - A.BID_BASE


def test_four_wizards_bid_four() -> None:
    assert bid_of(bid_view("Wiz Wiz Wiz Wiz", "5h")) == 4


def test_low_cards_without_trump_bid_zero() -> None:
    assert bid_of(bid_view("2c 3c 2d 3d", "Kh")) == 0  # Hearts trump, not one Heart held
    assert bid_of(bid_view("2c 3d 2s 3s", "Jes")) == 0  # no trump at all


def test_three_wizards_and_a_low_card_bid_three() -> None:
    assert bid_of(bid_view("Wiz Wiz Wiz 2c", "Kh")) == 3


def test_jesters_bid_zero() -> None:
    assert bid_of(bid_view("Jes Jes Jes Jes", "5h")) == 0


def three_card_bid(hand: str, bids: tuple[int | None, ...], seat: int) -> int:
    """The bid of ``seat`` in a 4-player 3-card hand dealt by seat 3, Hearts trump (5h turned): these hands are
    valued by solving every sampled deal exactly (``endgame.py``)."""
    view = bid_view(hand, "5h", bids, seat)
    view = replace(view, hand_size=3, round_index=2, legal_actions=tuple(A.bid_action(b) for b in range(4)))
    return bid_of(view)


def test_three_card_hands_with_a_clear_bid() -> None:
    assert three_card_bid("Wiz Wiz Wiz", (None,) * 4, 0) == 3
    assert three_card_bid("Jes Jes Jes", (None,) * 4, 0) == 0
    # The dealer with the King of trumps after bids of 0, 1 and 1: one trick is left over for it, and the King
    # takes one; more would need the others to miss.
    assert three_card_bid("Kh 5c 4d", (0, 1, 1, None), 3) == 1


def test_bid_outcomes_are_trick_distributions() -> None:
    """For every legal bid, the chances of taking 0..hand size tricks sum to 1; three Wizards in the hand of the
    first to lead take all three tricks whatever they aim at (it leads a Wizard, wins, and leads again)."""
    view = bid_view("Wiz Wiz Wiz", "5h")
    view = replace(view, hand_size=3, round_index=2, legal_actions=tuple(A.bid_action(b) for b in range(4)))
    outcomes = SearchBot().bid_outcomes(view, random.Random(2), view.trump_suit)
    assert sorted(outcomes) == [0, 1, 2, 3]
    for chances in outcomes.values():
        assert len(chances) == 4 and sum(chances) == pytest.approx(1.0)
        assert chances[3] == pytest.approx(1.0)


def test_the_hook_rule_is_respected() -> None:
    """The dealer with four Wizards may not bid 4 when the others bid 0: the best legal bid is 3 (one off)."""
    view = bid_view("Wiz Wiz Wiz Wiz", "5h", bids=(0, 0, 0, None), seat=3, rules=RuleSet(bid_rule=BidRule.HOOK))
    assert A.bid_action(4) not in view.legal_actions
    assert bid_of(view) == 3


def play_view(hand: str, trick: str, bid: int, won: int, tricks_left: int) -> View:
    """Seat 0 to play last to a trick led by seat 1 (Hearts trump)."""
    cards = [card_from_text(t) for t in trick.split()]
    led = NO_SUIT_YET
    played_by = [0] * 4
    voids = [0] * 4
    for position, card in enumerate(cards):
        seat = (1 + position) % 4
        played_by[seat] |= 1 << card
        voids[seat] |= void_shown(led, card)
        led = next_led(led, card, position, False)
    mask = cards_from_text(hand)
    size = 4
    done = size - tricks_left
    return View(
        game=Game.WIZARD, rules=RuleSet(), seat=0, phase=Phase.PLAY, current_player=0, dealer=0, round_index=size - 1,
        hand_size=size, hand=mask, trump_card=card_from_text("5h"), trump_suit=HEARTS, led=led, trick_leader=1,
        trick=tuple(cards), round_tricks=(), last_trick=None, played=sum(1 << c for c in cards),
        played_by=tuple(played_by), voids=tuple(voids), tricks_won=(won, done - won, 0, 0),
        legal_actions=tuple(card_actions(legal_cards(mask, led))), bids=(bid, 1, 1, 1), scores=(0, 0, 0, 0),
    )


def test_clear_plays() -> None:
    """Void in Diamonds, last to a Diamond trick, two cards left: the low trump takes this trick for sure, the low
    Club loses it for sure, and whichever is kept may or may not win the last trick."""
    bot = SearchBot(level=1)
    # Needs one more trick: take it now with the trump rather than hope the last trick falls to it.
    view = play_view("2h 3c", "9d Kd Ad", bid=1, won=0, tricks_left=2)
    assert bot.act(view, random.Random(0)) == card_from_text("2h")
    # Has its bid: lose this trick with the Club (taking it would overshoot for sure).
    view = play_view("2h 3c", "9d Kd Ad", bid=1, won=1, tricks_left=2)
    assert bot.act(view, random.Random(0)) == card_from_text("3c")


def analysed_views(rules: RuleSet, seed: int, per_phase: int = 1) -> list[View]:
    """Views of seats on turn, ``per_phase`` of every phase met, from a random game."""
    state = new_game(rules, seed)
    rng = random.Random(seed)
    seen: dict[Phase, int] = {}
    views = []
    while not state.is_terminal() and len(state.sheet) < 6:
        view = state.view(state.current_player())
        if len(view.legal_actions) > 1 and seen.get(view.phase, 0) < per_phase:
            seen[view.phase] = seen.get(view.phase, 0) + 1
            views.append(view)
        state.apply(rng.choice(state.legal_actions()))
    return views


@pytest.mark.parametrize(
    "rules",
    [RuleSet(players=4), RuleSet(players=3, bid_rule=BidRule.HOOK), RuleSet(players=5, hidden_bids=True),
     RuleSet(game=Game.WILY, players=4),
     RuleSet(game=Game.WILY, players=6, mode=WilyMode.TWO_TEAMS, allow_no_trump=True),
     RuleSet(game=Game.WILY, players=5, mode=WilyMode.NO_PARTNERS)],
    ids=lambda r: f"{r.game.value}-{r.players}",
)
def test_analyse_values_every_legal_action(rules: RuleSet) -> None:
    bot = SearchBot(samples=3)
    phases = set()
    for seed in range(4):
        for view in analysed_views(rules, seed, per_phase=2):
            values = bot.analyse(view, random.Random(0))
            assert sorted(values) == sorted(view.legal_actions)
            low, high = (-10 * view.hand_size, 20 + 10 * view.hand_size) if rules.game is Game.WIZARD else (0, 1)
            assert all(low <= v <= high for v in values.values())
            assert bot.act(view, random.Random(0)) in view.legal_actions
            phases.add(view.phase)
    wily = {Phase.AUCTION, Phase.NAME_TRUMP, Phase.PASS_CARDS, Phase.PLAY}
    expected = {Phase.BID, Phase.PLAY} if rules.game is Game.WIZARD else wily
    assert expected <= phases


def test_analyse_and_act_refuse_a_seat_not_on_turn() -> None:
    state = new_game(RuleSet(), 1)
    other = (state.current_player() + 1) % 4
    with pytest.raises(ValueError, match="not on turn"):
        SearchBot().analyse(state.view(other))
    with pytest.raises(ValueError, match="not on turn"):
        SearchBot().act(state.view(other), random.Random(0))


@pytest.mark.parametrize("spec", ["search:level=0", "search:level=6", "search:samples=0"])
def test_bad_parameters_are_refused(spec: str) -> None:
    with pytest.raises(ValueError, match="level|samples"):
        make_bot(spec)


def test_levels_trade_samples_for_time() -> None:
    deals = [SearchBot(level=level)._deals(6, 40) for level in range(1, 6)]
    assert deals == sorted(deals) and deals[0] < deals[-1]
    assert make_bot("search").level == 3  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("game", "bots", "extra"),
    [("wizard", "search:samples=4,rulebased,rulebased,rulebased", ["--rounds", "3"]),
     ("wily", "search:samples=2,rulebased,search:samples=2,rulebased", [])],
)
def test_wizard_arena_accepts_search(tmp_path: Path, game: str, bots: str, extra: list[str]) -> None:
    out = tmp_path / "r.json"
    code = main(["arena", "--game", game, "--bots", bots, "--games", "4", "--seed", "5", "--workers", "1",
                 "--json", str(out), *extra])
    assert code == 0
    report = json.loads(out.read_text())
    assert report["bots"][0].startswith("search") and report["stats"]["games"] == 4
