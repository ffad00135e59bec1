"""Checks that need the rules: the rules-or-players check, hand sizes, seats, and cards of the deck in use.

Every public function that takes ``rules`` and ``n_players`` (or ``deck``) resolves them here, in
one way: :func:`rules_for`. Cards are checked against the deck in play (``R14`` is no card of the
standard deck, a fifth Wizard is one too many), tricks against the table (at most one card per
player), special cards against rules that include them.

>>> rules_for(None, 4).n_players
4
>>> rules_for(Rules(5), 4)
Traceback (most recent call last):
...
ValueError: n_players 4 does not match rules.n_players 5
>>> [str(c) for c in cards_in_deck("W R13 J", Deck.standard())]
['W', 'R13', 'J']
>>> cards_in_deck("R14", Deck.standard())
Traceback (most recent call last):
...
ValueError: card R14 is not in the standard deck (4 x 13 + 4 Wizards + 4 Jesters = 60 cards)
"""

from __future__ import annotations

from collections.abc import Iterable

from ..checks import WrongType, shown, whole
from .cards import Card, Deck, parse_cards, resolve_deck
from .rules import MAX_PLAYERS, Rules

__all__ = ["cards_in_deck", "hand_size_for", "max_players", "rules_for", "seat_for", "trick_for"]


def rules_for(rules: Rules | None, n_players: object = None, *, deck: Deck | str | None = None) -> Rules:
    """The rules of a call: ``rules`` as given, or the standard game for ``n_players`` (with ``deck``).

    Given both, they must agree: ``n_players`` must be ``rules.n_players`` and ``deck`` must be
    ``rules.deck`` (a value given beside ``rules`` is never ignored).
    """
    if rules is None:
        if n_players is None:
            raise ValueError("give n_players (or rules)")
        return Rules(whole(n_players, "n_players"), deck=resolve_deck("standard" if deck is None else deck))
    if not isinstance(rules, Rules):
        raise WrongType(f"rules must be a Rules value, got {type(rules).__name__}")
    if n_players is not None and whole(n_players, "n_players") != rules.n_players:
        raise ValueError(f"n_players {n_players} does not match rules.n_players {rules.n_players}")
    if deck is not None:
        given, own = resolve_deck(deck), rules.deck
        shape = (given.n_suits, given.n_ranks, given.n_wizards, given.n_jesters)
        if shape != (own.n_suits, own.n_ranks, own.n_wizards, own.n_jesters):
            raise ValueError(
                f"deck {given.name!r} does not match rules.deck ({own.describe()}): give the deck in the rules only"
            )
    return rules


def max_players(deck: Deck) -> int:
    """The most players a deck takes: 6 with the standard deck, else as many as get a card (at most 8)."""
    return 6 if deck.name == "standard" or deck == Deck.standard() else min(MAX_PLAYERS, deck.size)


def hand_size_for(hand_size: object, rules: Rules, name: str = "hand_size") -> int:
    """A hand size the deck allows at this table: ``1 .. deck.size // n_players``."""
    r = whole(hand_size, name)
    if not 1 <= r <= rules.max_hand_size:
        raise ValueError(
            f"{name} {r} is impossible: {rules.n_players} players and {rules.deck.size} cards allow 1 to"
            f" {rules.max_hand_size}"
        )
    return r


def seat_for(seat: object, n_players: int) -> int:
    """A seat ``0`` (the dealer) .. ``n_players - 1``; seat 1 bids and leads first."""
    s = whole(seat, "seat")
    if not 0 <= s < n_players:
        raise ValueError(f"seat must be 0 (the dealer) .. {n_players - 1} (seat 1 bids and leads first), got {s}")
    return s


def card_list(cards: object, what: str = "cards") -> list[Card]:
    """Cards given as a string such as ``"W R12 B3"`` or a list of cards or their names, parsed (no deck yet)."""
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, Iterable):
        return [Card.parse(c) for c in cards]
    raise WrongType(f"{what} must be a list of cards or a string such as 'W R12 B3', got {shown(cards)}")


def cards_in_deck(cards: str | Iterable[str | Card], deck: Deck, *, what: str = "cards") -> list[Card]:
    """Parse cards and check them against ``deck``: each in it, no suit card twice, no more Wizards than it has."""
    parsed = card_list(cards, what)
    deck.indices(parsed)  # raises naming the card: not in this deck, or one too many
    return parsed


def trick_for(
    cards: str | Iterable[str | Card], rules: Rules | None = None, *, what: str = "trick", specials: bool = False
) -> list[Card]:
    """Cards of one trick: in the deck of ``rules`` (default: the standard deck), at most one per player.

    Without ``rules`` the table is as large as the deck allows (6 players with the standard deck).
    Special cards (RULES 8) only with ``specials`` (a judge that knows them) and rules that hold them.
    """
    deck = Deck.standard() if rules is None else rules.deck
    parsed = cards_in_deck(cards, deck, what=what)
    special = [c for c in parsed if c.kind.is_special]
    if special and not specials:
        raise ValueError(
            f"{special[0]} is a special card (RULES 8): the standard rules do not judge it"
            " (wizstats.reference.special_trick_winner does)"
        )
    most = max_players(deck) if rules is None else rules.n_players
    if len(parsed) > most:
        table = f"at most {most} players with the {deck.name} deck" if rules is None else f"{most} players"
        raise ValueError(f"a {what} holds at most one card per player ({table}), got {len(parsed)} cards")
    return parsed
