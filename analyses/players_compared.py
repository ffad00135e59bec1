"""How the answers depend on the players: each headline number under baseline, heuristic, expert and rollout.

Every simulated number in this report assumes how the table plays. This page asks the headline
questions again with each player at every seat: ``baseline`` (the published rule-based player),
``heuristic`` (fitted to its own self-play), ``expert`` (the report's default,
:data:`wizstats.DEFAULT_POLICY`: reads the earlier bids, bids round 1 exactly) and ``rollout`` (a
search player, some 200 times slower than expert, so measured on fewer deals). Each figure is what ``wizstats
ask NAME --policy P`` (or ``thresholds``/``strength``) prints, with the same intervals. Two blocks:
the published form over a whole game, and rounds of :data:`HAND_SIZE` cards. Over whole games
rollout plays only the certificate's small sample (the one of ``claims_checked``), not counted in
the verdicts. A figure of zero width comes from a player that cannot see the information (a player
that ignores the earlier bids plays a deal alike whether it sees them or not): it is printed as "not
measurable with this player", never as a zero. The column ``agrees`` is the convergence certificate
of each figure: the default player against the search player (:func:`wizstats.stats.agreement`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pandas as pd

import wizstats as ws
from wizstats.stats import agreement

from ._common import (
    CERTIFICATE_COLUMNS,
    CONFIDENCE,
    POLICY,
    SEARCH,
    certificate_sentence,
    estimate,
    finish,
    main,
    new_figure,
    size_params,
    steps,
)
from .claims_checked import SIZES as CLAIMS_SIZES
from .claims_checked import answered, options_for

NAME = "players_compared"
ORDER = 101
TITLE = "How the answers depend on the players"
QUESTION = "Which published answers hold whoever plays, and which are artifacts of the player?"
SEED = 17000
N_PLAYERS = 4
HAND_SIZE = 5
PLAYERS = ("baseline", "heuristic", "expert", "rollout")
SLOW = ("rollout",)
"""Measured on ``slow`` deals; over whole games on the certificate's ``slow_game`` deals only."""
SIZES = {
    size: par | {"slow_game": CLAIMS_SIZES[size]["search"][0]}
    for size, par in {
        "tiny": {"game": 200, "fast": 1000, "slow": 20, "cards": 2000, "slow_cards": 100},
        "quick": {"game": 1000, "fast": 5000, "slow": 100, "cards": 5000, "slow_cards": 300},
        "full": {"game": 3000, "fast": 20000, "slow": 400, "cards": 20000, "slow_cards": 1000},
    }.items()
}
"""Deals per hand size: ``game`` for the whole-game block, ``fast``/``slow`` for the rounds of
:data:`HAND_SIZE` cards; ``cards``/``slow_cards`` for the thresholds and the card's strength. The
slow players' whole games use ``claims_checked``'s search deals (``slow_game``): the report asks
those questions once for both pages."""
EXACT = "exact"
"""The policy column of the exact round-1 thresholds (rational bidders; play is forced)."""
NOT_MEASURABLE = "not measurable with this player"
SMALL = "small sample"
"""The status of a slow player's whole-game figure: the certificate's sample, not counted in the verdicts."""


@dataclass(frozen=True)
class Figure:
    """One headline number: how to measure it for a policy, in a block (``None``: over a game)."""

    key: str
    label: str
    unit: str
    """``points`` (a difference: its sign is the conclusion), ``share`` or ``rank``."""
    command: str
    measure: Callable[[str, int | None, int], tuple[float, float, float]]
    game: bool = True
    """Also measured in the whole-game block."""


def _pick(t: pd.DataFrame, **where: Any) -> tuple[float, float, float]:
    rows = t
    for key, value in where.items():
        rows = rows[rows[key].astype(str) == str(value)]
    if len(rows) != 1:
        raise ValueError(f"{len(rows)} rows match {where}")
    r = rows.iloc[0]
    return float(r["value"]), float(r["low"]), float(r["high"])


