"""Clairvoyance ("Hellsehen", RULES 4): in round 1 each player sees every other card but not his own.

What the clairvoyant player bids, and how well his chance is calibrated, is told in
:mod:`wizstats.engine.clairvoyance`. This module holds the pure-Python version, the oracle of the kernel in
:mod:`wizstats._kernels.engine.game` (run by :func:`wizstats.clairvoyance_odds`).

>>> clairvoyant_chance(["J", None, "W"], seat=1, turned="R5")  # seat 2's Wizard beats all but a led Wizard
Fraction(1, 19)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..rules import Card, CardKind, Deck, Rules, Scoring, Suit, parse_suit, raw_score, rules_for, seat_for
from .standard import MASK64, RoundRecord, RoundRng, deal_round, finish_round, finish_trick, winner_of

__all__ = [
    "bid_from",
    "clairvoyant_bid",
    "clairvoyant_chance",
    "clairvoyant_value",
    "dealer_trump",
    "play_clairvoyant_round",
    "wins_ids",
]


def wins_ids(
    deck: Deck, hands: Sequence[int | None], seat: int, turned: int | None, trump: int | None
) -> tuple[int, int]:
    """(wins, unseen): of the card ids ``seat`` cannot see, how many win the trick led by seat 1."""
    n = len(hands)
    seen = {c for s, c in enumerate(hands) if s != seat} | ({turned} if turned is not None else set())
    trump_suit = None if trump is None else Suit(trump)
    wins = unseen = 0
    order = [(1 + k) % n for k in range(n)]
    cards = deck.cards  # checked once: every trick below is of this deck, one card a seat
    for c in range(deck.size):
        if c in seen:
            continue
        unseen += 1
        trick = [cards[c if s == seat else hands[s]] for s in order]  # type: ignore[index]
        if order[winner_of(trick, trump_suit)] == seat:
            wins += 1
    return wins, unseen


def clairvoyant_value(wins: int, unseen: int, bid: int, scoring: Scoring) -> int:
    """``unseen`` times the expected score of ``bid`` in a one-card round."""
    return wins * raw_score(bid, 1, scoring, 1) + (unseen - wins) * raw_score(bid, 0, scoring, 1)


def bid_from(wins: int, unseen: int, scoring: Scoring, forbidden: int | None) -> int:
    bid = 1 if clairvoyant_value(wins, unseen, 1, scoring) >= clairvoyant_value(wins, unseen, 0, scoring) else 0
    return 1 - bid if bid == forbidden else bid


def clairvoyance_iv(
    others: Sequence[str | Card | None],
    seat: int,
    turned: str | Card | None,
    trump: Suit | str | None,
    rules: Rules | None,
) -> tuple[Rules, list[int | None], int | None, int | None]:
    n = len(others)
    try:
        rules = rules_for(rules, n)
    except ValueError:
        if rules is None or not isinstance(rules, Rules):
            raise
        raise ValueError(f"give one entry per seat ({rules.n_players}), got {n}") from None
    seat = seat_for(seat, n)
    cards = [None if s == seat or c is None else c for s, c in enumerate(others)]
    if any(c is None for s, c in enumerate(cards) if s != seat):
        raise ValueError("every other seat must show its card")
    deck = rules.deck
    shown = [c for c in cards if c is not None] + ([turned] if turned is not None else [])
    ids = deck.indices(shown)  # raises on a card not in the deck or dealt twice
    it = iter(ids)
    hand_ids = [None if c is None else next(it) for c in cards]
    turned_id = next(it) if turned is not None else None
    turned_card = None if turned_id is None else deck.card(turned_id)
    trump_suit = parse_suit(trump)
    if turned_card is not None and turned_card.suit is not None:
        if trump_suit is not None and trump_suit != turned_card.suit:
            raise ValueError(f"the turned {turned_card} makes {turned_card.suit.name.lower()} trump, not {trump}")
        trump_suit = turned_card.suit
    elif turned_card is not None and turned_card.kind is CardKind.WIZARD and trump_suit is None:
        raise ValueError("after a turned Wizard give the trump suit the dealer named")
    elif turned_card is not None and turned_card.kind is CardKind.JESTER and trump_suit is not None:
        raise ValueError("a turned Jester means no trump")
    return rules, hand_ids, turned_id, None if trump_suit is None else int(trump_suit)


def clairvoyant_chance(
    others: Sequence[str | Card | None],
    seat: int,
    *,
    turned: str | Card | None = None,
    trump: Suit | str | None = None,
    rules: Rules | None = None,
) -> Fraction:
    """The exact chance that ``seat``'s unseen card wins the one-card trick of round 1.

    Parameters
    ----------
    others
        The card of every seat (seat 0 = dealer, seat 1 leads); the entry at ``seat`` is ignored.
    seat
        The clairvoyant player, who sees all other cards and the turned card, not his own.
    turned, trump
        The turned card (it fixes trump unless it is a Wizard; then give ``trump``).
    rules
        Default ``Rules(len(others))``.
    """
    rules, hands, turned_id, trump_id = clairvoyance_iv(others, seat, turned, trump, rules)
    wins, unseen = wins_ids(rules.deck, hands, seat, turned_id, trump_id)
    return Fraction(wins, unseen)


def clairvoyant_bid(
    others: Sequence[str | Card | None],
    seat: int,
    *,
    turned: str | Card | None = None,
    trump: Suit | str | None = None,
    rules: Rules | None = None,
    forbidden: int | None = None,
) -> int:
    """The clairvoyant player's bid: 1 when bidding 1 scores at least as much on average as 0.

    >>> clairvoyant_bid(["B3", None, "G2"], seat=1, turned="Y1")  # he leads; most cards win
    1
    """
    rules, hands, turned_id, trump_id = clairvoyance_iv(others, seat, turned, trump, rules)
    return bid_from(*wins_ids(rules.deck, hands, seat, turned_id, trump_id), rules.scoring, forbidden)


def play_clairvoyant_round(rules: Rules, key: int, round_index: int) -> RoundRecord:
    """A clairvoyant one-card round in pure Python, drawing from :class:`~wizstats.reference.RoundRng`.

    The same draws as the kernel: the deal; a random suit after a turned Wizard only under blind
    trump (else the dealer's best suit, no draw); no draws for the bids; one draw per card played
    (the random policy's choice among one legal card).
    """
    deck, n = rules.deck, rules.n_players
    rng = RoundRng(key & MASK64, round_index)
    hands, turned = deal_round(deck, n, 1, rng)
    cards: list[int | None] = [h[0] for h in hands]
    trump: int | None = None
    if turned is not None:
        card = deck.card(turned)
        if card.kind is CardKind.SUIT:
            trump = int(card.suit)  # type: ignore[arg-type]
        elif card.kind is CardKind.WIZARD:
            trump = dealer_trump(rules, cards, turned, rng)
    bids = [0] * n
    for seat in [*range(1, n), 0]:
        forbidden = rules.forbidden_bid(1, [bids[s] for s in range(1, n)]) if seat == 0 else None
        bids[seat] = bid_from(*wins_ids(deck, cards, seat, turned, trump), rules.scoring, forbidden)
    record = RoundRecord(1, [list(h) for h in hands], turned, trump, bids)
    trick = []
    for k in range(n):
        seat = (1 + k) % n
        rng.below(1)  # the random policy draws among its one legal card
        trick.append(hands[seat][0])
    record.plays.append(trick)
    finish_trick(rules, record, 1 % n, trick)
    finish_round(rules, record)
    return record


def dealer_trump(rules: Rules, cards: list[int | None], turned: int, rng: RoundRng) -> int:
    if rules.trump_choice.value == "blind":
        return rng.below(rules.deck.n_suits)
    best, best_value = 0, None
    for s in range(rules.deck.n_suits):
        wins, unseen = wins_ids(rules.deck, cards, 0, turned, s)
        value = max(
            clairvoyant_value(wins, unseen, 1, rules.scoring), clairvoyant_value(wins, unseen, 0, rules.scoring)
        )
        if best_value is None or value > best_value:
            best, best_value = s, value
    return best
