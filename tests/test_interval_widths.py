"""Every printed interval against one computed here from the raw units behind it.

The coverage tests (``test_interval_coverage.py``) check the interval functions and the main
estimates against exact answers; this module checks the other places that build an interval from
their own sums (games, one colour, special cards, clairvoyance, rule comparisons, the arena): the
same rounds are traced with the public trace functions (another kernel path), the per-unit values
recomputed, and the interval rebuilt with numpy and scipy (normal: mean +- z sd / sqrt(n) with the
n - 1 variance; Wilson: :meth:`scipy.stats.binomtest.proportion_ci`). Exact comparisons up to
floating-point rounding: nothing here can fail by chance.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binomtest, norm

import wizstats as ws
from wizstats import Policy, Rules, score_round

Z = float(norm.ppf(0.975))


def normal(values: np.ndarray) -> tuple[float, float]:
    x = np.asarray(values, float)
    half = Z * x.std(ddof=1) / np.sqrt(len(x))
    return x.mean() - half, x.mean() + half


def wilson(k: int, n: int) -> tuple[float, float]:
    ci = binomtest(int(k), int(n)).proportion_ci(confidence_level=0.95, method="wilson")
    return ci.low, ci.high


def close(got: tuple[float, float], want: tuple[float, float]) -> None:
    assert got == pytest.approx(want, rel=1e-9, abs=1e-9)


def test_game_intervals() -> None:
    """Mean totals, win rates, the winner's margin and the tie rate of :func:`wizstats.simulate_games`."""
    rules = Rules(4, schedule=(1, 3, 5, 7))
    res = ws.simulate_games(rules, 80, policies="heuristic", seed=5)
    trace = ws.engine.trace_games(rules, 80, policies="heuristic", seed=5)
    totals = trace.totals / trace.scale
    summary = res.summary()
    top = totals.max(axis=1, keepdims=True)
    for p in range(4):
        close((summary.mean_total_low[p], summary.mean_total_high[p]), normal(totals[:, p]))
        close((summary.win_rate_low[p], summary.win_rate_high[p]), wilson((totals[:, p] == top[:, 0]).sum(), 80))
    ordered = np.sort(totals, axis=1)
    lead = ordered[:, -1] - ordered[:, -2]
    mean, ci = res.margin()
    assert mean == pytest.approx(lead.mean())
    close((ci.low, ci.high), normal(lead))
    ties, tci = res.tie_rate()
    assert ties == pytest.approx((lead == 0).mean())
    close((tci.low, tci.high), wilson((lead == 0).sum(), 80))


def test_one_colour_intervals() -> None:
    policies = ["heuristic", "random", "heuristic"]
    res = ws.simulate_one_colour(3, 60, seed=4, policies=policies)
    frame = ws.trace_one_colour(3, 60, seed=4, policies=policies).frame()
    finals = frame[frame["round"] == frame["round"].max()].pivot(index="game", columns="player", values="total")
    summary = res.summary()
    top = finals.max(axis=1)
    for p in range(3):
        close((summary.mean_total_low[p], summary.mean_total_high[p]), normal(finals[p].to_numpy()))
        close((summary.wins_low[p], summary.wins_high[p]), wilson((finals[p] == top).sum(), 60))


def test_special_card_score_intervals() -> None:
    rules = Rules(4, special_cards="cloud,bomb")
    res = ws.simulate(4, 5, 300, rules=rules, policies="heuristic", seed=3)
    trace = ws.trace_special(rules, 5, 300, policies="heuristic", seed=3)
    points = trace.seats[:, :, 4]
    assert points.sum(axis=0).tolist() == res.score_sum.tolist()  # the same rounds
    summary = res.summary()
    for seat in range(4):
        close((summary.mean_score_low[seat], summary.mean_score_high[seat]), normal(points[:, seat]))


def test_clairvoyance_intervals() -> None:
    rules = Rules(4)
    odds = ws.clairvoyance_odds(rules, 2000, seed=6, compare_policy=None)
    trace = ws.engine.trace_clairvoyant_rounds(rules, 2000, policies="heuristic", seed=6)
    for seat in range(4):
        won = (trace.winners == seat).astype(int)
        bids = trace.bids[:, seat]
        points = np.array([score_round(int(b), int(t)) for b, t in zip(bids, won, strict=True)])
        row = odds[odds.seat == seat].iloc[0]
        close((row.mean_score_low, row.mean_score_high), normal(points))
        close((row.bid_1_low, row.bid_1_high), wilson((bids == 1).sum(), 2000))


