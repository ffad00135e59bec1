"""Score distributions: points per round by hand size and bid, and total points per game.

>>> t = score_distribution(4, 1, n=2000).table
>>> sorted(set(t.score))
[-10, 20, 30]
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..checks import MAX_GAMES
from ..engine import game_round_totals, seed_key, simulate, threads_limited
from ..estimates import Result, mean_estimate, proportion_estimate
from ..rules import Rules, placement_points, score_table
from .setup import seat_iv
from .study import StudyOptions, Threaded, WholeGames, mean_of, plain_row, row

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["game_score_distribution", "score_distribution"]


def score_distribution(
    n_players: int | None = None, hand_size: int = 1, *, seat: int | None = None, **options: Unpack[Threaded]
) -> Result:
    """Points per round: the distribution of one player's score by bid, and over all bids.

    Rows ``bid, score, value, low, high, n``: ``value`` is P(score | bid) (``bid == "all"``: over
    every bid), Wilson over the ``n`` player-rounds with that bid. ``seat`` restricts to one
    seat (default: all seats pooled). ``extra["means"]`` holds the mean score per bid.

    >>> t = score_distribution(4, 1, n=2000).table
    >>> sorted(set(t.score))
    [-10, 20, 30]
    """
    o = StudyOptions.of(n_players, hand_size, options, accepts=Threaded, sizes="one")
    rules, (r,), confidence_level = o.rules, o.hand_sizes, o.confidence_level
    seats = list(range(rules.n_players)) if seat is None else [seat_iv(seat, rules.n_players)]
    res = simulate(
        rules.n_players,
        r,
        o.n,
        rules=rules,
        policies=o.engine_policy,  # type: ignore[arg-type]
        seed=o.seed,
        threads=o.threads,
        progress=False,
    )
    counts = res.counts[seats].sum(axis=0)  # [bid, tricks]
    points = score_table(r, rules)
    rows, means = [], []
    groups = [(b, counts[b : b + 1]) for b in range(r + 1) if counts[b].sum()] + [("all", counts)]
    for bid, block in groups:
        total = int(block.sum())
        by_score: dict[int, int] = {}
        for b_off, by_tricks in enumerate(block):
            b = int(bid) if bid != "all" else b_off
            for t, c in enumerate(by_tricks):
                if c:
                    s = int(points[b, t])
                    by_score[s] = by_score.get(s, 0) + int(c)
        for s in sorted(by_score):
            e = proportion_estimate("p", by_score[s], total, confidence_level=confidence_level)
            assert e.ci is not None
            rows.append({"bid": bid, "score": s, "value": e.value, "low": e.ci.low, "high": e.ci.high, "n": total})
        mean = sum(s * c for s, c in by_score.items()) / total
        sq = sum(s * s * c for s, c in by_score.items())
        means.append(row(r, bid, mean_estimate("mean_score", mean * total, sq, total, **o.ci)))
    where = "all seats pooled" if seat is None else f"seat {seat}"
    return o.result(
        f"Score per round: {rules.n_players} players, hand size {r}, {where}",
        rows,
        "Wilson intervals over player-rounds",
        extra={"means": pd.DataFrame(means).rename(columns={"seat": "bid"})},
    )


def game_score_distribution(
    n_players: int | None = None, *, schedule: str = "standard", n_games: int = 5000, **options: Unpack[WholeGames]
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
    rules = options.get("rules")
    if rules is None:
        if n_players is None:
            raise ValueError("give n_players (or rules)")
        if schedule not in ("standard", "tournament"):
            raise ValueError(f"unknown schedule {schedule!r} (expected 'standard' or 'tournament', or give rules)")
        rules = Rules.tournament(n_players) if schedule == "tournament" else Rules(n_players)
    o = StudyOptions.of(
        n_players,
        None,
        options | {"rules": rules},
        accepts=WholeGames,
        n=n_games,
        sizes="unchecked",
        n_name="n_games",
        n_limit=MAX_GAMES,
    )
    _, ids, params = o.players
    with threads_limited(o.threads):
        totals, met = game_round_totals(o.rules, ids, params, np.uint64(seed_key(o.seed)), n_games)
    return _game_result(o, totals, met)


def _game_result(o: StudyOptions, totals: np.ndarray, met: np.ndarray) -> Result:
    rules, n_games, cl = o.rules, o.n, o.confidence_level
    rows = []
    winners = totals == totals.max(axis=1, keepdims=True)
    pp = None
    if rules.placement_points is not None:
        pp = np.array([placement_points(list(game), rules.placement_points) for game in totals])
    for p in range(rules.n_players):
        x = totals[:, p].astype(float)
        ests = [
            mean_of("mean", x, cl),
            proportion_estimate("p_negative", int((x < 0).sum()), n_games, confidence_level=cl),
            proportion_estimate("win_share", int(winners[:, p].sum()), n_games, confidence_level=cl),
            mean_of("bids_met", met[:, p], cl),
        ]
        if pp is not None:
            ests.append(mean_of("placement_points", pp[:, p], cl))
        rows += [row("game", p, e) | {"player": p} for e in ests]
        for label, value in [("sd", x.std(ddof=1) if n_games > 1 else math.nan)] + [
            (f"q{int(q * 100):02d}", float(np.quantile(x, q))) for q in (0.05, 0.25, 0.5, 0.75, 0.95)
        ]:
            rows.append(plain_row("game", p, label, value, n_games) | {"player": p})
    table = pd.DataFrame(rows)[["player", "quantity", "value", "low", "high", "n"]]
    kind = "tournament" if rules.placement_points is not None else "standard"
    return o.result(
        f"Points per game ({rules.n_players} players, {kind} rules, hand sizes {list(rules.schedule)})",
        table,
        "whole games: one fresh deal per round, the dealer moving one seat each round (player 0 deals first)",
        extra={"totals": totals},
    )
