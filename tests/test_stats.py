"""Monte Carlo statistics against exact round-1 values, interval coverage, conditioning and bad input.

Statistical tests use fixed seeds; each states its tolerance and the chance that it would fail
for a correct implementation with a fresh seed (its false-failure rate).
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binomtest

from wizstats import exact
from wizstats.engine import simulate
from wizstats.intervals import wilson_interval
from wizstats.players import registry as policies
from wizstats.reference import trick_winner
from wizstats.rules import Deck, Rules, Suit
from wizstats.stats import card_win_probability, trick_distribution

PLAYERS = [3, 4, 5, 6]
DECK = Deck.standard()


def covers(ci, value, eps=1e-12):
    """``value`` in ``ci`` up to rounding (a Wilson interval for 0 successes may start at 1e-19, not 0)."""
    return ci.low - eps <= value <= ci.high + eps


# ---------------------------------------------------------------- Monte Carlo against exact, round 1
@pytest.mark.parametrize("policy", ["heuristic", "random"])
@pytest.mark.parametrize("n_players", PLAYERS)
def test_round1_seat_win_rates_match_exact(n_players, policy):
    """Every seat's share of round-1 tricks lies in its 99.9% Wilson interval around the exact value.

    Play is forced in round 1, so any policy must agree, given how its dealer names trump after a
    turned Wizard: the heuristic names the suit of its card, the random policy any suit.
    36 comparisons (all seats of 3..6 players, two policies), each failing with chance 0.001
    for a fresh seed: about 3.5% for the whole family.
    """
    model = {"heuristic": "own-suit", "random": "random"}[policy]  # how each names trump after a turned Wizard
    exact_p = exact.round1_seat_values(n_players, dealer_choice=model).table
    rounds = 30_000 if policy == "random" else 10_000  # the heuristic is the slower player
    res = simulate(n_players, 1, rounds, policies=policy, seed=11)
    for seat in range(n_players):
        want = exact_p[(exact_p.seat == seat) & (exact_p.quantity == "p_win")].value.item()
        won = int(res.counts[seat, :, 1].sum())
        ci = wilson_interval(won, rounds, confidence_level=0.999)
        assert covers(ci, want), (n_players, seat, won / rounds, want, ci)


CARDS = ["W", "B13", "B9", "B3", "J"]
STATES = ["trump", "plain", None, "W", "any"]
N_COMPARISONS = sum(PLAYERS) * (len(CARDS) * len(STATES) - 4)


@pytest.mark.parametrize("n_players", PLAYERS)
def test_round1_card_win_probability_matches_exact(n_players):
    """Every card, seat and trump state: the simulated chance lies in its interval around the exact one.

    Bonferroni: each interval has confidence 1 - 0.001 / N_COMPARISONS, so the whole family
    (all player counts) fails with chance at most 0.001 for a fresh seed. The random policy
    names a uniformly random suit after a turned Wizard, the exact count's ``"random"`` model.
    """
    level = 1 - 0.001 / N_COMPARISONS
    for seat in range(n_players):
        for card in CARDS:
            for state in STATES:
                if card in ("W", "J") and state in ("trump", "plain"):
                    continue
                want = exact.round1_win_probability(
                    card, seat=seat, n_players=n_players, trump=state, dealer_choice="random"
                ).value
                got = (
                    card_win_probability(
                        card,
                        n_players=n_players,
                        seat=seat,
                        trump=state,
                        n=3000,
                        seed=seat,
                        marginal=False,
                        policy="random",
                    )
                    .table.set_index("quantity")
                    .loc["p_win"]
                )
                ci = wilson_interval(round(got.value * got.n), int(got.n), confidence_level=level)
                assert covers(ci, want), (n_players, seat, card, state, got.value, want)


def test_round1_after_look_dealer_names_his_suit():
    """A dealer who names the suit of his card after a turned Wizard: his card is trump for sure.

    Whatever a policy does with a Wizard or Jester in hand, with a suit card the heuristic
    names that suit; the exact 'own-suit' value for the dealer's own seat follows. 0.1% false
    failures.
    """
    want = exact.round1_win_probability("G6", seat=0, n_players=4, trump="W", dealer_choice="own-suit").value
    got = card_win_probability(
        "G6", n_players=4, seat=0, trump="W", n=5000, seed=1, policy="heuristic", marginal=False, confidence_level=0.999
    ).estimate(quantity="p_win")
    assert covers(got.ci, want), (got.value, want)


def test_interval_coverage():
    """Over 300 seeds, 95% Wilson intervals cover the exact value at a rate consistent with 95%.

    Two-sided binomial test at alpha = 0.001 (its false-failure rate).
    """
    want = exact.round1_win_probability("B9", seat=2, n_players=4, trump="plain").value
    covered = 0
    for seed in range(300):
        res = card_win_probability(
            "B9", n_players=4, seat=2, trump="plain", n=400, seed=seed, marginal=False, policy="random"
        )
        covered += want in res.estimate(quantity="p_win").ci
    assert binomtest(covered, 300, 0.95).pvalue > 0.001, covered


# ---------------------------------------------------------------- trick distribution
def test_trick_distribution_round1_is_exact_for_every_bid():
    """Bids do not change round 1; P(1 trick) for each bid lies in the 99.9% interval around exact (0.2%)."""
    want = exact.round1_win_probability("R13", seat=1, n_players=4, trump="B5").value
    res = trick_distribution("R13", trump="B5", n_players=4, seat=1, n=6000, seed=2, policy="random")
    for bid in (0, 1):
        won = int(round(res.distribution(bid)[1] * res.n))
        assert covers(wilson_interval(won, res.n, confidence_level=0.999), want)
    best = 1 if want >= 3 / 7 else 0
    assert res.best_bid == best


def _own_bid_shares(card, seat, bids, policy):
    """How often ``policy`` bids 0 and 1 with ``card`` at ``seat`` after ``bids`` (round 1, 3 players, R3 turned)."""
    res = trick_distribution(str(card), trump="R3", n_players=3, seat=seat, bids_so_far=bids, n=20, policy=policy)
    return res.bids.set_index("bid").policy_share.reindex([0, 1], fill_value=0.0).to_numpy()


def test_conditioning_on_earlier_bids_is_exact_in_round1():
    """Rejection on the earlier bids gives the exact conditional chance, whatever the policy bids.

    The policy's bid for every card of seats 1 and 2 is read off its own-bid shares (a
    deterministic bidder: shares 0 or 1), then P(the dealer's B9 wins | bids) is enumerated over
    every deal with the reference rules. Up to 4 bid pairs x 2 comparisons at 99.9%: below 1%
    false failures.
    """
    policy = "heuristic"
    unknown = [c for c in DECK.cards if str(c) not in ("B9", "R3")]
    kinds = {str(c): c for c in unknown}
    f1 = {k: _own_bid_shares(k, 1, (), policy) for k in kinds}
    p_b1 = np.mean([f1[str(c)] for c in unknown], axis=0)
    f2 = {b1: {k: _own_bid_shares(k, 2, (b1,), policy) for k in kinds} for b1 in (0, 1) if p_b1[b1] > 0}
    for shares in [*f1.values(), *(v for d in f2.values() for v in d.values())]:
        assert set(np.round(shares, 9)) <= {0.0, 1.0}, "this test needs a policy that bids deterministically"
    hero = DECK.cards[DECK.index("B9")]
    joint = np.zeros((2, 2))
    wins = np.zeros((2, 2))
    for i, y1 in enumerate(unknown):
        for j, y2 in enumerate(unknown):
            if i == j:
                continue
            won = trick_winner([y1, y2, hero], Suit.RED) == 2
            for b1 in f2:
                w = f1[str(y1)][b1] * f2[b1][str(y2)]
                joint[b1] += w
                wins[b1] += w * won
    n_pairs = len(unknown) * (len(unknown) - 1)
    tested = 0
    for b1 in f2:
        for b2 in (0, 1):
            if joint[b1, b2] / n_pairs < 0.05:
                continue
            res = trick_distribution(
                "B9", trump="R3", n_players=3, seat=0, bids_so_far=(b1, b2), n=2000, seed=b1 + 2 * b2, policy=policy
            )
            assert res.conditioned_on_bids
            want_p = wins[b1, b2] / joint[b1, b2]
            won = int(round(res.distribution(0)[1] * res.n))
            assert covers(wilson_interval(won, res.n, confidence_level=0.999), want_p), (b1, b2, won / res.n, want_p)
            want_acc = joint[b1, b2] / n_pairs
            assert want_acc in wilson_interval(res.n, res.n_tried, confidence_level=0.999), (
                b1,
                b2,
                res.acceptance_rate,
            )
            tested += 1
    assert tested >= 1


def test_acceptance_rate_with_random_bidders():
    """Random bidders bid each of 0..2 with chance 1/3: 3 earlier bids match with chance 1/27 (0.1% false failures)."""
    res = trick_distribution(
        "W B7", trump="G4", n_players=4, seat=0, bids_so_far=(0, 2, 1), n=500, seed=3, policy="random"
    )
    assert res.conditioned_on_bids
    assert 1 / 27 in wilson_interval(res.n, res.n_tried, confidence_level=0.999)


def test_trick_distribution_falls_back_when_bids_are_unlikely():
    """Below min_acceptance the earlier bids are imposed instead (random bidders: (1/3)^4 = 1.2% < 10%)."""
    res = trick_distribution(
        "J B2",
        trump="R3",
        n_players=5,
        seat=0,
        bids_so_far=(2, 2, 2, 2),
        n=300,
        seed=0,
        policy="random",
        min_acceptance=0.1,
    )
    assert not res.conditioned_on_bids
    assert any("imposed" in note for note in res.notes)
    assert res.n >= 300


def test_trick_distribution_respects_plus_minus_one():
    rules = Rules(4, plus_minus_one=True)
    res = trick_distribution("W R12 B3", trump="G5", rules=rules, seat=0, bids_so_far=(1, 1, 0), n=200, seed=0)
    assert res.forbidden_bid == 1
    assert list(res.bids.bid) == [0, 2, 3]
    assert res.best_bid != 1


def test_trick_distribution_is_reproducible_and_thread_independent():
    kwargs = dict(trump="red", n_players=4, seat=2, bids_so_far=(1,), n=400, seed=5)
    a = trick_distribution("W R12 B3", threads=1, **kwargs)
    b = trick_distribution("W R12 B3", threads=2, **kwargs)
    assert a.to_frame().equals(b.to_frame())
    assert a.best_bid == b.best_bid and a.n_tried == b.n_tried


def test_trick_distribution_result():
    res = trick_distribution("W G13 G12", trump="G2", n_players=3, seat=1, n=200, seed=0)
    scores = res.bids.set_index("bid").expected_score
    assert res.best_bid == scores.idxmax()
    assert res.margin is not None and res.margin.ci is not None
    for bid in res.bids.bid:
        assert res.distribution(bid).sum() == pytest.approx(1.0)
    frame = res.to_frame()
    assert {"quantity", "bid", "tricks", "value", "low", "high", "policy", "seed", "exact"} <= set(frame.columns)
    assert set(frame.quantity) == {"p_tricks", "expected_score", "p_make"}
    assert res.policy == policies.strongest()
    assert "best bid" in str(res)


def test_adaptive_precision():
    """target_width keeps doubling the deals until the widest expected-score interval is narrow enough."""
    res = trick_distribution("W B7", trump="B2", n_players=4, seat=1, n=200, seed=0, target_width=6.0)
    widths = res.bids.high - res.bids.low
    assert res.n > 200 and widths.max() <= 6.0
    again = trick_distribution("W B7", trump="B2", n_players=4, seat=1, n=200, seed=0, target_width=6.0)
    assert again.n == res.n and again.to_frame().equals(res.to_frame())
    card = card_win_probability("B9", n_players=4, seat=1, n=500, target_width=0.03, marginal=False)
    assert card.estimate(quantity="p_win").ci.width <= 0.03 and card.n > 500


# ---------------------------------------------------------------- one card
def test_card_marginal_value():
    """A Wizard is worth more than the random card it replaces; a Jester less (both far outside their CIs)."""
    w = card_win_probability("W", n_players=4, hand_size=3, seat=1, n=3000, seed=0).table.set_index("quantity")
    j = card_win_probability("J", n_players=4, hand_size=3, seat=1, n=3000, seed=0).table.set_index("quantity")
    assert w.loc["marginal_value", "low"] > 0.3
    assert j.loc["marginal_value", "high"] < 0
    assert w.loc["tricks_with", "value"] - w.loc["tricks_without", "value"] == pytest.approx(
        w.loc["marginal_value", "value"]
    )


def test_card_win_probability_threads():
    a = card_win_probability("G7", n_players=5, hand_size=4, seat=3, n=1000, seed=9, threads=1).table
    b = card_win_probability("G7", n_players=5, hand_size=4, seat=3, n=1000, seed=9, threads=2).table
    assert a.equals(b)


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "hand,kwargs,match",
    [
        ("R5 R5", {}, "duplicate card R5"),
        ("W W W W W", {}, "duplicate card W"),
        (" ".join(f"{s}{k}" for s in "BR" for k in range(1, 9)), {}, "larger than any round"),
        ("R5 B3", {"bids_so_far": (1, 0)}, "bid history of 2 bids"),
        ("R5 B3", {"seat": 0, "bids_so_far": (1,)}, "the dealer bids last"),
        ("R5 B3", {"bids_so_far": (-1,)}, "bid -1 is impossible"),
        ("R5 B3", {"bids_so_far": (3,)}, "bid 3 is impossible"),
        ("R5 B3", {"trump": "R5"}, "impossible trump: the turned card R5 is in your hand"),
        ("R5 B3", {"trump": "W:purple"}, "unknown suit"),
        ("R5 B3", {"trump": "sideways"}, "impossible trump"),
        ("W W W W", {"trump": "W"}, "impossible trump"),
        ("R5 B3", {"n_players": 7}, "3 to 6 players"),
        ("R5 B3", {"seat": 4}, "seat must be"),
        ("R5 B3", {"n": 0}, "n must be"),
        ("", {}, "the hand is empty"),
        ("R5 B3", {"policy": "oracle"}, "unknown policy"),
        ("R5 X3", {}, "unknown card"),
    ],
)
def test_trick_distribution_bad_input(hand, kwargs, match):
    args = {"trump": "G2", "n_players": 4, "seat": 2, "bids_so_far": (1,), "n": 10} | kwargs
    with pytest.raises(ValueError, match=match):
        trick_distribution(hand, **args)


def test_last_round_has_no_trump():
    hand = " ".join(f"{s}{k}" for s in "B" for k in range(1, 13)) + " W J R1"
    with pytest.raises(ValueError, match="deals every card"):
        trick_distribution(hand, trump="G2", n_players=4, seat=1, n=10)
    res = trick_distribution(hand, trump=None, n_players=4, seat=1, n=20)
    assert res.n == 20


def test_hidden_bids_take_no_history():
    with pytest.raises(ValueError, match="nobody has seen"):
        trick_distribution("R5", trump="G2", rules=Rules(4, bids="hidden"), seat=2, bids_so_far=(1,), n=10)


def test_card_bad_input():
    with pytest.raises(ValueError, match="hand size 16 is impossible"):
        card_win_probability("W", n_players=4, hand_size=16, seat=1)
    with pytest.raises(ValueError, match="impossible trump"):
        card_win_probability("B7", n_players=4, seat=1, trump="B7")
    with pytest.raises(ValueError, match="needs a suit card|one suit card"):
        card_win_probability("W", n_players=4, seat=1, trump="trump")


def test_numbers_are_finite():
    res = card_win_probability("Y1", n_players=6, hand_size=2, seat=0, n=500)
    assert np.isfinite(res.table[["value", "low", "high"]].to_numpy()).all()
