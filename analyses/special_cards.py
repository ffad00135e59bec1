"""What each special card of the anniversary editions (RULES 8) is worth in tricks, and what it does to the bids.

Each card is switched on alone (the Dragon with the Fairy, which come together) at a table of
four, and rounds are played by the special-card engine (:func:`wizstats.trace_special`, every
card and choice kept). Worth in tricks: the tricks of the player dealt the card against the mean
of the other three players at the same deal (he holds it in place of an average card), and how
often the card takes the trick it is played in. Bids: the share of bids met with the card in the
deck against the standard game (:func:`wizstats.trace_rounds`), and the holder's against the others'.
"""

from __future__ import annotations

import math
from pathlib import Path
from statistics import NormalDist

import numpy as np
import pandas as pd

import wizstats as ws
from wizstats import CardKind, Rules, wilson_interval
from wizstats.engine import SpecialTrace
from wizstats.intervals import mean_interval

from ._common import CONFIDENCE, finish, main, new_figure, num_ci, pct, pct_ci, size_params, steps

NAME = "special_cards"
ORDER = 92
TITLE = "The special cards: what each is worth in tricks, and what it does to the bids"
QUESTION = "What is each anniversary special card worth to its holder, and does it make bids harder to meet?"
POLICY = ws.DEFAULT_POLICY
"""The players: ``expert`` at every seat, the special-card engine's own in games with a special card, the
standard one in the standard game."""
SENSITIVITY = "heuristic"
"""The same rounds at the middle hand size under the ``heuristic`` players: does the answer depend on the player?"""
SEED = 11000
N_PLAYERS = 4
SETTINGS = ("dragon+fairy", "bomb", "werewolf", "juggler", "cloud", "shapeshifter", "witch", "vampire")
"""Each switched on alone (the Dragon and the Fairy only come together)."""
SIZES = {
    "tiny": {"hand_sizes": (8,), "n": 150},
    "quick": {"hand_sizes": (3, 8, 13), "n": 2500},
    "full": {"hand_sizes": (3, 8, 13), "n": 4000},
}
T_CARD = 0
"""Column of the card id in ``SpecialTrace.plays`` (see :class:`wizstats.engine.SpecialTrace`)."""
K_LEAD, K_WIN = 0, 2
S_TRICKS, S_FINAL, S_POINTS = 1, 3, 4
R_TURNED = 0


def setting_rules(setting: str) -> Rules:
    """``Rules(4)`` with the special cards of ``setting`` (``dragon+fairy`` or one card)."""
    return Rules(N_PLAYERS, special_cards=frozenset(setting.split("+")))


def card_id(rules: Rules, kind: CardKind) -> int:
    """The id of the (only) card of ``kind`` in the deck of ``rules``."""
    return next(i for i in range(rules.deck.size) if rules.deck.card(i).kind is kind)


def _mean_row(values: np.ndarray, **keys: object) -> dict[str, object]:
    """Mean of ``values`` with a normal interval over them."""
    n = int(values.size)
    mean = float(values.mean()) if n else float("nan")
    var = float(values.var(ddof=1)) if n > 1 else float("nan")
    if n < 2:
        return {**keys, "value": mean, "low": float("nan"), "high": float("nan"), "n": n}
    ci = mean_interval(mean, var, n, confidence_level=CONFIDENCE)
    return {**keys, "value": mean, "low": ci.low, "high": ci.high, "n": n}


def _share_row(k: int, n: int, **keys: object) -> dict[str, object]:
    """``k / n`` with a Wilson interval."""
    if n == 0:
        return {**keys, "value": float("nan"), "low": float("nan"), "high": float("nan"), "n": 0}
    ci = wilson_interval(int(k), int(n), confidence_level=CONFIDENCE)
    return {**keys, "value": k / n, "low": ci.low, "high": ci.high, "n": int(n)}


