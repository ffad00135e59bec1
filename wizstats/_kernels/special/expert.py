"""The special-card engine's ``expert`` (RULES 8): bids from a fitted table, cards that aim at the bid.

Policy id :data:`~wizstats.layout.SP_EXPERT` of this engine. Against the special heuristic (:mod:`.policy`):

- **Bid**: the hand's expected tricks ``e``. With column ``SP_TABLE_ON`` at 1 (4 players, all nine special
  cards: the setting the table is fitted in), ``e`` is a sum of fitted weights (:func:`table_estimate`): one
  per card in the hand by its type (Wizard, Jester, each special kind, trump of each rank, other suit of
  each rank; a Vampire as the card it copies where that shows), one for the seat, and three for the hand's
  shape (trumps squared, other suits lacking, their product); rounds without trump have their own weights.
  The weights are least squares on the tricks the expert itself takes in self-play
  (``tools/fit_special_table.py``). Else ``e`` is the special heuristic's sum of each card's chance to take
  a trick (:func:`.policy.hand_estimate`), times the row's ``scale``. Then, as the standard expert
  (:mod:`..players.expert`): ``e`` moves towards its share of the tricks the visible earlier bids leave over
  (weight ``SP_READ``), and with ``SP_PICK`` at 1 the bid is the one with the best expected score under the
  distribution of tricks (the cards' chances scaled to sum to ``e``, independent trials); at 0, ``e``
  rounded. Never the forbidden bid.
- **Card** (column ``SP_AIM`` at 1, :func:`aim_play`): every option of the heuristic (each legal card in
  each form) is valued by the expected score of the round it leads to, aiming at the bid (the Cloud's change
  read: a bid reachable with the Clouds taken counts as met): the chance the option takes this trick (0 when
  it loses to what lies in the trick already or a Bomb lies there; a Fairy only against a Dragon; else the
  heuristic's chance that it holds against the players still to come, the Bomb's dead trick included), and
  for each later trick an independent chance per card kept (the heuristic's bidding chance, which reads the
  Dragon/Fairy pair, the Shapeshifter's and the Juggler's and Cloud's choices, times ``SP_FUTURE``). The
  heuristic's own card is kept unless another scores more than ``SP_AIM_GATE`` points above it. So it ducks
  with its most dangerous loser once its bid is made, keeps its takers while it needs tricks, and dumps
  into a Bomb's trick what it would not want to take later.
- **Fitted card play** (column ``SP_PLAY_ON`` at 1: 4 players, all nine special cards, the hand sizes where the
  fit gained): each option's score is its aimed points plus fitted weights (columns ``SP_PLAY`` ..) times
  its features (:func:`option_features`; 24 while tricks are wanted, another 24 once the bid is reached:
  its aimed points, its chance now, whether it is the heuristic's option, whether it takes the trick as it
  lies, leading, playing last, the card's later chances, its effective kind, the card's own kind for the
  Shapeshifter, Juggler, Cloud and Vampire, its rank as trump or other suit, the need left, and its chance
  times the tricks the other seats still want). The weights come from expert iteration
  (``tools/fit_special_play.py``): least squares on the points each option scores in the true deal, played
  out by the table, in the expert's own self-play, refitted with each pass's weights at every seat. The same
  function computes the features when labelling (:mod:`.labels`) and when playing, so the two cannot drift.

Trump, the Witch's swap and the Juggler's pass are the special heuristic's (which read the tricks still
wanted). The row is set by :func:`wizstats.engine.special.special_setup` from ``expert_row``: the
heuristic's defaults, per hand size ``scale``, ``read``, ``kill``, ``pick`` (``tools/fit_special_expert.py``)
and the table (``tools/fit_special_table.py``, ``wizstats/data/special_table.npz``).

Scratch: the cards' chances and the trick distribution live in ``g.optf[1]`` (free while bidding, and in
play after :func:`.policy.decide`): chances at ``0 .. hand - 1``, the distribution at ``hand .. 2 hand``
(bidding: ``r .. 2 r``); the row holds ``4 x deck`` slots. In play ``g.optf[0]`` holds the options' dangers at
``0 ..``, their scores at ``deck ..`` and one option's features at ``2 deck ..``.
"""

from __future__ import annotations

import numpy as np

