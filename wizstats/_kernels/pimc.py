"""Determinized rollouts: the ``pimc`` card play and the ``rollout`` bidder.

Both deal the cards a seat has not seen to the other hands at random, consistent with what it
knows (its hand, the public cards ``g.gone`` including the turned card, the current trick,
the hand lengths, and the suits a seat has shown it lacks, ``g.void``), play the round out
with the :mod:`.heuristic` policy (default parameters) for every seat, and score the result.

- :func:`pimc_card` (perfect-information Monte Carlo): for ``worlds`` such deals, each legal
  card (one per class of cards that are interchangeable given the unseen cards) is played and
  the round rolled out; the card with the best mean score wins, ties going to the card the
  heuristic would play. Bids the seat cannot see (bids revealed after the round) are guessed
  from the dealt hands.
- :func:`rollout_bid`: for ``samples`` deals and each candidate bid within ``window`` of the
  heuristic's bid, the later bidders (and earlier ones whose bids are hidden) bid as the
  heuristic does, the round is rolled out, and the bid with the best mean score is made;
  never the forbidden bid.

All randomness comes from the round's stream ``g.rng``, so results do not depend on threads.
Every world uses the same deal for all candidates (common random numbers), which makes the
comparison between candidates much sharper than the value of each.

Parameters (columns of the seat's params): ``worlds``, ``spite`` (the score counted is own
score minus ``spite`` times the mean score of the others), ``samples`` and ``window``.
"""

from __future__ import annotations

import numpy as np

from .core import (
    K_SUIT,
    K_WIZARD,
    KIND,
    RANK,
    ST_BIDS_MADE,
    ST_BIDVIS,
    ST_LEADER,
    ST_N,
    ST_R,
    ST_SCORING,
    ST_TRICK_LEN,
    ST_TRICK_NO,
    SUIT,
    below,
    finish_trick,
    forbidden_bid,
    legal_mask,
    new_state,
    nth_bit,
    play_card,
    popcount,
    score,
    visible_bid,
)
from .heuristic import DEFAULTS, heuristic_bid, heuristic_card, unseen_view
from .jit import jit

P_WORLDS = 0
P_SPITE = 1
P_SAMPLES = 2
P_WINDOW = 3


@jit
def copy_state(dst, src, n):
    """Copy the round's public and private state of the first ``n`` seats from ``src`` to ``dst``."""
    dst.st[:] = src.st
    deck = src.tab.shape[1]
    for s in range(n):
        hl = src.hand_len[s]
        dst.hand_len[s] = hl
        for i in range(hl):
            dst.hands[s, i] = src.hands[s, i]
        dst.bids[s] = src.bids[s]
        dst.tricks[s] = src.tricks[s]
        dst.trick_card[s] = src.trick_card[s]
        dst.trick_seat[s] = src.trick_seat[s]
        for u in range(4):
            dst.void[s, u] = src.void[s, u]
    for c in range(deck):
        dst.gone[c] = src.gone[c]


@jit
def sort_row(a, row, length):
    """Insertion sort of ``a[row, :length]`` (hands stay ascending)."""
    for i in range(1, length):
        x = a[row, i]
        j = i - 1
        while j >= 0 and a[row, j] > x:
            a[row, j + 1] = a[row, j]
            j -= 1
        a[row, j + 1] = x


@jit
def fits(tab, void, q, c):
    """Whether seat ``q`` may hold card ``c`` given the suits he has shown he lacks."""
    return tab[KIND, c] != K_SUIT or void[q, tab[SUIT, c]] == 0


