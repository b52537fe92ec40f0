"""Running the games of a tournament: in this process, on a local process pool (the default), or on Ray.

Games are cut into chunks of consecutive indices; a chunk is played by ``play_chunk`` wherever the backend puts it,
and the results are put back in game-index order. Since a game depends on the tournament seed and its index only
(``match.py``), 1 worker, W workers and a Ray cluster give the same results.

Ray (``pip install 'wizardcards[ray]'``): ``backend="ray"`` connects to ``address`` (``ray://host:10001`` or
``auto``) or, without one, starts a local Ray instance with ``workers`` CPUs and stops it afterwards. If Ray is
already initialised in this process, that instance is used and left running. Every node of a cluster needs
wizardcards installed (the same version).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from .match import GameResult, TournamentConfig, play_game

BACKENDS = ("local", "ray")
Progress = Callable[[int], None]
"""Called with the number of games just finished."""


def default_workers() -> int:
    return os.cpu_count() or 1


def play_chunk(config: TournamentConfig, indices: Sequence[int]) -> list[GameResult]:
    return [play_game(config, index) for index in indices]


def chunks(games: int, workers: int) -> list[range]:
    """Consecutive index ranges: about 16 per worker (a smooth progress bar, load balance), at most 50 games each."""
    size = max(1, min(50, -(-games // (workers * 16))))
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


def run_games(
    config: TournamentConfig,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Every game of the tournament, ordered by index."""
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, not {workers}")
    if backend not in BACKENDS:
        raise ValueError(f"no backend {backend!r}; backends: {', '.join(BACKENDS)}")
    report = progress or (lambda done: None)
    parts = chunks(config.games, workers)
    if backend == "ray":
        results = _run_ray(config, parts, workers, address, report)
    elif workers == 1 or len(parts) == 1:
        results = []
        for part in parts:
            results.extend(play_chunk(config, part))
            report(len(part))
    else:
        results = _run_pool(config, parts, workers, report)
    results.sort(key=lambda r: r.index)
    return results


def _run_pool(config: TournamentConfig, parts: list[range], workers: int, report: Progress) -> list[GameResult]:
    results: list[GameResult] = []
    with ProcessPoolExecutor(max_workers=min(workers, len(parts))) as pool:
        pending = {pool.submit(play_chunk, config, part): len(part) for part in parts}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                results.extend(future.result())
                report(pending.pop(future))
    return results


def _run_ray(
    config: TournamentConfig, parts: list[range], workers: int, address: str | None, report: Progress
) -> list[GameResult]:
    try:
        import ray
    except ImportError as error:
        raise ImportError("the ray backend needs Ray: pip install 'wizardcards[ray]'") from error
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(play_chunk)
        sizes = {remote.remote(config, list(part)): len(part) for part in parts}
        pending = list(sizes)
        results: list[GameResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                results.extend(ray.get(ref))
                report(sizes[ref])
        return results
    finally:
        if started:
            ray.shutdown()


__all__ = ["BACKENDS", "chunks", "default_workers", "play_chunk", "run_games"]
