"""Discards: do players who have made their bid throw their high cards, and what is a Jester worth in points?

:func:`shedding` reads traced rounds; :func:`jester_value` plays fixed hands with a Jester and
the same hands with a low card in its place (:func:`wizstats.engine.fixed_hand_score`).

Every card played by a follower (not the leader of the trick) is judged with the reference
rules (:func:`wizstats.reference.legal_plays`, :func:`wizstats.reference.trick_winner`): which
of his legal cards would not take the lead of the trick as it lies ("safe" cards), and whether
the card he played is the highest of them (Wizard > trump by rank > other suits by rank >
Jester). Only decisions with a choice count: at least two safe cards of different height.

>>> t = shedding(4, [5], n=300, policy="heuristic").table
>>> sorted(set(t.state))
['made his bid', 'needs tricks']
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pandas as pd

from ..engine import fixed_hand_score, trace_rounds
from ..estimates import Result, mean_estimate
from ..players import strongest
from ..reference import legal_plays, trick_winner
from ..rules import Card, CardKind, Rules
from .claims import _ratio_estimate, _row
from .effects import _common_iv, _z
from .setup import policy_setup

__all__ = ["jester_value", "shedding"]

MAX_SHED_ROUNDS = 20_000
"""The most rounds per hand size (the cards are judged one by one in Python)."""


def _height(card: Card, trump: object) -> tuple[int, int]:
    if card.kind is CardKind.WIZARD:
        return (3, 0)
    if card.kind is CardKind.JESTER:
        return (0, 0)
    return (2 if card.suit == trump else 1, card.rank)


def _decisions(rules: Rules, r: int, policy: object, n: int, seed: int) -> dict[str, np.ndarray]:
    """Per round, by state (0: made his bid, bid >= 1; 1: needs tricks): decisions, highest safe played, lead taken."""
    tr = trace_rounds(rules, r, n, policies=policy, seed=seed, start=(r << 32) + (1 << 31))  # type: ignore[arg-type]
    deck, n_seats = rules.deck, rules.n_players
    cards = [deck.card(i) for i in range(deck.size)]
    out = {key: np.zeros((n, 2)) for key in ("choices", "highest", "lead")}
    for i in range(n):
        trump = None if tr.trump[i] < 0 else int(tr.trump[i])
        suit = None if trump is None else cards[trump * deck.n_ranks].suit
        hands = {s: [cards[c] for c in tr.hands[i, s]] for s in range(n_seats)}
        won = np.zeros(n_seats, np.int64)
        for t in range(r):
            leader = int(tr.leaders[i, t])
            trick: list[Card] = []
            for k in range(n_seats):
                seat = (leader + k) % n_seats
                played = cards[int(tr.plays[i, t, k])]
                bid = int(tr.bids[i, seat])
                state = 0 if (bid >= 1 and won[seat] == bid) else 1 if won[seat] < bid else -1
                if k > 0 and state >= 0:
                    legal = legal_plays(hands[seat], trick, rules=rules)
                    safe = [c for c in legal if trick_winner([*trick, c], suit, rules=rules) != k]
                    heights = {_height(c, suit) for c in safe}
                    if len(heights) >= 2:
                        out["choices"][i, state] += 1
                        took = played not in safe
                        out["lead"][i, state] += took
                        out["highest"][i, state] += (not took) and _height(played, suit) == max(heights)
                trick.append(played)
                hands[seat].remove(played)
            won[int(tr.winners[i, t])] += 1
    return out


def shedding(
    n_players: int | None = None,
    hand_sizes: int | Iterable[int] | None = (5, 10),
    *,
    rules: Rules | None = None,
    policy: object = None,
    n: int = 1500,
    seed: int = 0,
    confidence_level: float = 0.95,
) -> Result:
    """How often a follower plays his highest card that does not take the trick, by whether he has made his bid.

    Rows per hand size (and ``game``: all the hand sizes asked for pooled) and ``state``
    (``made his bid``: bid at least 1 and as many tricks as bid; ``needs tricks``): ``p_highest_safe``
    (the highest of his safe cards), ``p_takes_lead`` (a card that takes the lead) and
    ``decisions``; ratio-estimator intervals clustered by round. Seat 0 deals, seat 1 leads.
    """
    rules, sizes = _common_iv(n_players, hand_sizes, rules, n, seed, confidence_level)
    if n > MAX_SHED_ROUNDS:
        raise ValueError(f"n is at most {MAX_SHED_ROUNDS:,} rounds per hand size for this measurement, got {n:,}")
    policy = strongest() if policy is None else policy
    name = policy_setup(policy, rules.n_players)[0]
    rows: list[dict[str, object]] = []
    parts = []
    for r in sizes:
        parts.append((r, _decisions(rules, r, policy, n, seed)))
    if len(sizes) > 1:
        parts.append(("game", {k: np.concatenate([p[1][k] for p in parts]) for k in parts[0][1]}))
    for label, d in parts:
        for state, text in ((0, "made his bid"), (1, "needs tricks")):
            den = d["choices"][:, state]
            for quantity in ("highest", "lead"):
                est = _ratio_estimate(
                    "p_highest_safe" if quantity == "highest" else "p_takes_lead",
                    d[quantity][:, state],
                    den,
                    confidence_level,
                )
                rows.append(_row(label, "-", est) | {"state": text, "decisions": int(den.sum())})
    return Result(
        f"Followers' highest safe card ({rules.n_players} players)",
        pd.DataFrame(rows),
        False,
        "traced rounds judged with the reference rules; intervals clustered by round",
        rules,
        name,
        seed,
        n,
        confidence_level,
    )


def _jester_hand(rules: Rules, r: int, rng: np.random.Generator) -> tuple[list[int], list[int], int | None]:
    """A random hand with a Jester, the same hand with the lowest free non-trump card in its place, the turned card."""
    deck = rules.deck
    jester = int(rng.choice(np.arange(deck.n_plain - deck.n_jesters, deck.n_plain)))
    rest = [c for c in range(deck.size) if c != jester]
    others = [int(c) for c in rng.choice(rest, size=r - 1, replace=False)]
    hand = [jester, *others]
    free = [c for c in range(deck.size) if c not in hand]
    turned = int(rng.choice(free)) if rules.has_trump_card(r) else None
    trump = turned // deck.n_ranks if turned is not None and turned < deck.n_suit_cards else None
    low = [c for c in free if c != turned and c < deck.n_suit_cards and c // deck.n_ranks != trump]
    swap = min(low, key=lambda c: (c % deck.n_ranks, c))
    return hand, [swap, *others], turned


def jester_value(
    n_players: int | None = None,
    hand_sizes: int | Iterable[int] | None = (3, 6),
    *,
    rules: Rules | None = None,
    policy: object = None,
    n_hands: int = 60,
    n_rounds: int = 500,
    seat: int = 1,
    seed: int = 0,
    confidence_level: float = 0.95,
) -> Result:
    """What a Jester is worth in points against the same hand with a low card in its place.

    For ``n_hands`` random hands with a Jester (and a random turned card), the Jester is swapped
    for the lowest free card of a non-trump suit. Each hand is played ``n_rounds`` times per bid
    (:func:`wizstats.engine.fixed_hand_score`, the others' hands dealt at random) and scored at
    its best bid; the value is the best expected score with the Jester minus with the low card.
    Rows per hand size (and ``game``: the mean over the hand sizes asked for): ``jester_value``,
    its normal interval over the hands (which holds the noise of the rounds too),
    ``best_bid_with_jester`` and ``best_bid_with_low_card`` (means). The best of noisy means is
    biased up a little, alike for both hands.
    """
    rules, sizes = _common_iv(n_players, hand_sizes, rules, n_rounds, seed, confidence_level)
    if not 2 <= n_hands <= 5000:
        raise ValueError(f"n_hands must be 2 to 5000, got {n_hands}")
    if rules.deck.n_jesters == 0:
        raise ValueError(f"the {rules.deck.name} deck has no Jesters")
    policy = strongest() if policy is None else policy
    name = policy_setup(policy, rules.n_players)[0]
    rows: list[dict[str, object]] = []
    diffs_all = []
    for r in sizes:
        diffs, bids = [], []
        for h in range(n_hands):
            hand, swapped, turned = _jester_hand(rules, r, np.random.default_rng([seed, r, h]))
            best = []
            for cards in (hand, swapped):
                means = [
                    fixed_hand_score(
                        cards,
                        b,
                        n_players=rules.n_players,
                        seat=seat,
                        turned=turned,
                        rules=rules,
                        policies=policy,  # type: ignore[arg-type]
                        n_rounds=n_rounds,
                        seed=seed + h,
                    )[0]
                    for b in range(r + 1)
                    if not (seat == 0 and rules.forbidden_bid(r, []) == b)
                ]
                best.append((max(means), int(np.argmax(means))))
            diffs.append(best[0][0] - best[1][0])
            bids.append((best[0][1], best[1][1]))
        d = np.array(diffs)
        diffs_all.append(d)
        rows.append(
            _row(
                r,
                seat,
                mean_estimate(
                    "jester_value", float(d.sum()), float((d**2).sum()), len(d), confidence_level=confidence_level
                ),
            )
        )
        for i, quantity in enumerate(("best_bid_with_jester", "best_bid_with_low_card")):
            value = float(np.mean([b[i] for b in bids]))
            rows.append(
                {
                    "hand_size": r,
                    "seat": seat,
                    "quantity": quantity,
                    "value": value,
                    "low": np.nan,
                    "high": np.nan,
                    "n": n_hands,
                }
            )
    if len(sizes) > 1:
        k = len(diffs_all)
        means = [float(d.mean()) for d in diffs_all]
        var = sum(float(d.var(ddof=1)) / len(d) for d in diffs_all) / k**2
        half = _z(confidence_level) * float(np.sqrt(var))
        m = sum(means) / k
        rows.append(
            {
                "hand_size": "game",
                "seat": seat,
                "quantity": "jester_value",
                "value": m,
                "low": m - half,
                "high": m + half,
                "n": n_hands * k,
            }
        )
    return Result(
        f"A Jester against a low card, in points ({rules.n_players} players, seat {seat})",
        pd.DataFrame(rows),
        False,
        "fixed hands at their best bid; normal interval over the hands",
        rules,
        name,
        seed,
        n_rounds,
        confidence_level,
    )
