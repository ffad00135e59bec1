"""Time one sweep on several executors: the speed-up from one to two local workers, and the local default.

Run ``python benchmarks/sweep_setups.py`` (see ``--help``). Every setup runs the same sweep (the
same rounds, checked to give identical tables): all start and warm up first (workers up,
kernels loaded), then the timed runs take turns ``--repeat`` times; it reports the best and
the median wall time of each, the speed-up over the first setup from the best times, and the
median of the speed-ups within each turn (``speedup_paired``: runs next to each other in time
see about the same load, so this is the steadier figure on a shared machine). For Dask setups
``busy_workers`` is the workers' summed compute time over the wall time (Dask's task stream):
how many workers were computing at once on average, i.e. what the dispatching allows.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import contextlib
import logging
import multiprocessing
import statistics
import time
from collections.abc import Iterator
from typing import Any

import pandas as pd

from wizstats.sweep import expand_grid, simulate_range, sweep


@contextlib.contextmanager
def _executor(kind: str) -> Iterator[Any]:
    if kind.startswith("in-process"):
        yield None
    elif kind == "process pool x2":
        with cf.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
            yield pool
    else:
        from distributed import Client, LocalCluster

        n = int(kind.split("x")[-1])
        with (
            LocalCluster(
                n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
            ) as cluster,
            Client(cluster) as client,
        ):
            yield client


@contextlib.contextmanager
def _task_stream(executor: Any) -> Iterator[Any]:
    """Dask's record of the tasks run inside the block (``None`` for other executors)."""
    from wizstats.sweep import is_dask_client

    if not is_dask_client(executor):
        yield None
        return
    from distributed import get_task_stream

    with get_task_stream(executor) as stream:
        yield stream


def _compute_seconds(stream: Any) -> float:
    """Seconds the workers spent computing chunks, summed over workers."""
    return sum(s["stop"] - s["start"] for task in stream.data for s in task["startstops"] if s["action"] == "compute")


SETUPS = {
    "in-process, 1 thread": 1,
    "in-process, all threads": None,
    "process pool x2": 1,
    "dask workers x1": 1,
    "dask workers x2": 1,
}
"""Setup name -> kernel threads per chunk."""


def bench(grid: dict[str, Any], n_rounds: int, chunk_rounds: int, repeat: int, setups: list[str]) -> pd.DataFrame:
    """Best and median seconds per setup for the same sweep; raises if any table differs.

    All setups start (and warm up) first; then the timed runs take turns, setup after setup,
    ``repeat`` times, so a change in the machine's load hits every setup alike.
    """
    simulate_range(expand_grid(grid)[0], 0, 1)  # compile or load the kernels here first

    def run(name: str, executor: Any, n: int) -> pd.DataFrame:
        return sweep(
            "joint",
            grid,
            n_rounds=n,
            seed=1,
            chunk_rounds=chunk_rounds,
            threads=SETUPS[name],
            executor=executor,
            progress=False,
        )

    times: dict[str, list[float]] = {name: [] for name in setups}
    busy: dict[str, list[float]] = {name: [] for name in setups}
    first = None
    with contextlib.ExitStack() as stack:
        executors = {name: stack.enter_context(_executor(name)) for name in setups}
        for name, executor in executors.items():
            run(name, executor, min(n_rounds, 2 * chunk_rounds))  # warm-up: workers up, kernels loaded
        for _ in range(repeat):
            for name, executor in executors.items():
                with _task_stream(executor) as stream:
                    start = time.perf_counter()
                    table = run(name, executor, n_rounds)
                    times[name].append(time.perf_counter() - start)
                if stream is not None:
                    busy[name].append(_compute_seconds(stream) / times[name][-1])
                if first is None:
                    first = table
                pd.testing.assert_frame_equal(table, first)
    out = pd.DataFrame(
        [
            {
                "setup": name,
                "threads_per_chunk": SETUPS[name] or "all",
                "best_s": min(t),
                "median_s": statistics.median(t),
                "busy_workers": statistics.median(busy[name]) if busy[name] else float("nan"),
            }
            for name, t in times.items()
        ]
    )
    out["rounds_per_s_best"] = (n_rounds * len(expand_grid(grid)) / out["best_s"]).round(-2)
    out["speedup_best"] = out["best_s"].iloc[0] / out["best_s"]
    base = times[setups[0]]
    out["speedup_paired"] = [statistics.median(b / x for b, x in zip(base, t, strict=True)) for t in times.values()]
    return out


def main(argv: list[str] | None = None) -> None:
    """Command line: ``python benchmarks/sweep_setups.py [--rounds N] [--repeat K] [--setups ...]``."""
    p = argparse.ArgumentParser(prog="python benchmarks/sweep_setups.py", description=__doc__)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--hand-size", type=int, nargs="+", default=[5, 10])
    p.add_argument("--policy", default="heuristic")
    p.add_argument("--rounds", type=int, default=100_000, help="rounds per grid point")
    p.add_argument("--chunk-rounds", type=int, default=10_000)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument(
        "--setups",
        nargs="+",
        default=list(SETUPS),
        choices=list(SETUPS),
        metavar="SETUP",
        help=f"some of: {'; '.join(SETUPS)}",
    )
    args = p.parse_args(argv)
    grid = {"n_players": args.players, "hand_size": args.hand_size, "policy": args.policy}
    table = bench(grid, args.rounds, args.chunk_rounds, args.repeat, args.setups)
    print(f"grid {grid}; {args.rounds} rounds per point in chunks of {args.chunk_rounds}; best of {args.repeat}")
    print(table.to_string(index=False, float_format=lambda x: f"{x:.2f}"))


if __name__ == "__main__":
    main()
