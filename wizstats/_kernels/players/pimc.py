"""Determinized rollouts: the ``pimc`` card play and the ``rollout`` bidder.

Both deal the cards a seat has not seen to the other hands at random, consistent with what it
knows (its hand, the public cards ``g.gone`` including the turned card, the current trick,
the hand lengths, and the suits a seat has shown it lacks, ``g.void``), play the round out
with the heuristic (default parameters) for every seat (:func:`.playout.hx_run`), and score;
with ``playout`` = 1 the round is played out with the expert's unfitted card play instead
(:data:`.expert.PLAYOUT`: the heuristic's play with the expert's default ``ruff``, ``lead_min``
or ``lead_nt``, and ``duck``).

- :func:`pimc_card` (perfect-information Monte Carlo): for ``worlds`` such deals, each legal
  card (one per class of cards that are interchangeable given the unseen cards) is played and
  the round rolled out; the card with the best mean score is played, ties going to the card
  the heuristic would play. Bids the seat cannot see (revealed after the round) are guessed
  from the dealt hands.
- :func:`rollout_bid`: for ``samples`` deals and each candidate bid within ``window`` of the
  heuristic's bid (``bidder`` = 1: the expert's), the later bidders (and earlier ones whose
  bids are hidden) bid as the heuristic does, the round is rolled out, and the bid with the
  best mean score is made; never the forbidden bid.

All randomness comes from the round's stream ``g.rng``, so results do not depend on threads.
Every deal serves all candidates (common random numbers), which makes the comparison between
candidates much sharper than the value of each.

Inference from bids (``infer`` = ``lam`` > 0): a deal is accepted with probability
``prod_q exp(-lam * (e_q - b_q) ** 2)`` over the bids ``b_q`` the seat can see (at bidding: the
earlier ones), where ``e_q`` is what the heuristic's fitted table expects of the hand ``q``
held when bidding (his cards now plus those he has played), else dealt again (at most
``MAX_TRIES`` deals); a player who bid 0 then rarely gets the Wizards.

Parameters (columns of the seat's params): ``worlds``, ``spite`` (the score counted is own
score minus ``spite`` times the mean score of the others), ``infer``, ``playout``, ``bidder``
(read by :mod:`.dispatch`), ``samples``, ``window``.
"""

from __future__ import annotations

import numpy as np

from ...layout import MAXP, P_BIDDER, P_INFER, P_PLAYOUT, P_SAMPLES, P_SPITE, P_WINDOW, P_WORLDS
from ..jit import hotjit, jit
from ..rules.core import (
    ST_BIDS_MADE,
    ST_BIDVIS,
    ST_N,
    ST_R,
    ST_TRICK_LEN,
    ST_TRICK_NO,
    ST_TRUMP,
    forbidden_bid,
    new_state,
    score,
    shuffle_front,
    uniform,
    visible_bid,
)
from .expert import EXPERT_DEFAULTS, PLAYOUT, PLAYOUT_NT, expert_bid
from .heuristic import DEFAULTS, NO_TABLE, analytic_tricks, heuristic_bid, table_estimate, view_table_estimate
from .playout import (
    N_F,
    N_V,
    N_W,
    V_BIDS,
    V_HLEN,
    V_N,
    V_R,
    V_SCORING,
    V_TRICKS,
    V_TRUMP,
    W_HAND,
    W_VOID,
    bb_play,
    bit,
    bitcount,
    copy_view,
    hx_decide,
    hx_run,
    load_view,
    lowest,
    unseen_of,
    view_deck,
)

# the parameter columns P_WORLDS .. P_WINDOW (rollout adds the last two) are wizstats.layout's

MAX_TRIES = 16  # deals drawn at most for one accepted world when inferring from bids

SEARCH_SAMPLES = 48  # deals per bid of the expert's bid search (as rollout's default samples)
SEARCH_INFER = 3.0  # and its weight of the earlier bids (as rollout's default infer)
BATCH = 8  # worlds between checks for candidates to drop
Z = 2.0  # standard errors of the paired difference that drop a candidate
ENDGAME_CARDS = 2  # the expert (endgame < 0) plays its last this many cards by search (search_card) ...
ENDGAME_FROM = 3  # ... in rounds of this many cards and more (at 2 cards its network plays better)
ENDGAME_WORLDS = 16  # the endgame search's deals of the unseen cards per card decision
ENDGAME_INFER = 1.0  # and their weight towards the bids seen (as pimc's infer)


