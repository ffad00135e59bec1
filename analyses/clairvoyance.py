"""Clairvoyance ("Hellsehen", RULES 4): round-1 bids when each player sees every card but his own.

Two views. Per seat and player count, the bid odds of whole clairvoyant rounds
(:func:`wizstats.clairvoyance_odds`: share bidding 1, tricks taken, bids met, points) next to the
same seat in an ordinary one-card round. And by what the others hold: over random positions, the
exact chance (:func:`wizstats.reference.clairvoyance.clairvoyant_chance`, a count over the cards the player
cannot see) that the leader's or the dealer's card takes the trick, which is the chance to make
a bid of 1 (one minus it for a bid of 0), and the best bid.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

import wizstats as ws
from wizstats import CardKind, Rules, Suit, wilson_interval
from wizstats.intervals import mean_interval
from wizstats.reference import clairvoyant_chance

from ._common import CONFIDENCE, POLICY, finish, main, new_figure, num_ci, pct, pct_ci, size_params, steps

NAME = "clairvoyance"
ORDER = 96
TITLE = "Clairvoyance: round-1 bids when you see every card but your own"
QUESTION = "Seeing every card but your own in round 1, how likely is each bid to be made, and which bid is best?"
SEED = 13000
SEATS = {1: "leader (seat 1)", 0: "dealer (seat 0)"}
"""The seats whose exact chances are counted: first and last to play."""
CLASSES = {
    "wizard": "a Wizard",
    "high_trump": "trump 10-13, no Wizard",
    "low_trump": "trump 1-9 only",
    "none": "no Wizard, no trump",
}
"""What the others show, from the player's seat (the strongest thing they hold)."""
HIGH_TRUMP = 10
SIZES = {
    "tiny": {"players": (4,), "rounds": 5000, "positions": 120},
    "quick": {"players": (3, 4, 5, 6), "rounds": 100000, "positions": 1500},
    "full": {"players": (3, 4, 5, 6), "rounds": 200000, "positions": 5000},
}


def odds(players: tuple[int, ...], rounds: int, *, progress: bool = False) -> pd.DataFrame:
    """:func:`wizstats.clairvoyance_odds` per player count (long format)."""
    parts = []
    for p in steps(players, NAME + " (rounds)", progress=progress):
        t = ws.clairvoyance_odds(Rules(p), rounds, seed=SEED + p, compare_policy=POLICY, confidence_level=CONFIDENCE)
        # the first four with intervals, the others (means over positions, the normal round) without
        for q in (
            "bid_1",
            "takes_trick",
            "accuracy",
            "mean_score",
            "mean_chance",
            "normal_accuracy",
            "normal_mean_score",
        ):
            ci = f"{q}_low" in t
            parts.append(
                pd.DataFrame(
                    {
                        "part": "rounds",
                        "n_players": p,
                        "seat": t.seat,
                        "held": "any",
                        "quantity": q,
                        "value": t[q],
                        "low": t[f"{q}_low"] if ci else np.nan,
                        "high": t[f"{q}_high"] if ci else np.nan,
                        "n": rounds,
                        "seed": SEED + p,
                    }
                )
            )
    return pd.concat(parts, ignore_index=True)


def held_class(rules: Rules, cards: list[int], seat: int, trump: int | None) -> str:
    """The strongest thing the others show (see :data:`CLASSES`)."""
    shown = [rules.deck.card(c) for s, c in enumerate(cards) if s != seat]
    if any(c.kind is CardKind.WIZARD for c in shown):
        return "wizard"
    trumps = [c.rank for c in shown if c.kind is CardKind.SUIT and trump is not None and int(c.suit) == trump]
    if not trumps:
        return "none"
    return "high_trump" if max(trumps) >= HIGH_TRUMP else "low_trump"


def positions(p: int, count: int, seed: int) -> pd.DataFrame:
    """Random round-1 positions and the exact chance of the leader's and the dealer's card."""
    rules = Rules(p)
    deck = rules.deck
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(count):
        ids = [int(i) for i in rng.permutation(deck.size)[: p + 1]]
        cards, turned = ids[:p], deck.card(ids[p])
        trump: int | None = None
        if turned.kind is CardKind.SUIT:
            trump = int(turned.suit)  # type: ignore[arg-type]
        elif turned.kind is CardKind.WIZARD:
            trump = int(rng.integers(deck.n_suits))
        shown = [deck.card(c) for c in cards]
        for seat in SEATS:
            chance = clairvoyant_chance(
                shown, seat, turned=turned, trump=None if trump is None else Suit(trump), rules=rules
            )
            rows.append({"seat": seat, "held": held_class(rules, cards, seat, trump), "chance": float(chance)})
    return pd.DataFrame(rows)


