"""Whole games at kernel speed: seats per round, totals, elimination, sit-outs, clairvoyance.

A game is a fixed plan prepared in Python (:mod:`wizstats.engine`): per round ``k`` the hand size
``hand[k]``, the state template ``st_tab[k, m]`` for ``m`` players at the table, who sits out
(``sit[k, player]``) and whether the lowest total drops out after it (``elim_after[k]``).
Players are numbered ``0 .. n-1`` clockwise round the table; seats are renumbered every round
from that round's dealer (RULES 2), and the policy rows ``g.policy``/``g.params`` are permuted
so that each player's policy sits at his seat.

Randomness: round ``k`` of game ``game`` draws from stream ``game * stride + k`` and the game's
own decisions (breaking a tie for elimination) from stream ``game * stride + K``, with
``stride = K + 1``; so a game does not depend on how games are cut into blocks or threads.

Totals are whole numbers in units of ``1 / scale`` point (``scale`` is a multiple of every table
size that has a player sitting out), so that a sit-out's average score, and hence ties, are
exact.
"""

from __future__ import annotations

import numpy as np

from ..jit import jit, namedtuple, pjit
from ..rules.core import (
    K_SUIT,
    K_WIZARD,
    KIND,
    MAXP,
    N_ST,
    ST_BIDS_MADE,
    ST_BLIND,
    ST_N,
    ST_NSUITS,
    ST_R,
    ST_SCORING,
    ST_TRUMP,
    ST_TURNED,
    SUIT,
    avoid_forbidden,
    beats,
    below,
    block_span,
    deal_round,
    forbidden_bid,
    new_state,
    reset_round,
    score,
    seed_round,
    visible_bid,
)
from .round import play_round, play_tricks

# slots of the configuration vector cfg
C_N = 0  # players in the game
C_K = 1  # rounds in the game
C_FIRST = 2  # player who deals round 1; -1: player game % n
C_CLAIR = 3  # 1: clairvoyance in round 1 (RULES 4)
C_HALF = 4  # the leader is taken after this many rounds
C_SCALE = 5  # totals are in units of 1 / scale point
C_LO = 6  # lower edge of the totals histogram (scaled)
C_BIN = 7  # bin width of the histograms (scaled)
C_NBINS = 8  # bins of the totals histogram
C_NBINS_M = 9  # bins of the margin histogram
C_PP = 10  # 1: placement points are given (pp, scaled by PP_SCALE)
N_CFG = 11

PP_SCALE = 840  # lcm(1..8): a share of tied placement points is a whole number in these units

# columns of the per-game scalar outputs
G_HALF_UNIQUE = 0  # games with a single leader after C_HALF rounds
G_HALF_WINS = 1  # ... in which that leader is a winner (alone or tied)
G_TIES = 2  # games in which several players share the win
G_MARGIN = 3  # sum of the winner's margins (scaled)
G_MARGIN_SQ = 4  # sum of their squares
N_GSTAT = 5


# ---------------------------------------------------------------- clairvoyance (RULES 4)
@jit
def clairvoyant_wins(g, seat):
    """How many of the cards ``seat`` cannot see would win the one-card trick, and how many there are.

    ``seat`` sees every other hand (one card each) and the turned card, not his own card; the
    trick is played in seat order from seat 1 with trump ``g.st[ST_TRUMP]``. Returns
    ``(wins, unseen)``.
    """
    tab, st = g.tab, g.st
    n, deck, trump = st[ST_N], tab.shape[1], st[ST_TRUMP]
    seen = g.pool  # scratch: 1 for cards seat sees
    for c in range(deck):
        seen[c] = 0
    for s in range(n):
        if s != seat:
            seen[g.hands[s, 0]] = 1
    if st[ST_TURNED] >= 0:
        seen[st[ST_TURNED]] = 1
    wins, unseen = 0, 0
    for c in range(deck):
        if seen[c] == 1:
            continue
        unseen += 1
        best, best_seat = -1, -1
        for k in range(n):
            s = (1 + k) % n
            card = c if s == seat else g.hands[s, 0]
            if best < 0 or beats(tab, card, best, trump):
                best, best_seat = card, s
        if best_seat == seat:
            wins += 1
    return wins, unseen


