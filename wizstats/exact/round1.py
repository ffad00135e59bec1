"""Round 1, exactly: every card's chance to take the one trick, and the bid thresholds.

Round 1 deals one card each, so play is forced and who wins is pure combinatorics: the other
``n - 1`` cards are a uniformly random ordered draw from the cards the hero cannot see. The
counts use the play order (seat 1 leads, the dealer, seat 0, plays last) and RULES 5: the first
Wizard wins, else the highest trump, else the highest card of the led suit (the first card that
is not a Jester), a trick of Jesters goes to the first. For the leader this is the closed form
``C(x, n-1) / C(58, n-1)`` where ``x`` counts the unknown cards his card beats.

Trump states (RULES 3): a suit card turned (its suit is trump), a Jester turned (no trump), or a
Wizard turned: the dealer names a suit. Naming is a choice, so the exact values for a turned
Wizard depend on a model of it (``dealer_choice``): ``"own-suit"`` (after looking, 1996: he
names the suit of his card; with a Wizard or Jester any suit, uniformly), ``"random"`` (blind,
2022 reading: any suit, uniformly), ``"best"`` (after looking, the suit that maximises his own
expected round-1 score), or a function from his card to ``{suit: probability}``.

>>> str(round1_win_probability("R13", seat=1, n_players=4, trump="B5"))
'P(win) = 205/551 = 0.3721 (exact)'
>>> break_even_probability()
Fraction(3, 7)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Union

import pandas as pd

from ..checks import whole, wholes
from ..estimates import Estimate, Result, exact_estimate
from ..rules import (
    Card,
    CardKind,
    Deck,
    Rules,
    Scoring,
    Suit,
    TrumpChoice,
    TrumpSpec,
    parse_trump,
    resolve_deck,
    rules_for,
    score_table,
    seat_for,
)
from .rational import round1_rational_thresholds

__all__ = [
    "DEALER_CHOICES",
    "ROUND1_STATES",
    "break_even_probability",
    "round1_seat_values",
    "round1_table",
    "round1_thresholds",
    "round1_trump_choice_value",
    "round1_win_probability",
]

DealerChoice = Union[str, Callable[[Card], Mapping[int, float]]]  # noqa: UP007 (a runtime alias)
DEALER_CHOICES = ("own-suit", "random", "best")
ROUND1_STATES = ("trump", "plain", "no trump", "wizard", "any")
"""Round-1 trump states of the tables: own suit turned, another suit turned, Jester turned,
Wizard turned (the dealer names a suit), and a random turned card (the average over all)."""


# ---------------------------------------------------------------- round 1: counting
def _ff(x: int, k: int) -> int:
    """The falling factorial ``x (x-1) ... (x-k+1)``: ordered draws of ``k`` from ``x`` (0 when x < k, 1 when k <= 0)."""
    return 1 if k <= 0 else math.perm(x, k) if x >= k else 0


def _category(y: Card, hero: Card, trump: int | None) -> int:
    """Index of ``y`` relative to the hero's card: 0 Wizard, 1 Jester, 2 higher same suit,
    3 lower same suit, 4 trump (beats a non-trump hero), 5 other."""
    if y.kind is CardKind.WIZARD:
        return 0
    if y.kind is CardKind.JESTER:
        return 1
    if hero.kind is CardKind.SUIT:
        if y.suit == hero.suit:
            return 2 if y.rank > hero.rank else 3
        if trump is not None and y.suit == trump:
            return 4
    return 5


def _counts(deck: Deck, hero: Card, trump: int | None, removed: tuple[Card, ...]) -> tuple[int, ...]:
    """Unknown cards by :func:`_category`: the deck less the hero's card and ``removed``."""
    S, R = deck.n_suits, deck.n_ranks
    c = [deck.n_wizards, deck.n_jesters, 0, 0, 0, S * R]
    if hero.kind is CardKind.SUIT:
        t = R if trump is not None and trump != hero.suit else 0
        c[2:] = [R - hero.rank, hero.rank - 1, t, (S - 1) * R - t]
    c[_category(hero, hero, trump)] -= 1 if hero.kind is not CardKind.SUIT else 0
    for y in removed:
        c[_category(y, hero, trump)] -= 1
    return tuple(c)


