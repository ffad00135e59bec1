"""Fit the ``expert``'s card play (writes ``wizstats/data/expert_play.npz``).

1. Label: for each hand size 2..15 (4 players, standard rules), ``expert:fitted=0`` self-play
   (the expert's own bids, the heuristic's card play with the expert's parameters) is labelled
   by :func:`wizstats.engine.card_labels` with ``worlds=0``: at a sampled card decision every
   class of interchangeable legal cards gets the features the expert computes and the score the
   seat gets when that card is played in the true deal and the table plays the round out.
   Decisions where the seat needs every trick left are dropped: there the expert plays the
   heuristic's card (its likeliest winner), fitted or not.
2. Fit: per hand size, the ridge-regularised least-squares fit of each card's score less its
   decision's mean score on its features less their decision's mean (a linear value per card,
   up to a constant per decision, which the choice of card ignores).
3. Validate: with all rows written, ``expert:fitted=1`` at each gate of :data:`GATES` (the fitted card
   is played only when its fitted score beats the heuristic's card's by more than the gate)
   and ``expert:fitted=0`` each play one seat against three ``heuristic`` on the same duplicate
   deals (``wizstats.arena``, its own seed); a hand size keeps its row, with the gate of the
   best margin, only if that margin, at the low end of its 95% interval, is above the unfitted
   play's margin. The other rows are written as zeros (the heuristic's card there).

Why not label with the ``pimc`` search's values (``worlds > 0``)? Tried: a fit to them scores
better on those values but plays worse from 7 cards on (the search's deals ignore what the
play so far says about the hands, and a fit follows that bias everywhere); the true deal
carries no such bias. The repository's weights come from the command named in the data file's note:

    python tools/fit_expert_play.py --seed 7100

Each write recompiles the kernels (the weights are compiled in as constants, and the kernel
cache is keyed by the kernel sources, these weights included). Needs numpy only; about 15
minutes on 2 cores.

>>> x = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.0, 0.0]])
>>> fit_band(x, np.array([2.0, 0.0, 3.0, 1.0]), np.array([0, 0, 1, 1]), ridge=0.0).round(6).tolist()
[1.0, -1.0]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "wizstats" / "data" / "expert_play.npz"
SIZES = range(2, 16)
"""Hand sizes labelled (round 1 has no choice of card)."""

__all__ = ["GATES", "fit_band", "label", "main", "regret", "validate", "write"]


def label(args: tuple[int, int, int]) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """``(hand_size, features, values, decision)`` of about ``decisions`` labelled decisions at one hand size."""
    r, decisions, seed = args
    from wizstats.engine import card_labels

    p_label = 0.25
    per_round = max(0.5, 0.55 * r * 4 * p_label)  # labelled decisions per round, roughly
    n_rounds = int(decisions / per_round) + 1
    budget = int(n_rounds * r * 4 * (p_label * 1.5 + 0.05)) + r  # the rows the shipped fit was labelled in
    lab = card_labels(
        4, r, n_rounds, policy="expert:fitted=0,endgame=0", worlds=0, p_label=p_label, seed=seed, max_rows=budget
    )
    used = lab.all_needed == 0  # where every trick left is needed the expert plays the heuristic's card
    return r, lab.features[used], lab.values[used], lab.decision[used]


def centred(x: np.ndarray, decision: np.ndarray) -> np.ndarray:
    """``x`` less its mean over the rows of each decision."""
    _, inv, n = np.unique(decision, return_inverse=True, return_counts=True)
    sums = np.zeros((n.size,) + x.shape[1:])
    np.add.at(sums, inv, x)
    return x - (sums / n.reshape((-1,) + (1,) * (x.ndim - 1)))[inv]


def fit_band(x: np.ndarray, y: np.ndarray, decision: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Weights ``b`` minimising ``|yc - xc b|^2 + ridge |b|^2``, ``c`` meaning less the decision's mean."""
    xc, yc = centred(x, decision), centred(y, decision)
    a = xc.T @ xc + ridge * np.eye(x.shape[1])
    return np.linalg.solve(a, xc.T @ yc)


def regret(scores: np.ndarray, y: np.ndarray, decision: np.ndarray) -> float:
    """Mean points lost per decision by playing each decision's top ``scores`` card instead of its top ``y`` card."""
    order = np.lexsort((-scores, decision))
    first = np.r_[True, decision[order][1:] != decision[order][:-1]]
    chosen = y[order][first]
    order_y = np.lexsort((-y, decision))
    first_y = np.r_[True, decision[order_y][1:] != decision[order_y][:-1]]
    return float(np.mean(y[order_y][first_y] - chosen))


