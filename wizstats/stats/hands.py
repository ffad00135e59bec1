"""Monte Carlo statistics of a hand and of a card, with confidence intervals.

- :func:`trick_distribution`: for a given hand, seat, trump and earlier bids, the chance of
  each number of tricks for every bid the player may make, the expected score of each bid
  and the best bid;
- :func:`card_win_probability`: how often one card takes the trick it is played in, and how
  many tricks it is worth to its hand;
- :func:`card_strength`: the same for every card at once, from random deals;
- :func:`bid_thresholds`: the weakest trump and non-trump card worth bidding one more trick.

Every result names the policy that played (default: :func:`wizstats.players.strongest`, read
when the function is called), the rules, the seed and the sample size. Proportions carry
Wilson intervals, means normal intervals. ``target_width`` runs more rounds, in batches with
fresh round indices, until the main interval is narrower than that: still reproducible.

>>> res = card_win_probability("W", n_players=4, hand_size=1, seat=2, n=2000, marginal=False)
>>> res.estimate(quantity="p_win").value < 1
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..checks import flag, real
from ..engine import card_batches, hand_batches, seed_key, threads_limited
from ..estimates import (
    Estimate,
    Result,
    check_precision,
    html_table,
    mean_estimate,
    proportion_estimate,
    run_adaptive,
)
from ..intervals import ConfidenceInterval, wilson_interval
from ..rules import BidVisibility, Card, Rules, TrumpSpec, parse_trump
from .setup import hand_iv, seat_iv, trump_inputs
from .strength import bid_thresholds, card_strength
from .study import Adaptive, StudyOptions

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "TrickDistribution",
    "bid_thresholds",
    "card_strength",
    "card_win_probability",
    "trick_distribution",
]


# ---------------------------------------------------------------- trick distribution of a hand
@dataclass
class TrickDistribution:
    """What :func:`trick_distribution` returns: tricks per bid, expected scores, the best bid."""

    hand: list[str]
    seat: int
    trump: str
    bids_so_far: tuple[int, ...]
    rules: Rules
    policy: str
    seed: int
    n: int
    """Deals kept (consistent with what the player knows); each played once per legal bid."""
    n_tried: int
    conditioned_on_bids: bool
    forbidden_bid: int | None
    tricks: pd.DataFrame
    """``bid, tricks, value, low, high, n``: P(tricks | the player bids ``bid``)."""
    bids: pd.DataFrame
    """``bid, expected_score, low, high, p_make, p_make_low, p_make_high, policy_share``."""
    best_bid: int
    margin: Estimate | None
    """Expected score of the best bid minus the runner-up (paired over the same deals)."""
    confidence_level: float = 0.95
    notes: list[str] = field(default_factory=list)

    @property
    def acceptance_rate(self) -> float:
        """Share of deals consistent with the earlier bids (and a named trump)."""
        return self.n / self.n_tried if self.n_tried else math.nan

    @property
    def expected_score(self) -> Estimate:
        """The expected score of the best bid."""
        row = self.bids[self.bids.bid == self.best_bid].iloc[0]
        return Estimate(
            "expected score of the best bid",
            float(row.expected_score),
            ConfidenceInterval(float(row.low), float(row.high)),
            self.n,
            False,
            "normal interval",
            self.seed,
            self.policy,
            self.rules,
            self.confidence_level,
        )

    def distribution(self, bid: int | None = None) -> pd.Series:
        """P(tricks = k) when the player bids ``bid`` (default: the best bid), indexed by k."""
        bid = self.best_bid if bid is None else bid
        rows = self.tricks[self.tricks.bid == bid]
        if rows.empty:
            raise ValueError(f"bid {bid} was not played (legal bids: {sorted(self.bids.bid)})")
        return rows.set_index("tricks")["value"]

    def _repr_html_(self) -> str:
        facts = {
            "players": self.policy,
            "deals kept": f"{self.n} of {self.n_tried}",
            "seed": self.seed,
            "best bid": self.best_bid,
        }
        return html_table(f"hand {' '.join(self.hand)}: seat {self.seat}, trump {self.trump}", self.bids, facts)

    def to_frame(self) -> pd.DataFrame:
        """Tidy rows ``quantity, bid, tricks, value, low, high, n`` plus the metadata columns."""
        t = self.tricks.assign(quantity="p_tricks")
        s = self.bids.rename(columns={"expected_score": "value"})[["bid", "value", "low", "high"]].assign(
            quantity="expected_score", n=self.n
        )
        m = self.bids[["bid", "p_make", "p_make_low", "p_make_high"]].set_axis(["bid", "value", "low", "high"], axis=1)
        m = m.assign(quantity="p_make", n=self.n)
        out = pd.concat([s, m, t], ignore_index=True)[["quantity", "bid", "tricks", "value", "low", "high", "n"]]
        meta = Result("", out, False, "", self.rules, self.policy, self.seed, self.n, self.confidence_level)
        return meta.to_frame().assign(acceptance_rate=self.acceptance_rate)

    def __str__(self) -> str:
        lines = [
            f"hand {' '.join(self.hand)}, seat {self.seat} of {self.rules.n_players}, {self.trump},"
            f" earlier bids {list(self.bids_so_far) or 'none'}",
            f"policy {self.policy}; {self.rules.describe()}",
            f"n = {self.n} deals kept of {self.n_tried} ({self.acceptance_rate:.1%}), seed {self.seed},"
            f" {self.confidence_level:.0%} intervals",
        ]
        if self.forbidden_bid is not None:
            lines.append(f"plus/minus one: bid {self.forbidden_bid} is forbidden")
        lines.extend(f"note: {note}" for note in self.notes)
        wide = self.tricks.pivot(index="bid", columns="tricks", values="value").round(3)
        wide.columns = [f"P({c})" for c in wide.columns]
        table = self.bids.set_index("bid")[["expected_score", "low", "high", "p_make"]].round(2).join(wide)
        best = f"best bid: {self.best_bid}"
        if self.margin is not None:
            best += f" (ahead of the next by {self.margin.value:.1f} points, {self.margin.ci})"
        return "\n".join(lines) + "\n" + table.to_string() + "\n" + best


@dataclass(frozen=True)
class _HandQuery:
    """A validated :func:`trick_distribution` question, ready for the kernel."""

    o: StudyOptions
    cards: list[Card]
    ids: list[int]
    seat: int
    given: list[int]
    spec: TrumpSpec
    cands: np.ndarray
    named: int
    forbidden: int | None
    candidates: list[int]

    @property
    def rules(self) -> Rules:
        """The rules played."""
        return self.o.rules

    @property
    def policy(self) -> str:
        """Who played, as the result names it."""
        return self.o.policy_name

    @property
    def rejecting(self) -> bool:
        """Whether deals are kept only when they match what the player saw (earlier bids, a named suit)."""
        return bool(self.given) or self.dealer_named

    @property
    def dealer_named(self) -> bool:
        """A turned Wizard and a suit another seat (the dealer) named: rejected unless his policy names it."""
        return self.named >= 0 and self.seat != 0


def _trick_distribution_iv(hand, trump, n_players, seat, bids_so_far, options) -> _HandQuery:
    o = StudyOptions.of(n_players, None, options, accepts=Adaptive, n=4000, sizes="unchecked")
    rules = o.rules
    n_players = rules.n_players
    cards, ids = hand_iv(hand, rules.deck, rules)
    r = len(ids)
    seat = seat_iv(seat, n_players)
    before = (seat - 1) % n_players
    given = list(bids_so_far)
    if rules.bids is not BidVisibility.OPEN and given:
        raise ValueError(f"with {rules.bids.value} bids nobody has seen an earlier bid; give bids_so_far=()")
    if rules.bids is BidVisibility.OPEN and len(given) != before:
        where = "the dealer bids last, after" if seat == 0 else f"seat {seat} bids after"
        raise ValueError(
            f"bid history of {len(given)} bids does not fit: {where} {before} seat(s)"
            f" (seat 1 bids first, then 2, 3, ..., the dealer, seat 0, last)"
        )
    for b in given:
        if not isinstance(b, (int, np.integer)) or isinstance(b, bool) or not 0 <= b <= r:
            raise ValueError(f"bid {b!r} is impossible: a bid is a whole number of tricks 0..{r}")
    spec = parse_trump(trump)
    cands, named = trump_inputs(spec, rules.deck, ids, r, rules, cards[0] if r == 1 else None)
    forbidden = rules.forbidden_bid(r, given) if seat == 0 and rules.bids is BidVisibility.OPEN else None
    candidates = [b for b in range(r + 1) if b != forbidden]
    return _HandQuery(o, cards, ids, seat, given, spec, cands, named, forbidden, candidates)


def _hand_runner(q: _HandQuery):
    """``run(force, start, size)``: the kernel's sums over deals ``start .. start + size - 1``."""
    _, pol_ids, params = q.o.players
    key = np.uint64(seed_key(q.o.seed))
    return hand_batches(q.rules, pol_ids, params, key, q.seat, q.ids, q.cands, q.named, q.given, q.candidates)


