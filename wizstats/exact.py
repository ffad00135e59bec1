"""Exact results by counting, no simulation: card vulnerability, round 1, schedules, plus/minus one.

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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Union

import pandas as pd

from .cards import Card, CardKind, Deck, Suit, parse_suit, resolve_deck
from .estimates import Estimate, Result, exact_estimate
from .rules import TOURNAMENT_SCHEDULES, Rules, Scoring, TrumpChoice, standard_schedule
from .scoring import score_table

__all__ = [
    "TrumpSpec",
    "break_even_probability",
    "last_rounds_share",
    "parse_trump",
    "plus_minus_one_options",
    "round1_table",
    "round1_thresholds",
    "round1_win_probability",
    "schedule_figures",
    "vulnerability",
]

DealerChoice = Union[str, Callable[[Card], Mapping[int, float]]]
DEALER_CHOICES = ("own-suit", "random", "best")
ROUND1_STATES = ("trump", "plain", "no trump", "wizard", "any")
"""Round-1 trump states of the tables: own suit turned, another suit turned, Jester turned,
Wizard turned (the dealer names a suit), and a random turned card (the average over all)."""


# ---------------------------------------------------------------- what is known about trump
@dataclass(frozen=True)
class TrumpSpec:
    """What the bidder knows about trump.

    ``mode`` is ``"card"`` (the turned card is known), ``"suit"`` (a card of ``suit`` was turned,
    which one unknown), ``"none"`` (no trump: a Jester turned, or a round without a turned card),
    ``"named"`` (a Wizard turned and the dealer named ``suit``), ``"any"`` (nothing known: a
    random turned card), ``"trump"`` / ``"plain"`` (for one card: a card of its own suit, or of
    another suit, was turned).
    """

    mode: str
    card: Card | None = None
    suit: Suit | None = None

    def describe(self) -> str:
        """Short text, e.g. ``turned R5``, ``red turned``, ``no trump``."""
        return {
            "card": f"turned {self.card}",
            "suit": f"a {self.suit.name.lower() if self.suit is not None else ''} card turned",
            "none": "no trump",
            "named": f"Wizard turned, dealer named {self.suit.name.lower() if self.suit is not None else ''}",
            "any": "any turned card",
            "trump": "a card of its own suit turned",
            "plain": "a card of another suit turned",
        }[self.mode]


_ANY_WORDS = ("any", "random", "unknown", "?")
_NONE_WORDS = ("none", "no", "-", "", "no trump", "notrump")


def parse_trump(value: object) -> TrumpSpec:
    """What a user says about trump, as a :class:`TrumpSpec`.

    A card (``"R5"``, ``Card``) is the turned card: ``"W"`` a Wizard (the dealer names a suit),
    ``"J"`` a Jester (no trump). A suit (``"red"``, ``"R"``, ``Suit.RED``) means a card of that
    suit was turned, which one unknown. ``None`` or ``"none"``: no trump. ``"W:red"`` or
    ``("W", "red")``: a Wizard turned and the dealer named red. ``"any"``: unknown.

    >>> parse_trump("R5").describe(), parse_trump("red").describe(), parse_trump(None).describe()
    ('turned R5', 'a red card turned', 'no trump')
    >>> parse_trump("W:green").describe()
    'Wizard turned, dealer named green'
    """
    if isinstance(value, TrumpSpec):
        return value
    if value is None or isinstance(value, Card):
        return TrumpSpec("none") if value is None else TrumpSpec("card", value)
    if isinstance(value, (tuple, list)) or (isinstance(value, str) and ":" in value):
        parts = value.split(":") if isinstance(value, str) else list(value)
        if len(parts) != 2:
            raise ValueError(f"impossible trump {value!r}: give a Wizard and the suit the dealer named, e.g. 'W:red'")
        card = Card.parse(parts[0]) if isinstance(parts[0], (str, Card)) else None
        if card is None or card.kind is not CardKind.WIZARD:
            raise ValueError(f"impossible trump {value!r}: only after a turned Wizard does the dealer name a suit")
        return TrumpSpec("named", card, parse_suit(parts[1], allow_none=False))
    if isinstance(value, Suit):
        return TrumpSpec("suit", suit=value)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _ANY_WORDS:
            return TrumpSpec("any")
        if word in _NONE_WORDS:
            return TrumpSpec("none")
        if word in ("trump", "plain"):
            return TrumpSpec(word)
        try:
            return TrumpSpec("card", Card.parse(value))
        except ValueError:
            pass
    try:
        return TrumpSpec("suit", suit=parse_suit(value, allow_none=False))  # type: ignore[arg-type]
    except ValueError:
        raise ValueError(
            f"impossible trump {value!r} (expected a turned card such as R5, W or J, a suit such as red, "
            "'W:red' for a Wizard and the named suit, 'none' or 'any')"
        ) from None


# ---------------------------------------------------------------- vulnerability (RULES 10)
def vulnerability(deck: Deck | str = "standard", trump: Suit | str | None = "all") -> Result:
    """For every card led, how many of the other cards of the deck could beat it (RULES 10).

    A Wizard led: none. A Jester led: every card that is not a Jester. A suit card: the Wizards,
    the higher cards of its suit and, when it is not trump, every trump. ``trump="all"`` lists
    each card by its relation to trump (``trump``, ``plain`` (another suit is trump), ``no trump``);
    a suit or ``None`` lists every card for that trump.

    >>> t = vulnerability().table
    >>> t.set_index(["card", "relation"]).loc[[("13", "plain"), ("13", "trump"), ("W", "-")], "value"].tolist()
    [17, 4, 0]
    """
    deck = resolve_deck(deck)
    others = deck.size - 1
    rows: list[dict[str, object]] = []

    def add(card: str, relation: str, count: int) -> None:
        rows.append({"card": card, "relation": relation, "value": count, "of": others, "share": str(Fraction(count, others))})

    if deck.n_wizards:
        add("W", "-", 0)
    if deck.n_jesters:
        add("J", "-", deck.size - deck.n_jesters)
    R, W = deck.n_ranks, deck.n_wizards
    if isinstance(trump, str) and trump.strip().lower() == "all":
        for k in range(R, 0, -1):
            add(str(k), "trump", W + R - k)
            if deck.n_suits > 1:
                add(str(k), "plain", W + R - k + R)
            add(str(k), "no trump", W + R - k)
    else:
        suit = parse_suit(trump)
        if suit is not None and suit >= deck.n_suits:
            raise ValueError(f"impossible trump {suit.name.lower()}: the {deck.name} deck has {deck.n_suits} suits")
        for s in range(deck.n_suits):
            for k in range(R, 0, -1):
                relation = "no trump" if suit is None else ("trump" if s == suit else "plain")
                beaten = W + R - k + (R if relation == "plain" else 0)
                add(str(Card(CardKind.SUIT, Suit(s), k)), relation, beaten)
    return Result(
        f"Cards that can beat a led card ({deck.describe()})", pd.DataFrame(rows), True,
        "counted over the other cards of the deck; a Jester led loses to every non-Jester",
    )


# ---------------------------------------------------------------- round 1: counting
def _ff(x: int, k: int) -> int:
    """The falling factorial ``x (x-1) ... (x-k+1)``: ordered draws of ``k`` from ``x`` (0 when x < k)."""
    if k <= 0:
        return 1
    if x < k:
        return 0
    out = 1
    for i in range(k):
        out *= x - i
    return out


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


@functools.lru_cache(maxsize=None)
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


def _p_fixed_trump(deck: Deck, hero: Card, before: int, after: int, trump: int | None, removed: tuple[Card, ...]) -> Fraction:
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
            raise ValueError(f"impossible trump: the dealer never names {Suit(named).name.lower()} under this dealer_choice")
        return num / den

    def average(self, hero: Card, seat: int, turned_cards: list[tuple[Card, int]]) -> Fraction:
        total = sum(m for _, m in turned_cards)
        if total == 0:
            raise ValueError(f"impossible trump: no such card can be turned beside {hero}")
        return sum((m * self.p_turned(hero, seat, x) for x, m in turned_cards), Fraction(0)) / total


def _round1_iv(card: Card | str, seat: int, n_players: int, deck: Deck | str, dealer_choice: DealerChoice | None,
               rules: Rules | None) -> tuple[_Round1, Card]:
    if rules is None:
        rules = Rules(n_players, deck=resolve_deck(deck))
    elif not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules value, got {type(rules).__name__}")
    elif rules.n_players != n_players:
        raise ValueError(f"n_players {n_players} does not match rules.n_players {rules.n_players}")
    hero = Card.parse(card)
    rules.deck.index(hero)  # raises when the card is not in this deck
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rules.n_players:
        raise ValueError(f"seat must be 0 (dealer) .. {rules.n_players - 1}, got {seat!r}")
    if dealer_choice is None:
        dealer_choice = "random" if rules.trump_choice is TrumpChoice.BLIND else "own-suit"
    if not callable(dealer_choice) and dealer_choice not in DEALER_CHOICES:
        raise ValueError(f"unknown dealer_choice {dealer_choice!r} (expected one of {', '.join(DEALER_CHOICES)} or a function)")
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
            raise ValueError(f"impossible trump {spec.suit.name.lower()}: the {q.deck.name} deck has {q.deck.n_suits} suits")
        _turned_cards(q, hero, TrumpSpec("card", spec.card))
        value = q.p_turned(hero, seat, spec.card, int(spec.suit))
    else:
        value = q.average(hero, seat, _turned_cards(q, hero, spec))
    rules_used = rules if rules is not None else Rules(n_players, deck=q.deck)
    return exact_estimate("P(win)", value, rules=rules_used, method=f"exact count, round 1, seat {seat}, {spec.describe()}")


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
    players = [n_players] if isinstance(n_players, int) else list(n_players)
    rows = []
    for n in players:
        q, _ = _round1_iv("W" if resolve_deck(deck).n_wizards else "B1", 0, n, deck, dealer_choice,
                          None if rules is None else rules.replace(n_players=n))
        for seat in [*range(1, n), 0]:
            for label, hero in _card_labels(q.deck):
                for state in ROUND1_STATES:
                    value = _state_value(q, hero, seat, state)
                    if value is not None:
                        rows.append({"n_players": n, "seat": seat, "card": label, "state": state,
                                     "value": float(value), "fraction": str(value)})
    choice = dealer_choice if dealer_choice is not None else ("random" if rules and rules.trump_choice is TrumpChoice.BLIND else "own-suit")
    return Result(
        "Round 1: exact chance that a card takes the trick", pd.DataFrame(rows), True,
        f"exact count over the unseen cards; after a turned Wizard the dealer's choice is {choice!r}",
        rules=rules,
    )


def break_even_probability(sure_tricks: int = 0, *, rules: Rules | None = None, hand_size: int | None = None) -> Fraction:
    """The win chance at which counting one uncertain card as a trick starts to pay.

    With ``k = sure_tricks`` tricks otherwise certain and one card that wins with chance ``p``,
    bidding ``k + 1`` beats bidding ``k`` when ``p >= p*``, derived from the score table:
    ``p* = (S(k,k) - S(k+1,k)) / (S(k+1,k+1) - S(k+1,k) - S(k,k+1) + S(k,k))``. Standard scoring:
    ``(3 + k) / (7 + 2k)``, so 3/7 in round 1 (bid 1: +30 or -10; bid 0: +20 or -10).

    >>> break_even_probability(), break_even_probability(1)
    (Fraction(3, 7), Fraction(4, 9))
    """
    rules = Rules() if rules is None else rules
    if not isinstance(sure_tricks, int) or sure_tricks < 0:
        raise ValueError(f"sure_tricks must be a whole number >= 0, got {sure_tricks!r}")
    r = hand_size if hand_size is not None else max(1, sure_tricks + 1)
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
) -> Result:
    """The weakest card worth bidding 1 in round 1, per player count, seat and trump state.

    Bidding 1 pays when the card wins with chance at least :func:`break_even_probability` (3/7
    with standard scoring). ``weakest_rank`` is the lowest rank from which every higher rank
    pays too (``<NA>``: no rank pays); ``p_weakest`` is its chance and ``p_below`` that of the
    rank under it. ``wizard`` and ``jester`` say whether those pay.

    >>> t = round1_thresholds(4).table
    >>> int(t[(t.seat == 1) & (t.state == "trump")].weakest_rank.item())
    3
    """
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
        below = weakest - 1 if weakest is not None and weakest > 1 else (ranks[0] if weakest is None and ranks else None)
        rows.append({
            "n_players": n, "seat": seat, "state": state,
            "weakest_rank": weakest,
            "p_weakest": float(by[str(weakest)]) if weakest is not None else None,
            "p_below": float(by[str(below)]) if below is not None and str(below) in by else None,
            "wizard": bool(by["W"] >= cut) if "W" in by else None,
            "jester": bool(by["J"] >= cut) if "J" in by else None,
        })
    out = pd.DataFrame(rows)
    out["weakest_rank"] = out["weakest_rank"].astype("Int64")
    return Result(
        f"Round 1: weakest card worth bidding 1 (pays when P(win) >= {cut})", out, True,
        table.method + f"; break-even {cut} from the score table", rules=rules,
    )


# ---------------------------------------------------------------- schedules (RULES 2, 7, 10)
def _schedules(n: int, deck: Deck) -> dict[str, tuple[int, ...]]:
    out = {"standard": standard_schedule(n, deck)}
    if deck.size == 60 and n in TOURNAMENT_SCHEDULES:
        out["tournament"] = TOURNAMENT_SCHEDULES[n]
    return out


def schedule_figures(n_players: int | Iterable[int] = (3, 4, 5, 6), *, deck: Deck | str = "standard", last_k: int = 3) -> Result:
    """Rounds, tricks and maximum points per game, standard against tournament schedules.

    The maximum of a round is every trick bid and won: ``20 + 10 r`` (standard scoring);
    ``last_k_points`` is what the last ``last_k`` rounds hold of the game's maximum.

    >>> schedule_figures(6).table[["schedule", "tricks", "max_points", "last_3_points"]].values.tolist()
    [['standard', 55, 750, 330], ['tournament', 55, 750, 330]]
    """
    deck = resolve_deck(deck)
    players = [n_players] if isinstance(n_players, int) else list(n_players)
    rows = []
    for n in players:
        for name, sched in _schedules(n, deck).items():
            rules = Rules(n, deck=deck, schedule=sched)
            points = [rules.max_points_round(r) for r in sched]
            last = sum(points[-last_k:])
            rows.append({"n_players": n, "schedule": name, "rounds": len(sched), "tricks": sum(sched),
                         "max_points": sum(points), f"last_{last_k}_points": last,
                         f"last_{last_k}_share": str(Fraction(last, sum(points)))})
    return Result("Schedule figures per game", pd.DataFrame(rows), True,
                  "summed over the schedule's hand sizes; a round's maximum is 20 + 10 r (every trick bid and won)")


def last_rounds_share(n_players: int, k: int, *, schedule: str | Iterable[int] = "standard", deck: Deck | str = "standard") -> Estimate:
    """The share of a game's maximum points held by its last ``k`` rounds.

    >>> last_rounds_share(6, 3).fraction
    Fraction(11, 25)
    """
    rules = Rules(n_players, deck=resolve_deck(deck), schedule=schedule if isinstance(schedule, str) else tuple(schedule))
    if not isinstance(k, int) or not 1 <= k <= rules.rounds_per_game:
        raise ValueError(f"k must be 1 .. {rules.rounds_per_game} (the rounds of the game), got {k!r}")
    points = [rules.max_points_round(r) for r in rules.schedule]
    return exact_estimate(f"share of the maximum in the last {k} rounds", Fraction(sum(points[-k:]), sum(points)), rules=rules)


# ---------------------------------------------------------------- plus/minus one (RULES 4)
def plus_minus_one_options(
    n_players: int | Iterable[int] = (3, 4, 5, 6), *, schedule: str = "standard", deck: Deck | str = "standard"
) -> Result:
    """What plus/minus one takes from the dealer, round by round: one bid of ``r + 1``.

    The forbidden bid is ``r - S`` (``S`` the earlier bids), so it is a real loss only when
    ``S <= r``; then the dealer keeps ``r`` of ``r + 1`` options. The tournament schedule does
    not apply the rule in rounds of fewer than two tricks (``applies`` is False there).

    >>> t = plus_minus_one_options(6).table
    >>> t[t.hand_size.isin([1, 10])].share_lost.tolist()
    ['1/2', '1/11']
    """
    deck = resolve_deck(deck)
    players = [n_players] if isinstance(n_players, int) else list(n_players)
    rows = []
    for n in players:
        scheds = _schedules(n, deck)
        if schedule not in scheds:
            raise ValueError(f"unknown schedule {schedule!r} for {n} players (expected one of {', '.join(scheds)})")
        min_hand = 2 if schedule == "tournament" else 1
        for i, r in enumerate(scheds[schedule], start=1):
            applies = r >= min_hand
            rows.append({"n_players": n, "round": i, "hand_size": r, "options": r + 1, "applies": applies,
                         "dealer_options": r if applies else r + 1,
                         "share_lost": str(Fraction(1, r + 1)) if applies else "0"})
    return Result(f"Plus/minus one: the dealer's options ({schedule} schedule)", pd.DataFrame(rows), True,
                  "one forbidden bid r - S of the r + 1 bids 0..r, when the earlier bids S do not exceed r")
