"""The API's computations: query parameters become the CLI's own arguments, parsed by the CLI's own parser.

Each endpoint of ``/api`` names a CLI command (``bid``, ``strength``, ``ask``, ``score``). Its
query parameters are turned into that command's argument list (:func:`argv_for`), parsed by the
parser the command registers (so defaults, types and error messages are the CLI's), checked
against the server's caps (:mod:`wizstats.web.limits`), and answered by the same ``payload``
function that ``--format json`` prints. This module needs no web framework: the worker
processes import it.

>>> argv_for("bid", {"hand": "W,R12,B3", "trump": "R5", "seat": "3", "bids": "1,0"})
['bid', '--trump=R5', '--seat=3', '--bids', '1', '0', '--', 'W', 'R12', 'B3']
>>> parse_args(["bid", "--trump=R5", "--", "W", "R12"]).n
4000
"""

from __future__ import annotations

import argparse
import re
import sys
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from ..cli import ask as ask_cmd
from ..cli import bid as bid_cmd
from ..cli import score as score_cmd
from ..cli import strength as strength_cmd
from ..cli._common import CliError, Parser

__all__ = ["COMMANDS", "ApiParser", "CommandSpec", "argv_for", "parse_args", "run_command", "run_score"]

SCORE_SHEET_NAME = "score sheet"
"""The name error messages give a posted score sheet (the CLI names the file)."""


@dataclass(frozen=True)
class CommandSpec:
    """How one endpoint's query parameters map to its CLI command's arguments."""

    positional: str | None
    """The parameter holding the command's positional values (comma- or space-separated), if any."""
    options: tuple[str, ...]
    """Parameters taking one value, each passed as ``--name=value``."""
    lists: tuple[str, ...] = ()
    """Parameters taking several values (comma- or space-separated; empty: none)."""
    flags: tuple[str, ...] = ()
    """Switches: ``1/true/yes/on`` sets them, ``0/false/no/off`` or absent leaves them off."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every parameter the endpoint takes."""
        return ((self.positional,) if self.positional else ()) + self.options + self.lists + self.flags


COMMANDS: dict[str, CommandSpec] = {
    "bid": CommandSpec("hand", ("trump", "players", "seat", "policy", "n", "seed"), ("bids",), ("plus-minus-one",)),
    "strength": CommandSpec("card", ("players", "hand-size", "trump", "seat", "policy", "n", "seed")),
    "ask": CommandSpec(
        None,
        ("players", "hand-size", "k", "schedule", "policy", "n", "seed"),
        (),
        ("plus-minus-one", "blind-trump"),
    ),
    "score": CommandSpec(None, ("scoring", "deck", "schedule"), (), ("tournament", "plus-minus-one", "elimination")),
}
"""The endpoints' parameters; names as the CLI's options without ``--`` (``_`` is accepted for ``-``)."""

_TRUE, _FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off", "")
_NUMBER = re.compile(r"-?\d+")


class ApiParser(Parser):
    """The CLI's parser, raising :class:`CliError` instead of printing and exiting."""

    def error(self, message: str) -> NoReturn:
        raise CliError(message)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise CliError((message or "the arguments ask the parser to stop").strip())

    def print_help(self, file: Any = None) -> None:  # a value such as --help never prints
        return None

    def print_usage(self, file: Any = None) -> None:
        return None


def _build_parser() -> ApiParser:
    parser = ApiParser(prog="wizstats")
    subparsers = parser.add_subparsers(dest="command", parser_class=ApiParser)
    for module in (bid_cmd, strength_cmd, ask_cmd, score_cmd):
        module.register(subparsers)
    return parser


_PARSER = _build_parser()


def _values(text: str) -> list[str]:
    return text.replace(",", " ").split()


