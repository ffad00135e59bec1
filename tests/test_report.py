"""The report runner: the page parses, embeds or links every image it shows, and shows every analysis."""

from __future__ import annotations

import base64
import re
from html.parser import HTMLParser
from pathlib import Path

import pandas as pd
import pytest

from wizstats.cli import main
from wizstats.report import default_out_dir, load_analyses, run_report

NAMES = [m.NAME for m in load_analyses()]


class _Page(HTMLParser):
    """Collects images, links, section ids and headings."""

    def __init__(self) -> None:
        super().__init__()
        self.images: list[str] = []
        self.links: list[str] = []
        self.sections: list[str] = []
        self.h2: list[str] = []
        self.tables = 0
        self._in_h2 = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "img":
            self.images.append(a.get("src") or "")
        elif tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        elif tag == "section":
            self.sections.append(a.get("id") or "")
        elif tag == "table":
            self.tables += 1
        self._in_h2 = tag == "h2"

    def handle_endtag(self, tag: str) -> None:
        self._in_h2 = False if tag == "h2" else self._in_h2

    def handle_data(self, data: str) -> None:
        if self._in_h2:
            self.h2.append(data)


pytestmark = pytest.mark.xdist_group("tiny_report")  # one worker computes tiny_report (tests/conftest.py)


@pytest.fixture(scope="module")
def report(tiny_report: tuple[Path, list[pd.DataFrame]]) -> tuple[Path, list[pd.DataFrame]]:
    """``run_report("tiny", out)``, shared with tests/test_analyses.py and tests/test_claims_report.py."""
    return tiny_report


def test_every_analysis_has_a_section_with_its_image(report: tuple[Path, list[pd.DataFrame]]) -> None:
    out, frames = report
    page = _Page()
    page.feed((out / "index.html").read_text(encoding="utf-8"))
    page.close()
    assert [f.attrs["name"] for f in frames] == NAMES
    assert set(NAMES) <= set(page.sections)
    assert len(page.images) == len(NAMES)
    for name, src in zip(NAMES, page.images, strict=True):
        prefix = "data:image/png;base64,"
        if src.startswith(prefix):
            assert base64.b64decode(src[len(prefix) :]) == (out / f"{name}.png").read_bytes()
        else:  # a relative link must point at a file beside the page
            assert (out / src).is_file()
    for href in page.links:
        if href.startswith("#"):
            assert href[1:] in page.sections
        else:
            assert (out / href).is_file(), href
    assert page.tables >= len(NAMES) + 1
    for frame in frames:
        assert frame.attrs["title"] in page.h2


def test_page_states_findings_and_assumptions(report: tuple[Path, list[pd.DataFrame]]) -> None:
    out, frames = report
    text = (out / "index.html").read_text(encoding="utf-8")
    import html

    for frame in frames:
        assert html.escape(frame.attrs["finding"]).replace("\n", "<br>") in text  # lines kept as lines
        assert frame.attrs["assumptions"]["sample"]
        for value in frame.attrs["assumptions"].values():
            assert html.escape(value) in text
    for word in ("rules", "players", "seed", "Assumptions"):
        assert word in text


def test_readme_has_the_same_content(report: tuple[Path, list[pd.DataFrame]]) -> None:
    out, frames = report
    md = (out / "README.md").read_text(encoding="utf-8")
    for frame in frames:
        a = frame.attrs
        assert f"## {a['title']}" in md and a["finding"] in md and f"]({a['name']}.png)" in md


def test_no_timestamps_or_paths(report: tuple[Path, list[pd.DataFrame]]) -> None:
    out, _ = report
    for path in [out / "index.html", out / "README.md", *out.glob("*.md"), *out.glob("*.csv")]:
        text = path.read_text(encoding="utf-8")
        assert str(out) not in text and "/tmp" not in text, path
        assert not re.search(r"\b20\d\d-\d\d-\d\d\b|\d\d:\d\d:\d\d", text), path


def test_only_runs_some_and_leaves_the_page(tmp_path: Path) -> None:
    frames = run_report("tiny", tmp_path, only=["vulnerability"], progress=False)
    assert [f.attrs["name"] for f in frames] == ["vulnerability"]
    assert (tmp_path / "vulnerability.csv").is_file() and not (tmp_path / "index.html").exists()


def test_sizes_and_defaults() -> None:
    assert default_out_dir("full").name == "reports"
    assert default_out_dir("quick").name == "_quick"
    with pytest.raises(ValueError, match="unknown size"):
        run_report("huge")
    with pytest.raises(ValueError, match="unknown analysis 'nope'"):
        load_analyses(["nope"])


def test_cli_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "--list", "--format", "csv"]) == 0
    listed = capsys.readouterr().out
    assert all(name in listed for name in NAMES)
    assert main(["report", "--size", "tiny", "--out", str(tmp_path), "--only", "schedule_points", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "schedule_points: " in out and "330 of 750" in out
    assert main(["report", "--only", "nope", "--size", "tiny", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "unknown analysis 'nope'" in err and len(err.splitlines()) == 1
