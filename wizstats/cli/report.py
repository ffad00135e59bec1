"""``wizstats report``: run every analysis and write the strategy report (``reports/index.html``)."""

from __future__ import annotations

import argparse
import sys

import pandas as pd

from ..report import default_out_dir, load_analyses, run_report
from ._common import CliError, add_options, emit, whole_number


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``report`` command."""
    p = subparsers.add_parser(
        "report",
        help="regenerate the strategy report (reports/index.html and reports/README.md)",
        description=(
            "Run every analysis of analyses/ and write reports/<name>.csv, .md and .png for each, then the page\n"
            "reports/index.html and reports/README.md. Without options this regenerates the committed full-size\n"
            "reports (minutes: README.md shows the measured time on two cores from an empty cache), with the\n"
            "analyses in worker processes, one per core; --quick runs small samples into reports/_quick/ in a\n"
            "minute or two. Fixed seeds, no timestamps: the same code writes the same files."
        ),
        epilog=(
            "examples:\n"
            "  wizstats report                       # the committed reports, full size\n"
            "  wizstats report --quick               # small samples, into reports/_quick/\n"
            "  wizstats report --only vulnerability bid_scores --quick\n"
            "  wizstats report --list"
        ),
    )
    size = p.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_const", const="quick", dest="size", help="small samples (1-2 minutes)")
    size.add_argument("--size", choices=("tiny", "quick", "full"), dest="size", help="sample sizes (default: full)")
    p.add_argument("--out", default=None, help="output directory (default: reports/, or reports/_quick/ with --quick)")
    p.add_argument("--only", nargs="+", metavar="NAME", help="run only these analyses (the page is left as it is)")
    p.add_argument("--list", action="store_true", help="list the analyses and exit")
    p.add_argument("--no-progress", action="store_true", help="no progress lines or bars")
    p.add_argument(
        "--processes",
        type=whole_number,
        default=None,
        metavar="N",
        help="run the analyses in N worker processes, each on its share of the cores (default: the CPUs,"
        " at most 4; 0 or 1: one after another in this process); the files are the same either way",
    )
    add_options(p, "--format")
    p.set_defaults(run=run, size=None)


def run(args: argparse.Namespace) -> int:
    """Run the report, or list the analyses."""
    if args.list:
        given = [
            flag
            for flag, on in (
                ("--size/--quick", args.size is not None),
                ("--out", args.out is not None),
                ("--only", args.only is not None),
                ("--no-progress", args.no_progress),
                ("--processes", args.processes is not None),
            )
            if on
        ]
        if given:
            verb = "does" if len(given) == 1 else "do"
            raise CliError(f"--list only lists the analyses; {', '.join(given)} {verb} not apply")
        modules = load_analyses()
        if args.format == "table":
            width = max(len(m.NAME) for m in modules)
            for m in modules:
                print(f"{m.NAME:{width}}  {m.QUESTION}")
        else:
            emit(pd.DataFrame([{"name": m.NAME, "question": m.QUESTION} for m in modules]), args.format)
        return 0
    args.size = args.size or "full"
    if args.processes is not None and not 0 <= args.processes <= 64:
        raise CliError(f"--processes must be 0..64, got {args.processes}")
    out = args.out if args.out is not None else default_out_dir(args.size)
    try:
        frames = run_report(
            args.size, out, only=args.only, progress=False if args.no_progress else None, processes=args.processes
        )
    except RuntimeError as err:
        print(f"wizstats: error: {err}", file=sys.stderr)
        return 1
    rows = [{"analysis": f.attrs["name"], "finding": f.attrs["finding"]} for f in frames]
    if args.format == "table":
        for row in rows:
            print(f"{row['analysis']}: {row['finding']}\n")
        pages = " and index.html, README.md" if args.only is None else ""
        print(f"wrote {3 * len(frames)} analysis files{pages} into {out}/")
    else:
        emit(pd.DataFrame(rows), args.format)
    return 0
