"""Clairvoyance ("Hellsehen", RULES 4) at kernel speed: in round 1 each player sees every other card but not his own.

How the clairvoyant player bids, and how far his computed chance is calibrated, is told once,
in :mod:`wizstats.reference.clairvoyance`, the pure-Python version and the oracle of the
kernel (:mod:`wizstats._kernels.engine.game`). Under clairvoyance every player bids round 1
that way, whatever his policy; the play of the one card is forced. This module runs the
kernel: :func:`clairvoyance_odds`, the round-1 bid odds, and :func:`trace_clairvoyant_rounds`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..checks import MAX_ROUNDS, count, flag, optional, real, whole
from ..intervals import mean_interval, wilson_interval
from ..players import DEFAULT_POLICY, Policies, resolve_policies, strongest
from ..rules import Rules, raw_score, rules_for
from .setup import CHUNK_ROUNDS, MAX_TRACE_ROUNDS, n_blocks, round_setup, run_chunks, seed_key
from .simulate import simulate

__all__ = ["ClairvoyantTrace", "clairvoyance_odds", "trace_clairvoyant_rounds"]


@dataclass
class ClairvoyantTrace:
    """Kernel records of clairvoyant rounds (see :func:`trace_clairvoyant_rounds`)."""

    hands: np.ndarray = field(repr=False)
    turned: np.ndarray = field(repr=False)
    trump: np.ndarray = field(repr=False)
    bids: np.ndarray = field(repr=False)
    winners: np.ndarray = field(repr=False)


def _round1_iv(rules: Rules, n_rounds: int, limit: int = MAX_ROUNDS) -> None:
    rules_for(rules)
    if rules.special_cards:
        raise ValueError("clairvoyance is simulated with the standard cards only (no special cards)")
    count(n_rounds, "n_rounds", limit)


def trace_clairvoyant_rounds(
    rules: Rules, n_rounds: int, *, policies: Policies = DEFAULT_POLICY, seed: int = 0, start: int = 0
) -> ClairvoyantTrace:
    """Play clairvoyant rounds ``start ..`` in the kernel and keep their cards, bids and winners."""
    from .._kernels.engine.game import trace_clairvoyant_kernel  # numba: imported on first use

    _round1_iv(rules, n_rounds, MAX_TRACE_ROUNDS)  # the trace keeps every round
    start = whole(start, "start", 0, MAX_ROUNDS)
    key = np.uint64(seed_key(seed))
    n = rules.n_players
    _, ids, params = resolve_policies(policies, n)
    tab, st0 = round_setup(rules, 1)
    out = ClairvoyantTrace(
        *(np.zeros(shape, np.int64) for shape in [(n_rounds, n), n_rounds, n_rounds, (n_rounds, n), n_rounds])
    )
    trace_clairvoyant_kernel(tab, st0, ids, params, key, start, out.hands, out.turned, out.trump, out.bids, out.winners)
    return out


def _odds_rows(
    rules: Rules, n_rounds: int, counts: np.ndarray, wins_hist: np.ndarray, confidence_level: float
) -> list[dict[str, object]]:
    """The rows of :func:`clairvoyance_odds` from the kernel's counts (per seat: bid x tricks, and wins)."""
    n, deck = rules.n_players, rules.deck.size
    unseen = deck - (n - 1) - (1 if rules.has_trump_card(1) else 0)
    rows = []
    for seat in range(n):
        c = counts[seat]
        points = np.array([[raw_score(b, t, rules.scoring, 1) for t in (0, 1)] for b in (0, 1)], float)
        mean = float((c * points).sum() / n_rounds)
        var = float((c * (points - mean) ** 2).sum() / max(n_rounds - 1, 1))
        sci = mean_interval(mean, var, n_rounds, confidence_level=confidence_level)
        row: dict[str, object] = {"seat": seat, "rounds": n_rounds}
        for name, k in (
            ("bid_1", int(c[1].sum())),
            ("takes_trick", int(c[:, 1].sum())),
            ("accuracy", int(np.trace(c))),
        ):
            ci = wilson_interval(k, n_rounds, confidence_level=confidence_level)
            row |= {name: k / n_rounds, f"{name}_low": ci.low, f"{name}_high": ci.high}
        row["mean_chance"] = float((wins_hist[seat] * np.arange(deck + 1)).sum() / (n_rounds * unseen))
        row |= {"mean_score": mean, "mean_score_low": sci.low, "mean_score_high": sci.high}
        rows.append(row)
    return rows


def clairvoyance_odds(
    rules: Rules | int = 4,
    n_rounds: int = 200_000,
    *,
    seed: int = 0,
    compare_policy: str | None = DEFAULT_POLICY,
    threads: int | None = None,
    progress: bool | None = None,
    confidence_level: float = 0.95,
) -> pd.DataFrame:
    """Round-1 bid odds under clairvoyance, per seat, with intervals.

    Columns: ``seat, rounds, bid_1`` (share bidding 1), ``takes_trick``, ``mean_chance`` (mean
    exact chance the player's own card wins, as he computes it), ``accuracy`` (bid met),
    ``mean_score``, each with ``_low``/``_high`` where an interval applies; with
    ``compare_policy``, also ``normal_accuracy`` and ``normal_mean_score``: the same seat in an
    ordinary one-card round (seeing his own card), played by that policy (same seed; default
    :data:`wizstats.DEFAULT_POLICY`; ``"strongest"`` is the same).
    """
    from .._kernels.engine.game import clairvoyant_counts  # numba: imported on first use

    rules = rules_for(None, rules) if not isinstance(rules, Rules) else rules
    _round1_iv(rules, n_rounds)
    key = np.uint64(seed_key(seed))
    real(confidence_level, "confidence_level", 0, 1, open_low=True, open_high=True)
    optional(progress, flag, "progress")
    if compare_policy is not None and compare_policy != "strongest":
        resolve_policies(compare_policy, rules.n_players)
    n, deck = rules.n_players, rules.deck.size
    tab, st0 = round_setup(rules, 1)
    _, ids, params = resolve_policies("random", n)

    def batch(start: int, size: int) -> list[np.ndarray]:
        blocks = n_blocks(size)
        c_out = np.zeros((blocks, n, 2, 2), np.int64)
        w_out = np.zeros((blocks, n, deck + 1), np.int64)
        clairvoyant_counts(tab, st0, ids, params, key, start, size, blocks, c_out, w_out)
        return [c_out.sum(axis=0), w_out.sum(axis=0)]

    counts, wins_hist = run_chunks(n_rounds, CHUNK_ROUNDS, batch, threads=threads, progress=progress)
    frame = pd.DataFrame(_odds_rows(rules, n_rounds, counts, wins_hist, confidence_level))
    if compare_policy is not None:
        policy = strongest() if compare_policy == "strongest" else compare_policy
        normal = simulate(
            n, 1, n_rounds, rules=rules, policies=policy, seed=seed, threads=threads, progress=progress
        ).summary(confidence_level=confidence_level)
        frame["normal_accuracy"] = normal["accuracy"].to_numpy()
        frame["normal_mean_score"] = normal["mean_score"].to_numpy()
    return frame
