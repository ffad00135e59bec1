"""``wizstats bid W R12 B3 --trump red --players 4 --seat 2``: trick distribution, expected scores, best bid."""

from __future__ import annotations

import argparse

import pandas as pd

from ..stats import bid_table
from ._common import SAMPLE, add_options, add_players, add_sample, emit_data, keywords, whole_number


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``bid`` command."""
    p = subparsers.add_parser(
        "bid",
        help="what to bid with a hand: trick distribution, expected score of each bid, the best bid",
        description=(
            "Deal the cards you cannot see at random, consistent with what you know (your hand, the turned\n"
            "card, the earlier bids), play every deal once per bid, and print the chance of each number of\n"
            "tricks, the expected score of each bid with its 95% interval, and the recommended bid.\n"
            "Seat 0 is the dealer (bids last); seat 1 bids first and leads. Without --bids the earlier bids\n"
            "are taken as unseen (as with hidden bids)."
        ),
        epilog=(
            "examples:\n"
            "  wizstats bid W R12 B3 --trump red --players 4 --seat 2\n"
            "  wizstats bid W R12 B3 --trump R5 --players 4 --seat 3 --bids 1 0\n"
            "  wizstats bid R13 B13 G2 Y7 J --trump W:red --seat 0 --bids 1 2 0 --plus-minus-one\n"
            "  wizstats bid B13 --trump none --players 3 --seat 1 --format csv"
        ),
    )
    p.add_argument("cards", nargs="+", help="your hand: W, J, R13, B1, G7, Y10 ...")
    p.add_argument(
        "--trump",
        required=True,
        help="the turned card (R5; W: the dealer names a suit; J: no trump), a suit (red, R), 'W:red', or none",
    )
    add_players(p)
    p.add_argument(
        "--seat", type=whole_number, default=1, help="your seat: 0 dealer (bids last), 1 bids first (default: 1)"
    )
    p.add_argument(
        "--bids", type=whole_number, nargs="*", default=None, help="the earlier bids, in bidding order from seat 1"
    )
    p.add_argument("--plus-minus-one", action="store_true", help="the dealer may not make the bids add up")
    add_sample(p, 4000, "deals kept (default: 4000)")
    add_options(p, "--seed", "--format")
    p.set_defaults(run=run, kernels=("engine.stats:hand_rounds",))


def run(args: argparse.Namespace) -> int:
    """Compute and print the trick distribution and the best bid."""
    unseen = args.bids is None and args.seat != 1
    res, table = bid_table(args.cards, **keywords(args, "trump", "players", "seat", "bids", "plus_minus_one", *SAMPLE))
    if emit_data(table, args):
        return 0
    columns = [c for c in table.columns if c.startswith("P(")]
    head = [
        f"hand {' '.join(res.hand)}: seat {res.seat} of {res.rules.n_players}, {res.trump}, earlier bids "
        + (f"{list(res.bids_so_far)}" if not unseen else "not seen (taken as hidden)"),
        f"{res.policy} players; {res.n:,} deals kept of {res.n_tried:,}; seed {res.seed}; 95% intervals",
    ]
    if res.forbidden_bid is not None:
        head.append(f"plus/minus one: bid {res.forbidden_bid} is forbidden")
    head += [f"note: {note}" for note in res.notes]
    shown = pd.DataFrame(
        {
            "bid": table.bid,
            "expected score": [f"{r.expected_score:+.1f} [{r.low:.1f}, {r.high:.1f}]" for r in table.itertuples()],
            "meets it": [f"{100 * r.p_make:.1f}%" for r in table.itertuples()],
            **{c: [f"{v:.3f}" for v in table[c]] for c in columns},
        }
    )
    print("\n".join(head))
    print(shown.to_string(index=False))
    best = res.bids[res.bids.bid == res.best_bid].iloc[0]
    line = (
        f"recommended bid: {res.best_bid} (expected score {best.expected_score:+.1f}"
        f" [{best.low:.1f}, {best.high:.1f}], meets it {100 * best.p_make:.1f}%"
    )
    if res.margin is not None and res.margin.ci is not None:
        line += (
            f"; ahead of the next best by {res.margin.value:.1f} [{res.margin.ci.low:.1f}, {res.margin.ci.high:.1f}]"
        )
    print(line + ")")
    return 0
