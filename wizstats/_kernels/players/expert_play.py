"""The ``expert``'s card play: a score per legal card, fitted to the outcomes of the cards.

For every legal card the player computes ``N_FEAT`` features from what it sees (its need of
tricks, the tricks the others still want, its position in the trick, the card's kind, rank
and win chance as :func:`.playout.hx_decide` judges it, and whether it is the card
``hx_decide`` would play, or one interchangeable with it) and plays the card whose weighted
sum is largest. The weights, one row per hand size, are :data:`PLAY` (``wizstats/data/expert_play.npz``),
fitted by ``tools/fit_expert_play.py`` to the score each card had when played in the true deal of
``expert:fitted=0`` self-play and the round played out (:func:`..engine.labels.continued_values`),
and kept only at the hand sizes where the fitted play beats the unfitted one in the arena. A
row of zeros plays ``hx_decide``'s card. Where the seat needs every trick left, it plays
``hx_decide``'s card (its likeliest winner) whatever the weights, and the fit leaves those
decisions out.

With ``fitted=2`` the score is a small network's instead (:func:`net_score`: the card's
features and the hand size, two ReLU layers, weights :data:`W1` .. :data:`W3` from
``wizstats/data/expert_net.npz``, fitted by
``tools/fit_expert_net.py`` to the same kind of labels, one network for hand sizes 2..15); the
card it scores best is played when it scores above ``hx_decide``'s card (gate 0, or the seat's
``gate``), except where every trick left is needed.

The same functions compute the features when labelling (:func:`decision_features`) and when
playing (:func:`learned_card`), so the fit and the player cannot drift apart.
"""

from __future__ import annotations

import numpy as np

from ...layout import E_GATE, E_LEAD_NT, H_LEAD_MIN, H_RUFF
from ..jit import hotjit
from ..rules.bitboard import trick_key
from ..rules.core import K_JESTER, K_SUIT, K_WIZARD
from .fitted import load
from .playout import (
    V_BEST,
    V_BIDS,
    V_HLEN,
    V_N,
    V_R,
    V_TCARD,
    V_TRICK_LEN,
    V_TRICKS,
    V_TRUMP,
    W_HAND,
    W_SUIT,
    bb_key,
    bit,
    bitcount,
    hx_decide,
    kind_of,
    lowest,
    same_class,
    suit_of,
    trick_masks,
    unseen_counts,
    view_deck,
    win_chance,
)

_LINEAR = load("expert_play")  # wizstats/data/expert_play.npz, written by tools/fit_expert_play.py
PLAY, GATE = _LINEAR["play"], _LINEAR["gate"]
"""``PLAY[hand size - 1, feature]``: the linear score's weights (a row of zeros plays the heuristic's card);
``GATE[hand size - 1]``: how many points of fitted score the best card must gain over the heuristic's."""
_NET = load("expert_net")  # wizstats/data/expert_net.npz, written by tools/fit_expert_net.py
W1, B1, W2, B2, W3 = (_NET[key] for key in ("w1", "b1", "w2", "b2", "w3"))
"""The card network's weights (``W1[input, unit]``; see :func:`net_score`)."""

N_FEAT = 32
"""Features per legal card (see :func:`card_features`)."""
N_BANDS = 15
"""Rows of weights: one per hand size 1..15 (larger decks' hands use the row of 15)."""
assert PLAY.shape == (N_BANDS, N_FEAT) and GATE.shape == (N_BANDS,)

# E_LEAD_NT (the expert's lead_min without trump) and E_GATE (the fitted card must beat hx_decide's by more
# than this; negative: the fitted GATE) are columns of the expert's params row (wizstats.layout)


@hotjit
def band(r):
    """The row of weights for hand size ``r``."""
    return min(r, N_BANDS) - 1


HAS_MODEL = (PLAY != 0.0).any(axis=1)
"""Per band: whether it has fitted weights (a compile-time constant of the kernels, as :data:`PLAY`)."""


N_IN = N_FEAT + 1
"""Inputs of the card network: the card's features and the hand size / 15."""
N_H1, N_H2 = W1.shape[1], W2.shape[1]
assert W1.shape == (N_IN, N_H1) and B1.shape == (N_H1,) and W2.shape == (N_H1, N_H2) and B2.shape == (N_H2,)
assert W3.shape == (N_H2,)
HAS_NET = bool((W3 != 0.0).any())
"""Whether the card network has fitted weights (``fitted=2`` plays by it; a compile-time constant)."""


