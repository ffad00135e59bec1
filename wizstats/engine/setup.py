"""Set-up shared by every entry point to the kernels: seeds, card tables, threads, progress, input checks."""


from __future__ import annotations

import contextlib
import math
import sys
from collections.abc import Iterator

import numpy as np

from ..rules import Deck, resolve_deck
from ..rules import BidVisibility, Rules, Scoring

__all__ = ["CHUNK_ROUNDS", "MAX_TRACE_ROUNDS", "moments", "n_blocks", "progress_bar", "round_setup", "seed_key", "simulate_iv", "threads_limited"]

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
    are refused unless ``special_engine`` (set only by :mod:`wizstats.engine`).
    """
    from .._kernels.rules import core as k

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
    from .._kernels.jit import get_num_threads

    return max(1, min(4 * get_num_threads(), size // per or 1))


@contextlib.contextmanager
def threads_limited(threads: int | None) -> Iterator[None]:
    """Run parallel kernels on ``threads`` threads inside the block (all cores when ``None``)."""
    from .._kernels import jit

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


def progress_bar(total: int, enabled: bool | None, unit: str = "round"):
    """A tqdm bar on stderr; ``enabled=None`` shows it only on a terminal."""
    from tqdm.auto import tqdm

    if enabled is None:
        enabled = sys.stderr.isatty()
    return tqdm(total=total, disable=not enabled, unit=unit, unit_scale=True, leave=False)


def moments(weights: np.ndarray, values: np.ndarray) -> tuple[float, float]:
    n = weights.sum()
    if n == 0:
        return math.nan, math.nan
    mean = float((weights * values).sum() / n)
    var = float((weights * (values - mean) ** 2).sum() / max(n - 1, 1))
    return mean, var


def simulate_iv(
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
