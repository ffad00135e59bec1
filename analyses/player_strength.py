"""Strength of the players: each policy against three ``baseline`` players, by hand size (the arena).

Every number in the report assumes how the players play, so this page measures them. Each
registered policy sits at a table with three copies of ``baseline`` (the rule-based player of
Schumacher and Pleines, IEEE CoG 2022); seats rotate and every deal is played once per
rotation (duplicate format, :func:`wizstats.arena`), so the margin over ``baseline`` is
measured on the same cards. ``baseline`` self-play is compared with its published accuracies.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

import wizstats as ws
from wizstats.engine import arena

from ._common import CONFIDENCE, finish, main, new_figure, pct, size_params, steps

NAME = "player_strength"
ORDER = 100
TITLE = "Strength of the players: each policy against three baseline players"
QUESTION = "How well do the simulated players play, hand size by hand size, against a published reference player?"
SEED = 10000
N_PLAYERS = 4
REFERENCE = "baseline"
SLOW = ("pimc", "rollout")
"""Policies that search at every card: measured on fewer deals and hand sizes."""
PUBLISHED_ACCURACY = (0.84, 0.71, 0.59, 0.51, 0.48, 0.46, 0.44, 0.43, 0.42, 0.41, 0.41, 0.41, 0.41, 0.41, 0.40)
"""``baseline`` self-play accuracy at 4 players, hand sizes 1..15 (Schumacher and Pleines 2022)."""
SIZES = {
    "tiny": {"fast": 300, "slow": 4, "slow_sizes": (1, 3), "sizes": (1, 3, 5)},
    "quick": {"fast": 1500, "slow": 20, "slow_sizes": (1, 5, 10), "sizes": tuple(range(1, 16, 2)) + (15,)},
    "full": {"fast": 5000, "slow": 80, "slow_sizes": (1, 4, 8, 12), "sizes": tuple(range(1, 16))},
}
COLOURS = ["#c0504d", "#4f81bd", "#9bbb59", "#8064a2", "#f79646", "#4bacc6", "#7f7f7f"]


def challengers() -> list[str]:
    """Every registered policy but the reference, fast ones first (a new policy joins by registering)."""
    names = [p for p in ws.POLICIES if p != REFERENCE]
    return sorted(names, key=lambda p: (p in SLOW, p))


def measure(par: dict, *, progress: bool = False) -> pd.DataFrame:  # type: ignore[type-arg]
    """Arena tables: each challenger against three references, and the reference's self-play."""
    plan = [(REFERENCE, [REFERENCE], par["sizes"], par["fast"])]
    for p in challengers():
        slow = p in SLOW
        plan.append(
            (p, [p, REFERENCE], par["slow_sizes"] if slow else par["sizes"], par["slow"] if slow else par["fast"])
        )
    parts = []
    for k, (label, players, sizes, n) in enumerate(steps(plan, NAME, total=len(plan), progress=progress)):
        res = arena(
            players,
            N_PLAYERS,
            hand_sizes=list(sizes),
            n_rounds=n,
            seed=SEED + k,
            progress=False,
            confidence_level=CONFIDENCE,
        )
        table = res.table().assign(
            challenger=label, table="self-play" if label == REFERENCE else f"{label} + 3 {REFERENCE}", seed=SEED + k
        )
        parts.append(table)
    frame = pd.concat(parts, ignore_index=True)
    first = ["challenger", "table", "hand_size", "policy"]
    return frame[first + [c for c in frame.columns if c not in first]]


def _rows(frame: pd.DataFrame, challenger: str, policy: str) -> pd.DataFrame:
    return frame[(frame.challenger == challenger) & (frame.policy == policy)].sort_values("hand_size")


