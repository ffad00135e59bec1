"""Uniformly random play on bitboards: the same rounds as the general engine, several times faster.

When every seat plays ``random`` and the deck has at most 64 cards (standard, junior, Oh Hell),
a hand is one 64-bit set of card ids and nothing else of the round state matters: no policy
reads the seen cards, the voids or the bids. This module plays such rounds with a few
registers per seat instead of the round state of :mod:`..rules.core` and its policy dispatch;
the legal cards and the trick winner are those of :mod:`..rules.bitboard`, which the
heuristic's rollouts (:mod:`..players.playout`) share.

It draws from the round's stream exactly as :func:`.round.play_round` does (the same partial
Fisher-Yates deal, the dealer's random suit after a turned Wizard, :func:`..players.dispatch.random_bid`
in bidding order, and :func:`..players.dispatch.random_card`'s pick of the ``k``-th legal card in
ascending id order, which is the ``k``-th legal hand position), so every round, card by card,
is the round the general engine and :mod:`wizstats.reference` play; ``tests/test_fastrandom.py``
holds it to both.
"""

from __future__ import annotations

import numpy as np

from ..jit import FAST_PDEP, hotjit, jit, pdep, pjit
from ..rules.bitboard import card_key, legal_set, trick_key
from ..rules.core import (
    GOLDEN,
    K_JESTER,
    K_SUIT,
    KIND,
    MAXP,
    RANK,
    SUIT,
    allowed_bid,
    block_span,
    forbidden_rest,
    mix64,
    n_allowed_bids,
    nth_bit,
    popcount,
    seed_round,
)

ONE = np.int64(1)


