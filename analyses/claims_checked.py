"""The articles' claims, checked: every ``wizstats ask`` question with its verdict and key figure.

The source articles state rules of thumb that players repeat at the table; ``wizstats ask``
answers each as a named question (:data:`wizstats.questions.QUESTIONS`). This page runs every
question of the catalogue and lists its verdict (the sentence ``wizstats ask NAME`` prints), one
key figure, the source article, and charts where a curve says more than one number. At the
``full`` size every question runs with its own defaults and ``--seed`` :data:`SEED`, so each line
reproduces with ``wizstats ask NAME --seed 17000``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import pandas as pd

from wizstats.questions import QUESTIONS, Answer, AskOptions, Question, ask
from wizstats.stats import agreement

from ._common import (
    CERTIFICATE_COLUMNS,
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

NAME = "claims_checked"
ORDER = 99
TITLE = "The articles' claims, checked"
QUESTION = "Which of the rules of thumb in the source articles hold, and by how much?"
SEED = 17000
SIZES = {
    "tiny": {"n": 150, "games": 300, "hands": 2, "players": (4,), "search": (2, 2, None)},
    "quick": {"n": 600, "games": 2000, "hands": 20, "players": (3, 4, 5, 6), "search": (2, 10, None)},
    "full": {"n": 1000, "games": 5000, "hands": 30, "players": (3, 4, 5, 6), "search": (8, 40, 2)},
}
"""``n``: deals per hand size for the simulated questions, ``games`` for ``half-time``, ``hands`` for
``jester-keep``; ``None``: the question's default. ``search``: the same three for the certificate's
search player (:data:`SEARCH_PLAYERS`); ``None`` hands: ``jester-keep`` is not
certified at that size (too costly: some 18 s of ``pimc:worlds=8`` for 2 hands, the fewest it takes)."""
COLOURS = {3: "#4f81bd", 4: "#c0504d", 5: "#9bbb59", 6: "#8064a2"}
SEARCH_PLAYERS = {"jester-keep": "pimc:worlds=8"}
"""The search player of a question's certificate where it is not :data:`~._common.SEARCH` (``rollout``):
``jester-keep`` plays 500 rounds per bid for each hand, some 90 s of rollout for 2 hands."""
SEARCH_DEALS = {"made-bid-sheds": 5}
"""Questions that play few hand sizes (``made-bid-sheds``: 5 and 10 cards, not 15 sizes) get this many
times the search player's deals, enough decisions to answer at every size."""


def options_for(name: str, n: int | None, games: int | None, hands: int | None = None, **fields: Any) -> AskOptions:
    """The options of one question: ``n`` and the seed where it simulates, nothing it would refuse."""
    q = QUESTIONS[name]
    wanted = {"seed": SEED, "n": games if name == "half-time" else hands if name == "jester-keep" else n} | fields
    kept = {k: v for k, v in wanted.items() if k in q.reads}
    options = AskOptions(**kept)
    refused = set(q.unread(options))
    return AskOptions(**{k: v for k, v in kept.items() if k not in refused})


def _row(t: pd.DataFrame, **where: Any) -> pd.Series:
    rows = t
    for key, value in where.items():
        rows = rows[rows[key].astype(str) == str(value)]
    if len(rows) != 1:
        raise ValueError(f"{len(rows)} rows match {where}")
    return rows.iloc[0]


def _figure_of(
    t: pd.DataFrame, label: str, unit: str, column: str = "value", exact: bool = False, **where: Any
) -> dict[str, Any]:
    r = _row(t, **where)
    low, high = (math.nan, math.nan) if exact else (float(r["low"]), float(r["high"]))
    return {"key_figure": label, "unit": unit, "value": float(r[column]), "low": low, "high": high}


def _exact(label: str, unit: str, value: float) -> dict[str, Any]:
    return {"key_figure": label, "unit": unit, "value": float(value), "low": math.nan, "high": math.nan}


