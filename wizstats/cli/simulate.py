"""``wizstats simulate``: play many rounds and count (seat, bid, tricks)."""

from __future__ import annotations

import argparse

from ..engine import SpecialSimulationResult, simulate
from ._common import (
    DEFAULT_POLICY,
    SUMMARY_FIGURES,
    add_options,
    add_players,
    add_policies,
    emit,
    round_rules,
    whole_number,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``simulate`` command."""
    p = subparsers.add_parser(
        "simulate",
        help="simulate rounds; joint counts of seat, bid and tricks",
        description="Play many rounds and print per-seat summaries, or the joint counts with --format csv/json.",
        epilog=(
            "examples:\n"
            "  wizstats simulate --players 4 --hand-size 10 --rounds 100000\n"
            "  wizstats simulate --players 4 --hand-size 10 --rounds 100000 --deck oh-hell --policy random "
            "--seed 1 --format csv\n"
            "  wizstats simulate --players 4 --hand-size 10 --rounds 100000 --special dragon,fairy,bomb"
        ),
    )
    add_players(p)
    p.add_argument("--hand-size", type=whole_number, required=True, help="cards per hand in the round")
    p.add_argument("--rounds", type=whole_number, default=100_000, help="rounds to play (default: 100000)")
    add_options(p, "--deck")
    add_policies(p, "seat", "seat 0 (dealer)", [DEFAULT_POLICY])
    add_options(p, "--plus-minus-one", "--blind-trump", "--bids", "--scoring")
    p.add_argument(
        "--special",
        default="",
        help="anniversary special cards in play (RULES 8), comma-separated: dragon,fairy,bomb,werewolf,juggler,"
        "cloud,shapeshifter,witch,vampire, or all (default: none)",
    )
    add_options(p, "--threads", "--seed", "--format")
    p.set_defaults(run=run, kernels=_kernels)


def _kernels(args: argparse.Namespace) -> tuple[str, ...]:
    """The kernel this simulation calls: the special cards' round, or the standard one."""
    return ("special.round:simulate_special_counts",) if args.special else ("engine.round:simulate_counts",)


def run(args: argparse.Namespace) -> int:
    """Simulate and print."""
    rules = round_rules(args)
    policies = args.policy[0] if len(args.policy) == 1 else args.policy
    result = simulate(
        args.players, args.hand_size, args.rounds, rules=rules, policies=policies, seed=args.seed, threads=args.threads
    )
    if args.format == "table":
        summary = result.summary()
        cols = ["seat", "policy", *SUMMARY_FIGURES]
        emit(summary[cols], "table", title=f"{rules.describe()}; hand size {args.hand_size}; seed {args.seed}")
        if isinstance(result, SpecialSimulationResult) and result.events:  # special cards
            print("special-card events: " + ", ".join(f"{k} {v}" for k, v in result.events.items()))
    else:
        emit(result.joint(), args.format)
    return 0
