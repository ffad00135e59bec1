"""``wizstats ask NAME``: named rules-of-thumb questions, each answered in a sentence with numbers and intervals."""

from __future__ import annotations

import argparse

from ..questions import QUESTIONS, AskOptions, ask, catalogue
from ._common import ASK_KERNELS, SAMPLE, CliError, add_options, add_players, add_sample, emit, keywords, whole_number


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
            "  wizstats ask bids-add-up --format csv\n"
            "  wizstats ask one-card-round --players 4 --bids 0 0"
        ),
    )
    p.add_argument("name", nargs="?", help="the question (see --list)")
    p.add_argument("--list", action="store_true", help="list the questions")
    add_players(p)
    p.add_argument(
        "--hand-size", type=whole_number, default=None, help="cards per hand (default: depends on the question)"
    )
    p.add_argument("--k", type=whole_number, default=3, help="last-rounds: how many rounds (default: 3)")
    p.add_argument("--schedule", choices=("standard", "tournament"), default="standard", help="game schedule")
    p.add_argument("--plus-minus-one", action="store_true", help="play with plus/minus one")
    add_options(p, "--blind-trump")
    add_sample(
        p,
        None,
        "deals per hand size (default: depends on the question: seconds for most; a minute or more for"
        " the claims that play whole games or every bid)",
    )
    p.add_argument(
        "--bids", type=whole_number, nargs="*", default=None, help="one-card-round: the earlier bids (0/1, from seat 1)"
    )
    p.add_argument("--rank", type=whole_number, default=10, help="highest-of-suit: the rank of your card (default: 10)")
    add_options(p, "--seed", "--format")
    p.set_defaults(run=run, kernels=lambda args: () if args.list else ASK_KERNELS)


def run(args: argparse.Namespace) -> int:
    """List the questions, or answer one."""
    if args.list:
        if args.name:
            raise CliError(f"--list lists the questions; give it without a name (got {args.name!r})")
        if args.format == "table":
            for q in QUESTIONS.values():
                print(f"{q.name:22} {q.text}\n{'':22} options: {q.options}")
                if q.source:
                    print(f"{'':22} source: {q.source}")
        else:
            emit(catalogue(), args.format)
        return 0
    if not args.name:
        raise CliError("name a question (wizstats ask --list shows them)")
    if args.n is not None and args.n < 1:
        raise CliError(f"--n must be a whole number >= 1, got {args.n}")
    options = AskOptions(
        **keywords(args, "players", "hand_size", "plus_minus_one", "blind_trump", "k", "schedule", *SAMPLE, "rank"),
        bids=None if args.bids is None else tuple(args.bids),
    )
    answer = ask(args.name, options)
    if args.format == "table":
        print(answer.sentence)
        print()
        emit(answer.shown(), "table")
    else:
        emit(answer.full_table(), args.format)
    return 0
