"""``wizstats one-colour``: whole games of the one-colour variant ("Einfarbig", RULES 9)."""

from __future__ import annotations

import argparse

from ..engine import simulate_one_colour
from ._common import DEFAULT_POLICY, add_options, add_players, add_policies, emit


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``one-colour`` command."""
    p = subparsers.add_parser(
        "one-colour",
        help="simulate whole games of one colour (RULES 9): totals, wins, bid accuracy per round",
        description=(
            "Play whole games of the one-colour variant: each player draws from his own pile (one suit, a Wizard "
            "and a Jester), 12 rounds of 4 to 15 cards, no trump, the highest value wins. Prints per player the "
            "mean total and share of games won, then per round the mean bid, tricks and accuracy."
        ),
        epilog=(
            "examples:\n"
            "  wizstats one-colour --players 4 --games 10000\n"
            "  wizstats one-colour --players 3 --games 5000 --policy heuristic random random --format csv"
        ),
    )
    add_players(p, 4, "3 or 4 players (default: 4)")
    add_options(p, "--games")
    own = f"default: {DEFAULT_POLICY}: the one-colour engine's own expert"
    add_policies(p, "player", "player 0 (dealer of round 1)", [DEFAULT_POLICY], own)
    add_options(p, "--plus-minus-one", "--scoring")
    p.add_argument("--by-round", action="store_true", help="print the per-round table (csv/json: only that table)")
    add_options(p, "--threads", "--seed", "--format")
    p.set_defaults(run=run, kernels=("variants.onecolour:simulate_one_colour_games",))


def run(args: argparse.Namespace) -> int:
    """Simulate and print."""
    policies = args.policy[0] if len(args.policy) == 1 else args.policy
    result = simulate_one_colour(
        args.players,
        args.games,
        policies=policies,
        seed=args.seed,
        plus_minus_one=args.plus_minus_one,
        scoring=args.scoring,
        threads=args.threads,
    )
    if args.format != "table":
        emit(result.by_round() if args.by_round else result.summary(), args.format)
        return 0
    title = f"one colour, {args.players} players, {args.games} games, {args.scoring} scoring; seed {args.seed}"
    emit(result.summary(), "table", title=title)
    if args.by_round:
        rounds = (
            result.by_round()
            .groupby(["round", "hand_size"], as_index=False)[["mean_bid", "mean_tricks", "accuracy"]]
            .mean()
        )
        print()
        emit(rounds, "table", title="per round (mean over seats)")
    return 0
