"""The Python side of simulation: validate, seed, allocate, call the kernels, wrap the results.

One engine object per edition (:func:`engine_for`: :class:`StandardEngine`, also for Junior;
:class:`SpecialEngine`; :class:`OneColourEngine`), each with ``setup``, ``simulate`` and
``trace``; the functions ``simulate``, ``trace_rounds``, ``trace_special``, ... are thin
wrappers over them. The kernels are imported inside the functions that call them (the lines
say "imported on first use"): importing any of them loads numba, seconds that
``import wizstats`` and the commands that do not simulate must not pay
(``tests/test_benchmarks.py::test_winner_command_loads_no_compiler``).
"""

from __future__ import annotations

from .arena import ArenaResult, arena, fixed_hand_score, parse_hand_sizes, rollout_bid_values, seating
from .clairvoyance import ClairvoyantTrace, clairvoyance_odds, trace_clairvoyant_rounds
from .decide import PolicyDecider, RoundView
from .game import GameResult, GameTrace, simulate_games, trace_games
from .kernels_stats import card_batches, card_table_batches, game_round_totals, hand_batches, paired_batches
from .labels import CardLabels, SpecialCardLabels, card_labels, special_card_labels
from .onecolour import OneColourEngine, OneColourResult, OneColourTrace, simulate_one_colour, trace_one_colour
from .setup import (
    CHUNK_ROUNDS,
    MAX_TRACE_ROUNDS,
    KernelInputs,
    moments,
    n_blocks,
    progress_bar,
    round_setup,
    seed_key,
    simulate_iv,
    threads_limited,
)
from .simulate import EDITIONS, Engine, RoundEngine, engine_for, simulate
from .special import (
    EVENTS,
    SpecialEngine,
    SpecialSimulationResult,
    SpecialTrace,
    simulate_special,
    special_setup,
    trace_special,
)
from .standard import RoundTrace, SimulationResult, StandardEngine, trace_rounds
from .startup import compile_notice, compile_notice_for, compile_notice_said, is_cached, kernels_cached

__all__ = [
    "card_batches",
    "card_table_batches",
    "game_round_totals",
    "hand_batches",
    "paired_batches",
    "PolicyDecider",
    "RoundView",
    "ArenaResult",
    "CardLabels",
    "SpecialCardLabels",
    "CHUNK_ROUNDS",
    "ClairvoyantTrace",
    "EDITIONS",
    "EVENTS",
    "Engine",
    "GameResult",
    "GameTrace",
    "KernelInputs",
    "MAX_TRACE_ROUNDS",
    "OneColourEngine",
    "OneColourResult",
    "OneColourTrace",
    "RoundEngine",
    "RoundTrace",
    "SimulationResult",
    "SpecialEngine",
    "SpecialSimulationResult",
    "SpecialTrace",
    "StandardEngine",
    "arena",
    "card_labels",
    "special_card_labels",
    "clairvoyance_odds",
    "compile_notice",
    "compile_notice_for",
    "compile_notice_said",
    "engine_for",
    "fixed_hand_score",
    "is_cached",
    "kernels_cached",
    "moments",
    "n_blocks",
    "parse_hand_sizes",
    "progress_bar",
    "rollout_bid_values",
    "round_setup",
    "seating",
    "seed_key",
    "simulate",
    "simulate_games",
    "simulate_iv",
    "simulate_one_colour",
    "simulate_special",
    "special_setup",
    "threads_limited",
    "trace_clairvoyant_rounds",
    "trace_games",
    "trace_one_colour",
    "trace_rounds",
    "trace_special",
]
