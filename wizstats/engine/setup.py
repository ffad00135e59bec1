"""Set-up shared by every entry point to the kernels: seeds, card tables, threads, progress, input checks."""

from __future__ import annotations

import contextlib
import math
import sys
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import NamedTuple

import numpy as np

from .. import checks
from ..players import POLICIES, Policy
from ..rules import BidVisibility, Deck, Rules, Scoring, hand_size_for, rules_for

__all__ = [
    "CHUNK_ROUNDS",
    "KernelInputs",
    "MAX_TRACE_ROUNDS",
    "moments",
    "n_blocks",
    "progress_bar",
    "engine_players",
    "round_setup",
    "run_chunks",
    "run_iv",
    "seed_key",
    "simulate_iv",
    "thread_count",
    "threads_limited",
    "trace_iv",
]

CHUNK_ROUNDS = 1 << 18
"""Rounds per kernel call (between progress-bar updates); results do not depend on it."""


MAX_TRACE_ROUNDS = 200_000
"""The most rounds a trace keeps (every card of each)."""


class KernelInputs(NamedTuple):
    """What a round kernel reads, and the players it plays (an engine's ``setup``)."""

    tab: np.ndarray
    """``int64[3, deck]``: each card's kind, suit and rank."""
    st0: np.ndarray
    """``int64[N_ST]``: the state template of one round (table, hand size, variants)."""
    ids: np.ndarray
    """``int64[MAXP]``: each seat's policy id, as the engine's kernels number them."""
    params: np.ndarray
    """``float64[MAXP, N_PARAMS]``: each seat's policy parameters, in the kernel's columns."""
    players: list[Policy]
    """The players that play the seats (named as the results name them)."""


def seed_key(seed: int) -> int:
    """The 64-bit stream key of a user seed (``numpy.random.SeedSequence``; seeds ``0 .. MAX_SEED``)."""
    return int(np.random.SeedSequence(checks.seed(seed)).generate_state(1, np.uint64)[0])


