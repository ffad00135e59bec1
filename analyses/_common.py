"""What every analysis shares: sample sizes, the players, writing the three files, number formats.

An analysis computes a tidy :class:`pandas.DataFrame` from the public API of :mod:`wizstats`
and hands it to :func:`finish` with a chart, a short display table, a finding computed from
the numbers and its assumptions. :func:`finish` writes ``<out_dir>/<name>.csv``, ``.md`` and
``.png`` and returns the frame with that text in ``frame.attrs`` (strings and lists only), so
that :mod:`wizstats.report` can put it on the page.

Everything written is a function of the code and the fixed seeds: no timestamps, no machine
names, floats rounded to 6 significant digits (sums of floats may differ in the last bits when
the number of threads differs), PNGs saved without the software version.
"""

from __future__ import annotations

import io
import math
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from wizstats.checks import write_atomic  # noqa: E402
from wizstats.estimates import Estimate  # noqa: E402
from wizstats.intervals import ConfidenceInterval  # noqa: E402
from wizstats.players import DEFAULT_POLICY  # noqa: E402

SIZES = ("tiny", "quick", "full")
"""``tiny``: seconds, for the tests; ``quick``: ``wizstats report --quick``; ``full``: the committed reports."""

POLICY = DEFAULT_POLICY
"""The players of every simulation in the report: :data:`wizstats.DEFAULT_POLICY` (see ``player_strength``)."""

SEARCH = "rollout"
"""The search player of the convergence certificate: the strongest player, measured on small samples."""

CONFIDENCE = 0.95
FLOAT_FORMAT = "%.6g"
CERTIFICATE_COLUMNS = ("answer", "default", "search", "agrees", "why")
"""The certificate table an analysis hands to :func:`finish`: one row per answer, the figure under the
default player and under the search player (each naming its player and sample), the verdict of
:func:`wizstats.stats.agreement` and its reason; the report's front page lists them."""

T = TypeVar("T")


def size_params(sizes: Mapping[str, Mapping[str, Any]], size: str) -> dict[str, Any]:
    """The parameters of ``size`` (one of :data:`SIZES`), with a clear error for anything else."""
    if size not in sizes:
        raise ValueError(f"unknown size {size!r} (expected one of {', '.join(sizes)})")
    return dict(sizes[size])


def steps(items: Iterable[T], desc: str, total: int | None = None, *, progress: bool = False) -> Iterator[T]:
    """Iterate, with an inner progress bar when ``progress`` (the report runner passes it to ``run``)."""
    if not progress:
        yield from items
        return
    from tqdm.auto import tqdm  # only when a bar is shown: tqdm.auto looks for Jupyter

    yield from tqdm(items, desc=desc, total=total, leave=False, position=1, file=sys.stderr)


# ---------------------------------------------------------------- number formats
def pct(x: float, digits: int = 1) -> str:
    """``0.4286`` -> ``42.9%``."""
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.{digits}f}%"


def pct_ci(value: float, low: float, high: float, digits: int = 1) -> str:
    """``42.9% [41.2, 44.6]``."""
    return f"{100 * value:.{digits}f}% [{100 * low:.{digits}f}, {100 * high:.{digits}f}]"


def num_ci(value: float, low: float, high: float, digits: int = 1, sign: bool = False) -> str:
    """``12.3 [11.8, 12.9]`` (``+12.3`` with ``sign``)."""
    f = f"{{:{'+' if sign else ''}.{digits}f}}"
    return f"{f.format(value)} [{low:.{digits}f}, {high:.{digits}f}]"


def rank_text(rank: Any) -> str:
    """A threshold rank for tables: ``-`` when no rank qualifies."""
    if rank is None or (isinstance(rank, float) and math.isnan(rank)) or rank is pd.NA:
        return "-"
    return str(int(rank))


def estimate(
    value: float, low: float, high: float, *, policy: str | None, n: int | None, exact: bool = False
) -> Estimate:
    """An answer as an :class:`~wizstats.estimates.Estimate` for :func:`wizstats.stats.agreement`: no
    interval where ``low`` or ``high`` is NaN (ranks, exact counts)."""
    value, low, high = float(value), float(low), float(high)
    ci = None if math.isnan(low) or math.isnan(high) else ConfidenceInterval(low, high)
    return Estimate("answer", value, ci, None if n is None or n != n else int(n), exact, policy=policy)


def certificate_sentence(certificate: pd.DataFrame, who: str) -> str:
    """One sentence from a certificate table (:data:`CERTIFICATE_COLUMNS`): which answers ``who`` (the
    search player and its sample, in words) certifies, which still depend on the player, which not."""
    from wizstats.stats import CERTIFIED, DEPENDS

    groups = {
        "agree": certificate[certificate.agrees.isin(CERTIFIED) & ~certificate.agrees.str.startswith("exact")],
        "still depend on the player": certificate[certificate.agrees.isin(DEPENDS)],
        "are not certified": certificate[~certificate.agrees.isin((*CERTIFIED, *DEPENDS))],
    }
    parts = []
    for words, rows in groups.items():
        if len(rows):
            why = sorted({v.removeprefix("not certified: ") for v in rows.agrees})
            reasons = "" if words != "are not certified" else f" ({', '.join(why)})"
            parts.append(f"{len(rows)} {words}{reasons}")
    return f"Certificate: asked again under {who}: " + "; ".join(parts) + " (the column agrees)."


