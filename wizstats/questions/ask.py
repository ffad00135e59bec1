"""Named rules-of-thumb questions, each answered in a sentence with numbers and intervals (``wizstats ask``).

A question is a function of :class:`AskOptions` returning an :class:`Answer`: the sentence and
the table behind it. Exact counts are used where they exist (round 1, schedules, plus/minus
one arithmetic); the rest is simulated with the named players, sample size and seed.

>>> sorted(QUESTIONS)[:3]
['bidding-last', 'bids-add-up', 'dealer-options']
>>> print(ask("last-rounds", AskOptions(n_players=6)).sentence)  # doctest: +ELLIPSIS
With 6 players the last 3 rounds of a standard game hold 330 of the 750 points ... 44.0% (11/25, exact)...
"""

from __future__ import annotations

from fractions import Fraction

import pandas as pd

from .. import checks, exact, stats
from ..exact import break_even_probability, round1_thresholds, round1_thresholds_after_bids
from ..rules import Rules
from ..stats import card_win_probability
from .base import ARTICLE_000, DEALT, OPTION_FLAGS, SIMULATED, Answer, AskOptions, Question, about, ci, pct
from .claims import CLAIMS

__all__ = ["QUESTIONS", "Answer", "AskOptions", "Question", "ask", "catalogue"]


def _wide(
    t: pd.DataFrame, quantities: dict[str, str], seat: object = None, digits: int = 2, sign: bool = True
) -> pd.DataFrame:
    """One row per hand size, one column per quantity: ``value [low, high]`` (``seat``: that seat only)."""
    rows: dict[str, dict[str, str]] = {}
    for r in t.itertuples():
        if r.quantity not in quantities or (seat is not None and str(r.seat) != str(seat)):
            continue
        cell = f"{r.value:{'+' if sign else ''}.{digits}f}"
        if r.low == r.low:  # not NaN
            cell += f" [{r.low:.{digits}f}, {r.high:.{digits}f}]"
        rows.setdefault(str(r.hand_size), {"hand size": str(r.hand_size)})[quantities[r.quantity]] = cell
    return pd.DataFrame(list(rows.values()))


def _sizes_text(o: AskOptions) -> str:
    return f"in rounds of {o.hand_size} cards" if o.hand_size else "over a game"


# ---------------------------------------------------------------- cards
def _card_worth(o: AskOptions, relation: str) -> Answer:
    label = "non-trump" if relation == "plain" else "trump"
    cut = exact.break_even_probability()
    r = o.hand_size or 1
    rules = o.rules()
    seats = [*range(1, o.n_players), 0]
    rows = []
    if r == 1:
        for seat in seats:
            e = exact.round1_win_probability("B13", seat=seat, n_players=o.n_players, trump=relation, rules=rules)
            rows.append({"seat": seat, "p_win": e.value, "low": e.value, "high": e.value, "exact": str(e.fraction)})
        how = "exact count"
    else:
        n = o.n or 10_000
        for seat in seats:
            res = card_win_probability(
                "B13",
                n_players=o.n_players,
                hand_size=r,
                seat=seat,
                trump=relation,
                rules=rules,
                policy=o.policy,
                n=n,
                seed=o.seed,
                marginal=False,
            )
            est = res.estimate(quantity="p_win")
            assert est.ci is not None
            rows.append({"seat": seat, "p_win": est.value, "low": est.ci.low, "high": est.ci.high, "exact": ""})
        how = about(res.policy, n, o)[1:-1]
    table = pd.DataFrame(rows).assign(break_even=float(cut), worth_a_trick=lambda t: t.p_win >= float(cut))
    worth = table[table.worth_a_trick].seat.tolist()
    lead = table[table.seat == 1].iloc[0]
    rest = table[table.seat != 1]
    verdict = (
        "yes, from every seat"
        if len(worth) == len(table)
        else "no, from no seat"
        if not worth
        else f"only from seat{'s' if len(worth) > 1 else ''} {', '.join(map(str, worth))}"
    )
    others = (
        "the same from the other seats"
        if abs(rest.p_win.max() - rest.p_win.min()) < 5e-4
        else f"{pct(rest.p_win.min())} to {pct(rest.p_win.max())} from the other seats"
    )
    interval = "" if r == 1 else f" {ci(lead.low, lead.high, 100)}"
    sentence = (
        f"With {o.n_players} players and {r} card{'s' if r > 1 else ''} in hand, a {label} 13 takes its trick"
        f" {pct(lead.p_win)}{interval} of the time held by seat 1 (who leads the first trick) and {others},"
        f" against a break-even of {pct(float(cut))} (3/7) for bidding it."
        f" Worth a trick? {verdict.capitalize()} ({how})."
    )
    return Answer(sentence, table)


