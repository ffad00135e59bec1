"""A new user's first report: fresh clone, fresh environment, empty kernel cache, ``wizstats report``.

Clones this repository's HEAD into a temporary folder, installs the clone into a new virtual
environment (``--system-site-packages``, so the dependencies already on this machine are reused and
nothing is downloaded; ``pip install --no-deps -e``), and runs the README's main job there with an
empty ``NUMBA_CACHE_DIR``, timing it from the outside. It then checks that the report it wrote is
byte-identical to the committed one (``git status`` of the clone's ``reports/``) and writes
``benchmarks/first_report.json``: the wall time, each analysis's own time from the report's progress
lines (its compiling included: the analyses run in worker processes side by side), the machine (CPUs, load before and after) and
whether the files matched. README.md reads its figure from that file.

    nice -n 0 python benchmarks/first_report.py                  # the full report (10-20 minutes on 2 cores)
    python benchmarks/first_report.py --size tiny --no-write     # checks that it runs (a few minutes)

Run it on a quiet machine: the figure is the machine's, and another process on the same cores
changes it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "benchmarks" / "first_report.json"
LINE = re.compile(r"^\[(\d+)/(\d+)\] (\w+) done in (\d+) s$")


def _run(cmd: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw)  # type: ignore[call-overload]


def measure(size: str, processes: int | None) -> dict[str, object]:
    """Clone, install, run ``wizstats report --size SIZE`` on an empty cache; the record."""
    with tempfile.TemporaryDirectory(prefix="wizstats-first-") as tmp:
        work = Path(tmp)
        clone, venv, cache = work / "wizstats", work / "venv", work / "numba-cache"
        _run(["git", "clone", "--quiet", str(ROOT), str(clone)])
        head = _run(["git", "-C", str(clone), "rev-parse", "--short", "HEAD"]).stdout.strip()
        _run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)])
        python = venv / "bin" / "python"
        _run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(clone)])
        env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONUNBUFFERED="1")
        cmd = [str(venv / "bin" / "wizstats"), "report", "--size", size]
        if processes is not None:
            cmd += ["--processes", str(processes)]
        load_before = os.getloadavg()[0]
        start = time.perf_counter()
        analyses: dict[str, int] = {}
        with subprocess.Popen(
            cmd, cwd=clone, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
        ) as p:
            assert p.stderr is not None
            for line in p.stderr:
                sys.stderr.write(line)
                found = LINE.match(line.strip())
                if found:
                    analyses[found.group(3)] = int(found.group(4))
        wall = time.perf_counter() - start
        if p.returncode != 0:
            raise SystemExit(f"wizstats report failed with exit status {p.returncode}")
        changed = []
        if size == "full":
            status = _run(["git", "-C", str(clone), "status", "--porcelain", "--", "reports"]).stdout
            changed = [line[3:] for line in status.splitlines()]
    return {
        "command": " ".join(["wizstats", "report", "--size", size, *cmd[4:]]),
        "commit": head,
        "size": size,
        "processes": processes,
        "cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "load_before": round(load_before, 2),
        "load_after": round(os.getloadavg()[0], 2),
        "wall_s": round(wall, 1),
        "analyses_s": analyses,
        "reports_identical": None if size != "full" else not changed,
        "reports_changed": changed,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=("tiny", "quick", "full"), default="full")
    parser.add_argument("--processes", type=int, default=None, help="passed to wizstats report (default: its own)")
    parser.add_argument("--no-write", action="store_true", help=f"print the record, do not write {RECORD.name}")
    args = parser.parse_args(argv)
    record = measure(args.size, args.processes)
    print(json.dumps(record, indent=1))
    if not args.no_write:
        RECORD.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
