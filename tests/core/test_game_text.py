"""The game notation (core/game_text.py): random games of every preset round-trip through text, a game begun at a
position too, and broken texts are refused with the line, round and trick named."""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path

import pytest

from wizardcards.core import (
    PRESETS,
    Game,
    Phase,
    RecordError,
    State,
    find_rules,
    game_from_text,
    game_to_text,
    new_game,
    replay,
    start_game,
)
from wizardcards.core.actions import PASS

ROUND_TRIPS = int(os.environ.get("WIZARDCARDS_GAME_TEXT_ROUND_TRIPS", "60"))
"""Random games per run (the issue asks for 10,000 once: ``WIZARDCARDS_GAME_TEXT_ROUND_TRIPS=10000``)."""


def _play(state: State, rng: random.Random, moves: int | None = None) -> State:
    while not state.is_terminal() and (moves is None or moves > 0):
        state.apply(rng.choice(state.legal_actions()))
        moves = None if moves is None else moves - 1
    return state


def _names(n: int) -> list[str]:
    return ["Ann", 'Bo "B" \\ Lee', "Cy\nDi", "Eve", "", "Fay]"][:n]


def test_random_games_of_every_preset_round_trip() -> None:
    rng = random.Random(18)
    presets = list(PRESETS)
    started = time.perf_counter()
    for number in range(ROUND_TRIPS):
        name = presets[number % len(presets)]
        players = rng.randrange(3, 7) if PRESETS[name].game is Game.WIZARD else None
        state = new_game(find_rules(name, players), rng.randrange(2**63))
        _play(state, rng, rng.randrange(800) if number % 4 == 3 else None)  # a quarter left unfinished
        record = state.record(_names(state.players) if number % 2 else None)
        text = game_to_text(record)
        back = game_from_text(text)
        assert back == record, text
        assert replay(back) == state, text
        assert game_to_text(back) == text
        assert ('[Result "*"]' in text) is not state.is_terminal()
    elapsed = time.perf_counter() - started
    print(f"{ROUND_TRIPS} games round-tripped in {elapsed:.1f} s")


def test_the_text_is_tags_then_a_line_per_opening_and_per_trick() -> None:
    state = _play(new_game(find_rules("standard", 3), seed=5), random.Random(1))
    text = game_to_text(state.record(["Ann", "Bob", "Cy"]))
    lines = text.splitlines()
    assert lines[:5] == ['[Format "wizardcards-game/1"]', '[Rules "wizard/3"]', '[Seed "5"]',
                         '[Deal "wizardcards-deal/1"]', '[Seat0 "Ann"]']
    assert lines[7] == f'[Result "{" ".join(map(str, state.returns()))}"]' and lines[8] == ""
    moves = lines[9:]
    # 20 rounds: an opening line each and one line per trick, 1 + 2 + ... + 20
    assert len(moves) == 20 + sum(range(1, 21))
    assert re.fullmatch(r"1\.( bid \d){3}", moves[0]) and re.fullmatch(r"1\.1( \S+){3}", moves[1])
    assert re.fullmatch(r"20\.20( \S+){3}", moves[-1])


def test_the_reader_goes_by_tokens_not_whitespace_and_skips_comments() -> None:
    state = _play(new_game("hook", seed=9), random.Random(9))
    record = state.record(["A", "B", "C", "D"])
    text = game_to_text(record)
    squeezed = re.sub(r"\s+", lambda m: " " if m.start() % 3 else "\n\t ", text.replace("]\n", "]"))
    squeezed = squeezed.replace(" 2.1 ", " {the second round} 2.1\r\n", 1)
    assert game_from_text(squeezed) == record


def test_both_rank_styles() -> None:
    for name, ten in (("standard", "Th"), ("extended-suits", "Xh")):
        state = new_game(name, seed=4)
        rng = random.Random(4)
        while "10h" not in str(state.record().texts()) and ten not in state.record().texts():
            _play(state, rng, 1)
            assert not state.is_terminal()
        text = game_to_text(state.record())
        assert f" {ten}" in text.splitlines()[-1]
        assert game_from_text(text) == state.record()
    extended = game_to_text(new_game("extended-suits", seed=1).record())
    assert '[Rules "wizard/4:rank_style=1..13,jester_lead=first_suited"]' in extended


def test_a_wily_hand_thrown_in_has_its_auction_line_only() -> None:
    state = new_game("wily", seed=2)
    for _ in range(4):
        state.apply(PASS)
    assert state.round_index == 1 and state.phase is Phase.AUCTION
    _play(state, random.Random(2))
    record = state.record()
    text = game_to_text(record)
    moves = text.split("\n\n", 1)[1].splitlines()
    assert moves[0] == "1. pass pass pass pass" and moves[1].startswith("2. ")
    assert re.search(r"trump [cdhs]( \S+){12}$", moves[1])  # the trump named, then 4 seats x 3 cards given
    assert moves[2].startswith("2.1 ")
    assert game_from_text(text) == record and replay(game_from_text(text)) == state


def test_a_game_begun_at_a_position_round_trips() -> None:
    text = "wizard/3 r2 d0 t:Kh h:2c.7h/3c.Ah/9s.Wiz b:-.1.- p:- s:20.-10.30"
    state = _play(start_game(text, seed=5), random.Random(2))
    record = state.record(["A", "B", "C"])
    game = game_to_text(record)
    assert f'[Start "{text}"]' in game and "\n2. bid " in game  # the round goes on after seat 1's bid
    back = game_from_text(game)
    assert back == record and replay(back) == state
    # mid-trick: the first line carries on the trick in progress
    middle = "wizard/3 r2 d0 t:Kh h:2c.7h/Ah/9s.Wiz b:1.0.1 p:3c s:20.-10.30"
    state = _play(start_game(middle, seed=1), random.Random(3))
    game = game_to_text(state.record())
    assert "\n2.1 " in game and game_from_text(game) == state.record()


