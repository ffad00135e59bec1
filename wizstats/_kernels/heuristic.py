"""The heuristic player: a card's chance to take the trick from what its holder can see.

Everything here reads only what ``seat`` may know: his hand, the public cards ``g.gone``, the
current trick, tricks won, the suits other seats have shown they lack (``g.void``), their
hand lengths, and bids through :func:`.core.visible_bid`.

Bidding: with the standard deck and 3-6 players, the expected tricks of the hand come from a
table fitted to the heuristic's own self-play (:mod:`wizstats.bidfit`: a weight per card type
and seat, plus trump length and voids); otherwise from :func:`analytic_tricks`. Card play:
:func:`.playout.hx_decide` (each legal card's chance to take the trick against the players
still to play, given their hand lengths, known voids and whether they still need tricks).
"""

from __future__ import annotations

import numpy as np

from .bidtable import FITTED, TABLE
from .core import K_JESTER, K_SUIT, K_WIZARD, KIND, RANK, ST_BLIND, ST_N, ST_NSUITS, ST_R, ST_TRUMP, SUIT, below
from .jit import hotjit, jit
from .playout import (
    H_BIAS,
    H_DUCK,
    H_KILL,
    H_LEAD_MIN,
    H_NORM,
    H_RUFF,
    H_SCALE,
    H_TABLE,
    N_F,
    N_V,
    N_W,
    V_HLEN,
    V_N,
    V_NR,
    V_NSUIT,
    V_NWIZ,
    V_R,
    V_TRUMP,
    W_ALL,
    W_GONE,
    W_HAND,
    W_SUIT,
    W_WIZ,
    bit,
    bitcount,
    hx_decide,
    load_view,
    lowest,
    threat_chance,
)

__all__ = ["DEFAULTS", "H_BIAS", "H_DUCK", "H_KILL", "H_LEAD_MIN", "H_NORM", "H_RUFF", "H_SCALE", "H_TABLE"]

N_H = 8
DEFAULTS = np.array([1.0, 0.0, 1.0, 0.55, 1.0, 0.15, 1.0, 1.0])
"""Default parameters, in column order (the rollouts of :mod:`.pimc` use these)."""

NO_TABLE = -1e9


@jit
def card_chance(w, v, seat, c, unseen_m, unseen, wiz, ruff, kill):
    """A card's chance to take a trick, judged at bidding: each other hand may hold its threats."""
    nr, n_suit, n_wiz, trump = v[V_NR], v[V_NSUIT], v[V_NWIZ], v[V_TRUMP]
    if c >= n_suit:
        return 1.0 if c < n_suit + n_wiz else 0.0
    if unseen <= 0:
        return 1.0
    s = c // nr
    higher = bitcount(unseen_m & w[W_SUIT + s] & ~((bit(c) << np.uint64(1)) - np.uint64(1)))
    trumps = bitcount(unseen_m & w[W_SUIT + trump]) if trump >= 0 and s != trump else 0
    u_s = bitcount(unseen_m & w[W_SUIT + s])
    n = v[V_N]
    p = 1.0
    for j in range(1, n):
        q = (seat + j) % n
        p *= threat_chance(v[V_HLEN + q], unseen, False, u_s, wiz, higher, trumps, True, ruff) ** kill
    return p


@jit
def analytic_tricks(w, v, seat, par):
    """The sum over the hand of each card's :func:`card_chance`, normalised if ``par[H_NORM]``.

    Normalised: divided by ``n * mean``, where ``mean`` is the mean chance of a card that is
    not public, judged by someone who has seen none of them; a random hand is then worth its
    share of the tricks and the table's bids add up to the tricks to play on average.
    """
    ruff, kill, norm = par[H_RUFF], par[H_KILL], par[H_NORM]
    hand = w[W_HAND + seat]
    unseen_m = w[W_ALL] & ~w[W_GONE] & ~hand
    unseen = bitcount(unseen_m)
    wiz = bitcount(unseen_m & w[W_WIZ])
    e = 0.0
    rest = hand
    while rest != np.uint64(0):
        e += card_chance(w, v, seat, lowest(rest), unseen_m, unseen, wiz, ruff, kill)
        rest &= rest - np.uint64(1)
    if norm == 0.0:
        return e
    live = unseen_m | hand  # the neutral view: nothing but the public cards is known
    n_live = bitcount(live)
    n_wiz = bitcount(live & w[W_WIZ])
    total = 0.0
    rest = live
    while rest != np.uint64(0):
        total += card_chance(w, v, seat, lowest(rest), live, n_live, n_wiz, ruff, kill)
        rest &= rest - np.uint64(1)
    if total <= 0.0:
        return e
    return (1.0 - norm) * e + norm * e * n_live / (v[V_N] * total)


