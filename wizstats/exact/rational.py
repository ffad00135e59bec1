"""Round 1 with rational bidders: the exact chance to win given the earlier bids, and the bid table.

In round 1 each player holds one card and play is forced, so a bid is a bet on one event. A
player bids 1 exactly when ``P(win | own card, seat, trump state, earlier bids) >= p*``, with
``p*`` from the round-1 score table (3/7 standard: bid 1 pays +30/-10, bid 0 +20/-10; 2/5
alternative); at exactly ``p*`` both bids have the same expected score and he bids 1. The
earlier bids are read through the earlier bidders' own rule: each of them bid by the same
reasoning from what he saw. Bidding order is play order: seat 1 (who leads), 2, .., n-1, then
the dealer (seat 0). Under plus/minus one the dealer's bid is forced when the earlier bids add
up to 0 (he must bid 0) or 1 (he must bid 1) (:func:`wizstats.forbidden_bid`); that changes
nobody's reading, since nobody bids after him.

Trump states: a suit card turned (its suit is trump), a Jester turned (no trump), or a Wizard
turned: the dealer names a suit before the bidding. Convention for naming (the one the
``expert`` player follows): with ``after-look`` (rulebook 1996) he names the suit of his card
when it is a suit card, and a uniformly random suit when he holds a Wizard or a Jester; with
``blind`` trump choice the suit is uniformly random. After-look naming therefore tells the table
something about the dealer's card, and the counts use it.

How it is counted: given the hero's card, the turned card and the bids, the other cards are a
uniform ordered draw without replacement, restricted (each earlier bidder's card lies in the set
of cards with which his rule makes the bid he made) and weighted (after-look: the chance that the
dealer's card names this suit). Sums over draws of distinct cards are done by inclusion-exclusion
over the set partitions of the other seats (Möbius inversion on the partition lattice), vectorised
over all hero cards with numpy integers, once per turned card up to suit symmetry; results are
exact integers and fractions.

>>> rational_round1_win_probability(4, "B13", 1, "R5")  # seat 1: no earlier bids, as exact.round1 says
Fraction(205, 551)
>>> rational_round1_win_probability(4, "R9", 3, "R5", bids=(0, 0)) >= Fraction(3, 7)
True
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

import numpy as np
import pandas as pd

from ..checks import whole
from ..estimates import Result
from ..rules import BidVisibility, Card, CardKind, Deck, Rules, TrumpChoice, parse_trump, resolve_deck, score_table
from ._rational_counts import Game, base_states, base_turned, count_table, dealer_weight, solve, to_base

__all__ = [
    "THRESHOLD_STATES",
    "rational_round1_win_probability",
    "round1_bid_table",
    "round1_history_possible",
    "round1_rational_thresholds",
    "round1_rational_values",
    "round1_thresholds_after_bids",
]


# ---------------------------------------------------------------- validation
def _game_iv(
    n_players: int,
    trump_choice: TrumpChoice | str | None,
    plus_minus_one: bool | None,
    scoring: str | None,
    deck: Deck | str | None,
    rules: Rules | None,
) -> tuple[Game, Rules]:
    """The rules (from ``rules`` or the keywords, not both) and the counting key they give."""
    given = {"trump_choice": trump_choice, "plus_minus_one": plus_minus_one, "scoring": scoring, "deck": deck}
    if rules is not None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules value, got {type(rules).__name__}")
        clash = [k for k, v in given.items() if v is not None]
        if clash:
            raise ValueError(f"give either rules or {', '.join(clash)}, not both")
        if rules.n_players != n_players:
            raise ValueError(f"n_players {n_players} does not match rules.n_players {rules.n_players}")
    else:
        rules = Rules(
            whole(n_players, "n_players"),
            deck=resolve_deck("standard" if deck is None else deck),
            plus_minus_one=False if plus_minus_one is None else plus_minus_one,
            trump_choice="after-look" if trump_choice is None else trump_choice,
            scoring="standard" if scoring is None else scoring,
        )
    if rules.bids is not BidVisibility.OPEN:
        raise ValueError(f"reading the earlier bids needs open bids, not {rules.bids.value} bids")
    if rules.deck.specials:
        raise ValueError("the rational round-1 counts cover decks without special cards")
    if rules.n_players + 1 > rules.deck.size:
        raise ValueError("round 1 needs a card left to turn")
    s = score_table(1, rules)
    scores = ((int(s[0, 0]), int(s[0, 1])), (int(s[1, 0]), int(s[1, 1])))
    game = Game(rules.deck.with_specials(()), rules.n_players, rules.trump_choice is TrumpChoice.BLIND, scores)
    return game, rules


def _bids_iv(bids: Sequence[int], seat: int, n: int) -> tuple[int, int]:
    """(position in bidding order, history index) of ``seat`` after ``bids``."""
    if isinstance(bids, (str, bytes)) or not isinstance(bids, Sequence):
        raise TypeError(f"bids must be a sequence of 0s and 1s, got {bids!r}")
    position = n if seat == 0 else seat
    if len(bids) != position - 1:
        who = "the dealer (seat 0)" if seat == 0 else f"seat {seat}"
        raise ValueError(
            f"{who} sees {position - 1} earlier bid{'s' if position != 2 else ''} (seats 1..{position - 1}),"
            f" got {len(bids)}"
        )
    history = 0
    for k, b in enumerate(bids):
        if isinstance(b, bool) or not isinstance(b, (int, np.integer)) or b not in (0, 1):
            raise ValueError(f"a round-1 bid is 0 or 1, got {b!r} (earlier bid {k + 1})")
        history |= int(b) << k
    return position, history


def _seat_iv(seat: int, n: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < n:
        raise ValueError(f"seat must be 0 (dealer) .. {n - 1}, got {seat!r}")
    return int(seat)


# ---------------------------------------------------------------- public: one probability
def _card_iv(value: object, deck: Deck, what: str) -> Card:
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return deck.card(int(value))
    card = Card.parse(value)  # type: ignore[arg-type]
    deck.index(card)  # raises when not in this deck
    return card


def _turned_iv(trump: object, hero: Card, deck: Deck) -> tuple[int, int | None]:
    """(turned card id, named suit or None) from a trump description."""
    spec = parse_trump(trump)
    if spec.mode == "none":
        spec = parse_trump("J")
    if spec.mode == "named":
        assert spec.card is not None and spec.suit is not None
        if spec.suit >= deck.n_suits:
            raise ValueError(
                f"impossible trump {spec.suit.name.lower()}: the {deck.name} deck has {deck.n_suits} suits"
            )
        turned, named = spec.card, int(spec.suit)
    elif spec.mode == "card":
        assert spec.card is not None
        turned, named = spec.card, None
        if turned.kind is CardKind.WIZARD:
            raise ValueError("a turned Wizard needs the suit the dealer named, e.g. trump='W:red'")
    else:
        raise ValueError(
            f"trump must be the turned card (e.g. 'R5', 'J'), or 'W:red' for a Wizard and the named suit; got {trump!r}"
        )
    ids = deck.indices([hero, turned]) if hero.kind is turned.kind and hero.kind is not CardKind.SUIT else None
    if ids is None:
        if hero == turned:
            raise ValueError(f"impossible trump: the turned card {turned} is the card in your hand")
        ids = [deck.index(hero), deck.index(turned)]
    return ids[1], named


def rational_round1_win_probability(
    n_players: int,
    card: Card | str | int,
    seat: int,
    trump: object,
    bids: Sequence[int] = (),
    *,
    trump_choice: TrumpChoice | str | None = None,
    scoring: str | None = None,
    deck: Deck | str | None = None,
    rules: Rules | None = None,
) -> Fraction:
    """Exact round-1 chance that ``card`` wins from ``seat``, given the earlier bids of rational bidders.

    Parameters
    ----------
    n_players
        Players at the table (3 to 6 with the standard deck).
    card
        The card in hand (text such as ``"R13"``, a :class:`Card`, or a card id).
    seat
        0 (the dealer, bids last) .. ``n_players - 1``; seat 1 bids first and leads.
    trump
        The turned card (``"R5"``; ``"J"`` or ``None``: a Jester, no trump) or ``"W:red"``: a Wizard
        turned and the suit the dealer named.
    bids
        The earlier bids in bidding order from seat 1 (0 or 1 each): ``seat - 1`` of them, the
        dealer ``n_players - 1``. Each was made by the rule of this module (bid 1 iff the chance
        reaches the break-even; ties bid 1).
    trump_choice, scoring, deck, rules
        The rules (or one :class:`Rules`): ``after-look`` (default) or ``blind`` naming after a
        turned Wizard (see the module docstring), ``standard`` or ``alternative`` scoring.
        Plus/minus one changes no chance (it binds only the dealer, who bids last).

    Returns
    -------
    Fraction
        ``P(win | card, seat, trump, bids)``. A dealer who named a suit other than his card's
        (after-look) breaks the naming convention; his chance is still counted, with the others
        having bid as if he had kept it.

    Raises
    ------
    ValueError
        For bad input, and for bids that rational bidders cannot have made beside this card.

    >>> rational_round1_win_probability(4, "R10", 0, "B5", bids=(0, 0, 0))
    Fraction(2353, 11767)
    >>> rational_round1_win_probability(4, "R10", 0, "B5")
    Traceback (most recent call last):
    ...
    ValueError: the dealer (seat 0) sees 3 earlier bids (seats 1..3), got 0
    """
    game, rules = _game_iv(n_players, trump_choice, None, scoring, deck, rules)
    seat = _seat_iv(seat, game.n)
    hero = _card_iv(card, game.deck, "card")
    turned, named = _turned_iv(trump, hero, game.deck)
    position, history = _bids_iv(bids, seat, game.n)
    hero_id = game.deck.index(hero)
    state, base = to_base(game.deck, turned, named)
    pos = solve(game, state)[position - 1]
    win, total = int(pos.win[history, base[hero_id]]), int(pos.total[history, base[hero_id]])
    if total == 0:
        raise ValueError(
            f"impossible bids {list(bids)}: rational earlier bidders never bid so when seat {seat} holds {hero}"
            f" and {parse_trump(trump).describe()}"
        )
    return Fraction(win, total)


# ---------------------------------------------------------------- public: the table
def _table_iv(
    n_players: int, trump_choice: object, plus_minus_one: object, scoring: object, deck: object, rules: object
) -> tuple[Game, bool]:
    game, rules_ = _game_iv(n_players, trump_choice, plus_minus_one, scoring, deck, rules)  # type: ignore[arg-type]
    return game, rules_.pm1_applies(1)


@functools.lru_cache(maxsize=64)
def _table(game: Game, pm1: bool, what: str) -> np.ndarray:
    """``int8[n, 2**(n-1), D + S, D]``: the bids (``what="bid"``) or whether the situation can happen."""
    deck, n = game.deck, game.n
    out = np.zeros((n, 1 << (n - 1), deck.size + deck.n_suits, deck.size), dtype=np.int8)
    for p, counts in enumerate(count_table(game), start=1):
        h = 1 << (p - 1)
        if what == "bid":
            val = counts.bid
            if p == n and pm1:  # the forced bid: the sum of the bids may not be 1
                said = np.array([x.bit_count() for x in range(h)])[:, None, None]
                val = np.where(said == 0, False, np.where(said == 1, True, val)) & counts.held[None]
        else:
            val = counts.total > 0
            if p == n and deck.n_wizards and not game.blind:  # after-look: the dealer names his card's suit
                wizard = list(range(deck.size, deck.size + deck.n_suits))
                names = np.array(
                    [[_naming_weight(deck, c, s) > 0 for c in range(deck.size)] for s in range(deck.n_suits)]
                )
                val = val.copy()
                val[:, wizard, :] &= names[None, :, :]
        out[p % n, :h] = val
    out.setflags(write=False)
    return out


def _naming_weight(deck: Deck, card: int, named: int) -> int:
    """``n_suits x P(after-look dealer holding card id `card` names `named`)``."""
    if deck.kinds[card] != CardKind.SUIT:
        return 1
    return deck.n_suits * int(deck.suits[card] == named)


def round1_bid_table(
    n_players: int,
    *,
    trump_choice: TrumpChoice | str = "after-look",
    plus_minus_one: bool = False,
    scoring: str = "standard",
    deck: Deck | str = "standard",
) -> np.ndarray:
    """Every rational round-1 bid: ``int8[n_players, 2**(n_players-1), 64, 60]`` (standard deck).

    Entry ``[seat, history, T, c]`` is the bid (0 or 1) of ``seat`` holding card id ``c`` (the ids
    of :class:`~wizstats.Deck`: suit-major suit cards, rank 1 first, then the Wizards, then the
    Jesters). ``history`` has bit ``k`` set when the ``k``-th earlier bid in bidding order was 1
    (bidder 1 is ``k = 0``; seat ``s > 0`` has ``s - 1`` earlier bids, the dealer ``n_players - 1``).
    ``T`` is the turned card id when it is not a Wizard, or ``deck.size + suit`` (60 + the
    :class:`~wizstats.Suit` value) when a Wizard was turned and that suit named; every Wizard id
    ``c`` then stands for a Wizard other than the turned one.

    A bid of 1 is made iff ``P(win) >= p*`` (a tie bids 1: both bids then have the same expected
    score). Under plus/minus one the dealer's entry is his forced bid when the earlier bids add up
    to 0 or 1. Entries that cannot occur are 0: ``c`` the turned card, ``T`` a Wizard id, and
    histories longer than the seat's. A history the earlier bidders' rule cannot produce beside
    card ``c`` (possible only against other players; see :func:`round1_history_possible`) gets the
    bid that ignores the unexplained bids: the longest explained prefix is kept, later earlier bids
    are read as unknown. The dealer's entries for a card of another suit than the one he named
    (after-look) are his best bid had he broken the naming convention.

    >>> t = round1_bid_table(4)
    >>> t.shape, t.dtype
    ((4, 8, 64, 60), dtype('int8'))
    >>> int(t[1, 0, 4, 12]), int(t[1, 0, 4, 0])  # seat 1, blue 5 turned: blue 13 bids 1, blue 1 bids 0
    (1, 0)
    """
    game, pm1 = _table_iv(n_players, trump_choice, plus_minus_one, scoring, deck, None)
    return np.array(_table(game, pm1, "bid"))


def round1_history_possible(
    n_players: int,
    *,
    trump_choice: TrumpChoice | str = "after-look",
    deck: Deck | str = "standard",
    scoring: str = "standard",
) -> np.ndarray:
    """``bool`` array shaped like :func:`round1_bid_table`: whether the situation can happen when
    every player follows the rational rule and the naming convention (``False`` where the table's
    entry is a fallback or unused).

    >>> ok = round1_history_possible(3)
    >>> bool(ok[1, 0, 4, 12]), bool(ok[1, 1, 4, 12])  # seat 1 has no earlier bids: history 1 is unused
    (True, False)
    """
    game, _ = _table_iv(n_players, trump_choice, None, scoring, deck, None)
    return np.array(_table(game, False, "possible"), dtype=bool)


# ---------------------------------------------------------------- public: seat values
@functools.lru_cache(maxsize=64)
def _seat_values(game: Game, pm1: bool) -> dict[int, tuple[Fraction, Fraction, Fraction]]:
    """Per seat: (expected score, P(win), P(bids 1)) when everyone bids by the rule."""
    deck, n = game.deck, game.n
    d = deck.size
    mult = {"suit": deck.n_suits, "jester": deck.n_jesters, "wizard": deck.n_wizards}
    (s00, s01), (s10, s11) = game.scores
    out = {}
    for p in range(1, n + 1):
        score = win_all = ones = 0
        for state in base_states(deck):
            turned, _ = base_turned(deck, state)
            pos = solve(game, state)[p - 1]
            bid = pos.bid.copy()
            if p == n and pm1:
                count = np.array([bin(x).count("1") for x in range(bid.shape[0])])
                bid[count == 0] = False
                bid[count == 1] = True
            wt = np.ones(d, dtype=object)
            if p == n and state[0] == "wizard":
                wt = dealer_weight(game, state).astype(object)
            wt[turned] = 0
            win, total = pos.win.astype(object), pos.total.astype(object)
            sc = np.where(bid, s11 * win + s10 * (total - win), s01 * win + s00 * (total - win))
            k = mult[state[0]]
            score += k * int((sc * wt).sum())
            win_all += k * int((win * wt).sum())
            ones += k * int((np.where(bid, total, 0) * wt).sum())
        den = math.perm(d, n + 1)  # ordered deals of the n cards and the turned one
        out[p % n] = (Fraction(score, den), Fraction(win_all, den), Fraction(ones, den))
    return out


def round1_rational_values(
    n_players: int,
    *,
    trump_choice: TrumpChoice | str = "after-look",
    plus_minus_one: bool = False,
    scoring: str = "standard",
    deck: Deck | str = "standard",
) -> dict[int, Fraction]:
    """Each seat's exact mean round-1 score when every player bids by the rational rule.

    After a turned Wizard the dealer names trump by the convention of the module docstring;
    under plus/minus one his bid is forced when the earlier bids add up to 0 or 1. Keys are the
    seats ``0 .. n_players - 1`` (0 the dealer).

    >>> v = round1_rational_values(3)
    >>> sorted(v), all(isinstance(x, Fraction) for x in v.values())
    ([0, 1, 2], True)
    """
    game, pm1 = _table_iv(n_players, trump_choice, plus_minus_one, scoring, deck, None)
    values = _seat_values(game, pm1)
    return {seat: values[seat][0] for seat in range(game.n)}


# ---------------------------------------------------------------- public: thresholds after earlier bids
THRESHOLD_STATES = ("trump", "plain", "no trump", "wizard", "any")
"""The trump states of :func:`round1_rational_thresholds`, as in :func:`wizstats.round1_thresholds`."""


@functools.lru_cache(maxsize=64)
def _state_weights(game: Game, dealer: bool) -> np.ndarray:
    """``int64[state, T, c]``: the weight of turned-card index ``T`` in each of :data:`THRESHOLD_STATES`
    for a hero holding card id ``c`` (0 where ``T`` is not in the state).

    Every turned card is equally likely a priori. The counts after a turned Wizard already carry
    ``n_suits x P(named | the dealer's card)`` for the other seats, so a suit card turned weighs
    ``n_suits`` against 1 per named suit; for the dealer his own card decides the suit he names.
    """
    deck = game.deck
    d, n_suits = deck.size, deck.n_suits
    kinds, suits = deck.kinds, deck.suits.astype(int)
    out = np.zeros((len(THRESHOLD_STATES), d + n_suits, d), dtype=np.int64)
    for c in range(d):
        for t in range(d):
            if t == c or kinds[t] == CardKind.WIZARD:
                continue
            for i, state in enumerate(THRESHOLD_STATES):
                if kinds[t] == CardKind.JESTER:
                    keep = state in ("no trump", "any")
                else:
                    same = suits[t] == suits[c]
                    keep = state == "any" or (
                        state in ("trump", "plain") and (suits[c] < 0 or same == (state == "trump"))
                    )
                out[i, t, c] = n_suits if keep else 0
        others = deck.n_wizards - int(kinds[c] == CardKind.WIZARD)  # which Wizard may have been turned
        for named in range(n_suits):
            w = others * (_naming_weight(deck, c, named) if dealer and not game.blind else 1)
            for state in ("wizard", "any"):
                out[THRESHOLD_STATES.index(state), d + named, c] = w
    out.setflags(write=False)
    return out


def _mixtures(game: Game, position: int, history: int) -> tuple[np.ndarray, np.ndarray]:
    """(wins, total) ``int64[state, c]``: the counts of each state for every hero card, mixed over its turned cards."""
    counts = count_table(game)[position - 1]
    weights = _state_weights(game, position == game.n)
    win = (weights * counts.win[history][None]).sum(axis=1)
    total = (weights * counts.total[history][None]).sum(axis=1)
    return win, total


def _hero_cards(deck: Deck) -> list[tuple[str, int]]:
    out = [("W", deck.n_suit_cards)] if deck.n_wizards else []
    out += [(str(k), k - 1) for k in range(deck.n_ranks, 0, -1)]
    return out + ([("J", deck.n_suit_cards + deck.n_wizards)] if deck.n_jesters else [])


def round1_rational_thresholds(
    n_players: int,
    bids: Sequence[int] = (),
    *,
    trump_choice: TrumpChoice | str | None = None,
    scoring: str | None = None,
    deck: Deck | str | None = None,
    rules: Rules | None = None,
) -> Result:
    """Which card is worth bidding 1 in round 1 after these earlier bids, for rational earlier bidders.

    ``bids`` are the earlier bids in bidding order from seat 1 (0 or 1 each); their number says
    whose turn it is: ``k < n_players - 1`` bids, seat ``k + 1``; ``n_players - 1``, the dealer.
    Columns as :func:`wizstats.round1_thresholds` (one row per trump state), plus ``bids``:
    ``weakest_rank`` is the lowest rank from which every higher rank pays (a rank that cannot
    hold beside these bids is passed over), ``p_weakest`` / ``p_below`` the chances of that rank
    and of the best rank that does not pay, ``wizard`` / ``jester`` whether those pay. A state
    mixes its turned cards (and named suits) by how likely each makes these bids; the answer
    for one turned card is :func:`rational_round1_win_probability` or :func:`round1_bid_table`.

    >>> t = round1_rational_thresholds(4, (0, 0)).table.set_index("state")  # seat 3 after two zeros
    >>> int(t.loc["trump", "weakest_rank"]), t.loc["plain", "weakest_rank"] is pd.NA, bool(t.loc["plain", "wizard"])
    (1, True, True)
    """
    game, rules_ = _game_iv(n_players, trump_choice, None, scoring, deck, rules)
    bids = tuple(bids) if isinstance(bids, (list, tuple)) else bids
    if isinstance(bids, (str, bytes)) or not isinstance(bids, Sequence):
        raise TypeError(f"bids must be a sequence of 0s and 1s, got {bids!r}")
    if len(bids) > game.n - 1:
        raise ValueError(f"{game.n} players make at most {game.n - 1} earlier bids, got {len(bids)}")
    seat = (len(bids) + 1) % game.n
    position, history = _bids_iv(bids, seat, game.n)
    cut = game.break_even()
    rows = []
    win, total = _mixtures(game, position, history)
    for i, state in enumerate(THRESHOLD_STATES):
        chance = {
            label: Fraction(int(win[i, c]), int(total[i, c])) if total[i, c] else None
            for label, c in _hero_cards(game.deck)
        }
        rows.append(_threshold_row(state, chance, cut))
    if all(r["p_weakest"] is None and r["p_below"] is None and r["wizard"] is None for r in rows):
        raise ValueError(f"impossible bids {list(bids)}: rational earlier bidders never bid so")
    out = pd.DataFrame(rows)
    out.insert(0, "bids", " ".join(map(str, bids)))
    out.insert(0, "seat", seat)
    out.insert(0, "n_players", game.n)
    out["weakest_rank"] = out["weakest_rank"].astype("Int64")
    who = "the dealer (seat 0)" if seat == 0 else f"seat {seat}"
    return Result(
        f"Round 1: weakest card worth bidding 1 for {who} after bids {list(bids)} (pays when P(win) >= {cut})",
        out,
        True,
        "exact count; earlier bidders bid 1 iff their chance reaches the break-even; after a turned Wizard the"
        f" dealer names {'a random suit' if game.blind else 'the suit of his card (random with a Wizard or Jester)'}",
        rules=rules_,
    )


def _threshold_row(state: str, chance: dict[str, Fraction | None], cut: Fraction) -> dict[str, object]:
    ranks = [int(k) for k, v in chance.items() if k.isdigit() and v is not None]  # high to low
    weakest = None
    for k in ranks:
        if chance[str(k)] < cut:  # type: ignore[operator]
            break
        weakest = k
    below = next((k for k in ranks if weakest is None or k < weakest), None)
    p_of = chance.get
    return {
        "state": state,
        "weakest_rank": weakest,
        "p_weakest": float(p_of(str(weakest))) if weakest is not None else None,  # type: ignore[arg-type]
        "p_below": float(p_of(str(below))) if below is not None else None,  # type: ignore[arg-type]
        "wizard": None if p_of("W") is None else bool(p_of("W") >= cut),  # type: ignore[operator]
        "jester": None if p_of("J") is None else bool(p_of("J") >= cut),  # type: ignore[operator]
    }


def round1_thresholds_after_bids(
    n_players: int,
    *,
    states: Sequence[str] = ("trump", "plain", "no trump"),
    trump_choice: TrumpChoice | str | None = None,
    scoring: str | None = None,
    deck: Deck | str | None = None,
) -> pd.DataFrame:
    """The weakest rank worth a bid after every history of earlier bids, one row per seat and history.

    Seats in bidding order; ``bids`` the earlier bids (``-`` none); one column per state of
    :data:`THRESHOLD_STATES` asked for (``wizard turned``, ``any turned`` for the last two) with the
    weakest rank (``-``: no rank pays, ``x``: the history cannot happen beside any such card),
    then whether a Wizard and a Jester pay (in the first state). See :func:`round1_rational_thresholds`.

    >>> t = round1_thresholds_after_bids(4)
    >>> print(t[t.bids == "0 0"].to_string(index=False))  # seat 3 after two zeros
     seat bids trump plain no trump wizard jester
        3  0 0     1     -        -    yes     no
    """
    game, _ = _game_iv(n_players, trump_choice, None, scoring, deck, None)
    if (
        isinstance(states, str)
        or not isinstance(states, Iterable)
        or not set(states) <= set(THRESHOLD_STATES)
        or not states
    ):
        raise ValueError(f"states must be some of {', '.join(THRESHOLD_STATES)}, got {states!r}")
    label = {"wizard": "wizard turned", "any": "any turned"}
    rows = []
    for k in range(game.n):
        for bits in itertools.product((0, 1), repeat=k):
            history = bits
            try:
                t = round1_rational_thresholds(game.n, history, trump_choice=trump_choice, scoring=scoring, deck=deck)
            except ValueError:  # these bids cannot happen
                rows.append(
                    {"seat": (k + 1) % game.n, "bids": " ".join(map(str, history)) or "-"}
                    | dict.fromkeys([*(label.get(x, x) for x in states), "wizard", "jester"], "x")
                )
                continue
            table = t.table.set_index("state")
            row: dict[str, object] = {"seat": (k + 1) % game.n, "bids": " ".join(map(str, history)) or "-"}
            for state in states:
                r = table.loc[state]
                row[label.get(state, state)] = "-" if pd.isna(r.weakest_rank) else str(int(r.weakest_rank))
            first = table.loc[states[0]]
            row["wizard"] = {True: "yes", False: "no", None: "x"}[first.wizard]
            row["jester"] = {True: "yes", False: "no", None: "x"}[first.jester]
            rows.append(row)
    return pd.DataFrame(rows)
