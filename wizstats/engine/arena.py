"""The arena: policies against each other on the same deals, seats rotating (duplicate format).

Each deal (or whole game) is played once per rotation of the players round the table, so
every policy plays every seat equally often and meets exactly the same cards; luck of the
deal cancels out of the comparison. The unit of observation is the deal (or game): its value
for a policy is the mean over that policy's seats and the rotations, and the intervals are
taken over units, which accounts for the correlation the duplicate format builds in.

>>> res = arena(["heuristic", "random"], 4, hand_sizes=3, n_rounds=200, seed=1)
>>> list(res.table()["policy"])
['heuristic', 'random']
>>> bool(res.table()["margin"].iloc[0] > 0)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..checks import MAX_ROUNDS, MAX_SAMPLES, WrongType, count, flag, optional, real, shown, whole
from ..estimates import html_table
from ..intervals import mean_interval
from ..players import DEFAULT_POLICY, Policies, Policy, resolve_policies
from ..rules import Deck, Rules, rules_for, seat_for
from .setup import progress_bar, round_setup, seed_key, thread_count, threads_limited
from .special import special_setup

MAX_HAND = 64
"""No deck deals a larger hand."""

__all__ = ["ArenaResult", "arena", "fixed_hand_score", "parse_hand_sizes", "rollout_bid_values", "seating"]

CHUNK_UNITS = 256
"""Units (deals or games) per kernel call, between progress-bar updates (sums in a fixed order: the
figures do not depend on threads, and on this only up to floating-point rounding)."""

BLOCKS = 64
"""Blocks per kernel call, whatever the threads: each sums its units in order, so floating-point
sums (and the results) do not depend on the thread count."""

_METRICS = ("score", "hit", "miss", "bid", "tricks", "margin", "win", "total")


@dataclass
class ArenaResult:
    """What :func:`arena` returns: per hand size (or ``"game"``) and policy, the measured figures."""

    rules: Rules
    entries: list[Policy]
    """The players in rotation order: entry ``e`` sits in seat ``(e - j) mod n`` in rotation ``j``."""
    hand_sizes: tuple[int, ...] | str
    n_rounds: int
    """Deals per hand size, or games when ``hand_sizes == "game"``."""
    seed: int
    frame: pd.DataFrame = field(repr=False)

    def _repr_html_(self) -> str:
        unit = "games" if self.hand_sizes == "game" else "deals per hand size"
        facts = {"players": ", ".join(str(p) for p in self.entries), unit: self.n_rounds, "seed": self.seed}
        return html_table(f"Arena, {self.rules.n_players} players", self.table(), facts)

    def table(self, *, intervals: bool = True) -> pd.DataFrame:
        """One row per hand size and policy; ``intervals=False`` drops the ``_low``/``_high`` columns."""
        if intervals:
            return self.frame.copy()
        return self.frame[[c for c in self.frame.columns if not c.endswith(("_low", "_high"))]].copy()


def parse_hand_sizes(text: str | int | Sequence[int]) -> tuple[int, ...] | str:
    """``"game"``, ``"3"``, ``"1-15"``, ``"1,3,5"`` or ``"1-5,10"`` (or ints) to hand sizes or ``"game"``.

    Each size is a whole number 1..64 (no deck deals more), given once; a range runs upwards.
    Whether the deck allows a size at a table is checked with the rules.

    >>> parse_hand_sizes("1-3,10"), parse_hand_sizes("game")
    ((1, 2, 3, 10), 'game')
    >>> parse_hand_sizes("3-1")
    Traceback (most recent call last):
    ...
    ValueError: bad hand sizes '3-1': the range 3-1 runs downwards (write 1-3)
    """
    if isinstance(text, str) and text.strip().lower() == "game":
        return "game"
    if isinstance(text, str):
        bad = f"bad hand sizes {shown(text)} (expected 'game', '3', '1-15', '1,3,5' or '1-5,10')"
        parts = [p.strip() for p in text.split(",")]
        if not text.strip() or any(not p for p in parts):
            raise ValueError(bad)
        sizes: list[int] = []
        for part in parts:
            lo, dash, hi = (x.strip() for x in part.partition("-"))
            if not (lo.isascii() and lo.isdigit()) or (dash and not (hi.isascii() and hi.isdigit())):
                raise ValueError(bad)
            first, last = int(lo), int(hi) if dash else int(lo)
            for h in (first, last):
                if not 1 <= h <= MAX_HAND:
                    raise ValueError(f"bad hand sizes {shown(text)}: {h} is not a hand size 1..{MAX_HAND}")
            if last < first:
                raise ValueError(f"bad hand sizes {shown(text)}: the range {part} runs downwards (write {hi}-{lo})")
            sizes.extend(range(first, last + 1))
    else:
        items = [text] if isinstance(text, (int, np.integer)) or isinstance(text, bool) else text
        if not isinstance(items, Iterable):
            raise WrongType(f"hand_sizes must be 'game', a hand size or a list of them, got {shown(text)}")
        sizes = [whole(h, "a hand size", 1, MAX_HAND) for h in items]
    repeated = sorted({h for h in sizes if sizes.count(h) > 1})
    if repeated:
        raise ValueError(f"bad hand sizes {shown(text)}: {repeated[0]} is given twice")
    return tuple(sizes)


def _rules_iv(rules: Rules | None, n_players: int, deck: Deck | str | None, *, special: bool = False) -> Rules:
    rules = rules_for(rules, n_players, deck=deck)
    if rules.deck.specials and not special:
        raise ValueError("the rollout bidder's probes know the standard cards only; special cards are not supported")
    return rules


def seating(n_players: int, rounds_per_unit: int = 1, *, rotate_dealer: bool = False) -> np.ndarray:
    """The arena's seating: ``plan[rotation, round, seat]`` is the entry (policy) in that seat.

    Entry ``e`` sits in seat ``(e - rotation - round) mod n`` (``round`` counts only with
    ``rotate_dealer``, as in a game where the deal passes one seat each round). Every entry
    takes every seat once per rotation cycle.

    >>> seating(3)[:, 0, :].tolist()
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    """
    j = np.arange(n_players)[:, None, None]
    t = np.arange(rounds_per_unit)[None, :, None] if rotate_dealer else 0
    s = np.arange(n_players)[None, None, :]
    return ((s + t + j) % n_players) * np.ones((n_players, rounds_per_unit, 1), np.int64)


def _arena_iv(
    policies: Policies,
    n_players: int,
    hand_sizes: object,
    n_rounds: int,
    rules: Rules | None,
    deck: Deck | str | None,
) -> tuple[Rules, list[Policy], tuple[int, ...] | str]:
    rules = _rules_iv(rules, n_players, deck, special=True)
    if isinstance(policies, (str, Policy)):
        policies = [policies]
    if not isinstance(policies, Iterable):
        raise WrongType(f"policies must be a policy or a list of policies, got {shown(policies)}")
    policies = list(policies)
    if not 1 <= len(policies) <= n_players:
        raise ValueError(f"give 1 to {n_players} policies (the last fills the remaining seats), got {len(policies)}")
    policies = policies + [policies[-1]] * (n_players - len(policies))
    entries = resolve_policies(policies, n_players)[0]
    sizes = parse_hand_sizes(hand_sizes)  # type: ignore[arg-type]
    if rules.special_cards and sizes == "game":
        raise ValueError("whole games with special cards are not supported: give hand sizes ('5', '1-10', '3,5')")
    if isinstance(sizes, tuple):
        if not sizes:
            raise ValueError("give at least one hand size, or 'game'")
        for h in sizes:
            if not 1 <= h <= rules.max_hand_size:
                raise ValueError(
                    f"hand size {h} is impossible: {n_players} players and {rules.deck.size} cards allow 1 to"
                    f" {rules.max_hand_size}"
                )
    count(n_rounds, "n_rounds", MAX_ROUNDS)
    if rules.special_cards:  # the special-card engine's players, refused here if it has none of theirs
        special_setup(rules, 1, entries)
    return rules, entries, sizes


def arena(
    policies: Policies,
    n_players: int = 4,
    hand_sizes: str | int | Sequence[int] = "game",
    n_rounds: int = 1000,
    seed: int = 0,
    *,
    rules: Rules | None = None,
    deck: Deck | str | None = None,
    threads: int | None = None,
    progress: bool | None = None,
    confidence_level: float = 0.95,
) -> ArenaResult:
    """Play policies against each other in the duplicate format and measure each.

    Parameters
    ----------
    policies
        The players, one per seat in rotation order; fewer than ``n_players`` are padded with
        the last (``["rollout", "baseline"]`` is one ``rollout`` against three ``baseline``).
        Entries with the same policy and parameters are reported together.
    n_players
        Players at the table.
    hand_sizes
        One hand size, several (``[1, 3, 5]`` or ``"1-15"``), or ``"game"``: whole games of
        ``rules.schedule`` with the dealer moving one seat each round.
    n_rounds
        Deals per hand size, or games with ``"game"``. Each is played ``n_players`` times (once
        per rotation), on the same cards.
    seed
        Same seed, same numbers, whatever ``threads``. A hand size's deals depend only on the
        seed and the hand size.
    rules, deck
        Variants (:class:`~wizstats.Rules`); default: the standard game with ``deck``.
    threads, progress
        Kernel threads (default: all cores); a progress bar (default: only on a terminal).
    confidence_level
        Of the normal intervals, taken over deals (or games) as independent units.

    Returns
    -------
    ArenaResult
        ``table()``: per hand size and policy the mean score per round, the accuracy (share of
        rounds with tricks == bid), the mean ``|tricks - bid|``, the mean bid and tricks, the
        margin (points per round over the other policies on the same deals) and, for games, the
        win rate (ties split) and the mean total, each with its interval (those of the accuracy and the
        win rate end at 0 and 1, that of the mean miss at 0: over a few deals a normal interval reaches past).
    """
    rules, entries, sizes = _arena_iv(policies, n_players, hand_sizes, n_rounds, rules, deck)
    seed_key(seed)
    thread_count(threads)
    optional(progress, flag, "progress")
    real(confidence_level, "confidence_level", 0, 1, open_low=True, open_high=True)
    _, ids, params = resolve_policies(entries, n_players)
    names = list(dict.fromkeys(str(p) for p in entries))
    group = np.array([names.index(str(p)) for p in entries], np.int64)
    key = seed_key(seed)
    plan: list[tuple[int | str, tuple[int, ...]]] = (
        [("game", rules.schedule)] if isinstance(sizes, str) else [(h, (h,)) for h in sizes]
    )
    rows = []
    total_units = n_rounds * len(plan)
    unit = "game" if sizes == "game" else "deal"
    with threads_limited(threads), progress_bar(total_units, progress, unit=unit) as bar:
        for label, schedule in plan:
            base = 0 if label == "game" else int(label) << 40
            acc = np.zeros((len(names), len(_METRICS), 2))
            run = _special_runner(rules, int(label), entries) if rules.special_cards else None
            if run is None:
                tab = round_setup(rules, schedule[0])[0]
                st_sched = np.stack([round_setup(rules, h)[1] for h in schedule])
            for start in range(0, n_rounds, CHUNK_UNITS):
                size = min(CHUNK_UNITS, n_rounds - start)
                n_blocks = min(BLOCKS, size)
                out = np.zeros((n_blocks, len(names), len(_METRICS), 2))
                if run is not None:
                    run(group, key, base, start, size, out)
                else:
                    _run_kernel(tab, st_sched, label == "game", ids, params, group, key, base, start, size, out)
                acc += out.sum(axis=0)
                bar.update(size)
            rows += _rows(label, names, group, acc, n_rounds, n_players, len(schedule), confidence_level)
    return ArenaResult(rules, entries, sizes, int(n_rounds), int(seed), pd.DataFrame(rows))


def _run_kernel(
    tab: np.ndarray,
    st_sched: np.ndarray,
    rotate: bool,
    ids: np.ndarray,
    params: np.ndarray,
    group: np.ndarray,
    key: int,
    base: int,
    start: int,
    size: int,
    out: np.ndarray,
) -> None:
    from .._kernels.engine.arena import arena_kernel  # numba: imported on first use

    n_groups, n_blocks = out.shape[1], out.shape[0]
    arena_kernel(
        tab,
        st_sched,
        rotate,
        ids,
        params,
        group,
        n_groups,
        np.uint64(key),
        np.int64(base),
        np.int64(start),
        np.int64(size),
        np.int64(n_blocks),
        out,
    )


def _special_runner(rules: Rules, hand_size: int, entries: list[Policy]) -> Callable[..., None]:
    """The special-card engine's arena kernel for ``hand_size``, its players set up (:func:`special_setup`)."""
    from .._kernels.special.arena import special_arena_kernel  # numba: imported on first use

    inp = special_setup(rules, hand_size, entries)

    def run(group: np.ndarray, key: int, base: int, start: int, size: int, out: np.ndarray) -> None:
        n_groups, n_blocks = out.shape[1], out.shape[0]
        args = (np.uint64(key), np.int64(base), np.int64(start), np.int64(size), np.int64(n_blocks))
        special_arena_kernel(inp.tab, inp.st0, inp.ids, inp.params, group, n_groups, *args, out)

    return run


