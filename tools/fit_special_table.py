"""Fit the special-card expert's table of expected tricks from its own self-play (writes ``wizstats/data/special_table.npz``).

At 4 players with all nine special cards (RULES 8), standard scoring, open bids, for each hand size 1..17 the
expected tricks of a hand are a sum of weights (``wizstats/_kernels/special/expert.py``,
:func:`table_estimate`): one per card in the hand by its type (Wizard, Jester, each special kind, trump of
rank 1..13, other suit of rank 1..13; a Vampire as the card it copies where the turned card shows it), one per
seat, and three for the shape of the hand (trumps squared, other suits lacking, their product); rounds with
and without trump are fitted apart. The hand is the one held when bidding (the Werewolf's holder holds the
turned card in its place). The labels are the tricks each seat takes with ``expert`` at every seat, its card
play aiming at the bid, fitted by ridge-regularised least squares. The expert bids from the table, so a fit
changes the play it was fitted to: each pass fits to the previous pass's play (the first to the expert's bids
without a table, its card play at :data:`AIM`), and the file keeps the last pass (the tool prints the mean
change per pass). After the first pass the card play's ``future`` and ``gate`` are chosen per hand size from
:data:`FUTURES` x :data:`GATES`: the pair whose self-play (bidding from that pass's table) scores best on the
same deals, then the weight of the earlier bids (``read``, :data:`READS`) likewise; the later passes fit the
table to that play. With the table the expert reads ``read`` from this file (the other settings of
``tools/fit_special_expert.py`` stay).

    nice -n 5 python tools/fit_special_table.py 10000 2029 3      # rounds per hand size, seed, passes (some 6 minutes)

Hand sizes 18..23 (3 players) are not fitted (``fitted`` 0; the engine reads the table at 4 players only, and
the card play takes 17's settings there). The weights are rounded to 4 decimals, so the same run writes the
same bytes.
"""

from __future__ import annotations

import sys
import time
import warnings
from typing import Any

import numpy as np

import wizstats
import wizstats.engine.special as special
from wizstats._kernels.players import fitted
from wizstats.layout import N_SP_FEATURES

__all__ = ["AIM", "FUTURES", "GATES", "features", "fit_aim", "fit_block", "fit_size", "main", "play_row", "run_expert"]

RULES = wizstats.Rules(4, special_cards="all")
SIZES = range(1, 18)
AIM = {"aim": 1.0, "gate": 1.0, "future": 3.0, "sated": 0.7, "flex": 1.0, "read": 0.0}
"""The expert's card play in the first pass's labels (and the settings the grid does not search): aiming at the
bid, the heuristic's card kept unless another scores ``gate`` points more, a card's chance of a later trick
times ``future`` while tricks are wanted and ``sated`` after, flexible cards at their best or nothing."""
FUTURES = (2.0, 2.5, 3.0, 3.5)
GATES = (0.5, 1.0)
"""Gate 2 scored best in self-play at some sizes but lost against the special ``rollout``: at 5 cards (seed 7, 3,000
deals) the expert's margin against one rollout seat was -1.45 at gate 2, -0.67 at 1 and -0.43 at 0.5."""
READS = (0.0, 0.2, 0.4, 0.6)
RIDGE = 1.0
C_SUIT, C_WEREWOLF, C_VAMPIRE = 0, 6, 11
F_TRUMP, F_OTHER, F_SEAT, F_SHAPE = 11, 24, 37, 41


def features(tab: np.ndarray, trace: wizstats.engine.SpecialTrace) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``X[round, seat, feature]``, ``has_trump[round]`` and ``tricks[round, seat]`` of a trace, as the kernel's
    :func:`table_estimate` reads a hand when bidding."""
    hands = trace.hands.copy()
    n_rounds, n, _ = hands.shape
    turned, wolf, trump = trace.rounds[:, 0], trace.rounds[:, 2], trace.rounds[:, 3]
    kind, suit, rank = tab
    for i in np.flatnonzero(wolf >= 0):  # the Werewolf's holder holds the turned card in its place
        h = hands[i, wolf[i]]
        h[kind[h] == C_WEREWOLF] = turned[i]
    model = np.where((wolf >= 0) | (kind[turned] == C_WEREWOLF), -1, turned)  # what a Vampire copies, seen when bidding
    cards = hands.copy()
    vamp = (kind[hands] == C_VAMPIRE) & (model[:, None, None] >= 0)
    vamp &= kind[np.maximum(model, 0)][:, None, None] != C_VAMPIRE
    cards[vamp] = np.broadcast_to(model[:, None, None], hands.shape)[vamp]
    k, s, rk = kind[cards], suit[cards], np.clip(rank[cards], 1, 13)
    is_trump = (k == C_SUIT) & (s == trump[:, None, None]) & (trump[:, None, None] >= 0)
    ftype = np.where(k != C_SUIT, k - 1, np.where(is_trump, F_TRUMP + rk - 1, F_OTHER + rk - 1))
    X = np.zeros((n_rounds, n, N_SP_FEATURES))
    ri, si = np.indices(ftype.shape[:2])
    for c in range(ftype.shape[2]):
        np.add.at(X, (ri, si, ftype[:, :, c]), 1.0)
    X[:, np.arange(n), F_SEAT + np.arange(n) % 4] = 1.0
    held_kind, held_suit = kind[hands], suit[hands]  # the shape from the cards as held (as the kernel)
    trumps = ((held_kind == C_SUIT) & (held_suit == trump[:, None, None]) & (trump[:, None, None] >= 0)).sum(axis=2)
    voids = np.zeros((n_rounds, n))
    for u in range(4):
        lacks = ~((held_kind == C_SUIT) & (held_suit == u)).any(axis=2)
        voids += lacks & (trump[:, None] != u)
    X[:, :, F_SHAPE] = trumps * trumps
    X[:, :, F_SHAPE + 1] = voids
    X[:, :, F_SHAPE + 2] = voids * trumps
    return X, trump >= 0, trace.seats[:, :, 1].astype(float)


def fit_block(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Ridge least squares (penalty :data:`RIDGE`, none on the seats), weights rounded to 4 decimals."""
    pen = np.full(X.shape[1], RIDGE)
    pen[F_SEAT : F_SEAT + 4] = 1e-6
    w = np.linalg.solve(X.T @ X + np.diag(pen), X.T @ y)
    return np.round(w, 4)


