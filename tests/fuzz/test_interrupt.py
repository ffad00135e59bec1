"""Ctrl-C stops a long run cleanly: exit status 130, one line on stderr, no half-written cache file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _interrupted(
    argv: list[str], cwd: Path, after: float = 20.0, ready: Callable[[], bool] | None = None
) -> subprocess.CompletedProcess[str]:
    """Start ``wizstats argv``, send SIGINT after ``after`` seconds, and wait for it to stop (at most 120 s).

    With ``ready``, SIGINT goes as soon as ``ready()`` is true (checked every 0.1 s), and the test fails
    if it is not true within ``after`` seconds.
    """
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "wizstats.cli", *argv],
        cwd=cwd,
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + after
    while time.monotonic() < deadline and proc.poll() is None and not (ready is not None and ready()):
        time.sleep(0.1)
    if ready is not None and proc.poll() is None and not ready():
        proc.kill()
        pytest.fail(f"not ready after {after:.0f} s: {proc.communicate()[1][-500:]}")
    if proc.poll() is not None:
        pytest.fail(f"the run ended before the interruption: {proc.communicate()[1][-500:]}")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


def test_ctrl_c_stops_a_long_simulation(tmp_path: Path) -> None:
    # 8 s: past the start-up (imports and loading the kernels take about 2 s), inside the simulation's loop;
    # an interruption while the kernels load is also the command's, with the same line and status
    done = _interrupted(
        ["simulate", "--players", "4", "--hand-size", "3", "--rounds", "100000000000", "--policy", "random"],
        tmp_path,
        after=8.0,
    )
    assert done.returncode == 130
    assert done.stderr.strip().splitlines()[-1] == "wizstats: interrupted"
    assert "Traceback" not in done.stderr


def test_ctrl_c_in_a_cached_sweep_leaves_whole_chunks(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    argv = [
        "sweep",
        "--players",
        "4",
        "--hand-size",
        "3",
        "--policy",
        "random",
        "--rounds",
        "100000000000",
        "--chunk-rounds",
        "200000",
        "--cache",
        str(cache),
        "--stat",
        "joint",
        "--format",
        "csv",
    ]
    manifest = cache / "manifest-chunks.jsonl"

    def storing() -> bool:  # a chunk is listed: the sweep is in its loop, computing and storing the next ones
        return manifest.exists() and '"file": "' in manifest.read_text()

    done = _interrupted(argv, tmp_path, after=120.0, ready=storing)
    assert done.returncode == 130 and "Traceback" not in done.stderr
    assert not list(cache.glob(".*.tmp")), "a half-written chunk was left behind"
    listed = (
        (cache / "manifest-chunks.jsonl").read_text().splitlines() if (cache / "manifest-chunks.jsonl").exists() else []
    )
    files = {p.name for p in cache.glob("chunk-*.npz")}
    names = {line.split('"file": "')[1].split('"')[0] for line in listed if '"file": "' in line}
    # every listed chunk is on disk; at most the one being stored at the interruption is not yet listed
    # (a rerun reports it and computes it again)
    assert names <= files and len(files - names) <= 1