@jit
def determinize(world, g, seat, pool):
    """Copy ``g`` into ``world`` and deal the cards ``seat`` has not seen to the other hands.

    Seats with more known voids are dealt first, each taking the first cards of a shuffled
    pool that fit his voids (any card if too few fit: the rollout then ignores a void, which
    never makes a real play illegal). Bids ``seat`` cannot see are left at -1.
    """
    tab = g.tab
    n = g.st[ST_N]
    copy_state(world, g, n)
    for q in range(n):
        world.bids[q] = visible_bid(g, seat, q)
    m = 0
    j, held = 0, g.hand_len[seat]
    for c in range(tab.shape[1]):
        if j < held and g.hands[seat, j] == c:
            j += 1
            continue
        if g.gone[c] == 0:
            pool[m] = c
            m += 1
    for i in range(m - 1):
        k = i + below(g.rng, m - i)
        t = pool[i]
        pool[i] = pool[k]
        pool[k] = t
    for n_void in range(4, -1, -1):
        for q in range(n):
            if q == seat:
                continue
            if g.void[q, 0] + g.void[q, 1] + g.void[q, 2] + g.void[q, 3] != n_void:
                continue
            need = g.hand_len[q]
            got = 0
            for strict in range(2):
                for i in range(m):
                    if got == need:
                        break
                    c = pool[i]
                    if c >= 0 and (strict == 1 or fits(tab, g.void, q, c)):
                        world.hands[q, got] = c
                        pool[i] = -1
                        got += 1
            sort_row(world.hands, q, need)


@jit
def guess_hidden_bids(world, seat):
    """Fill bids ``seat`` cannot see: tricks won plus the heuristic's estimate for the cards held."""
    n, r = world.st[ST_N], world.st[ST_R]
    for q in range(n):
        if world.bids[q] < 0:
            world.bids[q] = min(r, world.tricks[q] + heuristic_bid(world, q, -1, DEFAULTS))
    world.st[ST_BIDVIS] = 0
    world.st[ST_BIDS_MADE] = n


@jit
def play_out(sim):
    """Finish the current trick and play every remaining trick with the heuristic."""
    st = sim.st
    n, r = st[ST_N], st[ST_R]
    while st[ST_TRICK_NO] < r:
        leader = st[ST_LEADER]
        for k in range(st[ST_TRICK_LEN], n):
            s = (leader + k) % n
            play_card(sim, s, heuristic_card(sim, s, legal_mask(sim, s), DEFAULTS))
        finish_trick(sim)


@jit
def outcome(sim, seat, spite):
    """The score of ``seat`` less ``spite`` times the mean score of the others."""
    st = sim.st
    n, r, scoring = st[ST_N], st[ST_R], st[ST_SCORING]
    own = score(sim.bids[seat], sim.tricks[seat], scoring, r)
    if spite == 0.0:
        return float(own)
    others = 0.0
    for q in range(n):
        if q != seat:
            others += score(sim.bids[q], sim.tricks[q], scoring, r)
    return own - spite * others / (n - 1)


@jit
def card_classes(g, seat, mask, reps):
    """One legal hand position per class of interchangeable cards; returns how many.

    Two cards of a suit are interchangeable when every card ranked between them is public or
    in the seat's hand; all Wizards are, and all Jesters.
    """
    tab = g.tab
    masks, _, _ = unseen_view(g, seat)
    count = 0
    prev_c, wiz_seen, jest_seen = -1, False, False
    for i in range(g.hand_len[seat]):
        if not mask & (np.int64(1) << i):
            continue
        c = g.hands[seat, i]
        kind = tab[KIND, c]
        if kind == K_SUIT:
            same = False
            if prev_c >= 0 and tab[SUIT, prev_c] == tab[SUIT, c]:
                lo, hi = tab[RANK, prev_c], tab[RANK, c]  # ranks lo < hi: bits lo .. hi-2 lie between
                between = ((np.uint64(1) << np.uint64(hi - 1)) - np.uint64(1)) >> np.uint64(lo)
                same = (masks[tab[SUIT, c]] >> np.uint64(lo)) & between == 0
            prev_c = c
            if same:
                continue
        elif kind == K_WIZARD:
            if wiz_seen:
                continue
            wiz_seen = True
        else:
            if jest_seen:
                continue
            jest_seen = True
        reps[count] = i
        count += 1
    return count


