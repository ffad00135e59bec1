"""The ``expert`` player: exact round 1, bids that read the table, trump by expected tricks.

Everything here reads only what ``seat`` may know (as :mod:`.heuristic`): its hand, the public
cards, the current trick, tricks won, shown voids, hand lengths, and bids through
:func:`.core.visible_bid` (with hidden bids it never sees an earlier bid while bidding).

- Round 1 with the standard deck and 3-6 players: the exact rational bid, looked up in the
  packed tables :data:`R1_OPEN` and :data:`R1_HIDDEN` (``wizstats/data/expert_round1.npz``; bid 1 iff the chance to take the trick, given the
  card, seat, turned card or named suit and the earlier bids read through the earlier
  players' own rational rule, reaches the break-even chance); with bids it cannot see, the
  rule without that information. A forbidden bid (plus/minus one) takes the other bid.
- Other rounds: the hand's expected tricks (the heuristic's fitted table, else its analytic
  estimate), moved towards what the visible earlier bids leave over (``read``: 0 ignores
  them, 1 scales the estimate by the tricks the earlier bids leave over against what they
  would leave on average; the weight fades linearly to 0 at hand size ``fade``); up to hand
  size ``pick`` the bid with the best expected score under the round's scoring for a
  distribution of tricks (each card's chance to take a trick, scaled to that mean, summed as
  independent trials), for larger hands the estimate rounded; never the forbidden bid. The
  cards whose scaled chance reaches ``sure`` (negative: the value fitted per table and hand
  size, :data:`SURE`) are kept out of the bids' reading and the dealer's offset
  (:func:`sure_tricks`): those move only the rest of the estimate.
- Trump after a turned Wizard (not blind): the suit under which the hand expects the most
  tricks (round 1: the suit of the card, any suit for a Wizard or Jester, which is what the
  exact tables assume); the dealer then bids from his estimate less ``named`` tricks, since the
  suit chosen for the highest estimate is the one the estimate overrates most (``named`` negative:
  the offset fitted per table and hand size, :data:`NAMED`). The other seats, who see the suit he
  chose (they bid before him), bid ``others`` tricks below their estimates: he chose it for his
  strength in it (``others`` negative: fitted per table and hand size, :data:`OTHERS`).
- Card play (standard deck): with ``fitted`` = 2, from 2 cards on, the card the fitted network
  scores best (:func:`.expert_play.learned_card` with ``net``); with ``fitted`` = 1, at the hand
  sizes with fitted linear weights, the card those score best; in both not when every trick
  left is needed. Otherwise :func:`.playout.hx_decide` with the expert's own parameters (tuned
  in the arena against ``heuristic``: a lower ``ruff`` and ``lead_min``, a higher ``duck``;
  ``lead_nt`` without trump).

Scratch: the trick distribution lives in ``g.scratch_f[D_AT:]``, a range the heuristic leaves
free (its view, caches and memos use the rest, see :mod:`.heuristic` and :mod:`.playout`).
"""

from __future__ import annotations

import numpy as np

from ...layout import (
    E_FADE,
    E_FITTED,
    E_KILL,
    E_LEAD_MIN,
    E_LEAD_NT,
    E_NAMED,
    E_OTHERS,
    E_PICK,
    E_READ,
    E_RUFF,
    E_SURE,
    H_DUCK,
    H_LEAD_MIN,
    H_RUFF,
)
from ..jit import hotjit
from ..rules.core import (
    K_JESTER,
    K_SUIT,
    K_WIZARD,
    KIND,
    RANK,
    ST_BIDVIS,
    ST_BLIND,
    ST_N,
    ST_NSUITS,
    ST_R,
    ST_SCORING,
    ST_TRUMP,
    ST_TURNED,
    SUIT,
    avoid_forbidden,
    below,
    score,
    visible_bid,
)
from .expert_play import HAS_NET, N_FEAT, N_H1, N_H2, has_model, learned_card
from .fitted import load
from .heuristic import (
    C_ENTRIES,
    C_PAR,
    DEFAULTS,
    NO_TABLE,
    card_chance,
    chance_sum,
    own_analytic_tricks,
    table_estimate,
)
from .playout import (
    W_HAND,
    bit,
    hx_decide,
    load_own_view,
    lowest,
    unseen_counts,
)

