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
from ..core.actions import card_of_action
from ..core.cards import (
    CLOUD,
    DRAGON,
    FIRST_JESTER,
    FIRST_WIZARD,
    JUGGLER,
    SHAPESHIFTER,
    SHAPESHIFTER_AS_JESTER,
    SHAPESHIFTER_AS_WIZARD,
    RankStyle,
    cards_of,
    named_suit,
    played_card,
)
from ..core.rules import Game
from ..core.view import RoundResult, TrickTuple, WilyHandResult
from ..core.wily import WORD
from .i18n import N_, _, current, ngettext, pgettext

SUIT_SYMBOLS = "♣♦♥♠"
SUIT_STYLES = ("bold green", "bold yellow", "bold red", "bold bright_white")  # a four-colour deck, readable on dark
YOU = "You"
"""The human's name as ``wizard play`` stores it in the game record; shown through ``display_names`` as the
language's word for "you", which the sentences conjugate for ("You lead", "Your hand")."""

SUIT_NAMES = (N_("Clubs"), N_("Diamonds"), N_("Hearts"), N_("Spades"))
# The terminal's card notation (docs/tui.md): the rank as printed on the card, ten as 10, and the suit's symbol.
RANKS_TWO_TO_ACE = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def display_names(names: list[str]) -> list[str]:
    """The names as the screens show them: the stored ``YOU`` in the current language."""
    return [_("You") if name == YOU else name for name in names]


def is_you(name: str) -> bool:
    return name in (YOU, _("You"))


def cards_count(number: int) -> str:
    """``1 card``, ``3 cards``."""
    return ngettext("{n} card", "{n} cards", number).format(n=number)


def leads(name: str) -> str:
    """``Bob leads``, ``You lead``."""
    return _("You lead") if is_you(name) else _("{name} leads").format(name=name)


def to_move(name: str) -> str:
    """``Bob to move``, ``your turn``."""
    return _("your turn") if is_you(name) else _("{name} to move").format(name=name)


def hand_of(name: str) -> str:
    """``Bob's hand``, ``Your hand``."""
    return _("Your hand") if is_you(name) else _("{name}'s hand").format(name=name)


def deals(name: str) -> str:
    """``dealer Bob``, ``you deal``."""
    return _("you deal") if is_you(name) else _("dealer {name}").format(name=name)


def won_by(name: str) -> str:
    """``won by Bob``, ``won by you``."""
    return _("won by you") if is_you(name) else _("won by {name}").format(name=name)


def seen_by(name: str) -> str:
    """``seen by Bob``, ``seen by you``."""
    return _("seen by you") if is_you(name) else _("seen by {name}").format(name=name)


def rank_label(card: int, view: View) -> str:
    """The rank of a suited card: 2..10, J, Q, K, A (or 1..13 with that rank style); the face letters translated."""
    rank = card % 13
    if view.rules.rank_style is RankStyle.ONE_TO_THIRTEEN:
        return str(rank + 1)
    label = RANKS_TWO_TO_ACE[rank]
    return face_letters().get(label, label)


def face_letters() -> dict[str, str]:
    """The face cards' and the Ace's letters in the current language (German: B, D, K, A)."""
    return {"J": pgettext("rank", "J"), "Q": pgettext("rank", "Q"), "K": pgettext("rank", "K"),
            "A": pgettext("rank", "A")}


SPECIAL_NAMES = (N_("Dragon"), N_("Fairy"), N_("Bomb"), N_("Werewolf"), N_("Juggler"), N_("Cloud"),
                 N_("Shapeshifter"))
"""The anniversary cards' names, in card id order from ``DRAGON`` (German: Drache, Fee, Bombe, Werwolf, Jongleur,
Wolke, Gestaltwandler)."""
SPECIAL_STYLE = "bold orange1"  # apart from the Wizards' cyan, the Jesters' magenta and the four suits


def special_labels() -> tuple[str, ...]:
    """The special cards' short labels as a card button shows them (``Drg`` ...; German ``Dra`` ...), in id order."""
    return (pgettext("card", "Drg"), pgettext("card", "Fai"), pgettext("card", "Bmb"), pgettext("card", "Wwf"),
            pgettext("card", "Jug"), pgettext("card", "Cld"), pgettext("card", "Shp"))


def special_name(card: int) -> str:
    """The full name of a special card, or of the card a played form is (``Juggler``, German ``Jongleur``)."""
    return _(SPECIAL_NAMES[played_card(card) - DRAGON])


