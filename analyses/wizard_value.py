"""How the Dragon and Fairy, and the Bomb, change what a Wizard is worth.

In the standard game a Wizard loses its trick only to an earlier Wizard. The Dragon beats every
Wizard (and loses only to the Fairy), and a Bomb makes a trick count for nobody (RULES 8). Every
Wizard dealt is played, so the share of Wizards that take their trick is also the tricks a Wizard
in hand is worth. Measured from traced rounds (:func:`wizstats.trace_rounds`,
:func:`wizstats.trace_special`), with the ``expert`` players, as a control that plays the same way
under every rule the ``random`` ones, and to show how far the answer depends on the player the ``heuristic`` ones.
"""

from __future__ import annotations

import math
from pathlib import Path
from statistics import NormalDist

import numpy as np
import pandas as pd

import wizstats as ws
from wizstats import CardKind, Rules, wilson_interval

from ._common import CONFIDENCE, finish, main, new_figure, pct, pct_ci, size_params, steps

NAME = "wizard_value"
ORDER = 94
TITLE = "What a Wizard is worth with the Dragon and Fairy, or the Bomb"
QUESTION = "How often does a Wizard take its trick in the standard game, with the Dragon and Fairy, and with the Bomb?"
POLICY = ws.DEFAULT_POLICY
"""The players: ``expert`` at every seat, the special-card engine's own with special cards, the standard one in
the standard game."""
SENSITIVITY = "heuristic"
"""The same measure under the ``heuristic`` players: does the answer depend on the player?"""
SEED = 12000
N_PLAYERS = 4
SETTINGS = {"standard": frozenset(), "dragon+fairy": frozenset({"dragon", "fairy"}), "bomb": frozenset({"bomb"})}
POLICIES = (POLICY, "random", SENSITIVITY)
SIZES = {
    "tiny": {"hand_sizes": (8,), "n": 300},
    "quick": {"hand_sizes": (3, 8, 13), "n": 8000},
    "full": {"hand_sizes": (3, 8, 13), "n": 30000},
}
OUTCOMES = {
    "takes_trick": "takes its trick",
    "lost_to_wizard": "an earlier Wizard",
    "lost_to_dragon": "the Dragon",
    "lost_to_fairy": "the Fairy",
    "bombed": "a Bomb",
}
LOSSES = {CardKind.WIZARD: "lost_to_wizard", CardKind.DRAGON: "lost_to_dragon", CardKind.FAIRY: "lost_to_fairy"}


def traced(setting: str, r: int, n: int, policy: str, seed: int) -> tuple[Rules, np.ndarray, np.ndarray, np.ndarray]:
    """``rules, cards[R, r, n]`` (card ids in play order), ``leaders[R, r]`` and ``winners[R, r]`` (-1: bombed)."""
    rules = Rules(N_PLAYERS, special_cards=SETTINGS[setting])
    if not rules.special_cards:
        tr = ws.trace_rounds(rules, r, n, policies=policy, seed=seed)
        return rules, tr.plays, tr.leaders, tr.winners
    st = ws.trace_special(rules, r, n, policies=policy, seed=seed)
    return rules, st.plays[:, :, :, 0], st.tricks[:, :, 0], st.tricks[:, :, 2]


def outcomes(rules: Rules, cards: np.ndarray, leaders: np.ndarray, winners: np.ndarray) -> dict[str, int]:
    """How every Wizard played ended: took its trick, or which card took it, or bombed."""
    n = rules.n_players
    kinds = np.array([int(rules.deck.card(i).kind) for i in range(rules.deck.size)])
    r_i, t_i, pos = np.nonzero(kinds[cards] == CardKind.WIZARD)
    player = (leaders[r_i, t_i] + pos) % n
    winner = winners[r_i, t_i]
    counts = {"plays": len(r_i), "takes_trick": int((winner == player).sum()), "bombed": int((winner < 0).sum())}
    lost = (winner != player) & (winner >= 0)
    win_pos = (winner[lost] - leaders[r_i, t_i][lost]) % n
    win_kind = kinds[cards[r_i[lost], t_i[lost], win_pos]]
    for kind, name in LOSSES.items():
        counts[name] = int((win_kind == kind).sum())
    counts["lost_to_other"] = int(lost.sum()) - sum(counts[name] for name in LOSSES.values())
    return counts