# parameters: columns E_READ .. E_OTHERS of the seat's params (wizstats.layout, the registered order);
# ruff, lead_min, kill and duck sit in the heuristic's columns, so the row goes to hx_decide as it is

_ROUND1 = load("expert_round1")  # wizstats/data/expert_round1.npz, written by tools/gen_expert_round1.py
R1_OPEN, R1_OPEN_AT = _ROUND1["open"], _ROUND1["open_at"]
R1_HIDDEN, R1_HIDDEN_AT = _ROUND1["hidden"], _ROUND1["hidden_at"]
R1_OPEN_LEN, R1_HIDDEN_LEN = R1_OPEN.size // 4, R1_HIDDEN.size // 4  # masks per variant (4: scoring x trump choice)
"""The exact round-1 bids, packed: ``R1_OPEN[v * R1_OPEN_LEN + R1_OPEN_AT[n - 3] + (seat * 2 ** (n - 1) + history)
* 15 + class]`` and ``R1_HIDDEN[v * R1_HIDDEN_LEN + R1_HIDDEN_AT[n - 3] + seat * 15 + class]``: bit ``c`` set
when the card of canonical id ``c`` bids 1 (``v = 2 * alternative + blind``; see ``tools/gen_expert_round1.py``)."""

_CELLS = load("expert_cells")  # wizstats/data/expert_cells.npz, written by tools/fit_expert_cells.py
NAMED, SURE, OTHERS = _CELLS["named"], _CELLS["sure"], _CELLS["others"]
"""Per ``[n_players, hand_size]``: the dealer's offset after naming trump, read when ``named`` is negative, the
chance that makes a card sure, read when ``sure`` is negative, and the other seats' offset after the dealer named
trump, read when ``others`` is negative."""

EXPERT_DEFAULTS = np.array([0.6, 14.0, 0.4, 0.35, 0.8, 0.3, 5.0, 0.6, 2.0, -1.0, 2.0, -1.0, -1.0, -1.0, -1.0])
"""The expert's registered defaults, in column order (``pimc:bidder=1`` bids with them; ``tests/test_policies.py``
checks them against the registry)."""
PLAYOUT = DEFAULTS.copy()
PLAYOUT[H_RUFF : H_DUCK + 1] = EXPERT_DEFAULTS[H_RUFF : H_DUCK + 1]
"""The expert's default ``ruff``, ``lead_min``, ``kill`` and ``duck`` in the heuristic's row: its unfitted card play
for :func:`.playout.hx_decide`, as the ``playout=1`` rollouts of :mod:`.pimc` play."""
PLAYOUT_NT = PLAYOUT.copy()
PLAYOUT_NT[H_LEAD_MIN] = EXPERT_DEFAULTS[E_LEAD_NT]
""":data:`PLAYOUT` in a round without trump (its ``lead_nt`` in place of ``lead_min``)."""

D_AT = C_PAR + 3 * C_ENTRIES + 8  # g.scratch_f + t: chance of t tricks (and a second row for the update)
D_ROW = 24
assert D_AT + 2 * D_ROW <= 512  # below the heuristic's memo (heuristic.M_AT)
# card play keeps one card's features and the network's layers there (expert_play.learned_card)
assert D_AT + N_FEAT + N_H1 + N_H2 <= 512


# ---------------------------------------------------------------- round 1
@hotjit
def standard_deck(g):
    """Whether the round is played with the standard 60-card deck and 3-6 players (what the fits cover)."""
    tab, st = g.tab, g.st
    n = st[ST_N]
    if tab.shape[1] != 60 or st[ST_NSUITS] != 4 or n < 3 or n > 6:
        return False
    return tab[RANK, 12] == 13 and tab[KIND, 52] != K_SUIT and tab[KIND, 56] == K_JESTER


