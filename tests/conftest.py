"""Shared fixtures and hypothesis settings, and how the suite runs in two processes (pytest-xdist, ``-n 2``).

- The bounds-checked kernel run (tests/test_boundscheck.py) is started once per test run, by the process
  that runs the session (the xdist controller, or pytest itself without ``-n``): under xdist at start-up
  when the paths given cover its file, else as soon as its test is collected; the test is moved to the
  end of the order and waits for the run's status file. The xdist workers run at a lower CPU priority
  (:data:`WORKER_NICE`), so that this one process, which compiles for minutes on a fresh machine, has a core.
- Under xdist, when the run includes the report's tests, the controller runs the tiny report first, in two
  processes (``run_report("tiny")``), and pickles its frames for the ``tiny_report`` fixture: on a fresh
  clone that compiles the report's kernels once, on both cores, and the workers load them instead of
  both compiling the same kernels at once; and the report is computed once, not a second time.
- Tests marked ``exclusive`` (timing-sensitive) run while the other worker waits between its tests.
- ``tiny_report``: the report at its tiny size, computed once per session and shared by
  tests/test_report.py, tests/test_analyses.py and tests/test_claims_report.py (one xdist group).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

try:
    import fcntl
except ImportError:  # not POSIX: no locks (the exclusive tests then share the machine)
    fcntl = None  # type: ignore[assignment]

settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

RUN_DIR = "WIZSTATS_TEST_RUN_DIR"
"""The environment variable naming this test run's shared directory (xdist workers inherit it)."""


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def _covers(config: pytest.Config, path: Path) -> bool:
    """Whether the paths pytest was given include ``path`` (a folder above it, or the file)."""
    for arg in config.args or ["."]:
        given = Path(str(arg).split("::")[0]).resolve()
        if given == path or given in path.parents:
            return True
    return False


WORKER_NICE = 5
"""How much lower the xdist workers' CPU priority is than the bounds-checked process's (``os.nice``)."""


def pytest_configure(config: pytest.Config) -> None:
    if not _is_worker(config):  # the controller, or pytest without -n: workers start after this and inherit it
        os.environ[RUN_DIR] = tempfile.mkdtemp(prefix="wizstats-tests-")
    config.wizstats_run_dir = Path(os.environ[RUN_DIR])  # type: ignore[attr-defined]
    if _is_worker(config) and hasattr(os, "nice"):
        # The bounds-checked process compiles on one core for minutes (on a fresh machine) and the test
        # waiting for it runs last: at equal priority it gets a third of two cores beside two workers and
        # ends long after them, one core idle. A lower priority for the workers gives it a core whenever
        # it runs; they take both once it is done (its cached run takes seconds: then nothing changes).
        os.nice(WORKER_NICE)
    if _is_worker(config) or not getattr(config.option, "numprocesses", None):
        return
    here = Path(__file__).resolve().parent
    if _covers(config, here / "test_boundscheck.py"):
        _start_boundscheck(config)  # the longest single job: first, beside the compiling below
    if _covers(config, here / "test_report.py"):  # the tiny report, on both cores, before the workers start
        _make_tiny_report(config.wizstats_run_dir)  # type: ignore[attr-defined]


def pytest_unconfigure(config: pytest.Config) -> None:
    if _is_worker(config):
        return
    proc = getattr(config, "wizstats_boundscheck", None)
    if proc is not None and proc.poll() is None:  # the run was cut short
        proc.kill()
        proc.wait()
    shutil.rmtree(config.wizstats_run_dir, ignore_errors=True)  # type: ignore[attr-defined]