def play_row(table: np.ndarray | None, aim: dict[str, float]) -> dict[str, Any]:
    """The keys of ``expert_row`` this tool sets: the table (None: none) and the card-play settings."""
    return {**aim, "table": table, "table_read": aim["read"]}


def run_expert(hand_size: int, row: dict[str, Any], n_rounds: int, seed: int, trace: bool) -> Any:
    """``expert`` at every seat with ``row`` in place of the data file's settings (this process only)."""
    base = special.expert_row
    try:
        special.expert_row = lambda hand_size: {**base(hand_size), **row}
        if trace:
            return wizstats.engine.trace_special(RULES, hand_size, n_rounds, policies="expert", seed=seed)
        return wizstats.simulate(4, hand_size, n_rounds, rules=RULES, policies="expert", seed=seed)
    finally:
        special.expert_row = base


def fit_size(hand_size: int, row: dict[str, Any], n_rounds: int, seed: int) -> np.ndarray:
    """The table at ``hand_size`` fitted to the tricks of ``n_rounds`` rounds of expert self-play with ``row``."""
    trace = run_expert(hand_size, row, n_rounds, seed, True)
    tab = special.special_setup(RULES, hand_size, "expert").tab
    X, has_trump, y = features(tab, trace)
    out = np.zeros((2, N_SP_FEATURES))
    for b, rows in enumerate((has_trump, ~has_trump)):
        if rows.sum() > 0:
            out[b] = fit_block(X[rows].reshape(-1, N_SP_FEATURES), y[rows].reshape(-1))
    return out


def fit_aim(hand_size: int, table: np.ndarray, n_rounds: int, seed: int) -> dict[str, float]:
    """The card-play settings (``future`` x ``gate`` of :data:`FUTURES`, :data:`GATES`) whose self-play scores best
    on the same deals (the mean score of the four seats), bidding from ``table``; then with them the weight of
    the earlier bids (``read``, :data:`READS`) that scores best."""

    def value(aim: dict[str, float]) -> float:
        res = run_expert(hand_size, play_row(table, aim), n_rounds, seed, False)
        return float(res.summary()["mean_score"].mean())

    grid = [{**AIM, "future": f, "gate": gate} for f in FUTURES for gate in GATES]
    best = max(grid, key=value)
    return max(({**best, "read": r} for r in READS), key=value)


def main(argv: list[str]) -> int:
    """Fit the table, then the card-play settings per hand size, then the table again ``passes - 1`` times."""
    n_rounds = int(argv[0]) if argv else 10000
    seed = int(argv[1]) if len(argv) > 1 else 2029
    passes = int(argv[2]) if len(argv) > 2 else 3
    warnings.simplefilter("ignore")
    table = np.zeros((24, 2, N_SP_FEATURES))
    aims = {h: dict(AIM) for h in range(24)}
    done = np.zeros(24, np.int64)
    t0 = time.perf_counter()
    for p in range(passes):
        new = table.copy()
        for h in SIZES:
            new[h] = fit_size(h, play_row(table[h] if done[h] else None, aims[h]), n_rounds, seed + p)
        change = float(np.abs(new - table).mean()) if done.any() else float("nan")
        table = new
        done[list(SIZES)] = 1
        print(f"pass {p + 1}: mean change {change:.4f} ({time.perf_counter() - t0:.0f} s)", flush=True)
        if p == 0:
            for h in SIZES:
                aims[h] = fit_aim(h, table[h], n_rounds // 2, seed + 100)
                shown = ", ".join(f"{k} {aims[h][k]}" for k in ("future", "gate", "read"))
                print(f"  hand size {h:2d}: {shown}", flush=True)
    arrays = {"table": table, "fitted": done}
    arrays.update({name: np.array([aims[h][name] for h in range(24)]) for name in AIM})  # read: the table's
    about = (
        f"tools/fit_special_table.py {n_rounds} {seed} {passes}: per hand size 1..{max(SIZES)} (4 players, all"
        f" special cards), the expected tricks per card type, seat and shape, ridge least squares on the tricks"
        f" of {n_rounds} rounds of expert self-play, and the card play's future x gate, then the bids' read, whose"
        f" self-play scored best ({n_rounds // 2} rounds each; sated {AIM['sated']}, flex {AIM['flex']}); pass {passes} of {passes}"
    )
    print(f"wrote {fitted.save('special_table', arrays, about)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
