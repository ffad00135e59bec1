"""The special-card engine's ``expert`` (RULES 8): the special heuristic's play, bids by expected score.

Policy id :data:`~wizstats.layout.SP_EXPERT` of this engine. What it changes against the special heuristic
(:mod:`.policy`) is the bid, built the way the standard expert builds its own (:mod:`..players.expert`):

- Each card's chance to take a trick (:func:`.policy.card_chance`, judged at bidding), summed and rescaled
  as the heuristic rescales its estimate (:func:`.policy.hand_estimate`) (``norm``: a hand drawn at random is worth ``r / n`` tricks), is the
  hand's expected tricks ``e``.
  Its row's ``scale`` multiplies it.
- ``e`` moves towards its share of the tricks the visible earlier bids leave over
  (:func:`..players.expert.read_bids`, weight in column ``SP_READ``).
- With column ``SP_PICK`` at 1 the bid is the one with the best expected score under the round's scoring for
  a distribution of tricks: the cards' chances, scaled so they sum to ``e`` (each capped at 1), counted as
  independent trials; at 0, ``e`` rounded. Never the forbidden bid.

Trump, card play, forms, the Witch's swap and the Juggler's pass are the special heuristic's. The row is set
by :func:`wizstats.engine.special.special_setup`: the heuristic's defaults, and per hand size the ``scale``,
``read`` and ``pick`` fitted in ``wizstats/data/special_expert.npz`` (``tools/fit_special_expert.py``).

Scratch: the cards' chances and the trick distribution live in ``g.optf[1]`` (the options' chances, free
while bidding): chances at ``0 .. r - 1``, the distribution at ``r .. 2r``; a deck holds at least ``3r``
cards and the row ``4 x deck`` slots.
"""

from __future__ import annotations

import numpy as np

from ...layout import SP_EXPERT, SP_PICK, SP_READ
from ..jit import hotjit
from ..players.expert import best_bid, read_bids, scaled_trials
from ..rules.core import ST_R, ST_SCORING, avoid_forbidden
from .policy import hand_estimate, sp_choose_bid


@hotjit
def sp_expert_bid(g, seat, forbidden):
    """The special expert's bid (module notes); never ``forbidden``."""
    r = g.st[ST_R]
    par = g.params[seat]
    e = read_bids(g, seat, min(max(hand_estimate(g, seat), 0.0), float(r)), par[SP_READ])
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
