"""The one-colour engine's ``expert`` against its ``heuristic`` (issue 29, one colour), in one run.

At 4 players of the one-colour variant (RULES 9), standard scoring, whole games of 12 rounds (4..15 cards):

- **margin** of one expert player against three heuristic players, in points: per game, the expert's
  points minus the mean of the other three, averaged over the four places the expert can take at the
  table (every place on the same games), then a normal 95% interval over the games (the game is the
  unit); for the whole game and for each round; the games (seed 99) are not the fit's (2027,
  ``tools/fit_one_colour_expert.py``);
- **bid accuracy in self-play**: four expert players, then four heuristic players, on the same games
  (Wilson 95% intervals);
- **speed**: games per second, one thread, expert and heuristic at every place, side by side (best of
  three after a warm-up).

Writes ``benchmarks/one_colour_expert.json`` (no time stamp; the commit it measured) and prints it.

    nice -n 5 python benchmarks/one_colour_expert.py               # some 3 minutes on 2 cores
    nice -n 5 python benchmarks/one_colour_expert.py --games 500 --out /tmp/x.json   # a quick look
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import wizstats
from wizstats.engine.onecolour import trace_one_colour
from wizstats.intervals import mean_interval, wilson_interval
from wizstats.reference import HAND_SIZES

ROOT = Path(__file__).resolve().parents[1]
N_PLAYERS = 4
SEED = 99
CHUNK = 2_000  # games per trace (a trace keeps every card: some 20 kB a game)


def round_points(policies: list[str], n_games: int) -> tuple[np.ndarray, np.ndarray]:
    """Per game, round and player: points ``[G, 12, n]`` and whether the bid was met (same shape)."""
    points = np.zeros((n_games, 12, N_PLAYERS), np.int64)
    for start in range(0, n_games, CHUNK):
        size = min(CHUNK, n_games - start)
        points[start : start + size] = trace_one_colour(
            N_PLAYERS, size, policies=policies, seed=SEED, start=start
        ).points()
    return points, points > 0  # standard scoring: a met bid scores 20 and more, a missed one below 0


def interval(per_game: np.ndarray) -> dict[str, float | bool]:
    """Mean and normal 95% interval over the games; ``measurable`` is false where every game gave the same value."""
    mean = float(per_game.mean())
    ci = mean_interval(mean, float(per_game.var(ddof=1)), len(per_game))
    return {"margin": mean, "low": ci.low, "high": ci.high, "measurable": bool(per_game.var() > 0.0)}


def margins(n_games: int) -> tuple[dict[str, float | bool], list[dict[str, float | bool]]]:
    """One expert player against three heuristic players: whole game and per round, paired over the games."""
    twelfths = np.zeros((n_games, 12), np.int64)  # in points / 12, exactly: 3 x his points - the others' sum
    for player in range(N_PLAYERS):
        policies = ["heuristic"] * N_PLAYERS
        policies[player] = "expert"
        points, _ = round_points(policies, n_games)
        twelfths += 3 * points[:, :, player] - np.delete(points, player, axis=2).sum(axis=2)
    per_round = twelfths / (3 * N_PLAYERS)
    game = {"games": n_games} | interval(per_round.sum(axis=1))
    rounds = [{"round": k + 1, "hand_size": r} | interval(per_round[:, k]) for k, r in enumerate(HAND_SIZES)]
    return game, rounds


def accuracy(policy: str, n_games: int) -> dict[str, float]:
    """Share of bids met with ``policy`` at every place, over all rounds, and its Wilson interval."""
    _, met = round_points([policy] * N_PLAYERS, n_games)
    hits, total = int(met.sum()), met.size
    ci = wilson_interval(hits, total)
    return {"accuracy": hits / total, "low": ci.low, "high": ci.high, "bids": total}


def speed(policy: str, n_games: int) -> float:
    """Games per second, one thread (best of three after a warm-up)."""
    wizstats.simulate_one_colour(N_PLAYERS, 50, policies=policy, threads=1)
    best = 0.0
    for k in range(3):
        t0 = time.perf_counter()
        wizstats.simulate_one_colour(N_PLAYERS, n_games, policies=policy, threads=1, seed=k)
        best = max(best, n_games / (time.perf_counter() - t0))
    return best


def main(argv: list[str] | None = None) -> int:
    """Measure and write the record."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="games per measure (default: 10000)")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "one_colour_expert.json")
    args = ap.parse_args(argv)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout.strip()
    game, rounds = margins(args.games)
    record = {
        "variant": f"one colour, {N_PLAYERS} players, standard scoring",
        "seed": SEED,
        "commit": commit,
        "margin_vs_3_heuristic_per_game": game,
        "margin_vs_3_heuristic_per_round": rounds,
        "accuracy_self_play": {p: accuracy(p, args.games) for p in ("expert", "heuristic")},
        "games_per_s_one_thread": {p: round(speed(p, min(args.games, 2_000))) for p in ("expert", "heuristic")},
    }
    args.out.write_text(json.dumps(record, indent=1) + "\n")
    print(json.dumps(record, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