KEY_FIGURES: dict[str, Callable[[pd.DataFrame, str], dict[str, Any]]] = {
    "non-trump-13": lambda t, _: _figure_of(
        t, "seat 1 takes its trick (round 1, exact)", "share", "p_win", True, seat=1
    ),
    "trump-13": lambda t, _: _figure_of(t, "seat 1 takes its trick (round 1, exact)", "share", "p_win", True, seat=1),
    "sure-tricks": lambda t, _: _figure_of(
        t, "cards that beat a led trump 13 (exact)", "count", exact=True, card="13", relation="trump"
    ),
    "last-rounds": lambda t, _: _exact(
        "share of the maximum points in the last 3 rounds (exact)",
        "share",
        t.max_points.iloc[-3:].sum() / t.max_points.sum(),
    ),
    "dealer-options": lambda t, _: _exact(
        "share of his bids the dealer may lose in round 1 (exact)", "share", 1 / t.options.iloc[0]
    ),
    "plus-minus-one-dealer": lambda t, _: _figure_of(
        t, "dealer's change over a game", "points", hand_size="game", seat=0
    ),
    "bidding-last": lambda t, _: _figure_of(
        t, "dealer minus others, per round", "points", hand_size="mean", quantity="dealer_minus_others"
    ),
    "seat-advantage": lambda t, _: _figure_of(t, "dealer's mean score over a game", "points", hand_size="game", seat=0),
    "bids-add-up": lambda t, _: _figure_of(t, "bids add up in round 1", "share", hand_size=1, quantity="p_equal"),
    "one-card-round": lambda t, _: _exact("seat 1's weakest trump worth a bid (exact)", "rank", float(t.trump.iloc[0])),
    "trump-choice": lambda t, _: _figure_of(
        t, "dealer's gain per round over a game", "points", hand_size="game", seat=0, quantity="per_round"
    ),
    "hidden-bids": lambda t, p: _figure_of(
        t,
        f"edge taken by hidden bids over a game ({POLICY})",
        "points",
        policy=p,
        hand_size="game",
        quantity="open_minus_hidden",
    ),
    "half-time": lambda t, p: _figure_of(t, "leader at half time wins", "share", policy=p, quantity="leader_wins"),
    "jester-keep": lambda t, p: _figure_of(
        t,
        f"a Jester over a low card, per round ({POLICY})",
        "points",
        policy=p,
        hand_size="game",
        quantity="jester_value",
    ),
    "made-bid-sheds": lambda t, p: _figure_of(
        t,
        f"a player who has made his bid plays his highest losing card ({POLICY})",
        "share",
        policy=p,
        hand_size="game",
        state="made his bid",
        quantity="p_highest_safe",
    ),
    "highest-of-suit": lambda t, _: _figure_of(
        t, "a 10 tops its suit in round 1 (exact)", "share", exact=True, hand_size=1
    ),
    "wizard-sure-trick": lambda t, p: _figure_of(
        t,
        "a Wizard in hand takes no trick, over a game",
        "share",
        policy=p,
        hand_size="game",
        seat="all",
        quantity="p_fail",
    ),
}
"""One key figure per question, read from its answer's table: the rows of the player given (where a
question shows two players), the default one or the search player of the certificate."""

SECOND_FIGURES: dict[str, Callable[[pd.DataFrame, str], dict[str, Any]]] = {
    "jester-keep": lambda t, p: _figure_of(
        t,
        f"keeping the Jester over shedding it early, per round ({POLICY})",
        "points",
        policy=p,
        hand_size="game",
        needs="all",
        quantity="keep_minus_shed",
    ),
    "made-bid-sheds": lambda t, p: _figure_of(
        t,
        f"a high side card takes its trick, last to play has made his bid minus needs tricks ({POLICY})",
        "share difference",
        policy=p,
        hand_size="game",
        quantity="high_holds_made_minus_needs",
    ),
}
"""A second key figure where a claim has two parts (the second part's figure)."""


@lru_cache(maxsize=64)
def answered(name: str, options: AskOptions) -> Answer:
    """``ask(name, options)``, once per process: ``players_compared`` asks some of the same questions under the
    search player on the same sample, and the report runs both in one process."""
    return ask(name, options)


