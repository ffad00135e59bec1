"""The heuristic's card play on bitboards, and rollouts that play a round out with it.

A *view* is two small arrays: ``w`` (uint64 card masks: hands, public cards, voids, the deck's
suits) and ``v`` (int64 scalars: the round's slots, bids, tricks, hand lengths, the current
trick). Card ids follow the deck tables (suit cards first, ``suit * ranks + rank - 1``, then
Wizards, then Jesters), so a card's suit and rank are arithmetic and the unseen cards of a
suit are one mask operation. Passing a view costs a few reference counts, where a
:class:`~.core.RoundState` costs dozens; that is what makes thousands of rollouts per decision
affordable.

:func:`hx_decide` is the heuristic's choice of card, used by :func:`.heuristic.heuristic_card`
(on a view of what the seat knows, kept in the round state: :func:`load_own_view`) and by :func:`hx_run` (rollouts, on a
view holding every hand), so real play and rollouts are the same player. :func:`hx_run`
updates the view exactly as :func:`.core.play_card` and :func:`.core.finish_trick` update a
round state (the tests replay whole rounds both ways). The legal cards and the trick winner
on the view's card sets are those of :mod:`..rules.bitboard` (:func:`legal_cards`,
:func:`bb_key`), which the bitboard random kernel shares.
"""

from __future__ import annotations

import numpy as np

from ...layout import H_DUCK, H_LEAD_MIN, H_RUFF, MAXP
from ..jit import hotjit
from ..rules.bitboard import card_key, legal_set, trick_key
from ..rules.core import (
    GOLDEN,
    K_JESTER,
    K_SUIT,
    K_WIZARD,
    KIND,
    LED_NONE,
    N_SCRATCH,
    N_SCRATCH_F,
    RANK,
    ST_BEST,
    ST_BIDS_MADE,
    ST_BIDVIS,
    ST_LEADER,
    ST_LED,
    ST_N,
    ST_NSUITS,
    ST_R,
    ST_SCORING,
    ST_TRICK_LEN,
    ST_TRICK_NO,
    ST_TRUMP,
    SUIT,
    bitcount,
    led_after,
)

# the heuristic's parameters (columns H_SCALE .. H_TABLE of a seat's params) are wizstats.layout's;
# the defaults are heuristic.DEFAULTS

# slots of w (uint64)
W_HAND = 0  # + seat
W_VOID = MAXP  # + seat: bit u set once the seat has shown it lacks suit u
W_GONE = 2 * MAXP  # public cards
W_SUIT = 2 * MAXP + 1  # + suit: the cards of the suit
W_WIZ = 2 * MAXP + 5
W_ALL = 2 * MAXP + 6  # every card of the deck
W_PLAIN = 2 * MAXP + 7  # every suit card
N_W = 2 * MAXP + 8

# slots of v (int64)
V_N = 0
V_R = 1
V_NSUITS = 2
V_NR = 3  # ranks per suit
V_NSUIT = 4  # suit cards in the deck
V_NWIZ = 5
V_TRUMP = 6
V_LEADER = 7
V_TRICK_NO = 8
V_TRICK_LEN = 9
V_LED = 10
V_BEST = 11
V_SCORING = 12
V_DECK = 13  # 1 once the deck's slots hold the deck (load_own_view)
V_BIDS = 16  # + seat; -1 where the viewer cannot see the bid
V_TRICKS = V_BIDS + MAXP  # + seat
V_HLEN = V_TRICKS + MAXP  # + seat
V_TCARD = V_HLEN + MAXP  # + position in the trick
V_TSEAT = V_TCARD + MAXP  # + position in the trick
N_V = V_TSEAT + MAXP

# slots of the float scratch f used by hx_decide
F_LOG = 0  # + later player: log of the chance to hold none of one given unseen card
F_WEIGHT = MAXP  # + later player
F_ALL = 2 * MAXP  # + later player: 1.0 if he holds every unseen card
F_VOID = 3 * MAXP  # + 4 * later player + suit: cached chance he is void in the suit (-1: not yet)
N_F = 7 * MAXP
assert max(N_W, N_V, N_F) <= N_SCRATCH  # a view and hx_decide's scratch fit a round state's scratch arrays

_ONE = np.uint64(1)
_ZERO = np.uint64(0)


