"""Compile the report's kernels before it runs, on every core: the first report after an install.

numba compiles a kernel on one core, on its first call, and a report from an empty cache spends
most of its first minutes compiling while the other cores wait. :func:`precompile` runs the
``tiny`` size of the analyses (seconds each once compiled, the same code paths and so the same
kernel signatures as the full size) in worker processes that take the next analysis as soon as
they are free; what they compile lands in the shared cache (:mod:`wizstats._kernels.jit`), and
the report itself then loads every kernel instead of compiling it. Nothing they write is kept.

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
import warnings
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from ..checks import whole
from ..engine import kernels_cached
from .catalogue import load_analyses

__all__ = ["COMPILE_FIRST", "REPORT_COMPILE", "REPORT_KERNELS", "precompile"]

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