def _certify(name: str, row: dict[str, Any], search: dict[str, Any]) -> dict[str, Any]:
    """The search player's key figure(s) and the verdicts of :func:`wizstats.stats.agreement` (columns
    ``search_*`` and ``agrees``, with ``_2`` for a second figure)."""
    policy, table = search.get("policy"), search.get("table")
    cells: dict[str, Any] = {"search_policy": policy or "-", "search_n": search.get("n")}
    for suffix, figures in (("", KEY_FIGURES), ("_2", SECOND_FIGURES)):
        if name not in figures:
            continue
        got = figures[name](table, policy) if table is not None else None
        mine = estimate(row[f"value{suffix}"], row[f"low{suffix}"], row[f"high{suffix}"], policy=POLICY, n=row["n"],
                        exact=row["exact"])  # fmt: skip
        theirs = None if got is None else estimate(got["value"], got["low"], got["high"], policy=policy, n=search["n"])
        verdict = agreement(mine, theirs)
        cells |= {f"search_{k}{suffix}": math.nan if got is None else got[k] for k in ("value", "low", "high")}
        cells |= {f"agrees{suffix}": verdict.verdict, f"agrees_why{suffix}": verdict.reason}
    return cells


def _search_run(name: str, q: Question, options: AskOptions, search: tuple[int, int, int | None]) -> dict[str, Any]:
    """Ask the question under its search player (:data:`SEARCH_PLAYERS`) on the certificate's sample."""
    simulated = "policy" in q.reads and not (q.exact_at_one and options.hand_size in (None, 1))
    deals, games, hands = search
    n = games if name == "half-time" else hands if name == "jester-keep" else deals * SEARCH_DEALS.get(name, 1)
    if not simulated or n is None:
        return {"policy": None, "n": None, "table": None}
    policy = SEARCH_PLAYERS.get(name, SEARCH)
    return {"policy": policy, "n": n, "table": answered(name, options_for(name, n, n, n, policy=policy)).table}


def measure(
    n: int | None,
    games: int | None,
    hands: int | None,
    players: tuple[int, ...],
    search: tuple[int, int, int | None] = (2, 2, None),
    *,
    progress: bool = False,
) -> tuple[pd.DataFrame, dict[str, pd.DataFrame]]:
    """One row per question (verdict, key figure and its certificate), and the tables the charts need.

    ``search``: the search player's deals per hand size, games (``half-time``) and hands (``jester-keep``)
    for the certificate (``SIZES[size]["search"]``).
    """
    rows, tables = [], {}
    for name, q in steps(list(QUESTIONS.items()), NAME, progress=progress):
        options = options_for(name, n, games, hands)
        answer = answered(name, options)
        tables[name] = answer.table
        figure = KEY_FIGURES[name](answer.table, POLICY)
        if name in SECOND_FIGURES:
            figure |= {f"{k}_2": v for k, v in SECOND_FIGURES[name](answer.table, POLICY).items()}
        policy = ", ".join(sorted(set(answer.table.policy))) if "policy" in answer.table else ""
        simulated = "n" in q.reads and not (q.exact_at_one and options.hand_size in (None, 1))
        row = {
            "kind": "answer",
            "question": name,
            "text": q.text,
            "source": q.source or "-",
            "verdict": answer.sentence,
            **figure,
            "exact": not simulated,
            "n": options.n if simulated else None,
            "policy": policy if policy else ("-" if not simulated else POLICY),
            "options": ", ".join(f"{k}={v}" for k, v in dataclasses.asdict(options).items() if v is not None),
        }
        rows.append(row | _certify(name, row, _search_run(name, q, options, search)))
    for p in players:
        tables[f"highest-of-suit:{p}"] = ask("highest-of-suit", AskOptions(n_players=p)).table
    for p in players:
        if p != 4:
            tables[f"hidden-bids:{p}"] = ask("hidden-bids", options_for("hidden-bids", n, games, n_players=p)).table
    tables["hidden-bids:4"] = tables["hidden-bids"]
    tables["half-time:tournament"] = ask("half-time", options_for("half-time", n, games, schedule="tournament")).table
    return pd.DataFrame(rows), tables


