"""Claim 3 (``wizard-sure-trick``): how often a Wizard in hand takes no trick.

Round 1 is checked against the exact count (play is forced: a Wizard fails iff a player before
it in the trick holds one), and larger hands against a plain recount of the traced cards.
"""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from wizstats import Rules
from wizstats.engine import trace_rounds
from wizstats.questions import QUESTIONS, AskOptions, ask
from wizstats.stats import wizard_sure_trick


@pytest.mark.parametrize("n_players", [3, 5])
def test_round1_matches_exact_count(n_players: int) -> None:
    # seat s plays at position (s - 1) mod n; its Wizard fails iff one of the earlier cards is one
    # of the other 3 Wizards. 99.9% intervals, n seats: false-failure rate <= n x 0.1% (fixed seed).
    res = wizard_sure_trick(n_players, [1], n=40_000, seed=3, confidence_level=0.999, policy="heuristic")
    t = res.table[(res.table.quantity == "p_fail") & (res.table.seat != "all")]
    for row in t.itertuples():
        earlier = (int(row.seat) - 1) % n_players
        exact = 1 - comb(56, earlier) / comb(59, earlier)
        assert row.low <= exact <= row.high, (row.seat, exact, row.value)
    assert t[t.seat == 1].value.item() == 0  # seat 1 leads: its Wizard is always first


def test_matches_a_plain_recount() -> None:
    rules = Rules(4)
    res = wizard_sure_trick(4, [6], n=300, seed=5, policy="heuristic")
    tr = trace_rounds(rules, 6, 300, policies="heuristic", seed=5, start=6 << 32)
    held = np.zeros(4)
    failed = np.zeros(4)
    for i in range(300):
        for t in range(6):
            seen = False
            for k in range(4):
                card = int(tr.plays[i, t, k])
                if 52 <= card < 56:
                    seat = (int(tr.leaders[i, t]) + k) % 4
                    held[seat] += 1
                    failed[seat] += seen
                    seen = True
    p = res.table[(res.table.quantity == "p_fail") & (res.table.seat != "all")].set_index("seat").value
    assert [p[s] for s in range(4)] == pytest.approx(list(failed / held))
    assert held.sum() == pytest.approx(300 * 4 * 24 / 60, rel=0.15)  # 4 of 60 cards are Wizards


def test_reproducible_and_seed_dependent() -> None:
    a = wizard_sure_trick(4, [2, 3], n=2000, seed=1).table
    b = wizard_sure_trick(4, [2, 3], n=2000, seed=1).table
    c = wizard_sure_trick(4, [2, 3], n=2000, seed=2).table
    assert a.equals(b)
    assert not a.value.equals(c.value)
    assert {"game"} <= set(a.hand_size)


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="fewer than two Wizards"):
        wizard_sure_trick(4, [3], rules=Rules(4, deck="oh-hell"), n=100)
    with pytest.raises(ValueError, match="at most"):
        wizard_sure_trick(4, [3], n=300_000)


def test_question() -> None:
    assert QUESTIONS["wizard-sure-trick"].source.startswith("003_")
    a = ask("wizard-sure-trick", AskOptions(hand_size=1, n=3000))
    assert a.sentence.startswith("Holds") and "heuristic" in a.sentence and "expert" in a.sentence
    assert set(a.table.policy) == {"heuristic", "expert"}
    with pytest.raises(ValueError, match="--rank does not apply"):
        ask("wizard-sure-trick", AskOptions(rank=5))
