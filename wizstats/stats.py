"""Monte Carlo statistics of a hand and of a card, with confidence intervals.

- :func:`trick_distribution`: for a given hand, seat, trump and earlier bids, the chance of
  each number of tricks for every bid the player may make, the expected score of each bid
  and the best bid;
- :func:`card_win_probability`: how often one card takes the trick it is played in, and how
  many tricks it is worth to its hand;
- :func:`card_strength`: the same for every card at once, from random deals;
- :func:`bid_thresholds`: the weakest trump and non-trump card worth bidding one more trick.

Every result names the policy that played (default: :func:`wizstats.policies.strongest`, read
when the function is called), the rules, the seed and the sample size. Proportions carry
Wilson intervals, means normal intervals. ``target_width`` runs more rounds, in batches with
fresh round indices, until the main interval is narrower than that: still reproducible.

>>> res = card_win_probability("W", n_players=4, hand_size=1, seat=2, n=2000, marginal=False)
>>> res.estimate(quantity="p_win").value < 1
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from . import policies as _policies
from .cards import Card, CardKind, Deck, parse_cards
from .estimates import (
    Estimate,
    Result,
    check_confidence,
    check_sample_size,
    mean_estimate,
    proportion_estimate,
    run_adaptive,
)
from .exact import TrumpSpec, break_even_probability, parse_trump
from .intervals import ConfidenceInterval, wilson_interval
from .policies import resolve_policies
from .rules import BidVisibility, Rules
from .simulate import round_setup, seed_key, threads_limited

__all__ = [
    "TrickDistribution",
    "bid_thresholds",
    "card_strength",
    "card_win_probability",
    "trick_distribution",
]

# ---------------------------------------------------------------- shared set-up
def rules_iv(rules: Rules | None, n_players: int | None) -> Rules:
    """The rules: given, or the standard game for ``n_players``; they must agree."""
    if rules is None:
        if n_players is None:
            raise ValueError("give n_players (or rules)")
        return Rules(n_players)
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules value, got {type(rules).__name__}")
    if n_players is not None and n_players != rules.n_players:
        raise ValueError(f"n_players {n_players} does not match rules.n_players {rules.n_players}")
    return rules


def policy_setup(policy: object, n_players: int) -> tuple[str, np.ndarray, np.ndarray]:
    """Policy name for results, kernel ids and parameters; ``None`` is the strongest policy now."""
    chosen = _policies.strongest() if policy is None else policy
    resolved, ids, params = resolve_policies(chosen, n_players)  # type: ignore[arg-type]
    names = [str(p) for p in resolved]
    name = names[0] if len(set(names)) == 1 else ", ".join(f"seat {s}: {p}" for s, p in enumerate(names))
    return name, ids, params


def hand_size_iv(hand_size: object, rules: Rules) -> int:
    """A hand size the deck allows for this table."""
    if not isinstance(hand_size, (int, np.integer)) or isinstance(hand_size, bool) or not 1 <= hand_size <= rules.max_hand_size:
        raise ValueError(
            f"hand size {hand_size!r} is impossible: {rules.n_players} players and the {rules.deck.size}-card deck"
            f" deal 1 to {rules.max_hand_size} cards each"
        )
    return int(hand_size)


def seat_iv(seat: object, n_players: int) -> int:
    """A seat 0 (dealer) .. n-1."""
    if not isinstance(seat, (int, np.integer)) or isinstance(seat, bool) or not 0 <= seat < n_players:
        raise ValueError(f"seat must be 0 (the dealer) .. {n_players - 1} (seat 1 bids and leads first), got {seat!r}")
    return int(seat)


def n_blocks(size: int) -> int:
    """Blocks for a batch of ``size`` rounds (results do not depend on it)."""
    from ._kernels.jit import get_num_threads

    return max(1, min(4 * get_num_threads(), size // 64 or 1))


def trump_inputs(spec: TrumpSpec, deck: Deck, known: Sequence[int], hand_size: int, rules: Rules,
                 card: Card | None = None) -> tuple[np.ndarray, int]:
    """Kernel inputs for what the hero knows about trump: candidate turned card ids and a named suit.

    ``known`` are the hero's card ids; ``card`` the hero's one card for ``trump``/``plain``.
    """
    free = [i for i in range(deck.size) if i not in set(known)]
    kinds, suits = deck.kinds, deck.suits
    has_turned = rules.has_trump_card(hand_size)
    if not has_turned:
        if spec.mode not in ("none", "any"):
            raise ValueError(f"impossible trump ({spec.describe()}): a round of {hand_size} cards deals every card,"
                             " so nothing is turned and there is no trump")
        return np.zeros(0, np.int64), -1
    named = -1
    if spec.mode == "any":
        ids: list[int] = []
    elif spec.mode == "none":
        ids = [i for i in free if kinds[i] == CardKind.JESTER][:1]
        if not ids:
            raise ValueError("impossible trump 'none': every Jester is in your hand, and a round with a card left to turn"
                             " has no trump only after a turned Jester")
    elif spec.mode in ("card", "named"):
        assert spec.card is not None
        target = deck.index(spec.card)  # raises when the card is not in this deck
        same = [i for i in free if kinds[i] == kinds[target] and (kinds[i] != CardKind.SUIT or i == target)]
        if not same:
            raise ValueError(f"impossible trump: the turned card {spec.card} is in your hand")
        ids = same[:1]
        if spec.mode == "named":
            assert spec.suit is not None
            if spec.suit >= deck.n_suits:
                raise ValueError(f"impossible trump: the {deck.name} deck has no {spec.suit.name.lower()} suit")
            named = int(spec.suit)
    elif spec.mode == "suit":
        assert spec.suit is not None
        if spec.suit >= deck.n_suits:
            raise ValueError(f"impossible trump: the {deck.name} deck has no {spec.suit.name.lower()} suit")
        ids = [i for i in free if kinds[i] == CardKind.SUIT and suits[i] == spec.suit]
        if not ids:
            raise ValueError(f"impossible trump: every {spec.suit.name.lower()} card is in your hand")
    else:  # trump / plain: relative to one card
        if card is None or card.kind is not CardKind.SUIT:
            raise ValueError(f"trump={spec.mode!r} describes the suit of one suit card; give a turned card or a suit instead")
        same_suit = spec.mode == "trump"
        ids = [i for i in free if kinds[i] == CardKind.SUIT and (suits[i] == card.suit) == same_suit]
    return np.array(ids, np.int64), named


def hand_iv(hand: object, deck: Deck, rules: Rules) -> tuple[list[Card], list[int]]:
    """Parse a hand: cards of this deck, no duplicates, no larger than a round allows."""
    if isinstance(hand, str):
        cards = parse_cards(hand)
    elif isinstance(hand, Iterable):
        cards = [Card.parse(c) for c in hand]  # type: ignore[arg-type]
    else:
        raise ValueError(f"a hand is a list of cards or a string such as 'W R12 B3', got {hand!r}")
    if not cards:
        raise ValueError("the hand is empty")
    try:
        ids = deck.indices(cards)
    except ValueError as err:
        raise ValueError(f"bad hand: {err}") from None
    if len(ids) > rules.max_hand_size:
        raise ValueError(
            f"a hand of {len(ids)} cards is larger than any round: {rules.n_players} players and the"
            f" {deck.size}-card deck deal at most {rules.max_hand_size} each"
        )
    return cards, ids


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
        return Estimate("expected score of the best bid", float(row.expected_score),
                        ConfidenceInterval(float(row.low), float(row.high)), self.n, False, "normal interval",
                        self.seed, self.policy, self.rules, self.confidence_level)

    def distribution(self, bid: int | None = None) -> pd.Series:
        """P(tricks = k) when the player bids ``bid`` (default: the best bid), indexed by k."""
        bid = self.best_bid if bid is None else bid
        rows = self.tricks[self.tricks.bid == bid]
        if rows.empty:
            raise ValueError(f"bid {bid} was not played (legal bids: {sorted(self.bids.bid)})")
        return rows.set_index("tricks")["value"]

    def to_frame(self) -> pd.DataFrame:
        """Tidy rows ``quantity, bid, tricks, value, low, high, n`` plus the metadata columns."""
        t = self.tricks.assign(quantity="p_tricks")
        s = self.bids.rename(columns={"expected_score": "value"})[["bid", "value", "low", "high"]].assign(
            quantity="expected_score", n=self.n)
        m = self.bids.rename(columns={"p_make": "value", "p_make_low": "low", "p_make_high": "high"})[
            ["bid", "value", "low", "high"]].assign(quantity="p_make", n=self.n)
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


def _trick_distribution_iv(hand, trump, n_players, seat, bids_so_far, rules, policy, n, seed, confidence_level):  # type: ignore[no-untyped-def]
    rules = rules_iv(rules, n_players)
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
    name, pol_ids, params = policy_setup(policy, n_players)
    check_sample_size(n)
    seed_key(seed)
    check_confidence(confidence_level)
    return rules, cards, ids, seat, given, spec, cands, named, forbidden, candidates, name, pol_ids, params


def trick_distribution(
    hand: str | Sequence[str | Card],
    *,
    trump: object,
    n_players: int | None = None,
    seat: int,
    bids_so_far: Sequence[int] = (),
    rules: Rules | None = None,
    policy: object = None,
    n: int = 4000,
    seed: int = 0,
    target_width: float | None = None,
    max_n: int | None = None,
    min_acceptance: float = 0.02,
    confidence_level: float = 0.95,
    threads: int | None = None,
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
    policy
        How everyone bids and plays (default: the strongest policy).
    n
        Deals to keep; ``target_width`` keeps going until the widest expected-score interval
        is narrower than that many points (at most ``max_n`` deals, default ``64 n``).

    Examples
    --------
    >>> res = trick_distribution("W R13", trump="R2", n_players=4, seat=1, n=500)
    >>> res.best_bid, list(res.bids.bid)
    (2, [0, 1, 2])
    """
    from ._kernels.stats import hand_rounds

    (rules, cards, ids, seat, given, spec, cands, named, forbidden, candidates, name, pol_ids,
     params) = _trick_distribution_iv(hand, trump, n_players, seat, bids_so_far, rules, policy, n, seed, confidence_level)
    r, key = len(ids), np.uint64(seed_key(seed))
    tab, st0 = round_setup(rules, r)
    cand = np.array(candidates, np.int64)
    nc = len(candidates)
    fixed, given_arr = np.array(ids, np.int64), np.array(given, np.int64)

    def run(force: int, start: int, size: int) -> dict[str, np.ndarray]:
        nb = n_blocks(size)
        out = {"counts": np.zeros((nb, r + 1, r + 1), np.int64), "s1": np.zeros((nb, nc)),
               "s2": np.zeros((nb, nc, nc)), "own": np.zeros((nb, r + 1), np.int64), "tally": np.zeros((nb, 2), np.int64)}
        hand_rounds(tab, st0, pol_ids, params, key, start, size, nb, seat, fixed, cands, named, given_arr, force,
                    cand, out["counts"], out["s1"], out["s2"], out["own"], out["tally"])
        return {k: v.sum(axis=0) for k, v in out.items()}

    def width(tot: dict[str, np.ndarray]) -> float:
        kept = int(tot["tally"][1])
        return max(mean_estimate("", tot["s1"][k], tot["s2"][k, k], kept, confidence_level=confidence_level).ci.width
                   for k in range(nc)) if kept > 1 else math.inf

    with threads_limited(threads):
        rejecting = bool(given) or (named >= 0 and seat != 0)
        tot, tried = _sample_kept(lambda s, z: run(0, s, z), n, rejecting, min_acceptance, target_width, width, max_n)
        conditioned, notes = True, []
        if rejecting and tot["tally"][1] < min_acceptance * tried:
            notes.append(f"only {int(tot['tally'][1])} of {tried} deals matched the earlier bids (below {min_acceptance:.0%}):"
                         " the earlier bids are imposed on random hands instead of conditioned on")
            conditioned = not given
            tot, tried = _sample_kept(lambda s, z: run(1, s, z), n, named >= 0 and seat != 0, min_acceptance,
                                      target_width, width, max_n)
            if tot["tally"][1] == 0:
                raise ValueError(f"impossible trump: under policy {name} the dealer never named that suit in {tried} deals")
    return _trick_result(tot, tried, cands, rules, cards, seat, spec, given, forbidden, candidates, name, seed,
                         conditioned, notes, confidence_level)


