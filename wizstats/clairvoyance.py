"""Clairvoyance ("Hellsehen", RULES 4): in round 1 each player sees every other card but not his own.

The bid can then only depend on what the others hold. wizstats' clairvoyant player counts,
over the cards he cannot see (the deck less the others' cards and the turned card), how many
would win the one-card trick, and bids 1 when that scores at least as much on average as 0
(standard scoring: a chance of at least 3/7). He does not read the earlier bids. A dealer who
must name trump after a turned Wizard names the suit under which his better bid scores most
(under blind trump, RULES 3, a random suit).

The chance is exact over the cards a player sees. It ignores what the dealer's choice of trump
after a turned Wizard tells the others (the dealer saw their cards when he chose): measured at
4 players, seats 1-3 take the trick about 0.009 more often than their computed chance says,
while the dealer's own chance, and everyone's under blind trump, is calibrated
(``tests/test_clairvoyance.py``). Under clairvoyance every player bids round 1 this way,
whatever his policy; the play of the one card is forced.

This module holds the pure-Python version (the oracle of the kernel in
:mod:`wizstats._kernels.game`) and :func:`clairvoyance_odds`, the round-1 bid odds.

>>> clairvoyant_chance(["J", None, "W"], seat=1, turned="R5")  # seat 2's Wizard beats all but a led Wizard
Fraction(1, 19)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import pandas as pd

from .cards import Card, CardKind, Deck, Suit, parse_suit
from .intervals import mean_interval, wilson_interval
from .policies import Policy, resolve_policies, strongest
from .reference import MASK64, RoundRecord, RoundRng, _deal, _finish_round, _finish_trick, trick_winner
from .rules import Rules, Scoring
from .scoring import _score
from .simulate import progress_bar, round_setup, seed_key, simulate, threads_limited

__all__ = [
    "clairvoyance_odds",
    "clairvoyant_bid",
    "clairvoyant_chance",
    "play_clairvoyant_round",
    "trace_clairvoyant_rounds",
]


def _wins_ids(
    deck: Deck, hands: Sequence[int | None], seat: int, turned: int | None, trump: int | None
) -> tuple[int, int]:
    """(wins, unseen): of the card ids ``seat`` cannot see, how many win the trick led by seat 1."""
    n = len(hands)
    seen = {c for s, c in enumerate(hands) if s != seat} | ({turned} if turned is not None else set())
    trump_suit = None if trump is None else Suit(trump)
    wins = unseen = 0
    order = [(1 + k) % n for k in range(n)]
    for c in range(deck.size):
        if c in seen:
            continue
        unseen += 1
        trick = [deck.card(c if s == seat else hands[s]) for s in order]  # type: ignore[arg-type]
        if order[trick_winner(trick, trump_suit)] == seat:
            wins += 1
    return wins, unseen


def _value(wins: int, unseen: int, bid: int, scoring: Scoring) -> int:
    """``unseen`` times the expected score of ``bid`` in a one-card round."""
    return wins * _score(bid, 1, scoring, 1) + (unseen - wins) * _score(bid, 0, scoring, 1)


def _bid_from(wins: int, unseen: int, scoring: Scoring, forbidden: int | None) -> int:
    bid = 1 if _value(wins, unseen, 1, scoring) >= _value(wins, unseen, 0, scoring) else 0
    return 1 - bid if bid == forbidden else bid


def _clairvoyance_iv(
    others: Sequence[str | Card | None],
    seat: int,
    turned: str | Card | None,
    trump: Suit | str | None,
    rules: Rules | None,
) -> tuple[Rules, list[int | None], int | None, int | None]:
    n = len(others)
    rules = Rules(n) if rules is None else rules
    if rules.n_players != n:
        raise ValueError(f"give one entry per seat ({rules.n_players}), got {n}")
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"seat must be 0..{n - 1}, got {seat!r}")
    cards = [None if s == seat or c is None else c for s, c in enumerate(others)]
    if any(c is None for s, c in enumerate(cards) if s != seat):
        raise ValueError("every other seat must show its card")
    deck = rules.deck
    shown = [c for c in cards if c is not None] + ([turned] if turned is not None else [])
    ids = deck.indices(shown)  # raises on a card not in the deck or dealt twice
    it = iter(ids)
    hand_ids = [None if c is None else next(it) for c in cards]
    turned_id = next(it) if turned is not None else None
    turned_card = None if turned_id is None else deck.card(turned_id)
    trump_suit = parse_suit(trump)
    if turned_card is not None and turned_card.suit is not None:
        if trump_suit is not None and trump_suit != turned_card.suit:
            raise ValueError(f"the turned {turned_card} makes {turned_card.suit.name.lower()} trump, not {trump}")
        trump_suit = turned_card.suit
    elif turned_card is not None and turned_card.kind is CardKind.WIZARD and trump_suit is None:
        raise ValueError("after a turned Wizard give the trump suit the dealer named")
    elif turned_card is not None and turned_card.kind is CardKind.JESTER and trump_suit is not None:
        raise ValueError("a turned Jester means no trump")
    return rules, hand_ids, turned_id, None if trump_suit is None else int(trump_suit)


def clairvoyant_chance(
    others: Sequence[str | Card | None],
    seat: int,
    *,
    turned: str | Card | None = None,
    trump: Suit | str | None = None,
    rules: Rules | None = None,
) -> Fraction:
    """The exact chance that ``seat``'s unseen card wins the one-card trick of round 1.

    Parameters
    ----------
    others
        The card of every seat (seat 0 = dealer, seat 1 leads); the entry at ``seat`` is ignored.
    seat
        The clairvoyant player, who sees all other cards and the turned card, not his own.
    turned, trump
        The turned card (it fixes trump unless it is a Wizard; then give ``trump``).
    rules
        Default ``Rules(len(others))``.
    """
    rules, hands, turned_id, trump_id = _clairvoyance_iv(others, seat, turned, trump, rules)
    wins, unseen = _wins_ids(rules.deck, hands, seat, turned_id, trump_id)
    return Fraction(wins, unseen)


def clairvoyant_bid(
    others: Sequence[str | Card | None],
    seat: int,
    *,
    turned: str | Card | None = None,
    trump: Suit | str | None = None,
    rules: Rules | None = None,
    forbidden: int | None = None,
) -> int:
    """The clairvoyant player's bid: 1 when bidding 1 scores at least as much on average as 0.

    >>> clairvoyant_bid(["B3", None, "G2"], seat=1, turned="Y1")  # he leads; most cards win
    1
    """
    rules, hands, turned_id, trump_id = _clairvoyance_iv(others, seat, turned, trump, rules)
    return _bid_from(*_wins_ids(rules.deck, hands, seat, turned_id, trump_id), rules.scoring, forbidden)


def play_clairvoyant_round(rules: Rules, key: int, round_index: int) -> RoundRecord:
    """A clairvoyant one-card round in pure Python, drawing from :class:`~wizstats.reference.RoundRng`.

    The same draws as the kernel: the deal; a random suit after a turned Wizard only under blind
    trump (else the dealer's best suit, no draw); no draws for the bids; one draw per card played
    (the random policy's choice among one legal card).
    """
    deck, n = rules.deck, rules.n_players
    rng = RoundRng(key & MASK64, round_index)
    hands, turned = _deal(deck, n, 1, rng)
    cards: list[int | None] = [h[0] for h in hands]
    trump: int | None = None
    if turned is not None:
        card = deck.card(turned)
        if card.kind is CardKind.SUIT:
            trump = int(card.suit)  # type: ignore[arg-type]
        elif card.kind is CardKind.WIZARD:
            trump = _dealer_trump(rules, cards, turned, rng)
    bids = [0] * n
    for seat in [*range(1, n), 0]:
        forbidden = rules.forbidden_bid(1, [bids[s] for s in range(1, n)]) if seat == 0 else None
        bids[seat] = _bid_from(*_wins_ids(deck, cards, seat, turned, trump), rules.scoring, forbidden)
    record = RoundRecord(1, [list(h) for h in hands], turned, trump, bids)
    trick = []
    for k in range(n):
        seat = (1 + k) % n
        rng.below(1)  # the random policy draws among its one legal card
        trick.append(hands[seat][0])
    record.plays.append(trick)
    _finish_trick(deck, record, 1 % n, trick)
    _finish_round(rules, record)
    return record


def _dealer_trump(rules: Rules, cards: list[int | None], turned: int, rng: RoundRng) -> int:
    if rules.trump_choice.value == "blind":
        return rng.below(rules.deck.n_suits)
    best, best_value = 0, None
    for s in range(rules.deck.n_suits):
        wins, unseen = _wins_ids(rules.deck, cards, 0, turned, s)
        value = max(_value(wins, unseen, 1, rules.scoring), _value(wins, unseen, 0, rules.scoring))
        if best_value is None or value > best_value:
            best, best_value = s, value
    return best


@dataclass
class ClairvoyantTrace:
    """Kernel records of clairvoyant rounds (see :func:`trace_clairvoyant_rounds`)."""

    hands: np.ndarray = field(repr=False)
    turned: np.ndarray = field(repr=False)
    trump: np.ndarray = field(repr=False)
    bids: np.ndarray = field(repr=False)
    winners: np.ndarray = field(repr=False)


def _round1_iv(rules: Rules, n_rounds: int) -> None:
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules value, got {type(rules).__name__}")
    if not isinstance(n_rounds, (int, np.integer)) or isinstance(n_rounds, bool) or n_rounds < 1:
        raise ValueError(f"n_rounds must be a whole number >= 1, got {n_rounds!r}")


def trace_clairvoyant_rounds(
    rules: Rules,
    n_rounds: int,
    *,
    policies: str | Policy | Sequence[str | Policy] = "heuristic",
    seed: int = 0,
    start: int = 0,
) -> ClairvoyantTrace:
    """Play clairvoyant rounds ``start ..`` in the kernel and keep their cards, bids and winners."""
    from ._kernels.game import trace_clairvoyant_kernel

    _round1_iv(rules, n_rounds)
    n = rules.n_players
    _, ids, params = resolve_policies(policies, n)
    tab, st0 = round_setup(rules, 1)
    out = ClairvoyantTrace(
        np.zeros((n_rounds, n), np.int64),
        np.zeros(n_rounds, np.int64),
        np.zeros(n_rounds, np.int64),
        np.zeros((n_rounds, n), np.int64),
        np.zeros(n_rounds, np.int64),
    )
    trace_clairvoyant_kernel(
        tab, st0, ids, params, np.uint64(seed_key(seed)), start, out.hands, out.turned, out.trump, out.bids, out.winners
    )
    return out


def clairvoyance_odds(
    rules: Rules | int = 4,
    n_rounds: int = 200_000,
    *,
    seed: int = 0,
    compare_policy: str | None = "strongest",
    threads: int | None = None,
    progress: bool | None = None,
    confidence_level: float = 0.95,
) -> pd.DataFrame:
    """Round-1 bid odds under clairvoyance, per seat, with intervals.

    Columns: ``seat, rounds, bid_1`` (share bidding 1), ``takes_trick``, ``mean_chance`` (mean
    exact chance the player's own card wins, as he computes it), ``accuracy`` (bid met),
    ``mean_score``, each with ``_low``/``_high`` where an interval applies; with
    ``compare_policy``, also ``normal_accuracy`` and ``normal_mean_score``: the same seat in an
    ordinary one-card round (seeing his own card), played by that policy (same seed;
    ``"strongest"``: :func:`wizstats.policies.strongest`).
    """
    from ._kernels.game import clairvoyant_counts
    from ._kernels.jit import get_num_threads

    rules = Rules(rules) if isinstance(rules, int) else rules
    _round1_iv(rules, n_rounds)
    n, deck = rules.n_players, rules.deck.size
    tab, st0 = round_setup(rules, 1)
    _, ids, params = resolve_policies("random", n)
    counts = np.zeros((n, 2, 2), np.int64)
    wins_hist = np.zeros((n, deck + 1), np.int64)
    chunk = 1 << 18
    with threads_limited(threads), progress_bar(n_rounds, progress) as bar:
        for start in range(0, n_rounds, chunk):
            size = min(chunk, n_rounds - start)
            blocks = max(1, min(4 * get_num_threads(), size // 64 or 1))
            c_out = np.zeros((blocks, n, 2, 2), np.int64)
            w_out = np.zeros((blocks, n, deck + 1), np.int64)
            clairvoyant_counts(tab, st0, ids, params, np.uint64(seed_key(seed)), start, size, blocks, c_out, w_out)
            counts += c_out.sum(axis=0)
            wins_hist += w_out.sum(axis=0)
            bar.update(size)
    unseen = deck - (n - 1) - (1 if rules.has_trump_card(1) else 0)
    rows = []
    for seat in range(n):
        c = counts[seat]
        points = np.array([[_score(b, t, rules.scoring, 1) for t in (0, 1)] for b in (0, 1)], float)
        mean = float((c * points).sum() / n_rounds)
        var = float((c * (points - mean) ** 2).sum() / max(n_rounds - 1, 1))
        sci = mean_interval(mean, var, n_rounds, confidence_level=confidence_level)
        row: dict[str, object] = {"seat": seat, "rounds": n_rounds}
        for name, k in (
            ("bid_1", int(c[1].sum())),
            ("takes_trick", int(c[:, 1].sum())),
            ("accuracy", int(np.trace(c))),
        ):
            ci = wilson_interval(k, n_rounds, confidence_level=confidence_level)
            row |= {name: k / n_rounds, f"{name}_low": ci.low, f"{name}_high": ci.high}
        row["mean_chance"] = float((wins_hist[seat] * np.arange(deck + 1)).sum() / (n_rounds * unseen))
        row |= {"mean_score": mean, "mean_score_low": sci.low, "mean_score_high": sci.high}
        rows.append(row)
    frame = pd.DataFrame(rows)
    if compare_policy is not None:
        policy = strongest() if compare_policy == "strongest" else compare_policy
        normal = simulate(
            n, 1, n_rounds, rules=rules, policies=policy, seed=seed, threads=threads, progress=progress
        ).summary(confidence_level=confidence_level)
        frame["normal_accuracy"] = normal["accuracy"].to_numpy()
        frame["normal_mean_score"] = normal["mean_score"].to_numpy()
    return frame
