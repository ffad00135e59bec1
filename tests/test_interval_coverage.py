"""Coverage of every kind of interval the library prints, on problems whose answer is known exactly.

Each test builds its interval many times from independent seeds and counts how often it covers the
true value; the count must be consistent with the nominal level (two-sided binomial test at
``ALPHA = 0.001``: a correct interval fails with chance 0.001 per check, about 0.03 for this module's
28 checks, over fresh seeds; the seeds are fixed). Each test also checks that it would have caught an
interval 0.84 times as wide (a 90% interval labelled 95%): the same intervals, shrunk about their
centre, must be rejected by the same binomial test. So a test passes only if it can tell 95% from 90%.

The exact answers are round-1 quantities of ``random`` players, for whom play is forced (one card)
and bids are uniform and independent of the cards:

- a seat's win chance ``p_s`` is :func:`wizstats.round1_seat_values` (the dealer names a random suit
  after a turned Wizard, as the random policy does), so its mean score is
  ``(20 (1 - p) - 10 p + 30 p - 10 (1 - p)) / 2 = 5 + 5 p`` and it meets its bid half the time;
- under plus/minus one the dealer is forced to 0 when the others bid 0 in sum and to 1 when they bid
  1, which changes his score by ``(70 p0 - 30) / 8`` on average (worked out in
  :func:`test_paired_rule_comparison_covers_exact`);
- a card's chance to take the trick is :func:`wizstats.round1_win_probability`, so the score of
  bid 0 is ``20 - 30 p`` and of bid 1 ``40 p - 10``, their difference ``70 p - 30``.

Synthetic problems (normal, skewed and binomial draws) go through :func:`wizstats.intervals.mean_interval`,
:func:`wizstats.wilson_interval` and the rows that add intervals over hand sizes, at several levels.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import numpy as np
import pytest
from scipy.stats import binomtest

import wizstats as ws
from wizstats import Policy, exact
from wizstats.estimates import mean_estimate
from wizstats.intervals import mean_interval, wilson_interval

ALPHA = 0.001
SHRINK = 0.84  # 1.96 * 0.84 = 1.645: a 90% normal interval


def _p_win() -> dict[int, float]:
    t = exact.round1_seat_values(4, dealer_choice="random").table
    return {int(r.seat): float(r.value) for r in t[t.quantity == "p_win"].itertuples()}


P = _p_win()


def check(intervals: Iterable[tuple[float, float]], truth: float, level: float = 0.95) -> None:
    """Coverage consistent with ``level``; the same intervals shrunk by ``SHRINK`` must not be."""
    ci = np.array(list(intervals), float)
    n = len(ci)
    covered = int(((ci[:, 0] <= truth) & (truth <= ci[:, 1])).sum())
    p = binomtest(covered, n, level).pvalue
    assert p > ALPHA, f"{covered} of {n} intervals cover {truth}, nominal {level}: p = {p:.2g}"
    mid, half = ci.mean(axis=1), (ci[:, 1] - ci[:, 0]) / 2 * SHRINK
    narrow = int(((mid - half <= truth) & (truth <= mid + half)).sum())
    assert binomtest(narrow, n, level).pvalue < ALPHA, f"no power: shrunk intervals cover {narrow} of {n}"


def _rows(frame, **where) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    rows = frame
    for k, v in where.items():
        rows = rows[rows[k] == v]
    assert len(rows) == 1, where
    return float(rows.low.iloc[0]), float(rows.high.iloc[0])


def _seeds(n: int, f: Callable[[int], tuple[float, float]]) -> list[tuple[float, float]]:
    return [f(seed) for seed in range(n)]


# ---------------------------------------------------------------- synthetic: the interval functions themselves
@pytest.mark.parametrize("level", [0.9, 0.95, 0.99])
def test_mean_interval_covers_normal_and_skewed_means(level: float) -> None:
    """2,000 samples of 200 draws each, normal (mean 3, sd 2) and exponential (mean 1): the normal
    interval's coverage at 200 draws is within 0.005 of nominal even for the skewed one."""
    rng = np.random.default_rng(20240)
    for draw, truth in ((lambda: rng.normal(3.0, 2.0, 200), 3.0), (lambda: rng.exponential(1.0, 200), 1.0)):
        cis = []
        for _ in range(2000):
            x = draw()
            ci = mean_interval(float(x.mean()), float(x.var(ddof=1)), len(x), confidence_level=level)
            cis.append((ci.low, ci.high))
        check(cis, truth, level)