def _sample_kept(run, n, rejecting, min_acceptance, target_width, width, max_n):  # type: ignore[no-untyped-def]
    """Run deals until ``n`` are kept (then, with ``target_width``, more, doubling), in fresh index ranges."""
    max_n = 64 * n if max_n is None else check_sample_size(max_n, "max_n")
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


def _trick_result(tot, tried, cands, rules, cards, seat, spec, given, forbidden, candidates, name, seed, conditioned,
                  notes, confidence_level) -> TrickDistribution:  # type: ignore[no-untyped-def]
    kept = int(tot["tally"][1])
    if kept == 0:
        raise ValueError(f"no deal of {tried} was consistent with the earlier bids {given}")
    r = len(cards)
    meta = {"seed": seed, "policy": name, "rules": rules}
    trick_rows, bid_rows = [], []
    own = tot["own"]
    for k, b in enumerate(candidates):
        for t in range(r + 1):
            ci = wilson_interval(int(tot["counts"][b, t]), kept, confidence_level=confidence_level)
            trick_rows.append({"bid": b, "tricks": t, "value": tot["counts"][b, t] / kept, "low": ci.low, "high": ci.high, "n": kept})
        s = mean_estimate("score", tot["s1"][k], tot["s2"][k, k], kept, confidence_level=confidence_level, **meta)
        make = proportion_estimate("make", int(tot["counts"][b, b]), kept, confidence_level=confidence_level)
        assert s.ci is not None and make.ci is not None
        bid_rows.append({"bid": b, "expected_score": s.value, "low": s.ci.low, "high": s.ci.high, "p_make": make.value,
                         "p_make_low": make.ci.low, "p_make_high": make.ci.high, "policy_share": own[b] / kept})
    bids = pd.DataFrame(bid_rows)
    order = np.argsort(-bids.expected_score.to_numpy(), kind="stable")
    best_k = int(order[0])
    margin = None
    if len(candidates) > 1:
        k2 = int(order[1])
        diff_sum = tot["s1"][best_k] - tot["s1"][k2]
        diff_sq = tot["s2"][best_k, best_k] - 2 * tot["s2"][best_k, k2] + tot["s2"][k2, k2]
        margin = mean_estimate(f"bid {candidates[best_k]} minus bid {candidates[k2]}", diff_sum, diff_sq, kept,
                               confidence_level=confidence_level, **meta)
    trump_text = spec.describe() + (" (sampled)" if spec.mode == "suit" else "")
    return TrickDistribution(
        [str(c) for c in cards], seat, trump_text, tuple(int(b) for b in given), rules, name, seed, kept, tried,
        conditioned, forbidden, pd.DataFrame(trick_rows), bids, int(candidates[best_k]), margin, confidence_level, notes,
    )


