"""The one-line notation of a position (like chess's FEN): ``position_to_text`` and ``position_from_text``.

The grammar and examples are in docs/notation.md. In short, fields separated by spaces, in this order::

    wizard/3:bid_rule=hook r2 d0 t:Kh h:2c.7h/3c.Ah/9s.Wiz b:-.-.- p:- s:20.-10.30
    wizard/3 r3 d2 t:Kc h:?/3c.2h.9h/? b:1.0.2 p:7h s:0.0.0           (seat 1's view: the other hands hidden)

rules (game/players, then ``:`` and the options that differ from the defaults), ``r`` the round or hand (from 1),
``d`` the dealer, ``t`` the trump, ``h`` each seat's cards now (``/`` between seats, ``.`` between cards, ``-`` for
none, ``?`` for a hand the observer cannot see), ``b`` the bids (Wizard, ``-`` for not yet, ``?`` for a bid made
but hidden from the observer) or ``a`` the auction
calls in speaking order (Wily, ``p`` a pass), ``g`` the cards each seat has given (Wily), ``p`` this hand's tricks
in play order (the last may be in progress), and ``s`` the scores before this round (Wizard) or ``l`` each team's
letters (Wily). Cards are written as ``cards.card_to_text`` writes them, in the rule set's rank style. A text that
cannot be read raises ``NotationError`` naming the field and the place in it.
"""

from __future__ import annotations

from typing import Any

from .cards import (
    CARD_IDS,
    DRAGON,
    FIRST_JESTER,
    FIRST_WIZARD,
    JESTERS,
    WIZARDS,
    Suit,
    card_from_text,
    card_to_text,
    played_card,
)
from .position import UNKNOWN, Position, from_position
from .rules import Game, ImpossibleRulesError, RuleSet
from .state import TrickGameState
from .wily import PASS_CALL


class NotationError(ValueError):
    """A text that is not a position in this notation; the message names the field and the place."""


_SUITS = {suit.letter: int(suit) for suit in Suit}
# special cards turned up over which the dealer chooses trump, a suit or none (written CARD>SUIT, CARD>-, CARD>?)
_CHOOSING = frozenset({DRAGON, DRAGON + 3, DRAGON + 4, DRAGON + 5, DRAGON + 6})


def position_to_text(position: Position) -> str:
    rules = position.rules
    style = rules.rank_style
    n = rules.players

    def cards(mask: int) -> str:
        if mask == UNKNOWN:
            return "?"
        return ".".join(card_to_text(c, style) for c in range(CARD_IDS) if mask >> c & 1) or "-"

    def seq(values: tuple[int, ...]) -> str:
        return ".".join(card_to_text(c, style) for c in values) or "-"

    fields = [rules_to_text(rules), f"r{position.round_index + 1}", f"d{position.dealer}", "t:" + _trump_text(position)]
    fields.append("h:" + "/".join(cards(h) for h in position.hands))
    if rules.game is Game.WIZARD:
        bids = position.bids or (None,) * n
        fields.append("b:" + ".".join("-" if b is None else "?" if b == UNKNOWN else str(b) for b in bids))
    else:
        fields.append("a:" + (".".join("p" if c == PASS_CALL else str(c) for c in position.auction) or "-"))
        fields.append("g:" + ("/".join(cards(g) for g in position.given) if position.given else "-"))
    fields.append("p:" + ("/".join(seq(t) for t in position.tricks) if position.tricks else "-"))
    if rules.game is Game.WIZARD:
        fields.append("s:" + ".".join(map(str, position.scores or (0,) * n)))
        if rules.special_cards:  # the Juggler's pass and the Cloud's change
            fields.append("g:" + ("/".join(cards(g) for g in position.given) if position.given else "-"))
            fields.append("c:" + ("-" if not position.cloud else f"{position.cloud:+d}"))
    else:
        fields.append("l:" + ".".join(map(str, position.letters)))
    return " ".join(fields)


def rules_to_text(rules: RuleSet) -> str:
    """A rule set as ``game/players``, then ``:`` and the options that differ from the defaults (``name=value``,
    comma-separated): the first field of a position, and the ``Rules`` tag of a game."""
    options = {k: v for k, v in rules.to_dict().items() if k not in ("game", "players")}
    head = f"{rules.game.value}/{rules.players}"
    return head + (":" + ",".join(f"{k}={_value_text(v)}" for k, v in options.items()) if options else "")


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "+".join(map(str, value))
    return str(value)


