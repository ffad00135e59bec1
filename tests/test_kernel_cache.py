"""The compiled-kernel cache is shared by every copy of the same sources, and only by those.

Each test copies the package to fresh folders (as a second checkout or a wheel install would
hold it) and calls one small kernel in a process of its own, against one fresh
``NUMBA_CACHE_DIR``; numba's dispatcher counts whether it loaded the kernel from the cache
(a hit) or compiled it (a miss).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import wizstats

PACKAGE = Path(wizstats.__file__).parent

PROBE = """
import json, sys
import numpy as np
from wizstats._kernels import jit
from wizstats._kernels.rules import core
assert core.__file__.startswith(sys.argv[1]), core.__file__
core.popcount(np.uint64(7))
s = core.popcount.stats
print(json.dumps({"hits": sum(s.cache_hits.values()), "misses": sum(s.cache_misses.values()),
                  "locator": jit.PACKAGE_LOCATOR is not None}))
"""


def _copy(where: Path) -> Path:
    shutil.copytree(PACKAGE, where / "wizstats", ignore=shutil.ignore_patterns("__pycache__"))
    return where


def _probe(root: Path, cache: Path) -> dict[str, int]:
    env = dict(os.environ, PYTHONPATH=str(root), NUMBA_CACHE_DIR=str(cache))
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(root)], env=env, cwd=root, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_second_copy_of_the_same_sources_loads_instead_of_compiling(tmp_path: Path) -> None:
    first, second = _copy(tmp_path / "checkout"), _copy(tmp_path / "site-packages")
    cache = tmp_path / "cache"
    one = _probe(first, cache)
    if not one["locator"]:
        pytest.skip("this numba names its cache classes otherwise: numba's own per-path cache serves")
    assert (one["hits"], one["misses"]) == (0, 1)
    assert _probe(second, cache)["hits"] == 1


def test_a_copy_with_other_kernel_sources_compiles_afresh(tmp_path: Path) -> None:
    first, second = _copy(tmp_path / "a"), _copy(tmp_path / "b")
    core = second / "wizstats" / "_kernels" / "rules" / "core.py"
    core.write_text(core.read_text() + "\n# another version of the sources\n")
    cache = tmp_path / "cache"
    assert _probe(first, cache)["misses"] == 1
    assert _probe(second, cache)["misses"] == 1
