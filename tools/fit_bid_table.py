"""Fit the heuristic's table of expected tricks from its own self-play (writes ``wizstats/data/bidtable.npz``).

For every player count ``n`` (3-6) and hand size ``r`` of the standard deck, the expected tricks
of a hand are modelled as a sum of weights, one per card in it by card type (Wizard, Jester,
trump of rank 1..13, other suit of rank 1..13), plus one per seat, plus three terms for the
shape of the hand (the square of the number of trumps, the number of other suits it lacks, and
their product: long trumps and voids take tricks together); rounds with and without trump are
fitted apart. The data are the hands and tricks of ``heuristic`` self-play, fitted by
ridge-regularised least squares. Because the heuristic bids from the table, one fit changes
the play it was fitted to; run the fit a few times until the weights settle (a fixed point;
the table in the repository is the third pass, mean change 0.009 from the second):

    for i in 1 2 3; do python tools/fit_bid_table.py 25000 $((2024 + i)); done

Each pass recompiles the kernels (the table is compiled in as a constant, and the kernel cache
is keyed by the kernel sources and the data files, this table included). The weights are written
rounded to 4 decimals, as the table's loader (:mod:`wizstats._kernels.players.fitted`) reads them.

>>> types = card_types(__import__("wizstats").Deck.standard(), trump=1)
>>> int(types[52]), int(types[56]), int(types[13 + 12]), int(types[12])
(0, 1, 14, 27)
"""

from __future__ import annotations

import sys
import time

import numpy as np

from wizstats._kernels.players import fitted
from wizstats.engine import trace_rounds
from wizstats.rules import CardKind, Deck, Rules

__all__ = ["N_FEATURES", "N_TYPES", "card_types", "fit_one", "main"]

N_TYPES = 28
"""Wizard, Jester, trump ranks 1..13, other ranks 1..13."""
N_FEATURES = N_TYPES + 6 + 3
"""Card types, one column per seat (up to 6), then trumps squared, void suits, and their product."""
TABLE_PATH = fitted.DATA / "bidtable.npz"
"""Where the table goes (the arrays ``table`` and ``fitted``; see :data:`wizstats._kernels.players.fitted.SPECS`)."""


def card_types(deck: Deck, trump: int) -> np.ndarray:
    """The table's card type of every card id of the standard deck, given the trump suit (-1: none)."""
    types = np.empty(deck.size, np.int64)
    for c in range(deck.size):
        kind = int(deck.kinds[c])
        if kind == CardKind.WIZARD:
            types[c] = 0
        elif kind == CardKind.JESTER:
            types[c] = 1
        elif int(deck.suits[c]) == trump:
            types[c] = 1 + int(deck.ranks[c])
        else:
            types[c] = 14 + int(deck.ranks[c])
    return types


def fit_one(n: int, r: int, n_rounds: int, seed: int, ridge: float = 1.0) -> tuple[np.ndarray, float]:
    """Weights ``[no_trump, feature]`` for ``n`` players and hand size ``r``, and the fit's R^2."""
    rules = Rules(n)
    deck = rules.deck
    trace = trace_rounds(rules, r, n_rounds, policies="heuristic", seed=seed)
    type_of = np.stack([card_types(deck, t) for t in range(-1, deck.n_suits)])  # row trump + 1
    x = np.zeros((n_rounds, n, N_FEATURES))
    rows = np.repeat(np.arange(n_rounds), n * r)
    seats = np.tile(np.repeat(np.arange(n), r), n_rounds)
    kinds = type_of[np.repeat(trace.trump + 1, n * r), trace.hands.reshape(-1)]
    np.add.at(x, (rows, seats, kinds), 1.0)
    x[:, np.arange(n), N_TYPES + np.arange(n)] = 1.0
    suits = deck.suits[trace.hands]  # [round, seat, card]: -1 for Wizards and Jesters
    trumps = (suits == trace.trump[:, None, None]).sum(axis=2) * (trace.trump >= 0)[:, None]
    held = np.stack([(suits == s).any(axis=2) for s in range(deck.n_suits)], axis=2)
    trump_held = held[np.arange(n_rounds)[:, None], np.arange(n)[None, :], np.maximum(trace.trump, 0)[:, None]]
    voids = (~held).sum(axis=2) - ((trace.trump >= 0)[:, None] & ~trump_held)  # other suits it lacks
    x[:, :, N_TYPES + 6] = trumps**2
    x[:, :, N_TYPES + 7] = voids
    x[:, :, N_TYPES + 8] = voids * trumps
    y = trace.tricks.astype(float)
    weights = np.zeros((2, N_FEATURES))
    ss_res = ss_tot = 0.0
    for no_trump in (0, 1):
        pick = (trace.trump < 0) if no_trump else (trace.trump >= 0)
        xs, ys = x[pick].reshape(-1, N_FEATURES), y[pick].reshape(-1)
        if len(ys) == 0:
            continue
        w = np.linalg.solve(xs.T @ xs + ridge * np.eye(N_FEATURES), xs.T @ ys)
        weights[no_trump] = w
        ss_res += float(((xs @ w - ys) ** 2).sum())
        ss_tot += float(((ys - ys.mean()) ** 2).sum())
    return weights, (1.0 - ss_res / ss_tot if ss_tot else 1.0)


def _write(table: dict[tuple[int, int], np.ndarray], note: str) -> None:
    """Write the table (each weight rounded to 4 decimals) and the note into :data:`TABLE_PATH`."""
    weights = np.zeros((4, 20, 2, N_FEATURES))
    fitted_cells = np.zeros((4, 20), np.int64)
    for (n, r), w in sorted(table.items()):
        weights[n - 3, r - 1] = [[float(f"{v:.4f}") for v in row] for row in w]
        fitted_cells[n - 3, r - 1] = 1
    fitted.save("bidtable", {"table": weights, "fitted": fitted_cells}, note, folder=TABLE_PATH.parent)


def main(argv: list[str] | None = None) -> int:
    """Fit every (players, hand size) of the standard deck and rewrite the table's data file."""
    args = sys.argv[1:] if argv is None else argv
    n_rounds = int(args[0]) if args else 40_000
    seed = int(args[1]) if len(args) > 1 else 2024
    table = {}
    for n in range(3, 7):
        for r in range(1, 60 // n + 1):
            t0 = time.time()
            weights, r2 = fit_one(n, r, n_rounds, seed + 100 * n + r)
            table[(n, r)] = weights
            print(f"n={n} r={r:2d} R^2={r2:.3f} ({time.time() - t0:.1f}s)", flush=True)
    _write(table, f"Fitted on {n_rounds:,} rounds of self-play per cell (seed {seed}).")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