@hotjit
def round1_covered(g):
    """Whether the exact round-1 tables apply: standard 60-card deck, 3-6 players, one card each."""
    return g.st[ST_R] == 1 and standard_deck(g)


@hotjit
def round1_bid(g, seat, forbidden):
    """The exact rational round-1 bid (see the module notes)."""
    tab, st = g.tab, g.st
    n = st[ST_N]
    turned = st[ST_TURNED]
    kind = tab[KIND, turned]
    if kind == K_SUIT:
        k, t = tab[RANK, turned] - 1, tab[SUIT, turned]
    elif kind == K_JESTER:
        k, t = 13, -1
    else:
        k, t = 14, st[ST_TRUMP]
    c = g.hands[seat, 0]
    if c < 52 and t >= 0:  # relabel trump as suit 0, the other suits keep their order
        s = tab[SUIT, c]
        s2 = 0 if s == t else s + (1 if s < t else 0)
        c = s2 * 13 + tab[RANK, c] - 1
    v = 2 * st[ST_SCORING] + st[ST_BLIND]
    if st[ST_BIDVIS] == 0:
        j = seat - 1 if seat > 0 else n - 1  # bidding position: seat 1 bids first, the dealer last
        history = 0
        for i in range(j):
            if visible_bid(g, seat, i + 1) == 1:
                history |= 1 << i
        mask = R1_OPEN[v * R1_OPEN_LEN + R1_OPEN_AT[n - 3] + (seat * (1 << (n - 1)) + history) * 15 + k]
    else:
        mask = R1_HIDDEN[v * R1_HIDDEN_LEN + R1_HIDDEN_AT[n - 3] + seat * 15 + k]
    bid = np.int64((mask >> np.uint64(c)) & np.uint64(1))
    return avoid_forbidden(bid, bid, st[ST_R], forbidden)  # one card: the other bid


# ---------------------------------------------------------------- bids from a trick distribution
@hotjit
def expected_tricks(g, seat):
    """The hand's expected tricks (the heuristic's table, else its analytic estimate); loads the view."""
    e = NO_TABLE
    if g.hand_len[seat] == g.st[ST_R]:
        e = table_estimate(g, seat)
    if e == NO_TABLE:
        e = own_analytic_tricks(g, seat, DEFAULTS)
    else:
        load_own_view(g, seat)
    return e


@hotjit
def read_bids(g, seat, e, weight):
    """``e`` moved (by ``weight``) to its share of the tricks the visible earlier bids leave over."""
    n, r = g.st[ST_N], g.st[ST_R]
    if weight == 0.0:
        return e
    told, k = 0, 0
    for q in range(n):
        if q != seat:
            b = visible_bid(g, seat, q)
            if b >= 0:
                told += b
                k += 1
    return leftover_share(e, told, k, n, r, weight)


@hotjit
def leftover_share(e, told, k, n, r, weight):
    """``e`` moved (by ``weight``) to its share of what ``k`` earlier bids summing to ``told`` leave of ``r``
    tricks at ``n`` players, against what ``k`` bids leave on average (also the one-colour expert's)."""
    if k == 0 or weight == 0.0:
        return e
    usual = r - k * r / n  # what k bids leave over on average
    left = max(r - told, 0)
    shared = e * left / usual if usual > 0.0 else e
    return min(max(e + weight * (shared - e), 0.0), float(r))