@pytest.mark.parametrize("level", [0.9, 0.95])
def test_mean_estimate_from_sums_covers(level: float) -> None:
    """The library's other path to a mean (sum and sum of squares, :func:`mean_estimate`)."""
    rng = np.random.default_rng(7)
    cis = []
    for _ in range(2000):
        x = rng.integers(-10, 31, 300).astype(float)  # uniform on -10..30: mean 10
        e = mean_estimate("x", float(x.sum()), float((x * x).sum()), len(x), confidence_level=level)
        cis.append((e.ci.low, e.ci.high))
    check(cis, 10.0, level)


@pytest.mark.parametrize(("p", "n"), [(0.43, 400), (0.2, 250)])
def test_wilson_covers_binomial_proportions(p: float, n: int) -> None:
    """Binomial counts. The Wilson interval's exact coverage oscillates with ``p`` and ``n`` (0.943 to 0.96
    at 95% for n of 150 to 500); these two cases were chosen where it is within 0.005 of nominal at
    90%, 95% and 99% (0.9045, 0.9512, 0.9901 and 0.9037, 0.9524, 0.9910, summed over the binomial)."""
    rng = np.random.default_rng(11)
    for level in (0.9, 0.95, 0.99):
        cis = [
            (ci.low, ci.high)
            for ci in (wilson_interval(int(k), n, confidence_level=level) for k in rng.binomial(n, p, 2000))
        ]
        check(cis, p, level)


def test_sums_over_hand_sizes_cover() -> None:
    """``hand_size == "game"`` / ``"mean"`` rows add independent intervals (variances add)."""
    from wizstats.stats.study import sum_rows, z_value

    rng = np.random.default_rng(3)
    truths, sds, sizes = (2.0, -1.0, 5.0), (3.0, 8.0, 1.0), (100, 400, 50)
    replicates = 1500  # one "seat" per replicate: sum_rows groups by seat
    rows = []
    for h, (mu, sd, n) in enumerate(zip(truths, sds, sizes, strict=True)):
        for rep in range(replicates):
            x = rng.normal(mu, sd, n)
            e = mean_estimate("q", float(x.sum()), float((x * x).sum()), n)
            rows.append(
                {
                    "hand_size": h + 1,
                    "seat": rep,
                    "quantity": "q",
                    "value": e.value,
                    "low": e.ci.low,
                    "high": e.ci.high,
                    "n": n,
                }
            )
    total = sum_rows(rows, ["q"], "game", z_value(0.95), average=False)
    mean = sum_rows(rows, ["q"], "mean", z_value(0.95), average=True)
    assert len(total) == len(mean) == replicates
    check([(r["low"], r["high"]) for r in total], sum(truths))
    check([(r["low"], r["high"]) for r in mean], sum(truths) / 3)


# ---------------------------------------------------------------- the library's estimates, exact answers
def test_simulate_summary_covers_round1_scores_and_accuracy() -> None:
    """``wizstats simulate``'s table: mean score (normal) of seat 1 and accuracy (Wilson) of seat 2."""
    score, acc = [], []
    for seed in range(600):
        s = ws.simulate(4, 1, 250, policies="random", seed=seed, threads=1).summary()
        score.append((s.mean_score_low[1], s.mean_score_high[1]))
        acc.append((s.accuracy_low[2], s.accuracy_high[2]))
    check(score, 5 + 5 * P[1])
    check(acc, 0.5)


