"""The game's vocabulary: cards and decks, the validated rules and their variants, scoring, trump, game plans."""

from __future__ import annotations

from .cards import (
    SPECIAL_KINDS,
    Card,
    CardKind,
    Deck,
    Suit,
    card_suit,
    format_cards,
    parse_card,
    parse_cards,
    parse_special,
    parse_suit,
    resolve_deck,
)
from .gameplan import (
    ELIMINATION_ROUNDS,
    GamePlan,
    SitOut,
    elimination_schedule,
    final_places,
    game_plan,
    placement_shares,
)
from .rules import TOURNAMENT_SCHEDULES, BidVisibility, Rules, Scoring, TrumpChoice, forbidden_bid, standard_schedule
from .scoring import placement_points, raw_score, score_round, score_table
from .trump import TrumpSpec, parse_trump
from .validate import card_list, cards_in_deck, hand_size_for, max_players, rules_for, seat_for, trick_for

__all__ = [
    "BidVisibility",
    "Card",
    "CardKind",
    "Deck",
    "ELIMINATION_ROUNDS",
    "GamePlan",
    "Rules",
    "SPECIAL_KINDS",
    "Scoring",
    "SitOut",
    "Suit",
    "TOURNAMENT_SCHEDULES",
    "TrumpChoice",
    "TrumpSpec",
    "card_suit",
    "card_list",
    "cards_in_deck",
    "elimination_schedule",
    "final_places",
    "forbidden_bid",
    "format_cards",
    "game_plan",
    "hand_size_for",
    "max_players",
    "parse_card",
    "parse_cards",
    "parse_special",
    "parse_suit",
    "parse_trump",
    "placement_points",
    "placement_shares",
    "raw_score",
    "resolve_deck",
    "rules_for",
    "score_round",
    "score_table",
    "seat_for",
    "standard_schedule",
    "trick_for",
]
