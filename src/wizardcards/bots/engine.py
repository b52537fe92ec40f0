"""``engine:CMD``: a bot that is an outside program speaking the engine protocol (docs/engine-protocol.md), and
``serve_engine``, which makes any of our bots speak it (``wizard engine BOTSPEC``).

The host side (``EngineBot``) starts ``CMD`` (split by ``shlex``, no shell, in a session of its own so that a kill
reaches its children), greets it, and at each decision sends what the seat's ``View`` holds and nothing else: the
position of what the seat knows (``core.position_of_view``, every other hand written ``?``), the legal moves as texts,
and ``go``. Everything the program writes is read through a bounded buffer with a deadline: a line longer than
``MAX_LINE`` bytes, more than ``MAX_INFO_LINES`` lines before the move, no ``ready`` within ``START_SECONDS``, no move
within the move time and ``GRACE_MS``, an exit, or a move that is malformed or not legal raise ``EngineError`` naming
the engine and what it did. The program is then killed, and every later decision of the same bot raises the same
error at once (a failed engine is not asked again: the referee's stand-in plays for it; ``arena/match.py`` counts
those decisions as forfeits, the server's bot seats log them).

Version 2 (the host greets with every version it speaks, ``wizard-engine 1 2``): an engine may announce
``feature special_cards`` before its ``ready``, and only an engine that did is sent a game with the special cards
(table 2's move texts, the positions' special fields); any other is refused with ``RulesRefused`` before a line of
such a game is written (``rules_refusal`` says why, and starts the program to hear its announcement). An engine of
version 1 reads the greeting's first version and plays every game without the special cards as before.

The engine side (``serve_engine``) reads the same lines, rebuilds the seat's view with ``core.view_of_position`` and
answers with the bot's move, after an ``info values`` line when the bot can say what it thinks of each move (the
search bot: the numbers a hint shows); greeted with version 2, it announces the special cards when its bot plays them.
"""

from __future__ import annotations

import contextlib
import os
import random
import selectors
import shlex
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Iterable
from typing import IO, Any

from ..core import (
    RuleSet,
    View,
    action_from_text,
    action_to_text,
    position_from_text,
    position_to_text,
    view_of_position,
)
from ..core.cards import SPECIAL_CARD_NAMES
from ..core.notation import rules_to_text
from ..core.position import position_of_view

PROTOCOL_VERSION = 2
"""The newest version of the protocol the host speaks."""
VERSIONS = (1, 2)
"""Every version the host speaks, all named in its greeting (an engine of version 1 reads the first)."""
GREETING = "wizard-engine " + " ".join(map(str, VERSIONS))
"""The host's first line: ``wizard-engine 1 2``."""
SPECIAL_CARDS = "special_cards"
"""The feature (``feature special_cards``, version 2) by which an engine says it plays the special cards."""
START_SECONDS = 10.0
"""From starting the program to its ``ready``: a Python program on a busy machine takes a second or two."""
MOVE_MS = 1000
"""The move time the host gives (``go movetime``) unless told otherwise."""
GRACE_MS = 2000
"""How much longer than the move time the host waits for the move (the pipe, the scheduler of a busy machine)."""
MAX_LINE = 8192
"""The longest line, in bytes, the host reads from an engine."""
MAX_INFO_LINES = 100
"""The most lines an engine may write before its ``ready`` or its ``move``."""
QUIT_SECONDS = 1.0
"""How long an engine has to leave after ``quit`` before it is killed."""


class EngineError(RuntimeError):
    """An engine that did not play by the protocol: the message names the engine and what it did."""


class RulesRefused(EngineError):
    """A game the engine did not announce it plays (the special cards without ``feature special_cards``): nothing of
    it was sent, and the engine is not counted as failed (it still plays the games it can)."""


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill the engine and everything it started (its own session), and reap it."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


