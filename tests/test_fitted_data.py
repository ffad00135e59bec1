"""The players' fitted data files (``wizstats/data/*.npz``): shipped, checked on load, written deterministically."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
import tomllib

from wizstats._kernels.players import fitted

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", sorted(fitted.SPECS))
def test_each_file_loads_as_specified_and_rewrites_to_the_same_bytes(name: str, tmp_path: Path) -> None:
    """Every shipped file has its arrays with their dtypes and shapes, and saving what was loaded (with its
    note) gives the shipped bytes again: no time stamp, a fixed order, so a refit changes the file only when
    the numbers change."""
    arrays = fitted.load(name)
    assert set(arrays) == set(fitted.SPECS[name])
    written = fitted.save(name, arrays, fitted.note(name), folder=tmp_path)
    assert written.read_bytes() == (fitted.DATA / f"{name}.npz").read_bytes()
    again = fitted.save(name, arrays, fitted.note(name), folder=tmp_path / "again")
    assert again.read_bytes() == written.read_bytes()


def test_a_missing_or_malformed_file_gets_one_clear_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    shutil.copytree(fitted.DATA, data)
    monkeypatch.setattr(fitted, "DATA", data)
    (data / "expert_play.npz").unlink()
    with pytest.raises(FileNotFoundError, match=r"fitted data file .*expert_play\.npz is missing") as missing:
        fitted.load("expert_play")
    assert "\n" not in str(missing.value)
    play = fitted.load("bidtable")
    np.savez(data / "expert_play.npz", play=np.zeros((14, 32)), gate=np.zeros(15))
    with pytest.raises(ValueError, match=r"'play' in .*expert_play\.npz is <f8\[14x32\], expected <f8\[15x32\]"):
        fitted.load("expert_play")
    np.savez(data / "expert_play.npz", play=np.zeros((15, 32), np.float32), gate=np.zeros(15))
    with pytest.raises(ValueError, match=r"'play' .* is <f4\[15x32\]"):
        fitted.load("expert_play")
    np.savez(data / "expert_play.npz", play=np.zeros((15, 32)))
    with pytest.raises(ValueError, match="has no array 'gate'"):
        fitted.load("expert_play")
    (data / "expert_play.npz").write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="cannot be read"):
        fitted.load("expert_play")
    with pytest.raises(ValueError, match="unknown fitted data 'nothing'"):
        fitted.load("nothing")
    with pytest.raises(ValueError, match="give the arrays"):
        fitted.save("bidtable", {"table": play["table"]}, "", folder=tmp_path)


def test_the_wheel_ships_the_data_files() -> None:
    """A non-editable install has them: pyproject lists the data folder as package data of ``wizstats``."""
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "data/*.npz" in package_data["wizstats"]
    assert sorted(p.stem for p in fitted.DATA.glob("*.npz")) == sorted(fitted.SPECS)
