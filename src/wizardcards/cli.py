"""The ``wizard`` command: one entry point for every front end.

    wizard simulate --players 4 --games 200 [--game wizard|wily] [--rules PRESET] [--seed S] [--record DIR]
    wizard play [--game G] [--players N] [--rules PRESET] [--bots SPEC ...] [--resume] [--lang en|de]
    wizard score [--new] [--import FILE [--bid-rule R]] [--lang en|de]
    wizard replay FILE [--lang en|de]
    wizard serve [--host H] [--port P] [--db URL]
    wizard arena --bots A,B,C,D ...
    wizard bench AGENT [--sizes 3,4,5,6] [--opponents ...] [--deals K] [--out FILE]
    wizard engine [BOTSPEC]

``python -m wizardcards ...`` runs the same command (``__main__.py``): it needs no ``wizard`` script on the PATH, so
it works from a virtual environment that is not activated (``.venv/bin/python -m wizardcards play``). Nothing here
starts a ``wizard`` process of its own: a worker or child is always ``sys.executable``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from .core import PRESETS, Game, ImpossibleRulesError, RuleSet, WilyState, new_game, rules_for
from .core.view import WilyHandResult
from .records import save_record_forms

Command = Callable[[argparse.Namespace], int]


def _simulate(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    console = Console()
    try:
        rules = rules_for(args.game, args.rules, args.players)
    except ImpossibleRulesError as error:
        console.print(f"[red]error:[/red] {error}")
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    master = random.Random(seed)
    n = rules.players
    totals: list[list[int]] = [[] for _ in range(n)]
    wins = [0.0] * n
    decisions = 0
    wily_hands: list[WilyHandResult] = []
    started = time.perf_counter()
    with Progress(
        TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=console, transient=True, disable=args.games < 50,
    ) as progress:
        task = progress.add_task("games", total=args.games)
        for number in range(args.games):
            game_seed = master.randrange(2**63)
            choose = random.Random(game_seed ^ 0x5EED).choice
            state = new_game(rules, game_seed)
            while not state.is_terminal():
                state.apply(choose(state.legal_actions()))
            decisions += len(state.history)
            for seat, score in enumerate(state.returns()):
                totals[seat].append(score)
            winners = state.winners()
            if isinstance(state, WilyState):
                wily_hands.extend(state.sheet)
            for seat in winners:
                wins[seat] += 1 / len(winners)
            if args.record:
                names = [f"random {s}" for s in range(n)]
                save_record_forms(state.record(names), Path(args.record) / f"game-{number:05d}")
            progress.advance(task)
    elapsed = time.perf_counter() - started
    result_name = "mean score" if rules.game is Game.WIZARD else "mean letters"
    title = f"{args.games} random games of {rules.game.value}, {n} players{_options_said(rules)}, seed {seed}"
    table = Table(title=title)
    table.add_column("seat", justify="right")
    table.add_column(result_name, justify="right")
    table.add_column("stdev", justify="right")
    table.add_column("min", justify="right")
    table.add_column("max", justify="right")
    table.add_column("win share", justify="right")
    for seat in range(n):
        values = totals[seat]
        table.add_row(
            str(seat), f"{statistics.fmean(values):.1f}",
            f"{statistics.pstdev(values):.1f}", str(min(values)), str(max(values)), f"{wins[seat] / args.games:.1%}",
        )
    console.print(table)
    if rules.game is Game.WILY:
        console.print(_wily_summary(rules, wily_hands, wins, args.games))
    console.print(
        f"{decisions} decisions in {elapsed:.2f} s: {args.games / elapsed:.0f} games/s"
        + (f"; records in {args.record}" if args.record else "")
    )
    return 0


def _options_said(rules: RuleSet) -> str:
    """The rule options that differ from the game's standard ones, in parentheses (``(schedule=quick)``): the game
    and the players are said already, so they are not repeated; nothing for the standard rules."""
    options = {k: v for k, v in rules.to_dict().items() if k not in ("game", "players")}
    return f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else ""


def _wily_summary(rules: RuleSet, hands: list[WilyHandResult], wins: list[float], games: int) -> str:
    """Hands per game, thrown-in hands, contracts made, and each team's share of the wins."""
    from .core.wily import teams_of

    teams = teams_of(rules.mode, rules.players)
    bid = [h for h in hands if h.high_bidder >= 0]
    made = sum(teams[h.high_bidder] in h.letter_to for h in bid)
    shares = ", ".join(
        f"team {team} (seats {' '.join(str(s) for s in range(len(teams)) if teams[s] == team)}) "
        f"{sum(wins[s] for s in range(len(teams)) if teams[s] == team) / games:.1%}"
        for team in range(max(teams) + 1)
    )
    return (
        f"{len(hands) / games:.2f} hands per game, {(len(hands) - len(bid)) / max(len(hands), 1):.1%} thrown in; "
        f"mean contract {sum(h.bid for h in bid) / max(len(bid), 1):.2f}, made {made / max(len(bid), 1):.1%}\n"
        f"team win share: {shares}"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="wizard", description="Wizard and Wily Wizards.")
    commands = parser.add_subparsers(dest="command", required=True)

    simulate = commands.add_parser("simulate", help="play random games and summarise them")
    simulate.add_argument("--game", choices=[g.value for g in Game], default=Game.WIZARD.value)
    simulate.add_argument("--players", type=int, default=None, help="number of players (default: the preset's)")
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=None)
    simulate.add_argument("--rules", default=None, help=f"a preset: {', '.join(PRESETS)}")
    simulate.add_argument("--record", metavar="DIR", default=None,
                          help="write each game's record into DIR, as game-NNNNN.json and game-NNNNN.wzg (notation)")
    simulate.set_defaults(run=_simulate)

    from .arena import command as arena_command  # argparse only at import; the run imports the rest

    arena = commands.add_parser("arena", help="a tournament between bots: statistics, ratings, JSON and plot")
    arena_command.add_arguments(arena)
    arena.set_defaults(run=arena_command.run)

    from .arena import bench_command

    bench = commands.add_parser("bench", help="the Wizard benchmark: an agent against the reference bots on fixed "
                                "duplicate deals (docs/benchmark.md)")
    bench_command.add_arguments(bench)
    bench.set_defaults(run=bench_command.run)

    play = commands.add_parser("play", help="play Wizard or Wily Wizards against bots in the terminal ([tui] extra)")
    play.add_argument("--game", choices=[g.value for g in Game], default=None)
    play.add_argument("--players", type=int, default=None, help="number of players (default: the preset's)")
    play.add_argument("--rules", default=None, help=f"a preset: {', '.join(PRESETS)}")
    play.add_argument("--bots", nargs="+", default=None, metavar="SPEC", help="one bot spec per opponent")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--pace", type=float, default=0.6, help="seconds between the bots' moves (default 0.6)")
    play.add_argument("--resume", action="store_true", help="continue the last unfinished game")
    _lang_argument(play)
    play.set_defaults(run=_tui("play"))

    score = commands.add_parser("score", help="a score pad for a game of Wizard with real cards ([tui] extra)")
    score.add_argument("--new", action="store_true", help="start a new pad even if one is unfinished")
    score.add_argument("--import", dest="import_file", metavar="FILE", type=Path, default=None,
                       help="open a pad exported as CSV or JSON (by wizard score or the browser's /pad) in place of "
                            "the saved one")
    score.add_argument("--bid-rule", choices=["none", "hook", "canadian"], default="none",
                       help="the bid rule to check an imported CSV with (a CSV does not say; JSON does)")
    _lang_argument(score)
    score.set_defaults(run=_tui("score"))

    replay = commands.add_parser("replay", help="step through a game record, forwards and back ([tui] extra)")
    replay.add_argument("file", help="a game record, JSON or game notation (.wzg): e.g. from wizard play or "
                        "simulate --record")
    replay.add_argument("--seat", type=int, default=0, help="whose view to show first (v cycles)")
    _lang_argument(replay)
    replay.set_defaults(run=_tui("replay"))

    engine = commands.add_parser("engine", help="one of our bots as an engine: the engine protocol on stdin/stdout "
                                 "(docs/engine-protocol.md)")
    engine.add_argument("bot", nargs="?", default="search:level=3",
                        help="the bot that decides (default search:level=3)")
    engine.set_defaults(run=_engine)

    bot_account = commands.add_parser(
        "bot-account", help="the operator's bot accounts: make one and print its API token (docs/bot-api.md)")
    bot_account.add_argument("name", nargs="?", help="the bot account's name (a new one, unless --new-token or "
                             "--revoke names an existing one)")
    bot_account.add_argument("--db", default=None, metavar="URL", help="the server's database (as wizard serve)")
    bot_account.add_argument("--label", default="token", help="a label for the token (what it is for)")
    bot_account.add_argument("--new-token", action="store_true", help="another token for the existing bot NAME")
    bot_account.add_argument("--revoke", metavar="TOKEN_ID", help="revoke a token of the bot NAME by its id")
    bot_account.add_argument("--list", action="store_true", help="list the operator's bot accounts and tokens")
    bot_account.set_defaults(run=_bot_account)

    serve = commands.add_parser("serve", help="the multiplayer server over WebSocket ([server] extra)")
    from .server import serve as serve_command  # argparse only at import; FastAPI and uvicorn load when it runs

    serve_command.add_arguments(serve)
    serve.set_defaults(run=serve_command.run)
    return parser