def round_setup(rules: Rules, hand_size: int, *, special_engine: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's card table ``tab[3, deck]`` and state template ``st0`` for one round size.

    The standard kernels do not play the special cards (RULES 8): rules with ``special_cards``
    are refused unless ``special_engine`` (set only by :mod:`wizstats.engine`).
    """
    from .._kernels.rules import core as k  # the kernels load numba: imported on first use

    if rules.special_cards and not special_engine:
        raise ValueError(
            "the standard engine does not play special cards (RULES 8): use wizstats.simulate or wizstats.engine"
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


def n_blocks(size: int, per: int = 64) -> int:
    """How many blocks a parallel kernel cuts a batch of ``size`` rounds (or games) into.

    Up to four per thread, each of at least ``per`` items when there are enough; the one
    formula of every batch kernel's caller (rounds: ``per=64``; whole games: ``per=16``).
    Results do not depend on it: every round draws from its own stream and the blocks' counts
    are summed.
    """
    from .._kernels.jit import get_num_threads  # numba: imported on first use

    return max(1, min(4 * get_num_threads(), size // per or 1))


def thread_count(threads: object) -> int | None:
    """``None`` (all cores), or ``threads`` checked to be a whole number from 1 to this process's cores.

    Every simulation checks it with its other options, before it sets up players (whose fallbacks warn).
    """
    if threads is None:
        return None
    from .._kernels import jit  # numba: imported on first use

    return checks.whole(threads, "threads", 1, jit.max_threads())


@contextlib.contextmanager
def threads_limited(threads: int | None) -> Iterator[None]:
    """Run parallel kernels on ``threads`` threads inside the block (all cores when ``None``)."""
    from .._kernels import jit  # numba: imported on first use

    threads = thread_count(threads)
    if threads is None:
        yield
        return
    before = jit.get_num_threads()
    jit.set_num_threads(threads)
    try:
        yield
    finally:
        jit.set_num_threads(before)


def progress_bar(total: int, enabled: bool | None, unit: str = "round"):
    """A tqdm bar on stderr; ``enabled=None`` shows it only on a terminal."""
    from tqdm.auto import tqdm  # a fifth of a second: only commands that simulate pay it

    if enabled is None:
        enabled = sys.stderr.isatty()
    return tqdm(total=total, disable=not enabled, unit=unit, unit_scale=True, leave=False)


def run_chunks(
    n: int,
    chunk: int,
    batch: Callable[[int, int], Sequence[np.ndarray]],
    *,
    threads: int | None,
    progress: bool | None,
    unit: str = "round",
) -> list[np.ndarray]:
    """Sum ``batch(start, size)`` (arrays of the same shapes each call) over items ``0 .. n - 1``, ``chunk`` at a time.

    The one loop of every batch simulation: on ``threads`` threads, with a progress bar
    updated after each chunk. The sums are of integers, so they do not depend on ``chunk``
    (every round or game draws from its own stream).
    """
    totals: list[np.ndarray] = []
    with threads_limited(threads), progress_bar(n, progress, unit=unit) as bar:
        for start in range(0, n, chunk):
            size = min(chunk, n - start)
            parts = batch(start, size)
            totals = list(parts) if not totals else [t + p for t, p in zip(totals, parts, strict=True)]
            bar.update(size)
    return totals


def moments(weights: np.ndarray, values: np.ndarray) -> tuple[float, float]:
    """Mean and sample variance of ``values`` counted ``weights`` times (NaN for no weight)."""
    n = weights.sum()
    if n == 0:
        return math.nan, math.nan
    mean = float((weights * values).sum() / n)
    var = float((weights * (values - mean) ** 2).sum() / max(n - 1, 1))
    return mean, var


def simulate_iv(n_players: int, hand_size: int, n_rounds: int, rules: Rules | None, deck: Deck | str | None) -> Rules:
    """The checks of :func:`wizstats.simulate` and its engines: the rules, the hand size, the rounds."""
    rules = rules_for(rules, n_players, deck=deck)
    hand_size_for(hand_size, rules)
    checks.count(n_rounds, "n_rounds", checks.MAX_ROUNDS)
    return rules


def trace_iv(rules: Rules, hand_size: int, n_rounds: int, seed: int, start: int) -> tuple[Rules, int, int]:
    """The checks of every round trace: rules, hand size, at most :data:`MAX_TRACE_ROUNDS` rounds, seed, start.

    Returns the rules, the seed's stream key and the first round's index.
    """
    rules = simulate_iv(rules.n_players, hand_size, n_rounds, rules, None)
    if n_rounds > MAX_TRACE_ROUNDS:
        raise ValueError(f"trace at most {MAX_TRACE_ROUNDS} rounds; use wizstats.simulate() for counts")
    return rules, seed_key(seed), checks.whole(start, "start", 0, checks.MAX_START)


def run_iv(seed: object, threads: object, chunk_rounds: object, progress: object) -> None:
    """The checks of the options every simulation takes: seed, threads, chunk size, progress bar."""
    seed_key(seed)  # type: ignore[arg-type]
    thread_count(threads)
    checks.count(chunk_rounds, "chunk_rounds", checks.MAX_ROUNDS)
    checks.optional(progress, checks.flag, "progress")


def engine_players(
    policies: Sequence[Policy],
    engine: str,
    played: Collection[str],
    expert: Collection[str],
    search: Collection[str] = (),
) -> list[Policy]:
    """The players an engine with ``random`` and its own ``heuristic`` and ``expert`` plays for ``policies``.

    ``played``: the heuristic parameters the engine's heuristic reads; ``expert``: the expert parameters
    the engine's own expert reads (empty: it takes none, its settings are fitted); ``search``: the
    ``rollout`` parameters the engine's own ``rollout`` reads (empty: the engine has none). Other policies,
    and parameters the engine's players do not read (those outside ``played``, ``expert`` or ``search``
    changed from their defaults), are refused: such a run would report another player under the name asked for.
    """
    out = []
    for policy in policies:
        if policy.name == "expert":
            changed = [k for k, v in policy.params.items() if v != POLICIES["expert"].defaults[k]]
            unread = [k for k in changed if k not in expert]
            if unread:
                takes = f"it takes: {', '.join(expert)}" if expert else "it takes none: its settings are fitted"
                raise ValueError(f"{engine} plays its own expert, which has no parameter {unread[0]!r} ({takes})")
            out.append(policy)
            continue
        if policy.name == "rollout" and search:
            changed = [k for k, v in policy.params.items() if v != POLICIES["rollout"].defaults[k]]
            unread = [k for k in changed if k not in search]
            if unread:
                raise ValueError(
                    f"{engine} plays its own rollout, which has no parameter {unread[0]!r} (it takes: {', '.join(search)})"
                )
            out.append(policy)
            continue
        if policy.name not in ("random", "heuristic"):
            known = "random, heuristic, expert and rollout" if search else "random, heuristic and expert"
            raise ValueError(f"{engine} plays the policies {known} only, not {policy.name!r}")
        defaults = POLICIES[policy.name].defaults
        unread = [k for k, v in policy.params.items() if k not in played and v != defaults[k]]
        if unread:
            raise ValueError(
                f"{engine} plays its own heuristic, which has no parameter {unread[0]!r}"
                f" (it takes: {', '.join(played)})"
            )
        out.append(policy)
    return out
