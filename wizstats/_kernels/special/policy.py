"""How players handle the special cards (RULES 8) at kernel speed: every choice the cards ask for.

Two players: policy id 0 (``random``) chooses uniformly everywhere; every other policy id
plays the *special heuristic* below, which carries the idea of the standard heuristic
(:mod:`.heuristic`) over to the special cards, reading its parameters (scale, bias, ruff,
lead_min, kill, duck, norm: columns 0-6 of ``g.params``, set by :func:`wizstats.engine.special_setup`).

The special heuristic, choice by choice:

- **Bid**: the rounded sum over the hand of each card's chance to take a trick (times ``scale``,
  plus ``bias``). As in the standard heuristic, a card holds against another player with
  ``hl`` of the ``U`` unseen cards with chance ``(1 - hl/U) ** h``, ``h`` the threats (each
  weighted ``kill`` at bidding; trumps against a non-trump card only as far as that player may
  be void, ``ruff``): a Dragon is threatened only by the Fairy and the Bomb, a Wizard also by the
  Dragon, a suit card also by Wizards, Shapeshifter, Juggler and Cloud (which may name any
  suit) and higher cards of its suit. A card that can go either way (Shapeshifter, Juggler,
  Cloud) counts half of its best chance; a Vampire counts as the card it would copy (a quarter
  when the next card decides); Jester-like cards (Jester, Fairy, Witch, Bomb) count nothing.
  These chances are pessimistic for long hands, so the sum is rescaled (weight ``norm``, default 1)
  so that a hand drawn at random would be worth ``r / n`` tricks: the sum times ``deck / (n x S)``,
  ``S`` the sum of the chances of every card of the deck from the bidder's view. Measured with all
  nine special cards (4 players, 20,000 rounds): mean score per round at 12 cards -13.2 without,
  7.5 with it; at 3 cards 9.3 and 10.2.
- **Tricks wanted** (``need_of``): bid minus tricks; once a Cloud is in the seat's tricks, the
  nearest bid still reachable (bid +-1 per Cloud).
- **Card and form**: every legal card in every form (a Juggler/Cloud naming each suit; a
  Shapeshifter as Jester, and as Wizard only while tricks are wanted) is an option. Wanting
  tricks: the cheapest option that takes the trick now with chance >= ``lead_min`` of holding,
  else a Wizard-like sure winner (a real Wizard before a Shapeshifter, the Dragon last), else the
  best chance; not wanting: lead the least dangerous option (a Bomb is kept back), follow with
  the most dangerous option that loses. A Vampire whose model is still hidden (the Werewolf holds
  the trump place) counts as a harmless card until it is revealed, then picks its form.
- **Trump**: the dealer after a turned Wizard-like card and the Werewolf's holder name the suit
  with most strength (rank + 5 per card); no trump only when they may and hold no suit card.
  The Vampire's player naming a new trump names his strongest suit while he wants tricks, else his
  weakest (or none when he may).
- **Witch**: wanting tricks, take the strongest card of the trick for the weakest hand card;
  not wanting, take the weakest for the most dangerous; swap only when it improves the hand.
- **Juggler pass**: wanting tricks, pass the weakest card; not wanting, the most dangerous.
- **Cloud**: the bid change is not a choice of the policy: it is always the best (see
  :func:`.special.cloud_final`).
"""

from __future__ import annotations

import numpy as np

