"""What every command shares: the parser class, options and output formats."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

import pandas as pd

from ..checks import ascii_int
from ..engine import compile_notice_for
from ..players import DEFAULT_POLICY
from ..rules import Rules

FORMATS = ("table", "csv", "json")


DEFAULT_PLAYER = (
    f"default: {DEFAULT_POLICY} (wizstats.DEFAULT_POLICY), the strongest fast player: it reads the bids and "
    "is as strong as the slow rollout; docs/players.md compares the players"
)
"""The help text's note on the default player (the same on every command that takes a policy)."""


ASK_KERNELS = (
    "engine.stats:hand_rounds",
    "engine.stats:card_rounds",
    "engine.stats:card_table_rounds",
    "engine.stats:paired_rounds",
    "engine.stats:game_round",
    "engine.round:simulate_counts",
    "engine.game:simulate_games_kernel",
)
"""The kernels behind the questions of ``wizstats ask`` (and the web page's bid, strength and questions)."""


def announce_compile(args: argparse.Namespace) -> bool:
    """Before a command runs: the compile notice on stderr (once) if a kernel it calls is not compiled yet.

    A command names its kernels with ``set_defaults(kernels=...)``: ``"<group>.<module>:<function>"``
    names under ``wizstats._kernels``, or a function of its arguments giving them. The line is
    printed when the compiling starts, after the command has checked its input (a bad input is
    one line: the error). Returns whether the line was printed or is waiting to be.
    """
    kernels = getattr(args, "kernels", ())
    names = kernels(args) if callable(kernels) else kernels
    return bool(names) and compile_notice_for(*names, when="compiling")


class CliError(Exception):
    """A problem with the command line's input, printed as one line."""


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line and exit status 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def whole_number(text: str) -> int:
    """The ``type`` of every whole-number option: :func:`ascii_int`, refused as argparse refuses ``int``."""
    try:
        return ascii_int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None


OPTIONS: dict[str, dict[str, Any]] = {
    "--deck": {"default": "standard", "help": "standard, junior, oh-hell or SxR+W+J (default: standard)"},
    "--games": {"type": whole_number, "default": 10_000, "help": "games to play (default: 10000)"},
    "--plus-minus-one": {"action": "store_true", "help": "the sum of bids may not equal the hand size"},
    "--blind-trump": {"action": "store_true", "help": "the dealer names trump before looking (2022 reading)"},
    "--bids": {"choices": ("open", "hidden", "after-round"), "default": "open", "help": "bid visibility"},
    "--scoring": {"choices": ("standard", "alternative"), "default": "standard", "help": "scoring"},
    "--elimination": {"action": "store_true", "help": "the lowest total drops out after rounds 10, 12, 15"},
    "--threads": {"type": whole_number, "default": None, "help": "threads (default: all cores)"},
    "--seed": {"type": whole_number, "default": 0, "help": "random seed; same seed, same numbers (default: 0)"},
    "--format": {"choices": FORMATS, "default": "table", "help": "output format (default: table)"},
}
"""The options that several commands take alike, each defined once (:func:`add_options`)."""


def add_options(parser: argparse.ArgumentParser, *names: str) -> None:
    """Add the options ``names`` of :data:`OPTIONS`, in that order."""
    for name in names:
        parser.add_argument(name, **OPTIONS[name])


def add_players(parser: argparse.ArgumentParser, default: int | None = 4, help_: str | None = None) -> None:
    """Add ``--players`` (help: ``help_``, or the number of players and ``default``)."""
    help_ = f"number of players (default: {default})" if help_ is None else help_
    parser.add_argument("--players", type=whole_number, default=default, help=help_)


def add_policies(
    parser: argparse.ArgumentParser, who: str, first: str, default: list[str] | None, note: str = DEFAULT_PLAYER
) -> None:
    """Add ``--policy`` for a table: one policy for every ``who`` (seat or player), or one each from ``first``."""
    help_ = f"one policy for all {who}s or one per {who}, {first} first ({note})"
    parser.add_argument("--policy", nargs="+", default=default, help=help_)


def add_sample(parser: argparse.ArgumentParser, n: int | None, n_help: str) -> None:
    """Add ``--policy`` (who plays a Monte Carlo estimate) and ``--n`` (its sample size, default ``n``)."""
    parser.add_argument("--policy", default=None, help=f"how everyone plays ({DEFAULT_PLAYER})")
    parser.add_argument("--n", type=whole_number, default=n, help=n_help)


SAMPLE = ("policy", "n", "seed")
"""The options of a Monte Carlo estimate (:func:`add_sample` and ``--seed``)."""

API_NAMES = {"players": "n_players"}
"""The options whose keyword in the API has another name; every other option is its keyword."""


def round_rules(args: argparse.Namespace) -> Rules:
    """The rules of ``--players``, ``--deck``, ``--plus-minus-one``, ``--blind-trump``, ``--bids``,
    ``--scoring`` and ``--special`` (the commands that play single rounds: ``simulate``, ``arena``)."""
    return Rules(
        args.players,
        deck=args.deck,
        plus_minus_one=args.plus_minus_one,
        trump_choice="blind" if args.blind_trump else "after-look",
        bids=args.bids,
        scoring=args.scoring,
        special_cards=args.special,
    )


def keywords(args: argparse.Namespace, *options: str) -> dict[str, Any]:
    """The values of ``options`` (their names in ``args``) as the API's keywords (``--players`` is ``n_players``)."""
    return {API_NAMES.get(name, name): getattr(args, name) for name in options}


def sample_args(args: argparse.Namespace) -> dict[str, Any]:
    """The keywords of a Monte Carlo estimate from ``--policy``, ``--n`` and ``--seed``."""
    return keywords(args, *SAMPLE)


SUMMARY_FIGURES = [
    "rounds",
    "mean_bid",
    "mean_tricks",
    "accuracy",
    "accuracy_low",
    "accuracy_high",
    "mean_score",
    "mean_score_low",
    "mean_score_high",
]
"""The columns of a per-seat summary printed as a table (after the seat and its player)."""


def emit(frame: pd.DataFrame, fmt: str, *, title: str | None = None, float_digits: int = 4) -> None:
    """Print a table as csv, json (records) or an aligned text table."""
    if fmt == "csv":
        sys.stdout.write(frame.to_csv(index=False))
    elif fmt == "json":
        sys.stdout.write(json.dumps(json.loads(frame.to_json(orient="records")), indent=2) + "\n")
    else:
        if title:
            print(title)
        with pd.option_context("display.max_rows", 500, "display.max_columns", 50, "display.width", 200):
            print(frame.to_string(index=False, float_format=lambda x: f"{x:.{float_digits}g}"))


def emit_data(frame: pd.DataFrame, args: argparse.Namespace) -> bool:
    """With ``--format csv`` or ``json``: print ``frame`` so, and say it did (the command is then done)."""
    if args.format == "table":
        return False
    emit(frame, args.format)
    return True


def parse_schedule(text: str) -> tuple[int, ...]:
    """``--schedule 1,2,3``: hand sizes, comma-separated, at least one; each checked later against the deck."""
    parts = [x.strip() for x in text.split(",")]
    if not all(x.isascii() and x.isdigit() for x in parts):
        raise CliError(f"--schedule must list whole numbers >= 1, comma-separated, got {text[:60]!r}")
    return tuple(int(x) for x in parts)
