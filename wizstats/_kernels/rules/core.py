"""Round state, random stream, deal, legal masks and trick winners: the rules at kernel speed.

Cards are ids into the deck's tables ``tab[KIND|SUIT|RANK, id]`` (see :mod:`wizstats.rules`).
A hand is a row of ``hands``: its card ids in ascending order, ``hand_len[seat]`` of them. A
legal mask is an int64 with bit ``i`` set when hand position ``i`` may be played. Every
function here mirrors one in :mod:`wizstats.reference`, which the tests hold it to.

This is the one home of each rule on this representation: the legal plays
(:func:`legal_mask`), the trick winner (:func:`beats_card`, :func:`beats`), the dealer's
forbidden bid and the bids around it (:func:`forbidden_rest`, :func:`forbidden_bid`,
:func:`n_allowed_bids`, :func:`allowed_bid`, :func:`avoid_forbidden`); the special-card engine
(:mod:`..special`) and the one-colour variant reuse them. On 64-bit card sets the same rules
live in :mod:`.bitboard`.
"""

from __future__ import annotations

import numpy as np

from ...layout import MAXP, N_PARAMS  # noqa: F401 - N_PARAMS re-exported: the round state's params shape
from ..jit import hotjit, jit, namedtuple

# rows of the card table
KIND, SUIT, RANK = 0, 1, 2
K_SUIT, K_WIZARD, K_JESTER = 0, 1, 2

# scalar slots of the state vector st
ST_N = 0  # players
ST_R = 1  # hand size
ST_NSUITS = 2
ST_DECK = 3  # deck size
ST_PM1 = 4  # 1 if plus/minus one restricts the dealer in this round
ST_BIDVIS = 5  # 0 open, 1 hidden, 2 after-round
ST_BLIND = 6  # 1 if the dealer names trump before looking at his hand
ST_SCORING = 7  # 0 standard, 1 alternative
ST_TRUMP = 8  # trump suit, -1 none
ST_TURNED = 9  # turned card id, -1 none
ST_LEADER = 10  # seat that leads the current trick
ST_TRICK_NO = 11
ST_TRICK_LEN = 12  # cards in the current trick
ST_LED = 13  # led suit: -1 not yet (no card or only Jesters), -2 free (Wizard led), else the suit
ST_BEST = 14  # position in the trick of the card winning so far
ST_BIDS_MADE = 15  # bids made so far this round
ST_CLAIRVOYANT = 16  # reserved: 1 when each player sees the others' cards, not his own (RULES 4)
ST_SPECIAL = 17  # reserved: bit flags of the anniversary special cards in play (RULES 8)
ST_MODE = 18  # reserved: 0 standard play; other game modes (one colour, RULES 9)
# slots 19..23 are free for later variants; append new slots here, never renumber
N_ST = 24

LED_NONE = -1
LED_FREE = -2

# MAXP (most seats) and N_PARAMS (policy parameters per seat) come from wizstats.layout
N_SCRATCH = 512  # length of the int scratch arrays of a round state (the heuristic's view and caches)
N_SCRATCH_F = 13824  # length of its float scratch (the heuristic's scratch, caches and memos)

RoundState = namedtuple(
    "RoundState",
    [
        "tab",  # int64[3, deck]: kind, suit, rank of every card id
        "st",  # int64[N_ST]: the scalars above
        "hands",  # int64[MAXP, deck]: card ids, ascending, hand_len[seat] of them
        "hand_len",  # int64[MAXP]
        "bids",  # int64[MAXP]: -1 until made
        "tricks",  # int64[MAXP]
        "trick_card",  # int64[MAXP]: the current trick, in play order
        "trick_seat",  # int64[MAXP]
        "gone",  # int64[deck]: 1 for cards everyone has seen (played, or the turned card)
        "void",  # int64[MAXP, 4]: 1 once a seat has shown it holds no card of a suit
        "log_card",  # int64[deck, MAXP]: per trick, the card ids in play order
        "log_lead",  # int64[deck]: per trick, the leading seat
        "log_win",  # int64[deck]: per trick, the winning seat
        "policy",  # int64[MAXP]: policy id per seat
        "params",  # float64[MAXP, N_PARAMS]
        "rng",  # uint64[1]: the state of the round's random stream
        "pool",  # int64[deck]: scratch for the deal
        "owner",  # int64[deck]: scratch for the deal
        "scratch_u",  # uint64[N_SCRATCH]: scratch for policies (the heuristic's view, see .heuristic)
        "scratch_i",  # int64[N_SCRATCH]
        "scratch_f",  # float64[N_SCRATCH_F]
    ],
)


