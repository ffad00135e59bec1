"""``simulate``: one entry point for every rule set; the special cards go to their own engine."""

from __future__ import annotations

from collections.abc import Sequence

from ..players import Policy
from ..rules import Deck, Rules
from .setup import CHUNK_ROUNDS, run_iv, simulate_iv
from .special import simulate_special
from .standard import SimulationResult, simulate_standard

__all__ = ["simulate"]


def simulate(
    n_players: int,
    hand_size: int,
    n_rounds: int,
    *,
    rules: Rules | None = None,
    deck: Deck | str | None = None,
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
        Variants (:class:`~wizstats.Rules`); default: the standard game with ``deck``. Rules
        with ``special_cards`` run on the special-card engine (:func:`wizstats.engine.simulate_special`,
        which returns a :class:`~wizstats.engine.SpecialSimulationResult`).
    deck
        ``standard`` (default), ``junior``, ``oh-hell`` or a :class:`~wizstats.rules.Deck`; with ``rules``,
        give it in the rules (a different deck here is refused).
    policies
        One policy name for all seats, or one per seat (seat 0 = dealer, seat 1 bids and leads first).
    seed
        Same seed, same numbers, whatever ``threads`` and ``chunk_rounds``.
    threads
        Threads for the kernel (default: all cores).
    progress
        Show a progress bar (default: only on a terminal).
    """
    rules = simulate_iv(n_players, hand_size, n_rounds, rules, deck)
    run_iv(seed, threads, chunk_rounds, progress)
    if rules.special_cards:  # RULES 8: the special-card engine, its own kernel (wizstats.engine)
        return simulate_special(
            n_players,
            hand_size,
            n_rounds,
            rules=rules,
            policies=policies,
            seed=seed,
            threads=threads,
            progress=progress,
            chunk_rounds=chunk_rounds,
        )
    return simulate_standard(
        rules,
        hand_size,
        n_rounds,
        policies=policies,
        seed=seed,
        threads=threads,
        progress=progress,
        chunk_rounds=chunk_rounds,
    )
