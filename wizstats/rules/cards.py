"""Cards and decks (RULES 1).

Inside wizstats a card is a small integer: its index in a :class:`Deck`. Outside it is
text (``W``, ``J``, ``R13``, ``B1``) or a :class:`Card` value. Suit cards come first in a
deck (suit-major, rank 1 first), then the Wizards, then the Jesters, so lookup tables built
once per deck (``deck.kinds``, ``deck.suits``, ``deck.ranks``) go straight into kernels.

Wizards (and Jesters) are interchangeable: ``Card.parse("W")`` is *a* Wizard, and a hand may
hold as many of them as the deck has.

The special cards of the anniversary editions (RULES 8: Dragon, Fairy, Bomb, Werewolf, Juggler,
Cloud, Shapeshifter, Witch, Vampire) are further :class:`CardKind` members. A deck holds each at
most once, listed in ``Deck.specials``; their ids come after the Jesters, so every other id is
the same with or without them. Their card text is the English name (``DRAGON``, ``CLOUD``, ...).
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..checks import WrongType, shown, whole

__all__ = [
    "Card",
    "CardKind",
    "Deck",
    "SPECIAL_KINDS",
    "Suit",
    "card_suit",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "parse_special",
    "resolve_deck",
]

MAX_DECK_SIZE = 64
"""The most cards of a deck without its special cards (suits x ranks + Wizards + Jesters)."""


class Suit(enum.IntEnum):
    """The four suits, in the canonical order of the AMIGO colours."""

    BLUE = 0
    """Blue (letter ``B``)."""
    RED = 1
    """Red (letter ``R``)."""
    GREEN = 2
    """Green (letter ``G``)."""
    YELLOW = 3
    """Yellow (letter ``Y``)."""

    @property
    def letter(self) -> str:
        """The one-letter name used in card text (``B R G Y``)."""
        return self.name[0]


class CardKind(enum.IntEnum):
    """What a card is; the values are the codes the kernels use."""

    SUIT = 0
    """A numbered card of one suit."""
    WIZARD = 1
    """Beats everything; the first Wizard of a trick wins it. No suit."""
    JESTER = 2
    """Loses to everything; a trick of only Jesters goes to the first. No suit."""
    DRAGON = 3
    """Special card (RULES 8): beats every card, Wizards included, except that a Fairy in the trick wins."""
    FAIRY = 4
    """Special card: loses to every card, Jesters included, but wins a trick that holds the Dragon."""
    BOMB = 5
    """Special card: nobody wins its trick; the player who would have won leads the next."""
    WEREWOLF = 6
    """Special card: its holder puts it in place of the turned card, takes that card and names trump or none."""
    JUGGLER = 7
    """Special card: worth 7.5 in a suit named when played; after its trick every player passes a card left."""
    CLOUD = 8
    """Special card: worth 9.75 in a suit named when played; whoever takes it changes his bid by +1 or -1."""
    SHAPESHIFTER = 9
    """Special card: played as a Wizard or as a Jester, chosen when played."""
    WITCH = 10
    """Special card: below Fairy and Jester; once the trick's winner is known, swaps a trick card for a hand card."""
    VAMPIRE = 11
    """Special card: a copy of the turned trump card, with its abilities (RULES 8)."""

    @property
    def is_special(self) -> bool:
        """Whether this is one of the anniversary special cards (``DRAGON`` .. ``VAMPIRE``)."""
        return self >= CardKind.DRAGON


SPECIAL_KINDS: tuple[CardKind, ...] = tuple(k for k in CardKind if k.is_special)
"""The special card kinds, in id order."""

_SPECIAL_NAMES = {k.name: k for k in SPECIAL_KINDS}
_SPECIAL_ALIASES = {
    "drache": CardKind.DRAGON,
    "fee": CardKind.FAIRY,
    "bombe": CardKind.BOMB,
    "werwolf": CardKind.WEREWOLF,
    "jongleur": CardKind.JUGGLER,
    "wolke": CardKind.CLOUD,
    "gestaltwandler": CardKind.SHAPESHIFTER,
    "hexe": CardKind.WITCH,
    "vampir": CardKind.VAMPIRE,
}


def parse_special(value: CardKind | str) -> CardKind:
    """A special card kind from itself or its English or German name (any case).

    >>> parse_special("dragon"), parse_special("Wolke")
    (<CardKind.DRAGON: 3>, <CardKind.CLOUD: 8>)
    """
    if isinstance(value, CardKind) and value.is_special:
        return value
    if isinstance(value, str):
        key = value.strip().lower()
        if key.upper() in _SPECIAL_NAMES:
            return _SPECIAL_NAMES[key.upper()]
        if key in _SPECIAL_ALIASES:
            return _SPECIAL_ALIASES[key]
    names = ", ".join(k.name.lower() for k in SPECIAL_KINDS)
    raise ValueError(f"unknown special card {shown(value)} (expected one of: {names})")