class EngineBot:
    """The bot ``engine:CMD``: each decision is asked of the program ``command`` over the engine protocol."""

    name = "engine"

    def __init__(self, command: str, label: str | None = None, move_ms: int | None = None,
                 grace_ms: int | None = None, start_seconds: float | None = None, stderr: int | None = None) -> None:
        self.argv = shlex.split(command)
        if not self.argv:
            raise ValueError("engine: give the command that starts the engine (engine:CMD)")
        self.command = command
        self.label = label or command
        self.move_ms = MOVE_MS if move_ms is None else move_ms
        self.grace_ms = GRACE_MS if grace_ms is None else grace_ms
        self.start_seconds = START_SECONDS if start_seconds is None else start_seconds
        self.stderr = stderr  # None: the engine's stderr is ours (its messages reach the person running it)
        self.engine_name = ""  # what the engine said in ``id name``
        self.features: set[str] = set()  # what it announced with ``feature`` (version 2) before its ``ready``
        self.values: dict[str, float] = {}  # its ``info values`` of the last decision, by move text
        self.failure: EngineError | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._finalizer: Any = None
        self._buffer = b""
        self._sent: tuple[str, int] | None = None  # the rules and seat the engine was last told

    # --- the Bot protocol --------------------------------------------------------------------------------------

    def act(self, view: View, rng: random.Random) -> int:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} is not on turn: no legal action to choose")
        if self.failure is not None:
            raise self.failure
        refused = self.rules_refusal(view.rules)  # starts the engine for a game with the special cards
        if refused is not None:
            raise self.failure or RulesRefused(refused)
        try:
            return self._decide(view, rng.getrandbits(63))
        except EngineError as error:
            self._fail(error)
            raise

    def rules_refusal(self, rules: RuleSet) -> str | None:
        """Why the engine is not sent games of ``rules`` (None: it is). A game with the special cards goes only to an
        engine that announced ``feature special_cards``: this starts the program (if it is not running) to hear its
        greeting, and an engine that does not start is refused with its ``EngineError``'s message."""
        if not rules.special_cards:
            return None
        if self.failure is not None:
            return str(self.failure)
        if self._process is None:
            try:
                self._start()
            except EngineError as error:
                self._fail(error)
                return str(error)
        if SPECIAL_CARDS in self.features:
            return None
        return (f"engine {self.label!r} does not play the special cards ({', '.join(rules.special_cards)}): it did "
                f"not announce 'feature {SPECIAL_CARDS}' when greeted with '{GREETING}' (docs/engine-protocol.md, "
                "\"The special cards\")")

    def close(self) -> None:
        """Say ``quit`` and let the engine go (killed if it does not leave within ``QUIT_SECONDS``)."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            with contextlib.suppress(OSError, EngineError):
                self._write(process, "quit\n", time.monotonic() + QUIT_SECONDS)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=QUIT_SECONDS)
        _kill(process)
        if self._finalizer is not None:
            self._finalizer.detach()

    def __enter__(self) -> EngineBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- one decision ------------------------------------------------------------------------------------------

    def _decide(self, view: View, seed: int) -> int:
        process = self._process or self._start()
        style, specials = view.rules.rank_style, bool(view.rules.special_cards)
        rules, lines = rules_to_text(view.rules), []
        if self._sent != (rules, view.seat):
            lines += [f"rules {rules}", f"seat {view.seat}"]
            self._sent = (rules, view.seat)
        legal = [action_to_text(a, style, specials) for a in view.legal_actions]
        lines += [f"position {position_to_text(position_of_view(view))}", "legal " + ",".join(legal),
                  f"go movetime {self.move_ms} seed {seed}"]
        self._expect_nothing(process)
        deadline = time.monotonic() + (self.move_ms + self.grace_ms) / 1000
        self._write(process, "".join(line + "\n" for line in lines), deadline)
        self.values = {}
        for line in self._lines(process, deadline, f"no move within {self.move_ms + self.grace_ms} ms"):
            word, _, rest = line.partition(" ")
            if word == "info":
                self._info(rest)
            elif word == "move":
                return self._move(rest.strip(), view, legal)
            else:
                raise self._error(f"answered {_shown(line)} where a move or info was due")
        raise AssertionError("unreachable")  # _lines raises when it runs out

    def _move(self, text: str, view: View, legal: list[str]) -> int:
        try:
            action = action_from_text(text, view.rules.rank_style, bool(view.rules.special_cards))
        except ValueError as error:
            raise self._error(f"answered 'move {_shown(text)}', which is no move: {error}") from None
        if action not in view.legal_actions:
            raise self._error(f"answered 'move {_shown(text)}', not a legal move here (legal: {', '.join(legal)})")
        return action

    def _info(self, rest: str) -> None:
        kind, _, body = rest.partition(" ")
        if kind != "values":
            return  # info string, and kinds of later versions: for people, or ignored
        for item in body.split(","):
            move, equals, value = item.rpartition("=")
            with contextlib.suppress(ValueError):
                if equals:
                    self.values[move.strip()] = float(value)

    # --- the process -------------------------------------------------------------------------------------------

    def _start(self) -> subprocess.Popen[bytes]:
        try:
            process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, bufsize=0,
                start_new_session=True, close_fds=True)
        except OSError as error:
            raise self._error(f"could not be started: {error}") from None
        self._process, self._buffer, self._sent, self.features = process, b"", None, set()
        self._finalizer = weakref.finalize(self, _kill, process)
        assert process.stdin is not None and process.stdout is not None
        os.set_blocking(process.stdin.fileno(), False)
        os.set_blocking(process.stdout.fileno(), False)
        deadline = time.monotonic() + self.start_seconds
        self._write(process, GREETING + "\n", deadline)
        for line in self._lines(process, deadline, f"no 'ready' within {self.start_seconds:g} s of starting"):
            word, _, rest = line.partition(" ")
            if line == "ready":
                return process
            if word == "id":
                kind, _, value = rest.partition(" ")
                if kind == "name":
                    self.engine_name = value.strip()
            elif word == "feature":
                self.features.update(rest.split())  # features this host does not know are ignored
            elif word != "info":
                raise self._error(f"answered {_shown(line)} to '{GREETING}' (id, feature, info or ready were due)")
        raise AssertionError("unreachable")

    def _write(self, process: subprocess.Popen[bytes], text: str, deadline: float) -> None:
        assert process.stdin is not None
        data = text.encode()
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdin, selectors.EVENT_WRITE)
            while data:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise self._error("does not read its input (the pipe stayed full)")
                try:
                    data = data[os.write(process.stdin.fileno(), data):]
                except BlockingIOError:
                    continue
                except (BrokenPipeError, ConnectionResetError):
                    raise self._error(self._gone(process)) from None

    def _lines(self, process: subprocess.Popen[bytes], deadline: float, late: str) -> Iterable[str]:
        """The engine's lines (blank ones skipped) until ``deadline``; at most ``MAX_INFO_LINES`` + 1 of them."""
        assert process.stdout is not None
        count = 0
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            while True:
                while b"\n" in self._buffer:
                    raw, self._buffer = self._buffer.split(b"\n", 1)
                    if len(raw) > MAX_LINE:
                        raise self._error(f"wrote a line of more than {MAX_LINE} bytes")
                    line = raw.decode("utf-8", "replace").strip()
                    if not line:
                        continue
                    count += 1
                    if count > MAX_INFO_LINES + 1:
                        raise self._error(f"wrote more than {MAX_INFO_LINES} lines without answering")
                    yield line
                if len(self._buffer) > MAX_LINE:
                    raise self._error(f"wrote a line of more than {MAX_LINE} bytes")
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise self._error(late)
                try:
                    chunk = os.read(process.stdout.fileno(), 65536)
                except BlockingIOError:
                    continue
                if not chunk:
                    raise self._error(self._gone(process))
                self._buffer += chunk

    def _expect_nothing(self, process: subprocess.Popen[bytes]) -> None:
        """Before a decision: what the engine wrote since its last move may be info, never a move nobody asked for."""
        assert process.stdout is not None
        with contextlib.suppress(BlockingIOError):
            while len(self._buffer) <= MAX_LINE:
                chunk = os.read(process.stdout.fileno(), 65536)
                if not chunk:
                    break
                self._buffer += chunk
        for raw in self._buffer.split(b"\n")[:-1]:
            if raw.strip() and not raw.strip().startswith(b"info"):
                raise self._error(f"wrote {_shown(raw.decode('utf-8', 'replace'))} when nothing was asked")

    def _gone(self, process: subprocess.Popen[bytes]) -> str:
        try:
            code = process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "closed its output"
        return f"exited (code {code})" if code >= 0 else f"was killed (signal {-code})"

    def _error(self, what: str) -> EngineError:
        return EngineError(f"engine {self.label!r} {what}")

    def _fail(self, error: EngineError) -> None:
        self.failure = error
        process, self._process = self._process, None
        if process is not None:
            _kill(process)
        if self._finalizer is not None:
            self._finalizer.detach()


