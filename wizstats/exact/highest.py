"""The chance that a card you hold is the highest of its suit among the dealt cards, counted exactly.

In the first rounds most of the deck stays undealt, so a middling card may well be the top of
its suit at the table (source article ``003_``). With ``n`` players of ``r`` cards each, the
``n r - 1`` other dealt cards are a uniform draw from the ``N - 1`` cards you do not hold (the
turned card among the undealt ones changes nothing), so a card with ``h`` higher cards of its
suit is the highest of its suit in play with probability ``C(N - 1 - h, n r - 1) / C(N - 1, n r - 1)``.

>>> t = highest_of_suit(4, [1], ranks=[10]).table
>>> t[["n_players", "hand_size", "rank", "fraction"]].values.tolist()
[[4, 1, 10, '27720/32509']]
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import comb

import pandas as pd

from ..checks import whole, wholes
from ..estimates import Result
from ..rules import Deck, Rules, resolve_deck

__all__ = ["highest_of_suit", "highest_of_suit_probability"]


def highest_of_suit_probability(
    rank: int, n_players: int, hand_size: int, *, deck: Deck | str = "standard"
) -> Fraction:
    """The exact chance that a suit card of ``rank`` you hold is the highest of its suit among all dealt cards.

    Parameters
    ----------
    rank : int
        The card's rank, ``1 .. deck.n_ranks``.
    n_players, hand_size : int
        The table and the cards per hand (``n_players * hand_size`` cards are dealt).
    deck : Deck or str
        The deck (default: the standard 60 cards).

    >>> highest_of_suit_probability(13, 4, 15)
    Fraction(1, 1)
    >>> highest_of_suit_probability(1, 3, 20)
    Fraction(0, 1)
    """
    deck, n_players, hand_size, rank = _highest_iv(deck, n_players, hand_size, rank)
    others = deck.size - 1
    dealt_others = n_players * hand_size - 1
    higher = deck.n_ranks - rank
    return Fraction(comb(others - higher, dealt_others), comb(others, dealt_others))


def _highest_iv(deck: object, n_players: object, hand_size: object, rank: object) -> tuple[Deck, int, int, int]:
    deck = resolve_deck(deck)  # type: ignore[arg-type]
    rules = Rules(whole(n_players, "n_players"), deck=deck)  # checks that the deck seats the table
    r = whole(hand_size, "hand size", 1)
    if r * rules.n_players > deck.size:
        raise ValueError(
            f"hand size {r} is impossible with {rules.n_players} players and {deck.size} cards"
            f" (at most {deck.size // rules.n_players})"
        )
    k = whole(rank, "rank", 1, deck.n_ranks)
    return deck, rules.n_players, r, k


def highest_of_suit(
    n_players: int | Iterable[int] = 4,
    hand_sizes: int | Iterable[int] | None = None,
    *,
    ranks: Iterable[int] | None = None,
    deck: Deck | str = "standard",
) -> Result:
    """For each table, hand size and rank: the exact chance that your card of that rank tops its suit in play.

    Rows ``n_players, hand_size, rank, value, fraction, higher_cards``; ``hand_sizes=None``: every
    round of each table's standard schedule; ``ranks=None``: every rank of the deck. Exact counts
    (see the module text), no simulation.

    >>> t = highest_of_suit(4, [1, 5], ranks=[10]).table
    >>> [round(v, 3) for v in t.value]
    [0.853, 0.304]
    """
    deck = resolve_deck(deck)
    tables = wholes(n_players, "n_players")
    rank_list = list(range(1, deck.n_ranks + 1)) if ranks is None else wholes(ranks, "ranks")
    rows = []
    for p in tables:
        rules = Rules(whole(p, "n_players"), deck=deck)
        if hand_sizes is None:
            sizes = list(rules.schedule)
        else:
            sizes = wholes(hand_sizes, "hand_sizes")
        for r in sizes:
            for k in rank_list:
                f = highest_of_suit_probability(k, rules.n_players, r, deck=deck)
                rows.append(
                    {
                        "n_players": rules.n_players,
                        "hand_size": int(r),
                        "rank": int(k),
                        "value": float(f),
                        "fraction": str(f),
                        "higher_cards": deck.n_ranks - int(k),
                    }
                )
    return Result(
        f"Your card is the highest of its suit among the dealt cards ({deck.describe()})",
        pd.DataFrame(rows),
        True,
        "counted: the other dealt cards are a uniform draw from the cards you do not hold;"
        " none of the higher cards of the suit among them",
    )
