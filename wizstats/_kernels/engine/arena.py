"""The arena's kernel (duplicate format, aggregated in place) and two probes of the rollout bidder.

A unit is one deal (one round) or one game (a schedule of rounds, the dealer moving one seat
each round). Every unit is played ``n`` times, once per rotation ``j``: in round ``t`` seat
``s`` is taken by entry ``(s + t + j) % n`` (``t`` stays 0 without dealer rotation), so every
entry plays every seat equally often. Round ``t`` of unit ``u`` draws from stream
``base + u * T + t`` in every rotation, and the deal is the first draw of a round, so all
rotations see the same cards.

Per unit the kernel reduces each group of entries (entries with the same policy) to one value
per metric and adds the value and its square to ``out[block, group, metric]``: the unit is
the independent observation, which is what makes the intervals of the duplicate format honest.
"""

from __future__ import annotations

import numpy as np

from ..jit import jit, pjit
from ..players.pimc import rollout_values
from ..rules.core import (
    MAXP,
    N_PARAMS,
    ST_BIDS_MADE,
    ST_N,
    ST_R,
    ST_SCORING,
    ST_TURNED,
    block_span,
    deal_round,
    forbidden_bid,
    new_state,
    score,
)
from .round import play_round, set_trump

M_SCORE = 0  # points per round
M_HIT = 1  # share of rounds with tricks == bid
M_MISS = 2  # mean |tricks - bid|
M_BID = 3
M_TRICKS = 4
M_MARGIN = 5  # points per round minus those of the entries of other groups, same units
M_WIN = 6  # share of the game won (ties split)
M_TOTAL = 7  # game total
N_METRICS = 8


@jit
def play_unit(g, st_sched, rotate, ids, params, key, base, u, j, ent, totals, win):
    """Play unit ``u`` in rotation ``j``; add per-entry sums to ``ent`` and game wins to ``win``."""
    n = st_sched[0, ST_N]
    n_t = st_sched.shape[0]
    no_hand = np.zeros(1, np.int64)
    forced = np.full(MAXP, -1, np.int64)
    for e in range(n):
        totals[e] = 0
    for t in range(n_t):
        for i in range(st_sched.shape[1]):
            g.st[i] = st_sched[t, i]
        shift = (t if rotate else 0) + j
        for s in range(n):
            e = (s + shift) % n
            g.policy[s] = ids[e]
            for k in range(N_PARAMS):
                g.params[s, k] = params[e, k]
        play_round(g, key, base + u * n_t + t, -1, no_hand, -1, forced)
        r, scoring = g.st[ST_R], g.st[ST_SCORING]
        for s in range(n):
            e = (s + shift) % n
            b, k = g.bids[s], g.tricks[s]
            pts = score(b, k, scoring, r)
            ent[e, M_SCORE] += pts
            ent[e, M_HIT] += 1.0 if b == k else 0.0
            ent[e, M_MISS] += abs(k - b)
            ent[e, M_BID] += b
            ent[e, M_TRICKS] += k
            totals[e] += pts
    if n_t > 1:
        top = totals[0]
        for e in range(1, n):
            top = max(top, totals[e])
        winners = 0
        for e in range(n):
            if totals[e] == top:
                winners += 1
        for e in range(n):
            ent[e, M_TOTAL] += totals[e]
            if totals[e] == top:
                win[e] += 1.0 / winners


@jit
def reduce_unit(ent, win, group, n_groups, n, n_t, acc):
    """Per group: the unit's mean per entry-round (per entry-game for wins and totals); add value and square."""
    rounds_per_entry = n * n_t  # rotations x rounds
    for gi in range(n_groups):
        m = 0
        for e in range(n):
            if group[e] == gi:
                m += 1
        if m == 0:
            continue
        for metric in range(N_METRICS):
            s = 0.0
            o = 0.0
            for e in range(n):
                v = win[e] if metric == M_WIN else ent[e, M_SCORE if metric == M_MARGIN else metric]
                if group[e] == gi:
                    s += v
                else:
                    o += v
            per = rounds_per_entry if metric < M_WIN else n
            x = s / (m * per)
            if metric == M_MARGIN:
                x = x - o / ((n - m) * per) if m < n else 0.0
            acc[gi, metric, 0] += x
            acc[gi, metric, 1] += x * x


@pjit
def arena_kernel(tab, st_sched, rotate, ids, params, group, n_groups, key, base, start, n_units, blocks, out):
    """Play units ``start .. start + n_units - 1`` in every rotation.

    ``out[block, group, metric]`` gets the sum and the sum of squares of the per-unit values.
    """
    n = st_sched[0, ST_N]
    n_t = st_sched.shape[0]
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        g = new_state(tab, st_sched[0], ids, params)
        ent = np.zeros((n, N_METRICS))
        totals = np.zeros(n, np.int64)
        win = np.zeros(n)
        lo, hi = block_span(start, n_units, n_blocks, b)
        for u in range(lo, hi):
            for e in range(n):
                win[e] = 0.0
                for k in range(N_METRICS):
                    ent[e, k] = 0.0
            for j in range(n):
                play_unit(g, st_sched, rotate, ids, params, key, base, u, j, ent, totals, win)
            reduce_unit(ent, win, group, n_groups, n, n_t, out[b])


@jit
def bid_values_kernel(tab, st0, policy, params, key, round_index, seat, hand, turned, forced, samples, totals):
    """The rollout bidder's summed scores ``totals[0, b]`` (squares: ``totals[1, b]``) for ``seat`` holding ``hand``.

    The round is dealt with ``hand`` and ``turned`` fixed, trump set, and the seats before
    ``seat`` in bidding order bid ``forced[s]``; then :func:`.pimc.rollout_values` runs with
    ``samples`` deals over every bid (the forbidden one, if any, is left at 0).
    """
    g = new_state(tab, st0, policy, params)
    deal_round(g, key, round_index, seat, hand, turned)
    set_trump(g, g.st[ST_TURNED])
    n = st0[ST_N]
    for j in range(n):
        s = (j + 1) % n
        if s == seat:
            break
        g.bids[s] = forced[s]
        g.st[ST_BIDS_MADE] += 1
    rollout_values(g, seat, forbidden_bid(g, seat), 0, st0[ST_R], samples, 0.0, 0.0, totals, False, 0.0)


@jit
def fixed_hand_scores(tab, st0, policy, params, key, start, n_rounds, seat, hand, turned, forced, out):
    """Brute force with the public round: ``out[0] += score``, ``out[1] += score**2`` of ``seat`` over rounds."""
    g = new_state(tab, st0, policy, params)
    for i in range(start, start + n_rounds):
        play_round(g, key, i, seat, hand, turned, forced)
        x = score(g.bids[seat], g.tricks[seat], g.st[ST_SCORING], g.st[ST_R])
        out[0] += x
        out[1] += x * x
