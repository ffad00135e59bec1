"""Policies at kernel speed, and the one place that dispatches on a policy id.

Every policy answers three questions for a seat: which trump to name after a turned Wizard
(:func:`choose_trump`), what to bid (:func:`choose_bid`, given the forbidden bid or -1), and
which legal hand position to play (:func:`choose_card`, given the legal mask). Policies read
the round state ``g`` (see :mod:`.core`) but only what their seat may know: their own hand,
the public cards in ``g.gone``, the current trick, tricks won, and bids through
:func:`.core.visible_bid`.

Adding a policy: give it an id below, write its three functions, add a branch to each
dispatcher, and register its name and parameters in :mod:`wizstats.policies`.
"""

from __future__ import annotations

import numpy as np

from .core import (
    K_JESTER,
    K_SUIT,
    K_WIZARD,
    KIND,
    RANK,
    ST_N,
    ST_NSUITS,
    ST_R,
    ST_BLIND,
    ST_TRICK_LEN,
    ST_TRUMP,
    SUIT,
    beats,
    below,
    nth_bit,
    popcount,
    winning_card,
)
from .jit import jit

P_RANDOM = 0
P_HEURISTIC = 1

# heuristic parameters (columns of params)
H_SCALE = 0  # multiplies the expected tricks before rounding the bid
H_BIAS = 1  # added to the expected tricks before rounding
H_RUFF = 2  # weight of an unseen trump as a threat to a non-trump card
H_LEAD_MIN = 3  # win chance a non-Wizard lead needs when tricks are wanted


# ---------------------------------------------------------------- random
@jit
def random_bid(g, seat, forbidden):
    """Uniform over the allowed bids 0..r."""
    r = g.st[ST_R]
    n_allowed = r + 1 - (1 if 0 <= forbidden <= r else 0)
    k = below(g.rng, n_allowed)
    if 0 <= forbidden <= k:
        k += 1
    return k


@jit
def random_card(g, seat, mask):
    """Uniform over the legal cards (hand positions in ascending card order)."""
    return nth_bit(mask, below(g.rng, popcount(mask)))


# ---------------------------------------------------------------- heuristic
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
def unseen_threats(g, seat, card, ruff):
    """Unseen cards (not in ``seat``'s hand, not gone) that would beat ``card``; trumps count ``ruff``."""
    tab = g.tab
    kind = tab[KIND, card]
    if kind == K_WIZARD:
        return 0.0
    trump = g.st[ST_TRUMP]
    deck = tab.shape[1]
    j, held = 0, g.hand_len[seat]
    h = 0.0
    for c in range(deck):
        if j < held and g.hands[seat, j] == c:  # hands are sorted: walk them alongside
            j += 1
            continue
        if g.gone[c] == 1:
            continue
        kc = tab[KIND, c]
        if kc == K_WIZARD:
            h += 1.0
        elif kc == K_SUIT and kind == K_SUIT:
            if tab[SUIT, c] == tab[SUIT, card]:
                if tab[RANK, c] > tab[RANK, card]:
                    h += 1.0
            elif tab[SUIT, c] == trump:
                h += ruff
        elif kc == K_SUIT and kind == K_JESTER:
            h += 1.0
    return h


@jit
def unseen_count(g, seat):
    """Cards ``seat`` has not seen: the deck less his hand and the public cards."""
    deck = g.tab.shape[1]
    gone = 0
    for c in range(deck):
        gone += g.gone[c]
    return deck - g.hand_len[seat] - gone


@jit
def survive_chance(g, seat, card, held_after):
    """Chance that none of ``held_after`` unseen cards (the hands still to play) beats ``card``."""
    unseen = unseen_count(g, seat)
    if unseen <= 0 or held_after <= 0:
        return 1.0
    h = unseen_threats(g, seat, card, g.params[seat, H_RUFF])
    frac = min(1.0, held_after / unseen)
    return (1.0 - frac) ** h


@jit
def held_after_me(g, seat):
    """Cards held by the seats that play after ``seat`` in the current trick."""
    n = g.st[ST_N]
    k = g.st[ST_TRICK_LEN]
    total = 0
    for j in range(1, n - k):
        total += g.hand_len[(seat + j) % n]
    return total