def measure(hand_sizes: tuple[int, ...], n: int, *, progress: bool = False) -> pd.DataFrame:
    """One row per setting, policy, hand size and outcome: share of Wizards played, Wilson interval."""
    rows = []
    plan = [(s, p, r) for s in SETTINGS for p in POLICIES for r in hand_sizes]
    for setting, policy, r in steps(plan, NAME, total=len(plan), progress=progress):
        seed = SEED + 100 * list(SETTINGS).index(setting) + 10 * POLICIES.index(policy) + r
        counts = outcomes(*traced(setting, r, n, policy, seed))
        plays = counts["plays"]
        for quantity in [*OUTCOMES, "lost_to_other"]:
            ci = wilson_interval(counts[quantity], plays, confidence_level=CONFIDENCE)
            rows.append(
                {
                    "setting": setting,
                    "policy": policy,
                    "hand_size": r,
                    "quantity": quantity,
                    "value": counts[quantity] / plays,
                    "low": ci.low,
                    "high": ci.high,
                    "n": plays,
                    "rounds": n,
                    "seed": seed,
                }
            )
    frame = pd.DataFrame(rows)
    return pd.concat([frame, changes(frame)], ignore_index=True)


def changes(frame: pd.DataFrame) -> pd.DataFrame:
    """``takes_trick`` with the special cards minus standard, per policy and hand size (normal interval)."""
    z = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)
    take = frame[frame.quantity == "takes_trick"].set_index(["setting", "policy", "hand_size"])
    rows = []
    for (setting, policy, r), row in take.iterrows():
        if setting == "standard":
            continue
        base = take.loc[("standard", policy, r)]
        d = row.value - base.value
        half = z * math.sqrt(row.value * (1 - row.value) / row.n + base.value * (1 - base.value) / base.n)
        rows.append(
            {
                "setting": setting,
                "policy": policy,
                "hand_size": r,
                "quantity": "change_vs_standard",
                "value": d,
                "low": d - half,
                "high": d + half,
                "n": row.n,
                "rounds": row.rounds,
                "seed": row.seed,
            }
        )
    return pd.DataFrame(rows)


def _get(frame: pd.DataFrame, setting: str, policy: str, r: int, quantity: str) -> pd.Series:
    s = frame[
        (frame.setting == setting) & (frame.policy == policy) & (frame.hand_size == r) & (frame.quantity == quantity)
    ]
    return s.iloc[0]