@jit
def clairvoyant_value(wins, unseen, bid, scoring):
    """``unseen`` times the expected score of ``bid`` (0 or 1) when ``wins`` of ``unseen`` cards win."""
    return wins * score(bid, 1, scoring, 1) + (unseen - wins) * score(bid, 0, scoring, 1)


@jit
def clairvoyant_bid(g, seat, forbidden):
    """Bid 1 when it scores at least as much as 0 on average over the cards ``seat`` cannot see.

    Exact in whole numbers; under standard scoring this is "bid 1 when the chance is >= 3/7".
    A forbidden bid (plus/minus one) is replaced by the other one. Earlier bids are not read.
    """
    wins, unseen = clairvoyant_wins(g, seat)
    scoring = g.st[ST_SCORING]
    bid = 1 if clairvoyant_value(wins, unseen, 1, scoring) >= clairvoyant_value(wins, unseen, 0, scoring) else 0
    return avoid_forbidden(bid, bid, g.st[ST_R], forbidden)  # round 1: the other bid


@jit
def clairvoyant_trump(g):
    """The suit the dealer names after a turned Wizard in a clairvoyant round.

    He cannot see his own card: he names the suit under which his better bid has the highest
    expected score (ties: the lowest suit); blind trump (RULES 3): a random suit.
    """
    st = g.st
    if st[ST_BLIND] == 1:
        return below(g.rng, st[ST_NSUITS])
    best, best_value = 0, np.int64(-(1 << 62))
    for s in range(st[ST_NSUITS]):
        st[ST_TRUMP] = s
        wins, unseen = clairvoyant_wins(g, 0)
        v1 = clairvoyant_value(wins, unseen, 1, st[ST_SCORING])
        v0 = clairvoyant_value(wins, unseen, 0, st[ST_SCORING])
        value = max(v1, v0)
        if value > best_value:
            best, best_value = s, value
    return best


@jit
def play_clairvoyant_round(g, key, round_index):
    """A one-card round in which each player sees the other cards, not his own (RULES 4).

    Deal as :func:`.round.play_round`; trump from the turned card (after a Wizard:
    :func:`clairvoyant_trump`); every seat bids by :func:`clairvoyant_bid` whatever its policy;
    the trick is played by the policies (each has one card).
    """
    tab, st = g.tab, g.st
    turned = deal_round(g, key, round_index, -1, np.zeros(1, np.int64), -1)
    trump = -1
    if turned >= 0:
        kind = tab[KIND, turned]
        if kind == K_SUIT:
            trump = tab[SUIT, turned]
        elif kind == K_WIZARD:
            trump = clairvoyant_trump(g)
        g.gone[turned] = 1
    st[ST_TRUMP] = trump
    n = st[ST_N]
    for j in range(n):
        seat = (j + 1) % n
        g.bids[seat] = clairvoyant_bid(g, seat, forbidden_bid(g, seat))
        st[ST_BIDS_MADE] += 1
    play_tricks(g)


@pjit
def clairvoyant_counts(tab, st0, policy, params, key, start, n_rounds, blocks, counts, wins_hist):
    """Clairvoyant rounds ``start ..``: ``counts[block, seat, bid, tricks] += 1``.

    ``wins_hist[block, seat, w]`` counts rounds in which ``w`` of the unseen cards would win for
    ``seat`` (taken before bidding, under the round's trump).
    """
    n = st0[ST_N]
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        g = new_state(tab, st0, policy, params)
        lo, hi = block_span(start, n_rounds, n_blocks, b)
        for i in range(lo, hi):
            play_clairvoyant_round(g, key, i)
            for k in range(n):  # the hands are played out: put each card back from the trick's log
                g.hands[(1 + k) % n, 0] = g.log_card[0, k]
            for s in range(n):
                counts[b, s, g.bids[s], g.tricks[s]] += 1
                wins, _ = clairvoyant_wins(g, s)
                wins_hist[b, s, wins] += 1


