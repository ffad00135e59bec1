"""``wizstats thresholds --players 4``: the weakest trump and non-trump worth a trick, by hand size and seat."""

from __future__ import annotations

import argparse

import pandas as pd

from ..engine import parse_hand_sizes
from ..exact import break_even_probability, round1_thresholds
from ..stats import bid_thresholds
from ._common import CliError, add_options, add_players, add_sample, emit_data, sample_args, whole_number

N = 3000
"""The default of ``--n``: random rounds per hand size."""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``thresholds`` command."""
    p = subparsers.add_parser(
        "thresholds",
        help="the weakest trump and non-trump worth bidding a trick, by hand size and seat",
        description=(
            "For each hand size and seat, the lowest rank from which every higher trump (non-trump, card in a\n"
            "round without trump) takes the trick it is played in at least the break-even share of the time\n"
            "(3/7 for the first trick, standard scoring), and the fewest trumps worth a trick. Simulated with\n"
            "the named players; round 1 is also given exactly. '-': no rank qualifies.\n"
            "With --bids: round 1 only, exactly, for the player whose turn it is after those earlier bids\n"
            "(0 or 1 each, from seat 1), reading them as made by rational bidders (bid 1 iff the chance\n"
            "reaches the break-even)."
        ),
        epilog=(
            "examples:\n"
            "  wizstats thresholds --players 4\n"
            "  wizstats thresholds --players 5 --hand-sizes 1-6 --n 20000\n"
            "  wizstats thresholds --players 4 --format csv\n"
            "  wizstats thresholds --players 4 --bids 0 0"
        ),
    )
    add_players(p)
    p.add_argument("--hand-sizes", default=None, help="hand sizes: '3', '1-5', '1,3,5' (default: every round)")
    add_sample(p, N, f"random rounds per hand size (default: {N})")
    p.add_argument(
        "--bids",
        type=whole_number,
        nargs="*",
        default=None,
        help="round 1, exact: the earlier bids (0/1, bidding order from seat 1); the next seat's thresholds",
    )
    add_options(p, "--seed", "--format")
    p.set_defaults(run=run, kernels=lambda args: () if args.bids is not None else ("engine.stats:card_table_rounds",))


def _rank(x: object) -> str:
    return "-" if x is None or x is pd.NA or (isinstance(x, float) and x != x) else str(int(x))  # type: ignore[call-overload]


def run(args: argparse.Namespace) -> int:
    """Estimate and print the thresholds."""
    if args.bids is not None:
        return _run_after_bids(args)
    parsed = None if args.hand_sizes is None else parse_hand_sizes(args.hand_sizes)
    sizes = None if isinstance(parsed, str) else parsed  # "game": every hand size
    res = bid_thresholds(args.players, sizes, **sample_args(args))
    t = res.table
    if emit_data(t.assign(policy=res.policy, n=args.n, seed=args.seed), args):
        return 0
    seats = [*range(1, args.players), 0]
    order = "/".join(map(str, seats))
    rows = []
    for r, grp in t.groupby("hand_size"):
        by = grp.set_index("seat")
        rows.append(
            {
                "hand size": r,
                **{
                    f"{label} (seats {order})" if k == 0 else label: "/".join(_rank(by[col][s]) for s in seats)
                    for k, (label, col) in enumerate(
                        [
                            ("trump", "weakest_trump"),
                            ("non-trump", "weakest_plain"),
                            ("no trump", "weakest_no_trump"),
                            ("trumps for a trick", "trumps_for_a_trick"),
                        ]
                    )
                },
            }
        )
    print(
        f"{res.title}: break-even {t.break_even.iloc[0]:.3f}; {res.policy} players, {args.n:,} rounds per hand size,"
        f" seed {args.seed}"
    )
    print(pd.DataFrame(rows).to_string(index=False))
    ex = round1_thresholds(args.players).table
    trump = ex[ex.state == "trump"].set_index("seat").weakest_rank
    plain = ex[ex.state == "plain"].set_index("seat").weakest_rank
    print(
        f"round 1, exact: trump from {'/'.join(_rank(trump[s]) for s in seats)}, non-trump from"
        f" {'/'.join(_rank(plain[s]) for s in seats)} (seats {order})"
    )
    return 0


def _run_after_bids(args: argparse.Namespace) -> int:
    """Round 1, exactly: the thresholds of the player whose turn it is after ``--bids``."""
    if args.hand_sizes is not None and args.hand_sizes.strip() != "1":
        raise CliError(f"--bids answers round 1 only: leave out --hand-sizes or give 1, not {args.hand_sizes!r}")
    simulated = [
        flag
        for flag, given in (("--policy", args.policy is not None), ("--n", args.n != N), ("--seed", args.seed != 0))
        if given
    ]
    if simulated:
        verb = "does" if len(simulated) == 1 else "do"
        raise CliError(f"{', '.join(simulated)} {verb} not apply with --bids: the answer is an exact count")
    t = round1_thresholds(args.players, bids=tuple(args.bids)).table
    if emit_data(t, args):
        return 0
    seat = int(t.seat.iloc[0])
    who = "the dealer (seat 0)" if seat == 0 else f"seat {seat}"

    def chance(x: object) -> str:
        return "-" if x is None or pd.isna(x) else f"{x:.3f}"

    def pays(x: object) -> str:
        return "-" if x is None or pd.isna(x) else ("yes" if x else "no")

    rows = [
        {
            "trump state": r.state,
            "weakest rank": _rank(r.weakest_rank),
            "P(win) of it": chance(r.p_weakest),
            "P(win), best that does not pay": chance(r.p_below),
            "Wizard": pays(r.wizard),
            "Jester": pays(r.jester),
        }
        for r in t.itertuples()
    ]
    bids = " ".join(map(str, args.bids)) or "none"
    print(
        f"round 1, exact, {args.players} players: {who} after the earlier bids {bids}, read as made by rational"
        f" bidders; bid 1 pays when P(win) >= {break_even_probability()} ('-': no rank pays)"
    )
    print(pd.DataFrame(rows).to_string(index=False))
    return 0
