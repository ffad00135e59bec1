"""The heuristic player: a card's chance to take the trick from what its holder can see.

Everything here reads only what ``seat`` may know: his hand, the public cards ``g.gone``, the
current trick, tricks won, the suits other seats have shown they lack (``g.void``), their
hand lengths, and bids through :func:`.core.visible_bid`.

Bidding: with the standard deck and 3-6 players, the expected tricks of the hand come from a
table fitted to the heuristic's own self-play (:mod:`tools/fit_bid_table.py`: a weight per card type
and seat, plus trump length and voids); otherwise from :func:`analytic_tricks`. Card play:
:func:`.playout.hx_decide` (each legal card's chance to take the trick against the players
still to play, given their hand lengths, known voids and whether they still need tricks).

Speed: the functions that take the round state are compiled without reference counting and
allocate nothing; the seat's view and all scratch live in the state (``g.scratch_u``,
``g.scratch_i``, ``g.scratch_f``, see :func:`.playout.load_own_view`), as do exact caches of
values that recur from bid to bid (the normalisation of :func:`analytic_tricks`, the threat
factors of :func:`card_chance`): the same bids and plays as computing them afresh, bit for bit.
"""

from __future__ import annotations

import numpy as np

from ...layout import H_BIAS, H_DUCK, H_KILL, H_LEAD_MIN, H_NORM, H_RUFF, H_SCALE, H_TABLE
from ..jit import hotjit
from ..rules.core import (
    K_JESTER,
    K_SUIT,
    K_WIZARD,
    KIND,
    N_SCRATCH,
    RANK,
    ST_BLIND,
    ST_N,
    ST_NSUITS,
    ST_R,
    ST_TRUMP,
    SUIT,
    avoid_forbidden,
    below,
)
from .fitted import load
from .playout import (
    L_AT,
    N_F,
    N_V,
    N_W,
    V_HLEN,
    V_N,
    V_R,
    V_TRUMP,
    W_ALL,
    W_HAND,
    W_SUIT,
    W_WIZ,
    bit,
    bitcount,
    hx_decide,
    load_own_view,
    lowest,
    memo_slot,
    suit_of,
    threat_chance,
    unseen_counts,
    unseen_of,
    view_deck,
)

__all__ = ["DEFAULTS", "H_BIAS", "H_DUCK", "H_KILL", "H_LEAD_MIN", "H_NORM", "H_RUFF", "H_SCALE", "H_TABLE"]

_BIDS = load("bidtable")  # wizstats/data/bidtable.npz, written by tools/fit_bid_table.py
TABLE = _BIDS["table"]
"""Expected tricks per card type and seat: ``TABLE[n - 3, r - 1, no_trump, feature]``, features the card types
(Wizard, Jester, trump 1..13, other 1..13), the seats 0..5, trumps squared, void suits other than trump, and
their product."""
FITTED = _BIDS["fitted"]
"""``FITTED[n - 3, r - 1]`` is 1 where :data:`TABLE` has a fit."""

DEFAULTS = np.array([1.0, 0.0, 1.0, 0.55, 1.0, 0.15, 1.0, 1.0])
"""Default parameters, in column order (the rollouts of :mod:`.pimc` use these)."""

NO_TABLE = -1e9


@hotjit
def threat_factor(hl, unseen, u_s, wiz, higher, trumps, ruff, kill):
    """The chance that one other hand of ``hl`` cards holds none of a card's threats, to the power ``kill``."""
    t = threat_chance(hl, unseen, False, u_s, wiz, higher, trumps, True, ruff)
    if kill != 1.0:  # x ** 1.0 is x: no pow
        t = t**kill
    return t


# A memo of threat_factor in a round state's float scratch: a factor depends on six small
# counts and two parameters, and the same ones recur from round to round (a bid's cards cost
# a pow each otherwise). Direct-mapped, M_ENTRIES entries of (key + 1, ruff, kill, factor).
M_AT = 512
M_BITS = 11
M_ENTRIES = 1 << M_BITS


@hotjit
def kept_threat_factor(memo, hl, unseen, u_s, wiz, higher, trumps, ruff, kill):
    """:func:`threat_factor`, looked up in or added to ``memo`` (``g.scratch_f``; empty: no memo)."""
    if memo.shape[0] == 0 or max(hl, unseen, u_s, wiz, higher, trumps) >= 64:
        return threat_factor(hl, unseen, u_s, wiz, higher, trumps, ruff, kill)
    key = ((((hl * 64 + unseen) * 64 + u_s) * 64 + wiz) * 64 + higher) * 64 + trumps + 1
    i = M_AT + 4 * memo_slot(key, M_BITS)
    if memo[i] == key and memo[i + 1] == ruff and memo[i + 2] == kill:
        return memo[i + 3]
    t = threat_factor(hl, unseen, u_s, wiz, higher, trumps, ruff, kill)
    memo[i], memo[i + 1], memo[i + 2], memo[i + 3] = key, ruff, kill, t
    return t


