"""Claim 1 (``hidden-bids``): the dealer's edge with open, hidden and after-round bids.

The measured difference must respond to what it measures: a player who reads the earlier bids
(``expert``) plays open and hidden bids differently, one who does not (``heuristic``) plays
them alike (a zero-width difference, printed as not measurable), and making the bids visible
in the hidden variant makes the expert's difference vanish too.
"""

from __future__ import annotations

import pytest

import wizstats.stats.claims as claims
from wizstats import Rules
from wizstats.questions import QUESTIONS, AskOptions, ask
from wizstats.questions.claims import NOT_MEASURABLE
from wizstats.rules import BidVisibility
from wizstats.stats import bid_visibility_edge


def _q(t, quantity, hand_size=1):
    return t[(t.quantity == quantity) & (t.hand_size == hand_size)].iloc[0]


def test_bid_reader_and_bid_ignorer() -> None:
    heur = bid_visibility_edge(4, [1, 3], n=3000, policy="heuristic").table
    exp = bid_visibility_edge(4, [1, 3], n=3000, policy="expert").table
    flat = heur[heur.quantity == "open_minus_hidden"]
    assert (flat.low == flat.high).all() and (flat.value == 0).all()
    d = _q(exp, "open_minus_hidden")
    assert d.low > 0  # round 1: the expert dealer bids on the earlier bids; a fixed seed, about 8 sd from 0
    # the paired difference is the difference of the two edges, deal by deal
    assert d.value == pytest.approx(_q(exp, "edge_open").value - _q(exp, "edge_hidden").value)
    assert {"game"} <= set(exp.hand_size)


def test_visible_hidden_bids_change_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    options = AskOptions(hand_size=1, n=2000)
    honest = ask("hidden-bids", options).sentence
    assert "with expert players: hidden bids take away" in honest

    real = claims.paired

    def leaky(o, rules_a, rules_b, *args, **kw):  # the "hidden" rounds played with open bids
        if rules_b is not None and rules_b.bids is BidVisibility.HIDDEN:
            rules_b = rules_b.replace(bids=BidVisibility.OPEN)
        return real(o, rules_a, rules_b, *args, **kw)

    monkeypatch.setattr(claims, "paired", leaky)
    broken = ask("hidden-bids", options)
    assert broken.sentence != honest
    assert "not measurable with expert players" in broken.sentence


def test_zero_width_is_never_printed_as_zero() -> None:
    a = ask("hidden-bids", AskOptions(hand_size=2, n=1500))
    assert "not measurable with heuristic players" in a.sentence
    cell = a.summary.iloc[0]["heuristic: taken by hidden"]
    assert cell == NOT_MEASURABLE
    assert "+0.00 [0.00, 0.00]" not in a.summary.to_string() and "+0.0 [0.0, 0.0]" not in a.sentence


def test_reproducible_and_refusals() -> None:
    a = bid_visibility_edge(5, [2], n=1000, seed=4, policy="expert").table
    b = bid_visibility_edge(5, [2], n=1000, seed=4, policy="expert").table
    assert a.equals(b)
    with pytest.raises(ValueError, match="plus/minus one needs open bids"):
        bid_visibility_edge(4, [2], rules=Rules(4, plus_minus_one=True), n=100)
    with pytest.raises(ValueError, match="--plus-minus-one does not apply"):
        ask("hidden-bids", AskOptions(plus_minus_one=True))
    assert QUESTIONS["hidden-bids"].source.startswith("000_")
