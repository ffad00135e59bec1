"""One full round, and the batch kernels that play many and aggregate in place.

Each round ``i`` draws from its own stream ``seed_round(key, i)``, so the numbers of a batch
do not depend on how its rounds are cut into blocks, chunks or threads; blocks add their
counts into their own slice of the output and Python sums the slices.
"""

from __future__ import annotations

import numpy as np

from ..jit import hotjit, jit, pjit
from ..players.dispatch import choose_bid, choose_card, choose_trump
from ..rules.core import (
    K_JESTER,
    K_SUIT,
    KIND,
    MAXP,
    ST_BIDS_MADE,
    ST_LEADER,
    ST_N,
    ST_R,
    ST_TRUMP,
    SUIT,
    block_span,
    deal_round,
    finish_trick,
    forbidden_bid,
    legal_mask,
    new_state,
    play_card,
)


@hotjit
def set_trump(g, turned):
    """Trump from the turned card; the dealer (seat 0) names it after a Wizard."""
    tab, st = g.tab, g.st
    trump = -1
    if turned >= 0:
        kind = tab[KIND, turned]
        if kind == K_SUIT:
            trump = tab[SUIT, turned]
        elif kind != K_JESTER:
            trump = choose_trump(g, 0)
        g.gone[turned] = 1
    st[ST_TRUMP] = trump
    return trump


@hotjit
def bid_all(g, forced_bids):
    """Bids in seat order 1..n-1, 0; a seat with ``forced_bids[seat] >= 0`` bids that."""
    n = g.st[ST_N]
    seat = 1 % n
    for _ in range(n):
        if forced_bids[seat] >= 0:
            bid = forced_bids[seat]
        else:
            bid = choose_bid(g, seat, forbidden_bid(g, seat))
        g.bids[seat] = bid
        g.st[ST_BIDS_MADE] += 1
        seat = seat + 1 if seat + 1 < n else 0


@hotjit
def play_tricks(g):
    """Play every trick of the round from the current state."""
    st = g.st
    n = st[ST_N]
    for _ in range(st[ST_R]):
        seat = st[ST_LEADER]
        for _ in range(n):
            play_card(g, seat, choose_card(g, seat, legal_mask(g, seat)))
            seat = seat + 1 if seat + 1 < n else 0  # no division: (leader + k) % n costs more than a card
        finish_trick(g)


@hotjit
def play_round(g, key, round_index, fixed_seat, fixed_hand, fixed_turned, forced_bids):
    """Deal, set trump, bid and play round ``round_index``; results stay in ``g``."""
    turned = deal_round(g, key, round_index, fixed_seat, fixed_hand, fixed_turned)
    set_trump(g, turned)
    bid_all(g, forced_bids)
    play_tricks(g)


@pjit
def simulate_counts(tab, st0, policy, params, key, start, n_rounds, blocks, counts):
    """Play rounds ``start .. start + n_rounds - 1``; ``counts[block, seat, bid, tricks] += 1``.

    ``counts`` has shape ``(n_blocks, n_players, r + 1, r + 1)``; memory does not grow with
    ``n_rounds``.
    """
    n = st0[ST_N]
    no_hand = np.zeros(1, np.int64)
    forced = np.full(MAXP, -1, np.int64)
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        g = new_state(tab, st0, policy, params)
        lo, hi = block_span(start, n_rounds, n_blocks, b)
        for i in range(lo, hi):
            play_round(g, key, i, -1, no_hand, -1, forced)
            for s in range(n):
                counts[b, s, g.bids[s], g.tricks[s]] += 1


@jit
def simulate_trace(tab, st0, policy, params, key, start, hands, turned, trump, bids, tricks, plays, leaders, winners):
    """Play rounds ``start ..`` one per row of the outputs, recording everything (small runs only).

    Shapes: ``hands[R, n, r]`` (as dealt), ``turned[R]``, ``trump[R]``, ``bids[R, n]``,
    ``tricks[R, n]``, ``plays[R, r, n]`` (card ids in play order), ``leaders[R, r]``, ``winners[R, r]``.
    """
    n, r = st0[ST_N], st0[ST_R]
    g = new_state(tab, st0, policy, params)
    no_hand = np.zeros(1, np.int64)
    forced = np.full(MAXP, -1, np.int64)
    for row in range(bids.shape[0]):
        turned[row] = deal_round(g, key, start + row, -1, no_hand, -1)
        for s in range(n):
            for k in range(r):
                hands[row, s, k] = g.hands[s, k]
        trump[row] = set_trump(g, turned[row])
        bid_all(g, forced)
        play_tricks(g)
        for s in range(n):
            bids[row, s] = g.bids[s]
            tricks[row, s] = g.tricks[s]
        for t in range(r):
            leaders[row, t] = g.log_lead[t]
            winners[row, t] = g.log_win[t]
            for k in range(n):
                plays[row, t, k] = g.log_card[t, k]