from ...layout import (
    N_SP_FEATURES,
    N_SP_PLAY,
    SP_AIM,
    SP_AIM_GATE,
    SP_EXPERT,
    SP_FLEX,
    SP_FUTURE,
    SP_PICK,
    SP_PLAY,
    SP_PLAY_ON,
    SP_READ,
    SP_SATED,
    SP_TABLE,
    SP_TABLE_ON,
)
from ..jit import hotjit
from ..players.expert import best_bid, read_bids, scaled_trials
from ..rules.core import (
    KIND,
    RANK,
    ST_N,
    ST_NSUITS,
    ST_R,
    ST_SCORING,
    ST_TRICK_LEN,
    ST_TRUMP,
    SUIT,
    avoid_forbidden,
    score,
)
from .core import (
    C_CLOUD,
    C_JUGGLER,
    C_SHAPESHIFTER,
    C_SUIT,
    C_VAMPIRE,
    E_BOMB,
    E_DRAGON,
    E_FAIRY,
    E_SUIT,
    E_WITCH,
    E_WIZARD,
    public_model,
)
from .policy import (
    build_options,
    card_chance,
    count_unseen,
    decide,
    hand_estimate,
    held_after_me,
    need_of,
    sp_choose_bid,
    sp_choose_play,
    survive_counted,
)

F_TRUMP = 11  # first trump rank's weight (rank 1); the kinds 1 .. 11 (Wizard .. Vampire) take 0 .. 10
F_OTHER = 24  # first other-suit rank's weight
F_SEAT = 37  # seat 0's weight
F_SHAPE = 41  # trumps squared, other suits lacking, their product


@hotjit
def card_type(tab, card, trump, model):
    """The table's weight index of ``card`` in a hand (module notes); ``model``: what a Vampire copies (-1, -2: nothing shown)."""
    kind = tab[KIND, card]
    if kind == C_VAMPIRE and model >= 0 and tab[KIND, model] != C_VAMPIRE:
        card = model
        kind = tab[KIND, card]
    if kind != C_SUIT:
        return kind - 1
    rank = min(max(tab[RANK, card], 1), 13)
    if trump >= 0 and tab[SUIT, card] == trump:
        return F_TRUMP + rank - 1
    return F_OTHER + rank - 1


@hotjit
def table_estimate(g, seat):
    """The hand's expected tricks from the fitted weights in the row (module notes)."""
    tab = g.tab
    trump = g.st[ST_TRUMP]
    w = g.params[seat]
    at = SP_TABLE + (0 if trump >= 0 else N_SP_FEATURES)
    model = public_model(g)
    e = w[at + F_SEAT + seat % 4]
    trumps, suits = 0, 0  # suits: a bit per suit held
    for i in range(g.hand_len[seat]):
        c = g.hands[seat, i]
        e += w[at + card_type(tab, c, trump, model)]
        if tab[KIND, c] == C_SUIT:
            suits |= 1 << tab[SUIT, c]
            if tab[SUIT, c] == trump:
                trumps += 1
    voids = 0
    for s in range(g.st[ST_NSUITS]):
        if s != trump and (suits >> s) & 1 == 0:
            voids += 1
    return e + w[at + F_SHAPE] * trumps * trumps + w[at + F_SHAPE + 1] * voids + w[at + F_SHAPE + 2] * voids * trumps


@hotjit
def sp_expert_bid(g, seat, forbidden):
    """The special expert's bid (module notes); never ``forbidden``."""
    r = g.st[ST_R]
    par = g.params[seat]
    e = hand_estimate(g, seat)  # also leaves the cards' chances in g.optf[1]
    if par[SP_TABLE_ON] != 0.0:
        e = table_estimate(g, seat)
    e = read_bids(g, seat, min(max(e, 0.0), float(r)), par[SP_READ])
    if par[SP_PICK] == 0.0:
        return avoid_forbidden(int(min(max(np.floor(e + 0.5), 0), r)), e, r, forbidden)
    f = g.optf[1]
    scaled_trials(f, g.hand_len[seat], r, e)
    bid, _ = best_bid(f, r, r, g.st[ST_SCORING], forbidden)
    return bid


@hotjit
def choose_bid(g, seat, forbidden):
    """The bid of ``seat`` under its policy: the special expert's, else :func:`.policy.sp_choose_bid`."""
    if g.policy[seat] == SP_EXPERT:
        return sp_expert_bid(g, seat, forbidden)
    return sp_choose_bid(g, seat, forbidden)


# ---------------------------------------------------------------- card play
@hotjit
def points_at(g, seat, taken, c):
    """``seat``'s points if it ends the round with ``taken`` tricks and ``c`` Clouds (each moves the bid +-1, the best way)."""
    b = g.bids[seat]
    scoring, r = g.st[ST_SCORING], g.st[ST_R]
    best = -1e18
    for j in range(-c, c + 1, 2):
        if b + j >= 0:
            best = max(best, float(score(b + j, taken, scoring, r)))
    return best


