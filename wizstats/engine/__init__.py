"""The Python side of simulation: validate, seed, allocate, call the kernels, wrap the results."""

from __future__ import annotations

from .arena import ArenaResult, arena, fixed_hand_score, parse_hand_sizes, rollout_bid_values, seating
from .clairvoyance import ClairvoyantTrace, clairvoyance_odds, trace_clairvoyant_rounds
from .decide import PolicyDecider, RoundView
from .game import GameResult, GameTrace, simulate_games, trace_games
from .kernels_stats import card_batches, card_table_batches, game_round_totals, hand_batches, paired_batches
from .labels import CardLabels, card_labels
from .onecolour import OneColourResult, OneColourTrace, simulate_one_colour, trace_one_colour
from .setup import (
    CHUNK_ROUNDS,
    MAX_TRACE_ROUNDS,
    moments,
    n_blocks,
    progress_bar,
    round_setup,
    seed_key,
    simulate_iv,
    threads_limited,
)
from .simulate import simulate
from .special import EVENTS, SpecialSimulationResult, SpecialTrace, simulate_special, special_setup, trace_special
from .standard import RoundTrace, SimulationResult, simulate_standard, trace_rounds
from .startup import compile_notice, compile_notice_for, is_cached

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
    "CHUNK_ROUNDS",
    "ClairvoyantTrace",
    "EVENTS",
    "GameResult",
    "GameTrace",
    "MAX_TRACE_ROUNDS",
    "OneColourResult",
    "OneColourTrace",
    "RoundTrace",
    "SimulationResult",
    "SpecialSimulationResult",
    "SpecialTrace",
    "arena",
    "card_labels",
    "clairvoyance_odds",
    "compile_notice",
    "compile_notice_for",
    "fixed_hand_score",
    "is_cached",
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
    "simulate_standard",
    "special_setup",
    "threads_limited",
    "trace_clairvoyant_rounds",
    "trace_games",
    "trace_one_colour",
    "trace_rounds",
    "trace_special",
]
