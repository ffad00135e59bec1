"""Skip collecting the web app's doctests when its optional dependencies (the ``web`` extra) are absent."""

from __future__ import annotations

import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("starlette") else ["wizstats/web/*"]