@functools.cache
def _wins(kind: CardKind, is_trump: bool, counts: tuple[int, ...], before: int, after: int) -> int:
    """Ordered draws of ``before`` earlier and ``after`` later cards in which the hero's card wins."""
    w, j, h, low, t, o = counts
    pool = sum(counts)
    if kind is CardKind.WIZARD:  # only an earlier Wizard beats it
        return _ff(pool - w, before) * _ff(pool - before, after)
    if kind is CardKind.JESTER:  # only when every card is a Jester and it is first
        return _ff(j, after) if before == 0 else 0
    x = j + low + o  # the cards it beats once it is in the running
    if is_trump:
        return _ff(x, before + after)
    # not trump: it must also set or follow the led suit: the first earlier non-Jester is of its suit
    total = _ff(j, before) * _ff(x - before, after)
    for i in range(before):
        total += _ff(j, i) * low * _ff(x - i - 1, before + after - i - 1)
    return total


def _p_fixed_trump(
    deck: Deck, hero: Card, before: int, after: int, trump: int | None, removed: tuple[Card, ...]
) -> Fraction:
    counts = _counts(deck, hero, trump, removed)
    is_trump = hero.kind is CardKind.SUIT and trump is not None and hero.suit == trump
    return Fraction(_wins(hero.kind, is_trump, counts, before, after), _ff(sum(counts), before + after))


def _types(deck: Deck, exclude: Iterable[Card]) -> list[tuple[Card, int]]:
    """Distinct cards of the deck with their multiplicities, less ``exclude``."""
    left = {Card(CardKind.WIZARD): deck.n_wizards, Card(CardKind.JESTER): deck.n_jesters}
    for s in range(deck.n_suits):
        for k in range(1, deck.n_ranks + 1):
            left[Card(CardKind.SUIT, Suit(s), k)] = 1
    for card in exclude:
        left[card] -= 1
    return [(card, m) for card, m in left.items() if m > 0]


def _beats_hero(d: Card, hero: Card, trump: int | None) -> bool:
    """Whether the dealer's card, played after the hero's, stops the hero from winning."""
    if hero.kind is CardKind.WIZARD:
        return False
    if hero.kind is CardKind.JESTER:
        return d.kind is not CardKind.JESTER
    cat = _category(d, hero, trump)
    if hero.suit == trump:
        return cat in (0, 2)
    return cat in (0, 2, 4)