def _trump_text(position: Position) -> str:
    suit = position.trump_suit
    named = "?" if suit is None else "-" if suit < 0 else Suit(suit).letter
    if position.rules.game is Game.WILY:
        return named
    card = position.trump_card
    if card < 0:
        return f"?>{named}" if not position.rules.trump_card_shown and suit is not None and suit >= 0 else "-"
    text = card_to_text(card, position.rules.rank_style)
    if position.werewolf >= 0:  # the card turned up, swapped for the Werewolf by that seat, which named trump
        return f"{text}/Wwf{position.werewolf}>{named}"
    return f"{text}>{named}" if FIRST_WIZARD <= card < FIRST_JESTER or card in _CHOOSING else text


def position_from_text(text: str) -> Position:
    fields = text.split()
    if not fields:
        raise NotationError("an empty text is no position")
    rules = rules_from_text(fields[0])
    wizard = rules.game is Game.WIZARD
    names = ["r", "d", "t", "h", "b", "p", "s"] if wizard else ["r", "d", "t", "h", "a", "g", "p", "l"]
    if wizard and rules.special_cards:
        names += ["g", "c"]
    if len(fields) != len(names) + 1:
        raise NotationError(f"a {rules.game.value} position has {len(names) + 1} fields "
                            f"(rules {' '.join(names)}), not {len(fields)}")
    values: dict[str, str] = {}
    for name, field in zip(names, fields[1:]):
        prefix = name if name in ("r", "d") else name + ":"
        if not field.startswith(prefix):
            raise NotationError(f"field {len(values) + 2} should start with {prefix!r}: {field!r}")
        values[name] = field[len(prefix):]
    reader = _Reader(rules)
    n = rules.players
    round_index = reader.number(values["r"], "r (round)", 1) - 1
    dealer = reader.number(values["d"], "d (dealer)", 0)
    hands = reader.seats(values["h"], "h (hands)")
    tricks = tuple(tuple(reader.cards(t, f"p (tricks), trick {k + 1}")) for k, t in enumerate(values["p"].split("/"))
                   ) if values["p"] != "-" else ()
    if wizard:
        trump_card, trump_suit, werewolf = reader.wizard_trump(values["t"])
        bids = tuple(None if b == "-" else UNKNOWN if b == "?" else reader.number(b, f"b (bids), seat {s}", 0)
                     for s, b in enumerate(values["b"].split(".")))
        scores = tuple(reader.number(v, f"s (scores), seat {s}", None) for s, v in enumerate(values["s"].split(".")))
        for name, got in (("b (bids)", bids), ("s (scores)", scores)):
            if len(got) != n:
                raise NotationError(f"field {name}: one entry per seat ({n}), not {len(got)}")
        special: dict[str, Any] = {}
        if rules.special_cards:
            cloud = values["c"]
            if cloud not in ("-", "+1", "-1"):
                raise NotationError(f"field c (the Cloud's change): {cloud!r} is not +1, -1 or -")
            special = {
                "given": () if values["g"] == "-" else _Reader(rules).seats(values["g"], "g (given)"),
                "werewolf": werewolf,
                "cloud": 0 if cloud == "-" else int(cloud),
            }
        return Position(rules, round_index, dealer, hands, trump_card=trump_card, trump_suit=trump_suit,
                        bids=bids, tricks=tricks, scores=scores, **special)
    named = values["t"]
    if named not in ("?", "-", *_SUITS):
        raise NotationError(f"field t (trump): {named!r} is not a suit letter, - (no trump) or ? (not named)")
    calls = () if values["a"] == "-" else tuple(
        PASS_CALL if c == "p" else reader.number(c, f"a (auction), call {k + 1}", 1)
        for k, c in enumerate(values["a"].split(".")))
    # Cards given may be held by their receiver now: a reader of their own numbers their Wizards and Jesters.
    given = () if values["g"] == "-" else _Reader(rules).seats(values["g"], "g (given)")
    letters = tuple(reader.number(v, f"l (letters), team {t}", 0) for t, v in enumerate(values["l"].split(".")))
    return Position(rules, round_index, dealer, hands, trump_suit=None if named == "?" else _SUITS.get(named, -1),
                    auction=calls, given=given, tricks=tricks, letters=letters)


def start_game(position: Position | str, seed: int | None = None) -> TrickGameState:
    """A game that begins at ``position`` (a ``Position`` or its text): ``from_position``, and the state remembers the
    position's text, so that ``state.record()`` replays from it. ``seed`` deals the hands after this one."""
    if isinstance(position, str):
        position = position_from_text(position)
    state = from_position(position, seed)
    state.start = position_to_text(position)
    return state