@hotjit
def list_unseen(w0, seat, out, at):
    """The cards ``seat`` has not seen, in ascending order, in ``out[at : at + m]``; returns ``m``."""
    rest = unseen_of(w0, seat)
    m = 0
    while rest != np.uint64(0):
        out[at + m] = lowest(rest)
        rest &= rest - np.uint64(1)
        m += 1
    return m


@hotjit
def deal_view(w, v, w0, v0, seat, rng, pool, played, lam):
    """Copy the view ``w0, v0`` of ``seat`` and deal the cards he has not seen to the other hands.

    Seats with more known voids are dealt first, each taking the first cards of the shuffled
    pool that fit his voids (any card if too few fit: the rollout then ignores a void, which
    never makes a real play illegal). With ``lam > 0`` the deal is redrawn until accepted by
    the visible bids (see the module notes); ``played[q]`` holds the cards ``q`` has played.
    """
    n = v0[V_N]
    nr, n_suit, _ = view_deck(v0)
    copy_view(w, v, w0, v0)  # each try below deals every other hand afresh: nothing else of the view changes
    deck = pool.shape[0] // 2
    m = list_unseen(w0, seat, pool, deck)  # the second half of ``pool`` keeps them in order for every try
    for _ in range(MAX_TRIES):
        for i in range(m):
            pool[i] = pool[deck + i]
        shuffle_front(rng, pool, m, m - 1)
        for n_void in range(4, -1, -1):
            for q in range(n):
                voids = w0[W_VOID + q]
                if q == seat or bitcount(voids) != n_void:
                    continue
                need = v0[V_HLEN + q]
                hand = np.uint64(0)
                got = 0
                for strict in range(2):
                    for i in range(m):
                        if got == need:
                            break
                        c = pool[i]
                        if c < 0:
                            continue
                        if strict == 0 and c < n_suit and (voids >> np.uint64(c // nr)) & np.uint64(1):
                            continue
                        hand |= bit(c)
                        pool[i] = -1
                        got += 1
                w[W_HAND + q] = hand
        if lam <= 0.0:
            return
        log_l = 0.0
        for q in range(n):
            b = v0[V_BIDS + q]
            if q == seat or b < 0:
                continue
            e = view_table_estimate(w[W_HAND + q] | played[q], q, w, v)
            if e == NO_TABLE:
                return
            log_l -= lam * (e - b) ** 2
        if uniform(rng) < np.exp(log_l):
            return


@jit
def guess_hidden_bids(w, v, seat):
    """Fill bids ``seat`` cannot see: tricks won plus the heuristic's estimate for the cards held."""
    n, r = v[V_N], v[V_R]
    for q in range(n):
        if v[V_BIDS + q] < 0:
            e = analytic_tricks(np.empty(0), w, v, q, DEFAULTS)  # no memo: card_chance computes every factor afresh
            v[V_BIDS + q] = min(r, v[V_TRICKS + q] + np.int64(np.floor(e + 0.5)))


@hotjit
def outcome(v, seat, spite):
    """The score of ``seat`` less ``spite`` times the mean score of the others."""
    n, r, scoring = v[V_N], v[V_R], v[V_SCORING]
    own = score(v[V_BIDS + seat], v[V_TRICKS + seat], scoring, r)
    if spite == 0.0:
        return float(own)
    others = 0.0
    for q in range(n):
        if q != seat:
            others += score(v[V_BIDS + q], v[V_TRICKS + q], scoring, r)
    return own - spite * others / (n - 1)


@hotjit
def card_classes(w0, v0, seat, legal, reps):
    """One card per class of interchangeable legal cards, in ``reps``; returns how many.

    Two cards of a suit are interchangeable when every card ranked between them is public or
    in the seat's hand; all Wizards are, and all Jesters.
    """
    nr, n_suit, n_wiz = view_deck(v0)
    unseen_m = unseen_of(w0, seat)
    count, prev, specials_seen = 0, -1, 0
    rest = legal
    while rest != np.uint64(0):
        c = lowest(rest)
        rest &= rest - np.uint64(1)
        if c < n_suit:
            same = False
            if prev >= 0 and prev // nr == c // nr:
                between = (bit(c) - np.uint64(1)) & ~((bit(prev) << np.uint64(1)) - np.uint64(1))
                same = unseen_m & between == np.uint64(0)
            prev = c
            if same:
                continue
        else:
            flag = 1 if c < n_suit + n_wiz else 2  # Wizards, Jesters
            if specials_seen & flag:
                continue
            specials_seen |= flag
        reps[count] = c
        count += 1
    return count


@jit
def played_cards(g):
    """``played[q]``: the mask of the cards seat ``q`` has played this round (the current trick included)."""
    played = np.zeros(MAXP, np.uint64)
    n = g.st[ST_N]
    for t in range(g.st[ST_TRICK_NO]):
        for k in range(n):
            played[(g.log_lead[t] + k) % n] |= bit(g.log_card[t, k])
    for k in range(g.st[ST_TRICK_LEN]):
        played[g.trick_seat[k]] |= bit(g.trick_card[k])
    return played


@jit
def card_values(g, seat, w0, v0, reps, n_cand, worlds, lam, out):
    """``out[k]``: the mean rollout score of ``seat`` playing ``reps[k]``, over the same ``worlds`` deals.

    As :func:`_search` scores its candidates (deals consistent with the view ``w0, v0`` of
    ``seat``, weighted by the visible bids with ``lam``, everyone then playing as the heuristic),
    but without dropping any candidate: the values label decisions for the ``expert``'s fit.
    """
    f = np.empty(N_F)
    ww = np.empty(N_W, np.uint64)
    vw = np.empty(N_V, np.int64)
    w = np.empty(N_W, np.uint64)
    v = np.empty(N_V, np.int64)
    pool = np.empty(2 * g.tab.shape[1], np.int64)  # deal_view's scratch
    played = played_cards(g)
    for k in range(n_cand):
        out[k] = 0.0
    for _ in range(worlds):
        deal_view(ww, vw, w0, v0, seat, g.rng, pool, played, lam)
        guess_hidden_bids(ww, vw, seat)
        for k in range(n_cand):
            copy_view(w, v, ww, vw)
            bb_play(w, v, seat, reps[k])
            hx_run(w, v, DEFAULTS, f)
            out[k] += outcome(v, seat, 0.0)
    for k in range(n_cand):
        out[k] /= worlds


@hotjit
def playout_row(playout, trump, row):
    """``row`` takes the rollouts' card play: the heuristic's defaults, or (``playout`` = 1) :data:`.expert.PLAYOUT`
    (:data:`.expert.PLAYOUT_NT` when ``trump`` < 0: no trump)."""
    for k in range(DEFAULTS.shape[0]):
        row[k] = (PLAYOUT_NT[k] if trump < 0 else PLAYOUT[k]) if playout == 1.0 else DEFAULTS[k]


@hotjit
def endgame_cards(r, endgame):
    """How many of its last cards the expert plays by :func:`search_card` in a round of ``r`` cards, given its
    ``endgame`` parameter (negative: :data:`ENDGAME_CARDS` from :data:`ENDGAME_FROM` cards up, else none)."""
    if endgame >= 0.0:
        return np.int64(endgame)
    return ENDGAME_CARDS if r >= ENDGAME_FROM else 0


@jit
def pimc_card(g, seat, mask):
    """The legal card with the best mean rollout score over ``worlds`` consistent deals (the seat's own columns)."""
    par = g.params[seat]
    return search_card(g, seat, mask, max(1, np.int64(par[P_WORLDS])), par[P_SPITE], par[P_INFER], par[P_PLAYOUT])


@jit
def search_card(g, seat, mask, worlds, spite, lam, playout):
    """The hand position of the legal card with the best mean rollout score over at most ``worlds`` deals of the
    unseen cards (weighted by ``lam`` towards the bids seen), scoring own points minus ``spite`` times the others'
    mean, the rollouts played as ``playout`` says (:func:`playout_row`); ``pimc``'s card and the expert's endgame."""
    if mask & (mask - 1) == 0:
        for i in range(g.hand_len[seat]):
            if mask & (np.int64(1) << i):
                return i
    w0 = np.empty(N_W, np.uint64)
    v0 = np.empty(N_V, np.int64)
    load_view(g, seat, w0, v0, False)
    legal = np.uint64(0)
    for i in range(g.hand_len[seat]):
        if mask & (np.int64(1) << i):
            legal |= bit(g.hands[seat, i])
    deck = g.tab.shape[1]
    reps = np.empty(deck, np.int64)
    n_cand = card_classes(w0, v0, seat, legal, reps)
    if n_cand > 1:
        best = _search(g, seat, w0, v0, legal, reps, n_cand, played_cards(g), worlds, spite, lam, playout)
    else:
        best = reps[0]
    for i in range(g.hand_len[seat]):
        if g.hands[seat, i] == best:
            return i
    return -1


@jit
def _search(g, seat, w0, v0, legal, reps, n_cand, played, worlds, spite, lam, playout):
    """The representative with the best mean rollout score (ties: the heuristic's class).

    Worlds come in batches of ``BATCH``; after each, a candidate is dropped once its paired
    difference (same deals) to the leader exceeds ``Z`` standard errors, or is exactly zero in
    every world so far (the two cards are as good as each other); the search stops when one
    candidate is left or after ``worlds`` deals.
    """
    f = np.empty(N_F)
    first = hx_decide(w0, v0, DEFAULTS, seat, legal, f)
    for k in range(n_cand):  # move the heuristic's class to the front
        if reps[k] <= first and (k + 1 == n_cand or reps[k + 1] > first):
            t = reps[0]
            reps[0] = reps[k]
            reps[k] = t
            break
    prow = np.empty(DEFAULTS.shape[0])
    playout_row(playout, v0[V_TRUMP], prow)
    ww = np.empty(N_W, np.uint64)
    vw = np.empty(N_V, np.int64)
    w = np.empty(N_W, np.uint64)
    v = np.empty(N_V, np.int64)
    pool = np.empty(2 * g.tab.shape[1], np.int64)  # deal_view's scratch
    x, d1, d2, active = new_race(n_cand)
    n_active = n_cand
    done = 0
    while done < worlds and n_active > 1:
        deal_view(ww, vw, w0, v0, seat, g.rng, pool, played, lam)
        guess_hidden_bids(ww, vw, seat)
        for k in range(n_cand):
            if active[k] == 1:
                copy_view(w, v, ww, vw)
                bb_play(w, v, seat, reps[k])
                hx_run(w, v, prow, f)
                x[k] = outcome(v, seat, spite)
        done, n_active = race_step(x, d1, d2, active, done, worlds, n_active)
    return reps[race_leader(d1, active)]


@jit
def new_race(n_cand):
    """The scratch of a race between ``n_cand`` candidates on the same deals: ``(x, d1, d2, active)``.

    ``x[k]``: candidate ``k``'s value in the current deal; ``d1[k, m]``, ``d2[k, m]``: the sums of
    ``x[k] - x[m]`` and of its squares over the deals so far; ``active[k]``: 1 while ``k`` races.
    """
    return np.zeros(n_cand), np.zeros((n_cand, n_cand)), np.zeros((n_cand, n_cand)), np.ones(n_cand, np.int64)


@hotjit
def add_differences(x, d1, d2, active):
    """Add one deal's paired differences ``x[k] - x[m]`` of the active candidates to ``d1``, their squares to ``d2``."""
    n_cand = active.shape[0]
    for k in range(n_cand):
        for m in range(n_cand):
            if active[k] == 1 and active[m] == 1:
                d = x[k] - x[m]
                d1[k, m] += d
                d2[k, m] += d * d


@hotjit
def race_step(x, d1, d2, active, done, limit, n_active):
    """One more deal of a race: add its paired differences (:func:`add_differences`); every ``BATCH`` deals
    before ``limit``, drop the candidates clearly behind (:func:`prune_race`). Returns ``(done, n_active)``."""
    add_differences(x, d1, d2, active)
    done += 1
    if done % BATCH == 0 and done < limit:
        n_active = prune_race(d1, d2, active, done)
    return done, n_active


@hotjit
def race_leader(d1, active):
    """The candidate still in the race that no other beats on the paired sums ``d1`` (ties: the first)."""
    best = -1
    for k in range(active.shape[0]):
        if active[k] == 1 and (best < 0 or d1[k, best] > 0.0):
            best = k
    return best


@hotjit
def prune_race(d1, d2, active, done):
    """Drop the candidates that are clearly no better than the leader; returns how many are left."""
    n_cand = active.shape[0]
    lead = -1
    for k in range(n_cand):
        if active[k] == 1 and (lead < 0 or d1[k, lead] > 0.0):
            lead = k
    left = 0
    for k in range(n_cand):
        if active[k] == 0 or k == lead:
            left += active[k]
            continue
        mean = d1[lead, k] / done
        var = max(d2[lead, k] / done - mean * mean, 0.0)
        if (mean > 0.0 and mean * mean * done > Z * Z * var) or (mean == 0.0 and var == 0.0 and k > lead):
            active[k] = 0
        else:
            left += 1
    return left


# ---------------------------------------------------------------- the rollout bidder
@jit
def deal_state(world, g, seat, pool, lam):
    """Copy what ``seat`` knows of ``g`` at bidding into ``world`` and deal the unseen cards at random.

    Bids ``seat`` cannot see are set to -1. (At bidding nobody has shown a void.) With
    ``lam > 0`` the deal is redrawn until accepted by the earlier bids (see the module notes).
    """
    for _ in range(MAX_TRIES):
        _deal_state_once(world, g, seat, pool)
        if lam <= 0.0:
            return
        log_l = 0.0
        for q in range(g.st[ST_N]):
            b = world.bids[q]
            if q == seat or b < 0:
                continue
            e = table_estimate(world, q)
            if e == NO_TABLE:
                return
            log_l -= lam * (e - b) ** 2
        if uniform(g.rng) < np.exp(log_l):
            return


@jit
def _deal_state_once(world, g, seat, pool):
    """One uniform deal of the cards ``seat`` has not seen (see :func:`deal_state`)."""
    tab, st = g.tab, g.st
    n = st[ST_N]
    deck = tab.shape[1]
    for i in range(st.shape[0]):
        world.st[i] = st[i]
    for c in range(deck):
        world.gone[c] = g.gone[c]
    for q in range(n):
        world.bids[q] = visible_bid(g, seat, q)
        world.tricks[q] = 0
        world.hand_len[q] = g.hand_len[q]
        for u in range(4):
            world.void[q, u] = 0
    m = 0
    j, held = 0, g.hand_len[seat]
    for c in range(deck):
        if j < held and g.hands[seat, j] == c:
            world.hands[seat, j] = c
            j += 1
        elif g.gone[c] == 0:
            pool[m] = c
            m += 1
    shuffle_front(g.rng, pool, m, m - 1)
    p = 0
    for q in range(n):
        if q == seat:
            continue
        hl = g.hand_len[q]
        for i in range(hl):  # take hl cards, then sort them (hands stay ascending)
            x = pool[p + i]
            k = i - 1
            while k >= 0 and world.hands[q, k] > x:
                world.hands[q, k + 1] = world.hands[q, k]
                k -= 1
            world.hands[q, k + 1] = x
        p += hl


@jit
def complete_bids(world, seat, bid, known):
    """``seat`` bids ``bid``; every seat whose bid ``known`` lacks bids as the heuristic, in bidding order."""
    n = world.st[ST_N]
    for q in range(n):
        world.bids[q] = known[q]
    world.bids[seat] = bid
    for j in range(n):
        q = (j + 1) % n
        if world.bids[q] < 0:
            world.st[ST_BIDS_MADE] = j
            world.bids[q] = heuristic_bid(world, q, forbidden_bid(world, q), DEFAULTS)
    world.st[ST_BIDS_MADE] = n
    world.st[ST_BIDVIS] = 0


@jit(inline="always")
def rollout_values(g, seat, forbidden, lo, hi, samples, spite, lam, totals, prune, playout):
    """Add the rollout scores of bid ``b`` (``lo..hi``, not ``forbidden``) over ``samples`` deals.

    ``playout``: the card play of the rollouts, as the parameter (0 the heuristic's, 1 the expert's).

    ``totals[0, b - lo]`` gets their sum, ``totals[1, b - lo]`` the sum of their squares, and
    ``totals[2, b - lo]`` the number of deals that scored ``b``. With ``prune``, bids clearly
    worse than the leader on the same deals stop being scored (as in :func:`_search`).
    """
    n = g.st[ST_N]
    n_cand = hi - lo + 1
    world = new_state(g.tab, g.st, g.policy, g.params)
    pool = np.empty(g.tab.shape[1], np.int64)
    known = np.empty(n, np.int64)
    w = np.empty(N_W, np.uint64)
    v = np.empty(N_V, np.int64)
    f = np.empty(N_F)
    x, d1, d2, active = new_race(n_cand)
    n_active = n_cand
    if lo <= forbidden <= hi:
        active[forbidden - lo] = 0
        n_active -= 1
    done = 0
    prow = np.empty(DEFAULTS.shape[0])
    playout_row(playout, g.st[ST_TRUMP], prow)
    while done < samples and (n_active > 1 or not prune):
        deal_state(world, g, seat, pool, lam)
        for q in range(n):
            known[q] = world.bids[q]
        for k in range(n_cand):
            if active[k] == 0:
                continue
            complete_bids(world, seat, lo + k, known)
            load_view(world, seat, w, v, True)
            hx_run(w, v, prow, f)
            x[k] = outcome(v, seat, spite)
            totals[0, k] += x[k]
            totals[1, k] += x[k] * x[k]
            totals[2, k] += 1.0
        if prune:
            done, n_active = race_step(x, d1, d2, active, done, samples, n_active)
        else:
            done += 1
    return active


@jit
def rollout_bid(g, seat, forbidden):
    """The bid with the best mean rollout score among those within ``window`` of the heuristic's bid."""
    r = g.st[ST_R]
    par = g.params[seat]
    est = expert_bid(g, seat, -1, EXPERT_DEFAULTS) if par[P_BIDDER] == 1.0 else heuristic_bid(g, seat, -1, DEFAULTS)
    window = max(0, np.int64(par[P_WINDOW]))
    lo, hi = max(0, est - window), min(r, est + window)
    if lo == hi and lo == forbidden:
        lo, hi = max(0, lo - 1), min(r, hi + 1)
    totals = np.zeros((3, hi - lo + 1))
    lam = par[P_INFER]
    samples = max(1, np.int64(par[P_SAMPLES]))
    active = rollout_values(g, seat, forbidden, lo, hi, samples, par[P_SPITE], lam, totals, True, par[P_PLAYOUT])
    return best_mean_bid(lo, hi, active, totals, est)


@jit
def expert_search_bid(g, seat, forbidden, par):
    """The expert's bid in short rounds: ``rollout``'s bid search over every bid 0..r.

    As :func:`rollout_bid` at its defaults (:data:`SEARCH_SAMPLES` deals weighted by the earlier
    bids with ``infer`` :data:`SEARCH_INFER`, the bids ``seat`` cannot see made as the heuristic
    bids, the round played out with the heuristic's card play), but every bid a candidate and
    ties going to :func:`.expert.expert_bid`. Never ``forbidden``. (In the arena at 2 cards,
    playing the rollouts out with the expert's unfitted play, or letting the unseen bids be the
    expert's, scored lower against ``rollout``.)
    """
    r = g.st[ST_R]
    est = expert_bid(g, seat, -1, par)
    totals = np.zeros((3, r + 1))
    active = rollout_values(g, seat, forbidden, 0, r, SEARCH_SAMPLES, 0.0, SEARCH_INFER, totals, True, 0.0)
    return best_mean_bid(0, r, active, totals, est)


@jit
def best_mean_bid(lo, hi, active, totals, est):
    """The bid ``lo..hi`` still active with the best mean in ``totals`` (ties: the one nearest ``est``)."""
    best = -1
    for b in range(lo, hi + 1):  # the best mean among the bids still in the race
        k = b - lo
        if active[k] == 0:
            continue
        if best < 0:
            best = b
            continue
        mean, top = totals[0, k] / totals[2, k], totals[0, best - lo] / totals[2, best - lo]
        if mean > top or (mean == top and abs(b - est) < abs(best - est)):
            best = b
    return best