@hotjit
def draw(state, n):
    """``core.below`` on a stream state held in a register: returns the new state and a number in ``0 .. n-1``."""
    state = state + GOLDEN
    return state, np.int64(((mix64(state) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


if FAST_PDEP:

    @hotjit
    def nth_card(bits, k):
        """The id of the ``k``-th (0-based) lowest card in the set ``bits`` (``pdep`` then count trailing zeros)."""
        one = pdep(ONE << k, bits)
        return popcount((one & -one) - 1)

else:
    nth_card = nth_bit
    """The id of the ``k``-th (0-based) lowest card in the set ``bits`` (the rules' :func:`.core.nth_bit`)."""


@hotjit
def card_tables(tab, suit_mask, of_suit, base, masks):
    """The deck as bit sets and trick keys, once per kernel call.

    ``suit_mask[s]``: the cards of suit ``s``; ``of_suit[c]``: the cards of ``c``'s suit (0 for
    Wizards and Jesters); ``base[c]``: ``c``'s key before trump and led suit
    (:func:`..rules.bitboard.card_key`); ``masks[0]``: the cards of no suit, ``masks[1]``: the Jesters.
    """
    masks[0] = 0
    masks[1] = 0
    for s in range(suit_mask.shape[0]):
        suit_mask[s] = 0
    for c in range(tab.shape[1]):
        kind = tab[KIND, c]
        base[c] = card_key(kind, tab[RANK, c])
        if kind == K_SUIT:
            suit_mask[tab[SUIT, c]] |= ONE << c
        else:
            masks[0] |= ONE << c
            if kind == K_JESTER:
                masks[1] |= ONE << c
    for c in range(tab.shape[1]):
        of_suit[c] = suit_mask[tab[SUIT, c]] if tab[KIND, c] == K_SUIT else 0


@hotjit
def fast_round(tab, n, r, n_suits, pm1, suit_mask, of_suit, base, masks, rng, pool, hand, bids, tricks, plays):
    """Deal, trump, bids and tricks of one random round from the stream in ``rng``.

    Leaves ``bids[seat]``, ``tricks[seat]`` and ``plays[t, k]`` (the card ids of trick ``t`` in
    play order); returns the turned card and the trump suit (-1: none).

    Legal cards and the trick winner are those of :mod:`..rules.bitboard` (:func:`~..rules.bitboard.legal_set`,
    :func:`~..rules.bitboard.trick_key`); the dealer's forbidden bid and the random bid those of
    :mod:`..rules.core` (:func:`~..rules.core.forbidden_rest`, :func:`~..rules.core.allowed_bid`).
    """
    deck = tab.shape[1]
    free, jesters = masks[0], masks[1]
    state = rng[0]  # in a register, not in memory that every store to pool or hand might alias
    for c in range(deck):
        pool[c] = c
    need = n * r
    has_turned = need < deck
    if has_turned:
        need += 1
    for i in range(need):  # partial Fisher-Yates, as core.deal
        state, j = draw(state, deck - i)
        j += i
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
    p = 0
    for seat in range(n):
        bits = np.int64(0)
        for _ in range(r):
            bits |= ONE << pool[p]
            p += 1
        hand[seat] = bits
    turned = -1
    trump = -1
    if has_turned:
        turned = pool[p]
        kind = tab[KIND, turned]
        if kind == K_SUIT:
            trump = tab[SUIT, turned]
        elif kind != K_JESTER:  # a Wizard: the dealer names a suit (policies.choose_trump, random)
            state, trump = draw(state, n_suits)
    trumps = suit_mask[trump] if trump >= 0 else np.int64(0)
    # bids in seat order 1 .. n-1, 0 (policies.random_bid; plus/minus one binds the dealer)
    rest = r
    seat = 1 % n
    for _ in range(n):
        forbidden = forbidden_rest(pm1, rest) if seat == 0 else -1
        state, k = draw(state, n_allowed_bids(r, forbidden))
        k = allowed_bid(k, forbidden)
        bids[seat] = k
        tricks[seat] = 0
        rest -= k
        seat = seat + 1 if seat + 1 < n else 0
    leader = 1 % n
    for t in range(r):
        led = np.int64(0)  # the cards of the led suit; 0 while none (Jesters only, or a Wizard led)
        open_ = True  # no Wizard or suit card played yet: the next one sets the led suit
        best_key = np.int64(-1)
        winner = leader
        seat = leader
        for k in range(n):
            h = hand[seat]
            legal = legal_set(h, led, free)
            state, pick = draw(state, popcount(legal))
            card = nth_card(legal, pick)  # policies.random_card
            bit = ONE << card
            hand[seat] = h ^ bit
            plays[t, k] = card
            if open_:
                led = of_suit[card]
                open_ = (jesters & bit) != 0
            key = trick_key(base[card], bit, trumps, led)
            if key > best_key:
                best_key = key
                winner = seat
            seat = seat + 1 if seat + 1 < n else 0
        tricks[winner] += 1
        leader = winner
    rng[0] = state
    return turned, trump


@jit
def new_tables(tab, n_suits):
    """The arrays of :func:`card_tables`, filled."""
    deck = tab.shape[1]
    suit_mask = np.zeros(max(n_suits, 1), np.int64)
    of_suit = np.zeros(deck, np.int64)
    base = np.zeros(deck, np.int64)
    masks = np.zeros(2, np.int64)
    card_tables(tab, suit_mask, of_suit, base, masks)
    return suit_mask, of_suit, base, masks


@pjit
def fast_random_counts(tab, n, r, n_suits, pm1, key, start, n_rounds, blocks, counts):
    """``counts[block, seat, bid, tricks] += 1`` over rounds ``start ..``, as :func:`.round.simulate_counts`."""
    suit_mask, of_suit, base, masks = new_tables(tab, n_suits)
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        rng = np.zeros(1, np.uint64)
        pool = np.zeros(tab.shape[1], np.int64)
        hand = np.zeros(MAXP, np.int64)
        bids = np.zeros(MAXP, np.int64)
        tricks = np.zeros(MAXP, np.int64)
        plays = np.zeros((max(r, 1), MAXP), np.int64)
        lo, hi = block_span(start, n_rounds, n_blocks, b)
        for i in range(lo, hi):
            seed_round(rng, key, i)
            fast_round(tab, n, r, n_suits, pm1, suit_mask, of_suit, base, masks, rng, pool, hand, bids, tricks, plays)
            for s in range(n):
                counts[b, s, bids[s], tricks[s]] += 1


@jit
def fast_random_trace(tab, n, r, n_suits, pm1, key, start, turned, trump, bids, tricks, plays):
    """Rounds ``start ..`` one per row, recording turned card, trump, bids, tricks and ``plays[row, t, k]``."""
    suit_mask, of_suit, base, masks = new_tables(tab, n_suits)
    rng = np.zeros(1, np.uint64)
    pool = np.zeros(tab.shape[1], np.int64)
    hand = np.zeros(MAXP, np.int64)
    for row in range(bids.shape[0]):
        seed_round(rng, key, start + row)
        turned[row], trump[row] = fast_round(
            tab,
            n,
            r,
            n_suits,
            pm1,
            suit_mask,
            of_suit,
            base,
            masks,
            rng,
            pool,
            hand,
            bids[row],
            tricks[row],
            plays[row],
        )