def _asked(name: str, policy: str, hand_size: int | None, n: int) -> pd.DataFrame:
    # cached: bidding last and the dealer's edge come from one run, and claims_checked asks the same
    return answered(name, options_for(name, n, None, None, policy=policy, hand_size=hand_size)).table


def _bidding_last(policy: str, h: int | None, n: int) -> tuple[float, float, float]:
    t = _asked("bidding-last", policy, h, n)
    return _pick(t, hand_size="mean" if h is None else h, quantity="bidding_last")


def _dealer_edge(policy: str, h: int | None, n: int) -> tuple[float, float, float]:
    t = _asked("bidding-last", policy, h, n)
    return _pick(t, hand_size="mean" if h is None else h, quantity="dealer_minus_others")


def _trump_choice(policy: str, h: int | None, n: int) -> tuple[float, float, float]:
    t = _asked("trump-choice", policy, h, n)
    if h is None:
        return _pick(t, hand_size="game", seat=0, quantity="per_round")
    return _pick(t, hand_size=h, seat=0, quantity="given_wizard")


def _pm1(policy: str, h: int | None, n: int) -> tuple[float, float, float]:
    t = _asked("plus-minus-one-dealer", policy, h, n)
    return _pick(t, hand_size="game" if h is None else h, seat=0)


def _bids_add_up(policy: str, h: int | None, n: int) -> tuple[float, float, float]:
    r = 1 if h is None else h
    return _pick(_asked("bids-add-up", policy, r, n), quantity="p_equal")


@lru_cache(maxsize=16)
def _thresholds(policy: str, r: int, n: int) -> pd.DataFrame:
    return ws.bid_thresholds(N_PLAYERS, r, policy=policy, n=n, seed=SEED).table


def _threshold(seat: int) -> Callable[[str, int | None, int], tuple[float, float, float]]:
    def measure(policy: str, h: int | None, n: int) -> tuple[float, float, float]:
        t = _thresholds(policy, 1 if h is None else h, n)
        rank = t[t.seat == seat].weakest_trump.iloc[0]
        value = math.nan if rank is pd.NA else float(rank)
        return value, math.nan, math.nan

    return measure


def _strength(seat: int) -> Callable[[str, int | None, int], tuple[float, float, float]]:
    def measure(policy: str, h: int | None, n: int) -> tuple[float, float, float]:
        res = ws.card_win_probability(
            "R13", n_players=N_PLAYERS, hand_size=h or 1, seat=seat, trump="red", policy=policy, n=n, seed=SEED
        )
        return _pick(res.table, quantity="p_win")

    return measure


FIGURES = (
    Figure("bidding_last", "bidding last, open minus hidden bids (dealer, points per round)", "points",
           "ask bidding-last", _bidding_last),
    Figure("dealer_edge", "seat effect: the dealer minus the average other seat (points per round)", "points",
           "ask bidding-last", _dealer_edge),
    Figure("trump_choice", "naming trump after looking minus blind (dealer; per game / per Wizard round)", "points",
           "ask trump-choice", _trump_choice),
    Figure("pm1_cost", "plus/minus one: the dealer's change (per game / per round)", "points",
           "ask plus-minus-one-dealer", _pm1),
    Figure("bids_add_up", "the bids add up, no plus/minus one (round 1 / the block's hand size)", "share",
           "ask bids-add-up", _bids_add_up),
    Figure("threshold_seat1", "weakest trump worth a bid, seat 1 (round 1, forced play: a control / the block's hand size)", "rank",
           "thresholds", _threshold(1)),
    Figure("threshold_dealer", "weakest trump worth a bid, the dealer (round 1, forced play: a control / the block's hand size)", "rank",
           "thresholds", _threshold(0)),
    Figure("strength_seat2", "a trump 13 takes its trick, seat 2", "share", "strength R13 --trump red",
           _strength(2), game=False),
    Figure("strength_dealer", "a trump 13 takes its trick, the dealer", "share", "strength R13 --trump red",
           _strength(0), game=False),
)  # fmt: skip
"""The headline numbers, in the order of the page."""

