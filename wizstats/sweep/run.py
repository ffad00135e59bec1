"""Where sweep chunks run and where they are kept: executors, the chunk cache, the progress bar.

Chunks run in this process, on a :mod:`concurrent.futures` executor, or on a
``dask.distributed.Client``; results come back to the calling process, which alone writes the
cache, so workers need no shared file system. The cache is one directory per sweep: a
``manifest.json`` naming the sweep (a key over its points, chunking, seed, statistic and code
version) and one ``.npz`` file per finished chunk, each written to a temporary name and then
renamed (``os.replace``), so a killed process leaves whole chunks or none.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import hashlib
import json
import os
import tempfile
import uuid
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["CACHE_FORMAT", "ChunkCache", "is_dask_client", "run_tasks", "sweep_key", "ticker"]

CACHE_FORMAT = "wizstats-sweep-cache/1"
MANIFEST = "manifest.json"


def sweep_key(description: Mapping[str, Any]) -> str:
    """SHA-256 (hex) of a sweep's description as canonical JSON."""
    text = json.dumps(description, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class ChunkCache:
    """A directory of finished chunks of one sweep (see the module docstring).

    Opening a directory whose manifest names another sweep raises ``ValueError``: chunks of
    different sweeps are never mixed.
    """

    def __init__(self, directory: str | os.PathLike[str], description: Mapping[str, Any]) -> None:
        self.directory = Path(directory)
        self.description = {"format": CACHE_FORMAT, **description}
        self.key = sweep_key(self.description)
        if self.directory.exists() and not self.directory.is_dir():
            raise ValueError(f"cache {str(self.directory)!r} is a file, not a directory")
        self.directory.mkdir(parents=True, exist_ok=True)
        manifest = self.directory / MANIFEST
        if manifest.exists():
            self._check(manifest)
        else:
            stray = sorted(self.directory.glob("chunk-*.npz"))
            if stray:
                raise ValueError(
                    f"cache directory {str(self.directory)!r} holds chunk files but no {MANIFEST}; "
                    "it is not a wizstats sweep cache (use another directory)"
                )
            self._write_atomic(manifest, (json.dumps({"key": self.key, **self.description}, indent=1) + "\n").encode())

    def _check(self, manifest: Path) -> None:
        try:
            old = json.loads(manifest.read_text())
        except (OSError, ValueError) as err:
            raise ValueError(f"cache manifest {str(manifest)!r} is unreadable ({err}); use another directory") from None
        if old.get("key") == self.key:
            return
        new = self.description
        differs = sorted(k for k in set(old) | set(new) if k != "key" and old.get(k) != new.get(k))
        raise ValueError(
            f"cache directory {str(self.directory)!r} holds chunks of a different sweep "
            f"(differs in: {', '.join(differs) or 'key'}); use another directory, or delete it to start over"
        )

    def path(self, index: int) -> Path:
        """The file of chunk ``index``."""
        return self.directory / f"chunk-{index:07d}.npz"

    def load(self, index: int) -> np.ndarray | None:
        """The counts of chunk ``index``, or ``None`` when it is not (validly) there."""
        path = self.path(index)
        if not path.exists():
            return None
        try:
            with np.load(path, allow_pickle=False) as data:
                if str(data["sweep"]) != self.key or int(data["index"]) != index:
                    raise ValueError("written by another sweep")
                return np.array(data["counts"])
        except (OSError, ValueError, KeyError) as err:
            warnings.warn(f"recomputing chunk {index}: cache file {path.name} is unusable ({err})", stacklevel=2)
            return None

    def store(self, index: int, counts: np.ndarray) -> None:
        """Write chunk ``index`` atomically."""
        with _atomic(self.path(index)) as handle:
            np.savez(handle, counts=counts, sweep=np.str_(self.key), index=np.int64(index))

    def _write_atomic(self, path: Path, data: bytes) -> None:
        with _atomic(path) as handle:
            handle.write(data)


@contextlib.contextmanager
def _atomic(path: Path) -> Iterator[Any]:
    """Write to a temporary file beside ``path``; on success, fsync and rename it to ``path``."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def is_dask_client(executor: Any) -> bool:
    """Whether ``executor`` is a ``dask.distributed.Client`` (without importing dask otherwise)."""
    if not type(executor).__module__.startswith("distributed"):
        return False
    from distributed import Client

    return isinstance(executor, Client)


def run_tasks(
    tasks: Sequence[tuple[int, Any]],
    run: Callable[[Any], np.ndarray],
    executor: Any,
    on_result: Callable[[int, np.ndarray], None],
    *,
    retries: int,
    name: str,
) -> None:
    """Run ``run(task)`` for each ``(index, task)`` and pass every result to ``on_result`` as it arrives.

    ``executor``: ``None`` (here, one after another), a :class:`concurrent.futures.Executor`,
    or a ``dask.distributed.Client`` (tasks are named ``{name}-{index}`` and retried
    ``retries`` times; a lost worker's tasks are rescheduled by Dask). On any error or
    interruption the tasks not yet finished are cancelled.
    """
    if executor is None:
        for index, task in tasks:
            on_result(index, run(task))
    elif is_dask_client(executor):
        _run_dask(tasks, run, executor, on_result, retries=retries, name=name)
    elif isinstance(executor, cf.Executor):
        _run_futures(tasks, run, executor, on_result)
    else:
        raise ValueError(
            "executor must be None, a concurrent.futures.Executor or a dask.distributed.Client, "
            f"got {type(executor).__name__}"
        )


def _run_futures(tasks: Sequence[tuple[int, Any]], run: Callable[[Any], np.ndarray], executor: cf.Executor,
                 on_result: Callable[[int, np.ndarray], None]) -> None:
    pending = {executor.submit(run, task): index for index, task in tasks}
    try:
        for future in cf.as_completed(pending):
            on_result(pending.pop(future), future.result())
    finally:
        for future in pending:
            future.cancel()


def _run_dask(tasks: Sequence[tuple[int, Any]], run: Callable[[Any], np.ndarray], client: Any,
              on_result: Callable[[int, np.ndarray], None], *, retries: int, name: str) -> None:
    from distributed import as_completed

    run_id = uuid.uuid4().hex[:8]
    futures = {}
    for index, task in tasks:
        future = client.submit(run, task, key=f"{name}-{run_id}-{index}", retries=retries, pure=False)
        futures[future.key] = (index, future)
    pending = as_completed([future for _, future in futures.values()])
    try:
        for future in pending:
            index, _ = futures.pop(future.key)
            on_result(index, future.result())
            del future
    finally:
        if futures:
            client.cancel([future for _, future in futures.values()])


@contextlib.contextmanager
def ticker(progress: bool | Callable[[int, int], None] | None, total: int, done: int) -> Iterator[Callable[[], None]]:
    """A function to call once per finished chunk: a tqdm bar, or ``progress(done, total)``."""
    if callable(progress):
        state = [done]

        def tick() -> None:
            state[0] += 1
            progress(state[0], total)

        yield tick
        return
    from ..engine import progress_bar

    with progress_bar(total, progress, unit="chunk") as bar:
        bar.update(done)
        yield lambda: bar.update(1)