_KIND_LETTERS = {"W": CardKind.WIZARD, "Z": CardKind.WIZARD, "J": CardKind.JESTER, "N": CardKind.JESTER}
_SUIT_WORDS = {s.name.lower(): s for s in Suit} | {s.letter.lower(): s for s in Suit}


@dataclass(frozen=True, order=True)
class Card:
    """One card: a Wizard, a Jester, or a suit card with a rank.

    Examples
    --------
    >>> Card.parse("r13")
    Card('R13')
    >>> Card.parse("Z").kind is CardKind.WIZARD
    True
    >>> str(Card(CardKind.SUIT, Suit.BLUE, 7))
    'B7'
    """

    kind: CardKind
    suit: Suit | None = None
    rank: int = 0

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "kind", CardKind(self.kind))
            if self.suit is not None:
                object.__setattr__(self, "suit", Suit(self.suit))
        except (ValueError, TypeError):
            raise ValueError(f"not a card kind and suit: {self.kind!r}, {self.suit!r}") from None
        rank = whole(self.rank, "a card's rank")
        object.__setattr__(self, "rank", rank)
        if self.kind is CardKind.SUIT:
            if self.suit is None or not 1 <= rank <= MAX_DECK_SIZE:
                raise ValueError(
                    f"a suit card needs a suit and a rank 1..{MAX_DECK_SIZE}, got {self.suit!r}, {self.rank!r}"
                )
        elif self.suit is not None or rank != 0:
            raise ValueError(f"a {self.kind.name.lower()} has no suit or rank")

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Parse card text (case-insensitive): ``W``/``Z``, ``J``/``N``, or a suit letter and rank."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"not a card: {shown(text)}")
        token = text.strip().upper()
        if token in _KIND_LETTERS:
            return cls(_KIND_LETTERS[token])
        if token in _SPECIAL_NAMES:
            return cls(_SPECIAL_NAMES[token])
        if len(token) >= 2 and token[0] in "BRGY" and token[1:].isascii() and token[1:].isdigit():
            rank = int(token[1:]) if len(token) <= 4 else 0
            if 1 <= rank <= MAX_DECK_SIZE and token[1] != "0":
                return cls(CardKind.SUIT, Suit("BRGY".index(token[0])), rank)
        raise ValueError(
            f"unknown card {shown(text)} (expected W, J, Z, N, a suit letter B/R/G/Y and a rank"
            f" 1..{MAX_DECK_SIZE}, e.g. R13, or a special card's name, e.g. DRAGON)"
        )

    def __str__(self) -> str:
        if self.kind is CardKind.SUIT:
            assert self.suit is not None
            return f"{self.suit.letter}{self.rank}"
        if self.kind.is_special:
            return self.kind.name
        return "W" if self.kind is CardKind.WIZARD else "J"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


def parse_card(text: str | Card) -> Card:
    """Parse one card; see :meth:`Card.parse`."""
    return Card.parse(text)