@jit
def trace_clairvoyant_kernel(tab, st0, policy, params, key, start, hands, turned, trump, bids, winners):
    """Clairvoyant rounds ``start ..`` one per row: ``hands[R, n]`` (one card each), ``turned[R]``,
    ``trump[R]``, ``bids[R, n]``, ``winners[R]`` (the seat that took the trick)."""
    n = st0[ST_N]
    g = new_state(tab, st0, policy, params)
    for row in range(bids.shape[0]):
        play_clairvoyant_round(g, key, start + row)
        turned[row] = g.st[ST_TURNED]
        trump[row] = g.st[ST_TRUMP]
        winners[row] = g.log_win[0]
        for k in range(n):
            hands[row, (1 + k) % n] = g.log_card[0, k]
        for s in range(n):
            bids[row, s] = g.bids[s]


# ---------------------------------------------------------------- one game
@jit
def seat_players(cfg, active, sit_row, dealer, seat_player):
    """Fill ``seat_player[seat]`` for this round (seat 0 deals); returns the players at the table.

    The dealer is the first player clockwise from ``dealer`` (inclusive) who is in the game and
    does not sit out this round.
    """
    n = cfg[C_N]
    m = 0
    for j in range(n):
        p = (dealer + j) % n
        if active[p] == 1 and sit_row[p] == 0:
            seat_player[m] = p
            m += 1
    return m


@jit
def eliminate(totals, active, rng_game):
    """Drop the player in the game with the lowest total; a tie is broken at random (game stream)."""
    n = totals.shape[0]
    low, ties = np.int64(0), 0
    for p in range(n):
        if active[p] == 1:
            if ties == 0 or totals[p] < low:
                low, ties = totals[p], 1
            elif totals[p] == low:
                ties += 1
    pick = below(rng_game, ties) if ties > 1 else 0
    for p in range(n):
        if active[p] == 1 and totals[p] == low:
            if pick == 0:
                active[p] = 0
                return p
            pick -= 1
    return -1


GamePlan = namedtuple("GamePlan", ["cfg", "st_tab", "hand", "pol", "par", "sit", "elim_after", "pp"])
"""What every game follows: ``cfg`` (the ``C_*`` slots), ``st_tab``, ``hand``, ``sit`` and ``elim_after``
(see the module notes), the players' policy rows ``pol``/``par`` and the placement points ``pp``."""

Game = namedtuple("Game", ["rng", "seat_player", "active", "totals", "half_tot", "elim_round", "rec"])
"""One game in progress, reused for every game a worker plays: the game's own stream ``rng``, this round's
``seat_player[seat]``, per player ``active`` (1 while in the game), ``totals`` (scaled), ``half_tot`` (the totals
after ``C_HALF`` rounds) and ``elim_round`` (the round after which he dropped out, 0 if he did not), and
``rec[k, p, :]`` = (seat or -1 sitting out or -2 out of the game, bid, tricks, points scaled)."""

GameTally = namedtuple("GameTally", ["hist", "margin_hist", "places", "sole", "sums", "pp_sums", "gstat", "elim_count"])
"""The aggregates of :func:`simulate_games_kernel`, one row per block."""