def card_rows(trace: SpecialTrace, card_id: int, **keys: object) -> list[dict[str, object]]:
    """Holder against the others, the card's own tricks and bids met, for one special card of a trace."""
    n = trace.rules.n_players
    held = (trace.hands == card_id).any(axis=2)  # [R, n]
    rows_with = held.any(axis=1)
    holder = held[rows_with].argmax(axis=1)
    seats = trace.seats[rows_with]
    idx = np.arange(len(holder))
    tricks, points = seats[:, :, S_TRICKS], seats[:, :, S_POINTS]
    met = seats[:, :, S_FINAL] == tricks
    others = ~np.eye(n, dtype=bool)[holder]
    h_tricks = tricks[idx, holder].astype(float)
    o_tricks = (tricks * others).sum(axis=1) / (n - 1)
    h_points = points[idx, holder].astype(float)
    o_points = (points * others).sum(axis=1) / (n - 1)
    # the card's own tricks: the trick it lies in goes to the player who played it
    plays = trace.plays[:, :, :, T_CARD]  # [R, r, position]
    r_i, t_i, pos = np.nonzero(plays == card_id)
    player = (trace.tricks[r_i, t_i, K_LEAD] + pos) % n
    took = int((trace.tricks[r_i, t_i, K_WIN] == player).sum())
    return [
        _share_row(int(rows_with.sum()), len(trace.hands), quantity="dealt", **keys),
        _mean_row(h_tricks, quantity="holder_tricks", **keys),
        _mean_row(o_tricks, quantity="others_tricks", **keys),
        _mean_row(h_tricks - o_tricks, quantity="holder_minus_others_tricks", **keys),
        _mean_row(h_points - o_points, quantity="holder_minus_others_points", **keys),
        _share_row(took, len(r_i), quantity="card_takes_its_trick", **keys),
        _share_row(int(met[idx, holder].sum()), len(holder), quantity="accuracy_holder", **keys),
        _mean_row((met & others).sum(axis=1) / (n - 1), quantity="accuracy_others", **keys),
    ]


def _diff_row(a: np.ndarray, b: np.ndarray, **keys: object) -> dict[str, object]:
    """Mean of ``a`` minus mean of ``b`` (independent samples) with a normal interval."""
    d = float(a.mean() - b.mean())
    var = float(a.var(ddof=1) / a.size + b.var(ddof=1) / b.size) if min(a.size, b.size) > 1 else float("nan")
    half = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2) * math.sqrt(var)
    return {**keys, "value": d, "low": d - half, "high": d + half, "n": int(a.size)}


def setting_rows(trace: SpecialTrace, **keys: object) -> list[dict[str, object]]:
    """Per special card of the setting: :func:`card_rows` and bids met with it dealt against rounds without."""
    rules = trace.rules
    kinds = list(rules.deck.specials)
    ids = [card_id(rules, kind) for kind in kinds]
    met = (trace.seats[:, :, S_FINAL] == trace.seats[:, :, S_TRICKS]).mean(axis=1)
    in_hand = [(trace.hands == i).any(axis=(1, 2)) for i in ids]
    turned = np.isin(trace.rounds[:, R_TURNED], ids)
    without = ~np.logical_or.reduce(in_hand) & ~turned
    rows = []
    for kind, i, dealt in zip(kinds, ids, in_hand, strict=True):
        card = kind.name.lower()
        rows.extend(card_rows(trace, i, card=card, **keys))
        rows.append(_mean_row(met[dealt], card=card, quantity="accuracy_with_card", **keys))
        rows.append(_mean_row(met[without], card=card, quantity="accuracy_without_card", **keys))
        rows.append(_diff_row(met[dealt], met[without], card=card, quantity="accuracy_change", **keys))
    return rows


