"""The tournament report: a JSON document, a rich table and a PNG plot.

JSON (``format``: ``wizardcards-arena/1``)::

    {"format": ..., "version": "0.1.0", "command": ["wizard", "arena", ...], "seed": 7, "rules": {...},
     "bots": ["rulebased", "random", ...], "labels": [...], "games": 400, "duplicate": true, "rounds": null,
     "backend": "local", "workers": 2,
     "stats": {"games": ..., "deals": ..., "decisions": ..., "bots": [{"bot": ..., "mean_score": ..., "ci95": ...,
               "win_rate": ..., "bid_accuracy": ..., ...}],
               "pooled": [{"bot": "rulebased", "entries": ["rulebased", "rulebased#2"], "mean_score": ..., ...}],
               "teams": [...]},
     "ratings": [{"bot": ..., "mu": ..., "sigma": ..., "ordinal": ...}],
     "scores": [[score of entry 0 in game 0, 1, ...], ...],
     "timing": {"seconds": ..., "games_per_second": ...}}

Everything but ``timing``, ``workers``, ``backend`` and ``command`` is a function of the seed and the options.
The plot (matplotlib, Agg) has two panels: each entry's distribution of scores per game (box plot, with the mean
and its 95% interval marked), and each entry's rating mu with a +-2 sigma bar.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

REPORT_FORMAT = "wizardcards-arena/1"


def write_json(report: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(report, indent=1) + "\n")


def results_table(report: dict[str, Any]) -> Any:
    """A rich Table of the per-entry figures."""
    from rich.table import Table

    wizard = report["rules"]["game"] == "wizard"
    stats = report["stats"]
    ratings = {r["bot"]: r for r in report["ratings"]}
    title = (
        f"{stats['games']} games of {report['rules']['game']} ({stats['deals']} deals"
        f"{', duplicate' if report['duplicate'] else ''}"
        f"{', hands of ' + str(report['rounds']) + ' cards' if report['rounds'] else ''}), seed {report['seed']}"
    )
    table = Table(title=title)
    columns = ["bot", "mean score" if wizard else "mean letters", "95% CI", "win rate"]
    columns += ["bid acc.", "|bid-tricks|", "score/round"] if wizard else ["high bids", "contracts made", "team wins"]
    columns += ["rating mu", "sigma"]
    for name in columns:
        table.add_column(name, justify="left" if name == "bot" else "right")
    pooled = stats.get("pooled", [])
    for number, row in enumerate([*stats["bots"], *pooled]):
        is_pooled = number >= len(stats["bots"])
        half = row["ci95"]
        cells = [
            f"{row['bot']} (pooled: {len(row['entries'])} seats)" if is_pooled else row["bot"],
            f"{row['mean_score']:.2f}",
            "-" if half is None else f"[{row['low']:.2f}, {row['high']:.2f}]",
            f"{row['win_rate']:.1%}",
        ]
        if wizard:
            cells += [f"{row['bid_accuracy']:.1%}", f"{row['mean_bid_error']:.3f}", f"{row['score_per_round']:.2f}"]
        else:
            rate = "-" if row["contract_rate"] is None else f"{row['contract_rate']:.0%}"
            cells += [str(row["high_bids"]), f"{row['contracts_made']} ({rate})", f"{row['team_wins']:.1f}"]
        if is_pooled:  # a rating is a player's: the pooled line shows the mean of its entries' mu
            mus = [ratings[label]["mu"] for label in row["entries"]]
            cells += [f"{sum(mus) / len(mus):.2f}", "-"]
        else:
            rating = ratings[row["bot"]]
            cells += [f"{rating['mu']:.2f}", f"{rating['sigma']:.2f}"]
        table.add_row(*cells, style="italic" if is_pooled else "", end_section=number == len(stats["bots"]) - 1)
    return table


def plot(report: dict[str, Any], path: str | Path) -> None:
    """Write the PNG: score distributions and ratings with their uncertainty."""
    try:
        import matplotlib
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ImportError("--plot needs matplotlib: pip install 'wizardcards[arena]'") from error
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = report["labels"]
    stats = report["stats"]["bots"]
    ratings = report["ratings"]
    positions = list(range(1, len(labels) + 1))
    wizard = report["rules"]["game"] == "wizard"
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 5), gridspec_kw={"width_ratios": [3, 2]})
    left.boxplot(report["scores"], positions=positions, showfliers=True)
    means = [row["mean_score"] for row in stats]
    halves = [row["ci95"] or 0.0 for row in stats]
    left.errorbar(positions, means, yerr=halves, fmt="D", color="tab:red", capsize=6, label="mean, 95% CI")
    left.set_xticks(positions, labels, rotation=20)
    left.set_ylabel("score per game" if wizard else "team letters per game")
    left.set_title("score distribution per game")
    left.legend(loc="best")
    left.grid(axis="y", alpha=0.3)
    mus = [r["mu"] for r in ratings]
    twice = [2 * r["sigma"] for r in ratings]
    right.errorbar(positions, mus, yerr=twice, fmt="o", color="tab:blue", capsize=6, label="mu +- 2 sigma")
    right.set_xticks(positions, labels, rotation=20)
    right.set_ylabel("openskill rating (Plackett-Luce)")
    right.set_title("ratings")
    right.legend(loc="best")
    right.grid(axis="y", alpha=0.3)
    fig.suptitle(
        f"{report['stats']['games']} games of {report['rules']['game']}, {len(labels)} players, "
        f"seed {report['seed']}{', duplicate' if report['duplicate'] else ''}"
        f"{', hands of ' + str(report['rounds']) if report['rounds'] else ''}"
    )
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


__all__ = ["REPORT_FORMAT", "plot", "results_table", "write_json"]
