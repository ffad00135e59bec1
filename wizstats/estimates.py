"""Result types of the statistics: a value with its interval, sample size, seed, rules and policy.

An :class:`Estimate` is one number; a :class:`Result` is a table of them (or of exact values)
together with how it was made. Both say whether they are exact, and ``.to_frame()`` gives a
tidy :class:`pandas.DataFrame`.

>>> e = proportion_estimate("P(win)", 430, 1000, seed=0, policy="heuristic")
>>> round(e.value, 3), e.exact, e.n
(0.43, False, 1000)
>>> str(exact_estimate("P(win)", Fraction(3, 7)))
'P(win) = 3/7 = 0.4286 (exact)'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from .checks import MAX_SAMPLES, count, real
from .intervals import ConfidenceInterval, mean_interval, wilson_interval
from .rules import Rules

__all__ = [
    "Estimate",
    "html_table",
    "Result",
    "exact_estimate",
    "mean_estimate",
    "proportion_estimate",
    "run_adaptive",
]


def html_table(title: str, table: pd.DataFrame, facts: Mapping[str, object]) -> str:
    """A result as HTML for Jupyter: a title, how it was made (players, sample size, seed, ...), the table.

    >>> html = html_table("demo", pd.DataFrame({"seat": [0], "value": [1.5]}), {"players": "random", "n": 10})
    >>> "<b>demo</b>" in html and "players: random" in html and "<table" in html
    True
    """
    from html import escape

    how = "; ".join(f"{escape(str(k))}: {escape(str(v))}" for k, v in facts.items() if v is not None)
    return f"<div><b>{escape(title)}</b><br><small>{how}</small>{table.to_html(index=False)}</div>"


META_COLUMNS = ("exact", "method", "n", "seed", "policy", "rules", "confidence_level")


@dataclass(frozen=True)
class Estimate:
    """One quantity: a Monte Carlo estimate with its interval, or an exact value (``exact=True``)."""

    name: str
    value: float
    ci: ConfidenceInterval | None
    n: int | None
    exact: bool = False
    method: str = ""
    seed: int | None = None
    policy: str | None = None
    rules: Rules | None = None
    confidence_level: float = 0.95
    fraction: Fraction | None = None
    """The exact value as a fraction, when it is one."""

    def __float__(self) -> float:
        return float(self.value)

    def __str__(self) -> str:
        if self.exact:
            frac = f"{self.fraction} = " if self.fraction is not None and self.fraction.denominator != 1 else ""
            return f"{self.name} = {frac}{self.value:.4g} (exact)"
        ci = "" if self.ci is None else f" {self.ci} ({self.confidence_level:.0%})"
        return f"{self.name} = {self.value:.4g}{ci}, n = {self.n}, policy {self.policy}, seed {self.seed}"

    def _repr_html_(self) -> str:
        how = "exact" if self.exact else f"{self.confidence_level:.0%} interval"
        return html_table(self.name, self.to_frame(), {"players": self.policy, "n": self.n, "seed": self.seed, "": how})

    def to_frame(self) -> pd.DataFrame:
        """One tidy row: ``quantity, value, low, high`` and the metadata columns."""
        low, high = (self.value, self.value) if self.ci is None else (self.ci.low, self.ci.high)
        row = {"quantity": self.name, "value": self.value, "low": low, "high": high}
        row.update(_meta(self.exact, self.method, self.n, self.seed, self.policy, self.rules, self.confidence_level))
        return pd.DataFrame([row])


def _meta(
    exact: bool,
    method: str,
    n: int | None,
    seed: int | None,
    policy: str | None,
    rules: Rules | None,
    confidence_level: float,
) -> dict[str, Any]:
    return {
        "exact": exact,
        "method": method,
        "n": n,
        "seed": seed,
        "policy": policy,
        "rules": None if rules is None else rules.describe(),
        "confidence_level": None if exact else confidence_level,
    }


def exact_estimate(
    name: str, value: Fraction | int | float, *, rules: Rules | None = None, method: str = "exact count"
) -> Estimate:
    """An exact value (no interval, no sample)."""
    frac = Fraction(value) if isinstance(value, (Fraction, int)) else None
    return Estimate(name, float(value), None, None, True, method, rules=rules, fraction=frac)


def proportion_estimate(name: str, successes: int, n: int, *, confidence_level: float = 0.95, **meta: Any) -> Estimate:
    """A proportion ``successes / n`` with its Wilson interval."""
    value = successes / n if n else math.nan
    ci = wilson_interval(int(successes), int(n), confidence_level=confidence_level)
    return Estimate(
        name, value, ci, int(n), False, f"Wilson interval, {n} samples", confidence_level=confidence_level, **meta
    )


def mean_estimate(
    name: str, total: float, total_sq: float, n: int, *, confidence_level: float = 0.95, **meta: Any
) -> Estimate:
    """A mean from the sum and the sum of squares of ``n`` values, with a normal interval."""
    if n <= 0:
        return Estimate(name, math.nan, ConfidenceInterval(-math.inf, math.inf), 0, False, "no samples", **meta)
    mean = total / n
    var = max(total_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)
    ci = mean_interval(mean, var, n, confidence_level=confidence_level)
    return Estimate(
        name, mean, ci, int(n), False, f"normal interval, {n} samples", confidence_level=confidence_level, **meta
    )


@dataclass
class Result:
    """A table of estimates or exact values, and how they were made.

    ``table`` holds key columns, then ``value`` and (for estimates) ``low``, ``high`` and ``n``.
    """

    title: str
    table: pd.DataFrame
    exact: bool
    method: str
    rules: Rules | None = None
    policy: str | None = None
    seed: int | None = None
    n: int | None = None
    """The sample size behind the table (rounds or deals; each row states its own in ``n``)."""
    confidence_level: float = 0.95
    notes: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict, repr=False)

    def _repr_html_(self) -> str:
        how = "exact (counted)" if self.exact else f"Monte Carlo, {self.confidence_level:.0%} intervals"
        facts = {"method": how, "players": self.policy, "n": self.n, "seed": self.seed}
        return html_table(self.title, self.table, facts)

    def to_frame(self) -> pd.DataFrame:
        """The table with the metadata as columns (tidy: one row per quantity)."""
        out = self.table.copy()
        meta = _meta(self.exact, self.method, self.n, self.seed, self.policy, self.rules, self.confidence_level)
        for key, value in meta.items():
            if key == "n" and "n" in out.columns:
                continue
            out[key] = value
        return out

    def estimate(self, **where: Any) -> Estimate:
        """The one row matching ``where`` (column = value), as an :class:`Estimate`."""
        rows = self.table
        for key, value in where.items():
            if key not in rows.columns:
                raise ValueError(f"no column {key!r} in this result (columns: {', '.join(map(str, rows.columns))})")
            rows = rows[rows[key] == value]
        if len(rows) != 1:
            raise ValueError(f"{len(rows)} rows match {where}; give keys that select exactly one")
        row = rows.iloc[0]
        name = f"{self.title} [" + ", ".join(f"{k}={v}" for k, v in where.items()) + "]"
        frac = row.get("fraction") if self.exact else None
        ci = None if self.exact or "low" not in row else ConfidenceInterval(float(row["low"]), float(row["high"]))
        n = int(row["n"]) if "n" in row and not self.exact else self.n
        return Estimate(
            name,
            float(row["value"]),
            ci,
            n,
            self.exact,
            self.method,
            self.seed,
            self.policy,
            self.rules,
            self.confidence_level,
            Fraction(frac) if isinstance(frac, (str, Fraction)) and frac != "" else None,
        )

    def describe(self) -> str:
        """Header lines: what, how, under which rules and policy."""
        lines = [self.title]
        how = (
            "exact (counted, no simulation)"
            if self.exact
            else (f"Monte Carlo, {self.confidence_level:.0%} intervals, n = {self.n}, seed {self.seed}")
        )
        lines.append(f"  method: {how}; {self.method}")
        if self.rules is not None:
            lines.append(f"  rules: {self.rules.describe()}")
        if self.policy is not None:
            lines.append(f"  policy: {self.policy}")
        lines.extend(f"  note: {note}" for note in self.notes)
        return "\n".join(lines)

    def __str__(self) -> str:
        with pd.option_context("display.width", 200, "display.max_columns", 30, "display.max_rows", 400):
            return self.describe() + "\n" + self.table.to_string(index=False)


def run_adaptive(
    batch: Callable[[int, int], Mapping[str, np.ndarray]],
    *,
    n: int,
    width: Callable[[Mapping[str, np.ndarray]], float] | None = None,
    target_width: float | None = None,
    max_n: int | None = None,
) -> tuple[dict[str, np.ndarray], int]:
    """Run ``batch(start, size)`` on rounds ``0 .. n-1``; with ``target_width``, keep doubling.

    Each further batch covers the next unused round indices (``n .. 2n-1``, then ``2n .. 4n-1``,
    ...) until ``width(totals) <= target_width`` or ``max_n`` rounds (default ``64 n``) are
    used. Batches add up (dicts of arrays), and the answer depends only on the seed, ``n``,
    ``target_width`` and ``max_n``: it is reproducible.
    """
    check_precision(n, target_width, max_n)
    max_n = 64 * n if max_n is None else max_n
    totals = {k: np.array(v, copy=True) for k, v in batch(0, n).items()}
    used = n
    while target_width is not None and width is not None and used < max_n and not width(totals) <= target_width:
        size = min(used, max_n - used)
        for key, value in batch(used, size).items():
            totals[key] = totals[key] + value
        used += size
    return totals, used


def check_sample_size(n: object, what: str = "n", limit: int = MAX_SAMPLES) -> int:
    """``n`` as a whole number in ``1 .. limit`` (default :data:`wizstats.checks.MAX_SAMPLES`), else an error naming it."""
    return count(n, what, limit)


def check_confidence(confidence_level: object) -> float:
    """A confidence level strictly between 0 and 1."""
    return real(confidence_level, "confidence_level", 0, 1, open_low=True, open_high=True)


def check_precision(n: int, target_width: object, max_n: object) -> None:
    """``target_width``: ``None`` or a finite number > 0; ``max_n``: ``None`` or a sample size ``>= n``."""
    if target_width is not None:
        real(target_width, "target_width", 0, open_low=True)
    if max_n is not None:
        count(max_n, "max_n", MAX_SAMPLES, low=n)
