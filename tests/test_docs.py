"""The documentation cannot go stale: every example of README.md and docs/ reruns, and the site builds.

``tools/docs.py --check`` is run here page by page (a page whose printed output differs from what
its commands print now fails with the diff; ``python tools/docs.py --write`` refreshes them), and
``mkdocs build --strict`` must pass (broken links and anchors, missing pages, pages left out of the
nav). The checker itself is tested on small pages it must reject or repair.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load_tool():
    spec = importlib.util.spec_from_file_location("wizstats_docs_tool", ROOT / "tools" / "docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


docs = _load_tool()
PAGES = docs.default_files()


def test_the_checker_runs_this_checkout() -> None:
    import wizstats

    assert Path(wizstats.__file__).resolve().is_relative_to(ROOT), (
        f"the docs must be checked against this checkout, but wizstats is imported from {wizstats.__file__}"
        f" (install it editable from {ROOT}, or set PYTHONPATH={ROOT})"
    )


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_page_outputs_are_what_the_code_prints(page: Path) -> None:
    outcome = docs.process(page)
    assert not outcome.diffs, (
        f"{len(outcome.diffs)} of {outcome.examples} examples print something else now;"
        " run `python tools/docs.py --write` and review the diff:\n\n" + "\n\n".join(outcome.diffs)
    )


def test_every_page_is_in_the_nav_and_the_site_builds(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_readme_links_point_at_files_and_headings() -> None:
    """README.md is not part of the site, so mkdocs does not check its links: this does."""
    try:
        from markdown.extensions import toc

        slugify = toc.slugify
    except ImportError:  # without markdown (an mkdocs dependency), check the files only
        slugify = None
    for target in LINK.findall((ROOT / "README.md").read_text()):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        assert (ROOT / path).exists(), f"README.md links to {path}, which does not exist"
        if anchor and slugify is not None and path.endswith(".md"):
            headings = re.findall(r"^#+\s+(.*?)\s*$", (ROOT / path).read_text(), re.M)
            assert anchor in {slugify(h, "-") for h in headings}, f"README.md links to {target}: no such heading"


# ---------------------------------------------------------------- the checker itself

STALE = """# demo

```console
$ wizstats winner J W R5 --trump red
R5 wins (card 3 of 3)
$ wizstats winner X5
```

Text between blocks stays as it is.

- In a list:

  ```pycon
  >>> for i in range(11):
  ...     print(i)
  0
  1
  ...
  10
  >>> 6 * 7
  41
  ```
"""


def test_a_stale_output_is_reported_and_write_repairs_it(tmp_path: Path) -> None:
    page = tmp_path / "demo.md"
    page.write_text(STALE)
    found = docs.process(page)
    assert found.examples == 4 and len(found.diffs) == 3, found.diffs
    assert "-R5 wins (card 3 of 3)\n+W wins (card 2 of 3)" in found.diffs[0]
    assert "+wizstats: error: unknown card 'X5'" in found.diffs[1]  # an error prints its one line
    assert "-41\n+42" in found.diffs[2]  # the loop's elided middle is not a difference

    written = docs.process(page, write=True)
    assert written.changed == 3 and written.new_text is not None
    page.write_text(written.new_text)
    assert docs.process(page).diffs == []
    text = page.read_text()
    assert "Text between blocks stays as it is." in text
    assert "  >>> 6 * 7\n  42\n" in text  # the block's indent is kept
    assert "  0\n  1\n  ...\n  10\n" in text  # and so is the cut, unchanged where the output still fits


def test_write_keeps_an_ellipsis_cut_where_it_was(tmp_path: Path) -> None:
    page = tmp_path / "cut.md"
    page.write_text("```pycon\n>>> for i in range(6):\n...     print(i * 10)\nx\n...\ny\n```\n")
    written = docs.process(page, write=True)
    assert written.new_text is not None and "x\n" not in written.new_text
    assert ">>> for i in range(6):\n...     print(i * 10)\n0\n...\n50\n" in written.new_text


def test_timing_blocks_compare_their_shape(tmp_path: Path) -> None:
    page = tmp_path / "timing.md"
    body = "```pycon\n>>> print(f'{123.4:,.1f} rounds/s')\n{line}\n```\n"
    page.write_text("<!-- docs: timing -->\n" + body.replace("{line}", "9,999.0 rounds/s"))
    assert docs.process(page).diffs == []  # another number is no difference
    page.write_text("<!-- docs: timing -->\n" + body.replace("{line}", "9,999.0 games/s"))
    assert docs.process(page).diffs  # another label is
    page.write_text(body.replace("{line}", "9,999.0 rounds/s"))
    assert docs.process(page).diffs  # and without the directive numbers count


def test_skipped_and_illustration_blocks_do_not_run(tmp_path: Path) -> None:
    page = tmp_path / "skip.md"
    page.write_text("<!-- docs: skip -->\n```console\n$ false\nnever checked\n```\n\n```bash\nwizstats nothing\n```\n")
    outcome = docs.process(page)
    assert outcome.examples == 0 and outcome.diffs == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("```console\nwizstats winner W --trump red\n```\n", "must start with '\\$ '"),
        ("```pycon\nprint(1)\n```\n", "must start with '>>> '"),
        ("```python\nprint(1)\n```\n", None),  # python without >>>: an illustration, never run
        ("<!-- docs: sometimes -->\n```console\n$ true\n```\n", "unknown docs directive"),
        ("```console\n$ wizstats winner W --trump red\n...\n```\n", "checks nothing"),
        ("```console\n$ true\n", "not closed"),
    ],
)
def test_malformed_pages_are_refused_with_their_line(tmp_path: Path, text: str, message: str | None) -> None:
    page = tmp_path / "bad.md"
    page.write_text(text)
    if message is None:
        assert docs.process(page).examples == 0
        return
    with pytest.raises(ValueError, match=message):
        docs.process(page)


def test_a_crash_is_not_an_output(tmp_path: Path) -> None:
    page = tmp_path / "crash.md"
    page.write_text("```pycon\n>>> 1 +\n```\n")
    with pytest.raises(docs.Failure, match="invalid syntax"):
        docs.process(page)
