"""Scoring a round and a game (RULES 6-7).

>>> score_round(0, 0), score_round(2, 2), score_round(3, 1), score_round(1, 4)
(20, 40, -20, -30)
>>> alt = Rules(5, scoring="alternative")
>>> score_round(3, 3, alt, hand_size=8), score_round(2, 3, alt, hand_size=8), score_round(4, 2, alt, hand_size=8)
(110, 10, -10)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..checks import WrongType, real, whole
from .rules import Rules, Scoring

__all__ = ["placement_points", "score_round", "score_table"]


def _score_round_iv(bid: int, tricks: int, rules: Rules | None, hand_size: int | None) -> tuple[Rules, int | None]:
    for name, value in (("bid", bid), ("tricks", tricks)):
        whole(value, name, 0, 64)
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise WrongType(f"rules must be a Rules value, got {type(rules).__name__}")
    if hand_size is not None:
        whole(hand_size, "hand_size", 1, 64)
        if bid > hand_size or tricks > hand_size:
            raise ValueError(f"bid {bid} and tricks {tricks} must lie in 0..hand_size ({hand_size})")
    if rules.scoring is Scoring.ALTERNATIVE and hand_size is None:
        raise ValueError("alternative scoring needs hand_size (the cards dealt this round)")
    return rules, hand_size


def score_round(bid: int, tricks: int, rules: Rules | None = None, hand_size: int | None = None) -> int:
    """Points for one player in one round.

    Standard: a bid met exactly scores ``20 + 10 x tricks``, otherwise ``-10 x |tricks - bid|``.
    Alternative (``rules.scoring == "alternative"``, needs ``hand_size``): exact scores
    ``10 x hand_size + 10 x bid``; missed by ``k`` scores ``10 x min(bid, tricks) - 10 x (1 + ... + k)``.
    """
    rules, hand_size = _score_round_iv(bid, tricks, rules, hand_size)
    return raw_score(int(bid), int(tricks), rules.scoring, hand_size or 0)


def raw_score(bid: int, tricks: int, scoring: Scoring, hand_size: int) -> int:
    miss = abs(tricks - bid)
    if scoring is Scoring.ALTERNATIVE:
        if miss == 0:
            return 10 * hand_size + 10 * bid
        return 10 * min(bid, tricks) - 10 * (miss * (miss + 1) // 2)
    return 20 + 10 * tricks if miss == 0 else -10 * miss


def score_table(hand_size: int, rules: Rules | None = None) -> np.ndarray:
    """``int64[hand_size + 1, hand_size + 1]``: the score of every (bid, tricks) pair in a round."""
    rules = Rules() if rules is None else rules
    hand_size = whole(hand_size, "hand_size", 0, 64)
    return np.array(
        [[raw_score(b, t, rules.scoring, hand_size) for t in range(hand_size + 1)] for b in range(hand_size + 1)],
        dtype=np.int64,
    )


def placement_points(totals: Sequence[float], points: Sequence[float] = (45, 30, 20, 10, 5, 0)) -> list[float]:
    """Placement points for final totals; tied players share the points of the places they cover.

    The sharing of tied places is an assumption (RULES 7: no source says).

    >>> placement_points([100, 80, 80, 20])
    [45.0, 25.0, 25.0, 10.0]
    """
    totals = [real(t, "a total") for t in totals]
    points = [real(x, "placement points") for x in points]
    if len(points) < len(totals):
        raise ValueError(f"need points for {len(totals)} places, got {len(points)}")
    order = sorted(range(len(totals)), key=lambda i: -totals[i])
    out = [0.0] * len(totals)
    place = 0
    while place < len(order):
        tied = [i for i in order if totals[i] == totals[order[place]]]
        share = sum(points[place : place + len(tied)]) / len(tied)
        for i in tied:
            out[i] = float(share)
        place += len(tied)
    return out
