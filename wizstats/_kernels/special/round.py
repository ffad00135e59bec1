"""One round with special cards (RULES 8), and the batch kernels that play many.

Order of a round: deal (:func:`.core.deal`, then one more draw for the next card of the stack),
trump step (the Werewolf's holder swaps and names trump, else the turned card sets it), bids in
seat order 1..n-1, 0, then the tricks. A trick: each seat chooses a card (and its form); a
Vampire resolves its model as it is played; at the end the outcome is fixed, each Witch played
may swap (in play order), the winner takes the trick (nobody after a Bomb; the would-be winner
leads next) and, if a Juggler was played in it, every seat passes a card left. After the last
trick each Cloud in a player's tricks changes his bid by +-1, chosen to score best.

Each round ``i`` draws from its own stream ``seed_round(key, i)``, as in :mod:`.round`.
"""

from __future__ import annotations

import numpy as np

from ..jit import hotjit, jit, pjit, prange
from ..rules.core import (
    KIND,
    MAXP,
    ST_BIDS_MADE,
    ST_BLIND,
    ST_LEADER,
    ST_LED,
    ST_N,
    ST_R,
    ST_SCORING,
    ST_TRICK_LEN,
    ST_TRICK_NO,
    ST_TRUMP,
    ST_TURNED,
    SUIT,
    below,
    block_span,
    deal_round,
    forbidden_bid,
    legal_mask,
)
from .core import (
    C_CLOUD,
    C_JUGGLER,
    C_SHAPESHIFTER,
    C_VAMPIRE,
    C_WEREWOLF,
    C_WITCH,
    E_WIZARD,
    EV_BOMBED,
    EV_CLOUD_DOWN,
    EV_CLOUD_UP,
    EV_PASSES,
    EV_SHIFT_JESTER,
    EV_SHIFT_WIZARD,
    EV_SWAPS,
    EV_VAMP_TRUMP,
    EV_WOLF,
    FORM_LATER,
    K_LEAD,
    K_TRUMP,
    K_WIN,
    K_WOULD,
    LED_NONE,
    N_EV,
    N_K,
    N_SX,
    N_T,
    R_NEXT,
    R_TRUMP0,
    R_TURNED,
    R_WOLF,
    S_BID,
    S_CLOUDS,
    S_FINAL,
    S_POINTS,
    S_TRICKS,
    SX_NEXT,
    SX_NEXT0,
    SX_PLACE,
    SX_TRUMP0,
    SX_WOLF_SEAT,
    T_CARD,
    T_KIND,
    T_PASS,
    T_PUT,
    T_ROLE,
    T_SUIT,
    T_TAKE,
    T_VAL,
    apply_swap,
    cloud_final,
    find_kind,
    insert_card,
    new_special_state,
    outcome_now,
    pass_left,
    put_in_trick,
    remove_at,
    trump_rule,
)
from .expert import choose_bid
from .policy import sp_choose_form, sp_choose_pass, sp_choose_play, sp_choose_swap, sp_choose_trump


@jit
def deal_special(g, key, round_index):
    """Start round ``round_index``: reset, deal (as the standard engine), draw the next stack card."""
    no_hand = np.zeros(1, np.int64)
    turned = deal_round(g, key, round_index, -1, no_hand, -1)
    st, sx = g.st, g.sx
    for i in range(N_SX):
        sx[i] = -1
    n, deck = st[ST_N], g.tab.shape[1]
    for s in range(n):
        g.clouds[s] = 0
    need = n * st[ST_R] + (1 if turned >= 0 else 0)
    if turned >= 0 and deck > need:
        sx[SX_NEXT] = g.pool[need + below(g.rng, deck - need)]
    sx[SX_NEXT0] = sx[SX_NEXT]
    for t in range(st[ST_R]):
        for k in range(MAXP):
            for c in range(N_T):
                g.log[t, k, c] = -1
        for c in range(N_K):
            g.logk[t, c] = -1
    return turned


@hotjit
def trump_from(g, card, seat, by_need, blind):
    """Trump set by ``card`` lying in the trump place; ``seat`` names it where the card asks."""
    rule = trump_rule(g.tab[KIND, card])
    if rule == 0:
        return g.tab[SUIT, card]
    if rule == 1:
        return -1
    return sp_choose_trump(g, seat, rule == 3, by_need, blind)


