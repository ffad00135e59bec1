"""The oracles: slow, obvious pure-Python rules of every variant, against which the kernels are checked card by card."""

from __future__ import annotations

from .clairvoyance import bid_from, clairvoyant_bid, clairvoyant_chance, clairvoyant_value, dealer_trump, play_clairvoyant_round, wins_ids
from .onecolour import HAND_SIZES, PILE, VALUE_NAMES, card_text, deal_one_colour, one_colour_trick_winner, replay_one_colour_round
from .special import Effect, Play, SpecialRoundRecord, TrickOutcome, cloud_bid_change, deal_special, effect, parse_play, replay_special_round, special_led_suit, special_legal_plays, special_trick_winner, turned_trump_rule
from .standard import RoundRecord, RoundRng, check_play, is_legal_play, led_suit, legal_plays, play_random_round, replay_round, trick_winner, trump_of_turned

__all__ = ["Effect", "HAND_SIZES", "PILE", "Play", "RoundRecord", "RoundRng", "SpecialRoundRecord", "TrickOutcome", "VALUE_NAMES", "bid_from", "card_text", "check_play", "clairvoyant_bid", "clairvoyant_chance", "clairvoyant_value", "cloud_bid_change", "deal_one_colour", "deal_special", "dealer_trump", "effect", "is_legal_play", "led_suit", "legal_plays", "one_colour_trick_winner", "parse_play", "play_clairvoyant_round", "play_random_round", "replay_one_colour_round", "replay_round", "replay_special_round", "special_led_suit", "special_legal_plays", "special_trick_winner", "trick_winner", "trump_of_turned", "turned_trump_rule", "wins_ids"]
