"""One colour ("Einfarbig", RULES 9) at kernel speed: whole games of 12 rounds.

Each player owns a pile of 15 cards: the 13 cards of one suit, a Wizard and a Jester. Suits do
not matter, so a card is its *value*: Jester 0, ranks 1..13, Wizard 14 (the Wizard beats every
card, the Jester loses to every card; two cards of equal value: the first played wins, which
for two Wizards is the standard rule). Round ``k`` (0..11) deals ``4 + k`` cards to every player
from his own shuffled pile; there is no trump and no suit to follow, so any card may be played.
Seats are numbered from the round's dealer (RULES 2): player ``p`` sits at seat
``(p - dealer) mod n`` and the dealer of round ``k`` is player ``k mod n``.

Randomness: round ``k`` of game ``i`` draws from stream ``i * 12 + k`` (:func:`.core.seed_round`),
so a game does not depend on how games are cut into blocks or threads.

Players: policy id 0 plays at random; id :data:`~wizstats.layout.OC_EXPERT` plays the expert below; every
other id plays the heuristic (parameters scale, bias, lead_min, kill, duck, norm in columns 0-5):

- a card of value ``v`` holds against a player who holds ``hl`` of his ``U`` unplayed pile cards,
  ``h`` of them above ``v``, with the exact chance ``C(U - h, hl) / C(U, hl)``; when bidding every
  other player counts with weight ``kill``, in play only the later players (weight ``duck`` once
  they have made their bid);
- the bid is the sum of the hand's chances, rescaled (weight ``norm``) so that a random hand
  would be worth ``r / n``, times ``scale`` plus ``bias``, rounded;
- play as the standard heuristic: wanting tricks, the lowest card that wins now with chance
  >= ``lead_min``, else the best chance; not wanting, lead the lowest card, follow with the
  highest card that loses.

The expert plays the heuristic's cards and bids as the standard expert does (:mod:`..players.expert`):
the heuristic's estimate before ``scale`` and ``bias`` (:func:`oc_estimate`), times ``scale``, moved towards
its share of what the visible earlier bids leave over (weight in column ``OC_READ``,
:func:`..players.expert.leftover_share`); with column ``OC_PICK`` at 1 the bid with the best expected score for
the cards' chances scaled to that estimate and counted as independent trials, at 0 the estimate rounded. Its
``scale``, ``kill``, ``read``, ``pick``, ``lead_min`` and ``duck`` change with the round: the drivers take them
per round in ``rows[k]`` (:data:`ROW`: the columns they go to) and write them into an expert seat's row
when they deal round ``k`` (:func:`start_round`); the engine reads them from
``wizstats/data/one_colour_expert.npz`` (``tools/fit_one_colour_expert.py``).
"""

from __future__ import annotations

import numpy as np

from ...layout import OC_EXPERT, OC_PICK, OC_READ, P_RANDOM
from ..jit import jit, namedtuple, pjit
from ..players.expert import best_bid, leftover_share, scaled_trials
from ..rules.core import (
    allowed_bid,
    avoid_forbidden,
    below,
    block_span,
    forbidden_rest,
    n_allowed_bids,
    score,
    seed_round,
    shuffle_front,
)

PILE = 15  # cards in a player's pile: values 0 (Jester) .. 14 (Wizard)
ROUNDS = 12  # rounds of a game; round k deals FIRST_HAND + k cards
FIRST_HAND = 4
MAXP = 4

# scalar slots
O_N = 0  # players
O_R = 1  # hand size this round
O_PM1 = 2  # 1: plus/minus one restricts the dealer
O_SCORING = 3  # 0 standard, 1 alternative
O_LEADER = 4
O_TRICK_LEN = 5
O_TRICK_NO = 6
O_BIDS_MADE = 7
N_O = 8

# P_RANDOM is wizstats.layout's; the one-colour heuristic's own parameter columns:
H_SCALE, H_BIAS, H_LEAD_MIN, H_KILL, H_DUCK, H_NORM = 0, 1, 2, 3, 4, 5
ROW = np.array([H_SCALE, H_KILL, OC_READ, OC_PICK, H_LEAD_MIN, H_DUCK], np.int64)
"""The columns an expert seat's per-round settings ``rows[k, :]`` (scale, kill, read, pick, lead_min, duck) go to."""