@jit
def pimc_card(g, seat, mask):
    """The legal card with the best mean rollout score over ``worlds`` consistent deals."""
    if popcount(mask) == 1:
        return nth_bit(mask, 0)
    n = g.st[ST_N]
    deck = g.tab.shape[1]
    reps = np.empty(deck, np.int64)
    n_cand = card_classes(g, seat, mask, reps)
    if n_cand == 1:
        return reps[0]
    first = heuristic_card(g, seat, mask, DEFAULTS)  # ties go to the heuristic's card
    for k in range(n_cand):
        if reps[k] <= first and (k + 1 == n_cand or reps[k + 1] > first):
            t = reps[0]
            reps[0] = reps[k]
            reps[k] = t
            break
    par = g.params[seat]
    worlds, spite = max(1, np.int64(par[P_WORLDS])), par[P_SPITE]
    world = new_state(g.tab, g.st, g.policy, g.params)
    sim = new_state(g.tab, g.st, g.policy, g.params)
    pool = np.empty(deck, np.int64)
    totals = np.zeros(n_cand)
    for _ in range(worlds):
        determinize(world, g, seat, pool)
        guess_hidden_bids(world, seat)
        for k in range(n_cand):
            copy_state(sim, world, n)
            play_card(sim, seat, reps[k])
            play_out(sim)
            totals[k] += outcome(sim, seat, spite)
    best = 0
    for k in range(1, n_cand):
        if totals[k] > totals[best]:
            best = k
    return reps[best]


@jit
def complete_bids(sim, seat, bid):
    """``seat`` bids ``bid``; every seat whose bid is still unknown bids as the heuristic, in bidding order."""
    n = sim.st[ST_N]
    sim.bids[seat] = bid
    for j in range(n):
        q = (j + 1) % n
        if sim.bids[q] < 0:
            sim.st[ST_BIDS_MADE] = j
            sim.bids[q] = heuristic_bid(sim, q, forbidden_bid(sim, q), DEFAULTS)
    sim.st[ST_BIDS_MADE] = n
    sim.st[ST_BIDVIS] = 0


@jit
def rollout_values(g, seat, forbidden, lo, hi, samples, spite, totals):
    """Add to ``totals[b - lo]`` the rollout score of bid ``b`` (``lo..hi``, not ``forbidden``) over ``samples`` deals."""
    n = g.st[ST_N]
    deck = g.tab.shape[1]
    world = new_state(g.tab, g.st, g.policy, g.params)
    sim = new_state(g.tab, g.st, g.policy, g.params)
    pool = np.empty(deck, np.int64)
    for _ in range(samples):
        determinize(world, g, seat, pool)
        for b in range(lo, hi + 1):
            if b == forbidden:
                continue
            copy_state(sim, world, n)
            complete_bids(sim, seat, b)
            play_out(sim)
            totals[b - lo] += outcome(sim, seat, spite)


@jit
def rollout_bid(g, seat, forbidden):
    """The bid with the best mean rollout score among those within ``window`` of the heuristic's bid."""
    r = g.st[ST_R]
    par = g.params[seat]
    est = heuristic_bid(g, seat, -1, DEFAULTS)
    window = max(0, np.int64(par[P_WINDOW]))
    lo, hi = max(0, est - window), min(r, est + window)
    if lo == hi and lo == forbidden:
        lo, hi = max(0, lo - 1), min(r, hi + 1)
    totals = np.zeros(hi - lo + 1)
    rollout_values(g, seat, forbidden, lo, hi, max(1, np.int64(par[P_SAMPLES])), par[P_SPITE], totals)
    best = -1
    for b in range(lo, hi + 1):
        if b == forbidden:
            continue
        if best < 0 or totals[b - lo] > totals[best - lo] or (
            totals[b - lo] == totals[best - lo] and abs(b - est) < abs(best - est)
        ):
            best = b
    return best
