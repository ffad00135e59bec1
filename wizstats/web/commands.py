"""The API's computations: query parameters read like the CLI's options, answered by the functions the CLI calls.

Each simulation endpoint has the CLI command's options as parameters (:data:`ENDPOINTS`: names
without ``--``, the same defaults), read by :func:`read_params` with the CLI's messages for a
bad value, and answered by the function the command calls
(:func:`wizstats.stats.bid_table`, :func:`wizstats.stats.strength_table`,
:func:`wizstats.questions.ask`, :class:`wizstats.ScoreSheet`), so the JSON is what
``wizstats ... --format json`` prints for the same arguments. This module needs no web
framework: the worker processes import it.

>>> values = read_params("bid", [("hand", "W,R12,B3"), ("trump", "R5"), ("seat", "3"), ("bids", "1,0")])
>>> values["hand"], values["bids"], values["n"]
(['W', 'R12', 'B3'], [1, 0], 4000)
>>> read_params("bid", [("hand", "W"), ("trump", "R5"), ("players", "x")])
Traceback (most recent call last):
...
wizstats.web.commands.ParamError: argument --players: invalid int value: 'x'
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ..checks import ascii_int
from ..questions import AskOptions, ask, catalogue
from ..scoresheet import ScoreSheet
from ..stats import bid_table, strength_table

__all__ = ["ENDPOINTS", "Param", "ParamError", "read_params", "run_command", "run_score"]

SCORE_SHEET_NAME = "score sheet"
"""The name error messages give a posted score sheet (the CLI names the file)."""

_TRUE, _FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off", "")


class ParamError(ValueError):
    """A query parameter that cannot be read; the message is the CLI's for the same option."""


@dataclass(frozen=True)
class Param:
    """One query parameter: the CLI option of the same name (``players`` is ``--players``)."""

    name: str
    kind: str
    """``int``, ``str``, ``flag`` (a switch), ``ints`` or ``list`` (comma- or space-separated values)."""
    default: Any = None
    required: bool = False
    choices: tuple[str, ...] | None = None
    cli: str | None = None
    """How the CLI's messages name it (default ``--name``; a positional argument by its own name)."""

    @property
    def option(self) -> str:
        return self.cli or f"--{self.name}"


ENDPOINTS: dict[str, tuple[Param, ...]] = {
    "bid": (
        Param("hand", "list", required=True, cli="cards"),
        Param("trump", "str", required=True),
        Param("players", "int", 4),
        Param("seat", "int", 1),
        Param("bids", "ints", None),
        Param("plus-minus-one", "flag", False),
        Param("policy", "str", None),
        Param("n", "int", 4000),
        Param("seed", "int", 0),
    ),
    "strength": (
        Param("card", "str", required=True, cli="card"),
        Param("players", "int", 4),
        Param("hand-size", "int", 1),
        Param("trump", "str", "any"),
        Param("seat", "int", None),
        Param("policy", "str", None),
        Param("n", "int", 5000),
        Param("seed", "int", 0),
    ),
    "ask": (
        Param("players", "int", 4),
        Param("hand-size", "int", None),
        Param("k", "int", 3),
        Param("schedule", "str", "standard", choices=("standard", "tournament")),
        Param("plus-minus-one", "flag", False),
        Param("blind-trump", "flag", False),
        Param("policy", "str", None),
        Param("n", "int", None),
        Param("seed", "int", 0),
        Param("bids", "ints", None),
        Param("rank", "int", 10),
    ),
    "ask-list": (),
    "score": (
        Param("tournament", "flag", False),
        Param("plus-minus-one", "flag", False),
        Param("elimination", "flag", False),
        Param("scoring", "str", None, choices=("standard", "alternative")),
        Param("deck", "str", None),
        Param("schedule", "str", None),
    ),
}
"""The parameters of each endpoint, with the CLI's defaults (``_`` may stand for ``-`` in a name)."""


def _int(param: Param, text: str) -> int:
    try:
        return ascii_int(text)  # as the CLI reads numbers: ASCII digits only ('١٢' and '1_0' are refused)
    except ValueError:
        raise ParamError(f"argument {param.option}: invalid int value: {text!r}") from None


def _value(param: Param, text: str) -> Any:
    if param.kind == "int":
        return _int(param, text)
    if param.kind == "ints":
        return [_int(param, v) for v in text.replace(",", " ").split()]
    if param.kind == "list":
        return text.replace(",", " ").split()
    if param.kind == "flag":
        value = text.strip().lower()
        if value not in _TRUE + _FALSE:
            raise ParamError(f"{param.name} must be one of {', '.join(_TRUE + _FALSE[:-1])}, got {text!r}")
        return value in _TRUE
    if param.choices is not None and text not in param.choices:
        choices = ", ".join(repr(c) for c in param.choices)
        raise ParamError(f"argument {param.option}: invalid choice: {text!r} (choose from {choices})")
    return text