def write(weights: np.ndarray, gates: np.ndarray, how: str) -> None:
    """Write the weights (6 significant digits) and gates to :data:`OUT`, with ``how`` as the file's note."""
    from wizstats._kernels.players import fitted

    play = np.array([[float(f"{x:.6g}") for x in row] for row in weights], dtype=np.float64)
    gate = np.array([float(f"{g:g}") for g in gates], dtype=np.float64)
    fitted.save("expert_play", {"play": play, "gate": gate}, how, folder=OUT.parent)


GATES = (0.0, 1.0, 2.0, 4.0, 8.0)
"""Gates tried when validating (points of fitted score)."""


def validate(args: tuple[int, int, int]) -> tuple[int, list[tuple[float, float]], float]:
    """``(hand_size, [(margin, low end) per gate of GATES], unfitted margin)``: one seat against three heuristic."""
    r, deals, seed = args
    import wizstats

    out = []
    for policy in [f"expert:fitted=1,gate={g:g},endgame=0" for g in GATES] + ["expert:fitted=0,endgame=0"]:
        tab = wizstats.arena([policy, "heuristic"], 4, hand_sizes=[r], n_rounds=deals, seed=seed, threads=1).table()
        row = tab[tab.policy.str.startswith("expert")].iloc[0]
        out.append((float(row.margin), float(row.margin_low)))
    return r, out[:-1], out[-1][0]


def spawn_pool(jobs: int) -> ProcessPoolExecutor:
    """Fresh processes (spawned, not forked), which compile the weights as they are on disk now."""
    return ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))


def main(argv: list[str] | None = None) -> int:
    """Label, fit, validate and write the weights."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=60_000, help="labelled decisions per hand size")
    ap.add_argument("--deals", type=int, default=3000, help="arena deals per hand size when validating")
    ap.add_argument("--seed", type=int, default=7100)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument(
        "--labels", type=Path, help="keep the labels in this .npz file, and read them from it when it exists"
    )
    args = ap.parse_args(argv)
    n_rows = max(SIZES)
    if args.labels is not None and args.labels.exists():
        z = np.load(args.labels)
        results = [(r, z[f"x_{r}"], z[f"y_{r}"], z[f"d_{r}"]) for r in SIZES]
    else:
        with spawn_pool(args.jobs) as pool:
            results = list(pool.map(label, [(r, args.decisions, args.seed * 100 + r) for r in SIZES]))
        if args.labels is not None:
            np.savez(
                args.labels, **{f"{k}_{r}": a for r, x, y, d in results for k, a in (("x", x), ("y", y), ("d", d))}
            )
    weights = np.zeros((n_rows, 32))
    for r, x, y, d in results:
        weights[r - 1] = fit_band(x, y, d, args.ridge)
        print(
            f"hand size {r:2d}: {int(d.max()) + 1} decisions, regret per decision (points, in sample) "
            f"fitted {regret(x @ weights[r - 1], y, d):.3f}, heuristic's card {regret(x[:, 0], y, d):.3f}",
            flush=True,
        )
    how = f"``--decisions {args.decisions} --deals {args.deals} --seed {args.seed} --ridge {args.ridge}``"
    gates = np.zeros(n_rows)
    write(weights, gates, f"Before validation, from {how}.")
    with spawn_pool(args.jobs) as pool:
        checks = list(pool.map(validate, [(r, args.deals, args.seed + 1) for r in SIZES]))
    kept = []
    for r, tried, plain in checks:
        k = int(np.argmax([m for m, _ in tried]))
        margin, low = tried[k]
        keep = low > plain
        shown = ", ".join(f"{g:g}: {m:+.2f}" for g, (m, _) in zip(GATES, tried, strict=True))
        print(
            f"hand size {r:2d}: margin against heuristic by gate {shown}; best {margin:+.2f} (low end {low:+.2f}), "
            f"unfitted {plain:+.2f}: {f'kept, gate {GATES[k]:g}' if keep else 'zeroed'}",
            flush=True,
        )
        if keep:
            kept.append(r)
            gates[r - 1] = GATES[k]
        else:
            weights[r - 1] = 0.0
    sizes = ", ".join(str(r) for r in kept) or "none"
    write(weights, gates, f"From {how}; rows kept by the validation: hand sizes {sizes}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
