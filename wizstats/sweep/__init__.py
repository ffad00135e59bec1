"""Grids of settings, run locally or on Dask, with a chunk cache."""

from __future__ import annotations

from .core import STATISTICS, Chunk, Statistic, code_version, resolve_statistic, simulate_range, sweep
from .grid import GRID_KEYS, SweepPoint, expand_grid, point_seed
from .run import CACHE_FORMAT, ChunkCache, is_dask_client, run_tasks, sweep_key, ticker

__all__ = [
    "CACHE_FORMAT",
    "Chunk",
    "ChunkCache",
    "GRID_KEYS",
    "STATISTICS",
    "Statistic",
    "SweepPoint",
    "code_version",
    "expand_grid",
    "is_dask_client",
    "point_seed",
    "resolve_statistic",
    "run_tasks",
    "simulate_range",
    "sweep",
    "sweep_key",
    "ticker",
]
