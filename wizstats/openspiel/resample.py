"""``resample_from_infostate`` for Wizard: the cards a player has not seen, dealt again.

A player knows his own hand, the turned card, every card played and by whom, and the bids he
may see. A history he cannot tell from the true one deals the other players, besides the cards
they have played, any cards from the rest of the deck, as many as they still hold, with one
constraint: a player who did not follow a led suit holds none of it (RULES 5). The deal is
drawn uniformly among those: shuffle and reject until every such void is respected (exact),
then, in the rare case that takes more than :data:`MAX_TRIES` shuffles, by randomised
backtracking (a deal that respects the voids, not exactly uniform). Hidden bids the player has
not seen yet are drawn uniformly over the bids allowed (they are the other players' actions,
and the search must not learn them from the true state). Every other action is kept, and the
new state is built by applying the whole history to a fresh state, so its ``history()`` is that
of a real round.
"""

from __future__ import annotations

import random
from typing import TypeVar

from .round import RoundState

State = TypeVar("State", bound=RoundState)

__all__ = ["MAX_TRIES", "resample"]

MAX_TRIES = 200
"""Shuffles tried before the backtracking deal."""


def _fits(cards: list[int], voids: set[int], suits: list[int]) -> bool:
    return not voids or all(suits[c] not in voids for c in cards)


def _backtrack(
    pool: list[int], need: dict[int, int], voids: dict[int, set[int]], suits: list[int], rng: random.Random
) -> dict[int, list[int]]:
    """Any deal of ``pool`` that gives seat ``q`` ``need[q]`` cards outside his void suits (random order)."""
    order = list(pool)
    rng.shuffle(order)
    seats = list(need)
    got: dict[int, list[int]] = {q: [] for q in seats}
    total = sum(need.values())

    def place(i: int, placed: int) -> bool:
        if placed == total:
            return True
        if len(order) - i < total - placed:
            return False
        card = order[i]
        rng.shuffle(seats)
        for q in seats:
            if len(got[q]) < need[q] and suits[card] not in voids[q]:
                got[q].append(card)
                if place(i + 1, placed + 1):
                    return True
                got[q].pop()
        return place(i + 1, placed)  # the card stays undealt (or with nobody this view hides)

    if not place(0, 0):
        raise RuntimeError("no deal fits the voids (the state is inconsistent)")
    return got


def deal_hidden(
    pool: list[int], need: dict[int, int], voids: dict[int, set[int]], suits: list[int], rng: random.Random
) -> dict[int, list[int]]:
    """Cards for each seat ``q`` in ``need``: ``need[q]`` from ``pool``, none of a suit in ``voids[q]``."""
    constrained = any(voids[q] for q in need)
    cards = list(pool)
    for _ in range(MAX_TRIES if constrained else 1):
        rng.shuffle(cards)
        got, at = {}, 0
        for q, k in need.items():
            got[q] = cards[at : at + k]
            at += k
        if all(_fits(got[q], voids[q], suits) for q in need):
            return got
    return _backtrack(pool, need, voids, suits, rng)


def resample(state: State, player: int, rng: random.Random) -> State:
    """A state with the same information state for ``player``, drawn as described in the module docstring."""
    s = state.setup
    n = s.n
    slot_seat = [(1 + k) % n for k in range(state.round.n_dealt)]
    played_by: dict[int, list[int]] = {q: [] for q in range(n)}
    for i, card in enumerate(state.round.plays):
        t, k = divmod(i, n)
        leader = state.round.leaders[t] if t < len(state.round.leaders) else state.round.leader
        played_by[(leader + k) % n].append(card)
    known = set(state.round.dealt[player]) | set(state.round.plays)
    if state.round.turned is not None:
        known.add(state.round.turned)
    pool = [c for c in range(s.deck_size) if c not in known]
    held = {q: slot_seat.count(q) for q in range(n)}
    need = {q: held[q] - len(played_by[q]) for q in range(n) if q != player and held[q] > 0}
    voids = {q: {int(u) for u in state.round.voids[q]} for q in need}
    hidden = deal_hidden(pool, need, voids, s.suits, rng)
    new_cards = {q: played_by[q] + hidden[q] for q in need}
    used = {q: 0 for q in need}
    fresh = state.get_game().new_initial_state()
    for i, action in enumerate(state.history()):
        k = i - state.round.deal_start
        if state.round.deal_start >= 0 and 0 <= k < state.round.n_dealt and slot_seat[k] != player:
            q = slot_seat[k]
            action = new_cards[q][used[q]]
            used[q] += 1
        elif state.round.bid_start >= 0 and 0 <= i - state.round.bid_start < state.round.n_bids:
            if not state.bid_visible(player, (1 + i - state.round.bid_start) % n):
                action = rng.choice(fresh.legal_actions())
        fresh.apply_action(action)
    return fresh