_BOUNDS = {"hit": (0.0, 1.0), "win": (0.0, 1.0), "miss": (0.0, math.inf)}
"""The range of the metrics that have one: a share of rounds (``accuracy``), of games (``win_rate``), and
``mean_miss`` (``|tricks - bid|``, never negative). Their normal intervals are cut to it: over a few deals
they could reach past it (an accuracy of 1.12 from 2 deals)."""


def _rows(
    label: int | str,
    names: list[str],
    group: np.ndarray,
    acc: np.ndarray,
    units: int,
    n: int,
    n_t: int,
    level: float,
) -> list[dict[str, object]]:
    rows = []
    for gi, name in enumerate(names):
        seats = int((group == gi).sum())
        row: dict[str, object] = {
            "hand_size": label,
            "policy": name,
            "seats": seats,
            "games" if label == "game" else "deals": units,
            "rounds": units * n * n_t * seats,
        }
        for m, metric in enumerate(_METRICS):
            if metric in ("win", "total") and n_t == 1:
                continue
            s1, s2 = acc[gi, m]
            mean = s1 / units
            var = max(s2 - s1 * s1 / units, 0.0) / max(units - 1, 1)
            ci = mean_interval(mean, var, units, confidence_level=level)
            column = {
                "score": "mean_score",
                "hit": "accuracy",
                "miss": "mean_miss",
                "bid": "mean_bid",
                "tricks": "mean_tricks",
                "win": "win_rate",
                "total": "mean_total",
            }.get(metric, metric)
            if metric == "margin" and seats == n:
                mean, ci_low, ci_high = math.nan, math.nan, math.nan
            else:
                ci_low, ci_high = ci.low, ci.high
                if metric in _BOUNDS:  # a normal interval of a share (or of a count) ends where the quantity can
                    ci_low, ci_high = max(ci_low, _BOUNDS[metric][0]), min(ci_high, _BOUNDS[metric][1])
            row[column] = mean
            if metric not in ("bid", "tricks"):
                row[column + "_low"] = ci_low
                row[column + "_high"] = ci_high
        rows.append(row)
    return rows


