"""Typed entry points to the simulator: validate, seed, allocate, call kernels, wrap in pandas.

>>> res = simulate(4, 3, 2000, policies="random", seed=1)
>>> int(res.counts.sum()) == 4 * 2000
True
>>> list(res.joint().columns)
['seat', 'bid', 'tricks', 'count']
"""

from __future__ import annotations

import contextlib
import math
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ._startup import compile_notice
from .cards import Deck, resolve_deck
from .intervals import ConfidenceInterval, mean_interval, wilson_interval
from .policies import Policy, resolve_policies
from .rules import BidVisibility, Rules, Scoring
from .scoring import score_table

__all__ = ["SimulationResult", "round_setup", "seed_key", "simulate"]

CHUNK_ROUNDS = 1 << 18
"""Rounds per kernel call (between progress-bar updates); results do not depend on it."""

MAX_TRACE_ROUNDS = 200_000


def seed_key(seed: int) -> int:
    """The 64-bit stream key of a user seed (``numpy.random.SeedSequence``)."""
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    return int(np.random.SeedSequence(int(seed)).generate_state(1, np.uint64)[0])


def round_setup(rules: Rules, hand_size: int, *, special_engine: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's card table ``tab[3, deck]`` and state template ``st0`` for one round size.

    The standard kernels do not play the special cards (RULES 8): rules with ``special_cards``
    are refused unless ``special_engine`` (set only by :mod:`wizstats.special`).
    """
    from ._kernels import core as k

    if rules.special_cards and not special_engine:
        raise ValueError(
            "the standard engine does not play special cards (RULES 8): use wizstats.simulate or wizstats.special"
        )

    deck = rules.deck
    tab = np.stack([deck.kinds, deck.suits, deck.ranks]).astype(np.int64)
    st0 = np.zeros(k.N_ST, np.int64)
    st0[k.ST_N] = rules.n_players
    st0[k.ST_R] = hand_size
    st0[k.ST_NSUITS] = deck.n_suits
    st0[k.ST_DECK] = deck.size
    st0[k.ST_PM1] = int(rules.pm1_applies(hand_size))
    st0[k.ST_BIDVIS] = {BidVisibility.OPEN: 0, BidVisibility.HIDDEN: 1, BidVisibility.AFTER_ROUND: 2}[rules.bids]
    st0[k.ST_BLIND] = int(rules.trump_choice.value == "blind")
    st0[k.ST_SCORING] = int(rules.scoring is Scoring.ALTERNATIVE)
    return tab, st0


@contextlib.contextmanager
def threads_limited(threads: int | None) -> Iterator[None]:
    """Run parallel kernels on ``threads`` threads inside the block (all cores when ``None``)."""
    from ._kernels import jit

    if threads is None:
        yield
        return
    if not isinstance(threads, int) or not 1 <= threads <= jit.max_threads():
        raise ValueError(f"threads must be 1..{jit.max_threads()}, got {threads!r}")
    before = jit.get_num_threads()
    jit.set_num_threads(threads)
    try:
        yield
    finally:
        jit.set_num_threads(before)


def progress_bar(total: int, enabled: bool | None, unit: str = "round"):  # type: ignore[no-untyped-def]
    """A tqdm bar on stderr; ``enabled=None`` shows it only on a terminal."""
    from tqdm.auto import tqdm

    if enabled is None:
        enabled = sys.stderr.isatty()
    return tqdm(total=total, disable=not enabled, unit=unit, unit_scale=True, leave=False)


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

    def summary(self, *, confidence_level: float = 0.95) -> pd.DataFrame:
        """Per seat: mean tricks, bid accuracy (tricks == bid, Wilson) and mean score, with intervals."""
        r = self.hand_size
        points = score_table(r, self.rules).astype(float)
        tricks = np.arange(r + 1, dtype=float)
        rows = []
        for seat in range(self.rules.n_players):
            c = self.counts[seat].astype(float)
            n = int(c.sum())
            t_mean, t_var = _moments(c.sum(axis=0), tricks)
            s_mean, s_var = _moments(c.ravel(), points.ravel())
            hits = int(np.trace(self.counts[seat]))
            acc = wilson_interval(hits, n, confidence_level=confidence_level)
            t_ci = mean_interval(t_mean, t_var, n, confidence_level=confidence_level)
            s_ci = mean_interval(s_mean, s_var, n, confidence_level=confidence_level)
            rows.append(
                {
                    "seat": seat,
                    "policy": str(self.policies[seat]),
                    "rounds": n,
                    "mean_bid": _moments(c.sum(axis=1), tricks)[0],
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


def _moments(weights: np.ndarray, values: np.ndarray) -> tuple[float, float]:
    n = weights.sum()
    if n == 0:
        return math.nan, math.nan
    mean = float((weights * values).sum() / n)
    var = float((weights * (values - mean) ** 2).sum() / max(n - 1, 1))
    return mean, var


def _simulate_iv(
    n_players: int, hand_size: int, n_rounds: int, rules: Rules | None, deck: Deck | str
) -> Rules:
    if rules is None:
        rules = Rules(n_players, deck=resolve_deck(deck))
    elif not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules value, got {type(rules).__name__}")
    elif rules.n_players != n_players:
        raise ValueError(f"n_players {n_players} does not match rules.n_players {rules.n_players}")
    if not isinstance(hand_size, (int, np.integer)) or not 1 <= hand_size <= rules.max_hand_size:
        raise ValueError(
            f"hand_size {hand_size!r} is impossible: {rules.n_players} players and {rules.deck.size} cards"
            f" allow 1 to {rules.max_hand_size}"
        )
    if not isinstance(n_rounds, (int, np.integer)) or isinstance(n_rounds, bool) or n_rounds < 1:
        raise ValueError(f"n_rounds must be a whole number >= 1, got {n_rounds!r}")
    return rules


def _counts_kernel(
    rules: Rules, hand_size: int, ids: np.ndarray, params: np.ndarray, key: int
) -> Callable[[int, int, int, np.ndarray], None]:
    """``run(start, size, n_blocks, out)``: add rounds ``start .. start + size - 1`` into ``out``.

    Tables where every seat plays ``random`` on a deck of at most 64 cards go to the bitboard
    kernel of :mod:`wizstats._kernels.fastrandom`, which plays the very rounds of the general
    kernel, card by card (``tests/test_fastrandom.py``), several times faster, and compiles
    alone; everything else to :func:`wizstats._kernels.round.simulate_counts`.
    """
    from ._kernels import core as k
    from ._kernels.policies import P_RANDOM

    tab, st0 = round_setup(rules, hand_size)
    if rules.deck.size <= 64 and all(int(i) == P_RANDOM for i in ids):
        from ._kernels.fastrandom import fast_random_counts

        compile_notice(fast_random_counts, what="the random-play kernel", takes="a few seconds")
        n, n_suits, pm1 = int(st0[k.ST_N]), int(st0[k.ST_NSUITS]), int(st0[k.ST_PM1])

        def fast(start: int, size: int, n_blocks: int, out: np.ndarray) -> None:
            fast_random_counts(tab, n, hand_size, n_suits, pm1, np.uint64(key), start, size, n_blocks, out)

        return fast
    from ._kernels.round import simulate_counts

    compile_notice(simulate_counts)

    def general(start: int, size: int, n_blocks: int, out: np.ndarray) -> None:
        simulate_counts(tab, st0, ids, params, np.uint64(key), start, size, n_blocks, out)

    return general


def simulate(
    n_players: int,
    hand_size: int,
    n_rounds: int,
    *,
    rules: Rules | None = None,
    deck: Deck | str = "standard",
    policies: str | Policy | Sequence[str | Policy] = "heuristic",
    seed: int = 0,
    threads: int | None = None,
    progress: bool | None = None,
    chunk_rounds: int = CHUNK_ROUNDS,
) -> SimulationResult:
    """Play ``n_rounds`` rounds of ``hand_size`` cards and count (seat, bid, tricks).

    Parameters
    ----------
    n_players, hand_size, n_rounds
        The table, the cards per hand, and how many rounds to play.
    rules
        Variants (:class:`~wizstats.rules.Rules`); default: the standard game with ``deck``. Rules
        with ``special_cards`` run on the special-card engine (:func:`wizstats.special.simulate_special`,
        which returns a :class:`~wizstats.special.SpecialSimulationResult`).
    deck
        ``standard``, ``junior``, ``oh-hell`` or a :class:`~wizstats.cards.Deck` (when ``rules`` is None).
    policies
        One policy name for all seats, or one per seat (seat 0 = dealer, seat 1 bids and leads first).
    seed
        Same seed, same numbers, whatever ``threads`` and ``chunk_rounds``.
    threads
        Threads for the kernel (default: all cores).
    progress
        Show a progress bar (default: only on a terminal).
    """
    rules = _simulate_iv(n_players, hand_size, n_rounds, rules, deck)
    if rules.special_cards:  # RULES 8: the special-card engine, its own kernel (wizstats.special)
        from .special import simulate_special

        return simulate_special(
            n_players, hand_size, n_rounds, rules=rules, policies=policies, seed=seed, threads=threads,
            progress=progress, chunk_rounds=chunk_rounds,
        )
    resolved, ids, params = resolve_policies(policies, n_players)
    key = seed_key(seed)
    if not isinstance(chunk_rounds, int) or chunk_rounds < 1:
        raise ValueError(f"chunk_rounds must be a whole number >= 1, got {chunk_rounds!r}")
    counts = np.zeros((n_players, hand_size + 1, hand_size + 1), np.int64)
    run = _counts_kernel(rules, hand_size, ids, params, key)
    with threads_limited(threads), progress_bar(n_rounds, progress and None if progress is None else progress) as bar:
        from ._kernels.jit import get_num_threads

        for start in range(0, n_rounds, chunk_rounds):
            size = min(chunk_rounds, n_rounds - start)
            n_blocks = max(1, min(4 * get_num_threads(), size // 64 or 1))
            out = np.zeros((n_blocks, n_players, hand_size + 1, hand_size + 1), np.int64)
            run(start, size, n_blocks, out)
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
    from ._kernels.round import simulate_trace

    rules = _simulate_iv(rules.n_players, hand_size, n_rounds, rules, rules.deck)
    if rules.special_cards:
        raise ValueError("rules with special cards are traced by wizstats.special.trace_special")
    if n_rounds > MAX_TRACE_ROUNDS:
        raise ValueError(f"trace at most {MAX_TRACE_ROUNDS} rounds; use simulate() for counts")
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
        tab, st0, ids, params, np.uint64(seed_key(seed)), start,
        out.hands, out.turned, out.trump, out.bids, out.tricks, out.plays, out.leaders, out.winners,
    )
    return out
