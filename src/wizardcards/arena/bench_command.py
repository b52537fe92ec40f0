"""``wizard bench AGENT``: the Wizard benchmark from the command line (the benchmark itself: ``bench.py``).

    wizard bench AGENT [--sizes 3,4,5,6] [--opponents random,rulebased,...] [--deals K] [--workers W]
                       [--backend local|ray [--address ADDR]] [--move-seconds S] [--out FILE]

AGENT is one bot spec, ``engine:CMD`` included (the whole argument: an engine's command may hold commas here), or
``server:CMD``: the program CMD playing a bot account at the bench's own server (``bench_server.py``).
Prints a table per (table size, opponent) and one line per opponent over the sizes; ``--out`` writes the versioned
JSON result. What the run needs (Ray, the folder of ``--out``, a bot spec that exists) is checked before the first
game, as ``wizard arena`` does.
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from .bench import DEAL_SET, OPPONENTS, SEEDS, SIZES

    parser.description = (
        f"The Wizard benchmark: AGENT plays the fixed duplicate deal sets ({DEAL_SET} deals per table size; seeds "
        f"{', '.join(f'{n} players {s}' for n, s in SEEDS.items())}) against each reference opponent in every other "
        "seat, each deal once per seat rotation, and the points per game with 95% intervals, the bid accuracy "
        "and the time per decision are reported (docs/benchmark.md)."
    )
    parser.add_argument("agent", help="the bot spec to measure: random, rulebased, search:level=1, engine:CMD ...; "
                        "or server:CMD, a program playing a bot account through the bench's own server "
                        "(it gets WIZARDCARDS_SERVER and WIZARDCARDS_BOT_TOKEN)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="table sizes, comma-separated "
                        f"(default: {','.join(map(str, SIZES))})")
    parser.add_argument("--opponents", default=",".join(OPPONENTS),
                        help=f"opponent specs, comma-separated (default: {','.join(OPPONENTS)})")
    parser.add_argument("--deals", type=int, default=DEAL_SET,
                        help=f"play the first K deals of each size's set (default: all {DEAL_SET})")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes (default: all cores); for server:CMD the tables played at once")
    parser.add_argument("--backend", choices=["local", "ray"], default="local")
    parser.add_argument("--address", default=None, help="Ray cluster address (with --backend ray)")
    parser.add_argument("--move-seconds", type=float, default=None, metavar="S",
                        help="server:CMD only: the bot's turn timer, a decision not answered in time a forfeit "
                        "(default 15)")
    parser.add_argument("--out", metavar="FILE", default=None, help="write the JSON result")
    parser.add_argument("--markdown", action="store_true",
                        help="also print the result as rows of docs/benchmark.md's table (a row per opponent)")


def _plan(args: argparse.Namespace) -> Any:
    """The BenchPlan asked for; raises ValueError with the reason for bad input."""
    from ..bots import make_bot
    from .bench import BenchPlan
    from .bench_server import client_command, is_server_agent
    from .command import split_bots

    try:
        sizes = tuple(int(piece) for piece in args.sizes.split(",") if piece.strip())
    except ValueError as error:
        raise ValueError(f"--sizes: table sizes as numbers, comma-separated, not {args.sizes!r}") from error
    opponents = split_bots(args.opponents)
    plan = BenchPlan(args.agent.strip(), sizes, opponents, args.deals)
    server = is_server_agent(plan.agent)
    for spec in (*(() if server else (plan.agent,)), *opponents):
        make_bot(spec)  # an unknown bot or parameter is reported before any game is played
    if server:
        client_command(plan.agent)
        if args.backend != "local":
            raise ValueError("server:CMD plays at the bench's own server: --backend is for bot specs")
        try:
            importlib.import_module("uvicorn")
            importlib.import_module("wizardcards.server.app")
        except ImportError as error:
            raise ValueError(f"server:CMD needs the server: pip install 'wizardcards[server]' ({error})") from error
    if args.move_seconds is not None and (not server or args.move_seconds <= 0):
        raise ValueError("--move-seconds is the turn timer of a server:CMD agent, more than 0 seconds")
    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers must be at least 1, not {args.workers}")
    if args.address and args.backend != "ray":
        raise ValueError("--address is for --backend ray")
    if args.backend == "ray":
        try:
            importlib.import_module("ray")
        except ImportError as error:
            raise ValueError("Ray (--backend ray) is not installed: pip install 'wizardcards[ray]'") from error
    if args.out and not Path(args.out).resolve().parent.is_dir():
        raise ValueError(f"--out {args.out}: the folder {Path(args.out).resolve().parent} does not exist")
    return plan


def reproducing_command(plan: Any, move_seconds: float | None = None) -> list[str]:
    timer = [] if move_seconds is None else ["--move-seconds", f"{move_seconds:g}"]
    return ["wizard", "bench", plan.agent, "--sizes", ",".join(map(str, plan.sizes)),
            "--opponents", ",".join(plan.opponents), "--deals", str(plan.deals), *timer]


def _number(value: float) -> str:
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text  # a margin of exactly 0 less a rounding error is still 0


def _cell(interval: dict[str, Any]) -> str:
    if interval["ci95"] is None:
        return _number(interval["mean"])
    return f"{_number(interval['mean'])} [{_number(interval['low'])}, {_number(interval['high'])}]"


def _ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1000:.3g}"


MARKDOWN_HEADER = ("| agent | opponent | deals per size | 3 players | 4 players | 5 players | 6 players | over sizes "
                   "| margin per deal | bid accuracy | ms/decision |\n"
                   "|---|---|---|---|---|---|---|---|---|---|---|")


def markdown_rows(result: dict[str, Any]) -> list[str]:
    """A row of docs/benchmark.md's results table per opponent: points per game [95% interval] at each size
    ("-" for a size not played), their mean over the sizes, the margin per deal over the sizes, bid accuracy and ms
    per decision over all the agent's decisions."""
    rows = []
    for overall in result["overall"]:
        by_size = {row["players"]: row for row in result["tables"] if row["opponent"] == overall["opponent"]}
        cells = [_cell(by_size[size]["points"]) if size in by_size else "-" for size in (3, 4, 5, 6)]
        rows.append(f"| `{result['agent']}` | `{overall['opponent']}` | {result['deals']:,} | " + " | ".join(cells)
                    + f" | {_cell(overall['points'])} | {_cell(overall['margin'])} | {overall['bid_accuracy']:.1%} "
                    f"| {_ms(overall['seconds_per_decision'])} |")
    return rows


