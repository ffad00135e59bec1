"""Rules of a game (RULES 2-7): players, deck, round schedule and variants, as one frozen value.

A :class:`Rules` is validated once, when it is made; everything downstream trusts it.

>>> r = Rules(4)
>>> r.schedule[:3], r.rounds_per_game, r.tricks_per_game
((1, 2, 3), 15, 120)
>>> Rules.tournament(3).schedule
(2, 4, 6, 8, 10, 12, 14, 16, 18, 20)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..checks import MAX_SCHEDULE, WrongType, flag, real, shown, whole
from .cards import MAX_DECK_SIZE, SPECIAL_KINDS, CardKind, Deck, parse_special, resolve_deck

__all__ = [
    "BidVisibility",
    "Rules",
    "Scoring",
    "TOURNAMENT_SCHEDULES",
    "TrumpChoice",
    "forbidden_bid",
    "standard_schedule",
]

MAX_PLAYERS = 8
"""The most players the engine handles for a non-standard deck (the standard deck: 3 to 6)."""

TOURNAMENT_SCHEDULES: dict[int, tuple[int, ...]] = {
    3: (2, 4, 6, 8, 10, 12, 14, 16, 18, 20),
    4: (1, 3, 5, 7, 9, 11, 12, 13, 14, 15),
    5: (2, 4, 5, 6, 7, 8, 9, 10, 11, 12),
    6: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
}
"""Hand sizes of the 10 deals of an AMIGO preliminary-round game (guidelines 2019, RULES 7).

