"""Standard games against the tournament format (RULES 7): spread, margins, comebacks and luck.

A standard game deals 1, 2, ... cards up to the whole deck; a tournament game ten fixed deals with
plus/minus one from two tricks, ranked by placement points (the winner is the same: the highest
total). Whole games from :func:`wizstats.simulate_games`, the first dealer rotating from game to
game: with ``heuristic`` at every seat, the spread of final totals, the winner's margin and how
often the leader at half-time wins; with one ``heuristic`` player against ``baseline`` players
(the published rule-based player, weaker by ``player_strength``), how often the better player wins.
"""

from __future__ import annotations

import math
from pathlib import Path
from statistics import NormalDist

import numpy as np
import pandas as pd

import wizstats as ws
from wizstats import Rules

from ._common import CONFIDENCE, POLICY, finish, main, new_figure, num_ci, pct, pct_ci, size_params, steps

NAME = "standard_vs_tournament"
ORDER = 98
TITLE = "Standard against tournament games: spread, margins, comebacks and luck"
QUESTION = "Is a tournament game closer, harder to turn round, or less a matter of luck than a standard game?"
SEED = 14000
WEAKER = "baseline"
FORMATS = ("standard", "tournament")
SIZES = {
    "tiny": {"players": (4,), "games": 1000},
    "quick": {"players": (3, 4, 5, 6), "games": 6000},
    "full": {"players": (3, 4, 5, 6), "games": 6000},
}


def format_rules(p: int, fmt: str) -> Rules:
    """``Rules(p)`` or ``Rules.tournament(p)``."""
    return Rules.tournament(p) if fmt == "tournament" else Rules(p)


def _row(
    p: int, fmt: str, table: str, quantity: str, value: float, low: float, high: float, n: int, seed: int
) -> dict[str, object]:
    return {
        "n_players": p,
        "format": fmt,
        "table": table,
        "quantity": quantity,
        "value": value,
        "low": low,
        "high": high,
        "n": n,
        "seed": seed,
    }


def same_players(p: int, fmt: str, games: int, seed: int) -> list[dict[str, object]]:
    """Spread of totals, winner's margin, ties and the half-time leader, ``heuristic`` at every seat."""
    res = ws.simulate_games(format_rules(p, fmt), games, policies=POLICY, seed=seed, first_dealer="rotate")
    table = f"{p} x {POLICY}"
    summary = res.summary(confidence_level=CONFIDENCE)
    sd = float(np.sqrt((summary.sd_total**2).mean()))  # players pooled (symmetric under a rotating dealer)
    half = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2) * sd / math.sqrt(2 * (games - 1))  # normal-theory, per player
    top = res.rules.max_points_game()
    margin, mci = res.margin(confidence_level=CONFIDENCE)
    ties, tci = res.tie_rate(confidence_level=CONFIDENCE)
    lead, lci, led = res.half_leader_wins(confidence_level=CONFIDENCE)
    return [
        _row(p, fmt, table, "sd_total", sd, sd - half, sd + half, games, seed),
        _row(p, fmt, table, "sd_total_share_of_max", sd / top, (sd - half) / top, (sd + half) / top, games, seed),
        _row(p, fmt, table, "winner_margin", margin, mci.low, mci.high, games, seed),
        _row(p, fmt, table, "tie_for_first", ties, tci.low, tci.high, games, seed),
        _row(p, fmt, table, "half_leader_wins", lead, lci.low, lci.high, led, seed),
        _row(p, fmt, table, "half_after_round", res.plan.half, np.nan, np.nan, games, seed),
        _row(p, fmt, table, "max_points", top, np.nan, np.nan, games, seed),
    ]


def better_player(p: int, fmt: str, games: int, seed: int) -> list[dict[str, object]]:
    """One ``heuristic`` player (player 0) against ``p - 1`` ``baseline`` players: his wins and his lead in points."""
    res = ws.simulate_games(
        format_rules(p, fmt), games, policies=[POLICY] + [WEAKER] * (p - 1), seed=seed, first_dealer="rotate"
    )
    table = f"1 {POLICY} + {p - 1} {WEAKER}"
    rate, ci = res.win_rate(0, confidence_level=CONFIDENCE)
    summary = res.summary(confidence_level=CONFIDENCE)
    gap = float(summary.mean_total[0] - summary.mean_total[1:].mean())
    sd = float(np.sqrt((summary.sd_total**2).mean()))
    rows = [
        _row(p, fmt, table, "better_player_wins", rate, ci.low, ci.high, games, seed),
        _row(p, fmt, table, "fair_share", 1 / p, np.nan, np.nan, games, seed),
        _row(p, fmt, table, "better_player_lead_points", gap, np.nan, np.nan, games, seed),
        _row(p, fmt, table, "better_player_lead_in_sd", gap / sd, np.nan, np.nan, games, seed),
    ]
    if "mean_placement_points" in summary:
        s = summary.iloc[0]
        rows.append(
            _row(
                p,
                fmt,
                table,
                "better_player_placement_points",
                s.mean_placement_points,
                s.placement_points_low,
                s.placement_points_high,
                games,
                seed,
            )
        )
    return rows


