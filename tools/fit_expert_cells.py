"""Fit three of the expert's bidding settings per table size and hand size (writes ``wizstats/data/expert_cells.npz``).

Each is read by :func:`expert_bid` (``wizstats/_kernels/players/expert.py``) when the parameter is negative (its
default); a value of 0 or more sets one value for every cell (``expert:v1`` is ``named=0.4,sure=2,others=0``).

- ``named``: after a turned Wizard the dealer names trump looking at his hand, the suit under which the hand
  expects the most tricks, and that estimate overrates the suit it picked (the largest of four estimates), so
  the dealer bids ``named`` tricks below it. Grid :data:`NAMED_GRID` against 0.4 (the one value used before).
- ``sure``: cards whose chance to take a trick is at least ``sure`` count as sure, and the earlier bids and the
  dealer's offset move only the rest of the estimate (a Wizard or the top trump takes its trick however much the
  others bid). Grid :data:`SURE_GRID` against 2 (off: every card moves, as before), with ``named`` as fitted.
- ``others``: after a turned Wizard the other seats see the suit the dealer named, which he chose for his strength
  in it, so each bids ``others`` tricks below its estimate. Grid :data:`OTHERS_GRID` against 0 (no reading, as
  before), with ``named`` and ``sure`` as fitted.

Per table size ``n`` (3..6) and hand size ``r`` (3 up to the largest hand that leaves a card to turn; round 1
bids exactly and round 2 by search, so neither reads them), in the duplicate arena: one seat at each grid value
against three at the old value, on the same deals, every seat in turn. A first pass plays every grid value;
where one beats the old value with its 95% interval above 0 (the best such margin), a second pass plays it again
on other deals (the next seed, twice the deals), and the value changes only where that confirms it (interval
above 0 again). With many candidates per cell a few first-pass "wins" are expected by chance alone; the second
pass is what keeps the noise out of the table. The tool prints every margin.

    nice -n 5 python tools/fit_expert_cells.py 12000 11      # deals per (n, r, value), seed: all three
    nice -n 5 python tools/fit_expert_cells.py 12000 11 --only others   # refit others, keep named and sure

The file holds ``named[n, r]``, ``sure[n, r]`` and ``others[n, r]`` (the old value where not fitted) and the first
passes' margins.
"""

from __future__ import annotations

import sys
import time

import numpy as np

import wizstats.engine as engine
from wizstats._kernels.players import fitted
from wizstats.layout import MAXP

__all__ = [
    "NAMED_BASE",
    "NAMED_GRID",
    "OTHERS_BASE",
    "OTHERS_GRID",
    "SURE_BASE",
    "SURE_GRID",
    "confirm",
    "fit",
    "main",
    "second_pass",
    "write",
]

NAMED_GRID = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.3)
NAMED_BASE = 0.4
"""The single offset the expert used at every hand size before this fit (``expert:v1``)."""
SURE_GRID = (2.0, 0.9, 0.8, 0.7, 0.6, 0.5)
SURE_BASE = 2.0
"""Off: every card's chance moves with the earlier bids and the offset (``expert:v1``)."""
OTHERS_GRID = (0.0, 0.2, 0.4, 0.7)
OTHERS_BASE = 0.0
"""No reading of the dealer's named suit by the other seats (``expert:v1``)."""
MAX_HAND = 20
Cell = tuple[int, int]


def _policy(name: str, value: float, fixed: dict[str, float]) -> str:
    """The expert at ``name=value`` and ``fixed``, without its endgame search (``endgame=0``, as when the cells
    were fitted; the search plays only cards, after these bids)."""
    return "expert:" + ",".join(f"{k}={v:g}" for k, v in {**fixed, name: value, "endgame": 0}.items())


def margin(
    name: str, value: float, base: float, fixed: dict[str, float], cell: Cell, deals: int, seed: int
) -> tuple[float, float, float]:
    """The margin of one seat at ``name=value`` against three at ``name=base`` (``fixed``: the other settings)."""
    n, r = cell
    players = [_policy(name, value, fixed), _policy(name, base, fixed)]
    t = engine.arena(players, n, [r], deals, seed=seed, progress=False).table()
    return float(t.margin[0]), float(t.margin_low[0]), float(t.margin_high[0])


def fit(
    name: str, grid: tuple[float, ...], base: float, fixed: dict[str, float], cell: Cell, deals: int, seed: int
) -> tuple[float, list[tuple[float, float, float, float]]]:
    """The best value of ``grid`` at one cell (``base`` where none wins) and each value's margin with its interval."""
    rows = [(x, 0.0, 0.0, 0.0) if x == base else (x, *margin(name, x, base, fixed, cell, deals, seed)) for x in grid]
    better = [row for row in rows if row[2] > 0.0]
    return (max(better, key=lambda row: row[1])[0] if better else base), rows


def confirm(name: str, value: float, base: float, fixed: dict[str, float], cell: Cell, deals: int, seed: int) -> bool:
    """Whether ``name=value`` beats ``base`` again on fresh deals (interval above 0); prints the margin."""
    m, lo, hi = margin(name, value, base, fixed, cell, deals, seed)
    kept = lo > 0.0
    print(
        f"  n={cell[0]} r={cell[1]:2d} second pass {name}={value:g}: {m:+.3f} [{lo:+.3f}, {hi:+.3f}] "
        f"{'kept' if kept else f'not confirmed: {base:g}'}",
        flush=True,
    )
    return kept


