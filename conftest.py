"""Repository-wide pytest configuration: modules of optional extras are collected only when installed.

``wizstats/web/`` needs Starlette (the ``web`` extra) and ``wizstats/openspiel/`` needs OpenSpiel (the ``bench``
extra); without them their doctests are not collected (their tests skip themselves with ``pytest.importorskip``,
and fail instead under ``CI=true`` where the extras must be installed).
"""

from __future__ import annotations

import importlib.util


def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


collect_ignore_glob = [
    *([] if _installed("starlette") else ["wizstats/web/*"]),
    *([] if _installed("pyspiel") else ["wizstats/openspiel/*"]),
]