@jit
def play_game(g, plan, key, game, gm):
    """Play game ``game`` into ``gm`` (a :data:`Game`) by ``plan`` (a :data:`GamePlan`), on the round state ``g``."""
    cfg, active, totals, rec = plan.cfg, gm.active, gm.totals, gm.rec
    n, n_rounds, scale = cfg[C_N], cfg[C_K], cfg[C_SCALE]
    stride = n_rounds + 1
    seed_round(gm.rng, key, game * stride + n_rounds)
    for p in range(n):
        active[p] = 1
        totals[p] = 0
        gm.elim_round[p] = 0
        gm.half_tot[p] = np.int64(-(1 << 62))
    dealer = cfg[C_FIRST] if cfg[C_FIRST] >= 0 else game % n
    no_hand = np.zeros(1, np.int64)
    forced = np.full(MAXP, -1, np.int64)
    for k in range(n_rounds):
        m = seat_players(cfg, active, plan.sit[k], dealer, gm.seat_player)
        for i in range(N_ST):
            g.st[i] = plan.st_tab[k, m, i]
        for s in range(m):
            p = gm.seat_player[s]
            g.policy[s] = plan.pol[p]
            for j in range(plan.par.shape[1]):
                g.params[s, j] = plan.par[p, j]
        if k == 0 and cfg[C_CLAIR] == 1:
            play_clairvoyant_round(g, key, game * stride)
        else:
            play_round(g, key, game * stride + k, -1, no_hand, -1, forced)
        round_sum = 0
        for p in range(n):
            rec[k, p, 0] = -2 if active[p] == 0 else -1
            rec[k, p, 1] = -1
            rec[k, p, 2] = -1
            rec[k, p, 3] = 0
        for s in range(m):
            p = gm.seat_player[s]
            points = score(g.bids[s], g.tricks[s], g.st[ST_SCORING], plan.hand[k])
            round_sum += points
            rec[k, p, 0] = s
            rec[k, p, 1] = g.bids[s]
            rec[k, p, 2] = g.tricks[s]
            rec[k, p, 3] = points * scale
            totals[p] += points * scale
        for p in range(n):
            if rec[k, p, 0] == -1:  # sits out: the average of the others (exact: scale % m == 0)
                rec[k, p, 3] = round_sum * scale // m
                totals[p] += rec[k, p, 3]
        if k + 1 == cfg[C_HALF]:
            for p in range(n):
                gm.half_tot[p] = totals[p] if active[p] == 1 else np.int64(-(1 << 62))
        if plan.elim_after[k] == 1:
            out = eliminate(totals, active, gm.rng)
            gm.elim_round[out] = k + 1
        for j in range(1, n + 1):
            p = (dealer + j) % n
            if active[p] == 1:
                dealer = p
                break


@jit
def better(p, q, active, totals, elim_round):
    """Whether player ``p`` finishes above ``q``: in the game beats out; then totals; then later out."""
    if active[p] != active[q]:
        return active[p] == 1
    if active[p] == 1:
        return totals[p] > totals[q]
    return elim_round[p] > elim_round[q]