def argv_for(command: str, query: Mapping[str, str], name: str | None = None) -> list[str]:
    """The CLI argument list for an endpoint's query parameters (``name``: the ``ask`` question).

    Raises :class:`CliError` for an unknown parameter or a bad switch value. Option values are
    passed as ``--option=value`` and positional values after ``--``, so no value is ever read
    as an option.
    """
    spec = COMMANDS[command]
    params = {key.replace("_", "-"): value for key, value in query.items()}
    unknown = sorted(set(params) - set(spec.names))
    if unknown:
        raise CliError(f"unknown parameter {unknown[0]!r} (known: {', '.join(spec.names) or 'none'})")
    argv = [command]
    for key in spec.options:
        if key in params:
            argv.append(f"--{key}={params[key]}")
    for key in spec.lists:
        if key in params:
            values = _values(params[key])
            bad = [v for v in values if v.startswith("-") and not _NUMBER.fullmatch(v)]
            if bad:
                raise CliError(f"argument --{key}: invalid value {bad[0]!r}")
            argv += [f"--{key}", *values]
    for key in spec.flags:
        value = params.get(key, "").strip().lower()
        if value not in _TRUE + _FALSE:
            raise CliError(f"{key} must be one of {', '.join(_TRUE + _FALSE[:-1])}, got {params[key]!r}")
        if value in _TRUE:
            argv.append(f"--{key}")
    if command == "score":
        argv.append(SCORE_SHEET_NAME)
    elif command == "ask":
        argv += ["--", name] if name else ["--list"]
    elif spec.positional is not None:
        argv += ["--", *_values(params.get(spec.positional, ""))]
    return argv


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Parse an argument list with the CLI's parser; a problem raises :class:`CliError` with the CLI's message."""
    return _PARSER.parse_args(list(argv))


def _guarded(fn: Any, *args: Any) -> tuple[int, Any]:
    """Call ``fn``: (200, its payload), (400, error) for bad input, (500, error) for anything else (logged)."""
    try:
        return 200, fn(*args)
    except (CliError, ValueError, TypeError) as err:
        problems = getattr(err, "errors", None)  # a refused score sheet lists (line, message) pairs
        return 400, {"error": str(err)} | ({"problems": [list(p) for p in problems]} if problems else {})
    except Exception as err:  # noqa: BLE001 - the server answers, logs, and goes on
        traceback.print_exc(file=sys.stderr)
        return 500, {"error": f"internal error ({type(err).__name__}); the server's log has the details"}


def _payload(argv: list[str]) -> list[dict[str, Any]]:
    args = parse_args(argv)
    module = {"bid": bid_cmd, "strength": strength_cmd, "ask": ask_cmd}[args.command]
    return module.payload(args)


def run_command(argv: list[str]) -> tuple[int, Any]:
    """Run a ``bid``, ``strength`` or ``ask`` argument list: ``(status, JSON-able body)``.

    The body is what ``wizstats ... --format json`` prints, or ``{"error": message}``. Runs in a
    worker process; never raises.
    """
    return _guarded(_payload, argv)


def _score(argv: list[str], text: str) -> dict[str, Any]:
    sheet = score_cmd.read_sheet(parse_args(argv), text)
    points = sheet.placement_points()
    return {
        "rows": score_cmd.payload(sheet),
        "players": sheet.players,
        "totals": {p: float(v) for p, v in sheet.totals.items()},
        "places": sheet.places(),
        "winners": sheet.winners,
        "complete": sheet.complete,
        "rounds_played": len(sheet.rounds),
        "hand_sizes": list(sheet.plan.hand_sizes),
        "dealers": sheet.dealers(),
        "placement_points": points,
        "verdict": sheet.render().splitlines()[-(1 if points is None else 2) :],  # the pad's closing lines
        "rules": sheet.rules.describe(),
    }


def run_score(argv: list[str], text: str) -> tuple[int, Any]:
    """Check and total a posted score sheet: ``(status, body)``.

    The body holds ``rows`` (what ``wizstats score --format json`` prints) and the totals,
    places, winners, dealers and verdict of the sheet; a refused sheet gives 400 with ``error``
    (the CLI's message) and ``problems``, a list of ``[line, message]``. Never raises.
    """
    return _guarded(_score, argv, text)
