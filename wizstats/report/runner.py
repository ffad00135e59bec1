"""The strategy report: run every analysis of ``analyses/`` and write ``reports/index.html`` and ``README.md``.

An analysis is a module ``analyses/<name>.py`` with ``run(size, out_dir, *, progress) -> DataFrame``,
which writes ``<name>.csv``, ``.md`` and ``.png`` and returns its table with the title, question,
finding, assumptions and display table in ``frame.attrs`` (see ``analyses/_common.py``), and an
``ORDER`` that places it on the page. The registry is ``wizstats.analyses.NAMES``, an explicit
list: adding an analysis is adding its file and its name there. Sizes: ``tiny`` (seconds, for
tests), ``quick`` (a minute or two) and ``full`` (the committed reports). Nothing written depends
on the clock or the machine.

>>> names = [m.NAME for m in load_analyses()]
>>> "vulnerability" in names and names.index("vulnerability") < names.index("player_strength")
True
"""

from __future__ import annotations

import base64
import html
import importlib
import importlib.util
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import TextIO

import pandas as pd

from .. import __version__
from ..checks import output_dir, shown, write_atomic
from ..engine import compile_notice_for
from ..players import POLICIES

__all__ = ["SIZES", "analyses_dir", "default_out_dir", "load_analyses", "run_report", "write_index", "write_readme"]

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


def _common() -> ModuleType:
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


def _size_iv(size: str) -> str:
    if size not in SIZES:
        raise ValueError(f"unknown size {shown(size)} (expected one of {', '.join(SIZES)})")
    return size


REPORT_KERNELS = (
    "engine.round:simulate_counts",
    "engine.stats:hand_rounds",
    "engine.stats:card_rounds",
    "engine.stats:card_table_rounds",
    "engine.stats:paired_rounds",
    "engine.stats:game_round",
    "engine.game:simulate_games_kernel",
    "engine.arena:arena_kernel",
    "special.round:simulate_special_counts",
)
"""The kernels the analyses call: if one is not compiled yet, the report says so before it starts."""


def run_report(
    size: str = "full",
    out_dir: str | Path | None = None,
    *,
    only: Sequence[str] | None = None,
    progress: bool | None = None,
) -> list[pd.DataFrame]:
    """Run the analyses and, when all ran, write ``index.html`` and ``README.md``.

    Parameters
    ----------
    size
        ``tiny``, ``quick`` or ``full`` (the committed reports).
    out_dir
        Where to write (default: :func:`default_out_dir`).
    only
        Names of the analyses to run; the page is then left as it is.
    progress
        What the report says on stderr while it works. ``None`` (the default): progress bars on a
        terminal, else one flushed line as each analysis starts and ends, with its time (a log, CI,
        ``| tee``); ``True``: the bars; ``False``: nothing.

    Returns
    -------
    list of DataFrame
        One per analysis that ran, with its text in ``attrs``. Failures are collected and raised
        together as a :class:`RuntimeError` after the others ran (the page is not written).
    """
    size = _size_iv(size)
    modules = load_analyses(only)
    out = output_dir(out_dir if out_dir is not None else default_out_dir(size), "report directory")
    bars = sys.stderr.isatty() if progress is None else progress
    if progress is not False:
        compile_notice_for(*REPORT_KERNELS, what="the simulator")
    frames, failed = [], []
    for module in _announced(modules, "bars" if bars else "lines" if progress is None else "off", sys.stderr):
        try:
            frames.append(module.run(size, out, progress=bars))
        except Exception as err:  # noqa: BLE001 - report every failure, then stop
            failed.append(f"{module.NAME}: {type(err).__name__}: {err}")
    if failed:
        raise RuntimeError("analyses failed: " + "; ".join(failed))
    if only is None:
        write_index(frames, out, size)
        write_readme(frames, out, size)
    return frames


