"""The slow, obvious rules of one round in pure Python: the oracle the kernels are tested against.

Everything here works on :class:`~wizstats.rules.Card` values or card ids and reads like the
rulebook (RULES 3-6). Nothing here is fast; :mod:`wizstats.kernels` does the same at speed and
the tests check, card by card, that both agree.

The random stream (:class:`RoundRng`) is the one the kernels use, so that the ``random``
policy can be replayed here choice by choice: SplitMix64, one stream per round, seeded from a
64-bit key and the round's index, so that a round's cards do not depend on how the rounds are
cut into chunks or threads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..rules import Card, CardKind, Deck, Rules, Suit, cards_in_deck, parse_suit, raw_score, trick_for

__all__ = [
    "RoundRecord",
    "RoundRng",
    "check_play",
    "is_legal_play",
    "led_suit",
    "legal_plays",
    "play_random_round",
    "replay_round",
    "trick_winner",
]

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
STREAM = 0xD1B54A32D192ED03


def mix64(z: int) -> int:
    """The SplitMix64 finaliser (a bijection of 64-bit integers)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class RoundRng:
    """The random stream of one round: SplitMix64 started at ``mix64(key + round_index * STREAM)``."""

    def __init__(self, key: int, round_index: int) -> None:
        self.state = mix64((key + round_index * STREAM) & MASK64)

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + GOLDEN) & MASK64
        return mix64(self.state)

    def below(self, n: int) -> int:
        """A whole number in ``0 .. n-1`` (multiply-shift on the high 32 bits; bias below n / 2**32)."""
        return ((self.next() >> 32) * n) >> 32

    def uniform(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return (self.next() >> 11) * (1.0 / (1 << 53))


def _cards_iv(cards: Iterable[str | Card] | str, what: str, rules: Rules | None = None) -> list[Card]:
    """Cards of the deck in use (standard without ``rules``), no special cards; a trick at most one per player."""
    if what == "trick":
        return trick_for(cards, rules)
    deck = Deck.standard() if rules is None else rules.deck
    try:
        parsed = cards_in_deck(cards, deck, what=what)
    except ValueError as err:
        raise type(err)(f"{err} in the {what}") from None
    special = [c for c in parsed if c.kind.is_special]
    if special:
        raise ValueError(f"{special[0]} is a special card (RULES 8): the standard rules do not judge it")
    most = rules.max_hand_size if rules is not None else deck.size // 3
    if len(parsed) > most:
        raise ValueError(f"a {what} of {len(parsed)} cards is larger than any round allows ({most})")
    return parsed


def _both_iv(hand: list[Card], trick: list[Card], rules: Rules | None) -> None:
    """The hand and the trick together: no card in both, no more Wizards or Jesters than the deck has."""
    deck = Deck.standard() if rules is None else rules.deck
    clash = {c for c in hand if c.kind is CardKind.SUIT} & {c for c in trick if c.kind is CardKind.SUIT}
    if clash:
        raise ValueError(f"card {sorted(clash)[0]} is both in the hand and in the trick")
    try:
        deck.indices([*hand, *trick])
    except ValueError as err:
        raise ValueError(f"{err} (counting the hand and the trick)") from None


def led_suit(trick: Sequence[Card]) -> Suit | None:
    """The suit to follow: the suit of the first card that is not a Jester; none after a Wizard lead.

    While only Jesters lie in the trick there is no suit to follow either.
    """
    for card in trick:
        if card.kind is CardKind.JESTER:
            continue
        return card.suit  # None for a Wizard: the rest of the trick is free
    return None


def trick_winner(cards: Sequence[str | Card] | str, trump: Suit | str | None, *, rules: Rules | None = None) -> int:
    """Index, in play order, of the card that wins the trick (RULES 5).

    Checked in this order: the first Wizard; else the highest trump; else the highest card of
    the led suit; a trick of only Jesters goes to the first Jester. The cards must be of the
    deck of ``rules`` (default: the standard deck), at most one per player (without ``rules``:
    as many as the deck has players at most, 6 with the standard deck), and no special cards
    (:func:`wizstats.reference.special_trick_winner` judges those).

    Examples
    --------
    >>> trick_winner(["J", "W", "R5"], "red")
    1
    >>> trick_winner(["B13", "R1"], "red"), trick_winner(["B5", "G13", "B7"], None)
    (1, 2)
    >>> trick_winner(["J", "J"], None)
    0
    """
    trick = _cards_iv(cards, "trick", rules)
    if not trick:
        raise ValueError("a trick needs at least one card")
    trump_suit = parse_suit(trump)
    deck = Deck.standard() if rules is None else rules.deck
    if trump_suit is not None and trump_suit >= deck.n_suits:
        raise ValueError(f"the {deck.name} deck has no {trump_suit.name.lower()} suit")
    return winner_of(trick, trump_suit)


def winner_of(trick: Sequence[Card], trump_suit: Suit | None) -> int:
    """:func:`trick_winner` for a trick already checked: a non-empty list of plain cards, trump parsed."""
    for i, card in enumerate(trick):
        if card.kind is CardKind.WIZARD:
            return i
    if trump_suit is not None:
        trumps = [(card.rank, i) for i, card in enumerate(trick) if card.suit is trump_suit]
        if trumps:
            return max(trumps)[1]
    suit = led_suit(trick)
    if suit is None:
        return 0  # only Jesters
    return max((card.rank, i) for i, card in enumerate(trick) if card.suit is suit)[1]


def legal_plays(
    hand: Sequence[str | Card] | str, trick: Sequence[str | Card] | str = (), *, rules: Rules | None = None
) -> list[Card]:
    """The cards of ``hand`` that may be played on ``trick`` (RULES 5), in hand order.

    A player must follow the led suit if he can; a Wizard or Jester may always be played.

    >>> [str(c) for c in legal_plays("R3 B7 W J B2", ["J", "B9"])]
    ['B7', 'W', 'J', 'B2']
    >>> [str(c) for c in legal_plays("R3 B7", ["W", "B9"])]
    ['R3', 'B7']
    """
    cards = _cards_iv(hand, "hand", rules)
    played = _cards_iv(trick, "trick", rules)
    if not cards:
        raise ValueError("the hand is empty: nothing to play")
    _both_iv(cards, played, rules)
    suit = led_suit(played)
    if suit is None or not any(c.suit is suit for c in cards):
        return cards
    return [c for c in cards if c.suit is suit or c.kind is not CardKind.SUIT]


def is_legal_play(
    card: str | Card,
    hand: Sequence[str | Card] | str,
    trick: Sequence[str | Card] | str = (),
    *,
    rules: Rules | None = None,
) -> bool:
    """Whether ``card`` may be played from ``hand`` on ``trick`` (bad input still raises ``ValueError``)."""
    chosen = Card.parse(card)
    return chosen in _cards_iv(hand, "hand", rules) and chosen in legal_plays(hand, trick, rules=rules)


def check_play(
    card: str | Card,
    hand: Sequence[str | Card] | str,
    trick: Sequence[str | Card] | str = (),
    *,
    rules: Rules | None = None,
) -> None:
    """Raise ``ValueError`` saying why ``card`` may not be played from ``hand`` on ``trick``."""
    chosen = Card.parse(card)
    cards = _cards_iv(hand, "hand", rules)
    if chosen not in cards:
        raise ValueError(f"{chosen} is not in the hand")
    if chosen not in legal_plays(cards, trick, rules=rules):
        led = led_suit(_cards_iv(trick, "trick", rules))
        held = [str(c) for c in cards if c.suit is led and c.kind is CardKind.SUIT]
        name = led.name.lower() if led is not None else "led"
        raise ValueError(f"{chosen} does not follow suit: {name} was led and the hand holds {' '.join(held)}")


@dataclass
class RoundRecord:
    """Everything that happened in one round, in card ids of ``deck``; seats as in RULES 2."""

    hand_size: int
    hands: list[list[int]]
    turned: int | None
    trump: int | None
    bids: list[int]
    plays: list[list[int]] = field(default_factory=list)
    """Per trick, the card ids in play order."""
    leaders: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    """Per trick, the winning seat."""
    tricks: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)


