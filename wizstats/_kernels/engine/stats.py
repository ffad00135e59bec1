"""Batch kernels behind :mod:`wizstats.stats` and :mod:`wizstats.stats`: play many rounds, aggregate in place.

Every kernel plays rounds ``start .. start + n_rounds - 1`` cut into ``n_blocks`` blocks that run
in parallel; round ``i`` draws only from its own stream ``seed_round(key, i)``, and block ``b``
adds into row ``b`` of each output, which Python sums. So a result does not depend on the
number of threads or blocks, and memory does not grow with the number of rounds.

The hero of a kernel is one seat whose hand is (partly) fixed: ``fixed`` holds its known
card ids and the rest of its hand is drawn at random from the cards neither fixed nor turned.
``cands`` lists the card ids the turned card may be (one is drawn uniformly); empty means the
deal turns a random card as usual (or none in a round that deals every card).
"""

from __future__ import annotations

import numpy as np

from ..jit import jit, pjit
from ..players.dispatch import choose_bid
from ..rules.core import (
    K_SUIT,
    K_WIZARD,
    KIND,
    MAXP,
    RANK,
    ST_BIDS_MADE,
    ST_N,
    ST_R,
    ST_SCORING,
    ST_TRUMP,
    ST_TURNED,
    SUIT,
    below,
    block_span,
    deal,
    forbidden_bid,
    new_state,
    reset_round,
    score,
    seed_round,
    shuffle_front,
)
from .round import play_round, play_tricks, set_trump


# ---------------------------------------------------------------- one round, step by step
@jit
def start_round(g, key, i, hero, fixed, cands, hand):
    """Seed round ``i``, draw the turned card from ``cands``, complete the hero's hand, deal.

    Returns the turned card id (-1 when none). ``hand`` (length r) receives the hero's hand.
    """
    seed_round(g.rng, key, i)
    reset_round(g)
    turned = -1
    if cands.shape[0] > 0:
        turned = cands[below(g.rng, cands.shape[0])]
    if hero < 0:
        return deal(g, -1, hand, turned)
    deck = g.tab.shape[1]
    r = g.st[ST_R]
    n_fixed = fixed.shape[0]
    mark, pool = g.owner, g.pool  # scratch: deal() rewrites both
    for c in range(deck):
        mark[c] = 0
    for k in range(n_fixed):
        hand[k] = fixed[k]
        mark[fixed[k]] = 1
    if turned >= 0:
        mark[turned] = 1
    m = 0
    for c in range(deck):
        if mark[c] == 0:
            pool[m] = c
            m += 1
    shuffle_front(g.rng, pool, m, r - n_fixed)
    for k in range(r - n_fixed):
        hand[n_fixed + k] = pool[k]
    return deal(g, hero, hand, turned)


@jit
def trump_step(g, turned, hero, forced_trump):
    """Set trump; with ``forced_trump >= 0`` and a turned Wizard the named suit is known.

    The hero as dealer names it himself; otherwise the dealer's policy names a suit and the
    round is rejected (returns False) when it is not ``forced_trump``.
    """
    if forced_trump >= 0 and turned >= 0 and g.tab[KIND, turned] == K_WIZARD:
        if hero == 0:
            g.gone[turned] = 1
            g.st[ST_TRUMP] = forced_trump
            return True
        return set_trump(g, turned) == forced_trump
    set_trump(g, turned)
    return True


@jit
def bid_before(g, given, force):
    """Bids of the first ``len(given)`` bidders (seats 1, 2, ..): forced to ``given``, or made by
    their policies and checked against ``given`` (returns False at the first difference)."""
    n = g.st[ST_N]
    for j in range(given.shape[0]):
        seat = (j + 1) % n
        if force:
            bid = given[j]
        else:
            bid = choose_bid(g, seat, forbidden_bid(g, seat))
            if bid != given[j]:
                return False
        g.bids[seat] = bid
        g.st[ST_BIDS_MADE] += 1
    return True


