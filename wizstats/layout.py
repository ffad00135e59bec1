"""The players' layout as the kernels read it: seats, policy ids and parameter columns, in one place.

Plain integers, no numba: the registry (:mod:`wizstats.players`) and the kernels
(:mod:`wizstats._kernels`) both import them, and numba compiles the module-level ints into the
kernels as constants. A policy's row of parameters has :data:`N_PARAMS` columns; its names, in
column order, are :data:`COLUMNS` of its id, and the registry refuses a policy whose parameters
are declared in another order.

>>> COLUMNS[P_EXPERT][E_GATE], COLUMNS[P_HEURISTIC][H_LEAD_MIN]
('gate', 'lead_min')
"""

from __future__ import annotations

MAXP = 8
"""Most seats at a table (the kernels' per-seat arrays have this many rows)."""
N_PARAMS = 15
"""Parameter columns per seat (``float64[MAXP, N_PARAMS]``)."""

# ---------------------------------------------------------------- policy ids (wizstats._kernels.players.dispatch)
P_RANDOM = 0
P_HEURISTIC = 1
P_BASELINE = 2
P_PIMC = 3  # heuristic bids (bidder=1: the expert's), determinized-rollout play
P_ROLLOUT = 4  # Monte Carlo bids, determinized-rollout play
P_EXPERT = 5  # exact round 1, bids that read the table

# ---------------------------------------------------------------- heuristic (its defaults: heuristic.DEFAULTS)
H_SCALE = 0  # multiplies the expected tricks before rounding the bid
H_BIAS = 1  # added to the expected tricks before rounding
H_RUFF = 2  # multiplies the chance that a later player is void in the led suit
H_LEAD_MIN = 3  # win chance a card needs before it is played to take a wanted trick
H_KILL = 4  # when bidding: weight of each unseen threat (players' intent is unknown then)
H_DUCK = 5  # in play: weight of a threat held by a player who has made his bid
H_NORM = 6  # when bidding: 1 scales the hand's estimate so the table's expected total is the hand size
H_TABLE = 7  # when bidding: 1 uses the fitted table of expected tricks where one exists
N_H = 8

# ---------------------------------------------------------------- pimc and rollout (rollout adds the last two)
P_WORLDS = 0
P_SPITE = 1
P_INFER = 2
P_PLAYOUT = 3
P_BIDDER = 4  # 1: names trump and bids (pimc) or centres the bid search (rollout) as the expert at its defaults
P_SAMPLES = 5
P_WINDOW = 6

# ---------------------------------------------------------------- expert
# (ruff, lead_min, kill and duck sit in the heuristic's columns, so the row goes to the heuristic's play as it is)
E_READ = 0  # weight of what the earlier bids leave over
E_FADE = 1  # the weight of the earlier bids fades linearly to 0 at this hand size
E_RUFF = H_RUFF  # 2: chance a later player is void, as the heuristic's ruff (bidding and play)
E_LEAD_MIN = H_LEAD_MIN  # 3: card play: win chance a card needs to be played for a wanted trick
E_KILL = H_KILL  # 4: bidding: weight of each unseen threat
E_DUCK = H_DUCK  # 5: card play: weight of a threat held by a player who has made his bid
E_PICK = 6  # hand sizes up to this bid the best expected score under the distribution; larger ones round
E_LEAD_NT = 7  # card play without trump: lead_min in its place
E_FITTED = 8  # card play: 1 plays by the fitted weights where the hand size has them (.expert_play)
E_GATE = 9  # card play: how far the fitted card must score above the heuristic's (.expert_play)
E_SEARCH = 10  # hand sizes 2..search bid by a rollout search (.pimc.expert_search_bid, called by .dispatch)
E_NAMED = 11  # bidding: the dealer's estimate lowered by this many tricks after he named trump looking at his hand
E_SURE = 12  # bidding: cards with at least this chance of a trick are sure; the bids read and the offset move the rest
E_OTHERS = 13  # bidding: another seat bids this many tricks lower after the dealer named trump looking at his hand
E_ENDGAME = 14  # card play: its last this many cards by the rollout search (.pimc.search_card, called by .dispatch)