def curves(tables: dict[str, pd.DataFrame], players: tuple[int, ...]) -> pd.DataFrame:
    """The curves drawn, as tidy rows (``kind = curve``)."""
    parts = []
    for p in players:
        t = tables[f"highest-of-suit:{p}"]
        parts.append(
            pd.DataFrame({"question": "highest-of-suit", "series": f"{p} players", "x": t.hand_size, "value": t.value})
        )
    for label, key in (("standard", "half-time"), ("tournament", "half-time:tournament")):
        t = tables[key]
        c = t[(t.quantity == "win_by_deficit") & (t.policy == POLICY) & (t.deficit_high < math.inf)]
        x = ((c.deficit_low + 10 + c.deficit_high) / 2).where(c.deficit_high > 0, 0.0)  # totals move in tens
        parts.append(
            pd.DataFrame(
                {"question": "half-time", "series": label, "x": x, "value": c.value, "low": c.low, "high": c.high}
            )
        )
    t = tables["wizard-sure-trick"]
    w = t[(t.quantity == "p_fail") & (t.seat == "all") & (t.hand_size != "game")]
    for pol, grp in w.groupby("policy"):
        parts.append(
            pd.DataFrame(
                {
                    "question": "wizard-sure-trick",
                    "series": pol,
                    "x": grp.hand_size.astype(int),
                    "value": grp.value,
                    "low": grp.low,
                    "high": grp.high,
                }
            )
        )
    for p in players:
        t = tables[f"hidden-bids:{p}"]
        g = t[(t.hand_size == "game") & t.quantity.isin(["edge_open", "open_minus_hidden"])]
        parts.append(
            pd.DataFrame(
                {
                    "question": "hidden-bids:players",
                    "series": g.policy + ": " + g.quantity,
                    "x": p,
                    "value": g.value,
                    "low": g.low,
                    "high": g.high,
                }
            )
        )
    t = tables["hidden-bids"]
    h = t[(t.hand_size != "game") & (t.policy == "expert")]
    for quantity in ("edge_open", "edge_hidden", "edge_after_round"):
        g = h[h.quantity == quantity]
        parts.append(
            pd.DataFrame(
                {
                    "question": "hidden-bids",
                    "series": f"expert: {quantity}",
                    "x": g.hand_size.astype(int),
                    "value": g.value,
                    "low": g.low,
                    "high": g.high,
                }
            )
        )
    g = t[(t.hand_size != "game") & (t.policy == "heuristic") & (t.quantity == "edge_open")]
    parts.append(
        pd.DataFrame(
            {
                "question": "hidden-bids",
                "series": "heuristic: edge (any bids)",
                "x": g.hand_size.astype(int),
                "value": g.value,
                "low": g.low,
                "high": g.high,
            }
        )
    )
    return pd.concat(parts, ignore_index=True).assign(kind="curve")


def _figure(c: pd.DataFrame, players: tuple[int, ...]):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(2, 2, width=12.0, height=8.6)
    (a, b), (d, e) = axes
    for p in players:
        s = c[(c.question == "highest-of-suit") & (c.series == f"{p} players")]
        a.plot(s.x, 100 * s.value, marker="o", markersize=3, color=COLOURS.get(p), label=f"{p} players")
    a.axhline(50, color="#888888", linewidth=0.8, linestyle="--")
    a.set(xlabel="hand size", ylabel="%", title="A 10 you hold tops its suit among the dealt cards (exact)")
    a.legend(fontsize=8)
    for label, colour in (("standard", "#4f81bd"), ("tournament", "#c0504d")):
        s = c[(c.question == "half-time") & (c.series == label)]
        b.plot(s.x, 100 * s.value, marker="o", markersize=3, color=colour, label=f"{label} schedule")
        b.fill_between(s.x, 100 * s.low, 100 * s.high, color=colour, alpha=0.2)
    b.axhline(25, color="#888888", linewidth=0.8, linestyle="--", label="1 in 4 (the start)")
    b.set(
        xlabel="points behind the leader at half time",
        ylabel="% of games won",
        title=f"Trailing at half time, 4 players ({POLICY})",
    )
    b.legend(fontsize=8)
    for pol, colour in (("heuristic", "#4f81bd"), ("expert", "#9bbb59")):
        s = c[(c.question == "wizard-sure-trick") & (c.series == pol)]
        d.plot(s.x, 100 * s.value, marker="o", markersize=3, color=colour, label=pol)
        d.fill_between(s.x, 100 * s.low, 100 * s.high, color=colour, alpha=0.2)
    d.set_yscale("symlog", linthresh=0.5)
    d.set(xlabel="hand size", ylabel="% of Wizards held", title="A Wizard in hand takes no trick, 4 players")
    d.legend(fontsize=8)
    styles = {
        "expert: edge_open": ("#c0504d", "expert, open bids"),
        "expert: edge_hidden": ("#4f81bd", "expert, hidden bids"),
        "expert: edge_after_round": ("#8064a2", "expert, bids shown after the round"),
        "heuristic: edge (any bids)": ("#888888", "heuristic (open = hidden)"),
    }
    for series, (colour, label) in styles.items():
        s = c[(c.question == "hidden-bids") & (c.series == series)]
        e.plot(s.x, s.value, marker="o", markersize=3, color=colour, label=label)
        e.fill_between(s.x, s.low, s.high, color=colour, alpha=0.12)
    e.axhline(0, color="#444444", linewidth=0.6)
    e.set(
        xlabel="hand size",
        ylabel="dealer minus the others (points per round)",
        title="The dealer's edge by who sees the bids, 4 players",
    )
    e.legend(fontsize=7)
    return fig