@hotjit
def aim_value(g, seat, f, order, skip, p_now, cloud):
    """Expected points when the hand card at ``skip`` is played with chance ``p_now`` to take this trick (adding
    ``cloud`` Clouds to the seat's tricks when it does) and the other hand cards follow, strongest first
    (``order``): card ``i`` takes its trick with chance ``f[i]`` while the seat is short of its target, ``f[hl + i]``
    once it has it (it ducks then)."""
    if cloud > 0 and p_now > 0.0:
        return (1.0 - p_now) * aim_branch(g, seat, f, order, skip, 0, 0) + p_now * aim_branch(
            g, seat, f, order, skip, 1, cloud
        )
    hl = g.hand_len[seat]
    at = 3 * hl
    f[at] = 1.0 - p_now
    f[at + 1] = p_now
    return aim_rest(g, seat, f, order, skip, 0)


@hotjit
def aim_branch(g, seat, f, order, skip, won, cloud):
    """:func:`aim_value` once this trick is lost (``won`` 0) or won (1, with ``cloud`` Clouds in it)."""
    at = 3 * g.hand_len[seat]
    f[at] = 1.0 - won
    f[at + 1] = float(won)
    return aim_rest(g, seat, f, order, skip, cloud)


@hotjit
def aim_rest(g, seat, f, order, skip, cloud):
    """The later tricks' distribution added to ``f[at], f[at + 1]`` (:func:`aim_value`), and the expected points."""
    hl = g.hand_len[seat]
    at = 3 * hl
    target = g.tricks[seat] + need_of(g, seat)
    t0 = g.tricks[seat]
    m = 1
    for k in range(hl):
        i = order[k]
        if i == skip:
            continue
        m += 1
        f[at + m] = 0.0
        for t in range(m, 0, -1):
            p_prev = f[i] if t0 + t - 1 < target else f[hl + i]
            p_here = f[i] if t0 + t < target else f[hl + i]
            f[at + t] = f[at + t] * (1.0 - p_here) + f[at + t - 1] * p_prev
        f[at] *= 1.0 - (f[i] if t0 < target else f[hl + i])
    x = 0.0
    for t in range(m + 1):
        if f[at + t] > 0.0:
            x += f[at + t] * points_at(g, seat, t0 + t, g.clouds[seat] + cloud)
    return x


@hotjit
def later_chances(g, seat, f, order):
    """``f[i]``, ``f[hl + i]``: hand card ``i``'s chance of a later trick while wanted and once sated (module notes),
    and ``order``: the hand positions by the first, strongest first."""
    par = g.params[seat]
    hl = g.hand_len[seat]
    tab = g.tab
    for i in range(hl):
        c = g.hands[seat, i]
        chance = card_chance(g, seat, c)
        kind = tab[KIND, c]
        if par[SP_FLEX] != 0.0 and (kind == C_SHAPESHIFTER or kind == C_JUGGLER or kind == C_CLOUD):
            f[i] = min(1.0, 2.0 * chance * par[SP_FUTURE])  # card_chance counts half of its best
            f[hl + i] = 0.0
        else:
            f[i] = min(1.0, chance * par[SP_FUTURE])
            f[hl + i] = min(1.0, chance * par[SP_SATED])
        k = i
        while k > 0 and f[order[k - 1]] < f[i]:
            order[k] = order[k - 1]
            k -= 1
        order[k] = i


@hotjit
def option_features(g, seat, j, first, v, p, need, f, last, want, out):
    """Write option ``j``'s :data:`~wizstats.layout.N_SP_PLAY` card-play features into ``out`` (module notes): 24
    while tricks are wanted (``need`` > 0), else the same 24 after 24 zeros; ``v`` its aimed score, ``p`` its
    chance to take this trick, ``f`` the hand cards' later chances (:func:`later_chances`); per decision:
    ``last``, whether the seat plays last to the trick, and ``want``, the tricks the other seats still want."""
    tab = g.tab
    half = N_SP_PLAY // 2
    at = 0 if need > 0 else half
    for k in range(N_SP_PLAY):
        out[k] = 0.0
    hl = g.hand_len[seat]
    pos, ok, suit, val = g.opt[0, j], g.opt[1, j], g.opt[2, j], g.opt[3, j]
    takes = float(g.opt[5, j])
    out[at] = v / 10.0
    out[at + 1] = p
    out[at + 2] = 1.0 if j == first else 0.0
    out[at + 3] = takes
    out[at + 4] = p if g.st[ST_TRICK_LEN] == 0 else 0.0
    out[at + 5] = takes if last else 0.0
    out[at + 6] = f[pos]
    out[at + 7] = f[hl + pos]
    trump = g.st[ST_TRUMP]
    if ok == E_SUIT:
        if suit == trump:
            out[at + 14] = 1.0
            out[at + 20] = val / 13.0
        else:
            out[at + 15] = 1.0
            out[at + 21] = val / 13.0
    elif ok == E_WIZARD:
        out[at + 8] = 1.0
    elif ok == E_DRAGON:
        out[at + 10] = 1.0
    elif ok == E_FAIRY:
        out[at + 11] = 1.0
    elif ok == E_BOMB:
        out[at + 12] = 1.0
    elif ok == E_WITCH:
        out[at + 13] = 1.0
    else:
        out[at + 9] = 1.0
    kind = tab[KIND, g.hands[seat, pos]]
    if kind == C_SHAPESHIFTER:
        out[at + 16] = 1.0
    elif kind == C_JUGGLER:
        out[at + 17] = 1.0
    elif kind == C_CLOUD:
        out[at + 18] = 1.0
    elif kind == C_VAMPIRE:
        out[at + 19] = 1.0
    out[at + 22] = max(-1.0, min(1.0, need / hl))
    out[at + 23] = p * want / hl


