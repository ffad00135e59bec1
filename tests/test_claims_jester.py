"""Claim 4 (``jester-keep``): a Jester against the same hand with a low card in its place, in points;
and holding it back against shedding it early (the same round played on both ways).

The keeping branch must replay the traced round exactly (the policies are deterministic here),
and a shedding branch that does not shed must give a difference of exactly 0.
"""

from __future__ import annotations

import numpy as np
import pytest

import wizstats.stats.discards as discards
from wizstats import Rules
from wizstats.engine import fixed_hand_score, trace_rounds
from wizstats.questions import QUESTIONS, AskOptions, ask
from wizstats.rules import CardKind, score_table
from wizstats.stats import jester_timing, jester_value


@pytest.mark.parametrize("r", [1, 3, 10, 15])
def test_the_swap(r: int) -> None:
    rules = Rules(4)
    deck = rules.deck
    for h in range(20):
        hand, swapped, turned = discards._jester_hand(rules, r, np.random.default_rng([0, r, h]))
        assert len(set(hand)) == r and hand[1:] == swapped[1:]
        assert str(deck.card(hand[0])) == "J" and swapped[0] not in hand and swapped[0] != turned
        assert (turned is None) == (r == 15)
        card = deck.card(swapped[0])
        trump = None if turned is None or turned >= deck.n_suit_cards else deck.card(turned).suit
        assert card.suit is not None and card.suit != trump
        free = [deck.card(c) for c in range(deck.n_suit_cards) if c not in hand and c != turned]
        assert card.rank == min(c.rank for c in free if c.suit != trump)


def test_value_is_the_difference_of_best_scores() -> None:
    rules = Rules(4)
    t = jester_value(4, [2], n_hands=2, n_rounds=300, seed=5, policy="heuristic").table
    diffs = []
    for h in range(2):
        hand, swapped, turned = discards._jester_hand(rules, 2, np.random.default_rng([5, 2, h]))
        best = [
            max(
                fixed_hand_score(c, b, turned=turned, policies="heuristic", n_rounds=300, seed=5 + h)[0]
                for b in range(3)
            )
            for c in (hand, swapped)
        ]
        diffs.append(best[0] - best[1])
    assert t[t.quantity == "jester_value"].value.item() == pytest.approx(np.mean(diffs))


def test_no_swap_no_value(monkeypatch: pytest.MonkeyPatch) -> None:
    real = discards._jester_hand
    monkeypatch.setattr(discards, "_jester_hand", lambda *a: (lambda h, s, t: (h, h, t))(*real(*a)))
    t = jester_value(4, [3], n_hands=10, n_rounds=200, seed=1).table
    row = t[t.quantity == "jester_value"].iloc[0]
    assert row.value == 0 and row.low == row.high == 0


def test_question_and_refusals() -> None:
    a = ask("jester-keep", AskOptions(hand_size=3, n=8))
    assert "heuristic" in a.sentence and "expert" in a.sentence and "Holding it back or shedding it early" in a.sentence
    assert QUESTIONS["jester-keep"].source.startswith("003_")
    with pytest.raises(ValueError, match="n_hands"):
        jester_value(4, [3], n_hands=1)
    with pytest.raises(ValueError, match="no Jesters"):
        jester_value(4, [3], rules=Rules(4, deck="oh-hell"), n_hands=5)
    t1 = jester_value(5, [2], n_hands=5, n_rounds=100, seed=3).table
    assert t1.equals(jester_value(5, [2], n_hands=5, n_rounds=100, seed=3).table)


def test_keeping_branch_replays_the_traced_round() -> None:
    """The keeping branch is the policy's own round: its score is the traced round's, round by round."""
    rules, r, n, seed = Rules(4), 4, 150, 2
    tr = trace_rounds(rules, r, n, policies="heuristic", seed=seed, start=(r << 32) + (3 << 30))
    jesters = {c for c in range(rules.deck.size) if rules.deck.kinds[c] == CardKind.JESTER}
    table = score_table(r, rules)
    expected, needs = [], []
    for i in range(n):
        point = discards._branch_point(rules, tr, i, jesters)
        if point is not None:
            seat = point[1]
            expected.append(table[tr.bids[i, seat], tr.tricks[i, seat]])
            needs.append(point[3])
            assert int(tr.plays[i].reshape(-1)[point[0]]) == point[2]  # the card he played there
    pairs = discards._timing_pairs(rules, r, "heuristic", n, seed)
    assert len(expected) > 20
    assert pairs["keep"].tolist() == expected and pairs["needs"].tolist() == needs


def test_keep_beats_shed_and_breaks_without_the_shed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deterministic for this seed: the real difference is some 7 standard errors above 0 at 3 cards."""
    t = jester_timing(4, [3], n=800, seed=0, policy="heuristic").table
    row = t[(t.quantity == "keep_minus_shed") & (t.needs == "all")].iloc[0]
    assert row.low > 1
    monkeypatch.setattr(discards, "_shed_card", lambda hand, before, jesters, own: own)  # the branch does not shed
    t = jester_timing(4, [3], n=800, seed=0, policy="heuristic").table
    row = t[(t.quantity == "keep_minus_shed") & (t.needs == "all")].iloc[0]
    assert row.value == 0 and row.low == row.high == 0
    a = ask("jester-keep", AskOptions(hand_size=3, n=8))
    assert "no difference is shown between holding it back and shedding it early" in a.sentence


def test_timing_reproducible_and_refusals() -> None:
    a = jester_timing(5, [3], n=200, seed=7, policy="expert").table
    assert a.equals(jester_timing(5, [3], n=200, seed=7, policy="expert").table)
    share = a[a.quantity == "branch_share"].iloc[0]
    assert 0 < share.value < 1
    with pytest.raises(ValueError, match="at most"):
        jester_timing(4, [3], n=6000)
    with pytest.raises(ValueError, match="no Jesters"):
        jester_timing(4, [3], rules=Rules(4, deck="oh-hell"), n=10)


def test_a_small_group_has_its_mean_but_no_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four rounds that all lose 50 points are not a measured -50 +- 0: the group keeps its mean, not an interval."""
    from wizstats.questions.claims import _timing_cell
    from wizstats.stats import MIN_TIMING_ROUNDS

    made = np.arange(MIN_TIMING_ROUNDS, dtype=float) % 3  # enough rounds, and a spread
    keep = np.concatenate([made, np.full(4, -50.0)])
    pairs = {"keep": keep, "shed": np.zeros(len(keep)), "needs": np.array([0] * len(made) + [2] * 4)}
    monkeypatch.setattr(discards, "_timing_pairs", lambda rules, r, policy, n, seed: pairs)
    t = jester_timing(4, [3], n=100, seed=0, policy="heuristic").table
    rows = t[(t.quantity == "keep_minus_shed") & (t.hand_size == 3)].set_index("needs")
    few, enough = rows.loc["needs 2+"], rows.loc["made his bid"]
    assert few.value == -50 and few.n == 4 and np.isnan(few.low) and np.isnan(few.high)
    assert enough.n == MIN_TIMING_ROUNDS and enough.low < enough.value < enough.high
    assert _timing_cell(few) == "-50.00 (too few rounds for an interval)"
    constant = enough.copy()
    constant[["value", "low", "high"]] = -50.0
    assert _timing_cell(constant) == "-50.00 in every round"  # not "no difference"
    constant[["value", "low", "high"]] = 0.0
    assert _timing_cell(constant) == "no difference in any round"
