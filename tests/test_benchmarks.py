"""The benchmark script must not rot: it runs at tiny sizes (no timings asserted)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench.py"


def test_benchmark_runs_quick(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("wizstats_bench", BENCH)
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "machine:" in out and "| wizstats random, oh-hell 4x10, 1 thread |" in out
    assert "wizstats reference (pure Python)" in out
