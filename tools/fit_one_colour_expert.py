"""Fit the one-colour expert's settings per round (writes ``wizstats/data/one_colour_expert.npz``).

The one-colour expert (``wizstats/_kernels/variants/onecolour.py``) plays the one-colour heuristic's cards and
bids from the same per-card chances, with six settings per round of the game (4..15 cards):
``scale`` (multiplies the hand's expected tricks), ``kill`` (weight of each threat to a card when bidding),
``read`` (weight of what the visible earlier bids leave over), ``pick`` (1: the bid with the best expected
score under the trick distribution; 0: the estimate rounded), and the heuristic's card-play ``lead_min`` and
``duck``. At 4 players, standard scoring, this tool searches them coordinate-wise, starting from the
heuristic's own settings (so a fit can only keep or beat it on the fit games): first ``scale`` x ``pick``, then
``read`` x ``kill``, then ``lead_min`` x ``duck``, then ``scale`` again.

A candidate's value at a round is the margin of one expert player against three ``heuristic`` players in
that round, in points: the expert's mean score minus the mean of the other three, averaged over the four
places the expert can take at the table, all on the same games (seed ``seed``). No player reads the running
totals, so the rounds do not interact: every candidate is played in all twelve rounds at once (round ``k``
with round ``k``'s current best and the step), and each round keeps its own best. The fit's games and the
benchmark's (``benchmarks/one_colour_expert.py``, another seed) are apart.

    nice -n 5 python tools/fit_one_colour_expert.py 6000 2027      # games per place, seed (some 12 minutes on 2 cores)
"""

from __future__ import annotations

import sys
import time
import warnings

import numpy as np

import wizstats
import wizstats.engine.onecolour as onecolour
from wizstats._kernels.players import fitted
from wizstats.rules import Scoring, raw_score

__all__ = ["DUCKS", "KILLS", "LEAD_MINS", "PICKS", "READS", "SCALES", "main", "margins"]

SCALES = (0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3)
PICKS = (0, 1)
READS = (0.0, 0.3, 0.6, 1.0)
KILLS = (0.25, 0.5, 0.75, 1.0, 1.5)
LEAD_MINS = (0.3, 0.4, 0.55, 0.7, 0.85)
DUCKS = (0.0, 0.15, 0.3, 0.45)
N_PLAYERS = 4
SETTINGS = onecolour.EXPERT_SETTINGS


def _points(hand_size: int) -> np.ndarray:
    """``[bid, tricks]`` points of a standard-scoring round of ``hand_size`` cards (the counts' 16 x 16 grid)."""
    return np.array([[raw_score(b, t, Scoring.STANDARD, hand_size) for t in range(16)] for b in range(16)], dtype=float)


POINTS = [_points(k + 4) for k in range(12)]


def margins(rows: np.ndarray, n_games: int, seed: int) -> np.ndarray:
    """Per round, one expert player (settings ``rows``) against three heuristic ones: mean margin over his four places."""
    onecolour.expert_rows = lambda: rows  # the candidate in place of the fitted table (this process only)
    out = np.zeros(12)
    for player in range(N_PLAYERS):
        policies = ["heuristic"] * N_PLAYERS
        policies[player] = "expert"
        res = wizstats.simulate_one_colour(N_PLAYERS, n_games, policies=policies, seed=seed)
        for k in range(12):
            mean = np.array([(res.counts[k, s] * POINTS[k]).sum() for s in range(N_PLAYERS)]) / n_games
            seat = (player - k) % N_PLAYERS  # player p sits at seat (p - dealer) mod n; round k's dealer is k mod n
            out[k] += (mean[seat] - np.delete(mean, seat).mean()) / N_PLAYERS
    return out


def main(argv: list[str]) -> int:
    """Fit every round and write the data file."""
    n_games = int(argv[0]) if argv else 6000
    seed = int(argv[1]) if len(argv) > 1 else 2027
    warnings.simplefilter("ignore")
    heuristic = wizstats.POLICIES["heuristic"].defaults
    start = {"scale": 1.0, "kill": heuristic["kill"], "read": 0.0, "pick": 0.0}
    start |= {"lead_min": heuristic["lead_min"], "duck": heuristic["duck"]}
    best = np.array([[start[name] for name in SETTINGS]] * 12)
    grids = [
        [{"scale": s, "pick": float(p)} for s in SCALES for p in PICKS],
        [{"read": r, "kill": k} for r in READS for k in KILLS],
        [{"lead_min": lm, "duck": d} for lm in LEAD_MINS for d in DUCKS],
        [{"scale": s} for s in SCALES],
    ]
    t0 = time.perf_counter()
    value = margins(best, n_games, seed)
    print(f"start (the heuristic's settings): margins {np.round(value, 2)}", flush=True)
    for step, grid in enumerate(grids):
        for change in grid:
            rows = best.copy()
            for name, v in change.items():
                rows[:, SETTINGS.index(name)] = v
            got = margins(rows, n_games, seed)
            better = got > value
            best[better], value[better] = rows[better], got[better]
        print(f"step {step + 1}: margins {np.round(value, 2)} ({time.perf_counter() - t0:.0f} s)", flush=True)
    for k in range(12):
        print(
            f"round {k + 1:2d} ({k + 4:2d} cards): "
            + ", ".join(f"{n} {v:g}" for n, v in zip(SETTINGS, best[k], strict=True))
        )
    about = (
        f"tools/fit_one_colour_expert.py {n_games} {seed}: per round 1..12 (4..15 cards, 4 players, standard"
        f" scoring), the {', '.join(SETTINGS)} whose expert player scored best against three heuristic players"
        f" ({n_games} games per place at the table)"
    )
    arrays = {name: best[:, i] for i, name in enumerate(SETTINGS)}
    arrays["pick"] = arrays["pick"].astype(np.int64)
    path = fitted.save("one_colour_expert", arrays, about)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
