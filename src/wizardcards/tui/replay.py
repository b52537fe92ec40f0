"""``wizard replay FILE``: step through a GameRecord, forwards and back, seen from one seat at a time.

Every state of the game is rebuilt by ``replay_states`` (the record's decisions applied to its seed); the screen
shows one seat's ``View`` of the state after the current decision (``v`` switches seat), and which decision led
there. Keys: ←/→ one decision, PageUp/PageDown one round, Home/End the start and the end, s the score sheet.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from ..core import GameRecord, View, replay_states
from ..core.cards import cards_of
from . import render
from .i18n import N_, _, translate_bindings
from .play import InfoScreen


class ReplayApp(App[None]):
    TITLE = "wizard replay"
    ENABLE_COMMAND_PALETTE = False  # Textual's own texts, in English only; the footer lists every key of the replay
    CSS = """
    #status { height: auto; padding: 0 1; background: $panel; }  /* wraps in a narrow terminal */
    Footer FooterLabel { padding-right: 1; }  /* a gap after a pair's description ("start/end v") */
    #step { height: 2; padding: 0 1; }
    #middle { height: auto; }
    #players { width: 1fr; height: auto; padding: 1 1; }
    #tricks { width: 1fr; height: auto; padding: 1 1; }  /* room for a hand's result, German included */
    #hand { height: auto; padding: 0 1; }
    """
    # Every key must fit an 80-column footer (nine separate keys pushed the last ones off: "q q"): the pairs of
    # keys share one description, and the footer is compact.
    STEP = Binding.Group(N_("step"))
    ROUND = Binding.Group(N_("round"))
    ENDS = Binding.Group(N_("start/end"))
    BINDINGS: ClassVar = [
        Binding("left", "step(-1)", N_("back"), key_display="←", group=STEP),
        Binding("right", "step(1)", N_("next"), key_display="→", group=STEP),
        Binding("pageup", "round(-1)", N_("previous round"), key_display="PgUp", group=ROUND),
        Binding("pagedown", "round(1)", N_("next round"), key_display="PgDn", group=ROUND),
        Binding("home", "go(0)", N_("start"), key_display="Home", group=ENDS),
        Binding("end", "go(-1)", N_("end"), key_display="End", group=ENDS),
        Binding("v", "seat", N_("other seat")),
        Binding("s", "sheet", N_("score sheet")),
        Binding("q", "quit", N_("quit")),
    ]

    def __init__(self, record: GameRecord, seat: int = 0) -> None:
        super().__init__()
        translate_bindings(self)
        self.record = record
        self.states = list(replay_states(record))
        self.names = render.display_names(
            list(record.names or [_("seat {n}").format(n=s) for s in range(record.rules.players)]))
        self.index = 0
        self.seat = seat

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="step")
        with Horizontal(id="middle"):
            yield Static(id="players")
            with Vertical(id="tricks"):
                yield Static(Text(_("Trick"), style="bold underline"))
                yield Static(id="trick")
                yield Static(id="last")
        yield Static(id="hand")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.show()

    def view(self) -> View:
        """The current seat's view of the state after the current decision."""
        return self.states[self.index].view(self.seat)

    def show(self) -> None:
        view = self.view()
        total = len(self.states) - 1
        step = Text(_("decision {n}/{total}").format(n=self.index, total=total), style="bold")
        if self.index:
            before = self.states[self.index - 1]
            action = self.record.actions[self.index - 1]
            decision = render.decision_text(action, before.view(self.seat))
            step.append(f" · {self.names[before.current_player()]}: {decision}")
        step.append(" · " + render.seen_by(self.names[self.seat]), style="italic")
        self.query_one("#status", Static).update(render.status_line(view, self.names))
        self.query_one("#step", Static).update(step)
        self.query_one("#players", Static).update(render.players_table(view, self.names))
        self.query_one("#trick", Static).update(render.current_trick(view, self.names))
        self.query_one("#last", Static).update(render.last_trick(view, self.names))
        hand = Text(render.hand_of(self.names[self.seat]) + ": ", style="bold")
        for card in cards_of(view.hand):
            hand.append_text(render.card_text(card, view))
            hand.append(" ")
        self.query_one("#hand", Static).update(hand)

    def action_step(self, step: int) -> None:
        self.index = max(0, min(len(self.states) - 1, self.index + step))
        self.show()

    def action_go(self, index: int) -> None:
        self.index = index % len(self.states)
        self.show()

    def action_round(self, step: int) -> None:
        """To the first decision of the next (or this, then the previous) round or hand."""
        rounds = [s.view(self.seat).round_index for s in self.states]
        here = rounds[self.index]
        if step > 0:
            later = [i for i in range(self.index, len(rounds)) if rounds[i] > here]
            self.index = later[0] if later else len(rounds) - 1
        else:
            start = min(i for i in range(len(rounds)) if rounds[i] == here)
            if start == self.index and here > 0:
                start = min(i for i in range(len(rounds)) if rounds[i] == rounds[self.index - 1])
            self.index = start
        self.show()

    def action_seat(self) -> None:
        self.seat = (self.seat + 1) % len(self.names)
        self.show()

    def action_sheet(self) -> None:
        self.push_screen(InfoScreen(_("Score sheet"), render.score_sheet(self.view(), self.names), key="s"))
