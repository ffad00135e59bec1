"""The only module that imports numba: the compile options of every kernel, in one place.

Kernels elsewhere in :mod:`wizstats._kernels` decorate with :func:`jit` (serial) or
:func:`pjit` (batch kernels whose blocks of rounds run on threads, :class:`BlockKernel`). Compiled code is cached in a checked, writable
directory (:func:`_cache_dir`), never next to the installed sources, so a second process loads
instead of compiling.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import os
import tempfile
import warnings
from collections import namedtuple
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numba
from llvmlite import binding as llvm_binding
from llvmlite import ir
from numba.core import cgutils, errors, types
from numba.extending import intrinsic

from .players.fitted import PASSED

__all__ = [
    "FAST_PDEP",
    "BlockKernel",
    "get_num_threads",
    "hotjit",
    "jit",
    "namedtuple",
    "on_first_compile",
    "pdep",
    "pjit",
    "set_num_threads",
]


def _kernel_sources_hash() -> str:
    """A hash over every kernel module's source, the shared layout and the fitted data they compile in.

    Compiled code is only reused for the same sources: numba freezes the module-level ints of
    ``wizstats/layout.py`` and the arrays of ``wizstats/data/*.npz`` into the kernels (all but those the
    engine passes as parameters, :data:`.players.fitted.PASSED`).
    """
    digest = hashlib.sha256()
    root = Path(__file__).parent
    package = root.parent
    compiled_in = [path for path in sorted((package / "data").glob("*.npz")) if path.stem not in PASSED]
    shared = [package / "layout.py", *compiled_in]
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    for path in shared:
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes() if path.is_file() else b"missing")
    return digest.hexdigest()[:16]


def _fast_pdep() -> bool:
    """Whether this CPU has a fast ``pdep`` (BMI2; AMD before Zen 3 has it in microcode, some 250 cycles).

    ``WIZSTATS_PDEP=0`` in the environment forces the portable path (the tests compare both).
    """
    if os.environ.get("WIZSTATS_PDEP", "") == "0":
        return False
    try:
        name = llvm_binding.get_host_cpu_name()
        return bool(llvm_binding.get_host_cpu_features().get("bmi2")) and name not in ("znver1", "znver2")
    except Exception:  # noqa: BLE001 - unknown host: the portable path
        return False


FAST_PDEP = _fast_pdep()
"""Use :func:`pdep` for bit selection (decided once per process; kernels are cached per CPU)."""


def _user_id() -> int:
    """The user's id where the system has one (a per-user temporary cache), else 0."""
    return int(getattr(os, "getuid", lambda: 0)())


def _writable_dir(path: str) -> str | None:
    """Why ``path`` cannot hold the cache (it is made if missing, and a file is written and removed), or ``None``."""
    try:
        os.makedirs(path, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".probe-", dir=path)
        os.close(fd)
        os.unlink(probe)
    except OSError as err:
        return err.strerror or type(err).__name__
    return None


def _cache_dir() -> str | None:
    """Where compiled kernels are cached: ``$NUMBA_CACHE_DIR`` or ``~/.cache/wizstats``, then the source hash.

    numba checks a cached kernel only against its own file's time stamp, not against the
    modules it calls, so a change in ``core.py`` would leave kernels in ``round.py`` stale.
    Keying the directory by a hash of all kernel sources makes every change start afresh; the
    bit-selection path (:data:`FAST_PDEP`) is part of the key too, since kernels inline it, and
    so are numba's bounds checks (``NUMBA_BOUNDSCHECK=1``), which numba's own key leaves out.

    A directory that cannot be written (``NUMBA_CACHE_DIR`` naming a file, a read-only place)
    gets one warning line and the next candidate is tried: the user cache, then the temporary
    directory. ``None`` when none works: kernels then compile in every process and nothing is
    written, never next to the installed sources (numba's own fallback).
    """
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    candidates = [
        ("NUMBA_CACHE_DIR", os.environ.get("NUMBA_CACHE_DIR", "")),
        ("the user cache", os.path.join(home, "wizstats", "numba")),
        ("the temporary directory", os.path.join(tempfile.gettempdir(), f"wizstats-numba-{_user_id()}")),
    ]
    suffix = ("" if FAST_PDEP else "-portable") + ("-boundscheck" if getattr(numba.config, "BOUNDSCHECK", None) else "")
    tried: list[str] = []
    for what, base in candidates:
        if not base:
            continue
        path = os.path.join(os.path.abspath(base), _kernel_sources_hash() + suffix)
        problem = _writable_dir(path)
        if problem is None:
            if tried:
                warnings.warn(
                    f"cannot cache compiled kernels in {'; '.join(tried)}; using {path}", RuntimeWarning, stacklevel=2
                )
            return path
        tried.append(f"{base} ({what}: {problem})")
    warnings.warn(
        f"cannot cache compiled kernels in {'; '.join(tried)}; compiling in every process", RuntimeWarning, stacklevel=2
    )
    return None


CACHE_DIR = _cache_dir()
if CACHE_DIR is not None:
    numba.config.CACHE_DIR = CACHE_DIR  # type: ignore[attr-defined]  # read by numba when it caches; not in its stubs

_PACKAGE = Path(__file__).resolve().parent.parent


def _package_locator() -> type | None:
    """numba's cache locator for ``$NUMBA_CACHE_DIR``, keyed by the path *inside* the package.

    numba files a kernel's cache under a hash of its source folder's absolute path, so a second
    checkout, a worktree or a wheel install of the very same sources compiles everything again
    (some ten minutes on 2 cores). This locator files it under the folder's path relative to
    the ``wizstats`` package instead; everything else is numba's: the entry is used only when the
    source file's contents hash equal (numba's own stamp) and, one level up, when every kernel
    source, the layout and the fitted data are the same (:func:`_kernel_sources_hash`). ``None``
    where this numba names its classes otherwise: numba's own locators then serve, as before.
    """
    from numba.core import caching

    base = getattr(caching, "UserProvidedCacheLocator", None) or getattr(caching, "_UserProvidedCacheLocator", None)
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    if base is None or not isinstance(getattr(impl, "_locator_classes", None), list):
        return None

    class PackageLocator(base):  # type: ignore[misc, valid-type]
        def __init__(self, py_func: Any, py_file: str) -> None:
            super().__init__(py_func, py_file)
            inside = Path(py_file).resolve().parent.relative_to(_PACKAGE)
            self._cache_path = os.path.join(numba.config.CACHE_DIR, "_".join(("wizstats", *inside.parts)))  # type: ignore[attr-defined]

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            try:
                Path(py_file).resolve().relative_to(_PACKAGE)
            except (OSError, ValueError):  # not ours: numba's locators decide
                return None
            return super().from_function(py_func, py_file)

    impl._locator_classes.insert(0, PackageLocator)  # type: ignore[union-attr]
    return PackageLocator


def on_first_compile(callback: Callable[[], None]) -> None:
    """Call ``callback()`` once, when numba next starts compiling a function in this process.

    Loading a kernel from the cache is not compiling and does not count (numba's
    ``numba:compile`` event fires only on a cache miss). For a notice that must come after the
    caller has checked its input: nothing compiles before a kernel is called.
    """
    from numba.core import event

    class Once(event.Listener):
        done = False

        def on_start(self, ev: Any) -> None:
            if not self.done:  # stays registered: numba is iterating over its listeners now
                self.done = True
                callback()

        def on_end(self, ev: Any) -> None:
            pass

    event.register("numba:compile", Once())


PACKAGE_LOCATOR = _package_locator() if CACHE_DIR is not None else None
"""The locator that lets every copy of these sources share one cache (``None``: numba's own)."""

_OPTIONS: dict[str, Any] = {
    "cache": CACHE_DIR is not None,
    "nogil": True,
    "error_model": "numpy",
    "boundscheck": False,
}
"""``boundscheck`` is off for speed; ``NUMBA_BOUNDSCHECK=1`` turns it on everywhere (``tests/test_boundscheck.py``)."""

Kernel = Callable[..., Any]
"""A compiled kernel, as the Python side sees it (numba checks the types when it compiles)."""


def _plain_calls(decorator: Callable[..., Kernel]) -> Callable[..., Kernel]:
    """``decorator`` whose functions, called from another kernel, compile for the arguments' plain types.

    numba types a constant argument at a call site as a literal (``f(x, 1)`` calls ``f`` for
    ``(int64, Literal[int](1))``) and compiles the callee once for every such signature: a third of
    the functions it compiled for the report were such copies. Asked for the plain types first
    (``int64``), a helper compiles once; a callee that only types with the literal (it needs the
    value at compile time) still gets it. The kernels run as fast either way (the same rounds per
    second of ``simulate``, standard and special): LLVM inlines the helpers and folds the constants.
    """

    def plain(dispatcher: Any) -> Any:
        literal = dispatcher.get_call_template

        def get_call_template(args: Any, kws: Any) -> Any:
            plain_args = tuple(types.unliteral(a) for a in args)
            plain_kws = {k: types.unliteral(v) for k, v in kws.items()}
            if plain_args != tuple(args) or plain_kws != kws:
                try:
                    return literal(plain_args, plain_kws)
                except errors.TypingError:
                    pass
            return literal(args, kws)

        dispatcher.get_call_template = get_call_template
        return dispatcher

    def apply(*args: Any, **kwargs: Any) -> Any:
        if args and callable(args[0]):  # @jit, or jit(function, option=...)
            return plain(decorator(*args, **kwargs))
        inner = decorator(*args, **kwargs)  # @jit(option=...)
        return lambda fn: plain(inner(fn))

    return apply


jit: Callable[..., Kernel] = _plain_calls(functools.partial(numba.njit, _nrt=True, **_OPTIONS))
"""``numba.njit`` with the project's options (serial kernels and helpers)."""

hotjit: Callable[..., Kernel] = _plain_calls(functools.partial(numba.njit, _nrt=False, **_OPTIONS))
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


class BlockKernel:
    """A batch kernel whose blocks of rounds run side by side on threads (what :func:`pjit` makes).

    The kernel is compiled serially (``nogil``, so it runs without Python's lock) and takes, at
    its parameter ``blocks``, a tuple ``(n_blocks, first, stop)``: it plays blocks ``first ..
    stop - 1`` of ``n_blocks`` (each block its own rounds, by :func:`~.rules.core.block_span`, and
    its own slice of the outputs). The caller passes the whole number ``n_blocks`` there; the
    call splits the blocks into :func:`get_num_threads` contiguous windows, runs one in the
    calling thread and the others on a pool of threads, and returns when all are done. Every
    block plays the same rounds whatever the windows, so the numbers do not depend on the threads.

    numba's own parallel loops (``parallel=True``) compile each kernel three times over, its body,
    a wrapper and the loop, each with the whole engine linked in: some 20 s more per batch kernel
    on one core than a serial kernel (measured by benchmarks/compile_time.py). Every other attribute
    is the compiled kernel's (``signatures``, ``py_func``, the cache).
    """

    _pool: ThreadPoolExecutor | None = None
    _pool_pid = -1

    def __init__(self, kernel: Any) -> None:
        self.kernel: Any = kernel  # a numba dispatcher
        names = list(inspect.signature(kernel.py_func).parameters)
        if "blocks" not in names:
            raise TypeError(f"{kernel.py_func.__name__}: a block kernel takes a parameter named 'blocks'")
        self.index = names.index("blocks")
        functools.update_wrapper(self, kernel.py_func)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.kernel, name)

    @classmethod
    def pool(cls) -> ThreadPoolExecutor:
        """The threads that run the windows after the first (made anew in a forked process)."""
        if cls._pool is None or cls._pool_pid != os.getpid():
            workers = max(1, int(numba.config.NUMBA_NUM_THREADS) - 1)  # type: ignore[attr-defined]  # not in its stubs
            cls._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="wizstats-blocks")
            cls._pool_pid = os.getpid()
        return cls._pool

    def __call__(self, *args: Any) -> None:
        n_blocks = int(args[self.index])
        parts = max(1, min(get_num_threads(), n_blocks))
        before, after = args[: self.index], args[self.index + 1 :]
        windows = [(n_blocks, t * n_blocks // parts, (t + 1) * n_blocks // parts) for t in range(parts)]
        futures = [self.pool().submit(functools.partial(self.kernel, *before, w, *after)) for w in windows[1:]]
        try:
            self.kernel(*before, windows[0], *after)
        finally:
            for future in futures:  # every window has ended before the caller reads the outputs
                future.exception()
        for future in futures:
            future.result()


def pjit(function: Callable[..., Any]) -> BlockKernel:
    """A batch kernel over blocks of rounds (:class:`BlockKernel`): serial ``jit`` code, its blocks on threads."""
    return BlockKernel(functools.partial(numba.njit, _nrt=True, **_OPTIONS)(function))


@intrinsic
def pdep(typingctx, src, mask):
    """The x86 BMI2 ``pdep`` instruction on two int64 (deposit the low bits of ``src`` at the set bits of ``mask``).

    Only call it when :data:`FAST_PDEP` is true.
    """
    sig = types.int64(types.int64, types.int64)

    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64, i64]), "llvm.x86.bmi.pdep.64")
        return builder.call(fn, args)

    return sig, codegen


def get_num_threads() -> int:
    """The number of threads parallel kernels use now."""
    return int(numba.get_num_threads())


def set_num_threads(n: int) -> None:
    """Use ``n`` threads in parallel kernels (at most ``numba.config.NUMBA_NUM_THREADS``)."""
    numba.set_num_threads(int(n))


def max_threads() -> int:
    """The most threads parallel kernels can use in this process."""
    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]  # not in numba's stubs