# ---------------------------------------------------------------- probes of the rollout bidder
def _probe_iv(
    rules: Rules, hand: Sequence[str | int] | str, seat: int, turned: str | int | None, earlier_bids: Sequence[int]
) -> tuple[np.ndarray, int, np.ndarray]:
    deck, n = rules.deck, rules.n_players
    if isinstance(hand, str) or not isinstance(hand, Iterable):
        ids = deck.indices(hand)
    else:
        hand = list(hand)
        as_ids = all(isinstance(c, (int, np.integer)) and not isinstance(c, bool) for c in hand)
        ids = [whole(c, "a card id", 0, deck.size - 1) for c in hand] if as_ids else deck.indices(hand)  # type: ignore[arg-type]
    r = len(ids)
    if not 1 <= r <= rules.max_hand_size or len(set(ids)) != r:
        raise ValueError(f"the hand must hold 1 to {rules.max_hand_size} different cards, got {len(ids)}")
    seat = seat_for(seat, n)
    earlier_bids = [whole(b, "an earlier bid", 0, r) for b in earlier_bids]
    if turned is None:
        turned_id = -1
    elif isinstance(turned, (int, np.integer)) and not isinstance(turned, bool):
        turned_id = whole(turned, "the turned card's id", 0, deck.size - 1)
    else:
        turned_id = deck.index(turned)  # type: ignore[arg-type]
    if (turned_id < 0) != (n * r == deck.size) or turned_id in ids:
        raise ValueError("give the turned card (not one in the hand) exactly when cards remain after the deal")
    before = [*range(1, n), 0]
    before = before[: before.index(seat)]
    if len(earlier_bids) != len(before) or any(not 0 <= b <= r for b in earlier_bids):
        raise ValueError(f"give the bids of seats {before} (each 0..{r}), got {list(earlier_bids)}")
    forced = np.full(8, -1, np.int64)
    for s, b in zip(before, earlier_bids, strict=True):
        forced[s] = b
    return np.array(ids, np.int64), turned_id, forced


