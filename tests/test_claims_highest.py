"""Claim 5 (``highest-of-suit``): the exact chance that a card tops its suit among the dealt cards.

Checked against a brute-force enumeration of every order of a small deck (independent of the
formula: cards are plain tuples, hands are slices of each permutation).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from wizstats.exact import highest_of_suit, highest_of_suit_probability
from wizstats.questions import QUESTIONS, AskOptions, ask
from wizstats.rules import Deck


def brute_force(n_suits: int, n_ranks: int, wizards: int, jesters: int, n_players: int, hand_size: int, rank: int):
    """P(suit-0 card of ``rank`` is the top of its suit among the dealt cards | seat 0 holds it), by enumeration."""
    cards = [("S", s, k) for s in range(n_suits) for k in range(1, n_ranks + 1)]
    cards += [("W", -1, i) for i in range(wizards)] + [("J", -1, i) for i in range(jesters)]
    mine = ("S", 0, rank)
    held = top = 0
    for order in itertools.permutations(cards, n_players * hand_size):
        if mine not in order[:hand_size]:
            continue
        held += 1
        top += all(not (c[0] == "S" and c[1] == 0 and c[2] > rank) for c in order)
    return Fraction(top, held)


@pytest.mark.parametrize(
    ("deck", "n_players", "hand_size"),
    [((2, 3, 1, 1), 3, 1), ((2, 3, 1, 1), 3, 2), ((1, 5, 1, 1), 3, 2), ((2, 4, 1, 0), 3, 3)],
)
def test_matches_enumeration(deck: tuple[int, int, int, int], n_players: int, hand_size: int) -> None:
    d = Deck(*deck)
    for rank in range(1, d.n_ranks + 1):
        want = brute_force(*deck, n_players, hand_size, rank)
        assert highest_of_suit_probability(rank, n_players, hand_size, deck=d) == want, rank


def test_table_and_edges() -> None:
    t = highest_of_suit([3, 6], None, ranks=[10, 13]).table
    assert (t[t["rank"] == 13].value == 1).all()  # nothing tops a 13
    last = t[(t["rank"] == 10) & (t.hand_size == t.groupby("n_players").hand_size.transform("max"))]
    assert (last.value == 0).all()  # every card dealt: the J, Q, K of its suit are out too
    four = t[(t.n_players == 3) & (t["rank"] == 10)].value.tolist()
    assert four == sorted(four, reverse=True)  # more cards dealt, less chance
    assert highest_of_suit_probability(10, 4, 1) == Fraction(56 * 55 * 54, 59 * 58 * 57)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"rank": 0, "n_players": 4, "hand_size": 1}, "rank"),
        ({"rank": 10, "n_players": 4, "hand_size": 16}, "hand size 16 is impossible"),
        ({"rank": 10, "n_players": 7, "hand_size": 1}, "3 to 6"),
    ],
)
def test_bad_input(args: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        highest_of_suit_probability(**args)


def test_question() -> None:
    q = QUESTIONS["highest-of-suit"]
    assert q.source.startswith("003_")
    a = ask("highest-of-suit", AskOptions(n_players=5))
    row = a.table[a.table.hand_size == 1].iloc[0]
    assert row.fraction == str(highest_of_suit_probability(10, 5, 1))
    assert a.sentence.startswith("Holds in the first rounds only") and "exact" in a.sentence
    assert ask("highest-of-suit", AskOptions(hand_size=6)).sentence.startswith("Does not hold")
    assert ask("highest-of-suit", AskOptions(rank=13)).sentence.startswith("Always")
    with pytest.raises(ValueError, match="--n does not apply"):
        ask("highest-of-suit", AskOptions(n=100))
    with pytest.raises(ValueError, match="rank"):
        AskOptions(rank=14)
