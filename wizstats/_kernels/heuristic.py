"""The heuristic player: a card's chance to take the trick from what its holder can see.

Everything here reads only what ``seat`` may know: his hand, the public cards ``g.gone``, the
current trick, tricks won, the suits other seats have shown they lack (``g.void``), their
hand lengths, and bids through :func:`.core.visible_bid`.

The core estimate is :func:`win_chance`: a card that beats the trick so far holds unless a
later player both holds a card that beats it and wants to use it. A later player ``q`` with
``hl`` of the ``U`` unseen cards holds none of ``h`` given unseen cards with chance about
``(1 - hl/U) ** h``; the threats are unseen Wizards, higher cards of the card's suit (if
``q`` can follow) and trumps (if ``q`` is void in the led suit: known from ``g.void``, else
``ruff * (1 - hl/U) ** u`` with ``u`` unseen cards of that suit). A player who has made his
bid counts with weight ``duck``; one who still needs tricks with weight 1.

This module is also the rollout policy of :mod:`.pimc`, so it is written for speed: one pass
over the deck per decision builds the unseen cards as rank bitmasks per suit.
"""

from __future__ import annotations

import numpy as np

from .core import (
    K_JESTER,
    K_SUIT,
    K_WIZARD,
    KIND,
    RANK,
    ST_BLIND,
    ST_LED,
    ST_N,
    ST_NSUITS,
    ST_R,
    ST_TRICK_LEN,
    ST_TRUMP,
    SUIT,
    beats,
    below,
    visible_bid,
    winning_card,
)
from .jit import jit

# parameters (columns of params); the defaults live in wizstats.policies and in DEFAULTS below
H_SCALE = 0  # multiplies the expected tricks before rounding the bid
H_BIAS = 1  # added to the expected tricks before rounding
H_RUFF = 2  # multiplies the chance that a later player is void in the led suit
H_LEAD_MIN = 3  # win chance a card needs before it is played to take a wanted trick
H_KILL = 4  # when bidding: weight of each unseen threat (players' intent is unknown then)
H_ADJUST = 5  # when bidding: pull towards bids that add up to the hand size
H_DUCK = 6  # in play: weight of a threat held by a player who has made his bid
N_H = 7

DEFAULTS = np.array([1.0, 0.0, 1.0, 0.55, 0.5, 0.0, 0.15])
"""Default parameters, in column order (the rollout policy of :mod:`.pimc` uses these)."""

_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_ONE = np.uint64(1)


@jit
def bitcount(x):
    """Set bits of a ``uint64`` (SWAR popcount)."""
    x = x - ((x >> _ONE) & _M1)
    x = (x & _M2) + ((x >> np.uint64(2)) & _M2)
    x = (x + (x >> np.uint64(4))) & _M4
    return np.int64((x * _H01) >> np.uint64(56))


@jit
def unseen_view(g, seat):
    """What ``seat`` has not seen: per-suit rank bitmasks (bit ``rank-1``), Wizards, and all cards.

    Returns ``((m0, m1, m2, m3), wizards, total)``; unseen = not in his hand and not public.
    """
    tab = g.tab
    m0 = np.uint64(0)
    m1 = np.uint64(0)
    m2 = np.uint64(0)
    m3 = np.uint64(0)
    wiz, total = 0, 0
    j, held = 0, g.hand_len[seat]
    for c in range(tab.shape[1]):
        if j < held and g.hands[seat, j] == c:  # hands are sorted: walk them alongside
            j += 1
            continue
        if g.gone[c] == 1:
            continue
        total += 1
        kind = tab[KIND, c]
        if kind == K_WIZARD:
            wiz += 1
        elif kind == K_SUIT:
            bit = _ONE << np.uint64(tab[RANK, c] - 1)
            s = tab[SUIT, c]
            if s == 0:
                m0 |= bit
            elif s == 1:
                m1 |= bit
            elif s == 2:
                m2 |= bit
            else:
                m3 |= bit
    return (m0, m1, m2, m3), wiz, total


@jit
def danger(tab, card, trump):
    """How likely a card is to take a trick, for ordering: Jester < low cards < trumps < Wizard."""
    kind = tab[KIND, card]
    if kind == K_WIZARD:
        return 100
    if kind == K_JESTER:
        return -1
    if tab[SUIT, card] == trump:
        return 50 + tab[RANK, card]
    return tab[RANK, card]


@jit
def threat_chance(hl, unseen, void_known, u_led, wiz, higher, trumps, follows, ruff):
    """Chance that one later player, holding ``hl`` of the ``unseen`` cards, has no card that beats ours.

    ``follows``: our card is of the led suit (else it is a trump on another led suit, and only
    a player void in the led suit can overtrump).
    """
    frac = min(1.0, hl / unseen)
    stay = 1.0 - frac
    if void_known:
        void = 1.0
    else:
        void = min(1.0, ruff * stay**u_led)
    if follows:
        h = wiz + (0.0 if void_known else higher) + trumps * void
    else:
        h = wiz + higher * void
    return stay**h