def measure(hand_sizes: tuple[int, ...], n: int, *, policy: str = POLICY, progress: bool = False) -> pd.DataFrame:
    """One row per setting, card, hand size and quantity; the standard game as ``setting == "standard"``."""
    plan = [(s, r) for s in ("standard", *SETTINGS) for r in hand_sizes]
    # The special settings first, the standard game last: in the report's worker processes this analysis
    # starts beside one that compiles the standard engine (wizstats.report.warm.START_APART), which by the
    # time this one gets to it is in the cache. The seeds and the rows' order are the plan's either way.
    order = sorted(range(len(plan)), key=lambda k: plan[k][0] == "standard")
    rows_of: dict[int, list[dict[str, object]]] = {}
    for k in steps(order, NAME, total=len(plan), progress=progress):
        setting, r = plan[k]
        seed = SEED + 100 * (k // len(hand_sizes)) + r
        keys = {"setting": setting, "hand_size": r, "policy": policy, "seed": seed}
        if setting == "standard":
            tr = ws.trace_rounds(Rules(N_PLAYERS), r, n, policies=policy, seed=seed)
            met = (tr.bids == tr.tricks).mean(axis=1)
            rows_of[k] = [_mean_row(met, card="none", quantity="accuracy_standard", **keys)]
        else:
            trace = ws.trace_special(setting_rules(setting), r, n, policies=policy, seed=seed)
            rows_of[k] = setting_rows(trace, **keys)
    frame = pd.DataFrame([row for k in range(len(plan)) for row in rows_of[k]])
    return frame[["setting", "card", "hand_size", "quantity", "value", "low", "high", "n", "policy", "seed"]]


def _get(frame: pd.DataFrame, card: str, r: int, quantity: str, policy: str = POLICY) -> pd.Series:
    s = frame[(frame.card == card) & (frame.hand_size == r) & (frame.quantity == quantity) & (frame.policy == policy)]
    return s.iloc[0]


def _cards(frame: pd.DataFrame) -> list[str]:
    return [c for c in dict.fromkeys(frame.card) if c != "none"]


def _display(frame: pd.DataFrame, hand_sizes: tuple[int, ...]) -> pd.DataFrame:
    mid = hand_sizes[len(hand_sizes) // 2]
    rows = []
    for card in _cards(frame):
        row: dict[str, object] = {"card": card}
        for r in hand_sizes:
            g = _get(frame, card, r, "holder_minus_others_tricks")
            row[f"extra tricks, {r} cards"] = num_ci(g.value, g.low, g.high, 2, sign=True)
        t = _get(frame, card, mid, "card_takes_its_trick")
        row[f"card takes its trick ({mid} cards)"] = "-" if t.n == 0 else pct_ci(t.value, t.low, t.high)
        c = _get(frame, card, mid, "accuracy_change")
        row[f"bids met, card dealt vs not ({mid} cards)"] = (
            f"{100 * c.value:+.1f} pp [{100 * c.low:+.1f}, {100 * c.high:+.1f}]"
        )
        h, o = _get(frame, card, mid, "accuracy_holder"), _get(frame, card, mid, "accuracy_others")
        row[f"holder / others meet bid ({mid} cards)"] = f"{pct(h.value)} / {pct(o.value)}"
        g = _get(frame, card, mid, "holder_minus_others_tricks", SENSITIVITY)
        row[f"extra tricks, {mid} cards, under {SENSITIVITY}"] = num_ci(g.value, g.low, g.high, 2, sign=True)
        rows.append(row)
    return pd.DataFrame(rows)


def _figure(frame: pd.DataFrame, hand_sizes: tuple[int, ...]):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(1, 2, width=12, height=4.8)
    left, right = axes[0]
    cards = _cards(frame)
    x = np.arange(len(cards))
    width = 0.8 / len(hand_sizes)
    colours = ["#4f81bd", "#c0504d", "#9bbb59", "#8064a2"]
    for j, r in enumerate(hand_sizes):
        for ax, quantity, scale in ((left, "holder_minus_others_tricks", 1), (right, "accuracy_change", 100)):
            g = [_get(frame, c, r, quantity) for c in cards]
            v = np.array([scale * s.value for s in g])
            err = np.array([[scale * (s.value - s.low) for s in g], [scale * (s.high - s.value) for s in g]])
            ax.bar(
                x + (j - (len(hand_sizes) - 1) / 2) * width,
                v,
                width,
                yerr=err,
                capsize=2,
                color=colours[j % len(colours)],
                label=f"{r} cards",
            )
    for ax in (left, right):
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xticks(x, cards, rotation=35, ha="right")
        ax.legend(fontsize=7)
    left.set_ylabel("holder's tricks minus the others' mean")
    left.set_title("What the card is worth in tricks (95% intervals)")
    right.set_ylabel("bids met, percentage points")
    right.set_title("Bids met: rounds with the card dealt minus rounds without")
    return fig


def _finding(frame: pd.DataFrame, hand_sizes: tuple[int, ...]) -> str:
    mid = hand_sizes[len(hand_sizes) // 2]
    cards = _cards(frame)
    worth = {c: _get(frame, c, mid, "holder_minus_others_tricks") for c in cards}
    ranked = sorted(cards, key=lambda c: -worth[c].value)
    best, worst = ranked[0], ranked[-1]
    plus = [c for c in cards if worth[c].low > 0]
    minus = [c for c in cards if worth[c].high < 0]
    change = {c: _get(frame, c, mid, "accuracy_change") for c in cards}
    harder = [c for c in cards if change[c].high < 0]
    easier = [c for c in cards if change[c].low > 0]
    text = (
        f"In rounds of {mid} cards at a table of {N_PLAYERS}, the {best} is worth most to the player dealt it:"
        f" {worth[best].value:+.2f} tricks against the mean of the other three players at the same deal"
        f" [{worth[best].low:+.2f}, {worth[best].high:+.2f}]; the {worst} least ({worth[worst].value:+.2f})."
        f" Clearly worth more than an average card: {', '.join(plus) or 'none'};"
        f" clearly less: {', '.join(minus) or 'none'}."
    )
    low, high = min(cards, key=lambda c: change[c].value), max(cards, key=lambda c: change[c].value)
    clauses = [f"clearly more with the {', '.join(easier)}"] if easier else []
    clauses += [f"clearly fewer with the {', '.join(harder)}"] if harder else []
    text += (
        " Bids met, in the same games, rounds with the card in a hand against rounds without it: "
        + ("; ".join(clauses) if clauses else "no card clearly changes the share")
        + f" (from {100 * change[low].value:+.1f} percentage points for the {low} to"
        f" {100 * change[high].value:+.1f} for the {high})."
    )
    ours = frame[frame.policy == POLICY]
    without = ours[(ours.quantity == "accuracy_without_card") & (ours.hand_size == mid)].value.mean()
    std = ours[(ours.quantity == "accuracy_standard") & (ours.hand_size == mid)].iloc[0]
    text += (
        f" Even without a special card in any hand, the special-card {POLICY} meets {pct(without)} of its bids"
        f" against {pct(std.value)} for the standard {POLICY} in the standard game, so compare the cards with"
        " each other and with the rounds without them, not with the standard game."
    )
    other = {c: _get(frame, c, mid, "holder_minus_others_tricks", SENSITIVITY) for c in cards}
    agree = [c for c in cards if other[c].low <= worth[c].high and worth[c].low <= other[c].high]
    o_ranked = sorted(cards, key=lambda c: -other[c].value)
    text += (
        f" Under {SENSITIVITY} players at every seat (the same deals, {mid} cards) the {o_ranked[0]} is worth most"
        f" and the {o_ranked[-1]} least; the two players' intervals of a card's worth overlap for"
        f" {len(agree)} of the {len(cards)} cards"
        + (f" (not for the {', '.join(c for c in cards if c not in agree)})." if len(agree) < len(cards) else ".")
    )
    return text


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Play rounds with each special card alone; write the three files."""
    par = size_params(SIZES, size)
    hand_sizes, n = tuple(par["hand_sizes"]), par["n"]
    mid = hand_sizes[len(hand_sizes) // 2]
    frame = pd.concat(
        [measure(hand_sizes, n, progress=progress), measure((mid,), n, policy=SENSITIVITY, progress=progress)],
        ignore_index=True,
    )
    assumptions = {
        "rules": f"{N_PLAYERS} players, standard rules (no plus/minus one) plus one special card (Dragon with Fairy);"
        " the readings of RULES 8 are those of wizstats.reference.special",
        "players": f"{POLICY} for every seat: the special-card engine's expert in games with a special card, the"
        f" standard expert in the standard game; at {mid} cards the same rounds again under {SENSITIVITY} (the"
        " special heuristic, the standard heuristic) to show how far the answer depends on the player",
        "sample": f"{n:,} rounds per setting and hand size ({', '.join(map(str, hand_sizes))} cards);"
        f" seed {SEED} + 100 x setting number (standard 0, then {', '.join(SETTINGS)}) + hand size",
        "worth": "holder = the player dealt the card; extra tricks = his tricks minus the mean of the other three"
        " at the same deal (he holds it in place of an average card); the card takes its trick when the player"
        " who played it wins that trick (a Bomb's trick counts for nobody)",
        "bids met": "share of the four players whose tricks equal their final bid (after a Cloud's change), per"
        " round; change: rounds with the card in a hand minus rounds with no card of the setting dealt or turned,"
        f" same games; the standard game (standard {POLICY}) for reference",
        "intervals": f"{CONFIDENCE:.0%}: normal over rounds for means and shares per round, Wilson for the card's"
        " own tricks (plays treated as independent); changes: the two sets of rounds as independent samples",
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
