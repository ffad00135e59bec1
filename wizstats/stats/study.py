"""What the Monte Carlo studies share: their options, validated once; the paired-deal study; the rows of a result.

Every study of :mod:`wizstats.stats` takes the same keywords (``rules``, ``policy``, ``n``,
``seed``, ``confidence_level``, and where they apply ``threads``, ``target_width``,
``max_n``): the keyword sets below, read into one frozen :class:`StudyOptions` by
:meth:`StudyOptions.of`, which refuses a keyword the study does not take and checks each value.

>>> o = StudyOptions.of(4, [3, 1, 3], {"n": 500}, accepts=Adaptive)
>>> o.hand_sizes, o.n, o.policy_name
((1, 3), 500, 'expert')
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, TypedDict

import numpy as np
import pandas as pd

from ..checks import MAX_SAMPLES, MAX_SCHEDULE
from ..engine import paired_batches, seed_key, threads_limited
from ..estimates import Estimate, Result, check_confidence, check_sample_size, mean_estimate, run_adaptive
from ..intervals import ConfidenceInterval, wilson_interval
from ..players import strongest
from ..rules import Rules
from .setup import hand_size_iv, policy_setup, rules_iv

__all__ = [
    "Adaptive",
    "Keywords",
    "Sampled",
    "Sizes",
    "StudyOptions",
    "Threaded",
    "WholeGames",
    "est_cols",
    "mean_of",
    "mean_width",
    "paired",
    "plain_row",
    "ratio_estimate",
    "row",
    "sum_rows",
    "with_game",
    "z_value",
]


Sizes = int | Iterable[int] | None
"""The hand sizes of a study: one, several, or ``None`` (the game's schedule)."""


class Keywords(TypedDict, total=False):
    """The keywords of every study (defaults: :class:`StudyOptions`)."""

    rules: Rules | None
    policy: object
    seed: int
    confidence_level: float


class WholeGames(Keywords, total=False):
    """With ``threads``, for a study of whole games (its sample size: ``n_games``)."""

    threads: int | None


class Sampled(Keywords, total=False):
    """With ``n``: rounds (or deals) per hand size."""

    n: int


class Threaded(Sampled, total=False):
    """With ``threads``: the threads of the parallel kernels (all cores when ``None``)."""

    threads: int | None


class Adaptive(Threaded, total=False):
    """With ``target_width`` (and ``max_n``): more rounds until the main interval is narrower."""

    target_width: float | None
    max_n: int | None


@dataclass(frozen=True)
class StudyOptions:
    """The settings of one study, validated: the rules, the hand sizes, who plays, how many rounds, the seed.

    ``policy`` is kept as given (``None``: :func:`wizstats.players.strongest`, read when the study
    runs); :attr:`players` checks it and gives the kernels' ids. ``target_width`` and ``max_n``
    are checked when the rounds run (:func:`wizstats.estimates.run_adaptive`).
    """

    rules: Rules
    hand_sizes: tuple[int, ...] = ()
    policy: object = None
    n: int = 20_000
    seed: int = 0
    confidence_level: float = 0.95
    threads: int | None = None
    target_width: float | None = None
    max_n: int | None = None

    @classmethod
    def of(
        cls,
        n_players: int | None,
        hand_sizes: object,
        keywords: Mapping[str, Any],
        *,
        accepts: type = Sampled,
        n: int = 20_000,
        sizes: Literal["many", "one", "unchecked"] = "many",
        need_turned: bool = False,
        n_name: str = "n",
        n_limit: int = MAX_SAMPLES,
    ) -> StudyOptions:
        """Read and check a study's keywords (``n`` is the study's default sample size).

        ``sizes``: ``"many"`` hand sizes (an int, several, or ``None``: the game's schedule; sorted,
        each once), ``"one"`` hand size, or ``"unchecked"`` (the study checks them itself).
        ``need_turned``: only the hand sizes that turn a card. ``n_name`` and ``n_limit``: what the
        sample size is called in an error and its largest value.
        """
        allowed = accepts.__required_keys__ | accepts.__optional_keys__  # type: ignore[attr-defined]
        unknown = [k for k in keywords if k not in allowed]
        if unknown:
            raise TypeError(
                f"unexpected keyword argument {unknown[0]!r} (this study takes: {', '.join(sorted(allowed))})"
            )
        rules = rules_iv(keywords.get("rules"), n_players)
        if sizes == "many":
            chosen = tuple(_sizes_iv(hand_sizes, rules, need_turned=need_turned))
        else:
            chosen = (hand_size_iv(hand_sizes, rules),) if sizes == "one" else ()
        o = cls(rules, chosen, **({"n": n} | {k: v for k, v in keywords.items() if k != "rules"}))
        check_sample_size(o.n, n_name, n_limit)
        seed_key(o.seed)
        check_confidence(o.confidence_level)
        return o

    @cached_property
    def players(self) -> tuple[str, np.ndarray, np.ndarray]:
        """The players' name for results, the kernels' policy ids and parameters (:func:`policy_setup`)."""
        return policy_setup(self.policy, self.rules.n_players)

    @property
    def policy_name(self) -> str:
        """Who played, as results name it."""
        return self.players[0]

    @property
    def engine_policy(self) -> object:
        """The policy as the engine's functions take it: checked (:attr:`players`), the default filled in."""
        if self.players and self.policy is not None:  # reading players checks them
            return self.policy
        return strongest()

    @property
    def ci(self) -> dict[str, float]:
        """The keyword of every estimate: ``confidence_level``."""
        return {"confidence_level": self.confidence_level}

    def result(
        self,
        title: str,
        rows: list[dict[str, object]] | pd.DataFrame,
        method: str,
        *,
        rules: Rules | None = None,
        notes: list[str] | None = None,
        n: int | None = None,
        extra: dict[str, Any] | None = None,
        summed: Sequence[str] = (),
        average: bool = False,
    ) -> Result:
        """The study's :class:`~wizstats.estimates.Result`: its rows and how they were made (``rules``: those played).

        ``summed``: quantities that get rows over the hand sizes when there are several
        (:func:`sum_rows`): ``hand_size == "game"``, their sum, or with ``average``, ``"mean"``.
        """
        if summed and len(self.hand_sizes) > 1 and isinstance(rows, list):
            label = "mean" if average else "game"
            rows = rows + sum_rows(rows, summed, label, z_value(self.confidence_level), average)
        table = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(rows)
        return Result(
            title,
            table,
            False,
            method,
            self.rules if rules is None else rules,
            self.policy_name,
            self.seed,
            self.n if n is None else n,
            self.confidence_level,
            notes or [],
            extra or {},
        )


def _sizes_iv(hand_sizes: object, rules: Rules, *, need_turned: bool = False) -> list[int]:
    """Hand sizes to measure: given, or the game's schedule; each allowed, sorted, once."""
    if hand_sizes is None:
        sizes: list[object] = list(rules.schedule)
    elif isinstance(hand_sizes, Iterable) and not isinstance(hand_sizes, (str, bytes)):
        sizes = list(itertools.islice(hand_sizes, MAX_SCHEDULE + 1))  # a huge iterable is refused unread
        if len(sizes) > MAX_SCHEDULE:
            raise ValueError(f"give at most {MAX_SCHEDULE:,} hand sizes")
    else:
        sizes = [hand_sizes]  # one hand size, or a value hand_size_iv refuses with its name
    checked = [hand_size_iv(r, rules) for r in sizes]
    if need_turned:
        checked = [r for r in checked if rules.has_trump_card(r)]
    if not checked:
        raise ValueError("no hand size to measure" + (" (the last round turns no card)" if need_turned else ""))
    return sorted(set(checked))


# ---------------------------------------------------------------- the paired study
def paired(
    o: StudyOptions,
    rules_a: Rules,
    rules_b: Rules | None,
    r: int,
    *,
    width: Callable[[Mapping[str, np.ndarray]], float] | None = None,
    fixed_turned: int = -1,
) -> tuple[dict[str, np.ndarray], int]:
    """Rounds ``r << 32 ..`` of hand size ``r`` under ``rules_a`` and ``rules_b`` (``None``: a alone), same deals.

    Each deal is played under both rules from the same stream, so a difference carries the
    interval of the paired difference. The sums of :func:`wizstats.engine.paired_batches` and the
    rounds used (``n``, or more with ``target_width``: ``width`` of the sums is its criterion).
    """
    _, ids, params = o.players
    batch = paired_batches(rules_a, rules_b, r, ids, params, np.uint64(seed_key(o.seed)), r << 32, fixed_turned)
    with threads_limited(o.threads):
        return run_adaptive(batch, n=o.n, width=width, target_width=o.target_width, max_n=o.max_n)


def mean_width(pair: np.ndarray, rounds: np.ndarray) -> float:
    """Width of the normal interval of a mean from ``(sum, sum of squares)`` over ``rounds``."""
    ci = mean_estimate("", float(pair[0]), float(pair[1]), int(rounds[0])).ci
    return math.inf if ci is None else ci.width


# ---------------------------------------------------------------- rows and estimators
def est_cols(est: Estimate) -> dict[str, object]:
    """``value, low, high, n`` of an estimate (NaN bounds without an interval)."""
    ci = est.ci or ConfidenceInterval(math.nan, math.nan)
    return {"value": est.value, "low": ci.low, "high": ci.high, "n": est.n}


def row(hand_size: object, seat: object, est: Estimate) -> dict[str, object]:
    """A result row ``hand_size, seat, quantity, value, low, high, n``."""
    return {"hand_size": hand_size, "seat": seat, "quantity": est.name} | est_cols(est)


ROW = ("hand_size", "seat", "quantity", "value", "low", "high", "n")
"""The columns of a study's rows, in order."""


def plain_row(
    hand_size: object, seat: object, quantity: str, value: float, n: int, low: float = math.nan, high: float = math.nan
) -> dict[str, object]:
    """A result row of a figure given directly (no interval unless ``low`` and ``high``)."""
    return dict(zip(ROW, (hand_size, seat, quantity, value, low, high, n), strict=True))


def mean_of(name: str, x: np.ndarray, confidence_level: float) -> Estimate:
    """The mean of ``x`` over its independent units, with its normal interval."""
    return mean_estimate(name, float(x.sum()), float((x**2).sum()), len(x), confidence_level=confidence_level)


def z_value(confidence_level: float) -> float:
    """The two-sided normal quantile of ``confidence_level``."""
    from scipy.stats import norm  # here: importing scipy.stats takes seconds, and only a few studies need it

    return float(norm.ppf(0.5 + confidence_level / 2))


def sum_rows(
    rows: list[dict[str, object]], quantities: Sequence[str], label: str, z: float, average: bool
) -> list[dict[str, object]]:
    """Rows that add (or average) a quantity over hand sizes; independent runs, so variances add."""
    out = []
    frame = pd.DataFrame(rows)
    for (quantity, seat), grp in frame[frame.quantity.isin(quantities)].groupby(["quantity", "seat"], sort=False):
        k = len(grp) if average else 1
        half = (grp.high - grp.low) / 2
        value = grp.value.sum() / k
        se = math.sqrt(float(((half / z) ** 2).sum())) / k
        out.append(plain_row(label, seat, quantity, value, int(grp.n.sum()), value - z * se, value + z * se))
    return out


def ratio_estimate(
    name: str, num: np.ndarray, den: np.ndarray, confidence_level: float, bounded: bool = True
) -> Estimate:
    """``sum(num) / sum(den)`` over independent units, with a delta-method (ratio estimator) normal interval.

    ``bounded`` (a share of counts): the interval is widened to contain Wilson's on the pooled
    counts, so that no hits in a sample still give an upper bound above 0.
    """
    m, total = len(num), float(den.sum())
    if m < 2 or total == 0:
        return Estimate(name, math.nan, ConfidenceInterval(math.nan, math.nan), int(m), False, "no samples")
    r = float(num.sum()) / total
    var = float(((num - r * den) ** 2).sum()) / total**2 * m / (m - 1)
    half = z_value(confidence_level) * math.sqrt(var)
    ci = ConfidenceInterval(r - half, r + half)
    if bounded:  # a share: inside [0, 1], and at least as wide as Wilson's on the counts (honest at 0 hits)
        w = wilson_interval(int(num.sum()), int(total), confidence_level=confidence_level)
        ci = ConfidenceInterval(max(min(r - half, w.low), 0.0), min(max(r + half, w.high), 1.0))
    return Estimate(name, r, ci, int(m), False, "ratio estimator", confidence_level=confidence_level)


def with_game(parts: list[tuple[object, dict[str, np.ndarray]]]) -> list[tuple[object, dict[str, np.ndarray]]]:
    """Per-hand-size arrays, and with more than one hand size a ``game`` part: them all pooled."""
    if len(parts) > 1:
        return [*parts, ("game", {k: np.concatenate([p[1][k] for p in parts]) for k in parts[0][1]})]
    return parts