from ...layout import H_BIAS, H_DUCK, H_KILL, H_LEAD_MIN, H_NORM, H_RUFF, H_SCALE, P_RANDOM
from ..jit import hotjit
from ..rules.core import (
    KIND,
    RANK,
    ST_LED,
    ST_N,
    ST_NSUITS,
    ST_R,
    ST_TRICK_LEN,
    ST_TRUMP,
    SUIT,
    allowed_bid,
    avoid_forbidden,
    below,
    n_allowed_bids,
    nth_bit,
    popcount,
    visible_bid,
)
from .core import (
    A_HALF,
    A_HIGH,
    A_JC,
    A_KIND,
    A_LED,
    A_NJC,
    A_RANKS,
    A_SUITN,
    A_UNSEEN,
    C_BOMB,
    C_CLOUD,
    C_DRAGON,
    C_FAIRY,
    C_JUGGLER,
    C_SHAPESHIFTER,
    C_SUIT,
    C_VAMPIRE,
    C_WITCH,
    C_WIZARD,
    CLOUD_VALUE,
    E_BOMB,
    E_DRAGON,
    E_FAIRY,
    E_JESTER,
    E_SUIT,
    E_WITCH,
    E_WIZARD,
    FORM_LATER,
    JUGGLER_VALUE,
    N_AGG,
    SHAPE_JESTER,
    SHAPE_WIZARD,
    effect_of,
    n_forms,
    public_model,
    trick_outcome,
)

# the policy id P_RANDOM and the heuristic's columns H_SCALE .. H_NORM are wizstats.layout's


# ---------------------------------------------------------------- what a seat wants and knows
@hotjit
def need_of(g, seat):
    """Tricks ``seat`` still wants: its bid minus its tricks; with Clouds in its tricks, the
    nearest bid it can still reach (bid +-1 per Cloud, never below 0), else the highest."""
    b, t, c = g.bids[seat], g.tricks[seat], g.clouds[seat]
    if c == 0:
        return b - t
    best, top = -1, -1
    for j in range(-c, c + 1, 2):
        target = b + j
        if target < 0:
            continue
        top = max(top, target)
        if target >= t and (best < 0 or target < best):
            best = target
    return (best if best >= 0 else top) - t


@hotjit
def held_after_me(g, seat):
    """Cards held by the seats that play after ``seat`` in the current trick."""
    n = g.st[ST_N]
    k = g.st[ST_TRICK_LEN]
    total = 0
    for j in range(1, n - k):
        total += g.hand_len[(seat + j) % n]
    return total


@hotjit
def danger(kind, suit, val, trump):
    """Effective cards ordered harmless to strong: Bomb, Witch, Fairy, Jester, suit cards, trumps, Wizard, Dragon."""
    if kind == E_DRAGON:
        return 800.0
    if kind == E_WIZARD:
        return 400.0
    if kind == E_SUIT:
        return val + (200.0 if suit == trump and trump >= 0 else 0.0)
    if kind == E_JESTER:
        return -4.0
    if kind == E_FAIRY:
        return -8.0
    if kind == E_WITCH:
        return -12.0
    return -16.0


@hotjit
def threat_class(g, ok, sk, vk, c, model):
    """How the unseen card ``c`` threatens an option of effective kind/suit/value ``ok, sk, vk``:
    ``(always, higher, trump)`` weights; *always*: whoever holds it can beat the option (Wizard-like
    and special cards may always be played), *higher*: a higher card of the option's suit, *trump*:
    a trump against a non-trump option."""
    tab = g.tab
    trump = g.st[ST_TRUMP]
    kc = tab[KIND, c]
    if kc == C_VAMPIRE:
        if model == -2:
            return 0.0, 0.0, 0.0
        if model == -1:
            return 0.5, 0.0, 0.0
        c = model
        kc = tab[KIND, c]
    if ok == E_DRAGON:
        return (1.0 if kc == C_FAIRY or kc == C_BOMB else 0.0), 0.0, 0.0
    if ok == E_WIZARD:
        return (1.0 if kc == C_DRAGON or kc == C_BOMB else 0.0), 0.0, 0.0
    if ok == E_FAIRY:
        return (1.0 if kc == C_BOMB else 0.0), 0.0, 0.0
    if ok != E_SUIT:
        return 0.0, 0.0, 0.0
    if kc == C_WIZARD or kc == C_DRAGON or kc == C_SHAPESHIFTER or kc == C_BOMB:
        return 1.0, 0.0, 0.0
    if kc == C_SUIT:
        cs = tab[SUIT, c]
        if cs == sk:
            return 0.0, (1.0 if 4 * tab[RANK, c] > vk else 0.0), 0.0
        if cs == trump and sk != trump:
            return 0.0, 0.0, 1.0
        return 0.0, 0.0, 0.0
    if kc == C_JUGGLER or kc == C_CLOUD:
        v = JUGGLER_VALUE if kc == C_JUGGLER else CLOUD_VALUE
        if v > vk or (trump >= 0 and sk != trump):
            return 1.0, 0.0, 0.0
    return 0.0, 0.0, 0.0


