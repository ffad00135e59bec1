"""Expected score of each bid for typical hands: how the risk grows with the bid.

For a few typical five-card hands (4 players, seat 1 bids first, a red 7 turned), the unseen
cards are dealt at random and every deal is played once per bid, the player's bid forced to
it (:func:`wizstats.trick_distribution`). From the distribution of tricks follow the expected
score of each bid, the chance to meet it, and the spread of the score.
"""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd

import wizstats as ws
from wizstats import Rules, score_round

from ._common import CONFIDENCE, POLICY, finish, main, new_figure, num_ci, pct, size_params, steps

NAME = "bid_scores"
ORDER = 50
TITLE = "Expected score of each bid for typical hands"
QUESTION = "For a typical hand, what does each bid score on average, and how fast does the risk grow with the bid?"
SEED = 5000
N_PLAYERS = 4
SEAT = 1
TRUMP = "R7"
HANDS = {
    "two Wizards": "W W B8 G5 Y3",
    "Wizard and two trumps": "W R13 R9 B4 G2",
    "long trumps": "R11 R10 R8 R4 R3",
    "two trumps and a 13": "R12 R5 B13 G9 Y3",
    "high non-trumps": "B13 G13 Y12 B6 G2",
    "nothing": "J B2 G4 Y6 R2",
}
SIZES = {
    "tiny": {"hands": ("two Wizards", "nothing"), "n": 600},
    "quick": {"hands": tuple(HANDS), "n": 2000},
    "full": {"hands": tuple(HANDS), "n": 6000},
}
COLOURS = ["#4f81bd", "#c0504d", "#9bbb59", "#8064a2", "#f79646", "#4bacc6"]


def score_sd(tricks: pd.DataFrame, bid: int, hand_size: int) -> float:
    """Standard deviation of the score of ``bid`` from its trick distribution."""
    s = tricks[tricks.bid == bid]
    points = [score_round(bid, int(t), Rules(N_PLAYERS), hand_size) for t in s.tricks]
    mean = sum(p * v for p, v in zip(points, s.value, strict=True))
    return math.sqrt(max(0.0, sum(v * (p - mean) ** 2 for p, v in zip(points, s.value, strict=True))))


def _rows(label: str, td: ws.TrickDistribution) -> list[dict[str, object]]:
    meta = {"hand": label, "cards": HANDS[label], "policy": td.policy, "seed": td.seed, "n": td.n}
    rows: list[dict[str, object]] = []
    for b in td.bids.itertuples():
        bid, best = int(b.bid), int(b.bid) == td.best_bid
        for quantity, value, low, high in (
            ("expected_score", b.expected_score, b.low, b.high),
            ("p_make", b.p_make, b.p_make_low, b.p_make_high),
            ("score_sd", score_sd(td.tricks, bid, len(td.hand)), math.nan, math.nan),
        ):
            rows.append(
                {
                    **meta,
                    "bid": bid,
                    "quantity": quantity,
                    "tricks": pd.NA,
                    "value": value,
                    "low": low,
                    "high": high,
                    "best": best,
                }
            )
    for t in td.tricks.itertuples():
        rows.append(
            {
                **meta,
                "bid": int(t.bid),
                "quantity": "p_tricks",
                "tricks": int(t.tricks),
                "value": t.value,
                "low": t.low,
                "high": t.high,
                "best": int(t.bid) == td.best_bid,
            }
        )
    return rows


def measure(hands: tuple[str, ...], n: int, *, progress: bool = False) -> pd.DataFrame:
    """Per hand and bid: expected score, chance to meet it, the score's spread, and P(tricks)."""
    rows = []
    for k, label in enumerate(steps(hands, NAME, progress=progress)):
        td = ws.trick_distribution(
            HANDS[label],
            trump=TRUMP,
            n_players=N_PLAYERS,
            seat=SEAT,
            policy=POLICY,
            n=n,
            seed=SEED + k,
            confidence_level=CONFIDENCE,
        )
        rows += _rows(label, td)
    return pd.DataFrame(rows)


def _q(frame: pd.DataFrame, hand: str, quantity: str) -> pd.DataFrame:
    return frame[(frame.hand == hand) & (frame.quantity == quantity)].sort_values("bid")