def _start_boundscheck(config: pytest.Config) -> None:
    """Start the bounds-checked kernel run (tests/test_boundscheck.py) once: it compiles for minutes in a
    process of its own, beside the rest of the suite, and its test waits for it."""
    if getattr(config, "wizstats_boundscheck", None) is not None:
        return
    import importlib.util

    path = Path(__file__).resolve().parent / "test_boundscheck.py"
    spec = importlib.util.spec_from_file_location("wizstats_boundscheck_start", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    config.wizstats_boundscheck = module.start(module.run_dir(config))  # type: ignore[attr-defined]


LONG_FIRST = (
    "[docs/questions.md]",
    "tiny_report",
    "[docs/special.md]",
    "[docs/players.md]",
    "tests/test_docs.py",
    "browser",
)
"""Run first, in this order: the longest docs pages' checks (minutes each), the two xdist groups (one worker
each, minutes together) and the other pages; each name is part of a test's id or its xdist group.
``--dist loadgroup`` hands out work in collection order, so the long units start while the short tests can
still fill the other worker, and at the end of the run no long one holds up a worker alone."""


def _long_rank(item: pytest.Item) -> int:
    group = item.get_closest_marker("xdist_group")
    name = group.args[0] if group is not None and group.args else None
    return next((k for k, key in enumerate(LONG_FIRST) if key == name or key in item.nodeid), len(LONG_FIRST))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long units first (:data:`LONG_FIRST`), the bounds-checked test last (it waits for its process,
    which then has had the whole suite's time), and without xdist its process started now (under xdist the
    controller starts it, once). Each worker collects and orders alike, as xdist requires."""
    items.sort(key=_long_rank)  # stable: the collection order within each rank
    bounds = [item for item in items if item.get_closest_marker("boundscheck")]
    if not bounds:
        return
    items[:] = [item for item in items if not item.get_closest_marker("boundscheck")] + bounds
    if not _is_worker(config):
        _start_boundscheck(config)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: Any, ids: list[str]) -> None:
    """The xdist controller: a worker collected the bounds-checked test, so start its process (once)."""
    if any(i.split("::")[0].endswith("test_boundscheck.py") for i in ids):
        _start_boundscheck(node.config)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Under xdist, a test marked ``exclusive`` runs alone: the other worker finishes its current test and
    waits. Every other test holds a shared lock; an exclusive one first closes a gate, so that it is not
    starved, then takes the lock exclusively. The bounds-checked test only waits and takes no lock."""
    if not _is_worker(item.config) or fcntl is None or item.get_closest_marker("boundscheck"):
        yield
        return
    run_dir: Path = item.config.wizstats_run_dir  # type: ignore[attr-defined]
    exclusive = item.get_closest_marker("exclusive") is not None
    with open(run_dir / "gate.lock", "a") as gate, open(run_dir / "tests.lock", "a") as lock:
        fcntl.flock(gate, fcntl.LOCK_EX)
        if exclusive:
            fcntl.flock(lock, fcntl.LOCK_EX)
        else:
            fcntl.flock(gate, fcntl.LOCK_UN)
            fcntl.flock(lock, fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            fcntl.flock(gate, fcntl.LOCK_UN)


TINY_REPORT = "tiny-report"
"""The tiny report's directory in the run's shared directory; its frames are pickled beside it (``.pkl``)."""


def _make_tiny_report(run_dir: Path) -> None:
    """The xdist controller: ``run_report("tiny")`` before the workers start, its frames pickled for them.

    On a fresh machine this compiles the report's kernels on both cores (the workers then load them
    instead of both compiling the same kernels at once), and the workers' ``tiny_report`` fixture loads
    the result instead of computing the report a second time. If it fails, nothing is kept: the fixture
    then computes the report itself and the tests that use it show the failure.
    """
    import pickle

    from wizstats.report import run_report

    out = run_dir / TINY_REPORT
    try:
        frames = run_report("tiny", out, progress=False)
    except Exception:  # noqa: BLE001 - reported by the tests that use the fixture, where it runs again
        shutil.rmtree(out, ignore_errors=True)
        return
    part = out.with_suffix(".pkl.tmp")
    part.write_bytes(pickle.dumps(frames))
    part.replace(out.with_suffix(".pkl"))


@pytest.fixture(scope="session")
def tiny_report(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Any]]:
    """``run_report("tiny")`` once per test run: (its directory, its frames). The report runs every analysis
    (``module.run("tiny", out)``) into one directory and then writes the page; tests/test_report.py checks
    the page, tests/test_analyses.py and tests/test_claims_report.py the analyses' files and frames.
    Under xdist the controller has made it already (:func:`_make_tiny_report`); else it is made here.
    Nothing may write into the directory."""
    import pickle

    from wizstats.report import run_report

    made = Path(request.config.wizstats_run_dir) / TINY_REPORT  # type: ignore[attr-defined]
    if made.with_suffix(".pkl").is_file():
        return made, pickle.loads(made.with_suffix(".pkl").read_bytes())
    out = tmp_path_factory.mktemp("tiny-report")
    return out, run_report("tiny", out, progress=False)
