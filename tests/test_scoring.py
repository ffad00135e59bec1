"""Scoring (RULES 6-7) with the worked examples."""

from __future__ import annotations

import pytest

from wizstats.rules import Rules
from wizstats.rules import placement_points, score_round, score_table


@pytest.mark.parametrize(("bid", "tricks", "points"), [(0, 0, 20), (2, 2, 40), (3, 1, -20), (1, 4, -30), (0, 3, -30)])
def test_standard_worked_examples(bid: int, tricks: int, points: int) -> None:
    assert score_round(bid, tricks) == points


@pytest.mark.parametrize(("bid", "tricks", "points"), [(3, 3, 110), (2, 3, 10), (4, 2, -10)])
def test_alternative_round_8(bid: int, tricks: int, points: int) -> None:
    assert score_round(bid, tricks, Rules(4, scoring="alternative"), hand_size=8) == points


def test_score_table_matches_score_round() -> None:
    rules = Rules(4, scoring="alternative")
    table = score_table(6, rules)
    for b in range(7):
        for t in range(7):
            assert table[b, t] == score_round(b, t, rules, hand_size=6)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((-1, 0), "bid must be a whole number in 0..64"),
        ((1, -2), "tricks must be a whole number in 0..64"),
        ((1.5, 1), "whole number"),
        ((True, 1), "whole number"),
    ],
)
def test_bad_scores(args: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        score_round(*args)


def test_alternative_needs_hand_size_and_range() -> None:
    with pytest.raises(ValueError, match="needs hand_size"):
        score_round(1, 1, Rules(4, scoring="alternative"))
    with pytest.raises(ValueError, match="0..hand_size"):
        score_round(4, 1, hand_size=3)


def test_placement_points_with_ties() -> None:
    assert placement_points([10, 50, 30, 20]) == [10.0, 45.0, 30.0, 20.0]
    assert placement_points([50, 50, 30]) == [37.5, 37.5, 20.0]
    assert placement_points([1, 1, 1, 1, 1]) == [22.0] * 5
