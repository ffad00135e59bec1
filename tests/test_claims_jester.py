"""Claim 4 (``jester-keep``): a Jester against the same hand with a low card in its place, in points."""

from __future__ import annotations

import numpy as np
import pytest

import wizstats.stats.discards as discards
from wizstats import Rules
from wizstats.engine import fixed_hand_score
from wizstats.questions import QUESTIONS, AskOptions, ask
from wizstats.stats import jester_value


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
            max(fixed_hand_score(c, b, turned=turned, n_rounds=300, seed=5 + h)[0] for b in range(3))
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
    a = ask("jester-keep", AskOptions(hand_size=3, n=20))
    assert "heuristic" in a.sentence and "expert" in a.sentence and "not measured" in a.sentence
    assert QUESTIONS["jester-keep"].source.startswith("003_")
    with pytest.raises(ValueError, match="n_hands"):
        jester_value(4, [3], n_hands=1)
    with pytest.raises(ValueError, match="no Jesters"):
        jester_value(4, [3], rules=Rules(4, deck="oh-hell"), n_hands=5)
    t1 = jester_value(5, [2], n_hands=5, n_rounds=100, seed=3).table
    assert t1.equals(jester_value(5, [2], n_hands=5, n_rounds=100, seed=3).table)