def _non_trump_13(o: AskOptions) -> Answer:
    return _card_worth(o, "plain")


def _trump_13(o: AskOptions) -> Answer:
    return _card_worth(o, "trump")


def _sure_tricks(o: AskOptions) -> Answer:
    t = exact.vulnerability(o.rules().deck).table
    top = t[(t.card == "13")].set_index("relation").value
    sentence = (
        f"Only the Wizards are sure tricks: nothing beats a led Wizard, while even the trump 13 loses to"
        f" {top['trump']} cards (the Wizards) and a non-trump 13 to {top['plain']} of the other"
        f" {int(t['of'].iloc[0])} (exact count)."
    )
    value = {(r.card, r.relation): int(r.value) for r in t.itertuples()}
    ranks = [c for c in dict.fromkeys(t.card) if c.isdigit()]
    summary = pd.DataFrame(
        {
            "led card": ["Wizard", *ranks, "Jester"],
            "beaten by, as trump": [value[("W", "-")], *(value[(k, "trump")] for k in ranks), value[("J", "-")]],
            "as non-trump": [value[("W", "-")], *(value[(k, "plain")] for k in ranks), value[("J", "-")]],
        }
    )
    return Answer(sentence, t, summary)


# ---------------------------------------------------------------- schedules and plus/minus one
def _last_rounds(o: AskOptions) -> Answer:
    e = exact.last_rounds_share(o.n_players, o.k, schedule=o.schedule)
    rules = Rules(o.n_players, schedule=o.schedule)
    points = [rules.max_points_round(r) for r in rules.schedule]
    table = pd.DataFrame({"round": range(1, len(points) + 1), "hand_size": rules.schedule, "max_points": points})
    frac = e.fraction or Fraction(e.value)
    last = sum(points[-o.k :])
    sentence = (
        f"With {o.n_players} players the last {o.k} rounds of a {o.schedule} game hold {last} of the {sum(points)}"
        f" points a player can score at most: {pct(float(frac))} ({frac}, exact), against"
        f" {pct(o.k / len(points))} if every round weighed the same."
    )
    return Answer(sentence, table)


def _dealer_options(o: AskOptions) -> Answer:
    t = exact.plus_minus_one_options(o.n_players, schedule=o.schedule).table
    applies = t[t.applies]
    first, last = applies.iloc[0], applies.iloc[-1]
    sentence = (
        f"Under plus/minus one the dealer may lose one of his r + 1 possible bids: {first.share_lost} of them in a"
        f" round of {first.hand_size} card{'s' if first.hand_size > 1 else ''}, {last.share_lost} in the round of"
        f" {last.hand_size} ({o.schedule} schedule, {o.n_players} players, exact); only when the earlier bids add up"
        f" to at most the hand size."
    )
    return Answer(sentence, t)


def _pm1_cost(o: AskOptions) -> Answer:
    n = o.n or 3000
    res = stats.plus_minus_one_cost(
        o.n_players, o.sizes(), rules=o.rules().replace(plus_minus_one=False), policy=o.policy, n=n, seed=o.seed
    )
    t = res.table
    label = "game" if o.hand_size is None else o.hand_size
    d = t[(t.hand_size == label) & (t.seat == 0)].iloc[0]
    others = t[(t.hand_size == label) & (t.seat != 0)]
    sentence = (
        f"Plus/minus one costs the dealer {-d.value:.1f} points {ci(-d.high, -d.low)} {_sizes_text(o)} with"
        f" {o.n_players} players, while each other seat changes by {others.value.min():+.1f} to"
        f" {others.value.max():+.1f} {about(res.policy, n, o)}."
    )
    summary = _wide(t, {"score_change": "dealer (seat 0): change"}, seat=0)
    mean_others = t[t.seat != 0].groupby(t.hand_size.astype(str), sort=False).value.mean()
    summary["each other seat (mean)"] = [f"{mean_others[h]:+.2f}" for h in summary["hand size"]]
    return Answer(sentence, t, summary)


