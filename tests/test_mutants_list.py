"""The mutation list of ``tools/mutants.py`` still applies to this tree (the mutation run itself is not CI).

Every mutant's snippet must occur exactly once in its file, so an edit that moves or rewrites a
line shows up here, and the list is updated with the code instead of silently testing nothing.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("wizstats_mutants_tool", ROOT / "tools" / "mutants.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_every_mutant_applies_exactly_once() -> None:
    tool = _tool()
    assert tool.check_applies(ROOT) == []
    assert len(tool.MUTANTS) >= 25


def test_every_mutant_maps_to_tests_that_exist() -> None:
    tool = _tool()
    for m in tool.MUTANTS:
        assert m.tests, m.id
        for target in m.tests:
            path, _, name = target.partition("::")
            text = (ROOT / path).read_text()
            if name:
                assert f"def {name.split('[')[0]}(" in text, (m.id, target)


def test_areas_cover_rules_players_intervals_caches_and_cli() -> None:
    tool = _tool()
    areas = {m.area for m in tool.MUTANTS}
    assert {"rules", "players", "intervals", "caches", "cli"} <= areas
    kernel_rules = [m for m in tool.MUTANTS if m.area == "rules" and m.kernel]
    reference_rules = [m for m in tool.MUTANTS if m.area == "rules" and not m.kernel]
    assert kernel_rules and reference_rules


def test_older_snippets_are_the_same_bug_on_old_lines() -> None:
    """This tree takes each mutant's own snippet; an older snippet is only for trees that lack it."""
    tool = _tool()
    for m in tool.MUTANTS:
        text = (ROOT / m.path).read_text()
        assert m.edit(text) == (m.original, m.replacement), m.id
        for original, replacement in m.older:
            assert original != replacement and original != m.original, m.id
            assert m.edit(original) == (original, replacement)  # a tree holding only the old lines
    assert set(tool.OLDER) <= {m.id for m in tool.MUTANTS}
