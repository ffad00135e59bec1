"""Sweeps: a statistic over a grid of settings, cut into chunks of rounds, run anywhere, merged exactly.

Every grid point has its own seed (:func:`~wizstats.sweep.grid.point_seed`, from the user's
seed and the point's settings), and round ``i`` of a point draws from its own random stream
``(point key, i)``. A chunk is a range of round indices ``[start, stop)`` of one point; its
result is an integer count array, and a point's result is the sum of its chunks. So the
numbers are identical, bit for bit, whatever the chunk size, the executor (this process, a
process pool, any number of Dask workers) and the order in which chunks finish.

>>> df = sweep("summary", {"n_players": 4, "hand_size": [1, 2], "policy": "random"}, n_rounds=2000, seed=3)
>>> df[["hand_size", "seat", "rounds"]].head(3).to_dict("list")
{'hand_size': [1, 1, 1], 'seat': [0, 1, 2], 'rounds': [2000, 2000, 2000]}
>>> from wizstats import simulate
>>> p = expand_grid({"n_players": 4, "hand_size": 2, "policy": "random"}, seed=3)[0]
>>> r = simulate(4, 2, 2000, policies="random", seed=p.seed)
>>> int(df[df.hand_size == 2].rounds.sum()) == int(r.counts.sum())
True
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .. import checks
from ..engine import CHUNK_ROUNDS, SimulationResult, n_blocks, round_setup, seed_key
from ..players import resolve_policies
from .grid import GRID_KEYS, SweepPoint, expand_grid, point_seed
from .run import ChunkCache, run_tasks, ticker

__all__ = [
    "CHUNK_ROUNDS",
    "GRID_KEYS",
    "STATISTICS",
    "Chunk",
    "Statistic",
    "SweepPoint",
    "code_version",
    "expand_grid",
    "point_seed",
    "simulate_range",
    "sweep",
]

_CODE_FILES = (
    "_kernels/**/*.py",
    "layout.py",
    "data/*.npz",
    "engine/setup.py",
    "engine/standard.py",
    "players/*.py",
    "rules/cards.py",
    "rules/rules.py",
    "sweep/core.py",
    "sweep/grid.py",
)
"""The sources whose code decides a chunk's counts (kernels, setup, seeding): part of the cache key,
and checked on workers. Conservative: an edit anywhere in them starts new caches."""


@dataclass(frozen=True)
class Chunk:
    """Rounds ``start .. stop - 1`` of grid point ``point``."""

    point: int
    start: int
    stop: int

    @property
    def n_rounds(self) -> int:
        """Rounds in the chunk."""
        return self.stop - self.start


@dataclass(frozen=True)
class Statistic:
    """A statistic a sweep can run: integer counts per chunk that add up, and a table from the total.

    Parameters
    ----------
    name
        Shown in messages and in the output's ``attrs``.
    counts
        ``counts(point, chunk) -> array of integers``, the same shape for every chunk of a point.
        It must depend only on the point and the chunk's round range (e.g. through
        :func:`simulate_range` or ``trace_rounds(..., seed=point.seed, start=chunk.start)``),
        so that chunks merge exactly. Must be picklable (a module-level function) to run on
        other processes.
    frame
        ``frame(point, total) -> DataFrame``; default: one row per array entry, columns
        ``dims`` (or ``i0, i1, ...``) and ``count``.
    dims
        Names of the array's axes for the default frame.
    keys
        Grid keys this statistic reads from ``point.extra`` beyond :data:`GRID_KEYS`.
    version
        Change it when ``counts`` changes meaning, to invalidate caches.
    """

    name: str
    counts: Callable[[SweepPoint, Chunk], np.ndarray]
    frame: Callable[[SweepPoint, np.ndarray], pd.DataFrame] | None = None
    dims: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()
    version: str = ""
    check: Callable[[SweepPoint, Chunk, np.ndarray], str | None] | None = None
    """``check(point, chunk, counts)``: what is wrong with a chunk's counts read from the cache, or ``None``
    (then only their shape is checked against the manifest). A chunk that fails is recomputed."""

    def check_counts(self, point: SweepPoint, chunk: Chunk, counts: np.ndarray) -> str | None:
        """The statistic's own check of cached counts (see ``check``), after the dtype."""
        if counts.dtype != np.int64:
            return f"{counts.dtype} counts, not int64"
        return None if self.check is None else self.check(point, chunk, counts)

    def cache_id(self) -> str:
        """Names what ``counts`` computes (module, name, source hash, version), for cache keys."""
        fn = self.counts
        ident = f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', type(fn).__name__)}"
        try:
            ident += ":" + hashlib.sha256(inspect.getsource(fn).encode()).hexdigest()[:16]
        except (OSError, TypeError):
            pass
        return f"{ident}@{self.version}" if self.version else ident

    def table(self, point: SweepPoint, total: np.ndarray) -> pd.DataFrame:
        """The output rows of one point."""
        if self.frame is not None:
            return self.frame(point, total)
        dims = self.dims or tuple(f"i{k}" for k in range(total.ndim))
        if len(dims) != total.ndim:
            raise ValueError(f"statistic {self.name!r}: {len(dims)} dims for a {total.ndim}-d count array")
        index = np.indices(total.shape).reshape(total.ndim, -1)
        return pd.DataFrame({**dict(zip(dims, index, strict=True)), "count": total.ravel()})


