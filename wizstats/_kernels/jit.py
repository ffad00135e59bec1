"""The only module that imports numba: the compile options of every kernel, in one place.

Kernels elsewhere in :mod:`wizstats._kernels` decorate with :func:`jit` (serial) or
:func:`pjit` (parallel, with :data:`prange`). ``cache=True`` writes compiled code next to the
sources (or to ``NUMBA_CACHE_DIR``), so a second process loads instead of compiling.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections import namedtuple
from pathlib import Path
from typing import Any

import numba
from numba import prange

__all__ = ["get_num_threads", "hotjit", "jit", "namedtuple", "pjit", "prange", "set_num_threads"]


def _kernel_sources_hash() -> str:
    """A hash over every kernel module's source: compiled code is only reused for the same sources."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _cache_dir() -> str:
    """Where compiled kernels are cached: ``$NUMBA_CACHE_DIR`` or ``~/.cache/wizstats``, then the source hash.

    numba checks a cached kernel only against its own file's time stamp, not against the
    modules it calls, so a change in ``core.py`` would leave kernels in ``round.py`` stale.
    Keying the directory by a hash of all kernel sources makes every change start afresh.
    """
    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "wizstats", "numba"
    )
    return os.path.join(base, _kernel_sources_hash())


CACHE_DIR = _cache_dir()
numba.config.CACHE_DIR = CACHE_DIR

_OPTIONS: dict[str, Any] = {"cache": True, "nogil": True, "error_model": "numpy", "boundscheck": False}

jit = functools.partial(numba.njit, _nrt=True, **_OPTIONS)
"""``numba.njit`` with the project's options (serial kernels and helpers)."""

hotjit = functools.partial(numba.njit, _nrt=False, **_OPTIONS)
"""``jit`` without reference counting, for hot kernels that take the round state and allocate nothing.

A jitted function that takes the round state (a tuple of 18 arrays) increments and later
decrements the reference count of every one of its arrays on each call, unless numba's
pruning removes the pairs, which it often does not (a loop, two returns, an alias such as
``st = g.st``): 36 atomic operations, some 300 ns per call, more than a whole card play.
Without reference counting a function cannot allocate (numba then refuses to compile it), so
use this only for kernels that read and write the arrays they are given. ``jit`` and ``pjit``
switch reference counting on explicitly, because numba otherwise compiles a function called
from a ``hotjit`` one without it too (and then refuses its allocations).
"""

pjit = functools.partial(numba.njit, parallel=True, _nrt=True, **_OPTIONS)
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