@hotjit(inline="always")
def net_score(f, at, r, h):
    """The card network's score of the features in ``f[at:at + N_FEAT]`` at hand size ``r``.

    ``h``: ``N_H1 + N_H2`` floats of scratch. Hand sizes above 15 (3 players) are given as 15,
    the largest fitted. The loops run along contiguous rows (no sums across a row), so the
    compiler can vectorise them.
    """
    x_r = min(r, 15) / 15.0
    for j in range(N_H1):
        h[j] = B1[j] + W1[N_FEAT, j] * x_r
    for k in range(N_FEAT):
        x = f[at + k]
        if x != 0.0:
            for j in range(N_H1):
                h[j] += W1[k, j] * x
    for i in range(N_H2):
        h[N_H1 + i] = B2[i]
    for j in range(N_H1):
        y = h[j]
        if y > 0.0:
            for i in range(N_H2):
                h[N_H1 + i] += W2[j, i] * y
    out = 0.0
    for i in range(N_H2):
        out += W3[i] * max(h[N_H1 + i], 0.0)
    return out


@hotjit
def has_model(r):
    """Whether the band of hand size ``r`` has fitted weights (else the player plays ``hx_decide``'s card)."""
    return HAS_MODEL[band(r)]


@hotjit(inline="always")
def table_context(v, seat):
    """``(need, left, surplus, after_need)`` of ``seat``: tricks it still wants, cards it holds,
    tricks nobody wants (the cards left less every visible outstanding bid, per card left), and
    the share of the players after it in this trick who still want tricks."""
    n, k_len = v[V_N], v[V_TRICK_LEN]
    need = v[V_BIDS + seat] - v[V_TRICKS + seat]
    left = v[V_HLEN + seat]
    wanted = 0
    for q in range(n):
        b = v[V_BIDS + q]
        if b >= 0 and b > v[V_TRICKS + q]:
            wanted += b - v[V_TRICKS + q]
    surplus = (left - wanted) / max(left, 1)
    after = 0
    q = seat
    for _ in range(n - k_len - 1):
        q = q + 1 if q + 1 < n else 0
        b = v[V_BIDS + q]
        if b < 0 or b > v[V_TRICKS + q]:
            after += 1
    return need, left, surplus, after / max(n - 1, 1)


@hotjit(inline="always")
def split(out, i, x, want, made):
    """``out[i] = x * want``, ``out[i + 1] = x * made``: a feature split by whether the seat still wants a trick.

    ``want`` and ``made`` are 0 or 1, so ``(chance * surplus) * want`` is ``chance * want * surplus`` to the bit.
    """
    out[i] = x * want
    out[i + 1] = x * made


@hotjit(inline="always")
def card_features(w, v, seat, c, chance, pick, need, left, surplus, after, unseen_m, unseen, out, at):
    """The ``N_FEAT`` features of card ``c`` into ``out[at:at + N_FEAT]``.

    ``chance``: its win chance (:func:`.playout.win_chance`); ``pick``: ``hx_decide``'s card;
    ``unseen_m``/``unseen``: the cards ``seat`` has not seen and their count (:func:`_trick_scene`);
    the rest from :func:`table_context`. Every feature is split by whether ``seat`` still
    wants a trick (``want``) or has made its bid (``made``).
    """
    nr, n_suit, n_wiz = view_deck(v)
    trump = v[V_TRUMP]
    n, k_len = v[V_N], v[V_TRICK_LEN]
    hand = w[W_HAND + seat]
    kind = kind_of(c, n_suit, n_wiz)
    want = 1.0 if need > 0 else 0.0
    made = 1.0 - want
    over = 1.0 if need < 0 else 0.0
    urgency = min(1.0, max(need, 0) / max(left, 1))
    lead = 1.0 if k_len == 0 else 0.0
    pos = k_len / max(n - 1, 1)
    wiz = 1.0 if kind == K_WIZARD else 0.0
    jest = 1.0 if kind == K_JESTER else 0.0
    is_trump, rank, length, rest = 0.0, 0.0, 0.0, 0.0
    if kind == K_SUIT:
        s = suit_of(c, nr)
        is_trump = 1.0 if s == trump else 0.0
        rank = (c - s * nr + 1) / nr
        length = bitcount(hand & w[W_SUIT + s]) / max(left, 1)
        rest = bitcount(unseen_m & w[W_SUIT + s]) / max(unseen, 1)
    zero = 1.0 if chance == 0.0 else 0.0
    sure = 1.0 if chance >= 1.0 else 0.0
    out[at + 0] = 1.0 if same_class(w, v, seat, c, pick) else 0.0
    split(out, at + 1, chance, want, made)
    out[at + 3] = chance * want * urgency
    split(out, at + 4, chance * surplus, want, made)
    split(out, at + 6, chance * chance, want, made)
    split(out, at + 8, chance * pos, want, made)
    out[at + 10] = chance * made * after
    out[at + 11] = chance * over
    split(out, at + 12, wiz, want, made)
    out[at + 14] = wiz * want * urgency
    split(out, at + 15, jest, want, made)
    split(out, at + 17, is_trump, want, made)
    split(out, at + 19, rank, want, made)
    split(out, at + 21, lead * rank, want, made)
    split(out, at + 23, lead * length, want, made)
    split(out, at + 25, lead * rest, want, made)
    out[at + 27] = zero * made * rank
    out[at + 28] = zero * made * is_trump
    split(out, at + 29, sure, want, made)
    out[at + 31] = is_trump * rank * want