OneColourState = namedtuple(
    "OneColourState",
    [
        "st",  # int64[N_O]
        "hands",  # int64[MAXP, PILE]: values, ascending
        "hand_len",  # int64[MAXP]
        "played",  # int64[MAXP, PILE]: 1 when the seat has played that value this round (public)
        "bids",  # int64[MAXP]
        "tricks",  # int64[MAXP]
        "trick_val",  # int64[MAXP]
        "trick_seat",  # int64[MAXP]
        "policy",  # int64[MAXP]: per seat (the driver permutes the players' rows)
        "params",  # float64[MAXP, 8]
        "rng",  # uint64[1]
        "pool",  # int64[PILE]
        "log_play",  # int64[PILE, MAXP]: per trick, the values in play order
        "log_lead",  # int64[PILE]
        "log_win",  # int64[PILE]
        "scratch",  # float64[2 PILE + 1]: the expert's card chances, then its trick distribution
    ],
)


@jit
def new_one_colour_state(st0, policy, params):
    """Allocate the state of one worker."""
    return OneColourState(
        st0.copy(),
        np.zeros((MAXP, PILE), np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros((MAXP, PILE), np.int64),
        np.full(MAXP, -1, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        policy.copy(),
        params.copy(),
        np.zeros(1, np.uint64),
        np.zeros(PILE, np.int64),
        np.zeros((PILE, MAXP), np.int64),
        np.zeros(PILE, np.int64),
        np.zeros(PILE, np.int64),
        np.zeros(2 * PILE + 1),
    )


@jit
def deal_one_colour(g):
    """Every seat (0..n-1 in turn) draws ``r`` cards from its own pile: a partial Fisher-Yates shuffle."""
    st = g.st
    n, r = st[O_N], st[O_R]
    for s in range(n):
        for v in range(PILE):
            g.pool[v] = v
            g.played[s, v] = 0
        shuffle_front(g.rng, g.pool, PILE, r)
        g.hand_len[s] = 0
        for v in range(PILE):  # ascending
            for i in range(r):
                if g.pool[i] == v:
                    g.hands[s, g.hand_len[s]] = v
                    g.hand_len[s] += 1
        g.bids[s] = -1
        g.tricks[s] = 0
    st[O_LEADER] = 1 % n
    st[O_TRICK_LEN] = 0
    st[O_TRICK_NO] = 0
    st[O_BIDS_MADE] = 0


@jit
def hold_chance(u, h, hl):
    """Chance that ``hl`` cards drawn from ``u`` miss all of ``h`` given ones: ``C(u - h, hl) / C(u, hl)``."""
    if hl <= 0 or h <= 0:
        return 1.0
    if u - h < hl:
        return 0.0
    p = 1.0
    for i in range(hl):
        p *= (u - h - i) / (u - i)
    return p


@jit
def value_chance(g, seat, v, bidding):
    """Chance that value ``v`` of ``seat`` holds against the players still to play (all others when bidding)."""
    st = g.st
    n = st[O_N]
    last = n if bidding else n - st[O_TRICK_LEN]
    p = 1.0
    for off in range(1, last):
        q = (seat + off) % n
        hl = g.hand_len[q]
        u, h = 0, 0
        for w in range(PILE):
            if g.played[q, w] == 0:
                u += 1
                if w > v:
                    h += 1
        if bidding:
            weight = g.params[seat, H_KILL]
        else:
            weight = 1.0 if g.bids[q] > g.tricks[q] else g.params[seat, H_DUCK]
        p *= hold_chance(u, h, hl) ** weight
    return p


@jit
def oc_estimate(g, seat):
    """The heuristic's expected tricks of ``seat`` before ``scale`` and ``bias``; each card's chance in ``g.scratch``."""
    f = g.scratch
    e = 0.0
    for i in range(g.hand_len[seat]):
        f[i] = value_chance(g, seat, g.hands[seat, i], True)
        e += f[i]
    norm = g.params[seat, H_NORM]
    if norm > 0.0:
        total = 0.0
        for v in range(PILE):
            total += value_chance(g, seat, v, True)
        if total > 0.0:
            e = (1.0 - norm) * e + norm * e * PILE / (g.st[O_N] * total)
    return e


@jit
def oc_expert_bid(g, seat, forbidden):
    """The expert's bid (module notes); never ``forbidden``."""
    st = g.st
    n, r = st[O_N], st[O_R]
    par = g.params[seat]
    e = min(max(oc_estimate(g, seat) * par[H_SCALE] + par[H_BIAS], 0.0), float(r))
    told, k = 0, 0
    for q in range(n):
        if q != seat and g.bids[q] >= 0:  # bids are open; those not made yet are -1
            told += g.bids[q]
            k += 1
    e = leftover_share(e, told, k, n, r, par[OC_READ])
    if par[OC_PICK] == 0.0:
        return avoid_forbidden(int(min(max(np.floor(e + 0.5), 0), r)), e, r, forbidden)
    scaled_trials(g.scratch, g.hand_len[seat], r, e)
    bid, _ = best_bid(g.scratch, r, r, st[O_SCORING], forbidden)
    return bid


@jit
def oc_bid(g, seat, forbidden):
    """The bid of ``seat``; never ``forbidden`` (-1: none)."""
    r = g.st[O_R]
    if g.policy[seat] == P_RANDOM:
        return allowed_bid(below(g.rng, n_allowed_bids(r, forbidden)), forbidden)
    if g.policy[seat] == OC_EXPERT:
        return oc_expert_bid(g, seat, forbidden)
    e = oc_estimate(g, seat) * g.params[seat, H_SCALE] + g.params[seat, H_BIAS]
    return avoid_forbidden(int(min(max(np.floor(e + 0.5), 0), r)), e, r, forbidden)


@jit
def oc_card(g, seat):
    """The hand position ``seat`` plays."""
    length = g.hand_len[seat]
    if g.policy[seat] == P_RANDOM:
        return below(g.rng, length)
    st = g.st
    k = st[O_TRICK_LEN]
    leading = k == 0
    best = -1
    for i in range(k):
        best = max(best, g.trick_val[i])
    need = g.bids[seat] - g.tricks[seat]
    if need <= 0:
        if leading:
            return 0
        pos = -1
        for i in range(length):  # ascending: the last that loses is the highest
            if g.hands[seat, i] <= best:
                pos = i
        if pos >= 0:
            return pos
        return length - 1 if k == st[O_N] - 1 else 0
    lead_min = g.params[seat, H_LEAD_MIN]
    pick, pick_chance = -1, -1.0
    for i in range(length):
        v = g.hands[seat, i]
        if v <= best:
            continue
        chance = value_chance(g, seat, v, False)
        if chance >= lead_min:
            return i  # ascending: the lowest card that will likely hold
        if chance > pick_chance:
            pick, pick_chance = i, chance
    if pick >= 0 and not leading:
        return pick
    return 0


@jit
def play_one_colour_round(g):
    """Bid (seats 1..n-1, then the dealer) and play the round dealt in ``g``."""
    st = g.st
    n, r = st[O_N], st[O_R]
    for j in range(n):
        seat = (j + 1) % n
        forbidden = -1
        if seat == 0:
            rest = r
            for s in range(1, n):
                rest -= g.bids[s]
            forbidden = forbidden_rest(st[O_PM1] == 1, rest)
        g.bids[seat] = oc_bid(g, seat, forbidden)
        st[O_BIDS_MADE] += 1
    for t in range(r):
        leader = st[O_LEADER]
        for k in range(n):
            seat = (leader + k) % n
            pos = oc_card(g, seat)
            v = g.hands[seat, pos]
            for i in range(pos, g.hand_len[seat] - 1):
                g.hands[seat, i] = g.hands[seat, i + 1]
            g.hand_len[seat] -= 1
            g.played[seat, v] = 1
            g.trick_val[k] = v
            g.trick_seat[k] = seat
            g.log_play[t, k] = v
            st[O_TRICK_LEN] = k + 1
        win = 0
        for k in range(1, n):  # highest value; a tie goes to the card played first
            if g.trick_val[k] > g.trick_val[win]:
                win = k
        winner = g.trick_seat[win]
        g.tricks[winner] += 1
        g.log_lead[t] = leader
        g.log_win[t] = winner
        st[O_LEADER] = winner
        st[O_TRICK_LEN] = 0
        st[O_TRICK_NO] = t + 1


@jit
def start_round(g, key, game, k, policy, params, rows):
    """Seed round ``k`` of ``game``, seat the players (dealer: player ``k mod n``; an expert with its settings
    of round ``k``, ``rows[k]``) and deal."""
    st = g.st
    n = st[O_N]
    dealer = k % n
    for s in range(n):
        p = (s + dealer) % n
        g.policy[s] = policy[p]
        for c in range(params.shape[1]):
            g.params[s, c] = params[p, c]
        if policy[p] == OC_EXPERT:
            for j in range(ROW.size):
                g.params[s, ROW[j]] = rows[k, j]
    st[O_R] = FIRST_HAND + k
    seed_round(g.rng, key, game * ROUNDS + k)
    deal_one_colour(g)
    return dealer


@pjit
def simulate_one_colour_games(st0, policy, params, rows, key, start, n_games, blocks, counts, totals, wins):
    """Play games ``start .. start + n_games - 1``; per block add ``counts[b, k, seat, bid, tricks]``,
    ``totals[b, 0|1, player]`` (sum and sum of squares of final totals) and ``wins[b, player]``
    (games the player won, alone or tied; ``wins[b, n]`` counts tied games)."""
    n = st0[O_N]
    n_blocks, block_first, block_stop = blocks  # this call's window of the blocks (BlockKernel)
    for b in range(block_first, block_stop):
        g = new_one_colour_state(st0, policy, params)
        total = np.zeros(MAXP, np.int64)
        lo, hi = block_span(start, n_games, n_blocks, b)
        for game in range(lo, hi):
            for p in range(n):
                total[p] = 0
            for k in range(ROUNDS):
                dealer = start_round(g, key, game, k, policy, params, rows)
                play_one_colour_round(g)
                r = g.st[O_R]
                for s in range(n):
                    counts[b, k, s, g.bids[s], g.tricks[s]] += 1
                    total[(s + dealer) % n] += score(g.bids[s], g.tricks[s], g.st[O_SCORING], r)
            best = total[0]
            for p in range(1, n):
                best = max(best, total[p])
            n_best = 0
            for p in range(n):
                totals[b, 0, p] += total[p]
                totals[b, 1, p] += total[p] * total[p]
                if total[p] == best:
                    wins[b, p] += 1
                    n_best += 1
            if n_best > 1:
                wins[b, n] += 1


@jit
def trace_one_colour_games(st0, policy, params, rows, key, start, hands, bids, plays, leaders, winners):
    """Play games ``start ..`` one per row, recording every round (small runs only).

    Shapes: ``hands[G, 12, n, 15]`` values as dealt (-1 after the hand), ``bids[G, 12, n]``,
    ``plays[G, 12, 15, n]`` values in play order (-1 after the round's last trick),
    ``leaders[G, 12, 15]`` and ``winners[G, 12, 15]`` (seats; -1 after the last trick).
    """
    n = st0[O_N]
    g = new_one_colour_state(st0, policy, params)
    for row in range(hands.shape[0]):
        for k in range(ROUNDS):
            start_round(g, key, start + row, k, policy, params, rows)
            r = g.st[O_R]
            for s in range(n):
                for i in range(r):
                    hands[row, k, s, i] = g.hands[s, i]
            play_one_colour_round(g)
            for s in range(n):
                bids[row, k, s] = g.bids[s]
            for t in range(r):
                leaders[row, k, t] = g.log_lead[t]
                winners[row, k, t] = g.log_win[t]
                for j in range(n):
                    plays[row, k, t, j] = g.log_play[t, j]
