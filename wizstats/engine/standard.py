"""The standard engine (RULES 1-7): the standard game, Wizard Junior and any other deck without special cards.

:class:`StandardEngine` validates, seeds, allocates, calls the round kernels and wraps the
results in pandas; :func:`wizstats.engine.engine_for` makes it for rules without special cards.
Wizard Junior is this engine on the Junior deck (``Rules(n, deck="junior")``; its
``edition`` says ``"junior"``): the kernels read the deck from the card table.

>>> from wizstats import Rules
>>> res = StandardEngine(Rules(4)).simulate(3, 2000, policies="random", seed=1)
>>> int(res.counts.sum()) == 4 * 2000
True
>>> list(res.joint().columns)
['seat', 'bid', 'tricks', 'count']
>>> StandardEngine(Rules(4, deck="junior")).edition
'junior'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, fields

import numpy as np
import pandas as pd

from ..checks import WrongType
from ..estimates import html_table
from ..intervals import ConfidenceInterval, mean_interval, wilson_interval
from ..layout import P_RANDOM
from ..players import DEFAULT_POLICY, Policies, Policy, resolve_policies
from ..rules import Rules, score_table
from .rounds import Batch, RoundEngineBase
from .setup import KernelInputs, moments, n_blocks, round_setup
from .startup import compile_notice

__all__ = ["RoundTrace", "SimulationResult", "StandardEngine", "trace_row", "trace_rounds"]


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
        return StandardEngine(self.rules).trace(self.hand_size, n, policies=self.policies, seed=self.seed).frame()


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

    @classmethod
    def empty(cls, rules: Rules, hand_size: int, n_rounds: int) -> RoundTrace:
        """A trace of ``n_rounds`` rounds, its arrays zero, for the kernel to fill."""
        n, r = rules.n_players, hand_size
        shapes = [(n_rounds, n, r), (n_rounds,), (n_rounds,), (n_rounds, n), (n_rounds, n), (n_rounds, r, n)]
        shapes += [(n_rounds, r), (n_rounds, r)]
        return cls(rules, hand_size, *(np.zeros(shape, np.int64) for shape in shapes))

    def arrays(self) -> list[np.ndarray]:
        """The arrays in kernel order (``hands .. winners``): the kernel's outputs."""
        return [getattr(self, f.name) for f in fields(self)[2:]]

    def frame(self) -> pd.DataFrame:
        """One row per round and seat: ``round, seat, hand, turned, trump, bid, tricks, score``."""
        table = score_table(self.hand_size, self.rules)
        rows = []
        for i in range(len(self.bids)):
            for seat in range(self.rules.n_players):
                bid, tricks = int(self.bids[i, seat]), int(self.tricks[i, seat])
                row = trace_row(self.rules, i, seat, self.hands[i, seat], self.turned[i], self.trump[i])
                rows.append(row | {"bid": bid, "tricks": tricks, "score": int(table[bid, tricks])})
        return pd.DataFrame(rows)


def trace_row(rules: Rules, i: int, seat: int, hand: np.ndarray, turned: int, trump: int) -> dict[str, object]:
    """The columns every trace's frame begins with: ``round, seat, hand, turned, trump``.

    ``hand`` and ``turned`` are card ids of ``rules.deck`` (``turned`` -1: none, the text is
    empty), ``trump`` a suit number (-1: no trump, ``"none"``).
    """
    deck = rules.deck
    return {
        "round": i,
        "seat": seat,
        "hand": " ".join(str(deck.card(int(c))) for c in hand),
        "turned": "" if turned < 0 else str(deck.card(int(turned))),
        "trump": "none" if trump < 0 else "BRGY"[int(trump)],
    }


