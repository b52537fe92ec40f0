"""The engine protocol with the special cards (version 2, docs/engine-protocol.md "The special cards"): the reference
engines (Python and C) announce them and play whole anniversary-2021 arena games, every decision of them, at 0
forfeits; what an engine is told is the rules naming the cards, the positions with their fields and table 2's move
texts; and an engine that did not announce them (one of version 1) is sent nothing of such a game: the host refuses
it with a clear error, and it still plays the games without them."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wizardcards.arena.match import TournamentConfig, play_game
from wizardcards.bots import make_bot, rules_refusal
from wizardcards.bots.engine import EngineBot, RulesRefused, serve_engine
from wizardcards.core import Phase, View, find_rules, new_game
from wizardcards.core.actions import CLOUD_DOWN, CLOUD_UP, NUM_ACTIONS, SPECIAL_CARD_BASE
from wizardcards.core.cards import SPECIAL_CARD_NAMES
from wizardcards.records import load_record

from .conftest import PYTHON_ENGINE, ROOT, engine_command

ANNIVERSARY = find_rules("anniversary-2021", players=3)
ALL_CARDS = "special_cards=" + "+".join(SPECIAL_CARD_NAMES)


def special_view() -> tuple[View, View]:
    """The first decision of an anniversary-2021 game, and of a standard one."""
    special, standard = new_game(ANNIVERSARY, 1), new_game(find_rules("standard", players=3), 1)
    return special.view(special.current_player()), standard.view(standard.current_player())


def test_the_reference_engines_play_whole_anniversary_games_every_decision_without_a_forfeit(
        c_engine: str, tmp_path: Path) -> None:
    """Three whole games of anniversary-2021 for three, every seat an engine (the Python and the C reference engine,
    and the recording one): no decision is forfeited, so every decision of the records, the special ones included
    (the Werewolf's trump, the Juggler's and the Cloud's suits, the Shapeshifter's choice, the Juggler's pass, the
    Cloud's +1/-1), was an engine's answer."""
    log = tmp_path / "told.log"
    bots = (f"engine:{PYTHON_ENGINE}", f"engine:{c_engine}", f"engine:{engine_command('recording', str(log))}")
    config = TournamentConfig(ANNIVERSARY, bots, games=3, seed=29, duplicate=True, records=str(tmp_path))
    results = [play_game(config, g) for g in range(3)]
    assert all(r.forfeits == (0, 0, 0) for r in results), [r.engine_errors for r in results]
    phases: set[Phase] = set()
    actions: set[int] = set()
    for number in range(3):
        record = load_record(tmp_path / f"game-{number:05d}.json")
        state = new_game(record.rules, record.seed)
        assert len(state.rules.hand_sizes) == 22  # 67 cards for three: the whole game was played
        for action in record.actions:
            phases.add(state.phase)
            actions.add(action)
            state.apply(action)
        assert state.is_terminal()
    assert {Phase.WEREWOLF, Phase.CLOUD, Phase.JUGGLE, Phase.BID, Phase.PLAY} <= phases
    assert {CLOUD_UP, CLOUD_DOWN} & actions and any(90 <= a <= 93 for a in actions)  # a cloud change, a Juggler
    assert any(94 <= a <= 97 for a in actions) and actions & {98, 99}  # a Cloud, a Shapeshifter played
    assert any(SPECIAL_CARD_BASE <= a < CLOUD_UP for a in actions) and max(actions) >= NUM_ACTIONS
    told = log.read_text()
    assert re.search(rf"^rules wizard/3:{re.escape(ALL_CARDS)}$", told, re.M), told[:300]
    assert re.search(r"^position wizard/3:\S+ .* g:\S+ c:\S+$", told, re.M)  # the special fields at the end
    assert re.search(r"^legal .*(Jug>[cdhs]|Cld>[cdhs]|Shp>Wiz)", told, re.M)
    # the same match again is the same match: both reference engines answer with the seed of go
    again = TournamentConfig(ANNIVERSARY, bots[:2] + ("rulebased",), games=3, seed=29, duplicate=True)
    first, second = [play_game(again, g) for g in range(3)], [play_game(again, g) for g in range(3)]
    assert first == second and all(r.forfeits == (0, 0, 0) for r in first)


def test_an_engine_that_did_not_announce_the_special_cards_is_sent_nothing_of_their_games(tmp_path: Path) -> None:
    log = tmp_path / "told.log"
    special, standard = special_view()
    bot = EngineBot(engine_command("recording", str(log), "v1"))
    try:
        assert rules_refusal(bot, standard.rules) is None
        refused = rules_refusal(bot, ANNIVERSARY)
        assert refused is not None and re.fullmatch(
            r"engine '.*recording\.py .* v1' does not play the special cards \(dragon, fairy, bomb, werewolf, juggler, "
            r"cloud, shapeshifter\): it did not announce 'feature special_cards' when greeted with 'wizard-engine 1 2' "
            r"\(docs/engine-protocol.md, \"The special cards\"\)", refused), refused
        with pytest.raises(RulesRefused, match="does not play the special cards"):
            bot.act(special, random.Random(0))
        assert log.read_text().splitlines() == ["wizard-engine 1 2"]  # greeted, and nothing of that game told
        assert bot.failure is None  # not a broken engine: it still plays the games without the special cards
        assert bot.act(standard, random.Random(0)) in standard.legal_actions
        assert log.read_text().splitlines()[1].startswith("rules wizard/3")
    finally:
        bot.close()
    # the arena: refused before the first game, with the reason
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "wizardcards", "arena", "--rules", "anniversary-2021", "--bots",
         f"engine:{engine_command('recording', str(log), 'v1')},engine:{PYTHON_ENGINE},rulebased", "--games", "3",
         "--seed", "1", "--workers", "1"],
        capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    said = " ".join(done.stdout.split())
    assert done.returncode == 2, done.stdout + done.stderr
    assert re.search(r"error: engine:.*recording\.py .*v1: engine '.*' does not play the special cards .* did not "
                     r"announce 'feature special_cards'", said), said
    assert "games/s" not in said and time.monotonic() - started < 60
    # and a program that does not even start is refused with what went wrong
    done = subprocess.run(
        [sys.executable, "-m", "wizardcards", "arena", "--rules", "anniversary-2021", "--bots",
         "engine:/nonexistent/engine,rulebased,rulebased", "--games", "3", "--workers", "1"],
        capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert done.returncode == 2 and "could not be started" in done.stdout, done.stdout + done.stderr


def test_a_refused_game_does_not_count_as_a_failed_engine_in_the_arena(tmp_path: Path) -> None:
    """Called from Python, the arena does not ask first: each decision of such an engine is played by the stand-in
    and counted as a forfeit, with the refusal as its error; nothing of the game reached the engine."""
    log = tmp_path / "told.log"
    config = TournamentConfig(ANNIVERSARY, (f"engine:{engine_command('recording', str(log), 'v1')}", "rulebased",
                                            "random"), games=1, seed=3)
    result = play_game(config, 0)
    assert result.forfeits[0] == result.moves[0] > 0 and "does not play the special cards" in result.engine_errors[0]
    assert set(log.read_text().splitlines()) <= {"wizard-engine 1 2", "quit"}


def test_our_engine_announces_the_special_cards_to_a_host_of_version_2_only() -> None:
    """``wizard engine``: greeted ``wizard-engine 1 2`` it says ``feature special_cards`` before ``ready``; greeted
    by a host of version 1 (``wizard-engine 1``) it says nothing that host would not know, and it plays a decision of
    the special cards given in table 2's texts."""
    import io

    def answers(*lines: str) -> list[str]:
        out = io.StringIO()
        serve_engine("random", io.StringIO("".join(line + "\n" for line in lines)), out)
        return out.getvalue().splitlines()

    assert answers("wizard-engine 1 2", "quit") == ["id name wizardcards random", "feature special_cards", "ready"]
    assert answers("wizard-engine 1", "quit") == ["id name wizardcards random", "ready"]
    assert answers("wizard-engine 7", "quit")[0] == "info string this engine speaks versions 1 and 2, not 7"
    # the Werewolf's holder (seat 0) has swapped it for the Ah and names trump; then a Juggler to play, naming a suit
    werewolf = (f"wizard/3:{ALL_CARDS} r3 d2 t:Ah/Wwf0>? h:Ah.2c.Jug/?/? b:-.-.- p:- s:0.0.0 g:- c:-")
    said = answers("wizard-engine 1 2", "seat 0", f"position {werewolf}",
                   "legal trump c,trump d,trump h,trump s,no trump", "go movetime 1000 seed 3", "quit")
    assert re.fullmatch(r"move (trump [cdhs]|no trump)", said[-1]), said
    played = (f"wizard/3:{ALL_CARDS} r3 d2 t:Ah/Wwf0>h h:Ah.2c.Jug/?/? b:1.0.1 p:- s:0.0.0 g:- c:-")
    legal = "Ah,2c,Jug>c,Jug>d,Jug>h,Jug>s"
    said = answers("wizard-engine 1 2", "seat 0", f"position {played}", f"legal {legal}", "go movetime 1000 seed 4",
                   "quit")
    assert said[-1].removeprefix("move ") in legal.split(","), said
    assert not any(line.startswith("info string error") for line in said), said


def test_wizard_play_refuses_an_engine_that_does_not_play_the_special_cards(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from wizardcards.tui.controller import bot_refusal

    old = f"engine:{engine_command('recording', str(tmp_path / 'told.log'), 'v1')}"
    assert "did not announce 'feature special_cards'" in (bot_refusal(old, ANNIVERSARY) or "")
    assert bot_refusal(f"engine:{PYTHON_ENGINE}", ANNIVERSARY) is None
    assert bot_refusal(old, find_rules("standard", players=3)) is None


def test_every_bot_of_the_registry_says_it_plays_the_special_cards_but_the_wily_baseline() -> None:
    for spec in ("random", "rulebased", "search:level=1"):
        assert rules_refusal(make_bot(spec), ANNIVERSARY) is None, spec
    assert rules_refusal(make_bot("passer"), ANNIVERSARY) is not None  # Wily Wizards only

    class Mine:  # a bot written before the special cards: it says nothing, so it is given none of their games
        def act(self, view: object, rng: random.Random) -> int:
            return 0

    assert "does not say it plays the special cards" in (rules_refusal(Mine(), ANNIVERSARY) or "")
    assert rules_refusal(Mine(), find_rules("standard", players=3)) is None