def test_the_examples_of_docs_notation_md_read_and_write_back_exactly() -> None:
    docs = Path(__file__).parents[2] / "docs" / "notation.md"
    games = docs.read_text(encoding="utf-8").split("\n## Games\n", 1)[1]
    examples = re.findall(r"```\n(\[Format .*?)```", games, re.DOTALL)
    assert len(examples) == 2
    for example in examples:
        record = game_from_text(example)
        assert record.actions and game_to_text(record) == example


# --- refused, with the place named -------------------------------------------------------------------------------


def _standard_text() -> tuple[str, list[str]]:
    text = game_to_text(_play(new_game("standard", seed=3), random.Random(3)).record())
    return text, text.splitlines()


def _line_of(lines: list[str], marker: str) -> int:
    return next(number for number, line in enumerate(lines) if line.startswith(marker + " "))


def test_a_word_that_is_no_card_is_refused_with_line_round_and_trick() -> None:
    _, lines = _standard_text()
    at = _line_of(lines, "3.2")
    lines[at] = "3.2 Kz " + " ".join(lines[at].split()[2:])
    with pytest.raises(RecordError, match=rf"^line {at + 1} \(round 3, trick 2\): .*'Kz'"):
        game_from_text("\n".join(lines))


def test_a_card_that_does_not_follow_suit_is_refused() -> None:
    state = new_game("standard", seed=6)
    rng = random.Random(6)
    while True:  # play on until the seat on turn holds a card it may not play
        assert not state.is_terminal()
        if state.phase is Phase.PLAY:
            wrong = [a for a in range(52) if state.hands[state.current] >> a & 1 and a not in state.legal_actions()]
            if wrong:
                break
        _play(state, rng, 1)
    where = f"round {state.round_index + 1}, trick {len(state.round_tricks) + 1}"
    lines = [line for line in game_to_text(state.record()).splitlines() if not line.startswith("[Result")]
    lines[-1] += " " + state.action_to_text(wrong[0])
    with pytest.raises(RecordError, match=rf"^line {len(lines)} \({where}\): {state.action_to_text(wrong[0])}: "
                                          "must follow"):
        game_from_text("\n".join(lines))


def test_a_move_past_its_marker_is_refused() -> None:
    _, lines = _standard_text()
    at = _line_of(lines, "2.1")
    extra = lines[at + 1].split()[1]  # trick 2's first card, moved onto trick 1's line
    lines[at] += " " + extra
    lines[at + 1] = lines[at + 1].replace(" " + extra, "", 1)
    with pytest.raises(RecordError, match=rf"^line {at + 1} \(round 2, trick 2\): '{extra}' belongs after the "
                                          r"marker 2\.2, not 2\.1"):
        game_from_text("\n".join(lines))


def test_a_wrong_marker_is_refused() -> None:
    _, lines = _standard_text()
    at = _line_of(lines, "4.3")
    lines[at] = lines[at].replace("4.3", "4.4", 1)
    with pytest.raises(RecordError, match=rf"^line {at + 1} \(round 4, trick 3\): marker 4\.4, but the next move "
                                          r"is at 4\.3"):
        game_from_text("\n".join(lines))


def test_a_bid_the_rules_forbid_is_refused() -> None:
    state = new_game(find_rules("hook", 3), seed=1)
    for _ in range(2):
        state.apply(60)  # bid 0, bid 0: in round 1 the dealer may not bid 1
    text = '[Rules "wizard/3:bid_rule=hook"] [Seed "1"]\n1. bid 0 bid 0\n   bid 1'
    with pytest.raises(RecordError, match=r"^line 3 \(round 1, bidding\): bid 1: "):
        game_from_text(text)


def test_broken_tags_are_refused() -> None:
    text, _ = _standard_text()
    cases = {
        text.replace('[Seed "3"]\n', ""): r"needs a Seed tag",
        text.replace('[Seed "3"]', '[Seed "three"]'): r"tag Seed: 'three' is not a whole number",
        text.replace('"wizard/4"', '"wizard/4:bid_rule=sideways"'): r"^tag Rules: .*bid_rule",
        text.replace("wizardcards-deal/1", "other-deal/9"): r"tag Deal is 'other-deal/9'",
        text.replace('[Result "', '[Result "1 '): r"the Result tag says",
        text + '\n[Seed "4"]': r"tag Seed comes after the moves",
        text.replace('[Seed "3"]', '[Seed "3"] [Seat1 "Bob"]'): r"Seat tags",
        text.replace('[Seed "3"]', '[Seed "3"]\n[Start "wizard/4 r1"]'): r"^tag Start: ",
        text.replace("\n1. ", "\n1. ]"): r"^line 7: '\]' is out of place",
        text + "\n21. bid 1": r"after the end of the game",
    }
    for broken, message in cases.items():
        with pytest.raises(RecordError, match=message):
            game_from_text(broken)


def test_an_unreplayable_record_is_refused_on_writing() -> None:
    record = new_game("standard", seed=1).record()
    record.actions = [60, 60, 60, 60, 0]
    with pytest.raises(RecordError, match=r"decision 4 \(0\)"):
        game_to_text(record)
