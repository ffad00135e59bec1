"""Trick probability of every card by hand size and player count, trump against non-trump (heat maps).

For each player count and hand size, random rounds are played by the report's players and every
card played is counted: did it take the trick? Cards are grouped by rank and relation to trump
(``trump``; ``plain``: another suit is trump; ``no trump``), Wizards and Jesters apart
(:func:`wizstats.card_strength`). Suits are interchangeable, so this covers every card.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

import wizstats as ws
from wizstats import Rules, wilson_interval

from ._common import CONFIDENCE, POLICY, finish, main, new_figure, pct, pct_ci, size_params, steps

NAME = "trick_probability"
ORDER = 30
TITLE = "Trick probability of every card, by hand size and player count"
QUESTION = "How often does each card take the trick it is played in, as trump and as non-trump?"
SEED = 3000
SIZES = {
    "tiny": {"players": (4,), "step": 2, "n": 1500},
    "quick": {"players": (3, 4, 5, 6), "step": 4, "n": 4000},
    "full": {"players": (3, 4, 5, 6), "step": 1, "n": 8000},
}
CARD_ROWS = ["W", *(str(k) for k in range(13, 0, -1)), "J"]
RELATIONS = {"trump": "trump", "plain": "non-trump (another suit is trump)"}


def hand_sizes(n_players: int, step: int) -> list[int]:
    """Hand sizes 1, 1 + step, ... and always the last round."""
    top = Rules(n_players).max_hand_size
    return sorted(set(range(1, top + 1, step)) | {top})


def strength(players: tuple[int, ...], step: int, n: int, *, progress: bool = False) -> pd.DataFrame:
    """Per player count, hand size, seat and card: the chance it takes its trick (Wilson interval)."""
    plan = [(p, r) for p in players for r in hand_sizes(p, step)]
    parts = []
    for p, r in steps(plan, NAME, total=len(plan), progress=progress):
        res = ws.card_strength(p, r, policy=POLICY, n=n, seed=SEED + 100 * p + r, confidence_level=CONFIDENCE)
        parts.append(res.table.assign(n_players=p, hand_size=r, rounds=n, seed=SEED + 100 * p + r, policy=res.policy))
    frame = pd.concat(parts, ignore_index=True)
    cols = [
        "n_players",
        "hand_size",
        "seat",
        "card",
        "relation",
        "value",
        "low",
        "high",
        "n",
        "rounds",
        "seed",
        "policy",
    ]
    return frame[cols]


def pooled(frame: pd.DataFrame) -> pd.DataFrame:
    """Pool the seats: wins over cards played, per player count, hand size, card and relation."""
    f = frame.assign(won=np.rint(frame["value"] * frame["n"]))
    g = f.groupby(["n_players", "hand_size", "card", "relation"], sort=False)[["won", "n"]].sum().reset_index()
    return g.assign(value=g["won"] / g["n"])


def matrix(pool: pd.DataFrame, n_players: int, relation: str, sizes: list[int]) -> np.ndarray:
    """Rows :data:`CARD_ROWS`, columns ``sizes``; Wizards and Jesters shown in every relation."""
    sel = pool[(pool.n_players == n_players) & pool.relation.isin([relation, "-"])]
    lookup = {(row.card, row.hand_size): row.value for row in sel.itertuples()}
    return np.array([[lookup.get((c, r), np.nan) for r in sizes] for c in CARD_ROWS])


def _figure(pool: pd.DataFrame, players: tuple[int, ...], step: int):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(2, len(players), width=3.2 * len(players) + 1.2, height=8.2)
    image = None
    for j, p in enumerate(players):
        sizes = hand_sizes(p, step)
        for i, relation in enumerate(RELATIONS):
            ax = axes[i, j]
            ax.grid(False)
            data = np.ma.masked_invalid(matrix(pool, p, relation, sizes))
            image = ax.imshow(data, aspect="auto", cmap="viridis", vmin=0, vmax=1, interpolation="nearest")
            ax.set_facecolor("#dddddd")
            ticks = list(range(0, len(sizes), max(1, len(sizes) // 6)))
            ax.set_xticks(ticks, [str(sizes[t]) for t in ticks], fontsize=8)
            ax.set_yticks(range(len(CARD_ROWS)), CARD_ROWS, fontsize=7)
            ax.set_title(f"{p} players, {'trump' if relation == 'trump' else 'non-trump'}", fontsize=10)
            if i == 1:
                ax.set_xlabel("hand size")
            if j == 0:
                ax.set_ylabel("card")
    fig.colorbar(image, ax=axes.ravel().tolist(), shrink=0.8, label="P(the card takes its trick)")
    fig.suptitle("How often a card takes the trick it is played in (seats pooled; grey: cannot occur)")
    return fig


def _display(pool: pd.DataFrame, players: tuple[int, ...], step: int) -> pd.DataFrame:
    p = 4 if 4 in players else players[0]
    sizes = hand_sizes(p, step)
    shown = [r for r in sizes if r in (1, 2, 3, 5, 8, 10, 12, 14, 15)] or sizes
    rows = []
    for card, relation, label in [
        ("W", "-", "Wizard"),
        *((k, "trump", f"trump {k}") for k in ("13", "10", "7", "1")),
        *((k, "plain", f"non-trump {k}") for k in ("13", "10", "7", "1")),
        ("J", "-", "Jester"),
    ]:
        sel = pool[(pool.n_players == p) & (pool.card == card) & (pool.relation == relation)].set_index("hand_size")
        rows.append(
            {"card": label, **{f"{r} card{'s' if r > 1 else ''}": pct(sel.value.get(r, np.nan), 0) for r in shown}}
        )
    return pd.DataFrame(rows)


def _round1_check(n_players: int) -> float:
    """Exact round-1 chance of a trump 13, averaged over the seats (each seat is equally likely to hold it)."""
    t = ws.round1_table(n_players).table
    return float(t[(t.card == "13") & (t.state == "trump")].value.mean())


def _finding(pool: pd.DataFrame, players: tuple[int, ...], cut: float) -> str:
    p = 4 if 4 in players else players[0]
    sel = pool[pool.n_players == p]

    def curve(card: str, relation: str) -> pd.Series:
        return sel[(sel.card == card) & (sel.relation == relation)].set_index("hand_size").value.sort_index()

    plain13, trump13, trump1 = curve("13", "plain"), curve("13", "trump"), curve("1", "trump")
    lo, hi = int(plain13.index[0]), int(plain13.index[-1])
    text = (
        f"With {p} players a non-trump 13 takes the trick it is played in {pct(plain13.iloc[0])} of the time with"
        f" {lo} card{'s' if lo > 1 else ''} in hand and {pct(plain13.iloc[-1])} with {hi}"
    )
    above = plain13[plain13 >= cut]
    if above.empty:
        text += f", never reaching the {pct(cut)} break-even of a one-trick bid: seats pooled, it is not worth a trick."
    else:
        text += (
            f"; it reaches the {pct(cut)} break-even of a one-trick bid at"
            f" {', '.join(str(int(r)) for r in above.index)} cards."
        )
    text += (
        f" The trump 13 wins {pct(trump13.min())} to {pct(trump13.max())} and the trump 1 {pct(trump1.min())} to"
        f" {pct(trump1.max())}, against a non-trump 13's {pct(plain13.min())} to {pct(plain13.max())}: being trump"
        f" {'matters more than rank' if trump1.mean() > plain13.mean() else 'matters about as much as rank'}."
        f" Wizards win almost always ({pct(curve('W', '-').min())} at worst, when another Wizard came first),"
        f" Jesters almost never. A non-trump also loses whenever it is discarded: a card of a third suit never wins."
        f" The trump 13 is weakest with {int(trump13.idxmin())} card{'s' if trump13.idxmin() > 1 else ''} in hand"
        f" ({pct(trump13.min())})."
    )
    if 1 in trump13.index:
        row = sel[(sel.card == "13") & (sel.relation == "trump") & (sel.hand_size == 1)].iloc[0]
        ci = wilson_interval(int(row.won), int(row.n), confidence_level=CONFIDENCE)
        exact_r1 = _round1_check(p)
        text += (
            f" Check against the exact count of round 1: the trump 13 wins {pct_ci(row.value, ci.low, ci.high)}"
            f" simulated ({int(row.n):,} cards), {pct(exact_r1)} exact"
            f"{'' if exact_r1 in ci else ' (outside the interval: see the CSV)'}."
        )
    return text


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Estimate the trick probability of every card; write the heat maps, table and finding."""
    par = size_params(SIZES, size)
    players, step, n = par["players"], par["step"], par["n"]
    frame = strength(players, step, n, progress=progress)
    pool = pooled(frame)
    cut = float(ws.break_even_probability())
    fig = _figure(pool, players, step)
    assumptions = {
        "players": f"{POLICY} for every seat (bids by its estimate of each card, plays to make its bid)",
        "rules": "standard game: 60 cards, trump from the turned card, open bids, no plus/minus one",
        "sample": f"{n:,} random rounds per player count and hand size; seed {SEED} + 100 x players + hand size",
        "measure": "share of the cards of that rank and relation to trump, played from any seat, that took their"
        f" trick; {CONFIDENCE:.0%} Wilson intervals per seat in the CSV",
        "hand sizes": "every hand size" if step == 1 else f"every {step}th hand size and the last",
    }
    return finish(
        NAME,
        frame,
        fig,
        title=TITLE,
        question=QUESTION,
        finding=_finding(pool, players, cut),
        assumptions=assumptions,
        display=_display(pool, players, step),
        out_dir=out_dir,
        size=size,
    )


if __name__ == "__main__":
    main(run)