@hotjit
def memo_slot(key, bits):
    """Fibonacci hashing: the top ``bits`` bits of ``key * GOLDEN``, the slot of ``key`` in a direct-mapped memo."""
    return np.int64((np.uint64(key) * GOLDEN) >> np.uint64(64 - bits))


@hotjit
def lowest(x):
    """Index of the lowest set bit of a non-zero ``uint64``."""
    return bitcount((x & (~x + _ONE)) - _ONE)


@hotjit
def bit(c):
    """The mask of card ``c``."""
    return _ONE << np.uint64(c)


@hotjit
def unseen_of(w, seat):
    """The cards ``seat`` has not seen: the deck less the public cards and his own hand."""
    return w[W_ALL] & ~w[W_GONE] & ~w[W_HAND + seat]


@hotjit
def unseen_counts(w, seat):
    """``(unseen_m, unseen, wiz)``: the cards ``seat`` has not seen (:func:`unseen_of`), how many, how many Wizards."""
    unseen_m = unseen_of(w, seat)
    return unseen_m, bitcount(unseen_m), bitcount(unseen_m & w[W_WIZ])


@hotjit
def suit_of(c, nr):
    """The suit of suit card ``c``: ``c // nr`` without a division (a deck has at most four suits)."""
    return np.int64(c >= nr) + np.int64(c >= 2 * nr) + np.int64(c >= 3 * nr)


@hotjit
def kind_of(c, n_suit, n_wiz):
    """Card kind from the id: suit cards, then Wizards, then Jesters."""
    if c < n_suit:
        return K_SUIT
    return K_WIZARD if c < n_suit + n_wiz else K_JESTER


@hotjit
def bb_key(c, nr, n_suit, n_wiz):
    """:func:`..rules.bitboard.card_key` of card ``c`` from its id alone."""
    return card_key(kind_of(c, n_suit, n_wiz), c - suit_of(c, nr) * nr + 1)


@hotjit
def trick_masks(w, v):
    """``(trumps, led)``: the trump suit's cards and the led suit's (each empty when there is none)."""
    trump, led = v[V_TRUMP], v[V_LED]
    return (w[W_SUIT + trump] if trump >= 0 else _ZERO), (w[W_SUIT + led] if led >= 0 else _ZERO)


@hotjit
def danger(c, trump, nr, n_suit, n_wiz):
    """How likely a card is to take a trick, for ordering: Jester < low cards < trumps < Wizard."""
    kind = kind_of(c, n_suit, n_wiz)
    if kind == K_WIZARD:
        return 100
    if kind == K_JESTER:
        return -1
    s = suit_of(c, nr)
    rank = c - s * nr + 1
    return 50 + rank if s == trump else rank


@hotjit
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


@hotjit
def load_deck(tab, w, v):
    """Fill the deck's slots of ``w``, ``v`` (the masks of every card, each suit, the Wizards, the suit cards)."""
    deck = tab.shape[1]
    w[W_ALL], w[W_WIZ], w[W_PLAIN] = _ZERO, _ZERO, _ZERO
    for u in range(4):
        w[W_SUIT + u] = _ZERO
    n_suit, n_wiz, nr = 0, 0, 1
    for c in range(deck):
        b = bit(c)
        w[W_ALL] |= b
        kind = tab[KIND, c]
        if kind == K_SUIT:
            n_suit += 1
            nr = max(nr, tab[RANK, c])
            w[W_SUIT + tab[SUIT, c]] |= b
            w[W_PLAIN] |= b
        elif kind == K_WIZARD:
            n_wiz += 1
            w[W_WIZ] |= b
    v[V_NR], v[V_NSUIT], v[V_NWIZ] = nr, n_suit, n_wiz


@hotjit
def view_deck(v):
    """The view's deck as :func:`load_deck` wrote it: ``(nr, n_suit, n_wiz)``, ranks per suit, suit cards, Wizards."""
    return v[V_NR], v[V_NSUIT], v[V_NWIZ]