@hotjit(inline="always")
def _scene(w, v, seat, legal, par, f, keep):
    """``hx_decide``'s card (with the expert's no-trump ``lead_min``), which also fills ``f`` for :func:`.playout.win_chance`."""
    lead_min = par[H_LEAD_MIN]
    if v[V_TRUMP] < 0:
        par[H_LEAD_MIN] = par[E_LEAD_NT]
    pick = hx_decide(w, v, par, seat, legal, f, keep)
    par[H_LEAD_MIN] = lead_min
    return pick


@hotjit(inline="always")
def _trick_scene(w, v, seat):
    """What every legal card's win chance shares at one decision: ``(unseen_m, unseen, wiz, best_key, trumps_m, led_m)``."""
    nr, n_suit, n_wiz = view_deck(v)
    unseen_m, unseen, wiz = unseen_counts(w, seat)
    trumps_m, led_m = trick_masks(w, v)
    best_key = -1
    if v[V_TRICK_LEN] > 0:
        best = v[V_TCARD + v[V_BEST]]
        best_key = trick_key(bb_key(best, nr, n_suit, n_wiz), bit(best), trumps_m, led_m)
    return unseen_m, unseen, wiz, best_key, trumps_m, led_m


@hotjit(inline="always")
def _chance(w, v, f, seat, c, par, keep, unseen_m, unseen, wiz, best_key, trumps_m, led_m):
    """Card ``c``'s win chance on the view (``f`` filled by :func:`_scene`; the rest from :func:`_trick_scene`)."""
    n, k_len = v[V_N], v[V_TRICK_LEN]
    _, n_suit, n_wiz = view_deck(v)
    kind = kind_of(c, n_suit, n_wiz)
    return win_chance(
        w,
        v,
        f,
        seat,
        c,
        kind,
        k_len == 0,
        best_key,
        trumps_m,
        led_m,
        unseen_m,
        unseen,
        wiz,
        n - k_len - 1,
        par[H_RUFF],
        keep,
    )


@hotjit
def decision_features(w, v, seat, legal, cards, n_cards, par, f, out):
    """The features of ``cards[:n_cards]`` (legal for ``seat``) into ``out[k * N_FEAT:]`` (labelling); returns ``hx_decide``'s card."""
    pick = _scene(w, v, seat, legal, par, f, False)
    need, left, surplus, after = table_context(v, seat)
    unseen_m, unseen, wiz, best_key, trumps_m, led_m = _trick_scene(w, v, seat)
    for k in range(n_cards):
        c = cards[k]
        chance = _chance(w, v, f, seat, c, par, False, unseen_m, unseen, wiz, best_key, trumps_m, led_m)
        card_features(w, v, seat, c, chance, pick, need, left, surplus, after, unseen_m, unseen, out, k * N_FEAT)
    return pick


@hotjit
def learned_card(w, v, seat, legal, par, f, at, net=False):
    """The legal card with the best fitted score (``net``: the network's, else the linear row's), if it beats
    ``hx_decide``'s card by more than the gate (``hx_decide``'s card when every trick left is needed).

    The gate is the seat's ``gate`` parameter, or where that is negative 0 for the network and the
    hand size's fitted :data:`GATE` (points of fitted score) for the linear row; ties
    go to ``hx_decide``'s card. ``f[at:at + N_FEAT + N_H1 + N_H2]`` is scratch.
    """
    pick = _scene(w, v, seat, legal, par, f, True)
    b = band(v[V_R])
    need, left, surplus, after = table_context(v, seat)
    if need >= left:  # every trick left is needed: hx_decide's likeliest winner
        return pick
    unseen_m, unseen, wiz, best_key, trumps_m, led_m = _trick_scene(w, v, seat)
    best, top, at_pick = pick, -1e300, 0.0
    rest = legal
    while rest != np.uint64(0):
        c = lowest(rest)
        rest &= rest - np.uint64(1)
        chance = _chance(w, v, f, seat, c, par, True, unseen_m, unseen, wiz, best_key, trumps_m, led_m)
        card_features(w, v, seat, c, chance, pick, need, left, surplus, after, unseen_m, unseen, f, at)
        if net:
            x = net_score(f, at, v[V_R], f[at + N_FEAT : at + N_FEAT + N_H1 + N_H2])
        else:
            x = 0.0
            for k in range(N_FEAT):
                x += PLAY[b, k] * f[at + k]
        if c == pick:
            at_pick = x
        if x > top or (x == top and c == pick):
            best, top = c, x
    gate = par[E_GATE] if par[E_GATE] >= 0.0 else (0.0 if net else GATE[b])
    return best if top - at_pick > gate else pick