@hotjit
def card_chance(memo, w, v, seat, c, unseen_m, unseen, wiz, ruff, kill):
    """A card's chance to take a trick, judged at bidding: each other hand may hold its threats.

    ``memo``: a round state's ``scratch_f`` (factors from :func:`kept_threat_factor`), or an empty
    array (computed afresh): the same numbers either way.
    """
    nr, n_suit, n_wiz = view_deck(v)
    trump = v[V_TRUMP]
    if c >= n_suit:
        return 1.0 if c < n_suit + n_wiz else 0.0
    if unseen <= 0:
        return 1.0
    s = suit_of(c, nr)
    higher = bitcount(unseen_m & w[W_SUIT + s] & ~((bit(c) << np.uint64(1)) - np.uint64(1)))
    trumps = bitcount(unseen_m & w[W_SUIT + trump]) if trump >= 0 and s != trump else 0
    u_s = bitcount(unseen_m & w[W_SUIT + s])
    n = v[V_N]
    p = 1.0
    t, t_hl = 1.0, -1
    q = seat
    for _ in range(1, n):
        q = q + 1 if q + 1 < n else 0  # (seat + j) % n without a division
        hl = v[V_HLEN + q]
        if hl != t_hl:  # players holding as many cards face the same threats: one factor serves them all
            t = kept_threat_factor(memo, hl, unseen, u_s, wiz, higher, trumps, ruff, kill)
            t_hl = hl
        p *= t
    return p


@hotjit
def chance_sum(memo, w, v, seat, cards, unseen_m, unseen, wiz, ruff, kill):
    """The sum of :func:`card_chance` over the set ``cards`` (the other arguments as there)."""
    total = 0.0
    rest = cards
    while rest != np.uint64(0):
        total += card_chance(memo, w, v, seat, lowest(rest), unseen_m, unseen, wiz, ruff, kill)
        rest &= rest - np.uint64(1)
    return total


@hotjit
def hand_chances(memo, w, v, seat, par):
    """The sum over the hand of ``seat`` of each card's :func:`card_chance`."""
    hand = w[W_HAND + seat]
    unseen_m, unseen, wiz = unseen_counts(w, seat)
    return chance_sum(memo, w, v, seat, hand, unseen_m, unseen, wiz, par[H_RUFF], par[H_KILL])


@hotjit
def neutral_total(memo, w, v, seat, par, live):
    """The sum of :func:`card_chance` over the ``live`` cards, judged by someone who has seen none of them."""
    return chance_sum(memo, w, v, seat, live, live, bitcount(live), bitcount(live & w[W_WIZ]), par[H_RUFF], par[H_KILL])


@hotjit
def normalised(e, total, n_live, n, norm):
    """The hand's estimate ``e`` scaled by the neutral mean ``total / n_live`` (see :func:`analytic_tricks`)."""
    if total <= 0.0:
        return e
    return (1.0 - norm) * e + norm * e * n_live / (n * total)


@hotjit
def analytic_tricks(memo, w, v, seat, par):
    """The sum over the hand of each card's :func:`card_chance`, normalised if ``par[H_NORM]``.

    Normalised: divided by ``n * mean``, where ``mean`` is the mean chance of a card that is
    not public, judged by someone who has seen none of them; a random hand is then worth its
    share of the tricks and the table's bids add up to the tricks to play on average.
    ``memo``: see :func:`card_chance`.
    """
    e = hand_chances(memo, w, v, seat, par)
    if par[H_NORM] == 0.0:
        return e
    live = unseen_of(w, seat) | w[W_HAND + seat]  # nothing but the public cards is known
    return normalised(e, neutral_total(memo, w, v, seat, par, live), bitcount(live), v[V_N], par[H_NORM])


# The normalisation of analytic_tricks depends on the public cards, trump, the other players'
# hand lengths and two parameters, not on the hand: at bidding (only the turned card public,
# every hand full) it is the same for every bidder of a round, and for every round with the
# same turned card. A round state keeps it, one entry per lowest public card id (the last
# entry for none), keyed by all it depends on; a state keeps its deck for life.
C_ENTRIES = 65
C_LIVE = 32  # g.scratch_u + entry: the live (not public) cards
C_KEY = 64  # g.scratch_i + 3 * entry: trump, players (0: empty entry), the others' hand length
C_PAR = 64  # g.scratch_f + 3 * entry: ruff, kill, the sum
assert C_LIVE >= N_W and C_KEY >= N_V and C_PAR >= N_F and C_KEY + 3 * C_ENTRIES <= min(N_SCRATCH, M_AT)
assert M_AT + 4 * M_ENTRIES <= L_AT