def parse_cards(items: str | Iterable[str | Card]) -> list[Card]:
    """Parse several cards, from a sequence or from one string separated by spaces or commas.

    >>> [str(c) for c in parse_cards("W r12, b3")]
    ['W', 'R12', 'B3']
    """
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    if not isinstance(items, Iterable):
        raise WrongType(f"cards must be a string or a list of cards, got {shown(items)}")
    return [Card.parse(item) for item in items]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as space-separated text."""
    return " ".join(str(c) for c in cards)


def parse_suit(value: Suit | str | int | None, *, allow_none: bool = True) -> Suit | None:
    """A suit from a :class:`Suit`, its name or letter (any case), or ``None`` / ``"none"`` for no trump.

    >>> parse_suit("red"), parse_suit("Y"), parse_suit(None)
    (<Suit.RED: 1>, <Suit.YELLOW: 3>, None)
    """
    if value is None or (isinstance(value, str) and value.strip().lower() in ("none", "no", "-")):
        if allow_none:
            return None
        raise ValueError("a suit is required here, not 'no trump'")
    if isinstance(value, Suit):
        return value
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= value < 4:
        return Suit(int(value))
    if isinstance(value, str) and value.strip().lower() in _SUIT_WORDS:
        return _SUIT_WORDS[value.strip().lower()]
    raise ValueError(f"unknown suit {shown(value)} (expected blue, red, green, yellow, B, R, G, Y or none)")


def card_suit(card: Card) -> Suit | None:
    """The suit of a card, ``None`` for a Wizard or Jester."""
    return card.suit


@dataclass(frozen=True)
class Deck:
    """A deck: ``n_suits`` suits of ranks ``1..n_ranks``, plus Wizards and Jesters (at most 64 cards).

    ``specials`` lists the anniversary special cards in play (RULES 8), each at most once; they
    get the ids after the Jesters, in :class:`CardKind` order, and may take the deck past 64
    cards (the special-card engine indexes hands by position, so a hand stays below 64 cards).

    Examples
    --------
    >>> Deck.standard().size, Deck.junior().size, Deck.oh_hell().size
    (60, 36, 52)
    >>> Deck.standard().index("R13"), str(Deck.standard().card(25))
    (25, 'R13')
    >>> d = Deck.standard().with_specials(["fairy", "dragon"])
    >>> d.size, d.index("DRAGON"), str(d.card(61))
    (62, 60, 'FAIRY')
    """

    n_suits: int = 4
    n_ranks: int = 13
    n_wizards: int = 4
    n_jesters: int = 4
    name: str = "standard"
    specials: tuple[CardKind, ...] = ()

    def __post_init__(self) -> None:
        for field_name in ("n_suits", "n_ranks", "n_wizards", "n_jesters"):
            object.__setattr__(self, field_name, whole(getattr(self, field_name), f"Deck.{field_name}", 0))
        if not isinstance(self.name, str):
            raise WrongType(f"Deck.name must be a string, got {shown(self.name)}")
        if not 1 <= self.n_suits <= 4:
            raise ValueError(f"a deck has 1 to 4 suits (B R G Y), got {self.n_suits}")
        if self.n_ranks < 1:
            raise ValueError(f"a deck needs ranks 1..n with n >= 1, got {self.n_ranks}")
        if self.size - len(self.specials) > MAX_DECK_SIZE:
            raise ValueError(f"a deck holds at most {MAX_DECK_SIZE} cards, this one {self.size}")
        if isinstance(self.specials, (str, CardKind)):
            raise ValueError(f"Deck.specials must be a sequence of special cards, got {self.specials!r}")
        kinds = [parse_special(k) for k in self.specials]
        if len(set(kinds)) != len(kinds):
            raise ValueError(f"a deck holds each special card at most once, got {[k.name for k in kinds]}")
        object.__setattr__(self, "specials", tuple(sorted(kinds)))

    def with_specials(self, specials: Iterable[CardKind | str]) -> Deck:
        """This deck with these special cards (by kind or name) in place of its own."""
        return Deck(self.n_suits, self.n_ranks, self.n_wizards, self.n_jesters, self.name, tuple(specials))  # type: ignore[arg-type]

    @classmethod
    def standard(cls) -> Deck:
        """The Wizard deck: 4 x 13, 4 Wizards, 4 Jesters (60 cards)."""
        return cls(4, 13, 4, 4, "standard")

    @classmethod
    def junior(cls) -> Deck:
        """Wizard Junior: 4 x 8, 2 Wizards, 2 Jesters (36 cards)."""
        return cls(4, 8, 2, 2, "junior")

    @classmethod
    def oh_hell(cls) -> Deck:
        """Oh Hell: 4 x 13, no Wizards, no Jesters (52 cards)."""
        return cls(4, 13, 0, 0, "oh-hell")

    @property
    def size(self) -> int:
        """The number of cards (special cards included)."""
        return self.n_suits * self.n_ranks + self.n_wizards + self.n_jesters + len(self.specials)

    @property
    def n_plain(self) -> int:
        """The number of cards other than special cards (ids ``0 .. n_plain - 1``)."""
        return self.n_suits * self.n_ranks + self.n_wizards + self.n_jesters

    @property
    def n_suit_cards(self) -> int:
        """The number of suit cards (ids ``0 .. n_suit_cards - 1``)."""
        return self.n_suits * self.n_ranks

    def card(self, index: int) -> Card:
        """The card with this id."""
        if not 0 <= index < self.size:
            raise ValueError(f"card id {index} is outside this deck of {self.size} cards")
        if index < self.n_suit_cards:
            return Card(CardKind.SUIT, Suit(index // self.n_ranks), index % self.n_ranks + 1)
        if index < self.n_suit_cards + self.n_wizards:
            return Card(CardKind.WIZARD)
        if index >= self.n_plain:
            return Card(self.specials[index - self.n_plain])
        return Card(CardKind.JESTER)

    @property
    def cards(self) -> list[Card]:
        """Every card, in id order."""
        return [self.card(i) for i in range(self.size)]

    def index(self, card: Card | str) -> int:
        """The id of a card (the first Wizard or Jester id for those); error if not in this deck."""
        return self.indices([card])[0]

    def indices(self, cards: Iterable[Card | str]) -> list[int]:
        """Ids for several cards; repeated Wizards/Jesters get successive ids.

        Raises ``ValueError`` naming the card for a card not in this deck, a repeated suit card,
        or more Wizards or Jesters than the deck has.
        """
        parsed = parse_cards(cards) if isinstance(cards, str) else [Card.parse(c) for c in cards]
        seen: Counter[Card] = Counter()
        out = []
        for card in parsed:
            seen[card] += 1
            out.append(self._index_of(card, seen[card]))
        return out

    def _index_of(self, card: Card, occurrence: int) -> int:
        if card.kind is CardKind.SUIT:
            assert card.suit is not None
            if card.suit >= self.n_suits or card.rank > self.n_ranks:
                raise ValueError(f"card {card} is not in the {self.name} deck ({self.describe()})")
            if occurrence > 1:
                raise ValueError(f"duplicate card {card}")
            return int(card.suit) * self.n_ranks + card.rank - 1
        if card.kind.is_special:
            if card.kind not in self.specials:
                raise ValueError(f"card {card} is not in the {self.name} deck ({self.describe()})")
            if occurrence > 1:
                raise ValueError(f"duplicate card {card}")
            return self.n_plain + self.specials.index(card.kind)
        count, first = (
            (self.n_wizards, self.n_suit_cards)
            if card.kind is CardKind.WIZARD
            else (self.n_jesters, self.n_suit_cards + self.n_wizards)
        )
        if count == 0:
            raise ValueError(f"card {card} is not in the {self.name} deck ({self.describe()})")
        if occurrence > count:
            what = "Wizards" if card.kind is CardKind.WIZARD else "Jesters"
            raise ValueError(f"duplicate card {card}: the {self.name} deck has only {count} {what}")
        return first + occurrence - 1

    def describe(self) -> str:
        """A one-line description, e.g. ``4 x 13 + 4 Wizards + 4 Jesters = 60 cards``."""
        specials = "".join(f" + {k.name.capitalize()}" for k in self.specials)
        return (
            f"{self.n_suits} x {self.n_ranks} + {self.n_wizards} Wizards + {self.n_jesters} Jesters{specials}"
            f" = {self.size} cards"
        )

    @functools.cached_property
    def kinds(self) -> np.ndarray:
        """``int8[size]``: the :class:`CardKind` code of every card id (special cards: 3 and up)."""
        return np.array([int(c.kind) for c in self.cards], dtype=np.int8)

    @functools.cached_property
    def suits(self) -> np.ndarray:
        """``int8[size]``: the suit of every card id, -1 for Wizards and Jesters."""
        return np.array([-1 if c.suit is None else int(c.suit) for c in self.cards], dtype=np.int8)

    @functools.cached_property
    def ranks(self) -> np.ndarray:
        """``int8[size]``: the rank of every card id, 0 for Wizards and Jesters."""
        return np.array([c.rank for c in self.cards], dtype=np.int8)


_NAMED_DECKS = {"standard": Deck.standard, "wizard": Deck.standard, "junior": Deck.junior, "oh-hell": Deck.oh_hell}


def resolve_deck(deck: Deck | str) -> Deck:
    """A :class:`Deck` from itself or a name: ``standard``, ``junior``, ``oh-hell``, or ``SxR+W+J``.

    >>> resolve_deck("oh_hell").size, resolve_deck("4x10+2+2").size
    (52, 44)
    """
    if isinstance(deck, Deck):
        return deck
    if not isinstance(deck, str):
        raise ValueError(f"unknown deck {shown(deck)}")
    key = deck.strip().lower().replace("_", "-").replace(" ", "")
    if key in _NAMED_DECKS:
        return _NAMED_DECKS[key]()
    try:
        shape, wizards, jesters = key.split("+")
        suits, ranks = shape.split("x")
        counts = (suits, ranks, wizards, jesters)
        if not all(c.isascii() and c.isdigit() for c in counts):  # int() takes '-0' and other scripts' digits
            raise ValueError("not four counts")
        return Deck(int(suits), int(ranks), int(wizards), int(jesters), name=key)
    except ValueError as err:
        if "deck" in str(err):
            raise
        raise ValueError(
            f"unknown deck {shown(deck)} (expected standard, junior, oh-hell or SUITSxRANKS+WIZARDS+JESTERS,"
            " e.g. 4x13+4+4)"
        ) from None
