"""``wizstats score FILE.csv``: check and total the score sheet of a real game."""

from __future__ import annotations

import argparse

from ..scoresheet import ScoreSheet
from ._common import add_options, emit, keywords, parse_schedule


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``score`` command."""
    p = subparsers.add_parser(
        "score",
        help="check and total a score sheet (CSV: round,player,bid,tricks)",
        description=(
            "Read a score sheet with one row per round and player (columns round, player, bid, tricks;\n"
            "'-' for bid and tricks when a player sits the round out), check it against the rules, and\n"
            "print the running totals like the paper pad, the winner or winners, and placement points\n"
            "under tournament rules. Settings may also come from '# players:', '# rules:', '# deck:' and\n"
            "'# schedule:' lines in the file. Every problem is reported with its line number."
        ),
        epilog=(
            "examples:\n"
            "  wizstats score examples/game.csv\n"
            "  wizstats score examples/tournament.csv --format csv\n"
            "  wizstats score mygame.csv --plus-minus-one --scoring alternative"
        ),
    )
    p.add_argument("file", help="the score sheet (CSV)")
    p.add_argument("--tournament", action="store_true", help="AMIGO tournament rules (10 deals, placement points)")
    add_options(p, "--plus-minus-one", "--elimination")
    p.add_argument("--scoring", choices=("standard", "alternative"), default=None, help="scoring (default: standard)")
    p.add_argument("--deck", default=None, help="standard, junior, oh-hell or SxR+W+J (default: standard)")
    p.add_argument("--schedule", default=None, help="hand sizes, comma-separated (default: the rules' schedule)")
    add_options(p, "--format")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Read, check and print the score sheet."""
    schedule = None if args.schedule is None else list(parse_schedule(args.schedule))
    options = keywords(args, "tournament", "plus_minus_one", "elimination", "scoring", "deck")
    sheet = ScoreSheet.read(args.file, **options, schedule=schedule)
    if args.format == "table":
        print(sheet.render())
    else:
        emit(sheet.frame(), args.format)
    return 0
