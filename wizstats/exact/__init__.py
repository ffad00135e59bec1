"""Exact counts where counting is possible: vulnerability, schedules, round 1 (own card; after earlier bids)."""

from __future__ import annotations

from .counts import last_rounds_share, plus_minus_one_options, schedule_figures, vulnerability
from .highest import highest_of_suit, highest_of_suit_probability
from .rational import (
    THRESHOLD_STATES,
    rational_round1_win_probability,
    round1_bid_table,
    round1_history_possible,
    round1_rational_thresholds,
    round1_rational_values,
    round1_thresholds_after_bids,
)
from .round1 import (
    DEALER_CHOICES,
    ROUND1_STATES,
    break_even_probability,
    round1_seat_values,
    round1_table,
    round1_thresholds,
    round1_trump_choice_value,
    round1_win_probability,
)

__all__ = [
    "DEALER_CHOICES",
    "ROUND1_STATES",
    "THRESHOLD_STATES",
    "break_even_probability",
    "highest_of_suit",
    "highest_of_suit_probability",
    "last_rounds_share",
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
    "vulnerability",
]
