"""The layout tells the flow: layers import only downwards, through public names, and numba stays in one module.

The layers, lowest first (docs/architecture.md):
rules -> reference -> _kernels -> players -> engine -> exact -> stats -> sweep -> questions -> report -> cli.
``intervals``, ``checks``, ``layout`` (the players' plain ints, shared by the registry and the kernels),
``estimates`` and ``scoresheet`` are small top-level modules beside them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "wizstats"

LAYERS = {
    "intervals": 0,
    "checks": 0,
    "layout": 0,
    "rules": 1,
    "estimates": 2,
    "scoresheet": 2,
    "reference": 3,
    "_kernels": 4,
    "players": 5,
    "engine": 6,
    "exact": 7,
    "stats": 8,
    "sweep": 9,
    "questions": 10,
    "report": 11,
    "web": 12,
    "openspiel": 12,
    "cli": 13,
    "__init__": 14,
    "__main__": 15,
}
"""Each part of ``wizstats/`` and its height: a part may import only parts at its height or below."""


def part_of(module: str) -> str:
    """``wizstats.engine.arena`` -> ``engine``; ``wizstats`` -> ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def module_name(path: Path) -> tuple[str, bool]:
    rel = path.relative_to(ROOT).with_suffix("").parts
    is_package = rel[-1] == "__init__"
    return ".".join(rel[:-1] if is_package else rel), is_package


def imports(path: Path) -> list[tuple[str, list[str], int]]:
    """Every ``wizstats`` import of a file (at any depth): (target module, names, line)."""
    name, is_package = module_name(path)
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(a.name, [], node.lineno) for a in node.names if a.name.split(".")[0] == "wizstats"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if target.split(".")[0] != "wizstats":
                continue
            if node.level and not node.module:  # ``from .. import checks``: the module itself, not the face
                found += [(f"{target}.{a.name}", [a.name], node.lineno) for a in node.names]
            else:
                found.append((target, [a.name for a in node.names], node.lineno))
    return found


SOURCES = sorted(PACKAGE.rglob("*.py"))


def test_every_part_has_a_height() -> None:
    parts = {p.stem if p.parent == PACKAGE else p.relative_to(PACKAGE).parts[0] for p in SOURCES}
    assert parts <= set(LAYERS), f"give these a layer: {sorted(parts - set(LAYERS))}"


def test_at_most_twelve_top_level_modules() -> None:
    top = [p.name for p in PACKAGE.glob("*.py")]
    assert len(top) <= 12, top


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_go_down_through_public_names(path: Path) -> None:
    me = part_of(module_name(path)[0])
    for target, names, line in imports(path):
        them = part_of(target)
        where = f"{path.relative_to(ROOT)}:{line} imports {target}"
        if names == ["__version__"]:
            continue  # the version string is metadata, not a layer
        assert LAYERS[them] <= LAYERS[me], f"{where}: {them} is above {me}"
        if them != me:
            private = [n for n in names if n.startswith("_")]
            assert not private, f"{where}: private names {private} cross from {them} to {me}"
            if them not in ("_kernels", "intervals", "checks", "estimates", "scoresheet") and target != "wizstats":
                assert target == f"wizstats.{them}", f"{where}: import from the face wizstats.{them}"


ABOVE_THE_ENGINE = ("exact", "stats", "sweep", "questions", "report", "web", "cli", "__init__")
"""Parts that reach the kernels only through :mod:`wizstats.engine` (``sweep`` still calls its own, listed)."""

KERNEL_USERS = {"wizstats/sweep/core.py"}
"""Files above the engine allowed a kernel import today (the sweep's chunk kernel and thread count)."""


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_kernels_are_reached_through_the_engine(path: Path) -> None:
    me = part_of(module_name(path)[0])
    if me not in ABOVE_THE_ENGINE or str(path.relative_to(ROOT)) in KERNEL_USERS:
        return
    for target, _, line in imports(path):
        assert part_of(target) != "_kernels", f"{path.relative_to(ROOT)}:{line} imports {target}: go through the engine"


def test_only_jit_imports_numba() -> None:
    pattern = re.compile(r"^\s*(import numba|from numba)", re.M)
    users = [str(p.relative_to(ROOT)) for p in SOURCES if pattern.search(p.read_text())]
    assert users == ["wizstats/_kernels/jit.py"]


@pytest.mark.parametrize("package", sorted(p.parent for p in PACKAGE.glob("*/__init__.py")), ids=lambda p: p.name)
def test_each_subpackage_has_one_public_face(package: Path) -> None:
    if package.name in ("_kernels", "cli"):
        return  # the kernels are called by the engine module by module; the CLI's face is main()
    tree = ast.parse((package / "__init__.py").read_text())
    exported = next(
        (
            node.value
            for node in tree.body
            if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "__all__"
        ),
        None,
    )
    assert exported is not None, f"{package.name}/__init__.py has no __all__"
    module = __import__(f"wizstats.{package.name}", fromlist=["*"])
    for name in ast.literal_eval(exported):
        assert hasattr(module, name), f"wizstats.{package.name}.__all__ names {name!r}, which it does not define"


def test_pyproject_lists_every_package() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    tree = {module_name(p)[0] for p in PACKAGE.rglob("__init__.py")} | {"wizstats.analyses"}
    assert listed == tree
