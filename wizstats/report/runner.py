"""The strategy report: run every analysis of ``analyses/`` and write ``reports/index.html`` and ``README.md``.

An analysis is a module ``analyses/<name>.py`` with ``run(size, out_dir, *, progress) -> DataFrame``,
which writes ``<name>.csv``, ``.md`` and ``.png`` and returns its table with the title, question,
finding, assumptions and display table in ``frame.attrs`` (see ``analyses/_common.py``), and an
``ORDER`` that places it on the page. The registry is ``wizstats.analyses.NAMES``, an explicit
list: adding an analysis is adding its file and its name there. Sizes: ``tiny`` (seconds, for
tests), ``quick`` (a minute or two) and ``full`` (the committed reports). Nothing written depends
on the clock or the machine.

>>> run_report("tiny", only=["nothing"])
Traceback (most recent call last):
...
ValueError: unknown analysis 'nothing' (known: bid_scores, bid_thresholds, claims_checked, clairvoyance, kuschelwizard, player_strength, players_compared, schedule_points, score_distributions, seat_effects, special_cards, standard_vs_tournament, trick_probability, trump_choice, vulnerability, wizard_value)
"""

from __future__ import annotations

import base64
import html
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import TextIO

import pandas as pd

from .. import __version__
from ..checks import output_dir, write_atomic
from ..engine import compile_notice_for
from ..players import DEFAULT_POLICY, POLICIES
from ..stats import CERTIFIED, DEPENDS
from .catalogue import analyses_common, check_size, default_out_dir, load_analyses
from .warm import REPORT_COMPILE, REPORT_KERNELS, run_in_workers, worker_count

__all__ = ["certificates", "run_report", "write_index", "write_readme"]


