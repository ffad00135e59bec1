"""The source articles' rules of thumb, measured: a Wizard as a sure trick, hidden bids, trailing at half time.

``half_time_lead`` plays whole games (:func:`wizstats.engine.trace_games`) and reads the totals
after half the rounds from the round records.

Each function plays rounds or games with the named players and returns a :class:`Result`
(rows ``hand_size, seat, quantity, value, low, high, n``), like :mod:`wizstats.stats.effects`.
Each hand size uses its own range of round indices (``hand_size << 32`` on), so figures of
different hand sizes are independent.

>>> t = wizard_sure_trick(4, [1], n=2000).table
>>> t[(t.seat == 1) & (t.quantity == "p_fail")].value.item()  # seat 1 leads: its Wizard comes first
0.0
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..engine import trace_games, trace_rounds
from ..estimates import Result, mean_estimate, proportion_estimate
from ..rules import BidVisibility, Rules, score_table
from .study import (
    Sampled,
    Sizes,
    StudyOptions,
    Threaded,
    est_cols,
    mean_of,
    paired,
    ratio_estimate,
    row,
    with_game,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["bid_visibility_edge", "half_time_lead", "wizard_sure_trick"]

MAX_TRACED = 200_000
"""The most rounds per hand size a traced measurement plays (the trace keeps every card)."""


def _wizard_counts(rules: Rules, r: int, policy: object, n: int, seed: int) -> dict[str, np.ndarray]:
    """Per round and seat: Wizards held, Wizards that took no trick, bid met, score (one traced batch)."""
    tr = trace_rounds(rules, r, n, policies=policy, seed=seed, start=r << 32)  # type: ignore[arg-type]
    first = rules.deck.n_suit_cards
    is_w = (tr.plays >= first) & (tr.plays < first + rules.deck.n_wizards)  # [R, tricks, position]
    under = is_w & ((np.cumsum(is_w, axis=2) - is_w) > 0)  # a Wizard after an earlier Wizard of the trick
    n_seats = rules.n_players
    seat = (tr.leaders[:, :, None] + np.arange(n_seats)[None, None, :]) % n_seats
    held = np.zeros((n, n_seats), np.int64)
    failed = np.zeros((n, n_seats), np.int64)
    rows = np.broadcast_to(np.arange(n)[:, None, None], seat.shape)
    np.add.at(held, (rows[is_w], seat[is_w]), 1)
    np.add.at(failed, (rows[under], seat[under]), 1)
    table = score_table(r, rules)
    return {
        "held": held,
        "failed": failed,
        "met": tr.bids == tr.tricks,
        "score": table[tr.bids, tr.tricks].astype(float),
    }


def _wizard_rows(label: object, seat: object, c: dict[str, np.ndarray], cl: float) -> list[dict[str, object]]:
    """The rows of one hand size and seat (or ``all`` seats: then a unit is a round, Wizards summed)."""
    held, failed = c["held"], c["failed"]
    if held.ndim == 2:  # all seats of a round together
        held, failed = held.sum(axis=1), failed.sum(axis=1)
    rows = [row(label, seat, ratio_estimate("p_fail", failed.astype(float), held.astype(float), cl))]
    if c["held"].ndim == 2:
        return rows
    has = held > 0
    lost = has & (failed > 0)
    kept = has & (failed == 0)
    rows.append(
        row(label, seat, proportion_estimate("p_hand_fails", int(lost.sum()), int(has.sum()), confidence_level=cl))
    )
    for part, mask in (("kept", kept), ("failed", lost)):
        if mask.sum() >= 2:
            met = c["met"][mask]
            made = proportion_estimate(f"met_if_{part}", int(met.sum()), int(mask.sum()), confidence_level=cl)
            rows.append(row(label, seat, made))
            rows.append(row(label, seat, mean_of(f"score_if_{part}", c["score"][mask], cl)))
    return rows


def wizard_sure_trick(n_players: int | None = None, hand_sizes: Sizes = None, **options: Unpack[Sampled]) -> Result:
    """How often a Wizard in hand fails to take a trick, and what a failed Wizard does to its holder's score.

    A Wizard takes its trick unless another Wizard was played before it in the same trick
    (RULES 5). Rows per hand size and seat (seat 0 deals, seat 1 leads the first trick):
    ``p_fail`` (the share of the Wizards held that took no trick; ratio-estimator interval),
    ``p_hand_fails`` (the share of Wizard-holding hands in which one failed),
    ``met_if_kept`` / ``met_if_failed`` (bid met when every Wizard took a trick / when one
    failed) and ``score_if_kept`` / ``score_if_failed`` (their mean scores); seat ``all``
    pools the seats, and ``hand_size == "game"`` pools the hand sizes asked for (default: the
    game's schedule, ``n`` rounds each). The split by outcome is an association: a player who
    has made his bid may throw his Wizard under another on purpose.
    """
    o = StudyOptions.of(n_players, hand_sizes, options, n=4000)
    rules, n = o.rules, o.n
    if n > MAX_TRACED:
        raise ValueError(f"n is at most {MAX_TRACED:,} rounds per hand size for this measurement, got {n:,}")
    if rules.deck.n_wizards < 2:
        raise ValueError(f"the {rules.deck.name} deck has fewer than two Wizards: a Wizard never fails")
    policy = o.engine_policy
    rows: list[dict[str, object]] = []
    parts = with_game([(r, _wizard_counts(rules, r, policy, n, o.seed)) for r in o.hand_sizes])
    for label, c in parts:
        for s in range(rules.n_players):
            rows += _wizard_rows(label, s, {k: v[:, s] for k, v in c.items()}, o.confidence_level)
        rows += _wizard_rows(label, "all", c, o.confidence_level)
    return o.result(
        f"Wizards that take no trick ({rules.n_players} players)",
        rows,
        "traced rounds: a Wizard fails when another Wizard came first in its trick",
    )


VISIBILITY_QUANTITIES = {
    "edge_open": "dealer's edge, open bids",
    "edge_hidden": "dealer's edge, hidden bids",
    "edge_after_round": "dealer's edge, bids shown after the round",
    "open_minus_hidden": "edge removed by hidden bids",
    "open_minus_after_round": "edge removed by bids shown after the round",
}
"""The quantities of :func:`bid_visibility_edge` and what they say."""


def bid_visibility_edge(n_players: int | None = None, hand_sizes: Sizes = None, **options: Unpack[Threaded]) -> Result:
    """The dealer's edge with open bids, hidden bids ("Verdeckter Tipp") and bids shown only after the round.

    The dealer's edge is his score minus the mean of the other seats' in the same round. Every
    deal is played three times (open, hidden, after-round; the same deal and stream), so
    ``open_minus_hidden`` and ``open_minus_after_round``, the part of the edge each variant takes
    away, carry paired intervals. A difference whose interval has zero width means the players
    play every deal identically under both rules (they do not read the bids): not measurable
    with them. Rows per hand size (seat 0); ``hand_size == "game"`` sums over the hand sizes
    asked for (default: the game's schedule), the edge over a whole game. Plus/minus one needs
    open bids and is refused.

    >>> t = bid_visibility_edge(4, [2], n=2000, policy="heuristic").table
    >>> t.set_index("quantity").loc["open_minus_hidden", ["low", "high"]].tolist()  # heuristic ignores earlier bids
    [0.0, 0.0]
    """
    o = StudyOptions.of(n_players, hand_sizes, options, accepts=Threaded)
    rules = o.rules
    if rules.plus_minus_one:
        raise ValueError("plus/minus one needs open bids: compare the bid variants without it")
    if rules.bids is not BidVisibility.OPEN:
        rules = rules.replace(bids=BidVisibility.OPEN)
    rows: list[dict[str, object]] = []
    for r in o.hand_sizes:
        for variant in (BidVisibility.HIDDEN, BidVisibility.AFTER_ROUND):
            tot, used = paired(o, rules, rules.replace(bids=variant), r)
            d = tot["dealer"]
            label = variant.value.replace("-", "_")
            if variant is BidVisibility.HIDDEN:
                rows.append(row(r, 0, mean_estimate("edge_open", d[0, 0], d[0, 1], used, **o.ci)))
            rows.append(row(r, 0, mean_estimate(f"edge_{label}", d[1, 0], d[1, 1], used, **o.ci)))
            rows.append(row(r, 0, mean_estimate(f"open_minus_{label}", d[2, 0], d[2, 1], used, **o.ci)))
    return o.result(
        f"The dealer's edge by who sees the bids ({rules.n_players} players)",
        rows,
        "paired over the same deals: dealer's score minus the mean of the others'",
        rules=rules,
        summed=list(VISIBILITY_QUANTITIES),
    )


TRACE_CHUNK = 20_000
"""Games per traced batch (the trace keeps every round of every game)."""


def _half_time(rules: Rules, n: int, policy: object, seed: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Totals after half the rounds and at the end (points), ``[games, players]``, and the half used."""
    halves, finals, half = [], [], 0
    for start in range(0, n, TRACE_CHUNK):
        tr = trace_games(rules, min(TRACE_CHUNK, n - start), policies=policy, seed=seed, start=start)  # type: ignore[arg-type]
        half = tr.plan.half
        halves.append(tr.records[:, :half, :, 3].sum(axis=1) / tr.scale)
        finals.append(tr.totals / tr.scale)
    return np.concatenate(halves), np.concatenate(finals), half


def half_time_lead(
    n_players: int | None = None, *, bin_width: float = 20.0, min_count: int = 200, **options: Unpack[Sampled]
) -> Result:
    """How often the leader at half time wins, and the chance to win by the deficit at half time.

    Plays ``n`` whole games (``rules``: the standard game for ``n_players``, or e.g.
    ``Rules.tournament(n)``; a game is won on points, placement points follow from the ranks). Half time is after half the
    rounds, rounded down (:func:`wizstats.game_plan`). Rows: ``leader_wins`` (the single leader
    at half time wins, alone or tied; games with a tie for the lead left out, as
    :meth:`wizstats.GameResult.half_leader_wins` counts them), ``even_chance`` (1 / players),
    and ``win_by_deficit`` per bin ``deficit_low .. deficit_high`` of points behind the leader
    at half time (0: leading, alone or tied), every player of every game counted, the interval
    clustered by game (ratio estimator). Bins with fewer than ``min_count`` players are merged
    into the last.
    """
    o = StudyOptions.of(n_players, None, options, sizes="unchecked")
    rules, n, cl = o.rules, o.n, o.confidence_level
    if n > 50 * TRACE_CHUNK:
        raise ValueError(f"n is at most {50 * TRACE_CHUNK:,} games for this measurement, got {n:,}")
    policy = o.engine_policy
    width = float(bin_width)
    if not width > 0:
        raise ValueError(f"bin_width must be > 0, got {bin_width}")
    half_tot, final, half = _half_time(rules, n, policy, o.seed)
    top = half_tot.max(axis=1)
    won = final == final.max(axis=1, keepdims=True)
    single = (half_tot == top[:, None]).sum(axis=1) == 1
    leader = half_tot.argmax(axis=1)
    lead_won = won[np.arange(len(won)), leader][single]
    rows: list[dict[str, object]] = [
        {
            "quantity": "leader_wins",
            **est_cols(proportion_estimate("", int(lead_won.sum()), int(single.sum()), confidence_level=cl)),
        },
        {"quantity": "even_chance", "value": 1 / rules.n_players, "low": math.nan, "high": math.nan, "n": n},
    ]
    deficit = top[:, None] - half_tot
    bins = [(0.0, 0.0)]  # leading, alone or tied
    lo = 0.0
    while ((deficit > lo + width).sum()) >= min_count and ((deficit > lo) & (deficit <= lo + width)).sum() >= min_count:
        bins.append((lo, lo + width))
        lo += width
    bins.append((lo, math.inf))
    for lo, hi in bins:
        inside = deficit == 0 if hi == 0 else (deficit > lo) & (deficit <= hi)
        est = ratio_estimate("", (inside & won).sum(axis=1).astype(float), inside.sum(axis=1).astype(float), cl)
        cols = est_cols(est) | {"n": int(inside.sum())}
        rows.append({"quantity": "win_by_deficit", "deficit_low": lo, "deficit_high": hi, **cols})
    return o.result(
        f"Leading at half time (after {half} of {len(rules.schedule)} rounds, {rules.n_players} players,"
        f" {rules.describe()})",
        pd.DataFrame(rows).assign(half=half, rounds=len(rules.schedule)),
        "traced whole games; win = the highest final total, alone or tied; deficit in points",
    )