@hotjit(inline="always")
def load_round(g, seat, w, v, every_hand):
    """Fill the round's slots of ``w``, ``v`` (all but the deck's) as ``seat`` sees it.

    Without branches on the cards (a branch per card mispredicts, the cards being random).
    """
    st = g.st
    n = st[ST_N]
    gone = _ZERO
    for c in range(g.tab.shape[1]):
        gone |= np.uint64(g.gone[c] == 1) << np.uint64(c)
    w[W_GONE] = gone
    v[V_N], v[V_R], v[V_NSUITS], v[V_TRUMP] = n, st[ST_R], st[ST_NSUITS], st[ST_TRUMP]
    v[V_LEADER], v[V_TRICK_NO], v[V_TRICK_LEN] = st[ST_LEADER], st[ST_TRICK_NO], st[ST_TRICK_LEN]
    v[V_LED], v[V_BEST], v[V_SCORING] = st[ST_LED], st[ST_BEST], st[ST_SCORING]
    vis = st[ST_BIDVIS]
    revealed = vis == 0 or (vis == 1 and st[ST_BIDS_MADE] >= n)
    for s in range(n):
        hand = _ZERO
        if every_hand or s == seat:
            for i in range(g.hand_len[s]):
                hand |= bit(g.hands[s, i])
        w[W_HAND + s] = hand
        void = _ZERO
        for u in range(4):
            void |= np.uint64(g.void[s, u] == 1) << np.uint64(u)
        w[W_VOID + s] = void
        v[V_BIDS + s] = g.bids[s] if (every_hand or s == seat or revealed) else -1
        v[V_TRICKS + s] = g.tricks[s]
        v[V_HLEN + s] = g.hand_len[s]
        v[V_TCARD + s] = g.trick_card[s]
        v[V_TSEAT + s] = g.trick_seat[s]


@hotjit
def load_view(g, seat, w, v, every_hand):
    """Fill ``w``, ``v`` from a round state as ``seat`` sees it (``every_hand``: all hands and bids)."""
    for i in range(N_W):
        w[i] = _ZERO
    load_deck(g.tab, w, v)
    load_round(g, seat, w, v, every_hand)


@hotjit(inline="always")
def load_own_view(g, seat):
    """:func:`load_view` of what ``seat`` sees into the round state's scratch (``g.scratch_u``, ``g.scratch_i``).

    The deck's slots depend only on ``g.tab``, which a state keeps for life: they are filled
    on the first call (``V_DECK`` marks them) and only the round's slots on later ones.
    """
    w, v = g.scratch_u, g.scratch_i
    if v[V_DECK] != 1:
        for i in range(N_W):
            w[i] = _ZERO
        load_deck(g.tab, w, v)
        v[V_DECK] = 1
    load_round(g, seat, w, v, False)


@hotjit
def copy_view(w, v, w_src, v_src):
    """``w, v = w_src, v_src`` (element by element: slices cost compile time)."""
    for i in range(N_W):
        w[i] = w_src[i]
    for i in range(N_V):
        v[i] = v_src[i]


# Memos of hx_decide in a round state's float scratch (``keep``): the log of a later player's
# chance to hold none of one unseen card depends on two counts, his chance to be void in the
# led suit on three and ``ruff``; they recur from decision to decision. Direct-mapped, keyed
# by the counts + 1 (0: empty). (The heuristic's bidding memo lies below L_AT: .heuristic.)
L_AT = 8704  # + 2 * entry: key, log
L_ENTRIES = 1024
P_AT = L_AT + 2 * L_ENTRIES  # + 3 * entry: key, ruff, void chance
P_BITS = 10
assert P_AT + 3 * (1 << P_BITS) <= N_SCRATCH_F


@hotjit
def kept_log_none(f, hl, unseen):
    """``log(1 - hl / unseen)``, looked up in or added to the memo in ``f``."""
    key = hl * 64 + unseen + 1
    if hl >= 64 or unseen >= 64:
        return np.log(1.0 - hl / unseen)
    i = L_AT + 2 * (key & (L_ENTRIES - 1))
    if f[i] == key:
        return f[i + 1]
    x = np.log(1.0 - hl / unseen)
    f[i], f[i + 1] = key, x
    return x


@hotjit
def kept_void_chance(f, hl, unseen, u_led, log_none, ruff):
    """``min(1, ruff * exp(u_led * log_none))`` (``log_none`` from :func:`kept_log_none`), memoised in ``f``."""
    if hl >= 64 or unseen >= 64 or u_led >= 64:
        return min(1.0, ruff * np.exp(u_led * log_none))
    key = (hl * 64 + unseen) * 64 + u_led + 1
    i = P_AT + 3 * memo_slot(key, P_BITS)
    if f[i] == key and f[i + 1] == ruff:
        return f[i + 2]
    x = min(1.0, ruff * np.exp(u_led * log_none))
    f[i], f[i + 1], f[i + 2] = key, ruff, x
    return x


