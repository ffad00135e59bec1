"""The source articles' own rules of thumb as ``wizstats ask`` questions (issue 17), each with a verdict.

Each question here states the article it comes from (``wizstats ask --list``) and answers with a
verdict computed from the numbers: the claim holds, does not hold, or depends on something named.
:data:`wizstats.questions.QUESTIONS` lists them after the rules of thumb.

>>> from wizstats.questions import ask
>>> print(ask("highest-of-suit", AskOptions(hand_size=1)).sentence)  # doctest: +ELLIPSIS
Holds with 1 card in hand: with 4 players a 10 you hold is the highest of its suit among the dealt cards 85.3% ...
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pandas as pd

from ..estimates import Result
from ..exact import break_even_probability, highest_of_suit
from ..players import DEFAULT_POLICY
from ..rules import Rules
from ..stats import (
    HIGH_STATES,
    JESTER_NEEDS,
    MIN_TIMING_ROUNDS,
    bid_visibility_edge,
    half_time_lead,
    jester_timing,
    jester_value,
    shedding,
    wizard_sure_trick,
)
from .base import ARTICLE_000, ARTICLE_003, DEALT, SIMULATED, Answer, AskOptions, Question, about, ci, pct

__all__ = ["CLAIMS"]


# ---------------------------------------------------------------- claim 5: a 10 can be the highest
def _highest_of_suit(o: AskOptions) -> Answer:
    rules = Rules(o.n_players)
    sizes = list(rules.schedule) if o.hand_size is None else [o.hand_size]
    t = highest_of_suit(o.n_players, sizes, ranks=[o.rank]).table
    card = f"a {o.rank}"
    value = t.set_index("hand_size").value
    frac = t.set_index("hand_size").fraction

    def cell(r: int) -> str:
        return f"{pct(value[r])} ({frac[r]}, exact)"

    if o.hand_size is not None:
        r = o.hand_size
        verdict = "Holds" if value[r] > 0.5 else "Does not hold"
        sentence = (
            f"{verdict} with {r} card{'s' if r > 1 else ''} in hand: with {o.n_players} players {card} you hold is the"
            f" highest of its suit among the dealt cards {cell(r)} ({'more' if value[r] > 0.5 else 'less'} likely"
            " than not)."
        )
        return Answer(sentence, t)
    likely = [r for r in sizes if value[r] > 0.5]
    first, last = sizes[0], sizes[-1]
    if o.rank == rules.deck.n_ranks:
        sentence = f"Always: a {o.rank} is the top card of its suit (exact); only Wizards and trumps beat it."
    elif not likely:
        sentence = (
            f"Does not hold with {o.n_players} players: even in round 1 {card} you hold is the highest of its suit"
            f" among the dealt cards only {cell(first)}."
        )
    else:
        upto = max(likely)
        sentence = (
            f"Holds in the first rounds only: with {o.n_players} players {card} you hold is the highest of its suit"
            f" among the dealt cards {cell(first)} in round 1 and more likely than not up to {upto} cards in hand"
            f" ({pct(value[upto])}); from {upto + 1} cards on less often"
            + (f" ({pct(value[upto + 1])})" if upto + 1 in value.index else "")
            + f", and {pct(value[last])} in the last round of {last} (exact counts; Wizards and trumps still beat it)."
        )
    return Answer(sentence, t)


# ---------------------------------------------------------------- shared
def _players(o: AskOptions) -> tuple[str, str]:
    """The players asked for (default :data:`wizstats.DEFAULT_POLICY`) and the one shown for comparison."""
    main = o.policy or DEFAULT_POLICY
    return main, ("expert" if main != "expert" else "heuristic")


def _for_both(o: AskOptions, measure: Callable[[str], Result]) -> tuple[str, str, pd.DataFrame]:
    """``measure`` under the players asked for and the comparison player: both tables, stacked, with a
    ``policy`` column naming the player of each row."""
    main, other = _players(o)
    tables = [(res := measure(policy)).table.assign(policy=res.policy) for policy in (main, other)]
    return main, other, pd.concat(tables, ignore_index=True)


def _by_size(
    o: AskOptions, study: Callable[..., Result], n: int, sizes: list[int] | None = None
) -> tuple[str, str, pd.DataFrame, object]:
    """``study`` (of :mod:`wizstats.stats`) over the hand sizes asked for (or ``sizes``), for both players
    (:func:`_for_both`), and the ``hand_size`` of the rows to read: the one asked for, or ``"game"``."""
    sizes = o.sizes() if sizes is None else sizes
    main, other, t = _for_both(
        o, lambda policy: study(o.n_players, sizes, rules=Rules(o.n_players), policy=policy, n=n, seed=o.seed)
    )
    return main, other, t, "game" if sizes is None or len(sizes) > 1 else sizes[0]


def _pct_ci(value: float, low: float, high: float, digits: int = 1) -> str:
    return f"{100 * value:.{digits}f}% {ci(low, high, 100, digits)}"


def _cards(r: int) -> str:
    return f"{r} card{'s' if r != 1 else ''}"


# ---------------------------------------------------------------- claim 3: a Wizard is a sure trick
def _wizard_sure_trick(o: AskOptions) -> Answer:
    n = o.n or 4000
    main, other, t, label = _by_size(o, wizard_sure_trick, n)
    fail = t[(t.quantity == "p_fail") & (t.seat != "all") & (t.hand_size != "game")]

    def pooled(policy: str, quantity: str = "p_fail", seat: object = "all") -> pd.Series:
        rows = t[(t.policy == policy) & (t.hand_size == label) & (t.seat == seat) & (t.quantity == quantity)]
        return rows.iloc[0]

    m, c = pooled(main), pooled(other)
    mine = fail[(fail.policy == main) & fail.value.notna()]
    kept, lost = _split(t, main, label)
    if mine.empty or kept is None or c.value != c.value:
        raise ValueError(f"too few Wizards dealt in {n:,} deals per hand size to answer: ask with a larger --n")
    worst = mine.loc[mine.value.idxmax()]
    cut = break_even_probability()
    pays = 1 - worst.high >= float(cut)  # even the upper end of the worst case
    where = (
        f"over a {o.n_players}-player game"
        if o.hand_size is None
        else f"with {o.hand_size} card{'s' if o.hand_size > 1 else ''} in hand"
    )
    verdict = "Holds" if pays else f"Does not hold at {worst.hand_size} cards from seat {worst.seat}"
    sentence = (
        f"{verdict}: {where} a Wizard in hand takes no trick {_pct_ci(m.value, m.low, m.high, 2)} of the time"
        f" ({main} players; {other}: {_pct_ci(c.value, c.low, c.high, 2)}); "
        + (
            f"the most at {_cards(worst.hand_size)} from seat {worst.seat},"
            f" {_pct_ci(worst.value, worst.low, worst.high)}, when an earlier Wizard comes first."
            if worst.value > 0
            else "none failed in these deals."
        )
        + f" Counting each Wizard as one trick pays while it takes its trick at"
        f" least {cut} of the time (one more trick bid in round 1), so {'it pays everywhere' if pays else 'not there'}."
    )
    if lost is not None:
        why = (
            "most failures are Wizards thrown under another on purpose"
            if lost.value > kept.value
            else "a Wizard that fails usually costs its holder his bid"
        )
        sentence += (
            f" When one does fail its holder meets his bid {pct(lost.value)} of the time ({int(lost.n):,} hands), against"
            f" {pct(kept.value)} when every Wizard took its trick: {why}."
        )
    sentence = sentence[:-1] + f" {about(f'{main} and {other}', n, o)}."
    summary = fail[fail.policy == main].pivot(index="hand_size", columns="seat", values="value")
    summary = (100 * summary).round(2).reset_index()
    summary.columns = ["hand size", *(f"seat {s}: no trick (%)" for s in summary.columns[1:])]
    return Answer(sentence, t, summary)


def _split(t: pd.DataFrame, policy: str, label: object) -> tuple[pd.Series | None, pd.Series | None]:
    """Bid met when every Wizard took its trick, and when one failed (pooled over the seats by the hands)."""
    rows = t[(t.policy == policy) & (t.hand_size == label) & (t.seat != "all")]
    out = []
    for quantity in ("met_if_kept", "met_if_failed"):
        q = rows[rows.quantity == quantity]
        hits = float((q.value * q.n).sum())
        total = int(q.n.sum())
        out.append(None if total == 0 else pd.Series({"value": hits / total, "n": int(total)}))
    return out[0], out[1]


# ---------------------------------------------------------------- claim 1: hidden bids and the dealer
NOT_MEASURABLE = "not measurable with this player"
"""What a paired difference of zero width is printed as: the players play both variants alike."""


def _flat(row: pd.Series) -> bool:
    return bool(row.high - row.low == 0)


def _edge_cell(row: pd.Series) -> str:
    return NOT_MEASURABLE if _flat(row) else f"{row.value:+.2f} [{row.low:.2f}, {row.high:.2f}]"


def _hidden_verdict(policy: str, open_: pd.Series, hidden: pd.Series, removed: pd.Series, unit: str) -> str:
    """One player's verdict on hidden bids taking away the dealer's edge."""
    edge = f"{open_.value:+.1f} {ci(open_.low, open_.high)}"
    if _flat(removed):
        return (
            f"not measurable with {policy} players (they do not read the earlier bids, so open and hidden bids play"
            f" every deal alike; the dealer's edge is {edge} {unit} either way)"
        )
    took = f"{removed.value:+.1f} {ci(removed.low, removed.high)}"
    kept = f"{hidden.value:+.1f} {ci(hidden.low, hidden.high)}"
    if removed.low > 0 and hidden.low <= 0 <= hidden.high:
        return (
            f"holds with {policy} players: hidden bids take away {took} of the dealer's {edge} {unit}, leaving {kept}"
        )
    if removed.low > 0:
        return f"holds in part with {policy} players: hidden bids take away {took} of the dealer's {edge} {unit}; he keeps {kept}"
    if removed.high < 0:
        raised = f"{-removed.value:.1f} {ci(-removed.high, -removed.low)}"
        return f"does not hold with {policy} players: hidden bids raise the dealer's edge of {edge} {unit} by {raised}"
    return f"not shown with {policy} players: hidden bids change the dealer's {edge} {unit} by {took}, an interval that includes 0"


def _hidden_bids(o: AskOptions) -> Answer:
    n = o.n or 6000
    main, other, t, label = _by_size(o, bid_visibility_edge, n)
    unit = "points per game" if o.hand_size is None else f"points per round of {_cards(o.hand_size)}"

    def get(policy: str, quantity: str, at: object = label) -> pd.Series:
        return t[(t.policy == policy) & (t.hand_size == at) & (t.quantity == quantity)].iloc[0]

    verdicts = [
        _hidden_verdict(p, get(p, "edge_open"), get(p, "edge_hidden"), get(p, "open_minus_hidden"), unit)
        for p in (main, other)
    ]
    measurable = [not _flat(get(p, "open_minus_hidden")) for p in (main, other)]
    head = "Depends on the players" if measurable[0] != measurable[1] else "With these players"
    after = " and ".join(
        f"{_edge_cell(get(p, 'open_minus_after_round')).replace(NOT_MEASURABLE, 'nothing measurable')} ({p})"
        for p in (main, other)
    )
    sentence = (
        f"{head} ({o.n_players} players, {'over a game' if o.hand_size is None else _cards(o.hand_size)}):"
        f" {verdicts[0]}; {verdicts[1]}. Bids shown only after the round take away {after} {unit}"
        f" {about(f'{main} and {other}', n, o)}."
    )
    rows = []
    for h in dict.fromkeys(t.hand_size):
        row = {"hand size": str(h)}
        for p in (main, other):
            for quantity, title in (
                ("edge_open", "edge, open"),
                ("edge_hidden", "edge, hidden"),
                ("open_minus_hidden", "taken by hidden"),
                ("open_minus_after_round", "taken by after-round"),
            ):
                row[f"{p}: {title}"] = _edge_cell(get(p, quantity, h))
        rows.append(row)
    return Answer(sentence, t, pd.DataFrame(rows))


# ---------------------------------------------------------------- claim 2: trailing at half time
def _bin_text(lo: float, hi: float) -> str:
    if hi == 0:
        return "leading"
    if hi == float("inf"):
        return f"over {lo:.0f} behind"
    return f"{hi:.0f} behind" if hi - lo <= 10 else f"{lo + 10:.0f}-{hi:.0f} behind"  # totals move in tens


def _half_time(o: AskOptions) -> Answer:
    n = o.n or 20_000
    rules = Rules.tournament(o.n_players) if o.schedule == "tournament" else Rules(o.n_players)
    main, other, t = _for_both(o, lambda policy: half_time_lead(rules=rules, policy=policy, n=n, seed=o.seed))
    half, rounds = int(t.half.iloc[0]), int(t["rounds"].iloc[0])
    even = 1 / o.n_players
    lead = {p: t[(t.policy == p) & (t.quantity == "leader_wins")].iloc[0] for p in (main, other)}
    curve = t[(t.policy == main) & (t.quantity == "win_by_deficit")]
    trailing = curve[curve.deficit_high > 0]
    at_least_even = trailing[trailing.high >= even]
    first_below = trailing[trailing.high < even]
    m = lead[main]
    text = (
        f"with {o.n_players} players ({o.schedule} schedule, half time after {half} of {rounds} rounds) the leader"
        f" at half time wins {_pct_ci(m.value, m.low, m.high)} of the games ({main} players; {other}:"
        f" {_pct_ci(lead[other].value, lead[other].low, lead[other].high)}), against {pct(even)} for each player"
        " at the start"
    )
    if first_below.empty:
        sentence = (
            f"Holds: {text}, and a player behind at half time keeps at least that starting chance at every deficit"
        )
    else:
        b = first_below.iloc[0]
        far = trailing.iloc[min(len(trailing) - 1, trailing.index.get_loc(b.name) + 3)]
        keep = (
            f"up to {at_least_even.deficit_high.max():.0f} points behind a player still has at least about his starting"
            " chance"
            if not at_least_even.empty and at_least_even.deficit_high.max() < b.deficit_high
            else "even a small deficit costs"
        )
        sentence = (
            f"Depends on the deficit: {text}; {keep}, {_bin_text(b.deficit_low, b.deficit_high)} he wins"
            f" {_pct_ci(b.value, b.low, b.high)}, and {_bin_text(far.deficit_low, far.deficit_high)}"
            f" {_pct_ci(far.value, far.low, far.high)}"
        )
    sentence += f" {about(f'{main} and {other}', n, o, 'games')}."
    rows: dict[tuple[float, float], dict[str, object]] = {}
    for p in (main, other):
        for r in t[(t.policy == p) & (t.quantity == "win_by_deficit")].itertuples():
            row = rows.setdefault(
                (r.deficit_low, r.deficit_high), {"at half time": _bin_text(r.deficit_low, r.deficit_high)}
            )
            row[f"{p}: wins"] = _pct_ci(r.value, r.low, r.high)
            row[f"{p}: players"] = r.n
    summary = pd.DataFrame(list(rows.values())).astype(object).fillna("-")
    return Answer(sentence, t, summary)


# ---------------------------------------------------------------- claim 6: a player who has made his bid sheds
def _made_bid_sheds(o: AskOptions) -> Answer:
    n = o.n or 1000
    sizes = [o.hand_size] if o.hand_size is not None else [5, 10]
    main, other, t, label = _by_size(o, shedding, n, sizes)

    def get(policy: str, state: str, quantity: str = "p_highest_safe", at: object = label) -> pd.Series:
        rows = t[(t.policy == policy) & (t.hand_size == at) & (t.state == state) & (t.quantity == quantity)]
        return rows.iloc[0]

    made, needs = get(main, "made his bid"), get(main, "needs tricks")
    made_o = get(other, "made his bid")
    last_made = get(main, HIGH_STATES[0], "p_high_holds")
    last_needs = get(main, HIGH_STATES[1], "p_high_holds")
    diff = {p: get(p, f"{HIGH_STATES[0]} - {HIGH_STATES[1]}", "high_holds_made_minus_needs") for p in (main, other)}
    if made.decisions == 0 or needs.decisions == 0 or last_made.decisions == 0 or last_needs.decisions == 0:
        raise ValueError(f"too few decisions in {n:,} deals per hand size to answer: ask with a larger --n")
    sheds = made.low > needs.high
    helps = diff[main].low > 0
    verdict = "Holds" if sheds and helps else "Holds in part" if sheds or helps else "Does not hold"
    where = f"in rounds of {_cards(sizes[0])}" if len(sizes) == 1 else f"in rounds of {sizes[0]} and {sizes[1]} cards"
    d, d_o = diff[main], diff[other]
    sentence = (
        f"{verdict} with these players: {where}, a player who has made his bid and"
        f" follows to a trick plays his highest card that does not take it {_pct_ci(made.value, made.low, made.high)}"
        f" of the time when he has a choice ({main} players, {made.decisions:,} decisions; {other}:"
        f" {_pct_ci(made_o.value, made_o.low, made_o.high)}), against {_pct_ci(needs.value, needs.low, needs.high)}"
        f" for a player who still needs tricks. For the others' high cards: a 12 or 13 of a side suit that leads"
        f" the trick takes it {_pct_ci(last_made.value, last_made.low, last_made.high)} of the time when the last"
        f" player to play has made his bid, against {_pct_ci(last_needs.value, last_needs.low, last_needs.high)}"
        f" when he still needs tricks ({main}: {100 * d.value:+.1f} percentage points {ci(100 * d.low, 100 * d.high)};"
        f" {other}: {100 * d_o.value:+.1f} {ci(100 * d_o.low, 100 * d_o.high)})"
        + (
            ", so your high card is safer under a player with his tricks in"
            if helps
            else ", no measurable help to your high card"
        )
        + "; an association measured on the players' own play, not a controlled experiment"
        f" {about(f'{main} and {other}', n, o)}."
    )
    summary = t[t.quantity.isin(["p_highest_safe", "p_high_holds"])].assign(
        **{
            "share": lambda f: [_pct_ci(v, lo, hi) for v, lo, hi in zip(f.value, f.low, f.high, strict=True)],
            "what": lambda f: np.where(
                f.quantity == "p_highest_safe",
                "follower plays his highest safe card",
                "a high side card takes its trick",
            ),
        }
    )[["policy", "hand_size", "what", "state", "share", "decisions"]]
    return Answer(sentence, t, summary.rename(columns={"hand_size": "hand size", "decisions": "cases"}))


# ---------------------------------------------------------------- claim 4: keep a Jester
TIMING_ROUNDS_PER_HAND = 25
"""``jester-keep`` plays ``25 * n`` rounds per hand size (at most 5,000) to time the Jester: ``n`` is its hands."""


_NEEDS_TEXT = {
    "over his bid": "when he is over his bid",
    "made his bid": "when he has made his bid",
    "needs 1": "when he needs 1 more",
    "needs 2+": "when he needs 2 or more",
}


def _timing_cell(row: pd.Series) -> str:
    """One ``keep_minus_shed`` row as a table cell or a phrase of the sentence."""
    if math.isnan(row.low) or math.isnan(row.high):
        return f"{row.value:+.2f} (too few rounds for an interval)"
    if row.high == row.low:  # the same difference in every round: not a measured x +- 0
        return "no difference in any round" if row.value == 0 else f"{row.value:+.2f} in every round"
    return f"{row.value:+.2f} {ci(row.low, row.high, digits=2)}"


def _jester_keep(o: AskOptions) -> Answer:
    n = o.n or 60
    main, other = _players(o)
    sizes = [o.hand_size] if o.hand_size is not None else [3, 6]
    rounds = min(TIMING_ROUNDS_PER_HAND * max(n, 2), 5000)
    parts = []
    for policy in (main, other):
        res = jester_value(o.n_players, sizes, rules=Rules(o.n_players), policy=policy, n_hands=max(n, 2), seed=o.seed)
        tres = jester_timing(o.n_players, sizes, rules=Rules(o.n_players), policy=policy, n=rounds, seed=o.seed)
        parts.append(res.table.assign(policy=res.policy, needs="-"))
        parts.append(tres.table.assign(policy=tres.policy))
    t = pd.concat(parts, ignore_index=True)
    label = sizes[0] if len(sizes) == 1 else "game"
    v = {p: t[(t.policy == p) & (t.hand_size == label) & (t.quantity == "jester_value")].iloc[0] for p in (main, other)}

    def timing_row(policy: str, needs: str = "all", at: object = label) -> pd.Series | None:
        rows = t[(t.policy == policy) & (t.hand_size == at) & (t.quantity == "keep_minus_shed") & (t.needs == needs)]
        return None if rows.empty else rows.iloc[0]

    m = v[main]
    verdict = (
        "Holds, though the Jester is worth only a little more than a low card"
        if m.low > 0 and m.value < 5
        else "Holds"
        if m.low > 0
        else "Not shown"
        if m.high > 0
        else "Does not hold"
    )
    where = f"in rounds of {_cards(sizes[0])}" if len(sizes) == 1 else f"in rounds of {sizes[0]} and {sizes[1]} cards"
    k, k_o = timing_row(main), timing_row(other)
    if k is None or k_o is None:
        raise ValueError(
            f"too few rounds with a Jester to time in {rounds:,} rounds per hand size: ask with a larger --n"
        )
    every = [(g, timing_row(main, g)) for g in JESTER_NEEDS]
    groups = [(g, r) for g, r in every if r is not None and r.n >= MIN_TIMING_ROUNDS]
    few = [g for g, r in every if r is not None and r.n < MIN_TIMING_ROUNDS]
    worse = [g for g, r in groups if r is not None and r.high < 0]
    timing = (
        "holding it back is better"
        if k.low > 0
        else "shedding it early is better"
        if k.high < 0
        else "no difference is shown between holding it back and shedding it early"
    )
    by_size = [(r, timing_row(main, "all", r)) for r in sizes] if len(sizes) > 1 else []
    sentence = (
        f"{verdict}: {where} (seat 1, {o.n_players} players) a hand with a Jester scores"
        f" {m.value:+.2f} {ci(m.low, m.high, digits=2)} points more at its best bid than the same hand with the lowest"
        f" free card of a side suit in its place ({main} players; {other}: {v[other].value:+.2f}"
        f" {ci(v[other].low, v[other].high, digits=2)}), measured over whole rounds. Holding it back or shedding it"
        f" early: at the first trick a Jester holder throws a card under, the same round played on both ways gives him"
        f" {_timing_cell(k)} points for keeping the Jester ({main}, {int(k.n):,} rounds; {other}: {_timing_cell(k_o)}),"
        f" so {timing}"
        + (
            "; by hand size " + ", ".join(f"{_timing_cell(b)} at {_cards(r)}" for r, b in by_size if b is not None)
            if by_size
            else ""
        )
        + "; by the tricks he still needs then "
        + ", ".join(f"{_timing_cell(r)} {_NEEDS_TEXT[g]} ({int(r.n):,} rounds)" for g, r in groups)
        + (f" (fewer than {MIN_TIMING_ROUNDS} rounds, not quoted: {', '.join(few)})" if few else "")
        + (f"; shedding early is better {', '.join(_NEEDS_TEXT[g] for g in worse)}" if worse else "")
        + f" ({main} and {other} players, {max(n, 2):,} hands per hand size at 500 rounds per bid and {rounds:,}"
        f" rounds per hand size, seed {o.seed}, 95% intervals)."
    )
    rows = []
    for p in (main, other):
        for r in [*sizes, *(["game"] if len(sizes) > 1 else [])]:
            for g in ("all", *JESTER_NEEDS):
                row = timing_row(p, g, r)
                if row is not None:
                    rows.append(
                        {
                            "policy": p,
                            "hand size": str(r),
                            "tricks still needed": g,
                            "keep minus shed": _timing_cell(row),
                            "rounds": int(row.n),
                        }
                    )
    return Answer(sentence, t, pd.DataFrame(rows))


CLAIMS: list[Question] = [
    Question(
        "hidden-bids",
        "Do hidden bids take away the dealer's edge?",
        DEALT,
        _hidden_bids,
        source=f"{ARTICLE_000}, on 'Verdeckter Tipp': 'Die Variante ist der einfachste Weg, den Positionsvorteil des"
        " Kartengebers auszuschalten'",
    ),
    Question(
        "half-time",
        "Has a player who trails at half time lost nothing yet?",
        ("n_players", "schedule", *SIMULATED),
        _half_time,
        source=f"{ARTICLE_000}: 'Wer nach der Hälfte hinten liegt, hat rechnerisch nichts verloren'",
    ),
    Question(
        "jester-keep",
        "What is a Jester worth in points against a low card, and is holding it back better than shedding it early?",
        DEALT,
        _jester_keep,
        source=f"{ARTICLE_003}: 'Bewaar een nar voor de slag die je niet mag winnen'",
    ),
    Question(
        "made-bid-sheds",
        "Does a player who has made his bid throw his high cards under your trick?",
        DEALT,
        _made_bid_sheds,
        source=f"{ARTICLE_003}: 'Die speler probeert de rest van de ronde niets meer te winnen en gooit zijn hoge"
        " kaarten onder jouw slag'",
    ),
    Question(
        "highest-of-suit",
        "In the first rounds, how often is a card of rank k the highest of its suit among the dealt cards?",
        ("n_players", "hand_size", "rank"),
        _highest_of_suit,
        source=f"{ARTICLE_003}: 'een 10 kan zomaar de hoogste van zijn kleur zijn'",
    ),
    Question(
        "wizard-sure-trick",
        "Is a Wizard a sure trick to count in the bid?",
        DEALT,
        _wizard_sure_trick,
        source=f"{ARTICLE_003}: 'Een tovenaar is een zekere slag zolang jij hem als eerste in de slag legt'",
    ),
]
"""The articles' claims, in the catalogue's order."""