@jit
def tally_game(plan, gm, b, agg):
    """Add the finished game ``gm`` (a :data:`Game`) to block ``b`` of the aggregates ``agg`` (a :data:`GameTally`)."""
    cfg, pp, active, totals, half_tot, elim_round = plan.cfg, plan.pp, gm.active, gm.totals, gm.half_tot, gm.elim_round
    n, lo, width = cfg[C_N], cfg[C_LO], cfg[C_BIN]
    first = np.zeros(n, np.int64)
    n_first = 0
    for p in range(n):
        place, tied = 0, 0
        for q in range(n):
            if better(q, p, active, totals, elim_round):
                place += 1
            elif not better(p, q, active, totals, elim_round):
                tied += 1
        agg.places[b, p, place] += 1
        if place == 0:
            first[p] = 1
            n_first += 1
        if cfg[C_PP] == 1:
            share = 0
            for j in range(place, place + tied):
                share += pp[j]
            share //= tied
            agg.pp_sums[b, p, 0] += share
            agg.pp_sums[b, p, 1] += share * share
        t = totals[p]
        agg.sums[b, p, 0] += t
        agg.sums[b, p, 1] += t * t
        j = (t - lo) // width
        agg.hist[b, p, min(max(j, 0), cfg[C_NBINS] - 1)] += 1
        if elim_round[p] > 0:
            stage = 0
            for q in range(n):
                if elim_round[q] > 0 and elim_round[q] < elim_round[p]:
                    stage += 1
            agg.elim_count[b, p, stage] += 1
    best, n_best = np.int64(0), 0
    for p in range(n):
        if active[p] == 1:
            if n_best == 0 or totals[p] > best:
                best, n_best = totals[p], 1
            elif totals[p] == best:
                n_best += 1
    margin = np.int64(0)
    if n_best == 1:
        second, have = np.int64(0), 0
        for p in range(n):
            if active[p] == 1 and totals[p] < best and (have == 0 or totals[p] > second):
                second, have = totals[p], 1
        margin = best - second
    agg.margin_hist[b, min(margin // width, cfg[C_NBINS_M] - 1)] += 1
    agg.gstat[b, G_MARGIN] += margin
    agg.gstat[b, G_MARGIN_SQ] += margin * margin
    if n_first == 1:
        for p in range(n):
            if first[p] == 1:
                agg.sole[b, p] += 1
    else:
        agg.gstat[b, G_TIES] += 1
    leader, top, n_top = -1, np.int64(0), 0
    for p in range(n):
        if half_tot[p] > -(1 << 61):
            if n_top == 0 or half_tot[p] > top:
                leader, top, n_top = p, half_tot[p], 1
            elif half_tot[p] == top:
                n_top += 1
    if n_top == 1:
        agg.gstat[b, G_HALF_UNIQUE] += 1
        if first[leader] == 1:
            agg.gstat[b, G_HALF_WINS] += 1


@pjit
def simulate_games_kernel(
    tab,
    st_tab,
    hand,
    pol,
    par,
    sit,
    elim_after,
    cfg,
    pp,
    key,
    start,
    n_games,
    blocks,
    hist,
    margin_hist,
    places,
    sole,
    sums,
    pp_sums,
    gstat,
    elim_count,
    rec_out,
    totals_out,
    elim_out,
):
    """Play games ``start .. start + n_games - 1`` and add them to block slices of the aggregates.

    Shapes (``B`` blocks, ``n`` players): ``hist[B, n, C_NBINS]``, ``margin_hist[B, C_NBINS_M]``,
    ``places[B, n, n]`` (competition rank, 0 = a winner), ``sole[B, n]``, ``sums[B, n, 2]`` (sum
    and sum of squares of scaled totals), ``pp_sums[B, n, 2]``, ``gstat[B, N_GSTAT]``,
    ``elim_count[B, n, 3]``. Memory does not grow with ``n_games``.

    To trace a few games, give ``rec_out[n_games, K, n, 4]`` (see :func:`play_game`),
    ``totals_out[n_games, n]`` (scaled) and ``elim_out[n_games, n]`` (the round after which the
    player dropped out, 0 if he did not); else arrays with 0 rows. (One kernel for both: each
    parallel kernel that plays rounds costs a minute of compilation.)
    """
    n, n_rounds = cfg[C_N], cfg[C_K]
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        plan = GamePlan(cfg, st_tab, hand, pol, par, sit, elim_after, pp)
        agg = GameTally(hist, margin_hist, places, sole, sums, pp_sums, gstat, elim_count)
        g = new_state(tab, st_tab[0, n], pol, par)
        rng_game = np.zeros(1, np.uint64)
        seat_player = np.zeros(MAXP, np.int64)
        active = np.zeros(n, np.int64)
        totals = np.zeros(n, np.int64)
        half_tot = np.zeros(n, np.int64)
        elim_round = np.zeros(n, np.int64)
        rec = np.zeros((n_rounds, n, 4), np.int64)
        gm = Game(rng_game, seat_player, active, totals, half_tot, elim_round, rec)
        lo, hi = block_span(start, n_games, n_blocks, b)
        for game in range(lo, hi):
            play_game(g, plan, key, game, gm)
            tally_game(plan, gm, b, agg)
            if rec_out.shape[0] > 0:
                row = game - start
                rec_out[row] = rec
                totals_out[row] = totals
                elim_out[row] = elim_round


# ---------------------------------------------------------------- checks of who sees which bid
@jit
def trace_forced_round(tab, st0, policy, params, key, round_index, forced, bids_out, plays_out):
    """One round in which seats with ``forced[seat] >= 0`` bid that; keeps the bids and every card."""
    g = new_state(tab, st0, policy, params)
    play_round(g, key, round_index, -1, np.zeros(1, np.int64), -1, forced)
    n, r = st0[ST_N], st0[ST_R]
    for s in range(n):
        bids_out[s] = g.bids[s]
    for t in range(r):
        for k in range(n):
            plays_out[t, k] = g.log_card[t, k]


@jit
def bid_views(tab, st0, policy, params, bids_in, out):
    """``out[j, viewer, seat]``: :func:`.core.visible_bid` after ``j`` bids in seat order 1..n-1, 0."""
    g = new_state(tab, st0, policy, params)
    n = st0[ST_N]
    reset_round(g)
    for j in range(n + 1):
        for v in range(n):
            for s in range(n):
                out[j, v, s] = visible_bid(g, v, s)
        if j < n:
            seat = (j + 1) % n
            g.bids[seat] = bids_in[seat]
            g.st[ST_BIDS_MADE] += 1
