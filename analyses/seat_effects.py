"""Seat and dealer effects, with and without plus/minus one (4 players, every hand size).

How much each seat scores and how often it meets its bid; the dealer's edge over the others
(he bids last, knowing every bid, and plays last to the first trick); what bidding last is
worth against hidden bids; and what plus/minus one costs each seat. Every comparison plays the
same deals twice (:mod:`wizstats.stats`), so its interval is that of a paired difference.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

import wizstats as ws
from wizstats import Rules

from ._common import CONFIDENCE, POLICY, finish, main, new_figure, num_ci, size_params, steps

NAME = "seat_effects"
ORDER = 70
TITLE = "Seat and dealer effects, with and without plus/minus one"
QUESTION = "Which seat scores most, what is bidding last worth, and what does plus/minus one cost the dealer?"
SEED = 7000
N_PLAYERS = 4
SIZES = {
    "tiny": {"hand_sizes": (1, 3), "n": 1500},
    "quick": {"hand_sizes": (1, 3, 5, 7, 9, 11, 13, 15), "n": 3000},
    "full": {"hand_sizes": None, "n": 5000},
}


def measure(hand_sizes: tuple[int, ...] | None, n: int, *, progress: bool = False) -> pd.DataFrame:
    """The four paired measurements as one tidy frame (``measure`` names each)."""
    free, pm1 = Rules(N_PLAYERS), Rules(N_PLAYERS, plus_minus_one=True)
    jobs = [
        ("seat_effects", "no plus/minus one", lambda: ws.seat_effects(rules=free, hand_sizes=hand_sizes, **kw)),
        ("dealer_advantage", "no plus/minus one", lambda: ws.dealer_advantage(rules=free, hand_sizes=hand_sizes, **kw)),
        ("dealer_advantage", "plus/minus one", lambda: ws.dealer_advantage(rules=pm1, hand_sizes=hand_sizes, **kw)),
        (
            "plus_minus_one_cost",
            "with minus without",
            lambda: ws.plus_minus_one_cost(rules=free, hand_sizes=hand_sizes, **kw),
        ),
    ]
    kw = {"policy": POLICY, "n": n, "seed": SEED, "confidence_level": CONFIDENCE}
    parts = []
    for measure_name, rules_text, job in steps(jobs, NAME, progress=progress):
        res = job()
        parts.append(res.table.assign(measure=measure_name, rules=rules_text, policy=res.policy, seed=res.seed))
    frame = pd.concat(parts, ignore_index=True)
    frame["hand_size"] = frame["hand_size"].astype(str)
    return frame[["measure", "rules", "hand_size", "seat", "quantity", "value", "low", "high", "n", "policy", "seed"]]


def _pick(
    frame: pd.DataFrame, measure: str, quantity: str, hand_size: str, seat: object = 0, rules: str | None = None
) -> pd.Series:
    sel = frame[
        (frame.measure == measure)
        & (frame.quantity == quantity)
        & (frame.hand_size == hand_size)
        & (frame.seat.astype(str) == str(seat))
    ]
    if rules is not None:
        sel = sel[sel.rules == rules]
    return sel.iloc[0]


def _display(frame: pd.DataFrame, unit: str) -> pd.DataFrame:
    rows = []
    role = {0: "dealer, bids last", 1: "bids first, leads"}
    se = frame[frame.measure == "seat_effects"]
    sizes = [h for h in se.hand_size.unique() if h != "game"]
    total = "game" if "game" in set(se.hand_size) else sizes[0]
    for seat in [*range(1, N_PLAYERS), 0]:
        score = _pick(frame, "seat_effects", "mean_score", total, seat)
        change = _pick(frame, "plus_minus_one_cost", "score_change", total, seat)
        acc = se[(se.quantity == "accuracy") & (se.seat.astype(str) == str(seat)) & (se.hand_size != "game")]
        rows.append(
            {
                "seat": seat,
                "role": role.get(seat, ""),
                f"points per {unit}, no plus/minus one": num_ci(score.value, score.low, score.high),
                "change with plus/minus one": num_ci(change.value, change.low, change.high, sign=True),
                "bids met (mean over hand sizes)": f"{100 * acc.value.mean():.1f}%",
            }
        )
    return pd.DataFrame(rows)


def _figure(frame: pd.DataFrame):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(1, 2, width=11.5, height=4.4)
    left, right = axes[0]
    da = frame[(frame.measure == "dealer_advantage") & ~frame.hand_size.isin(["mean", "game"])]
    for (rules, quantity), colour, label in (
        (("no plus/minus one", "dealer_minus_others"), "#4f81bd", "dealer minus others, no plus/minus one"),
        (("plus/minus one", "dealer_minus_others"), "#c0504d", "dealer minus others, plus/minus one"),
        (("no plus/minus one", "bidding_last"), "#9bbb59", "bidding last (open minus hidden bids)"),
    ):
        s = da[(da.rules == rules) & (da.quantity == quantity)]
        x = s.hand_size.astype(int).to_numpy()
        left.plot(x, s.value, marker="o", markersize=3, color=colour, label=label)
        left.fill_between(x, s.low.to_numpy(float), s.high.to_numpy(float), color=colour, alpha=0.2)
    left.axhline(0, color="black", linewidth=0.8)
    left.set_xlabel("hand size")
    left.set_ylabel("points per round")
    left.set_title("The dealer's edge per round (95% intervals)")
    left.legend(fontsize=7)
    pc = frame[(frame.measure == "plus_minus_one_cost") & (frame.hand_size != "game")]
    colours = ["#c0504d", "#4f81bd", "#9bbb59", "#8064a2", "#f79646", "#4bacc6"]
    for seat in [*range(1, N_PLAYERS), 0]:
        s = pc[pc.seat.astype(str) == str(seat)]
        x = s.hand_size.astype(int).to_numpy()
        right.errorbar(
            x + 0.08 * (seat - 1.5),
            s.value,
            yerr=[s.value - s.low, s.high - s.value],
            fmt="o-",
            markersize=3,
            capsize=2,
            color=colours[seat],
            label=f"seat {seat}" + (" (dealer)" if seat == 0 else ""),
        )
    right.axhline(0, color="black", linewidth=0.8)
    right.set_xlabel("hand size")
    right.set_ylabel("score with the rule minus without (points per round)")
    right.set_title("What plus/minus one changes, same deals")
    right.legend(fontsize=7)
    return fig


def _finding(frame: pd.DataFrame, unit: str) -> str:
    mean = "mean" if "mean" in set(frame.hand_size) else frame[frame.measure == "dealer_advantage"].hand_size.iloc[0]
    total = "game" if "game" in set(frame.hand_size) else mean
    free = _pick(frame, "dealer_advantage", "dealer_minus_others", mean, rules="no plus/minus one")
    last = _pick(frame, "dealer_advantage", "bidding_last", mean, rules="no plus/minus one")
    pm1 = _pick(frame, "dealer_advantage", "dealer_minus_others", mean, rules="plus/minus one")
    cost = _pick(frame, "plus_minus_one_cost", "score_change", total, 0)
    others = frame[
        (frame.measure == "plus_minus_one_cost") & (frame.hand_size == total) & (frame.seat.astype(str) != "0")
    ]
    se = frame[(frame.measure == "seat_effects") & (frame.quantity == "mean_score") & (frame.hand_size == total)]
    best, worst = se.loc[se.value.idxmax()], se.loc[se.value.idxmin()]
    per = "per round, averaged over the hand sizes"
    sign = "ahead of" if free.low > 0 else ("behind" if free.high < 0 else "level with")
    text = (
        f"Without plus/minus one the dealer ends {sign} the other seats:"
        f" {num_ci(free.value, free.low, free.high, 2, True)}"
        f" points {per}. Knowing every bid before his own is worth {num_ci(last.value, last.low, last.high, 2, True)}"
        f" points per round against hidden bids on the same deals"
    )
    text += ": these players barely use the earlier bids." if abs(last.value) < 0.5 else "."
    text += (
        f" Plus/minus one costs the dealer {num_ci(-cost.value, -cost.high, -cost.low, 1)} points per"
        f" {unit}, while the other seats change by"
        f" {others.value.min():+.1f} to {others.value.max():+.1f}; under the rule the dealer's edge is"
        f" {num_ci(pm1.value, pm1.low, pm1.high, 2, True)} per round. Per {unit} seat {best.seat} scores most"
        f" ({best.value:.1f}) and seat {worst.seat} least ({worst.value:.1f})."
    )
    return text


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Measure seat and dealer effects with and without plus/minus one; write the three files."""
    par = size_params(SIZES, size)
    frame = measure(par["hand_sizes"], par["n"], progress=progress)
    sizes = par["hand_sizes"] or Rules(N_PLAYERS).schedule
    unit = "game" if par["hand_sizes"] is None else f"{len(sizes)} rounds (hand sizes {', '.join(map(str, sizes))})"
    assumptions = {
        "players": f"{POLICY} for every seat",
        "rules": f"{N_PLAYERS} players, standard deck and scoring, open bids; plus/minus one (from one trick)"
        " where named",
        "sample": f"{par['n']:,} deals per hand size, each played under both settings of a comparison; seed {SEED}",
        "hand sizes": ", ".join(map(str, sizes)) + ("" if par["hand_sizes"] is None else " (a sample of the game)"),
        "per game": "sums of the per-round means over the hand sizes (each hand size from its own deals)",
        "intervals": f"{CONFIDENCE:.0%}, normal for means (paired differences), Wilson for bids met",
    }
    return finish(
        NAME,
        frame,
        _figure(frame),
        title=TITLE,
        question=QUESTION,
        finding=_finding(frame, unit),
        assumptions=assumptions,
        display=_display(frame, unit),
        out_dir=out_dir,
        size=size,
    )


if __name__ == "__main__":
    main(run)