@jit
def win_chance(g, seat, card, masks, wiz, unseen, ruff, duck):
    """Chance that ``card``, played now by ``seat``, takes the current trick (0 if it cannot)."""
    tab, st = g.tab, g.st
    trump = st[ST_TRUMP]
    k_len = st[ST_TRICK_LEN]
    if k_len > 0 and not beats(tab, card, winning_card(g), trump):
        return 0.0
    kind = tab[KIND, card]
    if kind == K_WIZARD:
        return 1.0
    if kind == K_JESTER:
        return 0.0  # only if every later card is a Jester too
    if unseen <= 0:
        return 1.0
    s = tab[SUIT, card]
    led = st[ST_LED]
    lead_suit = s if led < 0 else led
    higher = bitcount(masks[s] >> np.uint64(tab[RANK, card]))
    trumps = 0
    if trump >= 0 and s != trump:
        trumps = bitcount(masks[trump])
    u_led = bitcount(masks[lead_suit])
    n = st[ST_N]
    p = 1.0
    for j in range(1, n - k_len):
        q = (seat + j) % n
        hl = g.hand_len[q]
        if hl == 0:
            continue
        b = visible_bid(g, seat, q)
        if b < 0:
            w = 0.5 * (1.0 + duck)
        elif b > g.tricks[q]:
            w = 1.0
        else:
            w = duck
        stay = threat_chance(hl, unseen, g.void[q, lead_suit] == 1, u_led, wiz, higher, trumps, s == lead_suit, ruff)
        p *= stay**w
    return p


@jit
def bid_chance(g, seat, card, masks, wiz, unseen, ruff, kill):
    """A card's chance to take a trick, judged at bidding: every other hand may hold threats."""
    tab = g.tab
    kind = tab[KIND, card]
    if kind == K_WIZARD:
        return 1.0
    if kind == K_JESTER or unseen <= 0:
        return 0.0 if kind == K_JESTER else 1.0
    trump = g.st[ST_TRUMP]
    s = tab[SUIT, card]
    higher = bitcount(masks[s] >> np.uint64(tab[RANK, card]))
    trumps = bitcount(masks[trump]) if trump >= 0 and s != trump else 0
    u_s = bitcount(masks[s])
    n = g.st[ST_N]
    p = 1.0
    for j in range(1, n):
        q = (seat + j) % n
        p *= threat_chance(g.hand_len[q], unseen, False, u_s, wiz, higher, trumps, True, ruff) ** kill
    return p


@jit
def expected_tricks(g, seat, par):
    """The sum over the hand of each card's :func:`bid_chance`."""
    masks, wiz, unseen = unseen_view(g, seat)
    ruff, kill = par[H_RUFF], par[H_KILL]
    e = 0.0
    for i in range(g.hand_len[seat]):
        e += bid_chance(g, seat, g.hands[seat, i], masks, wiz, unseen, ruff, kill)
    return e


@jit
def heuristic_bid(g, seat, forbidden, par):
    """Expected tricks, scaled, shifted and pulled towards a table total of ``r``; rounded.

    A forbidden bid (plus/minus one) moves one step towards the unrounded value.
    """
    r = g.st[ST_R]
    n = g.st[ST_N]
    e = expected_tricks(g, seat, par) * par[H_SCALE] + par[H_BIAS]
    adjust = par[H_ADJUST]
    if adjust != 0.0:
        total = e
        for q in range(n):
            if q != seat:
                b = visible_bid(g, seat, q)
                total += b if b >= 0 else r / n
        e -= adjust * (total - r)
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
    """Play to make the bid exactly.

    Tricks wanted: the least dangerous card whose :func:`win_chance` reaches ``lead_min`` (all
    remaining tricks wanted: the likeliest winner), else a Wizard, else the likeliest winner
    when following, else the least dangerous card. Bid made: the most dangerous card that
    loses to the trick so far, else (leading, or forced to win) the card least likely to win,
    dumping the most dangerous card when the trick is lost anyway.
    """
    tab = g.tab
    trump = g.st[ST_TRUMP]
    leading = g.st[ST_TRICK_LEN] == 0
    masks, wiz, unseen = unseen_view(g, seat)
    ruff, duck, lead_min = par[H_RUFF], par[H_DUCK], par[H_LEAD_MIN]
    need = g.bids[seat] - g.tricks[seat]
    all_needed = need >= g.hand_len[seat]
    lo_pos, lo_d = -1, 0  # least dangerous card
    hi_pos, hi_d = -1, 0  # most dangerous card
    ok_pos, ok_d = -1, 0  # least dangerous card with chance >= lead_min
    top_pos, top_c = -1, -1.0  # likeliest winner (ties: least dangerous)
    min_pos, min_c, min_d = -1, 2.0, 0  # least likely winner (ties: most dangerous)
    duck_pos, duck_d = -1, 0  # most dangerous card that cannot win
    wiz_pos = -1
    for i in range(g.hand_len[seat]):
        if not mask & (np.int64(1) << i):
            continue
        c = g.hands[seat, i]
        d = danger(tab, c, trump)
        chance = win_chance(g, seat, c, masks, wiz, unseen, ruff, duck)
        if lo_pos < 0 or d < lo_d:
            lo_pos, lo_d = i, d
        if hi_pos < 0 or d > hi_d:
            hi_pos, hi_d = i, d
        if chance < min_c or (chance == min_c and d > min_d):
            min_pos, min_c, min_d = i, chance, d
        if chance > top_c or (chance == top_c and d < danger(tab, g.hands[seat, top_pos], trump)):
            top_pos, top_c = i, chance
        if not leading and chance == 0.0 and (duck_pos < 0 or d > duck_d):
            duck_pos, duck_d = i, d
        if tab[KIND, c] == K_WIZARD:
            if wiz_pos < 0 and chance > 0.0:
                wiz_pos = i
        elif chance >= lead_min and (ok_pos < 0 or d < ok_d):
            ok_pos, ok_d = i, d
    if need <= 0:
        if duck_pos >= 0:
            return duck_pos
        if min_c >= 1.0:  # the trick is ours whatever we play: shed the most dangerous card
            return hi_pos
        return min_pos
    if all_needed and top_c > 0.0:
        return top_pos
    if ok_pos >= 0:
        return ok_pos
    if wiz_pos >= 0:
        return wiz_pos
    if not leading and top_c > 0.0:
        return top_pos
    return lo_pos
