"""One round with special cards (RULES 8), and the batch kernels that play many.

Order of a round: deal (:func:`.core.deal`, then one more draw for the next card of the stack),
trump step (the Werewolf's holder swaps and names trump, else the turned card sets it), bids in
seat order 1..n-1, 0, then the tricks. A trick: each seat chooses a card (and its form); a
Vampire resolves its model as it is played; at the end the outcome is fixed, each Witch played
may swap (in play order), the winner takes the trick (nobody after a Bomb; the would-be winner
leads next) and, if a Juggler was played in it, every seat passes a card left. After the last
trick each Cloud in a player's tricks changes his bid by +-1, chosen to score best. The mechanics are
:mod:`.step`'s; here each seat's policy chooses its bid and its cards: ``rollout``
(:data:`~wizstats.layout.SP_ROLLOUT`) by the search of :mod:`.search`, the others as :mod:`.expert` and
:mod:`.policy` say, except the expert's last ``SP_END`` cards, which it plays by the search too
(:func:`searches`).

Each round ``i`` draws from its own stream ``seed_round(key, i)``, as in :mod:`.round`.
"""

from __future__ import annotations

import numpy as np

from ...layout import SP_END, SP_EXPERT, SP_ROLLOUT
from ..jit import hotjit, jit, pjit
from ..rules.core import (
    ST_BIDS_MADE,
    ST_LEADER,
    ST_N,
    ST_R,
    ST_TRICK_LEN,
    ST_TURNED,
    block_span,
    forbidden_bid,
    legal_mask,
    seed_round,
    shuffle_front,
)
from .core import (
    EV_WOLF,
    N_EV,
    N_K,
    N_T,
    R_NEXT,
    R_TRUMP0,
    R_TURNED,
    R_WOLF,
    S_BID,
    S_CLOUDS,
    S_FINAL,
    S_POINTS,
    S_TRICKS,
    SX_NEXT,
    SX_NEXT0,
    SX_TRUMP0,
    SX_WOLF_SEAT,
    insert_card,
    new_special_state,
)
from .expert import choose_bid, choose_play
from .search import rollout_bid, rollout_card
from .step import close_trick, deal_special, play_code, play_one, score_round, trump_step

__all__ = [
    "deal_special",
    "play_one",
    "play_special_round",
    "probe_search",
    "simulate_special_counts",
    "simulate_special_trace",
    "trump_step",
]


@hotjit
def bid_turn(g, seat):
    """``seat`` bids as its policy says: the search's bid for ``rollout``, else :func:`.expert.choose_bid`."""
    forbidden = forbidden_bid(g, seat)
    g.bids[seat] = rollout_bid(g, seat, forbidden) if g.policy[seat] == SP_ROLLOUT else choose_bid(g, seat, forbidden)
    g.st[ST_BIDS_MADE] += 1


@hotjit
def searches(g, seat):
    """Whether ``seat`` plays the search's card now: a ``rollout`` seat always, the expert once it holds at most
    ``SP_END`` cards (its endgame, where the search sees what its card-play features miss)."""
    p = g.policy[seat]
    return p == SP_ROLLOUT or (p == SP_EXPERT and g.hand_len[seat] <= g.params[seat, SP_END])


@hotjit
def play_turn(g, seat, events):
    """``seat`` plays as its policy says: the search's card (:func:`searches`), else :func:`.expert.choose_play`."""
    mask = legal_mask(g, seat)
    code = rollout_card(g, seat, mask) if searches(g, seat) else choose_play(g, seat, mask)
    play_code(g, seat, code, events)


@jit
def play_special_round(g, key, round_index, events, hands_out, record):
    """Deal, set trump, bid, play and score round ``round_index``; results stay in ``g``.

    With ``record``, the hands as dealt are copied into ``hands_out[n, r]``.
    """
    st = g.st
    n, r = st[ST_N], st[ST_R]
    turned = deal_special(g, key, round_index)
    if record:
        for s in range(n):
            for k in range(r):
                hands_out[s, k] = g.hands[s, k]
    trump_step(g, turned)
    if g.sx[SX_WOLF_SEAT] >= 0:
        events[EV_WOLF] += 1
    for j in range(n):
        bid_turn(g, (j + 1) % n)
    for _ in range(r):
        leader = st[ST_LEADER]
        for k in range(n):
            play_turn(g, (leader + k) % n, events)
        close_trick(g, events)
    score_round(g, events)


@pjit
def simulate_special_counts(
    tab, st0, policy, params, key, start, n_rounds, blocks, counts, score_sum, score_sq, events
):
    """Play rounds ``start .. start + n_rounds - 1``; per block add ``counts[b, seat, bid, tricks]``,
    the seats' points and squared points, and the special-card events ``events[b, EV_*]``."""
    n = st0[ST_N]
    no_hands = np.zeros((1, 1), np.int64)
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        g = new_special_state(tab, st0, policy, params)
        ev = np.zeros(N_EV, np.int64)
        lo, hi = block_span(start, n_rounds, n_blocks, b)
        for i in range(lo, hi):
            play_special_round(g, key, i, ev, no_hands, False)
            for s in range(n):
                counts[b, s, g.bids[s], g.tricks[s]] += 1
                score_sum[b, s] += g.points[s]
                score_sq[b, s] += g.points[s] * g.points[s]
        for e in range(N_EV):
            events[b, e] += ev[e]


