"""The anniversary special cards (RULES 8) at kernel speed: state, effects, trick outcome, swaps, passes.

This module holds the rules mechanics only; the players' choices are in :mod:`.policy`
and the round driver in :mod:`.round`. A game with special cards runs here, on its own state
(:class:`SpecialState`), which has the round state's ``tab``, ``st``, ``hands`` and
``hand_len``: the deal, the random stream and the legal plays are those of
:mod:`..rules.core` (:func:`..rules.core.legal_mask`, every special card counting as a card of
no suit), and what the special cards change is kept here.

Every played card is kept in the trick as an *effective* card: kind ``E_*``, suit and value
times four (a suit card ``4 x rank``, the Juggler 7.5 -> 30, the Cloud 9.75 -> 39), so one
winner function handles all of them (:func:`trick_outcome`: the general state's
:func:`..rules.core.beats_card` for the standard cards, plus Dragon, Fairy, Bomb and Witch);
``tk_role`` keeps which card's abilities it carries (a Vampire carries its model's).
:mod:`wizstats.reference.special` states the same rules slowly, and the tests hold both to
each other; the readings of uncertain points are listed in that module's docstring.
"""

from __future__ import annotations

import numpy as np

from ..jit import hotjit, jit, namedtuple
from ..rules.core import (
    K_JESTER,
    K_SUIT,
    K_WIZARD,
    KIND,
    LED_FREE,
    LED_NONE,
    MAXP,
    RANK,
    ST_LED,
    ST_N,
    ST_TRICK_LEN,
    ST_TRUMP,
    SUIT,
    beats_card,
    score,
)

# card kinds (wizstats.rules.CardKind codes)
C_SUIT, C_WIZARD, C_JESTER = 0, 1, 2
C_DRAGON, C_FAIRY, C_BOMB, C_WEREWOLF, C_JUGGLER, C_CLOUD = 3, 4, 5, 6, 7, 8
C_SHAPESHIFTER, C_WITCH, C_VAMPIRE = 9, 10, 11

# effective kinds of a card in a trick (a subset of the codes above; the first three are core's K_*)
E_SUIT, E_WIZARD, E_JESTER, E_DRAGON, E_FAIRY, E_BOMB, E_WITCH = 0, 1, 2, 3, 4, 5, 10
assert (E_SUIT, E_WIZARD, E_JESTER) == (K_SUIT, K_WIZARD, K_JESTER)  # trick_outcome passes them to core.beats_card

JUGGLER_VALUE = 30  # 7.5 x 4
CLOUD_VALUE = 39  # 9.75 x 4
FORM_LATER = 15  # a play whose form (suit named, Wizard or Jester) is chosen once the card is revealed
SHAPE_WIZARD, SHAPE_JESTER = 0, 1  # forms of the Shapeshifter


# special scalar slots sx
SX_PLACE = 0  # card in the trump place: the turned card, the Werewolf, or the card the Vampire revealed; -1
SX_NEXT = 1  # the next card of the stack (for the Vampire), -1 when none is left or it is turned
SX_WOLF_SEAT = 2  # seat that put the Werewolf in the trump place, -1
SX_TRUMP0 = 3  # trump after the trump step (before play)
SX_NEXT0 = 4  # the next card of the stack as dealt (kept for the trace)
N_SX = 5

# events counted per batch block
EV_BOMBED = 0  # tricks won by nobody
EV_WOLF = 1  # rounds in which the Werewolf took the trump place from a hand
EV_VAMP_TRUMP = 2  # times the Vampire turned the next card and trump was set again
EV_PASSES = 3  # times every player passed a card after a Juggler trick
EV_SWAPS = 4  # Witch swaps
EV_CLOUD_UP = 5  # bids changed upwards by a Cloud (one per Cloud)
EV_CLOUD_DOWN = 6  # ... downwards
EV_SHIFT_WIZARD = 7  # Shapeshifters played as a Wizard
EV_SHIFT_JESTER = 8  # ... as a Jester
N_EV = 9

# columns of the per-play trace cube
T_CARD, T_KIND, T_SUIT, T_VAL, T_ROLE, T_TAKE, T_PUT, T_PASS = 0, 1, 2, 3, 4, 5, 6, 7
N_T = 8
# columns of the per-trick trace
K_LEAD, K_WOULD, K_WIN, K_TRUMP = 0, 1, 2, 3
N_K = 4
# columns of the per-seat trace
S_BID, S_TRICKS, S_CLOUDS, S_FINAL, S_POINTS = 0, 1, 2, 3, 4
N_S = 5
# columns of the per-round trace
R_TURNED, R_NEXT, R_WOLF, R_TRUMP0 = 0, 1, 2, 3
N_R = 4