def card_text(card: int, view: View) -> Text:
    """A card as coloured text: ``7♥``, ``10♦``, ``Q♠``; ``Wiz`` and ``Jes`` (German ``Zaub``, ``Narr``); a special
    card by its label (``Drg``, ``Bmb``), a played Juggler or Cloud with the suit it names (``Jug>♥``, in that suit's
    colour), a played Shapeshifter with its part (``Shp>Wiz``)."""
    if card >= DRAGON:
        return special_text(card)
    if card >= FIRST_JESTER:
        return Text(pgettext("card", "Jes"), style="bold magenta")
    if card >= FIRST_WIZARD:
        return Text(pgettext("card", "Wiz"), style="bold cyan")
    return Text(rank_label(card, view) + SUIT_SYMBOLS[card // 13], style=SUIT_STYLES[card // 13])


def special_text(card: int) -> Text:
    label = special_labels()[played_card(card) - DRAGON]
    suit = named_suit(card)
    if suit >= 0:
        return Text.assemble((label, SPECIAL_STYLE), (">" + SUIT_SYMBOLS[suit], SUIT_STYLES[suit]))
    if card == SHAPESHIFTER_AS_WIZARD:
        return Text.assemble((label, SPECIAL_STYLE), (">" + pgettext("card", "Wiz"), "bold cyan"))
    if card == SHAPESHIFTER_AS_JESTER:
        return Text.assemble((label, SPECIAL_STYLE), (">" + pgettext("card", "Jes"), "bold magenta"))
    return Text(label, style=SPECIAL_STYLE)


def form_name(card: int) -> str:
    """A card as played, in words for a prompt or a button: ``Juggler as Hearts ♥``, ``Shapeshifter as a Wizard``."""
    suit = named_suit(card)
    if suit >= 0:
        return _("{card} as {suit}").format(card=special_name(card), suit=suit_name(suit))
    if card == SHAPESHIFTER_AS_WIZARD:
        return _("Shapeshifter as a Wizard")
    if card == SHAPESHIFTER_AS_JESTER:
        return _("Shapeshifter as a Jester")
    return special_name(card) if card >= DRAGON else ""


def card_label(card: int, view: View) -> str:
    """A card as plain text for a button label: ``7♥``."""
    return card_text(card, view).plain


def suit_name(suit: int) -> str:
    return _("no trump") if suit < 0 else f"{_(SUIT_NAMES[suit])} {SUIT_SYMBOLS[suit]}"


def action_label(action: int, view: View) -> str:
    """A decision as a button (or the replay's step line) shows it: a card, a bid, a suit, pass; a special card's
    played form (``Jug>♥``), the Cloud's change (``+1: bid 3 → 4``)."""
    if action in (A.CLOUD_UP, A.CLOUD_DOWN):
        change = 1 if action == A.CLOUD_UP else -1
        bid = view.bids[view.current_player] if view.bids else None
        if bid is None:  # hidden bids: the change is public, the bid is not
            return f"{change:+d}"
        return _("{change}: bid {bid} → {new}").format(change=f"{change:+d}", bid=bid, new=bid + change)
    if A.is_card_action(action) and action >= A.SPECIAL_CARD_BASE:
        return special_text(A.form_of_action(action)).plain
    if A.is_card_action(action):
        if action == A.PLAY_WIZARD:
            return pgettext("card", "Wiz")
        if action == A.PLAY_JESTER:
            return pgettext("card", "Jes")
        return card_label(action, view)  # a suited card's action is its card id
    if A.TRUMP_BASE <= action < A.NO_TRUMP:
        return suit_name(action - A.TRUMP_BASE)
    if action == A.NO_TRUMP:
        return _("no trump")
    if action == A.PASS:
        return _("pass")
    return str(action - A.BID_BASE)


def decision_text(action: int, view: View) -> str:
    """A decision in a sentence's words: ``bid 2``, ``10♦``, ``trump Hearts ♥``, ``pass``."""
    if view.phase in (Phase.PASS_CARDS, Phase.JUGGLE) and not view.is_my_turn:
        return _("gives a card")  # hidden: only the card's giver and, after the pass, its receiver see it
    if action in (A.CLOUD_UP, A.CLOUD_DOWN):
        return _("bid changed by {change} (the Cloud)").format(change="+1" if action == A.CLOUD_UP else "-1")
    if A.BID_BASE <= action < A.SPECIAL_CARD_BASE:  # bids 0..22
        if view.game is Game.WILY:  # a bid of the auction: in German a "Gebot" (bieten), Wizard's an "Ansage"
            return pgettext("auction", "bid {n}").format(n=action - A.BID_BASE)
        return _("bid {n}").format(n=action - A.BID_BASE)
    if A.TRUMP_BASE <= action < A.NO_TRUMP:
        return _("trump {suit}").format(suit=suit_name(action - A.TRUMP_BASE))
    return action_label(action, view)


def refusal(action: int, error: Exception, view: View) -> Text:
    """What the table says when a key asks for a decision the rules refuse: the choices the view offers instead,
    and in English the core's own reason (the core writes its reasons in English)."""
    choices = ", ".join(action_label(a, view) for a in view.legal_actions)
    if A.BID_BASE <= action < A.SPECIAL_CARD_BASE:
        said = (pgettext("auction", "A bid of {n} is not allowed now; the choices are {choices}.")
                if view.game is Game.WILY else _("A bid of {n} is not allowed now; the choices are {choices}.")).format(
            n=action - A.BID_BASE, choices=choices)
    else:
        said = _("{decision} is not allowed now; the choices are {choices}.").format(
            decision=decision_text(action, view), choices=choices)
    out = Text(said, style="bold red")
    if current() == "en":
        out.append(f" ({error})", style="red")
    return out


def hand_cards(view: View) -> list[tuple[int, bool]]:
    """The human's cards sorted by suit (Clubs, Diamonds, Hearts, Spades, then Wizards and Jesters), each with
    whether it is a legal action now (``view.legal_actions`` decides; two Wizards share the action 52)."""
    legal = set(view.legal_actions)
    card_phase = view.phase in (Phase.PLAY, Phase.PASS_CARDS, Phase.JUGGLE)
    return [(card, card_phase and any(a in legal for a in card_actions(card, view))) for card in cards_of(view.hand)]


def card_actions(card: int, view: View) -> list[int]:
    """The actions that play (or give) ``card`` from the hand now: one, or while playing, the four suits a Juggler or
    Cloud may name and the Shapeshifter's two parts (``view.legal_actions`` says which of them are legal)."""
    if view.phase is Phase.PLAY and card in (JUGGLER, CLOUD, SHAPESHIFTER):
        return [a for a in view.legal_actions if A.is_card_action(a) and card_of_action(a, 1 << card) == card]
    return [A.card_action(card)]


PHASE_WORDS = {
    Phase.CHOOSE_TRUMP: N_("choose trump"),
    Phase.BID: N_("bidding"),
    Phase.AUCTION: N_("auction"),
    Phase.NAME_TRUMP: N_("naming trump"),
    Phase.PASS_CARDS: N_("passing cards"),
    Phase.PLAY: N_("playing"),
    Phase.GAME_OVER: N_("game over"),
    Phase.WEREWOLF: N_("the Werewolf's trump"),
    Phase.CLOUD: N_("the Cloud's change"),
    Phase.JUGGLE: N_("the Juggler's pass"),
}
WILY_MODES = {"partners": N_("partners"), "two_teams": N_("two teams"), "no_partners": N_("no partners")}


def wily_mode(view: View) -> str:
    value = view.rules.mode.value
    return _(WILY_MODES[value]) if value in WILY_MODES else value.replace("_", " ")


def status_line(view: View, names: list[str]) -> Text:
    """Game, round, hand size, dealer, trump, phase and whose turn."""
    rules = view.rules
    out = Text()
    if view.game is Game.WIZARD:
        out.append(_("Wizard · round {n}/{total}").format(n=min(view.round_index + 1, rules.rounds),
                                                          total=rules.rounds), style="bold")
    else:
        out.append(_("Wily Wizards ({mode}) · hand {n}").format(mode=wily_mode(view), n=view.round_index + 1),
                   style="bold")
    out.append(" · " + cards_count(view.hand_size) + " · " + deals(names[view.dealer]))
    named = view.phase not in (Phase.AUCTION, Phase.NAME_TRUMP, Phase.CHOOSE_TRUMP, Phase.WEREWOLF)
    if named and view.trump_suit < 0 and view.trump_card < 0:  # nothing turned up, none named: "no trump", once
        out.append(" · " + _("no trump"))
    else:
        out.append(" · " + _("trump") + " ")
        if view.trump_card >= 0:
            out.append_text(card_text(view.trump_card, view))
            out.append(" → ")
        out.append(suit_name(view.trump_suit) if named else _("not named yet"))
    if view.werewolf >= 0:  # everybody saw the swap (View.werewolf, View.turned_up)
        out.append(" · ")
        out.append_text(werewolf_swap(view, names))
    out.append(f" · {_(PHASE_WORDS[view.phase])}")
    if view.phase is not Phase.GAME_OVER:
        turn = view.current_player
        out.append(" · ")
        out.append(to_move(names[turn]), style="bold reverse green" if turn == view.seat else "italic")
    return out


def werewolf_swap(view: View, names: list[str]) -> Text:
    """``Morgana swapped the Werewolf for 7♥`` (``You swapped ...``)."""
    taken = card_label(view.turned_up, view)
    if is_you(names[view.werewolf]):
        return Text(_("you swapped the Werewolf for {card}").format(card=taken))
    return Text(_("{name} swapped the Werewolf for {card}").format(name=names[view.werewolf], card=taken))


def changed_bid(bid: int | None, change: int) -> str:
    """A bid the Cloud changed, as made and as it is now: ``3→4``; ``?+1`` for a hidden bid; else the bid."""
    if not change:
        return "?" if bid is None else str(bid)
    if bid is None:
        return f"?{change:+d}"
    return f"{bid - change}→{bid}"


def players_table(view: View, names: list[str]) -> Table:
    """A row per seat: turn and dealer marks, bid (or auction calls), tricks taken, score (or team letters)."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("", width=2)
    table.add_column(_("player"))
    wizard = view.game is Game.WIZARD
    if wizard:
        table.add_column(_("bid"), justify="right")
        table.add_column(_("tricks"), justify="right")
        table.add_column(_("score"), justify="right")
    else:
        table.add_column(_("team"), justify="right")
        table.add_column(_("calls"))
        table.add_column(_("tricks"), justify="right")
        table.add_column(_("letters"))
    calls: dict[int, list[str]] = {}
    for seat, call in view.auction:
        calls.setdefault(seat, []).append(_("pass") if call == 0 else str(call))
    for seat in range(view.players):
        mark = "▶" if seat == view.current_player else ""
        name = Text(names[seat] + (" " + _("(dealer)") if seat == view.dealer else ""),
                    style="bold" if seat == view.seat else "")
        if wizard:
            bid = view.bids[seat] if view.bids else None
            change = view.bid_changes[seat] if view.bid_changes else 0
            shown = "?" if bid is None and view.phase is not Phase.BID and view.rules.hidden_bids else (
                "-" if bid is None else str(bid))
            if change:
                shown = changed_bid(bid, change)
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
            out.append("  ← " + _("wins"), style="bold green")
        out.append("\n")
    return out


def current_trick(view: View, names: list[str]) -> Text:
    if view.phase is not Phase.PLAY or not view.trick:
        if view.phase is Phase.PLAY:
            return Text(leads(names[view.trick_leader]), style="italic")
        return Text("")
    out = trick_text(view, names, view.trick_leader, view.trick)
    if view.led >= 0:
        out.append(_("to follow: {suit}").format(suit=suit_name(view.led) if view.led < 4 else _("anything")),
                   style="dim")
    return out


def ended_hand(view: View) -> int:
    """The number (1-based) of the round or hand that ``view.last_trick`` ended, or 0 when that trick is this hand's.

    The core keeps a hand's last trick in the view through the next hand's bidding, until its first card is played
    (and at the end of the game); the trick then belongs to the last hand on the score sheet in which tricks were
    played (a Wily hand thrown in plays none)."""
    if view.last_trick is None or (view.round_tricks and view.phase is not Phase.GAME_OVER):
        return 0
    played = [n for n, row in enumerate(view.sheet, 1) if not isinstance(row, WilyHandResult) or row.high_bidder >= 0]
    return played[-1] if played else 0


def _titled_trick(title: str, trick: TrickTuple, view: View, names: list[str]) -> Text:
    leader, cards, winner = trick
    out = Text()
    out.append(title, style="bold underline")  # the title alone underlined, not the lines below it
    out.append(" — " + (won_by(names[winner]) if winner >= 0 else won_by_nobody()) + "\n", style="bold")
    out.append_text(trick_text(view, names, leader, cards, winner))
    return out


def won_by_nobody() -> str:
    """A trick the Bomb took: it counts for nobody (View: its winner is -1)."""
    return _("won by nobody (Bomb)")


def no_trick_yet() -> str:
    return _("no trick completed yet this hand")


def hand_result(view: View, names: list[str], number: int) -> Text:
    """How the hand ``number`` (1-based, on the sheet) ended, one line per seat or team: Wizard's bid, tricks and
    points of each player; Wily's contract, the team tricks and who gained the letter."""
    row = view.sheet[number - 1]
    out = Text()
    if isinstance(row, RoundResult):
        changes = sheet_changes(view, number)
        for seat, (bid, tricks, points) in enumerate(zip(row.bids, row.tricks, row.points)):
            made = bid == tricks
            verdict = _("made") if made else _("missed")
            out.append(f"{names[seat]:>14}: ", style="bold" if seat == view.seat else "")
            out.append(_("bid {bid}, won {won}: {points:+d} ({verdict})").format(
                bid=changed_bid(bid, changes[seat]), won=tricks, points=points, verdict=verdict),
                style="green" if made else "red")
            out.append("\n")
        nobody = row.hand_size - sum(row.tricks)
        if nobody:
            out.append(bombed(nobody) + "\n", style="dim")
        return out
    if row.high_bidder < 0:
        return Text(_("thrown in: nobody bid") + "\n", style="dim")
    team = view.teams[row.high_bidder]
    tricks = row.team_tricks[team]
    if is_you(names[row.high_bidder]):
        contract = ngettext("You bid {bid}: team {team} took {tricks} trick",
                            "You bid {bid}: team {team} took {tricks} tricks", tricks)
    else:
        contract = ngettext("{name} bid {bid}: team {team} took {tricks} trick",
                            "{name} bid {bid}: team {team} took {tricks} tricks", tricks)
    out.append(contract.format(name=names[row.high_bidder], bid=row.bid, team=team, tricks=tricks) + "\n")
    for gained in row.letter_to:
        out.append(_("team {team} gains a letter: {word}").format(team=gained, word=WORD[: row.letters[gained]])
                   + "\n", style="bold green")
    return out


def sheet_changes(view: View, number: int) -> tuple[int, ...]:
    """The Cloud's change of each seat's bid in the round ``number`` (1-based) of the sheet; zeros without it."""
    if number <= len(view.sheet_bid_changes):
        return view.sheet_bid_changes[number - 1]
    return (0,) * view.players


def bombed(tricks: int) -> str:
    """``1 trick won by nobody (Bomb)``: the tricks of a round the Bomb took (hand size less the tricks won)."""
    return ngettext("{n} trick won by nobody (Bomb)", "{n} tricks won by nobody (Bomb)", tricks).format(n=tricks)


def last_trick(view: View, names: list[str]) -> Text:
    """The last completed trick under its title; at a hand's end and until the next hand's first card, that hand's
    last trick titled with its round or hand (``Last trick of round 3 — won by Bob``) and the hand's result."""
    trick = view.last_trick
    if trick is None:
        return Text.assemble((_("Last trick"), "bold underline"), "\n", (no_trick_yet(), "dim"))
    ended = ended_hand(view)
    if not ended:
        return _titled_trick(_("Last trick"), trick, view, names)
    title = (_("Last trick of round {n}") if view.game is Game.WIZARD else _("Last trick of hand {n}")).format(n=ended)
    out = _titled_trick(title, trick, view, names)
    out.append("\n")
    out.append((_("Round {n}") if view.game is Game.WIZARD else _("Hand {n}")).format(n=ended) + "\n",
               style="bold underline")
    out.append_text(hand_result(view, names, ended))
    return out


def all_tricks(view: View, names: list[str]) -> Text:
    """Every completed trick of this hand; at a hand's end (until the next hand's first card, or when the game is
    over), the last trick of the hand that ended and its result, which the core keeps in the view until then."""
    out = Text()
    if ended_hand(view) and not view.round_tricks:
        out.append(no_trick_yet() + "\n\n", style="dim")
        out.append_text(last_trick(view, names))
        return out
    for number, trick in enumerate(view.round_tricks, 1):
        out.append_text(_titled_trick(_("trick {n}").format(n=number), trick, view, names))
    if not out:
        out.append(no_trick_yet() + "\n", style="dim")
    return out


def wily_exchange(view: View) -> Text:
    out = Text()
    if view.given:
        out.append(_("you gave:") + " ")
        for card in cards_of(view.given):
            out.append_text(card_text(card, view))
            out.append(" ")
    if view.received:
        out.append(" · " + _("you received:") + " ")
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
    return Group(Text(_("scorekeeper: {name}").format(name=names[view.scorekeeper]), style="italic"), table)


def wizard_sheet(sheet: list[RoundResult], names: list[str], view: View) -> Table:
    # the title at the left, where it stays in sight when a sheet wider than the terminal is scrolled
    table = Table(title=_("Score sheet: bid/won, points, total"), title_justify="left", expand=False,
                  box=box.SIMPLE_HEAD)
    for header in (_("round"), _("cards")):  # the headers whole, even on a 6-player sheet at 120 columns
        table.add_column(header, justify="right", min_width=len(header))
    table.add_column(_("trump"), no_wrap=True, min_width=len(_("trump")))
    bomb = "bomb" in view.rules.special_cards
    if bomb:  # the tricks the Bomb took from everybody
        table.add_column(_("nobody"), justify="right", min_width=len(_("nobody")))
    for name in names:
        table.add_column(name, justify="right", no_wrap=True)
    for number, row in enumerate(sheet, 1):
        trump = Text()
        if row.trump_card >= 0:
            trump.append_text(card_text(row.trump_card, view))
            if FIRST_WIZARD <= row.trump_card < FIRST_JESTER:  # the dealer chose
                trump.append("→" + SUIT_SYMBOLS[row.trump_suit])
            elif row.trump_card >= DRAGON:  # chosen over a special card, or named by the Werewolf's holder
                trump.append("→" + (SUIT_SYMBOLS[row.trump_suit] if row.trump_suit >= 0 else "-"))
        else:
            trump.append(_("none"))
        changes = sheet_changes(view, number)
        width = max(len(changed_bid(b, c)) for b, c in zip(row.bids, changes))
        cells = [
            Text(f"{changed_bid(b, c):>{width}}/{t} {p:>4} {total:>4}", style="green" if b == t else "red")
            for b, c, t, p, total in zip(row.bids, changes, row.tricks, row.points, row.totals)
        ]
        nobody = [str(row.hand_size - sum(row.tricks) or "")] if bomb else []
        table.add_row(str(number), str(row.hand_size), trump, *nobody, *cells)
    if any(any(changes) for changes in view.sheet_bid_changes):
        table.caption = _("3→4: a bid the Cloud changed, as made → as scored")
        table.caption_justify = "left"
    return table


def wily_sheet(sheet: list[WilyHandResult], names: list[str], view: View) -> Table:
    table = Table(title=_("Score sheet"), expand=False, box=box.SIMPLE_HEAD)
    for column in (_("hand"), _("dealer"), _("high bidder"), _("contract"), _("trump"), _("team tricks"),
                   _("letter to"), _("letters")):
        table.add_column(column)
    for number, row in enumerate(sheet, 1):
        letters = " ".join(f"{team}:{WORD[:count] or '-'}" for team, count in enumerate(row.letters))
        if row.high_bidder < 0:
            table.add_row(str(number), names[row.dealer], _("thrown in"), "-", "-", "-", "-", letters)
            continue
        table.add_row(
            str(number), names[row.dealer], names[row.high_bidder], str(row.bid), suit_name(row.trump_suit),
            " ".join(map(str, row.team_tricks)), ", ".join(_("team {team}").format(team=t) for t in row.letter_to),
            letters,
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


def team_name(view: View, names: list[str], team: int) -> str:
    members = " + ".join(names[s] for s in range(view.players) if view.teams[s] == team)
    return _("team {team} ({members})").format(team=team, members=members)


def result_lines(view: View, names: list[str]) -> Text:
    """The final result: scores (or letters) and the winners, as the core reports them."""
    out = Text()
    winners = set(view.winners)
    if view.game is Game.WIZARD:
        order = sorted(range(view.players), key=lambda s: -view.scores[s])
        for seat in order:
            out.append(f"{names[seat]:>14}  {view.scores[seat]:>5}", style="bold green" if seat in winners else "")
            out.append("  " + _("winner") + "\n" if seat in winners else "\n", style="bold green")
    else:
        for team, count in enumerate(view.letters):
            won = any(view.teams[s] == team for s in winners)
            out.append(f"{team_name(view, names, team)}: {WORD[:count] or '-'}", style="bold green" if won else "")
            out.append("  " + _("winner") + "\n" if won else "\n", style="bold green")
    return out