def second_pass(name: str, table: np.ndarray, base: float, fixed_of, deals: int, seed: int) -> np.ndarray:
    """``table`` (the first pass's picks) with each pick other than ``base`` kept only where it is confirmed."""
    out = table.copy()
    for n, r in zip(*np.nonzero(table != base), strict=True):
        cell = (int(n), int(r))
        if not confirm(name, float(table[n, r]), base, fixed_of(cell), cell, 2 * deals, seed + 1):
            out[n, r] = base
    return out


def cells() -> list[Cell]:
    """Every table size 3..6 and hand size from 3 up to the largest that leaves a card to turn."""
    return [(n, r) for n in range(3, 7) for r in range(3, (60 - 1) // n + 1)]


def run(
    name: str, grid: tuple[float, ...], base: float, fixed_of, deals: int, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """Both passes for one setting: the table and the first pass's margins."""
    table = np.full((MAXP + 1, MAX_HAND + 1), base)
    margins = np.zeros((MAXP + 1, MAX_HAND + 1, len(grid), 3))
    for cell in cells():
        start = time.perf_counter()
        best, rows = fit(name, grid, base, fixed_of(cell), cell, deals, seed)
        table[cell] = best
        margins[cell] = [row[1:] for row in rows]
        shown = "  ".join(f"{x:g}: {m:+.3f} [{lo:+.3f}, {hi:+.3f}]" for x, m, lo, hi in rows if x != base)
        print(
            f"{name} n={cell[0]} r={cell[1]:2d} best {best:g} ({time.perf_counter() - start:.0f} s)  {shown}",
            flush=True,
        )
    return second_pass(name, table, base, fixed_of, deals, seed), margins


def main(argv: list[str]) -> None:
    """``[deals [seed]] [--only others]``: fit all three settings, or refit ``others`` alone, keeping the file's
    ``named`` and ``sure``."""
    only = None
    if "--only" in argv:
        at = argv.index("--only")
        only = argv[at + 1] if at + 1 < len(argv) else ""
        if only != "others":
            raise SystemExit("fit_expert_cells.py: --only takes 'others' (named and sure are fitted first, together)")
        argv = argv[:at] + argv[at + 2 :]
    deals = int(argv[0]) if argv else 12000
    seed = int(argv[1]) if len(argv) > 1 else 11
    if only is None:
        base = {"sure": SURE_BASE, "others": OTHERS_BASE}  # the file's own tables are not read while refitting them
        named, named_margins = run("named", NAMED_GRID, NAMED_BASE, lambda cell: base, deals, seed)
        sure, sure_margins = run(
            "sure",
            SURE_GRID,
            SURE_BASE,
            lambda cell: {"named": float(named[cell]), "others": OTHERS_BASE},
            deals,
            seed + 100,
        )
    else:
        kept = fitted.load("expert_cells")
        named, named_margins, sure, sure_margins = (kept[k] for k in ("named", "named_margins", "sure", "sure_margins"))
    others, others_margins = run(
        "others",
        OTHERS_GRID,
        OTHERS_BASE,
        lambda cell: {"named": float(named[cell]), "sure": float(sure[cell])},
        deals,
        seed + 200,
    )
    write(named, named_margins, sure, sure_margins, others, others_margins, deals, seed)


def write(
    named: np.ndarray,
    named_margins: np.ndarray,
    sure: np.ndarray,
    sure_margins: np.ndarray,
    others: np.ndarray,
    others_margins: np.ndarray,
    deals: int,
    seed: int,
) -> None:
    """Save the tables and the first passes' margins to ``wizstats/data/expert_cells.npz``."""
    arrays = {
        "named": named.round(2),
        "named_grid": np.array(NAMED_GRID),
        "named_margins": named_margins.round(4),
        "sure": sure.round(2),
        "sure_grid": np.array(SURE_GRID),
        "sure_margins": sure_margins.round(4),
        "others": others.round(2),
        "others_grid": np.array(OTHERS_GRID),
        "others_margins": others_margins.round(4),
    }
    about = (
        f"tools/fit_expert_cells.py {deals} {seed}: per [n_players, hand size] the dealer's offset after naming trump "
        f"(named, against {NAMED_BASE:g}; seed {seed}), the threshold of a sure card (sure, against {SURE_BASE:g}, "
        f"with named as fitted; seed {seed + 100}) and the other seats' offset after the dealer named trump (others, "
        f"against {OTHERS_BASE:g}, with named and sure as fitted; seed {seed + 200}): the grid value whose margin in "
        "the duplicate arena is best among those with the 95% interval above 0, confirmed on fresh deals (the old "
        "value elsewhere); *_margins[n, r, grid] = margin, low, high of the first pass"
    )
    print(f"wrote {fitted.save('expert_cells', arrays, about)}")


if __name__ == "__main__":
    main(sys.argv[1:])