def _engine(args: argparse.Namespace) -> int:
    from .bots import UnknownBotError, make_bot
    from .bots.engine import serve_engine

    try:
        make_bot(args.bot)  # an unknown bot is said before the host's greeting, on stderr
    except UnknownBotError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return serve_engine(args.bot)


def _bot_account(args: argparse.Namespace) -> int:
    """``wizard bot-account``: the operator's bot accounts (no owner), straight in the database; a token is printed
    once, and only its digest is stored. A running server sees them at once (it reads tokens from the database)."""
    import json

    from .server import bot_accounts as B
    from .server.accounts import BadName
    from .server.db import default_url, make_engine, upgrade

    engine = make_engine(args.db or default_url())
    upgrade(engine)
    try:
        if args.list:
            print(json.dumps(B.bots_of(engine, None), indent=2))
            return 0
        if not args.name:
            print("error: name the bot account", file=sys.stderr)
            return 2
        if args.revoke:
            if B.revoke(engine, None, args.name, args.revoke) is None:
                print(f"error: the operator's bot {args.name!r} has no live token {args.revoke!r}", file=sys.stderr)
                return 1
            print(f"revoked {args.revoke} (open streams close within a few seconds)")
            return 0
        if args.new_token:
            made = B.add_token(engine, None, args.name, args.label)
            if made is None:
                print(f"error: the operator has no bot account called {args.name!r}", file=sys.stderr)
                return 1
            print(f"token {made['token_id']}: {made['token']}")
            return 0
        try:
            created = B.create_bot(engine, args.name, None, args.label)
        except (BadName, LookupError) as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        print(f"bot account {created['name']}; token {created['token_id']} (shown once, keep it secret):")
        print(created["token"])
        return 0
    except PermissionError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()


def _lang_argument(parser: argparse.ArgumentParser) -> None:
    from .tui.i18n import LANGUAGES  # the catalogs' list only: no Textual

    parser.add_argument("--lang", choices=list(LANGUAGES), default=None,
                        help="the language of the screens (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG; "
                             "English when they name no other)")


def _tui(name: str) -> Command:
    """The command ``name`` of the terminal apps, imported only when run (Textual is in the [tui] extra)."""

    def run(args: argparse.Namespace) -> int:
        try:
            import textual  # noqa: F401  (the tui modules import it lazily: check here, before anything starts)

            from .tui import commands
        except ImportError as error:
            print(f"wizard {name} needs the terminal extra: pip install 'wizardcards[tui]' ({error})", file=sys.stderr)
            return 2
        command: Command = getattr(commands, name)
        return command(args)

    return run


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