def _display(frame: pd.DataFrame, hands: tuple[str, ...]) -> pd.DataFrame:
    rows = []
    for label in hands:
        es, pm, sd = _q(frame, label, "expected_score"), _q(frame, label, "p_make"), _q(frame, label, "score_sd")
        best = es[es.best].iloc[0]
        rows.append(
            {
                "hand": f"{label}: {HANDS[label]}",
                "expected score of bids 0, 1, 2, ...": "  ".join(f"{v:+.0f}" for v in es.value),
                "best bid": f"{int(best.bid)}: {num_ci(best.value, best.low, best.high, 1, True)}",
                "meets it": pct(pm[pm.bid == best.bid].value.iloc[0], 0),
                "score sd, bid 0 .. 5": " ".join(f"{v:.0f}" for v in sd.value),
            }
        )
    return pd.DataFrame(rows)


def _figure(frame: pd.DataFrame, hands: tuple[str, ...]):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(1, 2, width=12, height=4.6)
    left, right = axes[0]
    for k, label in enumerate(hands):
        es, pm = _q(frame, label, "expected_score"), _q(frame, label, "p_make")
        colour = COLOURS[k % len(COLOURS)]
        shift = 0.06 * (k - (len(hands) - 1) / 2)
        left.errorbar(
            es.bid + shift,
            es.value,
            yerr=[es.value - es.low, es.high - es.value],
            fmt="o-",
            markersize=3,
            capsize=2,
            color=colour,
            label=f"{label} ({HANDS[label]})",
        )
        best = es[es.best]
        left.plot(best.bid + shift, best.value, "*", markersize=12, color=colour)
        right.plot(pm.bid, 100 * pm.value, "o-", markersize=3, color=colour, label=label)
    left.axhline(0, color="black", linewidth=0.8)
    left.set_xlabel("bid")
    left.set_ylabel("expected score (points)")
    left.set_title("Expected score of each bid (star: the best)")
    fig.suptitle(f"{N_PLAYERS} players, hand size 5, seat {SEAT} (bids first), {TRUMP} turned")
    left.legend(fontsize=7)
    right.set_xlabel("bid")
    right.set_ylabel("% chance to meet the bid")
    right.set_title("Chance to meet each bid")
    return fig


def _finding(frame: pd.DataFrame, hands: tuple[str, ...]) -> str:
    parts, over, under, sd_best, sd_zero = [], [], [], [], []
    for label in hands:
        es = _q(frame, label, "expected_score").set_index("bid")
        sd = _q(frame, label, "score_sd").set_index("bid").value
        best = int(es[es.best].index[0])
        parts.append(f"{label} ({HANDS[label]}): bid {best}, {es.value[best]:+.0f}")
        if best + 1 in es.index:
            over.append(es.value[best] - es.value[best + 1])
        if best - 1 in es.index:
            under.append(es.value[best] - es.value[best - 1])
        sd_best.append(sd[best])
        sd_zero.append(sd[0])
    text = "Best bids and their expected scores: " + "; ".join(parts) + "."
    if over:
        text += f" One trick more than the best bid costs {sum(over) / len(over):.0f} points on average"
        text += f", one trick fewer {sum(under) / len(under):.0f}." if under else "."
    text += (
        f" The score is far from certain even at the best bid: its standard deviation there is"
        f" {sum(sd_best) / len(sd_best):.0f} points on average (against {sum(sd_zero) / len(sd_zero):.0f} for a bid"
        f" of 0), and the expected score falls steeply on both sides of the best bid: a met bid of b pays 20 + 10 b,"
        f" a missed one loses 10 per trick off."
    )
    return text


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Expected scores of every bid for the typical hands; write the three files."""
    par = size_params(SIZES, size)
    hands, n = par["hands"], par["n"]
    frame = measure(hands, n, progress=progress)
    assumptions = {
        "players": f"{POLICY} for every seat; the player's own bid is forced, his play follows it",
        "situation": f"{N_PLAYERS} players, hand size 5, seat {SEAT} (bids first, leads), {TRUMP} turned (red is"
        " trump), no earlier bids, standard rules",
        "sample": f"{n:,} deals of the unseen cards per hand, each played once per bid; seed {SEED} + hand number",
        "intervals": f"{CONFIDENCE:.0%}, normal for expected scores, Wilson for the chance to meet a bid",
    }
    return finish(
        NAME,
        frame,
        _figure(frame, hands),
        title=TITLE,
        question=QUESTION,
        finding=_finding(frame, hands),
        assumptions=assumptions,
        display=_display(frame, hands),
        out_dir=out_dir,
        size=size,
    )


if __name__ == "__main__":
    main(run)
