"""``wizard play`` with the anniversary cards, through the real app and Textual's pilot: a whole 4-player game of
``anniversary-2021`` against rule-based bots, in English and in German, in which the human takes every new decision
(the Werewolf's trump, the Juggler's and the Cloud's suit, the Shapeshifter's part, the Cloud's +1/-1, the Juggler's
pass) and asks the hint at each; the bombed trick shown as won by nobody; the score sheet with the Cloud's changed bid
and the Bomb's trick; the start screen's presets and boxes; a game resumed in the middle of the Juggler's pass."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest
from textual.widgets import Button, Checkbox, Input, Select

from wizardcards.bots import UnknownBotError
from wizardcards.core import Phase, RuleSet, View, find_rules, new_game
from wizardcards.core import actions as A
from wizardcards.core.cards import CLOUD, JUGGLER, SHAPESHIFTER, played_card
from wizardcards.tui import render, store
from wizardcards.tui.controller import GameController, bot_refusal, default_bot
from wizardcards.tui.play import InfoScreen, PlayApp, ResultsScreen, Setup, StartScreen, TableScreen

from .conftest import SIZE, human_ready, screen_text, settle

RULES = find_rules("anniversary-2021", players=4)
SEED = 21  # a deal in which the human (seat 0), deciding as human_choice says, meets every new decision
FORM_CARDS = {JUGGLER: "juggler", CLOUD: "cloud", SHAPESHIFTER: "shapeshifter"}

# What each language's prompt says at each new decision (the catalogs' words, checked on the screen).
WORDS = {
    "en": {
        "werewolf": "You hold the Werewolf", "cloud": "You won the Cloud's trick", "juggle": "The Juggler's pass",
        "juggler": "The Juggler: name its suit", "cloud-suit": "The Cloud: name its suit",
        "shapeshifter": "The Shapeshifter: play it as a Wizard or as a Jester", "bombed": "won by nobody (Bomb)",
        "gave": "you gave:", "received": "you received:", "hint": "the rule-based bot's choice",
        "hint_search": "search bot: mean points this round after each action",
        "special-trump": "was turned up and you deal", "names": ("Dragon", "Juggler", "Cloud", "Shapeshifter"),
        "labels": ("Drg", "Fai", "Bmb", "Wwf", "Jug", "Cld", "Shp"), "best": "best",
    },
    "de": {
        "werewolf": "Du hast den Werwolf", "cloud": "Du hast den Stich der Wolke gewonnen",
        "juggle": "Der Tausch des Jongleurs",
        "juggler": "Der Jongleur: nenne seine Farbe", "cloud-suit": "Die Wolke: nenne ihre Farbe",
        "shapeshifter": "Der Gestaltwandler: spiele ihn als Zauberer oder als Narr",
        "bombed": "gewonnen von niemandem (Bombe)", "gave": "du hast gegeben:", "received": "du hast bekommen:",
        "hint": "die Wahl des regelbasierten Bots",
        "hint_search": "Such-Bot: mittlere Punkte dieser Runde",
        "special-trump": "und du gibst: wähle Trumpf, eine Farbe",
        "names": ("Drache", "Jongleur", "Wolke", "Gestaltwandler"),
        "labels": ("Dra", "Fee", "Bom", "Wwf", "Jon", "Wol", "Ges"), "best": "am besten",
    },
}


def human_choice(view: View) -> int:
    """The human's decisions in these tests: bid 1 where it may, play a special card whenever one is legal (its
    last form: a Juggler or Cloud names Spades, a Shapeshifter is a Jester), else the first legal choice."""
    legal = view.legal_actions
    if view.phase is Phase.BID:
        return A.BID_BASE + 1 if A.BID_BASE + 1 in legal else legal[0]
    if view.phase is Phase.PLAY:
        special = [a for a in legal if a >= A.SPECIAL_CARD_BASE]
        if special:
            return special[-1]
    return legal[0]


def enabled(app) -> set[str]:  # type: ignore[no-untyped-def]
    return {b.id or "" for b in app.screen.query(Button) if not b.disabled}


def offered(app, view: View) -> set[int]:  # type: ignore[no-untyped-def]
    """The actions the table's enabled buttons take: the decision buttons' own, each card button's card actions."""
    out: set[int] = set()
    for ident in enabled(app):
        kind, _, number = ident.partition("-")
        out |= {int(number)} if kind == "act" else set(render.card_actions(int(number), view))
    return out


def shows(app, ident: str) -> Callable[[], bool]:  # type: ignore[no-untyped-def]
    """Whether the table shows an enabled button ``ident`` (for ``settle``)."""
    return lambda: ident in enabled(app)


