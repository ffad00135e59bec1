"""``wizstats ask NAME``: named rules-of-thumb questions, each answered in a sentence with numbers and intervals."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ._common import CliError, add_format, add_players, add_seed, emit, records

if TYPE_CHECKING:
    import pandas as pd

    from ..questions import Answer


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``ask`` command."""
    p = subparsers.add_parser(
        "ask",
        help="answer a named rule-of-thumb question (wizstats ask --list)",
        description=(
            "Answer one question of the catalogue in a sentence with its numbers and 95% intervals, then print\n"
            "the table behind it. Exact counts where they exist, else simulation with the named players."
        ),
        epilog=(
            "examples:\n"
            "  wizstats ask --list\n"
            "  wizstats ask non-trump-13\n"
            "  wizstats ask non-trump-13 --players 5 --hand-size 4\n"
            "  wizstats ask bidding-last --players 4\n"
            "  wizstats ask plus-minus-one-dealer --hand-size 3\n"
            "  wizstats ask last-rounds --players 6 --k 3\n"
            "  wizstats ask bids-add-up --format csv"
        ),
    )
    p.add_argument("name", nargs="?", help="the question (see --list)")
    p.add_argument("--list", action="store_true", help="list the questions")
    add_players(p)
    p.add_argument("--hand-size", type=int, default=None, help="cards per hand (default: depends on the question)")
    p.add_argument("--k", type=int, default=3, help="last-rounds: how many rounds (default: 3)")
    p.add_argument("--schedule", choices=("standard", "tournament"), default="standard", help="game schedule")
    p.add_argument("--plus-minus-one", action="store_true", help="play with plus/minus one")
    p.add_argument("--blind-trump", action="store_true", help="the dealer names trump before looking (2022 reading)")
    p.add_argument("--policy", default=None, help="how everyone plays (default: the strongest policy)")
    p.add_argument("--n", type=int, default=None, help="deals per hand size (default: a few seconds' worth)")
    add_seed(p)
    add_format(p)
    p.set_defaults(run=run)


def question_list() -> pd.DataFrame:
    """The catalogue as ``ask --list --format json`` prints it: name, question, options."""
    import pandas as pd

    from ..questions import QUESTIONS

    return pd.DataFrame([{"name": q.name, "question": q.text, "options": q.options} for q in QUESTIONS.values()])


def compute(args: argparse.Namespace) -> Answer:
    """The answer to the question the parsed arguments name."""
    from ..questions import AskOptions, ask

    if not args.name:
        raise CliError("name a question (wizstats ask --list shows them)")
    if args.n is not None and args.n < 1:
        raise CliError(f"--n must be a whole number >= 1, got {args.n}")
    options = AskOptions(
        n_players=args.players,
        hand_size=args.hand_size,
        plus_minus_one=args.plus_minus_one,
        blind_trump=args.blind_trump,
        k=args.k,
        schedule=args.schedule,
        policy=args.policy,
        n=args.n,
        seed=args.seed,
    )
    return ask(args.name, options)


def payload(args: argparse.Namespace) -> list[dict[str, Any]]:
    """What ``--format json`` prints for the parsed arguments, as JSON-able records (the web API returns it)."""
    if args.list:
        return records(question_list())
    return records(machine_table(compute(args)))


def machine_table(answer: Answer) -> pd.DataFrame:
    """The table ``--format csv/json`` prints: the full table with the sentence in an ``answer`` column."""
    return answer.table.assign(answer=answer.sentence)


def run(args: argparse.Namespace) -> int:
    """List the questions, or answer one."""
    from ..questions import QUESTIONS

    if args.list:
        if args.format == "table":
            for q in QUESTIONS.values():
                print(f"{q.name:22} {q.text}\n{'':22} options: {q.options}")
        else:
            emit(question_list(), args.format)
        return 0
    answer = compute(args)
    if args.format == "table":
        print(answer.sentence)
        print()
        emit(answer.shown(), "table")
    else:
        emit(machine_table(answer), args.format)
    return 0
