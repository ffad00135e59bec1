"""The only module that imports numba: the compile options of every kernel, in one place.

Kernels elsewhere in :mod:`wizstats._kernels` decorate with :func:`jit` (serial) or
:func:`pjit` (parallel, with :data:`prange`). ``cache=True`` writes compiled code next to the
sources (or to ``NUMBA_CACHE_DIR``), so a second process loads instead of compiling.
"""

from __future__ import annotations

import functools
from collections import namedtuple
from typing import Any

import numba
from numba import prange

__all__ = ["get_num_threads", "jit", "namedtuple", "pjit", "prange", "set_num_threads"]

_OPTIONS: dict[str, Any] = {"cache": True, "nogil": True, "error_model": "numpy", "boundscheck": False}

jit = functools.partial(numba.njit, **_OPTIONS)
"""``numba.njit`` with the project's options (serial kernels and helpers)."""

pjit = functools.partial(numba.njit, parallel=True, **_OPTIONS)
"""``numba.njit(parallel=True)`` with the project's options (batch kernels over blocks of rounds)."""


def get_num_threads() -> int:
    """The number of threads parallel kernels use now."""
    return int(numba.get_num_threads())


def set_num_threads(n: int) -> None:
    """Use ``n`` threads in parallel kernels (at most ``numba.config.NUMBA_NUM_THREADS``)."""
    numba.set_num_threads(int(n))


def max_threads() -> int:
    """The most threads parallel kernels can use in this process."""
    return int(numba.config.NUMBA_NUM_THREADS)
