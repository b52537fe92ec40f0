"""``wizard play``: a game of Wizard or Wily Wizards against bots, in the terminal.

Screens: ``StartScreen`` (game, players, preset or single rule options, each opponent's bot spec), ``TableScreen``
(the table and every decision), the modal ``InfoScreen`` (the score sheet, this hand's tricks, or the search bot's
analysis of the decision) and ``ResultsScreen`` (final result, chart and score sheet).

The table shows only the human seat's ``View``: legal cards and decisions are ``view.legal_actions``, scores are
``view.scores`` / ``view.sheet``. Bots move one decision at a time, ``pace`` seconds apart, in a worker; the
controller saves the game after each decision.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events, getters, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, HorizontalScroll, ScrollableContainer, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from ..bots import UnknownBotError
from ..core import (
    PRESETS,
    SPECIAL_PRESETS,
    ActionError,
    ImpossibleRulesError,
    Phase,
    RuleSet,
    View,
    default_rules,
    find_rules,
)
from ..core import actions as A
from ..core.cards import CLOUD, DRAGON, JUGGLER, SHAPESHIFTER, SPECIAL_CARD_NAMES
from ..core.rules import WILY_PLAYERS, WIZARD_PLAYERS, BidRule, Game, JesterLead, Passing, Schedule, WilyMode
from . import render, store
from .chart import totals_chart
from .controller import FALLBACK_BOT, STRONGEST_BOT, GameController, analyse, bot_refusal, default_bot
from .i18n import N_, _, pgettext, translate_bindings

DEFAULT_PACE = 0.6
WIZARD_OPTIONS = ("schedule", "bid_rule", "hidden_bids", "jester_lead", "last_hand_no_trump", "rank_style")
WILY_OPTIONS = ("mode", "allow_no_trump", "combined_bids", "passing", "rank_style")
# The start screen's boxes for the special cards: the Dragon and the Fairy come only together (docs/rules.md).
SPECIAL_BOXES = {"dragon-fairy": ("dragon", "fairy"), "bomb": ("bomb",), "werewolf": ("werewolf",),
                 "juggler": ("juggler",), "cloud": ("cloud",), "shapeshifter": ("shapeshifter",)}


@dataclass
class Setup:
    """What the start screen (or the command line) chose."""

    rules: RuleSet = field(default_factory=default_rules)
    bots: list[str] = field(default_factory=list)
    seed: int | None = None

    def with_default_bots(self) -> Setup:
        """One bot per opponent: those given, then the strongest bot that plays these rules (``default_bot``)."""
        missing = self.rules.players - 1 - len(self.bots)
        bots = (self.bots + [default_bot(self.rules)] * max(missing, 0))[: self.rules.players - 1]
        return replace(self, bots=bots)


def preset_names(game: Game) -> list[str]:
    """The presets of ``game``; for Wizard the anniversary presets with the special cards too."""
    return [name for name, rules in {**PRESETS, **SPECIAL_PRESETS}.items() if rules.game is game]


def matching_preset(rules: RuleSet) -> str | None:
    """The preset whose rules (at this many players) are exactly ``rules``, so that the start screen names the
    standard rules "standard" rather than "(custom)"; None for a combination no preset has."""
    for name in preset_names(rules.game):
        try:
            if find_rules(name, rules.players) == rules:
                return name
        except ImpossibleRulesError:  # a preset for other player counts
            continue
    return None


OPTION_WORDS = {
    "schedule": N_("schedule"), "bid_rule": N_("bid rule"), "jester_lead": N_("Jester lead"), "mode": N_("mode"),
    "passing": N_("passing"),
}
VALUE_WORDS = {
    "standard": N_("standard"), "double-down": N_("Double Down"), "quick": N_("quick"),
    "tournament": N_("tournament"), "none": N_("none"),
    "hook": N_("hook"), "canadian": N_("Canadian"), "first_non_jester": N_("first non-Jester"),
    "first_suited": N_("first suited card"), "partners": N_("partners"), "two_teams": N_("two teams"),
    "no_partners": N_("no partners"), "left": N_("to the left"),
}


# --- the app ---------------------------------------------------------------------------------------------------


class PlayApp(App[None]):
    """``wizard play``. Give ``controller`` to go straight to the table, else the start screen asks."""

    TITLE = "wizard play"
    ENABLE_COMMAND_PALETTE = False  # its key and texts are Textual's own, in English only; the table has its keys
    CSS = """
    #title { padding: 0 1; }
    #form { padding: 0 1; }
    .row { height: auto; margin-bottom: 1; }
    .label { padding: 1 1 0 1; }
    StartScreen #game { width: 20; } #nplayers { width: 12; } #preset { width: 26; } #rank_style { width: 14; }
    .option { width: 38; }
    Checkbox { width: auto; }
    .bot { width: 60; }
    #special-boxes, .special-row { height: auto; width: auto; }
    #error { height: auto; }
    #status { height: auto; padding: 0 1; background: $panel; }  /* wraps in a narrow terminal */
    #middle { height: auto; min-height: 12; }
    #players { width: 1fr; height: auto; padding: 1 1; }
    #tricks { width: 1fr; height: auto; padding: 1 1; }  /* room for a hand's result, German included */
    #trick, #last { height: auto; margin-bottom: 1; }
    #prompt { height: auto; min-height: 2; padding: 0 1; }
    #controls { height: auto; max-height: 4; padding: 0 1; }
    #hand { height: auto; max-height: 4; padding: 0 1; }
    #spacer { height: 1fr; }
    #keys { height: auto; background: $panel; }  /* wraps onto a second line in a narrow terminal */
    Button.card, Button.action { min-width: 7; width: auto; margin: 0 1 0 0; }
    Button.card { min-width: 5; padding: 0; }  /* a hand of 19 cards in 120 columns, 15 (Wily) in 100 */
    Button.card:disabled { opacity: 55%; }
    """

    def __init__(self, controller: GameController | None = None, setup: Setup | None = None,
                 pace: float = DEFAULT_PACE, save: bool = True) -> None:
        super().__init__()
        self.controller = controller
        self.setup = setup or Setup()
        self.pace = pace
        self.save = save

    def on_mount(self) -> None:
        if self.controller is not None:
            self.push_screen(TableScreen(self.controller))
        else:
            self.new_game_screen()

    def new_game_screen(self) -> None:
        self.push_screen(StartScreen(self.setup, store.load_current() is not None), self._start)

    def _start(self, setup: Setup | None) -> None:
        if setup is None:
            return
        self.setup = setup
        self.controller = GameController.new(setup.rules, setup.bots, setup.seed, self.pace, self.save)
        self.push_screen(TableScreen(self.controller))

    def resume_saved(self) -> None:
        controller = GameController.resume()
        if controller is None:
            self.notify(_("There is no unfinished game to resume."), severity="error")
            return
        controller.pace = self.pace
        self.controller = controller
        self.pop_screen()
        self.push_screen(TableScreen(controller))


# --- the start screen ------------------------------------------------------------------------------------------


class StartScreen(Screen[Setup]):
    """Choose the game, the players, a preset or single options, and each opponent's bot."""

    BINDINGS: ClassVar = [Binding("escape", "app.quit", N_("quit")),
                          Binding("ctrl+r", "resume", N_("resume saved game"))]

    app = getters.app(PlayApp)

    def __init__(self, setup: Setup, can_resume: bool) -> None:
        super().__init__()
        translate_bindings(self)
        self.setup = setup.with_default_bots()
        self.can_resume = can_resume
        self._loading = False
        self._auto_bots = False  # the opponents' boxes hold the fallback bot because the rules asked for it

    def compose(self) -> ComposeResult:
        rules = self.setup.rules
        yield Static(Text(_("Wizard · new game"), style="bold"), id="title")
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Button(_("Start game"), id="start", variant="success")
                if self.can_resume:
                    yield Button(_("Resume saved game"), id="resume", variant="primary")
            with Horizontal(classes="row"):
                yield Label(_("game"), classes="label")
                yield Select([(_("Wizard"), "wizard"), (_("Wily Wizards"), "wily")], value=rules.game.value,
                             allow_blank=False, id="game")
                yield Label(_("players"), classes="label")
                yield Select([(str(n), n) for n in WIZARD_PLAYERS], value=rules.players, allow_blank=False,
                             id="nplayers")
                yield Label(_("preset"), classes="label")
                # Blank only for a combination of options that no preset has.
                yield Select([(n, n) for n in preset_names(rules.game)], allow_blank=True, prompt=_("(custom)"),
                             id="preset")
            with Horizontal(classes="row", id="wizard-options"):
                yield self._select("schedule", Schedule, exclude=(Schedule.CUSTOM,))
                yield self._select("bid_rule", BidRule)
                yield self._select("jester_lead", JesterLead)
            with Horizontal(classes="row", id="wizard-checks"):
                yield Checkbox(_("hidden bids"), id="hidden_bids")
                yield Checkbox(_("last hand without trump"), id="last_hand_no_trump")
            with Horizontal(classes="row", id="wizard-specials"):
                yield Label(_("special cards"), classes="label")
                with Vertical(id="special-boxes"):  # two rows of three: the boxes fit 80 columns
                    boxes = list(SPECIAL_BOXES.items())
                    for row in (boxes[:3], boxes[3:]):
                        with Horizontal(classes="special-row"):
                            for box_id, cards in row:
                                yield Checkbox(" & ".join(_(render.SPECIAL_NAMES[SPECIAL_CARD_NAMES.index(c)])
                                                          for c in cards), id=f"special-{box_id}", classes="special")
            with Horizontal(classes="row", id="wily-options"):
                yield self._select("mode", WilyMode)
                yield self._select("passing", Passing)
            with Horizontal(classes="row", id="wily-checks"):
                yield Checkbox(_("no trump allowed"), id="allow_no_trump")
                yield Checkbox(_("partners' bids combined"), id="combined_bids")
            with Horizontal(classes="row"):
                yield Label(_("ranks"), classes="label")
                yield Select([("2..A", "2..A"), ("1..13", "1..13")], value="2..A", allow_blank=False,
                             id="rank_style")
            yield Label(_("Opponents (bot spec, e.g. rulebased, random, search:level=2):"))
            for seat in range(1, max(WILY_PLAYERS)):
                yield Input(self._bot_at(seat), id=f"bot-{seat}", classes="bot")
            yield Static("", id="bots-note")
            yield Static("", id="error")
        yield Footer()

    def _select(self, name: str, kind: Any, exclude: tuple[Any, ...] = ()) -> Select[str]:
        return Select([(f"{_(OPTION_WORDS[name])}: {_(VALUE_WORDS[m.value])}", m.value) for m in kind
                       if m not in exclude], allow_blank=False, id=name, classes="option")

    def _bot_at(self, seat: int) -> str:
        bots = self.setup.bots
        return bots[seat - 1] if seat - 1 < len(bots) else default_bot(self.setup.rules)

    def on_mount(self) -> None:
        self._show_rules(self.setup.rules)
        self.query_one("#start", Button).focus()

    def _show_rules(self, rules: RuleSet) -> None:
        """Set every widget from ``rules`` (while loading, change events do not recompute anything)."""
        self._loading = True
        try:
            self.query_one("#game", Select).value = rules.game.value
            self._set_players_choices(rules.game, rules.players)
            for name in set(WIZARD_OPTIONS) | set(WILY_OPTIONS):
                value = getattr(rules, name)
                widget = self.query_one(f"#{name}")
                if isinstance(widget, Checkbox):
                    widget.value = bool(value)
                elif isinstance(widget, Select):
                    widget.value = value.value if hasattr(value, "value") else value
            for box_id, cards in SPECIAL_BOXES.items():
                self.query_one(f"#special-{box_id}", Checkbox).value = cards[0] in rules.special_cards
            wizard = rules.game is Game.WIZARD
            for part in ("options", "checks"):
                self.query_one(f"#wizard-{part}").display = wizard
                self.query_one(f"#wily-{part}").display = not wizard
            self.query_one("#wizard-specials").display = wizard
            self._show_bot_inputs(rules.players)
            self.query_one("#preset", Select).value = matching_preset(rules) or Select.NULL
            self._offer_bots(rules)
        finally:
            self.call_after_refresh(self._done_loading)

    def _done_loading(self) -> None:
        self._loading = False

    def _set_players_choices(self, game: Game, players: int) -> None:
        choices = WIZARD_PLAYERS if game is Game.WIZARD else WILY_PLAYERS
        select = self.query_one("#nplayers", Select)
        select.set_options([(str(n), n) for n in choices])
        select.value = players if players in choices else choices[0]
        presets = self.query_one("#preset", Select)
        presets.set_options([(n, n) for n in preset_names(game)])

    def _show_bot_inputs(self, players: int) -> None:
        for seat in range(1, max(WILY_PLAYERS)):
            self.query_one(f"#bot-{seat}").display = seat < players

    def _offer_bots(self, rules: RuleSet | None) -> None:
        """Offer only bots that play ``rules``: an opponent left at the strongest bot, which cannot play them (the
        special cards, for now), becomes the strongest that can, and the note under the opponents says why; back
        at rules it plays, the strongest bot returns."""
        note = self.query_one("#bots-note", Static)
        note.update("")
        if rules is None:
            return
        default = default_bot(rules)
        # the default the boxes may hold now, and the one they held before: only that is replaced, never a typed spec
        replaced = STRONGEST_BOT if default != STRONGEST_BOT else (FALLBACK_BOT if self._auto_bots else None)
        for seat in range(1, max(WILY_PLAYERS)):
            box = self.query_one(f"#bot-{seat}", Input)
            if box.value.strip() == replaced:
                box.value = default
        self._auto_bots = default != STRONGEST_BOT
        refused = bot_refusal(STRONGEST_BOT, rules)
        if refused is not None:
            note.update(Text(_("The special cards are played against {bot}: {reason}").format(
                bot=default, reason=refused), style="yellow"))

    @on(Select.Changed, "#game")
    def _game_changed(self, event: Select.Changed) -> None:
        if self._loading or event.value is Select.NULL:
            return
        self._show_rules(default_rules(str(event.value)))

    @on(Select.Changed, "#preset")
    def _preset_changed(self, event: Select.Changed) -> None:
        if self._loading or event.value is Select.NULL:
            return
        name = str(event.value)
        players = int(str(self.query_one("#nplayers", Select).value))
        try:
            rules = find_rules(name, players)
        except ImpossibleRulesError:  # the preset is not for this many players: its own number
            rules = find_rules(name)
        self._show_rules(rules)

    @on(Select.Changed, "#nplayers")
    def _players_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.NULL:
            self._show_bot_inputs(int(str(event.value)))
        self._name_preset()

    @on(Select.Changed, ".option, #rank_style")
    @on(Checkbox.Changed)
    def _name_preset(self) -> None:
        """An option changed by hand: the preset shown is the one these options make, or none ("(custom)")."""
        if self._loading:
            return
        try:
            rules = self._form_rules()
        except (ImpossibleRulesError, ValueError):
            rules = None
        self._loading = True  # setting the preset must not load its rules back into the form
        try:
            self.query_one("#preset", Select).value = (matching_preset(rules) if rules else None) or Select.NULL
            self._offer_bots(rules)
        finally:
            self.call_after_refresh(self._done_loading)

    def _form_rules(self) -> RuleSet:
        game = Game(str(self.query_one("#game", Select).value))
        players = int(str(self.query_one("#nplayers", Select).value))
        options: dict[str, Any] = {"game": game, "players": players}
        for name in WIZARD_OPTIONS if game is Game.WIZARD else WILY_OPTIONS:
            widget = self.query_one(f"#{name}")
            options[name] = widget.value if isinstance(widget, Checkbox | Select) else None
        if game is Game.WIZARD:
            chosen = {card for box_id, cards in SPECIAL_BOXES.items()
                      if self.query_one(f"#special-{box_id}", Checkbox).value for card in cards}
            options["special_cards"] = tuple(name for name in SPECIAL_CARD_NAMES if name in chosen)
        return RuleSet(**options)

    def read_setup(self) -> Setup:
        """The setup the form describes; ``ValueError`` (with the reason) when it is not playable."""
        rules = self._form_rules()
        players = rules.players
        bots = [self.query_one(f"#bot-{seat}", Input).value.strip() or default_bot(rules)
                for seat in range(1, players)]
        for spec in bots:
            refused = bot_refusal(spec, rules)
            if refused is not None:
                raise ValueError(f"{spec}: {refused}")
        return Setup(rules, bots, self.setup.seed)

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        self.query_one("#error", Static).update("")
        try:
            setup = self.read_setup()
        except (ImpossibleRulesError, UnknownBotError, ValueError) as error:
            self.query_one("#error", Static).update(Text(str(error), style="bold red"))
            return
        self.dismiss(setup)

    @on(Button.Pressed, "#resume")
    def action_resume(self) -> None:
        if self.can_resume:
            self.app.call_later(self.app.resume_saved)