@jit
def bid_after(g, first, hero, hero_bid):
    """Bids from bidding position ``first`` on (position j is seat (j + 1) % n); the hero bids ``hero_bid``."""
    n = g.st[ST_N]
    for j in range(first, n):
        seat = (j + 1) % n
        if seat == hero and hero_bid >= 0:
            bid = hero_bid
        else:
            bid = choose_bid(g, seat, forbidden_bid(g, seat))
        g.bids[seat] = bid
        g.st[ST_BIDS_MADE] += 1


@jit
def card_trick(g, card):
    """The trick in which ``card`` was played (-1 if it was not)."""
    n, r = g.st[ST_N], g.st[ST_R]
    for t in range(r):
        for k in range(n):
            if g.log_card[t, k] == card:
                return t
    return -1


@jit
def card_category(tab, card, trump, n_ranks):
    """0 Wizard, 1 Jester, then per rank: 2.. trump, 2 + R.. other suit (trump exists), 2 + 2R.. no trump."""
    kind = tab[KIND, card]
    if kind == K_WIZARD:
        return 0
    if kind != K_SUIT:
        return 1
    rank = tab[RANK, card]
    if trump < 0:
        return 1 + 2 * n_ranks + rank
    if tab[SUIT, card] == trump:
        return 1 + rank
    return 1 + n_ranks + rank


# ---------------------------------------------------------------- a given hand: every bid
@pjit
def hand_rounds(
    tab,
    st0,
    policy,
    params,
    key,
    start,
    n_rounds,
    blocks,
    hero,
    fixed,
    cands,
    forced_trump,
    given,
    force,
    candidates,
    counts,
    s1,
    s2,
    own_bid,
    tally,
):
    """Deals consistent with the hero's knowledge, each played out once per candidate bid.

    A round is kept when the trump step and the earlier bids (``given``, by policy unless
    ``force``) agree with what the hero saw. For a kept round: ``own_bid[b, bid] += 1`` for the
    hero's policy's own bid, then for each ``candidates[k]`` the round is replayed from its
    seed with the hero's bid forced: ``counts[b, bid, tricks] += 1``, ``s1[b, k] += score``,
    ``s2[b, k, k2] += score_k * score_k2`` (paired comparisons). ``tally[b] = (tried, kept)``.
    """
    r = st0[ST_R]
    scoring = st0[ST_SCORING]
    nc = candidates.shape[0]
    first = given.shape[0]
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        g = new_state(tab, st0, policy, params)
        hand = np.zeros(r, np.int64)
        pts = np.zeros(nc, np.float64)
        lo, hi = block_span(start, n_rounds, n_blocks, b)
        for i in range(lo, hi):
            tally[b, 0] += 1
            turned = start_round(g, key, i, hero, fixed, cands, hand)
            if not trump_step(g, turned, hero, forced_trump):
                continue
            if not bid_before(g, given, force):
                continue
            tally[b, 1] += 1
            own_bid[b, choose_bid(g, hero, forbidden_bid(g, hero))] += 1
            for k in range(nc):
                turned = start_round(g, key, i, hero, fixed, cands, hand)
                trump_step(g, turned, hero, forced_trump)
                bid_before(g, given, force)
                bid_after(g, first, hero, candidates[k])
                play_tricks(g)
                t = g.tricks[hero]
                counts[b, candidates[k], t] += 1
                pts[k] = score(candidates[k], t, scoring, r)
            for k in range(nc):
                s1[b, k] += pts[k]
                for k2 in range(nc):
                    s2[b, k, k2] += pts[k] * pts[k2]


# ---------------------------------------------------------------- one card: win rate and marginal value
@jit
def swap_replay(g, owner, hero, card, turned, forced_trump):
    """Replay the deal in ``owner`` with ``card`` swapped for a random card the hero has not seen.

    Returns the hero's tricks, or -1 when the swapped deal is rejected by the trump step.
    """
    deck = g.tab.shape[1]
    m = 0
    for c in range(deck):
        if owner[c] != hero and c != turned:
            m += 1
    k = below(g.rng, m)
    y = -1
    for c in range(deck):
        if owner[c] != hero and c != turned:
            if k == 0:
                y = c
                break
            k -= 1
    reset_round(g)
    n = g.st[ST_N]
    for s in range(n):
        g.hand_len[s] = 0
    for c in range(deck):
        o = owner[c]
        if c == card:
            o = owner[y]
        elif c == y:
            o = hero
        if o >= 0:
            g.hands[o, g.hand_len[o]] = c
            g.hand_len[o] += 1
    g.st[ST_TURNED] = turned
    if not trump_step(g, turned, hero, forced_trump):
        return -1
    bid_after(g, 0, -1, -1)
    play_tricks(g)
    return g.tricks[hero]