@hotjit(inline="always")
def threat_weights(w, v, f, seat, unseen, duck, keep):
    """Fill ``f``'s slots of the later players (as :func:`hx_decide` uses them); returns how many play after ``seat``.

    Per later player ``j``: the log of his chance to hold none of one given unseen card
    (``F_LOG``), 1.0 if he holds every unseen card (``F_ALL``), the weight of his threats
    (``F_WEIGHT``: 1 if he still needs tricks, ``duck`` if he has made his bid, halfway if his
    bid is unknown, 0 without cards) and an empty cache of his void chances (``F_VOID``).
    """
    n, k_len = v[V_N], v[V_TRICK_LEN]
    n_after = n - k_len - 1
    q = seat
    for j in range(n_after):
        q = q + 1 if q + 1 < n else 0
        hl = v[V_HLEN + q]
        b = v[V_BIDS + q]
        f[F_LOG + j] = 0.0
        f[F_ALL + j] = 0.0
        for u in range(4):
            f[F_VOID + 4 * j + u] = -1.0
        if hl == 0:
            f[F_WEIGHT + j] = 0.0
            continue
        if b < 0:
            f[F_WEIGHT + j] = 0.5 * (1.0 + duck)
        elif b > v[V_TRICKS + q]:
            f[F_WEIGHT + j] = 1.0
        else:
            f[F_WEIGHT + j] = duck
        if unseen > 0 and hl >= unseen:
            f[F_ALL + j] = 1.0
        elif unseen > 0:
            f[F_LOG + j] = kept_log_none(f, hl, unseen) if keep else np.log(1.0 - hl / unseen)
    return n_after


@hotjit(inline="always")
def win_chance(w, v, f, seat, c, kind, leading, best_key, trumps_m, led_m, unseen_m, unseen, wiz, n_after, ruff, keep):
    """The chance that card ``c`` of ``seat`` takes the trick (as :func:`hx_decide` judges it).

    It must beat the trick so far (``best_key``, unless ``leading``); then each later player
    holds none of its threats with the chance :func:`threat_chance` describes, weighted as
    :func:`threat_weights` filled ``f`` (which must be done first for this view).
    """
    n = v[V_N]
    nr, n_suit, n_wiz = view_deck(v)
    trump, led = v[V_TRUMP], v[V_LED]
    if not leading and trick_key(bb_key(c, nr, n_suit, n_wiz), bit(c), trumps_m, led_m) <= best_key:
        chance = 0.0
    elif kind == K_WIZARD:
        chance = 1.0
    elif kind == K_JESTER:
        chance = 0.0
    elif unseen <= 0:
        chance = 1.0
    else:
        s = suit_of(c, nr)
        lead_suit = s if led < 0 else led
        follows = s == lead_suit
        higher = bitcount(unseen_m & w[W_SUIT + s] & ~((bit(c) << _ONE) - _ONE))
        trumps = bitcount(unseen_m & w[W_SUIT + trump]) if trump >= 0 and s != trump else 0
        u_led = -1
        total = 0.0
        dead = False
        q = seat
        for j in range(n_after):
            q = q + 1 if q + 1 < n else 0  # (seat + 1 + j) % n: a division costs more than the rest of the loop
            weight = f[F_WEIGHT + j]
            if weight == 0.0:
                continue
            void_known = (w[W_VOID + q] >> np.uint64(lead_suit)) & _ONE == _ONE
            if void_known:
                vp = 1.0
            else:
                vp = f[F_VOID + 4 * j + lead_suit]
                if vp < 0.0:
                    if u_led < 0:
                        u_led = bitcount(unseen_m & w[W_SUIT + lead_suit])
                    if f[F_ALL + j] == 1.0:
                        vp = 0.0 if u_led > 0 else min(1.0, ruff)
                    elif u_led == 0:  # exp(0) is 1
                        vp = min(1.0, ruff)
                    elif keep:
                        vp = kept_void_chance(f, v[V_HLEN + q], unseen, u_led, f[F_LOG + j], ruff)
                    else:
                        vp = min(1.0, ruff * np.exp(u_led * f[F_LOG + j]))
                    f[F_VOID + 4 * j + lead_suit] = vp
            if follows:
                h = wiz + (0.0 if void_known else higher) + trumps * vp
            else:
                h = wiz + higher * vp
            if f[F_ALL + j] == 1.0:
                if h > 0.0:
                    dead = True
            else:
                total += weight * h * f[F_LOG + j]
        if dead:
            chance = 0.0
        elif total == 0.0:  # no threat, or nobody left to play: exp(0) is 1
            chance = 1.0
        else:
            chance = np.exp(total)
    return chance


