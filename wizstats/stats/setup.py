"""Validation and set-up shared by the Monte Carlo statistics (:mod:`wizstats.stats` and friends)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..players import resolve_policies, strongest
from ..rules import Card, CardKind, Deck, Rules, TrumpSpec, card_list, hand_size_for, rules_for, seat_for

__all__ = ["hand_iv", "hand_size_iv", "policy_setup", "rules_iv", "seat_iv", "trump_inputs"]


def rules_iv(rules: Rules | None, n_players: int | None) -> Rules:
    """The rules: given, or the standard game for ``n_players``; they must agree (:func:`wizstats.rules.rules_for`)."""
    return rules_for(rules, n_players)


def policy_setup(policy: object, n_players: int) -> tuple[str, np.ndarray, np.ndarray]:
    """Policy name for results, kernel ids and parameters; ``None`` is :data:`wizstats.DEFAULT_POLICY`."""
    chosen = strongest() if policy is None else policy
    resolved, ids, params = resolve_policies(chosen, n_players)  # type: ignore[arg-type]
    names = [str(p) for p in resolved]
    name = names[0] if len(set(names)) == 1 else ", ".join(f"seat {s}: {p}" for s, p in enumerate(names))
    return name, ids, params


def hand_size_iv(hand_size: object, rules: Rules) -> int:
    """A hand size the deck allows for this table."""
    return hand_size_for(hand_size, rules, "hand size")


def seat_iv(seat: object, n_players: int) -> int:
    """A seat 0 (dealer) .. n-1."""
    return seat_for(seat, n_players)


def trump_inputs(
    spec: TrumpSpec, deck: Deck, known: Sequence[int], hand_size: int, rules: Rules, card: Card | None = None
) -> tuple[np.ndarray, int]:
    """Kernel inputs for what the hero knows about trump: candidate turned card ids and a named suit.

    ``known`` are the hero's card ids; ``card`` the hero's one card for ``trump``/``plain``.
    """
    known_set = set(known)
    free = [i for i in range(deck.size) if i not in known_set]
    kinds, suits = deck.kinds, deck.suits
    has_turned = rules.has_trump_card(hand_size)
    if not has_turned:
        if spec.mode not in ("none", "any"):
            raise ValueError(
                f"impossible trump ({spec.describe()}): a round of {hand_size} cards deals every card,"
                " so nothing is turned and there is no trump"
            )
        return np.zeros(0, np.int64), -1
    named = -1
    if spec.mode == "any":
        ids: list[int] = []
    elif spec.mode == "none":
        ids = [i for i in free if kinds[i] == CardKind.JESTER][:1]
        if not ids:
            raise ValueError(
                "impossible trump 'none': every Jester is in your hand, and a round with a card left to turn"
                " has no trump only after a turned Jester"
            )
    elif spec.mode in ("card", "named"):
        assert spec.card is not None
        target = deck.index(spec.card)  # raises when the card is not in this deck
        same = [i for i in free if kinds[i] == kinds[target] and (kinds[i] != CardKind.SUIT or i == target)]
        if not same:
            raise ValueError(f"impossible trump: the turned card {spec.card} is in your hand")
        ids = same[:1]
        if spec.mode == "named":
            assert spec.suit is not None
            if spec.suit >= deck.n_suits:
                raise ValueError(f"impossible trump: the {deck.name} deck has no {spec.suit.name.lower()} suit")
            named = int(spec.suit)
    elif spec.mode == "suit":
        assert spec.suit is not None
        if spec.suit >= deck.n_suits:
            raise ValueError(f"impossible trump: the {deck.name} deck has no {spec.suit.name.lower()} suit")
        ids = [i for i in free if kinds[i] == CardKind.SUIT and suits[i] == spec.suit]
        if not ids:
            raise ValueError(f"impossible trump: every {spec.suit.name.lower()} card is in your hand")
    else:  # trump / plain: relative to one card
        if card is None or card.kind is not CardKind.SUIT:
            raise ValueError(
                f"trump={spec.mode!r} describes the suit of one suit card; give a turned card or a suit instead"
            )
        same_suit = spec.mode == "trump"
        ids = [i for i in free if kinds[i] == CardKind.SUIT and (suits[i] == card.suit) == same_suit]
    return np.array(ids, np.int64), named


def hand_iv(hand: object, deck: Deck, rules: Rules) -> tuple[list[Card], list[int]]:
    """Parse a hand: cards of this deck, no duplicates, no larger than a round allows."""
    cards = card_list(hand, "a hand")
    if not cards:
        raise ValueError("the hand is empty")
    if len(cards) > rules.max_hand_size:
        raise ValueError(
            f"a hand of {len(cards)} cards is larger than any round: {rules.n_players} players and the"
            f" {deck.size}-card deck deal at most {rules.max_hand_size} each"
        )
    try:
        ids = deck.indices(cards)
    except ValueError as err:
        raise ValueError(f"bad hand: {err}") from None
    special = [c for c in cards if c.kind.is_special]
    if special:
        raise ValueError(f"bad hand: {special[0]} is a special card (RULES 8), which this estimate does not play")
    if len(ids) > rules.max_hand_size:
        raise ValueError(
            f"a hand of {len(ids)} cards is larger than any round: {rules.n_players} players and the"
            f" {deck.size}-card deck deal at most {rules.max_hand_size} each"
        )
    return cards, ids
