"""Monte Carlo estimates with confidence intervals: hands, card strength, seat effects, score distributions;
the convergence certificate (an answer under the default player against a search player)."""

from __future__ import annotations

from .certificate import CERTIFIED, DEPENDS, VERDICTS, Agreement, agreement
from .claims import bid_visibility_edge, half_time_lead, wizard_sure_trick
from .discards import HIGH_STATES, JESTER_NEEDS, MIN_TIMING_ROUNDS, jester_timing, jester_value, shedding
from .distributions import game_score_distribution, score_distribution
from .effects import bids_add_up, dealer_advantage, plus_minus_one_cost, seat_effects, trump_choice_value
from .hands import TrickDistribution, card_win_probability, trick_distribution
from .setup import hand_iv, hand_size_iv, policy_setup, rules_iv, seat_iv, trump_inputs
from .strength import bid_thresholds, card_strength
from .study import StudyOptions
from .tables import bid_table, strength_table

__all__ = [
    "Agreement",
    "CERTIFIED",
    "DEPENDS",
    "HIGH_STATES",
    "JESTER_NEEDS",
    "MIN_TIMING_ROUNDS",
    "StudyOptions",
    "TrickDistribution",
    "VERDICTS",
    "agreement",
    "bid_visibility_edge",
    "bid_table",
    "bid_thresholds",
    "bids_add_up",
    "card_strength",
    "card_win_probability",
    "dealer_advantage",
    "game_score_distribution",
    "hand_iv",
    "half_time_lead",
    "hand_size_iv",
    "jester_timing",
    "jester_value",
    "plus_minus_one_cost",
    "policy_setup",
    "rules_iv",
    "score_distribution",
    "seat_effects",
    "seat_iv",
    "shedding",
    "strength_table",
    "trick_distribution",
    "trump_choice_value",
    "trump_inputs",
    "wizard_sure_trick",
]