@hotjit
def trump_step(g, turned):
    """Set trump: the Werewolf's holder puts it in the trump place, takes the turned card and
    names a suit or none; else the turned card sets trump (the dealer names where it asks)."""
    st, sx = g.st, g.sx
    trump = -1
    sx[SX_PLACE] = turned
    if turned >= 0:
        g.gone[turned] = 1
        wolf_seat, pos = find_kind(g, C_WEREWOLF)
        if wolf_seat >= 0:
            wolf = remove_at(g, wolf_seat, pos)
            insert_card(g, wolf_seat, turned)
            g.gone[turned] = 0
            g.gone[wolf] = 1
            sx[SX_PLACE] = wolf
            sx[SX_WOLF_SEAT] = wolf_seat
            trump = sp_choose_trump(g, wolf_seat, True, False, False)
        else:
            trump = trump_from(g, turned, 0, False, st[ST_BLIND] == 1)
    st[ST_TRUMP] = trump
    sx[SX_TRUMP0] = trump
    return trump


@hotjit
def vampire_model(g, seat, events):
    """What the Vampire played by ``seat`` copies (-1: nothing, it plays as a Jester).

    The card in the trump place; if that is the Werewolf, the next card of the stack is turned
    into the trump place, sets trump from now on (this trick included) and is copied.
    """
    place = g.sx[SX_PLACE]
    if place < 0:
        return -1
    if g.tab[KIND, place] != C_WEREWOLF:
        return place
    nxt = g.sx[SX_NEXT]
    if nxt < 0:
        return -1
    g.sx[SX_PLACE] = nxt
    g.sx[SX_NEXT] = -1
    g.gone[nxt] = 1
    g.st[ST_TRUMP] = trump_from(g, nxt, seat, True, False)
    events[EV_VAMP_TRUMP] += 1
    return nxt


@hotjit
def play_one(g, seat, events):
    """``seat`` chooses and plays a card (and its form)."""
    code = sp_choose_play(g, seat, legal_mask(g, seat))
    pos = code // 16
    form = code % 16
    card = g.hands[seat, pos]
    model = card
    if g.tab[KIND, card] == C_VAMPIRE:
        model = vampire_model(g, seat, events)
    if form == FORM_LATER:
        form = sp_choose_form(g, seat, pos, model)
    remove_at(g, seat, pos)
    k = put_in_trick(g, seat, card, model, form)
    t = g.st[ST_TRICK_NO]
    if model >= 0 and g.tab[KIND, model] == C_SHAPESHIFTER:
        events[EV_SHIFT_WIZARD if g.tk_kind[k] == E_WIZARD else EV_SHIFT_JESTER] += 1
    log = g.log
    log[t, k, T_CARD] = card
    log[t, k, T_KIND] = g.tk_kind[k]
    log[t, k, T_SUIT] = g.tk_suit[k]
    log[t, k, T_VAL] = g.tk_val[k]
    log[t, k, T_ROLE] = g.tk_role[k]