def rules_from_text(field: str) -> RuleSet:
    """The rule set ``rules_to_text`` wrote; ``NotationError`` naming the option when it is refused."""
    game_players, _, options = field.partition(":")
    game, _, players = game_players.partition("/")
    data: dict[str, Any] = {"game": game, "players": int(players) if players.isdigit() else players}
    for item in filter(None, options.split(",")):
        key, equals, value = item.partition("=")
        if not equals:
            raise NotationError(f"field 1 (rules): option {item!r} has no value (write name=value)")
        data[key] = _value(value)
        if key in _LIST_OPTIONS and not isinstance(data[key], list):
            data[key] = [data[key]]  # a list of one is written without a "+"
    try:
        return RuleSet.from_dict(data)
    except ImpossibleRulesError as error:
        raise NotationError(f"field 1 (rules): {error}") from None


_LIST_OPTIONS = frozenset({"special_cards", "custom_hand_sizes"})


def _value(text: str) -> Any:
    if text in ("true", "false"):
        return text == "true"
    if "+" in text:
        return [int(part) if part.isdigit() else part for part in text.split("+")]
    if text.lstrip("-").isdigit():
        return int(text)
    return text


class _Reader:
    """Reads the card fields; each Wizard and Jester written gets the next free id of its kind."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.used = 0

    def number(self, text: str, where: str, least: int | None) -> int:
        try:
            value = int(text)
        except ValueError:
            raise NotationError(f"field {where}: {text!r} is not a whole number") from None
        if least is not None and value < least:
            raise NotationError(f"field {where}: {value} is below {least}")
        return value

    def card(self, text: str, where: str) -> int:
        try:
            card = card_from_text(text, self.rules.rank_style)
        except ValueError as error:
            raise NotationError(f"field {where}: {error}") from None
        if FIRST_WIZARD <= card < DRAGON:
            kind = WIZARDS if card < FIRST_JESTER else JESTERS
            free = kind & ~self.used
            if not free:
                raise NotationError(f"field {where}: the deck has only four of {text!r}")
            card = (free & -free).bit_length() - 1
        self.used |= 1 << played_card(card)
        return card

    def cards(self, text: str, where: str) -> list[int]:
        return [] if text == "-" else [self.card(word, where) for word in text.split(".")]

    def seats(self, text: str, where: str) -> tuple[int, ...]:
        parts = text.split("/")
        if len(parts) != self.rules.players:
            raise NotationError(f"field {where}: one group per seat ({self.rules.players}), not {len(parts)}")
        out = []
        for seat, part in enumerate(parts):
            if part == "?":  # hidden from the observer (a view's position)
                out.append(UNKNOWN)
                continue
            mask = 0
            for card in self.cards(part, f"{where}, seat {seat}"):
                mask |= 1 << card
            out.append(mask)
        return tuple(out)

    def wizard_trump(self, text: str) -> tuple[int, int | None, int]:
        """(the card turned up, the trump suit, the seat that swapped the Werewolf for it or -1) of a Wizard ``t``
        field."""
        werewolf = -1
        if "/" in text:  # CARD/WwfSEAT>SUIT: the card turned up, swapped for the Werewolf
            card_text, _, rest = text.partition("/")
            seat, arrow, named = rest.partition(">")
            if not seat.lower().startswith("wwf") or not seat[3:].isdigit() or not arrow:
                raise NotationError(f"field t (trump): {text!r}: a swap is written CARD/WwfSEAT>SUIT (7h/Wwf2>s)")
            werewolf = int(seat[3:])
            text = card_text + ">" + named
        card_text, arrow, named = text.partition(">")
        suit: int | None = None if named == "?" else -1 if named in ("-", "") else _SUITS.get(named, -2)
        if suit == -2 or (arrow and not named):
            raise NotationError(f"field t (trump): {named!r} is not a suit letter, - or ?")
        if card_text == "-":
            return -1, -1, werewolf
        if card_text == "?":
            return -1, suit, werewolf
        # A card the Werewolf's holder took is in that seat's cards too: a reader of its own numbers a Wizard or Jester.
        card = (_Reader(self.rules) if werewolf >= 0 else self).card(card_text, "t (trump)")
        if werewolf >= 0 or card in _CHOOSING:
            return card, suit, werewolf
        if card >= DRAGON:
            return card, -1, werewolf  # the Fairy or the Bomb: no trump
        if card < FIRST_WIZARD:
            return card, card // 13, werewolf
        if card >= FIRST_JESTER:
            return card, -1, werewolf
        return card, suit, werewolf


__all__ = ["NotationError", "position_from_text", "position_to_text", "rules_from_text", "rules_to_text", "start_game"]