def trump_of_turned(deck: Deck, turned: int | None) -> int | None | str:
    """Trump from the turned card: its suit; ``None`` after a Jester or no card; ``"choose"`` after a Wizard."""
    if turned is None:
        return None
    card = deck.card(turned)
    if card.kind is CardKind.WIZARD:
        return "choose"
    return None if card.suit is None else int(card.suit)


def shuffled_deal(deck: Deck, n: int, r: int, rng: RoundRng) -> tuple[list[list[int]], int | None, list[int]]:
    """The deal by a partial Fisher-Yates shuffle: the hands, the turned card, and the shuffled card ids."""
    pool = list(range(deck.size))
    need = n * r + (1 if n * r < deck.size else 0)
    for i in range(need):
        j = i + rng.below(deck.size - i)
        pool[i], pool[j] = pool[j], pool[i]
    hands = [sorted(pool[s * r : (s + 1) * r]) for s in range(n)]
    return hands, (pool[n * r] if n * r < deck.size else None), pool


def deal_round(deck: Deck, n: int, r: int, rng: RoundRng) -> tuple[list[list[int]], int | None]:
    hands, turned, _ = shuffled_deal(deck, n, r, rng)
    return hands, turned


def play_random_round(rules: Rules, hand_size: int, key: int, round_index: int) -> RoundRecord:
    """One round with every seat playing the ``random`` policy, drawing from :class:`RoundRng`.

    Draw order (the kernels draw in the same order): the deal (a partial Fisher-Yates shuffle),
    the dealer's trump suit if a Wizard is turned, the bids in seat order 1..n-1, 0 (uniform over
    the allowed bids), then each play (uniform over the legal cards of the hand, ascending ids).
    """
    deck, n, r = rules.deck, rules.n_players, hand_size
    rng = RoundRng(key, round_index)
    hands, turned = deal_round(deck, n, r, rng)
    trump = trump_of_turned(deck, turned)
    if trump == "choose":
        trump = rng.below(deck.n_suits)
    bids = [0] * n
    for seat in [*range(1, n), 0]:
        earlier = [bids[s] for s in range(1, seat if seat else n)]
        forbidden = rules.forbidden_bid(r, earlier) if seat == 0 else None
        allowed = [b for b in range(r + 1) if b != forbidden]
        bids[seat] = allowed[rng.below(len(allowed))]
    record = RoundRecord(r, [list(h) for h in hands], turned, trump, bids)  # type: ignore[arg-type]
    leader = 1 % n
    for _ in range(r):
        trick: list[int] = []
        for k in range(n):
            seat = (leader + k) % n
            legal = _legal_ids(rules, hands[seat], trick)
            card = legal[rng.below(len(legal))]
            hands[seat].remove(card)
            trick.append(card)
        record.plays.append(trick)
        leader = finish_trick(rules, record, leader, trick)
    finish_round(rules, record)
    return record