@hotjit
def kept_neutral_total(g, seat, par, live):
    """:func:`neutral_total` on the view in ``g``'s scratch, kept in the state for the next bidders."""
    w, v = g.scratch_u, g.scratch_i
    n, trump = v[V_N], v[V_TRUMP]
    hl = v[V_HLEN + (seat + 1) % n]
    for j in range(2, n):
        if v[V_HLEN + (seat + j) % n] != hl:  # then the sum depends on the seat: not kept
            return neutral_total(g.scratch_f, w, v, seat, par, live)
    public = w[W_ALL] & ~live
    k = lowest(public) if public != np.uint64(0) else C_ENTRIES - 1
    key, kf = g.scratch_i, g.scratch_f
    ruff, kill = par[H_RUFF], par[H_KILL]
    if (
        key[C_KEY + 3 * k + 1] == n
        and g.scratch_u[C_LIVE + k] == live
        and key[C_KEY + 3 * k] == trump
        and key[C_KEY + 3 * k + 2] == hl
        and kf[C_PAR + 3 * k] == ruff
        and kf[C_PAR + 3 * k + 1] == kill
    ):
        return kf[C_PAR + 3 * k + 2]
    total = neutral_total(g.scratch_f, w, v, seat, par, live)
    g.scratch_u[C_LIVE + k] = live
    key[C_KEY + 3 * k], key[C_KEY + 3 * k + 1], key[C_KEY + 3 * k + 2] = trump, n, hl
    kf[C_PAR + 3 * k], kf[C_PAR + 3 * k + 1], kf[C_PAR + 3 * k + 2] = ruff, kill, total
    return total


@hotjit
def own_analytic_tricks(g, seat, par):
    """:func:`analytic_tricks` for ``seat`` of a round state, its view loaded into the state's scratch."""
    load_own_view(g, seat)
    w, v = g.scratch_u, g.scratch_i
    e = hand_chances(g.scratch_f, w, v, seat, par)
    if par[H_NORM] == 0.0:
        return e
    live = unseen_of(w, seat) | w[W_HAND + seat]
    return normalised(e, kept_neutral_total(g, seat, par, live), bitcount(live), v[V_N], par[H_NORM])


@hotjit
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
    held = 0  # bit u: a card of suit u
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
            held |= 1 << tab[SUIT, c]
    voids = 0
    for s in range(4):
        if s != trump and (held >> s) & 1 == 0:
            voids += 1
    return e + w[34] * trumps * trumps + w[35] * voids + w[36] * voids * trumps


@hotjit
def view_table_estimate(hand, q, w, v):
    """:func:`table_estimate` of the card mask ``hand`` for seat ``q`` of a view, or ``NO_TABLE``."""
    n, r = v[V_N], v[V_R]
    nr, n_suit, n_wiz = view_deck(v)
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
        elif suit_of(c, nr) == trump:
            e += t[2 + c - trump * nr]
        else:
            e += t[15 + c - suit_of(c, nr) * nr]
    return e + t[34] * trumps * trumps + t[35] * voids + t[36] * voids * trumps


@hotjit
def heuristic_bid(g, seat, forbidden, par):
    """Expected tricks (the fitted table, else :func:`analytic_tricks`), times ``scale`` plus ``bias``, rounded.

    A forbidden bid (plus/minus one) moves one step towards the unrounded value. Compiled
    without reference counting (it allocates nothing): see :func:`heuristic_card`.
    """
    r = g.st[ST_R]
    e = NO_TABLE
    if par[H_TABLE] != 0.0 and g.hand_len[seat] == r:
        e = table_estimate(g, seat)
    if e == NO_TABLE:
        e = own_analytic_tricks(g, seat, par)
    e = e * par[H_SCALE] + par[H_BIAS]
    return avoid_forbidden(int(min(max(np.floor(e + 0.5), 0), r)), e, r, forbidden)


@hotjit
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


@hotjit(inline="always")
def heuristic_card(g, seat, mask, par):
    """The heuristic's hand position: :func:`.playout.hx_decide` on what ``seat`` can see.

    Inlined into its caller, compiled without reference counting and allocating nothing (the
    view and ``hx_decide``'s scratch live in the round state): passing the state's 21 arrays,
    counting them up and down, and three small allocations per call cost more than the
    decision (benchmarks/README.md). One legal card is played without a decision, as
    :func:`.playout.hx_run` does (``hx_decide`` would choose it).
    """
    if mask & (mask - 1) == 0:
        return lowest(np.uint64(mask))
    load_own_view(g, seat)
    length = g.hand_len[seat]
    if mask == (np.int64(1) << length) - 1:
        legal = g.scratch_u[W_HAND + seat]
    else:
        legal = np.uint64(0)
        for i in range(length):
            if mask & (np.int64(1) << i):
                legal |= bit(g.hands[seat, i])
    c = hx_decide(g.scratch_u, g.scratch_i, par, seat, legal, g.scratch_f, True)
    for i in range(length):
        if g.hands[seat, i] == c:
            return i
    return -1
