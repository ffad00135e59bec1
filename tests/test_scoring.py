"""Scoring (RULES 6-7) with the worked examples."""

from __future__ import annotations

import pytest

from wizstats.rules import Rules, placement_points, score_round, score_table


@pytest.mark.parametrize(("bid", "tricks", "points"), [(0, 0, 20), (2, 2, 40), (3, 1, -20), (1, 4, -30), (0, 3, -30)])
def test_standard_worked_examples(bid: int, tricks: int, points: int) -> None:
    assert score_round(bid, tricks) == points


@pytest.mark.parametrize(("bid", "tricks", "points"), [(3, 3, 110), (2, 3, 10), (4, 2, -10)])
def test_alternative_round_8(bid: int, tricks: int, points: int) -> None:
    assert score_round(bid, tricks, Rules(4, scoring="alternative"), hand_size=8) == points


@pytest.mark.parametrize("scoring", ["standard", "alternative"])
def test_score_table_follows_the_rules_text(scoring: str) -> None:
    """Every (bid, tricks) of rounds of 1, 6 and 15 cards against RULES 6-7 written out here: standard,
    met 20 + 10 per trick, missed -10 per trick off; alternative, met 10 x cards + 10 x bid, missed by k
    10 x min(bid, tricks) - 10 x (1 + ... + k)."""
    rules = Rules(4, scoring=scoring)
    for r in (1, 6, 15):
        table = score_table(r, rules)
        assert table.shape == (r + 1, r + 1)
        for b in range(r + 1):
            for t in range(r + 1):
                k = abs(b - t)
                if scoring == "standard":
                    want = 20 + 10 * t if k == 0 else -10 * k
                else:
                    want = 10 * r + 10 * b if k == 0 else 10 * min(b, t) - 10 * sum(range(1, k + 1))
                assert table[b, t] == want == score_round(b, t, rules, hand_size=r), (r, b, t)


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
