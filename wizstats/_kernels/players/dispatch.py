"""Policies at kernel speed, and the one place that dispatches on a policy id.

Every policy answers three questions for a seat: which trump to name after a turned Wizard
(:func:`choose_trump`), what to bid (:func:`choose_bid`, given the forbidden bid or -1), and
which legal hand position to play (:func:`choose_card`, given the legal mask). Policies read
the round state ``g`` (see :mod:`.core`) but only what their seat may know: their own hand,
the public cards in ``g.gone``, the current trick, tricks won, known voids ``g.void``, and
bids through :func:`.core.visible_bid`.

The players live in their own modules: :mod:`.heuristic`, :mod:`.baseline`, :mod:`.expert` and :mod:`.pimc`
(determinized rollouts: the ``pimc`` card play and the ``rollout`` bidder).

Adding a policy: give it an id and its parameter columns in :mod:`wizstats.layout`, write its three
functions, add a branch to each dispatcher, and register its name and parameters in :mod:`wizstats.players`.
"""

from __future__ import annotations

from ...layout import E_ENDGAME, E_SEARCH, P_BASELINE, P_BIDDER, P_EXPERT, P_HEURISTIC, P_PIMC, P_ROLLOUT
from ..jit import hotjit
from ..rules.core import ST_NSUITS, ST_R, allowed_bid, below, n_allowed_bids, nth_bit, popcount
from .baseline import baseline_bid, baseline_card, baseline_trump
from .expert import EXPERT_DEFAULTS, expert_bid, expert_card, expert_trump
from .heuristic import DEFAULTS, heuristic_bid, heuristic_card, heuristic_trump
from .pimc import ENDGAME_INFER, ENDGAME_WORLDS, endgame_cards, expert_search_bid, pimc_card, rollout_bid, search_card

# the policy ids (P_RANDOM .. P_EXPERT) are wizstats.layout's, shared with the registry


# ---------------------------------------------------------------- random
@hotjit
def random_bid(g, seat, forbidden):
    """Uniform over the allowed bids 0..r."""
    return allowed_bid(below(g.rng, n_allowed_bids(g.st[ST_R], forbidden)), forbidden)


@hotjit
def random_card(g, seat, mask):
    """Uniform over the legal cards (hand positions in ascending card order)."""
    return nth_bit(mask, below(g.rng, popcount(mask)))


# ---------------------------------------------------------------- dispatch
# Inlined into their callers and compiled without reference counting: a call that passes the
# round state (18 arrays) would otherwise count every array up and down, about 100 ns per
# card, which was 70 % of a random round (benchmarks/README.md, "Where the time goes").
@hotjit(inline="always")
def choose_trump(g, seat):
    """The suit ``seat`` (the dealer) names after a turned Wizard."""
    pid = g.policy[seat]
    if (pid == P_PIMC or pid == P_ROLLOUT) and g.params[seat, P_BIDDER] == 1.0:
        return expert_trump(g, seat, EXPERT_DEFAULTS)
    if pid == P_HEURISTIC or pid == P_PIMC or pid == P_ROLLOUT:
        return heuristic_trump(g, seat)
    if pid == P_BASELINE:
        return baseline_trump(g, seat)
    if pid == P_EXPERT:
        return expert_trump(g, seat, g.params[seat])
    return below(g.rng, g.st[ST_NSUITS])


@hotjit(inline="always")
def choose_bid(g, seat, forbidden):
    """The bid of ``seat``; never ``forbidden`` (-1 when nothing is forbidden)."""
    pid = g.policy[seat]
    if pid == P_HEURISTIC:
        return heuristic_bid(g, seat, forbidden, g.params[seat])
    if pid == P_PIMC:
        if g.params[seat, P_BIDDER] == 1.0:
            return expert_bid(g, seat, forbidden, EXPERT_DEFAULTS)
        return heuristic_bid(g, seat, forbidden, DEFAULTS)
    if pid == P_ROLLOUT:
        return rollout_bid(g, seat, forbidden)
    if pid == P_BASELINE:
        return baseline_bid(g, seat, forbidden)
    if pid == P_EXPERT:
        if 2 <= g.st[ST_R] <= g.params[seat, E_SEARCH]:
            return expert_search_bid(g, seat, forbidden, g.params[seat])
        return expert_bid(g, seat, forbidden, g.params[seat])
    return random_bid(g, seat, forbidden)


@hotjit(inline="always")
def choose_card(g, seat, mask):
    """The hand position ``seat`` plays; its bit is set in the legal ``mask``."""
    pid = g.policy[seat]
    if pid == P_HEURISTIC:
        return heuristic_card(g, seat, mask, g.params[seat])
    if pid == P_PIMC or pid == P_ROLLOUT:
        return pimc_card(g, seat, mask)
    if pid == P_BASELINE:
        return baseline_card(g, seat, mask)
    if pid == P_EXPERT:
        if g.hand_len[seat] <= endgame_cards(g.st[ST_R], g.params[seat, E_ENDGAME]):
            return search_card(g, seat, mask, ENDGAME_WORLDS, 0.0, ENDGAME_INFER, 1.0)
        return expert_card(g, seat, mask, g.params[seat])
    return random_card(g, seat, mask)
