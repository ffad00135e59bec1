"""Do players who have made their bid throw their high cards under the trick? Read from traced rounds.

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

from ..engine import trace_rounds
from ..estimates import Result
from ..players import strongest
from ..reference import legal_plays, trick_winner
from ..rules import Card, CardKind, Rules
from .claims import _ratio_estimate, _row
from .effects import _common_iv
from .setup import policy_setup

__all__ = ["shedding"]

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
