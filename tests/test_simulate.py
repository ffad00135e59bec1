"""simulate(): results, reproducibility across threads and chunking, bad input."""

from __future__ import annotations

import numpy as np
import pytest

import wizstats
from wizstats.engine import trace_rounds
from wizstats.rules import Rules


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_same_seed_same_numbers_whatever_threads_and_chunks(policy: str) -> None:
    base = wizstats.simulate(4, 7, 3000, policies=policy, seed=11, threads=1).counts
    assert np.array_equal(base, wizstats.simulate(4, 7, 3000, policies=policy, seed=11, threads=2).counts)
    assert np.array_equal(base, wizstats.simulate(4, 7, 3000, policies=policy, seed=11, chunk_rounds=777).counts)
    other = wizstats.simulate(4, 7, 3000, policies=policy, seed=12).counts
    assert not np.array_equal(base, other)


def test_counts_agree_with_traced_rounds() -> None:
    rules = Rules(5, plus_minus_one=True)
    res = wizstats.simulate(5, 4, 500, rules=rules, policies="heuristic", seed=3)
    trace = trace_rounds(rules, 4, 500, policies="heuristic", seed=3)
    counts = np.zeros_like(res.counts)
    for i in range(500):
        for s in range(5):
            counts[s, trace.bids[i, s], trace.tricks[i, s]] += 1
    assert np.array_equal(counts, res.counts)
    rows = res.rounds(limit=20)
    assert len(rows) == 20 * 5
    assert list(rows.columns) == ["round", "seat", "hand", "turned", "trump", "bid", "tricks", "score"]
    first = rows[rows["round"] == 0].sort_values("seat")
    assert first["bid"].tolist() == trace.bids[0].tolist()


def test_joint_and_summary() -> None:
    res = wizstats.simulate(4, 10, 4000, deck="oh-hell", policies="random", seed=1)
    joint = res.joint()
    assert list(joint.columns) == ["seat", "bid", "tricks", "count"]
    assert joint.groupby("seat")["count"].sum().tolist() == [4000] * 4
    # The invariant: every trick goes to someone, so in every round the seats' tricks add up to the hand
    # size, and so do the seats' mean tricks, exactly. The seats' own means are NOT equal: seat 1 leads
    # the first trick and averages 2.5117 [2.5095, 2.5138] in this setting over 2M rounds (seed 1),
    # some 11 standard errors above 2.5, so no seat is held to r / n.
    summary = res.summary()
    assert summary["mean_tricks"].sum() == pytest.approx(10.0, abs=1e-12)
    tricks = joint.assign(t=joint.tricks * joint["count"]).groupby("seat")["t"].sum() / 4000
    assert summary["mean_tricks"].tolist() == pytest.approx(tricks.tolist(), abs=1e-12)
    assert (summary["mean_tricks_low"] < summary["mean_tricks"]).all()
    assert (summary["mean_tricks"] < summary["mean_tricks_high"]).all()
    assert (summary["accuracy_low"] <= summary["accuracy"]).all()
    assert (summary["accuracy"] <= summary["accuracy_high"]).all()
    assert summary["rounds"].tolist() == [4000] * 4
    # bids of the random policy are uniform on 0..10, independent of the cards: mean 5, sd sqrt(10)
    # (3.162); a band of 4 standard errors fails with chance 6e-5 per seat, 2.5e-4 for the four
    assert ((summary["mean_bid"] - 5).abs() < 4 * np.sqrt(10) / np.sqrt(4000)).all()


def test_plus_minus_one_never_lets_bids_add_up() -> None:
    rules = Rules(4, plus_minus_one=True)
    for policy in ("random", "heuristic"):
        trace = trace_rounds(rules, 5, 2000, policies=policy, seed=5)
        assert (trace.bids.sum(axis=1) != 5).all()


def test_per_seat_policies() -> None:
    res = wizstats.simulate(3, 5, 200, policies=["random", "heuristic", "random"], seed=0)
    assert [str(p) for p in res.policies] == ["random", "heuristic", "random"]


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((7, 3, 100), {}, "3 to 6 players"),
        ((4, 16, 100), {}, "hand_size 16 is impossible"),
        ((4, 0, 100), {}, "hand_size 0 is impossible"),
        ((4, 3, 0), {}, "n_rounds must be"),
        ((4, 3, 10), {"policies": "genius"}, "unknown policy 'genius'"),
        ((4, 3, 10), {"policies": ["random"] * 3}, "one per seat"),
        ((4, 3, 10), {"seed": -1}, "seed must be"),
        ((4, 3, 10), {"deck": "tarot"}, "unknown deck"),
        ((4, 3, 10), {"rules": Rules(5)}, "does not match"),
        ((4, 3, 10), {"threads": 99}, "threads must be"),
        ((4, 3, 10), {"policies": "heuristic:scale=x"}, "bad policy parameter"),
        ((4, 3, 10), {"policies": "heuristic:depth=3"}, "has no parameter 'depth'"),
    ],
)
def test_bad_input(args: tuple, kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        wizstats.simulate(*args, **kwargs)