@jit
def expected_tricks(g, seat):
    """Sum over the hand of each card's chance to survive every other hand."""
    n = g.st[ST_N]
    others = (n - 1) * g.st[ST_R]
    e = 0.0
    for i in range(g.hand_len[seat]):
        e += survive_chance(g, seat, g.hands[seat, i], others)
    return e


@jit
def heuristic_bid(g, seat, forbidden):
    """Bid the expected tricks of the hand, rounded; step to the nearer side of a forbidden bid."""
    r = g.st[ST_R]
    e = expected_tricks(g, seat) * g.params[seat, H_SCALE] + g.params[seat, H_BIAS]
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
def extreme_pos(g, seat, mask, want_high, need_win, need_lose):
    """The legal position with the highest or lowest danger, optionally only winners or losers."""
    tab, trump = g.tab, g.st[ST_TRUMP]
    leading = g.st[ST_TRICK_LEN] == 0
    best_card = -1 if leading else winning_card(g)
    pos, value = -1, 0
    for i in range(g.hand_len[seat]):
        if not mask & (np.int64(1) << i):
            continue
        c = g.hands[seat, i]
        wins = leading or beats(tab, c, best_card, trump)
        if (need_win and not wins) or (need_lose and wins):
            continue
        d = danger(tab, c, trump)
        if pos < 0 or (want_high and d > value) or (not want_high and d < value):
            pos, value = i, d
    return pos


@jit
def heuristic_card(g, seat, mask):
    """Play to make the bid: win cheaply while tricks are wanted, else duck under or dump high cards."""
    tab = g.tab
    need = g.bids[seat] - g.tricks[seat]
    after = held_after_me(g, seat)
    leading = g.st[ST_TRICK_LEN] == 0
    if need <= 0:
        if leading:
            return extreme_pos(g, seat, mask, False, False, False)
        pos = extreme_pos(g, seat, mask, True, False, True)  # the most dangerous card that loses
        if pos >= 0:
            return pos
        return extreme_pos(g, seat, mask, after == 0, False, False)
    # tricks wanted: the cheapest card likely to hold, else a Wizard, else throw the least useful
    best_pos, best_chance, wizard_pos = -1, -1.0, -1
    for i in range(g.hand_len[seat]):
        if not mask & (np.int64(1) << i):
            continue
        c = g.hands[seat, i]
        if tab[KIND, c] == K_WIZARD:
            if wizard_pos < 0:
                wizard_pos = i
            continue
        if not leading and not beats(tab, c, winning_card(g), g.st[ST_TRUMP]):
            continue
        chance = survive_chance(g, seat, c, after)
        if chance >= g.params[seat, H_LEAD_MIN] and (best_pos < 0 or chance < best_chance or best_chance < g.params[seat, H_LEAD_MIN]):
            best_pos, best_chance = i, chance
        elif best_pos < 0 or (best_chance < g.params[seat, H_LEAD_MIN] and chance > best_chance):
            best_pos, best_chance = i, chance
    if best_pos >= 0 and best_chance >= g.params[seat, H_LEAD_MIN]:
        return best_pos
    if wizard_pos >= 0 and (leading or tab[KIND, winning_card(g)] != K_WIZARD):
        return wizard_pos
    if best_pos >= 0 and not leading:
        return best_pos
    return extreme_pos(g, seat, mask, False, False, False)


# ---------------------------------------------------------------- dispatch
@jit
def choose_trump(g, seat):
    """The suit ``seat`` (the dealer) names after a turned Wizard."""
    pid = g.policy[seat]
    if pid == P_HEURISTIC:
        return heuristic_trump(g, seat)
    return below(g.rng, g.st[ST_NSUITS])


@jit
def choose_bid(g, seat, forbidden):
    """The bid of ``seat``; never ``forbidden`` (-1 when nothing is forbidden)."""
    pid = g.policy[seat]
    if pid == P_HEURISTIC:
        return heuristic_bid(g, seat, forbidden)
    return random_bid(g, seat, forbidden)


@jit
def choose_card(g, seat, mask):
    """The hand position ``seat`` plays; its bit is set in the legal ``mask``."""
    pid = g.policy[seat]
    if pid == P_HEURISTIC:
        return heuristic_card(g, seat, mask)
    return random_card(g, seat, mask)
