"""Regression scenarios (issue 30 item 4): known mistakes of trick-taking bots, one fixed state each.

Each test names a situation, builds it as a :class:`~wizstats.engine.RoundView` (seats as in RULES 2:
seat 0 deals, seat 1 bids first and leads the first trick; 4 players, standard deck) and asks the
default player (``wizstats.DEFAULT_POLICY``) for its move through
:class:`~wizstats.engine.PolicyDecider`. Its docstring says why the expected move is the right one
under the rules (RULES 4-6, docs/rules.md), and each test first checks through the decider's own view of
the rules that the wrong move is legal there, so the test can fail.

A player may draw random numbers, so every scenario is asked under ``SEEDS`` (8 seeds) and all of
them must give the expected move. Only the default player is asserted; set ``POLICY`` to ask
another (the random player fails most of them).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import wizstats
from wizstats import Rules
from wizstats.engine import PolicyDecider, RoundView

SEEDS = range(8)
"""Every seed must give the expected move."""

POLICY = wizstats.DEFAULT_POLICY
"""The player asked (``expert``); set it to another name to try the scenarios on that player."""

RED = 1
"""Trump in every scenario (suits: 0 blue, 1 red, 2 green, 3 yellow)."""


def _round(
    rules: Rules, hands: Sequence[str], turned: str, bids: Sequence[int], plays: Sequence[tuple[int, str]] = ()
) -> RoundView:
    """The round with these hands (one string per seat, seat 0 first), turned card (red), bids and plays.

    ``bids`` are in bidding order (seat 1 first); ``plays`` are ``(seat, card)`` so far. Equal cards
    (the Wizards, the Jesters) get distinct ids: a play takes the first id of its card in its seat's
    hand not played yet. Every play must be legal when made, by the seat whose turn it is.
    """
    deck = rules.deck
    ids = deck.indices(" ".join(hands))
    held, k = [], 0
    for hand in hands:
        n = len(hand.split())
        held.append(ids[k : k + n])
        k += n
    played: list[int] = []
    for seat, text in plays:
        played.append(next(c for c in held[seat] if str(deck.card(c)) == text and c not in played))
    decider = PolicyDecider(rules, len(held[0]))
    for j, card in enumerate(played):
        kind, to_move, legal, _, _ = decider.engine_view(RoundView(held, deck.index(turned), RED, bids, played[:j]))
        assert (kind, to_move, card in legal) == ("card", plays[j][0], True), (j, plays[j])
    return RoundView(held, deck.index(turned), RED, bids, played)


def _moves(rules: Rules, hand_size: int, view: RoundView) -> set[str]:
    """The moves ``POLICY`` makes in ``view`` over ``SEEDS``: card texts, or bids as text."""
    moves = set()
    for seed in SEEDS:
        decision = PolicyDecider(rules, hand_size, POLICY, seed=seed).decide(view)
        moves.add(str(rules.deck.card(decision.value)) if decision.kind == "card" else str(decision.value))
    return moves


def _legal(rules: Rules, hand_size: int, view: RoundView, seat: int) -> set[str]:
    """The cards ``seat`` may play in ``view``, by the decider's own rules (it must be that seat's turn)."""
    kind, to_move, legal, _, _ = PolicyDecider(rules, hand_size).engine_view(view)
    assert (kind, to_move) == ("card", seat)
    return {str(rules.deck.card(c)) for c in legal}


def test_a_player_who_needs_every_remaining_trick_leads_its_highest_winner() -> None:
    """Seat 1 bid 5 of 5, won the first two tricks with Wizards, and leads trick 3 holding R13 R11 B13.

    Red is trump and all four Wizards are gone (seats 2 and 3 threw theirs under its first one), so
    R13 is a sure trick and the only one. R11 loses to R12, which seat 1 cannot see; B13 loses to
    any red card of a player void in blue. Leading R13 first costs nothing and draws a red card from
    every opponent who holds one (the holder of R12 with no other red must give it up), so it can
    only help R11 and B13 later: a player that leads a lower card first, or its side-suit winner,
    throws away its one sure way to keep the lead.
    """
    rules = Rules(4)
    hands = ["G2 J Y5 G8 Y9", "W W R13 R11 B13", "W Y6 B4 G10 Y11", "W G9 R12 G11 B7"]
    plays = [(1, "W"), (2, "W"), (3, "W"), (0, "G2"), (1, "W"), (2, "Y6"), (3, "G9"), (0, "J")]
    view = _round(rules, hands, "R2", [5, 1, 1, 0], plays)
    assert _legal(rules, 5, view, seat=1) == {"R13", "R11", "B13"}
    assert _moves(rules, 5, view) == {"R13"}


THREE = ["R13 B2 G3", "B9 G10 Y11", "W B5 G4", "R5 R6 G7"]
FIVE = ["R13 B2 G3 Y2 B3", "B9 G10 Y11 B10 G11", "W B5 G4 B11 G12", "R5 R6 G7 Y12 Y13"]
NAMED = ["R13 B2 G3", "B9 G10 Y11", "J B5 G4", "R5 R6 G7"]  # a Wizard is turned: seat 2 holds a Jester instead


@pytest.mark.parametrize(
    ("plus_minus_one", "hands", "turned", "earlier_bids"),
    [
        (False, THREE, "R4", [1, 1, 1]),  # the earlier bids already add up to the hand size
        (False, THREE, "R4", [0, 1, 2]),
        (True, THREE, "R4", [1, 0, 0]),  # plus/minus one forbids 2 (3 - 1): neither 0 nor 1 is restricted
        (False, FIVE, "R4", [2, 2, 2]),  # the earlier bids exceed the hand size
        (False, NAMED, "W", [0, 0, 1]),
        (False, NAMED, "W", [1, 1, 1]),  # the earlier bids and the dealer's offset move only the cards not sure
    ],
    ids=["sum-reached", "sum-open", "pm1-forbids-2", "sum-passed", "named-trump", "named-trump-sum-reached"],
)
def test_a_dealer_with_the_trump_13_does_not_bid_0(
    plus_minus_one: bool, hands: list[str], turned: str, earlier_bids: list[int]
) -> None:
    """The dealer (seat 0, bidding last) holds R13 and low cards; red is trump (R4 turned, or a Wizard
    turned and the dealer named red, as ``expert`` does with this hand).

    Only a Wizard beats the trump 13 (only three are left when one is turned), and the dealer can
    lose it only by throwing it onto a trick a Wizard has already taken (or one played after it):
    most of the time it takes a trick whatever the dealer does, so a bid of 0 is a likely miss, and
    nothing forces it (no restriction, or plus/minus one forbidding another bid). A bidder that
    fills the sum of the bids up to the hand size (reached or passed already in most cases here)
    would bid 0. For the named case: ``wizstats bid R13 B2 G3 --trump W:red --players 4 --seat 0
    --bids 1 1 1`` plays each deal out under every bid.
    """
    rules = Rules(4, plus_minus_one=plus_minus_one)
    hand_size = len(hands[0].split())
    view = _round(rules, hands, turned, earlier_bids)
    assert rules.forbidden_bid(hand_size, earlier_bids) in (None, 2)
    assert "0" not in _moves(rules, hand_size, view)


@pytest.mark.parametrize(
    ("dealer_hand", "ducks"),
    [
        ("R13 Y2 W J", {"J"}),  # void in blue: the Jester ducks
        ("R13 Y2 W B2", {"B2"}),  # the low blue card ducks
    ],
    ids=["jester", "low-card"],
)
def test_a_player_whose_bid_is_made_does_not_take_another_trick_with_a_wizard(
    dealer_hand: str, ducks: set[str]
) -> None:
    """The dealer bid 1, trumped trick 1 with R13 (red) and lost trick 2; seat 3 leads B11 to trick 3 of 4.

    Its bid is made: every further trick costs 10 points. A Wizard wins any trick it is first in,
    so playing it now takes this trick for sure, while the duck (the Jester, or a blue card lower
    than B11) loses it for sure, and the Wizard kept for the last trick can still lose (to a Wizard
    played before it). Ducking now is never worse.
    """
    rules = Rules(4)
    hands = [dealer_hand, "G5 Y8 B9 B10", "G6 Y9 B3 B4", "G4 Y10 B11 G7"]
    plays = [(1, "G5"), (2, "G6"), (3, "G4"), (0, "R13"), (0, "Y2"), (1, "Y8"), (2, "Y9"), (3, "Y10"), (3, "B11")]
    view = _round(rules, hands, "R3", [0, 1, 1, 1], plays)
    legal = _legal(rules, 4, view, seat=0)
    assert "W" in legal and ducks <= legal
    assert _moves(rules, 4, view) <= ducks


@pytest.mark.parametrize("winner", ["R13", "W"])
def test_a_player_with_a_jester_keeps_it_for_the_trick_it_must_lose(winner: str) -> None:
    """2 cards a hand; the dealer bid 1 and plays last to trick 1 (B9 B10 G4), holding a winner and J.

    Red is trump. Playing last, its R13 (or Wizard) takes this trick for sure, and its Jester,
    led to the last trick, loses unless all three others hold a Jester too: one trick, its bid.
    Playing the Jester now gives this trick away and leaves the winner to the last trick, where a
    Wizard played before it can beat it (its R13) or come first (its Wizard): the Jester is for
    the trick it must lose, not for this one.
    """
    rules = Rules(4)
    hands = [f"{winner} J", "B9 Y8", "B10 Y9", "G4 Y10"]
    view = _round(rules, hands, "R3", [0, 0, 1, 1], [(1, "B9"), (2, "B10"), (3, "G4")])
    assert _legal(rules, 2, view, seat=0) == {winner, "J"}
    assert _moves(rules, 2, view) == {winner}
