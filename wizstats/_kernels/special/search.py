"""The special-card engine's ``rollout`` (RULES 8): bids and cards chosen by rollouts over sampled worlds.

Policy id :data:`~wizstats.layout.SP_ROLLOUT` of this engine, its yardstick: the same idea as the standard
engine's ``rollout`` (:mod:`..players.pimc`), over the special rules. For each decision it deals the cards
it cannot see at random, consistent with what it knows (:func:`seat_knowledge`), plays every candidate in
that world and the round out with every seat playing the special heuristic (:mod:`.policy`; the bids still
to be made as its bidder, below), and takes the candidate with the best mean score (the Cloud's change
included) over the same worlds (common random numbers; candidates clearly behind are dropped every
:data:`..players.pimc.BATCH` worlds: the standard search's race, :func:`..players.pimc.race_step`).

- **Card**: every legal card in every form (a Juggler or Cloud naming each suit, a Shapeshifter as a
  Wizard and as a Jester) over ``worlds`` worlds; ties go to the special heuristic's choice.
- **Bid**: every bid within ``window`` of its bidder's bid, never the forbidden one, over ``samples``
  worlds; ties go to the bid nearest its bidder's.
- **Not searched** (the special heuristic's, with its default parameters): the trump a seat names (the
  Werewolf's holder, the dealer after a Wizard-like card, the Vampire's player), the form of a Vampire whose
  model shows only when it is played, the Witch's swap and the Juggler's pass; the Cloud's bid change is
  always the best (:func:`.core.cloud_final`).

What a seat knows, and a world keeps: its hand, the cards everyone has seen (``g.gone``: the turned card,
the cards played), the hand lengths, the bids it can see, the tricks and Clouds taken, the trump and the card
in the trump place; the cards whose holder is public (the turned card the Werewolf's holder took, a card a
Witch took from a trick) and the card it passed itself after a Juggler trick; the suits each player has shown
he lacks (a suit card of another suit played to a led suit). A Juggler's pass moves one unseen card per
player, so what was known of other hands before it (holders and voids) is dropped then. Hidden cards are dealt
at random to the hands that must hold them (voids respected where the pool allows), and one of those left to
the next card of the stack where that card may still be turned (the Vampire). No world reads the other
hands, the next card of the stack or a bid the seat cannot see (those are guessed: tricks taken plus the
special heuristic's estimate of the hand held). There is no inference from the bids (the standard
``rollout``'s ``infer``).

The row of a ``rollout`` seat (set by :func:`wizstats.engine.special.special_setup`): columns 0-8 are its
bidder's, which also name trump, swap and pass for it: the special heuristic's defaults with ``read`` and
``pick`` 0, which :func:`.expert.sp_expert_bid` turns into exactly the special heuristic's bid (``bidder`` 0),
or the special expert's fitted row (``bidder`` 1); then ``worlds``, ``samples`` and ``window``
(:data:`~wizstats.layout.SP_WORLDS` ..). In the worlds every seat takes that row.

All randomness comes from the round's stream ``g.rng``: the same decisions whatever the threads.
"""

from __future__ import annotations

import numpy as np

from ...layout import MAXP, SP_HEURISTIC, SP_SAMPLES, SP_WINDOW, SP_WORLDS
from ..jit import hotjit, jit
from ..players.pimc import best_mean_bid, new_race, race_leader, race_step
from ..rules.core import (
    KIND,
    LED_FREE,
    LED_NONE,
    ST_BIDS_MADE,
    ST_LEADER,
    ST_N,
    ST_R,
    ST_TRICK_LEN,
    ST_TRICK_NO,
    ST_TURNED,
    SUIT,
    forbidden_bid,
    legal_mask,
    shuffle_front,
    visible_bid,
)
from .core import (
    C_SUIT,
    E_DRAGON,
    E_SUIT,
    E_WIZARD,
    K_LEAD,
    N_EV,
    N_T,
    SX_NEXT,
    SX_WOLF_SEAT,
    T_CARD,
    T_KIND,
    T_PASS,
    T_PUT,
    T_SUIT,
    T_TAKE,
    new_special_state,
)
from .expert import choose_play, sp_expert_bid
from .policy import build_options, hand_estimate, sp_choose_play
from .step import close_trick, play_code, score_round


