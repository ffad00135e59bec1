"""The arena's kernel for rules with special cards (RULES 8): duplicate deals, seats rotating, aggregated in place.

As :mod:`..engine.arena` for one hand size: every deal ``u`` is played ``n`` times, once per rotation ``j``,
seat ``s`` taken by entry ``(s + j) % n``; the round draws from stream ``base + u`` in every rotation and
the deal is its first draw, so all rotations see the same cards (the players' own draws, a search's worlds
included, come after it). Per deal each group of entries is reduced to one value per metric by
:func:`..engine.arena.reduce_unit`. The points are the special engine's, the Cloud's change included; a
bid counts as met when the tricks equal the final bid (after the Cloud's change), and the miss is
``|tricks - final bid|``; the mean bid is the bid as made.
"""

from __future__ import annotations

import numpy as np

from ..engine.arena import M_BID, M_HIT, M_MISS, M_SCORE, M_TRICKS, N_METRICS, reduce_unit
from ..jit import jit, pjit
from ..rules.core import ST_N, block_span
from .core import N_EV, new_special_state
from .round import play_special_round


@jit
def play_special_unit(g, ids, params, key, round_index, j, ent, events):
    """Play round ``round_index`` in rotation ``j``; add each entry's figures to ``ent[entry, metric]``."""
    n = g.st[ST_N]
    no_hands = np.zeros((1, 1), np.int64)
    for s in range(n):
        e = (s + j) % n
        g.policy[s] = ids[e]
        for k in range(params.shape[1]):
            g.params[s, k] = params[e, k]
    play_special_round(g, key, round_index, events, no_hands, False)
    for s in range(n):
        e = (s + j) % n
        final, k = g.final_bid[s], g.tricks[s]
        ent[e, M_SCORE] += g.points[s]
        ent[e, M_HIT] += 1.0 if final == k else 0.0
        ent[e, M_MISS] += abs(k - final)
        ent[e, M_BID] += g.bids[s]
        ent[e, M_TRICKS] += k


@pjit
def special_arena_kernel(tab, st0, ids, params, group, n_groups, key, base, start, n_units, blocks, out):
    """Play deals ``start .. start + n_units - 1`` in every rotation; ``out[block, group, metric]`` gets the
    sum and the sum of squares of the per-deal values (as :func:`..engine.arena.arena_kernel`)."""
    n = st0[ST_N]
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        g = new_special_state(tab, st0, ids, params)
        ent = np.zeros((n, N_METRICS))
        win = np.zeros(n)
        events = np.zeros(N_EV, np.int64)
        lo, hi = block_span(start, n_units, n_blocks, b)
        for u in range(lo, hi):
            for e in range(n):
                for k in range(N_METRICS):
                    ent[e, k] = 0.0
            for j in range(n):
                play_special_unit(g, ids, params, key, base + u, j, ent, events)
            reduce_unit(ent, win, group, n_groups, n, 1, out[b])