def by_held(players: tuple[int, ...], count: int, *, progress: bool = False) -> pd.DataFrame:
    """Per player count, seat and class of what the others hold: share, chance, best bid, its odds and points."""
    rows = []
    for p in steps(players, NAME + " (positions)", progress=progress):
        pos = positions(p, count, SEED + 100 + p)
        for seat in SEATS:
            at = pos[pos.seat == seat]
            for held in ("all", *CLASSES):
                s = at if held == "all" else at[at.held == held]
                keys = {"part": "positions", "n_players": p, "seat": seat, "held": held, "seed": SEED + 100 + p}
                ci = wilson_interval(len(s), len(at), confidence_level=CONFIDENCE)
                rows.append(
                    {
                        **keys,
                        "quantity": "share",
                        "value": len(s) / len(at),
                        "low": ci.low,
                        "high": ci.high,
                        "n": len(at),
                    }
                )
                c = s.chance.to_numpy()
                bid_1 = c >= 3 / 7  # where bidding 1 scores at least as much on average as 0
                values = {
                    "chance_bid_1_made": c,
                    "best_bid_1": bid_1.astype(float),
                    "best_bid_made": np.where(bid_1, c, 1 - c),
                    "best_bid_points": np.where(bid_1, 40 * c - 10, 20 - 30 * c),
                }
                for q, v in values.items():
                    mean = float(v.mean()) if v.size else np.nan
                    mci = mean_interval(
                        mean, float(v.var(ddof=1)) if v.size > 1 else 0.0, v.size, confidence_level=CONFIDENCE
                    )
                    rows.append({**keys, "quantity": q, "value": mean, "low": mci.low, "high": mci.high, "n": v.size})
    return pd.DataFrame(rows)


def _get(frame: pd.DataFrame, part: str, p: int, seat: int, held: str, quantity: str) -> pd.Series:
    s = frame[
        (frame.part == part)
        & (frame.n_players == p)
        & (frame.seat == seat)
        & (frame.held == held)
        & (frame.quantity == quantity)
    ]
    return s.iloc[0]


def _display(frame: pd.DataFrame, players: tuple[int, ...]) -> pd.DataFrame:
    rows = []
    for p in players:
        for seat, label in SEATS.items():
            acc = _get(frame, "rounds", p, seat, "any", "accuracy")
            pts = _get(frame, "rounds", p, seat, "any", "mean_score")
            normal = _get(frame, "rounds", p, seat, "any", "normal_mean_score")
            row = {
                "players": p,
                "seat": label,
                "bids 1": pct(_get(frame, "rounds", p, seat, "any", "bid_1").value),
                "bid met": pct_ci(acc.value, acc.low, acc.high),
                "points": f"{num_ci(pts.value, pts.low, pts.high)} (normal round {normal.value:.1f})",
            }
            for held, text in CLASSES.items():
                c = _get(frame, "positions", p, seat, held, "chance_bid_1_made")
                row[f"chance to take it, others show {text}"] = "-" if c.n == 0 else pct(c.value)
            rows.append(row)
    return pd.DataFrame(rows)


