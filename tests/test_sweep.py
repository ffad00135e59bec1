"""Sweeps: exact agreement across chunkings and executors, a lost Dask worker, cache and resume, bad input.

Every comparison here is exact (integer counts merged by addition), so no test has a
statistical tolerance or a false-failure rate. The Dask tests share one
``LocalCluster(n_workers=2, threads_per_worker=1, processes=True)`` started by this module.
"""

from __future__ import annotations

import concurrent.futures as cf
import doctest
import importlib
import io
import logging
import multiprocessing
import os
import signal
from contextlib import redirect_stdout

import numpy as np
import pandas as pd
import pytest

import wizstats
from wizstats import simulate, trace_rounds
from wizstats.cli import main
from wizstats.sweep import STATISTICS, Chunk, Statistic, code_version, expand_grid, simulate_range, sweep
from wizstats.sweep.core import _run_task, _Task

sweep_module = importlib.import_module("wizstats.sweep.core")  # the attribute wizstats.sweep is the function
grid_module = importlib.import_module("wizstats.sweep.grid")

SEED = 20240607
GRID = {"n_players": [3, 4], "hand_size": [2, 5], "policy": ["random", "heuristic"]}
N_ROUNDS = 3000


@pytest.fixture(scope="module")
def reference() -> pd.DataFrame:
    """The grid's joint counts, each point in one chunk, in this process."""
    return sweep("joint", GRID, n_rounds=N_ROUNDS, seed=SEED, chunk_rounds=N_ROUNDS)


@pytest.fixture(scope="module")
def client():
    """A Dask client of a 2-worker local cluster (kernels compiled in this process first)."""
    distributed = pytest.importorskip("distributed")
    simulate_range(expand_grid(GRID)[0], 0, 1)  # compile or load once here; workers load from the disk cache
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.CRITICAL
    )
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


# ------------------------------------------------------------------ same seed, same numbers
def test_points_match_simulate(reference: pd.DataFrame) -> None:
    """Each point's counts are exactly ``simulate(..., seed=point.seed)``: the seed a point reports is the one used."""
    for point in expand_grid(GRID, seed=SEED):
        rows = reference[
            (reference.n_players == point.n_players)
            & (reference.hand_size == point.hand_size)
            & (reference.policy == point.labels["policy"])
        ]
        direct = simulate(point.n_players, point.hand_size, N_ROUNDS, policies=list(point.policies), seed=point.seed)
        np.testing.assert_array_equal(rows[["seat", "bid", "tricks", "count"]].to_numpy(), direct.joint().to_numpy())