def test_seat_effects_cover_round1_scores_and_accuracy() -> None:
    """:func:`wizstats.seat_effects` (the paired kernel's per-seat sums): seat 0's mean score and seat 3's
    accuracy."""
    score, acc = [], []
    for seed in range(600):
        t = ws.seat_effects(4, [1], n=250, policy="random", seed=seed, threads=1).table
        score.append(_rows(t, seat=0, quantity="mean_score"))
        acc.append(_rows(t, seat=3, quantity="accuracy"))
    check(score, 5 + 5 * P[0])
    check(acc, 0.5)


def test_dealer_advantage_covers_exact() -> None:
    """The dealer's score minus the others' mean, a difference within each deal: ``5 p0 - 5 (1 - p0) / 3``."""
    truth = (5 + 5 * P[0]) - sum(5 + 5 * P[s] for s in (1, 2, 3)) / 3
    cis = [
        _rows(
            ws.dealer_advantage(4, [1], n=300, policy="random", seed=seed, threads=1).table,
            quantity="dealer_minus_others",
        )
        for seed in range(600)
    ]
    check(cis, truth)


def test_paired_rule_comparison_covers_exact() -> None:
    """:func:`wizstats.plus_minus_one_cost`: the same deals with and without the rule, the dealer's change.

    The others bid 0 or 1 at random; their sum is 0 with chance 1/8 (the dealer may not bid 1: he bids
    0 instead of 0 or 1 at random, a change of (score(0) - score(1)) / 2 = (30 - 70 p0) / 2 on average)
    and 1 with chance 3/8 (he must bid 1: (70 p0 - 30) / 2); otherwise nothing changes. Together
    (3/8 - 1/8) (70 p0 - 30) / 2 = (70 p0 - 30) / 8.
    """
    truth = (70 * P[0] - 30) / 8
    cis = [
        _rows(
            ws.plus_minus_one_cost(4, [1], n=300, policy="random", seed=seed, threads=1).table,
            seat=0,
            quantity="score_change",
        )
        for seed in range(600)
    ]
    check(cis, truth)


def test_bid_margin_and_expected_scores_cover_exact() -> None:
    """:func:`wizstats.trick_distribution`: expected score of each bid (normal), P(1 trick) (Wilson), and
    the best bid's lead over the runner-up (a difference paired over the same deals, from the kernel's
    cross sums). B9 led (seat 1) under R5 wins with chance 0.273: bid 0 is best by ``30 - 70 p`` = 10.9
    (about 5 standard errors of the difference at 200 deals, so the order of the bids never flips)."""
    p = float(exact.round1_win_probability("B9", seat=1, n_players=4, trump="R5", dealer_choice="random").value)
    margin, bid0, bid1, p1 = [], [], [], []
    for seed in range(600):
        res = ws.trick_distribution("B9", trump="R5", n_players=4, seat=1, n=200, seed=seed, policy="random", threads=1)
        assert res.best_bid == 0
        margin.append((res.margin.ci.low, res.margin.ci.high))
        b = res.bids[["bid", "low", "high"]].to_numpy()
        assert b[:, 0].tolist() == [0, 1]
        bid0.append((b[0, 1], b[0, 2]))
        bid1.append((b[1, 1], b[1, 2]))
        assert list(res.tricks.columns[:5]) == ["bid", "tricks", "value", "low", "high"]
        t = res.tricks.to_numpy()
        row = t[(t[:, 0] == 1) & (t[:, 1] == 1)][0]
        p1.append((row[3], row[4]))
    check(margin, 30 - 70 * p)
    check(bid0, 20 - 30 * p)
    check(bid1, 40 * p - 10)
    check(p1, p)


