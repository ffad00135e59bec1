"""How often the bids add up to the number of tricks when plus/minus one is not played ("Kuschelwizard").

Without plus/minus one nothing stops the bids of a round from adding up to the hand size, so
that every player could make his bid; the German forum calls that game "Kuschelwizard"
(cuddly Wizard). How often does it happen, and is a round more often over- or underbid?
Measured by :func:`wizstats.bids_add_up`.
"""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd

import wizstats as ws
from wizstats import Rules

from ._common import CONFIDENCE, POLICY, finish, main, new_figure, pct, pct_ci, size_params, steps

NAME = "kuschelwizard"
ORDER = 90
TITLE = 'How often the bids add up without plus/minus one ("Kuschelwizard")'
QUESTION = "Without plus/minus one, how often do the bids of a round add up to the number of tricks?"
SEED = 9000
SIZES = {
    "tiny": {"players": (4,), "step": 7, "n": 1500},
    "quick": {"players": (3, 4, 5, 6), "step": 3, "n": 3000},
    "full": {"players": (3, 4, 5, 6), "step": 1, "n": 5000},
}
COLOURS = {3: "#4f81bd", 4: "#c0504d", 5: "#9bbb59", 6: "#8064a2"}


def _sizes(p: int, step: int) -> list[int]:
    sched = list(Rules(p).schedule)
    return sorted(set(sched[::step]) | {sched[-1]})


def measure(players: tuple[int, ...], step: int, n: int, *, progress: bool = False) -> pd.DataFrame:
    """``p_equal``, ``p_over``, ``p_under`` per player count and hand size."""
    parts = []
    for p in steps(players, NAME, progress=progress):
        res = ws.bids_add_up(p, _sizes(p, step), policy=POLICY, n=n, seed=SEED + p, confidence_level=CONFIDENCE)
        parts.append(res.table.drop(columns=["seat"]).assign(n_players=p, policy=res.policy, seed=SEED + p))
    frame = pd.concat(parts, ignore_index=True)
    return frame[["n_players", "hand_size", "quantity", "value", "low", "high", "n", "policy", "seed"]]


def rounds_per_game(frame: pd.DataFrame, p: int) -> tuple[float, float]:
    """Expected rounds per game whose bids add up, and its standard error (hand sizes independent)."""
    s = frame[(frame.n_players == p) & (frame.quantity == "p_equal")]
    var = (s.value * (1 - s.value) / s.n).sum()
    return float(s.value.sum()), math.sqrt(float(var))


def _display(frame: pd.DataFrame, players: tuple[int, ...], full: bool) -> pd.DataFrame:
    rows = []
    for p in players:
        s = frame[frame.n_players == p]
        eq = s[s.quantity == "p_equal"].set_index("hand_size")
        first, last = eq.index.min(), eq.index.max()
        over = s[s.quantity == "p_over"].value.mean()
        row = {
            "players": p,
            f"round of {first} card{'s' if first > 1 else ''}": pct_ci(eq.value[first], eq.low[first], eq.high[first]),
            "last round": pct_ci(eq.value[last], eq.low[last], eq.high[last]),
            "mean over hand sizes": pct(eq.value.mean()),
            "overbid (mean)": pct(over),
        }
        if full:
            m, se = rounds_per_game(frame, p)
            row["rounds per game that add up"] = f"{m:.2f} of {len(eq)} (±{1.96 * se:.2f})"
        rows.append(row)
    return pd.DataFrame(rows)


def _figure(frame: pd.DataFrame, players: tuple[int, ...]):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(1, 2, width=11.5, height=4.4)
    left, right = axes[0]
    for p in players:
        s = frame[(frame.n_players == p) & (frame.quantity == "p_equal")]
        left.plot(s.hand_size, 100 * s.value, marker="o", markersize=3, color=COLOURS.get(p), label=f"{p} players")
        left.fill_between(s.hand_size, 100 * s.low, 100 * s.high, color=COLOURS.get(p), alpha=0.2)
    left.set_xlabel("hand size")
    left.set_ylabel("% of rounds whose bids add up to the tricks")
    left.set_title("Bids adding up, no plus/minus one (95% intervals)")
    left.legend(fontsize=8)
    p = 4 if 4 in players else players[0]
    s = frame[frame.n_players == p].pivot(index="hand_size", columns="quantity", values="value")
    bottom = None
    for quantity, colour, label in (
        ("p_under", "#4f81bd", "underbid (bids < tricks)"),
        ("p_equal", "#9bbb59", "bids add up"),
        ("p_over", "#c0504d", "overbid (bids > tricks)"),
    ):
        right.bar(s.index, 100 * s[quantity], bottom=bottom, color=colour, label=label)
        bottom = 100 * s[quantity] if bottom is None else bottom + 100 * s[quantity]
    right.set_xlabel("hand size")
    right.set_ylabel("% of rounds")
    right.set_title(f"Sum of the bids against the tricks, {p} players")
    right.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=3)
    return fig


def _finding(frame: pd.DataFrame, players: tuple[int, ...], full: bool) -> str:
    p = 4 if 4 in players else players[0]
    s = frame[frame.n_players == p]
    eq = s[s.quantity == "p_equal"].set_index("hand_size").value
    over = s[s.quantity == "p_over"].set_index("hand_size").value
    first = int(eq.index.min())
    under = 1 - over.mean() - eq.mean()
    last = int(eq.index.max())
    text = (
        f"Without plus/minus one the bids of a {p}-player round add up to the tricks in {pct(eq[first])} of the"
        f" rounds of {first} card{'s' if first > 1 else ''} and {pct(eq[last])} of the last round of {last} cards"
        f" ({pct(eq.mean())} averaged over the hand sizes)."
    )
    if full:
        m, se = rounds_per_game(frame, p)
        text += f" In a whole game that is {m:.2f} rounds of {len(eq)} (±{1.96 * se:.2f})."
    more = "underbid" if under > over.mean() else "overbid"
    text += (
        f" The other rounds are underbid (the bids total less than the tricks) {pct(under)} and overbid"
        f" {pct(over.mean())} of the time on average, so these players lean to the {more} side, and even without the"
        f" rule someone misses in {pct(1 - eq.mean())} of the rounds. Plus/minus one forbids exactly the"
        f" adding-up case, so it changes the game only in the rounds counted here."
    )
    return text


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Measure how often the bids add up; write the three files."""
    par = size_params(SIZES, size)
    players, step, n = par["players"], par["step"], par["n"]
    frame = measure(players, step, n, progress=progress)
    full = step == 1
    assumptions = {
        "players": f"{POLICY} for every seat (it reads the earlier bids only through its parameters)",
        "rules": "standard game, open bids, plus/minus one switched off",
        "sample": f"{n:,} deals per player count and hand size; seed {SEED} + players",
        "hand sizes": "every round of the game" if full else f"every {step}th round and the last",
        "intervals": f"{CONFIDENCE:.0%} Wilson; rounds per game: sum over the hand sizes, variances added",
    }
    return finish(
        NAME,
        frame,
        _figure(frame, players),
        title=TITLE,
        question=QUESTION,
        finding=_finding(frame, players, full),
        assumptions=assumptions,
        display=_display(frame, players, full),
        out_dir=out_dir,
        size=size,
    )


if __name__ == "__main__":
    main(run)