@hotjit
def survive(g, seat, ok, sk, vk, bidding):
    """Chance that the option holds against the seats still to play (all others when ``bidding``).

    As the standard heuristic: a later player holding ``hl`` of the ``U`` unseen cards holds none
    of ``h`` given threats with chance ``(1 - hl/U) ** h``; higher cards of the option's suit
    threaten only when it is the led suit, trumps only a player void in the led suit (chance
    ``ruff * (1 - hl/U) ** u``, ``u`` unseen cards of the led suit). When bidding each threat counts
    ``kill``; in play a player who has made his bid counts ``duck``. Jester-like options: 0.
    """
    if ok == E_JESTER or ok == E_WITCH or ok == E_BOMB:
        return 0.0
    tab, st = g.tab, g.st
    deck = tab.shape[1]
    led = st[ST_LED]
    lead_suit = sk if (bidding or led < 0) else led
    model = public_model(g)
    always, higher, trumps = 0.0, 0.0, 0.0
    unseen, u_led = 0, 0
    j, held = 0, g.hand_len[seat]
    for c in range(deck):
        if j < held and g.hands[seat, j] == c:
            j += 1
            continue
        if g.gone[c] == 1:
            continue
        unseen += 1
        if tab[KIND, c] == C_SUIT and tab[SUIT, c] == lead_suit:
            u_led += 1
        a, h, t = threat_class(g, ok, sk, vk, c, model)
        always += a
        higher += h
        trumps += t
    return hold_chance(g, seat, always, higher, trumps, unseen, u_led, ok != E_SUIT or sk == lead_suit, bidding)


@hotjit
def hold_chance(g, seat, always, higher, trumps, unseen, u_led, follows, bidding):
    """The product over the seats still to play (all others when ``bidding``) of :func:`survive`'s factors."""
    if unseen <= 0:
        return 1.0
    st = g.st
    n = st[ST_N]
    ruff = g.params[seat, H_RUFF]
    last = n if bidding else n - st[ST_TRICK_LEN]
    p = 1.0
    for q_off in range(1, last):
        q = (seat + q_off) % n
        hl = g.hand_len[q]
        if hl == 0:
            continue
        stay = 1.0 - min(1.0, hl / unseen)
        void = min(1.0, ruff * stay**u_led)
        h = always + (higher + trumps * void if follows else higher * void)
        if bidding:
            w = g.params[seat, H_KILL]
        else:
            b = visible_bid(g, seat, q)
            w = 0.5 * (1.0 + g.params[seat, H_DUCK]) if b < 0 else (1.0 if b > g.tricks[q] else g.params[seat, H_DUCK])
        p *= stay ** (h * w)
    return p


@hotjit
def count_unseen(g, seat):
    """Count the cards ``seat`` has not seen into ``g.agg`` (the ``A_*`` slots), for :func:`survive_bid`."""
    agg, tab = g.agg, g.tab
    for i in range(N_AGG):
        agg[i] = 0
    model = public_model(g)
    j, held = 0, g.hand_len[seat]
    for c in range(tab.shape[1]):
        if j < held and g.hands[seat, j] == c:
            j += 1
            continue
        if g.gone[c] == 1:
            continue
        agg[A_UNSEEN] += 1
        if tab[KIND, c] == C_SUIT:
            agg[A_LED + tab[SUIT, c]] += 1
        as_card = c
        if tab[KIND, c] == C_VAMPIRE:  # as threat_class: nothing, half a threat, or the card it copies
            if model == -2:
                continue
            if model == -1:
                agg[A_HALF] += 1
                continue
            as_card = model
        kind = tab[KIND, as_card]
        if kind == C_SUIT:
            s = tab[SUIT, as_card]
            agg[A_SUITN + s] += 1
            agg[A_HIGH + s * A_RANKS + min(tab[RANK, as_card], A_RANKS - 1)] += 1
        else:
            agg[A_KIND + kind] += 1
            if kind == C_JUGGLER or kind == C_CLOUD:
                agg[A_JC + agg[A_NJC]] = JUGGLER_VALUE if kind == C_JUGGLER else CLOUD_VALUE
                agg[A_NJC] += 1
    for s in range(4):  # rank counts to counts of rank >= k
        for k in range(A_RANKS - 2, -1, -1):
            agg[A_HIGH + s * A_RANKS + k] += agg[A_HIGH + s * A_RANKS + k + 1]