def test_card_win_probability_and_marginal_value_cover_exact() -> None:
    """:func:`wizstats.card_win_probability` in round 1, R5 turned: ``p_win`` (Wilson) and the marginal
    value (the same deal with the card swapped for a uniformly random card the player has not seen:
    a paired difference). Swapped, the player holds a uniform one of the 58 other cards and the rest
    are dealt at random, so the exact value is ``p(B9) - mean over those cards of p(card)``."""
    deck = ws.Rules(4).deck
    others = [c for c in deck.cards if str(c) not in ("B9", "R5")]

    def p(card: object) -> float:
        return float(
            exact.round1_win_probability(str(card), seat=1, n_players=4, trump="R5", dealer_choice="random").value
        )

    p_card = p("B9")
    p_swapped = float(np.mean([p(c) for c in others]))
    wins, marginal = [], []
    for seed in range(600):
        t = ws.card_win_probability(
            "B9", n_players=4, hand_size=1, seat=1, trump="R5", n=300, seed=seed, policy="random", threads=1
        ).table.set_index("quantity")
        wins.append((t.low["p_win"], t.high["p_win"]))
        marginal.append((t.low["marginal_value"], t.high["marginal_value"]))
    check(wins, p_card)
    check(marginal, p_card - p_swapped)


def test_arena_margin_and_means_cover_exact() -> None:
    """:func:`wizstats.arena`, one ``random`` against three players who always bid 1, round 1, blind trump.

    Every dealer names a random suit after a turned Wizard (blind trump), so a seat's chance to take
    the trick is the ``p_s`` above whoever sits where, and the ``p_s`` add up to 1. The random player
    sits every seat once per deal (the duplicate format) with a fair-coin bid independent of the cards:
    its mean score is 6.25 = (5 + 5 p_s) averaged over the seats, and it meets its bid half the time. A
    player always bidding 1 scores 40 p_s - 10, which averages 0 over the seats, so the random
    player's margin over the others is 6.25 too. The intervals are taken over deals (the units).
    """
    ones = Policy("heuristic", bias=10)  # rounds any estimate up to a bid of 1 in round 1
    rules = ws.Rules(4, trump_choice="blind")
    margin, score, acc = [], [], []
    for seed in range(600):
        t = ws.arena(
            ["random", ones], 4, hand_sizes=1, n_rounds=250, seed=seed, rules=rules, threads=1, progress=False
        ).table()
        row = t[t.policy == "random"].iloc[0]
        margin.append((row.margin_low, row.margin_high))
        score.append((row.mean_score_low, row.mean_score_high))
        acc.append((row.accuracy_low, row.accuracy_high))
    check(margin, 6.25)
    check(score, 6.25)
    check(acc, 0.5)


def test_game_totals_cover_exact() -> None:
    """:func:`wizstats.simulate_games` of one-round games (``schedule=(1,)``): player 0 deals, so his
    mean total is the dealer's ``5 + 5 p0``, player 1's the leader's."""
    rules = ws.Rules(4, schedule=(1,))
    dealer, leader = [], []
    for seed in range(600):
        s = ws.simulate_games(rules, 300, policies="random", seed=seed, threads=1).summary()
        dealer.append((s.mean_total_low[0], s.mean_total_high[0]))
        leader.append((s.mean_total_low[1], s.mean_total_high[1]))
    check(dealer, 5 + 5 * P[0])
    check(leader, 5 + 5 * P[1])


def test_exact_answers_are_what_the_docstring_says() -> None:
    """The closed forms used above, against large runs (each within 5 standard errors; 1e-6 per check)."""
    se = ws.seat_effects(4, [1], n=200_000, policy="random", seed=123).table
    for seat in range(4):
        row = se[(se.seat == seat) & (se.quantity == "mean_score")].iloc[0]
        half = (row.high - row.low) / 2 / 1.96
        assert abs(row.value - (5 + 5 * P[seat])) < 5 * half, (seat, row.value)
    assert math.isclose(sum(P.values()), 1.0)