def _display(frame: pd.DataFrame, hand_sizes: tuple[int, ...]) -> pd.DataFrame:
    rows = []
    for setting in SETTINGS:
        for policy in POLICIES:
            row: dict[str, object] = {"rules": setting, "players": policy}
            for r in hand_sizes:
                g = _get(frame, setting, policy, r, "takes_trick")
                row[f"takes its trick, {r} cards"] = pct_ci(g.value, g.low, g.high)
            mid = hand_sizes[len(hand_sizes) // 2]
            lost = {q: _get(frame, setting, policy, mid, q).value for q in OUTCOMES if q != "takes_trick"}
            row[f"lost to ({mid} cards)"] = ", ".join(f"{OUTCOMES[q]} {pct(v)}" for q, v in lost.items() if v > 0)
            rows.append(row)
    return pd.DataFrame(rows)


def _figure(frame: pd.DataFrame, hand_sizes: tuple[int, ...]):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(1, 2, width=12, height=4.6)
    left, right = axes[0]
    colours = {"standard": "#4f81bd", "dragon+fairy": "#c0504d", "bomb": "#9bbb59"}
    for setting, colour in colours.items():
        for policy, style in zip(POLICIES, ("o-", "s--", "^:"), strict=True):
            s = frame[(frame.setting == setting) & (frame.policy == policy) & (frame.quantity == "takes_trick")]
            left.plot(s.hand_size, 100 * s.value, style, color=colour, markersize=4, label=f"{setting}, {policy}")
            left.fill_between(s.hand_size, 100 * s.low, 100 * s.high, color=colour, alpha=0.15)
    left.set_xticks(hand_sizes)
    left.set_xlabel("hand size")
    left.set_ylabel("% of Wizards that take their trick")
    left.set_title(f"A Wizard's trick, {N_PLAYERS} players (95% intervals)")
    left.legend(fontsize=7)
    mid = hand_sizes[len(hand_sizes) // 2]
    bottom = np.zeros(len(SETTINGS))
    for q, colour in zip(list(OUTCOMES)[1:], ("#7f7f7f", "#c0504d", "#f79646", "#9bbb59"), strict=True):
        v = np.array([100 * _get(frame, s, POLICY, mid, q).value for s in SETTINGS])
        right.bar(list(SETTINGS), v, bottom=bottom, color=colour, label=f"lost to {OUTCOMES[q]}")
        bottom += v
    right.set_ylabel("% of Wizards played")
    right.set_title(f"Why a Wizard loses, {mid} cards, {POLICY}")
    right.legend(fontsize=7, loc="upper right")
    return fig


def _finding(frame: pd.DataFrame, hand_sizes: tuple[int, ...]) -> str:
    mid = hand_sizes[len(hand_sizes) // 2]
    std = _get(frame, "standard", POLICY, mid, "takes_trick")
    df, bomb = (_get(frame, s, POLICY, mid, "change_vs_standard") for s in ("dragon+fairy", "bomb"))
    dragon = _get(frame, "dragon+fairy", POLICY, mid, "lost_to_dragon")
    fairy = _get(frame, "dragon+fairy", POLICY, mid, "lost_to_fairy")
    bombed = _get(frame, "bomb", POLICY, mid, "bombed")
    rnd = {s: _get(frame, s, "random", mid, "change_vs_standard") for s in ("dragon+fairy", "bomb")}
    other = {s: _get(frame, s, SENSITIVITY, mid, "change_vs_standard") for s in ("dragon+fairy", "bomb")}
    agree = all(other[s].low <= c.high and c.low <= other[s].high for s, c in (("dragon+fairy", df), ("bomb", bomb)))
    changes = frame[(frame.quantity == "change_vs_standard") & (frame.policy == POLICY)]
    worst = changes.loc[changes.value.idxmin()]
    return (
        f"In the standard game a Wizard takes its trick {pct(std.value)} of the time ({mid} cards, {N_PLAYERS}"
        f" {POLICY} players); only an earlier Wizard beats it. With the Dragon and Fairy that changes by"
        f" {100 * df.value:+.1f} percentage points [{100 * df.low:+.1f}, {100 * df.high:+.1f}] (lost to the Dragon"
        f" {pct(dragon.value)}, to the Fairy {pct(fairy.value)}), with the Bomb by {100 * bomb.value:+.1f}"
        f" [{100 * bomb.low:+.1f}, {100 * bomb.high:+.1f}] ({pct(bombed.value)} of Wizards fall in a bombed trick)."
        f" The largest loss over the hand sizes measured is {100 * worst.value:+.1f} points ({worst.setting},"
        f" {int(worst.hand_size)} cards). With random players, who play the same way under every rule, the changes"
        f" at {mid} cards are {100 * rnd['dragon+fairy'].value:+.1f} (Dragon and Fairy) and"
        f" {100 * rnd['bomb'].value:+.1f} (Bomb) points; with {SENSITIVITY} players"
        f" {100 * other['dragon+fairy'].value:+.1f} and {100 * other['bomb'].value:+.1f}"
        f" ({'within' if agree else 'outside'} the intervals of the {POLICY}'s). Counted in tricks, a Wizard in hand is worth"
        f" {std.value:.2f} in the standard game, {std.value + df.value:.2f} with the Dragon and Fairy and"
        f" {std.value + bomb.value:.2f} with the Bomb"
        + (
            ": still nearly a sure trick."
            if min(df.value, bomb.value) + std.value >= 0.95
            else ": no longer a sure trick."
        )
    )


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Trace rounds under the three rule sets; write the three files."""
    par = size_params(SIZES, size)
    hand_sizes, n = tuple(par["hand_sizes"]), par["n"]
    frame = measure(hand_sizes, n, progress=progress)
    assumptions = {
        "rules": f"{N_PLAYERS} players, no plus/minus one; standard deck, plus the Dragon and Fairy, or plus the Bomb"
        " (RULES 8, readings of wizstats.reference.special)",
        "players": f"{POLICY} for every seat (the special-card engine's expert when special cards are in the deck);"
        f" as a control, random for every seat; and {SENSITIVITY} for every seat, to show how far the answer"
        " depends on the player",
        "sample": f"{n:,} rounds per rule set, players and hand size ({', '.join(map(str, hand_sizes))} cards);"
        f" seed {SEED} + 100 x rule set (standard 0, dragon+fairy 1, bomb 2) + 10 x players ({POLICY} 0,"
        f" random 1, {SENSITIVITY} 2) + hand size",
        "measure": "every Wizard played (every Wizard dealt is played); it takes its trick when its player wins"
        " the trick; a bombed trick counts for nobody",
        "intervals": f"{CONFIDENCE:.0%} Wilson over Wizards played (Wizards of one round treated as independent);"
        " changes: normal, independent samples",
    }
    return finish(
        NAME,
        frame,
        _figure(frame, hand_sizes),
        title=TITLE,
        question=QUESTION,
        finding=_finding(frame, hand_sizes),
        assumptions=assumptions,
        display=_display(frame, hand_sizes),
        out_dir=out_dir,
        size=size,
    )


if __name__ == "__main__":
    main(run)