@dataclass(frozen=True)
class _Round1:
    """One round-1 question: the deck, the table size, the scoring and the dealer's trump model."""

    deck: Deck
    n: int
    choice: DealerChoice
    scores: tuple[tuple[int, ...], ...]  # score_table(1)

    def choice_probs(self, dealer_card: Card, turned: Card) -> dict[int, Fraction]:
        """Probability that the dealer names each suit after a turned Wizard, given his card."""
        S = self.deck.n_suits
        uniform = {s: Fraction(1, S) for s in range(S)}
        if callable(self.choice):
            probs = {int(s): Fraction(p).limit_denominator(10**9) for s, p in self.choice(dealer_card).items()}
            if sum(probs.values()) != 1:
                raise ValueError(f"dealer_choice({dealer_card}) must give probabilities summing to 1, got {probs}")
            return probs
        if self.choice == "random" or (self.choice == "own-suit" and dealer_card.kind is not CardKind.SUIT):
            return uniform
        if self.choice == "own-suit":
            return {int(dealer_card.suit): Fraction(1)}  # type: ignore[arg-type]
        values = {s: self.best_score(self.p(dealer_card, 0, s, (turned,))) for s in range(S)}
        top = max(values.values())
        best = [s for s, v in values.items() if v == top]
        return {s: Fraction(1, len(best)) for s in best}

    def best_score(self, p: Fraction) -> Fraction:
        """Expected score of the better bid (0 or 1) for a win probability ``p``."""
        return max(p * row[1] + (1 - p) * row[0] for row in self.scores)

    def p(self, hero: Card, seat: int, trump: int | None, removed: tuple[Card, ...]) -> Fraction:
        before = (seat - 1) % self.n
        return _p_fixed_trump(self.deck, hero, before, self.n - 1 - before, trump, removed)

    def p_turned(self, hero: Card, seat: int, turned: Card, named: int | None = None) -> Fraction:
        """P(win) when ``turned`` is the turned card (after a Wizard: optionally the named suit)."""
        if turned.kind is CardKind.SUIT:
            return self.p(hero, seat, int(turned.suit), (turned,))  # type: ignore[arg-type]
        if turned.kind is CardKind.JESTER:
            return self.p(hero, seat, None, (turned,))
        if seat == 0:  # the hero names trump himself
            probs = {named: Fraction(1)} if named is not None else self.choice_probs(hero, turned)
            return sum((q * self.p(hero, 0, s, (turned,)) for s, q in probs.items()), Fraction(0))
        return self._p_dealer_names(hero, seat, turned, named)

    def _p_dealer_names(self, hero: Card, seat: int, turned: Card, named: int | None) -> Fraction:
        before = (seat - 1) % self.n
        after = self.n - 2 - before  # the dealer, playing last, is counted apart
        num, den = Fraction(0), Fraction(0)
        for d, mult in _types(self.deck, (hero, turned)):
            for s, q in self.choice_probs(d, turned).items():
                if named is not None and s != named:
                    continue
                weight = mult * q
                den += weight
                if weight and not _beats_hero(d, hero, s):
                    num += weight * _p_fixed_trump(self.deck, hero, before, after, s, (turned, d))
        if den == 0:
            raise ValueError(
                f"impossible trump: the dealer never names {Suit(named or 0).name.lower()} under this dealer_choice"
            )
        return num / den

    def average(self, hero: Card, seat: int, turned_cards: list[tuple[Card, int]]) -> Fraction:
        total = sum(m for _, m in turned_cards)
        if total == 0:
            raise ValueError(f"impossible trump: no such card can be turned beside {hero}")
        return sum((m * self.p_turned(hero, seat, x) for x, m in turned_cards), Fraction(0)) / total


def _round1_iv(
    card: Card | str,
    seat: int,
    n_players: int,
    deck: Deck | str,
    dealer_choice: DealerChoice | None,
    rules: Rules | None,
) -> tuple[_Round1, Card]:
    rules = rules_for(rules, n_players, deck=None if rules is not None and deck == "standard" else deck)
    hero = Card.parse(card)
    if rules.special_cards or rules.deck.specials:
        raise ValueError("the exact round-1 counts cover decks without special cards (RULES 8 cards are simulated)")
    rules.deck.index(hero)  # raises when the card is not in this deck
    seat = seat_for(seat, rules.n_players)
    if dealer_choice is None:
        dealer_choice = "random" if rules.trump_choice is TrumpChoice.BLIND else "own-suit"
    if not callable(dealer_choice) and dealer_choice not in DEALER_CHOICES:
        raise ValueError(
            f"unknown dealer_choice {dealer_choice!r} (expected one of {', '.join(DEALER_CHOICES)} or a function)"
        )
    if rules.deck.size <= rules.n_players:
        raise ValueError("round 1 needs a card left to turn")
    scores = tuple(tuple(int(x) for x in row) for row in score_table(1, rules))
    return _Round1(rules.deck, rules.n_players, dealer_choice, scores), hero


def _turned_cards(q: _Round1, hero: Card, spec: TrumpSpec) -> list[tuple[Card, int]]:
    """The cards that may have been turned, with multiplicities, for a trump spec."""
    pool = _types(q.deck, (hero,))
    if spec.mode == "any":
        return pool
    if spec.mode == "none":
        return [(c, m) for c, m in pool if c.kind is CardKind.JESTER]
    if spec.mode in ("trump", "plain"):
        if hero.kind is not CardKind.SUIT:
            raise ValueError(f"trump={spec.mode!r} needs a suit card, not {hero}")
        same = spec.mode == "trump"
        return [(c, m) for c, m in pool if c.kind is CardKind.SUIT and (c.suit == hero.suit) == same]
    if spec.mode == "suit":
        if spec.suit is None or spec.suit >= q.deck.n_suits:
            raise ValueError(f"impossible trump {spec.suit}: the {q.deck.name} deck has {q.deck.n_suits} suits")
        return [(c, m) for c, m in pool if c.kind is CardKind.SUIT and c.suit == spec.suit]
    assert spec.card is not None
    try:
        q.deck.index(spec.card)
    except ValueError as err:
        raise ValueError(f"impossible trump: {err}") from None
    found = [(c, m) for c, m in pool if c == spec.card]
    if not found:
        raise ValueError(f"impossible trump: the turned card {spec.card} cannot be turned when you hold {hero}")
    return [(spec.card, 1)]