@hotjit
def hx_decide(w, v, par, seat, legal, f, keep=False):
    """The heuristic's card (an id among the ``legal`` mask) for ``seat``, from what ``v``/``w`` show.

    Tricks wanted beyond those its Wizards will take: the least dangerous non-Wizard whose win
    chance reaches ``lead_min`` (the most dangerous such card when one trick is left to find;
    the likeliest winner when every remaining trick is needed), else a Wizard, else the
    likeliest winner when following, else the least dangerous card. Its Wizards alone cover
    the tricks wanted: it takes this trick with a Wizard if one wins, else plays as below
    without giving up a Wizard. Bid made: the most dangerous card that loses to the trick so
    far, else (leading, or forced to win) the card least likely to win, shedding the most
    dangerous card when the trick is won whatever it plays.

    A card's win chance: it must beat the trick so far; then each later player ``q`` holding
    ``hl`` of the ``U`` unseen cards holds none of ``h`` threats with chance ``(1 - hl/U)**h``
    (as :func:`threat_chance`), weighted 1 if ``q`` still needs tricks, ``duck`` if he has
    made his bid, halfway if his bid is unknown. Computed as one ``exp`` of a sum of logs;
    ``f`` is scratch (``N_F`` floats; with ``keep``, a round state's ``scratch_f``, which
    also keeps memos of the logs and void chances from call to call).
    """
    nr, n_suit, n_wiz = view_deck(v)
    trump, k_len = v[V_TRUMP], v[V_TRICK_LEN]
    ruff, duck, lead_min = par[H_RUFF], par[H_DUCK], par[H_LEAD_MIN]
    hand = w[W_HAND + seat]
    unseen_m, unseen, wiz = unseen_counts(w, seat)
    leading = k_len == 0
    best = v[V_TCARD + v[V_BEST]] if not leading else -1
    trumps_m, led_m = trick_masks(w, v)
    best_key = trick_key(bb_key(best, nr, n_suit, n_wiz), bit(best), trumps_m, led_m) if not leading else -1
    need = v[V_BIDS + seat] - v[V_TRICKS + seat]
    all_needed = need >= v[V_HLEN + seat]
    wiz_held = bitcount(hand & w[W_WIZ])
    n_after = threat_weights(w, v, f, seat, unseen, duck, keep)
    lo_pos, lo_d, hi_pos, hi_d = -1, 0, -1, 0
    ok_pos, ok_d, ok_hi_pos, ok_hi_d = -1, 0, -1, 0
    top_pos, top_c, top_d = -1, -1.0, 0
    min_pos, min_c, min_d = -1, 2.0, 0
    nw_pos, nw_c, nw_d = -1, 2.0, 0
    duck_pos, duck_d, duck_nw_pos, duck_nw_d = -1, 0, -1, 0
    wiz_pos = -1
    rest = legal
    while rest != _ZERO:
        c = lowest(rest)
        rest &= rest - _ONE
        kind = kind_of(c, n_suit, n_wiz)
        d = danger(c, trump, nr, n_suit, n_wiz)
        chance = win_chance(
            w, v, f, seat, c, kind, leading, best_key, trumps_m, led_m, unseen_m, unseen, wiz, n_after, ruff, keep
        )
        # ---- bookkeeping
        if lo_pos < 0 or d < lo_d:
            lo_pos, lo_d = c, d
        if hi_pos < 0 or d > hi_d:
            hi_pos, hi_d = c, d
        if chance < min_c or (chance == min_c and d > min_d):
            min_pos, min_c, min_d = c, chance, d
        if chance > top_c or (chance == top_c and d < top_d):
            top_pos, top_c, top_d = c, chance, d
        if not leading and chance == 0.0 and (duck_pos < 0 or d > duck_d):
            duck_pos, duck_d = c, d
        if kind == K_WIZARD:
            if wiz_pos < 0 and chance > 0.0:
                wiz_pos = c
            continue
        if chance < nw_c or (chance == nw_c and d > nw_d):
            nw_pos, nw_c, nw_d = c, chance, d
        if not leading and chance == 0.0 and (duck_nw_pos < 0 or d > duck_nw_d):
            duck_nw_pos, duck_nw_d = c, d
        if chance >= lead_min:
            if ok_pos < 0 or d < ok_d:
                ok_pos, ok_d = c, d
            if ok_hi_pos < 0 or d > ok_hi_d:
                ok_hi_pos, ok_hi_d = c, d
    if need <= 0:
        if duck_pos >= 0:
            return duck_pos
        if min_c >= 1.0:  # the trick is ours whatever we play: shed the most dangerous card
            return hi_pos
        return min_pos
    if all_needed and top_c > 0.0:
        return top_pos
    beyond = need - wiz_held  # tricks to find besides the Wizards'
    if beyond <= 0:
        if wiz_pos >= 0:
            return wiz_pos
        if duck_nw_pos >= 0:
            return duck_nw_pos
        if nw_pos >= 0:
            return nw_pos
        return min_pos
    if ok_pos >= 0:
        return ok_hi_pos if beyond == 1 else ok_pos
    if wiz_pos >= 0:
        return wiz_pos
    if not leading and top_c > 0.0:
        return top_pos
    return lo_pos


