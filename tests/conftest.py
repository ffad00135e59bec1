"""Shared fixtures and hypothesis settings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Start the bounds-checked kernel run (tests/test_boundscheck.py) at once when its test is selected:
    it compiles for minutes in a process of its own, beside the rest of the suite, and its test waits for it."""
    if any(item.get_closest_marker("boundscheck") for item in items) and not hasattr(config, "wizstats_boundscheck"):
        import importlib.util
        import tempfile

        path = Path(__file__).resolve().parent / "test_boundscheck.py"
        spec = importlib.util.spec_from_file_location("wizstats_boundscheck_start", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        config.wizstats_boundscheck = module.start(Path(tempfile.mkdtemp(prefix="wizstats-boundscheck-")))  # type: ignore[attr-defined]
