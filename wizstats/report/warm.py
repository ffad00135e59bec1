"""The report on every core: its analyses in worker processes, and compiling ahead.

numba compiles a kernel on one core, on its first call, and a report from an empty cache spends
minutes compiling. :func:`run_in_workers` (what :func:`wizstats.report.run_report` uses) runs the
analyses themselves in worker processes, each on its share of the cores, so one compiles while
another computes; what one compiles lands in the shared cache (:mod:`wizstats._kernels.jit`) and
the others load it. :func:`precompile` only compiles: it runs the ``tiny`` size of the analyses
(the same code paths and so the same kernel signatures as the full size) in worker processes and
keeps nothing they write, for a machine that should have every kernel ready before the first
question (after an install, in an image).

>>> precompile([], processes=2)  # nothing named: nothing to compile
0
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import sys
import tempfile
import time
import warnings
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, as_completed, wait
from typing import TextIO

import pandas as pd

from ..checks import whole
from ..engine import compile_notice_said, kernels_cached, threads_limited
from .catalogue import load_analyses

__all__ = [
    "COMPILE_FIRST",
    "LONGEST_FIRST",
    "REPORT_COMPILE",
    "REPORT_KERNELS",
    "START_APART",
    "precompile",
    "run_in_workers",
    "worker_count",
]

REPORT_KERNELS = (
    "engine.round:simulate_counts",
    "engine.stats:hand_rounds",
    "engine.stats:card_rounds",
    "engine.stats:card_table_rounds",
    "engine.stats:paired_rounds",
    "engine.stats:game_round",
    "engine.game:simulate_games_kernel",
    "engine.arena:arena_kernel",
    "special.round:simulate_special_counts",
)
"""The kernels the analyses call: if one is not compiled yet, the report says so and :func:`precompile` compiles."""

REPORT_COMPILE = "some minutes"
"""How long the report's kernels take to compile from an empty cache (measured: benchmarks/first_report.py)."""


COMPILE_FIRST = (
    "special_cards",
    "score_distributions",
    "player_strength",
    "seat_effects",
    "bid_thresholds",
    "standard_vs_tournament",
    "trick_probability",
)
"""Analyses whose kernels no other analysis shares, first: two workers then seldom compile the same kernel at once."""


LONGEST_FIRST = ("claims_checked", "standard_vs_tournament", "wizard_value", "players_compared")
"""Analyses that take longest (benchmarks/first_report.json), started first when the report runs in worker
processes, so that no long one is left running alone at the end while the other cores wait."""

START_APART = ("claims_checked", "special_cards")
"""The analyses the first two workers start with, chosen to compile different engines: the longest analysis
compiles the standard game's round and players, ``special_cards`` the special cards' engine, which no
standard analysis shares (its own rounds of the standard game come last, when the first worker has cached
that engine's players, so the two do not compile the same kernels at once). Two workers that start with the standard game both compile its players at once
(a minute of one core's time each, for the same kernels); this way the second loads them from the cache."""


def worker_count(processes: int | None, tasks: int) -> int:
    """How many worker processes to use for ``tasks`` analyses: ``processes`` checked, or the CPUs (at most 4)."""
    if processes is None:
        processes = min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
    return min(whole(processes, "processes", 0, 64), tasks)


def _run_one(name: str, size: str, out: str, threads: int) -> tuple[str, pd.DataFrame, float]:
    """Run one analysis (in a worker process) on ``threads`` threads: its name, its frame, its seconds."""
    start = time.perf_counter()
    compile_notice_said()  # the report has said it, once, if the kernels must be compiled
    (module,) = load_analyses([name])
    with threads_limited(threads):
        frame = module.run(size, out, progress=False)
    return name, frame, time.perf_counter() - start