@jit
def table_estimate(g, seat):
    """Expected tricks from the fitted table (standard deck, 3-6 players), or ``NO_TABLE`` where none exists."""
    tab, st = g.tab, g.st
    n, r = st[ST_N], st[ST_R]
    if tab.shape[1] != 60 or st[ST_NSUITS] != 4 or n < 3 or n > 6 or r > 20 or FITTED[n - 3, r - 1] == 0:
        return NO_TABLE
    if tab[RANK, 12] != 13 or tab[KIND, 52] != K_WIZARD or tab[KIND, 59] != K_JESTER:
        return NO_TABLE
    trump = st[ST_TRUMP]
    w = TABLE[n - 3, r - 1, 1 if trump < 0 else 0]
    e = w[28 + seat]
    trumps = 0
    held = np.zeros(4, np.int64)
    for i in range(g.hand_len[seat]):
        c = g.hands[seat, i]
        kind = tab[KIND, c]
        if kind == K_WIZARD:
            e += w[0]
        elif kind == K_JESTER:
            e += w[1]
        elif tab[SUIT, c] == trump:
            e += w[1 + tab[RANK, c]]
            trumps += 1
        else:
            e += w[14 + tab[RANK, c]]
            held[tab[SUIT, c]] = 1
    voids = 0
    for s in range(4):
        if s != trump and held[s] == 0:
            voids += 1
    return e + w[34] * trumps * trumps + w[35] * voids + w[36] * voids * trumps


@hotjit
def view_table_estimate(hand, q, w, v):
    """:func:`table_estimate` of the card mask ``hand`` for seat ``q`` of a view, or ``NO_TABLE``."""
    n, r, nr, n_suit, n_wiz = v[V_N], v[V_R], v[V_NR], v[V_NSUIT], v[V_NWIZ]
    if n_suit != 52 or nr != 13 or n_wiz != 4 or bitcount(w[W_ALL]) != 60 or n < 3 or n > 6 or r > 20:
        return NO_TABLE
    if FITTED[n - 3, r - 1] == 0:
        return NO_TABLE
    trump = v[V_TRUMP]
    t = TABLE[n - 3, r - 1, 1 if trump < 0 else 0]
    e = t[28 + q]
    trumps, voids = 0, 0
    for u in range(4):
        held = bitcount(hand & w[W_SUIT + u])
        if u == trump:
            trumps = held
        elif held == 0:
            voids += 1
    rest = hand
    while rest != np.uint64(0):
        c = lowest(rest)
        rest &= rest - np.uint64(1)
        if c >= n_suit:
            e += t[0] if c < n_suit + n_wiz else t[1]
        elif c // nr == trump:
            e += t[2 + c % nr]
        else:
            e += t[15 + c % nr]
    return e + t[34] * trumps * trumps + t[35] * voids + t[36] * voids * trumps


@jit
def heuristic_bid(g, seat, forbidden, par):
    """Expected tricks (the fitted table, else :func:`analytic_tricks`), times ``scale`` plus ``bias``, rounded.

    A forbidden bid (plus/minus one) moves one step towards the unrounded value.
    """
    r = g.st[ST_R]
    e = NO_TABLE
    if par[H_TABLE] != 0.0 and g.hand_len[seat] == r:
        e = table_estimate(g, seat)
    if e == NO_TABLE:
        w = np.empty(N_W, np.uint64)
        v = np.empty(N_V, np.int64)
        load_view(g, seat, w, v, False)
        e = analytic_tricks(w, v, seat, par)
    e = e * par[H_SCALE] + par[H_BIAS]
    bid = int(min(max(np.floor(e + 0.5), 0), r))
    if bid == forbidden:
        if (e >= bid and bid < r) or bid == 0:
            bid += 1
        else:
            bid -= 1
    return bid


@jit
def heuristic_trump(g, seat):
    """Name the suit holding most strength (rank + 5 per card); blind: any suit at random."""
    nsuits = g.st[ST_NSUITS]
    if g.st[ST_BLIND] == 1:
        return below(g.rng, nsuits)
    tab = g.tab
    best, best_value = 0, -1
    for s in range(nsuits):
        value = 0
        for i in range(g.hand_len[seat]):
            c = g.hands[seat, i]
            if tab[KIND, c] == K_SUIT and tab[SUIT, c] == s:
                value += tab[RANK, c] + 5
        if value > best_value:
            best, best_value = s, value
    return best


@jit
def heuristic_card(g, seat, mask, par):
    """The heuristic's hand position: :func:`.playout.hx_decide` on what ``seat`` can see."""
    w = np.empty(N_W, np.uint64)
    v = np.empty(N_V, np.int64)
    load_view(g, seat, w, v, False)
    legal = np.uint64(0)
    for i in range(g.hand_len[seat]):
        if mask & (np.int64(1) << i):
            legal |= bit(g.hands[seat, i])
    c = hx_decide(w, v, par, seat, legal, np.empty(N_F))
    for i in range(g.hand_len[seat]):
        if g.hands[seat, i] == c:
            return i
    return -1