# ---------------------------------------------------------------- one card
def _card_iv(card, n_players, hand_size, seat, trump, rules, policy, n, seed, confidence_level):  # type: ignore[no-untyped-def]
    rules = rules_iv(rules, n_players)
    hand_size = hand_size_iv(hand_size, rules)
    seat = seat_iv(seat, rules.n_players)
    parsed = Card.parse(card)
    card_id = rules.deck.index(parsed)
    spec = parse_trump(trump)
    cands, named = trump_inputs(spec, rules.deck, [card_id], hand_size, rules, parsed)
    name, pol_ids, params = policy_setup(policy, rules.n_players)
    check_sample_size(n)
    seed_key(seed)
    check_confidence(confidence_level)
    return rules, hand_size, seat, parsed, card_id, spec, cands, named, name, pol_ids, params


def card_win_probability(
    card: Card | str,
    *,
    n_players: int | None = None,
    hand_size: int = 1,
    seat: int,
    trump: object = "any",
    rules: Rules | None = None,
    policy: object = None,
    n: int = 20_000,
    seed: int = 0,
    marginal: bool = True,
    target_width: float | None = None,
    max_n: int | None = None,
    confidence_level: float = 0.95,
    threads: int | None = None,
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
    to the interval of ``p_win``.

    >>> r = card_win_probability("B13", n_players=4, seat=1, trump="trump", n=2000, marginal=False)
    >>> r.estimate(quantity="p_win").n
    2000
    """
    from ._kernels.stats import card_rounds

    (rules, r, seat, parsed, card_id, spec, cands, named, name, pol_ids,
     params) = _card_iv(card, n_players, hand_size, seat, trump, rules, policy, n, seed, confidence_level)
    key = np.uint64(seed_key(seed))
    tab, st0 = round_setup(rules, r)

    def batch(start: int, size: int) -> dict[str, np.ndarray]:
        nb = n_blocks(size)
        out = np.zeros((nb, 10), np.int64)
        hist = np.zeros((nb, r + 1), np.int64)
        card_rounds(tab, st0, pol_ids, params, key, start, size, nb, seat, card_id, cands, named, int(marginal), out, hist)
        return {"out": out.sum(axis=0), "hist": hist.sum(axis=0)}

    def width(tot: dict[str, np.ndarray]) -> float:
        return wilson_interval(int(tot["out"][1]), int(tot["out"][0]), confidence_level=confidence_level).width

    with threads_limited(threads):
        tot, used = run_adaptive(batch, n=n, width=width, target_width=target_width, max_n=max_n)
    o = tot["out"].astype(float)
    kept, pairs = int(o[0]), int(o[4])
    meta = {"seed": seed, "policy": name, "rules": rules}
    ests = [proportion_estimate("p_win", int(o[1]), kept, confidence_level=confidence_level, **meta),
            mean_estimate("tricks_with", o[2], o[3], kept, confidence_level=confidence_level, **meta)]
    if marginal:
        ests += [mean_estimate("tricks_without", o[5], o[6], pairs, confidence_level=confidence_level, **meta),
                 mean_estimate("marginal_value", o[7], o[8], pairs, confidence_level=confidence_level, **meta)]
    rows = [{"quantity": e.name, "value": e.value, "low": e.ci.low if e.ci else e.value,
             "high": e.ci.high if e.ci else e.value, "n": e.n} for e in ests]
    notes = [f"{used} rounds tried, {kept} kept"] if kept != used else []
    if marginal:
        notes.append("marginal value: the same deal with the card swapped for a random card the player has not seen")
    return Result(
        f"{parsed} held by seat {seat} of {rules.n_players}, hand size {r}, {spec.describe()}",
        pd.DataFrame(rows), False, "Wilson interval for p_win, normal intervals for means", rules, name, seed, kept,
        confidence_level, notes, {"tricks_hist": tot["hist"]},
    )


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
    from ._kernels.stats import card_table_rounds

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
            rows.append({"seat": seat, "card": label, "relation": relation, "value": won / played,
                         "low": ci.low, "high": ci.high, "n": played})
    return Result(
        f"Chance that a card takes its trick: {n_players or rules.n_players} players, hand size {r}",
        pd.DataFrame(rows), False, f"Wilson intervals over the cards played, {used} random rounds", rules, name, seed,
        used, confidence_level, extra={"trump_counts": tot["trump"]},
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
    sizes = rules.schedule if hand_sizes is None else ([hand_sizes] if isinstance(hand_sizes, int) else list(hand_sizes))
    rows, name = [], ""
    for r in sizes:
        cut = float(break_even_probability(sure_tricks, rules=rules, hand_size=max(r, sure_tricks + 1)))
        strength = card_strength(rules=rules, hand_size=r, policy=policy, n=n, seed=seed + r,
                                 confidence_level=confidence_level, threads=threads)
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
    out = pd.DataFrame(rows)
    for col in ("weakest_trump", "weakest_plain", "weakest_no_trump", "trumps_for_a_trick"):
        out[col] = out[col].astype("Int64")
    return Result(
        f"Weakest card worth bidding one more trick ({rules.n_players} players)", out, False,
        f"card win rates from random deals played by the policy, against the break-even chance; seed + hand size per size",
        rules, name, seed, n, confidence_level,
    )


def _trumps_for_a_trick(counts: np.ndarray, cut: float) -> int | None:
    """Fewest trumps ``m`` whose holders took at least one trump trick in a share ``>= cut`` of rounds."""
    for m in range(1, counts.shape[0]):
        total = counts[m].sum()
        if total >= 30 and counts[m, 1:].sum() / total >= cut:
            return m
    return None