def _one_figure(label: str, unit: str, value: float, low: float, high: float) -> str:
    if math.isnan(value):
        return "-"
    return f"{label}: {_value_cell(unit, value, low, high)}"


def _value_cell(unit: str, value: float, low: float, high: float) -> str:
    if unit == "share":
        digits = 2 if abs(value) < 0.01 else 1
        cell = f"{100 * value:.{digits}f}%"
        ci = f" [{100 * low:.{digits}f}, {100 * high:.{digits}f}]"
    elif unit == "share difference":
        cell, ci = f"{100 * value:+.1f} percentage points", f" [{100 * low:.1f}, {100 * high:.1f}]"
    elif unit == "points":
        cell, ci = f"{value:+.2f}", f" [{low:.2f}, {high:.2f}]"
    else:
        cell, ci = f"{value:.0f}", ""
    if not math.isnan(low):
        cell += ci if high > low else " (not measurable with these players)"
    return cell


def _figure_cell(r: pd.Series) -> str:
    cell = _one_figure(r.key_figure, r.unit, r.value, r.low, r.high)
    second = r.get("key_figure_2")
    if isinstance(second, str):
        cell += "; " + _one_figure(second, r.unit_2, r.value_2, r.low_2, r.high_2)
    return cell


VERDICT_WORDS = ("Holds", "Does not hold", "Depends", "Always", "With these players", "Not ")


def short_verdict(sentence: str) -> str:
    """The verdict of a sentence: its words before the first colon, or the answer to its own question."""
    head = sentence.split(":")[0]
    if head.startswith(VERDICT_WORDS) and len(head) <= 80:
        return head.split(" (")[0]
    if "Worth a trick? " in sentence:
        return "worth a trick: " + sentence.split("Worth a trick? ")[1].split(" (")[0].lower()
    return "figures only (no verdict word): see the sentence"


def _parts(r: pd.Series) -> list[str]:
    """``""`` and, for a claim with a second figure, ``"_2"``."""
    return ["", "_2"] if isinstance(r.get("key_figure_2"), str) else [""]


def _search_cell(r: pd.Series) -> str:
    if r.exact:
        return "-"
    if r.search_policy == "-":
        return str(r.agrees)  # not run: too costly
    cells = [
        _value_cell(r[f"unit{s}"], r[f"search_value{s}"], r[f"search_low{s}"], r[f"search_high{s}"]) for s in _parts(r)
    ]
    return f"{r.search_policy}, n {int(r.search_n):,}: " + "; ".join(cells)


def _display(frame: pd.DataFrame) -> pd.DataFrame:
    a = frame[frame.kind == "answer"]
    return pd.DataFrame(
        {
            "question": [f"`{q}`" for q in a.question],
            "verdict": [short_verdict(v) for v in a.verdict],
            "key figure": [_figure_cell(r) for _, r in a.iterrows()],
            "search player": [_search_cell(r) for _, r in a.iterrows()],
            "agrees": ["; ".join(r[f"agrees{s}"] for s in _parts(r)) for _, r in a.iterrows()],
            "source": [s.split(" (")[0] if s != "-" else "-" for s in a.source],
        }
    )


