"""The mechanics of one round with special cards (RULES 8): deal, trump step, a play, a trick's close, scoring.

What happens once a choice is made; who chooses is the caller's (the round driver :mod:`.round`, which asks
each seat's policy, and the rollouts of :mod:`.search`, which play every seat as the special heuristic).
A play is a ``code`` (hand position * 16 + form, :func:`play_code`); the choices the cards ask for inside a
trick's close (the Witch's swap, the Juggler's pass) and a revealed Vampire's form are the special heuristic's
(or random, policy id 0) for every policy.
"""

from __future__ import annotations

import numpy as np

from ..jit import hotjit, jit
from ..rules.core import (
    KIND,
    MAXP,
    ST_BLIND,
    ST_LEADER,
    ST_N,
    ST_R,
    ST_SCORING,
    ST_TRICK_NO,
    ST_TRUMP,
    SUIT,
    below,
    deal_round,
    legal_mask,
    next_trick,
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
    FORM_LATER,
    K_LEAD,
    K_TRUMP,
    K_WIN,
    K_WOULD,
    N_K,
    N_SX,
    N_T,
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
    outcome_now,
    pass_left,
    put_in_trick,
    remove_at,
    trump_rule,
)
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
def play_code(g, seat, code, events):
    """``seat`` plays ``code`` (hand position * 16 + form; form ``FORM_LATER``: chosen once the card is revealed)."""
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


@hotjit
def play_one(g, seat, events):
    """``seat`` chooses a card (and its form) as the special heuristic (or at random) and plays it."""
    play_code(g, seat, sp_choose_play(g, seat, legal_mask(g, seat)), events)


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
    next_trick(st, t, would)


@jit
def score_round(g, events):
    """After the last trick: each seat's final bid (the Cloud's change) and points; count the Clouds' changes."""
    st = g.st
    for s in range(st[ST_N]):
        final, points = cloud_final(g.bids[s], g.tricks[s], g.clouds[s], st[ST_SCORING], st[ST_R])
        g.final_bid[s] = final
        g.points[s] = points
        c = g.clouds[s]
        if c > 0:  # c changes of +-1 that end at final: (c + d) / 2 up, (c - d) / 2 down
            d = final - g.bids[s]
            events[EV_CLOUD_UP] += (c + d) // 2
            events[EV_CLOUD_DOWN] += (c - d) // 2
