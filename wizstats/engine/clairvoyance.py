"""Clairvoyance ("Hellsehen", RULES 4): in round 1 each player sees every other card but not his own.

The bid can then only depend on what the others hold. wizstats' clairvoyant player counts,
over the cards he cannot see (the deck less the others' cards and the turned card), how many
would win the one-card trick, and bids 1 when that scores at least as much on average as 0
(standard scoring: a chance of at least 3/7). He does not read the earlier bids. A dealer who
must name trump after a turned Wizard names the suit under which his better bid scores most
(under blind trump, RULES 3, a random suit).

The chance is exact over the cards a player sees. It ignores what the dealer's choice of trump
after a turned Wizard tells the others (the dealer saw their cards when he chose): measured at
4 players, seats 1-3 take the trick about 0.009 more often than their computed chance says,
while the dealer's own chance, and everyone's under blind trump, is calibrated
(``tests/test_clairvoyance.py``). Under clairvoyance every player bids round 1 this way,
whatever his policy; the play of the one card is forced.

This module runs the kernel (:mod:`wizstats._kernels.engine.game`): :func:`clairvoyance_odds`, the round-1
bid odds; the pure-Python version, its oracle, is :mod:`wizstats.reference.clairvoyance`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..checks import MAX_ROUNDS, count, flag, optional, real, whole
from ..intervals import mean_interval, wilson_interval
from ..players import Policy, resolve_policies, strongest
from ..rules import Rules, raw_score, rules_for
from .setup import MAX_TRACE_ROUNDS, n_blocks, progress_bar, round_setup, seed_key, threads_limited
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
    rules: Rules,
    n_rounds: int,
    *,
    policies: str | Policy | Sequence[str | Policy] = "heuristic",
    seed: int = 0,
    start: int = 0,
) -> ClairvoyantTrace:
    """Play clairvoyant rounds ``start ..`` in the kernel and keep their cards, bids and winners."""
    from .._kernels.engine.game import trace_clairvoyant_kernel

    _round1_iv(rules, n_rounds, MAX_TRACE_ROUNDS)  # the trace keeps every round
    start = whole(start, "start", 0, MAX_ROUNDS)
    seed_key(seed)
    n = rules.n_players
    _, ids, params = resolve_policies(policies, n)
    tab, st0 = round_setup(rules, 1)
    out = ClairvoyantTrace(
        np.zeros((n_rounds, n), np.int64),
        np.zeros(n_rounds, np.int64),
        np.zeros(n_rounds, np.int64),
        np.zeros((n_rounds, n), np.int64),
        np.zeros(n_rounds, np.int64),
    )
    trace_clairvoyant_kernel(
        tab, st0, ids, params, np.uint64(seed_key(seed)), start, out.hands, out.turned, out.trump, out.bids, out.winners
    )
    return out


def clairvoyance_odds(
    rules: Rules | int = 4,
    n_rounds: int = 200_000,
    *,
    seed: int = 0,
    compare_policy: str | None = "strongest",
    threads: int | None = None,
    progress: bool | None = None,
    confidence_level: float = 0.95,
) -> pd.DataFrame:
    """Round-1 bid odds under clairvoyance, per seat, with intervals.

    Columns: ``seat, rounds, bid_1`` (share bidding 1), ``takes_trick``, ``mean_chance`` (mean
    exact chance the player's own card wins, as he computes it), ``accuracy`` (bid met),
    ``mean_score``, each with ``_low``/``_high`` where an interval applies; with
    ``compare_policy``, also ``normal_accuracy`` and ``normal_mean_score``: the same seat in an
    ordinary one-card round (seeing his own card), played by that policy (same seed;
    ``"strongest"``: :func:`wizstats.players.strongest`).
    """
    from .._kernels.engine.game import clairvoyant_counts

    rules = rules_for(None, rules) if not isinstance(rules, Rules) else rules
    _round1_iv(rules, n_rounds)
    seed_key(seed)
    real(confidence_level, "confidence_level", 0, 1, open_low=True, open_high=True)
    optional(progress, flag, "progress")
    if compare_policy is not None and compare_policy != "strongest":
        resolve_policies(compare_policy, rules.n_players)
    n, deck = rules.n_players, rules.deck.size
    tab, st0 = round_setup(rules, 1)
    _, ids, params = resolve_policies("random", n)
    counts = np.zeros((n, 2, 2), np.int64)
    wins_hist = np.zeros((n, deck + 1), np.int64)
    chunk = 1 << 18
    with threads_limited(threads), progress_bar(n_rounds, progress) as bar:
        for start in range(0, n_rounds, chunk):
            size = min(chunk, n_rounds - start)
            blocks = n_blocks(size)
            c_out = np.zeros((blocks, n, 2, 2), np.int64)
            w_out = np.zeros((blocks, n, deck + 1), np.int64)
            clairvoyant_counts(tab, st0, ids, params, np.uint64(seed_key(seed)), start, size, blocks, c_out, w_out)
            counts += c_out.sum(axis=0)
            wins_hist += w_out.sum(axis=0)
            bar.update(size)
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
    frame = pd.DataFrame(rows)
    if compare_policy is not None:
        policy = strongest() if compare_policy == "strongest" else compare_policy
        normal = simulate(
            n, 1, n_rounds, rules=rules, policies=policy, seed=seed, threads=threads, progress=progress
        ).summary(confidence_level=confidence_level)
        frame["normal_accuracy"] = normal["accuracy"].to_numpy()
        frame["normal_mean_score"] = normal["mean_score"].to_numpy()
    return frame