def _legal_ids(rules: Rules, hand: list[int], trick: list[int]) -> list[int]:
    """Legal card ids of ``hand`` on ``trick``, by way of :func:`legal_plays` on the cards themselves."""
    deck = rules.deck
    cards = [deck.card(i) for i in hand]
    legal = legal_plays(cards, [deck.card(i) for i in trick], rules=rules)
    return [i for i, c in zip(hand, cards, strict=True) if c in legal]


def finish_trick(rules: Rules, record: RoundRecord, leader: int, trick: list[int]) -> int:
    """Record the trick ``leader`` led (card ids in play order) and return its winner's seat."""
    deck = rules.deck
    trump = None if record.trump is None else Suit(record.trump)
    winner = (leader + trick_winner([deck.card(i) for i in trick], trump, rules=rules)) % len(record.bids)
    record.leaders.append(leader)
    record.winners.append(winner)
    return winner


def finish_round(rules: Rules, record: RoundRecord) -> None:
    n = len(record.bids)
    record.tricks = [record.winners.count(s) for s in range(n)]
    pairs = zip(record.bids, record.tricks, strict=True)
    record.scores = [raw_score(b, t, rules.scoring, record.hand_size) for b, t in pairs]


def replay_round(
    rules: Rules,
    hand_size: int,
    hands: Sequence[Sequence[int]],
    turned: int | None,
    trump: int | None,
    bids: Sequence[int],
    plays: Sequence[Sequence[int]],
) -> RoundRecord:
    """Check a whole round against the rules and recompute its trick winners, tricks and scores.

    ``plays`` holds, per trick, the card ids in play order (the leader first). Raises
    ``ValueError`` naming the first thing that breaks a rule: a card dealt twice, a wrong trump,
    a bid out of range or forbidden, a card not in the hand, a failure to follow suit.
    """
    deck, n, r = rules.deck, rules.n_players, hand_size
    dealt = [c for h in hands for c in h] + ([] if turned is None else [turned])
    if len(hands) != n or any(len(h) != r for h in hands):
        raise ValueError(f"expected {n} hands of {r} cards")
    if len(set(dealt)) != len(dealt) or not all(0 <= c < deck.size for c in dealt):
        raise ValueError("a card is dealt twice or is not in the deck")
    if (turned is None) != (n * r == deck.size):
        raise ValueError("a card is turned exactly when cards remain after the deal")
    expected = trump_of_turned(deck, turned)
    if expected == "choose":
        if trump is None or not 0 <= trump < deck.n_suits:
            raise ValueError(f"after a turned Wizard the dealer names a suit, got {trump!r}")
    elif trump != expected:
        raise ValueError(f"trump should be {expected!r}, got {trump!r}")
    for seat in [*range(1, n), 0]:
        if not 0 <= bids[seat] <= r:
            raise ValueError(f"seat {seat} bids {bids[seat]}, outside 0..{r}")
    if rules.forbidden_bid(r, [bids[s] for s in range(1, n)]) == bids[0]:
        raise ValueError(f"the dealer's bid {bids[0]} is forbidden by plus/minus one")
    record = RoundRecord(r, [sorted(h) for h in hands], turned, trump, list(bids))
    held = [sorted(h) for h in hands]
    leader = 1 % n
    if len(plays) != r:
        raise ValueError(f"expected {r} tricks, got {len(plays)}")
    for trick in plays:
        if len(trick) != n:
            raise ValueError(f"a trick has {len(trick)} cards, expected {n}")
        for k, card in enumerate(trick):
            seat = (leader + k) % n
            if card not in _legal_ids(rules, held[seat], list(trick[:k])):
                raise ValueError(f"seat {seat} may not play {deck.card(card)} from {held[seat]} on {list(trick[:k])}")
            held[seat].remove(card)
        record.plays.append(list(trick))
        leader = finish_trick(rules, record, leader, list(trick))
    finish_round(rules, record)
    return record