async def press_button(app, pilot, ident: str) -> None:  # type: ignore[no-untyped-def]
    """Focus a button (as ←/→ would) and take it with Enter."""
    button = app.screen.query_one(f"#{ident}", Button)
    assert not button.disabled, ident
    button.focus()
    await pilot.pause()
    await pilot.press("enter")


async def check_hint(app, pilot, view: View, words: dict, shot=None) -> None:  # type: ignore[no-untyped-def]
    """The hint (h) for this decision lists every legal action, one marked best, and says whose choice it is."""
    await pilot.press("h")
    await settle(pilot, lambda: isinstance(app.screen, InfoScreen))
    text = screen_text(app)
    if shot is not None:
        shot()
    # the search bot's values where it plays these cards, else the rule-based bot's choice without values
    assert words["hint" if bot_refusal("search", view.rules) is not None else "hint_search"] in text
    assert sum(f"← {words['best']}" in line for line in text.splitlines()) == 1
    for action in view.legal_actions:
        assert render.action_label(action, view) in text, action
    await pilot.press("escape")
    await settle(pilot, lambda: isinstance(app.screen, TableScreen))


def sheet_line(text: str, number: int, hand_size: int) -> str:
    """The score sheet's line of round ``number``."""
    lines = [line for line in text.splitlines() if re.match(rf"\s*{number}\s+{hand_size}\s", line)]
    assert len(lines) == 1, (number, lines)
    return lines[0]


