"""Claim 6 (``made-bid-sheds``): does a player who has made his bid throw his highest losing card?

The measure must tell players apart: ``random`` players (the control) play the highest safe card
only by chance, and reversing the height order of the cards must turn the verdict round.
"""

from __future__ import annotations

import pytest

import wizstats.stats.discards as shed
from wizstats.questions import QUESTIONS, AskOptions, ask
from wizstats.stats import shedding


def _value(t, state: str, quantity: str = "p_highest_safe") -> float:
    return t[(t.state == state) & (t.quantity == quantity) & (t.hand_size == 6)].value.item()


def test_players_are_told_apart() -> None:
    heur = shedding(4, [6], n=400, seed=2, policy="heuristic").table
    rand = shedding(4, [6], n=400, seed=2, policy="random").table
    assert _value(heur, "made his bid") > 0.9 and _value(heur, "needs tricks") < 0.1
    assert 0.2 < _value(rand, "made his bid") < 0.6  # chance: about one safe card in three
    assert 0.2 < _value(rand, "needs tricks") < 0.6
    assert _value(heur, "made his bid", "p_takes_lead") < 0.05 < _value(heur, "needs tricks", "p_takes_lead")


def test_reversed_heights_turn_the_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    options = AskOptions(hand_size=5, n=300)
    assert ask("made-bid-sheds", options).sentence.startswith("Holds")
    real = shed._height
    monkeypatch.setattr(shed, "_height", lambda card, trump: tuple(-x for x in real(card, trump)))
    assert ask("made-bid-sheds", options).sentence.startswith("Does not hold")


def test_reproducible_and_refusals() -> None:
    a = shedding(3, [4], n=200, seed=1).table
    assert a.equals(shedding(3, [4], n=200, seed=1).table)
    with pytest.raises(ValueError, match="at most"):
        shedding(4, [5], n=30_000)
    with pytest.raises(ValueError, match="--rank does not apply"):
        ask("made-bid-sheds", AskOptions(rank=3))
    assert QUESTIONS["made-bid-sheds"].source.startswith("003_")
