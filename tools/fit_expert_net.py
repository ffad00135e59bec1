"""Fit the ``expert``'s card network (writes ``wizstats/data/expert_net.npz``).

1. Label: for each hand size 2..15 (4 players, standard rules), ``--policy`` self-play
   (default ``expert:fitted=1``, the linear card play) is labelled by :func:`wizstats.engine.card_labels` with ``worlds=0``:
   at a sampled card decision every class of interchangeable legal cards gets the features
   the expert computes (:func:`wizstats._kernels.players.expert_play.card_features`) and the
   score the seat gets when that card is played in the true deal and the table plays the
   round out. Decisions where the seat needs every trick left are dropped (there the expert
   plays the heuristic's likeliest winner).
2. Fit: one network for every hand size (inputs: the card's features and the hand size / 15;
   two ReLU layers; one output), trained with Adam on the squared error of each card's
   score less its decision's mean against its output less the decision's mean (only the
   differences between the cards of a decision count, as in the choice of a card). A fifth
   of the decisions is held out; the script prints, per hand size, the points per decision
   the network's card and the heuristic's card lose against the best card in the true deal.
3. Write the weights (float64, 9 significant digits). Each write recompiles the kernels: the weights are
   compiled in as constants, and the kernel cache is keyed by the kernel sources and the data files.
4. Repeat (``--iterations``, default 3): each later round labels the self-play of the network
   just written (``expert:fitted=2``, fresh processes compile it), with the same seeds, and fits
   to those labels and all before together (the decisions of the player that will use the
   weights, without forgetting the tables of the earlier players: trained on the network's
   self-play alone, the second network lost 11 points per round to ``heuristic`` at 15 cards).
   The third round (the default since it was measured) gained most at 15 cards against
   ``rollout`` (see ``benchmarks/README.md``).

The repository's weights come from the command named in the written file's note:

    python tools/fit_expert_net.py

(38 minutes on 2 cores, peak memory 19.5 GB, most of it labelling the network's self-play). Needs the
``train`` extra (PyTorch, CPU build: ``pip install torch==2.13.0`` takes the one on this
machine's disk); the same command on the same versions writes the same file (one thread,
deterministic algorithms, fixed seeds).

>>> centred_rows(np.array([1.0, 3.0, 5.0]), np.array([0, 0, 1])).tolist()
[-1.0, 1.0, 0.0]
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
OUT = ROOT / "wizstats" / "data" / "expert_net.npz"
SIZES = range(2, 16)
"""Hand sizes labelled (round 1 has no choice of card)."""
Labels = tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""One hand size's labels: ``(hand_size, features, values, decision, heuristic)``."""

__all__ = ["centred_rows", "fit_all", "label", "labelled", "main", "regret", "train", "write"]


def label(args: tuple[int, int, int, str]) -> Labels:
    """``(hand_size, features, values, decision, heuristic)`` of about ``decisions`` labelled decisions."""
    r, decisions, seed, policy = args
    from wizstats.engine import card_labels

    p_label = 0.25
    per_round = max(0.5, 0.55 * r * 4 * p_label)  # labelled decisions per round, roughly
    n_rounds = int(decisions / per_round) + 1
    budget = int(n_rounds * r * 4 * (p_label * 1.5 + 0.05)) + r  # the rows the shipped fit was labelled in
    lab = card_labels(4, r, n_rounds, policy=policy, worlds=0, p_label=p_label, seed=seed, max_rows=budget)
    used = lab.all_needed == 0
    return r, lab.features[used], lab.values[used], lab.decision[used], lab.heuristic[used]


def centred_rows(y: np.ndarray, decision: np.ndarray) -> np.ndarray:
    """``y`` less its mean over the rows of each decision."""
    _, inv, n = np.unique(decision, return_inverse=True, return_counts=True)
    sums = np.zeros(n.size)
    np.add.at(sums, inv, y)
    return y - (sums / n)[inv]


def regret(scores: np.ndarray, y: np.ndarray, decision: np.ndarray) -> float:
    """Mean points lost per decision by playing each decision's top ``scores`` card instead of its top ``y`` card."""
    order = np.lexsort((-scores, decision))
    first = np.r_[True, decision[order][1:] != decision[order][:-1]]
    order_y = np.lexsort((-y, decision))
    first_y = np.r_[True, decision[order_y][1:] != decision[order_y][:-1]]
    return float(np.mean(y[order_y][first_y] - y[order][first]))