def _figure(frame: pd.DataFrame, players: tuple[int, ...]):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(1, 2, width=12, height=4.6)
    left, right = axes[0]
    colours = {1: "#c0504d", 0: "#4f81bd"}
    for seat, label in SEATS.items():
        c = [_get(frame, "rounds", p, seat, "any", "mean_score").value for p in players]
        nrm = [_get(frame, "rounds", p, seat, "any", "normal_mean_score").value for p in players]
        left.plot(players, c, "o-", color=colours[seat], label=f"{label}, clairvoyant")
        left.plot(players, nrm, "s--", color=colours[seat], label=f"{label}, normal round")
    left.set_xticks(players)
    left.set_xlabel("players")
    left.set_ylabel("mean points in round 1")
    left.set_title("Points in round 1: clairvoyant against a normal round")
    left.legend(fontsize=7)
    p0 = 4 if 4 in players else players[0]
    x = np.arange(len(CLASSES))
    for j, (seat, label) in enumerate(SEATS.items()):
        g = [_get(frame, "positions", p0, seat, h, "chance_bid_1_made") for h in CLASSES]
        v = np.array([100 * s.value if s.n else 0.0 for s in g])
        err = np.array(
            [
                [100 * (s.value - s.low) if s.n > 1 else 0 for s in g],
                [100 * (s.high - s.value) if s.n > 1 else 0 for s in g],
            ]
        )
        right.bar(x + (j - 0.5) * 0.4, v, 0.4, yerr=err, capsize=2, color=colours[seat], label=label)
    right.axhline(100 * 3 / 7, color="black", linewidth=0.8, linestyle=":", label="bid 1 from 3/7")
    right.set_xticks(x, [text.replace(", ", "\n") for text in CLASSES.values()], fontsize=8)
    right.set_ylabel("% chance the unseen card takes the trick")
    right.set_title(f"By what the others show, {p0} players (exact per position)")
    right.legend(fontsize=7)
    return fig


def _finding(frame: pd.DataFrame, players: tuple[int, ...]) -> str:
    p0 = 4 if 4 in players else players[0]
    lead, deal = (_get(frame, "rounds", p0, s, "any", "mean_chance").value for s in (1, 0))
    parts = []
    for p in players:
        gains = [
            _get(frame, "rounds", p, s, "any", "mean_score").value
            - _get(frame, "rounds", p, s, "any", "normal_mean_score").value
            for s in range(p)
        ]
        parts.append(f"{p} players {sum(gains) / p:+.1f}")
    acc = {s: _get(frame, "rounds", p0, s, "any", "accuracy") for s in (1, 0)}
    text = (
        f"Not seeing his own card, the {p0}-player leader's card takes the trick with an average chance of"
        f" {pct(lead)}, the dealer's {pct(deal)}; bidding 1 from a chance of 3/7, the leader meets his bid"
        f" {pct(acc[1].value)} of the time and the dealer {pct(acc[0].value)}. Mean round-1 points per player,"
        f" clairvoyant minus an ordinary first round ({POLICY} players, who see their own card): {', '.join(parts)}."
    )
    held = []
    for h in CLASSES:
        c, b = (_get(frame, "positions", p0, 1, h, q) for q in ("chance_bid_1_made", "best_bid_1"))
        if c.n:
            held.append(f"{CLASSES[h]}: {pct(c.value)} (best bid 1 in {pct(b.value, 0)} of such positions)")
    text += f" By what the others show, the leader's exact chance is: {'; '.join(held)}."
    w = _get(frame, "positions", p0, 0, "wizard", "chance_bid_1_made")
    if w.n:
        text += (
            f" Facing a Wizard the dealer, playing last, never takes the trick (0 of {int(w.n)} positions): only"
            " the first Wizard played wins."
            if w.value == 0
            else f" Facing a Wizard the dealer's chance is {pct(w.value)}."
        )
    return text


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Clairvoyant round-1 odds by seat and by what the others hold; write the three files."""
    par = size_params(SIZES, size)
    players = tuple(par["players"])
    frame = pd.concat(
        [odds(players, par["rounds"], progress=progress), by_held(players, par["positions"], progress=progress)],
        ignore_index=True,
    )
    first = ["part", "n_players", "seat", "held", "quantity", "value", "low", "high", "n", "seed"]
    frame = frame[first]
    assumptions = {
        "rules": "round 1 (one card each), standard deck and scoring, no plus/minus one; trump after a turned Wizard"
        " named by the dealer after looking (rounds) or a random suit (positions)",
        "players": "clairvoyant: every player bids 1 when his exact chance is at least 3/7 (wizstats.reference.clairvoyance);"
        f" normal round for comparison: {POLICY} for every seat, same seed",
        "sample": f"{par['rounds']:,} rounds per player count (seed {SEED} + players); {par['positions']:,} random"
        f" positions per player count for the exact chances (numpy seed {SEED} + 100 + players)",
        "exact": "the chance of a position is exact (a count over the cards the player cannot see); shares and means"
        " over positions are sampled",
        "classes": "what the others show, strongest first: a Wizard; a trump of rank 10-13; a lower trump; neither",
        "intervals": f"{CONFIDENCE:.0%}: Wilson for shares, normal for means",
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