@hotjit
def same_class(w0, v0, seat, a, b):
    """Whether cards ``a`` and ``b`` are interchangeable for ``seat`` (as :func:`.pimc.card_classes` groups them)."""
    nr, n_suit, n_wiz = view_deck(v0)
    if a == b:
        return True
    if a >= n_suit or b >= n_suit:
        return a >= n_suit and b >= n_suit and (a < n_suit + n_wiz) == (b < n_suit + n_wiz)
    if a // nr != b // nr:
        return False
    lo, hi = min(a, b), max(a, b)
    unseen_m = unseen_of(w0, seat)
    between = (bit(hi) - np.uint64(1)) & ~((bit(lo) << np.uint64(1)) - np.uint64(1))
    return unseen_m & between == np.uint64(0)


@hotjit
def legal_cards(w, v, seat):
    """The cards ``seat`` may play now: :func:`..rules.bitboard.legal_set` on the view."""
    led = v[V_LED]
    return legal_set(w[W_HAND + seat], w[W_SUIT + led] if led >= 0 else _ZERO, ~w[W_PLAIN])


@hotjit
def bb_play(w, v, seat, c):
    """``seat`` plays card ``c``; close the trick when it is full (as ``play_card`` + ``finish_trick``)."""
    n = v[V_N]
    nr, n_suit, n_wiz = view_deck(v)
    k = v[V_TRICK_LEN]
    led = v[V_LED]
    kind = kind_of(c, n_suit, n_wiz)
    w[W_HAND + seat] &= ~bit(c)
    v[V_HLEN + seat] -= 1
    if led >= 0 and kind == K_SUIT and suit_of(c, nr) != led:
        w[W_VOID + seat] |= _ONE << np.uint64(led)
    v[V_TCARD + k] = c
    v[V_TSEAT + k] = seat
    if k == 0:
        v[V_BEST] = 0
    else:
        trumps, led_m = trick_masks(w, v)
        best = v[V_TCARD + v[V_BEST]]
        best_key = trick_key(bb_key(best, nr, n_suit, n_wiz), bit(best), trumps, led_m)
        if trick_key(bb_key(c, nr, n_suit, n_wiz), bit(c), trumps, led_m) > best_key:
            v[V_BEST] = k
    v[V_LED] = led_after(led, kind, suit_of(c, nr))
    w[W_GONE] |= bit(c)
    v[V_TRICK_LEN] = k + 1
    if k + 1 == n:
        winner = v[V_TSEAT + v[V_BEST]]
        v[V_TRICKS + winner] += 1
        v[V_TRICK_NO] += 1
        v[V_TRICK_LEN] = 0
        v[V_LED] = LED_NONE
        v[V_BEST] = 0
        v[V_LEADER] = winner


@hotjit
def hx_run(w, v, par, f):
    """Play the round out from the view (every hand in it) with the heuristic for every seat."""
    n, r = v[V_N], v[V_R]
    while v[V_TRICK_NO] < r:
        seat = (v[V_LEADER] + v[V_TRICK_LEN]) % n
        legal = legal_cards(w, v, seat)
        if legal & (legal - _ONE) == _ZERO:
            c = lowest(legal)
        else:
            c = hx_decide(w, v, par, seat, legal, f)
        bb_play(w, v, seat, c)
