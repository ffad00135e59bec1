"""Seat effects and rule variants, measured on the same deals.

Comparisons of two rule settings (plus/minus one on or off, trump named after looking or
blind, open or hidden bids) play every round twice from the same stream, so both see the same
deal and the interval is that of the paired difference (:func:`wizstats.stats.study.paired`).
Each hand size uses its own range of round indices (``hand_size << 32`` on), so figures of
different hand sizes are independent and their sums carry honest intervals.

Every function here takes ``n_players``, ``hand_sizes`` (default: the game's schedule) and the
keywords of :class:`wizstats.stats.study.Adaptive`: ``rules``, ``policy`` (default:
:data:`wizstats.DEFAULT_POLICY`), ``n`` (rounds per hand size, default 20,000), ``seed``,
``confidence_level`` (0.95), ``target_width``, ``max_n`` and ``threads``.
``target_width`` (with ``max_n``, default ``64 n``) keeps doubling the rounds of a hand size,
in fresh round-index ranges, until the interval of its main figure is narrower: the widest
seat mean score (:func:`seat_effects`), the dealer's figure (:func:`dealer_advantage`,
:func:`plus_minus_one_cost`, :func:`trump_choice_value`), ``p_equal`` (:func:`bids_add_up`).

>>> res = bids_add_up(4, [3], n=2000, policy="heuristic")
>>> res.table.quantity.tolist()
['p_equal', 'p_over', 'p_under']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import numpy as np

from ..estimates import Estimate, Result, mean_estimate, proportion_estimate
from ..intervals import wilson_interval
from ..rules import BidVisibility, Rules, TrumpChoice
from .study import Adaptive, Sizes, StudyOptions, mean_width, paired, plain_row, row

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "bids_add_up",
    "dealer_advantage",
    "plus_minus_one_cost",
    "seat_effects",
    "trump_choice_value",
]


def _options(n_players: int | None, hand_sizes: Sizes, options: Adaptive, need_turned: bool = False) -> StudyOptions:
    return StudyOptions.of(n_players, hand_sizes, options, accepts=Adaptive, need_turned=need_turned)


def seat_effects(n_players: int | None = None, hand_sizes: Sizes = None, **options: Unpack[Adaptive]) -> Result:
    """How much each seat scores and how accurately it bids, per hand size (and summed over them).

    Rows ``hand_size, seat, quantity, value, low, high, n`` with quantities ``mean_score``,
    ``accuracy`` (bid met, Wilson), ``mean_tricks`` and ``mean_bid``; ``hand_size == "game"``
    adds the mean scores over the hand sizes asked for (default: the game's schedule).

    >>> t = seat_effects(4, [1], n=2000).table
    >>> sorted(set(t.quantity))
    ['accuracy', 'mean_bid', 'mean_score', 'mean_tricks']
    """
    o = _options(n_players, hand_sizes, options)
    rules, rows = o.rules, []
    for r in o.hand_sizes:
        tot, used = paired(
            o,
            rules,
            None,
            r,
            width=lambda t: max(mean_width(t["seat"][0, k, :2], t["rounds"]) for k in range(rules.n_players)),
        )
        s = tot["seat"][0]
        for seat in range(rules.n_players):
            rows.append(row(r, seat, mean_estimate("mean_score", s[seat, 0], s[seat, 1], used, **o.ci)))
            rows.append(row(r, seat, proportion_estimate("accuracy", int(s[seat, 2]), used, **o.ci)))
            for quantity, col in (("mean_tricks", 3), ("mean_bid", 4)):
                rows.append(plain_row(r, seat, quantity, s[seat, col] / used, used))
    return o.result(
        f"Seat effects ({rules.n_players} players; seat 0 deals and bids last, seat 1 leads)",
        rows,
        "normal intervals for means, Wilson for accuracy",
        summed=["mean_score"],
    )


def dealer_advantage(n_players: int | None = None, hand_sizes: Sizes = None, **options: Unpack[Adaptive]) -> Result:
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
    o = _options(n_players, hand_sizes, options)
    rules, rows = o.rules, []
    hidden = None if rules.plus_minus_one else rules.replace(bids=BidVisibility.HIDDEN)
    for r in o.hand_sizes:
        tot, used = paired(o, rules, hidden, r, width=lambda t: mean_width(t["dealer"][0], t["rounds"]))
        d = tot["dealer"]
        rows.append(row(r, 0, mean_estimate("dealer_minus_others", d[0, 0], d[0, 1], used, **o.ci)))
        if hidden is not None:
            rows.append(row(r, 0, mean_estimate("hidden_bids", d[1, 0], d[1, 1], used, **o.ci)))
            rows.append(row(r, 0, mean_estimate("bidding_last", d[2, 0], d[2, 1], used, **o.ci)))
    notes = ["plus/minus one needs open bids: the hidden-bid comparison is left out"] if hidden is None else []
    return o.result(
        f"Dealer's advantage ({rules.n_players} players)",
        rows,
        "paired over the same deals: dealer's score minus the mean of the others'",
        notes=notes,
        summed=["dealer_minus_others", "hidden_bids", "bidding_last"],
        average=True,
    )


def _score_changes(
    o: StudyOptions, rules_a: Rules, rules_b: Rules, quantity: str, fixed_turned: int = -1
) -> list[tuple[int, int, Estimate, int]]:
    """Per hand size and seat: the paired score difference under ``rules_a`` minus ``rules_b`` (same deals), rounds."""
    out = []
    for r in o.hand_sizes:
        tot, used = paired(
            o, rules_a, rules_b, r, fixed_turned=fixed_turned, width=lambda t: mean_width(t["pair"][0], t["rounds"])
        )
        for seat in range(o.rules.n_players):
            p = tot["pair"][seat]
            out.append((r, seat, mean_estimate(quantity, p[0], p[1], used, **o.ci), used))
    return out


def plus_minus_one_cost(n_players: int | None = None, hand_sizes: Sizes = None, **options: Unpack[Adaptive]) -> Result:
    """What plus/minus one changes for each seat: score with the rule minus score without, same deals.

    Seat 0, the dealer, is the one restricted; the others' change shows how the dealer's forced
    bid spills over. Rows per hand size and seat (``score_change``), and ``hand_size == "game"``
    summed over the hand sizes asked for.

    >>> t = plus_minus_one_cost(4, [1], n=2000).table
    >>> t[t.seat == 0].value.item() < 0
    True
    """
    o = _options(n_players, hand_sizes, options)
    rules = o.rules
    with_rule = rules if rules.plus_minus_one else rules.replace(plus_minus_one=True, plus_minus_one_min_hand=1)
    without = rules.replace(plus_minus_one=False)
    rows = [row(r, seat, e) for r, seat, e, _ in _score_changes(o, with_rule, without, "score_change")]
    return o.result(
        f"Cost of plus/minus one ({rules.n_players} players; from {with_rule.plus_minus_one_min_hand} tricks)",
        rows,
        "paired over the same deals: with the rule minus without",
        rules=with_rule,
        summed=["score_change"],
    )


def trump_choice_value(n_players: int | None = None, hand_sizes: Sizes = None, **options: Unpack[Adaptive]) -> Result:
    """What naming trump after looking at the hand (1996) is worth against naming it blind (2022 reading).

    Every round is dealt with a Wizard turned, so the dealer names trump each time, once after
    looking and once blind (same deal). ``given_wizard``: each seat's score difference in such
    rounds. ``per_round``: the same scaled by the chance that the turned card is a Wizard
    (Wizards / deck size), the value in an average round. The last round turns no card.

    >>> t = trump_choice_value(4, [3], n=2000).table
    >>> sorted(set(t.quantity))
    ['given_wizard', 'per_round']
    """
    o = _options(n_players, hand_sizes, options, need_turned=True)
    rules, deck = o.rules, o.rules.deck
    if deck.n_wizards == 0:
        raise ValueError(f"the {deck.name} deck has no Wizards: the dealer never names trump")
    look = rules.replace(trump_choice=TrumpChoice.AFTER_LOOK)
    blind = rules.replace(trump_choice=TrumpChoice.BLIND)
    share = deck.n_wizards / deck.size
    rows = []
    for r, seat, e, used in _score_changes(o, look, blind, "given_wizard", fixed_turned=deck.n_suit_cards):
        assert e.ci is not None  # fixed_turned: the first Wizard's id
        rows.append(row(r, seat, e))
        rows.append(plain_row(r, seat, "per_round", e.value * share, used, e.ci.low * share, e.ci.high * share))
    return o.result(
        f"Value of naming trump after looking ({rules.n_players} players)",
        rows,
        f"paired over the same deals with a Wizard turned; per_round scales by {deck.n_wizards}/{deck.size}",
        rules=look,
        summed=["per_round"],
    )


def _equal_width(r: int) -> Callable[[Mapping[str, np.ndarray]], float]:
    """The width of the Wilson interval of ``p_equal`` at hand size ``r`` (the adaptive criterion)."""
    return lambda t: wilson_interval(int(t["sum"][0][r]), int(t["rounds"][0])).width


def bids_add_up(n_players: int | None = None, hand_sizes: Sizes = None, **options: Unpack[Adaptive]) -> Result:
    """How often the bids of a round add up to the number of tricks, without plus/minus one.

    Rows per hand size: ``p_equal`` (the sum of the bids is the hand size), ``p_over``,
    ``p_under``, all Wilson. Plus/minus one is switched off whatever ``rules`` say.

    >>> bids_add_up(4, [1], n=2000, policy="random").table.value.sum().round(6)
    np.float64(1.0)
    """
    o = _options(n_players, hand_sizes, options)
    free = o.rules.replace(plus_minus_one=False)
    rows = []
    for r in o.hand_sizes:
        tot, used = paired(o, free, None, r, width=_equal_width(r))
        counts = tot["sum"][0]
        for quantity, hits in (
            ("p_equal", counts[r]),
            ("p_over", counts[r + 1 :].sum()),
            ("p_under", counts[:r].sum()),
        ):
            rows.append(row(r, "-", proportion_estimate(quantity, int(hits), used, **o.ci)))
    notes = ["plus/minus one switched off"] if o.rules.plus_minus_one else []
    return o.result(
        f"Bids adding up to the hand size ({o.rules.n_players} players, no plus/minus one)",
        rows,
        "Wilson intervals over rounds",
        rules=free,
        notes=notes,
    )