# The special-card engine (RULES 8, wizstats._kernels.special): its own policy ids and, after the special
# heuristic's columns H_SCALE .. H_NORM, its expert's bid columns.
SP_HEURISTIC = 1  # the special heuristic (every id but P_RANDOM plays it, except SP_EXPERT's bid)
SP_EXPERT = 2  # the special heuristic's play, bids by expected score (.special.expert)
SP_READ = 7  # weight of what the earlier bids leave over (as E_READ)
SP_PICK = 8  # 1: bid the best expected score under the trick distribution; 0: the estimate rounded
SP_ROLLOUT = 3  # search bids and card play by rollouts of the special heuristic (.special.search)
SP_WORLDS = 9  # rollout: deals of the unseen cards per card decision (its columns 0-8: its bidder's row)
SP_SAMPLES = 10  # rollout: deals of the unseen cards per bid decision
SP_WINDOW = 11  # rollout: bids tried on either side of its bidder's bid
# The special engine's rows are wider than N_PARAMS: after them, the special expert's own columns (a row of
# another policy leaves them 0). Its table of expected tricks per card type: N_SP_FEATURES weights for rounds
# with trump, then as many without (.special.expert.table_estimate).
SP_TABLE_ON = N_PARAMS  # 15: 1 bids from the fitted table of expected tricks (0: the heuristic's estimate)
SP_AIM = N_PARAMS + 1  # 16: 1 plays the card whose expected score, aiming at the bid, is best (.special.expert)
SP_AIM_GATE = N_PARAMS + 2  # 17: how many points the aimed card must score above the heuristic's card
SP_FUTURE = N_PARAMS + 3  # 18: multiplies a hand card's chance of a later trick while tricks are still wanted
SP_SATED = N_PARAMS + 4  # 19: ... once the bid is reached (the seat ducks with its cards then)
SP_FLEX = N_PARAMS + 5  # 20: 1 counts a Shapeshifter, Juggler or Cloud at its best while wanted, at 0 once sated
SP_TABLE = N_PARAMS + 6  # 21: first weight of the table
N_SP_FEATURES = 44  # Wizard, Jester and the nine special kinds; 13 trump ranks, 13 other ranks; 4 seats; 3 shape terms
SP_PLAY_ON = SP_TABLE + 2 * N_SP_FEATURES  # 109: 1 adds the fitted card-play weights to each option's aimed score
SP_PLAY = SP_PLAY_ON + 1  # 110: first fitted card-play weight (.special.expert.option_features)
N_SP_PLAY = 48  # 24 features of an option while tricks are wanted, then the same 24 once the bid is reached
SP_END = SP_PLAY + N_SP_PLAY  # 158: the expert plays the search's card (SP_WORLDS worlds) from this many cards in hand
N_SP_PARAMS = SP_END + 1
"""Parameter columns per seat in the special engine (``float64[MAXP, N_SP_PARAMS]``)."""

# The one-colour engine (RULES 9, wizstats._kernels.variants.onecolour): its own policy ids and, after the
# one-colour heuristic's six columns (scale, bias, lead_min, kill, duck, norm), its expert's bid columns.
OC_HEURISTIC = 1  # the one-colour heuristic
OC_EXPERT = 2  # the one-colour heuristic's play, bids by expected score (.variants.onecolour)
OC_READ = 6  # weight of what the earlier bids leave over (as E_READ)
OC_PICK = 7  # 1: bid the best expected score under the trick distribution; 0: the estimate rounded

_HEURISTIC = ("scale", "bias", "ruff", "lead_min", "kill", "duck", "norm", "table")
_PIMC = ("worlds", "spite", "infer", "playout", "bidder")
_EXPERT = (
    "read",
    "fade",
    "ruff",
    "lead_min",
    "kill",
    "duck",
    "pick",
    "lead_nt",
    "fitted",
    "gate",
    "search",
    "named",
    "sure",
    "others",
    "endgame",
)

COLUMNS: dict[int, tuple[str, ...]] = {
    P_RANDOM: (),
    P_HEURISTIC: _HEURISTIC,
    P_BASELINE: (),
    P_PIMC: _PIMC,
    P_ROLLOUT: (*_PIMC, "samples", "window"),
    P_EXPERT: _EXPERT,
}
"""Per policy id, its parameters' names in column order (``tests/test_policies.py`` checks them against the ints)."""