async def play_to_the_end(app, pilot, controller, snapshot, language: str) -> set[str]:  # type: ignore[no-untyped-def]
    """Play the human's side of the whole game through the table's buttons and keys; the new decisions met."""
    words = WORDS[language]
    met: set[str] = set()
    shot: set[str] = set()

    def once(name: str) -> bool:
        first = name not in shot
        shot.add(name)
        return first

    while not controller.over:
        await settle(pilot, human_ready(app, controller), limit=2000)
        if controller.over:
            break
        view = controller.view()
        text = screen_text(app)
        # The table offers exactly the view's legal actions.
        assert offered(app, view) == set(view.legal_actions), view.phase
        last = view.last_trick
        if last is not None and last.winner < 0 and view.phase is not Phase.GAME_OVER:
            assert words["bombed"] in text
            met.add("bombed")
            if once("bombed"):
                snapshot(app, f"special-bombed-{language}")
        if view.given and view.received:
            assert words["gave"] in text and words["received"] in text
        changed = [n for n, changes in enumerate(view.sheet_bid_changes, 1) if any(changes)]
        if changed and once("sheet"):  # the score sheet (s) in the game: the Cloud's change, the Bomb's tricks
            await pilot.press("s")
            await settle(pilot, lambda: isinstance(app.screen, InfoScreen))
            sheet = screen_text(app)
            row, changes = view.sheet[changed[0] - 1], view.sheet_bid_changes[changed[0] - 1]
            line = sheet_line(sheet, changed[0], row.hand_size)
            for bid, change, tricks in zip(row.bids, changes, row.tricks):
                assert (f"{bid - change}→{bid}/{tricks}" if change else f"{bid}/{tricks}") in line, line
            snapshot(app, f"special-sheet-{language}")
            await pilot.press("escape")
            await settle(pilot, human_ready(app, controller))
            met.add("sheet")
        action = human_choice(view)
        phase = view.phase
        if phase is Phase.BID:
            await pilot.press(str(action - A.BID_BASE))
            continue
        if phase in (Phase.WEREWOLF, Phase.CLOUD, Phase.JUGGLE) or (
                phase is Phase.CHOOSE_TRUMP and view.trump_card >= 60):
            name = {Phase.WEREWOLF: "werewolf", Phase.CLOUD: "cloud", Phase.JUGGLE: "juggle",
                    Phase.CHOOSE_TRUMP: "special-trump"}[phase]
            assert words[name] in text, (name, text)
            met.add(name)
            if once(name):
                snapshot(app, f"special-{name}-{language}")
                await check_hint(app, pilot, view, words)
            if phase is Phase.JUGGLE:  # a card of the hand, given face down
                card = played_card(A.form_of_action(action)) if action >= A.SPECIAL_CARD_BASE else \
                    A.card_of_action(action, view.hand)
                await press_button(app, pilot, f"card-{card}")
                await settle(pilot, lambda: bool(controller.view().given) or controller.bot_on_turn())
                assert words["gave"] in screen_text(app) or controller.view().phase is not Phase.JUGGLE
            else:
                await press_button(app, pilot, f"act-{action}")
            continue
        assert phase is Phase.PLAY, phase
        card = played_card(A.form_of_action(action)) if action >= A.SPECIAL_CARD_BASE else \
            A.card_of_action(action, view.hand)
        await press_button(app, pilot, f"card-{card}")
        if card in FORM_CARDS:  # the card's suit or part is asked next, in buttons of its own
            name = "cloud-suit" if card == CLOUD else FORM_CARDS[card]
            await settle(pilot, shows(app, f"act-{action}"))
            forms = render.card_actions(card, view)
            assert {int(i.split("-")[1]) for i in enabled(app)} == set(forms)  # the hand waits meanwhile
            assert len(forms) == (2 if card == SHAPESHIFTER else 4)
            text = screen_text(app)
            assert words[name] in text
            met.add(name)
            if once(name):
                snapshot(app, f"special-{name}-{language}")
                hint_shot = (lambda: snapshot(app, f"special-hint-{language}")) if name == "juggler" else None
                await check_hint(app, pilot, view, words, hint_shot)
                # escape goes back to the hand, and the card is chosen again
                await pilot.press("escape")
                await settle(pilot, shows(app, f"card-{card}"))
                await press_button(app, pilot, f"card-{card}")
                await settle(pilot, shows(app, f"act-{action}"))
            await press_button(app, pilot, f"act-{action}")
    return met


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_whole_anniversary_2021_game(language: str, snapshot, request) -> None:  # type: ignore[no-untyped-def]
    if language == "de":
        request.getfixturevalue("german")
    controller = GameController.new(RULES, ["rulebased"] * 3, seed=SEED, pace=0)

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            met = await play_to_the_end(app, pilot, controller, snapshot, language)
            assert met == {"werewolf", "special-trump", "juggler", "cloud-suit", "shapeshifter", "cloud", "juggle",
                           "bombed", "sheet"}, met
            await settle(pilot, lambda: isinstance(app.screen, ResultsScreen))
            snapshot(app, f"special-results-{language}")
            text = screen_text(app)
            view = controller.view()
            assert len(view.sheet) == RULES.rounds == 16
            changed = bombed = 0
            for number, (row, changes) in enumerate(zip(view.sheet, view.sheet_bid_changes), 1):
                line = sheet_line(text, number, row.hand_size)
                nobody = row.hand_size - sum(row.tricks)  # the Bomb's trick: counted for nobody
                cells = line.split()
                assert cells[3] == str(nobody) if nobody else cells[3] != "0"
                bombed += nobody
                for bid, change, tricks in zip(row.bids, changes, row.tricks):
                    if change:  # the sheet shows the bid as made and as changed (scored)
                        assert f"{bid - change}→{bid}/{tricks}" in line, line
                        changed += 1
                    else:
                        assert re.search(rf"(?<![→\d]){bid}/{tricks}\b", line), line
            assert changed and bombed  # this game has both
            assert "3→4" in text  # the caption explains the arrow

    asyncio.run(run())
    assert controller.finished_path is not None and not store.current_game_path().exists()


def test_the_card_names_and_labels_in_both_languages(request) -> None:  # type: ignore[no-untyped-def]
    view = new_game(RULES, SEED).view(0)
    for language in ("en", "de"):
        if language == "de":
            request.getfixturevalue("german")
        words = WORDS[language]
        assert tuple(render.card_label(60 + i, view) for i in range(7)) == words["labels"]
        assert [render.special_name(c) for c in (60, 64, 65, 66)] == list(words["names"])
    # played forms: the named suit's symbol, the Shapeshifter's part
    assert render.card_label(69, view) == "Jon>♥" and render.card_label(74, view) == "Wol>♠"
    assert render.card_label(75, view) == "Ges>Zaub" and render.card_label(76, view) == "Ges>Narr"


def test_another_seats_pass_stays_hidden() -> None:
    """A card another seat gives in the Juggler's pass is told as "gives a card"; the giver's own view names it."""
    state = new_game(RULES, SEED)
    while state.phase is not Phase.JUGGLE:
        state.apply(human_choice(state.view(state.current_player())))
    giver = state.current_player()
    action = state.legal_actions()[0]
    assert render.decision_text(action, state.view((giver + 1) % 4)) == "gives a card"
    assert render.decision_text(action, state.view(giver)) == render.action_label(action, state.view(giver))


