"""``wizard arena``: a tournament between bots from the command line.

    wizard arena --game wizard|wily --players N --rules PRESET --bots A,B,C,D --games G --seed S
                 [--duplicate] [--rounds K] [--workers W] [--backend local|ray [--address ADDR]]
                 [--json FILE] [--plot FILE.png] [--records DIR]

``--duplicate`` replays every deal once per seat rotation (``--games`` must then be a multiple of N). ``--rounds K``
plays Wizard games of N hands of K cards (bidding studies). ``--workers`` defaults to every core. The JSON report
holds the command that reproduces the run, with the seed drawn when none was given. ``--records DIR`` writes every
game's record twice, JSON and the game notation (``records.save_record_forms``), as the worker that played it ends
(with ``--backend ray``, on that worker's machine).

What the run needs at its end (openskill, matplotlib for ``--plot``, Ray, the folders of ``--json`` and ``--plot``) is
checked before the first game; a report that cannot be written where asked is saved in the temporary folder.
"""

from __future__ import annotations

import argparse
import importlib
import random
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the run imports the arena; argparse alone is needed to build the parser
    from .match import TournamentConfig


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Play a tournament between bots and report, per bot, the mean score with a 95% confidence interval, the "
        "win rate, the bid accuracy (Wizard) or contracts (Wily Wizards), and an openskill rating. Game g seats "
        "the bots rotated by g places; --duplicate replays each deal once per rotation (--games must then be a "
        "multiple of the players). --rounds K plays Wizard games of one K-card hand dealt by each seat. The same "
        "seed gives the same numbers whatever --workers or --backend."
    )
    parser.add_argument("--game", choices=["wizard", "wily"], default="wizard")
    parser.add_argument("--players", type=int, default=None, help="seats (default: as many as --bots)")
    parser.add_argument("--rules", default=None, help="a preset (default: standard, or wily for --game wily)")
    parser.add_argument("--bots", required=True, help="one bot spec per seat, comma-separated: rulebased,random,...")
    parser.add_argument("--games", type=int, default=100, help="games to play (all rotations count)")
    parser.add_argument("--seed", type=int, default=None, help="tournament seed (default: drawn and reported)")
    parser.add_argument("--duplicate", action="store_true", help="replay each deal with the bots in every seat")
    parser.add_argument("--rounds", type=int, default=None, metavar="K", help="Wizard: play only hands of K cards")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--backend", choices=["local", "ray"], default="local")
    parser.add_argument("--address", default=None, help="Ray cluster address (with --backend ray)")
    parser.add_argument("--json", metavar="FILE", default=None, help="write the full report as JSON")
    parser.add_argument("--plot", metavar="FILE.png", default=None, help="plot scores and ratings")
    parser.add_argument("--records", metavar="DIR", default=None,
                        help="write each game's record into DIR, as game-NNNNN.json and game-NNNNN.wzg (notation)")