The 6-player sequence is uncertain: no source states it; RULES 7 gives 1..10.
"""

TOURNAMENT_PLACEMENT_POINTS = (45, 30, 20, 10, 5, 0)
"""Placement points for places 1..6 at a tournament table (RULES 7; place 6 gets 0, an assumption)."""


class TrumpChoice(str, enum.Enum):
    """When the dealer names trump after turning a Wizard (RULES 3)."""

    AFTER_LOOK = "after-look"
    """After looking at his hand (rulebook 1996; the default)."""
    BLIND = "blind"
    """Before looking at his hand (one reading of the 2022 text)."""


class BidVisibility(str, enum.Enum):
    """Who sees the bids, and when (RULES 4)."""

    OPEN = "open"
    """Bids are made in seat order and are public as they are made (the standard game)."""
    HIDDEN = "hidden"
    """Everyone bids at once ("Verdeckter Tipp"); bids are revealed before play."""
    AFTER_ROUND = "after-round"
    """Everyone bids at once; bids are revealed only after the round ("Niet door kennis gehinderd")."""


class Scoring(str, enum.Enum):
    """How a round is scored (RULES 6)."""

    STANDARD = "standard"
    """Exact: 20 + 10 x tricks; missed: -10 per trick of difference."""
    ALTERNATIVE = "alternative"
    """Exact: 10 x hand size + 10 x bid; missed by k: 10 x min(bid, tricks) - 10 x (1 + ... + k)."""


def standard_schedule(n_players: int, deck: Deck | str = "standard") -> tuple[int, ...]:
    """Hand sizes ``1 .. deck.size // n_players`` of a standard game (RULES 2)."""
    size = resolve_deck(deck).size
    return tuple(range(1, size // whole(n_players, "n_players", 1) + 1))


def forbidden_bid(hand_size: int, earlier_bids: Sequence[int]) -> int | None:
    """Under plus/minus one, the bid the last bidder may not make: ``r - S`` when ``S <= r``, else ``None``.

    >>> forbidden_bid(5, [2, 1, 0]), forbidden_bid(3, [2, 2])
    (2, None)
    """
    hand_size = whole(hand_size, "hand_size", 1, 64)
    if isinstance(earlier_bids, (str, bytes)) or not isinstance(earlier_bids, Sequence):
        raise WrongType(f"earlier_bids must be a sequence of bids, got {shown(earlier_bids)}")
    rest = hand_size - sum(whole(b, "an earlier bid", 0, hand_size) for b in earlier_bids)
    return rest if rest >= 0 else None


def _enum_value(enum_type: type[enum.Enum], value: object, what: str) -> enum.Enum:
    try:
        return enum_type(value.value if isinstance(value, enum.Enum) else str(value).lower())
    except ValueError:
        choices = ", ".join(m.value for m in enum_type)
        raise ValueError(f"unknown {what} {shown(value)} (expected one of: {choices})") from None


@dataclass(frozen=True, init=False)
class Rules:
    """The rules of one game, validated when made.

    Parameters
    ----------
    n_players
        3 to 6 with the standard deck; with another deck, 2 to 8 as long as each gets a card.
    deck
        A :class:`~wizstats.rules.Deck` or its name (``standard``, ``junior``, ``oh-hell``, ``4x13+4+4``).
    schedule
        Hand sizes round by round: ``"standard"`` (1 .. deck / players), ``"tournament"`` (RULES 7),
        or any sequence of hand sizes.
    plus_minus_one
        The sum of bids may not equal the hand size (only the last bidder, the dealer, is restricted).
    plus_minus_one_min_hand
        The restriction applies only to rounds with at least this many tricks (tournament: 2).
    trump_choice
        When the dealer names trump after a turned Wizard: ``after-look`` (1996, default) or ``blind``.
    bids
        ``open`` (default), ``hidden`` (revealed before play) or ``after-round``.
    scoring
        ``standard`` (default) or ``alternative``.
    placement_points
        If set, a game is ranked by these points per place (tournament: 45/30/20/10/5).
    special_cards
        The anniversary special cards in play (RULES 8), by English or German name (``dragon``,
        ``fairy``, ``bomb``, ``werewolf``, ``juggler``, ``cloud``, ``shapeshifter``, ``witch``,
        ``vampire``; ``"all"`` for all nine; a comma-separated string is fine). Dragon and Fairy come
        together. They are added to ``deck`` (``deck.specials``), so the standard schedule grows with
        the deck (RULES 2: the last round deals every card). Normalised to a frozenset of English names.
    """

    n_players: int
    deck: Deck
    schedule: tuple[int, ...]
    plus_minus_one: bool
    plus_minus_one_min_hand: int
    trump_choice: TrumpChoice
    bids: BidVisibility
    scoring: Scoring
    placement_points: tuple[int, ...] | None
    special_cards: frozenset[str]

    def __init__(
        self,
        n_players: int = 4,
        deck: Deck | str = "standard",
        schedule: str | Sequence[int] = (),
        plus_minus_one: bool = False,
        plus_minus_one_min_hand: int = 1,
        trump_choice: TrumpChoice | str = TrumpChoice.AFTER_LOOK,
        bids: BidVisibility | str = BidVisibility.OPEN,
        scoring: Scoring | str = Scoring.STANDARD,
        placement_points: Sequence[int] | None = None,
        special_cards: str | Iterable[str] = frozenset(),
    ) -> None:
        """Take names or values for every field; :func:`_rules_iv` checks them and stores the normal form."""
        given = {
            "n_players": n_players,
            "deck": deck,
            "schedule": schedule,
            "plus_minus_one": plus_minus_one,
            "plus_minus_one_min_hand": plus_minus_one_min_hand,
            "trump_choice": trump_choice,
            "bids": bids,
            "scoring": scoring,
            "placement_points": placement_points,
            "special_cards": special_cards,
        }
        for name, value in given.items():
            object.__setattr__(self, name, value)
        _rules_iv(self)

    @classmethod
    def tournament(cls, n_players: int, **changes: object) -> Rules:
        """AMIGO preliminary-round rules: 10 fixed deals, plus/minus one from 2 tricks, placement points."""
        return cls(
            n_players,
            schedule="tournament",
            plus_minus_one=True,
            plus_minus_one_min_hand=2,
            placement_points=TOURNAMENT_PLACEMENT_POINTS[:n_players],
            **changes,  # type: ignore[arg-type]  # checked by Rules itself
        )

    def replace(self, **changes: object) -> Rules:
        """A copy with some fields changed (validated again)."""
        if "special_cards" in changes and "deck" not in changes:
            changes["deck"] = self.deck.with_specials(())  # the new special_cards decide the deck's
        return replace(self, **changes)  # type: ignore[arg-type]

    @property
    def max_hand_size(self) -> int:
        """The largest hand the deck allows for this many players."""
        return self.deck.size // self.n_players

    @property
    def rounds_per_game(self) -> int:
        """Rounds in a game."""
        return len(self.schedule)

    @property
    def tricks_per_game(self) -> int:
        """Tricks in a game (the sum of the hand sizes)."""
        return sum(self.schedule)

    def pm1_applies(self, hand_size: int) -> bool:
        """Whether plus/minus one restricts the last bid in a round of this size."""
        return self.plus_minus_one and hand_size >= self.plus_minus_one_min_hand

    def forbidden_bid(self, hand_size: int, earlier_bids: Sequence[int]) -> int | None:
        """The dealer's forbidden bid in this round under these rules, or ``None``."""
        return forbidden_bid(hand_size, earlier_bids) if self.pm1_applies(hand_size) else None

    def has_trump_card(self, hand_size: int) -> bool:
        """Whether a card is left to turn for trump (not in a round that deals every card)."""
        return hand_size * self.n_players < self.deck.size

    def max_points_round(self, hand_size: int) -> int:
        """The most one player can score in a round: every trick bid and won."""
        if self.scoring is Scoring.ALTERNATIVE:
            return 10 * hand_size + 10 * hand_size
        return 20 + 10 * hand_size

    def max_points_game(self) -> int:
        """The most one player can score in a game (the sum of :meth:`max_points_round`)."""
        return sum(self.max_points_round(r) for r in self.schedule)

    def describe(self) -> str:
        """One line naming every setting, for the assumptions of a result."""
        variants = []
        if self.plus_minus_one:
            start = self.plus_minus_one_min_hand
            variants.append("plus/minus one" + (f" from {start} tricks" if start > 1 else ""))
        variants.append(f"trump after Wizard: {self.trump_choice.value}")
        variants.append(f"bids {self.bids.value}")
        variants.append(f"{self.scoring.value} scoring")
        if self.special_cards:
            variants.append("special cards: " + ", ".join(k.name.lower() for k in self.deck.specials))
        return f"{self.n_players} players, {self.deck.name} deck ({self.deck.size} cards); " + ", ".join(variants)


def _rules_iv(rules: Rules) -> None:
    """Validate and normalise a :class:`Rules` in place (it is frozen: via ``object.__setattr__``)."""
    set_ = object.__setattr__
    n = whole(rules.n_players, "n_players")
    set_(rules, "n_players", n)
    deck = _special_cards_iv(rules, resolve_deck(rules.deck))
    set_(rules, "deck", deck)
    if deck == Deck.standard() or deck.name == "standard":
        if not 3 <= n <= 6:
            raise ValueError(f"Wizard is played by 3 to 6 players, got {n}")
    elif not 2 <= n <= MAX_PLAYERS or deck.size < n:
        most = min(MAX_PLAYERS, deck.size)
        raise ValueError(f"the {deck.name} deck ({deck.size} cards) takes 2 to {most} players, got {n}")
    schedule = rules.schedule
    if schedule in ((), "standard"):
        schedule = standard_schedule(n, deck)
    elif schedule == "tournament":
        if deck.n_plain != 60:
            raise ValueError("the tournament schedule is defined for the 60-card deck only")
        if n not in TOURNAMENT_SCHEDULES:
            raise ValueError(f"the tournament schedule is defined for 3 to 6 players, got {n}")
        schedule = TOURNAMENT_SCHEDULES[n]
    elif isinstance(schedule, str):
        raise ValueError(f"unknown schedule {schedule!r} (expected 'standard', 'tournament' or a list of hand sizes)")
    elif not isinstance(schedule, Sequence):
        raise WrongType(f"schedule must be 'standard', 'tournament' or a list of hand sizes, got {schedule!r}")
    elif len(schedule) > MAX_SCHEDULE:
        raise ValueError(f"a schedule lists at most {MAX_SCHEDULE:,} rounds, got {len(schedule):,}")
    schedule = tuple(whole(r, "a hand size of the schedule") for r in schedule)
    for r in schedule:
        if not 1 <= r <= deck.size // n:
            raise ValueError(
                f"hand size {r!r} is impossible: {n} players and {deck.size} cards allow 1 to {deck.size // n}"
            )
    if not schedule:
        raise ValueError("a schedule needs at least one round")
    set_(rules, "schedule", schedule)
    set_(rules, "trump_choice", _enum_value(TrumpChoice, rules.trump_choice, "trump choice"))
    set_(rules, "bids", _enum_value(BidVisibility, rules.bids, "bid visibility"))
    set_(rules, "scoring", _enum_value(Scoring, rules.scoring, "scoring"))
    set_(rules, "plus_minus_one", flag(rules.plus_minus_one, "plus_minus_one"))
    set_(rules, "plus_minus_one_min_hand", whole(rules.plus_minus_one_min_hand, "plus_minus_one_min_hand", 1))
    if rules.plus_minus_one and rules.bids is not BidVisibility.OPEN:
        raise ValueError("plus/minus one needs open bids: the last bidder must know the earlier bids")
    if rules.placement_points is not None:
        if not isinstance(rules.placement_points, Sequence) or isinstance(rules.placement_points, str):
            raise WrongType(f"placement_points must be a sequence of numbers, got {rules.placement_points!r}")
        if len(rules.placement_points) > MAX_DECK_SIZE:
            raise ValueError(
                f"placement_points lists at most {MAX_DECK_SIZE} places, got {len(rules.placement_points):,}"
            )
        points = tuple(real(x, "a placement point", -(10**9), 10**9) for x in rules.placement_points)
        points = tuple(int(x) if x == int(x) else x for x in points)
        if len(points) < n:
            raise ValueError(f"placement_points needs one value per place ({n}), got {len(points)}")
        set_(rules, "placement_points", points[:n])


def _special_cards_iv(rules: Rules, deck: Deck) -> Deck:
    """Normalise ``rules.special_cards`` and return ``deck`` holding exactly those special cards.

    A deck that already lists special cards gives them to rules whose ``special_cards`` is empty.
    """
    given: object = rules.special_cards
    if isinstance(given, str):
        given = [v for v in given.replace("+", ",").split(",") if v.strip()]
    if not isinstance(given, Iterable) or isinstance(given, CardKind):
        raise WrongType(f"special_cards must be a set of special card names, got {shown(rules.special_cards)}")
    names: list[CardKind | str] = list(given)
    if any(isinstance(v, str) and v.strip().lower() == "all" for v in names):
        if len(names) > 1:
            raise ValueError(f"special_cards 'all' names all nine: give it alone, got {shown(rules.special_cards)}")
        names = list(SPECIAL_KINDS)
    kinds = frozenset(parse_special(v) for v in names)
    if not kinds:
        kinds = frozenset(deck.specials)
    elif deck.specials and frozenset(deck.specials) != kinds:
        raise ValueError(
            f"the deck holds the special cards {[k.name.lower() for k in deck.specials]}"
            f" but special_cards names {sorted(k.name.lower() for k in kinds)}"
        )
    if (CardKind.DRAGON in kinds) != (CardKind.FAIRY in kinds):
        raise ValueError("the Dragon and the Fairy are used together (RULES 8): give both or neither")
    object.__setattr__(rules, "special_cards", frozenset(k.name.lower() for k in kinds))
    return deck.with_specials(sorted(kinds)) if kinds != frozenset(deck.specials) else deck
