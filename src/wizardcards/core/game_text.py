"""A whole game as text people can read (like chess's PGN): ``game_to_text`` and ``game_from_text``.

The grammar and examples are in docs/notation.md (section Games). In short: tag pairs, then the moves::

    [Format "wizardcards-game/1"]
    [Rules "wizard/3:schedule=quick"]
    [Seed "7"]
    [Deal "wizardcards-deal/1"]
    [Seat0 "Ann"]
    [Result "40 -10 20"]

    1. bid 1 bid 0 bid 0
    1.1 Kh 7h Jes
    2. trump s bid 1 bid 0 bid 1
    2.1 ...

``R.`` opens what happens in round (Wizard) or hand (Wily) R before its first trick: the dealer's trump choice
and the bids (Wizard); the auction, the trump named and the cards each seat gives (Wily). ``R.K`` opens trick K of
it, its cards in play order. Every move is written as ``actions.action_to_text`` writes it in the rule set's rank
style. The reader goes by tokens only (any whitespace, ``{...}`` comments ignored) and checks each marker against the
replayed game, so a move that falls elsewhere than its marker says is refused: ``RecordError`` names the line and
the round and trick.
"""

from __future__ import annotations

import bisect
import re

from .actions import action_from_text, action_to_text
from .deal import DEAL_ALGORITHM
from .game import first_state
from .notation import NotationError, rules_from_text, rules_to_text
from .phase import ActionError, Phase
from .record import GameRecord, RecordError
from .rules import Game
from .state import TrickGameState
from .wily import WilyState, letters_text

GAME_FORMAT = "wizardcards-game/1"

_PHASE_WORDS = {
    Phase.CHOOSE_TRUMP: "trump choice",
    Phase.BID: "bidding",
    Phase.AUCTION: "auction",
    Phase.NAME_TRUMP: "naming trump",
    Phase.PASS_CARDS: "passing",
    Phase.WEREWOLF: "the Werewolf's trump",
    Phase.CLOUD: "the Cloud's change",
    Phase.JUGGLE: "the Juggler's pass",
}
# Decisions taken right after a trick (the special cards): written on that trick's line.
_AFTER_TRICK = (Phase.CLOUD, Phase.JUGGLE)


def _location(state: TrickGameState) -> tuple[int, int]:
    """(round or hand from 1, trick from 1; 0 before play) of the next move. The Cloud's change and the Juggler's
    pass belong to the trick just played."""
    if state.phase in _AFTER_TRICK:
        return state.round_index + 1, len(state.round_tricks)
    trick = len(state.round_tricks) + 1 if state.phase is Phase.PLAY else 0
    return state.round_index + 1, trick


def _marker(location: tuple[int, int]) -> str:
    return f"{location[0]}." + (str(location[1]) if location[1] else "")


def _where(state: TrickGameState) -> str:
    if state.is_terminal():
        return "after the end of the game"
    round_number, trick = _location(state)
    unit = "round" if state.rules.game is Game.WIZARD else "hand"
    return f"{unit} {round_number}, " + (f"trick {trick}" if trick else _PHASE_WORDS[state.phase])


def _result(state: TrickGameState) -> str:
    """Final scores per seat (Wizard) or letters per team (Wily); ``*`` while the game is not over."""
    if not state.is_terminal():
        return "*"
    if isinstance(state, WilyState):
        return " ".join(letters_text(count) for count in state.letters)
    return " ".join(map(str, state.returns()))


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), value)


def game_to_text(record: GameRecord) -> str:
    """The record as tag pairs and one line per round's opening and per trick. ``RecordError`` if it cannot be
    replayed."""
    state = first_state(record)
    style = record.rules.rank_style
    specials = bool(record.rules.special_cards)
    lines: list[str] = []
    location: tuple[int, int] | None = None
    for number, action in enumerate(record.actions):
        here = _location(state)
        if here != location:
            lines.append(_marker(here))
            location = here
        try:
            text = action_to_text(action, style, specials)
            state.apply(action)
        except ActionError as error:
            raise RecordError(f"decision {number} ({action}) cannot be replayed ({_where(state)}): {error}") from None
        lines[-1] += " " + text
    tags = [("Format", GAME_FORMAT), ("Rules", rules_to_text(record.rules)), ("Seed", str(record.seed)),
            ("Deal", DEAL_ALGORITHM)]
    if record.start is not None:
        tags.append(("Start", record.start))
    tags += [(f"Seat{seat}", name) for seat, name in enumerate(record.names or ())]
    tags.append(("Result", _result(state)))
    head = "\n".join(f"[{name} {_quote(value)}]" for name, value in tags)
    return head + "\n\n" + "\n".join(lines) + ("\n" if lines else "")