def measure(players: tuple[int, ...], games: int, *, progress: bool = False) -> pd.DataFrame:
    """Both tables for every player count and format."""
    rows: list[dict[str, object]] = []
    plan = [(p, f) for p in players for f in FORMATS]
    for p, fmt in steps(plan, NAME, total=len(plan), progress=progress):
        k = FORMATS.index(fmt)
        rows += same_players(p, fmt, games, SEED + 10 * p + k)
        rows += better_player(p, fmt, games, SEED + 10 * p + 2 + k)
    return pd.DataFrame(rows)


def _get(frame: pd.DataFrame, p: int, fmt: str, quantity: str) -> pd.Series:
    return frame[(frame.n_players == p) & (frame.format == fmt) & (frame.quantity == quantity)].iloc[0]


def _display(frame: pd.DataFrame, players: tuple[int, ...]) -> pd.DataFrame:
    rows = []
    for p in players:
        for fmt in FORMATS:
            g = {
                q: _get(frame, p, fmt, q)
                for q in (
                    "sd_total",
                    "sd_total_share_of_max",
                    "winner_margin",
                    "half_leader_wins",
                    "half_after_round",
                    "better_player_wins",
                )
            }
            rows.append(
                {
                    "players": p,
                    "format": fmt,
                    "sd of totals": f"{g['sd_total'].value:.0f} ({pct(g['sd_total_share_of_max'].value)} of max.)",
                    "winner's margin": num_ci(
                        g["winner_margin"].value, g["winner_margin"].low, g["winner_margin"].high
                    ),
                    "half-time leader wins": pct_ci(
                        g["half_leader_wins"].value, g["half_leader_wins"].low, g["half_leader_wins"].high
                    )
                    + f" (after round {int(g['half_after_round'].value)})",
                    f"1 {POLICY} against {WEAKER} players wins": pct_ci(
                        g["better_player_wins"].value, g["better_player_wins"].low, g["better_player_wins"].high
                    )
                    + f" (fair share {pct(1 / p)})",
                }
            )
    return pd.DataFrame(rows)


def _figure(frame: pd.DataFrame, players: tuple[int, ...]):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(1, 3, width=13.5, height=4.3)
    colours = {"standard": "#4f81bd", "tournament": "#c0504d"}
    panels = (
        ("winner_margin", 1, "points", "Winner's margin over the runner-up"),
        ("half_leader_wins", 100, "% of games", "The leader at half-time wins"),
        ("better_player_wins", 100, "% of games", f"1 {POLICY} against {WEAKER} players wins"),
    )
    width = 0.38
    for ax, (quantity, scale, ylabel, title) in zip(axes[0], panels, strict=True):
        for j, fmt in enumerate(FORMATS):
            g = [_get(frame, p, fmt, quantity) for p in players]
            v = np.array([scale * s.value for s in g])
            err = np.array([[scale * (s.value - s.low) for s in g], [scale * (s.high - s.value) for s in g]])
            ax.bar(np.array(players) + (j - 0.5) * width, v, width, yerr=err, capsize=2, color=colours[fmt], label=fmt)
        ax.set_xticks(players)
        ax.set_xlabel("players")
        ax.set_ylabel(ylabel)
        ax.set_title(title, fontsize=10)
    axes[0][2].plot(players, [100 / p for p in players], "k:", label="fair share")
    axes[0][0].legend(fontsize=7)
    axes[0][2].legend(fontsize=7)
    return fig


def _compare(frame: pd.DataFrame, players: tuple[int, ...], quantity: str) -> tuple[int, int]:
    """Player counts where the tournament is clearly higher, clearly lower (intervals apart)."""
    up = down = 0
    for p in players:
        s, t = _get(frame, p, "standard", quantity), _get(frame, p, "tournament", quantity)
        up += t.low > s.high
        down += t.high < s.low
    return up, down