def round1_win_probability(
    card: Card | str,
    *,
    seat: int,
    n_players: int,
    trump: object = "any",
    deck: Deck | str = "standard",
    dealer_choice: DealerChoice | None = None,
    rules: Rules | None = None,
) -> Estimate:
    """Exact chance that ``card`` takes the one trick of round 1 from ``seat`` (0 = dealer).

    Parameters
    ----------
    trump
        What is known about trump (see :func:`parse_trump`): a turned card, a suit, ``None``,
        ``"W:red"``, ``"trump"``/``"plain"`` (a card of the card's own / another suit turned)
        or ``"any"`` (the average over a random turned card).
    dealer_choice
        The dealer's trump model after a turned Wizard (see the module docstring); default
        ``"own-suit"``, or ``"random"`` when ``rules.trump_choice`` is blind.

    >>> e = round1_win_probability("W", seat=0, n_players=3)
    >>> e.fraction, e.exact
    (Fraction(1540, 1711), True)
    """
    q, hero = _round1_iv(card, seat, n_players, deck, dealer_choice, rules)
    spec = parse_trump(trump)
    if spec.mode == "named":
        assert spec.card is not None and spec.suit is not None
        if spec.suit >= q.deck.n_suits:
            raise ValueError(
                f"impossible trump {spec.suit.name.lower()}: the {q.deck.name} deck has {q.deck.n_suits} suits"
            )
        _turned_cards(q, hero, TrumpSpec("card", spec.card))
        value = q.p_turned(hero, seat, spec.card, int(spec.suit))
    else:
        value = q.average(hero, seat, _turned_cards(q, hero, spec))
    rules_used = rules if rules is not None else Rules(n_players, deck=q.deck)
    return exact_estimate(
        "P(win)", value, rules=rules_used, method=f"exact count, round 1, seat {seat}, {spec.describe()}"
    )


def _card_labels(deck: Deck) -> list[tuple[str, Card]]:
    """Representative cards (suit cards of the first suit) with their table labels."""
    out = [("W", Card(CardKind.WIZARD))] if deck.n_wizards else []
    out += [(str(k), Card(CardKind.SUIT, Suit.BLUE, k)) for k in range(deck.n_ranks, 0, -1)]
    return out + ([("J", Card(CardKind.JESTER))] if deck.n_jesters else [])


def _state_value(q: _Round1, hero: Card, seat: int, state: str) -> Fraction | None:
    """P(win) in one of :data:`ROUND1_STATES` (``None`` when the state cannot occur).

    For a Wizard or Jester, ``trump`` and ``plain`` both mean "a suit card turned".
    """
    pool = _types(q.deck, (hero,))
    if state == "wizard":
        cards = [(c, m) for c, m in pool if c.kind is CardKind.WIZARD]
    elif state == "no trump":
        cards = [(c, m) for c, m in pool if c.kind is CardKind.JESTER]
    elif state == "any":
        cards = pool
    elif hero.kind is CardKind.SUIT:
        cards = _turned_cards(q, hero, TrumpSpec(state))
    else:
        cards = [(c, m) for c, m in pool if c.kind is CardKind.SUIT]
    return q.average(hero, seat, cards) if cards else None