SHORT = {
    "bidding_last": "bidding last",
    "dealer_edge": "the dealer's edge",
    "trump_choice": "naming trump after looking",
    "pm1_cost": "what plus/minus one costs the dealer",
    "bids_add_up": "the bids adding up",
    "threshold_seat1": "the weakest trump worth a bid from seat 1",
    "threshold_dealer": "the weakest trump worth a bid for the dealer",
    "strength_seat2": "a trump 13 from seat 2",
    "strength_dealer": "a trump 13 for the dealer",
}
"""The figures' names in the finding."""

SLOW_IN_GAME = ("bids_add_up", "threshold_seat1", "threshold_dealer")
"""Whole-game-block figures that are round-1 figures, cheap enough for the slow players too."""


def _sample(figure: Figure, policy: str, par: dict[str, int], block: int | None) -> int:
    slow = policy in SLOW
    if figure.key.startswith("threshold") and block is None:
        return par["cards"]  # round 1: play is forced, the same sample for every player
    if figure.key.startswith(("threshold", "strength")):
        return par["slow_cards" if slow else "cards"]
    if block is None:
        return par["slow" if figure.key in SLOW_IN_GAME else "slow_game"] if slow else par["game"]
    return par["slow" if slow else "fast"]


def command(figure: Figure, policy: str, block: int | None, n: int) -> str:
    """The command line that prints this figure (same seed, same sample)."""
    tail = f"--policy {policy} --n {n} --seed {SEED}"
    if figure.command.startswith("ask"):
        if figure.key == "bids_add_up" and block is None:
            block = 1
        return f"wizstats {figure.command}" + (f" --hand-size {block}" if block else "") + f" {tail}"
    if figure.command == "thresholds":
        return f"wizstats thresholds --hand-sizes {block or 1} {tail}"
    seat = figure.key.removeprefix("strength_").replace("seat", "").replace("dealer", "0")
    return f"wizstats {figure.command} --hand-size {block} --seat {seat} {tail}"


def measure(par: dict[str, int], *, progress: bool = False) -> pd.DataFrame:
    """One row per block, figure and player: value, interval (NaN for ranks), deals, and whether it was run."""
    rows = []
    plan = [(block, f, p) for block in (None, HAND_SIZE) for f in FIGURES for p in PLAYERS]
    for block, figure, policy in steps(plan, NAME, total=len(plan), progress=progress):
        if block is None and not figure.game:
            continue
        n = _sample(figure, policy, par, block)
        row: dict[str, Any] = {
            "block": "game" if block is None else f"{block} cards",
            "figure": figure.key,
            "label": figure.label,
            "unit": figure.unit,
            "policy": policy,
            "n": n,
            "command": command(figure, policy, block, n),
        }
        value, low, high = figure.measure(policy, block, n)
        flat = figure.unit != "rank" and low == high
        small = block is None and policy in SLOW and figure.key not in SLOW_IN_GAME
        status = "not measurable" if flat else SMALL if small else "ok"
        rows.append(row | {"value": value, "low": low, "high": high, "status": status})
    exact = ws.round1_thresholds(N_PLAYERS).table
    for figure in FIGURES:
        if figure.key.startswith("threshold"):
            seat = 1 if figure.key.endswith("seat1") else 0
            r = exact[(exact.seat == seat) & (exact.state == "trump")].iloc[0]
            rows.append(
                {"block": "game", "figure": figure.key, "label": figure.label, "unit": "rank", "policy": EXACT, "n": 0,
                 "command": "wizstats thresholds --hand-sizes 1", "value": float(r.weakest_rank), "low": math.nan,
                 "high": math.nan, "status": "exact", "p_below": float(r.p_below)}
            )  # fmt: skip
    return pd.DataFrame(rows)