def _score_width(confidence_level: float, nc: int):
    """The widest expected-score interval of the legal bids (the adaptive-precision criterion)."""

    def width(tot: Mapping[str, np.ndarray]) -> float:
        kept = int(tot["tally"][1])
        if kept < 2:
            return math.inf
        cis = [
            mean_estimate("", tot["s1"][k], tot["s2"][k, k], kept, confidence_level=confidence_level).ci
            for k in range(nc)
        ]
        return max(ci.width for ci in cis if ci is not None)

    return width


def trick_distribution(
    hand: str | Sequence[str | Card],
    *,
    trump: object,
    n_players: int | None = None,
    seat: int,
    bids_so_far: Sequence[int] = (),
    min_acceptance: float = 0.02,
    **options: Unpack[Adaptive],
) -> TrickDistribution:
    """P(tricks = k) for a hand, the expected score of every legal bid, and the best bid.

    The unseen cards are dealt at random consistent with what the player knows: his hand, the
    turned card, and the earlier bids. The earlier bidders' bids tell something about their
    hands, so deals are kept only when the policy, bidding for those seats, makes exactly
    those bids (rejection sampling; the acceptance rate is reported). If fewer than
    ``min_acceptance`` of the first ``n`` deals are kept, the earlier bids are instead imposed
    on random hands (``conditioned_on_bids`` is then False and a note says so). Each kept deal
    is played once per legal bid with the player's bid forced to it (play depends on one's
    own bid); the dealer's forbidden bid under plus/minus one is left out.

    Parameters
    ----------
    hand
        The player's cards, e.g. ``"W R12 B3"``.
    trump
        The turned card (``"R5"``; ``"W"``: the dealer names a suit; ``"J"``: no trump), a
        suit (a card of it was turned, which one unknown), ``None`` (no trump), or ``"W:red"``
        (a Wizard turned and the dealer named red). See :func:`wizstats.exact.parse_trump`.
    seat
        0 is the dealer (bids last), 1 bids first and leads the first trick.
    bids_so_far
        The bids of seats 1, 2, ... before this seat, in bidding order.
    **options
        The keywords of :class:`wizstats.stats.study.Adaptive`. ``policy``: how everyone bids
        and plays (default: :data:`wizstats.DEFAULT_POLICY`). ``n``: deals to keep (default
        4000); ``target_width`` keeps going until the widest expected-score interval is narrower
        than that many points (at most ``max_n`` deals, default ``64 n``). ``rules``, ``seed``,
        ``confidence_level``, ``threads``.

    Examples
    --------
    >>> res = trick_distribution("W R13", trump="R2", n_players=4, seat=1, n=500)
    >>> res.best_bid, list(res.bids.bid)
    (2, [0, 1, 2])
    """
    q = _trick_distribution_iv(hand, trump, n_players, seat, bids_so_far, options)
    run = _hand_runner(q)
    n, target_width, max_n = q.o.n, q.o.target_width, q.o.max_n
    width = _score_width(q.o.confidence_level, len(q.candidates))
    notes: list[str] = []
    with threads_limited(q.o.threads):
        tot, tried = _sample_kept(lambda s, z: run(0, s, z), n, q.rejecting, min_acceptance, target_width, width, max_n)
        conditioned = True
        if q.rejecting and tot["tally"][1] < min_acceptance * tried:
            notes.append(
                f"only {int(tot['tally'][1])} of {tried} deals matched the earlier bids (below {min_acceptance:.0%}):"
                " the earlier bids are imposed on random hands instead of conditioned on"
            )
            conditioned = not q.given
            tot, tried = _sample_kept(
                lambda s, z: run(1, s, z), n, q.dealer_named, min_acceptance, target_width, width, max_n
            )
            if tot["tally"][1] == 0:
                raise ValueError(
                    f"impossible trump: under policy {q.policy} the dealer never named that suit in {tried} deals"
                )
    return _trick_result(tot, tried, q, conditioned, notes)