def round1_table(
    n_players: int | Iterable[int] = (3, 4, 5, 6),
    *,
    deck: Deck | str = "standard",
    dealer_choice: DealerChoice | None = None,
    rules: Rules | None = None,
) -> Result:
    """Exact round-1 win probability of every card, seat and player count, in every trump state.

    Rows: ``n_players, seat, card, state, value, fraction``. Suit cards are listed by rank
    (``"13"``); the suit does not matter for the symmetric dealer models. States: see
    :data:`ROUND1_STATES`; for a Wizard or Jester, ``trump`` means "a suit card turned" and
    ``plain`` is left out.

    >>> t = round1_table(4).table
    >>> t[(t.seat == 1) & (t.card == "13") & (t.state == "plain")].fraction.item()
    '205/551'
    """
    players = wholes(n_players, "n_players")
    rows = []
    for n in players:
        q, _ = _round1_iv(
            "W" if resolve_deck(deck).n_wizards else "B1",
            0,
            n,
            deck,
            dealer_choice,
            None if rules is None else rules.replace(n_players=n),
        )
        for seat in [*range(1, n), 0]:
            for label, hero in _card_labels(q.deck):
                for state in ROUND1_STATES:
                    value = _state_value(q, hero, seat, state)
                    if value is not None:
                        rows.append(
                            {
                                "n_players": n,
                                "seat": seat,
                                "card": label,
                                "state": state,
                                "value": float(value),
                                "fraction": str(value),
                            }
                        )
    choice = (
        dealer_choice
        if dealer_choice is not None
        else ("random" if rules and rules.trump_choice is TrumpChoice.BLIND else "own-suit")
    )
    return Result(
        "Round 1: exact chance that a card takes the trick",
        pd.DataFrame(rows),
        True,
        f"exact count over the unseen cards; after a turned Wizard the dealer's choice is {choice!r}",
        rules=rules,
    )


def break_even_probability(
    sure_tricks: int = 0, *, rules: Rules | None = None, hand_size: int | None = None
) -> Fraction:
    """The win chance at which counting one uncertain card as a trick starts to pay.

    With ``k = sure_tricks`` tricks otherwise certain and one card that wins with chance ``p``,
    bidding ``k + 1`` beats bidding ``k`` when ``p >= p*``, derived from the score table:
    ``p* = (S(k,k) - S(k+1,k)) / (S(k+1,k+1) - S(k+1,k) - S(k,k+1) + S(k,k))``. Standard scoring:
    ``(3 + k) / (7 + 2k)``, so 3/7 in round 1 (bid 1: +30 or -10; bid 0: +20 or -10).

    >>> break_even_probability(), break_even_probability(1)
    (Fraction(3, 7), Fraction(4, 9))
    """
    most = 64 if rules is None else rules_for(rules, None).max_hand_size  # no deck deals more than 64 cards
    rules = Rules() if rules is None else rules
    sure_tricks = whole(sure_tricks, "sure_tricks", 0, most - 1)
    r = whole(hand_size, "hand_size", 1, most) if hand_size is not None else sure_tricks + 1
    if r < sure_tricks + 1:
        raise ValueError(f"hand_size {r} leaves no room for {sure_tricks} sure tricks and one more card")
    if rules.scoring is Scoring.STANDARD:
        r = sure_tricks + 1  # the standard table does not depend on the hand size
    s = score_table(r, rules)
    k = sure_tricks
    num = int(s[k, k] - s[k + 1, k])
    den = int(s[k + 1, k + 1] - s[k + 1, k] - s[k, k + 1] + s[k, k])
    return Fraction(num, den)