def test_bots_that_cannot_play_the_special_cards_are_not_offered() -> None:
    """search does not play the special cards yet: it is not the default there, and asking for it is refused with
    its reason; the standard rules keep it."""
    assert default_bot(find_rules("standard", 4)) == "search"
    reason = bot_refusal("search", RULES)
    if reason is None:  # the search bot has learned the special cards: then it is the default here too
        assert default_bot(RULES) == "search"
        return
    assert "special cards" in reason and default_bot(RULES) == "rulebased"
    assert bot_refusal("rulebased", RULES) is None and bot_refusal("random", RULES) is None
    assert Setup(RULES).with_default_bots().bots == ["rulebased"] * 3
    with pytest.raises(ValueError, match="search: .*special cards"):
        GameController.new(RULES, ["rulebased", "search", "random"], seed=1, pace=0, save=False)
    with pytest.raises(UnknownBotError):
        bot_refusal("nosuchbot", RULES)


def test_start_screen_offers_the_special_cards(snapshot) -> None:  # type: ignore[no-untyped-def]
    started: list[Setup] = []

    async def run() -> None:
        app = PlayApp(pace=0)
        app._start = lambda setup: started.append(setup) if setup else None  # type: ignore[method-assign]
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, StartScreen))
            screen = app.screen
            presets = screen.query_one("#preset", Select)
            assert "anniversary" in dict((v, v) for _, v in presets._options if v is not Select.BLANK)
            boxes = {box.id: box for box in screen.query(Checkbox) if box.id and box.id.startswith("special-")}
            assert len(boxes) == 6 and not any(box.value for box in boxes.values())
            assert screen.query_one("#bot-1", Input).value == "search"
            screen.query_one("#nplayers", Select).value = 4
            await pilot.pause()
            presets.value = "anniversary-2021"
            await settle(pilot, lambda: all(box.value for box in boxes.values()))
            await pilot.pause()
            assert [screen.query_one(f"#bot-{s}", Input).value for s in (1, 2, 3)] == [default_bot(RULES)] * 3
            if bot_refusal("search", RULES) is not None:
                assert "search does not play the special cards yet" in screen_text(app)
            snapshot(app, "special-start")
            # the Bomb off: a subset no preset has
            boxes["special-bomb"].value = False
            await settle(pilot, lambda: presets.value is Select.NULL)
            assert screen.read_setup().rules.special_cards == ("dragon", "fairy", "werewolf", "juggler", "cloud",
                                                               "shapeshifter")
            boxes["special-bomb"].value = True
            await settle(pilot, lambda: presets.value == "anniversary-2021")
            if bot_refusal("search", RULES) is not None:  # a bot that cannot play them is refused with its reason
                screen.query_one("#bot-2", Input).value = "search"
                await press_button(app, pilot, "start")
                await pilot.pause()
                assert "search: search does not play the special cards yet" in screen_text(app)
                assert not started
                screen.query_one("#bot-2", Input).value = "random"
                await pilot.pause(0.3)  # a button pressed a moment ago ignores Enter while it shows the press
            await press_button(app, pilot, "start")
            await pilot.pause()
            await settle(pilot, lambda: bool(started))
        second = "random" if bot_refusal("search", RULES) is not None else default_bot(RULES)
        assert started[0].rules == RULES and started[0].bots == [default_bot(RULES), second, default_bot(RULES)]

    asyncio.run(run())


def test_resume_in_the_middle_of_the_jugglers_pass() -> None:
    """A game saved while the human is to give a card in the Juggler's pass continues there, in a new app."""
    controller = GameController.new(RULES, ["rulebased"] * 3, seed=SEED, pace=0)
    while not (controller.human_on_turn() and controller.view().phase is Phase.JUGGLE):
        if controller.human_on_turn():
            controller.play(human_choice(controller.view()))
        else:
            controller.step_bot()
    history = list(controller.state.history)
    resumed = GameController.resume()
    assert resumed is not None and resumed.state.history == history and resumed.bot_specs == controller.bot_specs
    assert resumed.view() == controller.view()

    async def run() -> None:
        app = PlayApp(resumed, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, human_ready(app, resumed))
            view = resumed.view()
            assert WORDS["en"]["juggle"] in screen_text(app)
            card = A.card_of_action(human_choice(view), view.hand) if human_choice(view) < A.SPECIAL_CARD_BASE else \
                played_card(A.form_of_action(human_choice(view)))
            await press_button(app, pilot, f"card-{card}")
            await settle(pilot, human_ready(app, resumed))
            assert resumed.state.history[len(history)] == human_choice(view)
            assert resumed.view().given == 1 << card

    asyncio.run(run())