@pytest.mark.parametrize(
    ("chunk_rounds", "threads", "pool"),
    [(1000, None, None), (777, 1, None), (1, None, None), (500, 1, "threads")],
)
def test_chunkings_and_local_executors_agree(reference, chunk_rounds, threads, pool) -> None:
    """Chunk sizes 3000/1000/777/1, one or all kernel threads, in-process or a thread pool: identical tables."""
    n = N_ROUNDS if chunk_rounds > 1 else 16  # one round per chunk: a short run of the same first rounds
    executor = cf.ThreadPoolExecutor(2) if pool == "threads" else None
    try:
        got = sweep("joint", GRID, n_rounds=n, seed=SEED, chunk_rounds=chunk_rounds, threads=threads, executor=executor)
    finally:
        if executor is not None:
            executor.shutdown()
    want = reference if n == N_ROUNDS else sweep("joint", GRID, n_rounds=n, seed=SEED, chunk_rounds=n)
    pd.testing.assert_frame_equal(got, want)
    assert got.attrs["chunks"] == 8 * -(-n // chunk_rounds)


def test_process_pool_agrees(reference: pd.DataFrame) -> None:
    """Two spawned worker processes, one kernel thread each: identical to one process."""
    with cf.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        got = sweep("joint", GRID, n_rounds=N_ROUNDS, seed=SEED, chunk_rounds=1000, threads=1, executor=pool)
    pd.testing.assert_frame_equal(got, reference)


def test_point_independent_of_rest_of_grid(reference: pd.DataFrame) -> None:
    """A point alone, spelled per seat, gives the rows it has inside the full grid."""
    alone = sweep(
        "joint",
        [{"hand_size": 5, "n_players": 4, "policies": ["heuristic"] * 4}],
        n_rounds=N_ROUNDS,
        seed=SEED,
        chunk_rounds=900,
    )
    inside = reference[(reference.n_players == 4) & (reference.hand_size == 5) & (reference.policy == "heuristic")]
    np.testing.assert_array_equal(
        alone[["seat", "bid", "tricks", "count"]].to_numpy(), inside[["seat", "bid", "tricks", "count"]].to_numpy()
    )
    seeds = {p.seed for p in expand_grid(GRID, seed=SEED)}
    assert len(seeds) == 8 and seeds.isdisjoint({p.seed for p in expand_grid(GRID, seed=SEED + 1)})


def test_summary_shares_counts_with_joint(reference: pd.DataFrame) -> None:
    """The summary's rounds per seat is the joint's total for that seat."""
    summary = sweep("summary", GRID, n_rounds=N_ROUNDS, seed=SEED, chunk_rounds=1500)
    assert (summary.rounds == N_ROUNDS).all() and len(summary) == 2 * (3 + 4) * 2
    per_seat = reference.groupby(["n_players", "hand_size", "policy", "seat"], sort=False)["count"].sum()
    assert (per_seat == N_ROUNDS).all()


def _trump_counts(point, chunk):
    """Rounds per trump (none, B, R, G, Y), from traced rounds of this chunk."""
    trace = trace_rounds(
        point.rules, point.hand_size, chunk.n_rounds, policies=list(point.policies), seed=point.seed, start=chunk.start
    )
    return np.bincount(trace.trump + 1, minlength=5)


def test_user_statistic_merges_exactly() -> None:
    """A user statistic over traced rounds: the same whatever the chunking, and over all rounds."""
    stat = Statistic("trump", _trump_counts, dims=("trump",))
    grid = {"n_players": 4, "hand_size": [3, 15], "policy": "random"}
    a = sweep(stat, grid, n_rounds=600, seed=SEED, chunk_rounds=600)
    b = sweep(stat, grid, n_rounds=600, seed=SEED, chunk_rounds=77)
    pd.testing.assert_frame_equal(a, b)
    assert list(a.columns) == ["n_players", "hand_size", "policy", "trump", "count"]
    assert a.groupby("hand_size")["count"].sum().tolist() == [600, 600]
    assert a[(a.hand_size == 15)]["count"].tolist() == [600, 0, 0, 0, 0]  # 60 cards dealt: no trump card


# ------------------------------------------------------------------ Dask
def test_dask_cluster_agrees(reference: pd.DataFrame, client) -> None:
    """Two Dask workers, two chunk sizes, with a progress callback: identical to one process."""
    for chunk_rounds in (1000, 1300):
        seen: list[tuple[int, int]] = []
        got = sweep(
            "joint",
            GRID,
            n_rounds=N_ROUNDS,
            seed=SEED,
            chunk_rounds=chunk_rounds,
            threads=1,
            executor=client,
            progress=lambda done, total, seen=seen: seen.append((done, total)),
        )
        pd.testing.assert_frame_equal(got, reference)
        total = 8 * -(-N_ROUNDS // chunk_rounds)
        assert seen == [(k, total) for k in range(1, total + 1)]


def test_dask_worker_killed_mid_sweep(client) -> None:
    """SIGKILL a worker that is running a chunk: the sweep completes with exactly the undisturbed numbers."""
    grid = {"n_players": 4, "hand_size": [5, 6], "policy": "heuristic"}
    want = sweep("joint", grid, n_rounds=16_000, seed=SEED, chunk_rounds=16_000)
    pids = client.run(os.getpid)
    killed: dict[str, int] = {}

    def kill_once(done: int, total: int) -> None:
        if killed:
            return
        busy = [addr for addr, keys in client.processing().items() if keys and addr in pids]
        if busy:
            killed["pid"], killed["done"], killed["total"] = pids[busy[0]], done, total
            os.kill(pids[busy[0]], signal.SIGKILL)

    got = sweep(
        "joint", grid, n_rounds=16_000, seed=SEED, chunk_rounds=500, threads=1, executor=client, progress=kill_once
    )
    assert killed, "no worker was busy to kill"
    assert killed["done"] < killed["total"]
    assert killed["pid"] not in client.run(os.getpid).values()  # the worker now running is a new process
    pd.testing.assert_frame_equal(got, want)


def test_cli_on_dask(client) -> None:
    """``wizstats sweep --dask ADDRESS`` prints the same csv as the local command."""
    args = [
        "sweep",
        "--players",
        "3",
        "--hand-size",
        "2",
        "4",
        "--policy",
        "random",
        "--rounds",
        "2000",
        "--chunk-rounds",
        "600",
        "--seed",
        "5",
        "--format",
        "csv",
        "--no-progress",
    ]
    outs = []
    for extra in ([], ["--dask", client.scheduler.address]):
        buf = io.StringIO()
        with redirect_stdout(buf):
            assert main(args + extra) == 0
        outs.append(buf.getvalue())
    assert outs[0] == outs[1]
    table = pd.read_csv(io.StringIO(outs[0]))
    assert list(table.columns[:4]) == ["n_players", "hand_size", "policy", "seat"] and (table["rounds"] == 2000).all()


# ------------------------------------------------------------------ cache and resume
class Interrupt(Exception):
    """Stands for Ctrl-C or a killed process, part-way through a sweep."""


CALLS: list[Chunk] = []


def _counted_joint(point, chunk):
    CALLS.append(chunk)
    return simulate_range(point, chunk.start, chunk.stop)


COUNTED = Statistic("counted", _counted_joint, frame=STATISTICS["joint"].frame)


def test_interrupted_sweep_resumes_missing_chunks(tmp_path, reference: pd.DataFrame) -> None:
    """Stop after 5 of 24 chunks; the rerun computes exactly the other 19 and gives the full table."""

    def stop_after_5(done: int, total: int) -> None:
        if done == 5:
            raise Interrupt

    CALLS.clear()
    with pytest.raises(Interrupt):
        sweep(COUNTED, GRID, n_rounds=N_ROUNDS, seed=SEED, chunk_rounds=1000, cache=tmp_path, progress=stop_after_5)
    assert len(CALLS) == 5 and len(list(tmp_path.glob("chunk-*.npz"))) == 5
    first = set(CALLS)
    CALLS.clear()
    got = sweep(COUNTED, GRID, n_rounds=N_ROUNDS, seed=SEED, chunk_rounds=1000, cache=tmp_path)
    assert len(CALLS) == 19 and first.isdisjoint(CALLS)
    assert (got.attrs["chunks_cached"], got.attrs["chunks_computed"]) == (5, 19)
    pd.testing.assert_frame_equal(got, reference)
    CALLS.clear()
    again = sweep(COUNTED, GRID, n_rounds=N_ROUNDS, seed=SEED, chunk_rounds=1000, cache=tmp_path)
    assert CALLS == [] and again.attrs["chunks_cached"] == 24
    pd.testing.assert_frame_equal(again, reference)
    assert not list(tmp_path.glob(".*.tmp")), "no temporary files left behind"


def test_unusable_chunk_file_is_recomputed(tmp_path) -> None:
    """A damaged chunk file is reported and recomputed, not trusted."""
    grid = {"n_players": 3, "hand_size": 2, "policy": "random"}
    want = sweep("joint", grid, n_rounds=900, seed=SEED, chunk_rounds=300, cache=tmp_path)
    (tmp_path / "chunk-0000001.npz").write_bytes(b"not an npz")
    with pytest.warns(UserWarning, match="recomputing chunk 1"):
        got = sweep("joint", grid, n_rounds=900, seed=SEED, chunk_rounds=300, cache=tmp_path)
    assert got.attrs["chunks_computed"] == 1
    pd.testing.assert_frame_equal(got, want)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"seed": SEED + 1}, "seed"),
        ({"n_rounds": 1200}, "n_rounds"),
        ({"chunk_rounds": 400}, "chunk_rounds"),
        ({"grid": {"n_players": 4, "hand_size": 2, "policy": "random"}}, "points"),
        ({"fn": "summary"}, None),
    ],
)
def test_cache_of_another_sweep_is_refused(tmp_path, change, named) -> None:
    """Another seed, length, chunking or grid is refused with the difference named; summary shares joint's chunks."""
    base = {
        "fn": "joint",
        "grid": {"n_players": 3, "hand_size": 2, "policy": "random"},
        "n_rounds": 900,
        "seed": SEED,
        "chunk_rounds": 300,
    }
    sweep(base["fn"], base["grid"], **{k: base[k] for k in ("n_rounds", "seed", "chunk_rounds")}, cache=tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    other = {**base, **change}

    def run():
        return sweep(
            other["fn"], other["grid"], **{k: other[k] for k in ("n_rounds", "seed", "chunk_rounds")}, cache=tmp_path
        )

    if named is None:
        assert run().attrs["chunks_cached"] == 3
    else:
        with pytest.raises(ValueError, match=f"holds chunks of a different sweep \\(differs in: {named}\\)"):
            run()
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_cache_of_other_code_version_is_refused(tmp_path, monkeypatch) -> None:
    """Chunks made by other kernel sources are refused, here and on a worker."""
    grid = {"n_players": 3, "hand_size": 2, "policy": "random"}
    sweep("joint", grid, n_rounds=300, seed=SEED, cache=tmp_path)
    assert code_version().startswith(wizstats.__version__ + "+")
    point = expand_grid(grid)[0]
    with pytest.raises(RuntimeError, match="install the same wizstats on every worker"):
        _run_task(_Task(STATISTICS["joint"], point, Chunk(0, 0, 10), None, "0.0.0+other"))
    monkeypatch.setattr(sweep_module, "code_version", lambda: "0.0.0+other")
    with pytest.raises(ValueError, match=r"differs in: code"):
        sweep("joint", grid, n_rounds=300, seed=SEED, cache=tmp_path)


def test_directory_that_is_not_a_cache_is_refused(tmp_path) -> None:
    (tmp_path / "chunk-0000000.npz").write_bytes(b"")
    with pytest.raises(ValueError, match="not a wizstats sweep cache"):
        sweep("joint", {"n_players": 3, "hand_size": 2}, n_rounds=10, cache=tmp_path)


# ------------------------------------------------------------------ bad input
def _float_stat(point, chunk):
    return np.ones(3) * 0.5


@pytest.mark.parametrize(
    ("fn", "grid", "kwargs", "message"),
    [
        ("joint", {"n_players": 4, "hand_size": 2, "polcy": "random"}, {}, "unknown grid key 'polcy'"),
        ("joint", {"n_players": 4, "hand_size": 16}, {}, "hand_size 16 is impossible"),
        ("joint", {"n_players": 7, "hand_size": 2}, {}, "grid point 0 .*3 to 6 players"),
        ("joint", {"hand_size": 2}, {}, "needs 'n_players'"),
        ("joint", {"n_players": 4, "hand_size": [2, 2]}, {}, "same setting"),
        ("joint", {"n_players": 4, "hand_size": 2, "policies": "random"}, {}, "one policy per seat"),
        ("joint", {"n_players": 4, "hand_size": 2, "test_seat": 4, "test_policy": "random"}, {}, "test_seat must be"),
        ("joint", {"n_players": 4, "hand_size": 2, "policy": "nobody"}, {}, "unknown policy"),
        ("joint", {"n_players": 4, "hand_size": 2}, {"n_rounds": 0}, "n_rounds must be"),
        ("joint", {"n_players": 4, "hand_size": 2}, {"chunk_rounds": 0}, "chunk_rounds must be"),
        ("joint", {"n_players": 4, "hand_size": 2}, {"executor": "dask"}, "executor must be"),
        ("joint", {"n_players": 4, "hand_size": 2}, {"seed": -1}, "seed must be"),
        ("bids", {"n_players": 4, "hand_size": 2}, {}, "unknown statistic 'bids'"),
        (_float_stat, {"n_players": 4, "hand_size": 2}, {}, "must be integer counts"),
        ("joint", [], {}, "no points"),
    ],
)
def test_bad_input(fn, grid, kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        sweep(fn, grid, **{"n_rounds": 10, **kwargs})


def test_special_cards_are_refused() -> None:
    """Rules with special cards need their own engine: refused, not counted with the standard kernel."""
    rules = wizstats.Rules(4, special_cards="dragon,fairy")
    with pytest.raises(ValueError, match=r"special cards \(RULES 8\) run on their own engine"):
        sweep("joint", {"rules": rules, "hand_size": 2}, n_rounds=10)


def test_cli_bad_grid(capsys) -> None:
    assert main(["sweep", "--hand-size", "2", "--grid", "colour=red", "--rounds", "10"]) == 2
    assert main(["sweep", "--hand-size", "2", "--grid", "scoring"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0].startswith("wizstats: error: unknown grid key 'colour' (known: n_players, hand_size,")
    assert err[1] == "wizstats: error: --grid takes KEY=V1,V2,..., got 'scoring'"


def test_grid_expansion() -> None:
    """'all' hand sizes, test seats, rule keys from strings (as the command line gives them)."""
    points = expand_grid({"n_players": ["3", "6"], "hand_size": "all", "plus_minus_one": ["no", "yes"]})
    assert len(points) == 2 * 20 + 2 * 10
    assert [p.hand_size for p in points[:3]] == [1, 2, 3] and points[20].rules.plus_minus_one
    seat = expand_grid({"n_players": 4, "hand_size": 3, "policy": "random", "test_seat": 2, "test_policy": "heuristic"})
    assert [str(p) for p in seat[0].policies] == ["random", "random", "heuristic", "random"]


def test_module_doctests() -> None:
    for module in (sweep_module, grid_module):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0
