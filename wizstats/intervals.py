"""Confidence intervals: Wilson for proportions, normal for means (with the sample size stated).

>>> ci = wilson_interval(43, 100)
>>> round(ci.low, 4), round(ci.high, 4)
(0.3373, 0.5278)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist  # not scipy.stats: importing that takes ~1 s, a third of a short command

from .checks import real, whole

__all__ = ["ConfidenceInterval", "mean_interval", "wilson_interval"]


@dataclass(frozen=True)
class ConfidenceInterval:
    """A two-sided confidence interval ``[low, high]``."""

    low: float
    high: float

    @property
    def width(self) -> float:
        """``high - low``."""
        return self.high - self.low

    def __contains__(self, value: float) -> bool:
        return self.low <= value <= self.high

    def __str__(self) -> str:
        return f"[{self.low:.4g}, {self.high:.4g}]"


def _z(confidence_level: float) -> float:
    confidence_level = real(confidence_level, "confidence_level", 0, 1, open_low=True, open_high=True)
    return NormalDist().inv_cdf(0.5 + confidence_level / 2)


def wilson_interval(successes: int, n: int, *, confidence_level: float = 0.95) -> ConfidenceInterval:
    """Wilson score interval for a proportion ``successes / n`` (counts: whole numbers; ``n = 0`` gives ``[0, 1]``)."""
    successes, n = whole(successes, "successes", 0), whole(n, "n", 0)  # counts, not floats, bools or text
    z = _z(confidence_level)
    if n == 0:
        return ConfidenceInterval(0.0, 1.0)
    if successes > n:
        raise ValueError(f"successes must lie in 0..n, got {successes} of {n}")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends: no rounding residue
    high = 1.0 if successes == n else min(1.0, centre + half)
    return ConfidenceInterval(low, high)


def mean_interval(mean: float, variance: float, n: int, *, confidence_level: float = 0.95) -> ConfidenceInterval:
    """Normal-approximation interval for a mean of ``n`` values with sample ``variance``."""
    if n <= 1:
        return ConfidenceInterval(-math.inf, math.inf)
    half = _z(confidence_level) * math.sqrt(max(variance, 0.0) / n)
    return ConfidenceInterval(mean - half, mean + half)
