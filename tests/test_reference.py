"""Hand-built tricks and plays for every rule and edge case of RULES 3 and 5, and property tests."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizstats.reference import (
    check_play,
    is_legal_play,
    led_suit,
    legal_plays,
    replay_round,
    trick_winner,
    trump_of_turned,
)
from wizstats.rules import Card, CardKind, Deck, Rules, Suit

STANDARD = Deck.standard()


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("R5 R9 R2", "blue", 1),  # highest of the led suit
        ("R5 B2 R9", "blue", 1),  # a trump beats the led suit
        ("R5 B2 B7", "blue", 2),  # the highest trump
        ("R5 G13 R6", "blue", 2),  # a card of a third suit never wins, even a 13
        ("B13 R1", "red", 1),  # the lowest trump beats a non-trump 13
        ("W R13 W", "red", 0),  # the first Wizard wins
        ("R13 W W", "red", 1),  # ... wherever it lies
        ("J W R5", "red", 1),  # Jester then Wizard: the Wizard
        ("J R5 B13", "green", 1),  # Jester led: the next suit card sets the suit (red)
        ("J J G2 G9", None, 3),  # only Jesters so far: the first suit card after them sets it
        ("J J J", None, 0),  # only Jesters: the first Jester
        ("J J", "red", 0),
        ("W J J", None, 0),
        ("J W", None, 1),
        ("G3 J", None, 0),  # a Jester never wins against a suit card
        ("W G3 B13 R13", "blue", 0),  # a Wizard led wins against trumps
        ("Y1 Y2", None, 1),
        ("Y1", None, 0),
        ("J Y1 W", "y", 2),
        ("R7 J W J", "red", 2),
    ],
)
def test_trick_winner(cards: str, trump: str | None, winner: int) -> None:
    assert trick_winner(cards, trump) == winner
    assert trick_winner(cards.split(), trump) == winner
    assert trick_winner([Card.parse(c) for c in cards.split()], Suit.RED if trump == "red" else trump) == winner


def test_trick_winner_bad_input() -> None:
    with pytest.raises(ValueError, match="at least one card"):
        trick_winner([], None)
    with pytest.raises(ValueError, match="duplicate card R5"):
        trick_winner("R5 R5", None)
    with pytest.raises(ValueError, match="unknown card 'X1'"):
        trick_winner("R5 X1", None)
    with pytest.raises(ValueError, match="unknown suit"):
        trick_winner("R5", "pink")


@pytest.mark.parametrize(
    ("hand", "trick", "legal"),
    [
        ("R3 B7 W J B2", "", "R3 B7 W J B2"),  # the leader plays anything
        ("R3 B7 W J B2", "B9", "B7 W J B2"),  # follow suit; Wizard and Jester always allowed
        ("R3 B7 W J B2", "J B9", "B7 W J B2"),  # after a Jester lead the first suit card sets the suit
        ("R3 B7", "J", "R3 B7"),  # only a Jester in the trick: free
        ("R3 B7", "J J", "R3 B7"),
        ("R3 B7", "W B9", "R3 B7"),  # a Wizard led: free
        ("R3 B7", "J W B9", "R3 B7"),  # Jester then Wizard: free
        ("R3 G7", "B9", "R3 G7"),  # cannot follow: anything, no need to trump
        ("W R3 B7", "B9", "W B7"),  # following with a Wizard while holding the suit
        ("J R3 B7", "B9 R2", "J B7"),
    ],
)
def test_legal_plays(hand: str, trick: str, legal: str) -> None:
    assert [str(c) for c in legal_plays(hand, trick.split())] == legal.split()


def test_check_play_messages() -> None:
    with pytest.raises(ValueError, match="R3 does not follow suit"):
        check_play("R3", "R3 B7", ["B9"])
    with pytest.raises(ValueError, match="G1 is not in the hand"):
        check_play("G1", "R3 B7")
    assert is_legal_play("W", "W B7", ["B9"])
    assert not is_legal_play("R3", "R3 B7", ["B9"])
    with pytest.raises(ValueError, match="empty"):
        legal_plays([], [])
    with pytest.raises(ValueError, match="both in the hand and in the trick"):
        legal_plays("B9 R1", "B9")
    with pytest.raises(ValueError, match="duplicate card B9 in the hand"):
        legal_plays("B9 B9", [])


def test_led_suit() -> None:
    assert led_suit([]) is None
    assert led_suit([Card.parse("J")]) is None
    assert led_suit([Card.parse(c) for c in ("J", "G4", "R9")]) is Suit.GREEN
    assert led_suit([Card.parse(c) for c in ("W", "G4")]) is None


def test_trump_of_turned_card() -> None:
    assert trump_of_turned(STANDARD, STANDARD.index("Y7")) == int(Suit.YELLOW)
    assert trump_of_turned(STANDARD, STANDARD.index("J")) is None
    assert trump_of_turned(STANDARD, STANDARD.index("W")) == "choose"
    assert trump_of_turned(STANDARD, None) is None


def test_replay_rejects_broken_rounds() -> None:
    rules = Rules(3, plus_minus_one=True)
    idx = STANDARD.index
    hands = [[idx("R1")], [idx("R2")], [idx("R3")]]
    turned = idx("B5")
    good = replay_round(rules, 1, hands, turned, 0, [1, 1, 1], [[idx("R2"), idx("R3"), idx("R1")]])
    assert good.winners == [2] and good.tricks == [0, 0, 1]
    with pytest.raises(ValueError, match="forbidden"):
        replay_round(rules, 1, hands, turned, 0, [1, 0, 0], [[idx("R2"), idx("R3"), idx("R1")]])
    with pytest.raises(ValueError, match="trump should be"):
        replay_round(rules, 1, hands, turned, 1, [1, 1, 1], [[idx("R2"), idx("R3"), idx("R1")]])
    with pytest.raises(ValueError, match="may not play"):
        replay_round(rules, 1, hands, turned, 0, [1, 1, 1], [[idx("R3"), idx("R2"), idx("R1")]])
    with pytest.raises(ValueError, match="dealt twice"):
        replay_round(rules, 1, [[0], [0], [1]], turned, 0, [1, 1, 1], [[0, 1, 0]])


# ---------------------------------------------------------------- properties
cards_st = st.lists(st.sampled_from(STANDARD.cards), min_size=1, max_size=6)
trump_st = st.sampled_from([None, *Suit])


def _dedupe(cards: list[Card]) -> list[Card]:
    """A trick the standard deck can hold: each suit card once, at most 4 Wizards and 4 Jesters."""
    out: list[Card] = []
    for c in cards:
        if out.count(c) >= (1 if c.kind is CardKind.SUIT else 4):
            continue
        out.append(c)
    return out


@given(cards_st, trump_st)
def test_winner_properties(cards: list[Card], trump: Suit | None) -> None:
    trick = _dedupe(cards)
    w = trick_winner(trick, trump)
    win = trick[w]
    kinds = [c.kind for c in trick]
    if CardKind.WIZARD in kinds:
        assert w == kinds.index(CardKind.WIZARD)
    elif all(k is CardKind.JESTER for k in kinds):
        assert w == 0
    else:
        assert win.kind is CardKind.SUIT
        assert win.suit in (trump, led_suit(trick))
        for c in trick:  # nothing of the winning suit ranks higher; no trump beats a trump winner
            if c.kind is CardKind.SUIT and c.suit == win.suit:
                assert c.rank <= win.rank
        if win.suit != trump:
            assert all(c.suit != trump for c in trick if c.kind is CardKind.SUIT)
    # appending a Jester never changes the winner
    if len(trick) < 6 and trick.count(Card(CardKind.JESTER)) < 4:
        assert trick_winner([*trick, Card(CardKind.JESTER)], trump) == w


@given(cards_st, cards_st)
def test_legal_plays_properties(hand: list[Card], trick: list[Card]) -> None:
    hand = _dedupe(hand)
    trick = [c for c in _dedupe(trick) if c not in hand or c.kind is not CardKind.SUIT]
    trick = [c for i, c in enumerate(trick) if c.kind is CardKind.SUIT or (hand + trick[: i + 1]).count(c) <= 4]
    legal = legal_plays(hand, trick)
    assert legal and set(legal) <= set(hand)
    assert all(c in legal for c in hand if c.kind is not CardKind.SUIT)
    suit = led_suit(trick)
    if suit is not None and any(c.suit is suit for c in hand):
        assert all(c.suit is suit for c in legal if c.kind is CardKind.SUIT)
    else:
        assert legal == hand