@pjit
def card_rounds(
    tab, st0, policy, params, key, start, n_rounds, blocks, hero, card, cands, forced_trump, swap, out, tricks_hist
):
    """The hero holds ``card`` and ``r - 1`` random cards; everyone bids and plays by policy.

    ``out[b]``: 0 rounds kept, 1 rounds in which ``card`` took its trick, 2 sum of hero's tricks,
    3 its squares, then with ``swap`` (the card swapped for a random unseen card, same deal
    otherwise): 4 pairs kept, 5 sum of tricks without, 6 its squares, 7 sum of (with - without),
    8 its squares, 9 rounds tried. ``tricks_hist[b, t]`` counts the hero's tricks with the card.
    """
    r = st0[ST_R]
    deck = tab.shape[1]
    fixed = np.full(1, card, np.int64)
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        g = new_state(tab, st0, policy, params)
        hand = np.zeros(r, np.int64)
        owner = np.zeros(deck, np.int64)
        lo, hi = block_span(start, n_rounds, n_blocks, b)
        for i in range(lo, hi):
            out[b, 9] += 1
            turned = start_round(g, key, i, hero, fixed, cands, hand)
            for c in range(deck):
                owner[c] = g.owner[c]
            if not trump_step(g, turned, hero, forced_trump):
                continue
            bid_after(g, 0, -1, -1)
            play_tricks(g)
            t = card_trick(g, card)
            with_card = g.tricks[hero]
            out[b, 0] += 1
            if g.log_win[t] == hero:
                out[b, 1] += 1
            out[b, 2] += with_card
            out[b, 3] += with_card * with_card
            tricks_hist[b, with_card] += 1
            if swap:
                without = swap_replay(g, owner, hero, card, turned, forced_trump)
                if without >= 0:
                    d = with_card - without
                    out[b, 4] += 1
                    out[b, 5] += without
                    out[b, 6] += without * without
                    out[b, 7] += d
                    out[b, 8] += d * d


# ---------------------------------------------------------------- every card of random deals
@pjit
def card_table_rounds(tab, st0, policy, params, key, start, n_rounds, blocks, n_ranks, cat_counts, trump_counts):
    """Random rounds played by policy; per seat and card category (see :func:`card_category`):
    ``cat_counts[b, seat, cat] += (played, won)``; ``trump_counts[b, seat, m, w] += 1`` when the
    seat held ``m`` trumps and took ``w`` tricks with them."""
    n, r = st0[ST_N], st0[ST_R]
    no_hand = np.zeros(1, np.int64)
    forced = np.full(MAXP, -1, np.int64)
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        g = new_state(tab, st0, policy, params)
        held = np.zeros(MAXP, np.int64)
        won = np.zeros(MAXP, np.int64)
        lo, hi = block_span(start, n_rounds, n_blocks, b)
        for i in range(lo, hi):
            play_round(g, key, i, -1, no_hand, -1, forced)
            trump = g.st[ST_TRUMP]
            for s in range(n):
                held[s] = 0
                won[s] = 0
            for t in range(r):
                lead, win = g.log_lead[t], g.log_win[t]
                for k in range(n):
                    seat = (lead + k) % n
                    c = g.log_card[t, k]
                    cat = card_category(tab, c, trump, n_ranks)
                    cat_counts[b, seat, cat, 0] += 1
                    if win == seat:
                        cat_counts[b, seat, cat, 1] += 1
                    if trump >= 0 and tab[KIND, c] == K_SUIT and tab[SUIT, c] == trump:
                        held[seat] += 1
                        if win == seat:
                            won[seat] += 1
            for s in range(n):
                trump_counts[b, s, held[s], won[s]] += 1


