"""Labelled card decisions for fitting the ``expert``'s card play (``tools/fit_expert_play.py``).

Rounds are played as :func:`.round.play_round` plays them; at a card decision with at least
two classes of interchangeable legal cards (:func:`..players.pimc.card_classes`), picked with
chance ``p_label``, the features of each class's card (:func:`..players.expert_play.decision_features`,
under the parameter row ``epar``) and its value are written out; then the seat plays its own
policy's card. The value of a card is, with ``worlds > 0``, its mean rollout score by the
``pimc`` search (:func:`..players.pimc.card_values`, ``worlds`` deals of the unseen cards,
inference ``lam``); with ``worlds == 0``, the seat's score when the card is played in the true
deal and the round is played out by the table's own policies (:func:`continued_values`): one
outcome, noisy, but with the hidden hands as they really lie given everything seen so far.
"""

from __future__ import annotations

import numpy as np

from ..jit import jit
from ..players.dispatch import choose_card
from ..players.expert_play import N_FEAT, decision_features
from ..players.pimc import card_classes, card_values
from ..players.playout import N_F, N_V, N_W, bit, load_view, lowest, same_class
from ..rules.core import (
    ST_LEADER,
    ST_N,
    ST_R,
    ST_SCORING,
    ST_TRICK_LEN,
    ST_TRICK_NO,
    deal_round,
    finish_trick,
    legal_mask,
    new_state,
    play_card,
    popcount,
    score,
    uniform,
)
from .round import bid_all, set_trump


@jit
def copy_round(dst, src):
    """``dst`` takes the round as ``src`` holds it (not the policies' scratch, which only caches)."""
    n, deck = src.st[ST_N], src.tab.shape[1]
    for i in range(src.st.shape[0]):
        dst.st[i] = src.st[i]
    for q in range(n):
        dst.hand_len[q] = src.hand_len[q]
        dst.bids[q] = src.bids[q]
        dst.tricks[q] = src.tricks[q]
        dst.trick_card[q] = src.trick_card[q]
        dst.trick_seat[q] = src.trick_seat[q]
        for u in range(4):
            dst.void[q, u] = src.void[q, u]
        for i in range(src.hand_len[q]):
            dst.hands[q, i] = src.hands[q, i]
    for c in range(deck):
        dst.gone[c] = src.gone[c]
    for t in range(src.st[ST_TRICK_NO] + 1):
        dst.log_lead[t] = src.log_lead[t]
        dst.log_win[t] = src.log_win[t]
        for k in range(n):
            dst.log_card[t, k] = src.log_card[t, k]
    dst.rng[0] = src.rng[0]


@jit(inline="always")
def finish_round(g):
    """Play the round out from the current state, every seat by its own policy."""
    st = g.st
    n = st[ST_N]
    while st[ST_TRICK_NO] < st[ST_R]:
        while st[ST_TRICK_LEN] < n:
            seat = st[ST_LEADER] + st[ST_TRICK_LEN]
            seat = seat - n if seat >= n else seat
            play_card(g, seat, choose_card(g, seat, legal_mask(g, seat)))
        finish_trick(g)


@jit(inline="always")
def continued_values(g, g2, seat, reps, n_cand, out):
    """``out[k]``: the score of ``seat`` when it plays ``reps[k]`` now and the round is played out (see the module notes)."""
    for k in range(n_cand):
        copy_round(g2, g)
        pos = 0
        while g2.hands[seat, pos] != reps[k]:
            pos += 1
        play_card(g2, seat, pos)
        if g2.st[ST_TRICK_LEN] == g2.st[ST_N]:
            finish_trick(g2)
        finish_round(g2)
        out[k] = score(g2.bids[seat], g2.tricks[seat], g2.st[ST_SCORING], g2.st[ST_R])


@jit
def card_labels(
    tab,
    st0,
    policy,
    params,
    epar,
    key,
    start,
    n_rounds,
    p_label,
    worlds,
    lam,
    every,
    feats,
    values,
    decision,
    chosen,
    heuristic,
    all_needed,
):
    """Label card decisions of rounds ``start ..``; returns how many rows were written.

    ``feats[row, :]`` (``N_FEAT`` columns), ``values[row]``, ``decision[row]`` (the decision's
    number, counted from 0) and ``chosen[row]`` (1 if the seat then played this card, or
    without ``every`` a card of its class) and ``heuristic[row]`` (1 if the card is the one
    :func:`..players.playout.hx_decide` would play, under ``epar``) and ``all_needed[row]`` (1 if the seat
    needs every trick left, where the expert plays ``hx_decide``'s card) take one row per candidate card
    (one per class of interchangeable cards, or with ``every`` one per legal card); the rounds stop early
    when the arrays could not hold another decision.
    """
    n, r = st0[ST_N], st0[ST_R]
    g = new_state(tab, st0, policy, params)
    g2 = new_state(tab, st0, policy, params)
    no_hand = np.zeros(1, np.int64)
    forced = np.full(8, -1, np.int64)
    w0 = np.empty(N_W, np.uint64)
    v0 = np.empty(N_V, np.int64)
    f = np.empty(N_F)
    deck = tab.shape[1]
    reps = np.empty(deck, np.int64)
    vals = np.empty(deck)
    out = np.empty(deck * N_FEAT)
    rows = feats.shape[0]
    row, d = 0, 0
    m = 0
    for i in range(start, start + n_rounds):
        if row + r > rows:
            break
        set_trump(g, deal_round(g, key, i, -1, no_hand, -1))
        bid_all(g, forced)
        for _ in range(r):
            seat = g.st[ST_LEADER]
            for _ in range(n):
                mask = legal_mask(g, seat)
                m = 0
                if popcount(mask) > 1 and row + r <= rows and uniform(g.rng) < p_label:
                    load_view(g, seat, w0, v0, False)
                    legal = np.uint64(0)
                    for k in range(g.hand_len[seat]):
                        if mask & (np.int64(1) << k):
                            legal |= bit(g.hands[seat, k])
                    if every:  # every legal card, not one per class
                        m = 0
                        rest = legal
                        while rest != np.uint64(0):
                            reps[m] = lowest(rest)
                            rest &= rest - np.uint64(1)
                            m += 1
                    else:
                        m = card_classes(w0, v0, seat, legal, reps)
                    if m > 1:
                        pick = decision_features(w0, v0, seat, legal, reps, m, epar, f, out)
                        if worlds > 0:
                            card_values(g, seat, w0, v0, reps, m, worlds, lam, vals)
                        else:
                            continued_values(g, g2, seat, reps, m, vals)
                        needed = 1 if g.bids[seat] - g.tricks[seat] >= g.hand_len[seat] else 0
                        for k in range(m):
                            all_needed[row] = needed
                            for j in range(N_FEAT):
                                feats[row, j] = out[k * N_FEAT + j]
                            values[row] = vals[k]
                            decision[row] = d
                            heuristic[row] = 1 if reps[k] == pick else 0
                            row += 1
                        d += 1
                    else:
                        m = 0
                pos = choose_card(g, seat, mask)
                if m > 1:
                    c = g.hands[seat, pos]
                    for k in range(m):
                        played = reps[k] == c if every else same_class(w0, v0, seat, reps[k], c)
                        chosen[row - m + k] = 1 if played else 0
                play_card(g, seat, pos)
                seat = seat + 1 if seat + 1 < n else 0
            finish_trick(g)
    return row