# ---------------------------------------------------------------- what the seat knows
@jit
def seat_knowledge(g, seat, known, void):
    """What ``seat`` knows of the cards it cannot see, from the public record of the round and its own passes.

    ``known[c]``: the seat that holds card ``c`` as far as ``seat`` knows, -1 unknown (see the module notes);
    ``void[q, s]``: 1 when ``q`` has shown that he holds no suit card of suit ``s`` (since the last pass).
    Reads ``g.log`` (the plays, the Witch's swaps, the passes) and the public scalars, never another hand.
    """
    tab, st, log = g.tab, g.st, g.log
    n = st[ST_N]
    for c in range(tab.shape[1]):
        known[c] = -1
    for q in range(MAXP):
        for s in range(4):
            void[q, s] = 0
    turned, wolf = st[ST_TURNED], g.sx[SX_WOLF_SEAT]
    if wolf >= 0 and turned >= 0:
        known[turned] = wolf
    content = np.empty(MAXP, np.int64)
    now = st[ST_TRICK_NO]
    for t in range(now + 1):
        length = n if t < now else st[ST_TRICK_LEN]
        leader = g.logk[t, K_LEAD] if t < now else st[ST_LEADER]
        led = LED_NONE
        for k in range(length):
            card = log[t, k, T_CARD]
            if led >= 0 and tab[KIND, card] == C_SUIT and tab[SUIT, card] != led:
                void[(leader + k) % n, led] = 1
            known[card] = -1
            content[k] = card
            if led == LED_NONE:  # the led suit as .core.led_of sets it
                if log[t, k, T_KIND] == E_SUIT:
                    led = log[t, k, T_SUIT]
                elif log[t, k, T_KIND] == E_WIZARD or log[t, k, T_KIND] == E_DRAGON:
                    led = LED_FREE
        if t == now:
            break
        for k in range(n):  # the Witch's swaps, in play order: the card taken is in her player's hand
            take = log[t, k, T_TAKE]
            if take >= 0:
                known[content[take]] = (leader + k) % n
                content[take] = log[t, k, T_PUT]
        if log[t, 0, T_PASS] >= 0:  # every player passed a card he alone saw: holders and voids are lost
            for c in range(tab.shape[1]):
                known[c] = -1
            for q in range(MAXP):
                for s in range(4):
                    void[q, s] = 0
            known[log[t, seat, T_PASS]] = (seat + 1) % n


# ---------------------------------------------------------------- worlds
@hotjit
def copy_state(dst, src):
    """Copy the round state of ``src`` into ``dst`` (hands, scores, the current trick and its log row)."""
    n, deck = src.st[ST_N], src.tab.shape[1]
    for i in range(src.st.shape[0]):
        dst.st[i] = src.st[i]
    for i in range(src.sx.shape[0]):
        dst.sx[i] = src.sx[i]
    for q in range(MAXP):
        dst.hand_len[q] = src.hand_len[q]
        dst.bids[q] = src.bids[q]
        dst.tricks[q] = src.tricks[q]
        dst.clouds[q] = src.clouds[q]
        dst.tk_card[q] = src.tk_card[q]
        dst.tk_seat[q] = src.tk_seat[q]
        dst.tk_kind[q] = src.tk_kind[q]
        dst.tk_suit[q] = src.tk_suit[q]
        dst.tk_val[q] = src.tk_val[q]
        dst.tk_role[q] = src.tk_role[q]
    for q in range(n):
        for i in range(src.hand_len[q]):
            dst.hands[q, i] = src.hands[q, i]
    for c in range(deck):
        dst.gone[c] = src.gone[c]
    t = src.st[ST_TRICK_NO]
    if t < deck:
        for k in range(MAXP):
            for c in range(N_T):
                dst.log[t, k, c] = src.log[t, k, c]


