"""The ``wizard play``, ``wizard score`` and ``wizard replay`` commands: arguments in, an app run, an exit code out."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..bots import UnknownBotError
from ..core import ImpossibleRulesError, rules_for
from ..records import RecordError, load_record
from . import i18n


def choose_language(args: argparse.Namespace) -> None:
    """``--lang``, else the environment's language (``LANG=de_DE.UTF-8`` gives German), for every screen."""
    i18n.use(i18n.choose(getattr(args, "lang", None)))


def play(args: argparse.Namespace) -> int:
    choose_language(args)
    from .controller import GameController
    from .play import PlayApp, Setup

    if args.resume:
        controller = GameController.resume()
        if controller is None:
            print("no unfinished game to resume: start one with `wizard play`", file=sys.stderr)
            return 1
        controller.pace = args.pace
        PlayApp(controller, pace=args.pace).run()
        return 0
    chosen = any(v is not None for v in (args.game, args.players, args.rules, args.bots))
    try:
        # A preset names its game; without one, --game's standard rules (Wizard's by default).
        rules = rules_for(args.game, args.rules, args.players)
        setup = Setup(rules, list(args.bots or []), args.seed).with_default_bots()
        controller = (
            GameController.new(setup.rules, setup.bots, setup.seed, args.pace) if chosen else None
        )
    except (ImpossibleRulesError, UnknownBotError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    PlayApp(controller, setup, pace=args.pace).run()
    return 0


def score(args: argparse.Namespace) -> int:
    choose_language(args)
    from .scorepad import ScorePadApp

    if getattr(args, "import_file", None) is not None:
        code = import_score_file(args.import_file, args.bid_rule)
        if code:
            return code
    ScorePadApp(new=args.new and args.import_file is None).run()
    return 0


def import_score_file(path: Path, bid_rule: str = "none") -> int:
    """``wizard score --import FILE``: the exported pad becomes the saved one (the one ``wizard score`` opens)."""
    from . import store
    from .scorepad_model import PadError, import_pad

    try:
        pad = import_pad(path.read_text(encoding="utf-8"), bid_rule)
    except (OSError, UnicodeDecodeError, PadError) as error:
        print(f"error: {path} cannot be imported: {error}", file=sys.stderr)
        return 2
    pad.save(store.scorepad_path())
    return 0


def replay(args: argparse.Namespace) -> int:
    choose_language(args)
    from .replay import ReplayApp

    try:
        record = load_record(args.file)
    except RecordError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not 0 <= args.seat < record.rules.players:
        print(f"error: no seat {args.seat} at a table of {record.rules.players}", file=sys.stderr)
        return 2
    ReplayApp(record, seat=args.seat).run()
    return 0