def _counts_kernel(
    rules: Rules, hand_size: int, inp: KernelInputs, key: int
) -> Callable[[int, int, int, np.ndarray], None]:
    """``run(start, size, n_blocks, out)``: add rounds ``start .. start + size - 1`` into ``out``.

    Tables where every seat plays ``random`` on a deck of at most 64 cards go to the bitboard
    kernel of :mod:`wizstats._kernels.engine.fastrandom`, which plays the very rounds of the general
    kernel, card by card (``tests/test_fastrandom.py``), several times faster, and compiles
    alone; everything else to :func:`wizstats._kernels.engine.round.simulate_counts`.
    """
    # The kernels load numba (seconds): imported on first use, so that `import wizstats` stays quick.
    from .._kernels.rules import core as k

    tab, st0, ids, params = inp.tab, inp.st0, inp.ids, inp.params
    if rules.deck.size <= 64 and all(int(i) == P_RANDOM for i in ids):
        from .._kernels.engine.fastrandom import fast_random_counts  # numba: imported on first use

        compile_notice(fast_random_counts, what="the random-play kernel", takes="a few seconds")
        n, n_suits, pm1 = int(st0[k.ST_N]), int(st0[k.ST_NSUITS]), int(st0[k.ST_PM1])

        def fast(start: int, size: int, n_blocks: int, out: np.ndarray) -> None:
            fast_random_counts(tab, n, hand_size, n_suits, pm1, np.uint64(key), start, size, n_blocks, out)

        return fast
    from .._kernels.engine.round import simulate_counts  # numba: imported on first use

    compile_notice(simulate_counts)

    def general(start: int, size: int, n_blocks: int, out: np.ndarray) -> None:
        simulate_counts(tab, st0, ids, params, np.uint64(key), start, size, n_blocks, out)

    return general


@dataclass(frozen=True)
class StandardEngine(RoundEngineBase[SimulationResult, RoundTrace]):
    """The standard engine for one set of rules without special cards; ``rules`` alone gives the table.

    ``rules.n_players`` is the table, ``rules.deck`` the deck (standard, Junior, Oh Hell or any
    other), and every variant comes from the rules. Made by :func:`wizstats.engine.engine_for`;
    ``simulate`` and ``trace`` are :class:`~wizstats.engine.rounds.RoundEngineBase`'s.
    """

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise WrongType(f"rules must be a Rules value, got {type(self.rules).__name__}")
        if self.rules.special_cards:
            raise ValueError(
                "the standard engine does not play special cards (RULES 8): the special-card engine does"
                " (wizstats.engine.engine_for(rules); wizstats.simulate, wizstats.trace_special)"
            )

    @property
    def edition(self) -> str:
        """``"junior"`` on the Junior deck, else ``"standard"``."""
        return "junior" if self.rules.deck.name == "junior" else "standard"

    def setup(self, hand_size: int, policies: Policies) -> KernelInputs:
        """The round kernels' inputs for rounds of ``hand_size`` cards played by ``policies``."""
        players, ids, params = resolve_policies(policies, self.rules.n_players)
        tab, st0 = round_setup(self.rules, hand_size)
        return KernelInputs(tab, st0, ids, params, players)

    def _batch(self, hand_size: int, inp: KernelInputs, key: int) -> Batch:
        run = _counts_kernel(self.rules, hand_size, inp, key)
        shape = (self.rules.n_players, hand_size + 1, hand_size + 1)

        def batch(start: int, size: int) -> list[np.ndarray]:
            blocks = n_blocks(size)
            out = np.zeros((blocks, *shape), np.int64)
            run(start, size, blocks, out)
            return [out.sum(axis=0)]

        return batch

    def _result(
        self, hand_size: int, n_rounds: int, seed: int, players: list[Policy], sums: list[np.ndarray]
    ) -> SimulationResult:
        return SimulationResult(self.rules, hand_size, n_rounds, seed, players, sums[0])

    def _trace(
        self, rules: Rules, hand_size: int, n_rounds: int, inp: KernelInputs, key: int, start: int
    ) -> RoundTrace:
        from .._kernels.engine.round import simulate_trace  # numba: imported on first use

        out = RoundTrace.empty(rules, hand_size, n_rounds)
        compile_notice(simulate_trace)
        simulate_trace(inp.tab, inp.st0, inp.ids, inp.params, np.uint64(key), start, *out.arrays())
        return out


def trace_rounds(
    rules: Rules, hand_size: int, n_rounds: int, *, policies: Policies = DEFAULT_POLICY, seed: int = 0, start: int = 0
) -> RoundTrace:
    """Play rounds ``start .. start + n_rounds - 1`` (as :func:`wizstats.simulate` does) and keep every card.

    A thin wrapper: ``StandardEngine(rules).trace(hand_size, n_rounds, ...)``; rules with special
    cards are traced by :func:`wizstats.trace_special`.
    """
    return StandardEngine(rules).trace(hand_size, n_rounds, policies=policies, seed=seed, start=start)
