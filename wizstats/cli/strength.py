"""``wizstats strength R13 --players 4 --hand-size 5 --trump red``: how often a card wins, what it is worth."""

from __future__ import annotations

import argparse

import pandas as pd

from ..stats import strength_table
from ._common import SAMPLE, add_options, add_players, add_sample, emit_data, keywords, whole_number


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``strength`` command."""
    p = subparsers.add_parser(
        "strength",
        help="how often a card takes its trick, and how many tricks it is worth to its hand",
        description=(
            "Deal the card to a seat with random other cards, play the round, and count how often the card\n"
            "takes the trick it is played in (95% Wilson interval) and how many tricks it adds to its hand:\n"
            "the same deal is replayed with the card swapped for a random unseen card (paired difference).\n"
            "Without --seat every seat is shown (seat 0 deals, seat 1 leads)."
        ),
        epilog=(
            "examples:\n"
            "  wizstats strength R13 --players 4 --hand-size 5\n"
            "  wizstats strength R13 --players 4 --hand-size 5 --trump red\n"
            "  wizstats strength B13 --players 4 --hand-size 1 --trump plain --seat 1\n"
            "  wizstats strength W --players 6 --hand-size 3 --format json"
        ),
    )
    p.add_argument("card", help="the card: W, J, R13, B1, G7, Y10 ...")
    add_players(p)
    p.add_argument("--hand-size", type=whole_number, default=1, help="cards per hand (default: 1)")
    p.add_argument(
        "--trump",
        default="any",
        help="turned card (R5, W, J), a suit (red), none, trump/plain (of the card's own suit or another),"
        " or any (default: a random turned card)",
    )
    p.add_argument("--seat", type=whole_number, default=None, help="the seat holding the card (default: every seat)")
    add_sample(p, 5000, "rounds per seat (default: 5000)")
    add_options(p, "--seed", "--format")
    p.set_defaults(run=run, kernels=("engine.stats:card_rounds",))


def run(args: argparse.Namespace) -> int:
    """Estimate and print the card's strength per seat."""
    title, table = strength_table(args.card, **keywords(args, "players", "hand_size", "trump", "seat", *SAMPLE))
    if emit_data(table, args):
        return 0
    print(f"{title}; {table.policy.iloc[0]} players, {args.n:,} rounds per seat, seed {args.seed}, 95% intervals")
    shown = pd.DataFrame(
        {
            "seat": table.seat,
            "takes its trick": [
                f"{100 * r.p_win:.1f}% [{100 * r.p_win_low:.1f}, {100 * r.p_win_high:.1f}]" for r in table.itertuples()
            ],
            "tricks of its hand": [f"{r.tricks_with:.2f}" for r in table.itertuples()],
            "tricks it adds": [
                f"{r.marginal_value:+.2f} [{r.marginal_value_low:.2f}, {r.marginal_value_high:.2f}]"
                for r in table.itertuples()
            ],
        }
    )
    print(shown.to_string(index=False))
    lo, hi = table.p_win.idxmin(), table.p_win.idxmax()
    print(
        f"{args.card.upper()} takes its trick {100 * table.p_win.mean():.1f}% of the time on average over the seats"
        f" shown ({100 * table.p_win[lo]:.1f}% from seat {table.seat[lo]} to {100 * table.p_win[hi]:.1f}% from seat"
        f" {table.seat[hi]}) and adds {table.marginal_value.mean():+.2f} tricks to its hand."
    )
    return 0