# --- modal screens ---------------------------------------------------------------------------------------------


class WholeTable(Static):
    """A table (a score sheet of six players, say) drawn at its natural width however narrow the terminal: the
    scrolling container around it scrolls sideways (←/→) rather than the table cutting off its last columns."""

    DEFAULT_CSS = "WholeTable { width: auto; }"
    UNBOUNDED = Size(1000, 1000)  # wider than any table of the apps: the table is measured as it would like to be

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return super().get_content_width(self.UNBOUNDED, viewport)


def shown(item: Any) -> Widget:
    """A widget for a piece of Rich content: tables (and groups holding one) whole, to be scrolled; text wrapped."""
    return WholeTable(item) if isinstance(item, Table | Group) else Static(item)


class InfoScreen(ModalScreen[None]):
    """A modal panel with some Rich content; any of escape, q or its own key closes it. The panel is as wide as its
    content, up to the whole screen; wider content (a score sheet) scrolls, ←/→ sideways and ↑/↓ down."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    #panel { width: auto; min-width: 50%; max-width: 100%; height: auto; max-height: 90%; border: thick $accent;
             background: $surface; padding: 1 2; }
    """
    BINDINGS: ClassVar = [Binding("escape", "close", N_("close")), Binding("q", "close", N_("close"))]

    def __init__(self, title: str, *content: Any, key: str = "") -> None:
        super().__init__()
        translate_bindings(self)
        self.title_text = title
        self.content = content
        self.key = key

    def compose(self) -> ComposeResult:
        with ScrollableContainer(id="panel"):
            yield Static(Text(self.title_text, style="bold"))
            for item in self.content:
                yield shown(item)
            yield Static(Text(_("arrows: scroll · escape: close"), style="dim"))

    def on_key(self, event: events.Key) -> None:
        if self.key and event.key == self.key:
            event.stop()
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