def run_in_workers(
    names: Sequence[str], size: str, out: str | os.PathLike[str], processes: int, *, say: TextIO | None = None
) -> tuple[dict[str, pd.DataFrame], list[str]]:
    """Run the analyses ``names`` at ``size`` into ``out`` in ``processes`` worker processes.

    Each worker runs its parallel kernels on its share of the CPUs (at least one thread), so the
    compiling of one analysis, which numba does on one core, and the single-threaded parts of
    another (pandas, figures, exact counts) overlap. A kernel the first analysis compiles lands in
    the shared cache and the others load it. The first workers start on different engines
    (:data:`START_APART`), then the longest analyses (:data:`LONGEST_FIRST`) and those with kernels
    of their own (:data:`COMPILE_FIRST`) go. Same seeds, so the same files, as
    one after another in one process.

    Returns the frames by name and the failures (``"name: Error: text"``). With ``say``, one flushed
    line there as each analysis starts and as it ends, with its time.
    """
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    threads = max(1, cpus // processes)
    first = [n for n in (*START_APART[:processes], *LONGEST_FIRST, *COMPILE_FIRST) if n in names]
    order = list(dict.fromkeys(first + list(names)))
    position: dict[str, int] = {}  # the order they start in, for the lines
    frames: dict[str, pd.DataFrame] = {}
    failed: list[str] = []
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: no threads or numba state inherited
    with ProcessPoolExecutor(max_workers=processes, mp_context=context) as pool:
        waiting = iter(order)
        running: dict[Future[tuple[str, pd.DataFrame, float]], str] = {}

        def start_next() -> None:
            name = next(waiting, None)
            if name is None:
                return
            position[name] = len(position) + 1
            if say is not None:
                print(f"[{position[name]}/{len(names)}] {name} ...", file=say, flush=True)
            running[pool.submit(_run_one, name, size, os.fspath(out), threads)] = name

        for _ in range(processes):
            start_next()
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                name = running.pop(future)
                try:
                    _, frames[name], seconds = future.result()
                    if say is not None:
                        print(f"[{position[name]}/{len(names)}] {name} done in {seconds:.0f} s", file=say, flush=True)
                except Exception as err:  # noqa: BLE001 - report every failure, then stop
                    failed.append(f"{name}: {type(err).__name__}: {err}")
                start_next()
    return frames, failed


def _warm_one(name: str) -> str:
    """Run one analysis at the ``tiny`` size into a throw-away folder (in a worker process)."""
    warnings.simplefilter("ignore")  # the report says its own warnings and notices when it runs for real
    (module,) = load_analyses([name])
    with tempfile.TemporaryDirectory(prefix="wizstats-warm-") as out, contextlib.redirect_stderr(io.StringIO()):
        module.run("tiny", out, progress=False)
    return name


def precompile(names: Sequence[str] | None = None, processes: int | None = None, *, force: bool = False) -> int:
    """Compile the kernels of the analyses ``names`` (default: all) in ``processes`` worker processes.

    Nothing is done when every kernel of :data:`REPORT_KERNELS` is compiled already (unless ``force``).

    Parameters
    ----------
    names
        Analyses of ``wizstats.analyses.NAMES``; those of :data:`COMPILE_FIRST` go first.
    processes
        Worker processes (default: the CPUs this process may use, at most 4). With fewer than
        2 there is no core to gain and nothing is done.

    Returns
    -------
    int
        How many analyses were run at the tiny size (0: nothing done).

    A worker that fails is not an error here: the report then compiles what is missing itself
    and says what went wrong where it really runs.
    """
    chosen = [m.NAME for m in load_analyses(names)] if names is None or len(names) else []
    if processes is None:
        processes = min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
    processes = whole(processes, "processes", 0, 64)
    if processes < 2 or not chosen or (not force and kernels_cached(*REPORT_KERNELS)):
        return 0
    order = [n for n in COMPILE_FIRST if n in chosen] + [n for n in chosen if n not in COMPILE_FIRST]
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: no threads or numba state inherited
    done = 0
    with ProcessPoolExecutor(max_workers=min(processes, len(order)), mp_context=context) as pool:
        for future in as_completed([pool.submit(_warm_one, n) for n in order]):
            try:
                future.result()
                done += 1
            except Exception as err:  # noqa: BLE001 - the report itself will raise it where it matters
                print(f"wizstats: compiling ahead failed ({type(err).__name__}: {err})", file=sys.stderr, flush=True)
    return done
