"""The players' fitted data, read from ``wizstats/data/*.npz`` and written there by the tools that fit them.

No numba here: the kernels import the arrays (numba compiles them in as constants, and the
kernel cache key of :mod:`..jit` covers these files), the tools (``tools/fit_bid_table.py``,
``tools/fit_expert_play.py``, ``tools/fit_expert_net.py``, ``tools/gen_expert_round1.py``,
``tools/fit_special_expert.py``, ``tools/fit_special_table.py``, ``tools/fit_special_play.py``,
``tools/fit_one_colour_expert.py``,
``tools/fit_expert_cells.py``)
write them with :func:`save`. Each file holds its arrays under fixed names, with fixed dtypes
and shapes (:data:`SPECS`), and a ``note`` saying how it was made. The files are zip archives (``np.load`` reads them)
with a fixed time stamp and order, so the same arrays give the same bytes.

>>> load("expert_play")["gate"].shape
(15,)
>>> "hand sizes" in note("expert_play")
True
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import numpy as np

__all__ = ["DATA", "PASSED", "SPECS", "load", "note", "save"]

DATA = Path(__file__).resolve().parents[2] / "data"
"""The package's data folder (``wizstats/data``)."""

Spec = dict[str, tuple[str, tuple[int | None, ...]]]

SPECS: dict[str, Spec] = {
    "bidtable": {"table": ("<f8", (4, 20, 2, 37)), "fitted": ("<i8", (4, 20))},
    "expert_play": {"play": ("<f8", (15, 32)), "gate": ("<f8", (15,))},
    "expert_net": {
        "w1": ("<f8", (33, None)),
        "b1": ("<f8", (None,)),
        "w2": ("<f8", (None, None)),
        "b2": ("<f8", (None,)),
        "w3": ("<f8", (None,)),
    },
    "special_expert": {
        "scale": ("<f8", (24,)),
        "read": ("<f8", (24,)),
        "kill": ("<f8", (24,)),
        "pick": ("<i8", (24,)),
        "fitted": ("<i8", (24,)),
    },
    "special_table": {
        "table": ("<f8", (24, 2, 44)),
        "fitted": ("<i8", (24,)),
        "aim": ("<f8", (24,)),
        "gate": ("<f8", (24,)),
        "future": ("<f8", (24,)),
        "sated": ("<f8", (24,)),
        "flex": ("<f8", (24,)),
        "read": ("<f8", (24,)),
    },
    "special_play": {"play": ("<f8", (24, 48)), "fitted": ("<i8", (24,)), "margins": ("<f8", (24, 3, 3))},
    "one_colour_expert": {
        "scale": ("<f8", (12,)),
        "kill": ("<f8", (12,)),
        "read": ("<f8", (12,)),
        "pick": ("<i8", (12,)),
        "lead_min": ("<f8", (12,)),
        "duck": ("<f8", (12,)),
    },
    "expert_cells": {
        "named": ("<f8", (9, 21)),
        "named_grid": ("<f8", (None,)),
        "named_margins": ("<f8", (9, 21, None, 3)),
        "sure": ("<f8", (9, 21)),
        "sure_grid": ("<f8", (None,)),
        "sure_margins": ("<f8", (9, 21, None, 3)),
        "others": ("<f8", (9, 21)),
        "others_grid": ("<f8", (None,)),
        "others_margins": ("<f8", (9, 21, None, 3)),
    },
    "expert_round1": {
        "open": ("<u8", (None,)),
        "hidden": ("<u8", (None,)),
        "open_at": ("<i8", (4,)),
        "hidden_at": ("<i8", (4,)),
    },
}
"""Per file, its arrays: dtype and shape (``None``: any length, e.g. the network's layer widths)."""

PASSED = frozenset({"special_expert", "special_table", "special_play", "one_colour_expert"})
"""The files the engine reads and passes to the kernels as parameters (not compiled in: not in the kernel cache key)."""

_STAMP = (1980, 1, 1, 0, 0, 0)  # the zip format's earliest date: no time stamp in the bytes


def _path(name: str) -> Path:
    if name not in SPECS:
        raise ValueError(f"unknown fitted data {name!r} (known: {', '.join(SPECS)})")
    return DATA / f"{name}.npz"


def _fits(array: np.ndarray, dtype: str, shape: tuple[int | None, ...]) -> bool:
    return (
        array.dtype == np.dtype(dtype)
        and len(array.shape) == len(shape)
        and all(want is None or got == want for got, want in zip(array.shape, shape, strict=True))
    )


def _read(name: str) -> dict[str, np.ndarray]:
    path = _path(name)
    if not path.is_file():
        raise FileNotFoundError(f"wizstats: the fitted data file {path} is missing (reinstall wizstats)")
    try:
        with np.load(path, allow_pickle=False) as archive:
            return {key: archive[key] for key in archive.files}
    except (OSError, ValueError, zipfile.BadZipFile) as err:
        raise ValueError(f"wizstats: the fitted data file {path} cannot be read ({err})") from None


def load(name: str) -> dict[str, np.ndarray]:
    """The arrays of ``wizstats/data/<name>.npz``, each checked against :data:`SPECS` (one clear error if not)."""
    arrays = _read(name)
    out = {}
    for key, (dtype, shape) in SPECS[name].items():
        if key not in arrays:
            raise ValueError(f"wizstats: the fitted data file {_path(name)} has no array {key!r}")
        array = arrays[key]
        if not _fits(array, dtype, shape):
            shown = "x".join("n" if s is None else str(s) for s in shape)
            raise ValueError(
                f"wizstats: {key!r} in {_path(name)} is {array.dtype.str}[{'x'.join(map(str, array.shape))}], "
                f"expected {dtype}[{shown}]"
            )
        out[key] = array
    return out


def note(name: str) -> str:
    """How the data of ``name`` were made (the writing tool's note)."""
    arrays = _read(name)
    return str(arrays["note"]) if "note" in arrays else ""


def save(name: str, arrays: dict[str, np.ndarray], about: str, folder: Path | None = None) -> Path:
    """Write ``arrays`` (checked against :data:`SPECS`) and the note ``about`` to ``<folder>/<name>.npz``.

    Deterministic bytes: entries in :data:`SPECS` order, deflated at level 9, with a fixed time stamp.
    ``folder`` defaults to the package's data folder.
    """
    path = _path(name) if folder is None else folder / _path(name).name
    spec = SPECS[name]
    if set(arrays) != set(spec):
        raise ValueError(f"{name}: give the arrays {sorted(spec)}, got {sorted(arrays)}")
    path.parent.mkdir(parents=True, exist_ok=True)
    entries = [(key, np.ascontiguousarray(arrays[key], dtype=spec[key][0])) for key in spec]
    entries.append(("note", np.array(about)))
    for key, array in entries[:-1]:
        if not _fits(array, *spec[key]):
            raise ValueError(f"{name}: {key!r} has shape {array.shape}, expected {spec[key][1]}")
    with zipfile.ZipFile(path, "w") as archive:
        for key, array in entries:
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, array, allow_pickle=False)
            info = zipfile.ZipInfo(f"{key}.npy", date_time=_STAMP)
            info.external_attr = 0o644 << 16
            archive.writestr(info, buffer.getvalue(), zipfile.ZIP_DEFLATED, 9)
    return path