@jit
def deal_world(w, g, seat, known, void, pool):
    """``w``: the round as ``seat`` sees it in ``g``, the cards it cannot see dealt at random (module notes).

    Seats with more known voids are dealt first; each gets the cards known to be his, then the first cards
    of the shuffled pool that fit his voids (any card when too few fit). Bids ``seat`` cannot see are -1.
    """
    tab = g.tab
    n, deck = g.st[ST_N], tab.shape[1]
    copy_state(w, g)
    m = 0
    j, held = 0, g.hand_len[seat]
    for c in range(deck):
        if j < held and g.hands[seat, j] == c:
            j += 1
        elif g.gone[c] == 0 and (known[c] < 0 or known[c] == seat):
            pool[m] = c
            m += 1
    shuffle_front(g.rng, pool, m, m - 1)
    for n_void in range(4, -1, -1):
        for q in range(n):
            if q == seat or void[q, 0] + void[q, 1] + void[q, 2] + void[q, 3] != n_void:
                continue
            need, got = g.hand_len[q], 0
            for c in range(deck):
                if known[c] == q and g.gone[c] == 0 and got < need:
                    w.hands[q, got] = c
                    got += 1
            for strict in range(2):
                for i in range(m):
                    c = pool[i]
                    if got == need:
                        break
                    if c < 0 or (strict == 0 and tab[KIND, c] == C_SUIT and void[q, tab[SUIT, c]] == 1):
                        continue
                    w.hands[q, got] = c
                    pool[i] = -1
                    got += 1
            for i in range(1, got):  # hands stay ascending
                x, k = w.hands[q, i], i - 1
                while k >= 0 and w.hands[q, k] > x:
                    w.hands[q, k + 1] = w.hands[q, k]
                    k -= 1
                w.hands[q, k + 1] = x
    if g.sx[SX_NEXT] >= 0:  # the next card of the stack: one of the unseen cards no hand took
        for i in range(m):
            if pool[i] >= 0:
                w.sx[SX_NEXT] = pool[i]
                break
    for q in range(n):
        w.bids[q] = visible_bid(g, seat, q)


@jit
def guess_hidden_bids(w, seat):
    """Bids ``seat`` cannot see (after all are made): tricks taken plus the hand's estimate, rounded, within 0..r."""
    n, r = w.st[ST_N], w.st[ST_R]
    for q in range(n):
        if q != seat and w.bids[q] < 0:
            e = hand_estimate(w, q)
            w.bids[q] = min(r, w.tricks[q] + max(0, np.int64(np.floor(e + 0.5))))


@jit
def play_out(w, events):
    """Finish the round in ``w`` from where it stands (mid-trick included), every seat playing its cards as
    :func:`.expert.choose_play` says for its policy (in the search's worlds: the special heuristic; a
    ``rollout`` seat too), and score it."""
    st = w.st
    n, r = st[ST_N], st[ST_R]
    while st[ST_TRICK_NO] < r:
        leader = st[ST_LEADER]
        for k in range(st[ST_TRICK_LEN], n):
            seat = (leader + k) % n
            play_code(w, seat, choose_play(w, seat, legal_mask(w, seat)), events)
        close_trick(w, events)
    score_round(w, events)


@jit
def new_worlds(g, seat):
    """Two world states for ``seat``'s search (a dealt world and its copy per candidate); every seat plays its row."""
    policy = np.full(MAXP, SP_HEURISTIC, np.int64)
    params = g.params.copy()
    for q in range(MAXP):
        for k in range(params.shape[1]):
            params[q, k] = g.params[seat, k]
    return new_special_state(g.tab, g.st, policy, params), new_special_state(g.tab, g.st, policy, params)


