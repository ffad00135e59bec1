"""One decision of a policy in a given round state: the kernel behind :mod:`wizstats.engine.decide`.

The batch kernels (:mod:`.round`) play whole rounds; an outside engine (OpenSpiel, a user
interface) instead needs the policy's answer in the state it has reached. :func:`decide`
rebuilds that state in a fresh round state by replaying the round with the engine's own moves
(:func:`..rules.core.play_card`, :func:`..rules.core.finish_trick`), so voids, public cards, the trick log
and the bids visible to each seat are exactly what they are in a simulated round, then asks
the seat to move through the dispatchers of :mod:`..players.dispatch`. :func:`replay_view` replays
the same way and reports what the engine's rules make of the state (the legal cards, the
trick winners, the tricks), for cross-checks of other engines.

The round is given as arrays (card ids of the deck): ``hands[seat, k]`` the hands as dealt
(``hand_len[seat]`` cards each, 0 before the deal), ``turned`` (-1 none), ``trump`` (-1 no
trump, -2 a Wizard is turned and the dealer has not named it yet), ``bids[seat]`` (-1 not
made; ``n_bids`` bids made, in seat order 1..n-1, 0), ``plays`` the cards played so far in
play order (``n_plays`` of them; the leader of the first trick is seat 1). ``rng`` is the
state of the random stream the policy draws from (uint64[1], updated in place).
"""

from __future__ import annotations

import numpy as np

from ..jit import hotjit, jit
from ..players.dispatch import choose_bid, choose_card, choose_trump
from ..rules.core import (
    ST_BIDS_MADE,
    ST_LEADER,
    ST_N,
    ST_TRICK_LEN,
    ST_TRICK_NO,
    ST_TRUMP,
    ST_TURNED,
    finish_trick,
    forbidden_bid,
    legal_mask,
    new_state,
    play_card,
    reset_round,
)

D_TRUMP = 0  # the dealer names trump (a suit)
D_BID = 1  # a seat bids
D_CARD = 2  # a seat plays a card
D_NONE = 3  # the round is over


@hotjit
def replay(g, hands, hand_len, turned, trump, bids, n_bids, plays, n_plays):
    """Set up ``g`` as the round stands after the given deal, trump, bids and plays; returns the kind of decision due.

    Returns ``D_TRUMP``, ``D_BID``, ``D_CARD`` or ``D_NONE``, or ``-1 - i`` when play ``i`` is
    not in its player's hand (the caller reports it).
    """
    st = g.st
    n = st[ST_N]
    reset_round(g)
    for s in range(n):
        for k in range(hand_len[s]):
            g.hands[s, k] = hands[s, k]
        g.hand_len[s] = hand_len[s]
    st[ST_TURNED] = turned
    if turned >= 0 and trump != -2:  # as in .round.set_trump: public once trump is set, not while it is named
        g.gone[turned] = 1
    st[ST_TRUMP] = trump if trump >= 0 else -1
    seat = 1 % n
    for _ in range(n_bids):
        g.bids[seat] = bids[seat]
        st[ST_BIDS_MADE] += 1
        seat = seat + 1 if seat + 1 < n else 0
    for i in range(n_plays):
        seat = (st[ST_LEADER] + st[ST_TRICK_LEN]) % n
        pos = -1
        for k in range(g.hand_len[seat]):
            if g.hands[seat, k] == plays[i]:
                pos = k
        if pos < 0:
            return -1 - i
        play_card(g, seat, pos)
        if st[ST_TRICK_LEN] == n:
            finish_trick(g)
    if trump == -2:
        return D_TRUMP
    if st[ST_BIDS_MADE] < n:
        return D_BID
    if hand_len[0] > 0 and g.hand_len[(st[ST_LEADER] + st[ST_TRICK_LEN]) % n] > 0:
        return D_CARD
    return D_NONE


@hotjit
def next_bidder(n, n_bids):
    """The seat that makes bid number ``n_bids`` (seat order 1..n-1, 0)."""
    return (1 + n_bids) % n


@jit
def decide(tab, st0, policy, params, hands, hand_len, turned, trump, bids, n_bids, plays, n_plays, rng):
    """The decision due in the given state, as the policy of the seat to move makes it.

    Returns ``(kind, seat, value)``: ``kind`` one of ``D_TRUMP`` (value: the suit), ``D_BID``
    (the bid) or ``D_CARD`` (the card id); ``D_NONE`` when nothing is due, ``-1 - i`` when
    play ``i`` is not in its player's hand. ``rng`` advances by the draws the policy made.
    """
    g = new_state(tab, st0, policy, params)
    g.rng[0] = rng[0]
    kind = replay(g, hands, hand_len, turned, trump, bids, n_bids, plays, n_plays)
    n = st0[ST_N]
    seat, value = -1, -1
    if kind == D_TRUMP:
        seat = 0
        value = choose_trump(g, 0)
    elif kind == D_BID:
        seat = next_bidder(n, n_bids)
        value = choose_bid(g, seat, forbidden_bid(g, seat))
    elif kind == D_CARD:
        seat = (g.st[ST_LEADER] + g.st[ST_TRICK_LEN]) % n
        value = g.hands[seat, choose_card(g, seat, legal_mask(g, seat))]
    rng[0] = g.rng[0]
    return kind, seat, value


@jit
def replay_view(tab, st0, hands, hand_len, turned, trump, bids, n_bids, plays, n_plays, legal, winners, tricks):
    """What the engine's rules make of the state: fills ``legal`` (card ids, then -1), ``winners`` and ``tricks``.

    ``legal`` gets the cards the seat to play may play (only when a card is due), ``winners[t]``
    the seat that won trick ``t`` (for the tricks completed), ``tricks[seat]`` the tricks won.
    Returns ``(kind, seat)`` as :func:`decide` (``seat``: whose decision is due).
    """
    policy = np.zeros(8, np.int64)
    params = np.zeros((8, 8))
    g = new_state(tab, st0, policy, params)
    kind = replay(g, hands, hand_len, turned, trump, bids, n_bids, plays, n_plays)
    n = st0[ST_N]
    for i in range(legal.shape[0]):
        legal[i] = -1
    seat = -1
    if kind == D_TRUMP:
        seat = 0
    elif kind == D_BID:
        seat = next_bidder(n, n_bids)
    elif kind == D_CARD:
        seat = (g.st[ST_LEADER] + g.st[ST_TRICK_LEN]) % n
        mask = legal_mask(g, seat)
        m = 0
        for k in range(g.hand_len[seat]):
            if mask & (np.int64(1) << k):
                legal[m] = g.hands[seat, k]
                m += 1
    if kind >= 0:
        for t in range(g.st[ST_TRICK_NO]):
            winners[t] = g.log_win[t]
        for s in range(n):
            tricks[s] = g.tricks[s]
    return kind, seat