@jit
def simulate_special_trace(tab, st0, policy, params, key, start, hands, rounds, seats, tricks, plays, events):
    """Play rounds ``start ..``, one per row, recording everything (small runs only).

    Shapes: ``hands[R, n, r]`` as dealt; ``rounds[R, N_R]`` (turned, next card, Werewolf seat,
    trump after the trump step); ``seats[R, n, N_S]`` (bid, tricks, clouds, final bid, points);
    ``tricks[R, r, N_K]`` (leader, would-be winner, winner or -1, trump after the trick);
    ``plays[R, r, n, N_T]`` per trick position (card, effective kind, suit, value x 4, role, the
    Witch's take and put) and per seat (``T_PASS``: the card it passed); ``events[N_EV]``.
    """
    n, r = st0[ST_N], st0[ST_R]
    g = new_special_state(tab, st0, policy, params)
    for row in range(hands.shape[0]):
        play_special_round(g, key, start + row, events, hands[row], True)
        rounds[row, R_TURNED] = g.st[ST_TURNED]
        rounds[row, R_NEXT] = g.sx[SX_NEXT0]
        rounds[row, R_WOLF] = g.sx[SX_WOLF_SEAT]
        rounds[row, R_TRUMP0] = g.sx[SX_TRUMP0]
        for s in range(n):
            seats[row, s, S_BID] = g.bids[s]
            seats[row, s, S_TRICKS] = g.tricks[s]
            seats[row, s, S_CLOUDS] = g.clouds[s]
            seats[row, s, S_FINAL] = g.final_bid[s]
            seats[row, s, S_POINTS] = g.points[s]
        for t in range(r):
            for c in range(N_K):
                tricks[row, t, c] = g.logk[t, c]
            for k in range(n):
                for c in range(N_T):
                    plays[row, t, k, c] = g.log[t, k, c]


# ---------------------------------------------------------------- a probe of the search (tests)
@jit
def scramble_hidden(g, seat, rng):
    """Deal the cards ``seat`` cannot see anew at random: the other hands (their lengths kept) and the next
    card of the stack; whatever the round's record says of them."""
    n = g.st[ST_N]
    pool = np.empty(g.tab.shape[1], np.int64)
    m = 0
    for q in range(n):
        if q != seat:
            for i in range(g.hand_len[q]):
                pool[m] = g.hands[q, i]
                m += 1
    if g.sx[SX_NEXT] >= 0:
        pool[m] = g.sx[SX_NEXT]
        m += 1
    shuffle_front(rng, pool, m, m - 1)
    p = 0
    for q in range(n):
        if q != seat:
            hl = g.hand_len[q]
            g.hand_len[q] = 0
            for i in range(hl):
                insert_card(g, q, pool[p + i])
            p += hl
    if g.sx[SX_NEXT] >= 0:
        g.sx[SX_NEXT] = pool[p]


@jit
def probe_search(tab, st0, policy, params, key, round_index, stop, scramble, out):
    """The search's decision at one point of round ``round_index``: ``out = [seat, decision]``.

    The round is played by ``policy`` up to the ``stop``-th decision (bids first, in bidding order, then the
    cards), which the seat to move makes by :func:`.search.rollout_bid` or :func:`.search.rollout_card`
    (a bid, or ``position * 16 + form``) from a stream of its own. With ``scramble`` > 0 the cards that seat
    cannot see are dealt anew first (:func:`scramble_hidden`, stream ``scramble``): a search that reads only
    what the seat knows decides the same. ``out[0]`` is -1 when the round ends first.
    """
    g = new_special_state(tab, st0, policy, params)
    events = np.zeros(N_EV, np.int64)
    n, r = st0[ST_N], st0[ST_R]
    trump_step(g, deal_special(g, key, round_index))
    own = np.zeros(1, np.uint64)
    out[0] = -1
    for i in range(n + n * r):
        seat = (i + 1) % n if i < n else (g.st[ST_LEADER] + g.st[ST_TRICK_LEN]) % n
        if i == stop:
            if scramble > 0:
                seed_round(own, key, scramble)
                scramble_hidden(g, seat, own)
            seed_round(g.rng, key, round_index + 1)
            out[0] = seat
            out[1] = (
                rollout_bid(g, seat, forbidden_bid(g, seat)) if i < n else rollout_card(g, seat, legal_mask(g, seat))
            )
            return
        if i < n:
            bid_turn(g, seat)
        else:
            play_turn(g, seat, events)
            if g.st[ST_TRICK_LEN] == n:
                close_trick(g, events)
