"""One engine object per edition, chosen from the rules; ``simulate``, the one entry point for rounds.

========== ============================ =====================================================
edition    engine                       rules
========== ============================ =====================================================
standard   :class:`StandardEngine`      no special cards (any deck but Junior's)
junior     :class:`StandardEngine`      ``deck="junior"``: the standard engine on that deck
special    :class:`SpecialEngine`       ``special_cards`` set (RULES 8): its own kernels
one-colour :class:`OneColourEngine`     asked for by name (RULES 9): 3 or 4 players, the
                                        rules' plus/minus one and scoring
========== ============================ =====================================================

Each engine is made from one :class:`~wizstats.Rules` (which alone carries the number of
players) and has ``setup`` (the kernels' inputs), ``simulate`` and ``trace``. The round
engines take ``(hand_size, n_rounds)``; the one-colour engine plays whole games,
``(n_games)``. The module-level functions (:func:`simulate`, :func:`wizstats.trace_rounds`,
:func:`wizstats.trace_special`, :func:`wizstats.simulate_one_colour`, ...) are thin wrappers.

>>> from wizstats import Rules
>>> engine_for(Rules(4)).edition, engine_for(Rules(4, special_cards="bomb")).edition
('standard', 'special')
>>> engine_for(Rules(3), "one-colour")
OneColourEngine(n_players=3, plus_minus_one=False, scoring='standard')
"""

from __future__ import annotations

from typing import Literal, TypeAlias, overload

from ..checks import choice
from ..players import DEFAULT_POLICY, Policies
from ..rules import Deck, Rules, rules_for
from .onecolour import OneColourEngine
from .setup import CHUNK_ROUNDS, run_iv, simulate_iv
from .special import SpecialEngine
from .standard import SimulationResult, StandardEngine

__all__ = ["EDITIONS", "Engine", "RoundEngine", "engine_for", "simulate"]

EDITIONS = ("standard", "junior", "special", "one-colour")
"""The editions :func:`engine_for` knows."""

RoundEngine: TypeAlias = StandardEngine | SpecialEngine
"""The engines that play single rounds: ``simulate(hand_size, n_rounds)``, ``trace(hand_size, n_rounds)``."""

Engine: TypeAlias = StandardEngine | SpecialEngine | OneColourEngine
"""Any edition's engine."""


@overload
def engine_for(rules: Rules, edition: Literal["one-colour"]) -> OneColourEngine: ...


@overload
def engine_for(rules: Rules, edition: Literal["standard", "junior", "special"] | None = None) -> RoundEngine: ...


def engine_for(rules: Rules, edition: str | None = None) -> Engine:
    """The engine of the edition ``rules`` describe (or of ``edition``, which must agree with them).

    Rules with ``special_cards`` get the :class:`SpecialEngine`; other rules the
    :class:`StandardEngine` (whose ``edition`` is ``"junior"`` on the Junior deck).
    ``"one-colour"`` is asked for by name: one colour is not a deck or a variant of the rules.
    """
    rules = rules_for(rules)
    if edition is not None:
        choice(edition, "edition", EDITIONS)
    if edition == "one-colour":
        return OneColourEngine.from_rules(rules)
    engine: RoundEngine = SpecialEngine(rules) if rules.special_cards else StandardEngine(rules)
    if edition is not None and edition != engine.edition:
        raise ValueError(f"these rules ({rules.describe()}) are the {engine.edition} edition, not {edition}")
    return engine


def simulate(
    n_players: int,
    hand_size: int,
    n_rounds: int,
    *,
    rules: Rules | None = None,
    deck: Deck | str | None = None,
    policies: Policies = DEFAULT_POLICY,
    seed: int = 0,
    threads: int | None = None,
    progress: bool | None = None,
    chunk_rounds: int = CHUNK_ROUNDS,
) -> SimulationResult:
    """Play ``n_rounds`` rounds of ``hand_size`` cards and count (seat, bid, tricks).

    A thin wrapper: ``engine_for(rules).simulate(hand_size, n_rounds, ...)``, with the rules
    made from ``n_players`` and ``deck`` when not given.

    Parameters
    ----------
    n_players, hand_size, n_rounds
        The table, the cards per hand, and how many rounds to play.
    rules
        Variants (:class:`~wizstats.Rules`); default: the standard game with ``deck``. Rules
        with ``special_cards`` run on the special-card engine (:class:`~wizstats.engine.SpecialEngine`,
        which returns a :class:`~wizstats.engine.SpecialSimulationResult`).
    deck
        ``standard`` (default), ``junior``, ``oh-hell`` or a :class:`~wizstats.rules.Deck`; with ``rules``,
        give it in the rules (a different deck here is refused).
    policies
        One policy name for all seats, or one per seat (seat 0 = dealer, seat 1 bids and leads
        first); default :data:`wizstats.DEFAULT_POLICY`. The special-card engine plays its own
        ``random``, ``heuristic`` and ``expert`` (:func:`~wizstats.engine.special.special_setup`).
    seed
        Same seed, same numbers, whatever ``threads`` and ``chunk_rounds``.
    threads
        Threads for the kernel (default: all cores).
    progress
        Show a progress bar (default: only on a terminal).
    chunk_rounds
        Rounds per kernel call (between progress-bar updates).
    """
    rules = simulate_iv(n_players, hand_size, n_rounds, rules, deck)
    run_iv(seed, threads, chunk_rounds, progress)
    return engine_for(rules).simulate(
        hand_size, n_rounds, policies=policies, seed=seed, threads=threads, progress=progress, chunk_rounds=chunk_rounds
    )
