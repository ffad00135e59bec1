"""The rule-based player of Schumacher and Pleines (IEEE CoG 2022), re-implemented for the kernels.

Their ``RuleBasedPlayer`` (public code ``jonas-schumacher/drl-pomdp``, ``agent.py``) values
each card by the trump-specific pairwise table ``M[a, b] = 1`` when card ``b``, played after
``a``, takes the trick from it. With ``D`` cards in the deck:

- ``first(c) = 1 - rowsum(M)[c] / D`` (chance that ``c``, led, survives one random card),
- ``second(c) = colsum(M)[c] / D`` (chance that ``c``, played second, beats one random card),
- ``value(c) = ((first + second) / 2) ** (n - 1)``, scaled so the values of the whole deck
  sum to ``D / n`` (a random hand of ``r`` cards is then worth ``r / n`` tricks on average).

The bid is the sum of the hand's values rounded half to even (as ``numpy.round``), clipped to
``0..r``; other bids are ignored. Play ranks the legal cards by value (ties by card id):
while tricks are missing it leads its highest card, and follows with its highest card if
that beats the card winning so far, else with its lowest; once its bid is reached it leads
its lowest card and follows with the highest card that does not beat the winning card
(else its lowest).

Row and column sums of ``M`` have closed forms (below), so nothing ``D x D`` is built. Two
things the original does not face and this port decides: after a turned Wizard it names the
suit that makes its hand worth most (any suit at random when naming blind; the original
plays such rounds without trump), and a forbidden bid (plus/minus one) moves one step
towards the unrounded value (the original has no such rule).
"""

from __future__ import annotations

import numpy as np

from ..jit import jit
from ..rules.core import (
    K_JESTER,
    K_WIZARD,
    KIND,
    RANK,
    ST_BLIND,
    ST_N,
    ST_NSUITS,
    ST_R,
    ST_TRICK_LEN,
    ST_TRUMP,
    SUIT,
    avoid_forbidden,
    beats,
    below,
    winning_card,
)


@jit
def deck_shape(tab):
    """``(suits, ranks per suit, wizards, jesters)`` of the deck in ``tab``."""
    n_wiz, n_jest, n_ranks, n_suits = 0, 0, 0, 0
    for c in range(tab.shape[1]):
        k = tab[KIND, c]
        if k == K_WIZARD:
            n_wiz += 1
        elif k == K_JESTER:
            n_jest += 1
        else:
            n_ranks = max(n_ranks, tab[RANK, c])
            n_suits = max(n_suits, tab[SUIT, c] + 1)
    return n_suits, n_ranks, n_wiz, n_jest


@jit
def card_key(tab, card, trump, n_suits, n_ranks, n_wiz, n_jest):
    """``D * (first + second)``: an integer that orders the cards as ``value`` does.

    ``D - rowsum(M)[card] + colsum(M)[card]``, from the closed forms of both sums.
    """
    deck = tab.shape[1]
    kind = tab[KIND, card]
    if kind == K_WIZARD:
        return deck + (deck - n_wiz)  # beaten by nothing; beats every non-Wizard led before it
    if kind == K_JESTER:
        return deck - (n_suits * n_ranks + n_wiz)  # beaten by every suit card and Wizard; beats nothing
    s, k = tab[SUIT, card], tab[RANK, card]
    beaten_by = (n_ranks - k) + n_wiz
    beats_n = (k - 1) + n_jest
    if trump >= 0 and s != trump:
        beaten_by += n_ranks
    if s == trump:
        beats_n += (n_suits - 1) * n_ranks
    return deck - beaten_by + beats_n


@jit
def hand_value(g, seat, trump):
    """The sum of the values of ``seat``'s cards with ``trump`` (the unrounded bid)."""
    tab = g.tab
    n = g.st[ST_N]
    n_suits, n_ranks, n_wiz, n_jest = deck_shape(tab)
    deck = tab.shape[1]
    total = 0.0
    for c in range(deck):
        total += (card_key(tab, c, trump, n_suits, n_ranks, n_wiz, n_jest) / (2.0 * deck)) ** (n - 1)
    mine = 0.0
    for i in range(g.hand_len[seat]):
        c = g.hands[seat, i]
        mine += (card_key(tab, c, trump, n_suits, n_ranks, n_wiz, n_jest) / (2.0 * deck)) ** (n - 1)
    return mine * (deck / n) / total


@jit
def round_half_even(x):
    """``numpy.round`` of a non-negative float: halves go to the even neighbour."""
    f = np.floor(x)
    d = x - f
    if d > 0.5 or (d == 0.5 and f % 2 == 1):
        return np.int64(f) + 1
    return np.int64(f)


@jit
def baseline_bid(g, seat, forbidden):
    """Round the hand's value to the nearest whole number (half to even), within ``0..r``."""
    r = g.st[ST_R]
    x = hand_value(g, seat, g.st[ST_TRUMP])
    return avoid_forbidden(min(max(round_half_even(x), 0), r), x, r, forbidden)


@jit
def baseline_trump(g, seat):
    """The suit that makes the hand worth most (blind: a random suit)."""
    nsuits = g.st[ST_NSUITS]
    if g.st[ST_BLIND] == 1:
        return below(g.rng, nsuits)
    best, best_value = 0, -1.0
    for s in range(nsuits):
        v = hand_value(g, seat, s)
        if v > best_value:
            best, best_value = s, v
    return best


@jit
def baseline_card(g, seat, mask):
    """Highest card to win a wanted trick, lowest when it cannot; duck as high as possible once made."""
    tab = g.tab
    trump = g.st[ST_TRUMP]
    n_suits, n_ranks, n_wiz, n_jest = deck_shape(tab)
    leading = g.st[ST_TRICK_LEN] == 0
    best_card = -1 if leading else winning_card(g)
    hi_pos, hi_key, lo_pos, lo_key, duck_pos, duck_key = -1, 0, -1, 0, -1, 0
    for i in range(g.hand_len[seat]):
        if not mask & (np.int64(1) << i):
            continue
        c = g.hands[seat, i]
        key = card_key(tab, c, trump, n_suits, n_ranks, n_wiz, n_jest)
        if hi_pos < 0 or key >= hi_key:  # ties: the later (higher) card id ranks higher
            hi_pos, hi_key = i, key
        if lo_pos < 0 or key < lo_key:
            lo_pos, lo_key = i, key
        if not leading and not beats(tab, c, best_card, trump) and (duck_pos < 0 or key >= duck_key):
            duck_pos, duck_key = i, key
    if g.bids[seat] > g.tricks[seat]:
        if leading or beats(tab, g.hands[seat, hi_pos], best_card, trump):
            return hi_pos
        return lo_pos
    if leading or duck_pos < 0:
        return lo_pos
    return duck_pos