def rollout_bid_values(
    hand: Sequence[str | int] | str,
    *,
    n_players: int = 4,
    seat: int = 1,
    turned: str | int | None = None,
    earlier_bids: Sequence[int] = (),
    rules: Rules | None = None,
    samples: int = 10_000,
    seed: int = 0,
) -> pd.DataFrame:
    """The expected score of every bid as the ``rollout`` bidder estimates it, for one fixed hand.

    The cards ``seat`` has not seen are dealt at random ``samples`` times; seats bidding later
    bid as ``heuristic``; everyone plays as ``heuristic``. Earlier bids are taken as given (the
    deal ignores what they say about the hands). Columns: ``bid, expected_score, se`` (its
    standard error); a bid forbidden by plus/minus one is left out.
    """
    from .._kernels.engine.arena import bid_values_kernel  # numba: imported on first use

    rules = _rules_iv(rules, n_players, None)
    ids, turned_id, forced = _probe_iv(rules, hand, seat, turned, earlier_bids)
    r = len(ids)
    tab, st0 = round_setup(rules, r)
    _, pol, par = resolve_policies("heuristic", n_players)
    whole(samples, "samples", 2, MAX_SAMPLES)
    totals = np.zeros((3, r + 1))
    key = np.uint64(seed_key(seed))
    bid_values_kernel(tab, st0, pol, par, key, 0, seat, ids, turned_id, forced, int(samples), totals)
    forbidden = rules.forbidden_bid(r, list(earlier_bids)) if seat == 0 else None
    count = np.maximum(totals[2], 1.0)
    mean = totals[0] / count
    var = np.maximum(totals[1] / count - mean**2, 0.0) * count / np.maximum(count - 1, 1.0)
    return pd.DataFrame(
        [
            {"bid": b, "expected_score": mean[b], "se": float(np.sqrt(var[b] / count[b]))}
            for b in range(r + 1)
            if b != forbidden
        ]
    )


