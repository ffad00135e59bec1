"""The source articles' own rules of thumb as ``wizstats ask`` questions (issue 17), each with a verdict.

Each question here states the article it comes from (``wizstats ask --list``) and answers with a
verdict computed from the numbers: the claim holds, does not hold, or depends on something named.
Importing this module adds the questions to :data:`wizstats.questions.QUESTIONS`.

>>> print(ask("highest-of-suit", AskOptions(hand_size=1)).sentence)  # doctest: +ELLIPSIS
Holds with 1 card in hand: with 4 players a 10 you hold is the highest of its suit among the dealt cards 85.3% ...
"""

from __future__ import annotations

from ..exact import highest_of_suit
from ..rules import Rules
from .ask import ARTICLE_003, QUESTIONS, Answer, AskOptions, Question, _pct, ask

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
        return f"{_pct(value[r])} ({frac[r]}, exact)"

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
            f" ({_pct(value[upto])}); from {upto + 1} cards on less often"
            + (f" ({_pct(value[upto + 1])})" if upto + 1 in value.index else "")
            + f", and {_pct(value[last])} in the last round of {last} (exact counts; Wizards and trumps still beat it)."
        )
    return Answer(sentence, t)


CLAIMS: list[Question] = [
    Question(
        "highest-of-suit",
        "In the first rounds, how often is a card of rank k the highest of its suit among the dealt cards?",
        ("n_players", "hand_size", "rank"),
        _highest_of_suit,
        source=f"{ARTICLE_003}: 'een 10 kan zomaar de hoogste van zijn kleur zijn'",
    ),
]
"""The articles' claims, in the catalogue's order."""

QUESTIONS.update({q.name: q for q in CLAIMS})
_ = ask  # re-exported for the doctest above