def _finding(frame: pd.DataFrame, players: tuple[int, ...]) -> str:
    p = 4 if 4 in players else players[0]
    g = {
        (f, q): _get(frame, p, f, q)
        for f in FORMATS
        for q in (
            "sd_total",
            "sd_total_share_of_max",
            "winner_margin",
            "half_leader_wins",
            "better_player_wins",
            "better_player_lead_in_sd",
        )
    }
    s, t = "standard", "tournament"
    text = (
        f"With {p} {POLICY} players, final totals spread with a standard deviation of {g[s, 'sd_total'].value:.0f}"
        f" points in a standard game and {g[t, 'sd_total'].value:.0f} in a tournament game"
        f" ({pct(g[s, 'sd_total_share_of_max'].value)} and {pct(g[t, 'sd_total_share_of_max'].value)} of the most a"
        f" player can score); the winner leads the runner-up by {g[s, 'winner_margin'].value:.0f} against"
        f" {g[t, 'winner_margin'].value:.0f} points. The leader at half-time wins"
        f" {pct(g[s, 'half_leader_wins'].value)} of standard and {pct(g[t, 'half_leader_wins'].value)} of tournament"
        f" games."
    )
    bs, bt = g[s, "better_player_wins"], g[t, "better_player_wins"]
    verdict = (
        "more often"
        if bt.low > bs.high
        else "less often"
        if bt.high < bs.low
        else "about as often (the intervals overlap)"
    )
    text += (
        f" One {POLICY} player against {p - 1} {WEAKER} players wins {pct_ci(bs.value, bs.low, bs.high)} of standard"
        f" and {pct_ci(bt.value, bt.low, bt.high)} of tournament games (fair share {pct(1 / p)}), so the better player"
        f" wins {verdict} in the tournament format; his lead in points is {g[s, 'better_player_lead_in_sd'].value:.2f}"
        f" and {g[t, 'better_player_lead_in_sd'].value:.2f} standard deviations of a total."
    )
    if len(players) > 1:
        up, down = _compare(frame, players, "better_player_wins")
        hl_up, hl_down = _compare(frame, players, "half_leader_wins")
        text += (
            f" Over {len(players)} player counts the better player wins clearly more often in the tournament at"
            f" {up}, clearly less often at {down}; the half-time leader holds on clearly more often at {hl_up},"
            f" less often at {hl_down}."
        )
        below = [
            f"{fmt} games at {q} players ({pct(_get(frame, q, fmt, 'better_player_wins').value)})"
            for q in players
            for fmt in FORMATS
            if _get(frame, q, fmt, "better_player_wins").high < 1 / q
        ]
        if below:
            text += f" {POLICY} is not the better player everywhere: it wins less than its fair share in " + (
                "; ".join(below) + "."
            )
    return text


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Play standard and tournament games; write the three files."""
    par = size_params(SIZES, size)
    players, games = tuple(par["players"]), par["games"]
    frame = measure(players, games, progress=progress)
    assumptions = {
        "rules": "standard: 1 .. 60 / players cards, no plus/minus one; tournament (RULES 7): ten fixed deals,"
        " plus/minus one from two tricks, placement points 45/30/20/10/5 (the winner is the same)",
        "players": f"{POLICY} at every seat for spread, margins and the half-time leader; one {POLICY} (player 0)"
        f" against {WEAKER} players for the better player's wins",
        "sample": f"{games:,} games per player count, format and table; first dealer rotates from game to game;"
        f" seed {SEED} + 10 x players + (0 standard, 1 tournament) for all-{POLICY} tables, + 2 more for the"
        " better player's",
        "half-time": "after half the rounds, rounded down (standard 4 players: round 7; tournament: round 5); games"
        " tied for the lead then are left out; a shared win counts as a win",
        "intervals": f"{CONFIDENCE:.0%}: Wilson for shares, normal for the margin; sd of totals: players pooled,"
        " normal-theory interval of one player's sd",
    }
    return finish(
        NAME,
        frame,
        _figure(frame, players),
        title=TITLE,
        question=QUESTION,
        finding=_finding(frame, players),
        assumptions=assumptions,
        display=_display(frame, players),
        out_dir=out_dir,
        size=size,
    )


if __name__ == "__main__":
    main(run)