def _sample_kept(run, n, rejecting, min_acceptance, target_width, width, max_n):
    """Run deals until ``n`` are kept (then, with ``target_width``, more, doubling), in fresh index ranges."""
    check_precision(n, target_width, max_n)
    real(min_acceptance, "min_acceptance", 1e-4, 1)
    max_n = 64 * n if max_n is None else int(max_n)
    tot = run(0, n)
    tried = n
    goal = n
    max_tried = int(math.ceil(max_n / max(min_acceptance, 1e-6)))
    while True:
        kept = int(tot["tally"][1])
        if rejecting and kept < min_acceptance * tried:
            return tot, tried
        if kept >= goal:
            if target_width is None or goal >= max_n or width(tot) <= target_width:
                return tot, tried
            goal = min(2 * goal, max_n)
            continue
        if tried >= max_tried:
            return tot, tried
        rate = max(kept / tried, min_acceptance)
        size = min(int(math.ceil((goal - kept) / rate * 1.1)) + 16, max_tried - tried)
        part = run(tried, size)
        tot = {k: tot[k] + part[k] for k in tot}
        tried += size


def _margin(tot, candidates, order, kept, confidence_level, meta) -> Estimate:
    """Expected score of the best bid minus the runner-up's, paired over the same deals."""
    k1, k2 = int(order[0]), int(order[1])
    diff_sum = tot["s1"][k1] - tot["s1"][k2]
    diff_sq = tot["s2"][k1, k1] - 2 * tot["s2"][k1, k2] + tot["s2"][k2, k2]
    name = f"bid {candidates[k1]} minus bid {candidates[k2]}"
    return mean_estimate(name, diff_sum, diff_sq, kept, confidence_level=confidence_level, **meta)