def simulate_range(point: SweepPoint, start: int, stop: int) -> np.ndarray:
    """Joint counts ``int64[seat, bid, tricks]`` of rounds ``start .. stop - 1`` of a grid point.

    The same rounds as ``simulate(..., seed=point.seed)`` plays at those indices, so
    ``simulate_range(p, 0, a) + simulate_range(p, a, n)`` equals its ``counts`` exactly.
    """
    from .._kernels.engine.round import simulate_counts  # here: importing the kernels imports numba

    if not isinstance(point, SweepPoint):
        raise ValueError(f"point must be a SweepPoint (from expand_grid), got {type(point).__name__}")
    if not (isinstance(start, (int, np.integer)) and isinstance(stop, (int, np.integer)) and 0 <= start < stop):
        raise ValueError(f"need whole numbers 0 <= start < stop, got start={start!r}, stop={stop!r}")
    n, r = point.n_players, point.hand_size
    _, ids, params = resolve_policies(list(point.policies), n)
    tab, st0 = round_setup(point.rules, r)
    size = int(stop - start)
    blocks = n_blocks(size)
    out = np.zeros((blocks, n, r + 1, r + 1), np.int64)
    key = np.uint64(seed_key(point.seed))
    simulate_counts(tab, st0, ids, params, key, int(start), size, blocks, out)
    return out.sum(axis=0)


def _joint_counts(point: SweepPoint, chunk: Chunk) -> np.ndarray:
    return simulate_range(point, chunk.start, chunk.stop)


def _result(point: SweepPoint, counts: np.ndarray) -> SimulationResult:
    return SimulationResult(
        point.rules, point.hand_size, int(counts[0].sum()), point.seed, list(point.policies), counts
    )


def _joint_frame(point: SweepPoint, counts: np.ndarray) -> pd.DataFrame:
    return _result(point, counts).joint()


def _summary_frame(point: SweepPoint, counts: np.ndarray) -> pd.DataFrame:
    return _result(point, counts).summary().rename(columns={"policy": "seat_policy"})


def joint_check(point: SweepPoint, chunk: Chunk, counts: np.ndarray) -> str | None:
    """What is wrong with joint counts of a chunk: the shape ``(seat, bid, tricks)``, and every seat's rounds."""
    n, r = point.n_players, point.hand_size
    if counts.shape != (n, r + 1, r + 1):
        return f"counts of shape {counts.shape}, not {(n, r + 1, r + 1)}"
    if (counts < 0).any():
        return "negative counts"
    per_seat = counts.reshape(n, -1).sum(axis=1)
    if not (per_seat == chunk.n_rounds).all():
        return f"seats that played {sorted(set(per_seat.tolist()))} rounds, not the chunk's {chunk.n_rounds}"
    return None


STATISTICS: dict[str, Statistic] = {
    "joint": Statistic("joint", _joint_counts, _joint_frame, check=joint_check),
    "summary": Statistic("summary", _joint_counts, _summary_frame, check=joint_check),
}
"""Built-in statistics by name: ``joint`` (rows ``seat, bid, tricks, count``, as
:meth:`SimulationResult.joint`) and ``summary`` (per seat: mean bid and tricks, bid accuracy and
mean score with intervals, as :meth:`SimulationResult.summary`). Both count the same thing, so
they share cached chunks."""


@functools.lru_cache(maxsize=1)
def code_version() -> str:
    """``wizstats.__version__`` plus a hash of the sources that decide the counts (kernels, setup)."""
    from .. import __version__  # here: the package's __init__ imports this module (a cycle at import time)

    root = Path(__file__).parent.parent
    digest = hashlib.sha256()
    for pattern in _CODE_FILES:
        for path in sorted(root.glob(pattern)):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return f"{__version__}+{digest.hexdigest()[:16]}"


