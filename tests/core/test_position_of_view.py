"""``position_of_view``: what one seat knows, written as a position (other hands ``?``, hidden gifts ``?``, hidden
bids ``?``) and rebuilt by ``view_of_position`` into the same view in everything a seat decides by, for every seat on
turn at every decision of random games under many rule sets. This is what the engine protocol sends an engine."""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest

from wizardcards.core import (
    UNKNOWN,
    PositionError,
    View,
    find_rules,
    new_game,
    position_from_text,
    position_of_view,
    position_to_text,
    view_of_position,
)
from wizardcards.core.cards import FIRST_JESTER, FIRST_WIZARD, JESTERS, WIZARDS
from wizardcards.core.rules import RuleSet

NOT_IN_A_POSITION = ("sheet", "last_trick", "scorekeeper", "winners", "sheet_bid_changes")
"""Earlier hands' score sheet, the previous hand's last trick, the first draw: a position holds the hand in play."""


def decided_by(view: View) -> dict[str, Any]:
    """The view's fields a seat decides by, Wizards (and Jesters) counted rather than told apart by id."""

    def cards(mask: int) -> tuple[int, int, int]:
        return mask & ~(WIZARDS | JESTERS), (mask & WIZARDS).bit_count(), (mask & JESTERS).bit_count()

    def card(c: int) -> int:
        return c if c < FIRST_WIZARD or c >= 60 else FIRST_WIZARD if c < FIRST_JESTER else FIRST_JESTER

    out = {f.name: getattr(view, f.name) for f in fields(view) if f.name not in NOT_IN_A_POSITION}
    for name in ("hand", "played", "given", "received"):
        out[name] = cards(out[name])
    out["trump_card"] = card(view.trump_card) if view.trump_card >= 0 else -1
    out["turned_up"] = card(view.turned_up) if view.turned_up >= 0 else -1
    out["played_by"] = tuple(cards(m) for m in view.played_by)
    out["trick"] = tuple(map(card, view.trick))
    out["round_tricks"] = tuple((lead, tuple(map(card, cs)), won) for lead, cs, won in view.round_tricks)
    return out


RULES = [
    find_rules("quick", players=3),
    find_rules("hook", players=4),
    find_rules("hidden-bids", players=5),
    RuleSet(players=4, schedule="custom", custom_hand_sizes=(15,) * 4, trump_card_shown=False),  # type: ignore[arg-type]
    RuleSet(players=3, schedule="quick", wizard_turned="dealer_chooses", wizard_lead="next_suited"),  # type: ignore[arg-type]
    RuleSet(players=4, schedule="quick", rank_style="1..13"),  # type: ignore[arg-type]
    find_rules("wily", players=4),
    find_rules("wily-two-teams", players=6),
    find_rules("wily-no-partners", players=3),
    find_rules("wily-no-passing", players=4),
    find_rules("anniversary-2021", players=3),
    RuleSet(players=4, schedule="quick", special_cards=("werewolf", "juggler", "cloud", "bomb")),  # type: ignore[arg-type]
    RuleSet(players=5, special_cards=("juggler", "shapeshifter"), hidden_bids=True),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: position_to_text(position_of_view(new_game(r, 0).view(0)))
                         .split()[0])
def test_a_seats_view_survives_the_position_of_what_it_knows(rules: RuleSet) -> None:
    checked = 0
    for seed in range(2):
        state, rng = new_game(rules, seed), random.Random(seed)
        while not state.is_terminal() and checked < 150 * (seed + 1):
            seat = state.current_player()
            view = state.view(seat)
            position = position_of_view(view)
            text = position_to_text(position)
            assert position_to_text(position_from_text(text)) == text
            assert all(h == UNKNOWN for s, h in enumerate(position.hands) if s != seat), text
            assert decided_by(view_of_position(position_from_text(text), seat)) == decided_by(view), text
            checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 50


def test_hidden_bids_are_written_as_question_marks_and_read_back() -> None:
    state = new_game(find_rules("hidden-bids", players=3), 4)
    rng = random.Random(4)
    while state.phase.value == "bid" or state.current_player() != 2:
        state.apply(rng.choice(state.legal_actions()))
    text = position_to_text(position_of_view(state.view(2)))
    bids = text.split()[5]
    assert bids.startswith("b:") and bids.count("?") == 2 and "-" not in bids, text
    assert position_from_text(text).bids.count(UNKNOWN) == 2
    with pytest.raises(PositionError, match="view_of_position"):  # a state needs every fact
        from wizardcards.core import from_position

        from_position(position_from_text(text))


def test_a_spectator_has_no_position_of_its_own() -> None:
    with pytest.raises(PositionError, match="spectator"):
        position_of_view(new_game(find_rules("standard", players=3), 1).public_view())


@pytest.mark.parametrize(("text", "seat"), [
    # seat 1 took the Wizard turned up for its Werewolf and has played a Wizard since: maybe that very one
    ("wizard/3:special_cards=dragon+fairy+bomb+werewolf+juggler+cloud+shapeshifter r9 d1 t:Wiz/Wwf1>d h:?/?/Js "
     "b:3.6.2 p:Ad.Drg.Shp>Jes/Wiz.6s.Jes/3d.Wiz.Jes/Wiz.2c.Fai/Qd.Td.2s/5d.4s.5s/4d.5h.8c/Ac.8h.Ts/Qc s:20.-10.60 "
     "g:- c:-", 2),
    ("wizard/4:special_cards=dragon+fairy+bomb+werewolf+juggler+cloud+shapeshifter r12 d2 t:Wiz/Wwf0>d h:?/?/?/Kh "
     "b:3.3.5.2 p:Shp>Wiz.Jes.Drg.2c/9d.Wiz.Kd.Jes/Wiz.3s.Jes.4c/Qd.4s.Wiz.8d/Td.5c.Jug>c.5h/5d.Jes.Cld>d.6c/"
     "7d.7h.4d.7c/5s.Ks.7s.As/Kc.9s.Ac.8c/Ah.3h.9c.6h/Th.Js.Jc.8s s:270.0.200.100 g:?/?/6c/Bmb c:-1", 3),
])
def test_a_wizard_taken_for_the_werewolf_may_be_one_its_holder_played(text: str, seat: int) -> None:
    """The Werewolf's holder took a Wizard (Wizards are told apart by count only): once it has played a Wizard, the
    hidden hands need not hold one for it (every deal was refused before)."""
    view = view_of_position(position_from_text(text), seat)
    assert view.legal_actions and position_to_text(position_of_view(view)) == text
