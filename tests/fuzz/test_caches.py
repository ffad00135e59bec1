"""Fault injection into every cache: damaged sweep chunks are reported in one line and recomputed, and the
rerun equals a clean run bit for bit; a bad numba cache directory gives one warning and a fallback.

Every comparison is exact (integer counts), so no test has a tolerance or a false-failure rate.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from wizstats import sweep
from wizstats.sweep import ChunkCache

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import corpus  # noqa: E402

GRID = {"n_players": [3, 4], "hand_size": 2, "policy": "random"}
KW = {"n_rounds": 40, "seed": 11, "chunk_rounds": 10}
N_CHUNKS = 8


@pytest.fixture(scope="module")
def clean() -> pd.DataFrame:
    """The sweep without a cache: what every rerun must equal."""
    return sweep("joint", GRID, **KW)


def _filled(path: Path) -> Path:
    got = sweep("joint", GRID, **KW, cache=path)
    assert got.attrs["chunks_computed"] == N_CHUNKS
    return path


def _rerun(path: Path) -> tuple[pd.DataFrame, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = sweep("joint", GRID, **KW, cache=path)
    return got, [str(w.message) for w in caught]


def _forge(path: Path, index: int, change) -> None:  # noqa: ANN001
    """Rewrite chunk ``index`` as a valid file of this sweep with changed counts, and its checksum to match."""
    chunk = path / f"chunk-{index:07d}.npz"
    with np.load(chunk) as data:
        arrays = {k: np.array(data[k]) for k in data.files}
    change(arrays)
    with open(chunk, "wb") as handle:
        np.savez(handle, **arrays)
    listed = path / "manifest-chunks.jsonl"
    entries = [json.loads(line) for line in listed.read_text().splitlines()]
    for e in entries:
        if e["index"] == index:
            e["sha256"] = hashlib.sha256(chunk.read_bytes()).hexdigest()
            e["shape"] = list(arrays["counts"].shape)
    listed.write_text("".join(json.dumps(e) + "\n" for e in entries))


def _more(a: dict) -> None:
    a["counts"][0, 0, 0] += 5


def _moved(a: dict) -> None:  # same total per seat, but a count moved: the checksum alone can catch it
    a["counts"][0, 0, 0] -= 1
    a["counts"][0, 1, 1] += 1


def _foreign_key(a: dict) -> None:
    a["sweep"] = np.str_("f" * 64)


def _other_index(a: dict) -> None:
    a["index"] = np.int64(3)


DAMAGE = {
    **{
        name: corpus.DAMAGES[name]
        for name in (
            "truncate",
            "garbage",
            "empty",
            "wrong-counts",
            "wrong-shape",
            "swapped",
            "foreign",
            "directory",
            "stale-temp",
        )
    },
    "forged-more": lambda p: _forge(p, 2, _more),
    "forged-foreign": lambda p: _forge(p, 1, _foreign_key),
    "forged-index": lambda p: _forge(p, 0, _other_index),
    "list-garbage": lambda p: (p / "manifest-chunks.jsonl").write_bytes(b'\x00garbage\n{"index": 1}\n'),
    "list-missing": lambda p: (p / "manifest-chunks.jsonl").unlink(),
    "list-torn": lambda p: (p / "manifest-chunks.jsonl").write_bytes((p / "manifest-chunks.jsonl").read_bytes()[:-25]),
    "chunk-missing": lambda p: (p / "chunk-0000004.npz").unlink(),
    "symlink": lambda p: ((p / "chunk-0000005.npz").unlink(), (p / "chunk-0000005.npz").symlink_to("/dev/zero")),
}
"""Every way of damaging a filled cache tried here; each must be reported (one line per chunk) and recomputed."""


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_damaged_chunk_is_reported_and_recomputed(tmp_path: Path, clean: pd.DataFrame, damage: str) -> None:
    DAMAGE[damage](_filled(tmp_path))
    got, messages = _rerun(tmp_path)
    pd.testing.assert_frame_equal(got, clean)  # bit for bit: integer counts
    assert got.attrs["chunks_computed"] >= 1, "the damaged chunk was used"
    assert messages and all("\n" not in m for m in messages)
    assert any("recomputing chunk" in m or "unreadable line" in m for m in messages), messages
    again, messages = _rerun(tmp_path)  # the recomputed chunks were stored (except where a directory is in the way)
    pd.testing.assert_frame_equal(again, clean)
    assert again.attrs["chunks_computed"] == (1 if damage == "directory" else 0)


def test_a_count_moved_within_a_valid_file_is_caught_by_the_checksum(tmp_path: Path, clean: pd.DataFrame) -> None:
    path = _filled(tmp_path) / "chunk-0000002.npz"
    with np.load(path) as data:
        arrays = {k: np.array(data[k]) for k in data.files}
    _moved(arrays)
    with open(path, "wb") as handle:
        np.savez(handle, **arrays)
    got, messages = _rerun(tmp_path)
    pd.testing.assert_frame_equal(got, clean)
    assert any("checksum" in m for m in messages)


def test_manifest_that_is_garbage_is_refused_in_one_line(tmp_path: Path) -> None:
    (_filled(tmp_path) / "manifest.json").write_bytes(b"\xff\xfe not json")
    with pytest.raises(ValueError, match="unreadable") as err:
        sweep("joint", GRID, **KW, cache=tmp_path)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("where", ["file", "under-a-file", "empty"])
def test_cache_that_cannot_be_a_directory_is_refused(tmp_path: Path, where: str) -> None:
    target = tmp_path / "f"
    target.write_text("x")
    path = {"file": str(target), "under-a-file": str(target / "cache"), "empty": ""}[where]
    with pytest.raises(ValueError, match="cache"):
        sweep("joint", GRID, **KW, cache=path)


def test_read_only_cache_is_used_and_nothing_new_is_kept(tmp_path: Path, clean: pd.DataFrame, monkeypatch) -> None:
    """A directory that cannot be written (simulated: root ignores permission bits) still serves its chunks."""
    _filled(tmp_path)
    (tmp_path / "chunk-0000006.npz").unlink()
    import importlib

    run = importlib.import_module("wizstats.sweep.run")

    def refuse(*args, **kwargs):  # noqa: ANN002, ANN003
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(run.tempfile, "mkstemp", refuse)
    before = sorted(p.name for p in tmp_path.iterdir())
    got, messages = _rerun(tmp_path)
    pd.testing.assert_frame_equal(got, clean)
    assert got.attrs["chunks_computed"] == 1
    assert any("cannot be written" in m for m in messages)
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_real_read_only_directory(tmp_path: Path, clean: pd.DataFrame) -> None:
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pytest.skip("root writes into read-only directories; the monkeypatched test above covers it")
    _filled(tmp_path)
    (tmp_path / "chunk-0000006.npz").unlink()
    tmp_path.chmod(0o555)
    try:
        got, messages = _rerun(tmp_path)
    finally:
        tmp_path.chmod(0o755)
    pd.testing.assert_frame_equal(got, clean)
    assert any("cannot be written" in m for m in messages)


def test_chunk_cache_alone_rejects_what_the_manifest_does_not_list(tmp_path: Path) -> None:
    cache = ChunkCache(tmp_path, {"a": 1})
    cache.store(0, np.arange(4, dtype=np.int64))
    assert cache.load(0) is not None
    (tmp_path / "chunk-0000001.npz").write_bytes((tmp_path / "chunk-0000000.npz").read_bytes())
    with pytest.warns(UserWarning, match="recomputing chunk 1"):
        assert ChunkCache(tmp_path, {"a": 1}).load(1) is None  # not listed (and holds chunk 0)


# ---------------------------------------------------------------- the numba cache
def _jit_probe(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    code = "from wizstats._kernels import jit; print(jit.CACHE_DIR)"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)


@pytest.mark.parametrize("bad", ["file", "under-a-file"])
def test_bad_numba_cache_dir_gives_one_warning_and_falls_back(tmp_path: Path, bad: str) -> None:
    target = tmp_path / "f"
    target.write_text("x")
    env = dict(
        os.environ,
        NUMBA_CACHE_DIR=str(target if bad == "file" else target / "cache"),
        PYTHONWARNINGS="default",
        XDG_CACHE_HOME=str(tmp_path / "xdg"),
    )
    proc = _jit_probe(env)
    assert proc.returncode == 0, proc.stderr
    chosen = proc.stdout.strip()
    assert chosen.startswith(str(tmp_path / "xdg" / "wizstats" / "numba"))
    warned = [line for line in proc.stderr.splitlines() if "cannot cache compiled kernels" in line]
    assert len(warned) == 1 and str(target) in warned[0]


def test_no_writable_cache_dir_compiles_without_caching_and_writes_nothing_next_to_the_sources(tmp_path: Path) -> None:
    """With no writable place numba would fall back to ``__pycache__`` beside the sources; wizstats turns caching off."""
    target = tmp_path / "f"
    target.write_text("x")
    src = tmp_path / "src"
    src.mkdir()
    (src / "tiny_kernel.py").write_text("from wizstats._kernels.jit import jit\n\n@jit\ndef f(x):\n    return x + 1\n")
    env = dict(
        os.environ,
        NUMBA_CACHE_DIR=str(target),
        XDG_CACHE_HOME=str(target / "xdg"),
        TMPDIR=str(target / "tmp"),
        PYTHONWARNINGS="default",
    )
    code = (
        f"import sys, tempfile; sys.path.insert(0, {str(src)!r}); tempfile.gettempdir = lambda: {str(target)!r};"
        "from wizstats._kernels import jit; print(jit.CACHE_DIR); import tiny_kernel; print(tiny_kernel.f(1))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["None", "2"]
    assert sum("compiling in every process" in line for line in proc.stderr.splitlines()) == 1
    written = [p.name for p in src.rglob("*") if p.suffix in (".nbi", ".nbc")]
    assert written == [], f"numba wrote its cache next to the sources: {written}"