@jit
def close_trick(g, events):
    """Fix the outcome, let each Witch swap, credit the trick, pass cards after a Juggler."""
    st = g.st
    n, t = st[ST_N], st[ST_TRICK_NO]
    pos, bombed = outcome_now(g, n)
    would = g.tk_seat[pos]
    winner = -1 if bombed else would
    juggler = False
    for k in range(n):
        role = g.log[t, k, T_ROLE]
        if role == C_JUGGLER:
            juggler = True
        if role == C_WITCH and g.hand_len[g.tk_seat[k]] > 0:
            seat = g.tk_seat[k]
            code = sp_choose_swap(g, seat, k, winner)
            if code >= 0:
                g.log[t, k, T_TAKE] = code // 64
                g.log[t, k, T_PUT] = apply_swap(g, seat, code // 64, code % 64)
                events[EV_SWAPS] += 1
    if bombed:
        events[EV_BOMBED] += 1
    else:
        g.tricks[winner] += 1
        for k in range(n):
            if g.tk_role[k] == C_CLOUD:
                g.clouds[winner] += 1
    g.logk[t, K_LEAD] = st[ST_LEADER]
    g.logk[t, K_WOULD] = would
    g.logk[t, K_WIN] = winner
    g.logk[t, K_TRUMP] = st[ST_TRUMP]
    if juggler and g.hand_len[0] > 0:
        chosen = np.zeros(MAXP, np.int64)
        for s in range(n):
            chosen[s] = sp_choose_pass(g, s)
        passed = pass_left(g, chosen)
        for s in range(n):
            g.log[t, s, T_PASS] = passed[s]
        events[EV_PASSES] += 1
    st[ST_TRICK_NO] = t + 1
    st[ST_TRICK_LEN] = 0
    st[ST_LED] = LED_NONE
    st[ST_LEADER] = would


@jit
def play_special_round(g, key, round_index, events, hands_out, record):
    """Deal, set trump, bid, play and score round ``round_index``; results stay in ``g``.

    With ``record``, the hands as dealt are copied into ``hands_out[n, r]``.
    """
    st = g.st
    n, r = st[ST_N], st[ST_R]
    turned = deal_special(g, key, round_index)
    if record:
        for s in range(n):
            for k in range(r):
                hands_out[s, k] = g.hands[s, k]
    trump_step(g, turned)
    if g.sx[SX_WOLF_SEAT] >= 0:
        events[EV_WOLF] += 1
    for j in range(n):
        seat = (j + 1) % n
        g.bids[seat] = choose_bid(g, seat, forbidden_bid(g, seat))
        st[ST_BIDS_MADE] += 1
    for _ in range(r):
        leader = st[ST_LEADER]
        for k in range(n):
            play_one(g, (leader + k) % n, events)
        close_trick(g, events)
    for s in range(n):
        final, points = cloud_final(g.bids[s], g.tricks[s], g.clouds[s], st[ST_SCORING], r)
        g.final_bid[s] = final
        g.points[s] = points
        c = g.clouds[s]
        if c > 0:  # c changes of +-1 that end at final: (c + d) / 2 up, (c - d) / 2 down
            d = final - g.bids[s]
            events[EV_CLOUD_UP] += (c + d) // 2
            events[EV_CLOUD_DOWN] += (c - d) // 2


@pjit
def simulate_special_counts(
    tab, st0, policy, params, key, start, n_rounds, n_blocks, counts, score_sum, score_sq, events
):
    """Play rounds ``start .. start + n_rounds - 1``; per block add ``counts[b, seat, bid, tricks]``,
    the seats' points and squared points, and the special-card events ``events[b, EV_*]``."""
    n = st0[ST_N]
    no_hands = np.zeros((1, 1), np.int64)
    for b in prange(n_blocks):
        g = new_special_state(tab, st0, policy, params)
        ev = np.zeros(N_EV, np.int64)
        lo, hi = block_span(start, n_rounds, n_blocks, b)
        for i in range(lo, hi):
            play_special_round(g, key, i, ev, no_hands, False)
            for s in range(n):
                counts[b, s, g.bids[s], g.tricks[s]] += 1
                score_sum[b, s] += g.points[s]
                score_sq[b, s] += g.points[s] * g.points[s]
        for e in range(N_EV):
            events[b, e] += ev[e]


@jit
def simulate_special_trace(tab, st0, policy, params, key, start, hands, rounds, seats, tricks, plays, events):
    """Play rounds ``start ..``, one per row, recording everything (small runs only).

    Shapes: ``hands[R, n, r]`` as dealt; ``rounds[R, N_R]`` (turned, next card, Werewolf seat,
    trump after the trump step); ``seats[R, n, N_S]`` (bid, tricks, clouds, final bid, points);
    ``tricks[R, r, N_K]`` (leader, would-be winner, winner or -1, trump after the trick);
    ``plays[R, r, n, N_T]`` per trick position (card, effective kind, suit, value x 4, role, the
    Witch's take and put) and per seat (``T_PASS``: the card it passed); ``events[N_EV]``.
    """
    n, r = st0[ST_N], st0[ST_R]
    g = new_special_state(tab, st0, policy, params)
    for row in range(hands.shape[0]):
        play_special_round(g, key, start + row, events, hands[row], True)
        rounds[row, R_TURNED] = g.st[ST_TURNED]
        rounds[row, R_NEXT] = g.sx[SX_NEXT0]
        rounds[row, R_WOLF] = g.sx[SX_WOLF_SEAT]
        rounds[row, R_TRUMP0] = g.sx[SX_TRUMP0]
        for s in range(n):
            seats[row, s, S_BID] = g.bids[s]
            seats[row, s, S_TRICKS] = g.tricks[s]
            seats[row, s, S_CLOUDS] = g.clouds[s]
            seats[row, s, S_FINAL] = g.final_bid[s]
            seats[row, s, S_POINTS] = g.points[s]
        for t in range(r):
            for c in range(N_K):
                tricks[row, t, c] = g.logk[t, c]
            for k in range(n):
                for c in range(N_T):
                    plays[row, t, k, c] = g.log[t, k, c]
