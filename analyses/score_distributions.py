"""Points per round and points per game, as distributions: standard against tournament games.

Per round: the distribution of one player's score by hand size (4 players, seats pooled), from
:func:`wizstats.score_distribution`. Per game: final totals of whole games, the dealer moving
each round, standard schedule against the tournament's ten deals with plus/minus one, from
:func:`wizstats.game_score_distribution`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

import wizstats as ws
from wizstats import Rules

from ._common import CONFIDENCE, POLICY, finish, main, new_figure, num_ci, pct, size_params, steps

NAME = "score_distributions"
ORDER = 60
TITLE = "Points per round and per game: standard and tournament"
QUESTION = "How widely do the points of a round and the totals of a game spread, in standard and tournament play?"
SEED = 6000
ROUND_PLAYERS = 4
SIZES = {
    "tiny": {"hand_sizes": (1, 5), "n": 2000, "players": (4,), "games": 300},
    "quick": {"hand_sizes": (1, 3, 5, 8, 10, 15), "n": 5000, "players": (3, 4, 5, 6), "games": 800},
    "full": {"hand_sizes": None, "n": 10000, "players": (3, 4, 5, 6), "games": 3000},
}
BIN = 20
SHOWN_SIZES = (1, 3, 5, 8, 10, 15)


def per_round(hand_sizes: tuple[int, ...] | None, n: int, *, progress: bool = False) -> pd.DataFrame:
    """P(score) per hand size, pooled over bids (``bid == "all"``) and per bid."""
    sizes = hand_sizes or Rules(ROUND_PLAYERS).schedule
    parts = []
    for r in steps(sizes, NAME + " (rounds)", progress=progress):
        res = ws.score_distribution(ROUND_PLAYERS, r, policy=POLICY, n=n, seed=SEED + r, confidence_level=CONFIDENCE)
        parts.append(res.table.assign(hand_size=r, policy=res.policy, seed=SEED + r))
    t = pd.concat(parts, ignore_index=True)
    t["bid"] = t["bid"].astype(str)
    return t.assign(kind="round", n_players=ROUND_PLAYERS, schedule="standard", quantity="p_score")


def per_game(players: tuple[int, ...], games: int, *, progress: bool = False) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Summary rows per player count, schedule and player, and histograms of the totals (players pooled)."""
    summary, hist = [], []
    plan = [(p, s) for p in players for s in ("standard", "tournament")]
    for p, schedule in steps(plan, NAME + " (games)", total=len(plan), progress=progress):
        seed = SEED + 10 * p + (schedule == "tournament")
        res = ws.game_score_distribution(
            p, schedule=schedule, policy=POLICY, n_games=games, seed=seed, confidence_level=CONFIDENCE
        )
        summary.append(res.table.assign(kind="game", n_players=p, schedule=schedule, policy=res.policy, seed=seed))
        totals = np.asarray(res.extra["totals"]).ravel()
        lo = int(np.floor(totals.min() / BIN) * BIN)
        edges = np.arange(lo, totals.max() + 2 * BIN, BIN)
        counts, _ = np.histogram(totals, bins=edges)
        hist.append(
            pd.DataFrame(
                {
                    "kind": "game_histogram",
                    "n_players": p,
                    "schedule": schedule,
                    "score": edges[:-1],
                    "value": counts / totals.size,
                    "n": totals.size,
                    "seed": seed,
                    "policy": res.policy,
                }
            )
        )
    return pd.concat(summary, ignore_index=True), pd.concat(hist, ignore_index=True)


def _g(summary: pd.DataFrame, p: int, schedule: str, quantity: str) -> pd.DataFrame:
    return summary[(summary.n_players == p) & (summary.schedule == schedule) & (summary.quantity == quantity)]


def _display(summary: pd.DataFrame, players: tuple[int, ...]) -> pd.DataFrame:
    rows = []
    for p in players:
        for schedule in ("standard", "tournament"):
            mean = _g(summary, p, schedule, "mean")
            pooled = mean.value.mean()
            half = ((mean.high - mean.low) / 2).pow(2).sum() ** 0.5 / len(mean)
            q = {k: _g(summary, p, schedule, k).value.mean() for k in ("sd", "q05", "q50", "q95")}
            pp = _g(summary, p, schedule, "placement_points")
            rows.append(
                {
                    "players": p,
                    "schedule": schedule,
                    "rounds": len(Rules(p, schedule=schedule).schedule),  # type: ignore[arg-type]
                    "mean total": num_ci(pooled, pooled - half, pooled + half, 1),
                    "sd": f"{q['sd']:.0f}",
                    "5% / median / 95%": f"{q['q05']:.0f} / {q['q50']:.0f} / {q['q95']:.0f}",
                    "negative total": pct(_g(summary, p, schedule, "p_negative").value.mean(), 0),
                    "bids met per game": f"{_g(summary, p, schedule, 'bids_met').value.mean():.1f}",
                    "placement points": f"{pp.value.mean():.1f}" if len(pp) else "",
                }
            )
    return pd.DataFrame(rows)


