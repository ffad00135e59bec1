"""Maximum points per round, and how much of a game lies in its last rounds, 3-6 players (exact).

A round of ``r`` cards is worth at most ``20 + 10 r`` (every trick bid and won), so the
points pile up at the end of a game: with 6 players the last three rounds hold 330 of 750
(RULES 10). Standard schedules (1 .. 60 / players) against the tournament's ten fixed deals.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pandas as pd

import wizstats as ws
from wizstats import Rules

from ._common import finish, main, new_figure, pct, size_params

NAME = "schedule_points"
ORDER = 20
TITLE = "Maximum points per round, and the share of a game in its last rounds"
QUESTION = "How many points can a round give, and how much of a game is decided in its last rounds?"
SIZES = {"tiny": {"players": (3, 6)}, "quick": {"players": (3, 4, 5, 6)}, "full": {"players": (3, 4, 5, 6)}}
LAST_K = 3
COLOURS = {3: "#4f81bd", 4: "#c0504d", 5: "#9bbb59", 6: "#8064a2"}


def per_round(players: tuple[int, ...]) -> pd.DataFrame:
    """One row per player count, schedule and round: the round's maximum and the share left from it on."""
    rows = []
    for n in players:
        for schedule in ("standard", "tournament"):
            rules = Rules(n, schedule=schedule)  # type: ignore[arg-type]
            points = [rules.max_points_round(r) for r in rules.schedule]
            total = sum(points)
            for i, (r, p) in enumerate(zip(rules.schedule, points, strict=True), start=1):
                rest = sum(points[i - 1 :])
                rows.append(
                    {
                        "n_players": n,
                        "schedule": schedule,
                        "round": i,
                        "hand_size": r,
                        "max_points": p,
                        "game_max_points": total,
                        "share_of_game": p / total,
                        "rounds_from_end": len(points) - i + 1,
                        "points_from_here": rest,
                        "share_from_here": rest / total,
                        "share_from_here_exact": str(Fraction(rest, total)),
                    }
                )
    return pd.DataFrame(rows)


def _share(row: object) -> float:
    return float(Fraction(getattr(row, f"last_{LAST_K}_share")))


def _display(figures: pd.DataFrame) -> pd.DataFrame:
    last = f"last_{LAST_K}_points"
    names = {
        "n_players": "players",
        "max_points": "max points",
        last: f"last {LAST_K} rounds",
        f"last_{LAST_K}_share": "share (exact)",
    }
    shown = figures.assign(share=[pct(_share(r)) for r in figures.itertuples()]).rename(columns=names)
    return shown[
        ["players", "schedule", "rounds", "tricks", "max points", f"last {LAST_K} rounds", "share (exact)", "share"]
    ]


def _figure(frame: pd.DataFrame, players: tuple[int, ...]):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(1, 2, width=11, height=4.4)
    left, right = axes[0]
    for n in players:
        std = frame[(frame.n_players == n) & (frame.schedule == "standard")]
        left.plot(
            100 * std["round"] / len(std),
            100 * std["share_of_game"].cumsum(),
            marker="o",
            markersize=3,
            color=COLOURS.get(n),
            label=f"{n} players ({len(std)} rounds)",
        )
        for schedule, style in (("standard", "-"), ("tournament", "--")):
            sel = frame[(frame.n_players == n) & (frame.schedule == schedule)].sort_values("rounds_from_end")
            sel = sel[sel.rounds_from_end <= 6]
            right.plot(
                sel["rounds_from_end"],
                100 * sel["share_from_here"],
                style,
                marker="o",
                markersize=3,
                color=COLOURS.get(n),
                label=f"{n} players, {schedule}",
            )
    left.plot([0, 100], [0, 100], ":", color="#7f7f7f", label="points spread evenly")
    left.set_xlabel("% of the rounds played")
    left.set_ylabel("% of the game's maximum points played")
    left.set_title("Where the points lie (standard schedule)")
    left.legend(fontsize=8)
    right.set_xlabel("last k rounds")
    right.set_ylabel("% of the game's maximum points")
    right.set_title("Share of the game in its last k rounds")
    right.legend(fontsize=7, ncol=2, loc="upper left")
    return fig


def _finding(frame: pd.DataFrame, figures: pd.DataFrame, players: tuple[int, ...]) -> str:
    last = f"last_{LAST_K}_points"
    std = {r.n_players: r for r in figures.itertuples() if r.schedule == "standard"}
    tour = {r.n_players: r for r in figures.itertuples() if r.schedule == "tournament"}
    parts = [
        f"{getattr(std[n], last)} of {std[n].max_points} ({pct(_share(std[n]))}) with {n} players" for n in players
    ]
    top = max(players, key=lambda n: _share(std[n]))
    t_top = max(players, key=lambda n: _share(tour[n]))
    games = frame[(frame.n_players == top) & (frame.schedule == "standard")]
    half = games[games["round"] <= len(games) // 2]["share_of_game"].sum()
    heavier = all(_share(tour[n]) >= _share(std[n]) for n in players)
    return (
        f"Of the most points a player can score in a standard game, the last {LAST_K} rounds hold "
        + ", ".join(parts)
        + f". With {top} players that is {pct(_share(std[top]))} of the game"
        + (", nearly half" if 0.4 <= _share(std[top]) < 0.5 else "")
        + f", while the first half of the rounds holds only {pct(half)}: a player who trails at half time has lost"
        f" little. The tournament's ten fixed deals weigh the end {'as heavily or more' if heavier else 'differently'}:"
        f" {pct(_share(tour[t_top]))} of the maximum lies in the last {LAST_K} deals with {t_top} players"
        f" ({getattr(tour[t_top], last)} of {tour[t_top].max_points})."
    )


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Compute the per-round maxima and last-round shares of every schedule; write the three files."""
    players = size_params(SIZES, size)["players"]
    frame = per_round(players)
    figures = ws.schedule_figures(players, last_k=LAST_K).table
    assumptions = {
        "sample": "none: exact counts, no simulation",
        "scoring": "standard: a bid met scores 20 + 10 per trick, so a round of r cards gives at most 20 + 10 r",
        "schedules": "standard: 1 .. 60 / players cards; tournament (RULES 7): 3p 2..20 even,"
        " 4p 1 3 5 7 9 11 12 13 14 15, 5p 2 4 5 .. 12, 6p 1 .. 10",
        "method": "exact arithmetic (no simulation), wizstats.schedule_figures",
    }
    return finish(
        NAME,
        frame,
        _figure(frame, players),
        title=TITLE,
        question=QUESTION,
        finding=_finding(frame, figures, players),
        assumptions=assumptions,
        display=_display(figures),
        out_dir=out_dir,
        size=size,
    )


if __name__ == "__main__":
    main(run)