def run_report(
    size: str = "full",
    out_dir: str | Path | None = None,
    *,
    only: Sequence[str] | None = None,
    progress: bool | None = None,
    processes: int | None = None,
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
        What the report says on stderr while it works. ``None`` (the default): one flushed line as
        each analysis starts and ends, with its time, or progress bars when it runs in this process
        and stderr is a terminal; ``True``: the same, bars wherever they can be; ``False``: nothing.
    processes
        Run the analyses in this many worker processes, each on its share of the CPUs
        (:func:`wizstats.report.warm.run_in_workers`; default: the CPUs, at most 4; 0 or 1: one after
        another in this process). The files are the same either way.

    Returns
    -------
    list of DataFrame
        One per analysis that ran, with its text in ``attrs``. Failures are collected and raised
        together as a :class:`RuntimeError` after the others ran (the page is not written).
    """
    size = check_size(size)
    modules = load_analyses(only)
    out = output_dir(out_dir if out_dir is not None else default_out_dir(size), "report directory")
    workers = worker_count(processes, len(modules))
    bars = sys.stderr.isatty() if progress is None else progress
    if progress is not False:
        compile_notice_for(*REPORT_KERNELS, what="the simulator", takes=REPORT_COMPILE)
    frames: list[pd.DataFrame] = []
    failed: list[str] = []
    if workers > 1:
        by_name, failed = run_in_workers(
            [m.NAME for m in modules], size, out, workers, say=sys.stderr if progress is not False else None
        )
        frames = [by_name[m.NAME] for m in modules if m.NAME in by_name]
    else:
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
    common = analyses_common()
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


# ---------------------------------------------------------------- which answers are certified
CERTIFIED_TITLE = "Which answers are certified"
_AGREES, _EXACT = CERTIFIED  # the search player agrees; an exact count
CERTIFICATE_GROUPS = (
    ("certified", "Certified: the search player agrees"),
    ("depends", "Still depend on the player"),
    ("not certified", "Not certified"),
)
"""The groups of the front page's certificate, in order (exact answers get one line after them)."""


def certificates(frames: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """Every analysis's convergence certificate (``attrs["certificate"]``, see ``analyses/_common.py``) in
    one table, with its ``group`` (:data:`CERTIFICATE_GROUPS`, or ``exact``); no rows when none has one."""
    parts = [pd.DataFrame(f.attrs["certificate"]["data"], columns=f.attrs["certificate"]["columns"])
             for f in frames if f.attrs.get("certificate")]  # fmt: skip
    if not parts:
        return pd.DataFrame(columns=["answer", "default", "search", "agrees", "why", "group"])
    table = pd.concat(parts, ignore_index=True)
    group = [
        "certified" if v == _AGREES else "exact" if v == _EXACT else "depends" if v in DEPENDS else "not certified"
        for v in table.agrees
    ]
    return table.assign(group=group)


def _certified_intro(table: pd.DataFrame) -> str:
    counts = table.group.value_counts()
    n = {g: int(counts.get(g, 0)) for g in ("certified", "depends", "not certified", "exact")}
    return (
        f"Every simulated answer assumes how the table plays. Each answer below was computed under the default"
        f" player ({DEFAULT_POLICY}) and again under a search player ({analyses_common().SEARCH}, the strongest, on small samples;"
        " each row names both, with their samples); it is certified when the two 95% intervals overlap and the"
        " point estimates have the same sign (wizstats.stats.agreement). Of"
        f" {len(table) - n['exact']} simulated answers {n['certified']} are certified, {n['depends']} still depend"
        f" on the player and {n['not certified']} are not certified; {n['exact']} more are exact counts, which"
        " involve no player. The search player's samples are small: a certified answer shows no sign of"
        " depending on the player, within the search player's wide interval."
    )


def _certified_groups(table: pd.DataFrame) -> Iterator[tuple[str, pd.DataFrame]]:
    for key, title in CERTIFICATE_GROUPS:
        rows = table[table.group == key]
        if len(rows):
            yield f"{title} ({len(rows)})", rows[["answer", "default", "search", "agrees", "why"]]


def _exact_line(table: pd.DataFrame) -> str:
    exact = table[table.group == "exact"]
    return f"Exact counts, no player involved: {'; '.join(exact.answer)}." if len(exact) else ""


def _certified_html(frames: Sequence[pd.DataFrame]) -> str:
    table = certificates(frames)
    if not len(table):
        return ""
    groups = "".join(f"<h3>{html.escape(t)}</h3>{_html_table(rows)}" for t, rows in _certified_groups(table))
    return (
        f'<section id="certified"><h2>{CERTIFIED_TITLE}</h2><p>{html.escape(_certified_intro(table))}</p>'
        f"{groups}<p>{html.escape(_exact_line(table))}</p></section>"
    )


def _certified_markdown(frames: Sequence[pd.DataFrame]) -> list[str]:
    common = analyses_common()
    table = certificates(frames)
    if not len(table):
        return []
    lines = ['<a id="certified"></a>', "", f"## {CERTIFIED_TITLE}", "", _certified_intro(table), ""]
    for title, rows in _certified_groups(table):
        lines += [f"### {title}", "", common.markdown_table(rows), ""]
    return lines + [_exact_line(table), ""]


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
    certified = f'<li><a href="#certified">{CERTIFIED_TITLE}</a></li>' if len(certificates(frames)) else ""
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>wizstats: the strategy report</title><style>{CSS}</style></head><body>"
        f"<h1>wizstats: the strategy report</h1><p>{html.escape(INTRO)}</p>"
        f'<nav><h3>Contents</h3><ol>{certified}{toc}<li><a href="#assumptions">Assumptions</a></li></ol></nav>'
        + _certified_html(frames)
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
    common = analyses_common()
    out = Path(out_dir)
    items, samples = _global_assumptions(frames, size)
    lines = ["# wizstats: the strategy report", "", INTRO, "", "Contents:", ""]
    lines += [f"{k}. [{f.attrs['title']}](#{f.attrs['name'].replace('_', '-')})" for k, f in enumerate(frames, 1)]
    if len(certificates(frames)):
        lines += ["", f"Before them: [{CERTIFIED_TITLE}](#certified)."]
    lines += ["", "The same report as a page: [index.html](index.html).", ""]
    lines += _certified_markdown(frames)
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