def train(
    x: np.ndarray,
    y: np.ndarray,
    decision: np.ndarray,
    hidden: tuple[int, int],
    epochs: int,
    seed: int,
    rows: np.ndarray | None = None,
) -> list[np.ndarray]:
    """The network's ``[W1, B1, W2, B2, W3]`` (``x @ W1 + B1``, ReLU, ``@ W2 + B2``, ReLU, ``@ W3``).

    Trains on ``x[rows]``, ``y[rows]``, ``decision[rows]`` (default: every row), indexed batch by
    batch so the training rows are never copied whole. Rows of one decision must be contiguous in
    that order; batches are runs of whole decisions.
    """
    import torch

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    rng = np.random.default_rng(seed)
    h1, h2 = hidden
    model = torch.nn.Sequential(
        torch.nn.Linear(x.shape[1], h1),
        torch.nn.ReLU(),
        torch.nn.Linear(h1, h2),
        torch.nn.ReLU(),
        torch.nn.Linear(h2, 1),
    )
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    if rows is None:
        rows = np.arange(len(y))
    xt, yt = torch.from_numpy(x.astype(np.float32, copy=False)), torch.from_numpy(y.astype(np.float32))
    decision = decision[rows]
    batch = 8192
    cuts = np.flatnonzero(np.r_[True, decision[1:] != decision[:-1]])  # first row of every decision
    starts = cuts[np.searchsorted(cuts, np.arange(0, len(rows), batch))]
    bounds = np.unique(np.r_[starts, len(rows)])
    for epoch in range(epochs):
        if epoch == epochs - max(1, epochs // 3):
            for group in opt.param_groups:
                group["lr"] = 5e-4
        total = 0.0
        for i in rng.permutation(len(bounds) - 1):
            s, e = int(bounds[i]), int(bounds[i + 1])
            _, inv_np = np.unique(decision[s:e], return_inverse=True)
            inv = torch.from_numpy(inv_np)
            m = int(inv_np.max()) + 1
            idx = torch.from_numpy(rows[s:e])
            f = model(xt[idx]).squeeze(1)
            target = yt[idx]
            count = torch.zeros(m).index_add_(0, inv, torch.ones_like(target))
            f_mean = torch.zeros(m).index_add_(0, inv, f) / count
            y_mean = torch.zeros(m).index_add_(0, inv, target) / count
            loss = (((f - f_mean[inv]) - (target - y_mean[inv])) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * (e - s)
        print(f"epoch {epoch + 1}/{epochs}: loss {total / len(rows):.2f}", flush=True)
    layers = [model[0], model[2], model[4]]
    w = [layer.weight.detach().numpy().astype(np.float64) for layer in layers]
    b = [layer.bias.detach().numpy().astype(np.float64) for layer in layers]
    return [w[0].T.copy(), b[0], w[1].T.copy(), b[1], w[2][0].copy()]  # the last bias shifts every card alike


def write(weights: list[np.ndarray], how: str) -> None:
    """Write the weights (each to 9 significant digits) to :data:`OUT`, with ``how`` as the file's note."""
    from wizstats._kernels.players import fitted

    rounded = [np.vectorize(lambda v: float(f"{v:.9g}"), otypes=[np.float64])(a) for a in weights]
    fitted.save("expert_net", dict(zip(("w1", "b1", "w2", "b2", "w3"), rounded, strict=True)), how, folder=OUT.parent)


def labelled(policy: str, args: argparse.Namespace, labels: Path | None) -> list[Labels]:
    """The labels of ``policy`` self-play at every hand size (read from ``labels`` where that file exists)."""
    if labels is not None and labels.exists():
        z = np.load(labels)
        return [(r, z[f"x_{r}"].astype(np.float32), z[f"y_{r}"], z[f"d_{r}"], z[f"h_{r}"]) for r in SIZES]
    jobs = [(r, args.decisions, args.seed * 100 + r, policy) for r in SIZES]
    # fresh processes (spawned, not forked) compile the weights as they are on disk now
    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        results = [(r, x.astype(np.float32), y, d, h) for r, x, y, d, h in pool.map(label, jobs)]  # float32: GB a set
    if labels is not None:
        np.savez(labels, **{f"{k}_{t[0]}": a for t in results for k, a in zip("xydh", t[1:], strict=True)})
    return results


def fit_all(label_sets: list[list[Labels]], args: argparse.Namespace) -> list[np.ndarray]:
    """Fit one network to every set of labels together; print the held-out regret on the last set."""
    hidden = tuple(int(h) for h in args.hidden.split(","))
    rng = np.random.default_rng(args.seed)
    n_rows = sum(len(t[2]) for results in label_sets for t in results)
    n_in = label_sets[0][0][1].shape[1] + 1
    x = np.empty((n_rows, n_in), np.float32)  # float32, filled in place: sets of GB
    ys, ds, hs, rs, held, last = [], [], [], [], [], []
    offset, at = 0, 0
    for k, results in enumerate(label_sets):
        for r, xr, y, d, h in results:
            out = rng.random(int(d.max()) + 1) < 0.2
            x[at : at + len(y), :-1] = xr
            x[at : at + len(y), -1] = r / 15.0
            at += len(y)
            ys.append(y)
            ds.append(d + offset)
            hs.append(h)
            rs.append(np.full(len(y), r))
            held.append(out[d])
            last.append(np.full(len(y), k == len(label_sets) - 1))
            offset += int(d.max()) + 1
    y, d, h, rr, test, newest = (np.concatenate(a) for a in (ys, ds, hs, rs, held, last))
    # training rows in a random order of whole decisions (hand sizes and label sets mixed)
    train_rows = np.flatnonzero(~test)
    rank = rng.permutation(offset)
    train_rows = train_rows[np.argsort(rank[d[train_rows]], kind="stable")]
    print(f"{len(label_sets)} label set(s): {len(train_rows)} training rows, {int(test.sum())} held out", flush=True)
    weights = train(x, y, d, (hidden[0], hidden[1]), args.epochs, args.seed, train_rows)
    w1, b1, w2, b2, w3 = weights
    check = test & newest
    score = np.maximum(np.maximum(x[check].astype(np.float64) @ w1 + b1, 0.0) @ w2 + b2, 0.0) @ w3
    print("held out, newest labels: points lost per decision against the best card in the true deal")
    print("hand size, network, heuristic")
    for r in SIZES:
        m = rr[check] == r
        yt, dt = y[check][m], d[check][m]
        print(f"{r:2d}  {regret(score[m], yt, dt):.3f}  {regret(h[check][m].astype(float), yt, dt):.3f}", flush=True)
    return weights


def main(argv: list[str] | None = None) -> int:
    """Label, fit, report the held-out regret and write the weights, ``--iterations`` times."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--policy", default="expert:fitted=1,endgame=0", help="the self-play labelled first (every seat)")
    ap.add_argument(
        "--iterations",
        type=int,
        default=3,
        help="fits in a row: each after the first labels the self-play of the network just written (expert:fitted=2)",
    )
    ap.add_argument("--decisions", type=int, default=400_000, help="labelled decisions per hand size")
    ap.add_argument("--hidden", default="64,32", help="units of the two hidden layers")
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--seed", type=int, default=8100)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument(
        "--labels",
        type=Path,
        help="keep each iteration's labels in PATH.K.npz, and read them from there when they exist",
    )
    args = ap.parse_args(argv)
    parts = args.hidden.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() and int(p) > 0 for p in parts):
        ap.error(f"--hidden takes two positive unit counts, got {args.hidden!r}")
    if args.decisions < 1:
        ap.error(f"--decisions must be at least 1, got {args.decisions}")
    if args.jobs < 1:
        ap.error(f"--jobs must be at least 1, got {args.jobs}")
    if args.epochs < 1:
        ap.error(f"--epochs must be at least 1, got {args.epochs}")
    if args.iterations < 1:
        ap.error(f"--iterations must be at least 1, got {args.iterations}")
    how = (
        f"From ``--policy {args.policy} --iterations {args.iterations} --decisions {args.decisions} "
        f"--hidden {args.hidden} --epochs {args.epochs} --seed {args.seed}``"
    )
    sets = []
    for k in range(1, args.iterations + 1):
        policy = args.policy if k == 1 else "expert:fitted=2,endgame=0"
        labels = None if args.labels is None else args.labels.with_suffix(f".{k}.npz")
        sets.append(labelled(policy, args, labels))
        weights = fit_all(sets, args)
        write(weights, f"{how}, iteration {k} of {args.iterations} (labels: {policy} self-play and those before).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