def _figure(rounds: pd.DataFrame, hist: pd.DataFrame, players: tuple[int, ...]):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(1, 2, width=12, height=4.5)
    left, right = axes[0]
    pooled = rounds[rounds.bid == "all"]
    shown = [r for r in SHOWN_SIZES if r in set(pooled.hand_size)] or sorted(set(pooled.hand_size))
    cmap = __import__("matplotlib").colormaps["viridis"]
    for k, r in enumerate(shown):
        s = pooled[pooled.hand_size == r].sort_values("score")
        colour = cmap(0.85 * k / max(1, len(shown) - 1))
        x = s.score + 1.4 * (k - (len(shown) - 1) / 2)
        left.vlines(x, 0, 100 * s.value, color=colour, linewidth=1.5)
        left.plot(x, 100 * s.value, "o", markersize=3, color=colour, label=f"{r} card{'s' if r > 1 else ''}")
    left.set_xlabel("points in the round")
    left.set_ylabel("% of player-rounds")
    left.set_title(f"Points per round, {ROUND_PLAYERS} players (seats pooled)")
    left.legend(fontsize=7)
    p = 4 if 4 in players else players[0]
    for schedule, colour in (("standard", "#4f81bd"), ("tournament", "#c0504d")):
        s = hist[(hist.n_players == p) & (hist.schedule == schedule)]
        right.step(s.score + BIN / 2, 100 * s.value, where="mid", color=colour, label=f"{schedule} game")
    right.set_xlabel(f"final total (bins of {BIN} points)")
    right.set_ylabel("% of player-games")
    right.set_title(f"Points per game, {p} players")
    right.legend(fontsize=8)
    return fig


def _finding(rounds: pd.DataFrame, summary: pd.DataFrame, players: tuple[int, ...]) -> str:
    pooled = rounds[rounds.bid == "all"]
    r_small, r_big = int(pooled.hand_size.min()), int(pooled.hand_size.max())

    def stats(r: int) -> tuple[float, float, float]:
        s = pooled[pooled.hand_size == r]
        mean = float((s.score * s.value).sum())
        sd = float(np.sqrt((((s.score - mean) ** 2) * s.value).sum()))
        return mean, sd, float(s[s.score > 0].value.sum())

    m1, sd1, hit1 = stats(r_small)
    m2, sd2, hit2 = stats(r_big)
    p = 4 if 4 in players else players[0]
    std_mean, tour_mean = (
        _g(summary, p, "standard", "mean").value.mean(),
        _g(summary, p, "tournament", "mean").value.mean(),
    )
    std_sd, tour_sd = _g(summary, p, "standard", "sd").value.mean(), _g(summary, p, "tournament", "sd").value.mean()
    q05, q95 = _g(summary, p, "standard", "q05").value.mean(), _g(summary, p, "standard", "q95").value.mean()
    neg = _g(summary, p, "standard", "p_negative").value.mean()
    return (
        f"With {ROUND_PLAYERS} players a round of {r_small} card{'s' if r_small > 1 else ''} scores {m1:+.1f} points on"
        f" average (sd {sd1:.1f}; the bid is met {pct(hit1, 0)} of the time), a round of {r_big} cards {m2:+.1f}"
        f" (sd {sd2:.1f}; met {pct(hit2, 0)})"
        f"{': the longer the round, the wider the spread' if sd2 > sd1 else ''}. A standard"
        f" {p}-player game ends at {std_mean:.0f} points on average (sd {std_sd:.0f}; 90% of totals between"
        f" {q05:.0f} and {q95:.0f}; {pct(neg, 0)} of totals negative), a tournament game of ten deals with plus/minus"
        f" one at {tour_mean:.0f} (sd {tour_sd:.0f})."
    )


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Score distributions per round and per game; write the three files."""
    par = size_params(SIZES, size)
    rounds = per_round(par["hand_sizes"], par["n"], progress=progress)
    summary, hist = per_game(par["players"], par["games"], progress=progress)
    frame = pd.concat([rounds, summary, hist], ignore_index=True)
    cols = [
        "kind",
        "n_players",
        "schedule",
        "hand_size",
        "bid",
        "player",
        "quantity",
        "score",
        "value",
        "low",
        "high",
        "n",
        "policy",
        "seed",
    ]
    frame = frame[[c for c in cols if c in frame.columns]]
    assumptions = {
        "players": f"{POLICY} for every seat",
        "sample": f"{par['n']:,} deals per hand size (seed {SEED} + hand size); {par['games']:,} games per player"
        f" count and schedule (seed {SEED} + 10 x players, + 1 for tournament)",
        "rounds": f"{ROUND_PLAYERS} players, standard rules, every seat's score counted",
        "games": "player 0 deals first, the dealer moves each round; standard: no plus/minus one; tournament"
        " (RULES 7): ten fixed deals, plus/minus one from two tricks, placement points 45/30/20/10/5",
        "intervals": f"{CONFIDENCE:.0%}; the mean total pools the players (each player's own interval in the CSV)",
    }
    return finish(
        NAME,
        frame,
        _figure(rounds, hist, par["players"]),
        title=TITLE,
        question=QUESTION,
        finding=_finding(rounds, summary, par["players"]),
        assumptions=assumptions,
        display=_display(summary, par["players"]),
        out_dir=out_dir,
        size=size,
    )


if __name__ == "__main__":
    main(run)
