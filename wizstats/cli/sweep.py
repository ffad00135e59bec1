"""``wizstats sweep``: a statistic over a grid of settings, here, on local workers, or on a Dask cluster."""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterator
from typing import Any

from ..engine import CHUNK_ROUNDS
from ..sweep import expand_grid, resolve_statistic, simulate_range, sweep
from ._common import DEFAULT_PLAYER, SUMMARY_FIGURES, CliError, add_options, emit, whole_number

SUMMARY_COLUMNS = ["seat", "seat_policy", *SUMMARY_FIGURES]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``sweep`` command."""
    p = subparsers.add_parser(
        "sweep",
        help="run a statistic over a grid of settings (locally or on a Dask cluster)",
        description=(
            "Simulate every combination of the given settings and print one table. The same seed gives the "
            "same numbers here, on local workers and on any Dask cluster, whatever --chunk-rounds."
        ),
        epilog=(
            "examples:\n"
            "  wizstats sweep --players 3 4 5 6 --hand-size all --rounds 100000\n"
            "  wizstats sweep --players 4 --hand-size 5 10 --policy heuristic random\n"
            "                 --grid scoring=standard,alternative\n"
            "  wizstats sweep --players 4 --hand-size 10 --test-seat 0 1 2 3 --test-policy random --stat summary\n"
            "  wizstats sweep --players 4 --hand-size all --rounds 10000000 --cache sweep-cache --workers 2\n"
            "  wizstats sweep --players 4 --hand-size all --rounds 100000000 --dask tcp://scheduler:8786"
        ),
    )
    p.add_argument(
        "--stat",
        default="summary",
        help="statistic: summary (per seat) or joint (seat, bid, tricks, count); default: summary",
    )
    p.add_argument("--players", nargs="+", default=["4"], metavar="N", help="player counts (default: 4)")
    p.add_argument(
        "--hand-size", nargs="+", required=True, metavar="R", help="hand sizes, or 'all' (1 .. deck / players)"
    )
    p.add_argument(
        "--deck", nargs="+", metavar="DECK", help="decks: standard, junior, oh-hell or SxR+W+J (default: standard)"
    )
    p.add_argument(
        "--policy",
        nargs="+",
        metavar="POLICY",
        help=f"policies, each for every seat, e.g. heuristic:scale=1.1 ({DEFAULT_PLAYER})",
    )
    p.add_argument(
        "--test-seat", nargs="+", metavar="SEAT", help="seats that play --test-policy while the others play --policy"
    )
    p.add_argument("--test-policy", nargs="+", metavar="POLICY", help="policies of --test-seat")
    p.add_argument(
        "--grid",
        action="append",
        default=[],
        metavar="KEY=V1,V2",
        help="more grid keys: plus_minus_one, plus_minus_one_min_hand, trump_choice, bids, scoring (repeatable)",
    )
    p.add_argument(
        "--rounds", type=whole_number, metavar="N", default=100_000, help="rounds per grid point (default: 100000)"
    )
    p.add_argument(
        "--chunk-rounds",
        type=whole_number,
        metavar="N",
        default=CHUNK_ROUNDS,
        help=f"rounds per chunk (default: {CHUNK_ROUNDS})",
    )
    p.add_argument("--cache", metavar="DIR", help="keep finished chunks here; a rerun computes only missing chunks")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--dask", metavar="ADDRESS", help="run on the Dask scheduler at ADDRESS (tcp://host:8786)")
    where.add_argument(
        "--workers", type=whole_number, metavar="N", help="run on a local Dask cluster of N worker processes"
    )
    p.add_argument(
        "--threads",
        type=whole_number,
        metavar="N",
        help="kernel threads per chunk (default: all cores; cores/N with --workers N)",
    )
    p.add_argument(
        "--retries",
        type=whole_number,
        metavar="N",
        default=None,
        help="with --dask or --workers: retries of a failing chunk (default: 2)",
    )
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar over chunks (default: on a terminal)",
    )
    add_options(p, "--seed", "--format")
    p.set_defaults(run=run, kernels=("engine.round:simulate_counts",))


def grid_of(args: argparse.Namespace) -> dict[str, list[Any]]:
    """The grid the options describe (keys in the order of GRID_KEYS' named options, then --grid)."""
    grid: dict[str, list[Any]] = {"n_players": args.players, "hand_size": args.hand_size}
    for key in ("deck", "policy", "test_seat", "test_policy"):
        if getattr(args, key):
            grid[key] = getattr(args, key)
    for item in args.grid:
        key, eq, values = item.partition("=")
        key = key.strip().replace("-", "_")
        if not eq or not values.strip():
            raise CliError(f"--grid takes KEY=V1,V2,..., got {item!r}")
        if key in grid:
            raise CliError(f"grid key {key!r} given twice")
        grid[key] = [v.strip() for v in values.split(",")]
    return grid


@contextlib.contextmanager
def executor_of(args: argparse.Namespace) -> Iterator[Any]:
    """``None``, a Client of a local cluster (--workers), or a Client of a remote scheduler (--dask)."""
    if args.workers is None and args.dask is None:
        yield None
        return
    try:  # dask is an optional extra: imported only when asked for
        from distributed import Client, LocalCluster
    except ImportError:
        raise CliError("--dask and --workers need dask: pip install 'dask[distributed]'") from None
    if args.workers is not None:
        if args.workers < 1:
            raise CliError(f"--workers must be >= 1, got {args.workers}")
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None)
        with cluster, Client(cluster) as client:
            yield client
        return
    try:
        client = Client(args.dask, timeout="10s")
    except (OSError, TimeoutError) as err:
        raise CliError(f"cannot reach the Dask scheduler at {args.dask}: {err}") from None
    with client:
        yield client


def run(args: argparse.Namespace) -> int:
    """Sweep and print."""
    if args.retries is not None and args.dask is None and args.workers is None:
        raise CliError("--retries applies to --dask and --workers only (chunks run here are not retried)")
    if args.workers is not None and not 1 <= args.workers <= 256:
        raise CliError(f"--workers must be 1..256, got {args.workers}")
    if args.cache is not None and not args.cache.strip():
        raise CliError("--cache needs a directory name")
    grid = grid_of(args)
    stat = resolve_statistic(args.stat)
    points = expand_grid(grid, seed=args.seed, extra_keys=stat.keys)  # fail early, before any cluster starts
    threads = args.threads
    if args.workers is not None:
        simulate_range(points[0], 0, 1)  # compile (or load) the kernels once, so workers load them from disk
        threads = threads or max(1, (os.cpu_count() or 1) // max(args.workers, 1))
    with executor_of(args) as executor:
        frame = sweep(
            stat,
            grid,
            n_rounds=args.rounds,
            seed=args.seed,
            executor=executor,
            cache=args.cache,
            chunk_rounds=args.chunk_rounds,
            threads=threads,
            retries=2 if args.retries is None else args.retries,
            progress=args.progress,
        )
    if args.format == "table":
        a = frame.attrs
        title = (
            f"{a['statistic']}: {a['n_rounds']} rounds per point, {len(points)} points; seed {a['seed']}; "
            f"{a['chunks']} chunks ({a['chunks_cached']} from cache)"
        )
        if a["statistic"] == "summary":
            frame = frame[[c for c in frame.columns if c in grid or c.endswith("_grid")] + SUMMARY_COLUMNS]
        emit(frame, "table", title=title)
    else:
        emit(frame, args.format)
    return 0
