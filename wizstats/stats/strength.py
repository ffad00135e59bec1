"""Every card's chance to take its trick, from random deals, and the bid thresholds that follow.

>>> t = card_strength(4, 1, n=3000, policy="random").table
>>> bool(t[(t.card == "W") & (t.seat == 1)].value.item() == 1.0)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..engine import card_table_batches, seed_key, threads_limited
from ..estimates import Result, run_adaptive
from ..exact import break_even_probability
from ..intervals import wilson_interval
from ..rules import Deck
from .study import Sizes, StudyOptions, Threaded

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["bid_thresholds", "card_strength"]


# ---------------------------------------------------------------- every card at once
def _category_labels(deck: Deck) -> list[tuple[str, str]]:
    R = deck.n_ranks
    labels = [("W", "-"), ("J", "-")]
    for relation in ("trump", "plain", "no trump"):
        labels += [(str(k), relation) for k in range(1, R + 1)]
    return labels


def card_strength(n_players: int | None = None, hand_size: int = 1, **options: Unpack[Threaded]) -> Result:
    """How often each kind of card takes the trick it is played in, per seat, from random deals.

    Cards are grouped by rank and relation to trump (``trump``, ``plain``: another suit is
    trump, ``no trump``), Wizards and Jesters apart; everyone bids and plays by ``policy``, so
    a card held by a player who wants no more tricks may be played to lose. Rows: ``seat,
    card, relation, value, low, high, n`` (``n``: cards of that kind played from that seat).
    ``extra["trump_counts"][seat, m, w]`` counts rounds in which the seat held ``m`` trumps and
    took ``w`` tricks with them.

    >>> t = card_strength(4, 1, n=3000, policy="random").table
    >>> bool(t[(t.card == "W") & (t.seat == 1)].value.item() == 1.0)
    True
    """
    o = StudyOptions.of(n_players, hand_size, options, accepts=Threaded, sizes="one")
    rules, (r,) = o.rules, o.hand_sizes
    _, pol_ids, params = o.players
    batch = card_table_batches(rules, r, pol_ids, params, np.uint64(seed_key(o.seed)))
    with threads_limited(o.threads):
        tot, used = run_adaptive(batch, n=o.n)
    n_seats, confidence_level = rules.n_players, o.confidence_level
    rows = []
    for seat in range(n_seats):
        for c, (label, relation) in enumerate(_category_labels(rules.deck)):
            played, won = (int(x) for x in tot["cat"][seat, c])
            if played == 0:
                continue
            ci = wilson_interval(won, played, confidence_level=confidence_level)
            rows.append(
                {
                    "seat": seat,
                    "card": label,
                    "relation": relation,
                    "value": won / played,
                    "low": ci.low,
                    "high": ci.high,
                    "n": played,
                }
            )
    return o.result(
        f"Chance that a card takes its trick: {n_players or rules.n_players} players, hand size {r}",
        rows,
        f"Wilson intervals over the cards played, {used} random rounds",
        n=used,
        extra={"trump_counts": tot["trump"]},
    )


def _weakest(by_rank: dict[int, tuple[float, float, float]], cut: float) -> tuple[int | None, bool]:
    """The lowest rank from which every higher rank has an estimate >= cut, and whether that is clear
    (its interval lies above the cut and that of the rank below, if any, under it)."""
    weakest = None
    for k in sorted(by_rank, reverse=True):
        if by_rank[k][0] < cut:
            break
        weakest = k
    if weakest is None:
        top = max(by_rank) if by_rank else None
        return None, top is None or by_rank[top][2] < cut
    below = by_rank.get(weakest - 1)
    return weakest, by_rank[weakest][1] >= cut and (below is None or below[2] < cut)


def bid_thresholds(
    n_players: int | None = None, hand_sizes: Sizes = None, *, sure_tricks: int = 0, **options: Unpack[Threaded]
) -> Result:
    """The weakest trump, non-trump and no-trump card worth bidding one more trick, by hand size and seat.

    A card is worth a trick when its chance to take the trick it is played in (see
    :func:`card_strength`) is at least the break-even chance of the scoring
    (:func:`wizstats.exact.break_even_probability`, 3/7 for the first trick, ``sure_tricks=k``
    for the (k+1)-th). ``weakest_*`` is the lowest rank from which every higher rank reaches it;
    ``clear`` says the intervals separate it from the rank below. ``trumps_for_a_trick``: the
    fewest trumps (any ranks) that take at least one trick with at least that chance.

    >>> t = bid_thresholds(4, 1, n=4000).table
    >>> list(t.columns[:4])
    ['hand_size', 'seat', 'weakest_trump', 'weakest_plain']
    """
    o = StudyOptions.of(n_players, hand_sizes, options, accepts=Threaded)
    rules = o.rules
    rows = []
    for r in o.hand_sizes:  # hand size r runs with seed + r
        cut = float(break_even_probability(sure_tricks, rules=rules, hand_size=max(r, sure_tricks + 1)))
        strength = card_strength(hand_size=r, **(options | {"rules": rules, "seed": o.seed + r}))
        t = strength.table
        for seat in range(rules.n_players):
            row: dict[str, object] = {"hand_size": r, "seat": seat}
            clear = True
            for relation in ("trump", "plain", "no trump"):
                sel = t[(t.seat == seat) & (t.relation == relation)]
                by_rank = {int(x.card): (x.value, x.low, x.high) for x in sel.itertuples()}
                weakest, ok = _weakest(by_rank, cut) if by_rank else (None, True)
                row[f"weakest_{relation.replace(' ', '_')}"] = weakest
                row[f"p_{relation.replace(' ', '_')}"] = by_rank[weakest][0] if weakest is not None else None
                clear = clear and ok
            row["trumps_for_a_trick"] = _trumps_for_a_trick(strength.extra["trump_counts"][seat], cut)
            row["break_even"] = cut
            row["clear"] = clear
            rows.append(row)
    cols = ["hand_size", "seat", "weakest_trump", "weakest_plain", "weakest_no_trump", "p_trump", "p_plain"]
    cols += ["p_no_trump", "trumps_for_a_trick", "break_even", "clear"]
    out = pd.DataFrame(rows)[cols]
    for col in ("weakest_trump", "weakest_plain", "weakest_no_trump", "trumps_for_a_trick"):
        out[col] = out[col].astype("Int64")
    return o.result(
        f"Weakest card worth bidding one more trick ({rules.n_players} players)",
        out,
        "card win rates from random deals played by the policy against the break-even chance; seed + r for hand size r",
    )


def _trumps_for_a_trick(counts: np.ndarray, cut: float) -> int | None:
    """Fewest trumps ``m`` whose holders took at least one trump trick in a share ``>= cut`` of rounds."""
    for m in range(1, counts.shape[0]):
        total = counts[m].sum()
        if total >= 30 and counts[m, 1:].sum() / total >= cut:
            return m
    return None
