"""Seat effects and rule variants, measured on the same deals.

Comparisons of two rule settings (plus/minus one on or off, trump named after looking or
blind, open or hidden bids) play every round twice from the same stream, so both see the same
deal and the interval is that of the paired difference. Each hand size uses its own range of
round indices (``hand_size << 32`` on), so figures of different hand sizes are independent and
their sums carry honest intervals.

``target_width`` (with ``max_n``, default ``64 n``) keeps doubling the rounds of a hand size,
in fresh round-index ranges, until the interval of its main figure is narrower: the widest
seat mean score (:func:`seat_effects`), the dealer's figure (:func:`dealer_advantage`,
:func:`plus_minus_one_cost`, :func:`trump_choice_value`), ``p_equal`` (:func:`bids_add_up`).

>>> res = bids_add_up(4, [3], n=2000, policy="heuristic")
>>> res.table.quantity.tolist()
['p_equal', 'p_over', 'p_under']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd

from ..engine import n_blocks, round_setup, seed_key, threads_limited
from ..estimates import (
    Estimate,
    Result,
    check_confidence,
    check_sample_size,
    mean_estimate,
    proportion_estimate,
    run_adaptive,
)
from ..intervals import wilson_interval
from ..rules import BidVisibility, Rules, TrumpChoice
from .setup import hand_size_iv, policy_setup, rules_iv

__all__ = [
    "bids_add_up",
    "dealer_advantage",
    "plus_minus_one_cost",
    "seat_effects",
    "trump_choice_value",
]


def _sizes_iv(hand_sizes: int | Iterable[int] | None, rules: Rules, *, need_turned: bool = False) -> list[int]:
    sizes = (
        list(rules.schedule)
        if hand_sizes is None
        else ([hand_sizes] if isinstance(hand_sizes, int) else list(hand_sizes))
    )
    sizes = [hand_size_iv(r, rules) for r in sizes]
    if need_turned:
        sizes = [r for r in sizes if rules.has_trump_card(r)]
    if not sizes:
        raise ValueError("no hand size to measure" + (" (the last round turns no card)" if need_turned else ""))
    return sorted(set(sizes))


def _paired(
    rules_a: Rules,
    rules_b: Rules | None,
    r: int,
    policy: object,
    n: int,
    seed: int,
    *,
    fixed_turned: int = -1,
    width=None,
    target_width: float | None = None,
    max_n: int | None = None,
    threads: int | None = None,
) -> tuple[dict[str, np.ndarray], int, str]:
    """Sums of the paired kernel over rounds ``r << 32 ..`` (see :func:`wizstats._kernels.engine.stats.paired_rounds`)."""
    from .._kernels.engine.stats import paired_rounds

    name, ids, params = policy_setup(policy, rules_a.n_players)
    key = np.uint64(seed_key(seed))
    tab, st_a = round_setup(rules_a, r)
    st_b = round_setup(rules_b, r)[1] if rules_b is not None else st_a
    n_seats = rules_a.n_players
    offset = r << 32

    def batch(start: int, size: int) -> dict[str, np.ndarray]:
        nb = n_blocks(size)
        out = {
            "seat": np.zeros((nb, 2, n_seats, 5)),
            "pair": np.zeros((nb, n_seats, 2)),
            "dealer": np.zeros((nb, 3, 2)),
            "sum": np.zeros((nb, 2, n_seats * r + 1), np.int64),
        }
        paired_rounds(
            tab,
            st_a,
            st_b,
            ids,
            params,
            ids,
            params,
            int(rules_b is not None),
            fixed_turned,
            key,
            offset + start,
            size,
            nb,
            out["seat"],
            out["pair"],
            out["dealer"],
            out["sum"],
        )
        return {k: v.sum(axis=0) for k, v in out.items()} | {"rounds": np.array([size])}

    with threads_limited(threads):
        tot, used = run_adaptive(batch, n=n, width=width, target_width=target_width, max_n=max_n)
    return tot, used, name


def _mean_width(pair: np.ndarray, rounds: np.ndarray) -> float:
    """Width of the normal interval of a mean from ``(sum, sum of squares)`` over ``rounds``."""
    ci = mean_estimate("", float(pair[0]), float(pair[1]), int(rounds[0])).ci
    return math.inf if ci is None else ci.width


def _row(hand_size: object, seat: object, est: Estimate) -> dict[str, object]:
    assert est.ci is not None
    return {
        "hand_size": hand_size,
        "seat": seat,
        "quantity": est.name,
        "value": est.value,
        "low": est.ci.low,
        "high": est.ci.high,
        "n": est.n,
    }


def _sum_rows(
    rows: list[dict[str, object]], quantities: Sequence[str], label: str, z: float, average: bool
) -> list[dict[str, object]]:
    """Rows that add (or average) a quantity over hand sizes; independent runs, so variances add."""
    out = []
    frame = pd.DataFrame(rows)
    for (quantity, seat), grp in frame[frame.quantity.isin(quantities)].groupby(["quantity", "seat"], sort=False):
        k = len(grp) if average else 1
        half = (grp.high - grp.low) / 2
        value = grp.value.sum() / k
        se = math.sqrt(float(((half / z) ** 2).sum())) / k
        out.append(
            {
                "hand_size": label,
                "seat": seat,
                "quantity": quantity,
                "value": value,
                "low": value - z * se,
                "high": value + z * se,
                "n": int(grp.n.sum()),
            }
        )
    return out


def _z(confidence_level: float) -> float:
    from scipy.stats import norm

    return float(norm.ppf(0.5 + confidence_level / 2))


def _common_iv(n_players, hand_sizes, rules, n, seed, confidence_level, need_turned=False):
    rules = rules_iv(rules, n_players)
    sizes = _sizes_iv(hand_sizes, rules, need_turned=need_turned)
    check_sample_size(n)
    seed_key(seed)
    check_confidence(confidence_level)
    return rules, sizes


def seat_effects(
    n_players: int | None = None,
    hand_sizes: int | Iterable[int] | None = None,
    *,
    rules: Rules | None = None,
    policy: object = None,
    n: int = 20_000,
    seed: int = 0,
    confidence_level: float = 0.95,
    target_width: float | None = None,
    max_n: int | None = None,
    threads: int | None = None,
) -> Result:
    """How much each seat scores and how accurately it bids, per hand size (and summed over them).

    Rows ``hand_size, seat, quantity, value, low, high, n`` with quantities ``mean_score``,
    ``accuracy`` (bid met, Wilson), ``mean_tricks`` and ``mean_bid``; ``hand_size == "game"``
    adds the mean scores over the hand sizes asked for (default: the game's schedule).

    >>> t = seat_effects(4, [1], n=2000).table
    >>> sorted(set(t.quantity))
    ['accuracy', 'mean_bid', 'mean_score', 'mean_tricks']
    """
    rules, sizes = _common_iv(n_players, hand_sizes, rules, n, seed, confidence_level)
    rows, name = [], ""
    ci = {"confidence_level": confidence_level}
    for r in sizes:
        tot, used, name = _paired(
            rules,
            None,
            r,
            policy,
            n,
            seed,
            threads=threads,
            target_width=target_width,
            max_n=max_n,
            width=lambda t: max(_mean_width(t["seat"][0, k, :2], t["rounds"]) for k in range(rules.n_players)),
        )
        s = tot["seat"][0]
        for seat in range(rules.n_players):
            rows.append(_row(r, seat, mean_estimate("mean_score", s[seat, 0], s[seat, 1], used, **ci)))
            rows.append(_row(r, seat, proportion_estimate("accuracy", int(s[seat, 2]), used, **ci)))
            for quantity, col in (("mean_tricks", 3), ("mean_bid", 4)):
                rows.append(
                    {
                        "hand_size": r,
                        "seat": seat,
                        "quantity": quantity,
                        "value": s[seat, col] / used,
                        "low": math.nan,
                        "high": math.nan,
                        "n": used,
                    }
                )
    if len(sizes) > 1:
        rows += _sum_rows(rows, ["mean_score"], "game", _z(confidence_level), average=False)
    return Result(
        f"Seat effects ({rules.n_players} players; seat 0 deals and bids last, seat 1 leads)",
        pd.DataFrame(rows),
        False,
        "normal intervals for means, Wilson for accuracy",
        rules,
        name,
        seed,
        n,
        confidence_level,
    )


def dealer_advantage(
    n_players: int | None = None,
    hand_sizes: int | Iterable[int] | None = None,
    *,
    rules: Rules | None = None,
    policy: object = None,
    n: int = 20_000,
    seed: int = 0,
    confidence_level: float = 0.95,
    target_width: float | None = None,
    max_n: int | None = None,
    threads: int | None = None,
) -> Result:
    """The dealer's advantage: his score minus the mean of the other seats, per round.

    ``dealer_minus_others``: with the rules as given (open bids: the dealer bids last, knowing
    every other bid; he also plays last to the first trick). ``hidden_bids``: the same deals
    with everyone bidding at once. ``bidding_last``: the difference of the two, paired: what
    knowing the other bids is worth to the dealer. (Not measured under plus/minus one, which
    needs open bids.) ``hand_size == "mean"`` averages over the hand sizes asked for.

    >>> t = dealer_advantage(4, [2], n=2000).table
    >>> t.quantity.tolist()
    ['dealer_minus_others', 'hidden_bids', 'bidding_last']
    """
    rules, sizes = _common_iv(n_players, hand_sizes, rules, n, seed, confidence_level)
    hidden = None if rules.plus_minus_one else rules.replace(bids=BidVisibility.HIDDEN)
    rows, name = [], ""
    ci = {"confidence_level": confidence_level}
    for r in sizes:
        tot, used, name = _paired(
            rules,
            hidden,
            r,
            policy,
            n,
            seed,
            threads=threads,
            target_width=target_width,
            max_n=max_n,
            width=lambda t: _mean_width(t["dealer"][0], t["rounds"]),
        )
        d = tot["dealer"]
        rows.append(_row(r, 0, mean_estimate("dealer_minus_others", d[0, 0], d[0, 1], used, **ci)))
        if hidden is not None:
            rows.append(_row(r, 0, mean_estimate("hidden_bids", d[1, 0], d[1, 1], used, **ci)))
            rows.append(_row(r, 0, mean_estimate("bidding_last", d[2, 0], d[2, 1], used, **ci)))
    if len(sizes) > 1:
        rows += _sum_rows(
            rows, ["dealer_minus_others", "hidden_bids", "bidding_last"], "mean", _z(confidence_level), True
        )
    notes = ["plus/minus one needs open bids: the hidden-bid comparison is left out"] if hidden is None else []
    return Result(
        f"Dealer's advantage ({rules.n_players} players)",
        pd.DataFrame(rows),
        False,
        "paired over the same deals: dealer's score minus the mean of the others'",
        rules,
        name,
        seed,
        n,
        confidence_level,
        notes,
    )


def plus_minus_one_cost(
    n_players: int | None = None,
    hand_sizes: int | Iterable[int] | None = None,
    *,
    rules: Rules | None = None,
    policy: object = None,
    n: int = 20_000,
    seed: int = 0,
    confidence_level: float = 0.95,
    target_width: float | None = None,
    max_n: int | None = None,
    threads: int | None = None,
) -> Result:
    """What plus/minus one changes for each seat: score with the rule minus score without, same deals.

    Seat 0, the dealer, is the one restricted; the others' change shows how the dealer's forced
    bid spills over. Rows per hand size and seat (``score_change``), and ``hand_size == "game"``
    summed over the hand sizes asked for.

    >>> t = plus_minus_one_cost(4, [1], n=2000).table
    >>> t[t.seat == 0].value.item() < 0
    True
    """
    rules, sizes = _common_iv(n_players, hand_sizes, rules, n, seed, confidence_level)
    with_rule = rules if rules.plus_minus_one else rules.replace(plus_minus_one=True, plus_minus_one_min_hand=1)
    without = rules.replace(plus_minus_one=False)
    rows, name = [], ""
    for r in sizes:
        tot, used, name = _paired(
            with_rule,
            without,
            r,
            policy,
            n,
            seed,
            threads=threads,
            target_width=target_width,
            max_n=max_n,
            width=lambda t: _mean_width(t["pair"][0], t["rounds"]),
        )
        for seat in range(rules.n_players):
            p = tot["pair"][seat]
            rows.append(
                _row(r, seat, mean_estimate("score_change", p[0], p[1], used, confidence_level=confidence_level))
            )
    if len(sizes) > 1:
        rows += _sum_rows(rows, ["score_change"], "game", _z(confidence_level), average=False)
    return Result(
        f"Cost of plus/minus one ({rules.n_players} players; from {with_rule.plus_minus_one_min_hand} tricks)",
        pd.DataFrame(rows),
        False,
        "paired over the same deals: with the rule minus without",
        with_rule,
        name,
        seed,
        n,
        confidence_level,
    )


def trump_choice_value(
    n_players: int | None = None,
    hand_sizes: int | Iterable[int] | None = None,
    *,
    rules: Rules | None = None,
    policy: object = None,
    n: int = 20_000,
    seed: int = 0,
    confidence_level: float = 0.95,
    target_width: float | None = None,
    max_n: int | None = None,
    threads: int | None = None,
) -> Result:
    """What naming trump after looking at the hand (1996) is worth against naming it blind (2022 reading).

    Every round is dealt with a Wizard turned, so the dealer names trump each time, once after
    looking and once blind (same deal). ``given_wizard``: each seat's score difference in such
    rounds. ``per_round``: the same scaled by the chance that the turned card is a Wizard
    (Wizards / deck size), the value in an average round. The last round turns no card.

    >>> t = trump_choice_value(4, [3], n=2000).table
    >>> sorted(set(t.quantity))
    ['given_wizard', 'per_round']
    """
    rules, sizes = _common_iv(n_players, hand_sizes, rules, n, seed, confidence_level, need_turned=True)
    if rules.deck.n_wizards == 0:
        raise ValueError(f"the {rules.deck.name} deck has no Wizards: the dealer never names trump")
    wizard = rules.deck.n_suit_cards  # the first Wizard id
    look = rules.replace(trump_choice=TrumpChoice.AFTER_LOOK)
    blind = rules.replace(trump_choice=TrumpChoice.BLIND)
    share = rules.deck.n_wizards / rules.deck.size
    rows, name = [], ""
    for r in sizes:
        tot, used, name = _paired(
            look,
            blind,
            r,
            policy,
            n,
            seed,
            fixed_turned=wizard,
            threads=threads,
            target_width=target_width,
            max_n=max_n,
            width=lambda t: _mean_width(t["pair"][0], t["rounds"]),
        )
        for seat in range(rules.n_players):
            p = tot["pair"][seat]
            e = mean_estimate("given_wizard", p[0], p[1], used, confidence_level=confidence_level)
            rows.append(_row(r, seat, e))
            assert e.ci is not None
            rows.append(
                {
                    "hand_size": r,
                    "seat": seat,
                    "quantity": "per_round",
                    "value": e.value * share,
                    "low": e.ci.low * share,
                    "high": e.ci.high * share,
                    "n": used,
                }
            )
    if len(sizes) > 1:
        rows += _sum_rows(rows, ["per_round"], "game", _z(confidence_level), average=False)
    return Result(
        f"Value of naming trump after looking ({rules.n_players} players)",
        pd.DataFrame(rows),
        False,
        f"paired over the same deals with a Wizard turned; per_round scales by {rules.deck.n_wizards}/"
        f"{rules.deck.size}",
        look,
        name,
        seed,
        n,
        confidence_level,
    )


def bids_add_up(
    n_players: int | None = None,
    hand_sizes: int | Iterable[int] | None = None,
    *,
    rules: Rules | None = None,
    policy: object = None,
    n: int = 20_000,
    seed: int = 0,
    confidence_level: float = 0.95,
    target_width: float | None = None,
    max_n: int | None = None,
    threads: int | None = None,
) -> Result:
    """How often the bids of a round add up to the number of tricks, without plus/minus one.

    Rows per hand size: ``p_equal`` (the sum of the bids is the hand size), ``p_over``,
    ``p_under``, all Wilson. Plus/minus one is switched off whatever ``rules`` say.

    >>> bids_add_up(4, [1], n=2000, policy="random").table.value.sum().round(6)
    np.float64(1.0)
    """
    rules, sizes = _common_iv(n_players, hand_sizes, rules, n, seed, confidence_level)
    free = rules.replace(plus_minus_one=False)
    rows, name = [], ""
    for r in sizes:
        tot, used, name = _paired(
            free,
            None,
            r,
            policy,
            n,
            seed,
            threads=threads,
            target_width=target_width,
            max_n=max_n,
            width=lambda t, r=r: wilson_interval(int(t["sum"][0][r]), int(t["rounds"][0])).width,
        )
        counts = tot["sum"][0]
        for quantity, hits in (
            ("p_equal", counts[r]),
            ("p_over", counts[r + 1 :].sum()),
            ("p_under", counts[:r].sum()),
        ):
            rows.append(_row(r, "-", proportion_estimate(quantity, int(hits), used, confidence_level=confidence_level)))
    notes = ["plus/minus one switched off"] if rules.plus_minus_one else []
    return Result(
        f"Bids adding up to the hand size ({rules.n_players} players, no plus/minus one)",
        pd.DataFrame(rows),
        False,
        "Wilson intervals over rounds",
        free,
        name,
        seed,
        n,
        confidence_level,
        notes,
    )
