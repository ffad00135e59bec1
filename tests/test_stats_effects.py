"""Seat effects, rule-variant comparisons, score distributions, card tables and the result type.

Identities are checked exactly (tricks add up to the hand size, placement points add up to
their total, a policy that ignores the other bids gains nothing from bidding last); the
statistical checks state their false-failure rate.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from wizstats import exact, trace_rounds
from wizstats.estimates import Result, mean_estimate, proportion_estimate, run_adaptive
from wizstats.intervals import wilson_interval
from wizstats.rules import Rules, score_round, score_table
from wizstats.stats import (
    bid_thresholds,
    bids_add_up,
    card_strength,
    dealer_advantage,
    game_score_distribution,
    plus_minus_one_cost,
    score_distribution,
    seat_effects,
    trump_choice_value,
)


def test_seat_effects_identities():
    t = seat_effects(4, [1, 3], n=3000, policy="heuristic").table
    for r in (1, 3):
        tricks = t[(t.hand_size == r) & (t.quantity == "mean_tricks")].value
        assert tricks.sum() == pytest.approx(r)  # every trick goes to someone
    game = t[t.hand_size == "game"]
    assert len(game) == 4 and set(game.quantity) == {"mean_score"}
    for seat in range(4):
        per_round = t[(t.seat == seat) & (t.quantity == "mean_score") & (t.hand_size != "game")].value.sum()
        assert game[game.seat == seat].value.item() == pytest.approx(per_round)


def test_round1_seat_effects_match_exact_win_rates():
    """In round 1 a seat's mean tricks is its win chance: within 99.9% of exact (4 seats: 0.4%)."""
    t = seat_effects(4, [1], n=20_000, policy="random", seed=4).table
    want = exact.round1_seat_values(4, dealer_choice="random").table
    for seat in range(4):
        mean = t[(t.seat == seat) & (t.quantity == "mean_tricks")].value.item()
        p = want[(want.seat == seat) & (want.quantity == "p_win")].value.item()
        ci = wilson_interval(round(mean * 20_000), 20_000, confidence_level=0.999)
        assert ci.low <= p <= ci.high


def test_bidding_last_is_worth_nothing_to_a_policy_that_ignores_bids():
    """The random policy never reads a bid: open and hidden bids play out identically, deal by deal."""
    t = dealer_advantage(4, [2, 5], n=2000, policy="random").table
    last = t[t.quantity == "bidding_last"]
    assert (last.value == 0).all() and (last.low == 0).all() and (last.high == 0).all()
    assert set(t.hand_size) == {2, 5, "mean"}


def test_dealer_advantage_under_plus_minus_one_skips_hidden_bids():
    res = dealer_advantage(rules=Rules(4, plus_minus_one=True), hand_sizes=[3], n=500, policy="random")
    assert res.table.quantity.tolist() == ["dealer_minus_others"]
    assert res.notes


def test_plus_minus_one_cost_round1():
    """Round 1 under plus/minus one: the dealer's bid is forced when the others bid 0 or 1 in sum.

    Only the dealer's bid changes, and only his score; the others play and score the same.
    """
    t = plus_minus_one_cost(4, [1], n=3000, policy="heuristic").table
    others = t[(t.seat != 0) & (t.hand_size == 1)]
    assert (others.value == 0).all()
    dealer = t[(t.seat == 0) & (t.hand_size == 1)].iloc[0]
    assert dealer.high < 0


def test_trump_choice_value_is_zero_for_a_blind_player():
    """The random policy names a random suit either way: looking first changes nothing."""
    t = trump_choice_value(4, [1, 4], n=1000, policy="random").table
    assert (t.value == 0).all()
    per_round = t[(t.quantity == "per_round") & (t.hand_size == 1)].value
    assert per_round.shape == (4,)


def test_trump_choice_value_skips_the_last_round():
    res = trump_choice_value(4, [14, 15], n=200, policy="random")
    assert set(res.table.hand_size) == {14}


def test_bids_add_up_random_round1():
    """Random bids in round 1 with 4 players: sum = 1 with chance 4/16 (0.1% false failures)."""
    t = bids_add_up(4, [1], n=8000, policy="random", confidence_level=0.999).table.set_index("quantity")
    assert t.value.sum() == pytest.approx(1.0)
    assert t.loc["p_equal", "low"] <= 0.25 <= t.loc["p_equal", "high"]
    res = bids_add_up(rules=Rules(4, plus_minus_one=True), hand_sizes=[1], n=200, policy="random")
    assert res.notes and not res.rules.plus_minus_one


def test_score_distribution():
    res = score_distribution(4, 3, n=3000, policy="heuristic")
    t = res.table
    valid = set(score_table(3).ravel().tolist())
    assert set(t.score) <= valid
    for _, grp in t.groupby("bid"):
        assert grp.value.sum() == pytest.approx(1.0)
    means = res.extra["means"]
    assert "all" in set(means.bid)
    one_seat = score_distribution(4, 3, n=500, seat=2, policy="heuristic")
    assert one_seat.table[one_seat.table.bid == "all"].n.iloc[0] == 500