# ---------------------------------------------------------------- seats and bids
def _bidding_last(o: AskOptions) -> Answer:
    n = o.n or 2000
    rules = o.rules().replace(plus_minus_one=False)
    res = stats.dealer_advantage(o.n_players, o.sizes(), rules=rules, policy=o.policy, n=n, seed=o.seed)
    t = res.table
    label = o.hand_size if o.hand_size is not None else "mean"
    last = t[(t.hand_size == label) & (t.quantity == "bidding_last")].iloc[0]
    edge = t[(t.hand_size == label) & (t.quantity == "dealer_minus_others")].iloc[0]
    where = f"in rounds of {o.hand_size} cards" if o.hand_size else "per round, averaged over a game"
    worth = (
        f"is worth {last.value:+.2f} points {ci(last.low, last.high, digits=2)} to the dealer {where}, against"
        " everyone bidding at once"
        if last.high > last.low
        else "is not measurable with these players (they do not read the earlier bids, so bidding last and bidding"
        " at once play every deal alike)"
    )
    sentence = (
        f"Bidding last, knowing every other bid, {worth}; all told the dealer's score minus the average"
        f" other seat's is {edge.value:+.2f} {ci(edge.low, edge.high, digits=2)} ({o.n_players} players, no"
        f" plus/minus one) {about(res.policy, n, o)}."
    )
    names = {"bidding_last": "bidding last (open minus hidden)", "dealer_minus_others": "dealer minus others"}
    summary = _wide(t, names)
    flat = t[t.quantity == "bidding_last"].assign(hand_size=lambda f: f.hand_size.astype(str))
    flat = set(flat[flat.high == flat.low].hand_size)
    column = names["bidding_last"]
    summary[column] = [
        "not measurable with this player" if h in flat else c
        for h, c in zip(summary["hand size"], summary[column], strict=True)
    ]
    return Answer(sentence, t, summary)


def _seat_advantage(o: AskOptions) -> Answer:
    n = o.n or 2000
    res = stats.seat_effects(o.n_players, o.sizes(), rules=o.rules(), policy=o.policy, n=n, seed=o.seed)
    t = res.table
    label = "game" if o.hand_size is None else o.hand_size
    s = t[(t.hand_size == label) & (t.quantity == "mean_score")]
    best, worst = s.loc[s.value.idxmax()], s.loc[s.value.idxmin()]
    sentence = (
        f"{'Over a game' if o.hand_size is None else f'In rounds of {o.hand_size} cards'} seat {best.seat} scores most,"
        f" {best.value:.1f} {ci(best.low, best.high)}, and seat {worst.seat} least, {worst.value:.1f}"
        f" {ci(worst.low, worst.high)} ({o.n_players} players; seat 0 deals, seat 1 leads) {about(res.policy, n, o)}."
    )
    return Answer(sentence, s.reset_index(drop=True))


def _bids_add_up(o: AskOptions) -> Answer:
    n = o.n or 4000
    res = stats.bids_add_up(o.n_players, o.sizes(), rules=o.rules(), policy=o.policy, n=n, seed=o.seed)
    t = res.table
    eq = t[t.quantity == "p_equal"]
    if o.hand_size is not None:
        row = eq.iloc[0]
        sentence = (
            f"Without plus/minus one the bids of a {o.n_players}-player round of {o.hand_size} cards add up to"
            f" the tricks {pct(row.value)} {ci(row.low, row.high, 100)} of the time"
            f" {about(res.policy, n, o)}."
        )
    else:
        half = ((eq.high - eq.low) / 2).pow(2).sum() ** 0.5
        sentence = (
            f"Without plus/minus one the bids add up to the tricks in {eq.value.sum():.2f} (±{half:.2f}) of"
            f" the {len(eq)} rounds of a {o.n_players}-player game: {pct(eq.value.iloc[0])} of one-card"
            f" rounds, {pct(eq.value.iloc[-1])} of the last {about(res.policy, n, o)}."
        )
    pct_t = t.assign(value=100 * t.value, low=100 * t.low, high=100 * t.high)
    names = {"p_equal": "bids add up (%)", "p_under": "underbid (%)", "p_over": "overbid (%)"}
    return Answer(sentence, t, _wide(pct_t, names, digits=1, sign=False))