@hotjit
def trick_distribution(g, seat, e, par):
    """``g.scratch_f[D_AT + t]``: chance of ``t`` tricks, the cards' chances scaled to the mean ``e``.

    Each card's chance to take a trick (:func:`.heuristic.card_chance`, judged at bidding) is
    scaled so they sum to ``e`` (capped at 1), the cards counted as independent trials; the
    view must be loaded.
    """
    w, v, f = g.scratch_u, g.scratch_i, g.scratch_f
    r = g.hand_len[seat]
    hand = w[W_HAND + seat]
    unseen_m, unseen, wiz = unseen_counts(w, seat)
    total = chance_sum(f, w, v, seat, hand, unseen_m, unseen, wiz, par[E_RUFF], par[E_KILL])
    scale = e / total if total > 0.0 else 0.0
    for t in range(r + 1):
        f[D_AT + t] = 0.0
    f[D_AT] = 1.0
    m = 0
    rest = hand
    while rest != np.uint64(0):
        c = lowest(rest)
        rest &= rest - np.uint64(1)
        p = card_chance(f, w, v, seat, c, unseen_m, unseen, wiz, par[E_RUFF], par[E_KILL])
        p = min(1.0, p * scale) if total > 0.0 else min(1.0, e / r)
        m += 1
        add_trial(f, D_AT, m, p)


@hotjit
def add_trial(f, at, m, p):
    """Add the ``m``-th independent trial, a trick with chance ``p``, to the distribution ``f[at .. at + m]``."""
    for t in range(m, 0, -1):
        f[at + t] = f[at + t] * (1.0 - p) + f[at + t - 1] * p
    f[at] *= 1.0 - p


@hotjit
def scaled_trials(f, k, r, e):
    """``f[r + t]``: chance of ``t`` tricks when the ``k`` cards' chances ``f[0 .. k - 1]``, scaled to sum to ``e``
    (each capped at 1; all ``e / k`` when they sum to 0), are independent trials (the special-card and
    one-colour experts'); ``f`` holds ``2 r + 1`` slots."""
    raw = 0.0
    for i in range(k):
        raw += f[i]
    for t in range(r + 1):
        f[r + t] = 0.0
    f[r] = 1.0
    for i in range(k):
        p = min(1.0, f[i] * e / raw) if raw > 0.0 else min(1.0, e / k)
        add_trial(f, r, i + 1, p)


@hotjit
def best_bid(f, at, r, scoring, forbidden):
    """The bid 0..r (not ``forbidden``) with the best expected score when ``f[at + t]`` is the chance of ``t``
    tricks; and that score (also the special-card and one-colour experts')."""
    best, top = -1, -1e18
    for b in range(r + 1):
        if b == forbidden:
            continue
        x = 0.0
        for t in range(r + 1):
            x += f[at + t] * score(b, t, scoring, r)
        if x > top:
            best, top = b, x
    return best, top


@hotjit
def expert_bid(g, seat, forbidden, par):
    """The expert's bid (see the module notes); never ``forbidden``."""
    if round1_covered(g):
        return round1_bid(g, seat, forbidden)
    r = g.st[ST_R]
    weight = par[E_READ] * max(0.0, 1.0 - r / par[E_FADE]) if par[E_FADE] > 0.0 else 0.0
    e = expected_tricks(g, seat)
    threshold = par[E_SURE] if par[E_SURE] >= 0.0 else SURE[g.st[ST_N], r]
    sure = sure_tricks(g, seat, e, threshold, par) if threshold <= 1.0 else 0.0
    e = read_bids(g, seat, e - sure, weight)
    if named_after_look(g):  # the dealer's offset, or another seat's reading of the suit the dealer chose
        if seat == 0:
            e = max(e - (par[E_NAMED] if par[E_NAMED] >= 0.0 else NAMED[g.st[ST_N], r]), 0.0)
        else:
            e = max(e - (par[E_OTHERS] if par[E_OTHERS] >= 0.0 else OTHERS[g.st[ST_N], r]), 0.0)
    e = min(e + sure, float(r))
    if r > par[E_PICK]:  # round the estimate; a forbidden bid moves one step towards it
        return avoid_forbidden(int(min(max(np.floor(e + 0.5), 0), r)), e, r, forbidden)
    trick_distribution(g, seat, e, par)
    bid, _ = best_bid(g.scratch_f, D_AT, r, g.st[ST_SCORING], forbidden)
    return bid


