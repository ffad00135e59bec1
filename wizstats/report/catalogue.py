"""The analyses of the report: where they live, and loading them by name.

An analysis is a module ``analyses/<name>.py`` (installed as ``wizstats.analyses.<name>``) with
``run(size, out_dir, *, progress) -> DataFrame`` and an ``ORDER`` that places it on the page; the
registry is ``wizstats.analyses.NAMES``, an explicit list.

>>> names = [m.NAME for m in load_analyses()]
>>> "vulnerability" in names and names.index("vulnerability") < names.index("player_strength")
True
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

from ..checks import shown

__all__ = [
    "PACKAGE",
    "SIZES",
    "analyses_dir",
    "analyses_common",
    "check_size",
    "default_out_dir",
    "load_analyses",
    "project_root",
]

SIZES = ("tiny", "quick", "full")
PACKAGE = "wizstats.analyses"
"""The analyses' package: the checkout's top-level ``analyses/``, which a wheel installs as ``wizstats.analyses``."""


def project_root() -> Path | None:
    """The checkout holding ``wizstats/`` and ``analyses/``, or ``None`` for an installed package."""
    root = Path(__file__).resolve().parents[2]
    if (root / "analyses" / "__init__.py").is_file() and (root / "pyproject.toml").is_file():
        return root
    return None


def analyses_dir() -> Path:
    """The folder of the analysis scripts: ``<checkout>/analyses``, or the installed ``wizstats/analyses``."""
    return Path(_package().__file__ or "").resolve().parent


def default_out_dir(size: str) -> Path:
    """``reports/`` for the full size, ``reports/_quick`` or ``reports/_tiny`` otherwise.

    In a checkout ``reports/`` is the repository's; for an installed package, ``./reports``.
    """
    root = project_root()
    base = (root if root is not None else Path.cwd()) / "reports"
    return base if size == "full" else base / f"_{size}"


def _package() -> ModuleType:
    """The analyses' package: from the checkout when there is one (whatever the working directory), else installed.

    A checkout loads its own ``analyses/`` by path: an editable install maps ``wizstats.analyses`` to
    the checkout it was installed from, which is not this one in a second worktree.
    """
    loaded = sys.modules.get(PACKAGE)
    if loaded is not None:
        return loaded
    root = project_root()
    if root is None:
        try:
            return importlib.import_module(PACKAGE)
        except ModuleNotFoundError:
            raise ValueError("no analyses found: this installation of wizstats lacks wizstats.analyses") from None
    path = root / "analyses"
    spec = importlib.util.spec_from_file_location(PACKAGE, path / "__init__.py", submodule_search_locations=[str(path)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = module
    spec.loader.exec_module(module)
    return module


def analyses_common() -> ModuleType:
    """``wizstats.analyses._common``: the report's policy, confidence level and Markdown helpers."""
    _package()
    return importlib.import_module(f"{PACKAGE}._common")


def load_analyses(names: Iterable[str] | None = None) -> list[ModuleType]:
    """The analysis modules of ``wizstats.analyses.NAMES``, in page order (``ORDER``, then name); ``names`` selects some."""
    known: tuple[str, ...] = tuple(_package().NAMES)
    if isinstance(names, str):
        names = [names]
    wanted = list(known) if names is None else list(dict.fromkeys(str(n).strip().lower() for n in names))
    if not wanted:
        raise ValueError("name at least one analysis (wizstats report --list shows them)")
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise ValueError(f"unknown analysis {shown(unknown[0])} (known: {', '.join(sorted(known))})")
    modules = [importlib.import_module(f"{PACKAGE}.{name}") for name in wanted]
    return sorted(modules, key=lambda m: (getattr(m, "ORDER", 1000), m.__name__))


def check_size(size: str) -> str:
    """``size`` if it is one of :data:`SIZES`, else a ``ValueError`` naming it."""
    if size not in SIZES:
        raise ValueError(f"unknown size {shown(size)} (expected one of {', '.join(SIZES)})")
    return size