@dataclass(frozen=True)
class _Task:
    """What is shipped to a worker for one chunk (small: a point's settings, not arrays of rounds)."""

    statistic: Statistic
    point: SweepPoint
    chunk: Chunk
    threads: int | None
    code: str


def _check_chunk(stat: Statistic, point: SweepPoint, chunk: Chunk, counts: np.ndarray) -> str | None:
    """A cached chunk's counts checked by its statistic (bound with functools.partial for the cache)."""
    return stat.check_counts(point, chunk, counts)


def _run_task(task: _Task) -> np.ndarray:
    """Compute one chunk (on whatever process runs it)."""
    from .._kernels import jit  # here: importing the kernels imports numba

    here = code_version()
    if here != task.code:
        raise RuntimeError(
            f"this worker runs wizstats {here}, the sweep was started with {task.code}: "
            "install the same wizstats on every worker"
        )
    before = jit.get_num_threads()
    if task.threads is not None:
        jit.set_num_threads(min(task.threads, jit.max_threads()))
    try:
        counts = task.statistic.counts(task.point, task.chunk)
    finally:
        jit.set_num_threads(before)
    return _as_counts(task.statistic, counts)


def _as_counts(stat: Statistic, counts: Any) -> np.ndarray:
    arr = np.asarray(counts)
    if arr.dtype == np.bool_ or np.issubdtype(arr.dtype, np.integer):
        return arr.astype(np.int64)
    raise ValueError(
        f"statistic {stat.name!r} returned {arr.dtype} values; a chunk's result must be integer counts "
        "(they add up exactly whatever the chunking)"
    )


def resolve_statistic(fn: str | Statistic | Callable[[SweepPoint, Chunk], Any]) -> Statistic:
    """A :class:`Statistic` from a built-in name, itself, or a ``counts(point, chunk)`` function."""
    if isinstance(fn, Statistic):
        return fn
    if isinstance(fn, str):
        key = fn.strip().lower()
        if key not in STATISTICS:
            raise ValueError(f"unknown statistic {fn!r} (built-in: {', '.join(STATISTICS)})")
        return STATISTICS[key]
    if callable(fn):
        return Statistic(getattr(fn, "__name__", type(fn).__name__), fn)
    raise ValueError(f"fn must be a statistic name, a Statistic or a function, got {type(fn).__name__}")


def _sweep_iv(n_rounds: Any, chunk_rounds: Any, threads: Any, retries: Any, seed: Any, progress: Any) -> None:
    checks.count(n_rounds, "n_rounds", checks.MAX_ROUNDS)
    checks.count(chunk_rounds, "chunk_rounds", checks.MAX_ROUNDS)
    checks.whole(retries, "retries", 0, 100)
    checks.optional(threads, checks.whole, "threads", 1, 4096)
    checks.seed(seed)
    if progress is not None and not callable(progress):
        checks.flag(progress, "progress")


