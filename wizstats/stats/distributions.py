"""Score distributions: points per round by hand size and bid, and total points per game.

>>> t = score_distribution(4, 1, n=2000).table
>>> sorted(set(t.score))
[-10, 20, 30]
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..checks import MAX_GAMES
from ..engine import n_blocks, round_setup, seed_key, simulate, threads_limited
from ..estimates import Result, check_confidence, check_sample_size, mean_estimate, proportion_estimate
from ..rules import Rules, placement_points, score_table
from .effects import _row
from .setup import hand_size_iv, policy_setup, rules_iv, seat_iv

__all__ = ["game_score_distribution", "score_distribution"]


def score_distribution(
    n_players: int | None = None,
    hand_size: int = 1,
    *,
    seat: int | None = None,
    rules: Rules | None = None,
    policy: object = None,
    n: int = 20_000,
    seed: int = 0,
    confidence_level: float = 0.95,
    threads: int | None = None,
) -> Result:
    """Points per round: the distribution of one player's score by bid, and over all bids.

    Rows ``bid, score, value, low, high, n``: ``value`` is P(score | bid) (``bid == "all"``: over
    every bid), Wilson over the ``n`` player-rounds with that bid. ``seat`` restricts to one
    seat (default: all seats pooled). ``extra["means"]`` holds the mean score per bid.

    >>> t = score_distribution(4, 1, n=2000).table
    >>> sorted(set(t.score))
    [-10, 20, 30]
    """
    rules = rules_iv(rules, n_players)
    r = hand_size_iv(hand_size, rules)
    seats = list(range(rules.n_players)) if seat is None else [seat_iv(seat, rules.n_players)]
    name, _, _ = policy_setup(policy, rules.n_players)
    check_sample_size(n)
    check_confidence(confidence_level)
    res = simulate(
        rules.n_players,
        r,
        n,
        rules=rules,
        policies=policy if policy is not None else name,  # type: ignore[arg-type]
        seed=seed,
        threads=threads,
        progress=False,
    )
    counts = res.counts[seats].sum(axis=0)  # [bid, tricks]
    points = score_table(r, rules)
    rows, means = [], []
    groups = [(b, counts[b : b + 1]) for b in range(r + 1) if counts[b].sum()] + [("all", counts)]
    for bid, block in groups:
        total = int(block.sum())
        by_score: dict[int, int] = {}
        for b_off, row in enumerate(block):
            b = int(bid) if bid != "all" else b_off
            for t, c in enumerate(row):
                if c:
                    s = int(points[b, t])
                    by_score[s] = by_score.get(s, 0) + int(c)
        for s in sorted(by_score):
            e = proportion_estimate("p", by_score[s], total, confidence_level=confidence_level)
            assert e.ci is not None
            rows.append({"bid": bid, "score": s, "value": e.value, "low": e.ci.low, "high": e.ci.high, "n": total})
        mean = sum(s * c for s, c in by_score.items()) / total
        sq = sum(s * s * c for s, c in by_score.items())
        means.append(
            _row(r, bid, mean_estimate("mean_score", mean * total, sq, total, confidence_level=confidence_level))
        )
    where = "all seats pooled" if seat is None else f"seat {seat}"
    return Result(
        f"Score per round: {rules.n_players} players, hand size {r}, {where}",
        pd.DataFrame(rows),
        False,
        "Wilson intervals over player-rounds",
        rules,
        name,
        seed,
        n,
        confidence_level,
        extra={"means": pd.DataFrame(means).rename(columns={"seat": "bid"})},
    )


def game_score_distribution(
    n_players: int | None = None,
    *,
    schedule: str = "standard",
    rules: Rules | None = None,
    policy: object = None,
    n_games: int = 5000,
    seed: int = 0,
    confidence_level: float = 0.95,
    threads: int | None = None,
) -> Result:
    """Total points per game (standard or tournament schedule), as a distribution per player.

    A simple whole game: round ``j`` of the schedule is dealt by player ``j mod n`` (player 0
    deals first), every round a fresh deal played by ``policy`` (one for all, or one per
    player). Rows per player: ``mean`` (normal interval), ``sd``, quantiles ``q05 .. q95``,
    ``p_negative``, ``win_share`` (shared wins count for each winner, Wilson), ``bids_met``
    (per game) and, with placement points (tournament), ``placement_points``.
    ``extra["totals"]`` holds every game's totals (games x players).

    >>> t = game_score_distribution(4, schedule="tournament", n_games=200).table
    >>> "placement_points" in set(t.quantity)
    True
    """
    from .._kernels.engine.stats import game_round

    if rules is None:
        if n_players is None:
            raise ValueError("give n_players (or rules)")
        if schedule not in ("standard", "tournament"):
            raise ValueError(f"unknown schedule {schedule!r} (expected 'standard' or 'tournament', or give rules)")
        rules = Rules.tournament(n_players) if schedule == "tournament" else Rules(n_players)
    rules = rules_iv(rules, n_players)
    check_sample_size(n_games, "n_games", MAX_GAMES)
    check_confidence(confidence_level)
    name, ids, params = policy_setup(policy, rules.n_players)
    key = np.uint64(seed_key(seed))
    n = rules.n_players
    totals = np.zeros((n_games, n), np.int64)
    met = np.zeros((n_games, n), np.int64)
    stride = len(rules.schedule)
    with threads_limited(threads):
        for j, r in enumerate(rules.schedule):
            tab, st0 = round_setup(rules, r)
            dealer = j % n
            order = [(dealer + s) % n for s in range(n)]
            seat_ids, seat_params = ids.copy(), params.copy()
            seat_ids[:n], seat_params[:n] = ids[order], params[order]
            game_round(tab, st0, seat_ids, seat_params, key, j, stride, n_games, n_blocks(n_games), dealer, totals, met)
    return _game_result(rules, totals, met, name, seed, n_games, confidence_level)


def _game_result(
    rules: Rules, totals: np.ndarray, met: np.ndarray, name: str, seed: int, n_games: int, confidence_level: float
) -> Result:
    rows = []
    best = totals.max(axis=1, keepdims=True)
    winners = totals == best
    pp = None
    if rules.placement_points is not None:
        pp = np.array([placement_points(list(row), rules.placement_points) for row in totals])
    for p in range(rules.n_players):
        x = totals[:, p].astype(float)
        ests = [
            mean_estimate("mean", x.sum(), (x * x).sum(), n_games, confidence_level=confidence_level),
            proportion_estimate("p_negative", int((x < 0).sum()), n_games, confidence_level=confidence_level),
            proportion_estimate("win_share", int(winners[:, p].sum()), n_games, confidence_level=confidence_level),
            mean_estimate(
                "bids_met",
                float(met[:, p].sum()),
                float((met[:, p] ** 2).sum()),
                n_games,
                confidence_level=confidence_level,
            ),
        ]
        if pp is not None:
            ests.append(
                mean_estimate(
                    "placement_points",
                    pp[:, p].sum(),
                    (pp[:, p] ** 2).sum(),
                    n_games,
                    confidence_level=confidence_level,
                )
            )
        rows += [_row("game", p, e) | {"player": p} for e in ests]
        for label, value in [("sd", x.std(ddof=1) if n_games > 1 else math.nan)] + [
            (f"q{int(q * 100):02d}", float(np.quantile(x, q))) for q in (0.05, 0.25, 0.5, 0.75, 0.95)
        ]:
            rows.append(
                {"player": p, "quantity": label, "value": value, "low": math.nan, "high": math.nan, "n": n_games}
            )
    table = pd.DataFrame(rows)[["player", "quantity", "value", "low", "high", "n"]]
    kind = "tournament" if rules.placement_points is not None else "standard"
    return Result(
        f"Points per game ({rules.n_players} players, {kind} rules, hand sizes {list(rules.schedule)})",
        table,
        False,
        "whole games: one fresh deal per round, the dealer moving one seat each round (player 0 deals first)",
        rules,
        name,
        seed,
        n_games,
        confidence_level,
        extra={"totals": totals},
    )
