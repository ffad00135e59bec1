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
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SUBSET = ("policies", "special", "one_colour", "games")
"""The groups run by default: the round kernel with every policy (the search players index the most),
the special-card kernels and one colour (their own state layouts), and whole games (sit-outs, elimination)."""


def run_dir(config: pytest.Config) -> Path:
    """Where this test run's bounds-checked process writes (shared by the xdist workers, see tests/conftest.py)."""
    return Path(config.wizstats_run_dir) / "boundscheck"  # type: ignore[attr-defined]


def start(tmp_dir: Path) -> subprocess.Popen[str]:
    """Start the bounds-checked kernel calls in a process of their own (a probe first, then the groups).

    ``tests/conftest.py`` starts it once per test run as soon as the test is collected, so its compilation
    (minutes on a fresh machine) runs beside the rest of the suite; the test, which runs last, waits for it.
    The process writes its exit status to ``tmp_dir/rc`` when it ends (``tmp_dir/pid`` names it), so the
    test can wait for it from any xdist worker.
    """
    chosen = os.environ.get("WIZSTATS_BOUNDSCHECK_GROUPS", ",".join(SUBSET))
    groups = [] if chosen == "all" else [g.strip() for g in chosen.split(",") if g.strip()]
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", PYTHONPATH=str(ROOT))
    if os.environ.get("WIZSTATS_BOUNDSCHECK_FRESH") == "1":
        env["NUMBA_CACHE_DIR"] = str(tmp_dir / "numba")
    script = ROOT / "tests" / "fuzz" / "kernel_calls.py"
    rc = tmp_dir / "rc"
    code = (
        "import os, subprocess, sys\n"
        "def done(rc):\n"
        f"    with open({str(rc) + '.tmp'!r}, 'w') as f: f.write(str(rc))\n"
        f"    os.replace({str(rc) + '.tmp'!r}, {str(rc)!r})\n"
        "    sys.exit(rc)\n"
        f"probe = subprocess.run([sys.executable, {str(script)!r}, 'probe'])\n"
        "if probe.returncode: done(90)\n"
        f"done(subprocess.run([sys.executable, {str(script)!r}, *{groups!r}]).returncode)\n"
    )
    tmp_dir.mkdir(parents=True, exist_ok=True)
    with open(tmp_dir / "out.txt", "w") as out, open(tmp_dir / "err.txt", "w") as err:  # files: a pipe could fill
        proc = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=out, stderr=err, text=True)
    (tmp_dir / "pid").write_text(str(proc.pid))
    return proc


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, ended but not yet reaped by its parent, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _wait(tmp_dir: Path, timeout: float) -> int:
    """The exit status of the process :func:`start` started in ``tmp_dir`` (killed after ``timeout`` seconds)."""
    rc, pid = tmp_dir / "rc", int((tmp_dir / "pid").read_text())
    deadline = time.monotonic() + timeout
    try:
        while not rc.exists():
            if not _alive(pid) and not rc.exists():
                pytest.fail(
                    f"the bounds-checked process ended without a status:\n{(tmp_dir / 'err.txt').read_text()[-3000:]}"
                )
            if time.monotonic() > deadline:
                pytest.fail(f"the bounds-checked process did not end in {timeout:.0f} s")
            time.sleep(0.5)
    finally:
        if not rc.exists() and _alive(pid):
            os.kill(pid, signal.SIGKILL)
    return int(rc.read_text())


@pytest.mark.boundscheck
def test_kernels_with_bounds_checks(request: pytest.FixtureRequest, tmp_path: Path) -> None:
    tmp_dir = run_dir(request.config)
    if not (tmp_dir / "pid").exists():  # not started by tests/conftest.py: start it here
        tmp_dir = tmp_path
        start(tmp_dir)
    returncode = _wait(tmp_dir, timeout=7200)
    out, err = ((tmp_dir / name).read_text() for name in ("out.txt", "err.txt"))
    assert returncode != 90, f"the probe found no IndexError for an out-of-range read:\n{err[-3000:]}"
    assert returncode == 0, f"a kernel call failed with bounds checks on:\n{err[-5000:]}"
    assert "IndexError" not in err
    print(out)