# ---------------------------------------------------------------- markdown
def _cell(value: Any) -> str:
    if isinstance(value, float):
        return "" if math.isnan(value) else f"{value:.6g}"
    return str(value).replace("|", "\\|")


def markdown_table(frame: pd.DataFrame) -> str:
    """A GitHub-flavoured Markdown table of ``frame`` (no index)."""
    cols = [str(c) for c in frame.columns]
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    for row in frame.itertuples(index=False):
        lines.append("| " + " | ".join(_cell(v) for v in row) + " |")
    return "\n".join(lines)


def assumptions_lines(assumptions: Mapping[str, str]) -> list[str]:
    """``- **key**: value`` lines."""
    return [f"- **{k}**: {v}" for k, v in assumptions.items()]


# ---------------------------------------------------------------- figures
def new_figure(n_rows: int = 1, n_cols: int = 1, *, width: float = 9.0, height: float = 4.5, **kw: Any):  # type: ignore[no-untyped-def]
    """A figure with a white background and a light grid style."""
    fig, axes = plt.subplots(n_rows, n_cols, figsize=(width, height), squeeze=False, **kw)
    from matplotlib.ticker import MaxNLocator

    for ax in axes.ravel():
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(True, color="#dddddd", linewidth=0.6)
        ax.set_axisbelow(True)
    return fig, axes


def save_figure(fig: Any, path: Path) -> None:
    """Save a PNG without metadata that changes between versions, then close the figure."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None}, bbox_inches="tight")
    plt.close(fig)
    write_atomic(path, buffer.getvalue())  # whole or not at all


# ---------------------------------------------------------------- the three files
def _markdown(
    name: str, title: str, question: str, finding: str, display: pd.DataFrame, assumptions: Mapping[str, str], size: str
) -> list[str]:
    regenerate = f"python -m analyses.{name}" + ("" if size == "full" else f" --size {size}")
    return [
        f"# {title}",
        "",
        f"*{question}*",
        "",
        finding,
        "",
        f"![{title}]({name}.png)",
        "",
        markdown_table(display),
        "",
        "Assumptions:",
        "",
        *assumptions_lines(assumptions),
        "",
        f"Full table: [`{name}.csv`]({name}.csv). Regenerate: `{regenerate}`.",
        "",
    ]


def finish(
    name: str,
    frame: pd.DataFrame,
    fig: Any,
    *,
    title: str,
    question: str,
    finding: str,
    assumptions: Mapping[str, str],
    display: pd.DataFrame,
    out_dir: str | Path,
    size: str,
    certificate: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Write ``<name>.csv`` (``frame``), ``<name>.png`` (``fig``) and ``<name>.md``; return ``frame``.

    ``display`` is the short table shown on the page and in the Markdown (strings are kept as
    they are). ``assumptions`` must have a ``sample`` entry (sample sizes and seeds), which the
    page lists for every analysis. ``certificate``: the analysis's convergence certificate, with the
    columns :data:`CERTIFICATE_COLUMNS` (computed from its table, never typed). ``frame.attrs``
    receives ``name, title, question, finding, assumptions, display`` (split dict), ``certificate``
    (split dict, or absent), ``size`` and ``files``.
    """
    if "sample" not in assumptions:
        raise ValueError(f"{name}: the assumptions need a 'sample' entry (sample sizes and seeds, or 'none: exact')")
    if certificate is not None and tuple(certificate.columns) != CERTIFICATE_COLUMNS:
        raise ValueError(f"{name}: the certificate's columns must be {CERTIFICATE_COLUMNS}")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    frame = frame.reset_index(drop=True)
    write_atomic(out / f"{name}.csv", frame.to_csv(index=False, float_format=FLOAT_FORMAT, lineterminator="\n"))
    save_figure(fig, out / f"{name}.png")
    display = display.reset_index(drop=True)
    md = _markdown(name, title, question, finding, display, assumptions, size)
    write_atomic(out / f"{name}.md", "\n".join(md))
    split = display.astype(object).where(display.notna(), "").to_dict(orient="split")
    frame.attrs = {
        "name": name,
        "title": title,
        "question": question,
        "finding": finding,
        "assumptions": dict(assumptions),
        "display": {
            "columns": [str(c) for c in split["columns"]],
            "data": [[_cell(v) for v in row] for row in split["data"]],
        },
        "size": size,
        "files": [f"{name}.csv", f"{name}.md", f"{name}.png"],
    }
    if certificate is not None:
        frame.attrs["certificate"] = {
            "columns": list(CERTIFICATE_COLUMNS),
            "data": [[str(v) for v in row] for row in certificate.itertuples(index=False)],
        }
    return frame


def main(run: Any, argv: Sequence[str] | None = None) -> None:
    """The ``python -m analyses.<name> [--size quick] [--out reports]`` entry point."""
    import argparse

    p = argparse.ArgumentParser(description=(run.__doc__ or "").strip().splitlines()[0])
    p.add_argument("--size", choices=SIZES, default="full", help="sample sizes (default: full)")
    p.add_argument("--out", default=None, help="output directory (default: reports/, or reports/_quick for others)")
    args = p.parse_args(argv)
    out = args.out
    if out is None:
        root = Path(__file__).resolve().parent.parent / "reports"
        out = root if args.size == "full" else root / "_quick"
    frame = run(args.size, out)
    print(frame.attrs.get("finding", ""))
    print(f"wrote {', '.join(str(Path(out) / f) for f in frame.attrs.get('files', []))}")