def _announced(modules: Sequence[ModuleType], mode: str, stream: TextIO) -> Iterator[ModuleType]:
    """Yield each analysis, saying so on ``stream``: a tqdm bar (``bars``), flushed lines (``lines``) or nothing.

    Lines: ``[3/16] trick_probability ...`` as an analysis starts, ``[3/16] trick_probability done in
    41 s`` as it ends; the bars end with every analysis's time on one line.
    """
    timings = []
    if mode == "bars":
        from tqdm.auto import tqdm  # only on a terminal: tqdm.auto looks for Jupyter

        modules = tqdm(modules, desc="wizstats report", unit="analysis", position=0, file=stream)
    total = len(modules)
    for k, module in enumerate(modules, 1):
        if mode == "bars":
            modules.set_postfix_str(module.NAME)  # type: ignore[attr-defined]
        elif mode == "lines":
            print(f"[{k}/{total}] {module.NAME} ...", file=stream, flush=True)
        start = time.perf_counter()
        yield module
        seconds = time.perf_counter() - start
        timings.append(f"{module.NAME} {seconds:.0f}s")
        if mode == "lines":
            print(f"[{k}/{total}] {module.NAME} done in {seconds:.0f} s", file=stream, flush=True)
    if mode == "bars":
        modules.close()  # type: ignore[attr-defined]
        print("  " + ", ".join(timings), file=stream, flush=True)


# ---------------------------------------------------------------- the page
INTRO = (
    "wizstats answers strategy questions about the card game Wizard with numbers: a compiled trick simulator plays"
    " the rounds under the exact rules, exact counts are used where counting is possible, and every estimate carries"
    " its confidence interval. Each section below is one analysis: the question, the finding (written from the"
    " numbers of this run), the chart, the table and the assumptions. The tables in full are the CSV files beside"
    " this page."
)

CSS = """
body { font-family: -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; max-width: 1100px; margin: 2em auto;
       padding: 0 1em; color: #222; line-height: 1.5; }
h1 { border-bottom: 2px solid #4f81bd; padding-bottom: .2em; }
h2 { margin-top: 2.2em; border-bottom: 1px solid #ddd; padding-bottom: .2em; }
.question { font-style: italic; color: #555; }
.finding { background: #f4f7fb; border-left: 4px solid #4f81bd; padding: .6em 1em; }
img { max-width: 100%; height: auto; border: 1px solid #eee; }
table { border-collapse: collapse; font-size: 0.88em; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: .25em .6em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
.assumptions { font-size: 0.88em; color: #444; }
nav ol { columns: 2; }
footer { margin-top: 3em; font-size: .85em; color: #666; border-top: 1px solid #ddd; padding-top: .5em; }
"""


def _display(frame: pd.DataFrame) -> pd.DataFrame:
    d = frame.attrs["display"]
    return pd.DataFrame(d["data"], columns=d["columns"])


def _global_assumptions(frames: Sequence[pd.DataFrame], size: str) -> tuple[list[tuple[str, str]], pd.DataFrame]:
    common = _common()
    items = [
        (
            "rules",
            "the standard game of RULES.md unless an analysis names a variant: 60 cards (4 suits of 1..13,"
            " 4 Wizards, 4 Jesters), 3 to 6 players, trump from the turned card (the dealer names it after a"
            " turned Wizard, after looking), open bids from the dealer's left, standard scoring (20 + 10 per"
            " trick met, -10 per trick off), no plus/minus one",
        ),
        ("seats", "seat 0 is the dealer and bids last; seat 1 bids first and leads the first trick"),
        ("players", f"{common.POLICY} for every seat unless named: {POLICIES[common.POLICY].doc}"),
        (
            "sizes",
            f"'{size}' sample sizes; every seed is fixed and named per analysis, so the same code gives the same files",
        ),
        (
            "intervals",
            f"{common.CONFIDENCE:.0%} confidence: Wilson for proportions, normal for means; exact counts say so",
        ),
        ("software", f"wizstats {__version__}"),
    ]
    rows = [{"analysis": f.attrs["name"], "sample and seed": f.attrs["assumptions"].get("sample", "")} for f in frames]
    return items, pd.DataFrame(rows)


