"""Kernels run with numba's bounds checks on: an index out of range fails here instead of corrupting memory.

The kernels are compiled without bounds checks for speed (``wizstats/_kernels/jit.py``). This
test runs a small but broad set of kernel calls (``tests/fuzz/kernel_calls.py``: every policy,
the variants, special cards, one colour, whole games) in a fresh process with
``NUMBA_BOUNDSCHECK=1``, after a probe that an out-of-range read does raise ``IndexError``.

Compiled bounds-checked kernels are cached apart from the normal ones (the cache directory's
name ends in ``-boundscheck``), so the first run after a kernel change compiles (several minutes
on two quiet cores) and later runs load them (seconds). ``WIZSTATS_BOUNDSCHECK_FRESH=1`` compiles
into a fresh directory; ``WIZSTATS_BOUNDSCHECK_GROUPS=all`` (or a comma-separated list) runs more
groups than the default subset.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SUBSET = ("policies", "special", "one_colour", "games")
"""The groups run by default: the round kernel with every policy (the search players index the most),
the special-card kernels and one colour (their own state layouts), and whole games (sit-outs, elimination)."""


@pytest.mark.boundscheck
def test_kernels_with_bounds_checks(tmp_path: Path) -> None:
    chosen = os.environ.get("WIZSTATS_BOUNDSCHECK_GROUPS", ",".join(SUBSET))
    groups = [] if chosen == "all" else [g.strip() for g in chosen.split(",") if g.strip()]
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", PYTHONPATH=str(ROOT))
    if os.environ.get("WIZSTATS_BOUNDSCHECK_FRESH") == "1":
        env["NUMBA_CACHE_DIR"] = str(tmp_path / "numba")
    script = ROOT / "tests" / "fuzz" / "kernel_calls.py"
    probe = subprocess.run([sys.executable, str(script), "probe"], env=env, capture_output=True, text=True, timeout=600)
    assert probe.returncode == 0, probe.stderr[-3000:]
    proc = subprocess.run([sys.executable, str(script), *groups], env=env, capture_output=True, text=True, timeout=7200)
    assert proc.returncode == 0, f"a kernel call failed with bounds checks on:\n{proc.stderr[-5000:]}"
    assert "IndexError" not in proc.stderr
    print(proc.stdout)