def _display(frame: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for label in dict.fromkeys(frame.challenger):
        s = _rows(frame, label, label)
        margin = s.margin.mean() if label != REFERENCE else float("nan")
        wins = int((s.margin_low > 0).sum()) if label != REFERENCE else 0
        rows.append(
            {
                "player": label,
                "table": s.table.iloc[0],
                "hand sizes": ", ".join(str(int(h)) for h in s.hand_size),
                "deals each": f"{int(s.deals.iloc[0]):,}",
                "points per round (mean)": f"{s.mean_score.mean():+.1f}",
                "bids met (mean)": pct(s.accuracy.mean()),
                f"margin over {REFERENCE} (mean)": "" if label == REFERENCE else f"{margin:+.1f}",
                "hand sizes clearly ahead": "" if label == REFERENCE else f"{wins} of {len(s)}",
            }
        )
    return pd.DataFrame(rows)


def _figure(frame: pd.DataFrame):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(1, 2, width=12, height=4.6)
    left, right = axes[0]
    for k, label in enumerate(c for c in dict.fromkeys(frame.challenger) if c != REFERENCE):
        s = _rows(frame, label, label)
        colour = COLOURS[k % len(COLOURS)]
        left.plot(s.hand_size, s.margin, "o-", markersize=3, color=colour, label=label)
        left.fill_between(
            s.hand_size.astype(float), s.margin_low.astype(float), s.margin_high.astype(float), color=colour, alpha=0.2
        )
        right.plot(s.hand_size, 100 * s.accuracy, "o-", markersize=3, color=colour, label=f"{label} (+3 {REFERENCE})")
    left.axhline(0, color="black", linewidth=0.8)
    left.set_xlabel("hand size")
    left.set_ylabel(f"points per round over {REFERENCE}")
    left.set_title(f"Margin over three {REFERENCE} players (95% intervals)")
    left.legend(fontsize=7)
    base = _rows(frame, REFERENCE, REFERENCE)
    right.plot(base.hand_size, 100 * base.accuracy, "s--", markersize=3, color="black", label=f"{REFERENCE} self-play")
    right.plot(
        range(1, len(PUBLISHED_ACCURACY) + 1),
        [100 * a for a in PUBLISHED_ACCURACY],
        ":",
        color="#7f7f7f",
        label=f"{REFERENCE}, published (2022)",
    )
    right.set_xlabel("hand size")
    right.set_ylabel("% of rounds with tricks == bid")
    right.set_title("Bid accuracy")
    right.legend(fontsize=7)
    return fig


def _finding(frame: pd.DataFrame) -> str:
    parts = []
    for label in (c for c in dict.fromkeys(frame.challenger) if c != REFERENCE):
        s = _rows(frame, label, label)
        ahead, behind = int((s.margin_low > 0).sum()), int((s.margin_high < 0).sum())
        parts.append(
            f"{label} {s.margin.mean():+.1f} points per round (clearly ahead at {ahead}, behind at {behind}"
            f" of {len(s)} hand sizes)"
        )
    base = _rows(frame, REFERENCE, REFERENCE)
    published = {h: PUBLISHED_ACCURACY[h - 1] for h in range(1, len(PUBLISHED_ACCURACY) + 1)}
    gaps = [
        abs(a - published[int(h)]) for h, a in zip(base.hand_size, base.accuracy, strict=True) if int(h) in published
    ]
    best = max(
        (c for c in dict.fromkeys(frame.challenger) if c != REFERENCE), key=lambda c: _rows(frame, c, c).margin.mean()
    )
    b = _rows(frame, best, best)
    text = f"Against three {REFERENCE} players, on the same deals: " + "; ".join(parts) + "."
    text += f" The strongest here is {best} (bids met {pct(b.accuracy.mean())} on average)."
    if gaps:
        close = max(gaps) <= 0.03
        text += (
            f" {REFERENCE} in self-play meets its bid {'within' if close else 'up to'} {100 * max(gaps):.1f}"
            f" percentage points {'of' if close else 'away from'} its published accuracy (mean gap"
            f" {100 * sum(gaps) / len(gaps):.1f})"
            + (", which checks the port." if close else ": the port does not yet reproduce the paper.")
        )
    text += " Every other page of this report assumes the players named there."
    return text


def _first_sentence(text: str) -> str:
    return re.split(r"(?<=\.)\s", text.strip(), maxsplit=1)[0]


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Run the arenas; write the three files."""
    par = size_params(SIZES, size)
    frame = measure(par, progress=progress)
    assumptions = {
        "table": f"{N_PLAYERS} players: one challenger and three {REFERENCE}; seats rotate, every deal played once per"
        " rotation (duplicate format); standard rules",
        "players": "; ".join(f"{p}: {_first_sentence(ws.POLICIES[p].doc)}" for p in [REFERENCE, *challengers()]),
        "sample": f"{par['fast']:,} deals per hand size ({', '.join(SLOW)}: {par['slow']:,} deals at hand sizes"
        f" {', '.join(map(str, par['slow_sizes']))}); seed {SEED} + table number",
        "intervals": f"{CONFIDENCE:.0%} normal intervals over deals (the unit of the duplicate format)",
        "reference": "published accuracies of baseline self-play: Schumacher and Pleines, IEEE CoG 2022",
    }
    return finish(
        NAME,
        frame,
        _figure(frame),
        title=TITLE,
        question=QUESTION,
        finding=_finding(frame),
        assumptions=assumptions,
        display=_display(frame),
        out_dir=out_dir,
        size=size,
    )


if __name__ == "__main__":
    main(run)
