"""Every card's chance to take its trick, from random deals, and the bid thresholds that follow.

>>> t = card_strength(4, 1, n=3000, policy="random").table
>>> bool(t[(t.card == "W") & (t.seat == 1)].value.item() == 1.0)
True
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pandas as pd

from ..engine import n_blocks, round_setup, seed_key, threads_limited
from ..estimates import Result, check_confidence, check_sample_size, run_adaptive
from ..exact import break_even_probability
from ..intervals import wilson_interval
from ..rules import Deck, Rules
from .setup import hand_size_iv, policy_setup, rules_iv

__all__ = ["bid_thresholds", "card_strength"]


# ---------------------------------------------------------------- every card at once
def _category_labels(deck: Deck) -> list[tuple[str, str]]:
    R = deck.n_ranks
    labels = [("W", "-"), ("J", "-")]
    for relation in ("trump", "plain", "no trump"):
        labels += [(str(k), relation) for k in range(1, R + 1)]
    return labels


def card_strength(
    n_players: int | None = None,
    hand_size: int = 1,
    *,
    rules: Rules | None = None,
    policy: object = None,
    n: int = 20_000,
    seed: int = 0,
    confidence_level: float = 0.95,
    threads: int | None = None,
) -> Result:
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
    from .._kernels.engine.stats import card_table_rounds

    rules = rules_iv(rules, n_players)
    r = hand_size_iv(hand_size, rules)
    name, pol_ids, params = policy_setup(policy, rules.n_players)
    check_sample_size(n)
    check_confidence(confidence_level)
    key = np.uint64(seed_key(seed))
    tab, st0 = round_setup(rules, r)
    nR = rules.deck.n_ranks
    n_seats = rules.n_players

    def batch(start: int, size: int) -> dict[str, np.ndarray]:
        nb = n_blocks(size)
        cat = np.zeros((nb, n_seats, 2 + 3 * nR, 2), np.int64)
        tc = np.zeros((nb, n_seats, r + 1, r + 1), np.int64)
        card_table_rounds(tab, st0, pol_ids, params, key, start, size, nb, nR, cat, tc)
        return {"cat": cat.sum(axis=0), "trump": tc.sum(axis=0)}

    with threads_limited(threads):
        tot, used = run_adaptive(batch, n=n)
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
    return Result(
        f"Chance that a card takes its trick: {n_players or rules.n_players} players, hand size {r}",
        pd.DataFrame(rows),
        False,
        f"Wilson intervals over the cards played, {used} random rounds",
        rules,
        name,
        seed,
        used,
        confidence_level,
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
    n_players: int | None = None,
    hand_sizes: int | Iterable[int] | None = None,
    *,
    rules: Rules | None = None,
    policy: object = None,
    n: int = 20_000,
    seed: int = 0,
    sure_tricks: int = 0,
    confidence_level: float = 0.95,
    threads: int | None = None,
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
    rules = rules_iv(rules, n_players)
    sizes = (
        rules.schedule if hand_sizes is None else ([hand_sizes] if isinstance(hand_sizes, int) else list(hand_sizes))
    )
    seed_key(seed)  # checked here: hand size r runs with seed + r
    rows, name = [], ""
    for r in sizes:
        cut = float(break_even_probability(sure_tricks, rules=rules, hand_size=max(r, sure_tricks + 1)))
        strength = card_strength(
            rules=rules,
            hand_size=r,
            policy=policy,
            n=n,
            seed=seed + r,
            confidence_level=confidence_level,
            threads=threads,
        )
        name = strength.policy or ""
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
    return Result(
        f"Weakest card worth bidding one more trick ({rules.n_players} players)",
        out,
        False,
        "card win rates from random deals played by the policy against the break-even chance; seed + r for hand size r",
        rules,
        name,
        seed,
        n,
        confidence_level,
    )


def _trumps_for_a_trick(counts: np.ndarray, cut: float) -> int | None:
    """Fewest trumps ``m`` whose holders took at least one trump trick in a share ``>= cut`` of rounds."""
    for m in range(1, counts.shape[0]):
        total = counts[m].sum()
        if total >= 30 and counts[m, 1:].sum() / total >= cut:
            return m
    return None