def _trump_choice(o: AskOptions) -> Answer:
    ex = exact.round1_trump_choice_value(o.n_players).table.set_index("quantity").value
    n = o.n or 2000
    res = stats.trump_choice_value(o.n_players, o.sizes(), policy=o.policy, n=n, seed=o.seed)
    t = res.table
    label = "game" if o.hand_size is None and "game" in set(t.hand_size) else t.hand_size.iloc[0]
    quantity = "per_round" if label == "game" else "given_wizard"
    d = t[(t.hand_size == label) & (t.seat == 0) & (t.quantity == quantity)].iloc[0]
    where = "over a game" if label == "game" else f"per round of {label} cards with a Wizard turned"
    sentence = (
        f"Naming trump after looking at his hand (1996) instead of blind (2022 reading) is worth {d.value:+.1f}"
        f" points {ci(d.low, d.high)} to the dealer {where} with these players {about(res.policy, n, o)}; in round 1,"
        f" exactly, naming the best suit for his card gains {ex['value']:+.2f} points over a blind choice when a"
        f" Wizard is turned ({o.n_players} players)."
    )
    summary = _wide(t, {"given_wizard": "dealer, per Wizard round", "per_round": "dealer, per average round"}, seat=0)
    return Answer(sentence, t, summary)


def _one_card_round(o: AskOptions) -> Answer:
    """Round 1 exactly: the weakest card worth a bid after the earlier bids (rational earlier bidders)."""
    trump_choice = "blind" if o.blind_trump else "after-look"
    cut = break_even_probability()
    if o.bids is not None:
        res = round1_thresholds(o.n_players, bids=o.bids, rules=o.rules().replace(plus_minus_one=False))
        t = res.table.set_index("state")
        seat = int(t.seat.iloc[0])
        who = "the dealer (seat 0)" if seat == 0 else f"seat {seat}"

        def worth(state: str, label: str) -> str:
            k = t.loc[state, "weakest_rank"]
            return f"never with {label}" if pd.isna(k) else f"with {label} from rank {int(k)}"

        wizard = "a Wizard pays" if t.loc["trump", "wizard"] else "not even a Wizard pays"
        forced = (
            "; under plus/minus one his bid is forced when the earlier bids add up to 0 or 1"
            if o.plus_minus_one and seat == 0
            else ""
        )
        sentence = (
            f"With {o.n_players} players, {who} after the earlier bids {' '.join(map(str, o.bids)) or '(none)'}"
            f" should bid 1 {worth('trump', 'a trump')}, {worth('plain', 'a non-trump card')},"
            f" {worth('no trump', 'a suit card when a Jester is turned')}; {wizard}{forced} (exact, earlier bidders"
            f" bid 1 iff their chance reaches {cut})."
        )
        return Answer(sentence, res.table.reset_index(drop=True))
    table = round1_thresholds_after_bids(o.n_players, trump_choice=trump_choice)
    first = table.iloc[0]
    last = table[table.seat == 0]
    zeros, ones = last.iloc[0], last.iloc[-1]
    sentence = (
        f"With {o.n_players} players seat 1 bids 1 in round 1 with a trump from rank {first.trump}; the dealer, after"
        f" {o.n_players - 1} zeros, with a trump from rank {zeros.trump}"
        + (
            ", and after only ones the history cannot happen"
            if ones.trump == "x"
            else f", after only ones from {ones.trump} ('-': none)"
        )
        + f" (exact, rational earlier bidders, break-even {cut}; the table has every seat and history)."
    )
    return Answer(sentence, table)


