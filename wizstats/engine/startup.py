"""The one line a user sees when the kernels are compiled: the first run after an install or upgrade.

numba compiles a kernel on its first call and caches the machine code (see
:mod:`wizstats._kernels.jit`); later processes load it in a fraction of a second. Compiling
takes a minute or more, so before calling a kernel that is not in the cache yet, say so once:

>>> from wizstats._kernels.engine.round import simulate_counts
>>> isinstance(is_cached(simulate_counts), bool)
True
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

__all__ = ["compile_notice", "compile_notice_for", "compile_notice_said", "is_cached", "kernels_cached"]

COMPILE_SECONDS = "about a minute on 2 cores"
"""How long the first ``wizstats simulate`` compiles on a 2-core machine (see benchmarks/README.md)."""

_announced = False


def is_cached(kernel: Any) -> bool:
    """Whether numba's cache holds compiled code for ``kernel`` (a jitted function) for these sources.

    Reads the kernel's cache index the way numba does (an index written for other sources
    counts as empty). Anything unexpected counts as cached: the notice is a courtesy, never
    an error.
    """
    if getattr(kernel, "signatures", None):  # compiled or loaded in this process already
        return True
    try:
        return bool(kernel._cache._cache_file._load_index())
    except Exception:  # noqa: BLE001 - numba internals moved: stay silent
        return True


def compile_notice(*kernels: Any, what: str = "the simulator", takes: str = COMPILE_SECONDS, when: str = "now") -> bool:
    """Print one line to stderr if any of ``kernels`` must be compiled; at most once per process.

    ``when="now"`` prints it at once; ``when="compiling"`` when numba starts compiling in this
    process (:func:`wizstats._kernels.jit.on_first_compile`), that is after the caller has
    checked its input, so that a bad input is one line on stderr, never a notice and an error.
    Returns whether the line was printed or is waiting to be.
    """
    global _announced
    if when not in ("now", "compiling"):
        raise ValueError(f"when must be 'now' or 'compiling', got {when!r}")
    if _announced or all(is_cached(k) for k in kernels):
        return False
    _announced = True
    line = (
        f"wizstats: compiling {what} for this machine ({takes}, once after an install or upgrade;"
        " later runs load it from the cache)"
    )
    if when == "now":
        print(line, file=sys.stderr, flush=True)
    else:
        from .._kernels.jit import on_first_compile  # loads numba: only when a notice waits for a compile

        on_first_compile(lambda: print(line, file=sys.stderr, flush=True))
    return True


def compile_notice_said() -> None:
    """Count the notice as said in this process: a worker process whose parent has said it already."""
    global _announced
    _announced = True


def _named(names: tuple[str, ...]) -> list[Any]:
    """The kernels named ``"<group>.<module>:<function>"`` under ``wizstats._kernels`` (their modules imported now)."""
    kernels = []
    for name in names:
        module, _, function = name.partition(":")
        kernels.append(getattr(importlib.import_module(f"wizstats._kernels.{module}"), function))
    return kernels


def kernels_cached(*names: str) -> bool:
    """Whether every kernel named ``"<group>.<module>:<function>"`` is compiled or in the cache (:func:`is_cached`).

    >>> kernels_cached() is True
    True
    """
    return all(is_cached(k) for k in _named(names))


def compile_notice_for(
    *names: str, what: str = "the simulator", takes: str = COMPILE_SECONDS, when: str = "now"
) -> bool:
    """:func:`compile_notice` for kernels named ``"<group>.<module>:<function>"`` under ``wizstats._kernels``.

    For callers above the engine (a command, the report, the web server) that know which kernels
    they will call: the kernel modules are imported here, when the notice is decided, not when
    ``wizstats`` is imported.

    >>> compile_notice_for("engine.round:simulate_counts") in (True, False)
    True
    """
    return compile_notice(*_named(names), what=what, takes=takes, when=when)
