"""Rounds with the anniversary special cards (RULES 8): typed entry points to the special-card engine.

A game with special cards is a :class:`~wizstats.Rules` with ``special_cards`` set (its deck
then holds them); :func:`wizstats.simulate` sends such rules here. The engine is its own kernel
(:mod:`wizstats._kernels.special.round`), so the standard engine stays as fast as it was; the
readings of the uncertain rules are listed in :mod:`wizstats.reference.special`, the slow oracle
the kernel is tested against, and the players' choices in :mod:`wizstats._kernels.special.policy`.

>>> rules = Rules(4, special_cards={"dragon", "fairy", "bomb"})
>>> res = simulate_special(4, 5, 2000, rules=rules, policies="random", seed=1)
>>> int(res.counts.sum()) == 4 * 2000, res.events["bombed_tricks"] > 0
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..checks import MAX_START, WrongType, whole
from ..intervals import mean_interval
from ..players import Policy, resolve_policies
from ..rules import Rules
from .setup import (
    CHUNK_ROUNDS,
    MAX_TRACE_ROUNDS,
    engine_players,
    n_blocks,
    progress_bar,
    round_setup,
    run_iv,
    seed_key,
    simulate_iv,
    threads_limited,
)
from .standard import SimulationResult

__all__ = ["EVENTS", "SpecialSimulationResult", "SpecialTrace", "simulate_special", "trace_special"]

EVENTS = (
    "bombed_tricks",
    "werewolf_swaps",
    "vampire_trump_changes",
    "juggler_passes",
    "witch_swaps",
    "cloud_changes_up",
    "cloud_changes_down",
    "shapeshifter_as_wizard",
    "shapeshifter_as_jester",
)
"""Names of the special-card events counted by :func:`simulate_special` (kernel order ``EV_*``)."""

_HEURISTIC_DEFAULTS = {"scale": 1.0, "bias": 0.0, "ruff": 1.0, "lead_min": 0.55, "kill": 0.5, "duck": 0.15, "norm": 1.0}
"""The special heuristic's parameters (kernel columns in this order); a ``heuristic`` policy's values replace them."""


def special_setup(
    rules: Rules, hand_size: int, policies: str | Policy | Sequence[str | Policy]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[Policy]]:
    """``tab, st0, policy ids, params`` for the special-card kernels.

    Policy id 0 (``random``) plays at random; ``heuristic`` plays the special heuristic with its
    ``scale, bias, ruff, lead_min, kill, duck, norm`` (``norm`` is the special heuristic's own, see
    :mod:`wizstats._kernels.special.policy`). Other policies, and a ``table`` other than the
    default, are refused: this engine has no player of theirs, and would play another under their name.
    """
    from .._kernels.rules import core

    if not rules.special_cards:
        raise ValueError("these rules have no special cards: use wizstats.simulate")
    resolved, ids, _ = resolve_policies(policies, rules.n_players)
    resolved = engine_players(resolved, "the special-card engine (RULES 8)", _HEURISTIC_DEFAULTS)
    tab, st0 = round_setup(rules, hand_size, special_engine=True)
    st0[core.ST_SPECIAL] = sum(1 << int(k) for k in rules.deck.specials)
    params = np.zeros((core.MAXP, core.N_PARAMS))
    for seat, policy in enumerate(resolved):
        values = {**_HEURISTIC_DEFAULTS, **(policy.params if policy.name == "heuristic" else {})}
        params[seat, : len(_HEURISTIC_DEFAULTS)] = [values[name] for name in _HEURISTIC_DEFAULTS]
        ids[seat] = 0 if policy.name == "random" else 1
    return tab, st0, ids, params, resolved


@dataclass
class SpecialSimulationResult(SimulationResult):
    """A :class:`~wizstats.SimulationResult` of a game with special cards.

    ``counts`` holds (seat, bid as made, tricks taken); a bombed trick counts for nobody, so the
    tricks of a round may add up to less than the hand size. Points include the Cloud's bid
    change, so they come from ``score_sum``/``score_sq``, not from the counts.
    """

    score_sum: np.ndarray = field(default_factory=lambda: np.zeros(0), repr=False)
    """``int64[n_players]``: points summed over the rounds."""
    score_sq: np.ndarray = field(default_factory=lambda: np.zeros(0), repr=False)
    """``int64[n_players]``: squared points summed over the rounds."""
    events: dict[str, int] = field(default_factory=dict)
    """How often each special-card event happened (see :data:`EVENTS`)."""

    def summary(self, *, confidence_level: float = 0.95) -> pd.DataFrame:
        """Per seat as :meth:`SimulationResult.summary`; mean score (with the Cloud's change) from the points."""
        out = super().summary(confidence_level=confidence_level)
        for seat in range(self.rules.n_players):
            n = int(self.counts[seat].sum())
            mean = self.score_sum[seat] / n
            var = (self.score_sq[seat] - n * mean * mean) / max(n - 1, 1) if n > 1 else math.nan
            ci = mean_interval(float(mean), float(var), n, confidence_level=confidence_level)
            out.loc[seat, ["mean_score", "mean_score_low", "mean_score_high"]] = [float(mean), ci.low, ci.high]
        return out

    def rounds(self, limit: int = 1000) -> pd.DataFrame:
        """Per-round rows of the first ``limit`` rounds, replayed (see :meth:`SpecialTrace.frame`)."""
        n_rounds = min(limit, self.n_rounds)
        return trace_special(self.rules, self.hand_size, n_rounds, policies=self.policies, seed=self.seed).frame()


def simulate_special(
    n_players: int,
    hand_size: int,
    n_rounds: int,
    *,
    rules: Rules,
    policies: str | Policy | Sequence[str | Policy] = "heuristic",
    seed: int = 0,
    threads: int | None = None,
    progress: bool | None = None,
    chunk_rounds: int = CHUNK_ROUNDS,
) -> SpecialSimulationResult:
    """Play ``n_rounds`` rounds of ``hand_size`` cards with the special cards of ``rules``.

    Parameters are those of :func:`wizstats.simulate`; ``rules.special_cards`` must be non-empty.
    Same seed, same numbers, whatever ``threads`` and ``chunk_rounds``.
    """
    from .._kernels.special.core import N_EV
    from .._kernels.special.round import simulate_special_counts

    if not isinstance(rules, Rules):
        raise WrongType(f"rules must be a Rules value with special cards, got {type(rules).__name__}")
    rules = simulate_iv(n_players, hand_size, n_rounds, rules, None)
    run_iv(seed, threads, chunk_rounds, progress)
    tab, st0, ids, params, resolved = special_setup(rules, hand_size, policies)
    key = np.uint64(seed_key(seed))
    n, r = n_players, hand_size
    counts = np.zeros((n, r + 1, r + 1), np.int64)
    sums = np.zeros((2, n), np.int64)
    events = np.zeros(N_EV, np.int64)
    with threads_limited(threads), progress_bar(n_rounds, progress) as bar:
        for start in range(0, n_rounds, chunk_rounds):
            size = min(chunk_rounds, n_rounds - start)
            blocks = n_blocks(size)
            out = np.zeros((blocks, n, r + 1, r + 1), np.int64)
            s_sum, s_sq = np.zeros((blocks, n), np.int64), np.zeros((blocks, n), np.int64)
            ev = np.zeros((blocks, N_EV), np.int64)
            simulate_special_counts(tab, st0, ids, params, key, start, size, blocks, out, s_sum, s_sq, ev)
            counts += out.sum(axis=0)
            sums += np.stack([s_sum.sum(axis=0), s_sq.sum(axis=0)])
            events += ev.sum(axis=0)
            bar.update(size)
    return SpecialSimulationResult(
        rules,
        int(r),
        int(n_rounds),
        int(seed),
        resolved,
        counts,
        score_sum=sums[0],
        score_sq=sums[1],
        events=_events(events),
    )


def _events(counts: np.ndarray) -> dict[str, int]:
    return {name: int(count) for name, count in zip(EVENTS, counts, strict=True)}


@dataclass
class SpecialTrace:
    """Every card and choice of a few rounds with special cards (see :func:`trace_special`).

    Arrays (card ids of ``rules.deck``; -1 for none): ``hands[R, n, r]`` as dealt;
    ``rounds[R, 4]``: turned card, next card of the stack, seat that played the Werewolf's swap,
    trump after the trump step; ``seats[R, n, 5]``: bid, tricks, Clouds taken, final bid, points;
    ``tricks[R, r, 4]``: leader, would-be winner, winner (-1 after a Bomb), trump after the trick;
    ``plays[R, r, n, 8]``: per trick position the card, its effective kind, suit and value x 4,
    its role (the kind whose abilities it carries), the Witch's taken position and card put in;
    and per seat (column 7) the card it passed after a Juggler trick.
    """

    rules: Rules
    hand_size: int
    key: int
    start: int
    hands: np.ndarray
    rounds: np.ndarray
    seats: np.ndarray
    tricks: np.ndarray
    plays: np.ndarray
    events: dict[str, int]

    def frame(self) -> pd.DataFrame:
        """One row per round and seat: ``round, seat, hand, turned, trump, bid, tricks, clouds, final_bid, score``."""
        deck = self.rules.deck
        rows = []
        for i in range(len(self.hands)):
            turned = "" if self.rounds[i, 0] < 0 else str(deck.card(int(self.rounds[i, 0])))
            trump = "none" if self.rounds[i, 3] < 0 else "BRGY"[int(self.rounds[i, 3])]
            for seat in range(self.rules.n_players):
                bid, tricks, clouds, final, points = (int(v) for v in self.seats[i, seat])
                rows.append(
                    {
                        "round": self.start + i,
                        "seat": seat,
                        "hand": " ".join(str(deck.card(int(c))) for c in self.hands[i, seat]),
                        "turned": turned,
                        "trump": trump,
                        "bid": bid,
                        "tricks": tricks,
                        "clouds": clouds,
                        "final_bid": final,
                        "score": points,
                    }
                )
        return pd.DataFrame(rows)


def trace_special(
    rules: Rules,
    hand_size: int,
    n_rounds: int,
    *,
    policies: str | Policy | Sequence[str | Policy] = "heuristic",
    seed: int = 0,
    start: int = 0,
) -> SpecialTrace:
    """Play rounds ``start .. start + n_rounds - 1`` (as :func:`simulate_special` does) and keep every card."""
    from .._kernels.special.core import N_EV, N_K, N_R, N_S, N_T
    from .._kernels.special.round import simulate_special_trace

    rules = simulate_iv(getattr(rules, "n_players", None), hand_size, n_rounds, rules, None)  # type: ignore[arg-type]
    if n_rounds > MAX_TRACE_ROUNDS:
        raise ValueError(f"trace at most {MAX_TRACE_ROUNDS} rounds; use simulate_special() for counts")
    start = whole(start, "start", 0, MAX_START)
    tab, st0, ids, params, _ = special_setup(rules, hand_size, policies)
    key = seed_key(seed)
    n, r, rows = rules.n_players, hand_size, n_rounds
    out = SpecialTrace(
        rules,
        r,
        key,
        start,
        np.zeros((rows, n, r), np.int64),
        np.zeros((rows, N_R), np.int64),
        np.zeros((rows, n, N_S), np.int64),
        np.zeros((rows, r, N_K), np.int64),
        np.zeros((rows, r, n, N_T), np.int64),
        {},
    )
    events = np.zeros(N_EV, np.int64)
    simulate_special_trace(
        tab, st0, ids, params, np.uint64(key), start, out.hands, out.rounds, out.seats, out.tricks, out.plays, events
    )
    out.events = _events(events)
    return out