def _html_table(frame: pd.DataFrame) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in frame.columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row) + "</tr>"
        for row in frame.itertuples(index=False)
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _section_html(frame: pd.DataFrame, out: Path) -> str:
    a = frame.attrs
    png = base64.b64encode((out / f"{a['name']}.png").read_bytes()).decode("ascii")
    assumptions = "".join(f"<li><b>{html.escape(k)}</b>: {html.escape(v)}</li>" for k, v in a["assumptions"].items())
    return (
        f'<section id="{a["name"]}"><h2>{html.escape(a["title"])}</h2>'
        f'<p class="question">{html.escape(a["question"])}</p>'
        f'<p class="finding">{html.escape(a["finding"]).replace(chr(10), "<br>")}</p>'
        f'<img src="data:image/png;base64,{png}" alt="{html.escape(a["title"])}">'
        f"{_html_table(_display(frame))}"
        f'<div class="assumptions">Assumptions:<ul>{assumptions}</ul>'
        f'Files: <a href="{a["name"]}.csv">{a["name"]}.csv</a>, <a href="{a["name"]}.md">{a["name"]}.md</a>,'
        f' <a href="{a["name"]}.png">{a["name"]}.png</a></div></section>'
    )


def write_index(frames: Sequence[pd.DataFrame], out_dir: str | Path, size: str) -> Path:
    """Write ``index.html``: self-contained (charts embedded as data URIs), one section per analysis."""
    out = Path(out_dir)
    items, samples = _global_assumptions(frames, size)
    toc = "".join(f'<li><a href="#{f.attrs["name"]}">{html.escape(f.attrs["title"])}</a></li>' for f in frames)
    glob = "".join(f"<li><b>{html.escape(k)}</b>: {html.escape(v)}</li>" for k, v in items)
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>wizstats: the strategy report</title><style>{CSS}</style></head><body>"
        f"<h1>wizstats: the strategy report</h1><p>{html.escape(INTRO)}</p>"
        f'<nav><h3>Contents</h3><ol>{toc}<li><a href="#assumptions">Assumptions</a></li></ol></nav>'
        + "".join(_section_html(f, out) for f in frames)
        + f'<section id="assumptions"><h2>Assumptions</h2><ul>{glob}</ul>{_html_table(samples)}</section>'
        f"<footer>Generated by <code>wizstats report{'' if size == 'full' else ' --size ' + size}</code> from the"
        " code in this repository; run it again to regenerate these files exactly.</footer></body></html>\n"
    )
    path = out / "index.html"
    write_atomic(path, page)
    return path


def write_readme(frames: Sequence[pd.DataFrame], out_dir: str | Path, size: str) -> Path:
    """Write ``README.md``: the same content as the page, in Markdown (charts linked)."""
    common = _common()
    out = Path(out_dir)
    items, samples = _global_assumptions(frames, size)
    lines = ["# wizstats: the strategy report", "", INTRO, "", "Contents:", ""]
    lines += [f"{k}. [{f.attrs['title']}](#{f.attrs['name'].replace('_', '-')})" for k, f in enumerate(frames, 1)]
    lines += ["", "The same report as a page: [index.html](index.html).", ""]
    for f in frames:
        a = f.attrs
        lines += [
            f'<a id="{a["name"].replace("_", "-")}"></a>',
            "",
            f"## {a['title']}",
            "",
            f"*{a['question']}*",
            "",
            a["finding"],
            "",
            f"![{a['title']}]({a['name']}.png)",
            "",
            common.markdown_table(_display(f)),
            "",
            "Assumptions:",
            "",
            *common.assumptions_lines(a["assumptions"]),
            "",
            f"Files: [{a['name']}.csv]({a['name']}.csv), [{a['name']}.md]({a['name']}.md).",
            "",
        ]
    lines += [
        "## Assumptions",
        "",
        *common.assumptions_lines(dict(items)),
        "",
        common.markdown_table(samples),
        "",
        f"Generated by `wizstats report{'' if size == 'full' else ' --size ' + size}`; run it again to regenerate"
        " these files exactly.",
        "",
    ]
    path = out / "README.md"
    write_atomic(path, "\n".join(lines))
    return path