_TOKEN = re.compile(
    r'(?P<tag>\[\s*(?P<name>[A-Za-z][A-Za-z0-9_]*)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\])'
    r"|(?P<comment>\{[^}]*\})"
    r"|(?P<space>\s+)"
    r"|(?P<word>[^\s\[\]{}]+)"
    r"|(?P<bad>.)",
    re.DOTALL,
)
_MARKER = re.compile(r"(\d+)\.(\d*)")
_TWO_WORDS = {"bid", "trump", "no", "cloud"}  # the first word of a move written in two: bid 3, trump h, no trump,
# cloud +1


def game_from_text(text: str) -> GameRecord:
    """The record a game text holds; ``RecordError`` naming the line (and the round and trick) where it goes wrong."""
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_of(offset: int) -> int:
        return bisect.bisect_right(line_starts, offset)

    tags: dict[str, str] = {}
    words: list[tuple[int, str]] = []
    for match in _TOKEN.finditer(text):
        line = line_of(match.start())
        if match.group("tag"):
            if words:
                raise RecordError(f"line {line}: tag {match.group('name')} comes after the moves; tags come first")
            name = match.group("name")
            if name in tags:
                raise RecordError(f"line {line}: a second {name} tag")
            tags[name] = _unquote(match.group("value"))
        elif match.group("word"):
            words.append((line, match.group("word")))
        elif match.group("bad"):
            raise RecordError(f"line {line}: {match.group('bad')!r} is out of place (a tag is [Name \"value\"], "
                              "a comment {...})")
    record = _record_of_tags(tags)
    try:
        state = first_state(record)
    except RecordError as error:
        raise RecordError(f"tag Start: {error}") from None
    style = record.rules.rank_style
    specials = bool(record.rules.special_cards)
    marker: tuple[int, int] | None = None
    index = 0
    while index < len(words):
        line, word = words[index]
        index += 1
        found = _MARKER.fullmatch(word)
        if found:
            marker = int(found.group(1)), int(found.group(2) or 0)
            if state.is_terminal():
                raise RecordError(f"line {line}: marker {word} after the end of the game")
            if marker != _location(state):
                raise RecordError(f"line {line} ({_where(state)}): marker {word}, but the next move is at "
                                  f"{_marker(_location(state))}")
            continue
        if word.lower() in _TWO_WORDS:
            if index == len(words) or _MARKER.fullmatch(words[index][1]):
                raise RecordError(f"line {line} ({_where(state)}): {word!r} needs a second word (bid 3, trump h, "
                                  "no trump)")
            word += " " + words[index][1]
            index += 1
        where = _where(state)
        if state.is_terminal():
            raise RecordError(f"line {line}: {word!r} after the end of the game")
        if marker != _location(state):
            raise RecordError(f"line {line} ({where}): {word!r} belongs after the marker {_marker(_location(state))}"
                              + (f", not {_marker(marker)}" if marker else ""))
        try:
            action = action_from_text(word, style, specials)
        except ActionError as error:
            raise RecordError(f"line {line} ({where}): {error}") from None
        try:
            state.apply(action)
        except ActionError as error:
            raise RecordError(f"line {line} ({where}): {word}: {error}") from None
        record.actions.append(action)
    result = tags.get("Result")
    if result is not None and result.split() != _result(state).split():
        raise RecordError(f"the Result tag says {result!r}, the moves give {_result(state)!r}")
    return record


def _record_of_tags(tags: dict[str, str]) -> GameRecord:
    for name, expected in (("Format", GAME_FORMAT), ("Deal", DEAL_ALGORITHM)):
        if tags.get(name, expected) != expected:
            raise RecordError(f"tag {name} is {tags[name]!r}; this version reads {expected!r}")
    for name in ("Rules", "Seed"):
        if name not in tags:
            raise RecordError(f"a game text needs a {name} tag")
    try:
        rules = rules_from_text(tags["Rules"])
    except NotationError as error:
        raise RecordError(f"tag Rules: {error}") from None
    seed = tags["Seed"]
    if not seed.lstrip("-").isdigit():
        raise RecordError(f"tag Seed: {seed!r} is not a whole number")
    count = 0
    while f"Seat{count}" in tags:
        count += 1
    if any(re.fullmatch(r"Seat\d+", name) for name in tags.keys() - {f"Seat{seat}" for seat in range(count)}):
        raise RecordError("the Seat tags name seats 0, 1, ... in turn, with none left out")
    return GameRecord(rules, int(seed), [], [tags[f"Seat{seat}"] for seat in range(count)] or None, tags.get("Start"))


__all__ = ["GAME_FORMAT", "game_from_text", "game_to_text"]
