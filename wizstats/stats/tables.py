"""The advice for a hand and the strength of a card as flat tables: what ``--format json`` prints.

The CLI (``wizstats bid``, ``wizstats strength``) and the web API (``/api/bid``,
``/api/strength``) both call these, so a script gets the same numbers from either.

>>> res, table = bid_table("W R13", trump="R2", n_players=4, seat=1, n=300)
>>> list(table.columns[:4]), int(table.bid[table.best].iloc[0]) == res.best_bid
(['bid', 'expected_score', 'low', 'high'], True)
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from ..rules import Rules
from .hands import TrickDistribution, card_win_probability, trick_distribution

__all__ = ["bid_table", "strength_table"]


def bid_table(
    hand: str | Sequence[str],
    *,
    trump: object,
    n_players: int = 4,
    seat: int = 1,
    bids: Sequence[int] | None = None,
    plus_minus_one: bool = False,
    policy: object = None,
    n: int = 4000,
    seed: int = 0,
) -> tuple[TrickDistribution, pd.DataFrame]:
    """The trick distribution of a hand and its table: one row per legal bid.

    Columns: ``bid``, the expected score with its interval (``expected_score, low, high``), the
    chance to meet the bid (``p_make`` with ``p_make_low, p_make_high``), ``policy_share``, the
    chance of each number of tricks ``P(0) .. P(r)`` when bidding it, ``best`` (the recommended
    bid), ``n`` (deals kept), ``seed`` and ``policy`` (the players assumed).

    Parameters
    ----------
    hand, trump, seat, policy, n, seed
        As for :func:`trick_distribution`.
    bids
        The earlier bids in bidding order from seat 1; ``None``: not seen (taken as hidden bids),
        except at seat 1, which bids first.
    plus_minus_one
        The dealer may not make the bids add up; needs the earlier bids.
    """
    unseen = bids is None and seat != 1
    if unseen and plus_minus_one:
        raise ValueError("plus/minus one needs the earlier bids: give --bids")
    rules = Rules(n_players, plus_minus_one=plus_minus_one, bids="hidden" if unseen else "open")
    res = trick_distribution(
        hand, trump=trump, seat=seat, bids_so_far=tuple(bids or ()), rules=rules, policy=policy, n=n, seed=seed
    )
    wide = res.tricks.pivot(index="bid", columns="tricks", values="value")
    wide.columns = [f"P({c})" for c in wide.columns]
    table = res.bids.set_index("bid").join(wide).reset_index()
    return res, table.assign(best=table.bid == res.best_bid, n=res.n, seed=res.seed, policy=res.policy)


def strength_table(
    card: str,
    *,
    n_players: int = 4,
    hand_size: int = 1,
    trump: object = "any",
    seat: int | None = None,
    policy: object = None,
    n: int = 5000,
    seed: int = 0,
) -> tuple[str, pd.DataFrame]:
    """How often a card takes its trick and what it adds to its hand, per seat: a title and the table.

    Columns: ``seat``, then ``p_win``, ``tricks_with`` and ``marginal_value`` each with its 95%
    interval (``_low``, ``_high``), ``n`` (rounds per seat), ``policy`` and ``seed``. ``seat``
    ``None``: every seat, in playing order from seat 1 (the dealer, seat 0, last). The other
    parameters as for :func:`card_win_probability`.
    """
    rules = Rules(n_players)
    seats = [seat] if seat is not None else [*range(1, n_players), 0]
    rows, title = [], ""
    for s in seats:
        res = card_win_probability(
            card, hand_size=hand_size, seat=s, trump=trump, rules=rules, policy=policy, n=n, seed=seed
        )
        title = res.title.replace(f"held by seat {s} of", "at a table of")
        row: dict[str, object] = {"seat": s}
        for q in ("p_win", "tricks_with", "marginal_value"):
            e = res.estimate(quantity=q)
            assert e.ci is not None
            row |= {q: e.value, f"{q}_low": e.ci.low, f"{q}_high": e.ci.high}
        row |= {"n": res.n, "policy": res.policy, "seed": res.seed}
        rows.append(row)
    return title, pd.DataFrame(rows)