# ---------------------------------------------------------------- two rule variants on the same deals
@jit
def tally_round(g, v, b, seat_out, dealer_out, sum_out, pts):
    """Add one finished round of variant ``v`` to the paired-kernel outputs; ``pts`` gets the scores.

    Returns the dealer's score minus the mean of the others'."""
    n, r, scoring = g.st[ST_N], g.st[ST_R], g.st[ST_SCORING]
    total_bid = 0
    others = 0.0
    for s in range(n):
        p = score(g.bids[s], g.tricks[s], scoring, r)
        pts[s] = p
        seat_out[b, v, s, 0] += p
        seat_out[b, v, s, 1] += p * p
        if g.bids[s] == g.tricks[s]:
            seat_out[b, v, s, 2] += 1
        seat_out[b, v, s, 3] += g.tricks[s]
        seat_out[b, v, s, 4] += g.bids[s]
        total_bid += g.bids[s]
        if s > 0:
            others += p
    d = pts[0] - others / (n - 1)
    dealer_out[b, v, 0] += d
    dealer_out[b, v, 1] += d * d
    sum_out[b, v, total_bid] += 1
    return d


@pjit
def paired_rounds(
    tab,
    st_a,
    st_b,
    policy_a,
    params_a,
    policy_b,
    params_b,
    two,
    fixed_turned,
    key,
    start,
    n_rounds,
    blocks,
    seat_out,
    pair_out,
    dealer_out,
    sum_out,
):
    """Each round under variant a (and, with ``two``, variant b) from the same stream: same deal.

    ``seat_out[b, v, seat]``: sum of scores, of squares, bids met, tricks, bids;
    ``pair_out[b, seat]``: sum of (score a - score b) and of its squares;
    ``dealer_out[b, v]``: sum and sum of squares of (dealer's score - mean of the others), and
    ``dealer_out[b, 2]`` the same for (that difference under a - under b);
    ``sum_out[b, v, S]``: rounds whose bids add up to ``S``.
    """
    n = st_a[ST_N]
    no_hand = np.zeros(1, np.int64)
    forced = np.full(MAXP, -1, np.int64)
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        ga = new_state(tab, st_a, policy_a, params_a)
        gb = new_state(tab, st_b, policy_b, params_b)
        pa = np.zeros(MAXP, np.float64)
        pb = np.zeros(MAXP, np.float64)
        lo, hi = block_span(start, n_rounds, n_blocks, b)
        for i in range(lo, hi):
            play_round(ga, key, i, -1, no_hand, fixed_turned, forced)
            da = tally_round(ga, 0, b, seat_out, dealer_out, sum_out, pa)
            if two:
                play_round(gb, key, i, -1, no_hand, fixed_turned, forced)
                db = tally_round(gb, 1, b, seat_out, dealer_out, sum_out, pb)
                for s in range(n):
                    d = pa[s] - pb[s]
                    pair_out[b, s, 0] += d
                    pair_out[b, s, 1] += d * d
                dealer_out[b, 2, 0] += da - db
                dealer_out[b, 2, 1] += (da - db) * (da - db)


# ---------------------------------------------------------------- whole games, one round at a time
@pjit
def game_round(tab, st0, policy, params, key, first_index, stride, n_games, blocks, dealer, totals, met):
    """Round ``first_index`` of every game (game ``k`` uses stream ``k * stride + first_index``).

    Table position ``dealer`` deals; seat ``s`` is player ``(dealer + s) % n`` (``policy`` and
    ``params`` are already in seat order). ``totals[k, player] += score``, ``met[k, player] += 1``
    when the bid was met.
    """
    n, r, scoring = st0[ST_N], st0[ST_R], st0[ST_SCORING]
    no_hand = np.zeros(1, np.int64)
    forced = np.full(MAXP, -1, np.int64)
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        g = new_state(tab, st0, policy, params)
        lo, hi = block_span(0, n_games, n_blocks, b)
        for k in range(lo, hi):
            play_round(g, key, k * stride + first_index, -1, no_hand, -1, forced)
            for s in range(n):
                p = (dealer + s) % n
                totals[k, p] += score(g.bids[s], g.tricks[s], scoring, r)
                if g.bids[s] == g.tricks[s]:
                    met[k, p] += 1
