"""Bid thresholds: the weakest trump and non-trump card worth a trick, by hand size, player count and seat.

A card is worth bidding one more trick when its chance to take the trick it is played in is at
least the break-even chance of the scoring (3/7 for the first trick). Read off the same random
rounds as the heat maps of ``trick_probability`` (same seeds and sample sizes), by
:func:`wizstats.bid_thresholds`; round 1 is checked against the exact count.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

import wizstats as ws
from wizstats import Rules

from ._common import CONFIDENCE, POLICY, finish, main, new_figure, pct, rank_text, size_params, steps
from .trick_probability import SEED, SIZES, hand_sizes

NAME = "bid_thresholds"
ORDER = 40
TITLE = "Bid thresholds: the weakest card worth a trick"
QUESTION = "From which rank on is a trump, or a non-trump, worth counting as a trick, by hand size, table and seat?"
NONE_Y = 14


def thresholds(players: tuple[int, ...], step: int, n: int, *, progress: bool = False) -> pd.DataFrame:
    """One row per player count, hand size and seat (the columns of :func:`wizstats.bid_thresholds`)."""
    parts = []
    for p in steps(players, NAME, progress=progress):
        res = ws.bid_thresholds(
            p, hand_sizes(p, step), policy=POLICY, n=n, seed=SEED + 100 * p, confidence_level=CONFIDENCE
        )
        parts.append(res.table.assign(n_players=p, rounds=n, policy=res.policy))
    frame = pd.concat(parts, ignore_index=True)
    return frame[["n_players", *[c for c in frame.columns if c != "n_players"]]]


def _seat_order(n_players: int) -> list[int]:
    return [*range(1, n_players), 0]


def _display(frame: pd.DataFrame, players: tuple[int, ...]) -> pd.DataFrame:
    p = 4 if 4 in players else players[0]
    sel = frame[frame.n_players == p]
    seats = _seat_order(p)
    rows = []
    for r, grp in sel.groupby("hand_size"):
        by = grp.set_index("seat")
        rows.append(
            {
                "hand size": int(r),
                f"trump (seats {'/'.join(map(str, seats))})": "/".join(rank_text(by.weakest_trump[s]) for s in seats),
                "non-trump": "/".join(rank_text(by.weakest_plain[s]) for s in seats),
                "no trump": "/".join(rank_text(by.weakest_no_trump[s]) for s in seats),
                "trumps for a trick": "/".join(rank_text(by.trumps_for_a_trick[s]) for s in seats),
            }
        )
    return pd.DataFrame(rows)


def _figure(frame: pd.DataFrame, players: tuple[int, ...]):  # type: ignore[no-untyped-def]
    cols = min(2, len(players))
    rows = (len(players) + cols - 1) // cols
    fig, axes = new_figure(rows, cols, width=5.2 * cols, height=3.6 * rows, sharey=True)
    styles = {"weakest_trump": ("-", "trump"), "weakest_plain": ("--", "non-trump")}
    for k, p in enumerate(players):
        ax = axes[k // cols, k % cols]
        sel = frame[frame.n_players == p]
        for seat, colour in ((1, "#4f81bd"), (0, "#c0504d")):
            s = sel[sel.seat == seat].sort_values("hand_size")
            for column, (style, label) in styles.items():
                y = s[column].astype("Float64").fillna(NONE_Y).to_numpy(dtype=float)
                y[[not Rules(p).has_trump_card(int(r)) for r in s.hand_size]] = np.nan  # no trump exists
                ax.plot(
                    s.hand_size,
                    y,
                    style,
                    marker="o",
                    markersize=3,
                    color=colour,
                    label=f"{label}, seat {seat} ({'leads' if seat == 1 else 'dealer'})",
                )
        ax.set_title(f"{p} players")
        ax.set_yticks([1, 4, 7, 10, 13, NONE_Y], ["1", "4", "7", "10", "13", "none"])
        ax.set_xlabel("hand size")
        if k % cols == 0:
            ax.set_ylabel("weakest rank worth a trick")
    for k in range(len(players), rows * cols):
        axes[k // cols, k % cols].set_visible(False)
    handles, labels = axes[0, 0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=4, fontsize=8, bbox_to_anchor=(0.5, 0.0))
    fig.suptitle(
        "The weakest card worth bidding a trick (P(win) >= 3/7; lower is more generous; the last round has no trump)"
    )
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    return fig


def _from(rank: object) -> str:
    text = rank_text(rank)
    if text == "-":
        return "no rank at all"
    return f"{'an' if text in ('8', '11') else 'a'} {text} or higher"


def _finding(frame: pd.DataFrame, players: tuple[int, ...], cut: float) -> str:
    p = 4 if 4 in players else players[0]
    sel = frame[frame.n_players == p]
    lead, dealer = sel[sel.seat == 1].set_index("hand_size"), sel[sel.seat == 0].set_index("hand_size")
    sizes = sorted(int(r) for r in sel.hand_size.unique())
    first = sizes[0]
    mid = min(sizes, key=lambda r: abs(r - 5))
    no_plain = frame.weakest_plain.isna().mean()
    plain_sizes = sorted(int(r) for r in lead.index[lead.weakest_plain.notna()])
    trumps = sel.trumps_for_a_trick.dropna()
    text = (
        f"A card is worth a trick when it takes its trick at least {pct(cut)} of the time. With {p} players and"
        f" {first} card{'s' if first > 1 else ''} the leader (seat 1) can count a trump of"
        f" {_from(lead.weakest_trump[first])}"
        f" and the dealer {_from(dealer.weakest_trump[first])}; with {mid} cards the leader needs"
        f" {_from(lead.weakest_trump[mid])} and the dealer {_from(dealer.weakest_trump[mid])}."
    )
    if plain_sizes:
        text += (
            f" A non-trump is worth a trick for the leader only at hand size{'s' if len(plain_sizes) > 1 else ''}"
            f" {', '.join(map(str, plain_sizes))}"
        )
    else:
        text += " No non-trump, not even a 13, is worth a trick for the leader at any hand size"
    text += f"; over every table, seat and hand size no non-trump rank qualifies in {pct(no_plain, 0)} of the cases."
    if len(trumps):
        text += (
            f" Length counts instead: {int(trumps.min())} to {int(trumps.max())} trumps of any rank are worth"
            f" a trick at {p} players."
        )
    with_trump = sel[[Rules(p).has_trump_card(int(r)) for r in sel.hand_size]]
    short = with_trump[with_trump.weakest_trump.isna()]
    if len(short):
        text += (
            f" In {len(short)} of {len(with_trump)} seat and hand-size cases no trump rank qualifies at all"
            f" (even the 13 takes its trick less often than that, as these players play)."
        )
    text += " The thresholds describe these players, not a law of the game."
    r1 = ws.round1_thresholds(p).table
    row = r1[(r1.seat == 1) & (r1.state == "trump")].iloc[0]
    if 1 in lead.index:
        sim, ex = rank_text(lead.weakest_trump[1]), rank_text(row.weakest_rank)
        text += f" Round-1 check: the simulation puts the leader's weakest trump at {sim}, the exact count at {ex}"
        if sim.isdigit() and ex.isdigit() and int(sim) == int(ex) - 1 and row.p_below == row.p_below:
            text += (
                f" (the exact chance of a {int(ex) - 1} is {pct(row.p_below)}, within"
                f" {100 * abs(row.p_below - cut):.1f} points of the break-even: close calls go either way in a"
                f" sample)"
            )
        elif sim != ex:
            text += " (sampling error: see the intervals of trick_probability.csv)"
        text += "."
    return text


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Estimate the bid thresholds; write the table, chart and finding."""
    par = size_params(SIZES, size)
    players, step, n = par["players"], par["step"], par["n"]
    frame = thresholds(players, step, n, progress=progress)
    cut = float(frame.break_even.iloc[0])
    fig = _figure(frame, players)
    seats = "/".join(map(str, _seat_order(4 if 4 in players else players[0])))
    assumptions = {
        "players": f"{POLICY} for every seat",
        "rules": "standard game, no plus/minus one, standard scoring (break-even 3/7 for the first trick)",
        "sample": f"{n:,} random rounds per player count and hand size, seed {SEED} + 100 x players + hand size"
        " (the rounds of trick_probability)",
        "weakest rank": "the lowest rank from which every higher rank takes its trick at least 3/7 of the time"
        " ('-': none); trumps for a trick: the fewest trumps that win at least one trick that often",
        "table": f"seats in bidding order {seats} (seat 1 bids first and leads, seat 0 deals and bids last)",
        "hand sizes": "every hand size" if step == 1 else f"every {step}th hand size and the last",
    }
    return finish(
        NAME,
        frame,
        fig,
        title=TITLE,
        question=QUESTION,
        finding=_finding(frame, players, cut),
        assumptions=assumptions,
        display=_display(frame, players),
        out_dir=out_dir,
        size=size,
    )


if __name__ == "__main__":
    main(run)
