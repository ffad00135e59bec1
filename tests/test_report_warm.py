"""Worker processes: compiling ahead (``precompile``) and running the analyses (``run_in_workers``), checked input."""

from __future__ import annotations

from pathlib import Path

import pytest

from wizstats.cli import main
from wizstats.report import precompile, run_report
from wizstats.report.warm import run_in_workers, worker_count


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


def test_workers_write_the_same_files_as_one_process(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Analyses run in 2 worker processes write byte for byte what they write one after another here."""
    names = ["vulnerability", "schedule_points", "bid_scores"]
    one = run_report("tiny", tmp_path / "one", only=names, progress=False, processes=1)
    two = run_report("tiny", tmp_path / "two", only=names, progress=None, processes=2)
    files = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert files == sorted(p.name for p in (tmp_path / "two").iterdir()) and len(files) >= 3 * len(names)
    for name in files:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes(), name
    assert [f.attrs["title"] for f in one] == [f.attrs["title"] for f in two]  # the page order, not the finishing one
    lines = capfd.readouterr().err.splitlines()
    for name in names:  # a line as each starts and as it ends, also off a terminal
        assert any(line.endswith(f"] {name} ...") for line in lines), lines
        assert any(f"] {name} done in " in line for line in lines), lines


def test_worker_count() -> None:
    assert worker_count(3, 2) == 2 and worker_count(0, 5) == 0 and 1 <= worker_count(None, 16) <= 4
    with pytest.raises(ValueError, match="processes"):
        worker_count(-1, 3)


def test_a_failing_analysis_is_one_line_naming_it(tmp_path: Path) -> None:
    """A worker's failure comes back as ``name: Error: text``, for every analysis that failed."""
    frames, failed = run_in_workers(["vulnerability", "schedule_points"], "huge", tmp_path, 2)
    assert frames == {} and len(failed) == 2 and all("huge" in f for f in failed), failed


def test_cli_refuses_a_bad_process_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "--size", "tiny", "--only", "vulnerability", "--processes", "-2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--processes must be 0..64, got -2" in err[0]
