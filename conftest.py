"""Repository-wide pytest configuration: modules of optional extras are collected only when installed.

``wizstats/openspiel/`` needs OpenSpiel (the ``bench`` extra); without it its doctests are not
collected (its tests skip themselves with ``pytest.importorskip``).
"""

from __future__ import annotations

import importlib.util


def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


collect_ignore_glob = [] if _installed("pyspiel") else ["wizstats/openspiel/*"]