def round1_thresholds(
    n_players: int | Iterable[int] = (3, 4, 5, 6),
    *,
    deck: Deck | str = "standard",
    dealer_choice: DealerChoice | None = None,
    rules: Rules | None = None,
    bids: Sequence[int] | None = None,
) -> Result:
    """The weakest card worth bidding 1 in round 1, per player count, seat and trump state.

    Bidding 1 pays when the card wins with chance at least :func:`break_even_probability` (3/7
    with standard scoring). ``weakest_rank`` is the lowest rank from which every higher rank
    pays too (``<NA>``: no rank pays); ``p_weakest`` is its chance and ``p_below`` that of the
    best rank that does not pay (the rank under the weakest, or the top rank when none pays).
    ``wizard`` and ``jester`` say whether those pay. State ``wizard``: a Wizard turned, the
    named suit weighed by its chance (for the dealer himself, his choice; see ``dealer_choice``).

    Without ``bids`` every player bids from his own card and trump alone. With ``bids`` (the
    earlier bids, 0 or 1 each, in bidding order from seat 1; one ``n_players``) the answer is
    for the player whose turn it is after them, reading those bids as made by rational earlier
    bidders (:func:`wizstats.exact.round1_rational_thresholds`; the dealer names trump
    by the convention ``"own-suit"`` after looking or ``"random"`` blind).

    >>> t = round1_thresholds(4).table
    >>> int(t[(t.seat == 1) & (t.state == "trump")].weakest_rank.item())
    3
    >>> t = round1_thresholds(4, bids=(0, 0)).table  # seat 3, after two zeros: any trump pays
    >>> int(t[t.state == "trump"].weakest_rank.item())
    1
    """
    if bids is not None:
        return _thresholds_after_bids(n_players, bids, deck, dealer_choice, rules)
    table = round1_table(n_players, deck=deck, dealer_choice=dealer_choice, rules=rules)
    t = table.table
    cut = break_even_probability(rules=rules)
    rows = []
    for (n, seat, state), grp in t.groupby(["n_players", "seat", "state"], sort=False):
        by = {row.card: Fraction(row.fraction) for row in grp.itertuples()}
        ranks = sorted((int(c) for c in by if c.isdigit()), reverse=True)
        weakest = None
        for k in ranks:
            if by[str(k)] < cut:
                break
            weakest = k
        below = (
            weakest - 1 if weakest is not None and weakest > 1 else (ranks[0] if weakest is None and ranks else None)
        )
        rows.append(
            {
                "n_players": n,
                "seat": seat,
                "state": state,
                "weakest_rank": weakest,
                "p_weakest": float(by[str(weakest)]) if weakest is not None else None,
                "p_below": float(by[str(below)]) if below is not None and str(below) in by else None,
                "wizard": bool(by["W"] >= cut) if "W" in by else None,
                "jester": bool(by["J"] >= cut) if "J" in by else None,
            }
        )
    out = pd.DataFrame(rows)
    out["weakest_rank"] = out["weakest_rank"].astype("Int64")
    return Result(
        f"Round 1: weakest card worth bidding 1 (pays when P(win) >= {cut})",
        out,
        True,
        table.method + f"; break-even {cut} from the score table",
        rules=rules,
    )


def _thresholds_after_bids(
    n_players: int | Iterable[int],
    bids: Sequence[int],
    deck: Deck | str,
    dealer_choice: DealerChoice | None,
    rules: Rules | None,
) -> Result:
    """:func:`round1_thresholds` after earlier bids: one player count, the naming conventions only."""
    if isinstance(n_players, Iterable):
        raise ValueError(f"with bids, give one player count, got {n_players!r}")
    n_players = whole(n_players, "n_players")
    if dealer_choice not in (None, "own-suit", "random"):
        raise ValueError(
            "with bids the dealer names trump by convention: dealer_choice 'own-suit' or 'random',"
            f" not {dealer_choice!r}"
        )
    if rules is None:
        rules = Rules(n_players, deck=resolve_deck(deck))
    if dealer_choice is not None:
        rules = rules.replace(trump_choice="blind" if dealer_choice == "random" else "after-look")
    return round1_rational_thresholds(n_players, bids, rules=rules)


def _named_split(q: _Round1, hero: Card, seat: int, turned: Card) -> list[tuple[Fraction, Fraction]]:
    """After a turned Wizard, for a non-dealer: (chance the dealer names s, P(win | s named)) per suit."""
    weights: dict[int, Fraction] = {}
    for d, mult in _types(q.deck, (hero, turned)):
        for s, p in q.choice_probs(d, turned).items():
            weights[s] = weights.get(s, Fraction(0)) + mult * p
    total = sum(weights.values(), Fraction(0))
    return [(w / total, q.p_turned(hero, seat, turned, s)) for s, w in weights.items() if w]


def _seat_value(q: _Round1, hero: Card, seat: int, turned: Card) -> tuple[Fraction, Fraction, Fraction]:
    """(P(win), expected score with the better bid, P(bids 1)) for a hero who knows his card and trump."""
    if turned.kind is CardKind.WIZARD:
        if seat == 0:
            split = [(p, q.p(hero, 0, s, (turned,))) for s, p in q.choice_probs(hero, turned).items()]
        else:
            split = _named_split(q, hero, seat, turned)
    else:
        split = [(Fraction(1), q.p_turned(hero, seat, turned))]
    cut = _break_even(q)
    win = sum((w * p for w, p in split), Fraction(0))
    score = sum((w * q.best_score(p) for w, p in split), Fraction(0))
    bid_one = sum((w for w, p in split if p >= cut), Fraction(0))
    return win, score, bid_one


