"""``wizstats arena``: policies against each other on the same deals, seats rotating."""

from __future__ import annotations

import argparse

from ..engine import arena
from ._common import add_options, add_players, emit, round_rules, whole_number


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``arena`` command."""
    p = subparsers.add_parser(
        "arena",
        help="compare policies in the duplicate format (same deals, every seat)",
        description=(
            "Play policies against each other; every deal (or game) is played once per rotation of the\n"
            "players round the table, so each policy meets the same cards in every seat. Prints per hand\n"
            "size and policy the mean score per round, accuracy, mean |tricks - bid|, the margin over the\n"
            "other policies and, for whole games, the win rate, each with a 95% interval."
        ),
        epilog=(
            "examples:\n"
            "  wizstats arena rollout baseline --hand-sizes 1-15 --rounds 500\n"
            "  wizstats arena heuristic baseline --hand-sizes game --rounds 2000\n"
            "  wizstats arena pimc:worlds=48 heuristic heuristic heuristic --hand-sizes 5,10\n"
            "  wizstats arena rollout expert --hand-sizes 5,10 --rounds 200 --special all"
        ),
    )
    p.add_argument(
        "policy",
        nargs="+",
        help="the players in rotation order (name or name:key=value,...); the last fills the remaining seats",
    )
    add_players(p)
    p.add_argument("--hand-sizes", default="game", help="'game' (whole games), '10', '1-15' or '1,3,5' (default: game)")
    p.add_argument("--rounds", type=whole_number, default=1000, help="deals per hand size, or games (default: 1000)")
    add_options(p, "--deck", "--plus-minus-one", "--blind-trump", "--bids", "--scoring")
    p.add_argument(
        "--special",
        default="",
        help="anniversary special cards in play (RULES 8), comma-separated, or all: the special-card engine's "
        "players (random, heuristic, expert, rollout), hand sizes only (default: none)",
    )
    add_options(p, "--threads")
    p.add_argument("--no-intervals", action="store_true", help="leave out the _low/_high columns")
    add_options(p, "--seed", "--format")
    p.set_defaults(run=run, kernels=_kernels)


def _kernels(args: argparse.Namespace) -> tuple[str, ...]:
    """The arena kernel this run calls: the special cards' engine's, or the standard one."""
    return ("special.arena:special_arena_kernel",) if args.special else ("engine.arena:arena_kernel",)


def run(args: argparse.Namespace) -> int:
    """Run the arena and print its table."""
    rules = round_rules(args)
    result = arena(
        args.policy, args.players, args.hand_sizes, args.rounds, args.seed, rules=rules, threads=args.threads
    )
    table = result.table(intervals=not args.no_intervals)
    unit = "games" if result.hand_sizes == "game" else "deals per hand size"
    title = f"{rules.describe()}; {args.rounds} {unit}, each played in {args.players} rotations; seed {args.seed}"
    emit(table, args.format, title=title if args.format == "table" else None)
    return 0
