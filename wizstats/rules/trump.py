"""What a player knows about trump, as a value: a turned card, a suit, none, a named suit, or nothing.

Shared by the exact counts (:mod:`wizstats.exact`) and the simulations (:mod:`wizstats.stats`).

>>> parse_trump("W:red").mode, parse_trump("J").card
('named', Card('J'))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..checks import shown
from .cards import Card, CardKind, Suit, parse_suit

__all__ = ["TrumpSpec", "parse_trump"]


@dataclass(frozen=True)
class TrumpSpec:
    """What the bidder knows about trump.

    ``mode`` is ``"card"`` (the turned card is known), ``"suit"`` (a card of ``suit`` was turned,
    which one unknown), ``"none"`` (no trump: a Jester turned, or a round without a turned card),
    ``"named"`` (a Wizard turned and the dealer named ``suit``), ``"any"`` (nothing known: a
    random turned card), ``"trump"`` / ``"plain"`` (for one card: a card of its own suit, or of
    another suit, was turned).
    """

    mode: str
    card: Card | None = None
    suit: Suit | None = None

    def describe(self) -> str:
        """Short text, e.g. ``turned R5``, ``red turned``, ``no trump``."""
        return {
            "card": f"turned {self.card}",
            "suit": f"a {self.suit.name.lower() if self.suit is not None else ''} card turned",
            "none": "no trump",
            "named": f"Wizard turned, dealer named {self.suit.name.lower() if self.suit is not None else ''}",
            "any": "any turned card",
            "trump": "a card of its own suit turned",
            "plain": "a card of another suit turned",
        }[self.mode]


_ANY_WORDS = ("any", "random", "unknown", "?")
_NONE_WORDS = ("none", "no", "-", "no trump", "notrump")  # not "": an empty value is a mistake, not "no trump"


def parse_trump(value: object) -> TrumpSpec:
    """What a user says about trump, as a :class:`TrumpSpec`.

    A card (``"R5"``, ``Card``) is the turned card: ``"W"`` a Wizard (the dealer names a suit),
    ``"J"`` a Jester (no trump). A suit (``"red"``, ``"R"``, ``Suit.RED``) means a card of that
    suit was turned, which one unknown. ``None`` or ``"none"``: no trump. ``"W:red"`` or
    ``("W", "red")``: a Wizard turned and the dealer named red. ``"any"``: unknown.

    >>> parse_trump("R5").describe(), parse_trump("red").describe(), parse_trump(None).describe()
    ('turned R5', 'a red card turned', 'no trump')
    >>> parse_trump("W:green").describe()
    'Wizard turned, dealer named green'
    """
    if isinstance(value, TrumpSpec):
        return value
    if value is None or isinstance(value, Card):
        return TrumpSpec("none") if value is None else TrumpSpec("card", value)
    if isinstance(value, (tuple, list)) or (isinstance(value, str) and ":" in value):
        parts = value.split(":") if isinstance(value, str) else list(value)
        if len(parts) != 2:
            raise ValueError(
                f"impossible trump {shown(value)}: give a Wizard and the suit the dealer named, e.g. 'W:red'"
            )
        card = Card.parse(parts[0]) if isinstance(parts[0], (str, Card)) else None
        if card is None or card.kind is not CardKind.WIZARD:
            raise ValueError(f"impossible trump {shown(value)}: only after a turned Wizard does the dealer name a suit")
        return TrumpSpec("named", card, parse_suit(parts[1], allow_none=False))
    if isinstance(value, Suit):
        return TrumpSpec("suit", suit=value)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _ANY_WORDS:
            return TrumpSpec("any")
        if word in _NONE_WORDS:
            return TrumpSpec("none")
        if word in ("trump", "plain"):
            return TrumpSpec(word)
        try:
            return TrumpSpec("card", Card.parse(value))
        except ValueError:
            pass
    try:
        return TrumpSpec("suit", suit=parse_suit(value, allow_none=False))  # type: ignore[arg-type]
    except ValueError:
        raise ValueError(
            f"impossible trump {shown(value)} (expected a turned card such as R5, W or J, a suit such as red, "
            "'W:red' for a Wizard and the named suit, 'none' or 'any')"
        ) from None
