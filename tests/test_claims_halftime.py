"""Claim 2 (``half-time``): how often the leader at half time wins, and the chance to win by deficit.

The totals at half time are read from traced games; the leader's win rate must agree exactly
with what the game kernel counts itself (:meth:`GameResult.half_leader_wins`, same games).
"""

from __future__ import annotations

import numpy as np
import pytest

from wizstats import Rules, simulate_games
from wizstats.questions import QUESTIONS, AskOptions, ask
from wizstats.stats import half_time_lead


@pytest.mark.parametrize("rules", [Rules(5), Rules.tournament(4)], ids=["standard-5", "tournament-4"])
def test_leader_matches_the_game_kernel(rules: Rules) -> None:
    res = half_time_lead(rules=rules, n=3000, seed=2, policy="heuristic")
    lead = res.table[res.table.quantity == "leader_wins"].iloc[0]
    share, ci, games = simulate_games(rules, 3000, policies="heuristic", seed=2).half_leader_wins()
    assert lead.value == pytest.approx(share, abs=1e-12) and lead.n == games
    assert (lead.low, lead.high) == pytest.approx((ci.low, ci.high))


def test_curve_counts_every_player_and_falls() -> None:
    n = 4000
    t = half_time_lead(4, n=n, seed=1, policy="heuristic").table
    curve = t[t.quantity == "win_by_deficit"]
    assert curve.n.sum() == 4 * n  # every player of every game in exactly one bin
    winners = (curve.value * curve.n).sum()
    assert n <= winners <= 1.05 * n  # one winner per game, a few shared wins
    assert curve.value.iloc[0] > 0.25 > curve.value.iloc[-1]  # leading beats 1/4, far behind does not
    assert np.all((curve.low >= 0) & (curve.high <= 1))
    first_half = curve.value.iloc[: len(curve) // 2]
    assert first_half.is_monotonic_decreasing


def test_reproducible_and_refusals() -> None:
    a = half_time_lead(6, n=500, seed=3).table
    assert a.equals(half_time_lead(6, n=500, seed=3).table)
    assert not a.value.equals(half_time_lead(6, n=500, seed=4).table.value)
    with pytest.raises(ValueError, match="bin_width"):
        half_time_lead(4, n=100, bin_width=0)
    with pytest.raises(ValueError, match="--hand-size does not apply"):
        ask("half-time", AskOptions(hand_size=3))


def test_question() -> None:
    assert QUESTIONS["half-time"].source.startswith("000_")
    a = ask("half-time", AskOptions(n=3000, schedule="tournament"))
    assert a.sentence.startswith(("Depends on the deficit", "Holds"))
    assert "tournament schedule" in a.sentence and "heuristic" in a.sentence and "expert" in a.sentence
    assert set(a.table.policy) == {"heuristic", "expert"}