def results_tables(result: dict[str, Any]) -> list[Any]:
    """Rich tables: one row per (table size, opponent), then one per opponent over the sizes."""
    from rich.table import Table

    title = (f"{result['agent']}: {result['deals']} of {result['deal_set']} deals per size, every rotation, "
             f"{result['rules']} rules")
    table = Table(title=title)
    for name in ("players", "opponent", "points per game (95% CI)", "margin per deal (95% CI)", "win rate",
                 "bid acc.", "ms/decision", "forfeits"):
        table.add_column(name, justify="left" if name == "opponent" else "right")
    for row in result["tables"]:
        table.add_row(str(row["players"]), row["opponent"], _cell(row["points"]), _cell(row["margin"]),
                      f"{row['win_rate']:.1%}", f"{row['bid_accuracy']:.1%}", _ms(row["seconds_per_decision"]),
                      str(row["forfeits"]))
    summary = Table(title="over the table sizes (each size weighs the same)")
    for name in ("opponent", "sizes", "points per game (95% CI)", "margin per deal (95% CI)", "bid acc.",
                 "ms/decision", "forfeits"):
        summary.add_column(name, justify="left" if name == "opponent" else "right")
    for row in result["overall"]:
        summary.add_row(row["opponent"], ",".join(map(str, row["sizes"])), _cell(row["points"]),
                        _cell(row["margin"]), f"{row['bid_accuracy']:.1%}", _ms(row["seconds_per_decision"]),
                        str(row["forfeits"]))
    return [table, summary]


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from .bench import run_bench
    from .bench_server import BenchServerError
    from .report import write_json

    console = Console()
    if not console.is_terminal:
        console = Console(width=140)
    try:
        plan = _plan(args)
    except ValueError as error:
        console.print(f"[red]error:[/red] {escape(str(error))}")
        return 2
    with Progress(TextColumn("[bold]bench[/bold]"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                  TimeElapsedColumn(), console=console, transient=True) as progress:
        task = progress.add_task("games", total=plan.games)
        try:
            result = run_bench(plan, args.workers, args.backend, args.address,
                               progress=lambda done: progress.advance(task, done),
                               command=reproducing_command(plan, args.move_seconds), move_seconds=args.move_seconds)
        except BenchServerError as error:
            console.print(f"[red]error:[/red] {escape(str(error))}")
            return 1
    for table in results_tables(result):
        console.print(table)
    timing = result["timing"]
    console.print(f"{plan.games} games, {timing['decisions']} decisions of the agent "
                  f"({_ms(timing['seconds_per_decision'])} ms each) in {timing['seconds']:.1f} s, "
                  f"{result['workers']} {'tables at once' if result['backend'] == 'server' else 'workers'}, "
                  f"{result['backend']}")
    for row in result["tables"]:
        if row["forfeits"]:
            console.print(f"[yellow]forfeits:[/yellow] {row['players']} players against {escape(row['opponent'])}: "
                          f"{row['forfeits']} decisions in {row['forfeit_games']} games played by the rule-based "
                          f"stand-in; first: {escape(row['engine_error'])}")
    if args.markdown:
        print(MARKDOWN_HEADER, *markdown_rows(result), sep="\n")
    if args.out:
        try:
            write_json(result, args.out)
        except OSError as error:
            console.print(f"[red]error:[/red] {escape(f'cannot write {args.out}: {error}')}")
            return 1
        console.print(f"result: {args.out}")
    return 0


__all__ = ["MARKDOWN_HEADER", "add_arguments", "markdown_rows", "reproducing_command", "results_tables", "run"]