# ---------------------------------------------------------------- the decisions
@jit
def complete_bids(w, seat):
    """In world ``w`` every bid not made yet (or not seen by ``seat``) is made by its bidder, in bidding order."""
    n = w.st[ST_N]
    for i in range(n):
        q = (i + 1) % n
        if q != seat and w.bids[q] < 0:
            w.st[ST_BIDS_MADE] = i
            w.bids[q] = sp_expert_bid(w, q, forbidden_bid(w, q))
    w.st[ST_BIDS_MADE] = n


@jit
def race(g, seat, codes, active, limit, bidding, totals):
    """Race the candidates ``codes`` (bids when ``bidding``, else plays ``position * 16 + form``) of ``seat``
    over up to ``limit`` worlds, each candidate played out in the same worlds; ``totals[0, k]`` gets candidate
    ``k``'s summed points, ``totals[2, k]`` its worlds. Returns the paired sums ``d1`` (:mod:`..players.pimc`)."""
    n_cand = codes.shape[0]
    deck = g.tab.shape[1]
    known = np.empty(deck, np.int64)
    void = np.zeros((MAXP, 4), np.int64)
    seat_knowledge(g, seat, known, void)
    ww, w = new_worlds(g, seat)
    pool = np.empty(deck, np.int64)
    events = np.zeros(N_EV, np.int64)
    x, d1, d2, _ = new_race(n_cand)
    n_active, done = active.sum(), 0
    while done < limit and n_active > 1:
        deal_world(ww, g, seat, known, void, pool)
        if not bidding:
            guess_hidden_bids(ww, seat)
        for k in range(n_cand):
            if active[k] == 0:
                continue
            copy_state(w, ww)
            if bidding:
                w.bids[seat] = codes[k]
                complete_bids(w, seat)
            else:
                play_code(w, seat, codes[k], events)
            play_out(w, events)
            x[k] = w.points[seat]
            totals[0, k] += x[k]
            totals[2, k] += 1.0
        done, n_active = race_step(x, d1, d2, active, done, limit, n_active)
    return d1


@jit
def rollout_card(g, seat, mask):
    """``position * 16 + form`` of the option with the best mean score over ``worlds`` worlds (module notes)."""
    first = sp_choose_play(g, seat, mask)
    m = build_options(g, seat, mask, -1, -1, True)
    codes = np.empty(m + 1, np.int64)
    codes[0] = first
    n_cand = 1
    for j in range(m):
        code = g.opt[0, j] * 16 + g.opt[4, j]
        if code != first:
            codes[n_cand] = code
            n_cand += 1
    if n_cand == 1:
        return first
    active = np.ones(n_cand, np.int64)
    totals = np.zeros((3, n_cand))
    d1 = race(g, seat, codes[:n_cand], active, max(1, np.int64(g.params[seat, SP_WORLDS])), False, totals)
    return codes[race_leader(d1, active)]


@jit
def rollout_bid(g, seat, forbidden):
    """The bid with the best mean score over ``samples`` worlds among those within ``window`` of its bidder's."""
    r = g.st[ST_R]
    par = g.params[seat]
    est = sp_expert_bid(g, seat, -1)
    window = max(0, np.int64(par[SP_WINDOW]))
    lo, hi = max(0, est - window), min(r, est + window)
    if lo == hi and lo == forbidden:
        lo, hi = max(0, lo - 1), min(r, hi + 1)
    codes = np.arange(lo, hi + 1)
    active = np.ones(hi - lo + 1, np.int64)
    if lo <= forbidden <= hi:
        active[forbidden - lo] = 0
    if active.sum() == 1:  # one bid allowed: nothing to compare
        return lo + np.argmax(active)
    totals = np.zeros((3, hi - lo + 1))
    race(g, seat, codes, active, max(1, np.int64(par[SP_SAMPLES])), True, totals)
    return best_mean_bid(lo, hi, active, totals, est)
