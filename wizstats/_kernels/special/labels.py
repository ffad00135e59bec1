"""Labelled card decisions of the special-card engine (RULES 8): what each option scores in the true deal.

The data ``tools/fit_special_play.py`` fits the special ``expert``'s card-play weights to (columns
``SP_PLAY`` .., :mod:`.expert`). Rounds are played as :func:`.round.play_special_round` plays them; at every
``every``-th card decision of a seat with the special expert's policy and more than one option (not in its
endgame, where it plays the search's card: :func:`.round.searches`), each option
(:func:`.expert.aim_scores`: every legal card in every form) is played in a copy of the true round state,
which every seat then plays out by its own policy, and the seat's points in that copy are the option's value.
Labelling reads the state and leaves the round as it was: the rounds played are those of the same seeds'
self-play.
"""

from __future__ import annotations

import numpy as np

from ...layout import N_SP_PLAY, SP_EXPERT
from ..jit import jit
from ..rules.core import ST_LEADER, ST_N, ST_R, ST_TRICK_NO, legal_mask
from .core import N_EV, new_special_state
from .expert import aim_scores, choose_play
from .round import bid_turn, play_turn, searches
from .search import copy_state, play_out
from .step import close_trick, deal_special, play_code, score_round, trump_step


@jit
def special_play_labels(tab, st0, policy, params, key, start, n_rounds, every, x, values, meta, real):
    """Label the card decisions of rounds ``start .. start + n_rounds - 1`` (module notes); returns the rows written.

    Per row (one option of a labelled decision): ``x[row]`` its features (:func:`.expert.option_features`),
    ``values[row]`` the seat's points when it is played, ``meta[row]`` = (decision, 1 if the heuristic's option,
    1 if the option the seat then plays, trick number, tricks the seat still wanted); per decision
    ``real[decision]`` = the seat's points in the round as played. Stops labelling when ``x`` is full.
    """
    g = new_special_state(tab, st0, policy, params)
    w = new_special_state(tab, st0, policy, params)
    events = np.zeros(N_EV, np.int64)
    scratch = np.zeros(N_EV, np.int64)
    buf = np.zeros((4 * tab.shape[1], N_SP_PLAY))
    n, r = st0[ST_N], st0[ST_R]
    seats = np.zeros(r * n, np.int64)
    rows, dec, count = 0, 0, 0
    for i in range(start, start + n_rounds):
        trump_step(g, deal_special(g, key, i))
        for j in range(n):
            bid_turn(g, (j + 1) % n)
        first_dec = dec
        for _ in range(r):
            leader = g.st[ST_LEADER]
            for k in range(n):
                seat = (leader + k) % n
                count += 1
                if count % every == 0 and g.policy[seat] == SP_EXPERT and not searches(g, seat):
                    mask = legal_mask(g, seat)
                    m, first = aim_scores(g, seat, mask, buf, True)
                    if m > 1 and rows + m <= x.shape[0]:
                        played = choose_play(g, seat, mask)
                        codes = np.empty(m, np.int64)
                        for j in range(m):
                            codes[j] = g.opt[0, j] * 16 + g.opt[4, j]
                        want = g.bids[seat] - g.tricks[seat]
                        for j in range(m):
                            copy_state(w, g)
                            play_code(w, seat, codes[j], scratch)
                            play_out(w, scratch)
                            row = rows + j
                            x[row, :] = buf[j, :]
                            values[row] = w.points[seat]
                            meta[row, 0] = dec
                            meta[row, 1] = 1 if j == first else 0
                            meta[row, 2] = 1 if codes[j] == played else 0
                            meta[row, 3] = g.st[ST_TRICK_NO]
                            meta[row, 4] = want
                        seats[dec - first_dec] = seat
                        rows += m
                        dec += 1
                play_turn(g, seat, events)
            close_trick(g, events)
        score_round(g, events)
        for d in range(first_dec, dec):
            real[d] = g.points[seats[d - first_dec]]
    return rows
