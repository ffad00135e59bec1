"""One colour (RULES 9), the pure-Python oracle: the deal, the trick and a whole round, card by card.

The kernels of :mod:`wizstats._kernels.variants.onecolour` are held to these functions.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import Scoring, forbidden_bid, raw_score
from .standard import RoundRng

__all__ = [
    "HAND_SIZES",
    "PILE",
    "VALUE_NAMES",
    "card_text",
    "deal_one_colour",
    "one_colour_trick_winner",
    "replay_one_colour_round",
]

PILE = 15


HAND_SIZES = tuple(range(4, 16))
"""Cards in hand in rounds 1..12."""


VALUE_NAMES = ("J", *(str(r) for r in range(1, 14)), "W")


def card_text(value: int, player: int) -> str:
    """A pile card as text: ``W``, ``J`` or the player's suit letter and the rank (``R7``)."""
    if value in (0, 14):
        return VALUE_NAMES[value]
    return f"{'BRGY'[player]}{value}"


def one_colour_trick_winner(values: Sequence[int]) -> int:
    """Position of the card that takes a one-colour trick: the highest value, the first of equals.

    >>> one_colour_trick_winner([7, 13, 13, 2]), one_colour_trick_winner([0, 0, 0])
    (1, 0)
    """
    if not values:
        raise ValueError("a trick needs at least one card")
    return max(range(len(values)), key=lambda i: (values[i], -i))


def deal_one_colour(n: int, hand_size: int, rng: RoundRng) -> list[list[int]]:
    """Each seat in turn draws ``hand_size`` values from its own pile 0..14 (partial Fisher-Yates)."""
    hands = []
    for _ in range(n):
        pool = list(range(PILE))
        for i in range(hand_size):
            j = i + rng.below(PILE - i)
            pool[i], pool[j] = pool[j], pool[i]
        hands.append(sorted(pool[:hand_size]))
    return hands


def replay_one_colour_round(
    hands: Sequence[Sequence[int]],
    bids: Sequence[int],
    plays: Sequence[Sequence[int]],
    *,
    plus_minus_one: bool = False,
    scoring: Scoring | str = "standard",
) -> tuple[list[int], list[int], list[int]]:
    """Check one round and recompute it: ``(trick winners, tricks per seat, points per seat)``.

    ``plays`` holds per trick the values in play order, the leader first (seat 1 leads the first
    trick, the winner the next). Raises ``ValueError`` naming the first broken rule.
    """
    n, r = len(hands), len(hands[0])
    held = [sorted(h) for h in hands]
    if any(len(h) != r or len(set(h)) != r or not all(0 <= v < PILE for v in h) for h in held):
        raise ValueError(f"every seat holds {r} different values of 0..14")
    if any(not 0 <= b <= r for b in bids):
        raise ValueError(f"bids must lie in 0..{r}")
    if plus_minus_one and forbidden_bid(r, list(bids[1:])) == bids[0]:
        raise ValueError(f"the dealer's bid {bids[0]} is forbidden by plus/minus one")
    if len(plays) != r:
        raise ValueError(f"expected {r} tricks, got {len(plays)}")
    leader, winners, tricks = 1 % n, [], [0] * n
    for t, trick in enumerate(plays):
        for k, value in enumerate(trick):
            seat = (leader + k) % n
            if value not in held[seat]:
                raise ValueError(f"trick {t}: seat {seat} does not hold {value}")
            held[seat].remove(value)
        leader = (leader + one_colour_trick_winner(list(trick))) % n
        winners.append(leader)
        tricks[leader] += 1
    kind = Scoring(scoring) if isinstance(scoring, str) else scoring
    return winners, tricks, [raw_score(b, t, kind, r) for b, t in zip(bids, tricks, strict=True)]
