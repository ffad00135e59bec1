"""The ``wizstats`` command line: one module per command, each with ``register(subparsers)``.

Errors are one line on stderr and exit status 2; never a traceback.
"""

from __future__ import annotations

import importlib
import signal
import sys
import threading
import warnings
from collections.abc import Sequence

from ..checks import one_line
from ._common import CliError, Parser, announce_compile

__all__ = ["main"]

COMMANDS = [
    "winner",
    "simulate",
    "sweep",
    "game",
    "score",
    "one_colour",
    "bid",
    "strength",
    "thresholds",
    "ask",
    "report",
    "arena",
    "serve",
]
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
    """Run the command line; returns the exit status.

    Bad input (``CliError``, ``ValueError``, ``TypeError``) and a file that cannot be read or
    written (``OSError``) are one line on stderr and exit status 2; warnings are one line each
    (``wizstats: warning: ...``); Ctrl-C stops with exit status 130 (files are written whole or
    not at all: to a temporary name, then renamed), also when the interrupted code turns the
    interruption into another error (numba does, when Ctrl-C comes while it compiles).
    """
    interrupted = _SigintSeen()
    with warnings.catch_warnings():
        warnings.showwarning = _one_line_warning
        try:
            args = build_parser().parse_args(argv)
            announce_compile(args)
            return int(args.run(args) or 0)
        except Exception as err:
            if interrupted():
                print("wizstats: interrupted", file=sys.stderr)
                return 130
            if isinstance(err, (CliError, ValueError, TypeError)):
                print(f"wizstats: error: {one_line(str(err), 4000)}", file=sys.stderr)
                return 2
            if isinstance(err, BrokenPipeError):
                return 0
            if isinstance(err, OSError):
                where = f": {err.filename}" if err.filename else ""
                print(f"wizstats: error: {one_line(err.strerror or str(err), 300)}{where}", file=sys.stderr)
                return 2
            raise
        except KeyboardInterrupt:
            print("wizstats: interrupted", file=sys.stderr)
            return 130
        finally:
            interrupted.restore()


class _SigintSeen:
    """Whether SIGINT came while :func:`main` ran (its handler records it, then interrupts as Python does)."""

    def __init__(self) -> None:
        self.seen = False
        self.previous: object = None
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._handle)

    def _handle(self, signum: int, frame: object) -> None:
        self.seen = True
        raise KeyboardInterrupt

    def __call__(self) -> bool:
        return self.seen

    def restore(self) -> None:
        """Put back the handler that was there before."""
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)  # type: ignore[arg-type]


def _one_line_warning(message: Warning | str, category: type[Warning], *_: object, **__: object) -> None:
    """Print a warning as one line: ``wizstats: warning: ...``."""
    print(f"wizstats: warning: {one_line(str(message), 500)}", file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