def certificate(frame: pd.DataFrame) -> pd.DataFrame:
    """The certificate table (``_common.CERTIFICATE_COLUMNS``): one row per key figure, from the frame's columns."""
    rows = []
    for _, r in frame[frame.kind == "answer"].iterrows():
        for s in _parts(r):
            mine = _value_cell(r[f"unit{s}"], r[f"value{s}"], r[f"low{s}"], r[f"high{s}"])
            if r.exact or r.search_policy == "-":
                theirs = "-" if r.exact else "not run"
            else:
                cell = _value_cell(r[f"unit{s}"], r[f"search_value{s}"], r[f"search_low{s}"], r[f"search_high{s}"])
                theirs = f"{r.search_policy}, n {int(r.search_n):,}: {cell}"
            rows.append(
                {
                    "answer": f"claims_checked: `ask {r.question}`, {r[f'key_figure{s}']}",
                    "default": f"exact: {mine}" if r.exact else f"{POLICY}, n {int(r.n):,}: {mine}",
                    "search": theirs,
                    "agrees": r[f"agrees{s}"],
                    "why": r[f"agrees_why{s}"],
                }
            )
    return pd.DataFrame(rows, columns=list(CERTIFICATE_COLUMNS))


def _finding(frame: pd.DataFrame) -> str:
    every = frame[frame.kind == "answer"]
    a = every[every.source != "-"]
    lines = [
        f"{len(every)} questions, {len(a)} of them claims of the source articles (those first), each answered as"
        " `wizstats ask NAME` answers it:"
    ]
    for r in [*a.itertuples(), *every[every.source == "-"].itertuples()]:
        source = r.source.split(" (")[0] if r.source != "-" else "the project's own question"
        lines.append(f"- {r.question} ({source}): {r.verdict}")
    by_table = frame[(frame.kind == "curve") & (frame.question == "hidden-bids:players")]
    if by_table.x.nunique() > 1:
        cells = []
        for p, g in by_table.groupby("x"):
            row = g.set_index("series")
            took = row.loc["expert: open_minus_hidden"]
            edge = row.loc["expert: edge_open"]
            cells.append(f"{int(p)} players: {took.value:+.1f} [{took.low:.1f}, {took.high:.1f}] of {edge.value:+.1f}")
        lines.append(
            "\nHidden bids by table size (`wizstats ask hidden-bids --players N`; expert players, points per game"
            " taken from the dealer's edge with open bids; with heuristic players not measurable): "
            + "; ".join(cells)
            + "."
        )
    return "\n".join(lines)


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Answer every question of the catalogue; write the three files."""
    par = size_params(SIZES, size)
    answers, tables = measure(par["n"], par["games"], par["hands"], par["players"], par["search"], progress=progress)
    c = curves(tables, par["players"])
    frame = pd.concat([answers, c], ignore_index=True)
    n = "each question's default" if par["n"] is None else f"{par['n']:,} deals per hand size"
    games = "the default" if par["games"] is None else f"{par['games']:,}"
    hands = "the default" if par["hands"] is None else f"{par['hands']:,}"
    assumptions = {
        "players": f"{POLICY} (wizstats.DEFAULT_POLICY) unless a question names another; the articles' questions also show {'heuristic' if POLICY == 'expert' else 'expert'}",
        "rules": "each question's defaults: 4 players, standard game and schedule unless the question says otherwise",
        "sample": f"{n}; half-time: {games} games; jester-keep: {hands} hands; seed {SEED} for every simulated"
        " question (exact ones count)",
        "intervals": "95%: Wilson for shares, normal for means, paired over the same deals where two rules are compared",
        "verdicts": "computed from the figures by each question (wizstats ask NAME --seed 17000 prints the same sentence)",
        "certificate": f"each simulated question asked again ({_search_words(par)}; seed {SEED};"
        " the player of each search figure is in the column search_policy); agrees (wizstats.stats.agreement):"
        " yes when the two 95% intervals overlap and the point estimates have the same sign; no when they lie"
        " apart or the signs differ; not measurable with this player for an interval of zero width; exact"
        " questions involve no player",
    }
    cert = certificate(frame)
    return finish(
        NAME,
        frame,
        _figure(c, par["players"]),
        title=TITLE,
        question=QUESTION,
        finding=_finding(frame)
        + "\n\n"
        + certificate_sentence(cert[~cert.agrees.str.startswith("exact")], _search_words(par)),
        assumptions=assumptions,
        display=_display(frame),
        out_dir=out_dir,
        size=size,
        certificate=cert,
    )


def _search_words(par: dict[str, Any]) -> str:
    deals, games, hands = par["search"]
    jester = f"jester-keep {SEARCH_PLAYERS['jester-keep']}, {hands} hands" if hands else "jester-keep not run"
    return f"{SEARCH} players, {deals:,} deals per hand size, half-time {games:,} games; {jester}"


if __name__ == "__main__":
    main(run)
