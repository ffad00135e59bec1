"""The standard engine: validate, seed, allocate, call kernels, wrap in pandas.

>>> from wizstats import Rules
>>> res = simulate_standard(Rules(4), 3, 2000, policies="random", seed=1)
>>> int(res.counts.sum()) == 4 * 2000
True
>>> list(res.joint().columns)
['seat', 'bid', 'tricks', 'count']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..checks import MAX_START, whole
from ..estimates import html_table
from ..intervals import ConfidenceInterval, mean_interval, wilson_interval
from ..players import Policy, resolve_policies
from ..rules import Rules, score_table
from .setup import (
    CHUNK_ROUNDS,
    MAX_TRACE_ROUNDS,
    moments,
    n_blocks,
    progress_bar,
    round_setup,
    run_iv,
    seed_key,
    simulate_iv,
    threads_limited,
)
from .startup import compile_notice

__all__ = ["RoundTrace", "SimulationResult", "simulate_standard", "trace_rounds"]


@dataclass
class SimulationResult:
    """What :func:`simulate` returns: joint counts of (seat, bid, tricks) and how they were made."""

    rules: Rules
    hand_size: int
    n_rounds: int
    seed: int
    policies: list[Policy]
    counts: np.ndarray = field(repr=False)
    """``int64[n_players, r + 1, r + 1]``: rounds in which ``seat`` bid ``bid`` and took ``tricks``."""

    def joint(self) -> pd.DataFrame:
        """Tidy joint counts: columns ``seat, bid, tricks, count`` (rows with count > 0)."""
        seat, bid, tricks = np.nonzero(self.counts)
        return pd.DataFrame(
            {"seat": seat, "bid": bid, "tricks": tricks, "count": self.counts[seat, bid, tricks]}
        ).astype("int64")

    def _repr_html_(self) -> str:
        facts = {"players": ", ".join(str(p) for p in self.policies), "rounds": self.n_rounds, "seed": self.seed}
        return html_table(f"{self.rules.n_players} players, {self.hand_size} cards", self.summary(), facts)

    def summary(self, *, confidence_level: float = 0.95) -> pd.DataFrame:
        """Per seat: mean tricks, bid accuracy (tricks == bid, Wilson) and mean score, with intervals."""
        r = self.hand_size
        points = score_table(r, self.rules).astype(float)
        tricks = np.arange(r + 1, dtype=float)
        rows = []
        for seat in range(self.rules.n_players):
            c = self.counts[seat].astype(float)
            n = int(c.sum())
            t_mean, t_var = moments(c.sum(axis=0), tricks)
            s_mean, s_var = moments(c.ravel(), points.ravel())
            hits = int(np.trace(self.counts[seat]))
            acc = wilson_interval(hits, n, confidence_level=confidence_level)
            t_ci = mean_interval(t_mean, t_var, n, confidence_level=confidence_level)
            s_ci = mean_interval(s_mean, s_var, n, confidence_level=confidence_level)
            rows.append(
                {
                    "seat": seat,
                    "policy": str(self.policies[seat]),
                    "rounds": n,
                    "mean_bid": moments(c.sum(axis=1), tricks)[0],
                    "mean_tricks": t_mean,
                    "mean_tricks_low": t_ci.low,
                    "mean_tricks_high": t_ci.high,
                    "accuracy": hits / n if n else math.nan,
                    "accuracy_low": acc.low,
                    "accuracy_high": acc.high,
                    "mean_score": s_mean,
                    "mean_score_low": s_ci.low,
                    "mean_score_high": s_ci.high,
                }
            )
        return pd.DataFrame(rows)

    def accuracy(self, seat: int, *, confidence_level: float = 0.95) -> tuple[float, ConfidenceInterval]:
        """Share of rounds in which ``seat`` took exactly its bid, with a Wilson interval."""
        n = int(self.counts[seat].sum())
        hits = int(np.trace(self.counts[seat]))
        return hits / n, wilson_interval(hits, n, confidence_level=confidence_level)

    def rounds(self, limit: int = 1000) -> pd.DataFrame:
        """Per-round rows for the first ``limit`` rounds of this run (the same rounds, replayed).

        One row per round and seat: ``round, seat, hand, turned, trump, bid, tricks, score``.
        """
        n = min(limit, self.n_rounds)
        trace = trace_rounds(self.rules, self.hand_size, n, policies=self.policies, seed=self.seed)
        return trace.frame()


def _counts_kernel(
    rules: Rules, hand_size: int, ids: np.ndarray, params: np.ndarray, key: int
) -> Callable[[int, int, int, np.ndarray], None]:
    """``run(start, size, n_blocks, out)``: add rounds ``start .. start + size - 1`` into ``out``.

    Tables where every seat plays ``random`` on a deck of at most 64 cards go to the bitboard
    kernel of :mod:`wizstats._kernels.engine.fastrandom`, which plays the very rounds of the general
    kernel, card by card (``tests/test_fastrandom.py``), several times faster, and compiles
    alone; everything else to :func:`wizstats._kernels.engine.round.simulate_counts`.
    """
    from .._kernels.rules import core as k
    from ..layout import P_RANDOM

    tab, st0 = round_setup(rules, hand_size)
    if rules.deck.size <= 64 and all(int(i) == P_RANDOM for i in ids):
        from .._kernels.engine.fastrandom import fast_random_counts

        compile_notice(fast_random_counts, what="the random-play kernel", takes="a few seconds")
        n, n_suits, pm1 = int(st0[k.ST_N]), int(st0[k.ST_NSUITS]), int(st0[k.ST_PM1])

        def fast(start: int, size: int, n_blocks: int, out: np.ndarray) -> None:
            fast_random_counts(tab, n, hand_size, n_suits, pm1, np.uint64(key), start, size, n_blocks, out)

        return fast
    from .._kernels.engine.round import simulate_counts

    compile_notice(simulate_counts)

    def general(start: int, size: int, n_blocks: int, out: np.ndarray) -> None:
        simulate_counts(tab, st0, ids, params, np.uint64(key), start, size, n_blocks, out)

    return general


def simulate_standard(
    rules: Rules,
    hand_size: int,
    n_rounds: int,
    *,
    policies: str | Policy | Sequence[str | Policy] = "heuristic",
    seed: int = 0,
    threads: int | None = None,
    progress: bool | None = None,
    chunk_rounds: int = CHUNK_ROUNDS,
) -> SimulationResult:
    """The standard engine behind :func:`wizstats.simulate` (``rules`` already checked, no special cards)."""
    rules = simulate_iv(getattr(rules, "n_players", None), hand_size, n_rounds, rules, None)  # type: ignore[arg-type]
    run_iv(seed, threads, chunk_rounds, progress)
    n_players = rules.n_players
    resolved, ids, params = resolve_policies(policies, n_players)
    key = seed_key(seed)
    counts = np.zeros((n_players, hand_size + 1, hand_size + 1), np.int64)
    run = _counts_kernel(rules, hand_size, ids, params, key)
    with threads_limited(threads), progress_bar(n_rounds, progress and None if progress is None else progress) as bar:
        for start in range(0, n_rounds, chunk_rounds):
            size = min(chunk_rounds, n_rounds - start)
            blocks = n_blocks(size)
            out = np.zeros((blocks, n_players, hand_size + 1, hand_size + 1), np.int64)
            run(start, size, blocks, out)
            counts += out.sum(axis=0)
            bar.update(size)
    return SimulationResult(rules, int(hand_size), int(n_rounds), int(seed), resolved, counts)


@dataclass
class RoundTrace:
    """Every card of a few rounds, as arrays of card ids (see :func:`trace_rounds`)."""

    rules: Rules
    hand_size: int
    hands: np.ndarray
    turned: np.ndarray
    trump: np.ndarray
    bids: np.ndarray
    tricks: np.ndarray
    plays: np.ndarray
    leaders: np.ndarray
    winners: np.ndarray

    def frame(self) -> pd.DataFrame:
        """One row per round and seat: ``round, seat, hand, turned, trump, bid, tricks, score``."""
        deck = self.rules.deck
        suits = "BRGY"
        table = score_table(self.hand_size, self.rules)
        rows = []
        for i in range(len(self.bids)):
            turned = "" if self.turned[i] < 0 else str(deck.card(int(self.turned[i])))
            trump = "none" if self.trump[i] < 0 else suits[int(self.trump[i])]
            for seat in range(self.rules.n_players):
                bid, tricks = int(self.bids[i, seat]), int(self.tricks[i, seat])
                rows.append(
                    {
                        "round": i,
                        "seat": seat,
                        "hand": " ".join(str(deck.card(int(c))) for c in self.hands[i, seat]),
                        "turned": turned,
                        "trump": trump,
                        "bid": bid,
                        "tricks": tricks,
                        "score": int(table[bid, tricks]),
                    }
                )
        return pd.DataFrame(rows)


def trace_rounds(
    rules: Rules,
    hand_size: int,
    n_rounds: int,
    *,
    policies: str | Policy | Sequence[str | Policy] = "heuristic",
    seed: int = 0,
    start: int = 0,
) -> RoundTrace:
    """Play rounds ``start .. start + n_rounds - 1`` (as :func:`simulate` does) and keep every card."""
    from .._kernels.engine.round import simulate_trace

    rules = simulate_iv(getattr(rules, "n_players", None), hand_size, n_rounds, rules, None)  # type: ignore[arg-type]
    if rules.special_cards:
        raise ValueError("rules with special cards are traced by wizstats.engine.trace_special")
    if n_rounds > MAX_TRACE_ROUNDS:
        raise ValueError(f"trace at most {MAX_TRACE_ROUNDS} rounds; use simulate() for counts")
    start = whole(start, "start", 0, MAX_START)
    seed_key(seed)
    _, ids, params = resolve_policies(policies, rules.n_players)
    tab, st0 = round_setup(rules, hand_size)
    n, r = rules.n_players, hand_size
    out = RoundTrace(
        rules,
        r,
        np.zeros((n_rounds, n, r), np.int64),
        np.zeros(n_rounds, np.int64),
        np.zeros(n_rounds, np.int64),
        np.zeros((n_rounds, n), np.int64),
        np.zeros((n_rounds, n), np.int64),
        np.zeros((n_rounds, r, n), np.int64),
        np.zeros((n_rounds, r), np.int64),
        np.zeros((n_rounds, r), np.int64),
    )
    compile_notice(simulate_trace)
    simulate_trace(
        tab,
        st0,
        ids,
        params,
        np.uint64(seed_key(seed)),
        start,
        out.hands,
        out.turned,
        out.trump,
        out.bids,
        out.tricks,
        out.plays,
        out.leaders,
        out.winners,
    )
    return out