@hotjit
def survive_bid(g, seat, ok, sk, vk):
    """``survive(g, seat, ok, sk, vk, True)`` from the counts of :func:`count_unseen`, without a pass over the deck.

    Every threat weighs 0, 1/2 or 1, so its sums are exact in any order: the same numbers, bit for bit.
    """
    return survive_counted(g, seat, ok, sk, vk, True)


@hotjit
def survive_counted(g, seat, ok, sk, vk, bidding):
    """``survive(g, seat, ok, sk, vk, bidding)`` from the counts of :func:`count_unseen` (see :func:`survive_bid`)."""
    if ok == E_JESTER or ok == E_WITCH or ok == E_BOMB:
        return 0.0
    agg = g.agg
    always = 0.5 * agg[A_HALF]
    higher, trumps = 0.0, 0.0
    if ok == E_DRAGON:
        always += agg[A_KIND + C_FAIRY] + agg[A_KIND + C_BOMB]
    elif ok == E_WIZARD:
        always += agg[A_KIND + C_DRAGON] + agg[A_KIND + C_BOMB]
    elif ok == E_FAIRY:
        always += agg[A_KIND + C_BOMB]
    elif ok == E_SUIT:
        trump = g.st[ST_TRUMP]
        always += agg[A_KIND + C_WIZARD] + agg[A_KIND + C_DRAGON] + agg[A_KIND + C_SHAPESHIFTER] + agg[A_KIND + C_BOMB]
        for i in range(agg[A_NJC]):
            if agg[A_JC + i] > vk or (trump >= 0 and sk != trump):
                always += 1.0
        higher = agg[A_HIGH + sk * A_RANKS + min(vk // 4 + 1, A_RANKS - 1)]  # rank > vk / 4
        if trump >= 0 and sk != trump:
            trumps = agg[A_SUITN + trump]
    led = g.st[ST_LED]
    lead_suit = sk if (bidding or led < 0) else led
    u_led = agg[A_LED + lead_suit] if lead_suit >= 0 else 0
    follows = ok != E_SUIT or sk == lead_suit
    return hold_chance(g, seat, always, higher, trumps, agg[A_UNSEEN], u_led, follows, bidding)


# ---------------------------------------------------------------- bids and trump
@hotjit
def card_chance(g, seat, card):
    """A card's share of the bid (see the module docstring), from the counts of :func:`count_unseen`."""
    tab = g.tab
    model = card
    kind = tab[KIND, card]
    if kind == C_VAMPIRE:
        m = public_model(g)
        if m == -2:
            return 0.0
        if m == -1:
            return 0.25
        model = m
        kind = tab[KIND, m]
    if kind == C_SHAPESHIFTER:
        return 0.5 * survive_bid(g, seat, E_WIZARD, -1, 0)
    if kind == C_JUGGLER or kind == C_CLOUD:
        v = JUGGLER_VALUE if kind == C_JUGGLER else CLOUD_VALUE
        best = 0.0
        for s in range(g.st[ST_NSUITS]):
            best = max(best, survive_bid(g, seat, E_SUIT, s, v))
        return 0.5 * best
    ek, es, ev = effect_of(tab, model, 0)
    if ek == E_FAIRY:
        return 0.0
    return survive_bid(g, seat, ek, es, ev)


@hotjit
def hand_estimate(g, seat):
    """The hand's expected tricks: its cards' chances summed, rescaled by ``norm``, times ``scale`` plus ``bias``.

    Each card's chance is left in ``g.optf[1, :hand]`` (the options' chances, free while bidding), for the
    special expert's trick distribution (:mod:`.expert`).
    """
    par = g.params[seat]
    f = g.optf[1]
    count_unseen(g, seat)
    e = 0.0
    for i in range(g.hand_len[seat]):
        f[i] = card_chance(g, seat, g.hands[seat, i])
        e += f[i]
    norm = par[H_NORM]
    if norm > 0.0:
        deck = g.tab.shape[1]
        total = 0.0
        for c in range(deck):
            total += card_chance(g, seat, c)
        if total > 0.0:  # a hand of r cards drawn at random would be worth r / n tricks
            e = (1.0 - norm) * e + norm * e * deck / (g.st[ST_N] * total)
    return e * par[H_SCALE] + par[H_BIAS]


@hotjit
def sp_choose_bid(g, seat, forbidden):
    """The bid of ``seat``; never ``forbidden`` (-1: nothing forbidden)."""
    r = g.st[ST_R]
    if g.policy[seat] == P_RANDOM:
        return allowed_bid(below(g.rng, n_allowed_bids(r, forbidden)), forbidden)
    e = hand_estimate(g, seat)
    return avoid_forbidden(int(min(max(np.floor(e + 0.5), 0), r)), e, r, forbidden)


@hotjit
def suit_strength(g, seat, s):
    """Rank + 5 summed over ``seat``'s suit cards of suit ``s``."""
    tab = g.tab
    value = 0
    for i in range(g.hand_len[seat]):
        c = g.hands[seat, i]
        if tab[KIND, c] == C_SUIT and tab[SUIT, c] == s:
            value += tab[RANK, c] + 5
    return value


@hotjit
def sp_choose_trump(g, seat, allow_none, by_need, blind):
    """The trump ``seat`` names (-1: no trump, only when ``allow_none``).

    ``by_need``: the Vampire's player (strongest suit while he wants tricks, else the weakest or
    none); ``blind``: the dealer names before looking (RULES 3), a random suit.
    """
    nsuits = g.st[ST_NSUITS]
    if g.policy[seat] == P_RANDOM or blind:
        k = below(g.rng, nsuits + (1 if allow_none else 0))
        return -1 if k == nsuits else k
    best, best_value, worst, worst_value = 0, -1, 0, 1 << 30
    for s in range(nsuits):
        value = suit_strength(g, seat, s)
        if value > best_value:
            best, best_value = s, value
        if value < worst_value:
            worst, worst_value = s, value
    if by_need and need_of(g, seat) <= 0:
        return -1 if allow_none else worst
    if best_value == 0 and allow_none:
        return -1
    return best


# ---------------------------------------------------------------- card play
@hotjit
def add_option(g, m, pos, kind, suit, val, form, extra):
    """Append option ``m``: hand position, effective card, form; danger plus ``extra``."""
    g.opt[0, m] = pos
    g.opt[1, m] = kind
    g.opt[2, m] = suit
    g.opt[3, m] = val
    g.opt[4, m] = form
    g.optf[0, m] = danger(kind, suit, val, g.st[ST_TRUMP]) + extra
    return m + 1


@hotjit
def build_options(g, seat, mask, only_pos, given_model, want):
    """The options of ``seat``: each legal card (or only ``only_pos``, acting as ``given_model``) in each form."""
    tab = g.tab
    nsuits = g.st[ST_NSUITS]
    m = 0
    for i in range(g.hand_len[seat]):
        if only_pos >= 0:
            if i != only_pos:
                continue
        elif not mask & (np.int64(1) << i):
            continue
        c = g.hands[seat, i]
        model = c
        if only_pos >= 0:
            model = given_model
        elif tab[KIND, c] == C_VAMPIRE:
            pm = public_model(g)
            if pm == -1:  # the model shows only when played: a harmless card until then
                m = add_option(g, m, i, E_JESTER, -1, 0, FORM_LATER, 4.0)
                continue
            model = pm if pm >= 0 else -1
        if model < 0:
            m = add_option(g, m, i, E_JESTER, -1, 0, 0, 0.0)
            continue
        kind = tab[KIND, model]
        if kind == C_JUGGLER or kind == C_CLOUD:
            v = JUGGLER_VALUE if kind == C_JUGGLER else CLOUD_VALUE
            for s in range(nsuits):
                m = add_option(g, m, i, E_SUIT, s, v, s, 0.0)
        elif kind == C_SHAPESHIFTER:
            if want:
                m = add_option(g, m, i, E_WIZARD, -1, 0, SHAPE_WIZARD, 4.0)
            m = add_option(g, m, i, E_JESTER, -1, 0, SHAPE_JESTER, 0.0)
        else:
            ek, es, ev = effect_of(tab, model, 0)
            m = add_option(g, m, i, ek, es, ev, 0, 0.0)
    return m


@hotjit
def extreme_option(g, m, want_high, wins_filter, skip_bomb):
    """The option with the highest or lowest danger; ``wins_filter`` 1/0 keeps winners/losers only, -1 all."""
    best = -1
    has_other = False
    if skip_bomb:
        for j in range(m):
            if g.opt[1, j] != E_BOMB:
                has_other = True
    for j in range(m):
        if wins_filter >= 0 and g.opt[5, j] != wins_filter:
            continue
        if has_other and g.opt[1, j] == E_BOMB:
            continue
        d = g.optf[0, j]
        if best < 0 or (want_high and d > g.optf[0, best]) or (not want_high and d < g.optf[0, best]):
            best = j
    return best


@hotjit
def decide(g, seat, m, need):
    """Index of the option ``seat`` plays (see the module docstring)."""
    st = g.st
    k = st[ST_TRICK_LEN]
    leading = k == 0
    after = held_after_me(g, seat)
    dragon = False
    for i in range(k):
        if g.tk_kind[i] == E_DRAGON:
            dragon = True
    for j in range(m):  # does the option take the trick if it ended now?
        g.tk_kind[k] = g.opt[1, j]
        g.tk_suit[k] = g.opt[2, j]
        g.tk_val[k] = g.opt[3, j]
        pos, bombed = trick_outcome(g.tk_kind, g.tk_suit, g.tk_val, k + 1, st[ST_TRUMP])
        g.opt[5, j] = 1 if (pos == k and not bombed) else 0
    if need <= 0:
        if leading:
            return extreme_option(g, m, False, -1, True)
        j = extreme_option(g, m, True, 0, False)
        if j >= 0:
            return j
        return extreme_option(g, m, after == 0, -1, False)
    lead_min = g.params[seat, H_LEAD_MIN]
    count_unseen(g, seat)  # the chances below read the counts (survive_counted: survive's numbers, bit for bit)
    best, best_chance = -1, -1.0
    for j in range(m):
        ok = g.opt[1, j]
        if g.opt[5, j] == 0 or ok == E_WIZARD or ok == E_DRAGON:
            continue
        chance = 0.0
        if ok != E_FAIRY or dragon:
            chance = survive_counted(g, seat, ok, g.opt[2, j], g.opt[3, j], False)
        if chance >= lead_min and (best < 0 or chance < best_chance or best_chance < lead_min):
            best, best_chance = j, chance
        elif best < 0 or (best_chance < lead_min and chance > best_chance):
            best, best_chance = j, chance
    if best >= 0 and best_chance >= lead_min:
        return best
    sure = -1
    for j in range(m):
        ok = g.opt[1, j]
        if g.opt[5, j] == 1 and (ok == E_WIZARD or ok == E_DRAGON):
            if sure < 0 or g.optf[0, j] < g.optf[0, sure]:
                sure = j
    if sure >= 0:
        return sure
    if best >= 0 and not leading:
        return best
    return extreme_option(g, m, False, -1, False)


@hotjit
def sp_choose_play(g, seat, mask):
    """``position * 16 + form`` of the card ``seat`` plays (form ``FORM_LATER``: chosen once revealed)."""
    if g.policy[seat] == P_RANDOM:
        return nth_bit(mask, below(g.rng, popcount(mask))) * 16 + FORM_LATER
    need = need_of(g, seat)
    m = build_options(g, seat, mask, -1, -1, need > 0)
    j = decide(g, seat, m, need)
    return g.opt[0, j] * 16 + g.opt[4, j]


@hotjit
def sp_choose_form(g, seat, pos, model):
    """The form of the card at ``pos`` acting as ``model`` (a suit, or Wizard/Jester), once revealed."""
    nf = n_forms(g.tab, model, g.st[ST_NSUITS])
    if g.policy[seat] == P_RANDOM:
        return below(g.rng, nf) if nf > 1 else 0
    need = need_of(g, seat)
    m = build_options(g, seat, 0, pos, model, need > 0)
    return g.opt[4, decide(g, seat, m, need)]


# ---------------------------------------------------------------- Witch and Juggler
@hotjit
def keep_value(g, card, want):
    """How much ``seat`` wants to hold ``card``: its strength when tricks are wanted, else its danger."""
    tab = g.tab
    trump = g.st[ST_TRUMP]
    if tab[KIND, card] == C_VAMPIRE:
        m = public_model(g)
        if m < 0:
            return 0.0
        card = m
    kind = tab[KIND, card]
    if kind == C_SUIT:
        return tab[RANK, card] + (50.0 if tab[SUIT, card] == trump and trump >= 0 else 0.0)
    if kind == C_WIZARD:
        return 100.0
    if kind == C_DRAGON:
        return 200.0
    if kind == C_SHAPESHIFTER:
        return 100.0 if want else -1.0
    if kind == C_JUGGLER or kind == C_CLOUD:
        v = 7.5 if kind == C_JUGGLER else 9.75
        return v + (50.0 if want and trump >= 0 else 0.0)
    if kind == C_FAIRY:
        return -2.0
    if kind == C_WITCH:
        return -3.0
    if kind == C_BOMB:
        return -4.0
    return -1.0


@hotjit
def sp_choose_swap(g, seat, witch_k, winner_seat):
    """The Witch's swap: ``take * 64 + hand_position``, or -1 for none (``winner_seat`` -1: bombed)."""
    n = g.st[ST_TRICK_LEN]
    length = g.hand_len[seat]
    if g.policy[seat] == P_RANDOM:
        x = below(g.rng, 1 + (n - 1) * length)
        if x == 0:
            return -1
        x -= 1
        take = x // length
        if take >= witch_k:
            take += 1
        return take * 64 + x % length
    want = need_of(g, seat) - (1 if winner_seat == seat else 0) > 0
    take, take_v = -1, 0.0
    for k in range(n):
        if k == witch_k:
            continue
        v = keep_value(g, g.tk_card[k], want)
        if take < 0 or (want and v > take_v) or (not want and v < take_v):
            take, take_v = k, v
    put, put_v = -1, 0.0
    for i in range(length):
        v = keep_value(g, g.hands[seat, i], want)
        if put < 0 or (want and v < put_v) or (not want and v > put_v):
            put, put_v = i, v
    if (want and take_v > put_v) or (not want and take_v < put_v):
        return take * 64 + put
    return -1


@hotjit
def sp_choose_pass(g, seat):
    """The hand position ``seat`` passes left after a Juggler trick."""
    length = g.hand_len[seat]
    if g.policy[seat] == P_RANDOM:
        return below(g.rng, length)
    want = need_of(g, seat) > 0
    pos, pos_v = 0, 0.0
    for i in range(length):
        v = keep_value(g, g.hands[seat, i], want)
        if i == 0 or (want and v < pos_v) or (not want and v > pos_v):
            pos, pos_v = i, v
    return pos
