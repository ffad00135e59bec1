"""Fixtures of the web app's tests: a test client, a live server on 127.0.0.1, headless Chromium.

They need the ``web-test`` extra (starlette, uvicorn, httpx, selenium) and, for the browser
tests, Debian's ``chromium`` and ``chromium-driver``; without them the tests are skipped, except
under CI (``CI=true``, where .ci/run installs them): there a missing piece fails the tests.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def need(module: str) -> None:
    """Skip without ``module``; under CI, fail instead (CI installs every test dependency)."""
    if IN_CI:
        importlib.import_module(module)
    else:
        pytest.importorskip(module)


need("starlette")
need("httpx")
need("uvicorn")

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    """tools/web_screenshots.py: the page-driving code the screenshots and the browser tests share."""
    if "web_screenshots" not in sys.modules:
        spec = importlib.util.spec_from_file_location("web_screenshots", ROOT / "tools" / "web_screenshots.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["web_screenshots"] = module
        spec.loader.exec_module(module)
    return sys.modules["web_screenshots"]


@pytest.fixture(scope="session")
def tool() -> ModuleType:
    return _tool()


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    """A TestClient of the app with the default caps (one worker process, shared by a module's tests)."""
    from starlette.testclient import TestClient

    from wizstats.web import create_app

    with TestClient(create_app(), base_url="http://127.0.0.1") as test_client:
        yield test_client


@pytest.fixture(scope="session")
def live_server(tool: ModuleType) -> Iterator[str]:
    """The app served by uvicorn on a free port of 127.0.0.1 (kernels loaded); yields the base URL."""
    with tool.running_server() as base:
        yield base


@pytest.fixture(scope="session")
def browser(tool: ModuleType) -> Iterator[object]:
    """Headless Chromium (Debian's chromium and chromium-driver) with a fresh profile."""
    need("selenium")
    for path in (tool.CHROMIUM, tool.CHROMEDRIVER):
        if shutil.which(path) is None:
            message = f"{path} is missing (apt-get install chromium chromium-driver)"
            pytest.fail(message) if IN_CI else pytest.skip(message)
    with tool.chrome() as driver:
        yield driver