def _chunks_iv(n_points: int, n_rounds: int, chunk_rounds: int) -> int:
    """Chunks per point, refusing more than :data:`wizstats.checks.MAX_CHUNKS` in all."""
    per_point = -(-n_rounds // chunk_rounds)
    if per_point * n_points > checks.MAX_CHUNKS:
        least = -(-n_rounds * n_points // checks.MAX_CHUNKS)
        raise ValueError(
            f"{n_points} point(s) of {n_rounds:,} rounds in chunks of {chunk_rounds:,} are {per_point * n_points:,}"
            f" chunks, more than the {checks.MAX_CHUNKS:,} a sweep takes: give chunk_rounds >= {least:,}"
        )
    return per_point


def sweep(
    fn: str | Statistic | Callable[[SweepPoint, Chunk], Any],
    grid: Mapping[str, Any] | Sequence[Mapping[str, Any]],
    *,
    n_rounds: int,
    seed: int = 0,
    executor: Any = None,
    cache: str | os.PathLike[str] | None = None,
    chunk_rounds: int = CHUNK_ROUNDS,
    threads: int | None = None,
    retries: int = 2,
    progress: bool | Callable[[int, int], None] | None = None,
) -> pd.DataFrame:
    """Run a statistic at every point of a grid and return one tidy table.

    Parameters
    ----------
    fn
        ``"joint"``, ``"summary"`` (:data:`STATISTICS`), a :class:`Statistic`, or a function
        ``counts(point, chunk) -> integer array``.
    grid
        ``{key: [values]}`` (all combinations) or a list of ``{key: value}`` points; keys in
        :data:`GRID_KEYS`, e.g. ``{"n_players": [3, 4], "hand_size": "all", "policy": ["heuristic", "random"]}``.
    n_rounds
        Rounds per grid point.
    seed
        Same seed, same table: whatever ``executor``, ``chunk_rounds``, ``threads`` or the
        other points of the grid.
    executor
        ``None`` (this process; the kernels use all cores), a :class:`concurrent.futures.Executor`
        (a process pool needs the ``spawn`` start method), or a ``dask.distributed.Client``.
    cache
        A directory for finished chunks; a rerun computes only the missing ones. A directory
        holding another sweep's chunks is refused.
    chunk_rounds
        Rounds per chunk (the unit of work, of caching, and of the progress bar).
    threads
        Kernel threads per chunk (default: all the running process has).
    retries
        Dask: times a failing chunk is retried (a lost worker's chunks are rescheduled anyway).
    progress
        A progress bar over chunks (default: only on a terminal), or ``progress(done, total)``.

    Returns
    -------
    DataFrame
        The grid's keys as the first columns, then the statistic's columns; ``attrs`` records
        ``seed, n_rounds, chunk_rounds, statistic, code, chunks, chunks_cached, chunks_computed``.
    """
    stat = resolve_statistic(fn)
    _sweep_iv(n_rounds, chunk_rounds, threads, retries, seed, progress)
    n_rounds, chunk_rounds = int(n_rounds), int(chunk_rounds)
    points = expand_grid(grid, seed=seed, extra_keys=stat.keys)
    per_point = _chunks_iv(len(points), n_rounds, chunk_rounds)
    n_chunks = per_point * len(points)

    def chunk_of(index: int) -> Chunk:  # chunks are made when needed, never all at once
        point, k = divmod(index, per_point)
        return Chunk(point, k * chunk_rounds, min((k + 1) * chunk_rounds, n_rounds))

    code = code_version()
    description = {
        "statistic": stat.cache_id(),
        "seed": int(seed),
        "n_rounds": int(n_rounds),
        "chunk_rounds": int(chunk_rounds),
        "code": code,
        "points": [p.config for p in points],
    }
    store = ChunkCache(cache, description) if cache is not None else None
    totals: list[np.ndarray | None] = [None] * len(points)
    cached = [0]

    def add(index: int, counts: np.ndarray) -> None:
        point = chunk_of(index).point
        total = totals[point]
        if total is None:
            totals[point] = counts.copy()
        elif total.shape != counts.shape:
            raise ValueError(f"statistic {stat.name!r} gave shapes {total.shape} and {counts.shape} at point {point}")
        else:
            total += counts

    with ticker(progress, n_chunks, 0) as tick:

        def todo() -> Iterator[tuple[int, _Task]]:
            """The chunks to compute, read lazily: cached ones are added (and ticked) on the way."""
            for index in range(n_chunks):
                chunk = chunk_of(index)
                point = points[chunk.point]
                hit = None
                if store is not None:
                    where = f" (point {chunk.point}, rounds {chunk.start}..{chunk.stop - 1})"
                    hit = store.load(index, functools.partial(_check_chunk, stat, point, chunk), where)
                if hit is None:
                    yield index, _Task(stat, point, chunk, threads, code)
                else:
                    add(index, hit)
                    cached[0] += 1
                    tick()

        def on_result(index: int, counts: np.ndarray) -> None:
            add(index, counts)
            if store is not None:
                store.store(index, counts)
            tick()

        run_tasks(todo(), _run_task, executor, on_result, retries=retries, name=f"wizstats-{stat.name}")
    frame = _assemble(stat, points, totals)
    frame.attrs.update(
        seed=int(seed),
        n_rounds=int(n_rounds),
        chunk_rounds=int(chunk_rounds),
        statistic=stat.name,
        code=code,
        chunks=n_chunks,
        chunks_cached=cached[0],
        chunks_computed=n_chunks - cached[0],
    )
    return frame


def _assemble(stat: Statistic, points: list[SweepPoint], totals: list[np.ndarray | None]) -> pd.DataFrame:
    """One table: each point's rows with the grid's values in front."""
    parts = []
    for point, total in zip(points, totals, strict=True):
        assert total is not None
        rows = stat.table(point, total).reset_index(drop=True)
        labels = {(f"{k}_grid" if k in rows.columns else k): v for k, v in point.labels.items()}
        front = pd.DataFrame({k: [v] * len(rows) for k, v in labels.items()}, index=rows.index)
        parts.append(pd.concat([front, rows], axis=1))
    return pd.concat(parts, ignore_index=True)