def _trick_result(
    tot: dict[str, np.ndarray], tried: int, q: _HandQuery, conditioned: bool, notes: list[str]
) -> TrickDistribution:
    """Tables, best bid and margin from the kernel's sums."""
    seed, confidence_level = q.o.seed, q.o.confidence_level
    kept = int(tot["tally"][1])
    if kept == 0:
        raise ValueError(f"no deal of {tried} was consistent with the earlier bids {q.given}")
    r, candidates = len(q.cards), q.candidates
    meta = {"seed": seed, "policy": q.policy, "rules": q.rules}
    trick_rows, bid_rows = [], []
    own = tot["own"]
    for k, b in enumerate(candidates):
        for t in range(r + 1):
            ci = wilson_interval(int(tot["counts"][b, t]), kept, confidence_level=confidence_level)
            trick_rows.append(
                {"bid": b, "tricks": t, "value": tot["counts"][b, t] / kept, "low": ci.low, "high": ci.high, "n": kept}
            )
        s = mean_estimate("score", tot["s1"][k], tot["s2"][k, k], kept, confidence_level=confidence_level, **meta)
        make = proportion_estimate("make", int(tot["counts"][b, b]), kept, confidence_level=confidence_level)
        assert s.ci is not None and make.ci is not None
        bid_rows.append(
            {
                "bid": b,
                "expected_score": s.value,
                "low": s.ci.low,
                "high": s.ci.high,
                "p_make": make.value,
                "p_make_low": make.ci.low,
                "p_make_high": make.ci.high,
                "policy_share": own[b] / kept,
            }
        )
    bids = pd.DataFrame(bid_rows)
    order = np.argsort(-bids.expected_score.to_numpy(), kind="stable")
    best_k = int(order[0])
    margin = _margin(tot, candidates, order, kept, confidence_level, meta) if len(candidates) > 1 else None
    trump_text = q.spec.describe() + (" (sampled)" if q.spec.mode == "suit" else "")
    return TrickDistribution(
        [str(c) for c in q.cards],
        q.seat,
        trump_text,
        tuple(int(b) for b in q.given),
        q.rules,
        q.policy,
        seed,
        kept,
        tried,
        conditioned,
        q.forbidden,
        pd.DataFrame(trick_rows),
        bids,
        int(candidates[best_k]),
        margin,
        confidence_level,
        notes,
    )


