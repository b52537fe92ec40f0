"""Rich renderables of a ``View``, shared by the play screen and the replay viewer.

Only the fields of the view are read (hand, legal actions, trick, bids or auction, tricks won, scores, sheet): the
screens never work out a rule themselves.
"""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..core import Phase, View
from ..core import actions as A
from ..core.cards import FIRST_JESTER, FIRST_WIZARD, Suit, card_to_text, cards_of
from ..core.rules import Game
from ..core.view import RoundResult, TrickTuple, WilyHandResult
from ..core.wily import WORD

SUIT_SYMBOLS = "♣♦♥♠"
SUIT_STYLES = ("bold green", "bold yellow", "bold red", "bold bright_white")  # a four-colour deck, readable on dark
YOU = "You"
"""The human's name at the table: a subject that takes "you lead", "your hand"."""


def counted(number: int, noun: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def subject(name: str, verb: str) -> str:
    """``Bob leads``, ``You lead``."""
    return f"{name} {verb}" if name == YOU else f"{name} {verb}s"


def possessive(name: str) -> str:
    """``Bob's``, ``Your``."""
    return "Your" if name == YOU else f"{name}'s"


def card_text(card: int, view: View) -> Text:
    """A card as coloured text: ``7♥``, ``Wiz``, ``Jes``."""
    if card >= FIRST_JESTER:
        return Text("Jes", style="bold magenta")
    if card >= FIRST_WIZARD:
        return Text("Wiz", style="bold cyan")
    label = card_to_text(card, view.rules.rank_style)[:-1]
    return Text(label + SUIT_SYMBOLS[card // 13], style=SUIT_STYLES[card // 13])


def card_label(card: int, view: View) -> str:
    """A card as plain text for a button label: ``7♥``."""
    return card_text(card, view).plain


def suit_name(suit: int) -> str:
    return "no trump" if suit < 0 else f"{Suit(suit).title} {SUIT_SYMBOLS[suit]}"


def action_label(action: int, view: View) -> str:
    """A decision other than a card, as a button shows it."""
    if A.TRUMP_BASE <= action < A.NO_TRUMP:
        return suit_name(action - A.TRUMP_BASE)
    if action == A.NO_TRUMP:
        return "no trump"
    if action == A.PASS:
        return "pass"
    if A.BID_BASE <= action < A.NUM_ACTIONS:
        return str(action - A.BID_BASE)
    return A.action_to_text(action, view.rules.rank_style)


def hand_cards(view: View) -> list[tuple[int, bool]]:
    """The human's cards sorted by suit (Clubs, Diamonds, Hearts, Spades, then Wizards and Jesters), each with
    whether it is a legal action now (``view.legal_actions`` decides; two Wizards share the action 52)."""
    legal = set(view.legal_actions)
    card_phase = view.phase in (Phase.PLAY, Phase.PASS_CARDS)
    return [(card, card_phase and A.card_action(card) in legal) for card in cards_of(view.hand)]


PHASE_WORDS = {
    Phase.CHOOSE_TRUMP: "choose trump",
    Phase.BID: "bidding",
    Phase.AUCTION: "auction",
    Phase.NAME_TRUMP: "naming trump",
    Phase.PASS_CARDS: "passing cards",
    Phase.PLAY: "playing",
    Phase.GAME_OVER: "game over",
}


def status_line(view: View, names: list[str]) -> Text:
    """Game, round, hand size, dealer, trump, phase and whose turn."""
    rules = view.rules
    out = Text()
    if view.game is Game.WIZARD:
        out.append(f"Wizard · round {min(view.round_index + 1, rules.rounds)}/{rules.rounds}", style="bold")
    else:
        out.append(f"Wily Wizards ({rules.mode.value.replace('_', ' ')}) · hand {view.round_index + 1}", style="bold")
    out.append(f" · {counted(view.hand_size, 'card')} · dealer {names[view.dealer]} · trump ")
    if view.trump_card >= 0:
        out.append_text(card_text(view.trump_card, view))
        out.append(" → ")
    out.append(suit_name(view.trump_suit) if view.phase not in (Phase.AUCTION, Phase.NAME_TRUMP, Phase.CHOOSE_TRUMP)
               else "not named yet")
    out.append(f" · {PHASE_WORDS[view.phase]}")
    if view.phase is not Phase.GAME_OVER:
        turn = view.current_player
        out.append(" · ")
        out.append("your turn" if turn == view.seat else f"{names[turn]} to move",
                   style="bold reverse green" if turn == view.seat else "italic")
    return out


def players_table(view: View, names: list[str]) -> Table:
    """A row per seat: turn and dealer marks, bid (or auction calls), tricks taken, score (or team letters)."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("", width=2)
    table.add_column("player")
    wizard = view.game is Game.WIZARD
    if wizard:
        table.add_column("bid", justify="right")
        table.add_column("tricks", justify="right")
        table.add_column("score", justify="right")
    else:
        table.add_column("team", justify="right")
        table.add_column("calls")
        table.add_column("tricks", justify="right")
        table.add_column("letters")
    calls: dict[int, list[str]] = {}
    for seat, call in view.auction:
        calls.setdefault(seat, []).append("pass" if call == 0 else str(call))
    for seat in range(view.players):
        mark = "▶" if seat == view.current_player else ""
        name = Text(names[seat] + (" (dealer)" if seat == view.dealer else ""),
                    style="bold" if seat == view.seat else "")
        if wizard:
            bid = view.bids[seat] if view.bids else None
            shown = "?" if bid is None and view.phase is not Phase.BID and view.rules.hidden_bids else (
                "-" if bid is None else str(bid))
            table.add_row(mark, name, shown, str(view.tricks_won[seat]), str(view.scores[seat]))
        else:
            team = view.teams[seat]
            bidder = " ★" if seat == view.high_bidder else ""
            table.add_row(mark, name, str(team), " ".join(calls.get(seat, [])) + bidder,
                          str(view.tricks_won[seat]), WORD[: view.letters[team]] or "-")
    return table


def trick_text(view: View, names: list[str], leader: int, cards: tuple[int, ...], winner: int = -1) -> Text:
    """Who played what, in play order from the leader; the winner marked when known."""
    out = Text()
    for position, card in enumerate(cards):
        seat = (leader + position) % view.players
        out.append(f"{names[seat]:>14}: ", style="bold" if seat == winner else "")
        out.append_text(card_text(card, view))
        if seat == winner:
            out.append("  ← wins", style="bold green")
        out.append("\n")
    return out


def current_trick(view: View, names: list[str]) -> Text:
    if view.phase is not Phase.PLAY or not view.trick:
        if view.phase is Phase.PLAY:
            return Text(subject(names[view.trick_leader], "lead"), style="italic")
        return Text("")
    out = trick_text(view, names, view.trick_leader, view.trick)
    if view.led >= 0:
        out.append(f"to follow: {suit_name(view.led) if view.led < 4 else 'anything'}", style="dim")
    return out


def hand_word(view: View) -> str:
    """What a deal is called on the screens: a round of Wizard, a hand of Wily Wizards."""
    return "round" if view.game is Game.WIZARD else "hand"


def ended_hand(view: View) -> int:
    """The number (1-based) of the round or hand that ``view.last_trick`` ended, or 0 when that trick is this hand's.

    The core keeps a hand's last trick in the view through the next hand's bidding, until its first card is played;
    the trick then belongs to the last hand on the score sheet in which tricks were played (a Wily hand thrown in
    plays none)."""
    if view.last_trick is None or view.round_tricks:
        return 0
    played = [n for n, row in enumerate(view.sheet, 1) if not isinstance(row, WilyHandResult) or row.high_bidder >= 0]
    return played[-1] if played else 0


def _titled_trick(title: str, trick: TrickTuple, view: View, names: list[str]) -> Text:
    leader, cards, winner = trick
    out = Text(title, style="bold underline")
    out.append(f" — won by {names[winner]}\n", style="bold")
    out.append_text(trick_text(view, names, leader, cards, winner))
    return out


NO_TRICK_YET = "no trick completed yet this hand"


def last_trick(view: View, names: list[str]) -> Text:
    """The last completed trick under its title; between two hands, the previous hand's last trick, titled with its
    round or hand (``Last trick of round 3 — won by Bob``)."""
    trick = view.last_trick
    if trick is None:
        return Text.assemble(("Last trick", "bold underline"), "\n", (NO_TRICK_YET, "dim"))
    ended = ended_hand(view)
    title = f"Last trick of {hand_word(view)} {ended}" if ended else "Last trick"
    return _titled_trick(title, trick, view, names)


def all_tricks(view: View, names: list[str]) -> Text:
    """Every completed trick of this hand; before this hand's first trick, the previous hand's last one if it is
    still in the view."""
    out = Text()
    for number, trick in enumerate(view.round_tricks, 1):
        out.append_text(_titled_trick(f"trick {number}", trick, view, names))
    if out:
        return out
    out.append(NO_TRICK_YET + "\n", style="dim")
    if view.last_trick is not None:
        out.append_text(last_trick(view, names))
    return out


def wily_exchange(view: View) -> Text:
    out = Text()
    if view.given:
        out.append("you gave: ")
        for card in cards_of(view.given):
            out.append_text(card_text(card, view))
            out.append(" ")
    if view.received:
        out.append(" · you received: ")
        for card in cards_of(view.received):
            out.append_text(card_text(card, view))
            out.append(" ")
    return out


def score_sheet(view: View, names: list[str]) -> Group:
    """The score sheet of ``view.sheet`` under a line naming the scorekeeper (``view.scorekeeper``): Wizard rounds
    with bid, tricks, points and total per player; Wily hands with the auction's outcome and each team's letters."""
    if view.game is Game.WIZARD:
        table = wizard_sheet([r for r in view.sheet if isinstance(r, RoundResult)], names, view)
    else:
        table = wily_sheet([r for r in view.sheet if isinstance(r, WilyHandResult)], names, view)
    return Group(Text(f"scorekeeper: {names[view.scorekeeper]}", style="italic"), table)


def wizard_sheet(sheet: list[RoundResult], names: list[str], view: View) -> Table:
    table = Table(title="Score sheet: bid/won, points, total", expand=False, box=box.SIMPLE_HEAD)
    table.add_column("round", justify="right")
    table.add_column("cards", justify="right")
    table.add_column("trump", no_wrap=True)
    for name in names:
        table.add_column(name, justify="right", no_wrap=True)
    for number, row in enumerate(sheet, 1):
        trump = Text()
        if row.trump_card >= 0:
            trump.append_text(card_text(row.trump_card, view))
            if FIRST_WIZARD <= row.trump_card < FIRST_JESTER:  # the dealer chose
                trump.append("→" + SUIT_SYMBOLS[row.trump_suit])
        else:
            trump.append("none")
        cells = [
            Text(f"{b}/{t} {p:>4} {total:>4}", style="green" if b == t else "red")
            for b, t, p, total in zip(row.bids, row.tricks, row.points, row.totals)
        ]
        table.add_row(str(number), str(row.hand_size), trump, *cells)
    return table


def wily_sheet(sheet: list[WilyHandResult], names: list[str], view: View) -> Table:
    table = Table(title="Score sheet", expand=False, box=box.SIMPLE_HEAD)
    for column in ("hand", "dealer", "high bidder", "contract", "trump", "team tricks", "letter to", "letters"):
        table.add_column(column)
    for number, row in enumerate(sheet, 1):
        letters = " ".join(f"{team}:{WORD[:count] or '-'}" for team, count in enumerate(row.letters))
        if row.high_bidder < 0:
            table.add_row(str(number), names[row.dealer], "thrown in", "-", "-", "-", "-", letters)
            continue
        table.add_row(
            str(number), names[row.dealer], names[row.high_bidder], str(row.bid), suit_name(row.trump_suit),
            " ".join(map(str, row.team_tricks)), ",".join(f"team {t}" for t in row.letter_to), letters,
        )
    return table


def running_totals(view: View) -> list[list[int]]:
    """Per player (Wizard) or per team (Wily), the total after each round or hand, for the chart."""
    if view.game is Game.WIZARD:
        rows = [r for r in view.sheet if isinstance(r, RoundResult)]
        return [[row.totals[seat] for row in rows] for seat in range(view.players)]
    hands = [r for r in view.sheet if isinstance(r, WilyHandResult)]
    teams = max(view.teams) + 1 if view.teams else 0
    return [[row.letters[team] for row in hands] for team in range(teams)]


def result_lines(view: View, names: list[str]) -> Text:
    """The final result: scores (or letters) and the winners, as the core reports them."""
    out = Text()
    winners = set(view.winners)
    if view.game is Game.WIZARD:
        order = sorted(range(view.players), key=lambda s: -view.scores[s])
        for seat in order:
            out.append(f"{names[seat]:>14}  {view.scores[seat]:>5}", style="bold green" if seat in winners else "")
            out.append("  winner\n" if seat in winners else "\n", style="bold green")
    else:
        for team, count in enumerate(view.letters):
            members = " + ".join(names[s] for s in range(view.players) if view.teams[s] == team)
            won = any(view.teams[s] == team for s in winners)
            out.append(f"team {team} ({members}): {WORD[:count] or '-'}", style="bold green" if won else "")
            out.append("  winner\n" if won else "\n", style="bold green")
    return out