def read_params(endpoint: str, items: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """The values of an endpoint's query parameters (``(name, text)`` pairs), defaults filled in.

    Raises :class:`ParamError` for an unknown or repeated parameter, a bad value or a missing
    required one, with the message the CLI gives for the same option.
    """
    params = {p.name: p for p in ENDPOINTS[endpoint]}
    given: dict[str, str] = {}
    for key, text in items:
        name = key.replace("_", "-")
        if name not in params:
            raise ParamError(f"unknown parameter {key!r} (known: {', '.join(params) or 'none'})")
        if name in given:
            raise ParamError(f"give {name} once")
        given[name] = text
    values = {name: _value(params[name], text) for name, text in given.items()}
    missing = [p.option for p in params.values() if p.required and not values.get(p.name)]
    if missing:
        raise ParamError(f"the following arguments are required: {', '.join(missing)}")
    return {name: values.get(name, p.default) for name, p in params.items()}


def records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """A table as JSON records, converted as the CLI's ``--format json`` converts it."""
    return json.loads(frame.to_json(orient="records"))


def _keywords(values: dict[str, Any], *positional: str) -> dict[str, Any]:
    """An endpoint's values as the keyword arguments of the function the CLI calls (``players``: ``n_players``)."""
    return {
        ("n_players" if k == "players" else k.replace("-", "_")): v for k, v in values.items() if k not in positional
    }


def _answer(endpoint: str, values: dict[str, Any], name: str | None) -> list[dict[str, Any]]:
    if endpoint == "bid":
        _, table = bid_table(values["hand"], **_keywords(values, "hand"))
    elif endpoint == "strength":
        _, table = strength_table(values["card"], **_keywords(values, "card"))
    elif endpoint == "ask-list":
        table = catalogue()
    else:
        if values["n"] is not None and values["n"] < 1:
            raise ParamError(f"--n must be a whole number >= 1, got {values['n']}")  # as wizstats ask says it
        bids = None if values["bids"] is None else tuple(values["bids"])
        table = ask(name or "", AskOptions(**_keywords({**values, "bids": bids}))).full_table()
    return records(table)


def _guarded(fn: Any, *args: Any) -> tuple[int, Any]:
    """Call ``fn``: (200, its answer), (400, error) for bad input, (500, error) for anything else (logged)."""
    try:
        return 200, fn(*args)
    except (ValueError, TypeError) as err:
        problems = getattr(err, "errors", None)  # a refused score sheet lists (line, message) pairs
        return 400, {"error": str(err)} | ({"problems": [list(p) for p in problems]} if problems else {})
    except Exception as err:  # noqa: BLE001 - the server answers, logs, and goes on
        traceback.print_exc(file=sys.stderr)
        return 500, {"error": f"internal error ({type(err).__name__}); the server's log has the details"}


def run_command(endpoint: str, values: dict[str, Any], name: str | None = None) -> tuple[int, Any]:
    """Answer ``bid``, ``strength``, ``ask`` (the question ``name``) or ``ask-list``: ``(status, JSON-able body)``.

    The body is what ``wizstats ... --format json`` prints, or ``{"error": message}``. Runs in a
    worker process; never raises.
    """
    return _guarded(_answer, endpoint, values, name)


def _score(values: dict[str, Any], text: str) -> dict[str, Any]:
    schedule = None
    if values["schedule"] is not None:
        try:
            schedule = [ascii_int(x) for x in values["schedule"].split(",") if x.strip()]
        except ValueError:
            raise ParamError(f"--schedule must list whole numbers, got {values['schedule']!r}") from None
    sheet = ScoreSheet.parse(
        text,
        name=SCORE_SHEET_NAME,
        tournament=values["tournament"],
        plus_minus_one=values["plus-minus-one"],
        elimination=values["elimination"],
        scoring=values["scoring"],
        deck=values["deck"],
        schedule=schedule,
    )
    points = sheet.placement_points()
    return {
        "rows": records(sheet.frame()),
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


def run_score(values: dict[str, Any], text: str) -> tuple[int, Any]:
    """Check and total a posted score sheet: ``(status, body)``.

    The body holds ``rows`` (what ``wizstats score --format json`` prints) and the totals,
    places, winners, dealers and verdict of the sheet; a refused sheet gives 400 with ``error``
    (the CLI's message) and ``problems``, a list of ``[line, message]``. Never raises.
    """
    return _guarded(_score, values, text)