# slots of agg: the unseen cards from a bidder's view, each Vampire counted as the card it copies
A_KIND = 0  # 12 slots: cards of each kind C_* (the suit cards' slot unused)
A_HALF = 12  # Vampires whose model the next card decides (each a threat of weight 1/2 to any option)
A_UNSEEN = 13  # unseen cards
A_NJC = 14  # Jugglers and Clouds (as copied); their values in A_JC ..
A_JC = 15
A_LED = 20  # 4 slots: unseen suit cards of each suit, as they are (not as copied)
A_SUITN = 24  # 4 slots: suit cards of each suit, as copied
A_RANKS = 65  # rank slots per suit
A_HIGH = 32  # 4 x A_RANKS slots: suit cards of the suit with rank >= k, as copied
N_AGG = A_HIGH + 4 * A_RANKS

SpecialState = namedtuple(
    "SpecialState",
    [
        "tab",  # int64[3, deck]: kind, suit, rank of every card id
        "st",  # int64[N_ST]: the scalars of core (ST_*)
        "sx",  # int64[N_SX]: the special scalars above
        "hands",  # int64[MAXP, deck]: card ids, ascending
        "hand_len",  # int64[MAXP]
        "bids",  # int64[MAXP]
        "tricks",  # int64[MAXP]
        "clouds",  # int64[MAXP]: Clouds in the seat's won tricks
        "final_bid",  # int64[MAXP]: the bid after the Cloud's change
        "points",  # int64[MAXP]
        "tk_card",  # int64[MAXP]: the current trick's cards (the content, after Witch swaps)
        "tk_seat",  # int64[MAXP]
        "tk_kind",  # int64[MAXP]: effective kind E_*
        "tk_suit",  # int64[MAXP]: effective suit, -1 none
        "tk_val",  # int64[MAXP]: effective value x 4
        "tk_role",  # int64[MAXP]: whose abilities the card carries (C_*); a card swapped in: its own kind
        "gone",  # int64[deck]: 1 for cards everyone has seen and that are out of the hands
        "void",  # int64[MAXP, 4]: unused here (kept so that core.reset_round applies)
        "policy",  # int64[MAXP]
        "params",  # float64[MAXP, N_PARAMS]
        "rng",  # uint64[1]
        "pool",  # int64[deck]: deal scratch
        "owner",  # int64[deck]: deal scratch
        "opt",  # int64[6, 4 * deck]: the policy's options (pos, kind, suit, val, form, wins)
        "optf",  # float64[2, 4 * deck]: danger and chance of each option
        "log",  # int64[deck, MAXP, N_T]: per trick and position, the play (see T_*)
        "logk",  # int64[deck, N_K]: per trick (see K_*)
        "agg",  # int64[N_AGG]: the unseen cards of a bidder, counted once per bid (special_policy.count_unseen)
    ],
)


