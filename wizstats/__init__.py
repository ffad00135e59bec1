"""wizstats: strategy questions about the card game Wizard, answered with numbers.

The public API; see README.md for examples.
"""

from .engine import ArenaResult, arena
from .rules import Card, CardKind, Deck, Suit, parse_card, parse_cards, parse_suit
from .engine import clairvoyance_odds
from .stats import game_score_distribution, score_distribution
from .stats import bids_add_up, dealer_advantage, plus_minus_one_cost, seat_effects, trump_choice_value
from .estimates import Estimate, Result
from .exact import break_even_probability, last_rounds_share, plus_minus_one_options, rational_round1_win_probability, round1_bid_table, round1_history_possible, round1_rational_thresholds, round1_rational_values, round1_seat_values, round1_table, round1_thresholds, round1_thresholds_after_bids, round1_trump_choice_value, round1_win_probability, schedule_figures, vulnerability
from .engine import GameResult, simulate_games
from .intervals import ConfidenceInterval, wilson_interval
from .engine import simulate_one_colour, trace_one_colour
from .players import DEFAULT_POLICY, POLICIES, Policy
from .reference import check_play, is_legal_play, legal_plays, trick_winner
from .rules import BidVisibility, Rules, Scoring, TrumpChoice, forbidden_bid
from .scoresheet import ScoreSheet
from .rules import placement_points, score_round
from .engine import SimulationResult, trace_rounds
from .engine import simulate
from .engine import SpecialSimulationResult, simulate_special, trace_special
from .stats import TrickDistribution, bid_thresholds, card_strength, card_win_probability, trick_distribution
from .sweep import sweep

__all__ = [
    "DEFAULT_POLICY",
    "POLICIES",
    "ArenaResult",
    "BidVisibility",
    "Card",
    "CardKind",
    "ConfidenceInterval",
    "Deck",
    "Estimate",
    "GameResult",
    "Policy",
    "Result",
    "Rules",
    "ScoreSheet",
    "Scoring",
    "SimulationResult",
    "SpecialSimulationResult",
    "Suit",
    "TrickDistribution",
    "TrumpChoice",
    "arena",
    "bid_thresholds",
    "bids_add_up",
    "break_even_probability",
    "card_strength",
    "card_win_probability",
    "check_play",
    "clairvoyance_odds",
    "dealer_advantage",
    "forbidden_bid",
    "game_score_distribution",
    "is_legal_play",
    "last_rounds_share",
    "legal_plays",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "placement_points",
    "plus_minus_one_cost",
    "plus_minus_one_options",
    "rational_round1_win_probability",
    "round1_bid_table",
    "round1_history_possible",
    "round1_rational_thresholds",
    "round1_rational_values",
    "round1_seat_values",
    "round1_table",
    "round1_thresholds",
    "round1_thresholds_after_bids",
    "round1_trump_choice_value",
    "round1_win_probability",
    "schedule_figures",
    "score_distribution",
    "score_round",
    "seat_effects",
    "simulate",
    "simulate_games",
    "simulate_one_colour",
    "simulate_special",
    "sweep",
    "trace_one_colour",
    "trace_rounds",
    "trace_special",
    "trick_distribution",
    "trick_winner",
    "trump_choice_value",
    "vulnerability",
    "wilson_interval",
]

__version__ = "0.1.0"
