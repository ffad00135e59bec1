"""wizstats: strategy questions about the card game Wizard, answered with numbers.

The public API; see README.md for examples.
"""

from .cards import Card, CardKind, Deck, Suit, parse_card, parse_cards, parse_suit
from .intervals import ConfidenceInterval, wilson_interval
from .policies import POLICIES, Policy
from .reference import check_play, is_legal_play, legal_plays, trick_winner
from .rules import BidVisibility, Rules, Scoring, TrumpChoice, forbidden_bid
from .scoring import placement_points, score_round
from .simulate import SimulationResult, simulate, trace_rounds
from .sweep import sweep

__all__ = [
    "POLICIES",
    "BidVisibility",
    "Card",
    "CardKind",
    "ConfidenceInterval",
    "Deck",
    "Policy",
    "Rules",
    "Scoring",
    "SimulationResult",
    "Suit",
    "TrumpChoice",
    "check_play",
    "forbidden_bid",
    "is_legal_play",
    "legal_plays",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "placement_points",
    "score_round",
    "simulate",
    "sweep",
    "trace_rounds",
    "trick_winner",
    "wilson_interval",
]

__version__ = "0.1.0"