def _cell(r: pd.Series, *, sample: bool = True) -> str:
    """A figure as the page shows it; ``sample``: say where it is a slow player's small whole-game sample."""
    if r.status == "not measurable":
        return NOT_MEASURABLE
    if r.unit == "rank":
        return "none" if math.isnan(r.value) else f"{r.value:.0f}"
    small = f" ({SMALL}, n {r.n:,})" if sample and r.status == SMALL else ""
    if r.unit == "share":
        return f"{100 * r.value:.1f}% [{100 * r.low:.1f}, {100 * r.high:.1f}]" + small
    return f"{r.value:+.2f} [{r.low:.2f}, {r.high:.2f}]" + small


def certify(frame: pd.DataFrame) -> pd.DataFrame:
    """The columns ``agrees`` and ``agrees_why`` on the default player's and the search player's rows of
    each figure: :func:`wizstats.stats.agreement` of the one against the other."""
    frame = frame.assign(agrees=None, agrees_why=None)
    for (_block, _key), g in frame.groupby(["block", "figure"], sort=False):
        pair = [g[g.policy == p] for p in (POLICY, SEARCH)]
        if any(len(rows) != 1 for rows in pair):
            continue
        mine, theirs = (
            estimate(r.value, r.low, r.high, policy=r.policy, n=r.n) for r in (rows.iloc[0] for rows in pair)
        )
        verdict = agreement(mine, theirs)
        index = [rows.index[0] for rows in pair]
        frame.loc[index, "agrees"], frame.loc[index, "agrees_why"] = verdict.verdict, verdict.reason
    return frame


def certificate(frame: pd.DataFrame) -> pd.DataFrame:
    """The certificate table (``_common.CERTIFICATE_COLUMNS``): one row per figure, from the column ``agrees``."""
    rows = []
    for (block, _key), g in frame.groupby(["block", "figure"], sort=False):
        by = {r.policy: r for _, r in g.iterrows()}
        if POLICY not in by or not isinstance(by[POLICY].agrees, str):
            continue
        mine, theirs = by[POLICY], by[SEARCH]
        rows.append(
            {
                "answer": f"players_compared: {mine.label} [{block}]",
                "default": f"{POLICY}, n {mine.n:,}: {_cell(mine)}",
                "search": f"{SEARCH}, n {theirs.n:,}: {_cell(theirs, sample=False)}",
                "agrees": mine.agrees,
                "why": mine.agrees_why,
            }
        )
    return pd.DataFrame(rows, columns=list(CERTIFICATE_COLUMNS))


