"""The game's vocabulary: cards and decks, the validated rules and their variants, scoring, trump, game plans."""

from __future__ import annotations

from .cards import Card, CardKind, Deck, SPECIAL_KINDS, Suit, card_suit, format_cards, parse_card, parse_cards, parse_special, parse_suit, resolve_deck
from .gameplan import ELIMINATION_ROUNDS, GamePlan, SitOut, elimination_schedule, final_places, game_plan, placement_shares
from .rules import BidVisibility, Rules, Scoring, TOURNAMENT_SCHEDULES, TrumpChoice, forbidden_bid, standard_schedule
from .scoring import placement_points, raw_score, score_round, score_table
from .trump import TrumpSpec, parse_trump

__all__ = ["BidVisibility", "Card", "CardKind", "Deck", "ELIMINATION_ROUNDS", "GamePlan", "Rules", "SPECIAL_KINDS", "Scoring", "SitOut", "Suit", "TOURNAMENT_SCHEDULES", "TrumpChoice", "TrumpSpec", "card_suit", "elimination_schedule", "final_places", "forbidden_bid", "format_cards", "game_plan", "parse_card", "parse_cards", "parse_special", "parse_suit", "parse_trump", "placement_points", "placement_shares", "raw_score", "resolve_deck", "score_round", "score_table", "standard_schedule"]