# --- the table -------------------------------------------------------------------------------------------------


KEYS = (("←/→", N_("choose")), ("Enter", N_("play / bid")), ("0-9", N_("bid")), ("p", N_("pass")),
        ("h", N_("hint")), ("s", N_("score sheet")), ("l", N_("tricks")), ("q", N_("save & quit")))


def keys_line(game: Game = Game.WIZARD) -> Text:
    """The table's keys, in the language chosen (built when the table is, not when the module is imported). In Wily
    Wizards the digits bid in the auction: German says "bieten" there, "ansagen" for Wizard's bids."""
    auction = {"play / bid": pgettext("auction", "play / bid"), "bid": pgettext("auction", "bid")}
    words = {what: auction[what] if game is Game.WILY and what in auction else _(what) for _key, what in KEYS}
    return Text.assemble(*(part for key, what in KEYS
                           for part in ((f" {key} ", "bold reverse"), (f"\u00a0{words[what]} ", ""))))


class TableScreen(Screen[None]):
    """The table: status line, players, trick, last trick, what to do, the decision buttons and the hand."""

    BINDINGS: ClassVar = [
        Binding("h", "hint", N_("hint")),
        Binding("s", "sheet", N_("score sheet")),
        Binding("l", "tricks", N_("tricks")),
        # Priority: the scrolling rows of buttons would otherwise take the arrows for themselves.
        Binding("left", "move(-1)", "←", show=False, priority=True),
        Binding("right", "move(1)", "→", show=False, priority=True),
        Binding("p", "pass_call", N_("pass"), show=False),
        Binding("escape", "cancel_choice", N_("another card"), show=False),
        Binding("q", "quit", N_("save & quit")),
    ]

    def __init__(self, controller: GameController) -> None:
        super().__init__()
        translate_bindings(self)
        self.controller = controller
        self.names = render.display_names(controller.names)
        self.message = Text("")
        self._rendering = asyncio.Lock()
        self._shown_actions: tuple[int, ...] | None = None
        self._shown_hand: list[int] | None = None
        # A Juggler, Cloud or Shapeshifter chosen from the hand, whose suit or part the buttons ask for next.
        self.choosing: int | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="middle"):
            yield Static(id="players")
            with Vertical(id="tricks"):
                yield Static(Text(_("Trick"), style="bold underline"))
                yield Static(id="trick")
                yield Static(id="last")
        yield Static(id="prompt")
        yield HorizontalScroll(id="controls")
        yield HorizontalScroll(id="hand")
        yield Static(id="spacer")
        # A fixed line rather than a Footer: the Footer recomposes on every focus change, which costs more than
        # the rest of the table together.
        yield Static(keys_line(self.controller.state.rules.game), id="keys")

    async def on_mount(self) -> None:
        self.drive()

    # --- driving the game ------------------------------------------------------------------------------------

    def drive(self) -> None:
        """Render, then let the bots move (paced) until it is the human's turn or the game is over."""
        self.run_worker(self._drive(), exclusive=True, group="drive")

    async def _drive(self) -> None:
        controller = self.controller
        while True:
            await self.render_table()
            if controller.over:
                self.app.push_screen(ResultsScreen(controller))
                return
            if not controller.bot_on_turn():
                return
            # The decision is told as the human saw the table before it: a card another seat gives (Wily's passing,
            # the Juggler's pass) stays hidden.
            if controller.pace > 0:
                await asyncio.sleep(controller.pace)
                before = controller.view()
                seat, action = controller.step_bot()
            else:  # nobody watches at pace 0 (tests): the bots move at once, the table is drawn for the human
                while controller.bot_on_turn():
                    before = controller.view()
                    seat, action = controller.step_bot()
                await asyncio.sleep(0)
            self.message = Text(f"{self.names[seat]}: {render.decision_text(action, before)}", style="dim")
            if controller.engine_errors:  # the engine's error, in the words of the engine protocol (English)
                self.message = Text(controller.engine_errors[-1], style="red")

    def take(self, action: int) -> None:
        """The human's decision, from a button or a key."""
        controller = self.controller
        if not controller.human_on_turn():
            return
        self.choosing = None
        try:
            controller.play(action)
        except ActionError as error:  # the buttons offer only legal actions; a key may not
            self.message = render.refusal(action, error, controller.view())
            self.run_worker(self.render_table(), group="render")
            return
        self.message = Text("")
        self.drive()

    # --- rendering -------------------------------------------------------------------------------------------

    async def render_table(self) -> None:
        async with self._rendering:
            await self._render_table()

    async def _render_table(self) -> None:
        controller = self.controller
        view = controller.view()
        names = self.names
        self.query_one("#status", Static).update(render.status_line(view, names))
        self.query_one("#players", Static).update(render.players_table(view, names))
        self.query_one("#trick", Static).update(render.current_trick(view, names))
        self.query_one("#last", Static).update(render.last_trick(view, names))
        self.query_one("#prompt", Static).update(self._prompt(view))
        # Buttons are rebuilt only when the choices change; otherwise only which cards are enabled changes.
        if self.choosing is not None and (view.phase is not Phase.PLAY or not view.is_my_turn):
            self.choosing = None
        if self.choosing is not None:  # the suit a Juggler or Cloud names, the Shapeshifter's part
            actions = tuple(render.card_actions(self.choosing, view))
        else:
            actions = view.legal_actions if view.phase not in (Phase.PLAY, Phase.PASS_CARDS, Phase.JUGGLE) else ()
        if actions != self._shown_actions:
            controls = self.query_one("#controls", HorizontalScroll)
            await controls.remove_children()
            await controls.mount_all(
                Button(self._choice_label(a, view), id=f"act-{a}", classes="action") for a in actions
            )
            self._shown_actions = actions
        cards = render.hand_cards(view)
        if [card for card, _ in cards] != self._shown_hand:
            hand = self.query_one("#hand", HorizontalScroll)
            await hand.remove_children()
            await hand.mount_all(
                Button(render.card_text(card, view), id=f"card-{card}", classes="card")
                for card, _ in cards
            )
            self._shown_hand = [card for card, _ in cards]
        for card, legal in cards:
            button = self.query_one(f"#card-{card}", Button)
            legal = legal and self.choosing is None  # while a form is chosen, only its buttons (escape: back)
            if button.disabled == legal:
                button.disabled = not legal
        self.focus_first()

    def _choice_label(self, action: int, view: View) -> str:
        """A decision button's label; a special card's form in words (``Juggler as Hearts ♥``)."""
        if self.choosing is not None:
            return render.form_name(A.form_of_action(action))
        return render.action_label(action, view)

    def _prompt(self, view: View) -> Text:
        out = Text()
        if view.phase is Phase.GAME_OVER:
            out.append(_("Game over."), style="bold")
        elif not view.is_my_turn:
            out.append(_("{name} to move…").format(name=self.names[view.current_player]), style="italic")
        elif view.phase is Phase.CHOOSE_TRUMP and view.trump_card >= DRAGON:
            out.append(_("The {card} was turned up and you deal: choose trump, a suit or no trump.").format(
                card=render.special_name(view.trump_card)), style="bold")
        elif view.phase is Phase.CHOOSE_TRUMP:
            out.append(_("A Wizard was turned up and you deal: choose trump."), style="bold")
        elif view.phase is Phase.WEREWOLF:
            out.append(_("You hold the Werewolf: it now lies as the trump card and {card}, which was turned up, is "
                         "in your hand. Name trump, a suit or no trump.").format(
                card=render.card_label(view.turned_up, view)), style="bold")
        elif view.phase is Phase.CLOUD:
            out.append(_("You won the Cloud's trick: change your bid by +1 or -1 (you have won {won} of {n} "
                         "tricks).").format(won=view.tricks_won[view.seat], n=view.hand_size), style="bold")
        elif view.phase is Phase.JUGGLE:
            out.append(_("The Juggler's pass: choose a card to give to {name}, face down (everyone gives one; the "
                         "cards pass at once).").format(name=self.names[(view.seat + 1) % view.players]),
                       style="bold")
        elif self.choosing == JUGGLER:
            out.append(_("The Juggler: name its suit (it ranks between the 7 and the 8). Escape: another card."),
                       style="bold")
        elif self.choosing == CLOUD:
            out.append(_("The Cloud: name its suit (it ranks between the 9 and the 10; whoever wins the trick "
                         "changes their bid by +1 or -1). Escape: another card."), style="bold")
        elif self.choosing == SHAPESHIFTER:
            out.append(_("The Shapeshifter: play it as a Wizard or as a Jester. Escape: another card."), style="bold")
        elif view.phase is Phase.BID:
            bids = [a - A.BID_BASE for a in view.legal_actions]
            out.append(_("Your bid (0..{n}): press a digit, or choose below with ←/→ and Enter.").format(
                n=view.hand_size), style="bold")
            refused = sorted(set(range(view.hand_size + 1)) - set(bids))
            if refused:
                rule = _("hook rule") if view.rules.bid_rule.value == "hook" else _("Canadian rule")
                out.append("  " + _("The {rule} refuses {bid}.").format(rule=rule, bid=refused[0]),
                           style="yellow")
        elif view.phase is Phase.AUCTION:
            out.append(_("Auction: pass (p) or bid more than {n}.").format(n=view.high_bid), style="bold")
        elif view.phase is Phase.NAME_TRUMP:
            out.append(_("You won the auction with {n}: name trump.").format(n=view.high_bid), style="bold")
        elif view.phase is Phase.PASS_CARDS:
            given = view.given.bit_count()
            out.append(_("Choose a card to give away ({given} of 3 given).").format(given=given), style="bold")
        else:
            out.append(_("Your turn: play a card (←/→ and Enter, or click)."), style="bold")
        if view.given or view.received:  # Wily's passing, the Juggler's pass: what this seat gave and received
            out.append("  ")
            out.append_text(render.wily_exchange(view))
        if self.message:
            out.append("  ")
            out.append_text(self.message)
        return out

    def decision_buttons(self) -> list[Button]:
        return [b for b in self.query("#controls Button, #hand Button").results(Button) if not b.disabled]

    def focus_first(self) -> None:
        buttons = self.decision_buttons()
        if buttons and self.controller.human_on_turn():
            buttons[0].focus()

    # --- input -----------------------------------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        ident = event.button.id or ""
        kind, _, number = ident.partition("-")
        if kind == "act":
            self.take(int(number))
        elif kind == "card":
            self.take_card(int(number))

    def take_card(self, card: int) -> None:
        """A card of the hand chosen: played or given at once, or, for a Juggler, Cloud or Shapeshifter played, the
        buttons ask for its suit or part next."""
        view = self.controller.view()
        forms = render.card_actions(card, view)
        if len(forms) > 1:
            self.choosing = card
            self.run_worker(self.render_table(), group="render")
            return
        self.take(forms[0])

    def action_cancel_choice(self) -> None:
        if self.choosing is not None:
            self.choosing = None
            self.run_worker(self.render_table(), group="render")

    def on_key(self, event: events.Key) -> None:
        character = event.character
        view = self.controller.view()
        if character and character.isdigit() and view.phase in (Phase.BID, Phase.AUCTION) and view.is_my_turn:
            event.stop()
            self.take(A.BID_BASE + int(character))

    def action_move(self, step: int) -> None:
        buttons = self.decision_buttons()
        if not buttons:
            return
        focused = self.focused
        index = buttons.index(focused) if focused in buttons else -step
        buttons[(index + step) % len(buttons)].focus()

    def action_pass_call(self) -> None:
        if self.controller.view().phase is Phase.AUCTION:
            self.take(A.PASS)

    def action_hint(self) -> None:
        view = self.controller.view()
        if not view.legal_actions:
            self.app.notify(_("The hint explains your own decisions: wait for your turn."))
            return
        analysis = analyse(view)
        table = Table(expand=False, box=box.SIMPLE_HEAD)
        table.add_column(_("action"))
        table.add_column(_("value"), justify="right")
        for action, value in analysis.rows:
            label = render.action_label(action, view)
            if action >= A.SPECIAL_CARD_BASE and A.is_card_action(action):  # the special card in words too
                label += f" ({render.form_name(A.form_of_action(action))})"
            mark = "  ← " + _("best") if action == analysis.best else ""
            table.add_row(label + mark, "-" if value is None else f"{value:.2f}")
        self.app.push_screen(InfoScreen(_("Hint"), Text(analysis.source, style="italic"), table, key="h"))

    def action_sheet(self) -> None:
        view = self.controller.view()
        content: list[Any] = [render.score_sheet(view, self.names)]
        if not view.sheet:
            content.append(Text(_("no round has been scored yet"), style="dim"))
        self.app.push_screen(InfoScreen(_("Score sheet"), *content, key="s"))

    def action_tricks(self) -> None:
        view = self.controller.view()
        self.app.push_screen(InfoScreen(_("Tricks of this hand"), render.all_tricks(view, self.names), key="l"))

    def action_quit(self) -> None:
        self.app.exit()


