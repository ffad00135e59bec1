"""Compiling ahead (``wizstats.report.precompile``): in worker processes, only when something is missing, checked input."""

from __future__ import annotations

from pathlib import Path

import pytest

from wizstats.cli import main
from wizstats.report import precompile, run_report
from wizstats.report import runner as runner_module


def test_workers_run_the_tiny_analyses_into_the_cache() -> None:
    """Two spawned workers run both analyses (forced: the cache may be warm already) and report both done."""
    assert precompile(["vulnerability", "schedule_points"], processes=2, force=True) == 2


def test_nothing_to_do_on_one_core_or_for_no_analysis() -> None:
    """One process gains nothing over compiling as the analyses go; no analysis, nothing to compile."""
    assert precompile(["vulnerability", "schedule_points"], processes=1, force=True) == 0
    assert precompile([], processes=2, force=True) == 0


@pytest.mark.parametrize("bad", [-1, 65, 2.0, "2", True])
def test_processes_is_checked(bad: object) -> None:
    with pytest.raises((ValueError, TypeError), match="processes"):
        precompile(["vulnerability", "schedule_points"], processes=bad, force=True)  # type: ignore[arg-type]


def test_unknown_analysis_is_one_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown analysis 'nothing'"):
        precompile(["nothing"], processes=2)


def test_run_report_compiles_ahead_only_for_several_analyses(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """run_report hands the names and the process count to precompile, and not for a single analysis."""
    calls: list[tuple[list[str], int | None]] = []
    monkeypatch.setattr(runner_module, "precompile", lambda names, processes=None: calls.append((names, processes)))
    run_report("tiny", tmp_path / "a", only=["vulnerability", "schedule_points"], progress=False, processes=3)
    run_report("tiny", tmp_path / "b", only=["vulnerability"], progress=False, processes=3)
    assert calls == [(["vulnerability", "schedule_points"], 3)]


def test_cli_refuses_a_bad_process_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "--size", "tiny", "--only", "vulnerability", "--processes", "-2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--processes must be 0..64, got -2" in err[0]
