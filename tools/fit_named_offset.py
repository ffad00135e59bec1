"""Fit the expert dealer's ``named`` offset per table size and hand size (writes ``wizstats/data/expert_named.npz``).

After a turned Wizard the dealer names trump looking at his hand: ``expert`` names the suit under which the hand
expects the most tricks, and that estimate overrates the suit it picked (the largest of four estimates), so the
dealer bids ``named`` tricks below it (``wizstats/_kernels/players/expert.py``, :func:`expert_bid`). One offset
(0.4) served every hand size; how much the pick overrates depends on the hand size (at 3 cards it took a
lone trump 13 from a bid of 1 to 0, ``tests/test_scenarios.py``). This tool picks the offset per table size
``n`` (3..6) and hand size ``r`` (3 up to the largest hand that leaves a card to turn; rounds 1 and 2 do not use
it: round 1 bids exactly, round 2 by search) from :data:`GRID`, in the duplicate arena: one seat playing
``expert:named=x`` against three ``expert:named=0.4`` on the same deals, every seat in turn. Only the rounds in
which that seat deals under a turned Wizard differ, so the margin's interval is narrow. A first pass plays every
grid value; where one beats 0.4 with its 95% interval above 0 (the best such margin), a second pass plays it again
on other deals (the next seed, twice the deals), and the offset changes only where that confirms it (interval
above 0 again). With 6 candidates at each of 45 table and hand sizes, a few first-pass "wins" are expected by
chance alone; the second pass is what keeps the noise out of the table. The tool prints every margin.

    nice -n 5 python tools/fit_named_offset.py 12000 11      # deals per (n, r, x), seed (some 25 minutes on 2 cores)

The file holds ``named[n, r]`` (0.4 where not fitted); ``expert`` reads it when its ``named`` parameter is
negative (its default); a value of 0 or more sets one offset for every hand size (``expert:v1`` is 0.4).
"""

from __future__ import annotations

import sys
import time

import numpy as np

import wizstats.engine as engine
from wizstats._kernels.players import fitted
from wizstats.layout import MAXP

__all__ = ["BASE", "GRID", "confirm", "fit", "main", "second_pass", "write"]

GRID = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.3)
BASE = 0.4
"""The single offset the expert used at every hand size before this fit (``expert:v1``)."""
MAX_HAND = 20


def fit(n_players: int, hand_size: int, deals: int, seed: int) -> tuple[float, list[tuple[float, float, float, float]]]:
    """The best offset from :data:`GRID` at one table and hand size, and each candidate's margin with its interval."""
    rows = []
    for x in GRID:
        if x == BASE:
            rows.append((x, 0.0, 0.0, 0.0))
            continue
        res = engine.arena(
            [f"expert:named={x}", f"expert:named={BASE}"], n_players, [hand_size], deals, seed=seed, progress=False
        )
        t = res.table()
        rows.append((x, float(t.margin[0]), float(t.margin_low[0]), float(t.margin_high[0])))
    better = [row for row in rows if row[2] > 0.0]
    return (max(better, key=lambda row: row[1])[0] if better else BASE), rows


def confirm(n_players: int, hand_size: int, x: float, deals: int, seed: int) -> tuple[float, float, float]:
    """The margin of ``expert:named=x`` against ``named=0.4`` on fresh deals, with its 95% interval."""
    res = engine.arena(
        [f"expert:named={x}", f"expert:named={BASE}"], n_players, [hand_size], deals, seed=seed, progress=False
    )
    t = res.table()
    return float(t.margin[0]), float(t.margin_low[0]), float(t.margin_high[0])


def second_pass(named: np.ndarray, deals: int, seed: int) -> np.ndarray:
    """``named`` (the first pass's picks) with each pick other than 0.4 kept only where :func:`confirm` confirms it."""
    out = named.copy()
    for n, r in zip(*np.nonzero(named != BASE), strict=True):
        m, lo, hi = confirm(int(n), int(r), float(named[n, r]), 2 * deals, seed + 1)
        out[n, r] = named[n, r] if lo > 0.0 else BASE
        kept = "kept" if lo > 0.0 else "not confirmed: 0.4"
        print(f"n={n} r={r:2d} second pass {named[n, r]:g}: {m:+.3f} [{lo:+.3f}, {hi:+.3f}] {kept}", flush=True)
    return out


def main(argv: list[str]) -> None:
    deals = int(argv[0]) if argv else 12000
    seed = int(argv[1]) if len(argv) > 1 else 11
    named = np.full((MAXP + 1, MAX_HAND + 1), BASE)
    margins = np.zeros((MAXP + 1, MAX_HAND + 1, len(GRID), 3))
    for n in range(3, 7):
        for r in range(3, (60 - 1) // n + 1):
            start = time.perf_counter()
            best, rows = fit(n, r, deals, seed)
            named[n, r] = best
            margins[n, r] = [row[1:] for row in rows]
            shown = "  ".join(f"{x:g}: {m:+.3f} [{lo:+.3f}, {hi:+.3f}]" for x, m, lo, hi in rows if x != BASE)
            print(f"n={n} r={r:2d} best {best:g} ({time.perf_counter() - start:.0f} s)  {shown}", flush=True)
    write(second_pass(named, deals, seed), margins, deals, seed)


def write(named: np.ndarray, margins: np.ndarray, deals: int, seed: int) -> None:
    """Save the table and the first pass's margins to ``wizstats/data/expert_named.npz``."""
    arrays = {"named": named.round(2), "grid": np.array(GRID), "margins": margins.round(4)}
    about = (
        f"tools/fit_named_offset.py {deals} {seed}: the dealer's offset after naming trump per [n_players, hand size]: "
        f"the grid value whose margin against named={BASE:g} in the duplicate arena is best among those with the 95% "
        f"interval above 0, confirmed on fresh deals ({BASE:g} elsewhere); margins[n, r, grid] = margin, low, high of "
        "the first pass"
    )
    print(f"wrote {fitted.save('expert_named', arrays, about)}")


if __name__ == "__main__":
    main(sys.argv[1:])