def _shown(text: str, most: int = 60) -> str:
    """A piece of what an engine wrote, short enough for a message."""
    text = text.strip()
    return repr(text if len(text) <= most else text[:most] + "...")


def engine_bot(spec_rest: str) -> EngineBot:
    """The bot of the spec ``engine:CMD`` (``spec_rest`` is ``CMD``)."""
    return EngineBot(spec_rest)


# --- the engine side: our bots over the protocol ------------------------------------------------------------------


def serve_engine(spec: str, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Speak the engine protocol on ``stdin``/``stdout`` as the bot ``spec`` until ``quit`` or the end of input."""
    from . import make_bot
    from .base import rules_refusal

    read = stdin or sys.stdin
    out = stdout or sys.stdout
    bot = make_bot(spec)

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    position, seat, legal = "", 0, ""
    for line in read:
        word, _, rest = line.strip().partition(" ")
        if word == "wizard-engine":
            offered = rest.split()
            if not set(offered) & set(map(str, VERSIONS)):
                say(f"info string this engine speaks versions {' and '.join(map(str, VERSIONS))}, not {rest.strip()}")
            say(f"id name wizardcards {spec}")
            if "2" in offered and rules_refusal(bot, RuleSet(special_cards=SPECIAL_CARD_NAMES)) is None:
                say(f"feature {SPECIAL_CARDS}")  # version 2: a host of version 1 would not know the line
            say("ready")
        elif word == "seat" and rest.strip().isdigit():
            seat = int(rest)
        elif word == "position":
            position = rest.strip()
        elif word == "legal":
            legal = rest.strip()
        elif word == "go":
            words = rest.split()
            after = words[words.index("seed") + 1] if "seed" in words[:-1] else "0"
            seed = int(after) if after.isdigit() else 0
            try:
                move, values = _bot_move(bot, position, seat, legal, seed)
            except ValueError as error:  # a position or a move we cannot read: say so, and play the first legal
                say(f"info string error: {error}")
                move, values = legal.split(",")[0], ""
            if values:
                say(f"info values {values}")
            say(f"move {move}")
        elif word == "quit":
            break
    return 0


def _bot_move(bot: Any, position: str, seat: int, legal: str, seed: int) -> tuple[str, str]:
    """The bot's move (text) at the seat's ``position``, among the ``legal`` texts, and its values when it has them."""
    from .base import restrict

    view = view_of_position(position_from_text(position), seat)
    style, specials = view.rules.rank_style, bool(view.rules.special_cards)
    allowed = [action_from_text(text, style, specials) for text in legal.split(",") if text.strip()]
    if allowed and set(allowed) != set(view.legal_actions):
        view = restrict(view, allowed)  # the host may offer fewer moves (a referee's restriction)
    rng = random.Random(seed)
    decide = getattr(bot, "decide", None)
    if decide is None:
        return action_to_text(bot.act(view, rng), style, specials), ""
    action, values = decide(view, rng)
    shown = ""
    if values:
        ranked = sorted(values, key=lambda a: (-values[a], a))
        shown = ",".join(f"{action_to_text(a, style, specials)}={values[a]:.2f}" for a in ranked)
    return action_to_text(action, style, specials), shown


__all__ = ["GREETING", "PROTOCOL_VERSION", "SPECIAL_CARDS", "VERSIONS", "EngineBot", "EngineError", "RulesRefused",
           "engine_bot", "serve_engine"]