def _display(frame: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for (block, _key), g in frame.groupby(["block", "figure"], sort=False):
        by = {r.policy: _cell(r) for r in g.itertuples()}
        cells = {p: by.get(p, "") for p in (*PLAYERS, EXACT)}
        agrees = g[g.policy == POLICY].agrees
        cells[f"agrees ({POLICY} vs {SEARCH})"] = agrees.iloc[0] if len(agrees) else ""
        rows.append({"block": block, "figure": g.label.iloc[0], **cells})
    return pd.DataFrame(rows)


def _sign(r: pd.Series) -> str:
    if r.status != "ok":
        return r.status
    return "+" if r.low > 0 else "-" if r.high < 0 else "0"


def verdicts(frame: pd.DataFrame) -> pd.DataFrame:
    """Per block and figure: does the conclusion hold for every player that measured it?

    A difference (``points``) *holds for every player* when each player's interval lies on the
    same side of 0 and no player failed to measure it; it *changes sign with the player* when one
    player's interval lies above 0 and another's below; else it is *not shown for every player*
    (an interval that covers 0, or a player that cannot measure it). A share or rank gives its range.
    """
    rows = []
    for (block, key), g in frame.groupby(["block", "figure"], sort=False):
        unit = g.unit.iloc[0]
        ran = g[(g.status != SMALL) & g.policy.isin(PLAYERS)]
        if unit == "points":
            signs = {r.policy: _sign(r) for _, r in ran.iterrows()}
            kinds = set(signs.values())
            if len(kinds) == 1 and kinds <= {"+", "-"}:
                verdict = "holds for every player"
            elif {"+", "-"} <= kinds:
                verdict = "changes sign with the player"
            else:
                verdict = "not shown for every player"
            detail = ", ".join(f"{p} {s}" for p, s in signs.items())
        else:
            vals = ran.dropna(subset=["value"])
            verdict = "range"
            detail = (
                f"{vals.value.min():.4g} ({vals.loc[vals.value.idxmin()].policy}) to"
                f" {vals.value.max():.4g} ({vals.loc[vals.value.idxmax()].policy})"
                if len(vals)
                else "no value"
            )
        rows.append({"block": block, "figure": key, "verdict": verdict, "detail": detail})
    return pd.DataFrame(rows)


def _finding(frame: pd.DataFrame) -> str:
    v = verdicts(frame)
    labels = SHORT
    text = []
    for block, who in (("game", "over whole games (baseline, heuristic, expert)"),
                       (f"{HAND_SIZE} cards", f"in rounds of {HAND_SIZE} cards (all four players)")):  # fmt: skip
        points = v[(v.block == block) & (v.verdict != "range")]
        groups = {
            verdict: [labels[k] for k in points[points.verdict == verdict].figure]
            for verdict in ("holds for every player", "changes sign with the player", "not shown for every player")
        }
        words = {"holds for every player": "the direction holds for every player for",
                 "changes sign with the player": "it changes sign with the player for",
                 "not shown for every player": "it is not shown for every player for"}  # fmt: skip
        parts = [f"{words[verdict]} {', '.join(names)}" for verdict, names in groups.items() if names]
        text.append(f"With {N_PLAYERS} players {who}: " + "; ".join(parts) + ".")
    flat = frame[frame.status == "not measurable"]
    if len(flat):
        by_fig: dict[str, list[str]] = {}
        for fig, pol in sorted({(labels[r.figure], r.policy) for r in flat.itertuples()}):
            by_fig.setdefault(fig, []).append(pol)
        text.append(
            "Not measurable (an interval of zero width: the player cannot use the information, so both versions"
            " play every deal alike): "
            + "; ".join(f"{fig} with {', '.join(pols)}" for fig, pols in by_fig.items())
            + "."
        )
    first = frame[(frame.block == "game") & frame.figure.str.startswith("threshold")]
    if len(first):
        cut = float(ws.exact.break_even_probability(0, rules=ws.Rules(N_PLAYERS), hand_size=1))
        parts = []
        for key, who in (("threshold_seat1", "seat 1"), ("threshold_dealer", "the dealer")):
            g = first[first.figure == key]
            ex = g[g.policy == EXACT].iloc[0]
            sim = sorted({int(v) for v in g[g.policy.isin(PLAYERS)].value.dropna()})
            parts.append(
                f"{who} from {' or '.join(map(str, sim))} simulated, {int(ex.value)} exactly (the rank below takes"
                f" its trick {100 * ex.p_below:.2f}% of the time against a break-even of {100 * cut:.2f}%)"
            )
        text.append(
            "In round 1, where play is forced, the weakest trump worth a bid does not depend on the player: "
            + "; ".join(parts)
            + "; where the simulated rank differs from the exact one it is sampling noise (a seat is dealt a given"
            " card in about 1 round of 60)."
        )
    s = frame[(frame.block == f"{HAND_SIZE} cards") & (frame.figure.isin(["strength_seat2", "strength_dealer"]))]
    if len(s):
        spread = s.groupby("policy").value.agg(lambda x: x.max() - x.min())
        text.append(
            f"A trump 13 at {HAND_SIZE} cards: seat 2 and the dealer differ by "
            + ", ".join(f"{100 * spread[p]:.0f} percentage points with {p}" for p in PLAYERS if p in spread)
            + "; where these differ, the seat pattern is the players', not the card's."
        )
    return " ".join(text)


def _figure(frame: pd.DataFrame) -> Any:
    block = frame[frame.block == f"{HAND_SIZE} cards"]
    keys = [f.key for f in FIGURES if f.unit != "rank"]
    fig, axes = new_figure(2, math.ceil(len(keys) / 2), width=14.0, height=6.6)
    colours = {"baseline": "#7f7f7f", "heuristic": "#4f81bd", "expert": "#9bbb59", "rollout": "#c0504d"}
    for ax, key in zip(axes.ravel(), keys, strict=False):
        g = block[block.figure == key]
        scale = 100.0 if g.unit.iloc[0] == "share" else 1.0
        for k, r in enumerate(g.itertuples()):
            if r.status == "ok":
                ax.errorbar(
                    [k], [scale * r.value], yerr=[[scale * (r.value - r.low)], [scale * (r.high - r.value)]],
                    fmt="o", color=colours[r.policy], capsize=3,
                )  # fmt: skip
            else:
                ax.plot([k], [0.0], marker="x", color=colours[r.policy])
                ax.annotate("n/m", (k, 0.0), textcoords="offset points", xytext=(4, 4), fontsize=7)
        ax.set_xticks(range(len(g)), list(g.policy), fontsize=7)
        if g.unit.iloc[0] == "points":
            ax.axhline(0, color="black", linewidth=0.7)
        ax.set_title(g.label.iloc[0].split(" (")[0], fontsize=8)
        ax.set_ylabel("%" if scale == 100.0 else "points", fontsize=7)
    for ax in axes.ravel()[len(keys) :]:
        ax.set_visible(False)
    fig.suptitle(f"{N_PLAYERS} players, rounds of {HAND_SIZE} cards (n/m: not measurable with this player)", fontsize=9)
    return fig


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Ask the headline questions under each player; write the three files."""
    par = size_params(SIZES, size)
    frame = certify(measure(par, progress=progress))
    cert = certificate(frame)
    assumptions = {
        "players": f"each of {', '.join(PLAYERS)} at every seat (rollout with its default parameters); the rest"
        f" of the report plays {POLICY} (wizstats.DEFAULT_POLICY)",
        "rules": f"{N_PLAYERS} players, standard game and schedule; no plus/minus one for bidding last and the bids"
        " adding up, as the questions define them; trump red for the trump 13",
        "sample": f"whole games: {par['game']:,} deals per hand size (baseline, heuristic, expert; rollout"
        f" {par['slow_game']:,}, the certificate's small sample, and {par['slow']:,} rounds for the bids adding up); rounds of"
        f" {HAND_SIZE} cards: {par['fast']:,} deals ({par['slow']:,} for rollout); thresholds and the trump 13:"
        f" {par['cards']:,} rounds ({par['slow_cards']:,} for rollout); seed {SEED}",
        "intervals": f"{CONFIDENCE:.0%}, as each command prints them: paired over the same deals where two rules are"
        " compared, Wilson for shares; thresholds are ranks (the weakest rank whose win rate reaches the"
        " break-even), without an interval",
        "reproduce": "the CSV's column command: the command line that prints each figure, e.g. wizstats ask"
        f" bidding-last --hand-size {HAND_SIZE} --policy expert --n {par['fast']} --seed {SEED}",
        "verdicts": "a difference holds for every player when all intervals lie on the same side of 0, changes"
        " sign when one lies above and another below, else is not shown for every player (rollout's small"
        " whole-game samples not counted)",
        "certificate": f"the column agrees compares {POLICY} (the default) with {SEARCH} for each figure"
        " (wizstats.stats.agreement): yes when the two 95% intervals overlap and the point estimates have the"
        " same sign; no when they lie apart or the signs differ; not measurable with this player for an interval"
        " of zero width; no interval for the ranks",
    }
    return finish(
        NAME,
        frame,
        _figure(frame),
        title=TITLE,
        question=QUESTION,
        finding=_finding(frame) + " " + certificate_sentence(cert, f"{SEARCH} players (the column {SEARCH})"),
        assumptions=assumptions,
        display=_display(frame),
        out_dir=out_dir,
        size=size,
        certificate=cert,
    )


if __name__ == "__main__":
    main(run)