@hotjit
def aim_scores(g, seat, mask, x, label):
    """``(m, first)``: ``seat``'s options (:func:`.policy.build_options`, ``m`` of them) and the index of the
    heuristic's; when ``m`` > 1, option ``j``'s score is left in ``g.optf[0, deck + j]``: its expected points
    aiming at the bid (module notes), plus the fitted card-play weights' sum over its features (columns
    ``SP_PLAY`` .., read when ``SP_PLAY_ON`` is 1). With ``label``, ``x[j]`` (``x`` of ``m`` rows or more) gets
    option ``j``'s features (:func:`option_features`) and its score is the aimed points alone."""
    need = need_of(g, seat)
    m = build_options(g, seat, mask, -1, -1, need > 0)
    first = decide(g, seat, m, need)  # also marks in g.opt[5] the options that take the trick as it lies
    if m <= 1:
        return m, first
    if need <= 0:  # decide counted the unseen cards when tricks are wanted
        count_unseen(g, seat)
    f = g.optf[1]
    order = g.opt[5, m:]  # the options' slots past m are free
    later_chances(g, seat, f, order)
    dragon, clouds = False, 0
    for i in range(g.st[ST_TRICK_LEN]):
        if g.tk_kind[i] == E_DRAGON:
            dragon = True
        if g.tk_role[i] == C_CLOUD:
            clouds += 1
    par = g.params[seat]
    fitted = par[SP_PLAY_ON] != 0.0 and not label
    deck = g.tab.shape[1]
    feats = g.optf[0, 2 * deck : 2 * deck + N_SP_PLAY]  # free: the options' dangers and scores lie below
    last, want = False, 0
    if fitted or label:
        last = held_after_me(g, seat) == 0
        for q in range(g.st[ST_N]):
            if q != seat:
                want += max(0, need_of(g, q))
    last_pos, last_p, v = -1, -1.0, 0.0
    for j in range(m):
        ok = g.opt[1, j]
        p = 0.0
        if g.opt[5, j] == 1 and (ok != E_FAIRY or dragon):
            p = survive_counted(g, seat, ok, g.opt[2, j], g.opt[3, j], False)
        pos = g.opt[0, j]
        if pos != last_pos or p != last_p:  # a Juggler's or Cloud's forms that lose alike are valued once
            own = 1 if g.tab[KIND, g.hands[seat, pos]] == C_CLOUD else 0
            v = aim_value(g, seat, f, order, pos, p, clouds + own)
            last_pos, last_p = pos, p
        score = v
        if fitted or label:
            out = x[j] if label else feats
            option_features(g, seat, j, first, v, p, need, f, last, want, out)
            if fitted:
                for k in range(N_SP_PLAY):
                    score += par[SP_PLAY + k] * out[k]
        g.optf[0, deck + j] = score
    return m, first


@hotjit
def aim_play(g, seat, mask):
    """``position * 16 + form`` of the expert's card (module notes): the heuristic's unless another option
    scores more than the gate above it."""
    m, first = aim_scores(g, seat, mask, g.optf, False)
    best = first
    if m > 1:
        deck = g.tab.shape[1]
        best_v = -1e18
        for j in range(m):
            if g.optf[0, deck + j] > best_v:
                best, best_v = j, g.optf[0, deck + j]
        if best_v <= g.optf[0, deck + first] + g.params[seat, SP_AIM_GATE]:
            best = first
    return g.opt[0, best] * 16 + g.opt[4, best]


@hotjit
def choose_play(g, seat, mask):
    """The card ``seat`` plays under its policy: the special expert's aimed card, else :func:`.policy.sp_choose_play`."""
    if g.policy[seat] == SP_EXPERT and g.params[seat, SP_AIM] != 0.0:
        return aim_play(g, seat, mask)
    return sp_choose_play(g, seat, mask)
