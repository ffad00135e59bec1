"""Exact results by counting, no simulation: card vulnerability, round 1, schedules, plus/minus one.

Everything here is counted, so results say ``exact=True`` and carry fractions. The round-1
win probabilities and thresholds live in :mod:`wizstats.exact.round1`.

>>> vulnerability().table.set_index(["card", "relation"]).loc[("13", "plain"), "value"]
np.int64(17)
>>> schedule_figures(3).table[["schedule", "tricks"]].values.tolist()
[['standard', 210], ['tournament', 110]]
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import pandas as pd

from ..checks import MAX_SCHEDULE, WrongType, shown, whole, wholes
from ..estimates import Estimate, Result, exact_estimate
from ..rules import (
    TOURNAMENT_SCHEDULES,
    Card,
    CardKind,
    Deck,
    Rules,
    Suit,
    parse_suit,
    resolve_deck,
    standard_schedule,
)

__all__ = [
    "last_rounds_share",
    "plus_minus_one_options",
    "schedule_figures",
    "vulnerability",
]


# ---------------------------------------------------------------- vulnerability (RULES 10)
def vulnerability(deck: Deck | str = "standard", trump: Suit | str | None = "all") -> Result:
    """For every card led, how many of the other cards of the deck could beat it (RULES 10).

    A Wizard led: none. A Jester led: every card that is not a Jester. A suit card: the Wizards,
    the higher cards of its suit and, when it is not trump, every trump. ``trump="all"`` lists
    each card by its relation to trump (``trump``, ``plain`` (another suit is trump), ``no trump``);
    a suit or ``None`` lists every card for that trump.

    >>> t = vulnerability().table
    >>> t.set_index(["card", "relation"]).loc[[("13", "plain"), ("13", "trump"), ("W", "-")], "value"].tolist()
    [17, 4, 0]
    """
    deck = resolve_deck(deck)
    others = deck.size - 1
    if others < 1:
        raise ValueError(f"the {deck.name} deck holds one card: no other card could beat a led one")
    rows: list[dict[str, object]] = []

    def add(card: str, relation: str, count: int) -> None:
        rows.append(
            {"card": card, "relation": relation, "value": count, "of": others, "share": str(Fraction(count, others))}
        )

    if deck.n_wizards:
        add("W", "-", 0)
    if deck.n_jesters:
        add("J", "-", deck.size - deck.n_jesters)
    R, W = deck.n_ranks, deck.n_wizards
    if isinstance(trump, str) and trump.strip().lower() == "all":
        for k in range(R, 0, -1):
            add(str(k), "trump", W + R - k)
            if deck.n_suits > 1:
                add(str(k), "plain", W + R - k + R)
            add(str(k), "no trump", W + R - k)
    else:
        suit = parse_suit(trump)
        if suit is not None and suit >= deck.n_suits:
            raise ValueError(f"impossible trump {suit.name.lower()}: the {deck.name} deck has {deck.n_suits} suits")
        for s in range(deck.n_suits):
            for k in range(R, 0, -1):
                relation = "no trump" if suit is None else ("trump" if s == suit else "plain")
                beaten = W + R - k + (R if relation == "plain" else 0)
                add(str(Card(CardKind.SUIT, Suit(s), k)), relation, beaten)
    return Result(
        f"Cards that can beat a led card ({deck.describe()})",
        pd.DataFrame(rows),
        True,
        "counted over the other cards of the deck; a Jester led loses to every non-Jester",
    )


# ---------------------------------------------------------------- schedules (RULES 2, 7, 10)
def _players(n_players: object, deck: Deck) -> list[int]:
    """One table size or several, each one the deck can seat (checked by :class:`~wizstats.Rules`)."""
    return [Rules(n, deck=deck).n_players for n in wholes(n_players, "n_players")]


def _schedules(n: int, deck: Deck) -> dict[str, tuple[int, ...]]:
    out = {"standard": standard_schedule(n, deck)}
    if deck.size == 60 and n in TOURNAMENT_SCHEDULES:
        out["tournament"] = TOURNAMENT_SCHEDULES[n]
    return out


def schedule_figures(
    n_players: int | Iterable[int] = (3, 4, 5, 6), *, deck: Deck | str = "standard", last_k: int = 3
) -> Result:
    """Rounds, tricks and maximum points per game, standard against tournament schedules.

    The maximum of a round is every trick bid and won: ``20 + 10 r`` (standard scoring);
    ``last_k_points`` is what the last ``last_k`` rounds hold of the game's maximum.

    >>> schedule_figures(6).table[["schedule", "tricks", "max_points", "last_3_points"]].values.tolist()
    [['standard', 55, 750, 330], ['tournament', 55, 750, 330]]
    """
    deck = resolve_deck(deck)
    players = _players(n_players, deck)
    last_k = whole(last_k, "last_k", 1)
    rows = []
    for n in players:
        for name, sched in _schedules(n, deck).items():
            if last_k > len(sched):
                raise ValueError(
                    f"last_k must be a whole number in 1..{len(sched)} (the rounds of the {name} game of {n}"
                    f" players), got {last_k}"
                )
            rules = Rules(n, deck=deck, schedule=sched)
            points = [rules.max_points_round(r) for r in sched]
            last = sum(points[-last_k:])
            rows.append(
                {
                    "n_players": n,
                    "schedule": name,
                    "rounds": len(sched),
                    "tricks": sum(sched),
                    "max_points": sum(points),
                    f"last_{last_k}_points": last,
                    f"last_{last_k}_share": str(Fraction(last, sum(points))),
                }
            )
    return Result(
        "Schedule figures per game",
        pd.DataFrame(rows),
        True,
        "summed over the schedule's hand sizes; a round's maximum is 20 + 10 r (every trick bid and won)",
    )


def last_rounds_share(
    n_players: int, k: int, *, schedule: str | Iterable[int] = "standard", deck: Deck | str = "standard"
) -> Estimate:
    """The share of a game's maximum points held by its last ``k`` rounds.

    >>> last_rounds_share(6, 3).fraction
    Fraction(11, 25)
    """
    if not isinstance(schedule, (str, Iterable)):
        raise WrongType(f"schedule must be 'standard', 'tournament' or hand sizes, got {shown(schedule)}")
    if not isinstance(schedule, str):
        schedule = wholes(schedule, "schedule", most=MAX_SCHEDULE)
    rules = Rules(
        n_players,
        deck=resolve_deck(deck),
        schedule=schedule if isinstance(schedule, str) else tuple(schedule),
    )
    k = whole(k, f"k (the last rounds, of {rules.rounds_per_game})", 1, rules.rounds_per_game)
    points = [rules.max_points_round(r) for r in rules.schedule]
    return exact_estimate(
        f"share of the maximum in the last {k} rounds", Fraction(sum(points[-k:]), sum(points)), rules=rules
    )


# ---------------------------------------------------------------- plus/minus one (RULES 4)
def plus_minus_one_options(
    n_players: int | Iterable[int] = (3, 4, 5, 6), *, schedule: str = "standard", deck: Deck | str = "standard"
) -> Result:
    """What plus/minus one takes from the dealer, round by round: one bid of ``r + 1``.

    The forbidden bid is ``r - S`` (``S`` the earlier bids), so it is a real loss only when
    ``S <= r``; then the dealer keeps ``r`` of ``r + 1`` options. The tournament schedule does
    not apply the rule in rounds of fewer than two tricks (``applies`` is False there).

    >>> t = plus_minus_one_options(6).table
    >>> t[t.hand_size.isin([1, 10])].share_lost.tolist()
    ['1/2', '1/11']
    """
    deck = resolve_deck(deck)
    players = _players(n_players, deck)
    rows = []
    for n in players:
        scheds = _schedules(n, deck)
        if schedule not in scheds:
            raise ValueError(
                f"unknown schedule {shown(schedule)} for {n} players (expected one of {', '.join(scheds)})"
            )
        min_hand = 2 if schedule == "tournament" else 1
        for i, r in enumerate(scheds[schedule], start=1):
            applies = r >= min_hand
            rows.append(
                {
                    "n_players": n,
                    "round": i,
                    "hand_size": r,
                    "options": r + 1,
                    "applies": applies,
                    "dealer_options": r if applies else r + 1,
                    "share_lost": str(Fraction(1, r + 1)) if applies else "0",
                }
            )
    return Result(
        f"Plus/minus one: the dealer's options ({schedule} schedule)",
        pd.DataFrame(rows),
        True,
        "one forbidden bid r - S of the r + 1 bids 0..r, when the earlier bids S do not exceed r",
    )
