"""The players side by side: speed at 4 x 10 on one thread, and arena margins per hand size.

    python benchmarks/players.py speed                     # expert, heuristic, rollout, pimc: rounds/s
    python benchmarks/players.py speed --also pimc:bidder=1,playout=1,worlds=96   # and another player
    python benchmarks/players.py arena --against heuristic --rounds 20000 --hand-sizes 1-15
    python benchmarks/players.py arena --against rollout --rounds 200 --hand-sizes 1,3,5,10,15
    python benchmarks/players.py rational --rounds 200000  # round 1 self-play against the exact values
    python benchmarks/players.py speed --quick             # tiny sizes (the test that it does not rot)

``speed``: every player plays whole rounds (all four seats the same player) on one thread, runs
interleaved, ``--repeats`` of each, medians shown. ``arena``: one seat of the first player against
three of the second on duplicate deals (every deal in each of the four rotations), the margin per
round (the first player's mean score minus the others') with its 95% interval over deals, as
``wizstats arena``. ``rational``: round 1 in self-play, each seat's mean score against the exact
value of everyone bidding rationally (``wizstats.round1_rational_values``).
Every figure names the players that produced it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # time this checkout, whatever else is installed

from wizstats import arena, simulate  # noqa: E402
from wizstats.engine import parse_hand_sizes  # noqa: E402


def speed(args: argparse.Namespace) -> None:
    """Rounds per second of each player at ``--players`` x ``--hand-size`` on one thread."""
    n, r = args.players, args.hand_size
    plan = {
        "heuristic": args.rounds * 20,
        "expert": args.rounds * 4,
        "expert:v2": args.rounds * 4,  # the expert before its endgame search
        "pimc": max(2, args.rounds // 100),
        "rollout": max(2, args.rounds // 100),
    }
    for name in args.also:  # more search players, at the search players' rounds
        plan[name] = max(2, args.rounds // 100)
    for name in plan:  # compile (or load) first: not timed
        simulate(n, r, 2, policies=name, seed=0, threads=1)
    rates: dict[str, list[float]] = {name: [] for name in plan}
    for rep in range(args.repeats):
        for name, rounds in plan.items():
            t0 = time.perf_counter()
            simulate(n, r, rounds, policies=name, seed=rep + 1, threads=1)
            rates[name].append(rounds / (time.perf_counter() - t0))
    print(
        f"| player ({n} x {r}, one thread, all seats the same) | rounds/s (median of {args.repeats}) | vs heuristic |"
    )
    print("|---|---:|---:|")
    top = statistics.median(rates["heuristic"])
    for name, xs in rates.items():
        m = statistics.median(xs)
        print(f"| {name} | {m:,.0f} | {m / top:.3g} |")


def arena_table(args: argparse.Namespace) -> None:
    """Margin of one ``--player`` seat against the others (``--against``) per hand size, or over whole games."""
    sizes = parse_hand_sizes(args.hand_sizes)
    unit = "games" if sizes == "game" else "deals per hand size"
    print(
        f"{args.player} (one seat) vs {args.against} (the other {args.players - 1}), {args.players} players, "
        f"{args.rounds} {unit} x {args.players} rotations, seed {args.seed}; margin = mean score minus the "
        f"others' per round (whole games too), 95% interval over {unit.split()[0]}"
    )
    print(f"| hand size | margin | low | high | {args.player} mean score | accuracy |")
    print("|---:|---:|---:|---:|---:|---:|")
    for h in sizes if isinstance(sizes, tuple) else [sizes]:
        t0 = time.perf_counter()
        res = arena(
            [args.player, args.against],
            args.players,
            hand_sizes=h if h == "game" else (h,),
            n_rounds=args.rounds,
            seed=args.seed,
            threads=args.threads,
        )
        row = res.table().iloc[0]
        print(
            f"| {h} | {row['margin']:+.2f} | {row['margin_low']:+.2f} | {row['margin_high']:+.2f} | "
            f"{row['mean_score']:.2f} | {row['accuracy']:.3f} |  ({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )


def rational(args: argparse.Namespace) -> None:
    """Round 1 self-play of ``--player``: each seat's mean score against the exact rational value."""
    from wizstats import round1_rational_values

    for n in args.n_players:
        exact = round1_rational_values(n)
        res = simulate(n, 1, args.rounds, policies=args.player, seed=args.seed)
        print(f"{n} players, {args.player} self-play, {args.rounds} rounds, seed {args.seed}")
        print("| seat | simulated mean | 95% interval | exact rational | difference |")
        print("|---:|---:|---:|---:|---:|")
        for seat in range(n):
            m, lo, hi = _seat_mean(res, seat)
            x = float(exact[seat])
            print(f"| {seat} | {m:.3f} | [{lo:.3f}, {hi:.3f}] | {x:.3f} | {m - x:+.3f} |")


def _seat_mean(res, seat: int) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    """Mean score of ``seat`` and a 95% normal interval, from the result's (bid, tricks) counts."""
    import numpy as np

    from wizstats.rules import score_table

    counts = np.asarray(res.counts[seat], float)
    scores = np.asarray(score_table(1, res.rules), float)[: counts.shape[0], : counts.shape[1]]
    total = counts.sum()
    mean = float((counts * scores).sum() / total)
    var = float((counts * (scores - mean) ** 2).sum() / total)
    half = 1.96 * (var / total) ** 0.5
    return mean, mean - half, mean + half


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("speed")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--hand-size", type=int, default=10)
    p.add_argument("--rounds", type=int, default=2000, help="rollout/pimc play rounds/100, expert x4, heuristic x20")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--quick", action="store_true")
    p.add_argument(
        "--also", action="append", default=[], help="another player to time, e.g. pimc:bidder=1 (repeatable)"
    )
    a = sub.add_parser("arena")
    a.add_argument("--player", default="expert")
    a.add_argument("--against", default="heuristic")
    a.add_argument("--players", type=int, default=4)
    a.add_argument("--hand-sizes", default="1-15")
    a.add_argument("--rounds", type=int, default=20000)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--threads", type=int, default=1)
    q = sub.add_parser("rational")
    q.add_argument("--player", default="expert")
    q.add_argument("--rounds", type=int, default=200_000)
    q.add_argument("--seed", type=int, default=1)
    q.add_argument("--n-players", type=int, nargs="+", default=[3, 4, 5, 6])
    args = parser.parse_args()
    if args.what == "speed":
        if args.quick:
            args.rounds, args.repeats = 200, 1
        speed(args)
    elif args.what == "arena":
        arena_table(args)
    else:
        rational(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
