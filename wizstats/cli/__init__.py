"""The ``wizstats`` command line: one module per command, each with ``register(subparsers)``.

Errors are one line on stderr and exit status 2; never a traceback.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from ._common import CliError, Parser

__all__ = ["main"]

COMMANDS = ["winner", "simulate", "sweep", "game", "score", "one_colour", "bid", "strength", "thresholds", "ask",
            "report", "arena", "serve"]
"""Command modules of :mod:`wizstats.cli`, in the order ``--help`` lists them."""


def build_parser() -> Parser:
    """The argument parser with every command registered."""
    parser = Parser(
        prog="wizstats",
        description="Strategy questions about the card game Wizard, answered with numbers.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    subparsers.required = True
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return int(args.run(args) or 0)
    except (CliError, ValueError) as err:
        print(f"wizstats: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("wizstats: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
