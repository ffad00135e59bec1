"""Where sweep chunks run and where they are kept: executors, the chunk cache, the progress bar.

Chunks run in this process, on a :mod:`concurrent.futures` executor, or on a
``dask.distributed.Client``; results come back to the calling process, which alone writes the
cache, so workers need no shared file system. The cache is one directory per sweep:

- ``manifest.json`` names the sweep (a key over its points, chunking, seed, statistic and code
  version);
- ``manifest-chunks.jsonl``, the manifest's list of finished chunks, one JSON line per chunk:
  its index, file name, SHA-256 checksum, array shape and sum; appended (and flushed to disk)
  after the chunk's file is in place;
- one ``chunk-NNNNNNN.npz`` file per finished chunk, holding the counts, the sweep's key and the
  chunk's index, written to a temporary name and renamed (``os.replace``), so a killed process
  leaves whole chunks or none.

A chunk is used only when its file is whole and matches the manifest (checksum, shape), names
this sweep and this index, and holds counts the statistic finds consistent (for the built-in
statistics: every seat played exactly the chunk's rounds). Anything else (a truncated, garbage,
foreign or inconsistent file, a directory in its place, a chunk the list does not name) is
reported in one line and recomputed, so a rerun gives what a clean run gives, bit for bit.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import hashlib
import io
import json
import os
import tempfile
import uuid
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from ..checks import write_atomic
from ..engine import progress_bar

__all__ = ["CACHE_FORMAT", "ChunkCache", "is_dask_client", "run_tasks", "sweep_key", "ticker"]

CACHE_FORMAT = "wizstats-sweep-cache/2"
MANIFEST = "manifest.json"
CHUNK_LIST = "manifest-chunks.jsonl"
MAX_CHUNK_BYTES = 64 * 2**20
"""A chunk file larger than this is not read (a chunk holds a few count arrays)."""
MAX_IN_FLIGHT = 256
"""Chunks submitted to an executor at a time: more are submitted as results come back."""


def sweep_key(description: Mapping[str, Any]) -> str:
    """SHA-256 (hex) of a sweep's description as canonical JSON."""
    text = json.dumps(description, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class ChunkCache:
    """A directory of finished chunks of one sweep (see the module docstring).

    Opening a directory whose manifest names another sweep, or that cannot be made, raises
    ``ValueError``: chunks of different sweeps are never mixed. A directory that can be read but
    not written is used read-only, with one warning: the chunks found are used, new ones are not kept.
    """

    def __init__(self, directory: str | os.PathLike[str], description: Mapping[str, Any]) -> None:
        if not str(directory).strip():
            raise ValueError("the cache directory is an empty path; name a directory")
        self.directory = Path(directory)
        self.description = {"format": CACHE_FORMAT, **description}
        self.key = sweep_key(self.description)
        self.read_only = False
        self.listed: dict[int, dict[str, Any]] = {}
        if self.directory.exists() and not self.directory.is_dir():
            raise ValueError(f"cache {str(self.directory)!r} is a file, not a directory")
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise ValueError(
                f"cannot make the cache directory {str(self.directory)!r}: {err.strerror or err}"
            ) from None
        manifest = self.directory / MANIFEST
        if manifest.exists():
            self._check(manifest)
            self.read_only = not self._writable()
            if self.read_only:
                warnings.warn(
                    f"cache directory {str(self.directory)!r} cannot be written: its chunks are used, new ones not kept",
                    UserWarning,
                    stacklevel=3,
                )
            self._read_list()
        else:
            stray = sorted(self.directory.glob("chunk-*.npz"))
            if stray:
                raise ValueError(
                    f"cache directory {str(self.directory)!r} holds chunk files but no {MANIFEST}; "
                    "it is not a wizstats sweep cache (use another directory)"
                )
            try:
                text = json.dumps({"key": self.key, **self.description}, indent=1) + "\n"
                write_atomic(manifest, text.encode())
            except OSError as err:
                raise ValueError(
                    f"cannot write the cache directory {str(self.directory)!r}: {err.strerror or err}"
                ) from None

    def _writable(self) -> bool:
        try:
            fd, probe = tempfile.mkstemp(prefix=".probe-", suffix=".tmp", dir=self.directory)
            os.close(fd)
            os.unlink(probe)
        except OSError:
            return False
        return True

    def _check(self, manifest: Path) -> None:
        try:
            if manifest.stat().st_size > MAX_CHUNK_BYTES:
                raise ValueError("too large")
            old = json.loads(manifest.read_text())
            if not isinstance(old, dict):
                raise ValueError("not a JSON object")
        except (OSError, ValueError) as err:
            raise ValueError(
                f"cache manifest {str(manifest)!r} is unreadable ({_short(err)}); use another directory"
            ) from None
        if old.get("key") == self.key:
            return
        new = self.description
        differs = sorted(k for k in set(old) | set(new) if k != "key" and old.get(k) != new.get(k))
        raise ValueError(
            f"cache directory {str(self.directory)!r} holds chunks of a different sweep "
            f"(differs in: {', '.join(differs) or 'key'}); use another directory, or delete it to start over"
        )

    def _read_list(self) -> None:
        """The manifest's list of chunks (the last line of an index wins); unreadable lines are reported once."""
        path = self.directory / CHUNK_LIST
        if not path.exists():
            return
        bad = 0
        try:
            with open(path, "rb") as handle:
                for raw in handle:
                    try:
                        entry = json.loads(raw)
                        index = entry["index"]
                        ok = (
                            isinstance(index, int)
                            and isinstance(entry["sha256"], str)
                            and isinstance(entry["shape"], list)
                            and entry["file"] == self.path(index).name
                        )
                    except (ValueError, KeyError, TypeError):
                        ok = False
                    if ok:
                        self.listed[index] = entry
                    else:
                        bad += 1
        except OSError as err:
            warnings.warn(
                f"cannot read the cache's chunk list ({_short(err)}): every chunk is recomputed",
                UserWarning,
                stacklevel=3,
            )
            self.listed.clear()
            return
        if bad:
            warnings.warn(
                f"cache chunk list {path.name}: {bad} unreadable line(s) ignored; those chunks are recomputed",
                UserWarning,
                stacklevel=3,
            )

    def path(self, index: int) -> Path:
        """The file of chunk ``index``."""
        return self.directory / f"chunk-{index:07d}.npz"

    def load(
        self, index: int, check: Callable[[np.ndarray], str | None] | None = None, where: str = ""
    ) -> np.ndarray | None:
        """The counts of chunk ``index``, or ``None`` when it is not (validly) there (reported in one line).

        ``check(counts)`` returns what is wrong with counts that read well, or ``None``;
        ``where`` says which rounds the chunk holds, for the message.
        """
        path, entry = self.path(index), self.listed.get(index)
        if not path.exists() and not path.is_symlink():
            if entry is not None:
                self._report(index, where, f"{path.name} is listed in the manifest but missing")
            return None
        problem = None
        try:
            problem = self._problem(path, entry, index)
            if problem is None:
                with np.load(io.BytesIO(path.read_bytes()), allow_pickle=False) as data:
                    counts = np.array(data["counts"])
                problem = check(counts) if check is not None else None
        except Exception as err:  # noqa: BLE001 - a damaged file can fail to parse in any way; it is then recomputed
            problem = f"{path.name} is unreadable ({type(err).__name__}: {_short(err)})"
        if problem is None:
            return counts
        self._report(index, where, problem)
        return None

    def _problem(self, path: Path, entry: dict[str, Any] | None, index: int) -> str | None:
        """What is wrong with a chunk file against the manifest, before its counts are used."""
        if not path.is_file():
            return f"{path.name} is not a file"
        if entry is None:
            return f"{path.name} is not in the manifest's chunk list"
        if path.stat().st_size > MAX_CHUNK_BYTES:
            return f"{path.name} is too large to be a chunk"
        data = path.read_bytes()
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            return f"{path.name} does not match its checksum in the manifest (damaged or changed)"
        with np.load(io.BytesIO(data), allow_pickle=False) as npz:
            if str(npz["sweep"]) != self.key:
                return f"{path.name} was written by another sweep"
            if int(npz["index"]) != index:
                return f"{path.name} holds chunk {int(npz['index'])}"
            counts = npz["counts"]
            if counts.dtype != np.int64 or list(counts.shape) != entry["shape"]:
                return f"{path.name} holds {counts.dtype} counts of shape {counts.shape}, not those of the manifest"
        return None

    def _report(self, index: int, where: str, problem: str) -> None:
        warnings.warn(f"recomputing chunk {index}{where}: {problem}", UserWarning, stacklevel=3)

    def store(self, index: int, counts: np.ndarray) -> None:
        """Write chunk ``index`` atomically, then list it in the manifest (a write that fails is reported once)."""
        if self.read_only:
            return
        path = self.path(index)
        try:
            if path.is_dir() and not path.is_symlink():  # a link or a stray file is replaced, a directory is not
                raise IsADirectoryError(21, "a directory is in its place", str(path))
            buffer = io.BytesIO()
            np.savez(buffer, counts=counts, sweep=np.str_(self.key), index=np.int64(index))
            data = buffer.getvalue()
            write_atomic(path, data)
            entry = {
                "index": int(index),
                "file": path.name,
                "sha256": hashlib.sha256(data).hexdigest(),
                "shape": list(counts.shape),
                "sum": int(counts.sum()),
            }
            _append_line(self.directory / CHUNK_LIST, json.dumps(entry, sort_keys=True))
            self.listed[index] = entry
        except OSError as err:
            if isinstance(err, IsADirectoryError):
                warnings.warn(f"chunk {index} is not kept: {path.name}: {err.strerror}", UserWarning, stacklevel=3)
                return
            self.read_only = True
            warnings.warn(
                f"cannot write the cache ({_short(err)}): going on without keeping chunks", UserWarning, stacklevel=3
            )


def _short(err: BaseException) -> str:
    text = getattr(err, "strerror", None) or str(err) or type(err).__name__
    return " ".join(str(text).split())[:120]


def _append_line(path: Path, line: str) -> None:
    """Append one line in one write, and flush it to disk (a torn last line is ignored when read)."""
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        size = os.fstat(fd).st_size
        torn = size > 0 and os.pread(fd, 1, size - 1) != b"\n"  # a line cut short by a killed process
        os.write(fd, (("\n" if torn else "") + line + "\n").encode())
        os.fsync(fd)
    finally:
        os.close(fd)


def is_dask_client(executor: Any) -> bool:
    """Whether ``executor`` is a ``dask.distributed.Client`` (without importing dask otherwise)."""
    if not type(executor).__module__.startswith("distributed"):
        return False
    from distributed import Client  # here: dask is an optional extra

    return isinstance(executor, Client)


def run_tasks(
    tasks: Iterable[tuple[int, Any]],
    run: Callable[[Any], np.ndarray],
    executor: Any,
    on_result: Callable[[int, np.ndarray], None],
    *,
    retries: int,
    name: str,
) -> None:
    """Run ``run(task)`` for each ``(index, task)`` and pass every result to ``on_result`` as it arrives.

    ``tasks`` is read lazily; ``executor``: ``None`` (here, one after another), a
    :class:`concurrent.futures.Executor`, or a ``dask.distributed.Client`` (tasks are named
    ``{name}-{index}`` and retried ``retries`` times; a lost worker's tasks are rescheduled by
    Dask); at most :data:`MAX_IN_FLIGHT` tasks are submitted at a time. On any error or
    interruption the tasks not yet finished are cancelled.
    """
    if executor is None:
        for index, task in tasks:
            on_result(index, run(task))
    elif is_dask_client(executor):
        _run_dask(iter(tasks), run, executor, on_result, retries=retries, name=name)
    elif isinstance(executor, cf.Executor):
        _run_futures(iter(tasks), run, executor, on_result)
    else:
        raise ValueError(
            "executor must be None, a concurrent.futures.Executor or a dask.distributed.Client, "
            f"got {type(executor).__name__}"
        )


def _run_futures(
    tasks: Iterator[tuple[int, Any]],
    run: Callable[[Any], np.ndarray],
    executor: cf.Executor,
    on_result: Callable[[int, np.ndarray], None],
) -> None:
    pending: dict[cf.Future, int] = {}

    def submit() -> None:
        for index, task in tasks:
            pending[executor.submit(run, task)] = index
            if len(pending) >= MAX_IN_FLIGHT:
                return

    try:
        submit()
        while pending:
            done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for future in done:
                on_result(pending.pop(future), future.result())
            submit()
    finally:
        for future in pending:
            future.cancel()


def _run_dask(
    tasks: Iterator[tuple[int, Any]],
    run: Callable[[Any], np.ndarray],
    client: Any,
    on_result: Callable[[int, np.ndarray], None],
    *,
    retries: int,
    name: str,
) -> None:
    from distributed import as_completed  # here: dask is an optional extra

    run_id = uuid.uuid4().hex[:8]
    futures: dict[str, tuple[int, Any]] = {}

    def submit_one() -> Any:
        for index, task in tasks:
            future = client.submit(run, task, key=f"{name}-{run_id}-{index}", retries=retries, pure=False)
            futures[future.key] = (index, future)
            return future
        return None

    first = [f for f in (submit_one() for _ in range(MAX_IN_FLIGHT)) if f is not None]
    pending = as_completed(first)
    try:
        for future in pending:
            index, _ = futures.pop(future.key)
            on_result(index, future.result())
            del future
            more = submit_one()
            if more is not None:
                pending.add(more)
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
    with progress_bar(total, progress, unit="chunk") as bar:
        bar.update(done)
        yield lambda: bar.update(1)