def _break_even(q: _Round1) -> Fraction:
    s = q.scores
    return Fraction(s[0][0] - s[1][0], s[1][1] - s[1][0] - s[0][1] + s[0][0])


def round1_seat_values(
    n_players: int | Iterable[int] = 4,
    *,
    deck: Deck | str = "standard",
    dealer_choice: DealerChoice | None = None,
    rules: Rules | None = None,
) -> Result:
    """Exact round-1 value of each seat for players who bid from their own card and trump alone.

    Each player knows his card, the turned card and (after a turned Wizard) the named suit, and
    bids 1 exactly when his win chance reaches the break-even (3/7); he does not read the
    earlier bids. Rows per seat: ``p_win`` (they add up to 1 over the seats), ``expected_score``,
    ``p_bid_one``, and ``dealer_minus_others`` (seat 0's expected score minus the others' mean).

    >>> t = round1_seat_values(3).table
    >>> float(t[t.quantity == "p_win"].value.sum())
    1.0
    """
    players = wholes(n_players, "n_players")
    rows = []
    for n in players:
        q, _ = _round1_iv("B1", 0, n, deck, dealer_choice, None if rules is None else rules.replace(n_players=n))
        scores = {}
        for seat in [*range(1, n), 0]:
            tot = [Fraction(0)] * 3
            weight = 0
            for hero, hm in _types(q.deck, ()):
                for turned, tm in _types(q.deck, (hero,)):
                    vals = _seat_value(q, hero, seat, turned)
                    tot = [a + hm * tm * v for a, v in zip(tot, vals, strict=True)]
                    weight += hm * tm
            win, score, bid_one = (v / weight for v in tot)
            scores[seat] = score
            for quantity, value in (("p_win", win), ("expected_score", score), ("p_bid_one", bid_one)):
                rows.append(
                    {"n_players": n, "seat": seat, "quantity": quantity, "value": float(value), "fraction": str(value)}
                )
        adv = scores[0] - sum((scores[s] for s in range(1, n)), Fraction(0)) / (n - 1)
        rows.append(
            {"n_players": n, "seat": 0, "quantity": "dealer_minus_others", "value": float(adv), "fraction": str(adv)}
        )
    return Result(
        "Round 1: exact value of each seat (bids from own card and trump)",
        pd.DataFrame(rows),
        True,
        "exact count; the better bid of 0 and 1 for each card and turned card",
        rules=rules,
    )


def round1_trump_choice_value(
    n_players: int | Iterable[int] = 4, *, deck: Deck | str = "standard", rules: Rules | None = None
) -> Result:
    """Exact round-1 value to the dealer of naming trump after looking at his card, a Wizard turned.

    Rows per player count: the dealer's expected score (better bid) when he names the suit
    that is best for him (``best``), the suit of his card (``own-suit``), or any suit blind
    (``random``), and ``value`` = best minus random.

    >>> t = round1_trump_choice_value(4).table
    >>> bool(t[t.quantity == "value"].value.item() > 0)
    True
    """
    players = wholes(n_players, "n_players")
    rows = []
    wizard = Card(CardKind.WIZARD)
    for n in players:
        evs = {}
        for model in DEALER_CHOICES:
            q, _ = _round1_iv("B1", 0, n, deck, model, None if rules is None else rules.replace(n_players=n))
            total, weight = Fraction(0), 0
            for hero, m in _types(q.deck, (wizard,)):
                total += m * _seat_value(q, hero, 0, wizard)[1]
                weight += m
            evs[model] = total / weight
        evs["value"] = evs["best"] - evs["random"]
        rows += [{"n_players": n, "quantity": k, "value": float(v), "fraction": str(v)} for k, v in evs.items()]
    return Result(
        "Round 1: the dealer's expected score after a turned Wizard, by how he names trump",
        pd.DataFrame(rows),
        True,
        "exact count; the dealer bids the better of 0 and 1",
        rules=rules,
    )