def test_rules_with_one_special_card_play_in_the_table(snapshot) -> None:  # type: ignore[no-untyped-def]
    """A subset (the Cloud alone) plays too: its prompt and its +1/-1 buttons, from the start screen's box."""
    rules = RuleSet(players=3, special_cards=("cloud",))
    controller = GameController.new(rules, ["rulebased"] * 2, seed=3, pace=0)

    async def run() -> None:
        app = PlayApp(controller, pace=0)
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(200):
                await settle(pilot, human_ready(app, controller), limit=2000)
                if controller.over or controller.view().phase is Phase.CLOUD:
                    break
                view = controller.view()
                action = human_choice(view)
                if view.phase is Phase.BID:
                    await pilot.press(str(action - A.BID_BASE))
                elif action >= A.SPECIAL_CARD_BASE:
                    await press_button(app, pilot, f"card-{CLOUD}")
                    await settle(pilot, shows(app, f"act-{action}"))
                    await press_button(app, pilot, f"act-{action}")
                elif view.phase is Phase.PLAY:
                    await press_button(app, pilot, f"card-{A.card_of_action(action, view.hand)}")
                else:
                    await press_button(app, pilot, f"act-{action}")
            view = controller.view()
            assert view.phase is Phase.CLOUD
            labels = {str(b.label) for b in app.screen.query("#controls Button").results(Button)}
            bid = view.bids[0]
            expected = {f"+1: bid {bid} → {bid + 1}"} if bid < view.hand_size else set()
            expected |= {f"-1: bid {bid} → {bid - 1}"} if bid > 0 else set()
            assert labels == expected
            snapshot(app, "special-cloud-change")

    asyncio.run(run())



def test_wizard_play_with_the_anniversary_preset(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``wizard play --rules anniversary``: rule-based opponents by default; ``--bots search`` is refused (exit 2)
    with the bot's reason while it cannot play the special cards; ``--resume`` continues such a game."""
    import argparse

    from wizardcards.tui import commands

    built: list[PlayApp] = []
    monkeypatch.setattr(PlayApp, "run", lambda self, *args, **kwargs: built.append(self))

    def args(**given) -> argparse.Namespace:  # type: ignore[no-untyped-def]
        options = {"resume": False, "game": None, "players": 4, "rules": "anniversary", "bots": None, "seed": 5,
                   "pace": 0.0, "lang": "en"}
        return argparse.Namespace(**{**options, **given})

    assert commands.play(args()) == 0
    controller = built[-1].controller
    assert controller is not None and controller.state.rules == find_rules("anniversary", 4)
    assert controller.bot_specs == [None, *[default_bot(controller.state.rules)] * 3]
    if bot_refusal("search", RULES) is not None:
        assert commands.play(args(bots=["search"])) == 2
        assert "search does not play the special cards yet" in capsys.readouterr().err
    while controller.view().phase is not Phase.PLAY or controller.human_on_turn() is False:
        if controller.human_on_turn():
            controller.play(human_choice(controller.view()))
        else:
            controller.step_bot()
    assert commands.play(args(resume=True, rules=None, players=None)) == 0
    resumed = built[-1].controller
    assert resumed is not None and resumed.state.history == controller.state.history


def test_the_replay_steps_through_a_game_with_the_special_cards() -> None:
    """``wizard replay`` of a game with all seven cards: every decision shown from seat 1's side; another seat's
    card in the Juggler's pass is not named, seat 1's own is."""
    from wizardcards.tui.replay import ReplayApp

    state = new_game(RULES, SEED)
    while state.round_index < 8:  # eight rounds: the Werewolf, the Cloud and the Juggler's pass among them
        state.apply(human_choice(state.view(state.current_player())))
    record = state.record(["Ann", "Bob", "Cy", "Di"])
    juggles = [i for i, s in enumerate(record_states(record)) if s.phase is Phase.JUGGLE]
    assert juggles

    async def run() -> None:
        app = ReplayApp(record, seat=1)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for index in range(1, len(record.actions) + 1):
                app.index = index
                app.show()
                before = app.states[index - 1]
                if index - 1 in juggles:
                    text = screen_text(app)
                    giver = before.current_player()
                    if giver != 1:
                        assert f"{record.names[giver]}: gives a card" in text
                    else:
                        shown = render.action_label(record.actions[index - 1], before.view(1))
                        assert f"Bob: {shown}" in text
            await pilot.pause()

    asyncio.run(run())


def record_states(record):  # type: ignore[no-untyped-def]
    """The state before each decision of ``record``."""
    state = new_game(record.rules, record.seed)
    out = []
    for action in record.actions:
        out.append(state.clone())
        state.apply(action)
    return out