def fixed_hand_score(
    hand: Sequence[str | int] | str,
    bid: int,
    *,
    n_players: int = 4,
    seat: int = 1,
    turned: str | int | None = None,
    earlier_bids: Sequence[int] = (),
    rules: Rules | None = None,
    policies: Policies = DEFAULT_POLICY,
    n_rounds: int = 10_000,
    seed: int = 0,
) -> tuple[float, float]:
    """Mean score of ``seat`` holding ``hand`` and bidding ``bid``, and its standard error, by brute force.

    Plays ``n_rounds`` whole rounds with the public simulator (the round kernel): the other
    hands dealt at random, the seats before ``seat`` bidding ``earlier_bids``, the rest
    bidding and everyone playing by ``policies``.
    """
    from .._kernels.engine.arena import fixed_hand_scores  # numba: imported on first use

    rules = _rules_iv(rules, n_players, None)
    ids, turned_id, forced = _probe_iv(rules, hand, seat, turned, earlier_bids)
    whole(bid, "bid", 0, len(ids))
    count(n_rounds, "n_rounds", MAX_ROUNDS)
    if seat == 0 and rules.forbidden_bid(len(ids), list(earlier_bids)) == bid:
        raise ValueError(f"bid {bid} is forbidden by plus/minus one")
    forced[seat] = bid
    tab, st0 = round_setup(rules, len(ids))
    _, pol, par = resolve_policies(policies, n_players)
    out = np.zeros(2)
    key = np.uint64(seed_key(seed))
    fixed_hand_scores(tab, st0, pol, par, key, 0, int(n_rounds), seat, ids, turned_id, forced, out)
    mean = out[0] / n_rounds
    var = max(out[1] / n_rounds - mean * mean, 0.0) * n_rounds / max(n_rounds - 1, 1)
    return float(mean), float(math.sqrt(var / n_rounds))