@jit
def new_special_state(tab, st_template, policy, params):
    """Allocate the state of one worker (reused for every round it plays)."""
    deck = tab.shape[1]
    return SpecialState(
        tab,
        st_template.copy(),
        np.full(N_SX, -1, np.int64),
        np.zeros((MAXP, deck), np.int64),
        np.zeros(MAXP, np.int64),
        np.full(MAXP, -1, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(MAXP, np.int64),
        np.zeros(deck, np.int64),
        np.zeros((MAXP, 4), np.int64),
        policy.copy(),
        params.copy(),
        np.zeros(1, np.uint64),
        np.zeros(deck, np.int64),
        np.zeros(deck, np.int64),
        np.zeros((6, 4 * deck), np.int64),
        np.zeros((2, 4 * deck), np.float64),
        np.full((deck, MAXP, N_T), -1, np.int64),
        np.full((deck, N_K), -1, np.int64),
        np.zeros(N_AGG, np.int64),
    )


# ---------------------------------------------------------------- hands
@hotjit
def remove_at(g, seat, pos):
    """Take hand position ``pos`` out of ``seat``'s hand; returns the card id."""
    card = g.hands[seat, pos]
    length = g.hand_len[seat]
    for i in range(pos, length - 1):
        g.hands[seat, i] = g.hands[seat, i + 1]
    g.hand_len[seat] = length - 1
    return card


@hotjit
def insert_card(g, seat, card):
    """Put ``card`` into ``seat``'s hand, keeping it in ascending order."""
    i = g.hand_len[seat]
    while i > 0 and g.hands[seat, i - 1] > card:
        g.hands[seat, i] = g.hands[seat, i - 1]
        i -= 1
    g.hands[seat, i] = card
    g.hand_len[seat] += 1


@hotjit
def find_kind(g, kind):
    """``(seat, position)`` of the first card of ``kind`` in a hand, or ``(-1, -1)``."""
    for s in range(g.st[ST_N]):
        for i in range(g.hand_len[s]):
            if g.tab[KIND, g.hands[s, i]] == kind:
                return s, i
    return -1, -1


# ---------------------------------------------------------------- effects
@hotjit
def trump_rule(kind):
    """How a card in the trump place sets trump: 0 its suit, 1 no trump, 2 a suit is named, 3 a suit or none.

    Reading (RULES 8 says nothing of special cards turned for trump): Dragon, Juggler and Cloud
    act like a Wizard (a suit is named); Fairy, Bomb, Witch and a turned Vampire (nothing to
    copy) like a Jester (no trump); Shapeshifter (Wizard or Jester) and Werewolf (its ability)
    let the chooser name a suit or no trump.
    """
    if kind == C_SUIT:
        return 0
    if kind == C_WIZARD or kind == C_DRAGON or kind == C_JUGGLER or kind == C_CLOUD:
        return 2
    if kind == C_SHAPESHIFTER or kind == C_WEREWOLF:
        return 3
    return 1


@hotjit
def effect_of(tab, model, form):
    """The effective ``(kind, suit, value x 4)`` of a card acting as ``model`` with ``form``.

    ``model`` is the card itself, or for a Vampire the card it copies (-1: nothing to copy,
    it plays as a Jester). ``form`` is the suit named for a Juggler or Cloud, or
    ``SHAPE_WIZARD``/``SHAPE_JESTER`` for a Shapeshifter. A Werewolf still in a hand (a round
    with no turned card) plays as a Jester.
    """
    if model < 0:
        return E_JESTER, -1, 0
    kind = tab[KIND, model]
    if kind == C_SUIT:
        return E_SUIT, tab[SUIT, model], 4 * tab[RANK, model]
    if kind == C_JUGGLER:
        return E_SUIT, form, JUGGLER_VALUE
    if kind == C_CLOUD:
        return E_SUIT, form, CLOUD_VALUE
    if kind == C_SHAPESHIFTER:
        return (E_WIZARD if form == SHAPE_WIZARD else E_JESTER), -1, 0
    if kind == C_WEREWOLF or kind == C_VAMPIRE:
        return E_JESTER, -1, 0
    return kind, -1, 0


@hotjit
def n_forms(tab, model, n_suits):
    """How many forms the card acting as ``model`` can take (suits for Juggler/Cloud, 2 for Shapeshifter)."""
    if model < 0:
        return 1
    kind = tab[KIND, model]
    if kind == C_JUGGLER or kind == C_CLOUD:
        return n_suits
    if kind == C_SHAPESHIFTER:
        return 2
    return 1


@hotjit
def public_model(g):
    """What a Vampire would copy now, as everyone sees it: a card id, -1 unknown (the Werewolf
    holds the trump place: the next card decides), -2 nothing (no turned card, or no card left)."""
    place = g.sx[SX_PLACE]
    if place < 0:
        return -2
    if g.tab[KIND, place] == C_WEREWOLF:
        return -1 if g.sx[SX_NEXT] >= 0 else -2
    return place


# ---------------------------------------------------------------- trick outcome and legal plays
@hotjit
def trick_outcome(kind, suit, val, length, trump):
    """``(position, bombed)``: the card that takes (or, with a Bomb, would take) the trick.

    The standard cards of the trick (effective suit cards, Wizards and Jesters) are decided by
    the one trick-winner rule of the general state, :func:`..rules.core.beats_card`, card by
    card (the first Wizard; the highest trump; the highest card of the led suit, the first
    suit-valued card's suit; ties to the card played first; else the first Jester). What the
    special cards add: a Dragon takes the trick before all of that, unless a Fairy is in the
    trick (then the first Fairy); a trick with no standard card goes to the first Fairy, else
    the Witch, else the first Bomb; Bombs are ignored in finding the winner and ``bombed``
    says that nobody takes the trick.
    """
    bombed = False
    dragon, fairy, witch, best = -1, -1, -1, -1
    for i in range(length):
        k = kind[i]
        if k == E_BOMB:
            bombed = True
        elif k == E_DRAGON:
            if dragon < 0:
                dragon = i
        elif k == E_FAIRY:
            if fairy < 0:
                fairy = i
        elif k == E_WITCH:
            if witch < 0:
                witch = i
        elif best < 0 or beats_card(k, suit[i], val[i], kind[best], suit[best], val[best], trump):
            best = i  # E_SUIT, E_WIZARD, E_JESTER: the codes of K_SUIT, K_WIZARD, K_JESTER
    if dragon >= 0:
        return (fairy if fairy >= 0 else dragon), bombed
    if best >= 0:
        return best, bombed
    if fairy >= 0:
        return fairy, bombed
    if witch >= 0:
        return witch, bombed
    for i in range(length):
        if kind[i] == E_BOMB:
            return i, bombed
    return 0, bombed


@hotjit
def led_of(kind, suit, length):
    """The suit to follow: that of the first suit-valued card, unless a Wizard or Dragon comes
    first (``LED_FREE``); ``LED_NONE`` while only Jester-like cards (Jester, Fairy, Bomb, Witch) lie.

    What the special cards add to the led suit of RULES 5 (the Dragon frees the trick as a
    Wizard does); :func:`..rules.core.legal_mask` then applies it to the hands unchanged.
    """
    for i in range(length):
        k = kind[i]
        if k == E_SUIT:
            return suit[i]
        if k == E_WIZARD or k == E_DRAGON:
            return LED_FREE
    return LED_NONE


@hotjit
def put_in_trick(g, seat, card, model, form):
    """Write the play of ``card`` (removed from the hand already) at the next trick position."""
    st = g.st
    k = st[ST_TRICK_LEN]
    ekind, esuit, evalue = effect_of(g.tab, model, form)
    g.tk_card[k] = card
    g.tk_seat[k] = seat
    g.tk_kind[k] = ekind
    g.tk_suit[k] = esuit
    g.tk_val[k] = evalue
    g.tk_role[k] = g.tab[KIND, model] if model >= 0 else C_VAMPIRE
    g.gone[card] = 1
    st[ST_TRICK_LEN] = k + 1
    st[ST_LED] = led_of(g.tk_kind, g.tk_suit, k + 1)
    return k


@hotjit
def apply_swap(g, seat, take, hand_pos):
    """The Witch: ``seat`` takes trick position ``take`` into his hand and puts hand position
    ``hand_pos`` in its place. The trick's outcome is already fixed; the card put in carries
    only its own kind (a Cloud put in is a Cloud in the winner's tricks; nothing else acts)."""
    put = remove_at(g, seat, hand_pos)
    taken = g.tk_card[take]
    insert_card(g, seat, taken)
    g.tk_card[take] = put
    g.tk_role[take] = g.tab[KIND, put]
    g.gone[taken] = 0
    g.gone[put] = 1
    return put


@jit
def pass_left(g, chosen):
    """After a Juggler trick each seat passes hand position ``chosen[seat]`` to its left (seat + 1)."""
    n = g.st[ST_N]
    passed = np.zeros(MAXP, np.int64)
    for s in range(n):
        passed[s] = remove_at(g, s, chosen[s])
    for s in range(n):
        insert_card(g, (s + 1) % n, passed[s])
    return passed


# ---------------------------------------------------------------- the Cloud's bid change and scoring
@jit
def cloud_final(bid, tricks, clouds, scoring, hand_size):
    """``(final bid, points)``: each Cloud in the tricks changes the bid by +1 or -1, chosen to
    score best (a bid never goes below 0; on equal points the lower bid). No Cloud: the bid."""
    if clouds == 0:
        return bid, score(bid, tricks, scoring, hand_size)
    top = bid + clouds
    reach = np.zeros(top + 1, np.int64)
    nxt = np.zeros(top + 1, np.int64)
    reach[bid] = 1
    for _ in range(clouds):
        for b in range(top + 1):
            nxt[b] = 0
        for b in range(top + 1):
            if reach[b] == 1:
                if b + 1 <= top:
                    nxt[b + 1] = 1
                if b >= 1:
                    nxt[b - 1] = 1
        for b in range(top + 1):
            reach[b] = nxt[b]
    best_bid, best_points = -1, 0
    for b in range(top + 1):
        if reach[b] == 1:
            p = score(b, tricks, scoring, hand_size)
            if best_bid < 0 or p > best_points:
                best_bid, best_points = b, p
    return best_bid, best_points


@hotjit
def outcome_now(g, length):
    """Outcome of the first ``length`` cards of the current trick under the current trump."""
    return trick_outcome(g.tk_kind, g.tk_suit, g.tk_val, length, g.st[ST_TRUMP])