@hotjit
def sure_tricks(g, seat, e, threshold, par):
    """The part of the estimate ``e`` its sure cards make: the chances (:func:`.heuristic.card_chance`, scaled
    as in :func:`trick_distribution` so that all the cards' sum to ``e``) of the cards whose scaled chance is at
    least ``threshold``. The earlier bids and the dealer's offset move only the rest: a Wizard, or the top trump, takes
    its trick however much the others bid. The view must be loaded."""
    w, v, f = g.scratch_u, g.scratch_i, g.scratch_f
    hand = w[W_HAND + seat]
    unseen_m, unseen, wiz = unseen_counts(w, seat)
    total = chance_sum(f, w, v, seat, hand, unseen_m, unseen, wiz, par[E_RUFF], par[E_KILL])
    if total <= 0.0:
        return 0.0
    sure = 0.0
    rest = hand
    while rest != np.uint64(0):
        c = lowest(rest)
        rest &= rest - np.uint64(1)
        p = min(1.0, card_chance(f, w, v, seat, c, unseen_m, unseen, wiz, par[E_RUFF], par[E_KILL]) * e / total)
        if p >= threshold:
            sure += p
    return min(sure, e)


@hotjit
def named_after_look(g):
    """Whether the dealer (seat 0) named trump this round after looking at his hand (a Wizard turned)."""
    t = g.st[ST_TURNED]
    return t >= 0 and g.st[ST_BLIND] == 0 and g.tab[KIND, t] == K_WIZARD


@hotjit
def expert_trump(g, seat, par):
    """The suit under which the hand expects the most tricks (blind: any suit at random).

    The dealer bids last, after naming trump, and a bid that is met scores more the more tricks
    it counts, so the suit is judged by the hand's expected tricks under it (the estimate the
    bid starts from). Judging it by the best expected score under :func:`trick_distribution`
    instead was measured to lose to naming trump blind from 6 cards up: treating the cards as
    independent trials makes a weak hand's low bid look safe, and that favours the suits that
    leave the hand weakest (``docs/players.md``).
    """
    nsuits = g.st[ST_NSUITS]
    if g.st[ST_BLIND] == 1:
        return below(g.rng, nsuits)
    tab = g.tab
    if g.st[ST_R] == 1:  # one card: its suit; a Wizard or a Jester wins or loses whatever is trump
        c = g.hands[seat, 0]
        return tab[SUIT, c] if tab[KIND, c] == K_SUIT else below(g.rng, nsuits)
    best, top = 0, -1e18
    for s in range(nsuits):
        g.st[ST_TRUMP] = s
        x = expected_tricks(g, seat)
        if x > top:
            best, top = s, x
    g.st[ST_TRUMP] = -1
    return best


@hotjit
def expert_card(g, seat, mask, par):
    """The expert's hand position: :func:`.playout.hx_decide` with its ``ruff``, ``lead_min`` and ``duck``.

    Without trump ``lead_nt`` replaces ``lead_min`` (the arena favours a higher bar there).
    """
    if mask & (mask - 1) == 0:
        return lowest(np.uint64(mask))
    load_own_view(g, seat)
    length = g.hand_len[seat]
    legal = np.uint64(0)
    for i in range(length):
        if mask & (np.int64(1) << i):
            legal |= bit(g.hands[seat, i])
    if par[E_FITTED] == 2.0 and HAS_NET and g.st[ST_R] > 1 and standard_deck(g):
        c = learned_card(g.scratch_u, g.scratch_i, seat, legal, par, g.scratch_f, D_AT, True)
    elif par[E_FITTED] == 1.0 and has_model(g.st[ST_R]) and standard_deck(g):
        c = learned_card(g.scratch_u, g.scratch_i, seat, legal, par, g.scratch_f, D_AT)
    else:
        lead_min = par[E_LEAD_MIN]
        if g.st[ST_TRUMP] < 0:  # the row goes to hx_decide as it is: lend it the no-trump lead_min for the call
            par[E_LEAD_MIN] = par[E_LEAD_NT]
        c = hx_decide(g.scratch_u, g.scratch_i, par, seat, legal, g.scratch_f, True)
        par[E_LEAD_MIN] = lead_min
    for i in range(length):
        if g.hands[seat, i] == c:
            return i
    return -1