def _seat_points(rules: Rules, r: int, n: int, policy: object, start: int) -> np.ndarray:
    tr = ws.trace_rounds(rules, r, n, policies=policy, seed=0, start=start)
    return np.array(
        [
            [score_round(int(b), int(t), rules, hand_size=r) for b, t in zip(bs, ts, strict=True)]
            for bs, ts in zip(tr.bids, tr.tricks, strict=True)
        ]
    )


def test_rule_comparison_intervals() -> None:
    """:func:`wizstats.plus_minus_one_cost` and :func:`wizstats.dealer_advantage`: hand size ``r`` plays
    rounds ``r << 32 ..`` (the module docstring of :mod:`wizstats.stats.effects`), each under both
    settings; the intervals are those of the per-deal differences."""
    r, n = 3, 400
    with_rule = _seat_points(Rules(4, plus_minus_one=True, plus_minus_one_min_hand=1), r, n, "heuristic", r << 32)
    without = _seat_points(Rules(4), r, n, "heuristic", r << 32)
    t = ws.plus_minus_one_cost(4, [r], n=n, policy="heuristic").table
    for seat in range(4):
        row = t[(t.seat == seat) & (t.hand_size == r)].iloc[0]
        d = with_rule[:, seat] - without[:, seat]
        assert row.value == pytest.approx(d.mean())
        if d.std() > 0:
            close((row.low, row.high), normal(d))
    # dealer's advantage, open bids against hidden bids on the same deals, with a player who reads bids
    bidder = Policy("rollout", worlds=2, samples=6, window=1)  # reads the earlier bids when bidding
    open_, hidden = (_seat_points(Rules(4, bids=b), r, 120, bidder, r << 32) for b in ("open", "hidden"))
    da = ws.dealer_advantage(4, [r], n=120, policy=bidder).table.set_index("quantity")
    d_open = open_[:, 0] - open_[:, 1:].mean(axis=1)
    d_hidden = hidden[:, 0] - hidden[:, 1:].mean(axis=1)
    assert (d_open != d_hidden).any()  # the bids are read: the comparison is not empty
    for quantity, values in (
        ("dealer_minus_others", d_open),
        ("hidden_bids", d_hidden),
        ("bidding_last", d_open - d_hidden),
    ):
        assert da.value[quantity] == pytest.approx(values.mean())
        close((da.low[quantity], da.high[quantity]), normal(values))


def test_arena_intervals() -> None:
    """Per deal (the arena's unit) each policy's mean score over its seats and the four rotations, and
    the margin; the intervals over the deals. Deal ``u`` of hand size ``h`` is stream ``(h << 40) + u``
    in every rotation; entry ``e`` sits in seat ``(e - j) mod 4`` in rotation ``j``."""
    entries = ["heuristic", "baseline", "baseline", "baseline"]
    h, deals = 4, 40
    rules = Rules(4)
    mine, theirs = np.zeros(deals), np.zeros(deals)
    for u in range(deals):
        for j in range(4):
            seats = [entries[(s + j) % 4] for s in range(4)]
            pts = _seat_points(rules, h, 1, seats, (h << 40) + u)[0]
            hero = (0 - j) % 4
            mine[u] += pts[hero] / 4
            theirs[u] += (pts.sum() - pts[hero]) / 12
    t = ws.arena(["heuristic", "baseline"], 4, h, deals, seed=0).table().set_index("policy")
    close((t.mean_score_low["heuristic"], t.mean_score_high["heuristic"]), normal(mine))
    close((t.mean_score_low["baseline"], t.mean_score_high["baseline"]), normal(theirs))
    close((t.margin_low["heuristic"], t.margin_high["heuristic"]), normal(mine - theirs))


def test_interval_functions_match_scipy() -> None:
    """The two interval functions against scipy's own, at several levels, over a grid of counts
    (small samples and extreme proportions included, where the Wilson centre matters most)."""
    from wizstats.intervals import mean_interval, wilson_interval

    for level in (0.8, 0.9, 0.95, 0.99):
        for n in (1, 2, 7, 40, 333):
            for k in sorted({0, 1, n // 3, n - 1, n}):
                got = wilson_interval(k, n, confidence_level=level)
                ci = binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
                assert (got.low, got.high) == pytest.approx((ci.low, ci.high), abs=1e-12), (k, n, level)
        for mean, var, n in ((3.0, 4.0, 10), (-1.5, 0.25, 1000), (0.0, 9.0, 2)):
            low, high = norm.interval(level, loc=mean, scale=np.sqrt(var / n))
            got = mean_interval(mean, var, n, confidence_level=level)
            assert (got.low, got.high) == pytest.approx((low, high), rel=1e-12), (mean, var, n, level)
