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


def start(tmp_dir: Path) -> subprocess.Popen[str]:
    """Start the bounds-checked kernel calls in a process of their own (a probe first, then the groups).

    ``tests/conftest.py`` starts it as soon as the test is collected, so its compilation (minutes on a
    fresh machine) runs on the second core beside the rest of the suite; the test waits for it.
    """
    chosen = os.environ.get("WIZSTATS_BOUNDSCHECK_GROUPS", ",".join(SUBSET))
    groups = [] if chosen == "all" else [g.strip() for g in chosen.split(",") if g.strip()]
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", PYTHONPATH=str(ROOT))
    if os.environ.get("WIZSTATS_BOUNDSCHECK_FRESH") == "1":
        env["NUMBA_CACHE_DIR"] = str(tmp_dir / "numba")
    script = ROOT / "tests" / "fuzz" / "kernel_calls.py"
    code = (
        "import subprocess, sys\n"
        f"probe = subprocess.run([sys.executable, {str(script)!r}, 'probe'])\n"
        "if probe.returncode: sys.exit(90)\n"
        f"sys.exit(subprocess.run([sys.executable, {str(script)!r}, *{groups!r}]).returncode)\n"
    )
    tmp_dir.mkdir(parents=True, exist_ok=True)
    with open(tmp_dir / "out.txt", "w") as out, open(tmp_dir / "err.txt", "w") as err:  # files: a pipe could fill
        proc = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=out, stderr=err, text=True)
    proc.wizstats_dir = tmp_dir  # type: ignore[attr-defined]
    return proc


@pytest.mark.boundscheck
def test_kernels_with_bounds_checks(request: pytest.FixtureRequest, tmp_path: Path) -> None:
    proc = getattr(request.config, "wizstats_boundscheck", None) or start(tmp_path)
    try:
        proc.wait(timeout=7200)
    finally:
        proc.kill()
    out, err = ((proc.wizstats_dir / name).read_text() for name in ("out.txt", "err.txt"))
    assert proc.returncode != 90, f"the probe found no IndexError for an out-of-range read:\n{err[-3000:]}"
    assert proc.returncode == 0, f"a kernel call failed with bounds checks on:\n{err[-5000:]}"
    assert "IndexError" not in err
    print(out)