def split_bots(text: str) -> tuple[str, ...]:
    """Bot specs separated by commas; a comma inside a spec's parameters (``search:level=3,samples=9``) stays with
    its spec, since a new spec never contains ``=`` before its name ends."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if specs and "=" in piece and ":" not in piece.split("=", 1)[0]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return tuple(specs)


def _config(args: argparse.Namespace) -> tuple[TournamentConfig, int]:
    """The TournamentConfig (and the seed) asked for; raises ValueError with the reason for bad input."""
    from ..bots import make_bot
    from ..bots.base import refusal_closing
    from ..core import rules_for
    from .match import TournamentConfig, hands_of

    bots = split_bots(args.bots)
    players = args.players if args.players is not None else len(bots)
    rules = rules_for(args.game, args.rules, players)
    if args.rounds is not None:
        rules = hands_of(rules, args.rounds)
    for spec in bots:
        make_bot(spec)  # an unknown bot or parameter is reported before any game is played
    for spec in dict.fromkeys(bots) if rules.special_cards else ():
        refused = refusal_closing(make_bot(spec), rules)  # an engine is started to hear its greeting
        if refused is not None:  # an engine that did not announce the special cards is sent none of their games
            raise ValueError(f"{spec}: {refused}")
    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers must be at least 1, not {args.workers}")
    if args.address and args.backend != "ray":
        raise ValueError("--address is for --backend ray")
    if args.plot and not args.plot.lower().endswith(".png"):
        raise ValueError(f"--plot writes a PNG: name the file *.png, not {args.plot!r}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    return TournamentConfig(rules, bots, args.games, seed, args.duplicate, args.records), seed


def missing_requirements(args: argparse.Namespace) -> list[str]:
    """What the run would fail on after playing every game, found before the first game: the extras it imports at
    the end (openskill for the ratings, matplotlib for ``--plot``, Ray for ``--backend ray``) and the folders that
    ``--json`` and ``--plot`` write into."""
    problems: list[str] = []
    needed = [("openskill.models", "openskill (the ratings)", "arena")]
    if args.plot:
        needed.append(("matplotlib", "matplotlib (--plot)", "arena"))
    if args.backend == "ray":
        needed.append(("ray", "Ray (--backend ray)", "ray"))
    for module, what, extra in needed:
        try:
            importlib.import_module(module)
        except ImportError:
            problems.append(f"{what} is not installed: pip install 'wizardcards[{extra}]'")
    for option, path in (("--json", args.json), ("--plot", args.plot)):
        if path and not Path(path).resolve().parent.is_dir():
            problems.append(f"{option} {path}: the folder {Path(path).resolve().parent} does not exist")
    return problems


def save_anyway(report: dict[str, Any], seed: int) -> Path:
    """Where a finished tournament's report goes when the file asked for cannot be written: never lose a run."""
    from .report import write_json

    path = Path(tempfile.gettempdir()) / f"wizard-arena-{seed}-{int(time.time())}.json"
    write_json(report, path)
    return path


def reproducing_command(args: argparse.Namespace, config: TournamentConfig) -> list[str]:
    command = ["wizard", "arena", "--game", args.game, "--players", str(config.seats)]
    if args.rules:
        command += ["--rules", args.rules]
    command += ["--bots", ",".join(config.bots), "--games", str(config.games), "--seed", str(config.seed)]
    if config.duplicate:
        command.append("--duplicate")
    if args.rounds is not None:
        command += ["--rounds", str(args.rounds)]
    return command


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from . import run_tournament
    from .report import plot, results_table, write_json

    console = Console()
    if not console.is_terminal:
        console = Console(width=140)  # a log or a pipe: room for every column of the table
    try:
        config, seed = _config(args)
    except ValueError as error:
        console.print(f"[red]error:[/red] {escape(str(error))}")
        return 2
    problems = missing_requirements(args)
    if problems:  # checked before the first game: a run must not play for minutes and then fail
        for problem in problems:
            console.print(f"[red]error:[/red] {escape(problem)}")  # escape: "[arena]" is no markup
        return 2
    workers = args.workers
    with Progress(
        TextColumn("[bold]arena[/bold]"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
        TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(), console=console, transient=True,
    ) as progress:
        task = progress.add_task("games", total=config.games)
        report = run_tournament(
            config, workers, args.backend, args.address,
            progress=lambda done: progress.advance(task, done),
            rounds=args.rounds, command=reproducing_command(args, config),
        )
    console.print(results_table(report))
    timing = report["timing"]
    console.print(
        f"{config.games} games, {report['stats']['decisions']} decisions in {timing['seconds']:.2f} s "
        f"({timing['games_per_second']:.1f} games/s, {report['workers']} workers, {args.backend}); seed {seed}"
    )
    for row in report["stats"]["bots"]:
        if row.get("forfeits"):
            console.print(f"[yellow]forfeits:[/yellow] {escape(row['bot'])}: {row['forfeits']} decisions in "
                          f"{row['forfeit_games']} games played by the rule-based stand-in; first: "
                          f"{escape(row['engine_error'])}")
    code = 0
    saved = False
    if args.json:
        try:
            write_json(report, args.json)
            console.print(f"report: {args.json}")
            saved = True
        except OSError as error:
            console.print(f"[red]error:[/red] {escape(f'cannot write {args.json}: {error}')}")
            code = 1
    if args.plot:
        try:
            plot(report, args.plot)
            console.print(f"plot: {args.plot}")
        except (ImportError, OSError, ValueError) as error:
            console.print(f"[red]error:[/red] {escape(f'cannot plot to {args.plot}: {error}')}")
            code = 1
    if code and not saved:
        console.print(f"the report is saved in {save_anyway(report, seed)}")
    return code


__all__ = ["add_arguments", "run", "split_bots"]
