"""The caches' keys: a chunk of another sweep is never used, and an edit to any source that decides
the numbers changes the key of the sweep cache and of the compiled-kernel cache.

All exact (no statistics): counts merged by addition, hashes compared.
"""

from __future__ import annotations

import importlib
import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from wizstats import sweep

sweep_core = importlib.import_module("wizstats.sweep.core")
jit = importlib.import_module("wizstats._kernels.jit")
PACKAGE = Path(sweep_core.__file__).resolve().parents[1]
GRID = {"n_players": 3, "hand_size": 2, "policy": "random"}


def test_stray_chunk_of_another_sweep_is_recomputed(tmp_path: Path) -> None:
    """A chunk file with the right name and index but written by another sweep (another seed) is
    refused and recomputed: the per-chunk key check, not only the manifest's."""
    mine, other = tmp_path / "mine", tmp_path / "other"
    want = sweep("joint", GRID, n_rounds=900, seed=1, chunk_rounds=300, cache=mine)
    foreign = sweep("joint", GRID, n_rounds=900, seed=2, chunk_rounds=300, cache=other)
    assert not want["count"].equals(foreign["count"])  # the stray chunk would change the numbers
    shutil.copyfile(other / "chunk-0000001.npz", mine / "chunk-0000001.npz")
    with pytest.warns(UserWarning, match="recomputing chunk 1 .*does not match its checksum"):
        got = sweep("joint", GRID, n_rounds=900, seed=1, chunk_rounds=300, cache=mine)
    assert (got.attrs["chunks_cached"], got.attrs["chunks_computed"]) == (2, 1)
    pd.testing.assert_frame_equal(got, want)
    # the stray file listed with its own checksum (a manifest line copied along with it): the chunk's own key refuses it
    shutil.copyfile(other / "chunk-0000001.npz", mine / "chunk-0000001.npz")
    theirs = [json.loads(line) for line in (other / "manifest-chunks.jsonl").read_text().splitlines()]
    with open(mine / "manifest-chunks.jsonl", "a") as chunks:
        chunks.write(json.dumps(next(e for e in theirs if e["index"] == 1)) + "\n")
    with pytest.warns(UserWarning, match="recomputing chunk 1 .*written by another sweep"):
        got = sweep("joint", GRID, n_rounds=900, seed=1, chunk_rounds=300, cache=mine)
    assert (got.attrs["chunks_cached"], got.attrs["chunks_computed"]) == (2, 1)
    pd.testing.assert_frame_equal(got, want)


def test_chunk_with_another_index_is_recomputed(tmp_path: Path) -> None:
    """Chunk 0's file copied over chunk 2's (same sweep key, wrong index): refused."""
    want = sweep("joint", GRID, n_rounds=900, seed=1, chunk_rounds=300, cache=tmp_path)
    shutil.copyfile(tmp_path / "chunk-0000000.npz", tmp_path / "chunk-0000002.npz")
    with pytest.warns(UserWarning, match="recomputing chunk 2"):
        got = sweep("joint", GRID, n_rounds=900, seed=1, chunk_rounds=300, cache=tmp_path)
    pd.testing.assert_frame_equal(got, want)


def _copy_package(tmp_path: Path) -> Path:
    root = tmp_path / "wizstats"
    shutil.copytree(PACKAGE, root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def test_sweep_code_version_covers_every_listed_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Editing any one file that decides a chunk's counts changes ``code_version`` (the sweep key)."""
    root = _copy_package(tmp_path)
    monkeypatch.setattr(sweep_core, "__file__", str(root / "sweep" / "core.py"))
    sweep_core.code_version.cache_clear()
    try:
        base = sweep_core.code_version()
        files = sorted({p for pattern in sweep_core._CODE_FILES for p in root.glob(pattern)})
        assert len(files) >= 10 and any("_kernels" in p.parts for p in files)
        for path in files:
            text = path.read_bytes()
            path.write_bytes(text + b"\n# edited\n")
            sweep_core.code_version.cache_clear()
            assert sweep_core.code_version() != base, path.relative_to(root)
            path.write_bytes(text)
        sweep_core.code_version.cache_clear()
        assert sweep_core.code_version() == base
    finally:
        sweep_core.code_version.cache_clear()


def test_kernel_cache_key_covers_every_kernel_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Editing any kernel module, in any subpackage of ``_kernels``, the shared ``layout.py`` or a fitted data
    file, changes the compiled-kernel cache key (numba checks only a kernel's own file, and freezes the
    layout's ints and the data's arrays into the code, so a stale key would load kernels compiled from old ones)."""
    package = _copy_package(tmp_path)
    root = package / "_kernels"
    monkeypatch.setattr(jit, "__file__", str(root / "jit.py"))
    base = jit._kernel_sources_hash()
    modules = sorted(root.rglob("*.py"))
    assert {p.parent.name for p in modules} >= {"_kernels", "rules", "players", "engine", "special", "variants"}
    data = sorted((package / "data").glob("*.npz"))
    compiled_in = [p for p in data if p.stem not in jit.PASSED]
    assert len(compiled_in) >= 4 and len(data) > len(compiled_in)
    for path in [*modules, package / "layout.py", *compiled_in]:
        text = path.read_bytes()
        path.write_bytes(text + b"\n# edited\n")
        assert jit._kernel_sources_hash() != base, path.relative_to(package)
        path.write_bytes(text)
    for path in data:  # the data the engine passes as parameters are not compiled in: a refit recompiles nothing
        if path.stem in jit.PASSED:
            text = path.read_bytes()
            path.write_bytes(text + b"\n# edited\n")
            assert jit._kernel_sources_hash() == base, path.relative_to(package)
            path.write_bytes(text)
    assert jit._kernel_sources_hash() == base