# ---------------------------------------------------------------- one card
def _card_iv(card, n_players, hand_size, seat, trump, options):
    o = StudyOptions.of(n_players, hand_size, options, accepts=Adaptive, sizes="one")
    rules, (hand_size,) = o.rules, o.hand_sizes
    seat = seat_iv(seat, rules.n_players)
    parsed = Card.parse(card)
    card_id = rules.deck.index(parsed)
    spec = parse_trump(trump)
    cands, named = trump_inputs(spec, rules.deck, [card_id], hand_size, rules, parsed)
    return o, seat, parsed, card_id, spec, cands, named


def card_win_probability(
    card: Card | str,
    *,
    n_players: int | None = None,
    hand_size: int = 1,
    seat: int,
    trump: object = "any",
    marginal: bool = True,
    **options: Unpack[Adaptive],
) -> Result:
    """How often ``card`` takes the trick it is played in, and how many tricks it is worth.

    The player at ``seat`` holds ``card`` and ``hand_size - 1`` random cards; everyone bids and
    plays by ``policy``. Rows (``quantity``): ``p_win`` (the card takes its trick, Wilson),
    ``tricks_with`` (the player's tricks), and with ``marginal``: ``tricks_without`` and
    ``marginal_value``. The marginal value compares the same deal twice: once as dealt, once
    with the card swapped for a uniformly random card the player has not seen (from another
    hand or the undealt stack, never the turned card), so that the rest of the deal is the
    same; the interval is that of the paired difference. Rounds in which a turned Wizard's
    named suit (``trump="W:red"``) is not what the dealer's policy names are left out.

    ``trump``: see :func:`wizstats.exact.parse_trump`; ``"any"`` (default) turns a random card,
    ``"trump"`` / ``"plain"`` a card of the card's own / another suit. ``target_width`` applies
    to the interval of ``p_win``. ``options``: the keywords of :class:`wizstats.stats.study.Adaptive`
    (``n`` rounds, default 20,000).

    >>> r = card_win_probability("B13", n_players=4, seat=1, trump="trump", n=2000, marginal=False)
    >>> r.estimate(quantity="p_win").n
    2000
    """
    o, seat, parsed, card_id, spec, cands, named = _card_iv(card, n_players, hand_size, seat, trump, options)
    rules, (r,), confidence_level = o.rules, o.hand_sizes, o.confidence_level
    name, pol_ids, params = o.players
    marginal = flag(marginal, "marginal")
    key = np.uint64(seed_key(o.seed))
    batch = card_batches(rules, r, pol_ids, params, key, seat, card_id, cands, named, marginal)

    def width(tot: Mapping[str, np.ndarray]) -> float:
        return wilson_interval(int(tot["out"][1]), int(tot["out"][0]), confidence_level=confidence_level).width

    with threads_limited(o.threads):
        tot, used = run_adaptive(batch, n=o.n, width=width, target_width=o.target_width, max_n=o.max_n)
    x = tot["out"].astype(float)
    kept, pairs = int(x[0]), int(x[4])
    meta = {"seed": o.seed, "policy": name, "rules": rules}
    ests = [
        proportion_estimate("p_win", int(x[1]), kept, confidence_level=confidence_level, **meta),
        mean_estimate("tricks_with", x[2], x[3], kept, confidence_level=confidence_level, **meta),
    ]
    if marginal:
        ests += [
            mean_estimate("tricks_without", x[5], x[6], pairs, confidence_level=confidence_level, **meta),
            mean_estimate("marginal_value", x[7], x[8], pairs, confidence_level=confidence_level, **meta),
        ]
    rows = [
        {
            "quantity": e.name,
            "value": e.value,
            "low": e.ci.low if e.ci else e.value,
            "high": e.ci.high if e.ci else e.value,
            "n": e.n,
        }
        for e in ests
    ]
    notes = [f"{used} rounds tried, {kept} kept"] if kept != used else []
    if marginal:
        notes.append("marginal value: the same deal with the card swapped for a random card the player has not seen")
    return o.result(
        f"{parsed} held by seat {seat} of {rules.n_players}, hand size {r}, {spec.describe()}",
        rows,
        "Wilson interval for p_win, normal intervals for means",
        n=kept,
        notes=notes,
        extra={"tricks_hist": tot["hist"]},
    )
