"""Every line of the hostile-input corpus (``tests/fuzz/corpus/*.txt``), run in-process through ``wizstats.cli.main``.

A case passes when it ends as its line says: ``ok`` (exit 0, stderr only one-line notices) or
``err`` (exit 2, exactly one line on stderr), never a traceback, an abort, or nonsense accepted;
a damaged-cache case must also print exactly what the clean first run printed. Rerun with
``python -m pytest tests/fuzz`` (sizes are tiny; the kernels compile once per session).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus  # noqa: E402

CASES = corpus.load()


def test_every_command_has_at_least_30_cases() -> None:
    from wizstats.cli import COMMANDS

    per_command = Counter(case.command for case in CASES)
    assert set(per_command) == set(COMMANDS), set(COMMANDS) ^ set(per_command)
    assert min(per_command.values()) >= 30, per_command


def test_every_class_of_the_issue_is_in_the_corpus() -> None:
    assert set(corpus.CLASSES) <= {case.klass for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case_ends_as_expected(case: corpus.Case, tmp_path: Path) -> None:
    outcome = corpus.run_case(case, tmp_path, corpus.run_in_process)
    problem = corpus.judge(case, outcome)
    assert problem is None, f"{problem}: wizstats {case.text}\nstderr: {outcome.err[-2000:]}"