def test_game_score_distribution_tournament():
    res = game_score_distribution(4, schedule="tournament", n_games=300, policy="heuristic")
    t = res.table
    pp = t[t.quantity == "placement_points"].value.sum()
    assert pp == pytest.approx(45 + 30 + 20 + 10)  # every game hands out the four places
    totals = res.extra["totals"]
    assert totals.shape == (300, 4)
    means = t[t.quantity == "mean"].set_index("player").value
    assert np.allclose(means.to_numpy(), totals.mean(axis=0))
    # the totals themselves, replayed round by round with the public trace (round j of game k is
    # stream k * rounds + j, dealt by player j mod 4, whose seat is 0)
    rules, stride = res.rules, len(res.rules.schedule)
    for game in range(3):
        want = np.zeros(4, np.int64)
        for j, r in enumerate(rules.schedule):
            tr = trace_rounds(rules, r, 1, policies="heuristic", seed=0, start=game * stride + j)
            for seat in range(4):
                want[(j + seat) % 4] += score_round(int(tr.bids[0, seat]), int(tr.tricks[0, seat]), rules, hand_size=r)
        assert totals[game].tolist() == want.tolist(), game
    wins = t[t.quantity == "win_share"].value.sum()
    assert wins >= 1.0 - 1e-12  # ties give several winners


def test_game_score_distribution_standard_is_reproducible():
    a = game_score_distribution(3, n_games=100, seed=4, policy="random")
    b = game_score_distribution(3, n_games=100, seed=4, policy="random", threads=1)
    assert a.table.equals(b.table)
    assert a.rules.schedule == tuple(range(1, 21))
    with pytest.raises(ValueError, match="unknown schedule"):
        game_score_distribution(3, schedule="weekly")


def test_card_strength_round1_wizards_and_jesters():
    t = card_strength(4, 1, n=4000, policy="random").table
    wiz = t[(t.card == "W") & (t.seat == 1)].value.item()
    assert wiz == 1.0  # the leader's Wizard always wins
    jester = t[(t.card == "J") & (t.seat != 1)].value
    assert (jester == 0).all()  # a Jester wins only when led into a trick of Jesters


def test_bid_thresholds_columns_and_break_even():
    res = bid_thresholds(4, [1, 2], n=3000, policy="heuristic")
    t = res.table
    assert list(t.columns[:5]) == ["hand_size", "seat", "weakest_trump", "weakest_plain", "weakest_no_trump"]
    assert np.allclose(t.break_even.to_numpy(dtype=float), 3 / 7)
    assert res.policy == "heuristic"


# ---------------------------------------------------------------- result type
def test_estimates_and_results():
    e = proportion_estimate("p", 30, 100, seed=1, policy="x")
    assert e.ci is not None and e.ci.low < 0.3 < e.ci.high and not e.exact
    frame = e.to_frame()
    assert frame.loc[0, "seed"] == 1 and frame.loc[0, "policy"] == "x"
    m = mean_estimate("m", 10.0, 30.0, 5)
    assert m.value == 2.0 and math.isfinite(m.ci.width)
    res = Result("t", frame[["quantity", "value", "low", "high"]].assign(n=100), False, "test", seed=1, n=100)
    assert res.estimate(quantity="p").value == pytest.approx(0.3)
    with pytest.raises(ValueError, match="no column"):
        res.estimate(card="W")
    with pytest.raises(ValueError, match="0 rows match"):
        res.estimate(quantity="q")


def test_run_adaptive_uses_fresh_round_ranges():
    calls = []

    def batch(start, size):
        calls.append((start, size))
        return {"x": np.array([size])}

    tot, used = run_adaptive(batch, n=10, width=lambda t: 100 / t["x"][0], target_width=1.0, max_n=1000)
    assert calls == [(0, 10), (10, 10), (20, 20), (40, 40), (80, 80)]
    assert used == 160 and tot["x"][0] == 160
    with pytest.raises(ValueError, match="target_width"):
        run_adaptive(batch, n=10, target_width=-1)


@pytest.mark.parametrize(
    "call,match",
    [
        (lambda: seat_effects(7, [1]), "3 to 6 players"),
        (lambda: seat_effects(4, [16]), "hand size 16 is impossible"),
        (lambda: dealer_advantage(4, [1], n=0), "n must be"),
        (lambda: score_distribution(4, 2, seat=5), "seat must be"),
        (lambda: trump_choice_value(4, [15]), "turns no card"),
        (lambda: bids_add_up(4, [1], confidence_level=1.5), "confidence_level"),
        (lambda: plus_minus_one_cost(3, [1], seed=-1), "seed"),
    ],
)
def test_effects_bad_input(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_effects_adaptive_precision():
    """target_width doubles the rounds of each hand size until the dealer's interval is narrow enough."""
    res = plus_minus_one_cost(4, [2], n=200, policy="random", target_width=2.0)
    row = res.table[(res.table.seat == 0) & (res.table.hand_size == 2)].iloc[0]
    assert row.n > 200 and row.high - row.low <= 2.0
    again = plus_minus_one_cost(4, [2], n=200, policy="random", target_width=2.0)
    assert again.table.equals(res.table)
    t = bids_add_up(4, [3], n=100, policy="random", target_width=0.05).table
    p_equal = t[t.quantity == "p_equal"].iloc[0]
    assert p_equal.high - p_equal.low <= 0.05
