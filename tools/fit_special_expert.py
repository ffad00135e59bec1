"""Fit the special-card expert's bid settings per hand size (writes ``wizstats/data/special_expert.npz``).

The special expert (``wizstats/_kernels/special/expert.py``) plays the special heuristic's cards and bids from
the same per-card chances, with three settings per hand size: ``scale`` (multiplies the hand's expected
tricks), ``read`` (weight of what the visible earlier bids leave over), ``kill`` (the heuristic's weight of an
unseen threat, read when bidding) and ``pick`` (1: the bid with the best expected score under the trick
distribution; 0: the estimate rounded). At 4 players with all nine special
cards, standard scoring and open bids, for each hand size 1..17 this tool searches them coordinate-wise,
starting from the heuristic's own bid (scale 1, read 0, kill 1, pick 0, so a fit can only keep or beat it on the
fit deals): first ``scale`` x ``pick`` together, then ``read`` x ``kill``, then ``scale`` again. A setting's value is the
margin of one expert seat against three ``heuristic`` seats, in points per round: the expert seat's mean
score minus the mean of the other three, averaged over the four seats it can take, every seat rotation on
the same deals (seed ``seed``). The fit's deals and the benchmark's (``benchmarks/special_expert.py``, another
seed) are apart, so the benchmark's margins are not flattered by the search.

    nice -n 5 python tools/fit_special_expert.py 5000 2027      # rounds per rotation, seed (some 15 minutes)

Hand sizes 18..23 (3 players) take the settings of 17 (``fitted`` marks the sizes searched).
"""

from __future__ import annotations

import sys
import time
import warnings

import numpy as np

import wizstats
import wizstats.engine.special as special
from wizstats._kernels.players import fitted

__all__ = ["KILLS", "PICKS", "READS", "SCALES", "fit_size", "main", "margin"]

SCALES = (0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2)
PICKS = (0, 1)
READS = (0.0, 0.3, 0.6, 1.0)
KILLS = (0.5, 1.0)
RULES = wizstats.Rules(4, special_cards="all")
SIZES = range(1, 18)


def margin(hand_size: int, row: dict[str, float], n_rounds: int, seed: int) -> float:
    """One expert seat (bidding with ``row``) against three heuristic seats: mean margin over the four seats."""
    special.expert_row = lambda h: row  # the candidate in place of the fitted table (this process only)
    margins = []
    for seat in range(RULES.n_players):
        policies = ["heuristic"] * RULES.n_players
        policies[seat] = "expert"
        scores = wizstats.simulate(4, hand_size, n_rounds, rules=RULES, policies=policies, seed=seed).summary()
        points = scores["mean_score"].to_numpy()
        margins.append(points[seat] - np.delete(points, seat).mean())
    return float(np.mean(margins))


def fit_size(hand_size: int, n_rounds: int, seed: int) -> tuple[dict[str, float], float]:
    """The best settings found at ``hand_size`` and their margin on the fit deals."""
    memo: dict[tuple[float, float, float, float], float] = {}

    def value(row: dict[str, float]) -> float:
        key = (row["scale"], row["read"], row["kill"], row["pick"])
        if key not in memo:
            memo[key] = margin(hand_size, row, n_rounds, seed)
        return memo[key]

    best = {"scale": 1.0, "read": 0.0, "kill": 1.0, "pick": 0.0}
    grids = [
        [{"scale": s, "pick": float(p)} for s in SCALES for p in PICKS],
        [{"read": r, "kill": k} for r in READS for k in KILLS],
        [{"scale": s} for s in SCALES],
    ]
    for grid in grids:
        best = max(({**best, **step} for step in grid), key=value)
    return best, value(best)


def main(argv: list[str]) -> int:
    """Fit every hand size and write the data file."""
    n_rounds = int(argv[0]) if argv else 5000
    seed = int(argv[1]) if len(argv) > 1 else 2027
    warnings.simplefilter("ignore")
    scale, read, kill = np.ones(24), np.zeros(24), np.ones(24)
    pick, done = np.zeros(24, np.int64), np.zeros(24, np.int64)
    t0 = time.perf_counter()
    for h in SIZES:
        row, value = fit_size(h, n_rounds, seed)
        scale[h], read[h], kill[h], pick[h], done[h] = row["scale"], row["read"], row["kill"], int(row["pick"]), 1
        print(f"hand size {h:2d}: {row}  margin {value:+.2f} ({time.perf_counter() - t0:.0f} s)", flush=True)
    last = max(SIZES)
    for array in (scale, read, kill, pick):
        array[last + 1 :] = array[last]
    about = (
        f"tools/fit_special_expert.py {n_rounds} {seed}: per hand size 1..{last} (4 players, all special cards),"
        f" the scale, read, kill and pick whose expert seat scored best against three heuristic seats"
        f" ({n_rounds} rounds per seat rotation); sizes above {last} take {last}'s"
    )
    path = fitted.save(
        "special_expert", {"scale": scale, "read": read, "kill": kill, "pick": pick, "fitted": done}, about
    )
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