RULES_OF_THUMB = [
    Question(
        "non-trump-13",
        "Is a non-trump 13 worth a trick?",
        DEALT,
        _non_trump_13,
        exact_at_one=True,
    ),
    Question(
        "trump-13",
        "Is the trump 13 worth a trick?",
        DEALT,
        _trump_13,
        exact_at_one=True,
    ),
    Question("sure-tricks", "Which cards are sure tricks?", (), _sure_tricks),
    Question(
        "last-rounds",
        "How much of the game lies in the last k rounds?",
        ("n_players", "k", "schedule"),
        _last_rounds,
        source=f"{ARTICLE_000}: 'In einer Sechserrunde entscheiden die letzten drei Runden fast die halbe Partie'",
    ),
    Question(
        "dealer-options",
        "How many bids does plus/minus one take from the dealer?",
        ("n_players", "schedule"),
        _dealer_options,
        source=f"{ARTICLE_000}: 'In Runde 1 verliert der Geber eine von zwei Möglichkeiten'",
    ),
    Question(
        "plus-minus-one-dealer",
        "What does plus/minus one cost the dealer?",
        ("n_players", "hand_size", "blind_trump", *SIMULATED),
        _pm1_cost,
        source=f"{ARTICLE_000}: 'der Einzige, dem eine Zahl verboten sein kann'",
    ),
    Question(
        "bidding-last",
        "How much is bidding last worth?",
        ("n_players", "hand_size", "blind_trump", *SIMULATED),
        _bidding_last,
        source=f"{ARTICLE_000}: 'Der Kartengeber sagt also als Letzter an – mit dem größten Informationsvorsprung'",
    ),
    Question(
        "seat-advantage",
        "Which seat scores most?",
        ("n_players", "hand_size", "plus_minus_one", "blind_trump", *SIMULATED),
        _seat_advantage,
    ),
    Question(
        "bids-add-up",
        "How often do the bids add up without plus/minus one (Kuschelwizard)?",
        ("n_players", "hand_size", "blind_trump", *SIMULATED),
        _bids_add_up,
    ),
    Question(
        "one-card-round",
        "A one-card round: which card is worth a bid from which seat after which earlier bids?",
        ("n_players", "bids", "blind_trump", "plus_minus_one"),
        _one_card_round,
    ),
    Question(
        "trump-choice",
        "What is naming trump after looking at the hand worth to the dealer?",
        DEALT,
        _trump_choice,
        source=f"{ARTICLE_000}: 'Der Geber verwandelt eine zufällige Trumpffarbe in eine für ihn passende'",
    ),
]
"""The rules of thumb, in the catalogue's order."""

QUESTIONS: dict[str, Question] = {q.name: q for q in [*RULES_OF_THUMB, *CLAIMS]}
"""The catalogue, by name: the rules of thumb, then the articles' claims (:data:`wizstats.questions.CLAIMS`)."""


def ask(name: str, options: AskOptions | None = None) -> Answer:
    """Answer the question called ``name`` (see :data:`QUESTIONS`).

    Options the question does not read, given other than their defaults, are refused:

    >>> ask("sure-tricks", AskOptions(n_players=5))
    Traceback (most recent call last):
    ...
    ValueError: --players does not apply to sure-tricks; it takes: (none)
    """
    if not isinstance(name, str):
        raise checks.WrongType(f"name a question (a string), got {name!r}")
    key = name.strip().lower().replace("_", "-")
    if key not in QUESTIONS:
        raise ValueError(
            f"unknown question {checks.shown(name)} (known: {', '.join(QUESTIONS)}; see wizstats ask --list)"
        )
    options = AskOptions() if options is None else options
    if not isinstance(options, AskOptions):
        raise checks.WrongType(f"options must be an AskOptions value, got {type(options).__name__}")
    question = QUESTIONS[key]
    unread = question.unread(options)
    if unread:
        why = (
            " (with one card in hand it is an exact count)"
            if question.exact_at_one and set(unread) & set(SIMULATED)
            else ""
        )
        raise ValueError(
            f"{', '.join(OPTION_FLAGS[f] for f in unread)} do{'es' if len(unread) == 1 else ''} not apply to"
            f" {question.name}{why}; it takes: {question.options}"
        )
    return question.answer(options)


def catalogue() -> pd.DataFrame:
    """The catalogue as a table (name, question, options, source): what ``wizstats ask --list --format json`` prints."""
    return pd.DataFrame(
        [
            {"name": q.name, "question": q.text, "options": q.options, "source": q.source or "-"}
            for q in QUESTIONS.values()
        ]
    )