@jit
def new_state(tab, st_template, policy, params):
    """Allocate a round state for one worker (reused for every round it plays)."""
    deck = tab.shape[1]
    return RoundState(
        tab,
        st_template.copy(),
        np.zeros((MAXP, deck), np.int64),
        np.zeros(MAXP, np.int64),
        np.full(MAXP, -1, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(deck, np.int64),
        np.zeros((MAXP, 4), np.int64),
        np.zeros((deck, MAXP), np.int64),
        np.zeros(deck, np.int64),
        np.zeros(deck, np.int64),
        policy.copy(),
        params.copy(),
        np.zeros(1, np.uint64),
        np.zeros(deck, np.int64),
        np.zeros(deck, np.int64),
        np.zeros(N_SCRATCH, np.uint64),
        np.zeros(N_SCRATCH, np.int64),
        np.zeros(N_SCRATCH_F, np.float64),
    )


# ---------------------------------------------------------------- random stream (SplitMix64)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
"""2**64 over the golden ratio: the stream's step, and the multiplier of Fibonacci hashing (the players' memos)."""
_STREAM = np.uint64(0xD1B54A32D192ED03)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


@hotjit
def mix64(z):
    """The SplitMix64 finaliser (as :func:`wizstats.reference.mix64`)."""
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@hotjit
def seed_round(rng, key, round_index):
    """Start the stream of round ``round_index`` (independent of chunking and threads)."""
    rng[0] = mix64(np.uint64(key) + np.uint64(round_index) * _STREAM)


@hotjit
def next_u64(rng):
    """The next 64-bit output of the stream."""
    rng[0] = rng[0] + GOLDEN
    return mix64(rng[0])


@hotjit
def below(rng, n):
    """A whole number in ``0 .. n-1`` (multiply-shift on the high 32 bits)."""
    return np.int64(((next_u64(rng) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@hotjit
def uniform(rng):
    """A float in [0, 1) with 53 random bits."""
    return np.float64(next_u64(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@hotjit
def shuffle_front(rng, pool, m, k):
    """Draw ``k`` of the ``m`` entries of ``pool`` into ``pool[:k]`` (the first steps of a Fisher-Yates shuffle)."""
    for i in range(k):
        j = i + below(rng, m - i)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t


@hotjit
def block_span(start, count, n_blocks, b):
    """The items ``lo .. hi - 1`` of block ``b`` when ``start .. start + count - 1`` are cut into ``n_blocks`` blocks.

    Each item (a round, a game) draws from its own stream, so a batch kernel's result does not
    depend on the cut; this is the one place that makes it.
    """
    per = (count + n_blocks - 1) // n_blocks
    lo = start + b * per
    return lo, min(start + count, lo + per)


# ---------------------------------------------------------------- small helpers
_B1 = np.uint64(0x5555555555555555)  # SWAR masks: every other bit, every other pair, every other nibble
_B2 = np.uint64(0x3333333333333333)
_B4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_B8 = np.uint64(0x0101010101010101)  # sums the bytes into the top byte


@hotjit
def bitcount(x):
    """Set bits of a ``uint64`` (SWAR: a handful of instructions, no loop)."""
    x = x - ((x >> np.uint64(1)) & _B1)
    x = (x & _B2) + ((x >> np.uint64(2)) & _B2)
    x = (x + (x >> np.uint64(4))) & _B4
    return np.int64((x * _B8) >> np.uint64(56))


@hotjit
def popcount(x):
    """Number of set bits of a non-negative int64: :func:`bitcount` of its 64 bits."""
    return bitcount(np.uint64(x))


@hotjit
def nth_bit(mask, k):
    """Position of the ``k``-th (0-based) set bit of ``mask`` (``k`` below ``popcount(mask)``)."""
    for _ in range(k):
        mask &= mask - 1  # clear the lowest set bit
    return popcount((mask & -mask) - 1)  # the bits below the lowest set bit


@hotjit
def score(bid, tricks, scoring, hand_size):
    """Points for one player (as :func:`wizstats.rules.score_round`)."""
    miss = abs(tricks - bid)
    if scoring == 1:
        if miss == 0:
            return 10 * hand_size + 10 * bid
        return 10 * min(bid, tricks) - 5 * miss * (miss + 1)
    if miss == 0:
        return 20 + 10 * tricks
    return -10 * miss


# ---------------------------------------------------------------- deal and trump
@hotjit
def deal(g, fixed_seat, fixed_hand, fixed_turned):
    """Deal ``r`` cards to every seat and turn the next card, drawing from ``g.rng``.

    A partial Fisher-Yates shuffle of the cards that are not fixed (ascending ids) draws, in
    this order, the hands of seats 0..n-1 (skipping ``fixed_seat``, whose hand is
    ``fixed_hand``) and then the turned card (unless ``fixed_turned >= 0``). Hands come out in
    ascending id order. Without fixed cards this is exactly :func:`wizstats.reference.standard.deal_round`.
    Afterwards ``g.owner[c]`` is the seat holding card ``c``, -1 if nobody (the turned card
    included) and -2 for a fixed turned card.
    """
    tab, st, rng, pool, owner = g.tab, g.st, g.rng, g.pool, g.owner
    n, r, deck = st[ST_N], st[ST_R], tab.shape[1]
    if fixed_seat < 0 and fixed_turned < 0:
        for c in range(deck):
            pool[c] = c
            owner[c] = -1
        m = deck
    else:
        for c in range(deck):
            owner[c] = -1
        if fixed_seat >= 0:
            for k in range(r):
                owner[fixed_hand[k]] = -2
        if fixed_turned >= 0:
            owner[fixed_turned] = -2
        m = 0
        for c in range(deck):
            if owner[c] == -1:
                pool[m] = c
                m += 1
    has_turned = n * r < deck
    need = (n - (1 if fixed_seat >= 0 else 0)) * r
    if has_turned and fixed_turned < 0:
        need += 1
    shuffle_front(rng, pool, m, need)
    p = 0
    for seat in range(n):
        if seat == fixed_seat:
            continue
        for _ in range(r):
            owner[pool[p]] = seat
            p += 1
    turned = -1
    if has_turned:
        turned = fixed_turned if fixed_turned >= 0 else pool[p]
    if fixed_seat >= 0:
        for k in range(r):
            owner[fixed_hand[k]] = fixed_seat
    if deck <= 64:
        sort_hands_bits(g, fixed_seat, fixed_hand)
    else:
        sort_hands_scan(g)
    st[ST_TURNED] = turned
    return turned


@hotjit
def sort_hands_bits(g, fixed_seat, fixed_hand):
    """Write the dealt hands in ascending order by way of one 64-bit set per seat (decks <= 64 cards)."""
    n, r = g.st[ST_N], g.st[ST_R]
    p = 0
    for seat in range(n):
        bits = np.int64(0)
        if seat == fixed_seat:
            for k in range(r):
                bits |= np.int64(1) << fixed_hand[k]
        else:
            for k in range(r):
                bits |= np.int64(1) << g.pool[p + k]
            p += r
        for k in range(r):
            low = bits & -bits
            g.hands[seat, k] = popcount(low - 1)
            bits ^= low
        g.hand_len[seat] = r


@hotjit
def sort_hands_scan(g):
    """Write the dealt hands in ascending order by one pass over ``g.owner`` (any deck size)."""
    for seat in range(g.st[ST_N]):
        g.hand_len[seat] = 0
    for c in range(g.tab.shape[1]):
        o = g.owner[c]
        if o >= 0:
            g.hands[o, g.hand_len[o]] = c
            g.hand_len[o] += 1


@hotjit
def reset_round(g):
    """Clear the per-round parts of the state (not the deal)."""
    st = g.st
    n = st[ST_N]
    for s in range(n):
        g.bids[s] = -1
        g.tricks[s] = 0
        for u in range(4):
            g.void[s, u] = 0
    for c in range(g.tab.shape[1]):
        g.gone[c] = 0
    st[ST_TRUMP] = -1
    st[ST_TURNED] = -1
    st[ST_LEADER] = 1 % n
    st[ST_TRICK_NO] = 0
    st[ST_TRICK_LEN] = 0
    st[ST_LED] = LED_NONE
    st[ST_BEST] = 0
    st[ST_BIDS_MADE] = 0


@hotjit
def deal_round(g, key, round_index, fixed_seat, fixed_hand, fixed_turned):
    """Start round ``round_index``: its own stream (:func:`seed_round`), a cleared state, the deal (:func:`deal`).

    Returns the turned card id (-1 when none), as :func:`deal` does.
    """
    seed_round(g.rng, key, round_index)
    reset_round(g)
    return deal(g, fixed_seat, fixed_hand, fixed_turned)


# ---------------------------------------------------------------- legal plays and trick winner
@hotjit
def legal_mask(g, seat):
    """Bit ``i`` set when hand position ``i`` of ``seat`` may be played on the current trick.

    The one legal-play rule of the general state (RULES 5): a card of the led suit
    (``st[ST_LED]``) must be followed when held; every card that is not a suit card may always
    be played. ``g`` is any state with ``tab``, ``st``, ``hands`` and ``hand_len``: the round
    state here and the special-card state of :mod:`..special.core`, where every special card
    counts as a card of no suit (the special engine adds only how ``ST_LED`` is set:
    :func:`..special.core.led_of`). The bitboard form is :func:`.bitboard.legal_set`.
    """
    tab = g.tab
    led = g.st[ST_LED]
    length = g.hand_len[seat]
    full = (np.int64(1) << length) - 1
    if led < 0:
        return full
    follow = np.int64(0)
    free = np.int64(0)
    for i in range(length):  # without branches: the cards are random, branches would mispredict
        c = g.hands[seat, i]
        suit_card = tab[KIND, c] == K_SUIT
        follow |= np.int64(suit_card and tab[SUIT, c] == led) << i
        free |= np.int64(not suit_card) << i
    if follow == 0:
        return full
    return follow | free


@hotjit
def beats_card(kind, suit, value, best_kind, best_suit, best_value, trump):
    """Whether a card played later takes the trick from ``best``, the card winning so far (RULES 5).

    The one trick-winner rule of the general state, on a card's kind (``K_SUIT``,
    ``K_WIZARD``, ``K_JESTER``), suit and value: the first Wizard wins; a Jester never takes
    over; the first suit card takes over from Jesters; then a higher card of the same suit or
    a trump on a non-trump. Applied card by card from the first card, it leaves the first
    Wizard, else the highest trump, else the highest card of the led suit, else the first
    Jester (a tie of values keeps the earlier card). :func:`beats` reads the three from the
    deck's table; the special-card engine passes the effective cards of its trick (a Juggler
    as a suit card of value 30, a Shapeshifter as a Wizard or Jester, ...) and adds only
    Dragon, Fairy, Bomb and Witch (:func:`..special.core.trick_outcome`). The bitboard form
    is :func:`.bitboard.trick_key`.
    """
    if best_kind == K_WIZARD:
        return False
    if kind == K_WIZARD:
        return True
    if kind == K_JESTER:
        return False
    if best_kind == K_JESTER:
        return True  # only Jesters so far: the first suit card takes over
    if suit == best_suit:
        return value > best_value
    return suit == trump


@hotjit
def beats(tab, card, best, trump):
    """Whether ``card``, played later, takes the trick from ``best``, the card winning so far.

    :func:`beats_card` on card ids of the deck's table ``tab`` (used by :func:`play_card`,
    the baseline player and the clairvoyant bids).
    """
    return beats_card(
        tab[KIND, card], tab[SUIT, card], tab[RANK, card], tab[KIND, best], tab[SUIT, best], tab[RANK, best], trump
    )


@hotjit
def winning_card(g):
    """The card id winning the current trick so far (the trick must hold a card)."""
    return g.trick_card[g.st[ST_BEST]]


@hotjit
def led_after(led, kind, suit):
    """The suit to follow once a card of ``kind`` and ``suit`` is played on a trick led ``led`` (RULES 5): the first
    suit card names it, unless a Wizard came first (``LED_FREE``); Jesters leave it ``LED_NONE``."""
    if led == LED_NONE:
        if kind == K_WIZARD:
            return LED_FREE
        if kind == K_SUIT:
            return suit
    return led


@hotjit
def play_card(g, seat, pos):
    """``seat`` plays hand position ``pos`` on the current trick; returns the card id."""
    tab, st = g.tab, g.st
    card = g.hands[seat, pos]
    length = g.hand_len[seat]
    for i in range(pos, length - 1):
        g.hands[seat, i] = g.hands[seat, i + 1]
    g.hand_len[seat] = length - 1
    k = st[ST_TRICK_LEN]
    led = st[ST_LED]
    if led >= 0 and tab[KIND, card] == K_SUIT and tab[SUIT, card] != led:
        g.void[seat, led] = 1
    g.trick_card[k] = card
    g.trick_seat[k] = seat
    g.log_card[st[ST_TRICK_NO], k] = card
    if k == 0:
        st[ST_BEST] = 0
    elif beats(tab, card, g.trick_card[st[ST_BEST]], st[ST_TRUMP]):
        st[ST_BEST] = k
    st[ST_LED] = led_after(led, tab[KIND, card], tab[SUIT, card])
    g.gone[card] = 1
    st[ST_TRICK_LEN] = k + 1
    return card


@hotjit
def finish_trick(g):
    """Close the full trick: credit the winner, log it, and let him lead the next; returns his seat."""
    st = g.st
    winner = g.trick_seat[st[ST_BEST]]
    t = st[ST_TRICK_NO]
    g.log_lead[t] = st[ST_LEADER]
    g.log_win[t] = winner
    g.tricks[winner] += 1
    next_trick(st, t, winner)
    return winner


@hotjit
def next_trick(st, t, leader):
    """After trick ``t``: ``leader`` leads trick ``t + 1`` on an empty table (no card, no suit led, no best card)."""
    st[ST_TRICK_NO] = t + 1
    st[ST_TRICK_LEN] = 0
    st[ST_LED] = LED_NONE
    st[ST_BEST] = 0
    st[ST_LEADER] = leader


# ---------------------------------------------------------------- plus/minus one
@hotjit
def forbidden_rest(pm1, rest):
    """The bid the dealer may not make, given ``rest = r - S`` (``S`` the earlier bids), or -1.

    RULES 4, as :func:`wizstats.rules.forbidden_bid`: ``r - S`` when plus/minus one applies
    (``pm1``) and ``S <= r``. Used by :func:`forbidden_bid` (the round state), the bitboard
    random kernel (which keeps ``rest`` as it goes) and the one-colour round.
    """
    return rest if pm1 and rest >= 0 else -1


@hotjit
def forbidden_bid(g, seat):
    """The bid ``seat`` may not make (plus/minus one binds the dealer, seat 0), or -1."""
    st = g.st
    if seat != 0 or st[ST_PM1] == 0:
        return -1
    rest = st[ST_R]
    for s in range(1, st[ST_N]):
        rest -= g.bids[s]
    return forbidden_rest(True, rest)


@hotjit
def n_allowed_bids(r, forbidden):
    """How many of the bids ``0 .. r`` are allowed when ``forbidden`` (-1: none) is not."""
    return r + 1 - (1 if 0 <= forbidden <= r else 0)


@hotjit
def allowed_bid(k, forbidden):
    """The ``k``-th (0-based) allowed bid in ascending order, skipping ``forbidden`` (-1: none).

    With :func:`n_allowed_bids`, the one way a uniformly random bid is drawn
    (``allowed_bid(below(rng, n_allowed_bids(r, forbidden)), forbidden)``): the random
    player of every engine and the bitboard random kernel.
    """
    return k + 1 if 0 <= forbidden <= k else k


@hotjit
def avoid_forbidden(bid, wanted, r, forbidden):
    """``bid`` (``wanted`` rounded into ``0 .. r``), moved one step when it is ``forbidden``.

    The step goes towards the unrounded ``wanted`` (up when ``wanted >= bid``), unless that
    leaves ``0 .. r``: up from 0, down from ``r``. The one rounding rule of every player that
    bids a rounded estimate (heuristic, baseline, the special-card and one-colour heuristics).
    """
    if bid == forbidden:
        if (wanted >= bid and bid < r) or bid == 0:
            return bid + 1
        return bid - 1
    return bid


@hotjit
def visible_bid(g, viewer, seat):
    """The bid of ``seat`` as ``viewer`` sees it now (-1 when not made or not revealed)."""
    if viewer == seat:
        return g.bids[seat]
    vis = g.st[ST_BIDVIS]
    if vis == 2:
        return -1
    if vis == 1 and g.st[ST_BIDS_MADE] < g.st[ST_N]:
        return -1
    return g.bids[seat]