# --- results ---------------------------------------------------------------------------------------------------


class ResultsScreen(Screen[None]):
    """The end of the game: the result, the chart of running totals and the score sheet."""

    BINDINGS: ClassVar = [Binding("q", "app.quit", N_("quit")), Binding("n", "new_game", N_("new game"))]

    app = getters.app(PlayApp)

    def __init__(self, controller: GameController) -> None:
        super().__init__()
        translate_bindings(self)
        self.controller = controller

    def compose(self) -> ComposeResult:
        view = self.controller.view()
        names = render.display_names(self.controller.names)
        series_names = names if view.game is Game.WIZARD else [
            render.team_name(view, names, team) for team in range(max(view.teams) + 1)
        ]
        with ScrollableContainer():  # a sheet wider than the terminal scrolls sideways
            yield Static(Text(_("Game over"), style="bold reverse"))
            yield Static(render.result_lines(view, names))
            title = _("Running totals") if view.game is Game.WIZARD else _("Letters after each hand")
            yield Static(Text(title, style="bold underline"))
            unit = _("round") if view.game is Game.WIZARD else _("hand")
            yield Static(totals_chart(render.running_totals(view), series_names, unit=unit))
            yield shown(render.score_sheet(view, names))
            if self.controller.finished_path is not None:
                yield Static(Text(_("record saved: {path}  (wizard replay FILE)").format(
                    path=self.controller.finished_path), style="dim"))
        yield Footer()

    def action_new_game(self) -> None:
        self.app.call_later(self.app.new_game_screen)
